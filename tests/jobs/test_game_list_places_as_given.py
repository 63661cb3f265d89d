"""A game list's refusals name the files the officer gave (issue 25): the engine's Events and Games
sheets are, for a list, the ``--events`` file (or, without one, the list itself) and the list."""

from __future__ import annotations

import pytest

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.game_stream import process_list
from xl_ratings.systems import find


def _refused(tmp_path, monkeypatch, games: str, events: str | None = None):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-06-01")
    (tmp_path / "games.csv").write_text(games, encoding="utf-8")
    ev = None
    if events is not None:
        ev = tmp_path / "events.csv"
        ev.write_text(events, encoding="utf-8")
    with pytest.raises(InputErrors) as e:
        process_list(tmp_path / "games.csv", system=find("lianzhong"), events=str(ev) if ev else None,
                     output=str(tmp_path / "ratings.csv"))
    return [(x.text.id, x.where.file, x.where.sheet, x.where.row, x.where.column) for x in e.value.errors]


def test_nothing_to_process_yet_names_the_game_list_when_no_events_file_was_given(tmp_path, monkeypatch):
    got = _refused(tmp_path, monkeypatch, "date,player,opponent,result\n2027-12-20,A,B,1\n2027-12-21,B,C,0\n")
    assert got == [("run.nothing_yet", str(tmp_path / "games.csv"), None, None, None)]


def test_nothing_to_process_yet_names_the_events_file_given(tmp_path, monkeypatch):
    got = _refused(tmp_path, monkeypatch, "date,player,opponent,result,event\n2027-12-20,A,B,1,E1\n",
                   "event,name,start,end\nE1,Cup,2027-12-20,2027-12-21\n")
    assert got == [("run.nothing_yet", str(tmp_path / "events.csv"), "events.csv", None, None)]


def test_a_game_not_played_yet_names_the_list_and_its_row(tmp_path, monkeypatch):
    got = _refused(tmp_path, monkeypatch, "date,player,opponent,result\n2026-05-20,A,B,1\n2026-12-21,B,C,0\n")
    assert got == [("run.game_not_played_yet", str(tmp_path / "games.csv"), "games.csv", 3, "date")]
