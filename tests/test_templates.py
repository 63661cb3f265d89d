"""The committed templates are exactly what the code builds, and they work."""

import zipfile
from pathlib import Path

import pytest
from helpers import read_sheet, run_cli

from xl_ratings.workbook.templates import write_templates

ROOT = Path(__file__).resolve().parents[1] / "workbook_templates"
SYSTEMS = ("shanghai", "gor", "lianzhong", "peng")


def layout(path: Path) -> dict:
    """What a person sees in a template: sheets, cells, formats, fonts, fills,
    validations, widths, freeze panes; and for .xlsm the macro parts.  (Not the
    zip bytes: an openpyxl or xlwings upgrade may write the same thing
    differently.)"""
    import openpyxl

    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    seen = {}
    for ws in wb.worksheets:
        cells = [(c.coordinate, c.value, c.number_format, bool(c.font and c.font.b),
                  c.fill.fgColor.rgb if c.fill and c.fill.fill_type else None)
                 for row in ws.iter_rows() for c in row if c.value is not None]
        seen[ws.title] = {
            "cells": cells, "freeze": ws.freeze_panes,
            "widths": {k: round(v.width, 1) for k, v in ws.column_dimensions.items() if v.width},
            "validations": sorted((dv.formula1, str(dv.sqref)) for dv in ws.data_validations.dataValidation)}
    if path.suffix == ".xlsm":
        with zipfile.ZipFile(path) as z:
            vba = z.read("xl/vbaProject.bin")
            drawings = [z.read(n) for n in z.namelist() if n.startswith("xl/drawings/drawing")]
        seen["_macro"] = (vba[:8], any(b'macro="[0]!SampleCall"' in d for d in drawings))
    return seen


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    d = tmp_path_factory.mktemp("tpl")
    write_templates(d)
    return d


@pytest.mark.parametrize("name", [f"{s}.{ext}" for s in SYSTEMS for ext in ("xlsx", "xlsm", "py")])
def test_committed_template_matches_code(fresh, name):
    committed, built = ROOT / name, fresh / name
    assert committed.exists(), f"{name} missing: run python -m xl_ratings.workbook.templates"
    if name.endswith(".py"):
        assert committed.read_text() == built.read_text()
    else:
        assert layout(committed) == layout(built), \
            f"{name} drifted from the code: run python -m xl_ratings.workbook.templates"


@pytest.mark.parametrize("system", SYSTEMS)
def test_template_processes_and_has_read_me(system, tmp_path):
    out = tmp_path / "out.xlsx"
    assert run_cli("process", ROOT / f"{system}.xlsx", "--output", out) == 0
    assert read_sheet(out, "Ratings")
    import openpyxl
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    assert wb.sheetnames[0] == "Read me" and "xl-ratings process" in " ".join(
        str(c.value) for c in wb["Read me"]["A"])


def test_xlsm_has_xlwings_vba_and_button():
    with zipfile.ZipFile(ROOT / "shanghai.xlsm") as z:
        names = z.namelist()
        assert "xl/vbaProject.bin" in names
        ct = z.read("[Content_Types].xml").decode()
        assert "macroEnabled.main+xml" in ct
        drawing = next(z.read(n) for n in names if n.startswith("xl/drawings/drawing"))
        assert b'macro="[0]!SampleCall"' in drawing
        vba = z.read("xl/vbaProject.bin")
    assert vba.startswith(bytes.fromhex("d0cf11e0a1b11ae1")) and len(vba) > 10_000   # an OLE VBA project
    # a freshly made .xlsm carries the VBA project of the installed xlwings, byte for byte
    import xlwings

    from xl_ratings.workbook.macro import vba_project
    src = Path(xlwings.__file__).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(src) as z:
        assert vba_project() == z.read("xl/vbaProject.bin")
    assert "from xl_ratings.excel import main" in (ROOT / "shanghai.py").read_text()


def test_new_command(tmp_path):
    assert run_cli("new", "peng", tmp_path / "club.xlsx", "--empty") == 0
    import openpyxl
    wb = openpyxl.load_workbook(tmp_path / "club.xlsx")
    assert wb["Players"].max_row == 1 and wb["Settings"]["B2"].value == "peng"
    assert run_cli("new", "peng", tmp_path / "club.xlsx") == 2          # exists: refused
    assert run_cli("new", "gor", tmp_path / "2026 club.xlsm") == 2      # not an importable name
    assert run_cli("new", "gor", tmp_path / "club_hk.xlsm") == 0
    assert (tmp_path / "club_hk.py").exists()
