"""Workbook files: read cell values fast (python-calamine), patch the result
sheets into the file (:mod:`xl_ratings.xlsxpatch`), save safely; and the
openpyxl table writer that builds the templates.

Input sheets are never edited: only the result sheets (Ratings, Changes,
Standards, Inactive, Pending, Fees, Checks, History) are added or replaced.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from .columns import label
from .engine.common import Table
from .xlsxpatch import _width
from .errors import InputErrors, RatingInputError, Where
from .pipeline import Outcome
from .presentation import history_block, sheet_view

HEADER_FILL = "1F4E78"


def read_tables(path: str | os.PathLike) -> dict[str, list[list[Any]]]:
    """Every sheet's cell values (cached values of formulas), by sheet name.

    The file passes :func:`safety.inspect_file` first (not a workbook,
    encrypted, truncated, zip bomb, DTD/entities: refused with a message).
    """
    return read_workbook(path)[0]


def read_workbook(path: str | os.PathLike) -> tuple[dict[str, list[list[Any]]], list[RatingInputError]]:
    """(cell values by sheet, problems of the input sheets' header cells)."""
    from python_calamine import CalamineWorkbook

    from .safety import header_problems, inspect_file

    p = Path(path)
    z = inspect_file(p)
    try:
        wb = CalamineWorkbook.from_path(str(p))
        tables, merged = {}, {}
        for name in wb.sheet_names:
            sheet = wb.get_sheet_by_name(name)
            tables[name] = sheet.to_python()
            merged[name] = getattr(sheet, "merged_cell_ranges", None) or []
    except Exception as e:   # calamine raises its own types for every broken file
        z.close()
        raise InputErrors([RatingInputError(
            f"cannot be read as a workbook (.xlsx/.xlsm): {type(e).__name__}: {e}",
            where=Where(str(p)))]) from None
    with z:
        problems = header_problems(p, z, merged)
    return tables, problems


def keep_as_text(ws) -> None:
    """Text that Excel would run as a formula (a player named "=HYPERLINK(…)")
    is stored as text, never as a formula.  ("+", "-", "@" texts are stored
    as strings by openpyxl already.)"""
    for row in ws.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"


def write_table(ws, table: Table, system: str) -> None:
    """A result table with a header row people can read: labels, formats, widths, filter."""
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    ws.append([label(c, system) for c in table.columns])
    for r in table.rows:
        ws.append([r.get(c) for c in table.columns])
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


def result_specs(out: Outcome) -> list:
    """The result sheets of ``out`` as sheets for :func:`xlsxpatch.patch_workbook`."""
    from .xlsxpatch import ChartSpec, SheetSpec, col_letter

    specs = []
    for name in out.sheets:
        header, rows, formats = sheet_view(out, name)
        chart, extra = None, []
        if name == "History":
            block = history_block(out)
            if block is not None:
                grid, titles = block
                c0 = len(header) + 2          # one blank column after the ledger
                for i, row in enumerate(grid, start=1):
                    for j, v in enumerate(row):
                        extra.append((i, c0 + j, v, "0" if i > 1 and j > 0 else None))
                last = len(grid)
                q = "'History'!"
                series = [(grid[0][k], f"{q}${col_letter(c0 + k)}$2:${col_letter(c0 + k)}${last}")
                          for k in range(1, len(grid[0]))]
                chart = ChartSpec(titles["title"], titles["x"], titles["y"],
                                  f"{q}${col_letter(c0)}$2:${col_letter(c0)}${last}", series,
                                  (c0 - 1, last + 2))
        specs.append(SheetSpec(name, header, rows, formats,
                               tab_color="C00000" if name == "Checks" else "1F4E78",
                               chart=chart, extra_cells=extra))
    return specs


def save_outcome(src: str | os.PathLike, out: Outcome, dest: str | os.PathLike | None = None,
                 expect: os.stat_result | None = None) -> Path:
    """Write the results into a copy of ``src`` and put it in place atomically.

    Without ``dest`` the workbook is updated in place and the previous version
    is kept beside it as ``NAME.backup.xlsx``.  ``expect``: the source's stat
    when it was read; if the file changed since, nothing is replaced.
    """
    from .xlsxpatch import patch_workbook

    src = Path(src)
    target = Path(dest) if dest else src
    data = patch_workbook(src.read_bytes(), result_specs(out))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    os.close(fd)
    try:
        Path(tmp).write_bytes(data)
        if expect is not None:
            now = src.stat()
            if (now.st_mtime_ns, now.st_size) != (expect.st_mtime_ns, expect.st_size):
                raise InputErrors([RatingInputError(
                    "the workbook changed while it was being processed; nothing was written — run again",
                    where=Where(str(src)))])
        if dest is None:
            shutil.copy2(src, src.with_name(f"{src.stem}.backup{src.suffix}"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
