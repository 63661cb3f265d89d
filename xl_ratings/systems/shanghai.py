"""``shanghai`` -- Shanghai Gomoku (Renju) federation rating (seed 001).

A FIDE-style *period* Elo: every game of a rating period is computed from
the rating published at the period's start.

Rules (SPEC §1) and where they come from:

* seed 001 §九: ΔR = K·(W − We), We = N·PC(D), D = own rating − mean of the
  counted opponents' ratings, rounded half away from zero before look-up;
  PC from the FIDE table, a difference above 400 counts as 400.
* seed 001 §九: K = 25 for the first 3 rated tournaments or 30 rated games
  (whichever is reached first ends it), 15 afterwards, 10 for ever once the
  rating has reached 2400.
* seed 001 §九: the champion never loses points from that tournament.
* seed 001 §十: women below 2240 count as 2240 against men; unrated players
  play at a provisional 2200 (men) / 2040 (women); Swiss games against
  unrated opponents do not count for the rated player.
* seed 001 §十一: rank standards 初段 2240 … 九段 2560; 1级 2200 … 10级 1840.

Deviation from the seed: none.  The FIDE table is not printed in the seed
("附表"); we ship the FIDE rating-regulations table as data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..ranks import Ladder, Rank
from ..tables import round_half_away, step_lookup

# FIDE Rating Regulations, table 8.1.2: rating difference (upper bound,
# inclusive) -> expected score PD of the higher-rated player.  Beyond 735 the
# score is 1.0, but SPEC caps the difference at 400 first (so at most 0.92).
FIDE_PD_TABLE: tuple[tuple[int, float], ...] = (
    (3, 0.50), (10, 0.51), (17, 0.52), (25, 0.53), (32, 0.54), (39, 0.55), (46, 0.56),
    (53, 0.57), (61, 0.58), (68, 0.59), (76, 0.60), (83, 0.61), (91, 0.62), (98, 0.63),
    (106, 0.64), (113, 0.65), (121, 0.66), (129, 0.67), (137, 0.68), (145, 0.69),
    (153, 0.70), (162, 0.71), (170, 0.72), (179, 0.73), (188, 0.74), (197, 0.75),
    (206, 0.76), (215, 0.77), (225, 0.78), (235, 0.79), (245, 0.80), (256, 0.81),
    (267, 0.82), (278, 0.83), (290, 0.84), (302, 0.85), (315, 0.86), (328, 0.87),
    (344, 0.88), (357, 0.89), (374, 0.90), (391, 0.91), (411, 0.92), (432, 0.93),
    (456, 0.94), (484, 0.95), (517, 0.96), (559, 0.97), (619, 0.98), (735, 0.99),
    (10**9, 1.00),
)

# seed 001 §十一: 段 from 初段 2240 to 九段 2560 and 级 from 1级 2200 down to
# 10级 1840, 40 points a step.
RANK_STANDARDS: tuple[tuple[Rank, float], ...] = tuple(
    [(Rank.dan(n), 2240.0 + 40 * (n - 1)) for n in range(1, 10)]
    + [(Rank.kyu(n), 2200.0 - 40 * (n - 1)) for n in range(1, 11)]
)


@dataclass(frozen=True)
class ShanghaiParams:
    """Every default of SPEC §1; override any field (Settings sheet or Python)."""

    fide_table: tuple[tuple[int, float], ...] = FIDE_PD_TABLE  #: D upper bound -> PC
    max_difference: int = 400          #: |D| above this counts as this (seed 001 §九)
    k_new: float = 25                  #: K while new (seed 001 §九)
    k_established: float = 15          #: K afterwards
    k_top: float = 10                  #: K for ever once the peak reached ``k_top_rating``
    k_top_rating: float = 2400
    new_events: int = 3                #: K stays ``k_new`` for fewer rated tournaments than this …
    new_games: int = 30                #: … and fewer rated games than this
    provisional_men: float = 2200      #: seed 001 §十
    provisional_women: float = 2040
    women_floor: float = 2240          #: a woman below this counts as this against a man
    inactive_max_games: int = 4        #: ≤ this many games in the window -> inactive (§二)
    inactive_window_months: int = 12
    first_rating_games: int = 9        #: counted games vs rated opponents for a first rating (§十)
    first_rating_window_years: int = 2
    k_first_rating: float = 25
    champion_protected: bool = True    #: the champion never loses points from the event
    rank_standards: tuple[tuple[Rank, float], ...] = RANK_STANDARDS
    rr_min_rated_share: float = 2 / 3  #: eligibility checks (§四, §七)
    rr_small_size: int = 10
    rank_event_min_players: int = 12
    rank_event_max_unrated_share: float = 0.20
    ladder: Ladder = field(init=False, repr=False, compare=False)
    fide_bounds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    fide_values: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder", Ladder(tuple(self.rank_standards), "shanghai"))
        object.__setattr__(self, "fide_bounds", tuple(b for b, _ in self.fide_table))
        object.__setattr__(self, "fide_values", tuple(v for _, v in self.fide_table))


DEFAULTS = ShanghaiParams()


def expected_score(difference: float, params: ShanghaiParams = DEFAULTS) -> float:
    """PC(D): FIDE-table expected score for a rating difference D (own − opponent).

    D is rounded half away from zero, capped at ``max_difference``; for D < 0
    PC = 1 − PC(|D|).
    """
    return _pc(round_half_away(difference), params)


def _pc(d: int, params: ShanghaiParams) -> float:
    """PC of an already rounded difference: the table at min(|D|, cap); 1 − PC(|D|) below 0."""
    a = min(abs(d), params.max_difference)
    pc = step_lookup(params.fide_bounds, params.fide_values, a)
    return pc if d >= 0 else round(1.0 - pc, 10)


def k_factor(games: int, events: int, peak: float | None,
             params: ShanghaiParams = DEFAULTS) -> float:
    """K for a tournament from the counts *before* it (seed 001 §九)."""
    if peak is not None and peak >= params.k_top_rating:
        return params.k_top
    if games < params.new_games and events < params.new_events:
        return params.k_new
    return params.k_established


class Change(NamedTuple):
    """One line of the change report (等级分变动表): a group of games sharing the own rating."""

    own: float        #: own rating used
    games: int        #: N
    opponent_mean: float
    difference: int   #: D after rounding (not capped)
    score: float      #: W
    expected: float   #: We = N·PC(D)
    k: float
    change: float     #: unrounded ΔR


def tournament_change(own: float, opponents: Sequence[float], scores: Sequence[float],
                      k: float, params: ShanghaiParams = DEFAULTS) -> Change:
    """ΔR = K·(W − N·PC(own − mean(opponents))) for one group of games."""
    if len(opponents) != len(scores):
        raise ValueError("opponents and scores differ in length")
    n = len(opponents)
    if n == 0:
        return Change(own, 0, 0.0, 0, 0.0, 0.0, k, 0.0)
    mean = sum(opponents) / n
    d = round_half_away(own - mean)
    we = n * _pc(d, params)
    w = float(sum(scores))
    return Change(own, n, mean, d, w, we, k, k * (w - we))

