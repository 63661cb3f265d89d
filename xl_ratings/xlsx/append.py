"""Append rows to a workbook's input sheets by patching its zip (``import``): the file's
interpreter of an import's :class:`~xl_ratings.intake.plan.Edits` (one click's is
:func:`xl_ratings.excel.one_click.write_edits`), the one description of the cells both paths write.

Only the sheets that get rows change (their ``<sheetData>`` grows, their
``<dimension>`` and autofilter stretch), plus ``styles.xml`` when a date
format must be added; every other part is copied byte for byte, as when
results are written.  A sheet the plan creates (the Identities sheet of an
older workbook) is added with its header row, as result sheets are.  Rows cleared by ``--replace`` keep their row element
(height, style) with their cells removed.  Cells are written as numbers,
dates (in the workbook's date system) or inline strings -- never formulas.

A row below the table that the officer had prepared (a formula in a helper
column, a style, a stray space) is reused as it is: only the cells of the
columns written change, every other cell is kept (:func:`_new_row`); when a
kept cell is a formula, the workbook asks to be recalculated when opened.
Nothing is written past a sheet's last row (the use case refuses it first:
:func:`xl_ratings.jobs.book_import.room_problems`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904, col_letter
from ..errors import RatingInputError, Where
from ..i18n.catalogue import imports as M
from ..intake.plan import Edits
from .package import R_TABLE, WORKBOOK, Package, mark_source
from .safety import col_number
from .write import MAX_WIDTH, SheetSpec, Styles, cell_xml, patch_workbook, text_width

_ROW = re.compile(r"<(?:\w+:)?row\b[^>]*?(?:/>|>.*?</(?:\w+:)?row>)", re.S)


_CELL = re.compile(r"<(?:\w+:)?c\b[^>]*?(?:/>|>.*?</(?:\w+:)?c>)", re.S)
_CELL_REF = re.compile(r'\br="([A-Z]+)\d+"')
_FILLED = re.compile(r"<(?:\w+:)?(?:v|t)\b[^>]*>\s*[^<\s]")
_FORMULA = re.compile(r"<(?:\w+:)?f\b")


def _row_number(row_xml: str) -> int:
    m = re.search(r'\br="(\d+)"', row_xml[:200])
    return int(m.group(1)) if m else 0


def _cleared(row_xml: str) -> str:
    """A row element with its cells removed (its own attributes kept)."""
    head = re.match(r"<(?:\w+:)?row\b[^>]*?(/?)>", row_xml)
    assert head is not None
    return head.group(0) if head.group(1) else head.group(0)[:-1] + "/>"


def _cells_of(row_xml: str) -> dict[int, str]:
    """The cells of a row element by column number, as written."""
    out: dict[int, str] = {}
    body = row_xml[row_xml.find(">") + 1:] if not row_xml.rstrip().endswith("/>") else ""
    for m in _CELL.finditer(body):
        ref = _CELL_REF.search(m.group(0)[:120])
        if ref:
            out[col_number(ref.group(1))] = m.group(0)
    return out


def _new_row(r: int, sheet: str, keys: Mapping[int, str], values: Mapping[int, Any], date_xf: int, epoch: Any,
             old: str | None = None, styled: Mapping[int, int] | None = None) -> tuple[str, bool]:
    """Row ``r`` with ``values`` (1-based column -> value, of the planned columns ``keys``), and
    whether a formula of the officer's was kept.  A row the officer had prepared keeps its attributes
    (height, style) and every cell of the columns not written (a helper column's formula, a note);
    a cell written keeps its style (``styled``: the style of a column's cells, as a result sheet's)."""
    head = f'<row r="{r}">'
    kept: dict[int, str] = {}
    if old is not None:
        tag = re.match(r"<(?:\w+:)?row\b([^>]*?)/?>", old)
        if tag is not None:
            attrs = re.sub(r'\s*\bspans="[^"]*"', "", tag.group(1))
            head = f"<row{attrs}>"
        kept = _cells_of(old)
    cells = dict(kept)
    for j, key in keys.items():
        v = values.get(j)
        if v is None or v == "":
            continue
        before = kept.get(j, "")
        if _FILLED.search(before) and not _FORMULA.search(before) and not re.search(r'\bt="s"', before):
            raise RatingInputError(M.ROW_NOT_EMPTY(row=r), where=Where(None, sheet, r, key))
        letters = col_letter(j)
        is_date = hasattr(v, "isoformat") and not isinstance(v, str)
        style_m = re.search(r'\bs="(\d+)"', before)
        style = date_xf if is_date else int(style_m.group(1)) if style_m else 0
        if styled is not None and j in styled:
            style = styled[j]
        cells[j] = cell_xml(f"{letters}{r}", v, style, epoch)
    formulas = any(_FORMULA.search(x) for k, x in kept.items() if cells.get(k) is x)
    return head + "".join(cells[k] for k in sorted(cells)) + "</row>", formulas


def apply_edits(data: bytes, edits: Edits, source: str | None | bool = False) -> bytes:
    """The workbook ``data`` with an import's ``edits`` made: the appended rows written (only the
    planned columns' cells), the cleared rows blanked (their row elements kept), the added sheets
    created with their header.  ``source``: the workbook it is written from (:func:`.package.mark_source`)."""
    files = Package(data)
    parts = files.sheet_parts()
    epoch = EXCEL_EPOCH_1904 if files.date1904() else EXCEL_EPOCH
    styles_name = files.styles_part()
    styles = Styles(files.text(styles_name)) if styles_name else None
    date_xf = styles.xf("yyyy-mm-dd") if styles is not None else 0
    written: dict[str, dict[int, dict[int, Any]]] = {}
    for b in edits.blocks:          # sheet -> row -> column -> value
        by_row = written.setdefault(b.sheet, {})
        for i, line in enumerate(b.values):
            by_row.setdefault(b.row + i, {}).update(enumerate(line, start=b.column))
    headers = dict(edits.added)
    created = []
    recalc = False
    for sheet, appended in edits.appended.items():
        clear = {r for name, r, _ in edits.cleared if name == sheet}
        keys, values = edits.keys.get(sheet, {}), written.get(sheet, {})
        if sheet not in parts and sheet in headers:
            grid = [[values.get(r, {}).get(j) for j in range(1, max(keys, default=0) + 1)] for r in appended]
            created.append(SheetSpec(sheet, headers[sheet], grid,
                                     ["yyyy-mm-dd" if k == "date" else None for k in keys.values()]))
            continue
        part = parts[sheet]
        xml = files[part].decode("utf-8")
        m = re.search(r"<(?:(\w+):)?sheetData\b[^>]*?(/>|>(.*?)</(?:\w+:)?sheetData>)", xml, re.S)
        assert m is not None, f"{part}: no sheetData"
        prefix = f"{m.group(1)}:" if m.group(1) else ""
        body = m.group(3) or ""
        rows = {_row_number(x): x for x in _ROW.findall(body)}
        for r in clear:
            if r in rows:
                rows[r] = _cleared(rows[r])
        formats = edits.formats.get(sheet)
        for r in sorted(set(appended) | set(values)):
            styled = None
            if styles is not None and r == edits.heads.get(sheet):
                styled = {j: styles.xf(None, header=True) for j in values.get(r, {})}
            elif styles is not None and formats is not None:
                styled = {j: _result_style(styles, j, formats.get(j), v) for j, v in values.get(r, {}).items()}
            rows[r], kept_formula = _new_row(r, sheet, keys, values.get(r, {}), date_xf, epoch, rows.get(r), styled)
            recalc = recalc or kept_formula
        new_body = "".join(rows[r] for r in sorted(rows))
        if prefix:
            new_body = re.sub(r"<(/?)(row|c|v|is|t)\b", rf"<\1{prefix}\2", new_body)
        xml = xml[:m.start()] + f"<{prefix}sheetData>{new_body}</{prefix}sheetData>" + xml[m.end():]
        last = max(rows) if rows else 1
        xml = _stretch(xml, last)
        files[part] = xml.encode("utf-8")
        if appended:
            _stretch_tables(files, part, appended.start - 1, appended.stop - 1)
    if styles is not None and styles_name is not None and styles.xml != files[styles_name].decode("utf-8"):
        files[styles_name] = styles.xml.encode("utf-8")
    if recalc:
        files.set_text(WORKBOOK, _calc_on_load(files.text(WORKBOOK)))
    mark_source(files, source)
    data = files.write()
    return patch_workbook(data, created) if created else data


def _result_style(styles: Styles, j: int, fmt: str | None, v: Any) -> int:
    """The style a result sheet's writer gives a cell of column ``j`` (1-based) of number format ``fmt``
    (:func:`.write.sheet_xml`): the number format; text indented (but in column A), wrapped when long."""
    if isinstance(v, str) and j > 1 and not (fmt and fmt.startswith("yyyy")):
        return styles.xf(fmt, indent=True, wrap=text_width(v) > MAX_WIDTH - 3)
    return styles.xf(fmt) if fmt else 0


def _calc_on_load(wb: str) -> str:
    """workbook.xml asking Excel and LibreOffice to recalculate every formula when the file is
    opened (a formula kept in a row that got new values shows a value computed before)."""
    m = re.search(r"<(\w+:)?calcPr\b[^>]*?/?>", wb)
    if m is not None:
        tag = re.sub(r'\s*\bfullCalcOnLoad="[^"]*"', "", m.group(0))
        tag = tag[:-2].rstrip() + ' fullCalcOnLoad="1"/>' if tag.endswith("/>") else tag[:-1] + ' fullCalcOnLoad="1">'
        return wb[:m.start()] + tag + wb[m.end():]
    p = re.search(r"<(\w+:)?workbook\b", wb)
    prefix = (p.group(1) or "") if p else ""
    close = re.search(rf"</{re.escape(prefix)}workbook>", wb)
    if close is None:
        return wb
    # calcPr follows sheets, definedNames; before the elements that come after it in the schema
    after = re.search(rf"<{re.escape(prefix)}(?:oleSize|customWorkbookViews|pivotCaches|smartTagPr|smartTagTypes|"
                      rf"webPublishing|fileRecoveryPr|webPublishObjects|extLst)\b", wb)
    at = after.start() if after else close.start()
    return wb[:at] + f'<{prefix}calcPr fullCalcOnLoad="1"/>' + wb[at:]


def _stretch(xml: str, last: int) -> str:
    """The sheet's <dimension> and autoFilter ranges reaching ``last``."""
    def grow(m: re.Match[str]) -> str:
        ref = m.group(2)
        mm = re.fullmatch(r"([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?", ref)
        if not mm:
            return m.group(0)
        c1, r1, c2, r2 = mm.group(1), mm.group(2), mm.group(3) or mm.group(1), int(mm.group(4) or mm.group(2))
        return f'{m.group(1)}"{c1}{r1}:{c2}{max(r2, last)}"'
    xml = re.sub(r'(<(?:\w+:)?dimension\b[^>]*\bref=)"([^"]+)"', grow, xml, count=1)
    return re.sub(r'(<(?:\w+:)?autoFilter\b[^>]*\bref=)"([^"]+)"', grow, xml, count=1)


def _stretch_tables(files: Package, part: str, old_last: int, new_last: int) -> None:
    """An Excel table (ListObject) that ended at the sheet's last filled row grows over the new rows."""
    for rel in files.rels(part):
        if rel.external or rel.type != R_TABLE or rel.target not in files:
            continue
        xml = files.text(rel.target)
        m = re.search(r'(<(?:\w+:)?table\b[^>]*\bref=")([A-Z]+\d+):([A-Z]+)(\d+)"', xml)
        if m is None or int(m.group(4)) != old_last:
            continue
        grown = f"{m.group(2)}:{m.group(3)}{new_last}"
        xml = xml.replace(m.group(0), f'{m.group(1)}{grown}"', 1)
        xml = re.sub(r'(<(?:\w+:)?autoFilter\b[^>]*\bref=")[A-Z]+\d+:[A-Z]+\d+"', rf'\g<1>{grown}"', xml, count=1)
        files.set_text(rel.target, xml)
