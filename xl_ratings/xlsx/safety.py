"""Refuse files that are not safe or not workbooks, before anything reads them.

Checked, in this order, each with a message naming the file:

* the file exists, is a regular file, and is at most ``MAX_FILE_BYTES``;
* it is a zip (an .xlsx/.xlsm); an OLE2 file is a password-protected
  (encrypted) workbook or an old .xls; anything else is not a workbook;
* the zip is complete (not truncated) and holds ``xl/workbook.xml``;
* zip-bomb limits: at most ``MAX_PARTS`` parts, ``MAX_UNCOMPRESSED`` bytes in
  all, and no part larger than ``MAX_PART_BYTES`` or inflating more than
  ``MAX_RATIO`` times;
* no XML part declares a DTD or entities (billion laughs, external
  entities); the package parts are parsed with defusedxml.

Then, for the sheets xl-ratings reads (the input sheets and the History;
never the user's other sheets), each sheet's XML scanned in chunks
(:func:`scan_sheet`), before any cell is loaded:

* size: the used range -- from A1 to the farthest cell holding a value, as
  the reader expands it -- must be at most ``MAX_ROWS`` rows (1,048,576,
  Excel's own), ``MAX_COLS`` columns (16,384, column XFD) and ``MAX_CELLS``
  cells (20 million) per sheet; a stray value far away (XFD1048576) is
  refused with the sheet and the cell to delete, never a crash;
* what the officer cannot see, in the input sheets: hidden or filtered-out
  rows holding values, hidden (or "very hidden") input sheets, header cells
  that are merged or hidden -- what is processed must be what you see;
* formulas without a stored value in the input sheets (a file written by a
  program that does not calculate): the reader would see an empty cell;
* a number cell holding NaN or an infinity (``<v>NaN</v>``, ``inf``, ``-INF``,
  ``1e999``), in every sheet that is read: no spreadsheet program types one, and
  python-calamine reads NaN as a number (or, in a date-formatted cell, as the day
  1899-12-30) and stops the process on minus infinity in a date-formatted cell --
  refused at its cell (:func:`not_finite_problems`), those values left out of what
  is read (:func:`without_not_finite`).

Whether the workbook is open in Excel or LibreOffice is :mod:`xl_ratings.files.office`'s
(the lock between two runs is :class:`xl_ratings.files.lock.WorkbookLock`).
"""

from __future__ import annotations

import os
import re
import zipfile
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path

from defusedxml import ElementTree as SafeET

from ..engine.cells import MAX_CELL_CHARS, MAX_CELLS, MAX_COLS, MAX_ROWS, col_letter, not_finite_text, spans
from ..engine.merged import header_merged
from ..errors import InputErrors, RatingInputError, Where
from ..files import messages as F
from ..files.source import (MAX_FILE_BYTES, MAX_PART_BYTES, MAX_PARTS, MAX_RATIO, MAX_UNCOMPRESSED, long_xml_value,
                            ole_kind, open_zip, refuse, spreadsheet_kind)
from ..i18n.catalogue import workbooks as W
from ..i18n.catalogue import sheets as M
from ..i18n.labels import sheet_key
from .package import CONTENT_TYPES, WORKBOOK, relationships, rels_path, sheets_of, unescape

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
INPUT_SHEETS = ("Settings", "Players", "Events", "Games", "Awards", "Points", "McMahon", "Clubs", "Identities")


__all__ = ["MAX_FILE_BYTES", "MAX_PART_BYTES", "MAX_PARTS", "MAX_RATIO", "MAX_UNCOMPRESSED", "inspect_file"]


def inspect_file(path: str | os.PathLike) -> zipfile.ZipFile:
    """Open ``path`` as a workbook zip after every safety check, or raise InputErrors."""
    p = Path(path)
    if not p.exists():
        raise refuse(p, F.NO_SUCH_FILE())
    if not p.is_file():
        raise refuse(p, W.NOT_A_FILE())
    size = p.stat().st_size
    if size > MAX_FILE_BYTES:
        raise refuse(p, W.WORKBOOK_TOO_BIG(mib=f"{size / 2**20:.0f}", limit=MAX_FILE_BYTES // 2**20))
    with open(p, "rb") as f:
        head = f.read(8)
        kind = ole_kind(f) if head.startswith(OLE_MAGIC) else None
    if head.startswith(OLE_MAGIC):
        raise refuse(p, W.IS_XLS() if kind == "xls" else W.IS_ENCRYPTED() if kind == "encrypted" else W.ENCRYPTED_OR_XLS())
    if not head.startswith(b"PK"):
        raise refuse(p, W.NOT_A_ZIP())
    z = open_zip(p, damaged=W.DAMAGED_ZIP())      # the zip-bomb limits, before any part is inflated
    infos = z.infolist()
    names = {i.filename for i in infos}
    if "xl/workbook.xml" not in names or "[Content_Types].xml" not in names:
        kind = spreadsheet_kind(z)
        z.close()
        raise refuse(p, W.IS_OPENDOCUMENT() if kind == "ods" else W.IS_NUMBERS() if kind == "numbers" else W.NOT_AN_XLSX())
    try:
        for i in infos:
            if not i.filename.endswith((".xml", ".rels", ".vml")):
                continue
            with z.open(i) as f:
                start = f.read(4096)
            if b"<!DOCTYPE" in start or b"<!ENTITY" in start:
                raise refuse(p, W.DECLARES_DTD(part=i.filename))
        for name in (CONTENT_TYPES, WORKBOOK, rels_path(WORKBOOK)):
            if name in names:
                xml = z.read(name)
                if long_xml_value(xml, MAX_PACKAGE_VALUE) is not None:   # told before a parse builds it
                    raise refuse(p, W.XML_DAMAGED())
                SafeET.fromstring(xml)
    except InputErrors:
        z.close()
        raise
    except Exception:   # defusedxml's refusals and broken XML
        z.close()
        raise refuse(p, W.XML_DAMAGED()) from None
    return z


#: an attribute value or text of the package's own parts (content types, workbook, its relationships), at most:
#: a defined name's formula, Excel's longest value there, is 8,192 characters (escaped, six bytes each at most)
MAX_PACKAGE_VALUE = 6 * 8192 + 1024


def part_head(z: zipfile.ZipFile, part: str, stop: bytes = b"<sheetData", limit: int = 4 * 2**20) -> bytes:
    """The start of a sheet part, up to its cell data (read in chunks, never the whole part)."""
    out = b""
    with z.open(part) as f:
        while len(out) < limit:
            chunk = f.read(65536)
            if not chunk:
                break
            out += chunk
            k = out.find(stop)
            if k >= 0:
                end = out.find(b"</row>", k)   # keep row 1 too: it may be hidden
                if end >= 0:
                    return out[:end]
    return out


class SheetPart:
    """A sheet as the workbook lists it: name, zip part, visibility."""

    def __init__(self, name: str, part: str, state: str) -> None:
        self.name, self.part, self.state = name, part, state

    @property
    def key(self) -> str | None:
        """The sheet's role (``Games`` …, ``History``), or None: a sheet of the user's own."""
        return sheet_key(self.name)


def workbook_sheets(z: zipfile.ZipFile) -> tuple[list[SheetPart], bool]:
    """(every sheet of the workbook in order, whether it counts dates from 1904)."""
    listed, date1904 = sheets_of(z.read(WORKBOOK), z.read(rels_path(WORKBOOK)))
    return [SheetPart(s.name, s.part, s.state) for s in listed], date1904


def hidden_sheet_problems(path: str | os.PathLike, sheets: list[SheetPart],
                          any_sheet: bool = False) -> list[RatingInputError]:
    """Input sheets (``any_sheet``: any of ``sheets``) the officer cannot see
    (hidden, or very hidden through VBA)."""
    problems = []
    for sh in sheets:
        if (sh.key not in INPUT_SHEETS and not any_sheet) or sh.state not in _SHEET_STATE:
            continue
        text = W.SHEET_VERY_HIDDEN() if sh.state == "veryHidden" else W.SHEET_HIDDEN()
        problems.append(RatingInputError(text, where=Where(str(path), sh.name)))
    return problems


#: Below these a row (points) or a column (characters) shows nothing: it counts as hidden.
MIN_ROW_HEIGHT = 3.0
MIN_COL_WIDTH = 0.5
#: A row attribute that hides it: ``hidden="1"``, or a height under :data:`MIN_ROW_HEIGHT` (0, 2.5, .5).
_HIDES_ROW = rb'(?:\bhidden="(?:1|true)"|\bht="(?:[0-2](?:\.\d*)?|\.\d+)")'
_COL_TAG = re.compile(rb"<(?:\w+:)?col\b[^>]*>")


def header_problems(path: str | os.PathLike, z: zipfile.ZipFile,
                    merged: dict[str, list] | None = None,
                    sheets: list[SheetPart] | None = None) -> list[RatingInputError]:
    """Merged or hidden header cells (row 1) of the input sheets, and their hidden columns.

    ``merged``: sheet name -> merged ranges ((r0, c0), (r1, c1)), 0-based, as
    python-calamine reports them.
    """
    if sheets is None:
        sheets = workbook_sheets(z)[0]
    problems = []
    names = set(z.namelist())
    inputs = [sh for sh in sheets if sh.key in INPUT_SHEETS]
    for sh in inputs:
        name = sh.name
        where = Where(str(path), name, 1)
        problems += header_merged(path, name, (merged or {}).get(name, []))
        if sh.part in names and _header_row_hidden(part_head(z, sh.part)):
            problems.append(RatingInputError(W.HEADER_HIDDEN(), where=where))
    return problems + hidden_column_problems(path, z, inputs, 60)


def _header_row_hidden(head: bytes) -> bool:
    for m in _ROW_START.finditer(head):
        tag = m.group(0)
        if re.search(rb'\br="1"', tag):
            return _HIDDEN.search(tag) is not None
    return False


def hidden_column_problems(path: str | os.PathLike, z: zipfile.ZipFile, sheets: list[SheetPart],
                           up_to: int = MAX_COLS) -> list[RatingInputError]:
    """Columns (among the first ``up_to``) of ``sheets`` that are hidden or too narrow to show
    anything (:data:`MIN_COL_WIDTH`): what is processed must be what is seen."""
    problems = []
    names = set(z.namelist())
    for sh in sheets:
        if sh.part not in names:
            continue
        head = part_head(z, sh.part)
        cols = head[:head.find(b"<sheetData")] if b"<sheetData" in head else head
        for m in _COL_TAG.finditer(cols):
            tag = m.group(0)
            width = re.search(rb'\bwidth="([^"]*)"', tag)
            try:
                narrow = width is not None and float(width.group(1)) < MIN_COL_WIDTH
            except ValueError:
                narrow = False
            if not (narrow or re.search(rb'\bhidden="(?:1|true)"', tag)):
                continue
            lo_m, hi_m = re.search(rb'\bmin="(\d+)"', tag), re.search(rb'\bmax="(\d+)"', tag)
            if lo_m is None or hi_m is None:    # the schema requires both: which columns is not known
                problems.append(RatingInputError(M.COLUMN_ENTRY_DAMAGED(), value=tag.decode("utf-8", "replace")[:80],
                                                 where=Where(str(path), sh.name)))
                continue
            lo, hi = int(lo_m.group(1)), int(hi_m.group(1))
            if lo <= up_to:
                last = min(hi, up_to)
                columns = W.COLUMNS_N(first=lo, last=last) if lo != last else W.COLUMN_N(n=lo)
                problems.append(RatingInputError(W.COLUMNS_HIDDEN(columns=columns), where=Where(str(path), sh.name, 1)))
    return problems


# --------------------------------------------------------------------------- the sheets read

_NS = rb"(?:[A-Za-z_][\w.-]*:)?"            # a namespace prefix (<x:row>) some writers use
_ROW_TAG = re.compile(rb"<" + _NS + rb"row\b")
_ROW_R = re.compile(rb'\sr="(\d+)"')
_CELL_R = re.compile(rb'\sr="([A-Z]{1,3})(\d+)"')
_CELL_T = re.compile(rb'\st="(\w+)"')
_HIDDEN = re.compile(_HIDES_ROW)
_ROW_START = re.compile(rb"<" + _NS + rb"row\b[^>]*>")
_WIDE = re.compile(rb'r="(?:[A-Z][A-Z]|[N-Z]\d)')   # a cell beyond column M (a cheap first look)
#: where :data:`_WIDE` or an error cell's ``t="e"`` may be: one search for both (its ``="`` found by
#: the search's own prefix scan), each then looked for as before only in a piece where this is found
_WIDE_OR_ERROR = re.compile(rb'="(?:e"|[A-Z][A-Z]|[N-Z]\d)')
_MULTI = re.compile(rb'r="([A-Z]{2,3})(\d+)"')
_FORMULA = re.compile(rb"<" + _NS + rb"f[\s>/]")
_CELL_START = re.compile(rb"<" + _NS + rb"c\s")
_CELL_END = re.compile(rb"</" + _NS + rb"c>")
_ROW_OR_CELL = re.compile(rb"<" + _NS + rb"(row|c)\b([^>]*?)(/?)>")
_ANY_VALUE = re.compile(rb"<" + _NS + rb"(?:v|is)\b")
_STORED = re.compile(rb"<" + _NS + rb"v>\s*[^<\s]")
#: a cell holding an error value (t="e"): python-calamine gives it as "" -- a blank it is not
_ERROR_CELL = re.compile(rb"<" + _NS + rb"c\s([^>]*\st=\"e\"[^>]*)>(.*?)</" + _NS + rb"c>", re.S)
_VALUE = re.compile(rb"<" + _NS + rb"v>([^<]*)<")
_SHEET_STATE = {"hidden": "hidden", "veryHidden": "very hidden"}
CHUNK = 1 << 20


def col_number(letters: str) -> int:
    """Column letters -> number: A -> 1, XFD -> 16384."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


class SheetScan:
    """What a sheet's XML holds beyond its cell values (:func:`scan_sheet`)."""

    def __init__(self) -> None:
        self.rows = 0                       #: last row holding a value (an upper estimate unless ``exact``)
        self.cols = 0                       #: last column holding a value (likewise)
        self.exact = False
        self.far: tuple[int, int] | None = None   #: (row, column) of a value far away, when over a limit
        self.hidden_rows: list[int] = []    #: hidden rows holding values
        self.filtered = False               #: an autoFilter with criteria
        self.formulas: list[tuple[int, int]] = []   #: (row, column) of formulas without a stored value
        self.long_cells: list[tuple[int, int, int]] = []   #: (row, column, characters) of text past a cell's limit
        self.errors: list[tuple[int, int, str]] = []   #: (row, column, shown) of cells showing an error (#DIV/0!)
        #: (row, column, value) of number cells holding NaN or an infinity (None: the cell has no reference)
        self.not_finite: list[tuple[int | None, int | None, float]] = []

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def too_big(self) -> bool:
        return self.rows > MAX_ROWS or self.cols > MAX_COLS or self.cells > MAX_CELLS


def part_chunks(z: zipfile.ZipFile, part: str) -> Iterator[tuple[bytes, bool]]:
    """The part in pieces that end after a whole row (``</row>``), and last the rest (True)."""
    tail = b""
    with z.open(part) as f:
        while True:
            chunk = f.read(CHUNK)
            if not chunk:
                break
            buf = tail + chunk
            k = _last_row_end(buf)
            if k < 0:
                tail = buf
                continue
            yield buf[:k], False
            tail = buf[k:]
    yield tail, True


def _last_row_end(buf: bytes) -> int:
    """The index just after the last ``</row>`` (or ``</x:row>``) of ``buf``, or -1."""
    k = len(buf)
    while True:
        k = buf.rfind(b"row>", 0, k)
        if k < 0:
            return -1
        if buf[k - 2:k] == b"</":
            return k + 4
        if buf[k - 1:k] == b":":
            j = k - 2
            while j >= 0 and (buf[j:j + 1].isalnum() or buf[j:j + 1] in b"_.-"):
                j -= 1
            if buf[j - 1:j + 1] == b"</" and j < k - 2:
                return k + 4


def _last_row(body: bytes) -> int | None:
    """The r of the last row tag in ``body`` (None: none, or without r)."""
    k = len(body)
    while True:
        k = body.rfind(b"row", 0, k)
        if k < 0:
            return None
        start = body.rfind(b"<", 0, k)
        tag = _ROW_TAG.match(body, start) if start >= 0 else None
        if tag is not None and tag.end() == k + 3:
            end = body.find(b">", k)
            m = _ROW_R.search(body, k, end if end >= 0 else len(body))
            return int(m.group(1)) if m else None


def scan_sheet(z: zipfile.ZipFile, part: str, input_sheet: bool = True,
               long_strings: Mapping[int, int] | None = None) -> SheetScan:
    """One pass over a sheet part, in chunks: its used range (how far the
    cells holding values reach), and for an input sheet its hidden rows
    holding values, an active filter, and formulas without a stored value.

    The range is first estimated cheaply (the last row; columns beyond M
    looked for only); only a sheet that may be over a limit is scanned
    again cell by cell for the exact farthest value.
    """
    scan = SheetScan()
    wide = 13
    counted = 0
    prefixed = False   # <x:row>, <x:c>: namespace prefixes (some writers)
    for n, (body, last) in enumerate(part_chunks(z, part)):
        if n == 0:
            root = re.search(rb"<([A-Za-z_][\w.-]*:)?worksheet\b", body)
            prefixed = bool(root and root.group(1))
        if last:
            scan.filtered = b"filterColumn" in body   # the autoFilter follows the cells
            break
        r = _last_row(body)
        if r is None:
            counted += body.count(b"row ") + body.count(b"row>")   # rows without r: count (over, never under)
        else:
            scan.rows = max(scan.rows, r)
        maybe = _WIDE_OR_ERROR.search(body) is not None
        if (_PREFIXED_NOT_FINITE if prefixed else _NOT_FINITE).search(body) is not None:   # any sheet read
            scan.not_finite += [(r, c, x) for _, _, r, c, x in not_finite_values(body, prefixed)]
        if maybe and _WIDE.search(body):
            wide = max(wide, 26)
            for m in _MULTI.finditer(body):
                wide = max(wide, col_number(m.group(1).decode()))
        if input_sheet:
            if _holds(body, b"h", _HIDING):
                _hidden_rows(body, scan)
            if _holds(body, b"f", _PREFIXED_FORMULA if prefixed else _FORMULA_START):
                _formulas(body, scan)
            _long_cells(body, scan, long_strings or {})
            if maybe and b't="e"' in body:
                _error_cells(body, scan)
    scan.rows = max(scan.rows, counted)
    scan.cols = wide
    if scan.too_big():
        _exact_extent(z, part, scan)
    return scan


#: (where the looked-for byte is in it, the text, after a word's start only?) of what :func:`_holds` looks for
_HIDING = ((0, b'hidden="', True), (0, b'ht="', True))          # what :data:`_HIDDEN` can match
_FORMULA_START = ((1, b"<f", False),)
_PREFIXED_FORMULA = ((1, b"<f", False), (1, b":f", False))
_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
#: hits of the byte checked one by one before the texts are searched for as they are
_HITS = 64


def _holds(body: bytes, byte: bytes, texts: tuple[tuple[int, bytes, bool], ...]) -> bool:
    """May ``body`` hold one of ``texts``?  Looked for by a byte they share that a sheet's cells
    seldom hold (``f``, ``h``: a memchr), each hit checked in place -- a text that must start a
    word (``\\b`` in :data:`_HIDDEN`) is not counted inside one (``defaultRowHeight="15"``);
    after :data:`_HITS` hits (text that is English), each text searched for as it is (never fewer
    than there are: a cheaper look, the same answer wherever the texts are not)."""
    find = body.find
    k = find(byte)
    hits = 0
    while k >= 0:
        for at, text, word in texts:
            start = k - at
            if start >= 0 and body.startswith(text, start) and not (word and start and body[start - 1] in _WORD):
                return True
        hits += 1
        if hits >= _HITS:
            start = max(0, k - max(at for at, _, _ in texts))
            return any(find(text, start) >= 0 for _, text, _ in texts)
        k = find(byte, k + 1)
    return False


def _hidden_rows(body: bytes, scan: SheetScan) -> None:
    for m in _HIDDEN.finditer(body):
        start = body.rfind(b"<", 0, m.start())
        if start < 0 or _ROW_TAG.match(body, start) is None:
            continue   # a hidden column (<col>): header_problems
        end = body.find(b">", m.end())
        if end < 0 or body[end - 1:end] == b"/":
            continue   # an empty row: nothing to see
        close = body.find(b"row>", end)
        content = body[end:close if close >= 0 else len(body)]
        r = _ROW_R.search(body, start, end)
        if r and _ANY_VALUE.search(content):
            scan.hidden_rows.append(int(r.group(1)))


_LONG_TEXT = re.compile(rb"<" + _NS + rb"t\b[^>/]*>([^<]{%d,})<" % (MAX_CELL_CHARS + 1))
_SHARED_CELL = re.compile(rb"<" + _NS + rb'c\b([^>]*\bt="s"[^>]*)>\s*<' + _NS + rb"v>\s*(\d+)\s*<")


def _cell_at(body: bytes, at: int) -> tuple[int, int] | None:
    """(row, column) of the cell whose content is at ``at``."""
    start = max(body.rfind(b"<c ", 0, at), body.rfind(b":c ", 0, at))
    ref = _CELL_R.search(body, start, body.find(b">", start)) if start >= 0 else None
    return (int(ref.group(2)), col_number(ref.group(1).decode())) if ref else None


#: a text node over a cell's 32,767 characters is a run of at least 32,768 bytes without ``<``: such a
#: run always covers one whole block of this size, counted from the start of the body
_BLOCK = (MAX_CELL_CHARS + 1) // 2


def _may_hold_long_text(body: bytes) -> bool:
    """Is there a block of :data:`_BLOCK` bytes without ``<``?  When not, no text node of
    ``body`` can be longer than a cell holds (one ``find`` per 16 KB, no copy)."""
    find = body.find
    return any(find(b"<", k, k + _BLOCK) < 0 for k in range(0, len(body), _BLOCK))


def _long_cells(body: bytes, scan: SheetScan, long_strings: Mapping[int, int]) -> None:
    """Text past a cell's 32,767 characters: python-calamine would cut it without a word."""
    for m in (_LONG_TEXT.finditer(body) if _may_hold_long_text(body) else ()):
        n = len(unescape(m.group(1).decode("utf-8", "replace")))
        at = _cell_at(body, m.start())
        if n > MAX_CELL_CHARS and at is not None:
            scan.long_cells.append((*at, n))
    if long_strings:
        for m in _SHARED_CELL.finditer(body):
            chars = long_strings.get(int(m.group(2)))
            ref = _CELL_R.search(b" " + m.group(1)) if chars is not None else None
            if chars is not None and ref is not None:
                scan.long_cells.append((int(ref.group(2)), col_number(ref.group(1).decode()), chars))


def long_shared_strings(z: zipfile.ZipFile) -> dict[int, int]:
    """The shared strings past a cell's 32,767 characters: index -> characters (read in chunks)."""
    part = next((r.target for r in relationships(z.read(rels_path(WORKBOOK)), WORKBOOK)
                 if r.type.endswith("/sharedStrings")), None)
    if part is None or part not in z.namelist():
        return {}
    out: dict[int, int] = {}
    index = 0
    tail = b""
    with z.open(part) as f:
        while True:
            chunk = f.read(CHUNK)
            buf = tail + chunk
            cut = buf.rfind(b"</si>") + 5 if chunk else len(buf)
            body, tail = (buf[:cut], buf[cut:]) if cut >= 5 else (b"", buf)
            if not _LONG_RUN.search(body):         # nothing near the limit: count the items only
                index += len(_SI.findall(body))
            else:
                for m in re.finditer(rb"<(?:\w+:)?si\b[^>]*>(.*?)</(?:\w+:)?si>", body, re.S):
                    n = sum(len(unescape(t.decode("utf-8", "replace"))) for t in _TEXT_RUN.findall(m.group(1)))
                    if n > MAX_CELL_CHARS:
                        out[index] = n
                    index += 1
            if not chunk:
                return out


_TEXT_RUN = re.compile(rb"<(?:\w+:)?t\b[^>/]*>([^<]*)<")
_LONG_RUN = re.compile(rb">[^<]{4096}")
_SI = re.compile(rb"<(?:\w+:)?si\b")


#: What may start the stored value of a number cell that is NaN or an infinity, as python-calamine
#: (Rust's float parser) reads it: ``nan``, ``inf``, ``infinity`` in any case, after a sign, or a
#: number past the largest float (an exponent of three digits, or 300 digits and more).  One search
#: per piece (a look at each value's first bytes, in C); each hit looked at in place.
_NOT_FINITE_TAIL = rb"[-+]?+(?:[iInN]|[0-9.]*+(?:[eE][-+]?+[0-9]{3}|(?<=[0-9.]{300})))"
_NOT_FINITE = re.compile(rb"<v>" + _NOT_FINITE_TAIL)
_PREFIXED_NOT_FINITE = re.compile(rb"v>" + _NOT_FINITE_TAIL)     # <x:v> too (and </v>: told apart below)


def not_finite_values(body: bytes, prefixed: bool = False) -> Iterator[tuple[int, int, int | None, int | None, float]]:
    """The stored values of ``body``'s number cells (no ``t``, or ``t="n"``) that are NaN or an
    infinity: (where the ``<v>`` element starts, where it ends, row, column, the value)."""
    for m in (_PREFIXED_NOT_FINITE if prefixed else _NOT_FINITE).finditer(body):
        at = m.start()
        if prefixed:
            if body[at - 1:at] == b"<":
                at -= 1
            elif body[at - 1:at] == b":" and (lt := body.rfind(b"<", 0, at)) >= 0 and body[lt + 1:lt + 2] != b"/":
                at = lt
            else:
                continue                # a closing </v>
        gt = body.find(b">", at) + 1
        lt = body.find(b"<", gt)
        try:
            x = float(body[gt:lt])
        except ValueError:              # not a number at all (python-calamine refuses the file)
            continue
        if x - x == 0:                  # a finite number (1e-300: an exponent of three digits)
            continue
        start = max(body.rfind(b"<c ", 0, at), body.rfind(b":c ", 0, at))
        tag_end = body.find(b">", start) if start >= 0 else -1
        attrs = body[start:tag_end] if tag_end >= 0 else b""
        kind = _CELL_T.search(attrs)
        if kind is not None and kind.group(1) != b"n":
            continue                    # a formula's text (t="str"), a shared string's index, …
        close = body.find(b">", lt) + 1
        ref = _CELL_R.search(attrs)
        if ref is not None:
            yield at, close, int(ref.group(2)), col_number(ref.group(1).decode()), x
        else:                           # a cell without its reference: its row, when the row has one
            yield at, close, _last_row(body[:at]), None, x


def without_not_finite(data: bytes) -> bytes:
    """A sheet part with the values of :func:`not_finite_values` taken out (those cells left empty)."""
    root = re.search(rb"<([A-Za-z_][\w.-]*:)?worksheet\b", data[:65536])
    found = list(not_finite_values(data, bool(root and root.group(1))))
    if not found:
        return data
    pieces, k = [], 0
    for start, end, *_ in found:
        pieces.append(data[k:start])
        k = end
    pieces.append(data[k:])
    return b"".join(pieces)


def not_finite_problems(path: str | os.PathLike, sheet: str, scan: SheetScan,
                        column_name: Callable[[int], str] | None = None) -> list[RatingInputError]:
    """The number cells of a sheet holding NaN or an infinity, each refused at its cell (by row and
    column, as the file has them)."""
    return [RatingInputError(not_finite_text(x),
                             where=Where(str(path), sheet, r, ((column_name(c) if column_name else "") or col_letter(c))
                                         if c is not None else None))
            for r, c, x in sorted(scan.not_finite, key=lambda t: (t[0] or 0, t[1] or 0))]


def _formulas(body: bytes, scan: SheetScan) -> None:
    for m in _FORMULA.finditer(body):
        starts = [s.start() for s in _CELL_START.finditer(body, max(0, m.start() - 400), m.start())]
        if not starts:
            continue
        start = starts[-1]
        tag_end = body.find(b">", start)
        end = _CELL_END.search(body, m.end())
        if tag_end < 0 or end is None:
            continue
        attrs, content = body[start:tag_end], body[tag_end + 1:end.start()]
        ref = _CELL_R.search(attrs)
        t = _CELL_T.search(attrs)
        kind = t.group(1) if t else b"n"
        stored = bool(_STORED.search(content)) or (kind == b"str" and _ANY_VALUE.search(content) is not None) \
            or kind == b"inlineStr"
        if ref and not stored:
            scan.formulas.append((int(ref.group(2)), col_number(ref.group(1).decode())))


def _error_cells(body: bytes, scan: SheetScan) -> None:
    """The cells showing an error value (#DIV/0!, #N/A, #REF!...): their formula cannot be
    computed, so what the cell stands for is unknown (never a blank)."""
    for m in _ERROR_CELL.finditer(body):
        ref = _CELL_R.search(b" " + m.group(1))
        if ref is None:
            continue
        shown = _VALUE.search(m.group(2))
        scan.errors.append((int(ref.group(2)), col_number(ref.group(1).decode()),
                            shown.group(1).decode("utf-8", "replace").strip() if shown else "#VALUE!"))


def _exact_extent(z: zipfile.ZipFile, part: str, scan: SheetScan) -> None:
    """The farthest cell holding a value, cell by cell (a sheet that may be over a limit)."""
    rows = cols = 0
    far_row = (0, 0)
    far_col = (0, 0)
    row = 0
    col = 0
    for body, last in part_chunks(z, part):
        if last:
            break
        for m in _ROW_OR_CELL.finditer(body):
            attrs = m.group(2)
            if m.group(1) == b"row":
                rr = _ROW_R.search(b" " + attrs)
                row = int(rr.group(1)) if rr else row + 1
                col = 0
                continue
            ref = _CELL_R.search(b" " + attrs)
            if ref:
                col = col_number(ref.group(1).decode())
                row = int(ref.group(2))
            else:
                col += 1
            if m.group(3):
                continue   # <c …/>: no value
            end = _CELL_END.search(body, m.end())
            content = body[m.end():end.start() if end else len(body)]
            if not _ANY_VALUE.search(content):
                continue
            if row > rows:
                rows, far_row = row, (row, col)
            if col > cols:
                cols, far_col = col, (row, col)
    scan.rows, scan.cols, scan.exact = rows, cols, True
    # the value that stretches the range most: far down, or far to the right
    scan.far = far_row if rows / MAX_ROWS >= cols / MAX_COLS else far_col


def size_problem(path: str | os.PathLike, sheet: str, scan: SheetScan) -> RatingInputError | None:
    """The refusal of a sheet whose used range is over a limit (naming the far cell), or None."""
    if not scan.too_big():
        return None
    row, col = scan.far or (scan.rows, scan.cols)
    cell = f"{col_letter(col)}{row}"
    used = f"A1:{col_letter(scan.cols)}{scan.rows}"
    if scan.rows > MAX_ROWS:
        size = W.SIZE_ROWS(count=f"{scan.rows:,}", limit=f"{MAX_ROWS:,}")
    elif scan.cols > MAX_COLS:
        size = W.SIZE_COLUMNS(count=f"{scan.cols:,}", limit=f"{MAX_COLS:,}")
    else:
        size = W.SIZE_CELLS(count=f"{scan.cells:,}", limit=f"{MAX_CELLS:,}")
    return RatingInputError(W.USED_RANGE(cell=cell, used=used, size=size), where=Where(str(path), sheet))


def sheet_problems(path: str | os.PathLike, sheet: str, scan: SheetScan,
                   column_name: Callable[[int], str] | None = None, first_row: bool = False,
                   unread: Callable[[], Collection[int]] | None = None) -> list[RatingInputError]:
    """Hidden rows and formulas without a stored value of an input sheet.

    ``column_name``: column number -> the name the officer knows (its header).
    ``first_row``: row 1 too (an import source: no header check of its own).
    ``unread``: the columns (1-based) no reader reads (asked only when there are formulas without a
    value): a formula there is left alone -- the officer's own helper column.
    """
    problems = []
    hidden = [r for r in scan.hidden_rows if r != 1 or first_row]   # row 1: :func:`header_problems`
    if hidden:
        hidden_text = W.ROW_HIDDEN if len(hidden) == 1 else W.ROWS_HIDDEN
        problems.append(RatingInputError(hidden_text(rows=spans(hidden), sheet=sheet),
                                         where=Where(str(path), sheet, min(hidden))))
    for r, c, n in scan.long_cells:
        name = column_name(c) if column_name else ""
        problems.append(RatingInputError(M.CELL_TOO_LONG(chars=f"{n:,}"),
                                         where=Where(str(path), sheet, r, name or col_letter(c))))
    for r, c, shown in scan.errors:
        name = column_name(c) if column_name else ""
        problems.append(RatingInputError(W.CELL_SHOWS_ERROR(shown=shown), value=shown,
                                         where=Where(str(path), sheet, r, name or col_letter(c))))
    by_col: dict[int, list[int]] = {}
    never_read = unread() if unread is not None and scan.formulas else ()
    for r, c in scan.formulas:
        if c in never_read:
            continue
        by_col.setdefault(c, []).append(r)
    for c, rs in sorted(by_col.items()):
        name = column_name(c) if column_name else ""
        rows = (W.ROW_AT if len(rs) == 1 else W.ROWS_AT)(rows=spans(rs))
        problems.append(RatingInputError(W.FORMULAS_NO_VALUE(column=col_letter(c), rows=rows),
                                         where=Where(str(path), sheet, min(rs), name or col_letter(c))))
    return problems
