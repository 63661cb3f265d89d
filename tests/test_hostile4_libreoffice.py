"""Hostile tester's findings on the LibreOffice extension (issue 27), in the real program: one headless
LibreOffice for the module with the extension installed by ``unopkg add`` (the fixture of
tests/test_libreoffice_calc.py), driven over UNO (tests/lo_driver.py).

* a formula showing an error in an input sheet (a rating of ``=1/0``: #DIV/0!) is refused naming the
  cell -- it was read as an empty cell, and the player's rating made up from the rank;
* the rating list's refusal on a Hong Kong (gor) workbook is told in traditional Chinese, as Process's.
"""

from __future__ import annotations

import openpyxl
import pytest
from helpers import TEMPLATES
from test_libreoffice_calc import _grid, _inputs, office  # noqa: F401 -- the module's LibreOffice

pytestmark = pytest.mark.libreoffice


@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_an_error_cell_in_the_players_sheet_is_refused_not_read_as_blank(office, system, tmp_path):  # noqa: F811
    book = tmp_path / f"{system}.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / f"{system}.xlsx")
    ws = wb["Players"]
    header = [str(c.value or "") for c in ws[1]]
    col = next(i for i, h in enumerate(header, start=1) if h.endswith(" rating"))
    ws.cell(2, col).value = "=1/0"               # a rating whose formula went wrong: #DIV/0!
    wb.save(book)
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "nothing was processed" in got["told"][0], got["told"]
    assert _inputs(got["after"]) == _inputs(got["before"])
    assert "Ratings" not in got["after"] or got["after"].get("Ratings") == got["before"].get("Ratings")
    checks = _grid(got["after"]["Checks"])
    assert any(r[2] == "Players" and r[3] == 2 and "#DIV/0!" in str(r[5]) for r in checks[1:]), checks[:4]
    if system == "gor":
        assert "未作任何處理" in got["told"][0]


def test_the_rating_lists_refusal_on_a_hong_kong_workbook_is_in_traditional_chinese(office, tmp_path):  # noqa: F811
    book = tmp_path / "gor.xlsx"
    openpyxl.load_workbook(TEMPLATES / "gor.xlsx").save(book)     # never processed: no list yet
    got = office.ask(op="click", path=str(book), commands=["rating_list"])
    told = got["told"][0]
    assert "no rating list was made" in told and "未生成等級分名單" in told, told
    assert "未生成等级分名单" not in told
    checks = _grid(got["after"]["Checks"])
    assert checks[0][0].startswith("問題"), checks[0]
    assert "History" in [r[2] for r in checks[1:]]
    assert _inputs(got["after"]) == _inputs(got["before"])


def test_process_clicked_twice_says_the_period_was_processed_again(office, tmp_path):  # noqa: F811
    book = tmp_path / "gor.xlsx"
    openpyxl.load_workbook(TEMPLATES / "gor.xlsx").save(book)
    got = office.ask(op="click", path=str(book), commands=["process", "process"])
    first, second = got["told"]
    assert "re-processed" not in first
    # the command line says it too ("re-processed 2026 (already in the History)"): the results were replaced
    assert "re-processed 2026 (already in the History)" in second and "已重新計算 2026（History 中已有）" in second, second
    assert _inputs(got["after"]) == _inputs(got["before"])
