"""Rate a workbook's periods: the one use case of ``xl-ratings process BOOK.xlsx`` and of
one click (``process_period``, ``main``), so that both apply the same checks and tell
them in the same language.

The front end reads the workbook -- the command line the saved file
(:mod:`xl_ratings.xlsx.read`), one click the open book through xlwings -- and
gives its tables, the problems its reader found (what the officer cannot see:
hidden rows, sheets and columns, …) and the first cell of any sheet it names;
:func:`rate_workbook` gives the outcome and the result sheets to write, or
raises every problem at once, told in the workbook's language
(:func:`in_language`: traditional Chinese for the Hong Kong workbooks):

* a sheet whose name is a result sheet's in other letters (``RATINGS``);
* every input problem of the engine (:func:`xl_ratings.engine.run.run`);
* a sheet about to be replaced by a result sheet that xl-ratings did not write.

The front end then writes (the command line: one transaction with the backup;
one click: the sheets of the open book).

Only the engine, the view and the catalogue: one click imports this module
under xlwings Lite (Pyodide), where calamine, openpyxl, pandas, rich and jinja2
are not installed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from ..engine.cells import Tables, blank
from ..engine.inputs import workbook_lang
from ..engine.perf import gc_paused
from ..engine.run import Outcome, Progress, run
from ..errors import InputErrors, Message, RatingInputError, Text, Where
from ..i18n.catalogue import run as R
from ..i18n.catalogue.checks import SAMPLE_FORGOTTEN
from ..i18n.catalogue.workbooks import CELL_SHOWS_ERROR
from ..intake.plan import Appended, Block, Edits, Plan, import_edits
from .cell_words import with_cell_kinds
from ..view.sheets import SheetView, result_sheet_clashes, result_sheets, result_sheets_not_ours

#: runs the engine (``job(progress)``) for a workbook of ``games`` games: the command line shows progress
Runner = Callable[[Callable[[Progress | None], Outcome], int], Outcome]

E = TypeVar("E", bound=RatingInputError)


def plain_runner(job: Callable[[Progress | None], Outcome], games: int) -> Outcome:
    return job(None)


def told_in(err: E, lang: str) -> E:
    """``err``, to be told in ``lang``'s script (the front ends read ``err.lang``)."""
    setattr(err, "lang", lang)
    return err


def in_language(err: E, tables: Mapping[str, Any]) -> E:
    """``err`` told in the workbook's script (traditional Chinese for the Hong Kong
    workbooks): the system named in its Settings sheet, when there is one -- and its problems of
    merged or Text-formatted cells told as such, with the way out (:mod:`.cell_words`)."""
    if isinstance(err, InputErrors):
        err = cast(E, with_cell_kinds(err, tables))
    return told_in(err, workbook_lang(tables))


@dataclass
class Rated:
    """A workbook's periods rated: what to write, and what to tell the officer."""

    outcome: Outcome
    views: list[SheetView]                                  #: the result sheets, in order
    notes: list[Text] = field(default_factory=list)
    #: the rows added below the Corrections sheet's (its log kept, :func:`corrections_kept`)
    appended: Edits | None = None


def rate_workbook(tables: Tables, problems: Sequence[RatingInputError], *, file: str,
                  first_cells: Callable[[Collection[str]], Mapping[str, Any]], period: str | None = None,
                  rerate_from: str | None = None, today: dt.date | None = None,
                  runner: Runner = plain_runner,
                  sheet_values: Callable[[str], Sequence[Sequence[Any]] | None] | None = None,
                  sheet_merges: Callable[[str], Sequence[Merge] | None] | None = None) -> Rated:
    """Rate every unprocessed period of the workbook (or ``period``, or re-rate from
    ``rerate_from``; ``today``: the date of the run) -- or raise every problem
    (``problems``: those its reader found) as one :class:`InputErrors` told in the
    workbook's language.  ``tables.sheet_names``: every sheet of the workbook;
    ``first_cells(names)``: the first cell (A1) of each of those sheets;
    ``sheet_values(name)``: the cells of a sheet the reader does not read (the Corrections
    sheet, whose rows are kept: :func:`corrections_kept`); ``sheet_merges(name)``: its merged
    ranges (None: the engine does not tell)."""
    found = list(problems) + result_sheet_clashes(file, tables.sheet_names)
    games = sum(len(t) for n, t in tables.items() if n.strip().lower() in ("games", "对局", "對局"))
    with gc_paused():
        try:
            outcome = runner(lambda progress: run(tables, period, file=file, progress=progress,
                                                  rerate_from=rerate_from, today=today,
                                                  date1904=tables.date1904), games)
        except InputErrors as e:
            raise in_language(InputErrors(found + _not_at_error_cells(e.errors, found)), tables) from None
        views = result_sheets(outcome, today)
    log = corrections_kept(views, tables.sheet_names, sheet_values, file=file, merges=sheet_merges,
                           first_cells=first_cells, periods=[p.label for p in outcome.ledger.periods()])
    replaced = [v.name for v in log.views if v.name in tables.sheet_names     # (the log: looked at above)
                and (v.name != LOG_SHEET or sheet_values is None)]
    found += result_sheets_not_ours(file, first_cells(replaced) if replaced else {}) + log.problems
    if found:
        raise in_language(InputErrors(found), tables)
    notes = [SAMPLE_FORGOTTEN(periods=", ".join(outcome.forgotten))] if outcome.forgotten else []
    said = list(getattr(tables, "notes", [])) + list(outcome.records.notes)   # merged cells read, total rows left out
    return Rated(outcome, log.views, said + notes + log.notes, log.appended)


#: the result sheet that is a log: every run's corrections added below the rows already there
LOG_SHEET = "Corrections"

#: the rows of the Corrections sheet where its header is looked for (an officer's title above it)
HEADER_ROWS = 10

#: a merged range, 0-based ((first row, first column), (last row, last column)), as python-calamine gives it
Merge = tuple[tuple[int, int], tuple[int, int]]


def _header_at(rows: Sequence[Sequence[Any]], keys: Collection[str]
               ) -> tuple[int, dict[str, int], list[tuple[str, int, int]]] | None:
    """The 0-based row of the log's header among its first rows, its columns by key, and the heads
    naming a column another head names (:func:`~xl_ratings.engine.cells.header_columns`): the row
    naming most of the view's columns (a column renamed or typed over, one deleted, still leave it)."""
    from ..engine.cells import header_columns

    known = set(keys)
    for i, row in enumerate(rows[:HEADER_ROWS]):
        by_column, twice = header_columns(row, known)
        columns = {k: j for j, k in by_column.items()}
        if len(columns) >= max(3, len(known) // 2) and "id" in columns:
            return i, columns, twice
    return None


def _filled(row: Sequence[Any]) -> bool:
    return any(not blank(v) for v in row)


def _looks_like_log(rows: Sequence[Sequence[Any]], view: SheetView, periods: Collection[str]) -> bool:
    """Do the rows hold corrections (a period processed and a player id in one row) -- the log with
    its header lost -- rather than an officer's own sheet of that name?"""
    ids = {str(r[1]) for r in view.rows}
    labels = set(periods) | {str(r[0]) for r in view.rows}
    for row in rows[:HEADER_ROWS + 50]:
        cells = {str(v).strip() for v in row if not blank(v)}
        if cells & labels and (cells & ids or len(cells) >= 5):
            return True
    return False


def _same(a: Any, b: Any) -> bool:
    if blank(a) and b is None:
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b)))
    return a == b


def _plain(v: Any) -> Any:
    """A value as the log stores it: the view's, at full precision; never a negative zero."""
    return 0.0 if isinstance(v, float) and v == 0 else v


@dataclass
class KeptLog:
    """The result sheets to write, the rows added below the Corrections sheet's, and what to say."""

    views: list[SheetView]
    appended: Edits | None = None
    problems: list[RatingInputError] = field(default_factory=list)
    notes: list[Text] = field(default_factory=list)


def corrections_kept(views: list[SheetView], sheet_names: Collection[str],
                     sheet_values: Callable[[str], Sequence[Sequence[Any]] | None] | None, *,
                     file: str | None = None,
                     merges: Callable[[str], Sequence[Merge] | None] | None = None,
                     first_cells: Callable[[Collection[str]], Mapping[str, Any]] | None = None,
                     periods: Collection[str] = ()) -> KeptLog:
    """The result sheets to write, and the rows to add below the Corrections sheet the workbook
    has.  The Corrections sheet is the record of every published rating corrected: never replaced,
    so that a run correcting nothing (a period processed again, one click) keeps it, and an officer's
    rows, columns, notes and formulas in it stay as they are; a run's corrections are written below
    its last row and below any merged range (``merges``), in the columns its header names (found in
    its first rows, below an officer's title; a column moved is found by its head, a column whose head
    is gone is added after the others, with its head), at full precision with the number formats the
    sheet's first rows got.  A row that repeats the log's last entry of the same period and player
    (the same published and corrected ratings) is not added again.  No sheet is started for a run
    correcting nothing; one started while the workbook has a sheet holding our log's header (the log
    renamed) is told.  A sheet of that name without a header is refused: its header row lost (its
    rows look like corrections), or the officer's own sheet (rename it)."""
    from ..i18n.catalogue import workbooks as W

    view = next((v for v in views if v.name == LOG_SHEET), None)
    if view is None or sheet_values is None:
        return KeptLog(views)
    kept = [v for v in views if v is not view]
    if LOG_SHEET not in sheet_names:
        if not view.rows:                               # no empty log started
            return KeptLog(kept)
        return KeptLog(views, notes=_renamed_log(view, sheet_names, sheet_values, first_cells))
    old = [list(r) for r in (sheet_values(LOG_SHEET) or [])]
    if not any(_filled(r) for r in old):                # an empty sheet: written afresh
        return KeptLog(views if view.rows else kept)
    found = _header_at(old, view.keys)
    if found is None:
        first = next(i for i, r in enumerate(old) if _filled(r))
        if _looks_like_log(old, view, periods):
            if not view.rows:                           # nothing to write below it: its header told when there is
                return KeptLog(kept)
            err = W.LOG_HEADER_MISSING(sheet=LOG_SHEET, first=first + 1, row=max(first, 1),
                                       heads=", ".join(view.header))
        else:
            a1 = old[0][0] if old and old[0] else None
            err = W.RESULT_SHEET_NOT_OURS(sheet=LOG_SHEET, first=repr("" if blank(a1) else a1))
        return KeptLog(kept, problems=[RatingInputError(err, where=Where(file, LOG_SHEET))])
    header_row, columns, twice = found
    if not view.rows:
        return KeptLog(kept)
    if twice:       # which column a correction goes to is not known: refused, both heads named
        from ..engine.cells import column_twice

        return KeptLog(kept, problems=[column_twice(old[header_row], t, file, LOG_SHEET, header_row + 1)
                                       for t in twice])
    last = max((i for i, r in enumerate(old) if _filled(r)), default=header_row) + 1     # 1-based
    for (r0, _), (r1, _) in (merges(LOG_SHEET) or []) if merges is not None else []:
        last = max(last, r1 + 1)                        # never into cells hidden under a merge
    width = max([len(r) for r in old] + [max(columns.values(), default=-1) + 1])
    while width > 0 and all(len(r) < width or blank(r[width - 1]) for r in old):
        width -= 1
    heads: dict[str, int] = {}
    for k in view.keys:                                 # a column whose head is gone: after the others
        if k not in columns:
            columns[k] = heads[k] = width
            width += 1
    rows = [{k: _plain(v) for k, v in zip(view.keys, r)} for r in view.rows]
    rows = [r for r in rows if not _repeats(r, old[header_row + 1:], columns)]
    if not rows:
        return KeptLog(kept)
    app = Appended(LOG_SHEET, header_row + 1, columns, rows)
    edits = import_edits({LOG_SHEET: old}, Plan({LOG_SHEET: app}, {}, []), {LOG_SHEET: last + 1})
    edits.formats[LOG_SHEET] = {columns[k] + 1: f for k, f in zip(view.keys, view.formats)}
    if heads:
        label = dict(zip(view.keys, view.header))
        edits.blocks += [Block(LOG_SHEET, header_row + 1, j + 1, ((label[k],),)) for k, j in heads.items()]
        edits.heads[LOG_SHEET] = header_row + 1
    return KeptLog(kept, edits)


def _repeats(row: Mapping[str, Any], log: Sequence[Sequence[Any]], columns: Mapping[str, int]) -> bool:
    """Is ``row`` what the log's last entry of its period and player says already?"""
    def at(r: Sequence[Any], k: str) -> Any:
        j = columns.get(k)
        return r[j] if j is not None and j < len(r) else None

    for r in reversed(log):
        if str(at(r, "period")).strip() == str(row.get("period")) and str(at(r, "id")).strip() == str(row.get("id")):
            return all(_same(at(r, k), row.get(k)) for k in ("published", "corrected"))
    return False


def _renamed_log(view: SheetView, sheet_names: Collection[str],
                 sheet_values: Callable[[str], Sequence[Sequence[Any]] | None],
                 first_cells: Callable[[Collection[str]], Mapping[str, Any]] | None) -> list[Text]:
    """The note that a new log was started, when another sheet holds our log's header (renamed)."""
    from ..i18n.catalogue import workbooks as W
    from ..i18n.labels import sheet_key
    from ..view.sheets import RESULT_SHEETS, written_by_us

    others = [n for n in sheet_names if n not in RESULT_SHEETS and n not in ("History", "Chart")
              and sheet_key(n) is None]
    if not others:
        return []
    firsts = first_cells(others) if first_cells is not None else {}
    for name in others:
        if first_cells is not None and not written_by_us(firsts.get(name)):
            continue                                    # (a sheet of the officer's is never read whole)
        found = _header_at([list(r) for r in (sheet_values(name) or [])[:HEADER_ROWS]], view.keys)
        if found is not None and {"published", "corrected"} <= set(found[1]):
            return [W.LOG_STARTED_AGAIN(sheet=LOG_SHEET, old=name)]
    return []


def _not_at_error_cells(errors: Sequence[RatingInputError],
                        found: Sequence[RatingInputError]) -> list[RatingInputError]:
    """The records' problems but those at a cell the reader refused as showing an error (#N/A):
    that cell is told once, as the error it shows, not again as the blank or the text ``#N/A``
    the records read there (the command line read '', one click '#N/A')."""
    shown = {(e.where.sheet, e.where.row, e.where.column) for e in found
             if e.where is not None and getattr(e.text, "id", None) == CELL_SHOWS_ERROR.id}
    if not shown:
        return list(errors)
    return [e for e in errors if e.where is None or (e.where.sheet, e.where.row, e.where.column) not in shown]


def workbook_rating_list(tables: Tables, layout: str | None, period: str | None, *, file: str) -> Any:
    """The rating list pairing programs load, of the workbook ``tables`` (one click's
    ``rating_list_file``; the command line's ``publish --rating-list`` makes the same list from the
    same replay of the History, :mod:`xl_ratings.view.rating_list`) -- or every problem, told in
    the workbook's language (traditional Chinese on a Hong Kong workbook)."""
    from ..view.rating_list import from_tables

    try:
        return from_tables(tables, layout, period, file=file)
    except RatingInputError as e:
        raise in_language(e, tables) from None


#: message id -> its twin for a workbook without a backup (the command line without one beside the
#: workbook; one click, which has none)
NO_BACKUP_TWINS = {m.id: twin for m, twin in (
    (R.HISTORY_ROWS_EDITED, R.HISTORY_ROWS_EDITED_NO_BACKUP),
    (R.HISTORY_ROWS_UNSEALED, R.HISTORY_ROWS_UNSEALED_NO_BACKUP),
    (R.HISTORY_ROW_TWICE, R.HISTORY_ROW_TWICE_NO_BACKUP),
    (R.HISTORY_COLUMNS_MISSING, R.HISTORY_COLUMNS_MISSING_NO_BACKUP),
    (R.HISTORY_GAP, R.HISTORY_GAP_NO_BACKUP),
    (R.EARLIER_PERIOD_DELETED, R.EARLIER_PERIOD_DELETED_NO_BACKUP),
    (R.HISTORY_ROW_DELETED, R.HISTORY_ROW_DELETED_NO_BACKUP))}


def twinned(err: RatingInputError, twins: Mapping[str, Message]) -> RatingInputError:
    """``err`` told by its twin in ``twins`` (by message id: the same parameters, place and value;
    its way out told otherwise), or as it is."""
    twin = twins.get(err.text.id)
    return err if twin is None else RatingInputError(twin(**dict(err.text.params)), value=err.value, where=err.where)


def without_backup(err: InputErrors) -> InputErrors:
    """``err`` told of a workbook without a backup: a refusal whose way out is the backup names
    another (a copy the officer keeps, or --from); the same parameters, the same language."""
    told = InputErrors([twinned(e, NO_BACKUP_TWINS) for e in err.errors])
    return told_in(told, getattr(err, "lang")) if hasattr(err, "lang") else told


def history_problems(tables: Any, file: str) -> list[RatingInputError]:
    """What the History's audit refuses (edited, pasted, unsealed rows, columns removed …)."""
    from ..engine.inputs import read_records
    from ..engine.ledger import Ledger

    try:
        Ledger.from_tables(tables, read_records(tables, file).system, file)
    except InputErrors as e:
        return list(e.errors)
    except RatingInputError:
        return []
    return []


__all__ = ["NO_BACKUP_TWINS", "Rated", "Runner", "history_problems", "in_language", "plain_runner",
           "rate_workbook", "told_in", "twinned", "without_backup", "workbook_rating_list"]
