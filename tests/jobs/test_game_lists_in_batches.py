"""Game lists read and rated in batches (issue 19): the same numbers as a list read whole,
line for line, for every system; every bad row still found; every check written."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, run_cli
from problem_ids import cli_problems, raises

import xl_ratings.jobs.game_stream as gs
import xl_ratings.jobs.list_file as lf
from xl_ratings import systems
from xl_ratings.engine.run import run_records
from xl_ratings.engine.stream import TooManyProblems
from xl_ratings.errors import InputErrors
from xl_ratings.jobs.game_list import load_game_list
from xl_ratings.systems import SYSTEMS

#: every test on both kernels, pure and compiled (conftest.kernel)
pytestmark = pytest.mark.usefixtures("kernel")

pa = pytest.importorskip("pyarrow", reason="the test extra installs pyarrow")
TODAY = D(2027, 1, 20)


# --------------------------------------------------------------------------- lists on disk

def cell(v):
    return "" if v is None else v.isoformat() if isinstance(v, dt.date) else v


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows([cell(v) for v in r] for r in rows)
    return path


def write_parquet(path, header, rows):
    import pyarrow.parquet as pq

    cols = {h: [r[j] if j < len(r) else None for r in rows] for j, h in enumerate(header)}
    arrays = {}
    for h, values in cols.items():
        if h in ("date", "start", "end"):
            arrays[h] = pa.array(values, pa.date32())
        elif h == "handicap":
            arrays[h] = pa.array([None if v is None else float(v) for v in values], pa.float64())
        else:                               # results as text (W, ½-½, 1*), ids and rounds as text
            arrays[h] = pa.array([None if v is None else str(v) for v in values], pa.string())
    pq.write_table(pa.table(arrays), path)
    return path


def lists(tables, folder, fmt="csv", shuffle=None):
    """The workbook's tables as a game list, a players file and an events file (the
    settings as --set items; awards and points have no place in a game list)."""
    games = [list(r) for r in tables["Games"][1:]]
    if shuffle is not None:
        shuffle.shuffle(games)
    header = list(tables["Games"][0])
    path = folder / f"games.{fmt}"
    (write_parquet if fmt == "parquet" else write_csv)(path, header, games)
    players = write_csv(folder / "players.csv", tables["Players"][0], tables["Players"][1:])
    events = write_csv(folder / "events.csv", tables["Events"][0], tables["Events"][1:])
    settings = {str(k): v for k, v in tables["Settings"][1:] if k != "system"}
    system = systems.get(tables["Settings"][1][1])
    return path, players, events, settings, system


def both(tables, folder, fmt="csv", shuffle=None, window=gs.WINDOW, period=None, **kw):
    """(the list read whole and rated, the list rated in batches)."""
    path, players, events, settings, system = lists(tables, folder, fmt, shuffle)
    whole = run_records(load_game_list(path, system, str(players), str(events), settings), None, period,
                        str(path), today=TODAY, history=False)
    streamed = gs.rate_game_list(path, system, players=str(players), events=str(events), settings=settings,
                                 period=period, window=window, today=TODAY, **kw)
    return whole, streamed.outcome


def same(whole, streamed):
    """Line for line: every period's facts (ratings, changes, checks, lists, states) and the History."""
    assert [r.period for r in streamed.results] == [r.period for r in whole.results]
    for a, b in zip(whole.results, streamed.results):
        for part in ("ratings", "changes", "checks", "standards", "pending", "inactive", "fees"):
            assert getattr(b, part) == getattr(a, part), f"{a.period.label}: {part} differ"
        assert b.states == a.states
    assert [(e.period, e.id, e.state) for e in streamed.ledger.entries] == \
        [(e.period, e.id, e.state) for e in whole.ledger.entries]


# --------------------------------------------------------------------------- golden and sample lists

def golden(system):
    module = __import__(f"test_{system}_end_to_end")     # tests/e2e/test_<system>_end_to_end.py
    return module.book()


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_golden_lists_streamed_equal_read_whole(tmp_path, system, fmt):
    whole, streamed = both(golden(system), tmp_path, fmt)
    assert whole.results and any(r.changes for r in whole.results)
    same(whole, streamed)


@pytest.mark.parametrize("system", SYSTEMS)
def test_sample_lists_streamed_equal_read_whole_in_any_order(tmp_path, system):
    """The sample federations (several events and periods), their rows shuffled and read
    in many small batches, gathered a few games at a time: still the same, line for line."""
    tables = systems.get(system).sample()
    for window, rnd in ((gs.WINDOW, None), (7, random.Random(5))):
        whole, streamed = both(tables, tmp_path, "csv", rnd, window)
        assert len(whole.results) >= 1 and sum(len(r.changes) for r in whole.results) > 20
        same(whole, streamed)


# --------------------------------------------------------------------------- random lists

def random_tables(system: str, seed: int) -> dict:
    """A federation with every kind of row each system treats on its own: unrated and
    women players, guests, classes and levels, rounds, forfeits, handicaps, blank dates."""
    rnd = random.Random(seed)
    ranks = {"shanghai": ["", "初段", "2级"], "gor": ["5k", "1D", "12k", "3D"], "lianzhong": [""],
             "peng": ["无级", "5级", "1级", "初段", "三段", "五段"]}[system]
    players = [PLAYERS + ("rif",)]
    for i in range(40):
        rated = rnd.random() < 0.75 or system == "peng"
        rating = {"shanghai": rnd.randint(1900, 2500), "gor": rnd.randint(300, 2500),
                  "lianzhong": rnd.randint(1100, 2500), "peng": None}[system] if rated else None
        games = rnd.choice([None, 3, 15, 40]) if rated else rnd.choice([None, 5, 18])
        member = "no" if system in ("shanghai", "gor") and i % 13 == 7 else "yes"
        players.append([f"P{i:02d}", f"棋手{i}", "F" if i % 4 == 0 else "M", "", rnd.choice(ranks), rating, games,
                        None, None, "", member, 2300 if member == "no" and i % 2 else None])
    ids = [r[0] for r in players[1:]]
    events, games_rows = [EVENTS], [GAMES]
    start = D(2025, 10, 1)
    for e in range(9):
        first = start + dt.timedelta(days=rnd.randint(0, 420))
        last = first + dt.timedelta(days=rnd.choice([0, 1, 2, 30]))
        fmt = "games" if system == "lianzhong" else rnd.choice(["round_robin", "swiss", "games"])
        who = rnd.sample(ids, rnd.randint(4, 12))
        events.append([f"E{e}", f"赛事{e}" + ("等级赛" if e == 3 else ""), first, last, fmt,
                       rnd.choice(["A", "B", "C"]) if system == "gor" else "",
                       rnd.choice(["", "national", "provincial", "district"]) if system == "peng" else "",
                       who[0] if e % 3 == 0 else ""])
        for r in range(rnd.randint(3, 25)):
            a, b = rnd.sample(who, 2)
            day = None if rnd.random() < 0.1 and fmt != "games" else \
                first + dt.timedelta(days=rnd.randint(0, (last - first).days))
            res = rnd.choice([1, 0, 0.5, "W", "负", "½-½", "1-0", "+", "-", "1*"] if r % 5 == 0 else [1, 0, 0.5])
            rnd_no = None if fmt == "games" else r + 1
            stones = rnd.choice([None, 0, 2, -3]) if system == "gor" and fmt == "games" else None
            games_rows.append([f"E{e}", day, rnd_no, a, b, res, stones])
    settings = [["key", "value"], ["system", system]]
    if system == "shanghai":
        settings.append(["k_new", "30"])
    return {"Settings": settings, "Players": players, "Events": events, "Games": games_rows}


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_lists_streamed_equal_read_whole(tmp_path, system, seed, monkeypatch):
    """Random federations, their rows in random order, read in small batches (many
    passes), gathered a few games at a time, in CSV and Parquet."""
    monkeypatch.setattr(lf, "CSV_BLOCK", 512)
    monkeypatch.setattr(lf, "PARQUET_ROWS", 9)
    tables = random_tables(system, seed)
    for fmt, window in (("csv", 5), ("parquet", 40), ("csv", gs.WINDOW)):
        whole, streamed = both(tables, tmp_path, fmt, random.Random(seed), window, period=None)
        assert whole.results
        same(whole, streamed)


@pytest.mark.parametrize("system", ["lianzhong", "peng"])
def test_a_list_in_date_order_is_rated_in_one_pass(tmp_path, system, monkeypatch):
    """A list already in date order (as a platform writes it): one pass to check, one to
    rate, no window; the same numbers."""
    monkeypatch.setattr(lf, "CSV_BLOCK", 300)
    tables = random_tables(system, 3)
    rows = sorted((r for r in tables["Games"][1:] if r[1] is not None), key=lambda r: r[1])
    tables["Games"] = [GAMES] + rows
    passes = []
    whole, streamed = both(tables, tmp_path, window=3, progress=lambda what, done, total: passes.append(what))
    same(whole, streamed)
    assert passes.count("checking") > 3 and not any(p.startswith("counting") for p in passes)
    assert sorted({p for p in passes if p.startswith("rating")}) == \
        [f"rating {r.period.label}" for r in whole.results]


# --------------------------------------------------------------------------- problems

def bad_list(tmp_path, n=300):
    rows = []
    for i in range(n):
        rows.append(["2026-01-05", f"A{i % 7}", f"A{i % 7}", "1"])            # themself
        rows.append(["2026-01-06", "A1", "A2", "7"])                           # not a result
        rows.append(["2026-13-01" if i % 10 == 0 else "2026-01-07", "A3", "A4", "0"])
    return write_csv(tmp_path / "games.csv", ["date", "player", "opponent", "result"], rows)


def test_every_bad_row_is_found_summarised_and_listed_beside_the_output(tmp_path, capsys):
    path = bad_list(tmp_path)
    code = run_cli("process", path, "--system", "lianzhong", "--json", tmp_path / "out.json",
                   "--output", tmp_path / "ratings.csv")
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "630 problem(s), nothing was written" in err         # the console's grouped rendering is the point here
    told = [line.split(": ", 1)[0].split(", ")[-2:] + [line.split(": ", 1)[1][:25]]
            for line in err.splitlines() if line.startswith("  - file")]
    rows = [f"row {r}" for r in range(2, 15, 3)]    # the first five of each rule and column, then the count
    # the groups in the order of their first row (hostile2 F10), each in row order, its count after it
    assert told == [[r, "column 'opponent'", "a player cannot play them"] for r in rows] + \
        [[f"  - file {path}", "column 'opponent'", "and 295 more like the abo"]] + \
        [[r, "column 'result'", "result must be one of 1, "] for r in [f"row {r}" for r in range(3, 16, 3)]] + \
        [[f"  - file {path}", "column 'result'", "and 295 more like the abo"]] + \
        [[f"row {r}", "column 'date'", "is not a date (write it a"] for r in (4, 34, 64, 94, 124)] + \
        [[f"  - file {path}", "column 'date'", "and 25 more like the abov"]]
    assert "此列还有 295 个同类问题" in err
    listed = tmp_path / "ratings.problems.csv"
    assert f"every problem (630 in all) is listed in {listed}" in err   # the summary line an officer reads
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "ratings.csv").exists()
    rows = list(csv.DictReader(open(listed, encoding="utf-8-sig")))
    assert len(rows) == 630
    found = {(int(r["row"]), r["column"]) for r in rows}
    try:                                    # the same problems as the list read whole finds
        load_game_list(path, systems.get("lianzhong"))
    except InputErrors as e:
        whole = {(x.where.row, x.where.column) for x in e.errors}
    assert found == whole
    assert {r["problem_zh"] for r in rows} >= {"棋手不能与自己对局"}


def test_a_few_problems_are_told_one_by_one_and_no_list_is_written(tmp_path, capsys):
    path = bad_list(tmp_path, 1)
    code, told = cli_problems("process", path, "--system", "lianzhong", "--json", tmp_path / "out.json")
    assert code == 2
    assert [(p.id, p.row, p.column) for p in told] == [("sheets.plays_themself", 2, "opponent"),
                                                        ("rules.result_not_accepted", 3, "result"),
                                                        ("sheets.cell_not_a_date", 4, "date")], told
    assert "more like the above" not in capsys.readouterr().err  # one by one on the console: no group's count
    assert not (tmp_path / "out.problems.csv").exists()


def test_the_same_game_twice_is_found_in_a_list_out_of_order(tmp_path):
    rows = [["E1", "2026-03-02", "2", "B", "A", "1"], ["E1", "2026-03-01", "1", "A", "B", "1"],
            ["E1", "2026-03-02", "2", "A", "B", "0"], ["E1", "2026-03-01", "1", "B", "A", "0"],
            ["E1", "2026-03-03", "3", "A", "B", "1"]]
    path = write_csv(tmp_path / "g.csv", ["event", "date", "round", "player", "opponent", "result"], rows)
    for window in (1, gs.WINDOW):
        with pytest.raises(TooManyProblems) as got:
            gs.rate_game_list(path, systems.get("lianzhong"), window=window, today=TODAY)
        assert sorted((e.where.row, e.problem) for e in got.value.errors) == [
            (4, "the same game is already on row 2"), (5, "the same game is already on row 3")]


def test_a_list_that_changes_while_it_is_read_is_refused(tmp_path):
    tables = random_tables("lianzhong", 4)
    path, players, events, settings, system = lists(tables, tmp_path)

    def touch(what, done, total):
        if what == "checking":
            with open(path, "a", encoding="utf-8") as f:
                f.write("E1,2026-05-01,,P01,P02,1,\n")
    with raises(InputErrors, "sheets.list_changed_while_read"):
        gs.rate_game_list(path, system, players=str(players), events=str(events), today=TODAY, progress=touch)


# --------------------------------------------------------------------------- checks

def test_every_check_is_written_beside_the_output_and_summarised_per_rule(tmp_path, capsys):
    """3,000 games between unrated players: the JSON keeps the first 1,000 lines and the
    count (as a workbook's Checks sheet), the console a line per rule, the CSV all."""
    rows = [["2026-01-05", f"N{i % 50}", f"N{(i + 1) % 50}", "1"] for i in range(3000)]
    path = write_csv(tmp_path / "g.csv", ["date", "player", "opponent", "result"], rows)
    assert run_cli("process", path, "--system", "lianzhong", "--period", "2026", "--json", tmp_path / "o.json") == 0
    out = capsys.readouterr().out
    assert "lianzhong.both_unrated: 3,000 (rows 2, 3, 4, 5, 6, …) — lianzhong.both_unrated：3,000 项（第 2, 3" in out
    listed = tmp_path / "o.checks.csv"
    assert f"every check is listed in {listed}" in out   # the summary line an officer reads
    rows = list(csv.DictReader(open(listed, encoding="utf-8-sig")))
    assert len(rows) == 3000 and [int(r["row"]) for r in rows] == list(range(2, 3002))
    assert rows[0]["rule"] == "lianzhong.both_unrated" and "双方均无级别" in rows[0]["message"]
    data = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))
    assert len(data["checks"]) == 1001 and "2000 more" in data["checks"][-1]["message"]
    # run again: the earlier lists are ours and are replaced
    assert run_cli("process", path, "--system", "lianzhong", "--period", "2026", "--json", tmp_path / "o.json") == 0


def test_progress_is_told_per_pass_and_at_most_a_few_times_a_second():
    seen = []
    tick = gs.timed(lambda *a: seen.append(a), every=3600)
    for i in range(1000):
        tick("checking", i, 1000)
    tick("checking", 1000, 1000)
    tick("rating 2026", 5, 1000)
    tick("rating 2026", 6, 1000)
    assert seen == [("checking", 0, 1000), ("checking", 1000, 1000), ("rating 2026", 5, 1000)]
    assert gs.timed(None) is None


def test_a_line_of_the_wrong_length_is_told_with_its_line_and_the_rows_after_keep_theirs(tmp_path, capsys):
    path = tmp_path / "g.csv"
    path.write_text("date,player,opponent,result\n2026-01-01,A,B,1\n2026-01-02,A,B\n2026-01-03,B,A,0,9\n"
                    "2026-01-04,B,B,1\n", encoding="utf-8")
    code, told = cli_problems("process", path, "--system", "lianzhong")
    assert code == 2 and "Traceback" not in capsys.readouterr().err
    assert [(p.id, p.params, p.line, p.row, p.column) for p in told] == [
        ("sheets.ragged_row", {"found": 3, "expected": 4}, 3, None, None),
        ("sheets.ragged_row", {"found": 5, "expected": 4}, 4, None, None),
        ("sheets.plays_themself", {}, None, 5, "opponent")], told


def test_the_progress_bar_shows_each_pass_on_a_terminal(tmp_path):
    """The command line's bar: shown for a list of more than 1 MB on a terminal, one line per pass."""
    import io

    from rich.console import Console

    from xl_ratings.cli import _bar

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    path = write_csv(tmp_path / "g.csv", ["date", "player", "opponent", "result"], [["2026-01-05", "A", "B", "1"]])
    with _bar(console, path, least=1 << 20) as none:
        assert none is None                                 # a small list: no bar
    with _bar(console, path, least=0) as tick:
        tick("checking", 10, 100)
        tick("rating 2026", 100, 100)
    assert "g.csv: checking" in out.getvalue() and "g.csv: rating 2026" in out.getvalue()
    with _bar(Console(file=io.StringIO()), path, least=0) as none:
        assert none is None                                 # not a terminal: no bar


def test_without_pyarrow_a_csv_list_is_read_in_chunks_by_pandas(tmp_path, monkeypatch):
    """pyarrow is an extra: without it a CSV list is still read in batches (pandas chunks),
    with the same numbers; a Parquet list says what to install."""
    monkeypatch.setattr(lf, "has_pyarrow", lambda: False)
    monkeypatch.setattr(lf, "PANDAS_ROWS", 7)
    tables = random_tables("gor", 6)
    whole, streamed = both(tables, tmp_path, "csv", random.Random(6), 11)
    same(whole, streamed)
    path, *_ = lists(tables, tmp_path, "parquet")
    with raises(InputErrors, "sheets.parquet_needs_pyarrow"):
        gs.rate_game_list(path, systems.get("gor"))
