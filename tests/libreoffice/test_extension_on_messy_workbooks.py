"""The installed LibreOffice extension's Process button on a workbook an officer has made messy
-- an event name merged down its games, a result cell showing #N/A, a hidden game row, and all
three at once -- gives what ``xl-ratings process`` gives: the same Ratings sheet, or the same
problems at the same cells, each told once, in traditional Chinese on the Hong Kong workbook."""

from __future__ import annotations

import shutil

import openpyxl
import pytest
from helpers import TEMPLATES, run_cli
from problem_ids import cli_problems
from test_error_cells_refused import with_error
from test_libreoffice_calc import _grid, _inputs, _same_sheet, office  # noqa: F401 -- the module's office
from test_script_dispatch import cli_cells

pytestmark = pytest.mark.libreoffice


def _col(ws, key: str) -> int:
    return next(c.column for c in ws[1] if str(c.value).split()[-1] == key)


def _merge_event(book) -> str:
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    col = _col(ws, "event")
    assert ws.cell(2, col).value == ws.cell(3, col).value == ws.cell(4, col).value
    ws.cell(3, col).value = ws.cell(4, col).value = None
    letter = openpyxl.utils.get_column_letter(col)
    ws.merge_cells(f"{letter}2:{letter}4")
    wb.save(book)
    return f"Games {letter}2:{letter}4"


def test_an_event_merged_down_its_games_is_processed_as_the_command_line_does(office, tmp_path):  # noqa: F811
    book, cli = tmp_path / "gor.xlsx", tmp_path / "cli.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    merged = _merge_event(book)
    assert run_cli("process", book, "--output", cli) == 0
    got = office.ask(op="click", path=str(book), commands=["process"], formats=[])
    sheet, cells = merged.split()
    assert f"sheet '{sheet}', row 2, column 'event': cells {cells} are merged: read as their value" \
        in "\n".join(got["told"]), got["told"]
    want, _ = cli_cells(cli, "Ratings")
    _same_sheet("Ratings", got["after"]["Ratings"], want)


def test_an_error_cell_and_a_hidden_row_are_told_as_the_command_line_tells_them(office, tmp_path):  # noqa: F811
    src = tmp_path / "src.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", src)
    merged = _merge_event(src)
    ws = openpyxl.load_workbook(src)["Games"]
    ref = f"{openpyxl.utils.get_column_letter(_col(ws, 'result'))}6"
    book = with_error(src, "Games", ref, "#N/A", tmp_path / "gor.xlsx")
    code, told = cli_problems("process", book, "--output", tmp_path / "never.xlsx")
    assert code == 2 and [(p.id, p.sheet, p.row, p.column) for p in told] == [
        ("workbooks.cell_shows_error", "Games", 6, "result")]
    got = office.ask(op="click", path=str(book), commands=["process"], hide=[["Games", 8]])
    assert "未作任何處理" in got["told"][0], got["told"]
    assert _inputs(got["after"]) == _inputs(got["before"])
    checks = _grid(got["after"]["Checks"])[1:]
    at = sorted((r[2], int(r[3])) for r in checks if r[2] == "Games" and r[3] is not None)
    assert at == [("Games", 6), ("Games", 8)], checks        # the error once, the hidden row once
    assert not [r for r in checks if merged in str(r[0])]   # the merged event read, no problem of it
