"""The user's own content survives processing: every part of the workbook
other than the result sheets is byte for byte what it was, the VBA project
and the button included."""

import zipfile

import openpyxl
import pytest
from helpers import read_sheet, run_cli
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from xl_ratings.xlsx.vba import has_button
from xl_ratings.authoring.macro import save_macro_workbook
from xl_ratings.authoring.templates import build

CHANGED = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml"}


def user_book(system):
    wb = build(system)
    ws = wb.create_sheet("我的统计")
    ws["A1"] = "俱乐部"
    ws["B1"] = "人数"
    for i, (club, n) in enumerate([("黄浦", 12), ("徐汇", 9), ("浦东", 15)], start=2):
        ws.cell(row=i, column=1, value=club)
        ws.cell(row=i, column=2, value=n)
    ws["A1"].font = Font(bold=True, color="FF0000")
    ws["B1"].fill = PatternFill("solid", fgColor="FFFF00")
    ws["A2"].comment = Comment("年度统计，请勿删除", "officer")
    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="100")
    dv.add("B2:B20")
    ws.add_data_validation(dv)
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=4), titles_from_data=True)
    ws.add_chart(chart, "D2")
    wb.defined_names["俱乐部人数"] = DefinedName("俱乐部人数", attr_text="'我的统计'!$B$2:$B$4")
    ws["C2"] = "=SUM(B2:B4)"
    return wb


PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d4944415478da63f8cfc0f01f0005000201a0e1b2e20000000049454e44ae426082")
PIC = ('<xdr:oneCellAnchor><xdr:from><xdr:col>8</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row>'
       '<xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="952500" cy="952500"/><xdr:pic><xdr:nvPicPr>'
       '<xdr:cNvPr id="9" name="Logo"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill>'
       '<a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="rIdLogo"/>'
       '<a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"><a:avLst/>'
       '</a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>')


def add_logo(path):
    """Put a PNG picture beside the user's chart (openpyxl needs Pillow for images)."""
    files = parts(path)
    drawing = next(n for n in files if n.startswith("xl/drawings/drawing") and b"chart" in files[n]
                   and b"ProcessButton" not in files[n])
    files[drawing] = files[drawing].replace(b"</xdr:wsDr>", PIC.encode() + b"</xdr:wsDr>")
    rels = drawing.replace("drawings/", "drawings/_rels/") + ".rels"
    files[rels] = files[rels].replace(b"</Relationships>", b'<Relationship Id="rIdLogo" Type="http://'
                                      b'schemas.openxmlformats.org/officeDocument/2006/relationships/image" '
                                      b'Target="/xl/media/logo.png"/></Relationships>')
    files["xl/media/logo.png"] = PNG
    ct = files["[Content_Types].xml"]
    if b'Extension="png"' not in ct:
        files["[Content_Types].xml"] = ct.replace(
            b"<Override", b'<Default Extension="png" ContentType="image/png"/><Override', 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)


def parts(path):
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert len(names) == len(set(names)), "duplicate zip entries"
        return {n: z.read(n) for n in names}


@pytest.mark.parametrize("ext", ["xlsx", "xlsm"])
def test_everything_else_is_kept_byte_for_byte(tmp_path, ext):
    book = tmp_path / f"club_book.{ext}"
    wb = user_book("shanghai")
    if ext == "xlsm":
        save_macro_workbook(wb, book, None)
    else:
        wb.save(book)
    add_logo(book)
    before = parts(book)
    assert "xl/media/logo.png" in before
    assert run_cli("process", book) == 0
    assert run_cli("process", book) == 0    # twice: replacing result sheets keeps it all too
    after = parts(book)
    for name, data in before.items():
        if name not in CHANGED:
            assert after.get(name) == data, f"{name} changed"
    if ext == "xlsm":
        assert after["xl/vbaProject.bin"] == before["xl/vbaProject.bin"]
        assert has_button(book)
    # and a spreadsheet program still sees it all
    wb2 = openpyxl.load_workbook(book, keep_vba=(ext == "xlsm"))
    ws = wb2["我的统计"]
    assert ws["A2"].comment.text == "年度统计，请勿删除"
    assert ws["A1"].font.b and ws["B1"].fill.fgColor.rgb.endswith("FFFF00")
    assert ws.data_validations.dataValidation and ws["C2"].value == "=SUM(B2:B4)"
    assert "俱乐部人数" in wb2.defined_names
    assert read_sheet(book, "Ratings")
    assert after["xl/media/logo.png"] == PNG


def test_styles_do_not_grow_when_processing_again(tmp_path):
    book = tmp_path / "b.xlsx"
    build("gor").save(book)
    assert run_cli("process", book) == 0
    first = parts(book)["xl/styles.xml"]
    assert run_cli("process", book) == 0
    assert parts(book)["xl/styles.xml"] == first
