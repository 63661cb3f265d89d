"""Write one tournament in every format, parse it back, get the same games and players.

Each format carries a different part of a game (a round-robin matrix has no
rounds or colours, TRF has no handicap, …): the comparison keeps what the
format can say.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import import_writers as W
from xl_ratings.importers import crosstable, h9, load, opengotha, trf
from xl_ratings.importers.detect import guess_format
from xl_ratings.importers.model import Tournament

ALL = ("round", "result", "colour", "handicap", "date")


def norm_name(name: str) -> str:
    return re.sub(r"[,\s]+", " ", name).strip()


def expected(fields: tuple[str, ...], d: W.Def = W.EVENT) -> list[tuple]:
    out = []
    for g in d.games:
        for colour, me, opp in (("w", g.white, g.black), ("b", g.black, g.white)):
            a, b = d.player(me).name, d.player(opp).name
            if a < b:
                row = {"pair": (a, b), "round": g.round, "result": W.result_for(g, colour), "colour": colour,
                       "handicap": float(W.handicap_for(g, colour)), "date": d.round_date(g.round)}
                out.append(tuple(row[f] for f in ("pair",) + fields))
    return sorted(out, key=repr)


def got(t: Tournament, fields: tuple[str, ...]) -> list[tuple]:
    names = {p.key: norm_name(p.name) for p in t.players}
    out = []
    for g in t.games:
        if names[g.player] > names[g.opponent]:
            g = g.flipped()
        row = {"pair": (names[g.player], names[g.opponent]), "round": g.round, "result": g.result,
               "colour": g.colour, "handicap": 0.0 if g.handicap is None else g.handicap, "date": g.date}
        out.append(tuple(row[f] for f in ("pair",) + fields))
    return sorted(out, key=repr)


def check_players(t: Tournament, fields: tuple[str, ...]) -> None:
    want = {p.name: p for p in W.EVENT.players}
    assert sorted(norm_name(p.name) for p in t.players) == sorted(want)
    for p in t.players:
        w = want[norm_name(p.name)]
        if "club" in fields:
            assert p.club == w.club
        if "rank" in fields:
            assert p.rank.lower() == w.rank.lower()
        if "rating" in fields:
            assert p.rating == w.rating
        if "sex" in fields:
            assert p.sex == w.sex
        if "key" in fields:
            assert p.key == w.key


def no_byes_as_games(t: Tournament) -> None:
    assert len(t.games) == len(W.EVENT.games)
    assert all(g.player != g.opponent for g in t.games)


CASES = {
    # name: (writer, parser, game fields, player fields, detected format)
    "rr_csv": (W.write_rr_csv, "x.csv", crosstable.parse_csv, ("result",), ("club", "rank", "rating", "key"),
               "crosstable"),
    "rr_xlsx": (W.write_rr_xlsx, "x.xlsx", None, ("result",), ("club", "rank", "rating", "key"), "crosstable"),
    "swiss_csv": (W.write_swiss_csv, "s.csv", crosstable.parse_csv, ("round", "result", "colour", "handicap"),
                  ("club", "rank", "rating", "key"), "crosstable"),
    "h9": (W.write_h9, "t.h9", h9.parse, ("round", "result", "colour", "handicap"), ("club", "rank", "key"), "h9"),
    "trf": (W.write_trf, "t.trf", trf.parse, ("round", "result", "colour", "date"), ("rating", "sex", "key"), "trf"),
    "opengotha": (W.write_opengotha, "t.xml", opengotha.parse, ("round", "result", "colour", "handicap"),
                  ("club", "rank", "rating"), "opengotha"),
    "report": (W.write_report, "r.xlsx", None, ("round", "result", "handicap", "date"),
               ("club", "rank", "rating", "sex", "key"), "report"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_roundtrip(case: str, tmp_path: Path) -> None:
    writer, filename, parser, fields, pfields, fmt = CASES[case]
    path = writer(tmp_path / filename)
    assert guess_format(path) == fmt
    t = parser(path) if parser else load(path)
    assert load(path).games == t.games           # load() dispatches to the same parser
    assert got(t, fields) == expected(fields)
    check_players(t, pfields)
    no_byes_as_games(t)


@pytest.mark.parametrize("case", ["swiss_csv", "h9", "trf", "opengotha"])
def test_byes_are_notes(case: str, tmp_path: Path) -> None:
    writer, filename, parser, *_ = CASES[case]
    t = parser(writer(tmp_path / filename))
    byes = [n for n in t.notes if "bye" in n.en.split(": ", 1)[-1].lower()]    # (not the folder's name)
    assert len(byes) == len(W.EVENT.byes)
    assert all(re.search(r"[\u4e00-\u9fff]", n.zh) and "轮空" in n.zh for n in byes)   # in both languages


def test_forfeit_survives_every_format(tmp_path: Path) -> None:
    for case, (writer, filename, parser, *_rest) in CASES.items():
        t = (parser or load)(writer(tmp_path / filename))
        forfeits = [g for g in t.games if g.forfeit]
        assert len(forfeits) == 1, case
        g = forfeits[0]
        winner = g.player if g.result == "+" else g.opponent
        assert norm_name(t.player(winner).name) == "Li Na", case


def test_report_with_crosstable_sheet(tmp_path: Path) -> None:
    path = W.write_report(tmp_path / "r.xlsx", games=False)
    t = load(path)
    assert t.format == "report" and t.event.format == "round_robin"
    assert got(t, ("result",)) == expected(("result",))
    assert t.event.champion == "1" and t.event.cls == "B" and t.event.level == "provincial"
    assert t.event.extra["organiser"] == "Shanghai Go Club"


def test_report_event_fields(tmp_path: Path) -> None:
    t = load(W.write_report(tmp_path / "r.xlsx"))
    e = t.event
    assert (e.name, e.start, e.end, e.format, e.rounds) == ("Spring Open 2024", W.D(2024, 5, 1), W.D(2024, 5, 3),
                                                              "swiss", 3)
    assert {p.federation_id for p in t.players} == {f"SH00{i}" for i in range(1, 6)}


def test_trf_round_dates_and_cr_line_ends(tmp_path: Path) -> None:
    """TRF16 Remark 1: each line ends with CR; the round dates (132) date the games."""
    t = trf.parse(W.write_trf(tmp_path / "t.trf", line_end="\r"))
    assert got(t, ("round", "result", "colour", "date")) == expected(("round", "result", "colour", "date"))
    assert (t.event.start, t.event.end, t.event.rounds, t.event.champion) == (W.D(2024, 5, 1), W.D(2024, 5, 3), 3, "1")


def test_h9_event_header(tmp_path: Path) -> None:
    t = h9.parse(W.write_h9(tmp_path / "t.h9"))
    assert (t.event.name, t.event.cls, t.event.start, t.event.end) == ("Spring Open 2024", "B", W.D(2024, 5, 1),
                                                                       W.D(2024, 5, 3))
    assert t.event.extra["KM"] == "7.5" and t.event.extra["HA"] == "h9"


def test_double_round_robin_two_results_in_a_cell(tmp_path: Path) -> None:
    rows = [["No", "Name", "1", "2", "3"],
            [1, "A", None, "1 ½", "0 1"],
            [2, "B", "0 ½", None, "1 +"],
            [3, "C", "1 0", "0 -", None]]
    t = crosstable.parse_rows(rows, "drr.xlsx", "Import")
    assert t.event.format == "round_robin" and len(t.games) == 6
    assert sorted((g.player, g.opponent, g.result) for g in t.games) == sorted(
        [("1", "2", "1"), ("1", "3", "0"), ("2", "3", "1"), ("1", "2", "0.5"), ("1", "3", "1"), ("2", "3", "+")])


def test_double_round_robin_two_column_blocks() -> None:
    rows = [["No", "Name", 1, 2, 3, 1, 2, 3],
            [1, "A", None, 1, 0, None, 0.5, 1],
            [2, "B", 0, None, 1, 0.5, None, "+"],
            [3, "C", 1, 0, None, 0, "-", None]]
    t = crosstable.parse_rows(rows, "drr.xlsx", "Import")
    assert len(t.games) == 6
    assert sum(g.forfeit for g in t.games) == 1


def test_chinese_results_and_headers() -> None:
    rows = [["序号", "姓名", "单位", "1", "2", "3", "总分", "名次"],
            ["1", "张三", "上海", "", "胜", "和", "1.5", "1"],
            ["2", "李四", "北京", "负", "", "负", "0", "3"],
            ["3", "王五", "杭州", "和", "胜", "", "1.5", "2"]]
    t = crosstable.parse_rows(rows, "c.csv")
    assert sorted((g.player, g.opponent, g.result) for g in t.games) == [("1", "2", "1"), ("1", "3", "0.5"),
                                                                          ("2", "3", "0")]
    assert t.event.champion == "1" and t.players[0].club == "上海"
