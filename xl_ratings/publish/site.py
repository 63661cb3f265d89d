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
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from ..view.numbers import KINDS
from .chart import rating_chart_svg
from .html import UI, format_value, render_table
from .pages import env as _env  # noqa: F401  (the pages' Jinja2 environment, as before the split)
from .pages import rows_count, write_pages
from .pool import choose_workers
from .site_model import Site

__all__ = ["MARKER", "KINDS", "UI", "format_value", "rating_chart_svg", "render_table", "render_site"]

#: The file that marks a folder as a site written by :func:`render_site`.
MARKER = ".xl-ratings-site"

# --------------------------------------------------------------------------- the folder

_SLUG = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._\-]*$")


def _check_slugs(kind: str, pages: list[Any]) -> None:
    seen: set[str] = set()
    for p in pages:
        if not isinstance(p.slug, str) or not _SLUG.match(p.slug) or len(p.slug) > 150:
            raise ValueError(f"{kind} {p.id!r}: slug {p.slug!r} is not a safe file name "
                             "(letters, digits, '.', '_' and '-'; not starting with '.')")
        low = p.slug.lower()        # case-insensitive file systems (Windows, macOS)
        if low in seen:
            raise ValueError(f"{kind} {p.id!r}: slug {p.slug!r} is used twice")
        seen.add(low)


_SITE_SUFFIXES = (".html", ".css")     #: what a site of ours is made of (and its marker)
_DOWNLOADS, _DOWNLOAD_SUFFIXES = "downloads/", (".txt", ".csv")   #: the rating lists it offers


def _check_target(out_dir: Path) -> None:
    if out_dir.is_symlink():
        raise ValueError(f"cannot write the site to {out_dir}: it is a link; give the folder it points to")
    if out_dir.exists() and not out_dir.is_dir():
        raise ValueError(f"cannot write the site to {out_dir}: it exists and is not a folder")
    if out_dir.is_dir() and any(out_dir.iterdir()):
        marker = out_dir / MARKER
        if not marker.is_file():
            raise ValueError(f"refusing to write the site into {out_dir}: the folder is not empty and holds no "
                             f"previous xl_ratings site (no {MARKER} file); choose a new or empty folder")
        # only pages and style sheets can be ours, whatever a (hand-edited) marker lists: a
        # workbook or any other file in the folder is never replaced
        ours = {name for line in marker.read_text(encoding="utf-8", errors="replace").splitlines()
                if (name := line.strip()) == MARKER or name.lower().endswith(_SITE_SUFFIXES)
                or (name.startswith(_DOWNLOADS) and name.lower().endswith(_DOWNLOAD_SUFFIXES))}
        others = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*")
                        if not p.is_dir() and str(p.relative_to(out_dir).as_posix()) not in ours)
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            raise ValueError(f"refusing to replace the site in {out_dir}: it also holds files xl_ratings did not "
                             f"write ({shown}); move them away, or publish into another folder")


def _write(path: Path, text: str) -> None:
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-8"))


def _workers(site: Site, workers: int | None) -> int:
    """How many processes write the player and event pages (see :func:`.pool.choose_workers`)."""
    return choose_workers(workers, lambda: rows_count(site))


def _build(site: Site, root: Path, workers: int | None = None) -> list[str]:
    written = write_pages(site, root, _write, _workers(site, workers))
    for d in site.downloads:                 # the rating lists for pairing programs
        if not d.path.startswith(_DOWNLOADS) or not d.path.lower().endswith(_DOWNLOAD_SUFFIXES) or ".." in d.path:
            raise ValueError(f"download {d.path!r} is not a file of the site's {_DOWNLOADS} folder")
        (root / d.path).parent.mkdir(exist_ok=True)
        (root / d.path).write_bytes(d.data)
        written.append(d.path)
    written.append(MARKER)
    # the marker lists every file of the site: publishing again replaces them, and refuses to
    # remove a file someone else put into the folder
    _write(root / MARKER, "This folder is a website written by xl_ratings (xl-ratings publish --site).\n"
                          "Publishing again replaces the files listed below (and refuses when the folder "
                          "holds others).\n\n" + "\n".join(written) + "\n")
    return written


def render_site(site: Site, out_dir: Path, *, workers: int | None = None) -> list[Path]:
    """Write the website of ``site`` into ``out_dir``; return the files written (sorted).

    The site is built in a temporary folder beside ``out_dir`` and moved into
    place only when complete, so a failure leaves ``out_dir`` as it was.  A
    previous site (marked by a ``.xl-ratings-site`` file) is replaced whole;
    raises ``ValueError`` when ``out_dir`` exists, is not empty and is not one of
    ours, or when a page slug is not a safe file name.

    ``workers``: processes writing the player and event pages (None: automatic,
    see :func:`_workers`; 1: this process only).
    """
    out_dir = Path(out_dir).absolute()
    _check_target(out_dir)
    _check_slugs("player", site.players)
    _check_slugs("event", site.events)
    parent = out_dir.parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o777 & ~mask)    # mkdtemp makes it private; a site is meant to be read
        # no cyclic garbage collection while writing: the pages make millions of short-lived acyclic
        # objects (reference counting frees them), and each full collection would walk the whole
        # site (a big one: a second or more, several times over); see also _run_jobs
        collecting = gc.isenabled()
        gc.disable()
        try:
            rels = _build(site, tmp, workers)
        finally:
            if collecting:
                gc.enable()
        _check_target(out_dir)          # still ours? (someone may have written there meanwhile)
        old = None
        if out_dir.is_dir():
            if any(out_dir.iterdir()):
                old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=parent))
                os.rmdir(old)
                os.rename(out_dir, old)
            else:
                os.rmdir(out_dir)
        try:
            os.rename(tmp, out_dir)
        except BaseException:
            if old is not None:
                os.rename(old, out_dir)
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        try:
            shutil.rmtree(old, ignore_errors=True)
        except BaseException:      # interrupted while removing the old copy: finish before leaving
            shutil.rmtree(old, ignore_errors=True)
            raise
    return sorted(out_dir / r for r in rels)
