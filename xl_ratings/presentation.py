"""How result tables look to people: header labels in the workbook's
language, status words, and the rating-history table behind the chart.

Used by both writers: the file writer (:mod:`xl_ratings.xlsxpatch`) and the
open-workbook writer of xlwings (:mod:`xl_ratings.excel`).
"""

from __future__ import annotations

from typing import Any

from .columns import LANG, label
from .pipeline import Outcome, history_wide

STATUS_ZH = {"active": ("活跃", "活躍"), "inactive": ("不活跃", "不活躍"), "pending": ("待定级", "待定級")}


def _zh(system: str) -> int:
    return 1 if LANG.get(system) == "zh-Hant" else 0


def sheet_view(out: Outcome, name: str) -> tuple[list[str], list[list[Any]], list[str | None]]:
    """(header labels, rows of values, number format per column) of a result sheet."""
    table = out.sheets[name]
    zh = _zh(out.system)
    header = [label(c, out.system) for c in table.columns]
    cols = table.columns
    rows = [[r.get(c) for c in cols] for r in table.rows]
    if name == "Ratings" and "status" in cols:
        j = cols.index("status")
        words = {k: f"{v[zh]} {k}" for k, v in STATUS_ZH.items()}
        for row in rows:
            row[j] = words.get(row[j], row[j])
    return header, rows, [table.formats.get(c) for c in cols]


def history_block(out: Outcome) -> tuple[list[list[Any]], dict[str, str]] | None:
    """The top players' ratings per period (a grid with header row and period
    column) and the chart's titles; None when there is nothing to draw."""
    periods, names, values = history_wide(out)
    if not names:
        return None
    zh = _zh(out.system)
    grid = [[("周期 period", "期間 period")[zh]] + names]
    grid += [[p] + row for p, row in zip(periods, values)]
    what = {"peng": ("累积等级分", "累積等級分"), "gor": ("棋力分", "棋力分")}.get(out.system, ("等级分", "等級分"))
    titles = {"title": f"{what[zh]} — 前{len(names)}名 (rating history)", "y": what[zh],
              "x": ("周期", "期間")[zh]}
    return grid, titles
