"""``publish --rating-list``: a latin_name no list can write is told once at its cell (it was told
twice: by the workbook's id checks and again by the list's names), and a name of ASCII punctuation
(``Ab&c <x>``) is told with the characters the list's format cannot hold, not "cannot be written in
Latin letters" (which stays for letters of another script: a Korean name needs its romanisation)."""

from __future__ import annotations

import openpyxl

from helpers import players_column, processed_sample
from problem_ids import cli_problems


def _edited(tmp_path, names: dict[int, str], latin: dict[int, str]):
    book = processed_sample(tmp_path, "shanghai")
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    col = players_column(ws, "latin_name")
    for row, name in names.items():
        ws.cell(row, 2, name)
    for row, value in latin.items():
        ws.cell(row, col, value)
    wb.save(book)
    return book


def test_each_problem_once_with_the_characters(tmp_path):
    book = _edited(tmp_path, {4: "Ab&c <x>", 5: "김민준"}, {2: "<b>Chan</b>, Tai Man", 3: 'O\'Brien, "Bold"'})
    code, told = cli_problems("publish", book, "--rating-list", tmp_path / "list.csv")
    assert code == 2
    got = sorted((p.id, p.row, p.column, p.params.get("characters")) for p in told)
    assert got == [("publish.rl_bad_latin_name", 2, "latin_name", "< > /"),
                   ("publish.rl_bad_latin_name", 3, "latin_name", '"'),
                   ("publish.rl_name_characters", 4, "name", "& < >"),
                   ("publish.rl_no_latin_name", 5, "name", None)], told
    assert not (tmp_path / "list.csv").exists()


def test_the_characters_as_told():
    from xl_ratings.engine.latin import shown_characters, unwritable

    assert unwritable("Ab&amp;c <x>") == ["&", ";", "<", ">"]
    assert unwritable("O'Brien-Smith, J. R.") == [] and unwritable("Jérémy Ødegård") == []
    assert shown_characters(unwritable("a\u200bb\tc")) == "U+200B ZERO WIDTH SPACE"
