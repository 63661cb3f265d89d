"""One click in Excel (CONTRACT §4).

* xlwings Lite / Server: the scripts ``process_period(book)`` and ``import_results(book)``.
* classic xlwings (Windows/macOS): ``main()`` for ``RunPython``; the
  ``.xlsm`` templates call it through the module beside the workbook.

The xlwings adapter of the command line's use cases: it reads the open workbook's sheets as
values (and what the officer cannot see there), calls the same use case as the command line --
:func:`xl_ratings.jobs.period.rate_workbook` to process, :func:`xl_ratings.jobs.book_import.import_workbook`
to import: the same checks, told in the workbook's language -- and writes back only what that
planned: the result sheets of the same view (:func:`xl_ratings.view.sheets.result_sheets`; a sheet
of that name replaced only when xl-ratings wrote it), the import's cells (never a row from
column A).  Processing never touches the input sheets.  Problems go to the Checks sheet, unless
the officer's own sheet has that name (never cleared: the problems are then told in words).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import xlwings as xw
from xlwings import script

from ..engine.cells import MAX_CELLS, MAX_COLS, MAX_ROWS, Tables, col_letter
from ..engine.merged import column_names, header_merged, merged_notes, spread_merged
from ..engine.perf import gc_paused
from ..engine.run import Outcome
from .cell_kinds import BookCellKinds
from ..errors import InputErrors, Message, RatingInputError, Text, Where, told_all
from ..i18n import SIMPLIFIED
from ..i18n.catalogue import excel as M
from ..i18n.catalogue import run as R
from ..i18n.catalogue import sheets as S
from ..i18n.labels import sheet_key
from ..jobs.period import Rated, in_language, rate_workbook
from ..view.page import excel_code
from ..files.encode import formula_like
from ..view.sheets import SheetView, report_header, written_by_us
from . import visibility

#: a number cell holding NaN or an infinity (:func:`.visibility.error_cells`): nothing is read on
NOT_FINITE = S.CELL_NOT_FINITE.id


def tables_from_book(book: Any) -> Tables:
    """The values of the sheets xl-ratings reads (input sheets, History, Import),
    each refused beyond the size limits before it is read, and the book's date system."""
    return read_book(book).tables


@dataclass
class BookRead:
    """What one click reads from the open workbook: the tables, what the officer cannot
    see in the input sheets (refused, as the command line refuses it), and the input sheets
    whose hidden rows, or merged cells, this engine cannot show (a Checks line says so).  Merged
    cells Excel tells are read as the file reader reads them: each cell the range's value (with a
    note), a merged header refused."""

    tables: Tables
    problems: list[RatingInputError] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    unmerged: list[str] = field(default_factory=list)      #: input sheets whose merged cells this engine cannot tell


def read_book(book: Any) -> BookRead:
    """Read the open workbook's sheets (see :class:`BookRead`)."""
    from ..intake.into_book import IMPORT_SHEETS

    tables: dict[str, list[list[Any]]] = {}
    problems, unchecked, too_big, unmerged = [], [], [], []
    spread: dict[str, list[tuple[str, Any, int, int, int]]] = {}
    for sheet in book.sheets:
        if sheet_key(sheet.name) is None and sheet.name.strip().lower() not in IMPORT_SHEETS:
            continue
        last = sheet.used_range.last_cell
        if last.row > MAX_ROWS or last.column > MAX_COLS or last.row * last.column > MAX_CELLS:
            far = f"{col_letter(last.column)}{last.row}"
            too_big.append(RatingInputError(M.USED_RANGE_TOO_BIG(far=far, cells=last.row * last.column,
                                                                  limit=MAX_CELLS), where=Where(book.name, sheet.name)))
            continue
        value = sheet.range((1, 1), (last.row, last.column)).options(ndim=2, err_to_str=True).value
        tables[sheet.name] = value or []
        if sheet_key(sheet.name) in visibility.INPUT_SHEETS:
            unseen, checked = visibility.problems(book.name, sheet, tables[sheet.name])
            problems += unseen + visibility.error_cells(book.name, sheet.name, tables[sheet.name])
            if not checked:
                unchecked.append(sheet.name)
        if sheet_key(sheet.name) in visibility.MERGE_SHEETS:     # read as the file reader reads them
            ranges = visibility.merged_ranges(sheet, tables[sheet.name])
            if ranges is None:
                unmerged.append(sheet.name)
            elif ranges:
                problems += header_merged(book.name, sheet.name, ranges)
                spread[sheet.name] = spread_merged(tables[sheet.name], ranges)
    if too_big:
        raise in_language(InputErrors(too_big), tables)
    if any(e.text.id == NOT_FINITE for e in problems):   # as the command line: nothing is read on
        raise in_language(InputErrors(problems), tables)
    try:
        date1904 = bool(book.api.Date1904)       # classic Excel; xlwings Lite/Server: the 1900 system
    except Exception:                            # no COM object on this engine
        date1904 = False
    read = Tables(tables, [s.name for s in book.sheets], date1904)
    read.cell_kinds = BookCellKinds(book)      # merged and Text-formatted cells named in messages
    read.notes = merged_notes(book.name, spread, lambda name: column_names(tables.get(name, [])))
    return BookRead(read, problems, unchecked, unmerged)


def _cells(view: SheetView) -> list[list[Any]]:
    """The sheet's cells, header first; text Excel would run as a formula gets a quote prefix."""
    return [view.header] + [[("'" + v) if formula_like(v) else v for v in row] for row in view.rows]


def write_to_book(book: Any, views: list[SheetView], checks: list[dict[str, Any]] | None = None) -> None:
    """Write the result sheets into the open workbook (``checks``: lines of one click's
    own added to the Checks sheet, by column key)."""
    names = [s.name for s in book.sheets]
    for view in views:
        rows = _cells(view)
        if view.name == "Checks" and checks:
            rows += [[line.get(k) for k in view.keys] for line in checks]
        if view.name in names:
            sheet = book.sheets[view.name]
            sheet.clear()
        else:
            sheet = book.sheets.add(view.name, after=book.sheets[len(book.sheets) - 1])
            names.append(view.name)
        sheet["A1"].value = rows
        for j, fmt in enumerate(view.formats, start=1):
            if fmt and len(rows) > 1:
                sheet.range((2, j), (len(rows), j)).number_format = fmt
        sheet.range((1, 1), (1, len(view.formats))).font.bold = True
        if view.chart is not None:
            _chart(sheet, view)
        _page(sheet, view, len(rows))


def _chart(sheet: Any, view: SheetView) -> None:
    """The rating-history chart, as the file writer draws it: a line chart with
    markers below the sheet's data (xlwings' chart API: classic Excel and
    xlwings Lite/Server)."""
    assert view.chart is not None
    grid = view.chart.grid
    source = sheet.range((1, 1), (len(grid), len(grid[0])))
    chart = sheet.charts.add(anchor=sheet.range((view.chart.anchor_row, 1)), width=680, height=383,
                             chart_type="line_markers", name="RatingHistory")
    chart.set_source_data(source)
    chart.title = view.chart.title


def _page(sheet: Any, view: SheetView, rows: int) -> None:
    """The page setup of the view.  Every engine sets the print area; classic
    Excel on Windows also gets orientation, fitting, repeated header rows,
    header and footer through the COM ``PageSetup`` object.  xlwings
    Lite/Server and Excel for Mac expose only the print area."""
    if view.page is None:
        return
    last = max(rows, view.chart.anchor_row + 20 if view.chart is not None else rows)
    sheet.page_setup.print_area = f"$A$1:${col_letter(len(view.header))}${last}"
    if sys.platform != "win32":
        return
    p, api = view.page, sheet.page_setup.api   # pragma: no cover -- needs Excel on Windows
    api.PaperSize = 9                                               # xlPaperA4
    api.Orientation = 2 if p.landscape else 1                        # xlLandscape / xlPortrait
    api.Zoom = False
    api.FitToPagesWide = 1
    api.FitToPagesTall = 1 if p.one_page else False
    if p.title_rows:
        api.PrintTitleRows = f"$1:${p.title_rows}"
    api.LeftHeader, api.CenterHeader, api.RightHeader = (excel_code(t) for t in p.header)
    api.LeftFooter, api.CenterFooter, api.RightFooter = (excel_code(t) for t in p.footer)



def rate_book(book: Any, period: str | None = None) -> Rated:
    """Process the open workbook (every unprocessed period, or ``period``) through the
    command line's use case (:func:`xl_ratings.jobs.period.rate_workbook`) and write the
    result sheets; problems raise, every one at once, told in the workbook's language."""
    with gc_paused():
        read = read_book(book)
        rated = rate_workbook(read.tables, read.problems, file=book.name, period=period,
                              first_cells=lambda names: {n: book.sheets[n]["A1"].value for n in names},
                              sheet_values=lambda name: _values(book.sheets[name]),
                              sheet_merges=lambda name: visibility.merged_ranges(book.sheets[name],
                                                                                 _values(book.sheets[name])))
        write_to_book(book, rated.views, _unchecked_lines(read, book, rated.outcome.system.lang))
        if rated.appended is not None:          # the Corrections sheet's rows kept, this run's below them
            write_edits(book, rated.appended)
    return rated


def _values(sheet: Any) -> list[list[Any]]:
    """A sheet's cells from A1 to its used range's last cell."""
    last = sheet.used_range.last_cell
    return sheet.range((1, 1), (last.row, last.column)).options(ndim=2, err_to_str=True).value or []


def process_book(book: Any, period: str | None = None) -> Outcome:
    """:func:`rate_book`: the outcome."""
    return rate_book(book, period).outcome


def engine_name(book: Any) -> str:
    """The Excel that runs the script, as the officer knows it."""
    try:
        name = str(book.app.engine.name)
    except Exception:
        name = ""
    if name == "excel":
        return "Excel for Mac" if sys.platform == "darwin" else "Excel"
    return "xlwings Lite" if sys.platform == "emscripten" else "xlwings Lite / xlwings Server"


def _unchecked_lines(read: BookRead, book: Any, lang: str) -> list[dict[str, Any]]:
    """A Checks line naming the input sheets whose hidden rows, and one those whose merged cells, this
    engine could not show."""
    engine = engine_name(book)
    return [{"rule": text.id, "sheet": ", ".join(sheets), "message": text.checks_line(lang)}
            for sheets, text in ((read.unchecked, M.ROWS_NOT_CHECKED(engine=engine)),
                                 (read.unmerged, M.MERGES_NOT_CHECKED(engine=engine))) if sheets]


def report(book: Any, err: RatingInputError) -> bool:
    """List every problem of ``err`` on the workbook's Checks sheet (both languages, the Chinese
    in the workbook's script) and show that sheet -- unless a sheet of that name is the officer's
    own (the command line's rule for a result sheet: :func:`~xl_ratings.view.sheets.written_by_us`),
    which is never cleared: then False, and the problems are told where the officer reads what
    one click says."""
    errors, more = told_all(err)        # the first problems, then a row counting the rest
    lang = getattr(err, "lang", SIMPLIFIED)
    rows: list[list[Any]] = [report_header(lang)]
    rows += [[e.en_in(lang), e.zh_in(lang) or "", e.where.sheet, e.where.row, e.where.column,
              None if e.value is None else str(e.value)] for e in errors]
    if more is not None:
        rows.append([more.en_in(lang), more.zh_in(lang), None, None, None, None])
    mine = _checks_sheet(book)
    if mine is not None and (mine.name != "Checks" or not written_by_us(mine["A1"].value)):
        return False            # the officer's (or "checks", which Excel takes for the same name)
    sheet = mine if mine is not None else book.sheets.add("Checks")
    sheet.clear()
    sheet["A1"].value = rows
    try:
        sheet.activate()
    except Exception:   # an engine without it: the sheet is there all the same
        pass
    return True


def _checks_sheet(book: Any) -> Any:
    """The workbook's sheet named Checks, in any case (Excel allows one of them), or None."""
    return next((s for s in book.sheets if s.name.lower() == "checks"), None)


def _not_listed(book: Any, err: RatingInputError, lang: str) -> list[Text | str]:
    """The problems told in words when the Checks sheet is the officer's: how many and why, then
    each, placed (where, what, the value), in both languages."""
    errors, more = told_all(err)        # the first problems, then a line counting the rest
    first = _checks_sheet(book)["A1"].value
    count = err.total if isinstance(err, InputErrors) else 1
    return [M.CHECKS_NOT_OURS(count=count, first=repr("" if first is None else first)),
            *[f"{e.en_line(lang)} — {e.zh_line(lang)}" for e in errors], *([more] if more is not None else [])]


T = TypeVar("T")


def in_book(job: Callable[[Any], T], book: Any, done: Callable[[Any], tuple[Text | list[Text], str]],
            failed: Message = M.PROBLEMS) -> tuple[T | None, str]:
    """Run a one-click ``job`` on the open workbook -- the one place where one click is
    orchestrated: input problems are listed on the Checks sheet (and never raised, so that
    xlwings Lite and Server still send the sheet back to Excel); returns the job's result
    (None after problems) and what to tell the officer, in the workbook's language
    (``failed``: the catalogue entry saying nothing was done, with the count)."""
    try:
        result = job(book)
    except RatingInputError as e:
        lang = getattr(e, "lang", SIMPLIFIED)
        listed = report(book, e)
        count = e.total if isinstance(e, InputErrors) else 1
        return None, _said([failed(count=count)] if listed else _not_listed(book, e, lang), lang)
    text, lang = done(result)
    return result, _said(text, lang)


def _said(text: Text | Sequence[Text | str], lang: str) -> str:
    lines = [text] if isinstance(text, Text) else list(text)
    return "\n".join(t if isinstance(t, str) else t.both(lang) for t in lines)


def _processed(rated: Rated) -> tuple[list[Text], str]:
    out = rated.outcome
    # a period already in the History processed again: said, as the command line says it
    again = [R.REPROCESSED(periods=", ".join(out.reprocessed))] if out.reprocessed else []
    return [M.PROCESSED(system=out.system.name, periods=", ".join(r.period.label for r in out.results),
                        players=len(out.last.ratings)), *again, *rated.notes], out.system.lang


def _imported(plan: Any) -> tuple[Text, str]:
    return M.IMPORTED(games=plan.games), plan.lang


def process_and_report(book: Any) -> Outcome | None:
    """Process the open workbook, as the ``process_period`` script does: the result sheets,
    or every input problem on the Checks sheet; what happened is printed (xlwings Lite
    shows it in its output pane).  Returns the outcome, or None after problems."""
    rated, told = in_book(rate_book, book, _processed)
    print(told)
    return None if rated is None else rated.outcome


def import_and_report(book: Any) -> Any:
    """Import the crosstable pasted into the Import sheet, as the ``import_results`` script
    does: rows appended, or every problem on the Checks sheet; what happened is printed.
    Returns the import plan, or None after problems."""
    plan, told = in_book(import_book, book, _imported, M.IMPORT_PROBLEMS)
    print(told)
    if plan is not None:        # what the command line says: new and matched players, possible matches, clubs
        from ..intake.summary import summary_lines
        for s in plan.summaries:
            print("\n".join(summary_lines(s, plan.lang, plan.appends["Identities"].sheet)))
    return plan


@script
def process_period(book: xw.Book):
    """Compute the ratings of every unprocessed period of this workbook."""
    process_and_report(book)


def import_book(book: Any) -> Any:
    """Import the crosstable pasted into the open workbook's Import sheet (导入)
    into its Players, Events and Games: the command line's use case
    (:func:`xl_ratings.jobs.book_import.import_workbook`: the same plan, checks and cells).

    Key/value lines may stand above the table: 赛事 event (an id), 名称 name,
    开始 start, 结束 end, 替换 replace (yes, or the event's id), and the officer's
    answers, a line each: 对应 match NAME=ID, 新棋手 new NAME.  A sheet the plan
    creates (the Identities sheet of an older workbook) is added first.  One click cannot be
    undone: a History the audit refuses is refused first.  Returns the plan."""
    from ..jobs.book_import import import_workbook, sheet_tournament

    read = read_book(book)
    tournament, options, noted = sheet_tournament(read.tables, book.name)
    imported = import_workbook(read.tables, read.problems, [tournament], options, file=book.name, noted=noted,
                               history_head=M.IMPORT_WOULD_LOSE_HISTORY(), backup=False)
    write_edits(book, imported.edits)
    return imported.plan


def write_edits(book: Any, edits: Any) -> None:
    """Write an import's :class:`~xl_ratings.jobs.book_import.Edits` into the open workbook: only
    the planned cells (a block per run of neighbouring columns, never a row from column A), the
    rows ``replace`` empties, the sheet it adds."""
    for name, header in edits.added:
        sheet = book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])   # the Identities sheet
        sheet.range((1, 1)).value = [header]
    for name, row, width in edits.cleared:
        book.sheets[name].range((row, 1), (row, width)).clear_contents()
    for b in edits.blocks:
        cells = [[("'" + v) if isinstance(v, str) and formula_like(v) else v for v in line] for line in b.values]
        book.sheets[b.sheet].range((b.row, b.column)).value = cells
        if edits.heads.get(b.sheet) == b.row:     # a head the Corrections log had lost: as its header's
            book.sheets[b.sheet].range((b.row, b.column), (b.row, b.column + len(b.values[0]) - 1)).font.bold = True
    for name, formats in edits.formats.items():   # the Corrections log's rows: the formats of its first ones
        rows = edits.appended.get(name)
        for j, fmt in formats.items():
            if fmt and rows:
                book.sheets[name].range((rows.start, j), (rows.stop - 1, j)).number_format = fmt


@script
def import_results(book: xw.Book):
    """Import the crosstable pasted into the Import sheet (导入) into Players, Events and Games."""
    import_and_report(book)


def main() -> None:
    """Classic xlwings ``RunPython`` entry point: processes the calling workbook --
    or, clicked on the Import sheet (导入), imports the crosstable pasted there --
    and tells the officer what happened in a message box."""
    from ..intake.into_book import IMPORT_SHEETS

    import contextlib
    import io

    book = xw.Book.caller()
    importing = book.sheets.active.name.strip().lower() in IMPORT_SHEETS
    said = io.StringIO()
    with contextlib.redirect_stdout(said):      # what xlwings Lite's pane and LibreOffice's window show
        (import_and_report if importing else process_and_report)(book)
    book.app.alert(boxed(said.getvalue().strip(), book_lang(book)), title="xl-ratings")


def book_lang(book: Any) -> str:
    """The open workbook's script (traditional Chinese on a Hong Kong workbook), from its Settings
    sheet; simplified when that cannot be read."""
    try:
        from ..engine.inputs import workbook_lang
        sheet = next(s for s in book.sheets if sheet_key(s.name) == "Settings")
        return workbook_lang({sheet.name: sheet.used_range.options(ndim=2).value or []})
    except Exception:
        return SIMPLIFIED


#: the characters a message box shows (Excel's MsgBox: 1,024)
BOX = 1000


def boxed(told: str, lang: str = SIMPLIFIED, limit: int = BOX) -> str:
    """What a message box can show of ``told``: whole lines up to ``limit`` characters, then a
    line counting the lines left out (in both languages) -- never a line cut in the middle."""
    if len(told) <= limit:
        return told
    lines = told.split("\n")
    kept: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        tail = M.MORE_LINES(count=len(lines) - i).both(lang)
        if size + len(line) + 1 + len(tail) > limit:
            if not kept:        # one line longer than the box: its start
                kept.append(line[:max(0, limit - len(tail) - 2)] + "…")
                i += 1
                tail = M.MORE_LINES(count=len(lines) - i).both(lang)
            return "\n".join([*kept, tail]) if i < len(lines) else "\n".join(kept)
        kept.append(line)
        size += len(line) + 1
    return told
