"""Merged cells read as what the officer sees, whoever reads the workbook: the file reader
(:mod:`xl_ratings.xlsx.read`, from the ranges python-calamine reports) and one click
(:mod:`xl_ratings.excel.visibility`, from the ranges Excel reports): every cell of a merged range
given the range's value, a note for each range spread over rows, a column's name for it, and the
refusal of a merged header cell."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from typing import Any

from ..errors import RatingInputError, Where
from ..i18n.labels import header_key
from .cells import blank, col_letter
from .identity import EXTRA_COLUMNS
from .inputs import COLUMNS


def spread_merged(table: list[list[Any]], ranges: Collection[Any], start: tuple[int, int] = (0, 0)
                  ) -> list[tuple[str, Any, int, int, int]]:
    """Every cell of a merged range given the range's value (Excel keeps it in the top-left
    cell alone, and shows it across the range): a merged club or event cell is read as what
    the officer sees, never as blank.  ``ranges``: ((r0, c0), (r1, c1)), 0-based, as
    python-calamine reports them; ``start``: the sheet's row and column of ``table[0][0]``.
    Only cells within the table are filled, and at most as many as the table holds.
    (range, value, first row, first column, rows) of each range spanning rows, for a note."""
    out: list[tuple[str, Any, int, int, int]] = []
    budget = sum(len(r) for r in table)
    for (r0, c0), (r1, c1) in ranges:
        top, left = r0 - start[0], c0 - start[1]
        if not (0 <= top < len(table) and 0 <= left < len(table[top])) or blank(table[top][left]):
            continue
        value = table[top][left]
        last = min(r1 - start[0], len(table) - 1)
        for r in range(top, last + 1):
            row = table[r]
            for c in range(left, min(c1 - start[1], len(row) - 1) + 1):
                if budget <= 0:
                    return out
                budget -= 1
                if blank(row[c]):
                    row[c] = value
        if last > top:
            out.append((range_ref((r0, c0), (r1, c1)), value, r0 + 1, c0 + 1, last - top + 1))
    return out


def range_ref(first: tuple[int, int], last: tuple[int, int]) -> str:
    """((r0, c0), (r1, c1)), 0-based -> "C2:C3"."""
    return f"{col_letter(first[1] + 1)}{first[0] + 1}:{col_letter(last[1] + 1)}{last[0] + 1}"


def header_merged(file: str | os.PathLike[str] | None, sheet: str, ranges: Collection[Any]) -> list[RatingInputError]:
    """The merged ranges reaching an input sheet's header row (row 1), refused: each column needs its own name."""
    from ..i18n.catalogue import workbooks as W

    return [RatingInputError(W.HEADER_MERGED(), value=range_ref(a, b),
                             where=Where(None if file is None else str(file), sheet, 1))
            for a, b in ranges if a[0] <= 0 <= b[0]]


def merged_notes(path: str | os.PathLike[str], spread: dict[str, list[tuple[str, Any, int, int, int]]],
                 column: Callable[[str], Callable[[int], str]]) -> list[Any]:
    """A note for each merged range read across rows: where, and the value each row got."""
    from ..i18n.catalogue import identity as ID

    return [ID.MERGED_SPREAD(cells=ref, value=value, count=rows)
            .at(Where(str(path), sheet, row, column(sheet)(col)))
            for sheet, ranges in spread.items() for ref, value, row, col, rows in ranges]


def column_names(table: Sequence[Sequence[Any]]) -> Callable[[int], str]:
    """Column number -> the column's key (or header text), from the sheet's first filled row that
    is not a title (one value, perhaps merged across the columns: 2026冬季循環賽 over A1:H1): how a
    problem at a cell names its column, on the command line and in one click alike."""
    header: Sequence[Any] = next((r for r in table if len({str(v) for v in r if not blank(v)}) > 1), [])

    def name(col: int) -> str:
        h = header[col - 1] if col - 1 < len(header) else None
        if blank(h) or (isinstance(h, (int, float)) and not isinstance(h, bool)):
            return col_letter(col)      # a number heading it (a round robin's player 2) names no column
        known = {k for cols, _ in COLUMNS.values() for k in cols}
        return header_key(h, known) or str(h).strip()
    return name


def own_columns(key: str | None, table: Sequence[Sequence[Any]]) -> set[int]:
    """The columns (1-based) of an input sheet that no reader reads: a column of the officer's own,
    under a header that names none of the sheet's columns (:data:`~.inputs.COLUMNS`; the Players'
    identity columns too) in any system's words (棋力分) nor looks like a slip of one (棋力份:
    refused as such).  A formula there
    without a stored value is no problem: its value is never read.  The header is the sheet's
    first row holding anything, as the records reader takes it; a column without a header, or a
    Settings sheet (read by position too), has none of the officer's own."""
    from ..i18n.labels import near_key
    from ..systems import REGISTRY

    if key not in COLUMNS or key == "Settings":
        return set()
    header = next((r for r in table if not all(blank(v) for v in r)), None)
    if header is None:
        return set()
    known = set(COLUMNS[key][0]) | (set(EXTRA_COLUMNS) if key == "Players" else set())
    words = [None] + [s.terms for s in REGISTRY.values() if s.terms]
    return {j + 1 for j, h in enumerate(header)
            if not blank(h) and all(header_key(h, known, t) is None and near_key(h, known, t) is None for t in words)}


__all__ = ["column_names", "header_merged", "merged_notes", "own_columns", "range_ref", "spread_merged"]
