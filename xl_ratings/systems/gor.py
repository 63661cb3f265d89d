"""``gor`` -- Hong Kong Go Association GoR (seed 002; the older EGF formula).

Rules (SPEC §2):

* 表I: starting GoR from rank, 20k = 100 … 1k = 2000, 1D = 2100 … 7D = 2700.
* (1), (2): D = R_B − R_A with A the lower (handicap-adjusted) rating;
  S_E(A) = 1/(e^(D/a) + 1), S_E(B) = 1 − S_E(A) − ε, ε = 0.014.  With equal
  adjusted ratings the *winner* is A (this reproduces 例1 from both sides);
  a draw between equal ratings gives each 0.5 − ε/2.
* 表III: a = 205 − R/20 of the lower adjusted rating, clamped to [70, 200];
  con from the player's own unadjusted rating, interpolated in the table.
* (3): R_new − R_old = con·(S_A − S_E)·weight; no rating below 100 (§2).
* 例3: a player receiving H stones counts 100·(H − 0.5) points stronger.
* §6: tournament weight 甲 1.0, 乙 0.75, 丙 0.5.  §7: forfeits.  §9: a
  strength certificate from 10 valid wins.  §3.1: registration fees.

Seed typo not followed: 例3 says B "減少21分"; the arithmetic gives 11.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..ranks import Ladder, Rank
from ..tables import interpolate

# seed 002 表III: GoR -> con (the per-game maximum change).  Linear
# interpolation between rows; below 100 -> 116, above 2700 -> 10.
CON_TABLE: tuple[tuple[float, float], ...] = (
    (100, 116), (200, 110), (300, 105), (400, 100), (500, 95), (600, 90), (700, 85),
    (800, 80), (900, 75), (1000, 70), (1100, 65), (1200, 60), (1300, 55), (1400, 51),
    (1500, 47), (1600, 43), (1700, 39), (1800, 35), (1900, 31), (2000, 27), (2100, 24),
    (2200, 21), (2300, 18), (2400, 15), (2500, 13), (2600, 11), (2700, 10),
)

# seed 002 表I: rank -> starting GoR.
RANK_GOR: tuple[tuple[Rank, float], ...] = tuple(
    [(Rank.kyu(n), 100.0 * (21 - n)) for n in range(1, 21)]
    + [(Rank.dan(n), 2000.0 + 100 * n) for n in range(1, 8)]
)

# seed 002 §6: tournament class -> weight.
CLASS_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("A", 1.0), ("甲", 1.0), ("B", 0.75), ("乙", 0.75), ("C", 0.5), ("丙", 0.5),
)


@dataclass(frozen=True)
class GorParams:
    """Every default of SPEC §2; override any field (Settings sheet or Python)."""

    epsilon: float = 0.014            #: ε of formula (2)
    a_intercept: float = 205          #: a = a_intercept − R/a_divisor (表III)
    a_divisor: float = 20
    a_min: float = 70
    a_max: float = 200
    con_table: tuple[tuple[float, float], ...] = CON_TABLE
    floor: float = 100                #: §2: no rating below this
    stone_value: float = 100          #: 例3: 100·(H − 0.5) per handicap
    stone_offset: float = 0.5
    class_weights: tuple[tuple[str, float], ...] = CLASS_WEIGHTS  #: class -> weight
    rank_gor: tuple[tuple[Rank, float], ...] = RANK_GOR
    certificate_wins: int = 10        #: §9
    fee_annual: float = 30            #: §3.1, non-members
    fee_free_games: int = 20
    fee_per_game: float = 1
    fee_paid_until_game: int = 90
    fee_cap: float = 100
    ladder: Ladder = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder", Ladder(tuple(self.rank_gor), "gor"))


DEFAULTS = GorParams()


def handicap_adjust(rating: float, opponent: float, handicap: float,
                    params: GorParams = DEFAULTS) -> tuple[float, float]:
    """(own, opponent) ratings after the handicap (例3).

    The player who *receives* H stones counts 100·(H − 0.5) stronger;
    ``handicap`` is the stones the player receives (negative: gives).
    """
    if not handicap:
        return rating, opponent
    bonus = params.stone_value * (abs(handicap) - params.stone_offset)
    return (rating + bonus, opponent) if handicap > 0 else (rating, opponent + bonus)


def class_weight(cls: str | None, params: GorParams = DEFAULTS) -> float:
    """Tournament weight of a class (甲/A 1.0, 乙/B 0.75, 丙/C 0.5); blank -> A."""
    key = (str(cls).strip().upper() if cls is not None else "") or "A"
    for name, w in params.class_weights:
        if name.upper() == key:
            return w
    raise ValueError(f"unknown tournament class {cls!r}; use A/B/C or 甲/乙/丙")


def a_parameter(rating: float, params: GorParams = DEFAULTS) -> float:
    """a = 205 − R/20, clamped to [70, 200] (表III)."""
    return min(params.a_max, max(params.a_min, params.a_intercept - rating / params.a_divisor))


def con(rating: float, params: GorParams = DEFAULTS) -> float:
    """con from the player's own unadjusted rating (表III, interpolated)."""
    return interpolate([r for r, _ in params.con_table], [c for _, c in params.con_table], rating)


def expected(rating: float, opponent: float, handicap: float = 0, score: float | None = None,
             params: GorParams = DEFAULTS) -> float:
    """S_E of the player (formulas (1), (2)).

    ``handicap``: stones the player receives (negative: gives).  ``score`` is
    only needed to settle equal adjusted ratings (the winner is A); without
    it, or for a draw, equal ratings give 0.5 − ε/2.
    """
    own, opp = handicap_adjust(rating, opponent, handicap, params)
    if own == opp:
        if score is None or score == 0.5:
            return 0.5 - params.epsilon / 2
        is_a = score == 1
    else:
        is_a = own < opp
    low = min(own, opp)
    d = abs(opp - own)
    se_a = 1.0 / (math.exp(d / a_parameter(low, params)) + 1.0)
    return se_a if is_a else 1.0 - se_a - params.epsilon


def game_change(rating: float, opponent: float, score: float, handicap: float = 0,
                weight: float = 1.0, params: GorParams = DEFAULTS) -> float:
    """con·(S_A − S_E)·weight for one game (formula (3))."""
    return con(rating, params) * (score - expected(rating, opponent, handicap, score, params)) * weight


def tournament_update(rating: float, opponents: Sequence[float], scores: Sequence[float],
                      handicaps: Sequence[float] | None = None, weight: float = 1.0,
                      params: GorParams = DEFAULTS) -> float:
    """New GoR after a tournament: every game from the same start rating, floor 100."""
    hs = handicaps if handicaps is not None else [0] * len(opponents)
    total = sum(game_change(rating, o, s, h, weight, params)
                for o, s, h in zip(opponents, scores, hs, strict=True))
    return max(params.floor, rating + total)


def registration_fee(games: int, member: bool, params: GorParams = DEFAULTS) -> float:
    """Fee owed for a year with ``games`` recorded games (seed 002 §3.1)."""
    if member or games <= 0:
        return 0.0
    paid = max(0, min(games, params.fee_paid_until_game) - params.fee_free_games)
    return float(min(params.fee_cap, params.fee_annual + paid * params.fee_per_game))
