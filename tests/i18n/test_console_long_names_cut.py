"""A long name on the console: the summary printed after a run keeps every id, key and number
whole but cuts a long name with "…" to fit the console (0.4.0 did; a 60-character name must not
give 250-character lines on an 80-column console, nor a 32,767-character one whole)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.console import Console

from xl_ratings.cli import NAME_WIDTH, main, summary_table
from xl_ratings.systems import REGISTRY, SYSTEMS

LONG = "陳" * 60


def printed(system, rows, width):
    console = Console(width=width, record=True, force_terminal=False, color_system=None, file=open("/dev/null", "w"))
    console.print(summary_table(system, rows, width))
    return console.export_text()


@pytest.mark.parametrize("name", SYSTEMS)
@pytest.mark.parametrize("long", [LONG, "Abcdefghij " * 6, "X" * 32767])
def test_a_long_name_is_cut_to_the_console_and_the_rest_is_whole(name, long):
    system = REGISTRY[name]
    rows = [{"id": "PG001", "name": long, "annual": 1239.11, "old": 10011.7, "new": 10053.7, "change": -42.0,
             "games": 30},
            {"id": "PG002", "name": "秦诗涵", "annual": 1.5, "old": 1500.0, "new": 1510.0, "change": 10.0, "games": 3}]
    out = printed(system, rows, 80)
    lines = out.splitlines()
    assert max(cell_len(ln) for ln in lines) <= 80, out
    assert all(ln.endswith(("┓", "┃", "┩", "│", "┘")) for ln in lines), out      # no column cut off the right
    assert "PG001" in out and "PG002" in out and "秦诗涵" in out and "…" in out
    assert f"{10053.7:.{system.rating_decimals}f}" in out and "30" in out
    assert long.strip() not in out
    wide = printed(system, rows, 400)           # a wide console: the name still at most NAME_WIDTH columns
    assert max(cell_len(ln) for ln in wide.splitlines()) < 120 and "…" in wide


def test_a_short_name_is_never_cut():
    rows = [{"id": "A1", "name": "Zhang Wei", "old": 1500.0, "new": 1510.0, "change": 10.0, "games": 3}]
    out = printed(REGISTRY["lianzhong"], rows, 80)
    assert "Zhang Wei" in out and "…" not in out
    assert cell_len("Zhang Wei") <= NAME_WIDTH


def test_a_game_list_run_on_an_80_column_console(tmp_path, capsys, monkeypatch):
    """``process GAMES.csv`` with COLUMNS=80: no printed line wider than 80, the ids whole."""
    monkeypatch.setenv("COLUMNS", "80")
    (tmp_path / "players.csv").write_text(f"id,name,rating,games\nLONGNAME01,{LONG},1800,40\nB2,b,1600,40\n",
                                          encoding="utf-8")
    (tmp_path / "games.csv").write_text("date,player,opponent,result\n2026-03-01,LONGNAME01,B2,1\n", encoding="utf-8")
    code = main(["process", str(tmp_path / "games.csv"), "--system", "lianzhong", "--players",
                 str(tmp_path / "players.csv"), "--output", str(tmp_path / "r.csv")])
    out = capsys.readouterr().out
    assert code == 0
    table = [ln for ln in out.splitlines() if ln[:1] in "┏┃┡│└"]
    assert table and max(cell_len(ln) for ln in table) <= 80, out
    assert "LONGNAME01" in out and "…" in out and LONG not in out
