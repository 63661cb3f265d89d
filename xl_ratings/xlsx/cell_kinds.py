"""What a cell is beyond its value -- inside a merged range, formatted as Text -- for the
messages that tell a problem of that cell (``jobs/cell_words``).

Asked only for the cells a problem names, after the workbook was read: the merged
ranges come from the reader (python-calamine), a cell's number format from one pass
over its sheet's XML and the styles part.  Never raises: what cannot be told is not told.
"""

from __future__ import annotations

import bisect
import re
import zipfile
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.cells import col_letter
from .safety import part_chunks, col_number

#: Excel's built-in number format 49 is Text ("@")
TEXT_FORMAT_ID = 49
_NUM_FMT = re.compile(rb'<(?:\w+:)?numFmt\b[^>]*\bnumFmtId="(\d+)"[^>]*\bformatCode="([^"]*)"')
_CELL_XFS = re.compile(rb"<(?:\w+:)?cellXfs\b[^>]*>(.*?)</(?:\w+:)?cellXfs>", re.S)
_XF = re.compile(rb"<(?:\w+:)?xf\b([^>]*)>")
_NUM_FMT_ID = re.compile(rb'\bnumFmtId="(\d+)"')
_CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*)>")
_REF = re.compile(rb'\br="([A-Z]{1,3})(\d+)"')
_STYLE = re.compile(rb'\bs="(\d+)"')


def text_styles(styles: bytes) -> set[int]:
    """The cell styles (``cellXfs`` indices) whose number format is Text."""
    text_ids = {TEXT_FORMAT_ID} | {int(m.group(1)) for m in _NUM_FMT.finditer(styles) if m.group(2) == b"@"}
    xfs = _CELL_XFS.search(styles)
    if xfs is None:
        return set()
    out = set()
    for i, m in enumerate(_XF.finditer(xfs.group(1))):
        num = _NUM_FMT_ID.search(m.group(1))
        if num is not None and int(num.group(1)) in text_ids:
            out.add(i)
    return out


class CellKinds:
    """The merged ranges and number formats of one workbook file's sheets.

    ``parts``: sheet name -> its part in the package; ``merged``: sheet name ->
    merged ranges ((r0, c0), (r1, c1)), 0-based, as python-calamine gives them."""

    def __init__(self, path: str | Path, parts: Mapping[str, str], merged: Mapping[str, Sequence[Any]]) -> None:
        self.path, self.parts, self.merged = Path(path), dict(parts), dict(merged)
        self._by_column: dict[tuple[str, int], tuple[list[int], list[tuple[int, int, int, int]]]] = {}

    def _column(self, sheet: str, col: int) -> tuple[list[int], list[tuple[int, int, int, int]]]:
        """The merged ranges crossing column ``col`` (0-based), by first row: looked up by
        bisection (a sheet of 10,000 merges and 40,000 empty cells is not each against each)."""
        key = (sheet, col)
        if key not in self._by_column:
            spans = sorted((r0, r1, c0, c1) for (r0, c0), (r1, c1) in self.merged.get(sheet, ()) if c0 <= col <= c1)
            self._by_column[key] = ([s[0] for s in spans], spans)
        return self._by_column[key]

    def merge_of(self, sheet: str, row: int, col: int) -> tuple[str, str] | None:
        """(the range, its first cell) of the merged cells holding (``row``, ``col``), 1-based;
        else None.  (The reader gives every cell of a merged range its first cell's value: an
        empty cell there means an empty first cell.)"""
        starts, spans = self._column(sheet, col - 1)
        i = bisect.bisect_right(starts, row - 1) - 1      # merged ranges never overlap
        if i < 0:
            return None
        r0, r1, c0, c1 = spans[i]
        if not r0 <= row - 1 <= r1:
            return None
        first = f"{col_letter(c0 + 1)}{r0 + 1}"
        return f"{first}:{col_letter(c1 + 1)}{r1 + 1}", first

    def text_formatted(self, sheet: str, cells: Collection[tuple[int, int]]) -> set[tuple[int, int]]:
        """Those of ``cells`` (row, column; 1-based) formatted as Text."""
        part = self.parts.get(sheet)
        if part is None or not cells:
            return set()
        try:
            with zipfile.ZipFile(self.path) as z:
                styles = text_styles(z.read("xl/styles.xml")) if "xl/styles.xml" in z.namelist() else set()
                if not styles:
                    return set()
                return _styled(z, part, set(cells), styles)
        except (OSError, zipfile.BadZipFile, KeyError, ValueError, EOFError):
            return set()


def _styled(z: zipfile.ZipFile, part: str, wanted: set[tuple[int, int]], styles: set[int]) -> set[tuple[int, int]]:
    """One pass over the sheet's XML: the ``wanted`` cells whose style is one of ``styles``."""
    rows = {r for r, _ in wanted}
    found: set[tuple[int, int]] = set()
    for body, _last in part_chunks(z, part):
        for m in _CELL.finditer(body):
            attrs = m.group(1)
            ref, style = _REF.search(attrs), _STYLE.search(attrs)
            if ref is None or style is None or int(ref.group(2)) not in rows:
                continue
            cell = (int(ref.group(2)), col_number(ref.group(1).decode()))
            if cell in wanted and int(style.group(1)) in styles:
                found.add(cell)
    return found


__all__ = ["CellKinds", "TEXT_FORMAT_ID", "text_styles"]
