"""Publish a processed workbook: what it published, computed again and checked
against its History (never written), then the website or the PDF.
"""

from __future__ import annotations

import dataclasses
import errno
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
from ..files.paths import FOLDER_PROBLEMS, Target, check_targets, real_path, room_problem, write_error
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
    as its --layout's, an output that would overwrite a file we did not write, and a --site that
    is a file or not ours -- all told at once (:func:`check_every_output` checks every file again
    once their names are known -- the archived PDFs, the pages --, before anything is written)."""
    problems, _ = first_problems(inputs, site, pdf, force, rating_list, layout)
    if problems:
        raise InputErrors(problems)


def _problems_of(e: RatingInputError) -> list[RatingInputError]:
    return list(e.errors) if isinstance(e, InputErrors) else [e]


def first_problems(inputs: Sequence[Path], site: str | None, pdf: str | None, force: bool,
                   rating_list: Path | None = None, layout: str | None = None
                   ) -> tuple[list[RatingInputError], set[str]]:
    """:func:`check_publish_targets`' problems, and the outputs whose names or folder were refused
    (``--pdf`` not a .pdf, ``--rating-list`` not its layout's, ``--site`` not a site folder of
    ours): not checked again by :func:`check_every_output`."""
    from ..publish.folder import check_folder
    from ..publish.rating_list import check_suffix, is_our_rating_list

    problems: list[RatingInputError] = []
    refused: set[str] = set()
    if pdf is not None and Path(pdf).suffix.lower() != ".pdf":
        problems.append(RatingInputError(M.PDF_NAME(), value=str(pdf)))
        refused.add("--pdf")
    if rating_list is not None and layout is not None:
        try:
            check_suffix(rating_list, layout)
        except RatingInputError as e:
            problems += _problems_of(e)
            refused.add("--rating-list")
    targets = [pdf_target(Path(pdf), site)] if pdf is not None and "--pdf" not in refused else []
    if rating_list is not None and "--rating-list" not in refused:
        targets.append(Target("--rating-list", rating_list, is_our_rating_list))
    try:        # checked again with every output (told once): the archived PDFs' names are known then
        check_targets(list(inputs), targets, force=force)
    except RatingInputError as e:
        problems += _problems_of(e)
    if site is not None:
        try:
            _check_site(site)
        except RatingInputError as e:
            problems += _problems_of(e)
            refused.add("--site")
        else:
            try:
                check_folder(Path(site).absolute())
            except RatingInputError as e:
                problems += _problems_of(e)
                refused.add("--site")
    return problems, refused


def _check_site(site: str) -> None:
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


def pdf_target(pdf: Path, site: str | None, option: str = "--pdf") -> Target:
    """A printed list (the current one or an archived period's) as a target of the one check."""
    from ..publish.pdf import is_our_pdf

    # a PDF inside a site folder this run makes (written after the site): its folder is made
    in_new_site = site is not None and not os.path.lexists(site) and \
        Path(pdf).parent.absolute() == Path(site).absolute()
    return Target(option, Path(pdf), is_our_pdf, made=in_new_site)


def check_every_output(inputs: Sequence[Path], force: bool, *, pdfs: Sequence[Path] = (),
                       site: str | None = None, site_model: Any = None, rating_list: Path | None = None) -> list[Text]:
    """One rule for every file ``publish`` writes -- the printed list and each archived period's
    beside it, the website's pages and rating lists, the rating list for pairing programs, and
    the records kept beside them (each folder's ``.xl-ratings-published``, the site's marker) --
    checked all at once before any of them is written and before LibreOffice runs
    (:func:`~xl_ratings.files.paths.check_targets`): not an input, in a writable folder, not a
    folder (nor a link to one), pipe or read-only file, and ours or replaced only with ``--force``
    (a website's page not even then: :func:`~xl_ratings.publish.folder.site_targets`).  Returns
    what the officer is told of it (a link to a missing file replaced with ``--force``)."""
    from ..files.published import RECORD
    from ..publish.folder import MARKER, site_targets
    from ..publish.rating_list import is_our_rating_list
    from ..publish.site import site_paths

    targets = [pdf_target(p, site) for p in pdfs]
    if rating_list is not None:
        targets.append(Target("--rating-list", rating_list, is_our_rating_list))
    records: dict[str, Target] = {}         # one record a folder, whichever outputs it lists
    for t in list(targets):
        key = os.path.normcase(os.path.realpath(t.path.parent))
        records.setdefault(key, Target(t.option, t.path.parent / RECORD, lambda p: True, made=t.made, fixed=True))
    targets += records.values()
    if site is not None and site_model is not None:
        pages = site_paths(site_model)
        targets += site_targets(Path(site), pages)
        shared = os.path.normcase(os.path.realpath(site)) in records     # a PDF printed into the site
        for name in (MARKER,) if shared else (MARKER, RECORD):  # the site's own records: ours, names fixed
            if os.path.lexists(Path(site) / name) and not (Path(site) / name).is_symlink():
                targets.append(Target("--site", Path(site).absolute() / name, lambda p: True, made=True, fixed=True))
    return check_targets(list(inputs), targets, force=force)


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
               private: Sequence[str] = (), notes: list[Text] | None = None, past: bool = False) -> list[Path]:
    """:func:`write_pdf`, and each older period's printed list beside it (``list-2025.pdf``,
    the archive's): one LibreOffice run for them all; the paths written, the current one first."""
    targets = pdf_targets(outcome, pdf)
    tx = Outputs()
    kept = publish_files(tx, print_pdfs(targets, waiting, private, past))
    tx.commit()
    if notes is not None:
        notes += kept_notes(kept)
    return [path for path, _ in targets]


def print_pdfs(targets: Sequence[tuple[Path, Outcome]], waiting: Callable[[float], None] | None = None,
               private: Sequence[str] = (), past: bool = False) -> list[tuple[Path, bytes]]:
    """The printed lists of :func:`pdf_targets` made (one LibreOffice run for them all), as
    (path, bytes): nothing written yet.  ``past``: the first is a past period's (``--period``,
    the History holding later ones), printed as an archived list, as its archive copy is."""
    from ..publish import pdf as printing

    books = [printing.print_workbook(o, private=private, archived=i > 0 or past) for i, (_, o) in enumerate(targets)]
    printed = [printing.to_pdf(books[0], waiting=waiting)] if len(books) == 1 else \
        printing.to_pdfs(books, waiting=waiting)
    return [(path, data) for (path, _), data in zip(targets, printed)]


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
    out_list = Path(rating_list) if rating_list is not None else None
    # every problem told at once: the outputs named, then (the workbook read) every file's
    problems, refused = first_problems(inputs, site, pdf, force, out_list, layout)
    try:
        outcome, tables = published_book(book, period)
    except RatingInputError as e:
        if problems:
            raise _all_of(problems + _problems_of(e), e) from None
        raise
    done = Published(outcome)
    model = None
    if site is not None and "--site" not in refused:
        downloads, skipped = lists.site_downloads(outcome, tables, book=real, file=str(book))
        done.notes += [M.SITE_WITHOUT_LIST(layout=layout, why=why) for layout, why in skipped]
        model = site_model(outcome, downloads, private, latin_names(tables),
                           pdf=_inside(Path(pdf), Path(site)) if pdf is not None else None)
    past = period is not None and is_past(outcome, tables, str(book))
    printed = pdf_targets(outcome, Path(pdf)) if pdf is not None and "--pdf" not in refused else []
    # every file this run writes, its names known now: checked before any is written, before LibreOffice
    try:
        done.notes += check_every_output(inputs, force, pdfs=[p for p, _ in printed],
                                         site=site if model is not None else None, site_model=model,
                                         rating_list=out_list if "--rating-list" not in refused else None)
    except RatingInputError as e:
        problems += _problems_of(e)
    if problems:
        raise _all_of(problems, outcome)
    return _write_all(done, tables, book=book, real=real, site=site, model=model, printed=printed,
                      rating_list=out_list, layout=layout, waiting=waiting, private=private, past=past)


def _all_of(problems: list[RatingInputError], read: Any) -> InputErrors:
    """The problems of both checks, each told once (the main PDF and the rating list are checked
    twice; a folder's problem once for the folder), in the workbook's script once it is read."""
    told: list[RatingInputError] = []
    seen: set[Any] = set()
    for p in problems:
        params = dict(p.text.params)
        key: Any = ("folder", str(params["folder"])) if p.text.id in FOLDER_PROBLEMS and "folder" in params \
            else (p.text.id, tuple(sorted((k, str(v)) for k, v in params.items())), str(p.where.file), p.value)
        if key not in seen:
            seen.add(key)
            told.append(p)
    err = InputErrors(told)
    lang = getattr(read, "lang", None)
    if lang:
        err.lang = lang     # type: ignore[attr-defined]
    return err


def is_past(outcome: Outcome, tables: Tables, file: str) -> bool:
    """Is ``outcome`` (published up to the ``--period`` asked for) a past period's, the History
    holding later ones?  Its printed list is then an archived one (dated as its record is)."""
    from ..engine.ledger import Ledger

    done = Ledger.from_tables(tables, outcome.system, file, bool(getattr(tables, "date1904", False))).periods()
    return bool(done) and done[-1].label != outcome.last.period.label


def _write_all(done: Published, tables: Tables, *, book: str | os.PathLike[str], real: Path, site: str | None,
               model: Any, printed: list[tuple[Path, Outcome]], rating_list: Path | None, layout: str | None,
               waiting: Callable[[float], None] | None, private: Sequence[str], past: bool) -> Published:
    """Every output made first -- the PDFs through LibreOffice, the rating list -- and staged in
    temp files beside their targets; then the site (built beside its folder, swapped in); then the
    staged files put in place.  A failure before the site is in place changes nothing; one after
    it is told naming what was written (:class:`PartlyWritten`)."""
    from ..publish import rating_list as lists

    outcome = done.outcome
    files: list[tuple[Path, bytes]] = []
    if printed:
        files += print_pdfs(printed, waiting, private, past)
    listed = None
    if rating_list is not None:
        listed = lists.list_file(outcome, tables, rating_list, layout, book=real, file=str(book))
        files.insert(0, (rating_list, listed.data()))
    in_site = [f for f in files if site is not None and model is not None and _inside(f[0], Path(site)) is not None]
    before = [f for f in files if f not in in_site]
    tx, after = Outputs(), Outputs()      # a PDF printed into the site: written once the site is in place
    kept = publish_files(tx, before)
    kept_after = publish_files(after, in_site)
    staged = tx.stage()                 # a full disk here: nothing was changed
    try:
        if site is not None and model is not None:
            done.site_files = render_model(model, Path(site))
    except BaseException:
        tx.discard(staged)
        raise
    try:
        tx.install(staged)
    except RatingInputError as e:
        if site is None or model is None:
            raise
        raise partly_written(e, written=[site], not_written=[str(p) for p, _ in files]) from None
    try:
        if in_site:
            after.commit()
    except RatingInputError as e:
        raise partly_written(e, written=[str(site)] + [str(p) for p, _ in before],
                             not_written=[str(p) for p, _ in in_site]) from None
    kept.kept += kept_after.kept
    if listed is not None:
        done.rating_list = rating_list
        done.notes += [M.RL_WRITTEN(layout=listed.layout, period=listed.period, path=str(rating_list),
                                    count=len(listed.entries)), *listed.notes]
    if printed:
        done.pdf, done.archived_pdfs = printed[0][0], [p for p, _ in printed[1:]]
    done.notes += kept_notes(kept)
    return done


def partly_written(e: RatingInputError, *, written: Sequence[str], not_written: Sequence[str]) -> RatingInputError:
    """``e``, told with what was written before it and what was not (never "nothing was written")."""
    from ..files.source import os_reason

    reasons = {F.DISK_FULL.id: lambda t: os_reason(OSError(errno.ENOSPC, "disk full")),
               F.NO_WRITE_PERMISSION.id: lambda t: os_reason(OSError(errno.EACCES, "no permission")),
               F.WRITE_FAILED.id: lambda t: t.param("reason")}
    told = []
    for p in _problems_of(e):       # "...: nothing was changed" is not true of the run now: the reason alone
        target = p.text.param("target")
        if p.text.id in reasons and target is not None:
            p = RatingInputError(M.PART_NOT_WRITTEN(target=target, reason=reasons[p.text.id](p.text)), where=p.where)
        told.append(p)
    err = InputErrors(told)
    err.written = list(written)            # type: ignore[attr-defined]
    err.not_written = list(not_written)    # type: ignore[attr-defined]
    return err
