"""What the officer cannot see in an input sheet of the open workbook: hidden
or filtered-out rows, a hidden sheet -- refused by one click as the command
line refuses them (:mod:`xl_ratings.xlsx.safety`): what is processed must
be what you see.

Classic Excel on Windows tells row visibility through the COM object
(``sheet.api``: the visible cells of column A, ``SpecialCells(xlCellTypeVisible)``,
one area per run of visible rows).  xlwings Lite and Server send Python the
values only, and Excel for Mac's scripting object has no ``SpecialCells``:
there :func:`problems` returns None and one click writes a Checks line saying
what could not be checked.

Merged cells, likewise: classic Excel tells them through xlwings (``Range.merge_cells``,
``merge_area``; :func:`merged_ranges`), and one click reads them as the file reader does
(:mod:`xl_ratings.engine.merged`: each cell the range's value, a merged header refused); xlwings
Lite and Server cannot tell them synchronously, and the Checks line says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.cells import blank, not_finite_text, spans
from ..errors import RatingInputError, Where
from ..i18n.catalogue import excel as M

#: the input sheets (keys of :func:`xl_ratings.i18n.labels.sheet_key`)
INPUT_SHEETS = ("Settings", "Players", "Events", "Games", "Awards", "Points", "McMahon")
#: the sheets whose merged cells are read as their value, a merged header refused (the file
#: reader's: :data:`xl_ratings.xlsx.safety.INPUT_SHEETS`)
MERGE_SHEETS = INPUT_SHEETS + ("Clubs", "Identities")
XL_CELL_TYPE_VISIBLE = 12


def visible_rows(api: Any, last_row: int) -> set[int]:
    """The visible rows among 1..``last_row`` of a worksheet's COM object (Windows).
    Raises whatever the object raises where it is not Excel's COM object."""
    column = api.Range(api.Cells(1, 1), api.Cells(last_row, 1))
    try:
        areas = column.SpecialCells(XL_CELL_TYPE_VISIBLE).Areas
    except Exception as e:   # Excel: "No cells were found" when every row is hidden
        if "no cells" in str(e).lower():
            return set()
        raise
    rows: set[int] = set()
    for k in range(1, int(areas.Count) + 1):
        area = areas.Item(k)
        first = int(area.Row)
        rows.update(range(first, first + int(area.Rows.Count)))
    return rows


def merged_ranges(sheet: Any, grid: Sequence[Sequence[Any]]) -> list[tuple[tuple[int, int], tuple[int, int]]] | None:
    """The merged ranges ((r0, c0), (r1, c1)), 0-based as python-calamine gives them, within the
    sheet's values ``grid`` (from A1), found by halving each column while Excel says part of it is
    merged (a few calls for a sheet without any); None: this engine does not tell."""
    rows, width = len(grid), max((len(r) for r in grid), default=0)
    if not rows or not width:
        return []
    try:
        if sheet.range((1, 1), (rows, width)).merge_cells is False:
            return []
    except Exception:       # xlwings Lite / Server: not synchronously
        return None
    found: list[tuple[tuple[int, int], tuple[int, int]]] = []
    seen: set[tuple[int, int]] = set()

    def look(top: int, bottom: int, col: int) -> None:      # 1-based rows top..bottom of column col
        if all((r, col) in seen for r in range(top, bottom + 1)):
            return
        if sheet.range((top, col), (bottom, col)).merge_cells is False:
            return
        if top < bottom:
            middle = (top + bottom) // 2
            look(top, middle, col)
            look(middle + 1, bottom, col)
            return
        area = sheet.range((top, col)).merge_area
        first, last = (area.row, area.column), (area.last_cell.row, area.last_cell.column)
        seen.update((r, c) for r in range(first[0], last[0] + 1) for c in range(first[1], last[1] + 1))
        found.append(((first[0] - 1, first[1] - 1), (last[0] - 1, last[1] - 1)))

    try:
        for col in range(1, width + 1):
            look(1, rows, col)
    except Exception:
        return None
    return found


def hidden_sheet(sheet: Any) -> bool | None:
    """Is the sheet hidden (None: this engine does not say)?"""
    try:
        return not bool(sheet.visible)
    except Exception:
        return None


#: what Excel shows in a cell whose formula cannot be computed (xlwings' ``err_to_str`` gives it as text)
EXCEL_ERRORS = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#DATA!",
                          "#GETTING_DATA", "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!",
                          "#BUSY!", "#UNKNOWN!", "#PYTHON!", "#TIMEOUT!"))


def error_cells(file: str, sheet: str, grid: Sequence[Sequence[Any]]) -> list[RatingInputError]:
    """The cells of an input sheet showing an error (#N/A, #DIV/0!), read with xlwings'
    ``err_to_str`` on every engine: refused at their place, as the command line refuses them
    (:mod:`xl_ratings.xlsx.safety`), never read as blanks (xlwings' default gives them as None);
    and, in the same look at every cell, a number that is NaN or an infinity (Calc holds NaN from a
    file a program wrote; xlwings Lite's and Server's JSON may carry one), refused at its place as
    the command line refuses it (:func:`~xl_ratings.engine.cells.not_finite_text`)."""
    from ..engine.merged import column_names
    from ..i18n.catalogue import workbooks as W

    name = column_names(grid)
    return [RatingInputError(W.CELL_SHOWS_ERROR(shown=v), value=v, where=Where(file, sheet, r, name(c)))
            if v.__class__ is str else RatingInputError(not_finite_text(v), where=Where(file, sheet, r, name(c)))
            for r, row in enumerate(grid, start=1) for c, v in enumerate(row, start=1)
            if (v.__class__ is str and v in EXCEL_ERRORS) or (v.__class__ is float and v - v != 0)]


def problems(file: str, sheet: Any, grid: Sequence[Sequence[Any]]) -> tuple[list[RatingInputError], bool]:
    """The input sheet's hidden state and its hidden rows holding values (``grid``: the
    sheet's values from A1), as problems; and whether this engine could tell which rows
    are hidden."""
    out = []
    if hidden_sheet(sheet):
        out.append(RatingInputError(M.HIDDEN_SHEET(), where=Where(file, sheet.name)))
    try:
        seen = visible_rows(sheet.api, len(grid)) if grid else set()
    except Exception:   # xlwings Lite/Server (api is a dict), Excel for Mac (appscript)
        return out, False
    hidden = [r for r, row in enumerate(grid, start=1)
              if r not in seen and any(not blank(v) for v in row)]
    if hidden:
        out.append(RatingInputError(M.HIDDEN_ROWS(rows=spans(hidden), sheet=sheet.name),
                                    where=Where(file, sheet.name, min(hidden))))
    return out, True
