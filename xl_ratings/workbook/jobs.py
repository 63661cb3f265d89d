"""Whole jobs on files, safely: process a workbook (or a game list) and write
every output through one transaction (:class:`.fileio.Outputs`).

The command line calls these and only prints; they refuse, before anything
is read or written, every output that could destroy a record (the input
itself, another input, a file that is not ours), follow a workbook reached
through a link to its real file, take the workbook's lock, and write JSON,
CSV, backup and workbook all or nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.perf import gc_paused
from ..engine.run import Outcome, Progress, run
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import files as M
from ..systems.base import System
from ..view.export import export
from ..view.sheets import result_sheet_clashes
from .fileio import (JSON_MARKER, Outputs, WorkbookLock, backup_path, check_outputs, check_writable,
                     is_our_json, is_processed_workbook, is_workbook, link_note, real_path,
                     sweep_temps)
from .read import read_sheets, read_workbook
from .safety import inspect_file, workbook_sheets
from .safety import office_lock
from .write import patch_result_sheets

#: The largest tournament file ``import`` reads (a workbook's own limit is in :mod:`.safety`).
MAX_SOURCE_BYTES = 200 * 2**20
#: Game lists beyond a workbook (CSV, Parquet).
GAME_LIST_SUFFIXES = (".csv", ".parquet", ".pq", ".txt")
#: Spreadsheet files that are not .xlsx/.xlsm: say "save as .xlsx".
OTHER_SPREADSHEETS = (".ods", ".xls", ".xlsb", ".numbers", ".et")

Runner = Callable[[Callable[[Progress | None], Outcome], int], Outcome]


def _plain(job: Callable[[Progress | None], Outcome], games: int) -> Outcome:
    return job(None)


@dataclass
class Done:
    """What a job wrote, for the officer."""

    outcome: Outcome
    target: Path | None                     #: the workbook written (None: a game list)
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def json_export(outcome: Outcome) -> dict[str, Any]:
    """The JSON export with our marker first (so a later run knows the file is ours)."""
    return {JSON_MARKER: f"xl-ratings {__version__}", **export(outcome)}


def game_list_needs_system(path: Path) -> RatingInputError:
    """A game list (.csv, .parquet) given without ``--system``."""
    return RatingInputError(M.GAME_LIST_NEEDS_SYSTEM(suffix=path.suffix.lower()), where=Where(str(path)))


def check_workbook_name(path: Path) -> None:
    suffix = path.suffix.lower()
    if suffix in GAME_LIST_SUFFIXES:
        raise InputErrors([game_list_needs_system(path)])
    if suffix in OTHER_SPREADSHEETS:
        raise InputErrors([RatingInputError(
            f"is a {suffix} file: xl-ratings reads .xlsx and .xlsm workbooks; open it in Excel or LibreOffice "
            "and save it as .xlsx (Excel Workbook)", where=Where(str(path)),
            problem_zh=f"是 {suffix} 文件：请在 Excel 或 LibreOffice 中另存为 .xlsx 工作簿")])


def in_language(err: InputErrors, tables: Mapping[str, Any]) -> InputErrors:
    """``err`` told in the workbook's script (traditional Chinese for the Hong Kong
    workbooks): the system named in its Settings sheet, when there is one."""
    from .. import systems
    from ..i18n.labels import sheet_key

    for name, rows in tables.items():
        if sheet_key(name) != "Settings":
            continue
        for row in rows:
            if len(row) > 1 and str(row[0] or "").strip().lower() == "system":
                system = systems.REGISTRY.get(str(row[1] or "").strip().lower())
                if system is not None:
                    setattr(err, "lang", system.lang)
    return err


def same_kind(book: Path, output: str | None) -> None:
    """``--output`` is a workbook of the same kind (a macro-enabled .xlsm saved as .xlsx
    would not open in Excel; a .csv name would hide a workbook)."""
    if output is None:
        return
    want, got = book.suffix.lower(), Path(output).suffix.lower()
    if got != want:
        raise InputErrors([RatingInputError(
            f"--output must end in {want}, like the workbook", value=str(output),
            problem_zh=f"--output 的扩展名须与工作簿相同（{want}）")])


def history_periods(path: Path) -> set[str]:
    """The periods a workbook's History holds (empty if none, or if it cannot be read)."""
    from ..engine.cells import blank
    from ..i18n.labels import header_key, sheet_key

    try:
        with inspect_file(path) as z:
            sheets, _ = workbook_sheets(z)
        name = next((sh.name for sh in sheets if sheet_key(sh.name) == "History"), None)
        if name is None:
            return set()
        rows = read_sheets(path, [name]).get(name, [])
    except InputErrors:
        return set()
    if not rows:
        return set()
    col = next((j for j, h in enumerate(rows[0]) if header_key(h, {"period"}) == "period"), None)
    return {str(r[col]).strip() for r in rows[1:] if col is not None and col < len(r) and not blank(r[col])}


def _office_lock_problem(paths: list[Path]) -> RatingInputError | None:
    for p in paths:
        lock = office_lock(p)
        if lock is not None:
            return RatingInputError(
                f"the workbook is open in Excel or LibreOffice ({lock.name}); close it first, or write the "
                "results elsewhere with --output", where=Where(str(p)), problem_zh="工作簿正在被打开，请先关闭")
    return None


@contextlib.contextmanager
def locked_workbook(given: Path, in_place: bool) -> Iterator[Path]:
    """The workbook's real path, checked and locked for the job.

    In place, the workbook must be writable and not open in Excel or
    LibreOffice; the lock keeps two runs (through any links) apart.
    """
    check_workbook_name(given)
    src = real_path(given)
    if in_place:
        problem = _office_lock_problem([given, src])
        if problem is not None:
            raise InputErrors([problem])
        check_writable(src)
    lockable = in_place or os.access(src.parent, os.W_OK)
    with WorkbookLock(src) if lockable else contextlib.nullcontext():
        if in_place:
            sweep_temps(src)
            sweep_temps(backup_path(src))
        yield src


def process_workbook(book: str | os.PathLike[str], *, period: str | None = None,
                     rerate_from: str | None = None, output: str | None = None,
                     json_path: str | None = None, force: bool = False,
                     runner: Runner = _plain, today: dt.date | None = None) -> Done:
    """Process a workbook file: every unprocessed period (or ``period``, or
    re-rate from ``rerate_from``), results written in place (backup kept) or
    to ``output``; the JSON export to ``json_path``.  ``today``: the date of
    the run (default: today; no period after it is processed unasked)."""
    given = Path(book)
    in_place = output is None
    check_workbook_name(given)
    src_check = real_path(given)
    same_kind(src_check, output)
    backup = backup_path(src_check) if in_place else None

    def ours(p: Path) -> bool:
        if backup is not None and p.name == backup.name:
            return is_workbook(p)
        return is_our_json(p) if p.suffix.lower() == ".json" else is_processed_workbook(p)

    check_outputs([src_check, given], {"--json": Path(json_path) if json_path else None,
                                       "--output": Path(output) if output else None,
                                       "backup": backup}, force=force, ours=ours)
    with locked_workbook(given, in_place) as src, gc_paused():
        read_stat = os.stat(src)
        tables, problems = read_workbook(src)
        problems += result_sheet_clashes(str(given), tables.sheet_names)
        games = sum(len(t) for n, t in tables.items() if n.strip().lower() in ("games", "对局", "對局"))
        try:
            outcome = runner(lambda progress: run(tables, period, file=str(given), progress=progress,
                                                  rerate_from=rerate_from, today=today,
                                                  date1904=tables.date1904), games)
        except InputErrors as e:
            raise in_language(InputErrors(problems + e.errors), tables) from None
        if problems:
            raise InputErrors(problems)
        data = patch_result_sheets(src.read_bytes(), outcome)
        tx = Outputs()
        if json_path:
            tx.add_json(json_path, json_export(outcome))
        notes = []
        note = link_note(given, src)
        if note:
            notes.append(note)
        if in_place:
            again = outcome.reprocessed
            keep = bool(again) and len(again) == len(outcome.results) and backup_path(src).exists() \
                and not set(again) & history_periods(backup_path(src))
            if keep:
                notes.append(f"re-processed {', '.join(again)} (already in the History): its results were "
                             f"replaced; {backup_path(src).name} still holds the workbook as it was before "
                             f"{again[0]} was first processed — 已重新计算 {', '.join(again)}")
            else:
                tx.backup(src, backup_path(src))
                if again:
                    notes.append(f"re-processed {', '.join(again)} (already in the History) — "
                                 f"已重新计算 {', '.join(again)}")
                notes.append(f"previous version kept as {backup_path(src).name}")
            tx.workbook(src, data, expect=read_stat)
            target = src
        else:
            assert output is not None
            target = Path(output)
            tx.add(target, data, like=target if target.is_file() and not target.is_symlink() else None)
        written = tx.commit()
    return Done(outcome, target, written, notes)


def process_game_list(path: str | os.PathLike[str], system: System | None, *, players: str | None = None,
                      events: str | None = None, settings: dict[str, Any] | None = None,
                      period: str | None = None, output: str | None = None, json_path: str | None = None,
                      force: bool = False, progress: Callable[[str, int, int], None] | None = None) -> Done:
    """A CSV/Parquet game list, read and rated in batches (:mod:`.game_stream`): the same
    rules, the JSON export, the rating list as CSV, every check beside them."""
    from .game_stream import process_list

    if not system:
        raise InputErrors([game_list_needs_system(Path(path))])
    outcome, written, notes = process_list(path, system, players=players, events=events, settings=settings,
                                           period=period, output=output, json_path=json_path, force=force,
                                           progress=progress)
    return Done(outcome, None, written, notes)


def published_outcome(book: str | os.PathLike[str], period: str | None = None) -> Outcome:
    """What a processed workbook published: every period of its History computed
    again in memory and checked against it (never written)."""
    from ..engine.inputs import read_records
    from ..engine.ledger import Ledger
    from ..engine.run import replay

    given = Path(book)
    check_workbook_name(given)
    src = real_path(given)
    tables, problems = read_workbook(src)
    if problems:
        raise InputErrors(problems)
    with gc_paused():
        records = read_records(tables, str(given), date1904=tables.date1904)
        ledger = Ledger.from_tables(tables, records.system, str(given), tables.date1904)
        return replay(records, ledger, str(given), period)


def import_into(book: str | os.PathLike[str], sources: list[str], *, format: str | None = None,
                options: Any = None, dry_run: bool = False, output: str | None = None,
                force: bool = False) -> tuple[Any, list[Path]]:
    """Import tournament files into a workbook's input sheets (appending rows).

    Returns (the plan, files written); ``dry_run`` writes nothing.
    """
    from ..importers import load
    from ..importers.into_book import Options, first_new_row, plan_import
    from .append import append_rows

    given = Path(book)
    in_place = output is None
    check_workbook_name(given)
    src_check = real_path(given)
    same_kind(src_check, output)
    backup = backup_path(src_check) if in_place and not dry_run else None
    paths = [real_path(Path(s)) for s in sources]     # missing, a folder, a pipe or a device: refused
    for p in paths:
        if p.exists() and os.path.samefile(p, src_check):
            raise InputErrors([RatingInputError(
                "is the workbook itself: give the tournament files to import, and the workbook with --into",
                where=Where(str(p)), problem_zh="这是工作簿本身：请给出要导入的成绩文件，用 --into 指定工作簿")])
    if not dry_run:
        check_outputs([src_check, given, *paths], {"--output": Path(output) if output else None,
                                                  "backup": backup},
                      force=force, ours=lambda p: is_workbook(p) if backup and p.name == backup.name
                      else is_processed_workbook(p))
    errors: list[RatingInputError] = []
    tournaments = []
    from .read import read_sheets

    def sheets(path: Path, names: list[str]) -> Mapping[str, list[list[Any]]]:
        # the safety checks, size limits and what-you-see rules of the workbook's own input sheets
        return {n: [list(r) for r in t] for n, t in read_sheets(path, names, as_input=True).items()}

    for p in paths:
        try:
            if p.stat().st_size > MAX_SOURCE_BYTES:
                raise InputErrors([RatingInputError(
                    f"is {p.stat().st_size / 2**20:.0f} MiB; a tournament file is at most "
                    f"{MAX_SOURCE_BYTES // 2**20} MiB", where=Where(str(p)),
                    problem_zh=f"文件过大（上限 {MAX_SOURCE_BYTES // 2**20} MiB）")])
            tournaments.append(load(p, format, sheets))
        except InputErrors as e:
            errors += e.errors
    if errors:
        raise InputErrors(errors)
    with locked_workbook(given, in_place and not dry_run) as src:
        read_stat = os.stat(src)
        tables, problems = read_workbook(src)
        if problems:
            raise InputErrors(problems)
        try:
            plan = plan_import(tables, tournaments, options or Options(), str(given))
        except InputErrors as e:
            raise in_language(e, tables) from None
        if dry_run:
            return plan, []
        first = {key: first_new_row(tables, app) for key, app in plan.appends.items()}
        data = append_rows(src.read_bytes(), plan, first)
        tx = Outputs()
        if in_place:
            tx.backup(src, backup_path(src))
            tx.workbook(src, data, expect=read_stat)
        else:
            assert output is not None
            target = Path(output)
            tx.add(target, data, like=target if target.is_file() and not target.is_symlink() else None)
        return plan, tx.commit()
