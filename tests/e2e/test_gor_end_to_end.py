"""gor end to end: seed 002's examples inside a real tournament workbook."""

import json
import math

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, by_id, read_sheet, run_cli, write_book


def se_lower(d, low):
    """Formula (1) by hand: S_E of the lower player A, a from the lower rating."""
    a = min(200, max(70, 205 - low / 20))
    return 1 / (math.exp(d / a) + 1)


def book():
    return {
        "Settings": [["key", "value"], ["system", "gor"]],
        "Players": [PLAYERS,
                    ["A", "區志強", "M", "", "3k", 1850, None, None, None, "", "yes"],
                    ["B", "陳大文", "M", "", "4D", 2400, None, None, None, "", "yes"],
                    ["C", "張小明", "M", "", "13k", 800, None, None, None, "", "yes"],
                    ["D", "李家明", "M", "", "13k", 800, None, None, None, "", "yes"],
                    ["E", "黃美玲", "F", "", "3D", None, None, None, None, "", "yes"],   # GoR from 表I
                    ["F", "何子健", "M", "", "5k", None, None, None, None, "", "no"],
                    ["G", "梁志偉", "M", "", "20k", 110, None, None, None, "", "yes"],
                    ["H", "吳嘉欣", "F", "", "20k", 110, None, None, None, "", "yes"]],
        "Events": [EVENTS,
                   ["G1", "全港公開賽", D(2026, 3, 7), D(2026, 3, 8), "swiss", "甲", "", ""],
                   ["G2", "會內手合賽", D(2026, 5, 2), D(2026, 5, 2), "games", "乙", "", ""]],
        "Games": [GAMES,
                  ["G1", None, 1, "A", "B", 1, 5],        # 例3: A receives 5 stones and wins
                  ["G1", None, 1, "C", "D", 1, None],     # 例1
                  ["G1", None, 2, "E", "B", "W", None],   # 例2: 3D (2300) beats 4D
                  ["G1", None, 2, "G", "H", 1, None],     # H falls to the floor
                  ["G2", None, 1, "D", "C", 1, None],
                  ["G2", None, 2, "F", "A", "-", None]],  # F absent: charged the loss
    }


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    d = tmp_path_factory.mktemp("gor")
    src = write_book(book(), d / "gor.xlsx")
    assert run_cli("process", src, "--period", "2026", "--output", d / "out.xlsx",
                   "--json", d / "out.json") == 0
    return d


def test_seed002_examples_inside_a_tournament(done):
    ch = {(r["id"], r["event"]): r for r in read_sheet(done / "out.xlsx", "Changes")}
    assert ch["A", "G1"]["change"] == pytest.approx(33 * (1 - 0.24766), abs=1e-3)   # 例3 +24.8
    assert ch["C", "G1"]["change"] == pytest.approx(40)                              # 例1
    assert ch["D", "G1"]["change"] == pytest.approx(-38.88)
    assert ch["E", "G1"]["change"] == pytest.approx(13.54, abs=0.005)                # 例2
    # B lost twice from the same start rating 2400: -11.075 each (例2 and 例3)
    assert ch["B", "G1"]["games"] == 2
    assert ch["B", "G1"]["change"] == pytest.approx(-2 * 15 * 0.7383362, abs=1e-4)


def test_class_weight_floor_forfeit_and_chaining(done):
    rl = by_id(read_sheet(done / "out.xlsx", "Ratings"))
    ch = {(r["id"], r["event"]): r for r in read_sheet(done / "out.xlsx", "Changes")}
    # G2 uses the ratings at its start: C 840, D 761.12; D (lower) wins, weight 0.75
    c0, d0 = 840.0, 800 - 38.88
    se_d = se_lower(c0 - d0, d0)
    con_d = 80 + (75 - 80) * (d0 - 800) / 100 if d0 >= 800 else 85 + (80 - 85) * (d0 - 700) / 100
    assert ch["D", "G2"]["change"] == pytest.approx(con_d * (1 - se_d) * 0.75, rel=1e-9)
    assert ch["D", "G2"]["weight"] == 0.75
    assert rl["D"]["new"] == pytest.approx(d0 + con_d * (1 - se_d) * 0.75, rel=1e-12)
    # floor: 110 loses to 110 -> would fall to ~54, stays 100
    assert rl["H"]["new"] == 100
    # forfeit: F (5k = 1600) charged a loss vs A (1874.83 after G1); A's game not counted
    assert ("A", "G2") not in ch
    a1 = 1850 + 33 * (1 - se_lower(100, 2300))
    se_f = se_lower(a1 - 1600, 1600)
    con_f = 43   # 表III at 1600
    assert ch["F", "G2"]["change"] == pytest.approx(con_f * (0 - se_f) * 0.75, rel=1e-9)


def test_fees_certificates_json(done):
    data = json.loads((done / "out.json").read_text(encoding="utf-8"))
    players = {p["id"]: p for p in data["players"]}
    assert players["F"]["fee"] == 30 and players["A"]["fee"] == 0       # non-member, 1 game
    assert all(p["certificate"] is False for p in players.values())

    assert players["E"]["old"] == 2300                                  # 表I: 3D
    fees = read_sheet(done / "out.xlsx", "Fees")
    assert [(r["id"], r["year"], r["games"], r["fee"]) for r in fees if r["id"] == "F"] == \
        [("F", 2026, 1, 30)]
    assert any(c["rule"] == "gor.forfeit" for c in data["checks"])
    assert any(c["rule"] == "gor.floor" for c in data["checks"])


def test_certificate_counts_wins_on_record(tmp_path):
    """seed 002 §9: 10 valid wins -- 9 on record before, plus one in this period."""
    t = book()
    t["Players"] = [list(PLAYERS) + ["wins"]] + [list(r) + [9 if r[0] == "E" else None]
                                                 for r in t["Players"][1:]]
    src = write_book(t, tmp_path / "w.xlsx")
    assert run_cli("process", src, "--period", "2026", "--output", tmp_path / "o.xlsx",
                   "--json", tmp_path / "o.json") == 0
    players = {p["id"]: p for p in json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))["players"]}
    assert players["E"]["certificate"] is True and players["C"]["certificate"] is False
