"""One click in Excel (CONTRACT §4).

* xlwings Lite / Server: the script ``process_period(book)``.
* classic xlwings (Windows/macOS): ``main()`` for ``RunPython``; the
  ``.xlsm`` templates call it through the module beside the workbook.

Both read the open workbook's sheets as values, call the same
:func:`xl_ratings.pipeline.run` as the command line, and write the result
sheets back.  Input sheets are never touched.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw
from xlwings import script

from .errors import InputErrors, RatingInputError
from .perf import gc_paused
from .pipeline import RESULT_SHEETS, Outcome, run
from .presentation import sheet_view


def tables_from_book(book: Any) -> dict[str, list[list[Any]]]:
    tables = {}
    for sheet in book.sheets:
        if sheet.name in RESULT_SHEETS and sheet.name != "History":
            continue
        last = sheet.used_range.last_cell
        value = sheet.range((1, 1), (last.row, last.column)).options(ndim=2).value
        tables[sheet.name] = value or []
    return tables


def _rows(out: Outcome, name: str) -> tuple[list[list[Any]], list[str | None]]:
    """The sheet's cells (header first) and its number formats."""
    header, rows, formats = sheet_view(out, name)
    safe = [[("'" + v) if isinstance(v, str) and len(v) > 1 and v[0] in "=+-@" else v for v in row]
            for row in rows]   # Excel must show such text, never run it as a formula
    return [header] + safe, formats


def write_to_book(book: Any, out: Outcome) -> None:
    names = [s.name for s in book.sheets]
    for name in out.sheets:
        rows, formats = _rows(out, name)
        if name in names:
            sheet = book.sheets[name]
            sheet.clear()
        else:
            sheet = book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
            names.append(name)
        sheet["A1"].value = rows
        for j, fmt in enumerate(formats, start=1):
            if fmt and len(rows) > 1:
                sheet.range((2, j), (len(rows), j)).number_format = fmt
        sheet.range((1, 1), (1, len(formats))).font.bold = True


def process_book(book: Any, period: str | None = None) -> Outcome:
    """Process the open workbook (every unprocessed period, or ``period``)."""
    with gc_paused():
        out = run(tables_from_book(book), period=period, file=book.name)
        write_to_book(book, out)
    return out


def _report(book: Any, err: RatingInputError) -> None:
    errors = err.errors if isinstance(err, InputErrors) else [err]
    from .messages import chinese

    rows = [["问题 problem", "说明 (中文)", "工作表 sheet", "行 row", "列 column", "值 value"]]
    rows += [[e.problem, chinese(e.problem) or "", e.where.sheet, e.where.row, e.where.column,
              None if e.value is None else str(e.value)] for e in errors]
    names = [s.name for s in book.sheets]
    sheet = book.sheets["Checks"] if "Checks" in names else book.sheets.add("Checks")
    sheet.clear()
    sheet["A1"].value = rows


@script
def process_period(book: xw.Book):
    """Compute the ratings of every unprocessed period of this workbook."""
    try:
        process_book(book)
    except RatingInputError as e:
        _report(book, e)
        raise


def main() -> None:
    """Classic xlwings ``RunPython`` entry point: processes the calling workbook."""
    book = xw.Book.caller()
    try:
        out = process_book(book)
    except RatingInputError as e:
        _report(book, e)
        book.app.alert(str(e)[:1000], title="xl-ratings")
        return
    book.app.alert(f"{out.system}: {', '.join(r.period.label for r in out.results)} — "
                   f"{len(out.last.ratings.rows)} players", title="xl-ratings")
