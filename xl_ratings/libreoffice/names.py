"""Excel's names for the functions, in a workbook opened in Calc.

A workbook typed in Excel stores ``GOR_UPDATE(2300,2400,1)`` (an XLL add-in's function as
``_xll.GOR_UPDATE``).  LibreOffice 7.4 maps such a name to an add-in only through the add-in's
programmatic name (``ORG.XLRATINGS.FUNCTIONS.GOR_UPDATE``); the compatibility names the extension
declares are read, but its xlsx import does not use them yet.  So when a document is opened, the
extension's job (``OnLoad``) finds the formula cells that call one of the 13 functions by a name Calc
did not know (Calc shows it in small letters, ``#NAME?``), and gives each its formula again under the
name Calc knows: they compute, as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: com.sun.star.sheet.CellFlags.FORMULA
_FORMULA = 16


def pattern(names: Iterable[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted(names, key=len, reverse=True))
    # a name Calc knows is ORG.XLRATINGS.FUNCTIONS.GOR_UPDATE (after a dot) or GOR_UPDATE in capitals
    return re.compile(rf"(?<![\w.])(?:_xll\.)?(?!(?:{alternatives})\b)((?i:{alternatives}))(?=\s*\()")


_TEXT = re.compile(r'("(?:[^"]|"")*")')


def renamed(formula: str, names: re.Pattern[str]) -> str:
    """The formula with our functions under Calc's names (their Excel names in capitals); a text in
    quotes is left as it is."""
    parts = _TEXT.split(formula)
    return "".join(p if i % 2 else names.sub(lambda m: m.group(1).upper(), p) for i, p in enumerate(parts))


def fix_document(doc: Any, names: Iterable[str]) -> int:
    """Give the cells of ``doc`` that call one of ``names`` under Excel's spelling their formulas again;
    the number of formulas fixed."""
    found = pattern(names)
    fixed = 0
    sheets = doc.getSheets()
    for i in range(sheets.getCount()):
        sheet = sheets.getByIndex(i)
        try:
            ranges = sheet.queryContentCells(_FORMULA)
        except Exception:
            continue
        seen: set[tuple[int, int, int, int]] = set()
        for a in ranges.getRangeAddresses():
            for row in range(a.StartRow, a.EndRow + 1):
                for col in range(a.StartColumn, a.EndColumn + 1):
                    fixed += _fix_cell(sheet, sheet.getCellByPosition(col, row), found, seen)
    return fixed


def _fix_cell(sheet: Any, cell: Any, found: re.Pattern[str], seen: set[tuple[int, int, int, int]]) -> int:
    formula = cell.getFormula()
    new = renamed(formula, found)
    if new == formula:
        return 0
    cursor = sheet.createCursorByRange(cell)
    try:
        cursor.collapseToCurrentArray()         # part of an array formula: the whole array again
        a = cursor.getRangeAddress()
        array = sheet.getCellRangeByPosition(a.StartColumn, a.StartRow, a.EndColumn, a.EndRow)
        typed = array.getArrayFormula()
    except Exception:
        typed = ""
    if not typed:
        cell.setFormula(new)
        return 1
    key = (a.StartRow, a.StartColumn, a.EndRow, a.EndColumn)
    if key in seen:
        return 0
    seen.add(key)
    first = sheet.getCellByPosition(a.StartColumn, a.StartRow).getFormula()    # "{=…}", in the API's grammar
    array.setArrayFormula(renamed(first[1:-1] if first.startswith("{") and first.endswith("}") else first, found))
    return 1
