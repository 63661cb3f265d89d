"""lianzhong end to end: game by game, SPEC §3's worked checks inside a workbook."""

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, by_id, read_sheet, run_cli, write_book


def book():
    return {
        "Settings": [["key", "value"], ["system", "lianzhong"]],
        "Players": [PLAYERS,
                    ["P1", "甲", "M", "", "", 1500, 30, None, None, "特级大师", "yes"],
                    ["P2", "乙", "M", "", "", 1500, 30, None, None, "国家大师", "yes"],
                    ["P3", "丙", "M", "", "", 1500, 30, None, None, "", "yes"],
                    ["N1", "丁", "M", "", "", 1500, 4, None, None, "", "yes"],
                    ["N2", "戊", "M", "", "", None, None, None, None, "", "yes"]],
        "Events": [EVENTS, ["L1", "一月对局", D(2026, 1, 1), D(2026, 1, 31), "games", "", "", ""]],
        "Games": [GAMES,
                  ["L1", D(2026, 1, 5), 1, "P1", "P2", 1, None],     # both rated: +16 / -16
                  ["L1", D(2026, 1, 6), 1, "P3", "N1", 1, None],     # N1's 5th game: +2.67 / -28.8
                  ["L1", D(2026, 1, 7), 1, "N1", "N2", 1, None],     # both unrated: not counted
                  ["L1", D(2026, 1, 8), 1, "P2", "P3", "-", None]],  # forfeit: not rated
    }


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    d = tmp_path_factory.mktemp("lz")
    src = write_book(book(), d / "lz.xlsx")
    assert run_cli("process", src, "--period", "2026", "--output", d / "out.xlsx") == 0
    return d / "out.xlsx"


def test_worked_checks_game_by_game(out):
    rl = by_id(read_sheet(out, "Ratings"))
    assert rl["P1"]["new"] == 1516 and rl["P2"]["new"] == 1484
    assert rl["P3"]["new"] == pytest.approx(1500 + 16 * 5 / 20 * 2 / 3)
    assert rl["N1"]["new"] == pytest.approx(1471.2)
    assert rl["N1"]["games"] == 5 and rl["N2"]["games"] == 0 and rl["N2"]["new"] == 1400


def test_titles_awarded_and_honorary(out):
    rl = by_id(read_sheet(out, "Ratings"))
    assert rl["P1"]["title"] == "特级大师"                     # awarded, never lost
    assert rl["P2"]["title"] == "五级棋士" and rl["P2"]["honorary"] == "国家大师"
    assert rl["N1"]["title"] == "无称号" and rl["N1"]["status"].endswith("pending")
    rules = [r["rule"] for r in read_sheet(out, "Checks")]
    assert "lianzhong.forfeit" in rules and "lianzhong.both_unrated" in rules
