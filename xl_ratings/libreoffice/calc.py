"""The open Calc document as one click sees an Excel workbook.

One click (:mod:`xl_ratings.excel.one_click`, :mod:`xl_ratings.excel.rating_list`) reads and
writes the open workbook through a handful of calls of xlwings' ``Book``: the sheets, a sheet's
used range, a range's values (empty cells None, numbers floats, date-formatted numbers dates),
writing rows of values from a cell, clearing, a number format, bold, a font, a chart, the print
area, the visible cells of a column (classic Excel's ``SpecialCells(xlCellTypeVisible)``: hidden
and filtered-out rows are refused as the command line refuses them).  :class:`Book` gives those
same calls over Calc's UNO objects, so that the toolbar runs one click's own code -- the command
line's use cases (:mod:`xl_ratings.jobs.period`, :mod:`xl_ratings.jobs.book_import`) -- on the document.

Underneath, the adapter is small (:class:`Cells`): read a block of a sheet as a table of values,
write a table of values at a cell, clear, format; the xlwings-shaped classes only route to it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import unquote


#: com.sun.star.util.NumberFormat.DATE (a bit of a format's type: DATE, DATETIME)
_DATE = 2
#: com.sun.star.sheet.FormulaResult.ERROR
_ERROR = 4
#: com.sun.star.sheet.CellFlags: everything but the sheet's own objects
_ALL = 1 | 2 | 4 | 8 | 16 | 32 | 64 | 256 | 512
_CONTENTS = 1 | 2 | 4 | 16                        #: values, dates, texts, formulas
_BOLD = 150.0                                     #: com.sun.star.awt.FontWeight.BOLD
_CELL = re.compile(r"^\$?([A-Z]+)\$?(\d+)$")


def _null_date(doc: Any) -> dt.date:
    n = doc.NullDate
    return dt.date(n.Year, n.Month, n.Day)


def _address(text: str) -> tuple[int, int]:
    """``"B7"`` -> (7, 2)."""
    m = _CELL.match(text.strip().upper())
    if m is None:
        raise ValueError(text)
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - 64
    return int(m.group(2)), col


class Cells:
    """The small adapter: one sheet's cells as tables of values (rows and columns from 1)."""

    def __init__(self, doc: Any, sheet: Any) -> None:
        self.doc, self.sheet = doc, sheet

    def block(self, r1: int, c1: int, r2: int, c2: int) -> Any:
        return self.sheet.getCellRangeByPosition(c1 - 1, r1 - 1, c2 - 1, r2 - 1)

    def read(self, r1: int, c1: int, r2: int, c2: int) -> list[list[Any]]:
        """The values: None for an empty cell, floats, texts, and a date for a number formatted as one."""
        rng = self.block(r1, c1, r2, c2)
        rows = [[None if v == "" else v for v in row] for row in rng.getDataArray()]
        # a formula showing an error (#DIV/0!, #N/A) reaches Calc's API as an empty cell: read what the
        # cell shows, so that it is refused naming the cell, never taken as blank (a rating made up)
        try:
            errors = rng.queryFormulaCells(_ERROR).getRangeAddresses()
        except Exception:
            errors = ()
        for a in errors:
            for r in range(a.StartRow, a.EndRow + 1):
                for c in range(a.StartColumn, a.EndColumn + 1):
                    rows[r - r1 + 1][c - c1 + 1] = self.sheet.getCellByPosition(c, r).getString() or "#VALUE!"
        formats = self.doc.NumberFormats
        null = _null_date(self.doc)
        ranges = rng.getCellFormatRanges()
        for k in range(ranges.getCount()):
            part = ranges.getByIndex(k)
            try:
                kind = formats.getByKey(part.NumberFormat).Type
            except Exception:           # a key the document does not know: not a date
                continue
            if not kind & _DATE:
                continue
            a = part.getRangeAddress()
            for r in range(a.StartRow - r1 + 1, a.EndRow - r1 + 2):
                for c in range(a.StartColumn - c1 + 1, a.EndColumn - c1 + 2):
                    v = rows[r][c]
                    if isinstance(v, float) and v - v == 0:     # (NaN, an infinity: refused at their cell)
                        try:
                            day = null + dt.timedelta(days=int(v))
                            rows[r][c] = dt.datetime(day.year, day.month, day.day) + dt.timedelta(days=v - int(v))
                        except (OverflowError, ValueError):    # past any day: a number, refused as no date
                            pass
        return rows

    def write(self, row: int, col: int, grid: Sequence[Sequence[Any]]) -> None:
        """Write rows of values from (row, col): None empty, a text as typed (a leading apostrophe is
        Excel's text mark: dropped), dates as dates."""
        width = max((len(r) for r in grid), default=0)
        if not grid or not width:
            return
        null = _null_date(self.doc)
        dates: list[tuple[int, int]] = []
        data = []
        for i, line in enumerate(grid):
            out: list[Any] = []
            for j in range(width):
                v = line[j] if j < len(line) else None
                if isinstance(v, dt.date):
                    base = v if isinstance(v, dt.datetime) else dt.datetime(v.year, v.month, v.day)
                    v = (base - dt.datetime(null.year, null.month, null.day)).total_seconds() / 86400
                    dates.append((row + i, col + j))
                elif v is None:
                    v = ""
                elif isinstance(v, bool):
                    v = float(v)
                elif isinstance(v, (int, float)):
                    v = float(v)
                else:
                    v = str(v)
                    if v.startswith("'"):
                        v = v[1:]
                out.append(v)
            data.append(tuple(out))
        self.block(row, col, row + len(data) - 1, col + width - 1).setDataArray(tuple(data))
        for r, c in dates:
            self.number_format(r, c, r, c, "yyyy-mm-dd")

    def number_format(self, r1: int, c1: int, r2: int, c2: int, code: str) -> None:
        formats = self.doc.NumberFormats
        from com.sun.star.lang import Locale  # type: ignore[import-not-found]
        locale = Locale("en", "US", "")
        key = formats.queryKey(code, locale, False)
        if key == -1:
            key = formats.addNew(code, locale)
        self.block(r1, c1, r2, c2).NumberFormat = key

    def clear(self, r1: int, c1: int, r2: int, c2: int, flags: int = _CONTENTS) -> None:
        self.block(r1, c1, r2, c2).clearContents(flags)

    def last(self) -> tuple[int, int]:
        """The used area's last row and column (1, 1 on an empty sheet)."""
        cursor = self.sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        a = cursor.getRangeAddress()
        return a.EndRow + 1, a.EndColumn + 1

    def visible_rows(self, r1: int, r2: int) -> list[tuple[int, int]]:
        """The runs of visible rows (first, count) of column A between r1 and r2."""
        found = self.block(r1, 1, r2, 1).queryVisibleCells()
        return sorted((a.StartRow + 1, a.EndRow - a.StartRow + 1) for a in found.getRangeAddresses())


# ---------------------------------------------------------------------- xlwings' calls, routed to Cells
class _Font:
    def __init__(self, rng: "Range") -> None:
        self._rng = rng

    @property
    def bold(self) -> bool:
        return bool(self._rng.raw.CharWeight >= _BOLD)

    @bold.setter
    def bold(self, on: bool) -> None:
        self._rng.raw.CharWeight = _BOLD if on else 100.0

    @property
    def name(self) -> str:
        return str(self._rng.raw.CharFontName)

    @name.setter
    def name(self, font: str) -> None:
        self._rng.raw.CharFontName = font


class Range:
    def __init__(self, sheet: "Sheet", r1: int, c1: int, r2: int, c2: int, ndim: int | None = None) -> None:
        self.sheet, self.ndim = sheet, ndim
        self.row, self.column, self.last_row, self.last_column = r1, c1, r2, c2

    @property
    def raw(self) -> Any:
        return self.sheet.cells.block(self.row, self.column, self.last_row, self.last_column)

    def options(self, ndim: int | None = None, **_: Any) -> "Range":
        return Range(self.sheet, self.row, self.column, self.last_row, self.last_column, ndim)

    @property
    def last_cell(self) -> "Range":
        return Range(self.sheet, self.last_row, self.last_column, self.last_row, self.last_column)

    @property
    def value(self) -> Any:
        rows = self.sheet.cells.read(self.row, self.column, self.last_row, self.last_column)
        if self.ndim == 2:
            return rows
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        if len(rows) == 1 or all(len(r) == 1 for r in rows):
            return [v for r in rows for v in r]
        return rows

    @value.setter
    def value(self, data: Any) -> None:
        if not isinstance(data, (list, tuple)):
            data = [[data]]
        elif data and not isinstance(data[0], (list, tuple)):
            data = [data]               # a flat list is a row, as in xlwings
        self.sheet.cells.write(self.row, self.column, data)

    @property
    def number_format(self) -> str:
        return ""

    @number_format.setter
    def number_format(self, code: str) -> None:
        self.sheet.cells.number_format(self.row, self.column, self.last_row, self.last_column, code)

    @property
    def merge_cells(self) -> bool:
        """Whether the range holds merged cells (Calc: the first cell of a merged range lies in it);
        what :func:`xl_ratings.excel.visibility.merged_ranges` asks, as of xlwings."""
        return bool(self.raw.getIsMerged())

    @property
    def merge_area(self) -> "Range":
        """The merged range starting at this cell (the cell itself when it starts none)."""
        cursor = self.sheet.raw.createCursorByRange(self.raw)
        cursor.collapseToMergedArea()
        a = cursor.getRangeAddress()
        return Range(self.sheet, a.StartRow + 1, a.StartColumn + 1, a.EndRow + 1, a.EndColumn + 1)

    @property
    def font(self) -> _Font:
        return _Font(self)

    def clear_contents(self) -> None:
        self.sheet.cells.clear(self.row, self.column, self.last_row, self.last_column)


class _Chart:
    """A line chart with markers (what one click draws on the History sheet)."""

    def __init__(self, sheet: "Sheet", anchor: Range, width: float, height: float, name: str) -> None:
        self.sheet, self.anchor, self.size, self.name = sheet, anchor, (width, height), name
        self._title = ""

    def set_source_data(self, source: Range) -> None:
        from com.sun.star.awt import Rectangle  # type: ignore[import-not-found]
        charts = self.sheet.raw.getCharts()
        if charts.hasByName(self.name):
            charts.removeByName(self.name)
        at = self.anchor.raw.Position
        w, h = (int(v * 2540 / 72) for v in self.size)          # points -> 1/100 mm
        charts.addNewByName(self.name, Rectangle(at.X, at.Y, w, h), (source.raw.getRangeAddress(),), True, True)
        doc = charts.getByName(self.name).getEmbeddedObject()
        diagram = doc.createInstance("com.sun.star.chart.LineDiagram")
        doc.setDiagram(diagram)
        diagram.SymbolType = -1                                 # com.sun.star.chart.ChartSymbolType.AUTO
        self._doc = doc
        self.title = self._title

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        self._title = text
        doc = getattr(self, "_doc", None)
        if doc is not None and text:
            doc.HasMainTitle = True
            doc.getTitle().String = text


class _Charts:
    def __init__(self, sheet: "Sheet") -> None:
        self.sheet = sheet

    def add(self, left: float = 0, top: float = 0, width: float = 355, height: float = 211,
            anchor: Range | None = None, chart_type: str = "line_markers", name: str = "Chart") -> _Chart:
        return _Chart(self.sheet, anchor or self.sheet.range((1, 1)), width, height, name)


class _PageSetup:
    def __init__(self, sheet: "Sheet") -> None:
        self.sheet = sheet

    @property
    def print_area(self) -> str:
        return ""

    @print_area.setter
    def print_area(self, where: str) -> None:
        self.sheet.raw.setPrintAreas((self.sheet.raw.getCellRangeByName(where.replace("$", "")).getRangeAddress(),))


class _Areas:
    def __init__(self, runs: list[tuple[int, int]]) -> None:
        self.runs = runs

    @property
    def Count(self) -> int:       # noqa: N802 -- classic Excel's COM names, which visibility reads
        return len(self.runs)

    def Item(self, k: int) -> Any:  # noqa: N802
        first, count = self.runs[k - 1]
        return _Area(first, count)


class _Area:
    def __init__(self, first: int, count: int) -> None:
        self.Row = first          # noqa: N815
        self.Rows = _Count(count)  # noqa: N815


class _Count:
    def __init__(self, n: int) -> None:
        self.Count = n            # noqa: N815


class _VisibleCells:
    def __init__(self, cells: Cells, r1: int, r2: int) -> None:
        self.cells, self.r1, self.r2 = cells, r1, r2

    def SpecialCells(self, kind: int) -> Any:   # noqa: N802 -- xlCellTypeVisible (12)
        runs = self.cells.visible_rows(self.r1, self.r2)
        if not runs:
            raise LookupError("No cells were found.")       # what Excel says: every row hidden
        return type("Visible", (), {"Areas": _Areas(runs)})()


class _SheetApi:
    """What :mod:`xl_ratings.excel.visibility` asks classic Excel's worksheet object: the visible cells of a column."""

    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    def Cells(self, row: int, col: int) -> tuple[int, int]:     # noqa: N802
        return row, col

    def Range(self, a: tuple[int, int], b: tuple[int, int]) -> _VisibleCells:   # noqa: N802
        return _VisibleCells(self.cells, a[0], b[0])


class Sheet:
    def __init__(self, book: "Book", raw: Any) -> None:
        self.book, self.raw = book, raw
        self.cells = Cells(book.doc, raw)

    @property
    def name(self) -> str:
        return str(self.raw.getName())

    @property
    def api(self) -> _SheetApi:
        return _SheetApi(self.cells)

    @property
    def visible(self) -> bool:
        return bool(self.raw.IsVisible)

    @property
    def used_range(self) -> Range:
        r, c = self.cells.last()
        return Range(self, 1, 1, r, c)

    def range(self, first: Any, last: Any = None) -> Range:
        if isinstance(first, str):
            a, _, b = first.partition(":")
            (r1, c1), (r2, c2) = _address(a), _address(b or a)
            return Range(self, r1, c1, r2, c2)
        r1, c1 = first
        r2, c2 = last if last is not None else first
        return Range(self, r1, c1, r2, c2)

    def __getitem__(self, where: str) -> Range:
        return self.range(where)

    @property
    def charts(self) -> _Charts:
        return _Charts(self)

    @property
    def page_setup(self) -> _PageSetup:
        return _PageSetup(self)

    def clear(self) -> None:
        """Contents and formats (as xlwings' ``clear``), and the sheet's charts (one click draws its own again)."""
        charts = self.raw.getCharts()
        for name in charts.getElementNames():
            charts.removeByName(name)
        r, c = self.cells.last()
        self.cells.clear(1, 1, r, c, _ALL)

    def activate(self) -> None:
        self.book.doc.getCurrentController().setActiveSheet(self.raw)


class Sheets:
    def __init__(self, book: "Book") -> None:
        self.book = book

    def _all(self) -> Any:
        return self.book.doc.getSheets()

    def __len__(self) -> int:
        return int(self._all().getCount())

    def __iter__(self) -> Iterator[Sheet]:
        return iter([self[i] for i in range(len(self))])

    def __getitem__(self, key: int | str) -> Sheet:
        sheets = self._all()
        if isinstance(key, int):
            return Sheet(self.book, sheets.getByIndex(key))
        if not sheets.hasByName(key):
            raise KeyError(key)
        return Sheet(self.book, sheets.getByName(key))

    @property
    def active(self) -> Sheet:
        return Sheet(self.book, self.book.doc.getCurrentController().getActiveSheet())

    def add(self, name: str, before: Sheet | None = None, after: Sheet | None = None) -> Sheet:
        """A new sheet: after ``after``, or before ``before`` or the active sheet (as Excel adds one)."""
        names = list(self._all().getElementNames())
        if after is not None:
            at = names.index(after.name) + 1
        else:
            at = names.index((before or self.active).name)
        self._all().insertNewByName(name, at)
        return self[name]


class _Engine:
    name = "libreoffice"


class _App:
    engine = _Engine()


class _BookApi:
    def __init__(self, doc: Any) -> None:
        self.Date1904 = _null_date(doc) == dt.date(1904, 1, 1)   # noqa: N815 -- classic Excel's name


class Book:
    """A Calc document through the calls one click makes of xlwings' ``Book``."""

    app = _App()

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.sheets = Sheets(self)
        self.api = _BookApi(doc)

    @property
    def name(self) -> str:
        url = str(self.doc.getURL() or "")
        return unquote(url.rsplit("/", 1)[-1]) if url else str(self.doc.Title)
