"""What the reader tells the officer about cells (the hostile review of issues 15-18, 20).

* An id holding an invisible character (``SH003\\u200b``) is refused at its cell, the
  character shown where it stands -- not 37 rows "is not a player id (value: 'SH003')".
* A player without a name is refused at the cell (it silently became the id, and the
  rating list then said "the name HK011 cannot be written in Latin letters").
* A value is shown as the officer would recognise it: a date before 1900 (a time to
  Excel) is "00:00" with the reason, never ``datetime.time(0, 0)``; TRUE/FALSE; text
  with its invisible characters shown.
* Every problem list in (file, sheet, row, column) order.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil

import openpyxl
import pytest
from helpers import TEMPLATES, processed_sample, run_cli

from xl_ratings.errors import InputErrors, RatingInputError, Text, Where, in_order, show

INVISIBLE = ["\u200b", "\ufeff", "\u200e", "\u00ad", "\u2060", "\t"]


def edited(tmp_path, system: str, edit) -> object:
    book = shutil.copy(TEMPLATES / f"{system}.xlsx", tmp_path / f"{system}.xlsx")
    wb = openpyxl.load_workbook(book)
    edit(wb)
    wb.save(book)
    return book


@pytest.mark.parametrize("char", INVISIBLE[:-1])
def test_an_invisible_character_in_a_players_id_is_pointed_at_once(tmp_path, capsys, char):
    """Finding 22: SH003 + U+200B gave 37 errors "is not a player id (value: 'SH003')"."""
    def edit(wb):
        wb["Players"]["A4"] = "SH003" + char
    book = edited(tmp_path, "shanghai", edit)
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "1 problem(s)" in err, err
    assert "sheet 'Players', row 4, column 'id': holds an invisible character: SH003⟨U+" in err
    assert "it looks like SH003 but is another id" in err and "含有看不见的字符" in err
    assert "is not a player id" not in err


def test_an_invisible_character_in_a_games_cell_is_pointed_at_its_cell(tmp_path, capsys):
    def edit(wb):
        ws = wb["Games"]
        ws["D5"] = f"\u2060{ws['D5'].value}"
    book = edited(tmp_path, "shanghai", edit)
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "sheet 'Games', row 5, column 'player': holds an invisible character: ⟨U+2060 WORD JOINER⟩SH" in err, err


@pytest.mark.parametrize("blank", [None, "", "   ", "\u3000"])
def test_a_player_without_a_name_is_said_to_have_none(tmp_path, capsys, blank):
    """Finding 23: a blank name silently became the id."""
    def edit(wb):
        wb["Players"]["B12"] = blank
    book = edited(tmp_path, "gor", edit)
    pid = openpyxl.load_workbook(book)["Players"]["A12"].value
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert f"sheet 'Players', row 12, column 'name': player {pid} has no name: type it" in err, err
    assert "沒有姓名" in err                                 # the Hong Kong workbook: traditional


def test_a_game_list_without_names_is_listed_by_id(tmp_path, capsys):
    """A Players sheet without a name column (a game list's ids) is no player without a name."""
    games = tmp_path / "games.csv"
    games.write_text("event,date,player,opponent,result\nE1,2026-03-01,A,B,1\nE1,2026-03-01,B,C,0.5\n",
                     encoding="utf-8")
    assert run_cli("process", games, "--system", "lianzhong", "--period", "2026") == 0, capsys.readouterr().err


# --------------------------------------------------------------------------- values as shown
@pytest.mark.parametrize("value, shown", [
    (dt.time(0, 0), "00:00"), (dt.time(10, 30), "10:30"), (dt.date(2026, 5, 1), "2026-05-01"),
    (dt.datetime(2026, 5, 1), "2026-05-01"), (dt.datetime(2026, 5, 1, 9, 5), "2026-05-01 09:05"),
    (True, "TRUE"), (False, "FALSE"), (30.0, "30"), (2300.5, "2300.5"), (7, "7"), (float("nan"), "not a number"),
    ("SH003\u200b", "'SH003⟨U+200B ZERO WIDTH SPACE⟩'"), ("龔軍", "'龔軍'"),
])
def test_a_value_is_shown_as_an_officer_recognises_it(value, shown):
    assert show(value) == shown
    assert "datetime" not in show(value) and "time(" not in show(value)


@pytest.mark.parametrize("day", [dt.datetime(1899, 12, 31), dt.datetime(1899, 12, 30), dt.time(10, 30)])
def test_a_date_before_1900_is_told_as_a_time_with_the_reason(tmp_path, capsys, day):
    """Finding 28: a game dated 1899-12-31 was "(value: datetime.time(0, 0))"."""
    def edit(wb):
        wb["Games"]["B3"] = day
        wb["Games"]["B3"].number_format = "yyyy-mm-dd"
    book = edited(tmp_path, "shanghai", edit)
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    want = "10:30" if isinstance(day, dt.time) else "00:00"
    assert f"sheet 'Games', row 3, column 'date': is a time of day ({want}), not a date: Excel's dates begin on " \
           f"1900-01-01" in err, err
    assert "datetime" not in err


# --------------------------------------------------------------------------- the order of problems
def test_problems_are_listed_in_file_sheet_row_column_order():
    """Finding 30: fide_id errors came as rows 8, 5, 6, 10, 9.  Any order in, reading order out."""
    where = [Where("a.xlsx", "Players", r, c) for r in (2, 5, 9, 12) for c in ("id", "name")] + \
        [Where("a.xlsx", "Games", r, "player") for r in (3, 4, 70)] + [Where("a.xlsx", None), Where("b.h9", line=7),
                                                                       Where("b.h9", line=3)]
    errors = [RatingInputError(Text("test.x", "x", "x"), where=w) for w in where]
    rnd = random.Random(7)
    for _ in range(20):
        shuffled = errors[:]
        rnd.shuffle(shuffled)
        out = InputErrors(shuffled).errors
        keys = [(e.where.file, e.where.sheet) for e in out]
        assert [k for i, k in enumerate(keys) if k not in keys[:i]] == list(dict.fromkeys(keys))   # grouped
        for group in set(keys):
            rows = [e.where.row or e.where.line or 0 for e in out if (e.where.file, e.where.sheet) == group]
            assert rows == sorted(rows), (group, rows)
        assert in_order(out) == out


def test_a_rating_lists_id_problems_come_in_row_order(tmp_path, capsys):
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    col = next(c.column for c in ws[1] if "fide_id" in str(c.value)) if any(
        "fide_id" in str(c.value) for c in ws[1]) else ws.max_column + 1
    ws.cell(1, col, "fide_id")
    for row in (8, 5, 6, 10, 9):
        ws.cell(row, col, "12AB")
    wb.save(book)
    assert run_cli("publish", book, "--rating-list", tmp_path / "l.txt", "--layout", "fide") == 2
    rows = [int(r) for r in __import__("re").findall(r"row (\d+), column 'fide_id'", capsys.readouterr().err)]
    assert rows == sorted(rows) and len(rows) == 5
