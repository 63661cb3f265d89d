"""What every period engine returns, and the helpers they share."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..model import Check, Event, Game, Inputs, State
from ..periods import Period


@dataclass
class Table:
    """A result sheet: column keys and rows (dicts keyed by column)."""

    columns: list[str]
    rows: list[dict[str, Any]]
    formats: dict[str, str] = field(default_factory=dict)   #: column -> Excel number format


@dataclass
class PeriodResult:
    system: str
    period: Period
    ratings: Table                  #: the published rating list
    changes: Table                  #: 等级分变动表, one line per player per event (and own-rating group)
    checks: list[Check]
    states: dict[str, State]        #: each player's record at the period's end (History)
    olds: dict[str, float | None]   #: rating at the period's start
    extra: dict[str, Table] = field(default_factory=dict)   #: Standards, Inactive, Pending, Fees …
    json_players: list[dict[str, Any]] = field(default_factory=list)
    json_changes: list[dict[str, Any]] = field(default_factory=list)


def events_in(inputs: Inputs, period: Period) -> list[Event]:
    """The period's events in date order (a tournament belongs to the period of its end date)."""
    evs = [e for e in inputs.events.values() if period.contains(e.end)]
    return sorted(evs, key=lambda e: (e.end, e.start or e.end, e.row))


def games_by_event(inputs: Inputs) -> dict[str, list[Game]]:
    out: dict[str, list[Game]] = defaultdict(list)
    for g in inputs.games:
        out[g.event].append(g)
    return out


def sides(g: Game):
    """Both sides of a game row: (player, opponent, score, handicap received)."""
    yield g.player, g.opponent, g.result.score, g.handicap
    yield g.opponent, g.player, 1.0 - g.result.score, -g.handicap


def placed(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Sort by ``key`` descending and number the places (equal values share a place)."""
    rows = sorted(rows, key=lambda r: (-(r[key] if isinstance(r.get(key), (int, float)) else -1e18),
                                       str(r.get("id"))))
    last, place = None, 0
    for i, r in enumerate(rows, start=1):
        v = r.get(key)
        if v != last:
            place, last = i, v
        r["place"] = place
    return rows


def months_before(day: dt.date, months: int) -> dt.date:
    y, m = divmod(day.month - 1 - months, 12)
    year, month = day.year + y, m + 1
    for d in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, d)
        except ValueError:
            continue
    raise AssertionError


def checks_table(checks: list[Check]) -> Table:
    return Table(["rule", "sheet", "row", "message"],
                 [{"rule": c.rule, "sheet": c.sheet, "row": c.row, "message": c.message} for c in checks])


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


class Tallies(dict):
    """(player, event) -> Tally, in the order first seen."""

    def __missing__(self, key: tuple[str, str]) -> Tally:
        t = self[key] = Tally()
        return t


class CheckLog:
    """Checks of one period, at most ``limit`` lines per rule.

    A platform's game list can flag a rule a million times (every game of
    two unrated players); the officer sees the first ``limit`` lines and one
    line with how many more there were.
    """

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self.lines: list[Check] = []
        self.counts: dict[str, int] = {}

    def add(self, rule: str, sheet: str, row: int | None, message: str) -> None:
        n = self.counts[rule] = self.counts.get(rule, 0) + 1
        if n <= self.limit:
            self.lines.append(Check(rule, sheet, row, message))

    def append(self, check: Check) -> None:
        self.add(check.rule, check.sheet, check.row, check.message)

    def finish(self) -> list[Check]:
        for rule, n in self.counts.items():
            if n > self.limit:
                self.lines.append(Check(rule, "", None, f"… 另有 {n - self.limit} 条 / and {n - self.limit} "
                                                         f"more ({n} in all)"))
        return self.lines
