"""A header written in the system's own word is the column: GoR calls the rating 棋力分 (its workbook
writes "棋力分 rating"); a Hong Kong officer who shortens the header to 棋力分 keeps the column.
Before, the column was not read -- silently: the run then said 28 players' records had changed
since the period was published and offered --from, which would have re-rated everyone without
their ratings. The same in a game list's --players file."""

from __future__ import annotations

import shutil

import openpyxl

from helpers import TEMPLATES, read_sheet, run_cli


def _header_cell(ws, key):
    return next(c for c in ws[1] if str(c.value).split()[-1] == key)


def test_a_players_header_in_gors_own_word_keeps_the_ratings(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    full, short = tmp_path / "full.xlsx", tmp_path / "short.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", full)
    assert run_cli("process", full) == 0
    shutil.copy(full, short)
    wb = openpyxl.load_workbook(short)
    cell = _header_cell(wb["Players"], "rating")
    assert cell.value.split()[0] == "棋力分"
    cell.value = "棋力分"
    wb.save(short)
    assert run_cli("process", short) == 0          # the History agrees: nothing changed
    assert read_sheet(short, "Ratings") == read_sheet(full, "Ratings")


def test_a_players_files_header_in_gors_own_word(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    games = tmp_path / "games.csv"
    games.write_text("date,player,opponent,result\n2026-11-01,HK001,HK002,1\n2026-11-02,HK003,HK002,0\n",
                     encoding="utf-8")
    outs = []
    for word in ("rating", "棋力分"):
        players = tmp_path / f"players-{len(outs)}.csv"
        players.write_text(f"id,name,rank,{word}\nHK001,龔軍,5D,2447\nHK002,王靜,4D,2386\nHK003,何家堃,3k,1800\n",
                           encoding="utf-8")
        out = tmp_path / f"out-{len(outs)}.csv"
        assert run_cli("process", games, "--system", "gor", "--players", players, "--output", out) == 0
        outs.append(out.read_text(encoding="utf-8-sig"))
    assert outs[0] == outs[1] and "2447" in outs[0]
