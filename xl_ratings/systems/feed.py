"""Where a period engine takes its games from: a list in memory, or a file read in batches.

A period engine never walks ``records.games`` itself: it asks a
:class:`GameFeed` for the games it needs, in the order its rulebook rates
them.  :class:`MemoryFeed` answers from the records (a workbook's Games
sheet, a game list read whole); a streamed game list
(:mod:`xl_ratings.engine.stream`) answers by reading the file again in
batches, with memory that grows with the players, not the games.  Both give
the same games in the same order, so the numbers are the same to the last
bit.

Three questions, one per kind of rulebook:

* :meth:`GameFeed.dated` -- game by game (lianzhong) or summed in date order
  (peng): the games dated in the period, by date, and within a date in the
  order the rulebook's ``order`` function puts a list in;
* :meth:`GameFeed.by_event` -- tournament by tournament (shanghai, gor): each
  event in the order given, with its games in row order;
* :meth:`GameFeed.every` -- every game dated in a range, in any order:
  tallies over games of other periods (the activity window, the year's
  registration fees, a game dated after today).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter
from collections import defaultdict
from typing import Any, Protocol

from .period import Period
from .rows import Event, Game

#: Puts a list of games in rating order, in place (a sort on the date first).
Order = Callable[[list[Game]], None]


class GameFeed(Protocol):
    """The games of a run, asked for by the period engines (see the module)."""

    def dated(self, period: Period, order: Order) -> Iterable[Game]:
        """The games dated in ``period``, in the order ``order`` gives (date first)."""
        ...

    def by_event(self, events: Sequence[Event]) -> Iterator[tuple[Event, Iterable[Game]]]:
        """Each of ``events`` in turn, with its games in row order (consume them before the next)."""
        ...

    def every(self, first: dt.date | None = None, last: dt.date | None = None) -> Iterable[Game]:
        """Every game dated from ``first`` to ``last`` (None: no bound), in any order."""
        ...

    def span(self) -> tuple[dt.date, dt.date] | None:
        """The first and the last date of a game (None: no games)."""
        ...


class Held(Protocol):
    """Records held in memory (:class:`~xl_ratings.systems.base.Records`): their games."""

    games: list[Game]


def games_by_event(records: Held) -> dict[str, list[Game]]:
    out: dict[str, list[Game]] = defaultdict(list)
    for g in records.games:
        out[g.event].append(g)
    return out


class Encoded(Protocol):
    """A period's games as columns, players as indices (a game list's columnar feed):
    what a game-by-game engine rates with :attr:`kernel` instead of walking games.

    Offered by a feed's ``encoded(period)`` (None: the feed cannot, or the games'
    rating order is not the list's -- rounds, events ending on other days --; the engine
    then asks :meth:`GameFeed.dated`).  Arrays are what the kernel takes: lists for the
    pure kernel, NumPy arrays for a compiled one."""

    ids: Sequence[str]          #: index -> player id (every player of the records)
    event: str                  #: the period's one event (its change-report lines)
    kernel: Callable[..., int]  #: the engine's block kernel, as it is or compiled

    def blocks(self) -> Iterator[tuple[Any, Any, Any, Any, Any]]:
        """(player index, opponent index, score, forfeit, row) per game, block by block, in rating order."""
        ...

    def floats(self, values: Sequence[float]) -> Any:
        """An array of floats for the kernel."""
        ...

    def ints(self, values: Sequence[int]) -> Any:
        """An array of integers for the kernel."""
        ...

    def zeros(self, n: int, floats: bool = False) -> Any:
        """``n`` zeros, an array of :meth:`ints` (of :meth:`floats`: ``floats=True``), made without a list."""
        ...

    def flagged(self, flags: Any) -> Iterable[int]:
        """The positions of the games a block's kernel flagged (not 0)."""
        ...

    def first(self, touched: Any, n: int) -> Iterable[int]:
        """The first ``n`` indices of ``touched``, as Python ints."""
        ...

    def values(self, values: Any) -> Sequence[Any]:
        """An array's values (of :meth:`floats` or :meth:`ints`) as Python numbers, read after the blocks."""
        ...

    def grow(self, values: Any, more: Sequence[Any]) -> Any:
        """``values`` (an array of :meth:`floats` or :meth:`ints`) with ``more`` after it: the
        players' arrays when :attr:`ids` grew during :meth:`blocks` (a list read once meeting
        new players: their indices follow the others')."""
        ...


class MemoryFeed:
    """The games of records held in memory (a workbook, a game list read whole)."""

    def __init__(self, records: Held, audit: bool = False) -> None:
        self.records = records
        #: the engines keep each game's facts (:attr:`~.base.PeriodFacts.games`): what was published
        self.audit = audit
        self._by_event: dict[str, list[Game]] | None = None
        #: the span of the games (the games' list, its length, the span): asked by three checks a run
        self._span: tuple[list[Game], int, tuple[dt.date, dt.date]] | None = None

    def dated(self, period: Period, order: Order) -> list[Game]:
        contains = period.contains
        todo = [g for g in self.records.games if contains(g.date)]
        order(todo)
        return todo

    def by_event(self, events: Sequence[Event]) -> Iterator[tuple[Event, Iterable[Game]]]:
        if self._by_event is None:
            self._by_event = games_by_event(self.records)
        for ev in events:
            yield ev, self._by_event.get(ev.id, [])

    def every(self, first: dt.date | None = None, last: dt.date | None = None) -> Iterable[Game]:
        games = self.records.games
        if first is None and last is None:
            return games
        lo, hi = first or dt.date.min, last or dt.date.max
        return [g for g in games if lo <= g.date <= hi]

    def span(self) -> tuple[dt.date, dt.date] | None:
        games = self.records.games
        if not games:
            return None
        seen = self._span
        if seen is not None and seen[0] is games and seen[1] == len(games):   # asked again in one run
            return seen[2]
        days = list(map(itemgetter(1), games))      # Game.date, at C speed
        span = min(days), max(days)
        self._span = (games, len(games), span)
        return span


__all__ = ["Encoded", "GameFeed", "MemoryFeed", "Order"]
