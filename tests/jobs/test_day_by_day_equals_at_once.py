"""Day by day equals at once (issue 28, build 2): the ratings file a run writes is the next
run's --players, so rating a platform's games a day at a time gives the very numbers of
rating them all at once -- across a period boundary, with new players arriving, titles
awarded and honorary kept."""

import csv
import datetime as dt
import random

import pytest
from helpers import run_cli
from problem_ids import cli_problems

#: every test on both kernels, pure and compiled (conftest.kernel)
pytestmark = pytest.mark.usefixtures("kernel")

#: every column of the ratings file but the run's own (old, change, place, period_games)
STATE = ("id", "name", "new", "games", "status", "title", "honorary")


def initial_state(path, rnd, n=30):
    """A ratings file (as --output writes it: its header) holding the platform's players."""
    rows = [["id", "name", "new", "games", "title", "honorary"]]
    for i in range(n):
        games = rnd.choice([0, 3, 12, 19, 20, 25, 60, 200])
        rating = 1400 if games == 0 else round(rnd.uniform(1100, 2650), 6)
        title = "特级大师" if i == 0 else "一级大师" if i == 1 else "四级棋士" if i == 2 else ""
        rows.append([f"U{i:03d}", f"用户{i}", repr(rating), games, title, "国家大师" if i == 3 else ""])
    with open(path, "w", newline="", encoding="utf-8-sig") as f:
        csv.writer(f).writerows(rows)
    return path


def games_of(rnd, first, days, per_day=25, newcomers_from=2):
    """Games of ``days`` days from ``first``; from day ``newcomers_from`` new ids (N…) arrive."""
    out = []
    for d in range(days):
        day = first + dt.timedelta(days=d)
        ids = [f"U{i:03d}" for i in range(30)] + ([f"N{k}" for k in range(d * 2)] if d >= newcomers_from else [])
        for _ in range(per_day):
            a, b = rnd.sample(ids, 2)
            out.append([day.isoformat(), a, b, rnd.choice(["1", "0", "0.5", "1", "0"])])
    return out


def write_games(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["date", "player", "opponent", "result"])
        w.writerows(rows)
    return path


def state_of(path):
    with open(path, encoding="utf-8-sig") as f:
        return {r["id"]: tuple(float(r[k]) if k == "new" else r[k] for k in STATE)    # 1400 is 1400.0
                for r in csv.DictReader(f)}


@pytest.mark.parametrize("first, days", [(dt.date(2025, 6, 10), 5), (dt.date(2025, 12, 29), 6)],
                         ids=["within a period", "across the new year"])
@pytest.mark.parametrize("seed", [1, 2])
def test_day_by_day_equals_at_once(tmp_path, first, days, seed):
    rnd = random.Random(seed)
    start = initial_state(tmp_path / "start.csv", rnd)
    games = games_of(rnd, first, days)
    assert run_cli("process", write_games(tmp_path / "all.csv", games), "--system", "lianzhong",
                   "--players", start, "--output", tmp_path / "at_once.csv") == 0
    players = start
    for d in range(days):                  # the platform recipe: a daily run from yesterday's ratings
        day = (first + dt.timedelta(days=d)).isoformat()
        today = write_games(tmp_path / f"day{d}.csv", [g for g in games if g[0] == day])
        out = tmp_path / f"ratings{d}.csv"
        assert run_cli("process", today, "--system", "lianzhong", "--players", players, "--output", out) == 0
        players = out
    at_once, daily = state_of(tmp_path / "at_once.csv"), state_of(players)
    assert daily == at_once                # every float as written: bit for bit
    assert any(k.startswith("N") for k in at_once) and at_once["U000"][5] == "特级大师"
    assert at_once["U003"][6] == "国家大师" and at_once["U001"][5] == "一级大师"
    moved = [k for k, v in at_once.items() if k.startswith("U") and v[3] != "0"]
    assert moved, "games were rated"


def test_the_rating_title_is_no_award_and_the_award_stays(tmp_path):
    """A rating title read back (四级棋士) is not an awarded title: it follows the rating; an awarded
    one (一级大师) is kept whatever the rating does."""
    (tmp_path / "state.csv").write_text("id,name,new,games,title,honorary\nA,A,1550,30,四级棋士,\n"
                                        "B,B,1500,30,一级大师,国家大师\n", encoding="utf-8")
    write_games(tmp_path / "g.csv", [["2025-03-01", "A", "B", "1"]] * 1 + [["2025-03-02", "A", "B", "1"]])
    assert run_cli("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "state.csv",
                   "--output", tmp_path / "out.csv") == 0
    got = state_of(tmp_path / "out.csv")
    assert got["A"][5] == "四级棋士" and got["A"][6] == ""
    assert got["B"][5] == "一级大师" and got["B"][6] == "国家大师" and got["B"][2] < 1500


def test_a_players_file_read_wrong_is_refused(tmp_path, capsys):
    write_games(tmp_path / "g.csv", [["2025-03-01", "A", "B", "1"]])
    (tmp_path / "p.csv").write_text("id,name,rating,games,elo\nA,A,1500,30,1500\nB,B,1500,30,1500\n",
                                    encoding="utf-8")
    code, told = cli_problems("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "p.csv")
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.sheet, p.row, p.column, p.value) for p in told] == [
        ("sheets.players_column_unknown", "p.csv", 1, "elo", "elo")] and "不是棋手文件的列" in err
    (tmp_path / "p.csv").write_text("id,name,games\nA,A,30\nB,B,0\n", encoding="utf-8")
    code, told = cli_problems("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "p.csv")
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("sheets.players_games_without_rating", {"count": 1, "row": 2})]


def test_another_systems_ratings_file_is_not_taken_for_a_state(tmp_path, capsys):
    (tmp_path / "g.csv").write_text("event,date,player,opponent,result\nE,2025-03-01,A,B,1\n", encoding="utf-8")
    (tmp_path / "p.csv").write_text("id,name,rating\nA,A,2300\nB,B,2200\n", encoding="utf-8")
    assert run_cli("process", tmp_path / "g.csv", "--system", "shanghai", "--players", tmp_path / "p.csv",
                   "--output", tmp_path / "out.csv") == 0
    code, told = cli_problems("process", tmp_path / "g.csv", "--system", "shanghai", "--players", tmp_path / "out.csv")
    assert code == 2 and [(p.id, p.params) for p in told] == [("sheets.ratings_file_not_a_state", {"system": "shanghai"})]


def test_a_ratings_file_row_with_games_and_no_rating_is_refused(tmp_path, capsys):
    write_games(tmp_path / "g.csv", [["2025-03-01", "A", "B", "1"]])
    (tmp_path / "state.csv").write_text("id,name,new,games,title,honorary\nA,A,1550,30,,\nB,B,,25,,\n",
                                        encoding="utf-8")
    code, told = cli_problems("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "state.csv")
    assert code == 2 and [(p.id, p.params, p.row, p.column) for p in told] == [
        ("sheets.ratings_row_without_rating", {"games": 25}, 3, "new")]


def test_a_players_file_with_ratings_and_no_games_column_is_refused(tmp_path, capsys):
    """lianzhong counts games (a player is rated after 20): ratings without their counts would make
    every player new, silently (hostile round, R2)."""
    write_games(tmp_path / "g.csv", [["2025-03-01", "A", "B", "1"]])
    (tmp_path / "p.csv").write_text("id,name,rating\nA,A,1550\nB,B,1500\n", encoding="utf-8")
    code, told = cli_problems("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "p.csv")
    assert code == 2 and [(p.id, p.params, p.row, p.column) for p in told] == [
        ("sheets.players_rating_without_games", {"count": 2, "row": 2}, 1, "games")]
    (tmp_path / "p.csv").write_text("id,name,rating,games\nA,A,1550,30\nB,B,1500,25\n", encoding="utf-8")
    assert run_cli("process", tmp_path / "g.csv", "--system", "lianzhong", "--players", tmp_path / "p.csv",
                   "--output", tmp_path / "out.csv") == 0
