"""Append rows to a workbook's input sheets by patching its zip (``import``).

Only the sheets that get rows change (their ``<sheetData>`` grows, their
``<dimension>`` and autofilter stretch), plus ``styles.xml`` when a date
format must be added; every other part is copied byte for byte, as when
results are written.  A sheet the plan creates (the Identities sheet of an
older workbook) is added with its header row, as result sheets are.  Rows cleared by ``--replace`` keep their row element
(height, style) with their cells removed.  Cells are written as numbers,
dates (in the workbook's date system) or inline strings -- never formulas.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904, col_letter
from ..importers.into_book import Appended, Plan
from .package import R_TABLE, Package
from .safety import col_number
from .write import SheetSpec, Styles, cell_xml, patch_workbook

_ROW = re.compile(r"<(?:\w+:)?row\b[^>]*?(?:/>|>.*?</(?:\w+:)?row>)", re.S)


def _has_value(row_xml: str) -> bool:
    return bool(re.search(r"<(?:\w+:)?(?:v|t)\b[^>]*>[^<]", row_xml))


def _row_number(row_xml: str) -> int:
    m = re.search(r'\br="(\d+)"', row_xml[:200])
    return int(m.group(1)) if m else 0


def _cleared(row_xml: str) -> str:
    """A row element with its cells removed (its own attributes kept)."""
    head = re.match(r"<(?:\w+:)?row\b[^>]*?(/?)>", row_xml)
    assert head is not None
    return head.group(0) if head.group(1) else head.group(0)[:-1] + "/>"


def _new_row(r: int, app: Appended, values: Mapping[str, Any], date_xf: int, epoch: Any,
             old: str | None = None) -> str:
    """Row ``r`` with ``values``; an empty row the officer had formatted keeps its row
    attributes (height, style) and its cells' styles."""
    head = f'<row r="{r}">'
    styles: dict[str, str] = {}
    if old is not None:
        tag = re.match(r"<(?:\w+:)?row\b([^>]*?)/?>", old)
        if tag is not None:
            attrs = re.sub(r'\s*\bspans="[^"]*"', "", tag.group(1))
            head = f"<row{attrs}>"
        styles = {m.group(1): m.group(2)
                  for m in re.finditer(r'<(?:\w+:)?c\b[^>]*?\br="([A-Z]+)\d+"[^>]*?\bs="(\d+)"', old)}
    cells: dict[int, str] = {}
    for letters, s in styles.items():
        cells[col_number(letters)] = f'<c r="{letters}{r}" s="{s}"/>'
    for key, j in app.columns.items():
        v = values.get(key)
        if v is None or v == "":
            continue
        letters = col_letter(j + 1)
        is_date = hasattr(v, "isoformat") and not isinstance(v, str)
        style = date_xf if is_date else int(styles.get(letters, 0))
        cells[j + 1] = cell_xml(f"{letters}{r}", v, style, epoch)
    return head + "".join(cells[k] for k in sorted(cells)) + "</row>"


def append_rows(data: bytes, plan: Plan, first_rows: Mapping[str, int]) -> bytes:
    """The workbook ``data`` with the plan's rows appended (from ``first_rows[key]``,
    the 1-based row after each sheet's last filled row) and its cleared rows blanked."""
    files = Package(data)
    parts = files.sheet_parts()
    epoch = EXCEL_EPOCH_1904 if files.date1904() else EXCEL_EPOCH
    styles_name = files.styles_part()
    styles = Styles(files.text(styles_name)) if styles_name else None
    date_xf = styles.xf("yyyy-mm-dd") if styles is not None else 0
    created = []
    for key, app in plan.appends.items():
        clear = set(plan.clear.get(key, []))
        if not app.rows and not clear:
            continue
        if app.sheet not in parts and app.header is not None:
            created.append(SheetSpec(app.sheet, app.header, app.grid(),
                                     ["yyyy-mm-dd" if k == "date" else None for k in app.columns]))
            continue
        part = parts[app.sheet]
        xml = files[part].decode("utf-8")
        m = re.search(r"<(?:(\w+):)?sheetData\b[^>]*?(/>|>(.*?)</(?:\w+:)?sheetData>)", xml, re.S)
        assert m is not None, f"{part}: no sheetData"
        prefix = f"{m.group(1)}:" if m.group(1) else ""
        body = m.group(3) or ""
        rows = {_row_number(x): x for x in _ROW.findall(body)}
        for r in clear:
            if r in rows:
                rows[r] = _cleared(rows[r])
        start = first_rows[key]
        for k, values in enumerate(app.rows):
            r = start + k
            if r in rows and _has_value(rows[r]):
                raise AssertionError(f"row {r} of {app.sheet} is not empty")
            rows[r] = _new_row(r, app, values, date_xf, epoch, rows.get(r))
        new_body = "".join(rows[r] for r in sorted(rows))
        if prefix:
            new_body = re.sub(r"<(/?)(row|c|v|is|t)\b", rf"<\1{prefix}\2", new_body)
        xml = xml[:m.start()] + f"<{prefix}sheetData>{new_body}</{prefix}sheetData>" + xml[m.end():]
        last = max(rows) if rows else 1
        xml = _stretch(xml, last)
        files[part] = xml.encode("utf-8")
        if app.rows:
            _stretch_tables(files, part, start - 1, start + len(app.rows) - 1)
    if styles is not None and styles_name is not None and styles.xml != files[styles_name].decode("utf-8"):
        files[styles_name] = styles.xml.encode("utf-8")
    return patch_workbook(files.write(), created) if created else files.write()


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
