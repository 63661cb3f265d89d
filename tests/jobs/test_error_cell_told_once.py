"""A cell showing an error (#N/A) where the records need a value (a game's result) is told once,
as the error it shows -- not a second time as a bad result read from it ('' on the command line,
'#N/A' on one click, so the two even told different things)."""

from __future__ import annotations

from pathlib import Path

import pytest
from problem_ids import cli_problems
from test_error_cells_refused import with_error
from test_script_dispatch import replay, run_script

from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def _col(rows, key: str) -> int:
    return [str(h).split()[-1] for h in rows[0]].index(key)


@pytest.mark.parametrize("system", ["gor", "lianzhong"])
def test_an_error_in_a_result_cell_is_told_once_on_the_command_line(system, tmp_path):
    book = ROOT / f"{system}.xlsx"
    col = _col(read_tables(book)["Games"], "result")
    bad = with_error(book, "Games", f"{chr(ord('A') + col)}6", "#N/A", tmp_path / "bad.xlsx")
    code, told = cli_problems("process", bad, "--output", tmp_path / "out.xlsx")
    assert code == 2
    assert [(p.id, p.sheet, p.row, p.column) for p in told] == [
        ("workbooks.cell_shows_error", "Games", 6, "result")]


def test_an_error_in_a_result_cell_is_told_once_by_one_click(tmp_path):
    tables = read_tables(ROOT / "gor.xlsx")
    col = _col(tables["Games"], "result")
    tables["Games"][5] = list(tables["Games"][5])
    tables["Games"][5][col] = "#N/A"            # what xlwings gives with err_to_str
    sheets, _ = run_script("process_period", tables, "gor.xlsx", tmp_path)
    report = replay(sheets, _)["Checks"][1:]
    at = [r for r in report if (r[2], r[3]) == ("Games", 6)]
    assert len(at) == 1 and "#N/A" in at[0][0], at
