"""An officer edits a table laid out as rows on the Settings sheet (the template's
``con_table`` | 見下表, column heads, one row per entry): a bad entry is refused at that
entry's own row and cell, with the cell's value -- not at the table's key row with the whole
table printed as a Python list -- and an entry given twice is refused (which would count?),
as a setting given twice is."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from problem_ids import cli_problems

TEMPLATE = Path(__file__).resolve().parents[2] / "workbook_templates" / "gor.xlsx"


def _row(ws, key) -> int:
    return next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == key)


def _edited(tmp_path: Path, edit) -> tuple[Path, int]:
    book = tmp_path / "hk.xlsx"
    shutil.copy(TEMPLATE, book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    con = _row(ws, "con_table")
    assert ws.cell(con + 2, 1).value == 100 and ws.cell(con + 3, 1).value == 200   # heads, then 100, 200 …
    edit(ws, con)
    wb.save(book)
    return book, con


@pytest.mark.parametrize("typed, told_as, column", [
    ("abc", "sheets.cell_not_a_number", "value"),
    ("120 分", "sheets.cell_not_a_number", "value"),
    (-5, "sheets.setting_above", "value"),
    (None, "sheets.cell_empty", "value"),
])
def test_a_bad_table_entry_is_refused_at_its_own_cell(tmp_path, typed, told_as, column):
    def edit(ws, con):
        ws.cell(con + 10, 2).value = typed      # the entry 900 → 75, ninth below the heads
    book, con = _edited(tmp_path, edit)
    code, told = cli_problems("process", book)
    assert code == 2
    assert [(p.id, p.sheet, p.row, p.column) for p in told] == [(told_as, "Settings", con + 10, column)]
    assert "[(" not in str(told[0].value)           # the cell's value, not the whole table


def test_a_bad_rank_in_a_table_is_refused_at_its_key_cell(tmp_path):
    def edit(ws, con):
        ws.cell(con + 2, 1).value = "1,000"
    book, con = _edited(tmp_path, edit)
    code, told = cli_problems("process", book)
    assert code == 2 and [(p.id, p.row, p.column) for p in told] == [("sheets.cell_not_a_number", con + 2, "key")]


def test_a_table_entry_given_twice_is_refused(tmp_path):
    """Typing 100 over the 200 row silently kept both (100:116 and 100:110): now neither counts."""
    def edit(ws, con):
        ws.cell(con + 3, 1).value = 100
    book, con = _edited(tmp_path, edit)
    code, told = cli_problems("process", book)
    assert code == 2
    assert [(p.id, p.params, p.row, p.column) for p in told] == [
        ("sheets.setting_entry_twice", {"key": "con_table", "entry": "100", "first": con + 2, "row": con + 3},
         con + 3, "key")]


def test_an_edited_entry_and_an_added_row_are_read(tmp_path):
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.xlsx.read import read_workbook

    def edit(ws, con):
        ws.cell(con + 2, 2).value = "120"        # typed as text
        cw = _row(ws, "class_weights")
        ws.insert_rows(cw + 4)
        ws.cell(cw + 4, 1).value, ws.cell(cw + 4, 2).value = "D", 0.25
    book, _ = _edited(tmp_path, edit)
    tables, _ = read_workbook(book)
    params = read_records(tables, str(book)).params
    assert params.con_table[:2] == ((100, 120.0), (200, 110.0))
    assert ("D", 0.25) in params.class_weights and len(params.class_weights) == 7


def test_a_blank_row_inside_a_table_is_told_once_not_as_every_entry_below_it(tmp_path):
    """A blank row typed inside con_table ended it there: each entry below was an 'unknown setting
    400', '500' … (24 problems on the Hong Kong sample); now one, at the first of them."""
    def edit(ws, con):
        ws.insert_rows(con + 5)                  # after 100, 200, 300
    book, con = _edited(tmp_path, edit)
    code, told = cli_problems("process", book)
    assert code == 2
    assert [(p.id, p.params, p.row, p.column) for p in told] == [
        ("sheets.setting_table_gap", {"key": "con_table", "end": con + 4}, con + 6, "key")]


def test_a_table_whose_key_row_was_deleted_is_told_once(tmp_path):
    """Deleting the row `con_table | 見下表` left its heads and entries: 28 'unknown setting'
    problems ('棋力分 rating', '100', '200' …); now one, at the heads' row."""
    def edit(ws, con):
        ws.delete_rows(con)
    book, con = _edited(tmp_path, edit)
    code, told = cli_problems("process", book)
    assert code == 2
    assert [(p.id, p.row, p.column) for p in told] == [("sheets.setting_table_no_key", con, "key")]
