"""A cell showing an error value (#DIV/0!, #N/A, #REF!) in an input sheet is refused, named,
never read as a blank: python-calamine gives such a cell as "", and a blank rating is made
up from the rank (HK001 rated from 2500 instead of its 2447.2, silently)."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from helpers import run_cli

from xl_ratings.xlsx.read import read_workbook
from xl_ratings.errors import InputErrors


def _part_of(files: dict[str, bytes], sheet: str) -> str:
    wbx, rels = files["xl/workbook.xml"].decode(), files["xl/_rels/workbook.xml.rels"].decode()
    rid = re.search(r'<sheet [^>]*name="%s"[^>]*r:id="(\w+)"' % sheet, wbx).group(1)
    target = (re.search(r'Id="%s"[^>]*Target="([^"]+)"' % rid, rels)
              or re.search(r'Target="([^"]+)"[^>]*Id="%s"' % rid, rels)).group(1)
    return "xl/" + target.lstrip("/").replace("xl/", "", 1)


def with_error(book: Path, sheet: str, ref: str, shown: str, out: Path) -> Path:
    """``book`` with cell ``ref`` of ``sheet`` a formula showing ``shown``, as Excel saves it."""
    with zipfile.ZipFile(book) as z:
        files = {n: z.read(n) for n in z.namelist()}
    part = _part_of(files, sheet)
    xml = files[part].decode()
    cell = re.search(r'<c r="%s"[^>]*?(/>|>.*?</c>)' % ref, xml, re.S)
    assert cell, ref
    files[part] = xml.replace(cell.group(0), f'<c r="{ref}" t="e"><f>1/0</f><v>{shown}</v></c>').encode()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    return out


def _ref(book: Path, sheet: str, column: str) -> str:
    import openpyxl
    from openpyxl.utils import get_column_letter

    heads = [c.value for c in openpyxl.load_workbook(book)[sheet][1]]
    return get_column_letter(next(i for i, h in enumerate(heads, 1) if str(h).split()[-1] == column)) + "2"


@pytest.mark.parametrize("system,sheet,column", [
    ("gor", "Players", "rating"),
    ("shanghai", "Players", "rating"),
    ("shanghai", "Games", "result"),
    ("peng", "Games", "result"),
])
def test_an_error_cell_is_refused_with_its_place(tmp_path, system, sheet, column):
    book = tmp_path / "b.xlsx"
    assert run_cli("new", system, str(book)) == 0
    ref = _ref(book, sheet, column)
    bad = with_error(book, sheet, ref, "#DIV/0!", tmp_path / "bad.xlsx")
    _, problems = read_workbook(bad)
    shows = [p for p in problems if p.text.id == "workbooks.cell_shows_error"]
    assert len(shows) == 1
    assert dict(shows[0].text.params)["shown"] == "#DIV/0!"
    assert (shows[0].where.sheet, shows[0].where.row) == (sheet, int(ref[1:]))
    assert column in str(shows[0].where.column)
    before = bad.read_bytes()
    assert run_cli("process", str(bad)) != 0
    assert bad.read_bytes() == before, "nothing written"


def test_an_error_in_a_sheet_of_the_officers_own_is_not_ours_to_refuse(tmp_path):
    book = tmp_path / "b.xlsx"
    assert run_cli("new", "gor", str(book)) == 0
    import openpyxl
    wb = openpyxl.load_workbook(book)
    wb.create_sheet("Notes")["A1"] = 1
    wb.save(book)
    bad = with_error(book, "Notes", "A1", "#N/A", tmp_path / "bad.xlsx")
    shutil.copy(bad, tmp_path / "bad2.xlsx")
    _, problems = read_workbook(bad)
    assert not [p for p in problems if p.text.id == "workbooks.cell_shows_error"]
