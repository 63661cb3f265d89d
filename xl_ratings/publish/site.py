"""The static website: a :class:`~.site_model.Site` turned into HTML files.

    render_site(site, Path("public"))   # -> the files written

The renderer knows nothing of rating systems: every label, column and value
comes from the ``Site``; only the site's own furniture (navigation, search box,
"provisional" banner …) has its labels here (:data:`UI`), in simplified and
traditional Chinese with English alongside.

Pages: ``index.html`` (the rating list, with search, filters and sorting in a
little inline JavaScript; complete without it), ``players/<slug>.html``,
``events/<slug>.html``, ``events.html``, ``standards.html`` and, when there are
other lists, ``lists.html``; one stylesheet ``assets/site.css``.  Every link is
relative, nothing is loaded from elsewhere: the site works from ``file://``.

Safety: Jinja2 autoescaping is on for every template; the big tables and the
SVG chart are built in Python with :func:`markupsafe.escape` on every value.

Conventions on the ``Site`` (see also docs/site.md):
- ``Link.href`` is relative to the site's root (``players/p1.html``,
  ``events/e1.html``); pages in sub-folders get ``../`` put in front.  An href
  with a scheme (``https:``), an absolute path or a fragment is left as is.
- In ``Site.list_rows`` a plain string in the column keyed ``name`` is linked to
  ``players/<_slug>.html``; a :class:`Link` is shown as given.
- The search, club, sex and status filters use ``_search``, ``_club``, ``_sex``
  and ``_status``; filter labels come from the list column keyed ``club`` /
  ``sex`` / ``status`` when there is one.

Modules: :mod:`.pages` (the pages and their Jinja2 templates), :mod:`.html`
(tables, bilingual text, the site's own labels), :mod:`.chart` (the SVG
chart), :mod:`.pool` (writing in several processes); numbers are formatted by
:mod:`xl_ratings.view.numbers`.  This module decides where the site goes: the
checks of the target folder and of the page names, the marker, and the swap
of the finished site into place.
"""

from __future__ import annotations

import gc
import re
from pathlib import Path
from typing import Any

from ..view.numbers import KINDS
from .chart import rating_chart_svg
from .html import UI, format_value, render_table
from .pages import env as _env  # noqa: F401  (the pages' Jinja2 environment, as before the split)
from .pages import page_names, rows_count, write_pages
from .pool import choose_workers
from .site_model import Site
from .folder import DOWNLOAD_SUFFIXES, DOWNLOADS, MARKER, publish_folder, reserved_on_windows, write_marker

__all__ = ["MARKER", "KINDS", "UI", "format_value", "rating_chart_svg", "render_table", "render_site", "site_paths"]

# --------------------------------------------------------------------------- the folder

_SLUG = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._\-]*$")


def _check_slugs(kind: str, pages: list[Any]) -> None:
    from ..errors import RatingInputError
    from ..i18n.catalogue import publish as M

    seen: set[str] = set()
    for p in pages:
        if not isinstance(p.slug, str) or not _SLUG.match(p.slug) or len(p.slug) > 150 or \
                reserved_on_windows(p.slug):
            raise RatingInputError(M.SLUG_UNSAFE(kind=kind, id=repr(p.id), slug=repr(p.slug)))
        low = p.slug.lower()        # case-insensitive file systems (Windows, macOS)
        if low in seen:
            raise RatingInputError(M.SLUG_TWICE(kind=kind, id=repr(p.id), slug=repr(p.slug)))
        seen.add(low)




def _write(path: Path, text: str) -> None:
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-8"))


def _workers(site: Site, workers: int | None) -> int:
    """How many processes write the player and event pages (see :func:`.pool.choose_workers`)."""
    return choose_workers(workers, lambda: rows_count(site))


def _build(site: Site, root: Path, workers: int | None = None) -> list[str]:
    written = write_pages(site, root, _write, _workers(site, workers))
    for d in site.downloads:                 # the rating lists for pairing programs
        if not d.path.startswith(DOWNLOADS) or not d.path.lower().endswith(DOWNLOAD_SUFFIXES) or ".." in d.path:
            raise ValueError(f"download {d.path!r} is not a file of the site's {DOWNLOADS} folder")
        (root / d.path).parent.mkdir(exist_ok=True)
        (root / d.path).write_bytes(d.data)
        written.append(d.path)
    # the marker lists every file of the site (with the SHA-256 of its bytes): publishing again
    # replaces them, refuses to remove a file someone else put into the folder, and keeps a page
    # edited since it was written
    write_marker(root, written, "This folder is a website written by xl_ratings (xl-ratings publish --site).\n"
                                "Publishing again replaces the files listed below (and refuses when the folder "
                                "holds others).\n\n")
    written.append(MARKER)
    return written


def site_paths(site: Site) -> list[str]:
    """Every file the website of ``site`` writes (relative to its folder), but the marker and the
    record: the pages, the style sheet and the rating lists offered (known before rendering)."""
    return page_names(site) + [d.path for d in site.downloads]


def render_site(site: Site, out_dir: Path, *, workers: int | None = None) -> list[Path]:
    """Write the website of ``site`` into ``out_dir``; return the files written (sorted).

    The site is built in a staging folder beside ``out_dir`` and swapped in when
    complete (:mod:`.folder`): a failure leaves ``out_dir`` as it was; the
    folder keeps its mode and every entry xl_ratings did not write; a previous
    site (marked by a ``.xl-ratings-site`` file) is replaced whole.  Raises
    :class:`~xl_ratings.errors.RatingInputError` (a ``ValueError``) when
    ``out_dir`` is a file, a link, or a folder of other things that is not one
    of ours, or when a page slug is not a safe file name.

    ``workers``: processes writing the player and event pages (None: automatic,
    see :func:`_workers`; 1: this process only).
    """
    out_dir = Path(out_dir).absolute()
    _check_slugs("player", site.players)
    _check_slugs("event", site.events)

    def build(root: Path) -> list[str]:
        # no cyclic garbage collection while writing: the pages make millions of short-lived acyclic
        # objects (reference counting frees them), and each full collection would walk the whole
        # site (a big one: a second or more, several times over); see also _run_jobs
        collecting = gc.isenabled()
        gc.disable()
        try:
            return _build(site, root, workers)
        finally:
            if collecting:
                gc.enable()

    rels = publish_folder(out_dir, build)
    return sorted(out_dir / r for r in rels)
