"""The result sheets of the view layer as sheets the zip patcher writes
(:func:`.write.patch_workbook`).

Input sheets are never edited: only the result sheets (Ratings, Changes,
Standards, Inactive, Pending, Fees, Checks, History) are added or replaced.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.cells import col_letter
from ..engine.run import Outcome
from ..view.sheets import SheetView, result_sheets
from .write import ChartSpec, PrintSpec, SheetSpec, patch_workbook


def axis_range(grid: list[list[Any]]) -> tuple[float, float] | None:
    """The value axis of the history chart: the data's range with a margin, in round steps
    (one period of ratings 1800–2300: 1750–2350, not 0–2500); None without numbers."""
    values = [v for row in grid[1:] for v in row[1:]
              if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)]
    if not values:
        return None
    low, high = min(values), max(values)
    step = 10 ** max(0, math.floor(math.log10(max(high - low, 1))) - 1) * 5
    margin = max((high - low) * 0.05, step, 25)
    bottom = math.floor((low - margin) / step) * step
    return (max(bottom, 0) if low >= 0 else bottom), math.ceil((high + margin) / step) * step


def sheet_spec(view: SheetView) -> SheetSpec:
    """A view as the zip patcher writes it (the Chart sheet: its data from A1, the chart below)."""
    chart = None
    if view.chart is not None:
        grid = view.chart.grid
        last = len(grid)
        q = "'" + view.name.replace("'", "''") + "'!"
        series = [(grid[0][k], f"{q}${col_letter(k + 1)}$2:${col_letter(k + 1)}${last}")
                  for k in range(1, len(grid[0]))]
        chart = ChartSpec(view.chart.title, view.chart.x_title, view.chart.y_title,
                          f"{q}$A$2:$A${last}", series, (0, view.chart.anchor_row - 1), axis_range(grid))
    page = None
    if view.page is not None:
        p = view.page
        page = PrintSpec(p.landscape, p.fit_width, p.one_page, p.title_rows, p.header, p.footer)
    hidden = [view.keys.index(k) for k in view.hidden if k in view.keys]
    return SheetSpec(view.name, view.header, view.rows, view.formats, tab_color=view.tab_color,
                     chart=chart, hidden=hidden, page=page)


def patch_result_sheets(data: bytes, out: Outcome, views: list[SheetView] | None = None,
                        source: str | None | bool = False) -> bytes:
    """The workbook ``data`` with the result sheets of ``out`` (``views``, when computed
    already) added or replaced; ``source``: :func:`.package.mark_source`."""
    return patch_workbook(data, [sheet_spec(v) for v in (views if views is not None else result_sheets(out))],
                          source)
