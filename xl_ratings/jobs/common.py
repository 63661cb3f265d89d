"""What every job shares: the result of a job (:class:`Done`), the workbook's
name and kind checked, its language for messages, and the workbook opened
for a job (real path, not open elsewhere, locked).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.run import Outcome
from ..errors import InputErrors, RatingInputError, Text, Where
from ..files.atomic import backup_path, sweep_temps
from ..files.lock import WorkbookLock, lock_path
from ..files.paths import check_room, check_writable, real_path, room_problem
from ..files.sniff import JSON_MARKER
from ..i18n.catalogue import run as R
from ..i18n.catalogue import workbooks as M
from ..view.export import export
from ..files.office import office_lock

#: The largest tournament file ``import`` reads (a workbook's own limit is in :mod:`.safety`).
MAX_SOURCE_BYTES = 200 * 2**20




#: Game lists beyond a workbook (CSV, Parquet): the game-list formats' file names as the formats'
#: registry declares them (``suffixes(GAME_LIST)``: tests/importers/test_formats.py holds them
#: equal), written out so that a game list's run imports no importer -- its start-up is part of
#: its time (docs/performance.md: some 40 ms).
GAME_LIST_SUFFIXES = (".csv", ".txt", ".parquet", ".pq")


def game_list_suffixes() -> tuple[str, ...]:
    """:data:`GAME_LIST_SUFFIXES`."""
    return GAME_LIST_SUFFIXES


#: Spreadsheet files that are not .xlsx/.xlsm: say "save as .xlsx".
OTHER_SPREADSHEETS = (".ods", ".xls", ".xlsb", ".numbers", ".et")


@dataclass
class Done:
    """What a job wrote, for the officer."""

    outcome: Outcome
    target: Path | None                     #: the workbook written (None: a game list)
    written: list[Path] = field(default_factory=list)
    notes: list[Text] = field(default_factory=list)


def json_export(outcome: Outcome) -> dict[str, Any]:
    """The JSON export with our marker first (so a later run knows the file is ours)."""
    return {JSON_MARKER: f"xl-ratings {__version__}", **export(outcome)}


def game_list_needs_system(path: Path) -> RatingInputError:
    """A game list (.csv, .parquet) given without ``--system``."""
    return RatingInputError(M.GAME_LIST_NEEDS_SYSTEM(suffix=path.suffix.lower()), where=Where(str(path)))


def check_workbook_name(path: Path) -> None:
    suffix = path.suffix.lower()
    if suffix in game_list_suffixes():
        raise InputErrors([game_list_needs_system(path)])
    if suffix in OTHER_SPREADSHEETS:
        raise InputErrors([RatingInputError(M.OTHER_SPREADSHEET(suffix=suffix), where=Where(str(path)))])


def same_kind(book: Path, output: str | None) -> None:
    """``--output`` is a workbook of the same kind (a macro-enabled .xlsm saved as .xlsx
    would not open in Excel; a .csv name would hide a workbook)."""
    if output is None:
        return
    want, got = book.suffix.lower(), Path(output).suffix.lower()
    if got != want:
        raise InputErrors([RatingInputError(M.OUTPUT_SAME_KIND(suffix=want), value=str(output))])


def history_periods(path: Path) -> set[str]:
    """The periods a workbook's History holds (empty if it has none); a file that cannot be
    read is refused, not taken for one holding none (:data:`~xl_ratings.i18n.catalogue.run.BACKUP_UNREADABLE`)."""
    from ..engine.cells import blank
    from ..i18n.labels import header_key, sheet_key
    from ..xlsx.read import read_sheets
    from ..xlsx.safety import inspect_file, workbook_sheets

    try:
        with inspect_file(path) as z:
            sheets, _ = workbook_sheets(z)
        name = next((sh.name for sh in sheets if sheet_key(sh.name) == "History"), None)
        if name is None:
            return set()
        rows = read_sheets(path, [name]).get(name, [])
    except InputErrors:
        raise InputErrors([RatingInputError(R.BACKUP_UNREADABLE(backup=path.name), where=Where(str(path)))]) from None
    if not rows:
        return set()
    col = next((j for j, h in enumerate(rows[0]) if header_key(h, {"period"}) == "period"), None)
    return {str(r[col]).strip() for r in rows[1:] if col is not None and col < len(r) and not blank(r[col])}


def told_backup(err: InputErrors, workbook: Path) -> InputErrors:
    """``err`` as it may be told of ``workbook``: a refusal whose way out is the backup says so
    only when the backup is there (else: a copy the officer keeps, or --from)."""
    from .period import without_backup

    return err if backup_path(workbook).exists() else without_backup(err)


def _office_lock_problem(paths: list[Path]) -> RatingInputError | None:
    for p in paths:
        lock = office_lock(p)
        if lock is not None:
            return lock.problem(p)
    return None


@contextlib.contextmanager
def locked_workbook(given: Path, in_place: bool) -> Iterator[Path]:
    """The workbook's real path, checked and locked for the job.

    In place, the workbook must be writable and not open in Excel or
    LibreOffice; the lock keeps two runs (through any links) apart.
    """
    check_workbook_name(given)
    if in_place:
        check_room(given)
    src = real_path(given)
    if in_place:
        check_room(src)
        problem = _office_lock_problem([given, src])
        if problem is not None:
            raise InputErrors([problem])
        check_writable(src)
    lockable = in_place or (os.access(src.parent, os.W_OK) and room_problem(src) is None)
    with WorkbookLock(src) if lockable else contextlib.nullcontext():
        if in_place:
            sweep_temps(src)
            sweep_temps(backup_path(src))
            sweep_temps(lock_path(src))           # the lock's own probe, left by a run killed taking it
        yield src
