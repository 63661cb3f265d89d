"""Write result sheets into an existing .xlsx/.xlsm by patching its zip.

Every part of the workbook that is not a result sheet is copied unchanged,
byte for byte: the user's sheets, formatting, data validation, comments,
defined names, charts, images, the VBA project and its buttons.  Only these
parts change:

* ``xl/workbook.xml`` -- a ``<sheet>`` entry for each *new* result sheet (an
  existing result sheet keeps its entry, name, id and position);
* ``xl/_rels/workbook.xml.rels``, ``[Content_Types].xml`` -- entries for new parts;
* ``xl/styles.xml`` -- the few cell styles the result sheets use, appended
  once (re-processing finds and reuses them);
* the result sheets' own parts (worksheet, and History's drawing and chart).

Cells are written as numbers (17 significant digits, exact) or inline
strings; no formula is ever written, so a name like ``=HYPERLINK(…)`` stays
text.  This is also much faster than loading the whole workbook into
openpyxl: the input sheets are never parsed here.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from itertools import compress, repeat
from operator import eq
from typing import Any, NamedTuple, cast

from ..engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904, MAX_CELL_CHARS, MAX_ROWS, col_letter, serial_of
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import workbooks as M
from .package import (CONTENT_TYPES, MAIN_NS, R_CHART, R_DRAWING, R_SHEET, REL_NS, T_CHART, T_DRAWING, T_SHEET,
                      WORKBOOK, Package, attrs, escape_attr, escape_text, mark_source, rels_path, rels_xml, unescape)


class PrintSpec:
    """Page setup of a sheet: A4, orientation, fitting, repeated rows, header and footer.

    ``header``/``footer``: (left, centre, right) plain text; ``{page}`` and
    ``{pages}`` become Excel's page number and page count.
    """

    def __init__(self, landscape: bool, fit_width: bool = True, one_page: bool = False,
                 title_rows: int = 1, header: Sequence[str] = ("", "", ""),
                 footer: Sequence[str] = ("", "", ""), fit_rows: bool = False):
        self.landscape, self.fit_width, self.one_page = landscape, fit_width, one_page
        self.title_rows, self.header, self.footer = title_rows, tuple(header), tuple(footer)
        #: rows as high as their wrapped text (:func:`row_heights`), every cell at its row's top:
        #: for a sheet LibreOffice prints, which lays rows out at the height the file gives them
        self.fit_rows = fit_rows

    def xml(self) -> str:
        fit = "1" if self.one_page else "0"
        setup = (f'<pageSetup paperSize="9" orientation="{"landscape" if self.landscape else "portrait"}"'
                 + (f' fitToWidth="1" fitToHeight="{fit}"' if self.fit_width or self.one_page else "") + "/>")
        return setup + ("<headerFooter>"
                        f"<oddHeader>{escape_text(_hf(self.header))}</oddHeader>"
                        f"<oddFooter>{escape_text(_hf(self.footer))}</oddFooter></headerFooter>")


def _hf(parts: Sequence[str]) -> str:
    """Excel header/footer codes: &L left &C centre &R right."""
    from ..view.page import excel_code

    return "".join(f"&{k}{excel_code(t)}" for k, t in zip("LCR", parts) if t)


class SheetSpec:
    """One result sheet: header labels, rows of values, per-column number formats."""

    def __init__(self, name: str, header: Sequence[str], rows: Sequence[Sequence[Any]],
                 formats: Sequence[str | None], tab_color: str = "1F4E78",
                 chart: "ChartSpec | None" = None, extra_cells: Sequence[tuple[int, int, Any, str | None]] = (),
                 hidden: Sequence[int] = (), page: PrintSpec | None = None):
        self.name, self.header, self.rows, self.formats = name, list(header), rows, list(formats)
        self.tab_color, self.chart, self.extra_cells = tab_color, chart, list(extra_cells)
        self.hidden = set(hidden)   #: 0-based columns grouped and hidden (internal ledger columns)
        self.page = page


class ChartSpec:
    """A line chart: categories and series are cell ranges of the same sheet."""

    def __init__(self, title: str, x_title: str, y_title: str, categories: str,
                 series: Sequence[tuple[str, str]], anchor: tuple[int, int],
                 y_range: tuple[float, float] | None = None):
        self.title, self.x_title, self.y_title = title, x_title, y_title
        self.categories, self.series, self.anchor = categories, list(series), anchor
        self.y_range = y_range          #: the value axis (min, max); None: the chart program's own


def text_width(v: Any) -> int:
    if v is None:
        return 0
    if isinstance(v, float):
        return 10
    if isinstance(v, (dt.date, dt.datetime)):
        return 11
    text = str(v)
    if text.isascii():      # no ASCII character is wide
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _widest(values: Sequence[Any]) -> int:
    """``max(map(text_width, values))`` (0 for none): a number's or a date's width once, each
    distinct text once, a wide character looked up once (an ASCII text is as wide as it is long)."""
    kinds = set(map(type, values))
    if not kinds <= {str, int, float, dt.date, _NONE}:
        return max(map(text_width, values), default=0)
    best = 10 if float in kinds else 0
    if dt.date in kinds:
        best = 11
    if int in kinds:
        best = max(best, max(len(str(v)) for v in values if v.__class__ is int))
    if str in kinds:
        texts = {v for v in values if v.__class__ is str}
        joined = "".join(texts)
        if joined.isascii():
            return max(best, max(map(len, texts)))
        wide = {c for c in set(joined) if unicodedata.east_asian_width(c) in "WF"}
        best = max(best, max(len(t) + sum(map(wide.__contains__, t)) for t in texts))
    return best


# --------------------------------------------------------------------------- styles
class Styles:
    """Find-or-append the cell formats the result sheets need in styles.xml."""

    HEADER_FONT = '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font>'
    HEADER_FILL = '<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E78"/><bgColor indexed="64"/></patternFill></fill>'

    def __init__(self, xml: str):
        self.xml = xml
        m = re.search(r"<(\w+:)?styleSheet\b", xml)
        self.p = (m.group(1) or "") if m else ""
        self._xf_cache: dict[tuple[Any, ...], int] = {}

    def _section(self, tag: str) -> tuple[int, int, str] | None:
        p = re.escape(self.p)
        m = re.search(rf"<{p}{tag}\b[^>]*?(/>|>(.*?)</{p}{tag}>)", self.xml, re.S)
        if not m:
            return None
        return m.start(), m.end(), m.group(2) or ""

    def _items(self, tag: str, item: str) -> list[str]:
        sec = self._section(tag)
        if sec is None:
            return []
        p = re.escape(self.p)
        return re.findall(rf"<{p}{item}\b(?:[^>]*/>|[^>]*>.*?</{p}{item}>)", sec[2], re.S)

    def _append(self, tag: str, item: str, item_xml: str) -> int:
        """Append an item to a section (creating the section first if needed); return its index."""
        p = self.p
        item_xml = item_xml.replace("<", f"<{p}").replace(f"<{p}/", f"</{p}") if p else item_xml
        items = self._items(tag, item)
        sec = self._section(tag)
        if sec is None:   # only numFmts may be missing: it is the first child of styleSheet
            block = f'<{p}{tag} count="1">{item_xml}</{p}{tag}>'
            m = re.search(rf"<{re.escape(p)}styleSheet\b[^>]*>", self.xml)
            if m is None:   # the styles part's root element
                raise AssertionError("the styles part has no styleSheet element")
            self.xml = self.xml[:m.end()] + block + self.xml[m.end():]
            return 0
        start, end, body = sec
        open_m = re.match(rf"<{re.escape(p)}{tag}\b[^>]*?/?>", self.xml[start:end])
        if open_m is None:   # _section() found the section by this very tag
            raise AssertionError(f"the {tag} section does not start with its tag")
        open_tag = open_m.group(0)
        attrs = re.sub(r'\s*count="\d+"', "", open_tag[len(p) + len(tag) + 1:].rstrip("/>").rstrip(">"))
        new = f'<{p}{tag} count="{len(items) + 1}"{attrs}>{body}{item_xml}</{p}{tag}>'
        self.xml = self.xml[:start] + new + self.xml[end:]
        return len(items)

    def _find_or_add(self, tag: str, item: str, item_xml: str) -> int:
        norm = re.sub(r"\s+", "", item_xml)
        plain = [re.sub(r"\s+", "", re.sub(rf"<(/?){re.escape(self.p)}", r"<\1", x))
                 for x in self._items(tag, item)]
        if norm in plain:
            return plain.index(norm)
        return self._append(tag, item, item_xml)

    def numfmt(self, code: str) -> int:
        builtin = {"General": 0, "0": 1, "0.00": 2}
        if code in builtin:
            return builtin[code]
        for item in self._items("numFmts", "numFmt"):
            a = attrs(item)
            if unescape(a.get("formatCode", "")) == code:
                return int(a["numFmtId"])
        ids = [int(attrs(x).get("numFmtId", 0)) for x in self._items("numFmts", "numFmt")]
        nid = max([163] + ids) + 1
        self._append("numFmts", "numFmt", f'<numFmt numFmtId="{nid}" formatCode="{escape_attr(code)}"/>')
        return nid

    def xf(self, code: str | None, header: bool = False, indent: bool = False, wrap: bool = False,
           top: bool = False) -> int:
        """The cell format index for a number format (a header cell; text
        indented by one character, so that it never touches the right-aligned
        number of the column before; long text wrapped within its column; ``top``: at the top
        of its row, as wrapped text is)."""
        if wrap:
            top = False        # wrapped text is at its row's top already
        key = (code, header, indent, wrap) if not top else (code, header, indent, wrap, top)
        if key in self._xf_cache:
            return self._xf_cache[key]
        num = self.numfmt(code) if code else 0
        if header:
            font = self._find_or_add("fonts", "font", self.HEADER_FONT)
            fill = self._find_or_add("fills", "fill", self.HEADER_FILL)
            xml = (f'<xf numFmtId="0" fontId="{font}" fillId="{fill}" borderId="0" xfId="0" applyFont="1" '
                   'applyFill="1" applyAlignment="1"><alignment horizontal="center" vertical="center" '
                   'wrapText="1"/></xf>')
        elif indent or wrap:
            xml = (f'<xf numFmtId="{num}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" '
                   f'applyAlignment="1"><alignment horizontal="left"{" indent=" + chr(34) + "1" + chr(34) if indent else ""}'
                   f'{" vertical=" + chr(34) + "top" + chr(34) + " wrapText=" + chr(34) + "1" + chr(34) if wrap else ""}'
                   f'{" vertical=" + chr(34) + "top" + chr(34) if top else ""}/></xf>')
        elif top:
            xml = (f'<xf numFmtId="{num}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" '
                   'applyAlignment="1"><alignment vertical="top"/></xf>')
        elif num == 0:
            self._xf_cache[key] = 0
            return 0
        else:
            xml = f'<xf numFmtId="{num}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
        idx = self._find_or_add("cellXfs", "xf", xml)
        self._xf_cache[key] = idx
        return idx


# --------------------------------------------------------------------------- sheets
def cell_xml(ref: str, v: Any, style: int, epoch: dt.date = EXCEL_EPOCH) -> str:
    s = f' s="{style}"' if style else ""
    if v is None or (isinstance(v, str) and v == ""):
        return f'<c r="{ref}"{s}/>' if style else ""
    if isinstance(v, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(v)}</v></c>'
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            return f'<c r="{ref}"{s} t="inlineStr"><is><t>{v}</t></is></c>'
        return f'<c r="{ref}"{s}><v>{v!r}</v></c>' if isinstance(v, float) else f'<c r="{ref}"{s}><v>{v}</v></c>'
    if isinstance(v, dt.datetime):
        return f'<c r="{ref}"{s}><v>{serial_of(v, epoch == EXCEL_EPOCH_1904)!r}</v></c>'
    if isinstance(v, dt.date):
        return f'<c r="{ref}"{s}><v>{serial_of(v, epoch == EXCEL_EPOCH_1904)}</v></c>'
    text = escape_text(str(v))
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{text}</t></is></c>'


MAX_WIDTH = 60   #: widest column (characters); longer text wraps
#: the height of a line of text in a row (points: the sheet's default row height)
LINE_HEIGHT = 15


def row_heights(rows: Sequence[Sequence[Any]], wrapped: Sequence[int], widths: Sequence[int]) -> dict[int, int]:
    """The rows (numbered as the sheet numbers them: the header is row 1) whose text in the
    ``wrapped`` columns takes more than a line of their ``widths`` (the columns' widths, in
    characters: the indent and a margin left), each with its height in points (a line of
    :data:`LINE_HEIGHT` a line of text).  A line is reckoned on the wide side, so that no line
    of a text is ever cut off (a blank line at worst): a character 1.1 times a digit's width, a
    wide one (CJK) 1.5 times (LibreOffice's fonts: about 1 and 1.25)."""
    out: dict[int, int] = {}
    room = {j: max(1, widths[j] - 3) for j in wrapped}
    for i, row in enumerate(rows, start=2):
        lines = 1
        for j, w in room.items():
            v = row[j] if j < len(row) else None
            if v.__class__ is str and 1.5 * len(v) > w:
                wide = 0 if v.isascii() else sum(unicodedata.east_asian_width(c) in "WF" for c in v)
                lines = max(lines, math.ceil((1.1 * (len(v) - wide) + 1.5 * wide) / w))
        if lines > 1:
            out[i] = lines * LINE_HEIGHT
    return out


def _numeric(rows: Sequence[Sequence[Any]], j: int) -> bool:
    """Does column ``j`` hold numbers (judged on its first filled cells; an empty column counts as one)?"""
    seen = [r[j] for r in rows[:200] if j < len(r) and r[j] is not None and r[j] != ""]
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in seen)


def sheet_xml(spec: SheetSpec, styles: Styles, drawing_rid: str | None, epoch: dt.date = EXCEL_EPOCH) -> str:
    """The worksheet part of ``spec`` as text (:func:`sheet_bytes` decoded)."""
    return sheet_bytes(spec, styles, drawing_rid, epoch).decode("utf-8")


def sheet_bytes(spec: SheetSpec, styles: Styles, drawing_rid: str | None, epoch: dt.date = EXCEL_EPOCH) -> bytes:
    """The worksheet part of ``spec``, encoded (UTF-8): :func:`sheet_chunks` joined."""
    return b"".join(sheet_chunks(spec, styles, drawing_rid, epoch))


#: rows per piece of a sheet's part (:func:`sheet_chunks`): about a megabyte of XML
CHUNK_ROWS = 2000


def sheet_chunks(spec: SheetSpec, styles: Styles, drawing_rid: str | None,
                 epoch: dt.date = EXCEL_EPOCH) -> list[bytes]:
    """The worksheet part of ``spec``, encoded (UTF-8), in pieces of :data:`CHUNK_ROWS` rows (the
    zip writer deflates them one after another: no copy of the whole part made, none of its text).
    The rows the column writer writes come as text of UTF-8 bytes already (:func:`_column_lines`
    with ``utf8``): no wide string built, none encoded."""
    ncols = len(spec.header)
    letters = [col_letter(j) for j in range(1, max(ncols, 1) + 1 + 30)]
    header_xf = styles.xf(None, header=True)
    columns = columns_of(spec)
    fit_rows = spec.page is not None and spec.page.fit_rows
    seen = None if fit_rows else 500      # a printed sheet: its widest cell, wherever it is
    if columns is not None and len(columns.values) == ncols:     # each column's first 500 cells
        widths = [max(text_width(spec.header[j]), _widest(columns.values[j][:seen])) for j in range(ncols)]
    else:
        sample = spec.rows[:seen]
        widths = [max([text_width(spec.header[j])] + [text_width(r[j]) for r in sample if j < len(r)])
                  for j in range(ncols)]
    col_xf = []
    wrapped = []
    for j in range(ncols):
        fmt = spec.formats[j] if j < len(spec.formats) else None
        text = j > 0 and not _numeric(spec.rows, j) and not (fmt and fmt.startswith("yyyy"))
        wrap = text and widths[j] > MAX_WIDTH - 3
        if wrap:
            wrapped.append(j)
        col_xf.append(styles.xf(fmt, indent=True, wrap=wrap, top=fit_rows) if text
                      else styles.xf(fmt, top=fit_rows) if fmt or fit_rows else 0)
    heights = row_heights(spec.rows, wrapped, [min(MAX_WIDTH, max(6, w + 3)) for w in widths]) \
        if fit_rows and wrapped else {}
    date_xf = styles.xf("yyyy-mm-dd")
    fit = spec.page is not None and (spec.page.fit_width or spec.page.one_page)
    out = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN_NS}" '
           f'xmlns:r="{REL_NS}"><sheetPr><tabColor rgb="FF{spec.tab_color}"/>'
           + ('<outlinePr summaryRight="0"/><pageSetUpPr fitToPage="1"/>' if fit else "") + "</sheetPr>"]
    last_row = len(spec.rows) + 1
    extra_rows: dict[int, list[tuple[int, Any, str | None]]] = {}
    max_col = ncols
    for r, c, v, fmt in spec.extra_cells:
        extra_rows.setdefault(r, []).append((c, v, fmt))
        last_row, max_col = max(last_row, r), max(max_col, c)
    while len(letters) < max_col + 1:
        letters.append(col_letter(len(letters) + 1))
    out.append(f'<dimension ref="A1:{letters[max(max_col, 1) - 1]}{last_row}"/>')
    out.append('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" '
               'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" '
               'sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"'
               + (' outlineLevelCol="1"' if spec.hidden else "") + "/><cols>")
    for j in range(ncols):
        hide = ' hidden="1" outlineLevel="1"' if j in spec.hidden else ""
        width = min(MAX_WIDTH, max(6, widths[j] + 3))
        out.append(f'<col min="{j + 1}" max="{j + 1}" width="{width}" customWidth="1"{hide}/>')
    out.append("</cols><sheetData>")
    out.append('<row r="1">' + "".join(cell_xml(f"{letters[j]}1", h, header_xf)
                                       for j, h in enumerate(spec.header)))
    out.append("".join(cell_xml(f"{letters[c - 1]}1", v, styles.xf(f) if f else 0)
                       for c, v, f in extra_rows.get(1, [])) + "</row>")
    lines = _column_lines(columns_of(spec), letters[:ncols], col_xf, date_xf, epoch, utf8=True) \
        if not extra_rows and not heights else None
    at = len(out)
    if lines is not None:       # the whole sheet at once, column by column (its rows below: none left)
        out.append("")
    fast = _row_writer(spec.rows, letters[:ncols], col_xf, date_xf, epoch) \
        if not extra_rows and lines is None and not heights else None
    pre = [f'<c r="{letters[j]}' for j in range(ncols)]
    num = [f'" s="{x}"><v>' if x else '"><v>' for x in col_xf]
    txt = [f'" s="{x}" t="inlineStr"><is><t>' if x else '" t="inlineStr"><is><t>' for x in col_xf]
    for i, row in enumerate(spec.rows if lines is None else (), start=2):
        if fast is not None:
            line = fast(i, row)
            if line is not None:
                out.append(line)
                continue
        si = str(i)
        cells: list[str] = []
        add = cells.append
        for j, v in enumerate(row):
            t = v.__class__
            if t is float:
                if v == v and v not in (math.inf, -math.inf):
                    add(pre[j] + si + num[j] + repr(v) + "</v></c>")
                    continue
            elif t is int:
                add(pre[j] + si + num[j] + str(v) + "</v></c>")
                continue
            elif t is str:
                if not v:
                    continue
                if v.isprintable() and "&" not in v and "<" not in v and ">" not in v and v == v.strip():
                    add(pre[j] + si + txt[j] + v + "</t></is></c>")
                    continue
            elif v is None:
                continue
            xf = col_xf[j] if j < ncols else 0
            if isinstance(v, (dt.date, dt.datetime)) and not xf:
                xf = date_xf
            add(cell_xml(f"{letters[j]}{i}", v, xf, epoch))
        for c, v, f in extra_rows.get(i, []):
            add(cell_xml(f"{letters[c - 1]}{i}", v, styles.xf(f) if f else 0))
        high = heights.get(i) if heights else None
        out.append('<row r="' + si + (f'" ht="{high}" customHeight="1">' if high else '">') + "".join(cells) + "</row>")
    for r in sorted(k for k in extra_rows if k > len(spec.rows) + 1):
        out.append(f'<row r="{r}">' + "".join(cell_xml(f"{letters[c - 1]}{r}", v, styles.xf(f) if f else 0)
                                               for c, v, f in extra_rows[r]) + "</row>")
    out.append("</sheetData>")
    if spec.rows and ncols and spec.chart is None:
        out.append(f'<autoFilter ref="A1:{letters[ncols - 1]}{len(spec.rows) + 1}"/>')
    if spec.page is not None:
        out.append('<printOptions horizontalCentered="1"/>')
    out.append('<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>')
    if spec.page is not None:
        out.append(spec.page.xml())
    if drawing_rid:
        out.append(f'<drawing r:id="{drawing_rid}"/>')
    out.append("</worksheet>")
    if lines is None:
        return ["".join(out).encode("utf-8")]
    return (["".join(out[:at]).encode("utf-8")]
            + ["".join(lines[k:k + CHUNK_ROWS]).encode("latin-1") for k in range(0, len(lines), CHUNK_ROWS)]
            + ["".join(out[at + 1:]).encode("utf-8")])


_NONE = type(None)
_FAST_TYPES = (str, int, float, _NONE, dt.date)


class Columns(NamedTuple):
    """A sheet's rows as columns, and the types of each column's values."""

    values: list[tuple[Any, ...]]
    types: list[set[type]]


def columns_of(spec: SheetSpec) -> Columns | None:
    """``spec``'s rows as columns (each row as long as the header), or None (none, or a row of
    another length); computed once per sheet (:func:`check_limits` and :func:`sheet_xml` ask)."""
    got = spec.__dict__.get("_columns", False)
    if got is not False:
        return cast("Columns | None", got)
    rows, ncols = spec.rows, len(spec.header)
    out = None
    if rows and ncols and min(map(len, rows)) == ncols == max(map(len, rows)):
        values = list(zip(*rows))
        out = Columns(values, [set(map(type, col)) for col in values])
    spec.__dict__["_columns"] = out
    return out


def _clean_texts(texts: Sequence[str]) -> bool:
    """Are all ``texts`` (none empty) written as they are: printable, without ``& < >``, without
    a space at either end (the only printable character ``str.strip`` takes off is the space)?
    Checked on the texts joined by ``<``, at C speed: exactly the per-cell test of :func:`_row_writer`."""
    s = "<".join(texts)
    return (s.count("<") == len(texts) - 1 and "&" not in s and ">" not in s and s.isprintable()
            and not s.startswith(" ") and not s.endswith(" ") and "< " not in s and " <" not in s)


def _as_utf8(col: Sequence[Any]) -> tuple[Any, ...]:
    """``col``'s texts as their UTF-8 bytes, one character each (U+0000-U+00FF: ``latin-1``
    writes each back as its byte), each distinct text encoded once; a blank stays None."""
    got = {v: v.encode("utf-8").decode("latin-1") for v in set(col) if v}
    return tuple(map(got.get, col))


def _as_text(col: Sequence[Any], write: Callable[[Any], str], opt: bool) -> tuple[Any, ...]:
    """``col``'s numbers as they are written (``write``: ``repr``, ``str``), each distinct number
    written once; a blank stays None."""
    got: dict[Any, str | None] = {v: write(v) for v in set(col)}
    if opt:
        got[None] = None
    return tuple(map(got.__getitem__, col))


def _column_lines(columns: Columns | None, letters: Sequence[str], col_xf: Sequence[int],
                  date_xf: int = 0, epoch: dt.date = EXCEL_EPOCH, utf8: bool = False) -> list[str] | None:
    """Every row's XML at once, or None (then :func:`_row_writer`, row by row).  ``utf8``: every
    text as its UTF-8 bytes, one character each (:func:`_as_utf8`): the lines joined then
    encoded ``latin-1`` are their UTF-8.

    Each column is looked at once: its one type of value (blanks beside it), its texts checked
    joined (:func:`_clean_texts`; a column of texts that need escaping is escaped, cell by cell,
    as :func:`cell_xml` escapes them), its numbers checked finite by their sum; then one list
    comprehension, compiled for the sheet's columns, writes every row -- no call, type tuple or
    test per row.  It writes exactly what the row writer writes (a property test holds the two
    together); a column of mixed types, of booleans, dates and times or numbers that are not
    finite gives None."""
    if columns is None or len(columns.values) != len(letters):
        return None
    date1904 = epoch == EXCEL_EPOCH_1904
    args: list[Sequence[Any]] = []
    cells: list[str] = []
    for j, col in enumerate(columns.values):
        kinds = set(columns.types[j])
        opt = _NONE in kinds
        kinds.discard(_NONE)
        if not kinds:
            continue                          # every cell blank: none written
        mixed = kinds == {int, float}
        if mixed:                             # repr of an int is its str: one number column
            kinds = {float}
        if len(kinds) > 1:
            return None
        t = kinds.pop()
        x = f"x{len(args)}"
        head = f'<c r="{letters[j]}{{s}}'
        st = f' s="{col_xf[j]}"' if col_xf[j] else ""
        if t is str:
            texts = list(filter(None, col))   # an empty text (or a blank) is left out
            if not texts:
                continue                      # every cell empty: none written
            if _clean_texts(texts):
                cell = f"f'{head}\"{st} t=\"inlineStr\"><is><t>{{{x}}}</t></is></c>'"
                if len(texts) == len(col):    # no cell left out: written inline
                    cells.append(cell[2:-1])
                    args.append(_as_utf8(col) if utf8 and not "".join(texts).isascii() else col)
                    continue
            else:                             # escaped as cell_xml escapes it
                col = tuple(v and (' xml:space="preserve">' if e != e.strip() else ">") + e
                            for v in col for e in (escape_text(v) if v else "",))
                cell = f"f'{head}\"{st} t=\"inlineStr\"><is><t{{{x}}}</t></is></c>'"
                texts = list(filter(None, col))
            if utf8 and not "".join(texts).isascii():
                col = _as_utf8(col)
            cells.append(f"{{{cell} if {x} else ''}}")
        elif t is float:
            try:    # a NaN or an infinity, a sum past the largest float (an int too large for one): row by row
                if not math.isfinite(sum(filter(None, col))):
                    return None
            except OverflowError:
                return None
            # a column whose numbers repeat (half its first 1,000 or fewer distinct): each distinct number
            # written once -- unless 1 and 1.0, or 0.0 and -0.0 (equal keys, written otherwise) share it
            sample = col[:1000]
            if not mixed and len(set(sample)) * 2 <= len(sample) and not (
                    0.0 in col and len(set(map(repr, compress(col, map(eq, col, repeat(0.0)))))) > 1):
                col = _as_text(col, repr, opt)
                cell = f"f'{head}\"{st}><v>{{{x}}}</v></c>'"
            else:
                cell = f"f'{head}\"{st}><v>{{{x}!r}}</v></c>'"
            cells.append(f"{{{cell} if {x} is not None else ''}}" if opt else cell[2:-1])
        elif t is int:
            cell = f"f'{head}\"{st}><v>{{{x}}}</v></c>'"
            cells.append(f"{{{cell} if {x} is not None else ''}}" if opt else cell[2:-1])
        elif t is dt.date:
            xf = col_xf[j] or date_xf
            st = f' s="{xf}"' if xf else ""
            serials: dict[dt.date, str] = {}
            for v in col:
                if v is not None and v not in serials:
                    serials[v] = f"{serial_of(v, date1904)}"
            col = tuple(map(serials.get, col))     # a blank: None
            cell = f"f'{head}\"{st}><v>{{{x}}}</v></c>'"
            cells.append(f"{{{cell} if {x} is not None else ''}}" if opt else cell[2:-1])
        else:
            return None                       # a boolean, a date and time, …: row by row
        args.append(col)
    names = "".join(f"x{k}, " for k in range(len(args)))
    rows = len(columns.values[0])
    source = (f"def lines(first, {names}):\n"
              + '    return [f"""<row r="{s}">' + "".join(cells) + '</row>""" '
              + f"for s, {names}in zip(map(str, range(first, first + {rows})), {names})]\n")
    namespace: dict[str, Any] = {}
    exec(source, namespace)   # noqa: S102 -- built only from column letters and style numbers
    out: list[str] = namespace["lines"](2, *args)
    return out


def _row_writer(rows: Sequence[Sequence[Any]], letters: Sequence[str], col_xf: Sequence[int],
                date_xf: int = 0, epoch: dt.date = EXCEL_EPOCH) -> Callable[[int, Sequence[Any]], str | None] | None:
    """A compiled formatter per row shape (the tuple of its cells' types), or None.

    Most result rows come in a few shapes (ids and names are text, ratings
    numbers, a blank where a player has none).  For each shape met, one
    function writing the whole row is compiled from the column letters and
    style numbers, its checks inlined; it writes exactly what the general
    path writes.  A row it cannot take (a bool, a date and time, text that
    needs escaping, a number that is not finite) returns None and takes the
    general path.
    """
    if not rows:
        return None
    ncols = len(letters)
    date1904 = epoch == EXCEL_EPOCH_1904
    serials: dict[dt.date, str] = {}

    def serial(v: dt.date) -> str:
        s = serials.get(v)
        if s is None:
            s = serials[v] = f"{serial_of(v, date1904)}"
        return s

    def build(shape: tuple[type, ...]) -> Callable[[int, Sequence[Any]], str | None] | None:
        if len(shape) != ncols or not all(t in _FAST_TYPES for t in shape):
            return None
        # one f-string per row (and one per text cell, left out when empty): joined once, never copied
        # piece by piece (a row with Chinese text is a wide string: each + would copy it whole)
        parts, checks, texts = [], [], []
        for j, t in enumerate(shape):
            if t is _NONE:
                continue
            head = f'<c r="{letters[j]}{{s}}'
            if t is dt.date:
                xf = col_xf[j] or date_xf
                st = f' s="{xf}"' if xf else ""
                parts.append(f'{head}"{st}><v>{{serial(r[{j}])}}</v></c>')
                continue
            st = f' s="{col_xf[j]}"' if col_xf[j] else ""
            if t is str:   # an empty text cell is left out, as in the general path
                checks.append(f"(r[{j}].isprintable() and '&' not in r[{j}] and '<' not in r[{j}] "
                              f"and '>' not in r[{j}] and r[{j}] == r[{j}].strip())")
                texts.append(f"    t{j} = f'{head}\"{st} t=\"inlineStr\"><is><t>{{r[{j}]}}</t></is></c>' "
                             f"if r[{j}] else ''\n")
                parts.append(f"{{t{j}}}")
            else:
                if t is float:
                    checks.append(f"(-INF < r[{j}] < INF)")
                parts.append(f'{head}"{st}><v>{{r[{j}]{"!r" if t is float else ""}}}</v></c>')
        source = ("def line(i, r):\n"
                  + (f"    if not ({' and '.join(checks)}):\n        return None\n" if checks else "")
                  + "    s = str(i)\n" + "".join(texts)
                  + "    return f'<row r=\"{s}\">" + "".join(parts) + "</row>'\n")
        namespace: dict[str, Any] = {"INF": math.inf, "serial": serial}
        exec(source, namespace)   # noqa: S102 -- built only from column letters and style numbers
        return namespace["line"]

    lines: dict[tuple[type, ...], Callable[[int, Sequence[Any]], str | None] | None] = {}

    def write(i: int, r: Sequence[Any]) -> str | None:
        shape = tuple(map(type, r))
        try:
            line = lines[shape]
        except KeyError:
            line = lines[shape] = build(shape) if len(lines) < 64 else None
        return line(i, r) if line is not None else None
    return write


#: the series' own colours (Tableau's ten, its grey made indigo: greys are the axes'), cycled: a chart never takes them
#: from the workbook's theme, which a file saved by LibreOffice no longer has (its lines then draw nothing)
SERIES_COLOURS = ("1F77B4", "FF7F0E", "2CA02C", "D62728", "9467BD", "8C564B", "E377C2", "393B79", "BCBD22", "17BECF")
AXIS_COLOUR, GRID_COLOUR = "808080", "D9D9D9"   #: the axes' lines and the rating gridlines, likewise explicit


def _chart_text(v: str) -> str:
    return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _chart_number(v: float) -> str:
    return "%.16g" % v     # as openpyxl writes a number (safe_string)


_CHART_REF = re.compile(r"'([^']+)'!\$([A-Z]{1,3})\$(\d+):\$([A-Z]{1,3})\$(\d+)")


def _chart_ref(ref: str) -> str | None:
    """A range as openpyxl's Reference writes it back (one cell: ``'S'!$A$2``); None: one
    written otherwise, left to openpyxl."""
    m = _CHART_REF.fullmatch(ref)
    if m is None:
        return None
    sheet, c0, r0, c1, r1 = m.groups()
    if (len(c0), c0) > (len(c1), c1) or int(r0) > int(r1) or r0.startswith("0") or r1.startswith("0"):
        return None
    return _chart_text(f"'{sheet}'!${c0}${r0}" if (c0, r0) == (c1, r1) else ref)


def _chart_title(text: str) -> str:
    return (f"<title><tx><rich><a:bodyPr /><a:p><a:pPr><a:defRPr /></a:pPr><a:r><a:t>{_chart_text(text)}</a:t>"
            "</a:r></a:p></rich></tx></title>")


def _line(colour: str, width: str = "") -> str:
    return (f"<a:ln{width}><a:solidFill><a:srgbClr val=\"{colour}\" /></a:solidFill><a:prstDash val=\"solid\" />"
            "</a:ln>")


def chart_xml(chart: ChartSpec) -> bytes:
    """A line chart whose every line has its colour written in (``spPr`` ``solidFill``):
    written out, exactly what :func:`chart_xml_openpyxl` writes for it (without importing
    openpyxl on every run); a text openpyxl might write otherwise (a control character, a
    number that is not finite) is left to openpyxl."""
    texts = [chart.title, chart.x_title, chart.y_title] + [title for title, _ in chart.series]
    refs = [_chart_ref(r) for r in [chart.categories] + [ref for _, ref in chart.series]]
    if not all(isinstance(t, str) and t and t.isprintable() and t == t.strip() for t in texts) or not chart.series \
            or None in refs or (
            chart.y_range is not None and not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                  and math.isfinite(v) for v in chart.y_range)):
        return chart_xml_openpyxl(chart)
    cat = f"<cat><numRef><f>{refs[0]}</f></numRef></cat>"
    series = []
    for i, ((title, _), ref) in enumerate(zip(chart.series, refs[1:])):
        colour = SERIES_COLOURS[i % len(SERIES_COLOURS)]
        wide = _line(colour, ' w="28575"')
        series.append(f'<ser><idx val="{i}" /><order val="{i}" /><tx><v>{_chart_text(title)}</v></tx>'
                      f'<spPr>{wide}</spPr><marker><symbol val="circle" /><spPr><a:solidFill>'
                      f'<a:srgbClr val="{colour}" /></a:solidFill>{_line(colour)}</spPr></marker>{cat}'
                      f'<val><numRef><f>{ref}</f></numRef></val><smooth val="0" /></ser>')
    scaling = "" if chart.y_range is None else \
        f'<max val="{_chart_number(chart.y_range[1])}" /><min val="{_chart_number(chart.y_range[0])}" />'
    xml = ('<chartSpace xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
           'xmlns="http://schemas.openxmlformats.org/drawingml/2006/chart"><chart>' + _chart_title(chart.title)
           + '<plotArea><lineChart><grouping val="standard" />' + "".join(series)
           + '<axId val="10" /><axId val="100" /></lineChart><catAx><axId val="10" /><scaling>'
           '<orientation val="minMax" /></scaling><delete val="0" /><axPos val="l" />' + _chart_title(chart.x_title)
           + f'<majorTickMark val="none" /><minorTickMark val="none" /><spPr>{_line(AXIS_COLOUR)}</spPr>'
           '<txPr><a:bodyPr rot="-2700000" vert="horz" /><a:p><a:pPr><a:defRPr sz="900" /></a:pPr><a:r><a:t />'
           '</a:r><a:endParaRPr sz="900" /></a:p></txPr><crossAx val="100" /><lblOffset val="100" /></catAx>'
           f'<valAx><axId val="100" /><scaling><orientation val="minMax" />{scaling}</scaling><delete val="0" />'
           f'<axPos val="l" /><majorGridlines><spPr>{_line(GRID_COLOUR)}</spPr></majorGridlines>'
           + _chart_title(chart.y_title)
           + f'<majorTickMark val="none" /><minorTickMark val="none" /><spPr>{_line(AXIS_COLOUR)}</spPr>'
           '<crossAx val="10" /></valAx></plotArea><legend><legendPos val="b" /></legend><plotVisOnly val="1" />'
           '<dispBlanksAs val="gap" /></chart></chartSpace>')
    return b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + xml.encode("utf-8")


def chart_xml_openpyxl(chart: ChartSpec) -> bytes:
    """The chart as openpyxl writes it: what :func:`chart_xml` writes out (a test holds the two together)."""
    from openpyxl.chart import LineChart, Reference, Series
    from openpyxl.chart.axis import ChartLines
    from openpyxl.chart.shapes import GraphicalProperties
    from openpyxl.chart.text import RichText
    from openpyxl.drawing.line import LineProperties
    from openpyxl.drawing.text import CharacterProperties, Paragraph, ParagraphProperties, RichTextProperties
    from openpyxl.xml.functions import tostring

    c = LineChart()
    c.title = chart.title
    c.y_axis.title = chart.y_title
    c.x_axis.title = chart.x_title
    c.height, c.width = 13.5, 24
    c.legend.position = "b"                      # below: never cut at the page's right edge
    c.x_axis.delete = c.y_axis.delete = False     # both axes with their labels
    c.x_axis.txPr = RichText(bodyPr=RichTextProperties(rot=-2700000, vert="horz"),   # period labels at −45°
                             p=[Paragraph(pPr=ParagraphProperties(defRPr=CharacterProperties(sz=900)),
                                          endParaRPr=CharacterProperties(sz=900))])
    for axis in (c.x_axis, c.y_axis):
        axis.spPr = GraphicalProperties(ln=LineProperties(solidFill=AXIS_COLOUR))
    c.y_axis.majorGridlines = ChartLines(spPr=GraphicalProperties(ln=LineProperties(solidFill=GRID_COLOUR)))
    for i, (title, ref) in enumerate(chart.series):
        colour = SERIES_COLOURS[i % len(SERIES_COLOURS)]
        s = Series(Reference(range_string=ref), title=title)
        s.graphicalProperties.line.solidFill = colour
        s.graphicalProperties.line.width = 28575     # 2.25 pt
        s.marker.symbol = "circle"   # a single period still shows as points
        s.marker.graphicalProperties = GraphicalProperties(solidFill=colour, ln=LineProperties(solidFill=colour))
        s.smooth = False
        c.series.append(s)
    c.set_categories(Reference(range_string=chart.categories))
    if chart.y_range is not None:      # the axis fits the data (not 0–2500 for ratings of 1800–2300)
        c.y_axis.scaling.min, c.y_axis.scaling.max = chart.y_range
    return b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + tostring(c._write())


def drawing_xml(anchor: tuple[int, int], chart_rid: str) -> str:
    col, row = anchor
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" '
            'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
            f'<xdr:oneCellAnchor><xdr:from><xdr:col>{col}</xdr:col><xdr:colOff>0</xdr:colOff>'
            f'<xdr:row>{row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>'
            '<xdr:ext cx="8640000" cy="4860000"/><xdr:graphicFrame macro="">'
            '<xdr:nvGraphicFramePr><xdr:cNvPr id="1" name="RatingHistory"/><xdr:cNvGraphicFramePr/>'
            '</xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>'
            '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
            f'<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
            f'xmlns:r="{REL_NS}" r:id="{chart_rid}"/></a:graphicData></a:graphic></xdr:graphicFrame>'
            '<xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>')


# --------------------------------------------------------------------------- patch
def patch_workbook(data: bytes, sheets: Sequence[SheetSpec], source: str | None | bool = False) -> bytes:
    """The workbook ``data`` with ``sheets`` added or replaced; all else unchanged.
    ``source``: the workbook it is written from (:func:`.package.mark_source`)."""
    check_limits(sheets)
    pkg = Package(data)
    wb = pkg.text(WORKBOOK)
    wb_rels = rels_path(WORKBOOK)
    rels = pkg.text(wb_rels)
    ct = pkg.text(CONTENT_TYPES)
    styles_name = pkg.styles_part()
    if styles_name is None or styles_name not in pkg:       # a minimal file (or a damaged one): no styles to extend
        raise InputErrors([RatingInputError(M.NO_STYLES_PART())])
    styles = Styles(pkg.text(styles_name))
    listed = pkg.sheets()
    existing = {s.name: (s.rid, s.part) for s in listed if s.part}
    wb_prefix_m = re.search(r"<(\w+:)?workbook\b", wb)
    wp = (wb_prefix_m.group(1) or "") if wb_prefix_m else ""
    rid_attr = next((k for t in re.findall(rf"<{re.escape(wp)}sheet\b[^>]*/>", wb)
                     for k in attrs(t) if k.endswith(":id")), None)
    sheet_ids = [int(attrs(t).get("sheetId", 0)) for t in re.findall(rf"<{re.escape(wp)}sheet\b[^>]*/>", wb)]
    rid_nums = [int(m) for m in re.findall(r'Id="rId(\d+)"', rels)] or [0]
    epoch = EXCEL_EPOCH_1904 if pkg.date1904() else EXCEL_EPOCH   # Mac workbooks may count from 1904
    new_sheet_tags: list[str] = []
    new_rels: list[str] = []
    for spec in sheets:
        if spec.name in existing:
            rid, part = existing[spec.name]
            ct = _drop_drawings(pkg, part, ct)     # only result sheets get here
        else:
            part = pkg.fresh("xl/worksheets/sheet{}.xml")
            rid_nums.append(max(rid_nums) + 1)
            rid = f"rId{rid_nums[-1]}"
            new_rels.append(f'<Relationship Id="{rid}" Type="{R_SHEET}" Target="/{part}"/>')
            sid = max(sheet_ids + [0]) + 1
            sheet_ids.append(sid)
            new_sheet_tags.append(f'<{wp}sheet name="{escape_attr(spec.name)}" '
                                  f'sheetId="{sid}" {rid_attr or "r:id"}="{rid}"/>')
            ct = _override(ct, part, T_SHEET)
            existing[spec.name] = (rid, part)
        drawing_rid = None
        if spec.chart is not None:
            drawing = pkg.fresh("xl/drawings/drawing{}.xml")
            chart = pkg.fresh("xl/charts/chart{}.xml")
            pkg[chart] = chart_xml(spec.chart)
            pkg.set_text(drawing, drawing_xml(spec.chart.anchor, "rId1"))
            pkg.set_text(rels_path(drawing), rels_xml([("rId1", R_CHART, "/" + chart)]))
            pkg.set_text(rels_path(part), rels_xml([("rId1", R_DRAWING, "/" + drawing)]))
            ct = _override(_override(ct, drawing, T_DRAWING), chart, T_CHART)
            drawing_rid = "rId1"
        pkg.set_chunks(part, sheet_chunks(spec, styles, drawing_rid, epoch))
    if new_sheet_tags:
        wb = re.sub(rf"</{re.escape(wp)}sheets>", "".join(new_sheet_tags) + f"</{wp}sheets>", wb, count=1)
        rels = re.sub(r"</Relationships>", "".join(new_rels) + "</Relationships>", rels, count=1)
    pkg.set_text(WORKBOOK, _print_titles(wb, wp, sheets))
    pkg.set_text(wb_rels, rels)
    pkg.set_text(CONTENT_TYPES, ct)
    pkg.set_text(styles_name, styles.xml)
    mark_source(pkg, source)
    return pkg.write()


def check_limits(sheets: Sequence[SheetSpec]) -> None:
    """Refuse, before anything is written, a sheet past Excel's last row or a cell past its
    32,767 characters: Excel could not open the file."""
    problems = []
    for spec in sheets:
        if len(spec.rows) + 1 > MAX_ROWS:
            problems.append(RatingInputError(M.SHEET_TOO_LONG(sheet=spec.name, rows=f"{len(spec.rows) + 1:,}",
                                                             limit=f"{MAX_ROWS:,}")))
            continue
        columns = columns_of(spec)
        if columns is not None and not any(    # the longest text of each column first, at C speed
                max(map(len, col if kinds == {str} else [v for v in col if v.__class__ is str])) > MAX_CELL_CHARS
                for col, kinds in zip(columns.values, columns.types) if str in kinds):
            continue
        for i, row in enumerate(spec.rows, start=2):
            for j, v in enumerate(row):
                if v.__class__ is str and len(v) > MAX_CELL_CHARS:
                    column = spec.header[j] if j < len(spec.header) else col_letter(j + 1)
                    problems.append(RatingInputError(
                        M.RESULT_CELL_TOO_LONG(sheet=spec.name, chars=f"{len(v):,}"),
                        where=Where(None, spec.name, i, str(column))))
    if problems:
        raise InputErrors(problems)


def _override(ct: str, part: str, content_type: str) -> str:
    """[Content_Types].xml with an Override for a new part."""
    return ct.replace("</Types>", f'<Override PartName="/{part}" ContentType="{content_type}"/></Types>')


def _drop_drawings(pkg: Package, part: str, ct: str) -> str:
    """Remove a result sheet's drawing and chart parts (rewritten anew); returns the content types."""
    for rel in pkg.rels(part):
        if rel.external or rel.type != R_DRAWING or rel.target not in pkg:
            continue
        for inner in pkg.rels(rel.target):
            if inner.type == R_CHART:
                pkg.drop(inner.target)
                ct = ct.replace(f'<Override PartName="/{inner.target}" ContentType="{T_CHART}"/>', "")
        pkg.drop(rels_path(rel.target))
        pkg.drop(rel.target)
        ct = ct.replace(f'<Override PartName="/{rel.target}" ContentType="{T_DRAWING}"/>', "")
    pkg.drop(rels_path(part))
    return ct


def _print_titles(wb: str, wp: str, sheets: Sequence[SheetSpec]) -> str:
    """workbook.xml with the result sheets' header rows repeated on every printed
    page (``_xlnm.Print_Titles``); the user's own defined names are kept."""
    p = re.escape(wp)
    order = [unescape(attrs(t).get("name", "")) for t in re.findall(rf"<{p}sheet\b[^>]*/>", wb)]
    ours = {order.index(s.name): s for s in sheets if s.name in order}

    def keep(m: re.Match[str]) -> str:
        a = attrs(m.group(1))
        if a.get("name") == "_xlnm.Print_Titles" and a.get("localSheetId", "").isdigit() \
                and int(a["localSheetId"]) in ours:
            return ""
        return m.group(0)
    wb = re.sub(rf"(<{p}definedName\b[^>]*>).*?</{p}definedName>", keep, wb, flags=re.S)
    new = "".join(f'<{wp}definedName name="_xlnm.Print_Titles" localSheetId="{i}">'
                  f"{escape_text(chr(39) + s.name.replace(chr(39), chr(39) * 2) + chr(39))}!$1:${s.page.title_rows}"
                  f"</{wp}definedName>"
                  for i, s in sorted(ours.items()) if s.page is not None and s.page.title_rows)
    if not new:
        return wb
    if re.search(rf"<{p}definedNames\b[^>]*/>", wb):
        return re.sub(rf"<{p}definedNames\b[^>]*/>", f"<{wp}definedNames>{new}</{wp}definedNames>", wb, count=1)
    if re.search(rf"</{p}definedNames>", wb):
        return re.sub(rf"</{p}definedNames>", f"{new}</{wp}definedNames>", wb, count=1)
    return re.sub(rf"</{p}sheets>", f"</{wp}sheets><{wp}definedNames>{new}</{wp}definedNames>", wb, count=1)
