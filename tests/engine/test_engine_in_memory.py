"""The engine in memory: ``run(tables)`` on tables of cell values, no file,
no Excel -- the rules of SPEC.md checked on the typed facts, next to the
file-based end-to-end tests (tests/e2e/)."""

from __future__ import annotations

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS

from xl_ratings.engine import run
from xl_ratings.systems.ranks import Rank
from xl_ratings.view.sheets import history_sheet


def players(*rows):
    return [list(PLAYERS)] + [list(r) for r in rows]


def player(pid, rating=None, rank="", sex="M", games=None):
    return [pid, pid, sex, "", rank, rating, games, None, None, "", "yes"]


def by_id(lines):
    return {x.id: x for x in lines}


def test_shanghai_worked_check_in_a_tournament():
    """SPEC §1: 2300 against opponents averaging 2200: D = 100 → PC 0.64; K 15.
    Five games, 3.5 points: We = 3.2, ΔR = 15 × 0.3 = +4.5 → 2304.5 → 2305 (四舍五入)."""
    opp = ["B", "C", "D", "E", "F"]
    tables = {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": players(player("A", 2300), *[player(p, 2200) for p in opp]),
        "Events": [list(EVENTS), ["E1", "公开赛", D(2026, 3, 1), D(2026, 3, 3), "swiss", "", "", ""]],
        "Games": [list(GAMES)] + [["E1", None, r, "A", p, s, None]
                                  for r, (p, s) in enumerate(zip(opp, [1, 1, 1, 0, 0.5]), start=1)],
    }
    out = run(tables, "2026H1")
    facts = out.last
    a = by_id(facts.ratings)["A"]
    assert (a.old, a.new, a.change, a.status, a.place) == (2300, 2305, 5, "active", 1)
    line = by_id(facts.changes)["A"]
    assert (line.games, line.opponent_mean, line.difference, line.k) == (5, 2200, 100, 15)
    assert line.expected == pytest.approx(3.2) and line.change == pytest.approx(4.5)
    # one game each in 12 months: the opponents are inactive and keep their rating (seed 001 §二)
    assert {p: (by_id(facts.ratings)[p].status, by_id(facts.ratings)[p].new) for p in opp} == \
        {p: ("inactive", 2200) for p in opp}
    assert [x.id for x in facts.inactive] == opp
    assert by_id(facts.changes)["B"].change == pytest.approx(15 * (0 - 0.36))


def test_gor_example_2_in_a_tournament():
    """Seed 002 例2: A 2300 beats B 2400: A +13.54, B −11.08 (class A, weight 1)."""
    tables = {
        "Settings": [["key", "value"], ["system", "gor"]],
        "Players": players(player("A", 2300), player("B", 2400)),
        "Events": [list(EVENTS), ["E1", "公開賽", D(2026, 3, 1), D(2026, 3, 1), "swiss", "A", "", ""]],
        "Games": [list(GAMES), ["E1", None, 1, "A", "B", 1, None]],
    }
    facts = run(tables, "2026").last
    ch = by_id(facts.changes)
    assert ch["A"].change == pytest.approx(13.54, abs=0.005)
    assert ch["B"].change == pytest.approx(-11.08, abs=0.005)
    assert ch["A"].expected == pytest.approx(0.2477, abs=5e-5)
    assert by_id(facts.ratings)["A"].standard == Rank.dan(3)


def test_lianzhong_worked_checks():
    """SPEC §3: rated 1500 beats rated 1500: +16 / −16; a rated 1500 beats an
    unrated 1500 playing its 5th game: +2.67 / −28.8."""
    tables = {
        "Settings": [["key", "value"], ["system", "lianzhong"]],
        "Players": players(player("A", 1500, games=40), player("B", 1500, games=40),
                           player("C", 1500, games=40), player("N", 1500, games=4)),
        "Events": [list(EVENTS), ["E1", "排位", D(2026, 1, 1), D(2026, 1, 31), "games", "", "", ""]],
        "Games": [list(GAMES), ["E1", D(2026, 1, 2), 1, "A", "B", 1, None],
                  ["E1", D(2026, 1, 3), 2, "C", "N", 1, None]],
    }
    facts = run(tables, "2026").last
    r = by_id(facts.ratings)
    assert (r["A"].new, r["B"].new) == (1516, 1484)
    assert r["C"].change == pytest.approx(16 * 5 / 20 * 2 / 3)
    assert r["N"].change == pytest.approx(-28.8)
    assert r["N"].status == "pending" and [p.id for p in facts.pending] == ["N"]


def test_peng_example_2_annual_score():
    """Seed 000 例2: a 五段 beats 九段 twice, 八段 twice, loses to 七段: 571.42 + 288 + 256 − 80 = 1035.42."""
    tables = {
        "Settings": [["key", "value"], ["system", "peng"]],
        "Players": players(player("A", rank="五段"), player("N1", rank="九段"), player("N2", rank="九段"),
                           player("E1", rank="八段"), player("E2", rank="八段"), player("S", rank="七段")),
        "Events": [list(EVENTS), ["W", "世界锦标赛", D(2026, 8, 1), D(2026, 8, 5), "round_robin", "", "national", ""]],
        "Games": [list(GAMES)] + [["W", None, r, "A", p, s, None]
                                  for r, (p, s) in enumerate([("N1", 1), ("N2", 1), ("E1", 1), ("E2", 1),
                                                              ("S", 0)], start=1)],
    }
    facts = run(tables, "2026").last
    a = by_id(facts.ratings)["A"]
    assert a.base == pytest.approx(571.42) and a.annual == pytest.approx(1035.42)
    # cumulative: 4000 + A(九段)·2·2 + A(八段)·2·2 = 4000 + 80 + 40
    assert a.new == pytest.approx(4120)


def test_ledger_written_and_read_back_continues_exactly():
    """Two periods chained in memory equal period 1, its History laid out by
    the view and read back, then period 2."""
    ids = [f"P{i}" for i in range(6)]
    games = [list(GAMES)]
    for n, (a, b) in enumerate([(a, b) for a in ids for b in ids if a < b]):
        games.append(["E1" if n % 2 else "E2", None, n + 1, a, b, [1, 0.5, 0][n % 3], None])
    tables = {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": players(*[player(p, 2100 + 37 * i, sex="F" if i % 2 else "M") for i, p in enumerate(ids)]),
        "Events": [list(EVENTS), ["E1", "春", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""],
                   ["E2", "秋", D(2026, 9, 1), D(2026, 9, 2), "round_robin", "", "", ""]],
        "Games": games,
    }
    chained = run(tables)
    assert [f.period.label for f in chained.results] == ["2026H1", "2026H2"]
    first = run(tables, "2026H1")
    view = history_sheet(first)
    again = run(dict(tables, History=[view.header] + view.rows), "2026H2")
    assert [(x.id, x.new, x.status) for x in again.last.ratings] == \
        [(x.id, x.new, x.status) for x in chained.last.ratings]
    assert again.ledger.rows() == chained.ledger.rows()
