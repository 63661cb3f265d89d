"""peng end to end: seed 000's two worked examples as a year of a club's records."""

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, by_id, read_sheet, run_cli, write_book


def book():
    players = [PLAYERS, ["X", "新手", "M", "", "无级", None, None, None, None, "", "yes"],
               ["Y", "五段棋手", "M", "", "五段", None, None, None, None, "", "yes"]]
    ranks = {"Z0": "无级", "K5": "5级", "K1": "1级", "S3": "三段", "S9": "九段", "S8": "八段", "S7": "七段"}
    for pid, rank in ranks.items():
        players.append([pid, f"对手{pid}", "M", "", rank, None, None, None, None, "", "yes"])
    g = [GAMES]
    rnd = iter(range(1, 100))
    for opp, res in [("Z0", 1)] * 4 + [("K5", 1)] * 3 + [("K1", 1), ("S3", 1), ("S3", 0), ("K5", 0)]:
        g.append(["E1", D(2026, 5, 1), next(rnd), "X", opp, res, None])
    for opp, res in [("S9", "胜"), ("S9", "胜"), ("S8", "胜"), ("S8", "胜"), ("S7", "负")]:
        g.append(["E2", D(2026, 6, 1), next(rnd), "Y", opp, res, None])
    return {
        "Settings": [["key", "value"], ["system", "peng"]],
        "Players": players,
        "Events": [EVENTS, ["E1", "俱乐部赛", D(2026, 5, 1), D(2026, 5, 1), "round_robin", "", "", ""],
                   ["E2", "全国赛", D(2026, 6, 1), D(2026, 6, 1), "round_robin", "", "national", ""]],
        "Games": g,
        "Points": [["player", "date", "kind", "points", "note"],
                   ["X", D(2026, 3, 1), "test", 20, "限时"], ["X", D(2026, 9, 1), "test", 11, "不限时"]],
    }


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    d = tmp_path_factory.mktemp("peng")
    src = write_book(book(), d / "peng.xlsx")
    assert run_cli("process", src, "--period", "2026", "--output", d / "out.xlsx") == 0
    return d / "out.xlsx"


def test_seed000_example1_in_a_workbook(out):
    x = by_id(read_sheet(out, "Ratings"))["X"]
    assert x["cumulative"] == pytest.approx(60.2) and x["annual"] == pytest.approx(87.4)
    assert x["standard"] == "10级" and x["label"] == "10级格"


def test_seed000_example2_in_a_workbook(out):
    y = by_id(read_sheet(out, "Ratings"))["Y"]
    assert y["base"] == 571.42 and y["annual"] == pytest.approx(1035.42)
    # cumulative: 4000 + 2·20 + 2·20 + 2·10 + 2·10 + 0
    assert y["cumulative"] == pytest.approx(4000 + 40 + 40 + 20 + 20)


def test_level_rule_reported_and_ladder_marked(out):
    checks = read_sheet(out, "Checks")
    # 九段/八段/七段 opponents in a national event are covered (五段 and above)
    assert not [c for c in checks if c["rule"] == "peng.level"]
    std = {r["rank"]: r for r in read_sheet(out, "Standards")}
    assert std["二段"]["basic"] == 600 and "reconstructed" in std["二段"]["source"]
    assert std["三段"]["source"] == "规则原文 stated"
