"""Workbook files: read cell values fast (python-calamine), write result
sheets for people (openpyxl), save safely.

Input sheets are never edited: only the result sheets (Ratings, Changes,
Standards, Inactive, Pending, Fees, Checks, History) are added or replaced.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from .columns import LANG, label
from .engine.common import Table
from .errors import InputErrors, RatingInputError, Where
from .pipeline import RESULT_SHEETS, Outcome, history_wide

HEADER_FILL = "1F4E78"
STATUS_ZH = {"active": ("活跃", "活躍"), "inactive": ("不活跃", "不活躍"), "pending": ("待定级", "待定級")}


def read_tables(path: str | os.PathLike) -> dict[str, list[list[Any]]]:
    """Every sheet's cell values (cached values of formulas), by sheet name."""
    from python_calamine import CalamineWorkbook

    p = Path(path)
    if not p.exists():
        raise InputErrors([RatingInputError("file not found", where=Where(str(p)))])
    try:
        wb = CalamineWorkbook.from_path(str(p))
        return {name: wb.get_sheet_by_name(name).to_python() for name in wb.sheet_names}
    except Exception as e:   # calamine raises its own types for every broken file
        raise InputErrors([RatingInputError(
            f"cannot be read as a workbook (.xlsx/.xlsm): {type(e).__name__}: {e}",
            where=Where(str(p)))]) from None


def _width(v: Any) -> int:
    if v is None:
        return 0
    if isinstance(v, float):
        return 10
    if isinstance(v, (dt.date, dt.datetime)):
        return 11
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in str(v))


def keep_as_text(ws) -> None:
    """Text that Excel would run as a formula (a player named "=HYPERLINK(…)")
    is stored as text, never as a formula.  ("+", "-", "@" texts are stored
    as strings by openpyxl already.)"""
    for row in ws.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"


def write_table(ws, table: Table, system: str, status_lang: str | None = None) -> None:
    """A result table with a header row people can read: labels, formats, widths, filter."""
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    zh = 1 if LANG.get(system) == "zh-Hant" else 0
    ws.append([label(c, system) for c in table.columns])
    for r in table.rows:
        values = []
        for c in table.columns:
            v = r.get(c)
            if c == "status" and status_lang and v in STATUS_ZH:
                v = f"{STATUS_ZH[v][zh]} {v}"
            values.append(v)
        ws.append(values)
    for cell in ws[1]:
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor=HEADER_FILL)
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    keep_as_text(ws)
    for j, c in enumerate(table.columns, start=1):
        letter = get_column_letter(j)
        fmt = table.formats.get(c)
        if fmt:
            for (cell,) in ws.iter_rows(min_row=2, min_col=j, max_col=j):
                cell.number_format = fmt
        width = max([_width(label(c, system))] + [_width(r.get(c)) for r in table.rows[:500]])
        ws.column_dimensions[letter].width = min(60, max(6, width + 2))
    ws.freeze_panes = "A2"
    if table.rows:
        ws.auto_filter.ref = f"A1:{get_column_letter(len(table.columns))}{len(table.rows) + 1}"


def add_history_chart(ws, out: Outcome, first_col: int) -> None:
    """The rating-history table (top players × periods) and a native line chart."""
    from openpyxl.chart import LineChart, Reference
    from openpyxl.styles import Font

    periods, names, values = history_wide(out)
    if not names:
        return
    zh = 1 if LANG.get(out.system) == "zh-Hant" else 0
    ws.cell(row=1, column=first_col, value=("周期 period", "期間 period")[zh]).font = Font(bold=True)
    for j, n in enumerate(names):
        ws.cell(row=1, column=first_col + 1 + j, value=n).font = Font(bold=True)
    for i, (p, row) in enumerate(zip(periods, values), start=2):
        ws.cell(row=i, column=first_col, value=p)
        for j, v in enumerate(row):
            c = ws.cell(row=i, column=first_col + 1 + j, value=v)
            c.number_format = "0"
    chart = LineChart()
    what = {"peng": ("累积等级分", "累積等級分"), "gor": ("棋力分", "棋力分")}.get(out.system, ("等级分", "等級分"))
    chart.title = f"{what[zh]} — {('前', '前')[zh]}{len(names)} (rating history)"
    chart.y_axis.title = what[zh]
    chart.x_axis.title = ("周期", "期間")[zh]
    chart.height, chart.width = 10, 22
    data = Reference(ws, min_col=first_col + 1, max_col=first_col + len(names), min_row=1,
                     max_row=len(periods) + 1)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=first_col, min_row=2, max_row=len(periods) + 1))
    from openpyxl.utils import get_column_letter
    ws.add_chart(chart, f"{get_column_letter(first_col)}{len(periods) + 4}")
    keep_as_text(ws)


def apply_outcome(wb, out: Outcome) -> None:
    """Add or replace the result sheets of ``out`` in an openpyxl workbook."""
    for name in RESULT_SHEETS:
        if name in wb.sheetnames and name not in out.sheets:
            del wb[name]   # a sheet of an earlier run that this system no longer writes
    for name, table in out.sheets.items():
        index = None
        if name in wb.sheetnames:
            index = wb.sheetnames.index(name)
            del wb[name]
        ws = wb.create_sheet(name, index)
        ws.sheet_properties.tabColor = "1F4E78" if name != "Checks" else "C00000"
        write_table(ws, table, out.system, status_lang="zh" if name in ("Ratings",) else None)
        if name == "History":
            add_history_chart(ws, out, len(table.columns) + 2)


def save_outcome(src: str | os.PathLike, out: Outcome, dest: str | os.PathLike | None = None) -> Path:
    """Write the results into a copy of ``src`` and put it in place atomically.

    Without ``dest`` the workbook is updated in place and the previous version
    is kept beside it as ``NAME.backup.xlsx``.
    """
    import openpyxl

    src = Path(src)
    target = Path(dest) if dest else src
    keep_vba = src.suffix.lower() == ".xlsm"
    wb = openpyxl.load_workbook(src, keep_vba=keep_vba, keep_links=True)
    apply_outcome(wb, out)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    os.close(fd)
    try:
        wb.save(tmp)
        if keep_vba:
            from .macro import restore_macro_parts
            restore_macro_parts(src, Path(tmp))
        if dest is None:
            shutil.copy2(src, src.with_name(f"{src.stem}.backup{src.suffix}"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
