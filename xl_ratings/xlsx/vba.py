"""The VBA packer: .xlsx bytes -> .xlsm bytes with a VBA project and buttons.

The VBA project is xlwings' own standalone quickstart project (it carries the
xlwings VBA module, so no add-in is needed).  Its ``SampleCall`` macro runs
``RunPython "import BOOK; BOOK.main()"`` where BOOK is the workbook's file
name (the xlwings quickstart convention).  A button on the first sheet (and
one on an Import sheet) calls the macro.  What the buttons say and the
``BOOK.py`` written beside the workbook are the templates' business
(:mod:`xl_ratings.authoring.macro`).
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from ..errors import InputErrors
from ..files.source import open_zip
from .package import CONTENT_TYPES, FIXED_TIME, WORKBOOK, Package, rels_path, rels_xml

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


def _add_button(files: Package, ct: str, sheet: str, text: str, name: str,
                anchor: tuple[int, int, int, int]) -> str:
    """A button running the macro on ``sheet`` (a drawing part); returns the new content types."""
    sheet_xml = files[sheet].decode()
    if "<drawing " in sheet_xml:
        return ct
    drawing = files.fresh("xl/drawings/drawing{}.xml")
    col, r0, r1, width = anchor
    files[drawing] = _DRAWING.format(col=col, r0=r0, r1=r1, width=width, macro=MACRO, name=name,
                                     text=escape(text)).encode()
    ct = ct.replace("</Types>", f'<Override PartName="/{drawing}" ContentType="application/'
                    'vnd.openxmlformats-officedocument.drawing+xml"/></Types>')
    rel_part = rels_path(sheet)
    srels = files.text(rel_part) if rel_part in files else rels_xml([])
    srels = srels.replace("</Relationships>", '<Relationship Id="rIdBtn1" Type="http://schemas.'
                          'openxmlformats.org/officeDocument/2006/relationships/drawing" '
                          f'Target="../drawings/{drawing.rsplit("/", 1)[1]}"/></Relationships>')
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
    pkg = Package(data)
    pkg[VBA_PART] = vba if vba is not None else pkg.get(VBA_PART) or vba_project()
    ct = pkg.text(CONTENT_TYPES)
    ct = ct.replace("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                    "application/vnd.ms-excel.sheet.macroEnabled.main+xml")
    if 'PartName="/xl/vbaProject.bin"' not in ct:
        ct = ct.replace("</Types>", '<Override PartName="/xl/vbaProject.bin" '
                        'ContentType="application/vnd.ms-office.vbaProject"/></Types>')
    wb_rels = rels_path(WORKBOOK)
    if not any(r.target == VBA_PART for r in pkg.rels(WORKBOOK)):
        pkg.set_text(wb_rels, pkg.text(wb_rels).replace(
            "</Relationships>", '<Relationship Id="rIdVBA1" Type="http://schemas.microsoft.com/office/2006/'
            'relationships/vbaProject" Target="vbaProject.bin"/></Relationships>'))
    sheets = [s for s in pkg.sheets() if s.part]
    if not sheets:   # a workbook has at least one sheet
        raise AssertionError("the workbook lists no sheet")
    r0, r1, width = BUTTON_ANCHOR
    ct = _add_button(pkg, ct, sheets[0].part, text, "ProcessButton", (0, r0, r1, width))
    for sheet in sheets:   # the Import sheet (导入): a button that imports what is pasted there
        if sheet.name.strip().lower() in ("import", "导入", "導入"):
            ct = _add_button(pkg, ct, sheet.part, import_text, "ImportButton", IMPORT_ANCHOR)
    pkg.set_text(CONTENT_TYPES, ct)
    return pkg.write(order=[CONTENT_TYPES], date_time=FIXED_TIME)


def has_button(path: Path) -> bool:
    try:
        with open_zip(path) as z:       # the zip-bomb limits before a drawing is inflated
            return any(n.startswith("xl/drawings/") and b'name="ProcessButton"' in z.read(n)
                       for n in z.namelist())
    except (OSError, zipfile.BadZipFile, InputErrors):
        return False
