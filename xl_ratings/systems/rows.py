"""The rows a rating officer keeps, as plain values (CONTRACT §2): players, events,
games, awards, points.  :class:`~xl_ratings.systems.base.Records` gathers them with
the rulebook (:mod:`.records` names both).

Read from the input sheets by :mod:`xl_ratings.engine.inputs`; consumed by
the period engines of each system.  No I/O here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .game_result import Result
from .ranks import Rank


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    sex: str | None = None          #: "M" / "F"
    club: str = ""
    rank: Rank | None = None
    rating: float | None = None     #: blank = unrated
    games: int | None = None        #: counted before the first processed period
    events: int | None = None
    peak: float | None = None
    title: str = ""
    member: bool = True
    rif: float | None = None        #: RIF rating (shanghai: non-registered players, seed 001 §十三)
    wins: int | None = None         #: gor: valid wins recorded before the first processed period
    row: int = 0


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    start: dt.date | None
    end: dt.date
    format: str = "round_robin"     #: round_robin | swiss | games
    cls: str = "A"                  #: "" when the Events sheet leaves it blank (gor rates it as A, and says so)
    level: str = ""
    champion: str = ""
    row: int = 0


class Game(NamedTuple):
    """One game row (a NamedTuple: a federation or platform has hundreds of thousands)."""

    event: str
    date: dt.date
    round: Any
    player: str
    opponent: str
    result: Result                  #: from ``player``'s side
    handicap: float = 0.0           #: stones ``player`` receives (negative: gives)
    row: int = 0


@dataclass(frozen=True)
class Award:
    player: str
    award: str
    date: dt.date | None
    row: int = 0


@dataclass(frozen=True)
class PointsEntry:
    player: str
    date: dt.date
    kind: str                       #: test | bonus
    points: float
    note: str = ""
    row: int = 0
