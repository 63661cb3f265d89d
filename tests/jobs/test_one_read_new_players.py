"""New players in a list read once (issue 28): a ratings file as --players and new accounts in
the day's games -- the platform's everyday case -- is rated in one read, the new players appended
to the encoding as they come, with exactly what the usual two reads give."""

import datetime as dt
import random

import pytest
from test_day_by_day_equals_at_once import games_of, initial_state, write_games

from xl_ratings.jobs.game_stream import rate_game_list
from xl_ratings.jobs.list_one_pass import OnePassFeed
from xl_ratings.systems import find
from xl_ratings.view.sheets import fact_sheet

pytestmark = pytest.mark.usefixtures("kernel")
SYSTEM = find("lianzhong")


def _both(games, state):
    once = rate_game_list(games, SYSTEM, players=str(state), today=dt.date(2026, 1, 1))
    usual = rate_game_list(games, SYSTEM, players=str(state), today=dt.date(2026, 1, 1), once=False)
    return once, usual


def ratings_sheet(done):
    """The ratings file's rows as a run made them (its keys and cells)."""
    view = fact_sheet(SYSTEM.sheets[0], done.outcome.last, done.outcome)
    return view.keys, view.rows


def same_as_usual(once, usual):
    """The run reading the list once gave what the usual read gives: the new players in the same
    order, the players, every float of the ratings file, the last period's lines and states, the checks."""
    assert once.game_list.newcomers == usual.game_list.newcomers         # told in the same order
    assert list(once.game_list.records.players) == list(usual.game_list.records.players)
    assert ratings_sheet(once) == ratings_sheet(usual)                   # every float, bit for bit
    a, b = once.outcome.last, usual.outcome.last
    assert a.changes == b.changes and a.checks == b.checks and a.states == b.states
    assert once.checks == usual.checks and once.check_counts == usual.check_counts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_new_players_each_day_read_once_equal_two_reads(tmp_path, seed):
    rnd = random.Random(seed)
    state = initial_state(tmp_path / "state.csv", rnd)
    # newcomers from the first day: some first seen as opponents, then as players; a batch of the
    # reader holds the whole (small) list, so they also arrive in batches of one game
    games = games_of(rnd, dt.date(2025, 6, 10), 6, per_day=40, newcomers_from=0)
    path = write_games(tmp_path / "g.csv", games)
    once, usual = _both(path, state)
    assert isinstance(once.game_list.feed, OnePassFeed)       # read once, not fallen back
    assert not isinstance(usual.game_list.feed, OnePassFeed)
    new = once.game_list.newcomers
    assert len(new) >= 5 and all(pid.startswith("N") for pid in new)
    same_as_usual(once, usual)


def test_new_players_across_many_batches(tmp_path, monkeypatch):
    """The list in batches of a few games (the reader's block size made small): new players met in
    many batches, some first as opponents, give the numbers of the two reads."""
    import xl_ratings.jobs.list_file as lf

    rnd = random.Random(7)
    state = initial_state(tmp_path / "state.csv", rnd)
    games = games_of(rnd, dt.date(2025, 3, 1), 8, per_day=60, newcomers_from=1)
    path = write_games(tmp_path / "g.csv", games)
    monkeypatch.setattr(lf, "CSV_BLOCK", 512)
    once, usual = _both(path, state)
    assert isinstance(once.game_list.feed, OnePassFeed)
    assert once.game_list.newcomers == usual.game_list.newcomers
    assert ratings_sheet(once) == ratings_sheet(usual)


@pytest.mark.parametrize("bad", ["N 1", "u001", "N-1", "Ñ1"])
def test_a_new_id_the_usual_read_reads_otherwise_is_read_the_usual_way(tmp_path, bad):
    rnd = random.Random(3)
    state = initial_state(tmp_path / "state.csv", rnd)
    games = games_of(rnd, dt.date(2025, 6, 10), 2) + [["2025-06-11", bad, "U002", "1"]]
    path = write_games(tmp_path / "g.csv", games)
    once, usual = _both(path, state)
    assert not isinstance(once.game_list.feed, OnePassFeed)     # fell back: the usual read decides
    assert ratings_sheet(once) == ratings_sheet(usual)


def test_a_players_sheet_file_still_refuses_an_unknown_id(tmp_path):
    """Only a ratings file is a state: with a Players file an id that is no player's is a mistake,
    told by the usual read."""
    from xl_ratings.engine.stream import TooManyProblems

    (tmp_path / "p.csv").write_text("id,rating,games\nA,1500,30\nB,1500,30\n", encoding="utf-8")
    path = write_games(tmp_path / "g.csv", [["2025-03-01", "A", "B", "1"], ["2025-03-02", "A", "C", "1"]])
    with pytest.raises(TooManyProblems):
        rate_game_list(path, SYSTEM, players=str(tmp_path / "p.csv"), today=dt.date(2026, 1, 1))
