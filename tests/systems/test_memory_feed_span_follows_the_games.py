"""A run asks its feed for the games' span three times (games dated ahead, before the History,
after today): the in-memory feed works it out once -- and again when the games it holds change."""

import datetime as dt
from types import SimpleNamespace

from xl_ratings.systems.feed import MemoryFeed
from xl_ratings.systems.game_result import Result
from xl_ratings.systems.records import Game


def game(day):
    return Game("E1", day, 1, "A", "B", Result(1.0), 0.0, 2)


def test_the_span_is_the_games_first_and_last_day_whenever_asked():
    records = SimpleNamespace(games=[game(dt.date(2026, 3, 5)), game(dt.date(2026, 1, 2))])
    feed = MemoryFeed(records)
    assert feed.span() == feed.span() == (dt.date(2026, 1, 2), dt.date(2026, 3, 5))
    records.games.append(game(dt.date(2027, 1, 1)))                 # the same list, one game more
    assert feed.span() == (dt.date(2026, 1, 2), dt.date(2027, 1, 1))
    records.games = [game(dt.date(2025, 5, 5)), game(dt.date(2025, 6, 6)), game(dt.date(2025, 7, 7))]
    assert feed.span() == (dt.date(2025, 5, 5), dt.date(2025, 7, 7))   # another list of as many games
    records.games = []
    assert feed.span() is None
