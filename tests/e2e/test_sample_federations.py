"""The sample federations through the command line, in place: inputs untouched
cell for cell, a backup kept, and a second run gives identical results."""

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli

from xl_ratings.cli import main
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
INPUTS = ("Read me", "Settings", "Players", "Events", "Games", "Awards", "Points")


def snapshot(path):
    wb = openpyxl.load_workbook(path)
    return {ws.title: [[(c.value, c.number_format) for c in row] for row in ws.iter_rows()]
            for ws in wb.worksheets if ws.title in INPUTS}


@pytest.mark.parametrize("system", SYSTEMS)
def test_in_place_twice(system, tmp_path):
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(ROOT / f"{system}.xlsx", book)
    before = snapshot(book)
    assert run_cli("process", book, "--json", tmp_path / "a.json") == 0
    assert (tmp_path / f"{system}.backup.xlsx").exists()
    assert snapshot(book) == before
    first = {n: read_sheet(book, n) for n in ("Ratings", "Changes", "History")}
    assert run_cli("process", book, "--json", tmp_path / "b.json") == 0
    assert snapshot(book) == before
    second = {n: read_sheet(book, n) for n in ("Ratings", "Changes", "History")}
    assert first == second
    a = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    b = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))
    assert b.pop("corrections") == [], "processing the same records again corrects nothing"
    assert a == b and a["players"] and a["changes"]
    # the Chart sheet carries a native Excel chart
    import zipfile
    with zipfile.ZipFile(book) as z:
        assert any(n.startswith("xl/charts/chart") for n in z.namelist())


def test_sample_shanghai_woman_in_mixed_event_counts_2240(tmp_path):
    """An independent recomputation of one woman's line in the mixed event."""
    book = tmp_path / "s.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", book)
    assert run_cli("process", book, "--period", "2026H1", "--output", tmp_path / "o.xlsx") == 0
    players = {r["id"]: r for r in read_sheet(book, "Players")}
    games = read_sheet(book, "Games")
    line = next(r for r in read_sheet(tmp_path / "o.xlsx", "Changes")
                if r["event"] == "SH26-04" and players[r["id"]]["sex"] == "F"
                and players[r["id"]]["rating"] < 2240 and r["own"] == 2240)
    me = line["id"]
    opponents = [players[g["opponent"] if g["player"] == me else g["player"]] for g in games
                 if g["event"] == "SH26-04" and me in (g["player"], g["opponent"])]
    men = [o["rating"] for o in opponents if o["sex"] == "M"]
    # her games against men form the 2240 line; against women she plays at her own rating
    assert line["games"] == len(men)
    assert line["opponent_mean"] == pytest.approx(sum(men) / len(men))
    women_line = [r for r in read_sheet(tmp_path / "o.xlsx", "Changes")
                  if r["event"] == "SH26-04" and r["id"] == me and r["own"] != 2240]
    assert [r["own"] for r in women_line] == [players[me]["rating"]]


def test_demo_prints_four_summaries(tmp_path, capsys):
    assert main(["demo", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for s in SYSTEMS:
        assert s in out and (tmp_path / f"demo_{s}.xlsx").exists()
