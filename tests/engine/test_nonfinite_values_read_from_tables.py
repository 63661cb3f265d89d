"""The cell readers themselves (tables given as data: one click's engines, a Python caller) refuse a
cell holding NaN or an infinity at its cell -- the Players sheet read column by column and row by
row alike, every column read as a number, a date, an id or a round -- never read as a blank (a
rating left out made SH001 a new player; a NaN handicap was no stones, a NaN round no round)."""

from __future__ import annotations

import math

import pytest
from problem_ids import problems

from xl_ratings.engine import inputs
from xl_ratings.engine.cells import Tables
from xl_ratings.errors import InputErrors

NAN, INF = math.nan, math.inf
VALUES = {"NaN": NAN, "inf": INF, "-inf": -INF}
SETTINGS = [["key", "value"], ["system", "shanghai"], ["k_new", 30.0]]
HEAD = ["id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member", "rif"]
EVENTS = [["event", "name", "start", "end", "format"], ["E1", "赛事", 46030.0, 46031.0, "round_robin"]]
GAMES = [["event", "date", "round", "player", "opponent", "result", "handicap"],
         ["E1", 46030.0, 1.0, "P000", "P001", 1.0, ""], ["E1", 46031.0, 2.0, "P000", "P002", 0.5, ""],
         ["E1", "", 3.0, "P001", "P002", 0.0, ""]]
AWARDS = [["player", "award", "date"], ["P001", "初段", 46031.0]]
MCMAHON = [["event", "player", "mms"], ["E1", "P000", 30.0], ["E1", "P001", 30.0], ["E1", "P002", 29.0]]


def _players() -> list[list[object]]:
    return [HEAD, *[[f"P{k:03d}", f"棋手{k}", "M", "俱乐部", "", 2400.0 + k, "", 3.0, "", "", "yes", ""]
                    for k in range(3)]]


def _tables(**sheets: list[list[object]]) -> Tables:
    t = {"Settings": SETTINGS, "Players": _players(), "Events": EVENTS, "Games": GAMES, "Awards": AWARDS}
    t.update(sheets)
    return Tables({k: [list(r) for r in v] for k, v in t.items()})


def _with(table: list[list[object]], row: int, column: str, value: object) -> list[list[object]]:
    out = [list(r) for r in table]
    out[row - 1][out[0].index(column)] = value
    return out


def _refused(tables: Tables, monkeypatch: pytest.MonkeyPatch, by_rows: bool) -> list[tuple]:
    with monkeypatch.context() as m:
        if by_rows:
            m.setattr(inputs, "_players_at_once", lambda *a: None)
        with pytest.raises(InputErrors) as e:
            inputs.read_records(tables, "book.xlsx")
    return [(p.id, p.sheet, p.row, p.column, p.params.get("shown")) for p in problems(e.value)]


@pytest.mark.parametrize("by_rows", [False, True], ids=["by columns", "by rows"])
@pytest.mark.parametrize("shown", VALUES)
@pytest.mark.parametrize("column", ["rating", "games", "events", "peak", "rif"])
def test_players_number_columns(monkeypatch, column, shown, by_rows):
    tables = _tables(Players=_with(_players(), 3, column, VALUES[shown]))
    assert _refused(tables, monkeypatch, by_rows) == [("sheets.cell_not_finite", "Players", 3, column, shown)]


@pytest.mark.parametrize("by_rows", [False, True], ids=["by columns", "by rows"])
@pytest.mark.parametrize("shown", VALUES)
def test_a_players_id(monkeypatch, shown, by_rows):
    tables = _tables(Players=_with(_players(), 4, "id", VALUES[shown]))
    got = _refused(tables, monkeypatch, by_rows)
    assert got[0] == ("sheets.cell_not_finite", "Players", 4, "id", shown)     # then its games: no such player


@pytest.mark.parametrize("shown", VALUES)
@pytest.mark.parametrize("sheet,row,column", [
    ("Games", 2, "date"), ("Games", 3, "round"), ("Games", 2, "result"), ("Games", 4, "handicap"),
    ("Games", 3, "opponent"), ("Events", 2, "start"), ("Events", 2, "end"), ("Awards", 2, "date"),
    ("Settings", 3, "value"), ("McMahon", 3, "mms"),
])
def test_every_other_number_or_date_column(monkeypatch, sheet, row, column, shown):
    base = {"Games": GAMES, "Events": EVENTS, "Awards": AWARDS, "Settings": SETTINGS, "McMahon": MCMAHON}[sheet]
    tables = _tables(**{sheet: _with(base, row, column, VALUES[shown])})
    got = _refused(tables, monkeypatch, False)
    assert [g for g in got if g[0] == "sheets.cell_not_finite"] == [("sheets.cell_not_finite", sheet, row, column, shown)]
    # what follows from it: a player without a McMahon score (an event without its end: its games are not told)
    follow = {"McMahon": {"sheets.mcmahon_missing"}}.get(sheet, set())
    assert {g[0] for g in got} - {"sheets.cell_not_finite"} <= follow


def test_rounds_that_are_none_are_each_told_and_nan_apart(monkeypatch):
    """A NaN round is told at its cell, not counted among the rounds written otherwise (第N场)."""
    games = _with(_with(_with(GAMES, 2, "round", NAN), 3, "round", "final"), 4, "round", "x")
    got = _refused(_tables(Games=games), monkeypatch, False)
    assert got[0] == ("sheets.cell_not_finite", "Games", 2, "round", "NaN")
    assert [g[0] for g in got[1:]] == ["sheets.rounds_not_whole"]


def test_a_points_value(monkeypatch):
    settings = [["key", "value"], ["system", "peng"]]
    points = [["player", "date", "kind", "points", "note"], ["P001", 46031.0, "test", NAN, ""],
              ["P002", NAN, "test", 20.0, ""]]
    tables = _tables(Settings=settings, Points=points)
    tables["Players"] = [r[:5] + ["三段" if i else "rank"] + r[6:] for i, r in enumerate(tables["Players"])]
    got = [g for g in _refused(tables, monkeypatch, False) if g[0] == "sheets.cell_not_finite"]
    assert got == [("sheets.cell_not_finite", "Points", 2, "points", "NaN"),
                   ("sheets.cell_not_finite", "Points", 3, "date", "NaN")]


def test_a_finite_sheet_is_read_as_before(monkeypatch):
    """(What the tests above change is one cell of this.)"""
    records = inputs.read_records(_tables(McMahon=MCMAHON), "book.xlsx")
    assert [p.rating for p in records.players.values()] == [2400.0, 2401.0, 2402.0]
    assert [g.round for g in records.games] == [1.0, 2.0, 3.0] and records.params.k_new == 30
