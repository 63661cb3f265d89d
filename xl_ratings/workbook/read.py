"""Reading workbook files: cell values, fast (python-calamine), after the
safety checks of :mod:`.safety`."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import InputErrors, RatingInputError, Where


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


