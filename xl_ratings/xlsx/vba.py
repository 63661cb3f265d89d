"""Macro-enabled (.xlsm) workbooks for classic xlwings.

The VBA project is xlwings' own standalone quickstart project (it carries the
xlwings VBA module, so no add-in is needed).  Its ``SampleCall`` macro runs
``RunPython "import BOOK; BOOK.main()"`` where BOOK is the workbook's file
name, the xlwings quickstart convention: ``xl-ratings new SYSTEM BOOK.xlsm``
therefore also writes ``BOOK.py`` beside the workbook, which imports
:func:`xl_ratings.excel.main`.  A button on the "Read me" sheet calls the
macro; a template's Read me then mentions the button and the button speaks
the template's script (:func:`xl_ratings.workbook.templates.prepare_macro_workbook`).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ..errors import RatingInputError
from .xlsx import rewrite_zip

FIXED_TIME = (2026, 1, 1, 0, 0, 0)   #: every entry's time in generated files: same bytes every time

VBA_PART = "xl/vbaProject.bin"
MACRO = "[0]!SampleCall"
BUTTON_TEXT = "计算等级分  Process ratings"
BUTTON_ANCHOR = (2, 5, 3000000)   # column A, rows 3 to 5, 3.1 inches wide (EMU)
IMPORT_TEXT = "导入成绩  Import results"
IMPORT_ANCHOR = (3, 0, 3, 2600000)   # column D, rows 1 to 3, beside the key/value lines of the Import sheet

_DRAWING = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:twoCellAnchor editAs="absolute"><xdr:from><xdr:col>{col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>{r0}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>{col}</xdr:col><xdr:colOff>{width}</xdr:colOff><xdr:row>{r1}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:sp macro="{macro}" textlink=""><xdr:nvSpPr><xdr:cNvPr id="2" name="{name}" descr="xl-ratings"/><xdr:cNvSpPr/></xdr:nvSpPr><xdr:spPr><a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="1F4E78"/></a:solidFill></xdr:spPr><xdr:txBody><a:bodyPr vertOverflow="clip" rtlCol="0" anchor="ctr"/><a:lstStyle/><a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="zh-CN" sz="1400" b="1"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:latin typeface="Arial"/></a:rPr><a:t>{text}</a:t></a:r></a:p></xdr:txBody></xdr:sp><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>"""


def vba_project() -> bytes:
    """xlwings' standalone quickstart VBA project (xlwings module + SampleCall)."""
    import xlwings

    src = Path(xlwings.__file__).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(src) as z:
        return z.read(VBA_PART)


def module_name(path: Path) -> str:
    name = path.stem
    if not name.isidentifier():
        raise RatingInputError(
            "classic xlwings runs 'import <workbook name>', so a .xlsm name must be a Python "
            "identifier (letters, digits, _; not starting with a digit), e.g. shanghai_2026.xlsm",
            value=path.name)
    return name


def _sheet_parts(files: dict[str, bytes]) -> list[tuple[str, str]]:
    """(sheet name, part) of every sheet, in workbook order."""
    wb = files["xl/workbook.xml"].decode()
    rels = files["xl/_rels/workbook.xml.rels"].decode()
    out = []
    for tag in re.findall(r"<sheet [^>]*/>", wb):
        name = re.search(r'name="([^"]*)"', tag)
        rid = re.search(r'r:id="([^"]+)"', tag)
        if name is None or rid is None:
            continue
        target = re.search(rf'<Relationship[^>]*Id="{rid.group(1)}"[^>]*Target="([^"]+)"', rels) or \
            re.search(rf'<Relationship[^>]*Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels)
        if target is None:
            continue
        t = target.group(1).lstrip("/")
        out.append((name.group(1), t if t.startswith("xl/") else "xl/" + t))
    if not out:   # a workbook has at least one sheet
        raise AssertionError("the workbook lists no sheet")
    return out


def _add_button(files: dict[str, bytes], ct: str, sheet: str, text: str, name: str,
                anchor: tuple[int, int, int, int]) -> str:
    """A button running the macro on ``sheet`` (a drawing part); returns the new content types."""
    sheet_xml = files[sheet].decode()
    if "<drawing " in sheet_xml:
        return ct
    n = 1
    while f"xl/drawings/drawing{n}.xml" in files:
        n += 1
    drawing = f"xl/drawings/drawing{n}.xml"
    col, r0, r1, width = anchor
    files[drawing] = _DRAWING.format(col=col, r0=r0, r1=r1, width=width, macro=MACRO, name=name,
                                     text=escape(text)).encode()
    ct = ct.replace("</Types>", f'<Override PartName="/{drawing}" ContentType="application/'
                    'vnd.openxmlformats-officedocument.drawing+xml"/></Types>')
    rel_part = sheet.replace("worksheets/", "worksheets/_rels/") + ".rels"
    srels = files.get(rel_part, b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                      b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                      b'relationships"></Relationships>').decode()
    srels = srels.replace("</Relationships>", '<Relationship Id="rIdBtn1" Type="http://schemas.'
                          'openxmlformats.org/officeDocument/2006/relationships/drawing" '
                          f'Target="../drawings/drawing{n}.xml"/></Relationships>')
    files[rel_part] = srels.encode()
    if "xmlns:r=" not in sheet_xml.split(">", 2)[1]:
        sheet_xml = sheet_xml.replace(
            "<worksheet ", '<worksheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships" ', 1)
    # CT_Worksheet's order: <drawing> comes before these (a comment's legacy drawing among them)
    later = [sheet_xml.find(t) for t in ("<legacyDrawing", "<drawingHF", "<picture", "<oleObjects", "<controls",
                                         "<webPublishItems", "<tableParts", "<extLst", "</worksheet>")]
    at = min(k for k in later if k >= 0)
    files[sheet] = (sheet_xml[:at] + '<drawing r:id="rIdBtn1"/>' + sheet_xml[at:]).encode()
    return ct


def add_macro_parts(data: bytes, vba: bytes | None = None, text: str = BUTTON_TEXT,
                    import_text: str = IMPORT_TEXT) -> bytes:
    """Turn .xlsx bytes into .xlsm bytes with the VBA project and the buttons: ``text`` on
    the first sheet (process), ``import_text`` on an Import sheet if there is one.  Both run
    the same macro; ``BOOK.main()`` imports when clicked on the Import sheet."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        files = {n: z.read(n) for n in z.namelist()}
    before = dict(files)
    files[VBA_PART] = vba if vba is not None else files.get(VBA_PART) or vba_project()
    ct = files["[Content_Types].xml"].decode()
    ct = ct.replace("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                    "application/vnd.ms-excel.sheet.macroEnabled.main+xml")
    if 'PartName="/xl/vbaProject.bin"' not in ct:
        ct = ct.replace("</Types>", '<Override PartName="/xl/vbaProject.bin" '
                        'ContentType="application/vnd.ms-office.vbaProject"/></Types>')
    rels = files["xl/_rels/workbook.xml.rels"].decode()
    if "vbaProject.bin" not in rels:
        rels = rels.replace("</Relationships>", '<Relationship Id="rIdVBA1" Type="http://schemas.'
                            'microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>'
                            "</Relationships>")
    files["xl/_rels/workbook.xml.rels"] = rels.encode()
    sheets = _sheet_parts(files)
    r0, r1, width = BUTTON_ANCHOR
    ct = _add_button(files, ct, sheets[0][1], text, "ProcessButton", (0, r0, r1, width))
    for name, part in sheets:   # the Import sheet (导入): a button that imports what is pasted there
        if name.strip().lower() in ("import", "导入", "導入"):
            ct = _add_button(files, ct, part, import_text, "ImportButton", IMPORT_ANCHOR)
    files["[Content_Types].xml"] = ct.encode()
    changed = {n: v for n, v in files.items() if before.get(n) != v}
    return rewrite_zip(data, changed, order=["[Content_Types].xml"], date_time=FIXED_TIME)


def module_source() -> str:
    return ('"""Classic xlwings entry point: the buttons run BOOK.main() (xlwings quickstart '
            'convention): on the Import sheet it imports, elsewhere it processes."""\n'
            'from xl_ratings.excel import main  # noqa: F401\n')


def macro_workbook_bytes(wb: Any) -> bytes:
    """An openpyxl workbook as .xlsm bytes, with the VBA project and the button
    (a template's Read me is readied for it first)."""
    from .templates import prepare_macro_workbook

    text, import_text = prepare_macro_workbook(wb)
    wb.code_name = "ThisWorkbook"
    for ws, code in zip(wb.worksheets[:2], ("Sheet1", "Sheet2")):
        ws.sheet_properties.codeName = code
    buf = io.BytesIO()
    wb.save(buf)
    return add_macro_parts(buf.getvalue(), text=text, import_text=import_text)


def save_macro_workbook(wb: Any, path: Path, write_module: bool = True) -> None:
    """Save an openpyxl workbook as .xlsm with the VBA project, the button and BOOK.py
    (each file written atomically)."""
    from .fileio import atomic_write

    path = Path(path)
    name = module_name(path)
    atomic_write(path, macro_workbook_bytes(wb))
    if write_module:
        atomic_write(path.parent / f"{name}.py", module_source().encode("utf-8"))


def has_button(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as z:
            return any(n.startswith("xl/drawings/") and b'name="ProcessButton"' in z.read(n)
                       for n in z.namelist())
    except (OSError, zipfile.BadZipFile):
        return False
