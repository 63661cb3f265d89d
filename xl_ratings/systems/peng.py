"""``peng`` -- Peng's Renju/Gomoku rating, 彭氏等级分 (seed 000).

Two scores per player (SPEC §4):

* cumulative (累积等级分) = starting basic score + Σ A(opponent)·D + C + bonus,
  D = 2 win / 1 draw / 0 loss, C = test points, bonus = awarded points; it never
  decreases and carries over from year to year.
* annual (年度等级分) = year-start base + Σ game points; a win adds 16 × the
  opponent's multiplier, a loss subtracts 16 × the player's own multiplier,
  a draw does half of each (SPEC's configurable default).  The base is the
  basic score for a kyu rank, basic ÷ coefficient truncated to 2 decimals and
  at least 200 for a dan rank, 0 for 无级.

The rank standard is the highest rank whose basic score ≤ the cumulative
score; while the committee has not certified it the player is called N格.

Ladder values marked ``# reconstructed`` were lost with the seed's tables
(SPEC §4); the others are stated in the seed.  All are editable.

Seed typos not followed: "四段2000÷6=333.23" (333.33), "七段16×7=113" (112),
"1×14.4=14.44" (14.4).  The seed writes "年初基础分×对局分" but both of its worked
examples *add*; we follow the examples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ranks import Ladder, Rank, parse_rank
from ..tables import truncate


@dataclass(frozen=True)
class PengRank:
    """One rung of the ladder: basic score, coefficient A, annual multiplier."""

    rank: Rank
    basic: float
    coefficient: float
    multiplier: float
    stated: bool = True   #: False where the value is reconstructed (SPEC §4)


def _kyu(n: int, basic: float, a: float, mult: float, stated: bool) -> PengRank:
    return PengRank(Rank.kyu(n), basic, a, mult, stated)


# seed 000 (SPEC §4 table).  ``stated=False``: reconstructed values.
LADDER: tuple[PengRank, ...] = (
    PengRank(Rank.none(), 0, 1, 0.03125),
    _kyu(15, 10, 1.00, 0.04, True),
    _kyu(14, 20, 1.02, 0.05, False),          # reconstructed basic and A
    _kyu(13, 30, 1.04, 0.06, False),          # reconstructed
    _kyu(12, 40, 1.06, 0.07, False),          # reconstructed
    _kyu(11, 50, 1.08, 0.08, False),          # reconstructed
    _kyu(10, 60, 1.10, 0.09, False),          # reconstructed A
    _kyu(9, 70, 1.12, 0.1, False),            # reconstructed
    _kyu(8, 80, 1.14, 0.2, False),            # reconstructed
    _kyu(7, 90, 1.16, 0.3, False),            # reconstructed
    _kyu(6, 100, 1.18, 0.4, False),           # reconstructed
    _kyu(5, 110, 1.2, 0.5, True),
    _kyu(4, 130, 1.4, 0.6, False),            # reconstructed
    _kyu(3, 155, 1.6, 0.7, False),            # reconstructed
    _kyu(2, 180, 1.8, 0.8, False),            # reconstructed A
    _kyu(1, 200, 2, 0.9, True),
    PengRank(Rank.dan(1), 300, 3, 1, False),   # reconstructed A
    PengRank(Rank.dan(2), 600, 4, 2, False),   # reconstructed (seed: 620 ≥ 二段 standard)
    PengRank(Rank.dan(3), 1000, 5, 3, True),
    PengRank(Rank.dan(4), 2000, 6, 4, True),
    PengRank(Rank.dan(5), 4000, 7, 5, True),
    PengRank(Rank.dan(6), 7000, 8, 6, True),
    PengRank(Rank.dan(7), 10000, 9, 7, True),
    PengRank(Rank.dan(8), 20000, 10, 8, True),
    PengRank(Rank.dan(9), 50000, 20, 9, True),
)

# Event levels (seed 000 intro): which ranks a game of that level counts for.
# (lowest rank, highest rank) inclusive; None = open-ended.
EVENT_LEVELS: tuple[tuple[str, Rank | None, Rank | None], ...] = (
    ("national", Rank.dan(5), None),
    ("provincial", Rank.kyu(1), Rank.dan(4)),
    ("district", None, Rank.kyu(2)),
)
LEVEL_ALIASES = {"national": "national", "国家": "national", "全国": "national",
                 "world": "national", "世界": "national", "国际": "national",
                 "provincial": "provincial", "省": "provincial", "省市": "provincial",
                 "市": "provincial", "city": "provincial",
                 "district": "district", "区": "district", "县": "district", "区县": "district",
                 "county": "district"}


@dataclass(frozen=True)
class PengParams:
    """Every default of SPEC §4; override any field (Settings sheet or Python)."""

    ladder_rows: tuple[PengRank, ...] = LADDER
    win_points: float = 2        #: D for the cumulative score
    draw_points: float = 1
    annual_win: float = 16       #: × opponent's multiplier
    annual_loss: float = 16      #: × own multiplier
    annual_draw_gain: float = 8  #: × opponent's multiplier (SPEC default; seed silent)
    annual_draw_loss: float = 8  #: × own multiplier
    dan_base_min: float = 200    #: a dan's year-start base is at least this
    base_decimals: int = 2       #: basic ÷ A truncated to this many decimals
    event_levels: tuple[tuple[str, Rank | None, Rank | None], ...] = EVENT_LEVELS
    ladder: Ladder = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder",
                           Ladder(tuple((r.rank, r.basic) for r in self.ladder_rows), "peng"))

    def rung(self, rank: Any) -> PengRank:
        r = parse_rank(rank)
        for row in self.ladder_rows:
            if row.rank == r:
                return row
        self.ladder.value(r)  # raises UnknownRankError naming the ladder
        raise AssertionError


DEFAULTS = PengParams()


def basic(rank: Any, params: PengParams = DEFAULTS) -> float:
    return params.rung(rank).basic


def year_base(rank: Any, params: PengParams = DEFAULTS) -> float:
    """Year-start base of the annual score (无级 0; kyu basic; dan basic÷A ≥ 200)."""
    row = params.rung(rank)
    if row.rank.kind != "dan":
        return row.basic
    return max(params.dan_base_min, truncate(row.basic / row.coefficient, params.base_decimals))


def annual_points(rank: Any, opponent: Any, score: float, params: PengParams = DEFAULTS) -> float:
    """Annual points of one game: + 16·mult(opponent) for a win, − 16·mult(own) for a loss."""
    own, opp = params.rung(rank), params.rung(opponent)
    if score == 1:
        return params.annual_win * opp.multiplier
    if score == 0:
        return -params.annual_loss * own.multiplier
    return params.annual_draw_gain * opp.multiplier - params.annual_draw_loss * own.multiplier


def cumulative_points(opponent: Any, score: float, params: PengParams = DEFAULTS) -> float:
    """Cumulative points of one game: A(opponent)·D, D = 2/1/0 (never negative)."""
    d = params.win_points if score == 1 else params.draw_points if score == 0.5 else 0.0
    return params.rung(opponent).coefficient * d


def annual(rank: Any, opponents: Sequence[Any], scores: Sequence[float],
           base: float | None = None, params: PengParams = DEFAULTS) -> float:
    start = year_base(rank, params) if base is None else base
    return start + sum(annual_points(rank, o, s, params)
                       for o, s in zip(opponents, scores, strict=True))


def cumulative(rank: Any, opponents: Sequence[Any], scores: Sequence[float], tests: float = 0,
               bonus: float = 0, start: float | None = None,
               params: PengParams = DEFAULTS) -> float:
    first = basic(rank, params) if start is None else start
    return first + sum(cumulative_points(o, s, params)
                       for o, s in zip(opponents, scores, strict=True)) + tests + bonus


def standard(value: float, params: PengParams = DEFAULTS) -> Rank:
    """Highest rank whose basic score ≤ value (无级 below 15级)."""
    return params.ladder.standard(value) or Rank.none()


def label(value: float, certified: Any | None = None, params: PengParams = DEFAULTS) -> str:
    """The standard's name, or its 格 name when the certified rank is below it."""
    std = standard(value, params)
    if certified is not None and str(certified).strip():
        if parse_rank(certified) < std:
            return std.grid()
    return std.chinese()


def level_covers(level: str | None, rank: Any, params: PengParams = DEFAULTS) -> bool:
    """Does an event of ``level`` count for a player of ``rank``? Blank level: yes."""
    if level is None or not str(level).strip():
        return True
    key = LEVEL_ALIASES.get(str(level).strip().lower())
    if key is None:
        raise ValueError(f"unknown event level {level!r}; use national, provincial or district")
    r = parse_rank(rank)
    for name, low, high in params.event_levels:
        if name == key:
            return (low is None or r >= low) and (high is None or r <= high)
    return True
