"""A date typed as text in a workbook's date cell (docs/workbook.md, "Dates"): read only when it is
the whole ISO date YYYY-MM-DD (a time of day after it as ISO writes it); any other text refused at
its cell, with the way out that works in a cell formatted as Text -- on the command line and one
click alike (the same reader, :func:`xl_ratings.engine.cells.to_date`).  A game list (CSV) reads
its own documented forms, the whole text too (:func:`~xl_ratings.engine.cells.list_date`)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest
from problem_ids import cli_problems

from xl_ratings.engine.cells import list_date, to_date
from xl_ratings.errors import RatingInputError
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.i18n.catalogue import sheets as M
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
DAY = dt.date(2026, 10, 25)

#: text a workbook's date cell reads as a date: the whole ISO date, spaces around it aside
READ = ["2026-10-25", "  2026-10-25 ", "2026-10-25 14:30", "2026-10-25T14:30:00", "2026-10-25 09:05:07.5"]
#: text it refuses (the hostile tester's finds first): never the first ten characters' day
REFUSED = ["2026-10-25 改期", "2026-10-251", "20261025", "2026-10-25T09", "2026-W43-7", "2026-10-25~2026-12-02",
           "2026/10/25", "2026-10-25 14:30 tomorrow", "2026-10-25T24:00", "2026-10-25 14:60", "2026-10-25Z",
           "2026-10-25+08:00", "2026-1-25x", "25.10.2026", "2026-02-30", "2026-10-25" + " " * 100 + "1"]


@pytest.mark.parametrize("text", READ)
def test_the_whole_iso_date_is_read(text):
    assert to_date(text) == DAY
    assert list_date(text) == DAY          # a game list reads it alike


@pytest.mark.parametrize("text", REFUSED)
def test_any_other_text_is_refused_not_cut_to_its_first_ten_characters(text):
    with pytest.raises(RatingInputError) as e:
        to_date(text)
    assert e.value.text.id == M.CELL_NOT_A_DATE.id


@pytest.mark.parametrize("text", [t for t in REFUSED if t != "2026/10/25"])
def test_a_game_list_refuses_them_too(text):
    """The CSV path reads 2026/10/25 (documented in docs/cli.md), nothing with text after a date."""
    with pytest.raises(RatingInputError) as e:
        list_date(text)
    assert e.value.text.id == M.CELL_NOT_A_DATE.id


def test_the_documented_list_forms_are_still_read():
    for text in ("2026/10/25", "2026-10-25", "2026.10.25", "2026年10月25日 下午2:30", "2026/10/25 2:30 PM", "46320"):
        assert list_date(text) == DAY, text


def test_the_message_says_how_to_type_it_in_a_text_cell_in_both_scripts():
    text = M.CELL_NOT_A_DATE()
    assert "YYYY-MM-DD" in text.en and "Text" in text.en
    hans = text.zh_in("zh-Hans")
    assert "YYYY-MM-DD" in hans and "文本格式" in hans
    hant = text.zh_in(TRADITIONAL)
    assert "YYYY-MM-DD" in hant and hant == to_lang(hans, TRADITIONAL) and hant != hans


# --------------------------------------------------------------------------- a workbook, both paths
#: (sheet, row, column key, column letter, text typed in a cell formatted as Text)
TYPED = [("Games", 2, "date", "B", "2026-10-25 改期"), ("Games", 3, "date", "B", "2026-10-251"),
         ("Games", 4, "date", "B", "20261025"), ("Games", 5, "date", "B", "2026-10-25T09"),
         ("Games", 6, "date", "B", "2026-W43-7"), ("Games", 7, "date", "B", "2026/10/25"),
         ("Events", 2, "end", "D", "2026-10-25~2026-12-02")]


def _typed(tmp_path: Path, cells) -> Path:
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    for sheet, row, _, letter, text in cells:
        cell = wb[sheet][f"{letter}{row}"]
        cell.value, cell.number_format = text, "@"
    wb.save(book)
    return book


def _header_letters_are_the_columns():
    t = read_tables(ROOT / "shanghai.xlsx")
    assert t["Games"][0][1].endswith(" date") and t["Events"][0][3].endswith(" end")


def test_text_dates_are_refused_at_their_cells_on_the_command_line(tmp_path):
    _header_letters_are_the_columns()
    book = _typed(tmp_path, TYPED)
    before = book.read_bytes()
    code, told = cli_problems("process", book)
    assert code == 2 and book.read_bytes() == before
    got = [(p.sheet, p.row, p.column, p.value) for p in told if p.id == M.CELL_NOT_A_DATE.id]
    assert got == [(s, r, key, text) for s, r, key, _, text in sorted(TYPED, key=lambda c: c[0] != "Events")]


def test_the_whole_iso_date_typed_as_text_is_read_on_the_command_line(tmp_path):
    """Text typed in Text-formatted cells, written as the message asks: the workbook is processed,
    its games rated as the same workbook with real dates."""
    book = _typed(tmp_path, [("Games", 2, "date", "B", "2026-01-11"), ("Games", 3, "date", "B", " 2026-01-12 14:30 "),
                             ("Events", 2, "end", "D", "2026-01-12")])
    assert cli_problems("process", book) == (0, [])
    same = tmp_path / "same" / "shanghai.xlsx"
    same.parent.mkdir()
    shutil.copy(ROOT / "shanghai.xlsx", same)
    assert cli_problems("process", same) == (0, [])
    for sheet in ("Ratings", "Changes", "History"):
        assert _values(book, sheet) == _values(same, sheet), sheet


def _values(path: Path, sheet: str):
    return [list(r) for r in openpyxl.load_workbook(path, data_only=True)[sheet].iter_rows(values_only=True)]


def test_one_click_refuses_them_at_the_same_cells(tmp_path, monkeypatch):
    from test_both_paths import click

    tables = read_tables(_typed(tmp_path, TYPED))
    _, _, got = click("process_period", tables, "shanghai.xlsx", tmp_path, monkeypatch)
    dates = [(g[2], g[3], g[4], g[5]) for g in got if g[0] == M.CELL_NOT_A_DATE.id]
    assert dates == [(s, r, key, text) for s, r, key, _, text in sorted(TYPED, key=lambda c: c[0] != "Events")]
    chinese = [g[6] for g in got if g[0] == M.CELL_NOT_A_DATE.id]
    assert chinese and all("YYYY-MM-DD" in z and "文本格式" in z for z in chinese), chinese
