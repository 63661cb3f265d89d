"""shanghai end to end: a hand-built period, numbers computed by hand from SPEC §1."""

import json

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, by_id, read_sheet, run_cli, write_book


def book():
    return {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [PLAYERS,
                    ["A", "安平", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "白云", "M", "", "", 2200, None, None, None, "", "yes"],
                    ["C", "陈晨", "M", "", "", 2200, None, None, None, "", "yes"],
                    ["D", "邓达", "M", "", "", 2200, None, None, None, "", "yes"],
                    ["F", "方正", "M", "", "", 2200, None, None, None, "", "yes"],
                    ["E", "鄂梅", "F", "", "", 2100, None, None, None, "", "yes"],
                    ["W", "王丽", "F", "", "", 2000, 10, 1, None, "", "yes"],
                    ["U", "于新", "M", "", "", None, None, None, None, "", "yes"],
                    ["V", "魏东", "M", "", "", 2250, None, None, None, "", "yes"],
                    ["G", "Guest", "M", "", "初段", None, None, None, None, "", "no"]],
        "Events": [EVENTS,
                   ["S1", "春季循环赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", "B"],
                   ["S2", "公开赛", D(2026, 4, 10), D(2026, 4, 11), "swiss", "", "", "A"]],
        "Games": [GAMES,
                  ["S1", None, 1, "A", "B", 1, None], ["S1", None, 2, "A", "C", "W", None],
                  ["S1", None, 3, "A", "D", "胜", None], ["S1", None, 4, "A", "F", "0-1", None],
                  ["S1", None, 5, "V", "B", 1, None], ["S1", None, 6, "V", "C", 1, None],
                  ["S1", None, 7, "V", "D", 1, None], ["S1", None, 8, "V", "F", 1, None],
                  ["S2", None, 4, "U", "V", 1, None],     # Swiss: counts for U, not for V
                  ["S2", None, 5, "D", "G", 1, None],     # G non-registered: counted at 初段 2240
                  ["S2", None, 1, "A", "U", 1, None],     # Swiss vs unrated: not for A
                  ["S2", None, 2, "A", "W", 1, None],     # woman 2000 counts 2240 vs a man
                  ["S2", None, 3, "E", "A", "½-½", None],
                  ["S2", None, 1, "B", "C", "+", None]],  # forfeit: counts for neither
        "Awards": [["player", "award", "date"], ["D", "三段", D(2026, 5, 1)]],
    }


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    d = tmp_path_factory.mktemp("sh")
    src = write_book(book(), d / "sh.xlsx")
    assert run_cli("process", src, "--period", "2026H1", "--output", d / "out.xlsx",
                   "--json", d / "out.json") == 0
    return d


def test_worked_check_and_women_rule_in_change_report(done):
    ch = [r for r in read_sheet(done / "out.xlsx", "Changes") if r["id"] == "A"]
    s1 = next(r for r in ch if r["event"] == "S1")
    # SPEC worked check: 2300 vs four 2200 scoring 3/4 -> D 100, PC .64, We 2.56, K 15, +6.6
    assert (s1["own"], s1["games"], s1["opponent_mean"], s1["difference"], s1["score"]) == \
        (2300, 4, 2200, 100, 3)
    assert s1["expected"] == pytest.approx(2.56) and s1["k"] == 15 and s1["change"] == pytest.approx(6.6)
    s2 = next(r for r in ch if r["event"] == "S2")
    # vs W (2000 -> 2240) and E (2100 -> 2240); U skipped (Swiss): mean 2240, D 60, PC .58
    assert (s2["games"], s2["opponent_mean"], s2["difference"], s2["score"]) == (2, 2240, 60, 1.5)
    assert s2["expected"] == pytest.approx(1.16) and s2["change"] == pytest.approx(15 * (1.5 - 1.16))


def test_new_ratings_statuses_and_rounding(done):
    rl = by_id(read_sheet(done / "out.xlsx", "Ratings"))
    assert rl["A"]["new"] == 2312 and rl["A"]["change"] == 12     # 2300 + 6.6 + 5.1 = 2311.7
    assert rl["A"]["status"].endswith("active") and rl["A"]["place"] == 1
    # W: counted as 2240 vs A (D -60, PC .42), K 25 while new: -10.5 -- but only 1 game in 12 months
    w = next(r for r in read_sheet(done / "out.xlsx", "Changes") if r["id"] == "W")
    assert (w["own"], w["k"]) == (2240, 25) and w["change"] == pytest.approx(-10.5)
    assert rl["W"]["new"] == 2000 and rl["W"]["status"].endswith("inactive")
    # D earned 三段 (2320) in the period: raised to the standard (seed 001 §十二)
    assert rl["D"]["new"] == 2320 and "三段" in rl["D"]["adjusted"]


def test_champion_forfeit_swiss_checks(done):
    ch = read_sheet(done / "out.xlsx", "Changes")
    b = [r for r in ch if r["id"] == "B"]
    assert len(b) == 1 and b[0]["event"] == "S1" and b[0]["change"] == 0 and "冠军" in b[0]["note"]
    assert not [r for r in ch if r["id"] == "C" and r["event"] == "S2"]   # the forfeit
    rules = {r["rule"] for r in read_sheet(done / "out.xlsx", "Checks")}
    assert {"shanghai.forfeit", "shanghai.swiss_unrated", "shanghai.champion",
            "shanghai.rank_title", "shanghai.inactive"} <= rules


def test_non_registered_player_counts_at_reference_rating(done):
    """seed 001 §十三: G (member no, announced 初段) counts at 2240 for D; G is not rated."""
    ch = [r for r in read_sheet(done / "out.xlsx", "Changes") if r["id"] == "D" and r["event"] == "S2"]
    # D 2200 vs 2240: D -40 -> PC .44, W 1: 15 * (1 - 0.44) = +8.4 (D is inactive; the line stands)
    assert (ch[0]["opponent_mean"], ch[0]["difference"], ch[0]["change"]) == (2240, -40, pytest.approx(8.4))
    assert "G" not in by_id(read_sheet(done / "out.xlsx", "Ratings"))
    assert not [r for r in read_sheet(done / "out.xlsx", "Changes") if r["id"] == "G"]
    assert any(r["rule"] == "shanghai.non_registered" and "2240" in r["message"]
               for r in read_sheet(done / "out.xlsx", "Checks"))


def test_non_registered_rif_beats_a_lower_rank(tmp_path):
    t = book()
    t["Players"] = [list(PLAYERS) + ["rif"]] + [list(r) + [None] for r in t["Players"][1:]]
    t["Players"][-1][-1] = 2350
    src = write_book(t, tmp_path / "rif.xlsx")
    assert run_cli("process", src, "--period", "2026H1", "--output", tmp_path / "o.xlsx") == 0
    ch = [r for r in read_sheet(tmp_path / "o.xlsx", "Changes") if r["id"] == "D" and r["event"] == "S2"]
    assert ch[0]["opponent_mean"] == 2350   # the higher of RIF 2350 and 初段 2240


def test_pending_and_inactive_lists(done):
    pend = read_sheet(done / "out.xlsx", "Pending")
    assert [(r["id"], r["pending_games"]) for r in pend] == [("U", 2)]
    # U at provisional 2200, K 25: lost to A 2300 and beat V 2250, both in one group:
    # mean 2275, D -75, PC .40, We .80, W 1: 25 * (1 - 0.8) = +5
    assert pend[0]["pending_change"] == pytest.approx(5)
    # V played 5 games in the window but only 4 counted (the Swiss game vs U did not): inactive
    ina = {r["id"]: r for r in read_sheet(done / "out.xlsx", "Inactive")}
    assert ina["V"]["window_games"] == 4
    inactive = [r["name"] for r in read_sheet(done / "out.xlsx", "Inactive")]
    from pypinyin import lazy_pinyin
    assert inactive == sorted(inactive, key=lazy_pinyin) and "王丽" in inactive


def test_json_export(done):
    data = json.loads((done / "out.json").read_text(encoding="utf-8"))
    assert data["system"] == "shanghai" and data["period"] == "2026H1"
    a = next(p for p in data["players"] if p["id"] == "A")
    assert (a["old"], a["new"], a["change"], a["status"], a["games"]) == (2300, 2312, 12, "active", 36)
    u = next(p for p in data["players"] if p["id"] == "U")
    assert u["status"] == "pending" and u["games"] == 2
    ch = next(c for c in data["changes"] if c["id"] == "A" and c["event"] == "S1")
    assert ch == {"id": "A", "event": "S1", "games": 4, "score": 3.0, "expected": pytest.approx(2.56),
                  "k": 15, "change": pytest.approx(6.6)}
    assert {c["rule"] for c in data["checks"]} >= {"shanghai.forfeit", "shanghai.champion"}


def test_next_period_starts_from_the_ledger_and_order_is_enforced(done, tmp_path):
    out = done / "out.xlsx"
    assert run_cli("process", out, "--period", "2027H1", "--output", tmp_path / "x.xlsx") == 2
    assert run_cli("process", out, "--period", "2026H2", "--output", tmp_path / "h2.xlsx") == 0
    rl = by_id(read_sheet(tmp_path / "h2.xlsx", "Ratings"))
    assert rl["A"]["old"] == 2312   # from the History ledger, not from Players
    hist = read_sheet(tmp_path / "h2.xlsx", "History")
    assert sorted({r["period"] for r in hist}) == ["2026H1", "2026H2"]


def window_book(first_event_day):
    rated = [[x, x, "M", "", "", 2200, None, None, None, "", "yes"] for x in "ABCDE"]
    games = [GAMES]
    for eid, day in (("W1", first_event_day), ("W2", D(2028, 3, 1))):
        for k, x in enumerate("ABCDE", start=1):
            games.append([eid, day, k, "U", x, 1, None])
    return {"Settings": [["key", "value"], ["system", "shanghai"]],
            "Players": [PLAYERS, ["U", "新人", "M", "", "", None, None, None, None, "", "yes"]] + rated,
            "Events": [EVENTS, ["W1", "赛一", first_event_day, first_event_day, "round_robin", "", "", ""],
                       ["W2", "赛二", D(2028, 3, 1), D(2028, 3, 1), "round_robin", "", "", ""]],
            "Games": games}


@pytest.mark.parametrize("first,rated", [(D(2026, 3, 1), False), (D(2026, 9, 1), True)])
def test_first_rating_window_of_two_years(tmp_path, first, rated):
    """seed 001 §十: 5 + 5 games count together only within two years (period by period)."""
    from xl_ratings.jobs.process import process_workbook

    src = write_book(window_book(first), tmp_path / "w.xlsx")
    # every period up to 2028H1, run on a day of 2028H1 (periods that have not started are never processed)
    process_workbook(src, json_path=str(tmp_path / "w.json"), today=D(2028, 5, 31))
    u = next(p for p in json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))["players"]
             if p["id"] == "U")
    if rated:   # 10 wins at K 25 against 2200s from 2200: D 0 -> PC .5, +12.5 per game
        assert (u["status"], u["games"], u["new"]) == ("active", 10, 2200 + 10 * 12.5)
    else:       # the 2026H1 games ended more than two years before 2028-05-31
        assert (u["status"], u["games"]) == ("pending", 5)
        checks = json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))["checks"]
        assert any(c["rule"] == "shanghai.first_rating_window" for c in checks)
