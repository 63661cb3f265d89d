"""One game typed twice -- once from each player's side (B–A after A–B), or typed again -- is never
rated twice in silence (docs/workbook.md, Games).  A game is its event, its round (without a round,
its date: a blank date is the event's last day, compared as that day) and its pair of players,
whichever player is written first:

* two rows that cannot be told apart are refused: the same round of a round robin or Swiss event
  (whatever the dates; ``sheets.same_game``), or no round on either and the same day
  (``sheets.no_round_repeat``); rounds are compared by their number (``R3`` is round 3);
* two rows that can be told apart but look like one game typed twice -- a pair meeting again in an
  event where most pairs meet once, in a round robin, or with a row without its round -- are
  rated, and said on the Checks sheet (``games.typed_twice``, with both rows);
* a match (two players, several games), a double round robin, a Swiss pairing again with its rounds
  and free play (format ``games``) are accepted, nothing said.

The same for every system, for a workbook and for a game list (read whole or in batches)."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, write_book
from problem_ids import cli_problems, problems

from xl_ratings.engine import run
from xl_ratings.errors import InputErrors

TODAY = D(2026, 12, 31)
START, END = D(2026, 3, 7), D(2026, 3, 8)
SYSTEMS = ("shanghai", "gor", "lianzhong", "peng")
RATING = {"shanghai": 2300, "gor": 2100, "lianzhong": 1500, "peng": 100}
IDS = ("A", "B", "C", "D")


def players(system: str, ids=IDS) -> list[list[object]]:
    return [list(PLAYERS)] + [[p, f"棋手{p}", "M", "", "1级" if system == "peng" else "", RATING[system] + 10 * k,
                               None, None, None, "", "yes"] for k, p in enumerate(ids)]


def single_round_robin(ids=IDS) -> list[list[object]]:
    """Every pair once, rounds 1.. (two games a round for four players), dated the first day."""
    pairs = list(itertools.combinations(ids, 2))
    return [["E1", START, 1 + k // 2, a, b, 1 if k % 3 else 0.5, None] for k, (a, b) in enumerate(pairs)]


def tables(system: str, games: list[list[object]], fmt: str = "round_robin", ids=IDS) -> dict[str, list]:
    level = "provincial" if system == "peng" else ""
    return {"Settings": [["key", "value"], ["system", system]],
            "Players": players(system, ids),
            "Events": [list(EVENTS), ["E1", "春季赛", START, END, fmt, "A" if system == "gor" else "", level, ""]],
            "Games": [list(GAMES), *games]}


def outcome(system: str, games: list[list[object]], fmt: str = "round_robin", ids=IDS):
    """The run (refused: the problems)."""
    try:
        return run(tables(system, games, fmt, ids), today=TODAY)
    except InputErrors as e:
        return problems(e)


def twice(out) -> list[tuple[object, ...]]:
    """The games.typed_twice lines: (period, row, first row, player, opponent, event)."""
    assert not isinstance(out, list), out
    return [(res.period.label, c.row, c.args["first"], c.args["player"], c.args["opponent"], c.args["event"])
            for res in out.results for c in res.checks if c.rule == "games.typed_twice"]


def games_of(out, pid: str) -> int:
    return sum(1 for g in out.records.games if pid in (g.player, g.opponent))


# --------------------------------------------------------------------------- the mirror row, every combination

ROUNDS = {"same round": (1, 1), "another round": (1, 3), "blank beside a round": (1, None),
          "a round beside a blank": (None, 1), "both blank": (None, None), "R1 beside 1": (1, "R1"),
          "第1轮 beside 1": ("第1轮", 1.0)}
DATES = {"same day": (START, START), "blank beside the last day": (END, None), "both blank": (None, None),
         "blank beside the first day": (START, None), "another day": (START, END)}
RESULTS = {"complementary": (0, 1), "the same": (0.5, 0.5)}


def expected(fmt: str, rounds: tuple[object, object], days: tuple[object, object]) -> str:
    """The rule of docs/workbook.md, as a table: refused (which), a check, or accepted."""
    number = [None if r is None else int(float(str(r).strip("R第轮"))) for r in rounds]
    same_day = [END if d is None else d for d in days]
    same_day_ = same_day[0] == same_day[1]
    if None not in number:
        if number[0] == number[1] and (fmt != "games" or same_day_):
            return "sheets.same_game"
        return "typed_twice" if fmt == "round_robin" else "accepted"
    if fmt == "games":
        return "accepted"               # free play: a pair may meet again, without a round, any day
    if number == [None, None] and same_day_:
        return "sheets.no_round_repeat"
    return "typed_twice"


@pytest.mark.parametrize("result", list(RESULTS))
@pytest.mark.parametrize("days", list(DATES))
@pytest.mark.parametrize("rounds", list(ROUNDS))
@pytest.mark.parametrize("fmt", ["round_robin", "swiss", "games"])
def test_a_game_typed_from_the_other_side(fmt: str, rounds: str, days: str, result: str) -> None:
    """A–B on row 2 (SHANGHAI's rules: the other systems below), B–A typed again on the last row."""
    (r1, r2), (d1, d2), (s1, s2) = ROUNDS[rounds], DATES[days], RESULTS[result]
    games = single_round_robin()
    games[0] = ["E1", d1, r1, "A", "B", s1, None]
    last = 2 + len(games)
    out = outcome("shanghai", [*games, ["E1", d2, r2, "B", "A", s2, None]], fmt)
    want = expected(fmt, ROUNDS[rounds], DATES[days])
    if want.startswith("sheets."):
        assert [(p.id, p.row, p.params.get("first"), p.value) for p in out] == [(want, last, 2, "B – A")]
        return
    assert games_of(out, "A") == 4      # rated as typed: the officer decides
    if want == "typed_twice":
        assert twice(out) == [("2026H1", last, 2, "棋手B", "棋手A", "春季赛")]
    else:
        assert twice(out) == []


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("rounds,days,want", [
    ((1, 1), (START, None), "sheets.same_game"),
    ((None, None), (END, None), "sheets.no_round_repeat"),
    ((1, None), (START, None), "typed_twice"),          # the hostile tester's row: round and date blank
    ((1, 3), (START, START), "typed_twice"),            # round 12 of an 11-round round robin, in small
    ((None, None), (START, None), "typed_twice"),
])
def test_every_system_reads_a_mirror_row_alike(system: str, rounds, days, want: str) -> None:
    games = single_round_robin()
    games[0] = ["E1", days[0], rounds[0], "A", "B", 0, None]
    last = 2 + len(games)
    out = outcome(system, [*games, ["E1", days[1], rounds[1], "B", "A", 1, None]])
    if want.startswith("sheets."):
        assert [(p.id, p.row, p.params.get("first")) for p in out] == [(want, last, 2)]
    else:
        period = {"shanghai": "2026H1", "gor": "2026"}.get(system, out.last.period.label)
        assert [t[:3] for t in twice(out)] == [(period, last, 2)]


def test_a_mirror_in_the_shanghai_sample_is_told_with_both_rows(tmp_path) -> None:
    """The hostile tester's workbook: the sample's row 2 (SH001–SH002, round 1, 0) typed again as
    SH002–SH001, 1, round and date blank: rated as typed, and a Checks line names rows 2 and the last."""
    import openpyxl

    book = tmp_path / "book.xlsx"
    assert cli_problems("new", "shanghai", book)[0] == 0
    wb = openpyxl.load_workbook(book)
    g = wb["Games"]
    row = [c.value for c in g[2]]
    assert row[3:6] == ["SH001", "SH002", 0]
    row[3], row[4], row[5], row[1], row[2] = row[4], row[3], 1, None, None
    g.append(row)
    last = g.max_row
    wb.save(book)
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert (code, told) == (0, [])
    checks = openpyxl.load_workbook(tmp_path / "out.xlsx")["Checks"]
    lines = [r for r in checks.iter_rows(values_only=True) if r[0] == "games.typed_twice"]
    assert [r[1:5] for r in lines] == [("2026H1", "2026上海市五子棋等级赛", "Games", last)]
    assert "第 2 行" in lines[0][5] and "row 2" in lines[0][5]      # both languages, both rows


# --------------------------------------------------------------------------- legitimate repeats

@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("blank_rounds", [False, True])
def test_a_match_of_several_games_is_accepted(system: str, blank_rounds: bool) -> None:
    """Two players, six games (a match: an event of its own, format blank = round robin): the
    rounds given, or blank on six days -- accepted, nothing said, six games each."""
    days = [START + dt.timedelta(days=k) for k in range(6)]
    games = [["E1", d, None if blank_rounds else k + 1, "AB"[k % 2], "BA"[k % 2], [1, 0, 0.5][k % 3], None]
             for k, d in enumerate(days)]
    t = tables(system, games, "", ids=("A", "B"))
    t["Events"][1][3] = days[-1]
    out = run(t, today=TODAY)
    assert twice(out) == [] and games_of(out, "A") == 6


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("blank_rounds", [False, True])
def test_a_double_round_robin_is_accepted(system: str, blank_rounds: bool) -> None:
    """Every pair twice, each way round (rounds 1–6, or blank: the second cycle on the second day)."""
    first = single_round_robin()
    second = [["E1", END, r + 3, b, a, s, None] for _, _, r, a, b, s, _ in first]
    games = first + second
    if blank_rounds:
        games = [[e, d, None, a, b, s, h] for e, d, _, a, b, s, h in games]
    out = outcome(system, games)
    assert twice(out) == [] and games_of(out, "A") == 6


def test_a_double_round_robin_with_one_game_short_is_accepted() -> None:
    """A double round robin missing one game (a forfeit not typed): most pairs still meet twice."""
    first = single_round_robin()
    games = first + [["E1", END, r + 3, b, a, s, None] for _, _, r, a, b, s, _ in first][1:]
    assert twice(outcome("shanghai", games)) == []


def test_a_swiss_pair_paired_again_with_its_rounds_is_accepted() -> None:
    """In a Swiss event a pair may be paired again in a later round: with both rounds, nothing said."""
    games = [*single_round_robin(), ["E1", END, 4, "B", "A", 1, None]]
    out = outcome("gor", games, "swiss")
    assert twice(out) == [] and games_of(out, "A") == 4


@pytest.mark.parametrize("fmt", ["games", "对局"])
def test_free_play_meets_again_as_often_as_it_likes(fmt: str) -> None:
    """Club or online games (format games): a pair plays twice a day, without rounds -- nothing said."""
    games = [*single_round_robin(), ["E1", START, None, "B", "A", 1, None], ["E1", START, None, "A", "B", 0, None]]
    games = [[e, d, None, a, b, s, h] for e, d, _, a, b, s, h in games]
    out = outcome("lianzhong", games, fmt)
    assert twice(out) == [] and games_of(out, "A") == 5


def test_two_mirrors_in_one_round_robin_are_both_told() -> None:
    """Two games typed again (eight players, 28 pairs): both rows told, each with its first row."""
    ids = tuple("ABCDEFGH")
    games = single_round_robin(ids)
    rows = {(g[3], g[4]): 2 + k for k, g in enumerate(games)}
    last = 2 + len(games)
    games += [["E1", None, None, "B", "A", 0, None], ["E1", END, None, "H", "G", 1, None]]
    out = outcome("shanghai", games, ids=ids)
    assert [t[1:5] for t in twice(out)] == [(last, rows["A", "B"], "棋手B", "棋手A"),
                                            (last + 1, rows["G", "H"], "棋手H", "棋手G")]


# --------------------------------------------------------------------------- game lists

def _write_csv(path, header, rows) -> str:
    import csv

    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows([["" if v is None else v.isoformat() if isinstance(v, dt.date) else v for v in r]
                     for r in rows])
    return str(path)


@pytest.mark.parametrize("in_date_order", [True, False])
def test_a_game_list_refuses_the_same_round_twice_whatever_the_dates(tmp_path, in_date_order: bool) -> None:
    """A list read in batches (its events file: a round robin) compares a round robin's rounds over
    the whole list, not date by date: the mirror of row 2 in round 1, a day later, is refused."""
    games = single_round_robin()
    mirror = ["E1", END, 1, "B", "A", 1, None]
    rows = [*games, mirror] if in_date_order else [mirror, *games]
    t = tables("lianzhong", [])
    path = _write_csv(tmp_path / "games.csv", GAMES, rows)
    events = _write_csv(tmp_path / "events.csv", EVENTS, t["Events"][1:])
    code, told = cli_problems("process", path, "--system", "lianzhong", "--events", events,
                              "--output", tmp_path / "out.csv")
    assert code == 2
    first, again = (2, 2 + len(games)) if in_date_order else (2, 3)
    assert [(p.id, p.line or p.row, p.params.get("first")) for p in told] == [("sheets.same_game", again, first)]


def test_a_game_list_tells_a_mirror_as_a_workbook_does(tmp_path) -> None:
    """The same Checks line from a list read whole and from a list rated in batches."""
    import xl_ratings.jobs.game_stream as gs
    from xl_ratings import systems
    from xl_ratings.engine.run import run_records
    from xl_ratings.jobs.game_list import load_game_list

    games = [*single_round_robin(), ["E1", None, None, "B", "A", 1, None]]
    t = tables("lianzhong", [])
    path = _write_csv(tmp_path / "games.csv", GAMES, games)
    events = _write_csv(tmp_path / "events.csv", EVENTS, t["Events"][1:])
    ps = _write_csv(tmp_path / "players.csv", PLAYERS, players("lianzhong")[1:])
    system = systems.get("lianzhong")
    whole = run_records(load_game_list(path, system, ps, events, {}), None, None, path, today=TODAY)
    streamed = gs.rate_game_list(path, system, players=ps, events=events, window=3, today=TODAY).outcome
    assert twice(whole) == twice(streamed) == [(whole.last.period.label, 1 + len(games), 2, "棋手B", "棋手A", "春季赛")]
