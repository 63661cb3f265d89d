"""One click refuses a cell showing an error (#N/A, #DIV/0!) as the command line does -- at its
place, the same message -- instead of reading it as a blank (xlwings' default gives error cells
as None on every engine: classic Excel, Lite and Server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_error_cells_refused import with_error
from test_script_dispatch import replay, run_script

from xl_ratings.excel.visibility import EXCEL_ERRORS, error_cells
from xl_ratings.xlsx.read import read_tables, read_workbook

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def _col(rows, key: str) -> int:
    return [str(h).split()[-1] for h in rows[0]].index(key)


def test_every_error_value_is_refused_at_its_cell():
    grid = [["id 编号", "rating 等级分"], ["SH001", 1500], *[[f"SH{i:03d}", e] for i, e in enumerate(sorted(EXCEL_ERRORS), 2)]]
    got = error_cells("book.xlsx", "Players", grid)
    assert [(e.where.row, e.where.column, e.text.param("shown")) for e in got] == \
        [(r, "rating", e) for r, e in enumerate(sorted(EXCEL_ERRORS), 3)]
    assert {e.text.id for e in got} == {"workbooks.cell_shows_error"}
    assert error_cells("book.xlsx", "Players", [["name"], ["#N/A please"], ["N/A"]]) == []   # text, not an error


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_one_click_refuses_an_error_cell_as_the_command_line_does(system, tmp_path):
    book = ROOT / f"{system}.xlsx"
    tables = read_tables(book)
    col = _col(tables["Players"], "rating")
    tables["Players"][2] = list(tables["Players"][2])
    tables["Players"][2][col] = "#N/A"           # what xlwings gives with err_to_str: the error shown
    sheets, actions = run_script("process_period", tables, f"{system}.xlsx", tmp_path)
    report = replay(sheets, actions)["Checks"][1:]
    clicked = [(r[2], r[3], r[4]) for r in report if "shows the error #N/A" in r[0]]
    assert clicked == [("Players", 3, "rating")]
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"], "nothing processed"
    # the command line, on the same cell of the file showing the same error
    ref = f"{chr(ord('A') + col)}3"
    bad = with_error(book, "Players", ref, "#N/A", tmp_path / "bad.xlsx")
    _, problems = read_workbook(bad)
    told = [(e.where.sheet, e.where.row, e.where.column) for e in problems
            if e.text.id == "workbooks.cell_shows_error"]
    assert told == clicked
