"""The LibreOffice toolbar's Process refuses two sheets of one role (``Players`` and ``棋手``) and two
headers of one column (a second ``rating``) as the command line and xlwings do -- one click's own
reader on the open Calc document -- both named on the Checks sheet, nothing processed."""

from __future__ import annotations

import openpyxl
import pytest
from helpers import TEMPLATES
from test_libreoffice_calc import _grid, _inputs, office  # noqa: F401 -- the module's LibreOffice

pytestmark = pytest.mark.libreoffice


def _refused(office, book):  # noqa: F811
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "nothing was processed" in got["told"][0], got["told"]
    assert _inputs(got["after"]) == _inputs(got["before"])
    return _grid(got["after"]["Checks"])


def test_players_and_qishou_are_refused_in_calc(office, tmp_path):  # noqa: F811
    book = tmp_path / "shanghai.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / "shanghai.xlsx")
    wb.copy_worksheet(wb["Players"]).title = "棋手"
    wb.save(book)
    checks = _refused(office, book)
    assert any("'Players' and '棋手' are both the Players sheet" in str(r[0]) for r in checks[1:]), checks[:4]


def test_a_second_rating_column_is_refused_in_calc(office, tmp_path):  # noqa: F811
    book = tmp_path / "shanghai.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / "shanghai.xlsx")
    ws = wb["Players"]
    col = ws.max_column + 1
    ws.cell(1, col).value = "rating"
    for r in range(2, ws.max_row + 1):
        ws.cell(r, col).value = 1500
    wb.save(book)
    checks = _refused(office, book)
    assert any("are both the column 'rating'" in str(r[0]) and r[2] == "Players" for r in checks[1:]), checks[:4]
