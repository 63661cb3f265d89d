"""One click in Excel (issue 9, 3): a crosstable pasted into the Import sheet
(导入), ``import_results`` run through xlwings' own script dispatch (xlwings
Lite/Server), appends the same Players, Events and Games rows as
``xl-ratings import`` of that crosstable."""

from __future__ import annotations

from pathlib import Path

from helpers import read_sheet, run_cli
from import_writers import EVENT, rr_rows, write_rr_csv
from test_script_dispatch import replay, run_script

from xl_ratings.xlsx.read import read_tables
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
META = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]


def test_import_sheet_one_click_equals_the_command_line(tmp_path):
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + [list(r) for r in rr_rows(EVENT)]   # pasted into the template's Import sheet
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)

    csv = write_rr_csv(tmp_path / "rr.csv", EVENT)
    book = tmp_path / "book.xlsx"
    book.write_bytes((ROOT / "gor.xlsx").read_bytes())
    assert run_cli("import", csv, "--into", book, "--name", "春季公开赛", "--start", "2024-05-01",
                   "--end", "2024-05-03") == 0
    for sheet in ("Players", "Events", "Games"):
        want = read_sheet(book, sheet)
        got_rows = [r for r in grids[sheet] if any(v not in (None, "") for v in r)]
        added = got_rows[len(got_rows) - (len(want) - len(read_sheet(ROOT / "gor.xlsx", sheet))):]
        new_want = want[len(read_sheet(ROOT / "gor.xlsx", sheet)):]
        assert len(added) == len(new_want) > 0, sheet
        for g, w in zip(added, new_want):
            shown = {norm(v) for v in g if v not in (None, "")}
            assert {norm(v) for v in w.values() if v is not None} <= shown, (sheet, w, g)


def norm(v):
    """A cell as both paths write it: dates as ISO text, numbers as floats; Excel's
    text prefix ' (so that "+" stays text, not a formula) is not part of the value."""
    if isinstance(v, str) and v.startswith("'"):
        v = v[1:]
    if hasattr(v, "isoformat"):
        return v.isoformat()[:10]
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return str(v).strip()[:10] if len(str(v)) >= 10 and str(v)[4:5] == "-" else str(v).strip()


def test_macro_templates_have_an_import_button_on_the_import_sheet():
    """The .xlsm templates: the Import sheet carries a button running the same macro; clicked
    there, BOOK.main() imports (xl_ratings.excel.main dispatches on the active sheet)."""
    import re
    import zipfile

    for system in SYSTEMS:
        with zipfile.ZipFile(ROOT / f"{system}.xlsm") as z:
            wb = z.read("xl/workbook.xml").decode()
            rels = z.read("xl/_rels/workbook.xml.rels").decode()
            rid = re.search(r'<sheet [^>]*name="Import"[^>]*r:id="([^"]+)"', wb).group(1)
            rel = next(r for r in re.findall(r"<Relationship\b[^>]*>", rels) if f'Id="{rid}"' in r)
            target = re.search(r'Target="([^"]+)"', rel).group(1).lstrip("/")
            part = target if target.startswith("xl/") else "xl/" + target
            srels = z.read(part.replace("worksheets/", "worksheets/_rels/") + ".rels").decode()
            drawing = "xl/" + re.search(r'Target="\.\./(drawings/drawing\d+\.xml)"', srels).group(1)
            sheet_xml = z.read(part).decode()
            xml = z.read(drawing).decode()
        assert 'name="ImportButton"' in xml and 'macro="[0]!SampleCall"' in xml, system
        assert sheet_xml.index("<drawing ") < sheet_xml.index("<legacyDrawing"), "schema order"
    assert "on the Import sheet it imports" in (ROOT / "gor.py").read_text(encoding="utf-8")
