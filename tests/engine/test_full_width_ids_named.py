"""A player id typed in full-width characters (ＳＨ００１: a Chinese input method) is refused
with the id to write, as ``sh001`` is ("write it as SH001"), in a workbook's Games sheet and in a
game list with a players file; a game list without one refuses ``Ａ`` beside ``A`` as it
refuses ``a`` beside ``A`` (one player split in two)."""

from __future__ import annotations

import shutil

import openpyxl
import pytest

from helpers import TEMPLATES
from problem_ids import cli_problems, only, refused_with


@pytest.mark.parametrize("typed", ["ＳＨ００１", "ｓｈ００１", "SH００１"])
def test_a_full_width_id_in_the_games_sheet_is_named(tmp_path, typed):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    col = next(c.column for c in ws[1] if "player" in str(c.value).split())
    pid = next(r[0].value for r in wb["Players"].iter_rows(min_row=2) if r[0].value == "SH001")
    ws.cell(2, col, typed)
    wb.save(book)
    p = only(refused_with(book), "sheets.not_a_player_id_width", other=pid)
    assert (p.sheet, p.row, p.column, p.value) == ("Games", 2, "player", typed)


def test_a_game_list_with_a_players_file(tmp_path):
    games, players = tmp_path / "g.csv", tmp_path / "p.csv"
    games.write_text("date,player,opponent,result\n2026-03-01,A,B,1\n2026-03-02,Ａ,B,1\n2026-03-03,a,Ｂ,1\n",
                     encoding="utf-8")
    players.write_text("id,name,rating,games\nA,甲,1500,30\nB,乙,1500,30\n", encoding="utf-8")
    code, told = cli_problems("process", games, "--system", "shanghai", "--players", players)
    assert code == 2
    got = sorted((p.id, p.row, p.column, p.params.get("other")) for p in told)
    assert got == [("sheets.not_in_players_file_case", 4, "player", "A"),
                   ("sheets.not_in_players_file_width", 3, "player", "A"),
                   ("sheets.not_in_players_file_width", 4, "opponent", "B")], told


def test_a_game_list_without_one(tmp_path):
    games = tmp_path / "g.csv"
    games.write_text("date,player,opponent,result\n2026-03-01,Ａ,B,1\n2026-03-02,A,B,1\n", encoding="utf-8")
    code, told = cli_problems("process", games, "--system", "shanghai")
    assert code == 2
    assert [(p.id, p.params, p.row, p.column) for p in told] == [
        ("sheets.list_ids_differ_only_in_width", {"id": "A", "other": "Ａ", "row": 2}, 3, "player")]
