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
from ..errors import InputErrors, Message, RatingInputError, Text
from ..i18n.catalogue import run as R
from ..i18n.catalogue.checks import SAMPLE_FORGOTTEN
from ..i18n.catalogue.workbooks import CELL_SHOWS_ERROR
from ..i18n.labels import header_key
from ..intake.plan import Appended, Edits, Plan, import_edits
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
                  sheet_values: Callable[[str], Sequence[Sequence[Any]] | None] | None = None) -> Rated:
    """Rate every unprocessed period of the workbook (or ``period``, or re-rate from
    ``rerate_from``; ``today``: the date of the run) -- or raise every problem
    (``problems``: those its reader found) as one :class:`InputErrors` told in the
    workbook's language.  ``tables.sheet_names``: every sheet of the workbook;
    ``first_cells(names)``: the first cell (A1) of each of those sheets;
    ``sheet_values(name)``: the cells of a sheet the reader does not read (the Corrections
    sheet, whose rows are kept: :func:`corrections_kept`)."""
    found = list(problems) + result_sheet_clashes(file, tables.sheet_names)
    games = sum(len(t) for n, t in tables.items() if n.strip().lower() in ("games", "对局", "對局"))
    with gc_paused():
        try:
            outcome = runner(lambda progress: run(tables, period, file=file, progress=progress,
                                                  rerate_from=rerate_from, today=today,
                                                  date1904=tables.date1904), games)
        except InputErrors as e:
            raise in_language(InputErrors(found + _not_at_error_cells(e.errors, found)), tables) from None
        views = result_sheets(outcome)
    replaced = [v.name for v in views if v.name in tables.sheet_names]
    found += result_sheets_not_ours(file, first_cells(replaced) if replaced else {})
    if found:
        raise in_language(InputErrors(found), tables)
    notes = [SAMPLE_FORGOTTEN(periods=", ".join(outcome.forgotten))] if outcome.forgotten else []
    said = list(getattr(tables, "notes", [])) + list(outcome.records.notes)   # merged cells read, total rows left out
    views, appended = corrections_kept(views, tables.sheet_names, sheet_values)
    return Rated(outcome, views, said + notes, appended)


#: the result sheet that is a log: every run's corrections added below the rows already there
LOG_SHEET = "Corrections"


def corrections_kept(views: list[SheetView], sheet_names: Collection[str],
                     sheet_values: Callable[[str], Sequence[Sequence[Any]] | None] | None
                     ) -> tuple[list[SheetView], Edits | None]:
    """The result sheets to write, and the rows to add below the Corrections sheet the workbook
    has (ours: the caller refused an officer's own sheet of that name).  The Corrections sheet is
    the record of every published rating corrected: never replaced, so that a run correcting
    nothing (a period processed again, one click) keeps it, and an officer's rows, columns,
    notes and formulas in it stay as they are; a run's corrections are written below its last
    row, in the columns its header names (a column the officer moved is found by its header)."""
    view = next((v for v in views if v.name == LOG_SHEET), None)
    if view is None or LOG_SHEET not in sheet_names or sheet_values is None:
        return views, None
    old = [list(r) for r in (sheet_values(LOG_SHEET) or [])]
    header = old[0] if old else []
    if not any(not blank(h) for h in header):          # an empty sheet of ours: written afresh
        return views, None
    kept = [v for v in views if v is not view]
    if not view.rows:
        return kept, None
    known = set(view.keys)
    columns: dict[str, int] = {}
    for j, h in enumerate(header):
        k = header_key(h, known)
        if k is not None:
            columns.setdefault(k, j)
    last = max((i for i, r in enumerate(old) if any(not blank(v) for v in r)), default=0) + 1
    width = max([len(r) for r in old] + [max(columns.values(), default=-1) + 1])
    for k in view.keys:                                 # a column the officer deleted: after the others
        if k not in columns:
            columns[k], width = width, width + 1
    shown = [_as_shown(f) for f in view.formats]        # the cells get no number format: the value shown
    rows = [{k: f(v) for k, f, v in zip(view.keys, shown, r)} for r in view.rows]
    app = Appended(LOG_SHEET, 1, columns, rows)
    return kept, import_edits({LOG_SHEET: old}, Plan({LOG_SHEET: app}, {}, []), {LOG_SHEET: last + 1})


def _as_shown(fmt: str | None) -> Callable[[Any], Any]:
    """A number as a number format shows it (``0.00``: two decimals), for a cell written without one."""
    places = len(fmt.split(";")[0].partition(".")[2]) if fmt and "0" in fmt else None

    def shown(v: Any) -> Any:
        if places is None or not isinstance(v, float) or v != v:
            return v
        return round(v, places) if places else round(v)
    return shown


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
