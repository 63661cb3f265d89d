"""Helpers the period engines share (no words, no formats)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .base import Check, RatingLine
from .period import Period
from .records import Event, Game, Records


def events_in(records: Records, period: Period) -> list[Event]:
    """The period's events in date order (a tournament belongs to the period of its end date)."""
    evs = [e for e in records.events.values() if period.contains(e.end)]
    return sorted(evs, key=lambda e: (e.end, e.start or e.end, e.row))


def games_by_event(records: Records) -> dict[str, list[Game]]:
    out: dict[str, list[Game]] = defaultdict(list)
    for g in records.games:
        out[g.event].append(g)
    return out


def sides(g: Game) -> Iterator[tuple[str, str, float, float]]:
    """Both sides of a game row: (player, opponent, score, handicap received)."""
    yield g.player, g.opponent, g.result.score, g.handicap
    yield g.opponent, g.player, 1.0 - g.result.score, -g.handicap


L = TypeVar("L")


def placed(lines: list[L], value: Mapping[str, float | None]) -> list[tuple[L, int]]:
    """Lines sorted by ``value[id]`` descending (then id), with places; equal values share a place."""
    def key(line: Any) -> tuple[float, str]:
        v = value.get(line.id)
        return (-(v if v is not None else -1e18), str(line.id))
    ordered = sorted(lines, key=key)
    out: list[tuple[L, int]] = []
    last: float | None = None
    place = 0
    for i, line in enumerate(ordered, start=1):
        v = value.get(getattr(line, "id"))
        if v != last:
            place, last = i, v
        out.append((line, place))
    return out


RL = TypeVar("RL", bound=RatingLine)


def with_place(line: RL, place: int) -> RL:
    """A rating line with its place on the list."""
    return dataclasses.replace(line, place=place)


def months_before(day: dt.date, months: int) -> dt.date:
    y, m = divmod(day.month - 1 - months, 12)
    year, month = day.year + y, m + 1
    for d in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, d)
        except ValueError:
            continue
    raise AssertionError("unreachable: day 28 exists in every month")


@dataclass(slots=True)
class Tally:
    """One player's games in one event, summed for the change report."""

    games: int = 0
    score: float = 0.0
    expected: float = 0.0   #: Σ We (or Σ S_E)
    k: float = 0.0          #: the last K (con) used
    change: float = 0.0
    other: float = 0.0      #: a second sum where a system needs one (peng: cumulative points)

    def add(self, score: float, expected: float = 0.0, k: float = 0.0, change: float = 0.0,
            other: float = 0.0) -> None:
        self.games += 1
        self.score += score
        self.expected += expected
        self.k = k
        self.change += change
        self.other += other


class Tallies(dict[tuple[str, str], Tally]):
    """(player, event) -> Tally, in the order first seen."""

    def __missing__(self, key: tuple[str, str]) -> Tally:
        t = self[key] = Tally()
        return t


class ExactSum:
    """A running sum of numbers kept exactly, as ``math.fsum`` keeps it (Shewchuk's
    non-overlapping partials): :meth:`value` is the correctly rounded total, whatever
    the order the terms came in (``math.fsum`` of the same terms gives the same float)."""

    __slots__ = ("partials",)

    def __init__(self) -> None:
        self.partials: list[float] = []

    def add(self, x: float) -> None:
        partials = self.partials
        i = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo:
                partials[i] = lo
                i += 1
            x = hi
        partials[i:] = [x]

    def value(self) -> float:
        return math.fsum(self.partials)


class CheckLog:
    """Checks of one period, at most ``limit`` lines per rule.

    A platform's game list can flag a rule a million times (every game of
    two unrated players); the officer sees the first ``limit`` lines and one
    line with how many more there were (``args`` ``more`` and ``total``).

    ``sink``: called with every check, those beyond the limit too (a
    streamed game list writes the full list to a CSV file beside its output).
    """

    def __init__(self, limit: int = 1000, sink: Callable[[Check], None] | None = None) -> None:
        self.limit = limit
        self.sink = sink
        self.lines: list[Check] = []
        self.counts: dict[str, int] = {}

    def add(self, rule: str, sheet: str, row: int | None, **args: Any) -> None:
        n = self.counts[rule] = self.counts.get(rule, 0) + 1
        if n <= self.limit:
            check = Check(rule, sheet, row, args)
            self.lines.append(check)
            if self.sink is not None:
                self.sink(check)
        elif self.sink is not None:
            self.sink(Check(rule, sheet, row, args))

    def mark(self) -> int:
        """Where the next line goes: a place for :meth:`insert`."""
        return len(self.lines)

    def insert(self, at: int, rule: str, sheet: str, row: int | None, **args: Any) -> int:
        """A check placed at ``at`` (a :meth:`mark`), as if it had been added then (a rule
        decided once a stream of games has gone by); returns the place for the next one."""
        n = self.counts[rule] = self.counts.get(rule, 0) + 1
        check = Check(rule, sheet, row, args)
        if self.sink is not None:
            self.sink(check)
        if n <= self.limit:
            self.lines.insert(at, check)
            return at + 1
        return at

    def finish(self) -> list[Check]:
        for rule, n in self.counts.items():
            if n > self.limit:
                self.lines.append(Check(rule, "", None, {"more": n - self.limit, "total": n}))
        return self.lines
