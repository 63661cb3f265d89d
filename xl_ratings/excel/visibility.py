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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.cells import blank, spans
from ..errors import RatingInputError, Where
from ..i18n.catalogue import excel as M

#: the input sheets (keys of :func:`xl_ratings.i18n.labels.sheet_key`)
INPUT_SHEETS = ("Settings", "Players", "Events", "Games", "Awards", "Points", "McMahon")
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


def hidden_sheet(sheet: Any) -> bool | None:
    """Is the sheet hidden (None: this engine does not say)?"""
    try:
        return not bool(sheet.visible)
    except Exception:
        return None


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
