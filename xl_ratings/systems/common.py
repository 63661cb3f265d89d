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
from .base import CheckLog as CheckLog     # where the rulebooks took it from before (defined beside Check)
from .period import Period
from .base import Records
from .rows import Event, Game


def events_in(records: Records, period: Period) -> list[Event]:
    """The period's events in date order (a tournament belongs to the period of its end date)."""
    evs = [e for e in records.events.values() if period.contains(e.end)]
    return sorted(evs, key=lambda e: (e.end, e.start or e.end, e.row))


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


#: a rating line class's fields in order and where ``place`` is among them (None: replace() builds it)
_PLACED: dict[type, tuple[tuple[str, ...], int] | None] = {}


def with_place(line: RL, place: int) -> RL:
    """A rating line with its place on the list: ``dataclasses.replace(line, place=place)``, its
    fields given in order to the class (all of them in its ``__init__``, none keyword-only)."""
    cls = line.__class__
    if cls not in _PLACED:
        fields = dataclasses.fields(line)
        names = tuple(f.name for f in fields)
        _PLACED[cls] = (names, names.index("place")) \
            if "place" in names and all(f.init and not f.kw_only for f in fields) else None
    how = _PLACED[cls]
    if how is None:
        return dataclasses.replace(line, place=place)
    names, at = how
    values = [getattr(line, n) for n in names]
    values[at] = place
    return cls(*values)


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
