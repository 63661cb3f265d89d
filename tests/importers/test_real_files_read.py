"""Files written by the real programs (see tests/data/imports/SOURCES.md)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from problem_ids import notes, only

from xl_ratings.importers import guess_format, load
from xl_ratings.importers import h9, opengotha, trf

DATA = Path(__file__).resolve().parents[1] / "data" / "imports"


def test_lichess_trf() -> None:
    """lichess's TRF export: rank column blank, byes with a blank opponent, 'May 29, 2020' dates."""
    path = DATA / "lichess_2020_06.trf"
    assert guess_format(path) == "trf"
    t = trf.parse(path)
    assert t.event.name == "Mai 5 Plus 0 Turnier"
    assert t.event.start == t.event.end == dt.date(2020, 5, 29)
    assert t.event.rounds == 10 and t.event.format == "swiss"
    assert len(t.players) == 13
    assert len(t.games) == 56              # 130 entries, 18 byes/absences, each game twice
    first = t.player("1")
    assert first.name == "mattderkuerschner" and first.rating is None
    g = next(g for g in t.games if g.round == 1 and "1" in (g.player, g.opponent))
    assert (g.player, g.opponent, g.result, g.colour) == ("1", "13", "1", "b")
    draw = next(g for g in t.games if g.round == 4 and {g.player, g.opponent} == {"1", "6"})
    assert draw.result == "0.5"
    bye = only(notes(t.notes), "sources.bye_not_a_game", round=1, player="5", raw="H")
    assert bye.params["bye"] == ("sources.bye_half", {}) and (bye.line, bye.column) == (20, "round 1 (columns 92–99)")
    assert any("XXC" in n for n in map(str, t.notes))          # known extension, ignored with a note
    assert t.event.champion is None                   # lichess leaves the rank column blank


def test_bbp_pairings_trf() -> None:
    t = load(DATA / "bbp_dutch_2025_C5.trf")
    assert t.format == "trf" and t.event.rounds == 3
    assert len(t.players) == 6 and len(t.games) == 6
    assert t.player("1").rating == 2720
    assert t.event.champion == "1"
    assert any("0000 - Z" in n and "player 4" in n for n in map(str, t.notes))


def test_opengotha_xml() -> None:
    path = DATA / "opengotha_TestPartEtLic.xml"
    assert guess_format(path) == "opengotha"
    t = opengotha.parse(path)
    assert t.event.name == "Test Participation et Licence FFG"
    assert (t.event.start, t.event.end) == (dt.date(2017, 2, 11), dt.date(2017, 2, 12))
    assert t.event.rounds == 4 and t.event.extra["komi"] == "7.5"
    assert len(t.players) == 33 and len(t.games) == 31
    langer = t.player("LANGERMATEO")
    assert (langer.egf_pin, langer.rank, langer.club, langer.rating) == ("17801564", "7K", "69GC", 1782.0)
    assert t.player("DEBUTLERTRISTAN").name == "de Butler Tristan"
    g = t.games[0]
    assert (g.round, g.player, g.opponent, g.result, g.colour, g.handicap) == (
        1, "GODIVIERVINCENT", "MEZOUARABDALLAH", "0", "w", 0.0)
    assert any(g.player == "VERRIERFRÉDÉRIC" or g.opponent == "VERRIERFRÉDÉRIC" for g in t.games)


def test_opengotha_h9_export() -> None:
    path = DATA / "opengotha_TestPartEtLic.h9"
    assert guess_format(path) == "h9"
    t = h9.parse(path)
    assert (t.event.name, t.event.cls) == ("Test Participation et Licence FFG", "A")
    assert (t.event.start, t.event.end) == (dt.date(2017, 2, 11), dt.date(2017, 2, 12))
    assert t.event.rounds == 4 and t.event.extra["rounds_in_file"] == "20"
    assert len(t.players) == 22 and len(t.games) == 31
    assert t.player("5").name == "de Butler Tristan" and t.player("5").rank == "9K"
    assert t.event.champion == "1"
    only(notes(t.notes), "sources.h9_nobody_played", round=20)


def test_h9_and_xml_of_the_same_tournament_agree() -> None:
    """OpenGotha wrote both files: the games must be the same, by names."""
    def games(t):
        names = {p.key: p.name for p in t.players}
        out = set()
        for g in t.games:
            winner = g.player if g.result in ("1", "+") else g.opponent
            out.add((g.round, frozenset((names[g.player], names[g.opponent])), names[winner]))
        return out
    assert games(h9.parse(DATA / "opengotha_TestPartEtLic.h9")) == games(
        opengotha.parse(DATA / "opengotha_TestPartEtLic.xml"))
