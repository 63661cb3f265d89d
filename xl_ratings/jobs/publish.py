"""Publish a processed workbook: what it published, computed again and checked
against its History (never written), then the website or the PDF.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.cells import Tables
from ..engine.perf import gc_paused
from ..engine.run import Outcome
from ..errors import InputErrors, RatingInputError, Text
from ..files.atomic import Outputs
from ..files import messages as F
from ..files.paths import Target, check_targets, real_path, room_problem, write_error
from ..files.published import kept_notes, publish_files
from ..i18n.catalogue import publish as M
from ..xlsx.read import read_workbook
from .common import check_workbook_name, told_backup


def published_outcome(book: str | os.PathLike[str], period: str | None = None) -> Outcome:
    """What a processed workbook published: every period of its History computed
    again in memory and checked against it (never written)."""
    return published_book(book, period)[0]


def published_book(book: str | os.PathLike[str], period: str | None = None) -> tuple[Outcome, Tables]:
    """:func:`published_outcome` and the sheets it was read from (the rating lists
    read the Players sheet's identity columns and the Clubs sheet too)."""
    from ..engine.run import published

    given = Path(book)
    check_workbook_name(given)
    src = real_path(given)
    tables, problems = read_workbook(src)
    if problems:
        raise InputErrors(problems)
    with gc_paused():
        try:
            return published(tables, str(given), period), tables
        except InputErrors as e:
            raise told_backup(e, src) from None


def check_publish_targets(inputs: Sequence[Path], site: str | None, pdf: str | None, force: bool,
                          rating_list: Path | None = None, layout: str | None = None) -> None:
    """Refuse, before anything is read, a --pdf that is not a .pdf, a --rating-list not named
    as its --layout's, an output that would overwrite a file we did not write (all told at once),
    and a --site that is a file or not ours (:func:`check_every_output` checks every file again
    once their names are known -- the archived PDFs, the pages --, before anything is written)."""
    from ..publish.folder import check_folder
    from ..publish.rating_list import check_suffix, is_our_rating_list

    if pdf is not None and Path(pdf).suffix.lower() != ".pdf":
        raise RatingInputError(M.PDF_NAME(), value=str(pdf))
    if rating_list is not None and layout is not None:
        check_suffix(rating_list, layout)
    targets = [pdf_target(Path(pdf), site)] if pdf is not None else []
    targets += [Target("--rating-list", rating_list, is_our_rating_list)] if rating_list is not None else []
    check_targets(list(inputs), targets, force=force)
    if site is not None:
        site_dir = Path(site)
        if site_dir.exists() and not site_dir.is_dir():
            raise RatingInputError(M.SITE_IS_A_FILE(), value=str(site_dir))
        too_long = room_problem(site_dir.absolute(), site=True)     # the lock and the staging folder beside it
        if too_long is not None:
            raise too_long
        parent = site_dir.absolute().parent
        if os.path.lexists(site_dir) and not os.access(parent, os.W_OK | os.X_OK):   # the lock, the swap
            raise RatingInputError(F.OUTPUT_FOLDER_NOT_WRITABLE(option="--site", path=str(site_dir),
                                                                folder=str(parent)))
        check_folder(site_dir.absolute())


def pdf_target(pdf: Path, site: str | None, option: str = "--pdf") -> Target:
    """A printed list (the current one or an archived period's) as a target of the one check."""
    from ..publish.pdf import is_our_pdf

    # a PDF inside a site folder this run makes (written after the site): its folder is made
    in_new_site = site is not None and not os.path.lexists(site) and \
        Path(pdf).parent.absolute() == Path(site).absolute()
    return Target(option, Path(pdf), is_our_pdf, made=in_new_site)


def check_every_output(inputs: Sequence[Path], force: bool, *, pdfs: Sequence[Path] = (),
                       site: str | None = None, site_model: Any = None, rating_list: Path | None = None) -> None:
    """One rule for every file ``publish`` writes -- the printed list and each archived period's
    beside it, the website's pages and rating lists, the rating list for pairing programs -- checked
    all at once before any of them is written and before LibreOffice runs
    (:func:`~xl_ratings.files.paths.check_targets`): not an input, in a writable folder, not a
    folder, pipe or read-only file, and ours or replaced only with ``--force`` (a website's page
    not even then: :func:`~xl_ratings.publish.folder.site_targets`)."""
    from ..publish.folder import site_targets
    from ..publish.rating_list import is_our_rating_list
    from ..publish.site import site_paths

    targets = [pdf_target(p, site) for p in pdfs]
    if rating_list is not None:
        targets.append(Target("--rating-list", rating_list, is_our_rating_list))
    pages: list[str] = []
    if site is not None and site_model is not None:
        pages = site_paths(site_model)
        targets += site_targets(Path(site), pages)
    check_targets(list(inputs), targets, force=force)


def site_model(outcome: Outcome, downloads: Sequence[Any] = (), private: Sequence[str] = (),
               latin: Mapping[str, str] | None = None, pdf: str | None = None) -> Any:
    """The website of ``outcome`` (:class:`~xl_ratings.publish.site_model.Site`, not yet written):
    see :func:`write_site`."""
    from ..publish.build import build_site
    from ..publish.pdf import archived_pdf

    site = build_site(outcome, private=private, latin=latin)
    archive = site.archive
    if pdf is not None:
        archive = [e if e.current else dataclasses.replace(e, pdf=archived_pdf(Path(pdf), e.slug).as_posix())
                   for e in archive]
    return dataclasses.replace(site, downloads=list(downloads), pdf=pdf, archive=archive)


def write_site(outcome: Outcome, folder: Path, downloads: Sequence[Any] = (), private: Sequence[str] = (),
               latin: Mapping[str, str] | None = None, pdf: str | None = None) -> list[Path]:
    """The website of ``outcome`` in ``folder`` (built beside it and swapped in), offering
    ``downloads`` (the rating lists for pairing programs) on the list page; ``private``: the
    private fields the officer asked to publish; ``pdf``: the printed list's path inside the
    site (each archived period's own beside it, :func:`~xl_ratings.publish.pdf.archived_pdf`)."""
    return render_model(site_model(outcome, downloads, private, latin, pdf), folder)


def render_model(site: Any, folder: Path) -> list[Path]:
    """:func:`site_model`'s website written into ``folder``."""
    from ..publish.site import render_site

    try:     # a folder that is not ours, a link, a page name twice: refused by the site writer (catalogue errors)
        return render_site(site, folder)
    except OSError as e:            # the site is built beside the folder and swapped in: nothing changed
        raise write_error(folder, e) from None


def write_pdf(outcome: Outcome, pdf: Path, waiting: Callable[[float], None] | None = None,
              private: Sequence[str] = (), notes: list[Text] | None = None) -> Path:
    """The printable list of ``outcome`` as ``pdf`` (through LibreOffice), written atomically;
    ``waiting(seconds)`` is called while LibreOffice works (a progress display).  A PDF that
    is not the one we wrote there last is kept as its backup first (said in ``notes``)."""
    return write_pdfs(outcome, pdf, waiting, private, notes)[0]


def write_pdfs(outcome: Outcome, pdf: Path, waiting: Callable[[float], None] | None = None,
               private: Sequence[str] = (), notes: list[Text] | None = None) -> list[Path]:
    """:func:`write_pdf`, and each older period's printed list beside it (``list-2025.pdf``,
    the archive's): one LibreOffice run for them all; the paths written, the current one first."""
    from ..publish import pdf as printing

    targets = pdf_targets(outcome, pdf)
    books = [printing.print_workbook(o, private=private, archived=i > 0) for i, (_, o) in enumerate(targets)]
    printed = [printing.to_pdf(books[0], waiting=waiting)] if len(books) == 1 else \
        printing.to_pdfs(books, waiting=waiting)
    tx = Outputs()
    kept = publish_files(tx, [(path, data) for (path, _), data in zip(targets, printed)])
    tx.commit()
    if notes is not None:
        notes += kept_notes(kept)
    return [path for path, _ in targets]


def pdf_targets(outcome: Outcome | None, pdf: Path) -> list[tuple[Path, Outcome]]:
    """The printed lists ``--pdf`` writes: (path, what it prints), the current one first, then
    each period published before it (the archive's, beside it: ``list-2025.pdf``)."""
    from ..publish import pdf as printing
    from ..publish.build import archive_slugs

    targets = [(pdf, outcome)]
    if outcome is not None:
        slugs = archive_slugs(outcome.results)
        targets += [(printing.archived_pdf(pdf, slugs[r.period.label]),
                     printing.period_outcome(outcome, r.period.label)) for r in outcome.results[:-1]]
    return targets      # type: ignore[return-value]


def _inside(pdf: Path, site: Path) -> str | None:
    """The PDF's path inside the site folder (linked from the list), None when printed elsewhere."""
    try:
        rel = pdf.absolute().relative_to(site.absolute())
    except ValueError:
        return None
    return rel.as_posix()


def latin_names(tables: Tables) -> dict[str, str]:
    """The Players sheet's ``latin_name`` of each player that has one."""
    from ..engine.identity import player_extras

    extras = player_extras(tables)
    return {pid: v["latin_name"] for pid, v in extras.values.items() if v.get("latin_name")}


@dataclass
class Published:
    """What ``publish`` wrote, and what the officer is told about it."""

    outcome: Outcome
    site_files: list[Path] = field(default_factory=list)
    pdf: Path | None = None
    archived_pdfs: list[Path] = field(default_factory=list)     #: each older period's printed list
    rating_list: Path | None = None
    notes: list[Text] = field(default_factory=list)


def publish(book: str | os.PathLike[str], *, period: str | None = None, site: str | None = None,
            pdf: str | None = None, rating_list: str | None = None, layout: str | None = None,
            force: bool = False, waiting: Callable[[float], None] | None = None,
            private: Sequence[str] = ()) -> Published:
    """``xl-ratings publish``: the website, the PDF and/or the rating list for pairing
    programs of a processed workbook.  Every target is checked before anything is read
    (``waiting``: see :func:`write_pdf`; ``private``: the private fields -- membership, fees,
    certificates -- to publish too, by name: :mod:`xl_ratings.view.public`)."""
    from ..publish import rating_list as lists
    from ..i18n.labels import header_key
    from ..view.public import PRIVATE_FIELDS, unknown_fields

    if site is None and pdf is None and rating_list is None:
        raise RatingInputError(M.PUBLISH_NEEDS_TARGET())
    if layout is not None and rating_list is None:
        raise RatingInputError(M.LAYOUT_NEEDS_RATING_LIST())
    # a field asked for as its column head says it (會員, 登記費, Member) is that field
    private = [header_key(f, set(PRIVATE_FIELDS)) or f for f in private]
    wrong = unknown_fields(private)
    if wrong:
        raise RatingInputError(M.PRIVATE_UNKNOWN(given=", ".join(wrong), fields=", ".join(PRIVATE_FIELDS)))
    real = real_path(Path(book))
    inputs = [real, Path(book)]
    check_publish_targets(inputs, site, pdf, force, Path(rating_list) if rating_list is not None else None, layout)
    outcome, tables = published_book(book, period)
    done = Published(outcome)
    model = None
    if site is not None:
        downloads, skipped = lists.site_downloads(outcome, tables, book=real, file=str(book))
        done.notes += [M.SITE_WITHOUT_LIST(layout=layout, why=why) for layout, why in skipped]
        model = site_model(outcome, downloads, private, latin_names(tables),
                           pdf=_inside(Path(pdf), Path(site)) if pdf is not None else None)
    printed = pdf_targets(outcome, Path(pdf)) if pdf is not None else []
    # every file this run writes, its names known now: checked before any is written, before LibreOffice
    check_every_output(inputs, force, pdfs=[p for p, _ in printed], site=site, site_model=model,
                       rating_list=Path(rating_list) if rating_list is not None else None)
    if rating_list is not None:
        listed = lists.write_rating_list(outcome, tables, Path(rating_list), layout, book=real, file=str(book))
        done.rating_list = Path(rating_list)
        done.notes += [M.RL_WRITTEN(layout=listed.layout, period=listed.period, path=rating_list,
                                    count=len(listed.entries)), *listed.notes]
    if site is not None:
        done.site_files = render_model(model, Path(site))
    if pdf is not None:
        written = write_pdfs(outcome, Path(pdf), waiting, private, done.notes)
        done.pdf, done.archived_pdfs = written[0], written[1:]
    return done
