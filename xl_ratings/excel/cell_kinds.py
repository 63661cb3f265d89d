"""One click's :class:`~xl_ratings.xlsx.cell_kinds.CellKinds`: what a cell of the open workbook
is beyond its value -- inside merged cells, formatted as Text -- asked of Excel through
xlwings for the cells a problem names only.  An engine that cannot tell (xlwings Lite and
Server may not give merge areas or number formats) tells nothing: the message stays as it is.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


class BookCellKinds:
    """The open workbook ``book`` (xlwings)."""

    def __init__(self, book: Any) -> None:
        self.book = book

    def merge_of(self, sheet: str, row: int, col: int) -> tuple[str, str] | None:
        """(the range, its first cell) of the merged cells holding (``row``, ``col``); else None."""
        try:
            cell = self.book.sheets[sheet].range((row, col))
            if not cell.merge_cells:
                return None
            area = cell.merge_area
            whole = area.get_address(False, False)
            return whole, whole.split(":")[0]
        except Exception:       # an engine without merge areas
            return None

    def text_formatted(self, sheet: str, cells: Collection[tuple[int, int]]) -> set[tuple[int, int]]:
        """Those of ``cells`` (row, column; 1-based) formatted as Text (``@``)."""
        out = set()
        for row, col in cells:
            try:
                if self.book.sheets[sheet].range((row, col)).number_format == "@":
                    out.add((row, col))
            except Exception:   # an engine without number formats
                return out
        return out


__all__ = ["BookCellKinds"]
