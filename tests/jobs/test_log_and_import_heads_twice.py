"""Beyond the input sheets: the Corrections log (ours, kept by the officer: corrections are added in
the columns its header names), ``import --into`` a workbook (its sheets' columns the rows go to), the
Import sheet's key/value lines and the crosstable pasted below them -- each refuses two heads of
one column (or a line given twice) naming both, never the first (or the last) taken silently."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest
from import_writers import Def, G, P, write_h9
from problem_ids import cli_problems, problems
from test_officer_cells_survive_every_run import _first_period, _flip

from xl_ratings.engine.cells import col_letter
from xl_ratings.errors import InputErrors
from xl_ratings.importers import crosstable
from xl_ratings.intake.into_book import split_import_sheet
from xl_ratings.jobs.process import process_workbook

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TODAY = dt.date(2027, 1, 15)
TWICE = "sheets.column_twice"


def test_a_corrections_log_with_two_corrected_columns_is_refused(tmp_path):
    book = Path(shutil.copy(ROOT / "gor.xlsx", tmp_path / "book.xlsx"))
    _flip(book, 2)
    process_workbook(book, today=TODAY)
    _flip(book, 3)
    process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    wb = openpyxl.load_workbook(book)
    ws = wb["Corrections"]
    heads = [c.value for c in ws[1]]
    first = next(j for j, h in enumerate(heads, start=1) if str(h).split()[-1] == "corrected")
    ws.cell(1, len(heads) + 1).value = "更正后"
    wb.save(book)
    _flip(book, 4)
    with pytest.raises(InputErrors) as e:
        process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    assert [(p.id, p.sheet, p.params["column"], p.params["first"], p.params["second"]) for p in problems(e.value)] == \
        [(TWICE, "Corrections", "corrected", col_letter(first), col_letter(len(heads) + 1))]


def test_import_into_a_workbook_with_two_player_columns_is_refused(tmp_path):
    book = Path(shutil.copy(ROOT / "gor.xlsx", tmp_path / "gor.xlsx"))
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    ws.cell(1, ws.max_column + 1).value = "Player"
    wb.save(book)
    src = write_h9(tmp_path / "winter.h9", Def("Winter 2026", dt.date(2026, 12, 5), dt.date(2026, 12, 5),
                                               (P("1", "龔", "軍", "M", "KLN", "5d", 0, ""),
                                                P("2", "王", "靜", "M", "NT", "4d", 0, "")),
                                               (G(1, "1", "2", "1"),)))
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    assert [(p.id, p.sheet, p.params["column"], p.params["second_header"]) for p in told] == \
        [(TWICE, "Games", "player", "Player")]
    assert book.read_bytes() == before


def test_an_import_sheet_line_given_twice_is_refused():
    rows = [["赛事 event", "E1"], ["event", "E2"], [], ["No", "Name", "1", "2"], [1, "A", "", "1"], [2, "B", "0", ""]]
    with pytest.raises(InputErrors) as e:
        split_import_sheet(rows)
    assert [(p.id, p.params["first"], p.params["row"], p.row) for p in problems(e.value)] == \
        [("sheets.setting_twice", 1, 2, 2)]
    options, table, skipped = split_import_sheet(rows[1:])          # once: read
    assert options.event == "E2" and skipped == 2


@pytest.mark.parametrize("club", ["单位", "Club", "单位 club", "Team"])
def test_a_pasted_crosstable_with_two_club_columns_is_refused(club):
    rows = [["No", "Name", "Club", club, "1", "2"], [1, "甲", "上海", "北京", "", "1"], [2, "乙", "北京", "上海", "0", ""]]
    with pytest.raises(InputErrors) as e:
        crosstable.parse_rows(rows, "import.xlsx", sheet="导入")
    told = [p for p in problems(e.value) if p.id == TWICE]
    assert [(p.params["column"], p.params["first"], p.params["second"], p.params["second_header"]) for p in told] == \
        [("club", "C", "D", club)]


def test_a_pasted_crosstable_with_one_club_column_and_a_club_note_is_read():
    rows = [["No", "Name", "Club", "club notes", "1", "2"], [1, "甲", "上海", "x", "", "1"], [2, "乙", "北京", "", "0", ""]]
    got = crosstable.parse_rows(rows, "import.xlsx", sheet="导入")
    assert [p.club for p in got.players] == ["上海", "北京"]


def _report_tables():
    from xl_ratings.xlsx.read import read_sheets

    return {n: [list(r) for r in t] for n, t in read_sheets(ROOT / "report.xlsx").items()}


def test_a_report_with_two_players_sheets_is_refused():
    from xl_ratings.importers.formats.report import parse_report_tables

    tables = _report_tables()
    assert parse_report_tables(dict(tables), "report.xlsx").players     # as written: read
    tables["棋手"] = [list(r) for r in tables["Players"]]
    with pytest.raises(InputErrors) as e:
        parse_report_tables(tables, "report.xlsx")
    assert [(p.id, p.params["first"], p.params["second"], p.sheet) for p in problems(e.value)] == \
        [("sheets.sheet_twice", "Players", "棋手", "棋手")]


@pytest.mark.parametrize("sheet,head,role", [("Players", "等级分", "rating"), ("Players", "club", "club"),
                                             ("Games", "結果", "result")])
def test_a_report_with_a_column_twice_is_refused(sheet, head, role):
    from xl_ratings.importers.formats.report import parse_report_tables

    tables = _report_tables()
    rows = tables[sheet]
    tables[sheet] = [r + [head if i == 0 else None] for i, r in enumerate(rows)]
    first = next(j for j, h in enumerate(rows[0]) if str(h).split()[-1] == role)
    with pytest.raises(InputErrors) as e:
        parse_report_tables(tables, "report.xlsx")
    told = [p for p in problems(e.value) if p.id == TWICE]
    assert [(p.sheet, p.params["column"], p.params["first"], p.params["second"]) for p in told] == \
        [(sheet, role, col_letter(first + 1), col_letter(len(rows[0]) + 1))]


def test_two_clubs_sheets_are_refused_for_the_rating_list():
    from xl_ratings.engine.cells import Tables
    from xl_ratings.publish.rating_list import with_clubs

    tables = Tables({"Players": [["id"]]}, ["Settings", "Players", "Clubs", "俱乐部"])
    with pytest.raises(InputErrors) as e:
        with_clubs(Path("book.xlsx"), tables)
    assert [(p.id, p.params["role"], p.params["first"], p.params["second"]) for p in problems(e.value)] == \
        [("sheets.sheet_twice", "Clubs", "Clubs", "俱乐部")]
