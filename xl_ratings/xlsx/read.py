"""Reading workbook files: cell values, fast (python-calamine), after the
safety checks of :mod:`.safety`.

Only the sheets xl-ratings uses are read: the input sheets (Settings,
Players, Events, Games, Awards, Points, under any accepted name:
:func:`xl_ratings.i18n.labels.sheet_key`) and the History.  The user's other
sheets are never opened -- a chart sheet, a pivot cache or a stray value at
XFD1048576 in a notes sheet costs nothing.

Before a sheet is loaded its XML is scanned (:func:`.safety.scan_sheet`):
a sheet whose used range is over the limits of :mod:`.safety`
(``MAX_ROWS`` = 1,048,576 rows, ``MAX_COLS`` = 16,384 columns,
``MAX_CELLS`` = 20 million cells, from A1 to the farthest cell holding a
value) is refused, naming the sheet and the far cell, before anything is
expanded.  Hidden or filtered-out rows, hidden input sheets and formulas
without a stored value are reported as problems of the input; a number cell
holding NaN or an infinity, in any sheet read, is refused at its cell and
nothing is read on (the sheets are read without those values:
:func:`.safety.without_not_finite`).
"""

from __future__ import annotations

import functools
import io
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..engine.cells import Tables
from ..engine.merged import column_names, merged_notes, own_columns, spread_merged
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import workbooks as W
from .package import WORKBOOK, relationships, rels_path, unescape
from .cell_kinds import CellKinds
from .safety import (INPUT_SHEETS, part_head, SheetPart, SheetScan, header_problems, hidden_column_problems,
                     hidden_sheet_problems, inspect_file, long_shared_strings, not_finite_problems,
                     scan_sheet, sheet_problems, size_problem, without_not_finite, workbook_sheets)


def read_tables(path: str | os.PathLike) -> Tables:
    """The cell values (cached values of formulas) of the sheets xl-ratings
    uses, by sheet name; ``sheet_names`` lists every sheet of the file.

    The file passes :func:`safety.inspect_file` first (not a workbook,
    encrypted, truncated, zip bomb, DTD/entities: refused with a message).
    """
    return read_workbook(path)[0]


def _damaged(p: Path) -> InputErrors:
    return InputErrors([RatingInputError(W.WORKBOOK_DAMAGED(), where=Where(str(p)))])


def _load(p: Path, z: zipfile.ZipFile, wanted: Callable[[SheetPart], bool],
          inputs: Callable[[SheetPart], bool], skip_empty_area: bool = False) -> tuple[list[SheetPart], bool, list[SheetPart],
                                                       dict[str, SheetScan], dict[str, list[list[Any]]],
                                                       tuple[dict[str, list[Any]],
                                                             dict[str, list[tuple[str, Any, int, int, int]]]]]:
    """(every sheet, 1904 dates?, the sheets read, their scans, their cells, (their merged ranges,
    the ranges spread over rows: :func:`spread_merged`)).

    Only the ``wanted`` sheets are scanned and read; ``inputs`` among them
    are scanned for hidden rows and formulas without a value too, and their merged ranges read
    as their value in every cell (:func:`spread_merged`).  A sheet
    over the size limits is refused before any sheet is expanded."""
    from python_calamine import CalamineWorkbook

    try:
        sheets, date1904 = workbook_sheets(z)
    except Exception:   # broken XML: defusedxml's and ElementTree's errors
        raise _damaged(p) from None
    present = set(z.namelist())
    used = [sh for sh in sheets if wanted(sh)]
    scans: dict[str, SheetScan] = {}
    try:
        long = long_shared_strings(z) if any(inputs(sh) for sh in used) else {}
        for sh in used:
            if sh.part in present:
                scans[sh.name] = scan_sheet(z, sh.part, input_sheet=inputs(sh), long_strings=long)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):   # a part that cannot be inflated
        raise _damaged(p) from None
    too_big = [e for sh in used if sh.name in scans
               for e in [size_problem(p, sh.name, scans[sh.name])] if e is not None]
    if too_big:
        raise InputErrors(too_big)
    tables: dict[str, list[list[Any]]] = {}
    merged: dict[str, list[Any]] = {}
    spread: dict[str, list[tuple[str, Any, int, int, int]]] = {}
    unreadable = {sh.part for sh in used if sh.name in scans and scans[sh.name].not_finite}
    try:        # NaN or an infinity somewhere: read without them (they are refused at their cells)
        wb = CalamineWorkbook.from_filelike(_without_not_finite(z, unreadable)) if unreadable \
            else CalamineWorkbook.from_path(str(p))
        names = set(wb.sheet_names)
        for sh in used:
            if sh.name not in names:
                continue
            sheet = wb.get_sheet_by_name(sh.name)
            tables[sh.name] = sheet.to_python(skip_empty_area=skip_empty_area)
            merged[sh.name] = getattr(sheet, "merged_cell_ranges", None) or []
            if inputs(sh) and merged[sh.name]:
                start = tuple(sheet.start) if skip_empty_area and sheet.start else (0, 0)
                spread[sh.name] = spread_merged(tables[sh.name], merged[sh.name], (start[0], start[1]))
    except Exception:   # calamine raises its own types for every broken file
        raise _damaged(p) from None
    return sheets, date1904, used, scans, tables, (merged, spread)


def _without_not_finite(z: zipfile.ZipFile, parts: Collection[str]) -> io.BytesIO:
    """The workbook's package, uncompressed, with the number cells holding NaN or an infinity of the
    sheet ``parts`` left empty (:func:`.safety.without_not_finite`): what python-calamine reads when
    there are such cells -- never a NaN read, a NaN date-formatted read as 1899-12-30, nor minus
    infinity date-formatted (python-calamine stops the process on it).  The package's other parts
    (pictures, a VBA project) are not read by it, and are left out."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as copy:
        for info in z.infolist():
            if info.is_dir() or not info.filename.endswith((".xml", ".rels")):
                continue
            data = z.read(info.filename)
            copy.writestr(info.filename, without_not_finite(data) if info.filename in parts else data)
    out.seek(0)
    return out


def _not_finite(p: Path, used: list[SheetPart], scans: dict[str, SheetScan],
                tables: dict[str, list[list[Any]]]) -> list[RatingInputError]:
    """The cells holding NaN or an infinity of the sheets read, each at its cell, the column named
    by its header as every problem names it (:func:`column_names`)."""
    return [e for sh in used if sh.name in scans and scans[sh.name].not_finite
            for e in not_finite_problems(p, sh.name, scans[sh.name], column_names(tables.get(sh.name, [])))]


def read_workbook(path: str | os.PathLike) -> tuple[Tables, list[RatingInputError]]:
    """(cell values of the sheets used, problems of the input sheets: headers
    merged or hidden, hidden rows and sheets, formulas without a value).

    Raises InputErrors, before any sheet is expanded, for a sheet over the
    size limits."""
    p = Path(path)
    with inspect_file(p) as z:
        sheets, date1904, used, scans, tables, (merged, spread) = _load(
            p, z, lambda sh: sh.key is not None, lambda sh: sh.key in INPUT_SHEETS)
        problems = hidden_sheet_problems(p, used) + header_problems(p, z, merged, used)
    for sh in used:
        if sh.name in scans and sh.key in INPUT_SHEETS:
            table = tables.get(sh.name, [])
            problems += sheet_problems(p, sh.name, scans[sh.name], column_names(table),
                                       unread=functools.partial(own_columns, sh.key, table))
    not_finite = _not_finite(p, used, scans, tables)
    if not_finite:      # nothing is read on: what the records would make of such a workbook is no guide
        raise InputErrors(problems + not_finite)
    out = Tables(tables, [sh.name for sh in sheets], date1904)
    out.notes = merged_notes(p, spread, lambda name: column_names(tables.get(name, [])))
    out.cell_kinds = CellKinds(p, {sh.name: sh.part for sh in used}, merged)   # for the messages (jobs/cell_words)
    return out, problems


def read_sheets(path: str | os.PathLike, names: Collection[str] | None = None,
                skip_empty_area: bool = False, as_input: bool = False) -> Tables:
    """The cell values of the sheets ``names`` (default: every sheet) of any
    .xlsx/.xlsm workbook -- an import source, say -- after the same safety
    checks and size limits as :func:`read_workbook`.  ``as_input``: the
    input-sheet rules too (hidden sheets, hidden or filtered rows, formulas
    without a stored value are refused: what is read must be what is seen).
    ``skip_empty_area``: from the first filled row and column (python-calamine's
    default), not from A1."""
    p = Path(path)
    wanted = (lambda sh: names is None or sh.name in names)
    with inspect_file(p) as z:
        sheets, date1904, used, scans, tables, (merged, spread) = _load(
            p, z, wanted, wanted if as_input else (lambda sh: False), skip_empty_area)
        columns = hidden_column_problems(p, z, used) if as_input else []
    not_finite = _not_finite(p, used, scans, tables)      # refused in any sheet read, input or not
    if as_input:
        problems = hidden_sheet_problems(p, used, any_sheet=True) + columns
        for sh in used:
            if sh.name in scans:
                problems += sheet_problems(p, sh.name, scans[sh.name], column_names(tables.get(sh.name, [])),
                                           first_row=True)
        if problems or not_finite:
            raise InputErrors(problems + not_finite)
    elif not_finite:
        raise InputErrors(not_finite)
    out = Tables(tables, [sh.name for sh in sheets], date1904)
    out.notes = merged_notes(p, spread, lambda name: column_names(tables.get(name, [])))
    out.merged = merged         # by sheet: its merged ranges, 0-based ((row, col), (row, col))
    return out


def first_cells(path: str | os.PathLike, names: Collection[str]) -> dict[str, Any]:
    """The first cell (A1) of each sheet of ``names`` that the workbook has (None: empty),
    read from the sheet's first row alone -- the sheet itself is never loaded."""
    p = Path(path)
    out: dict[str, Any] = {}
    with inspect_file(p) as z:
        try:
            sheets, _ = workbook_sheets(z)
            present = set(z.namelist())
            wanted = [sh for sh in sheets if sh.name in names and sh.part in present]
            strings: list[str] | None = None
            for sh in wanted:
                kind, raw = _a1(part_head(z, sh.part))
                if kind == "s":
                    if strings is None:
                        strings = _shared_strings(z, present)
                    k = int(raw) if raw.isdigit() else -1
                    out[sh.name] = strings[k] if 0 <= k < len(strings) else None
                else:
                    out[sh.name] = raw if kind else None
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):
            raise _damaged(p) from None
    return out


_A1 = re.compile(rb'<(?:\w+:)?c\b(?=[^>]*\br="A1")([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)', re.S)
_TEXT = re.compile(rb"<(?:\w+:)?t\b[^>]*>([^<]*)<")


def _a1(head: bytes) -> tuple[str, str]:
    """(the kind of cell A1 -- "s" a shared string, "t" text, "" none --, its text or index)."""
    m = _A1.search(head)
    if m is None:
        return "", ""
    attrs, body = m.group(1), m.group(2) or b""
    t = re.search(rb'\bt="(\w+)"', attrs)
    kind = t.group(1) if t else b"n"
    if kind == b"s":
        v = re.search(rb"<(?:\w+:)?v>([^<]*)<", body)
        return "s", v.group(1).decode().strip() if v else ""
    texts = _TEXT.findall(body) if kind == b"inlineStr" else re.findall(rb"<(?:\w+:)?v>([^<]*)<", body)
    return ("t", unescape(b"".join(texts).decode("utf-8", "replace"))) if texts else ("", "")


def _shared_strings(z: zipfile.ZipFile, present: set[str]) -> list[str]:
    """The workbook's shared strings, in order (each item's text runs joined)."""
    from defusedxml.ElementTree import iterparse

    part = next((r.target for r in relationships(z.read(rels_path(WORKBOOK)), WORKBOOK)
                 if r.type.endswith("/sharedStrings")), None)
    if part is None or part not in present:
        return []
    out: list[str] = []
    with z.open(part) as f:
        for _, el in iterparse(f):
            if el.tag.rsplit("}", 1)[-1] == "si":
                out.append("".join(t.text or "" for t in el.iter() if t.tag.rsplit("}", 1)[-1] == "t"))
                el.clear()
    return out


__all__ = ["read_tables", "read_workbook", "read_sheets", "first_cells", "SheetPart", "spread_merged"]
