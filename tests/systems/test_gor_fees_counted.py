"""gor's registration fees (seed 002 §3.1) count each player's recorded games of every year the
period touches, up to its end -- a forfeit win is not a recorded game -- the same whether
systems/gor._fees counts a year without forfeits at C speed or game by game (years apart,
forfeits, games before the year or after the period)."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import gor
from xl_ratings.systems.feed import MemoryFeed
from xl_ratings.systems.game_result import Result
from xl_ratings.systems.period import date_range
from xl_ratings.systems.rows import Game

RECORDS = sample_records("gor")
IDS = sorted(RECORDS.players)[:8]


def _reference(games: list[Game], period) -> list[tuple[str, int, int, float]]:
    """The rule, side by side: every game dated from the first year's 1 January to the period's
    end, counted for each side but a forfeit win; the years of the period's own games."""
    first = period.start.year
    n: Counter[tuple[int, str]] = Counter()
    years = set()
    for g in games:
        if g.date > period.end or g.date.year < first:
            continue
        if g.date >= period.start:
            years.add(g.date.year)
        for pid, score in ((g.player, g.result.score), (g.opponent, 1.0 - g.result.score)):
            if not (g.result.forfeit and score == 1):
                n[g.date.year, pid] += 1
    params = RECORDS.params
    return [(pid, y, n[y, pid], gor.registration_fee(n[y, pid], RECORDS.players[pid].member, params))
            for y, pid in sorted(k for k in n if k[0] in years)]


GAME = st.builds(
    lambda a, b, day, score, forfeit: Game("E1", day, 1, a, b, Result(score, forfeit)),
    st.sampled_from(IDS), st.sampled_from(IDS), st.dates(dt.date(2024, 11, 1), dt.date(2027, 2, 1)),
    st.sampled_from([0.0, 0.5, 1.0]), st.booleans() | st.just(False) | st.just(False))
PERIODS = [date_range(dt.date(2026, 1, 1), dt.date(2026, 12, 31)),
           date_range(dt.date(2025, 7, 1), dt.date(2026, 6, 30)),
           date_range(dt.date(2026, 3, 1), dt.date(2026, 8, 31))]


@settings(max_examples=200, deadline=None)
@given(games=st.lists(GAME, max_size=30), which=st.sampled_from(range(len(PERIODS))), one_year=st.booleans(),
       played=st.booleans())
def test_fees_count_the_recorded_games(games: list[Game], which: int, one_year: bool, played: bool) -> None:
    period = PERIODS[which]
    if one_year:        # the common case: every game in the period's year, up to its end
        games = [g._replace(date=dt.date(period.start.year, g.date.month, min(g.date.day, 28))) for g in games]
        games = [g for g in games if g.date <= period.end]
    if played:
        games = [g._replace(result=Result(g.result.score)) for g in games]
    records = type(RECORDS)(**{**RECORDS.__dict__, "games": games})
    got = gor._fees(records, MemoryFeed(records), period, RECORDS.params)
    assert [(f.id, f.year, f.games, f.fee) for f in got] == _reference(games, period)
