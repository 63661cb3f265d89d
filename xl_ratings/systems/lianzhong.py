"""``lianzhong`` -- Lianzhong online Xiangqi rating (seed 004).

Game by game, in the order the games were played (SPEC §3):

* §2: a new player starts at 1400 and is *rated* (有级别) from 20 counted games.
* §5: We = 1/(1 + 10^((r_opp − r_own)/400)); K from the player's own current
  rating: < 2000 → 32, < 2400 → 24, < 2800 → 16, else 8.
* §5: both rated: Rn = Ro + K·(W − We).
* §6: rated vs unrated: Rd = K·(W − We) as if both were rated; the rated
  player gets Rd·(n/20)·(2/3), the unrated Rd·(41 − n)/20, n = the unrated
  player's counted games including this one.
* §7: unrated vs unrated: neither rated nor counted.
* §1, §3, §4: titles from the rating; 特级大师/一级大师 only by award and
  never lost; honorary titles kept beside.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import threshold_lookup

# seed 004 §5: own rating upper bound (exclusive) -> K.
K_TABLE: tuple[tuple[float, float], ...] = ((2000, 32), (2400, 24), (2800, 16), (float("inf"), 8))

# seed 004 §1: minimum rating -> title (rating-based titles stop at 二级大师).
TITLES: tuple[tuple[float, str], ...] = (
    (1100, "八级棋士"), (1200, "七级棋士"), (1300, "六级棋士"), (1400, "五级棋士"),
    (1500, "四级棋士"), (1600, "三级棋士"), (1700, "二级棋士"), (1800, "一级棋士"),
    (2000, "三级大师"), (2200, "二级大师"),
)
LOWEST_TITLE = "九级棋士"
NO_TITLE = "无称号"
# seed 004 §3, §4: only awarded (official events); never lost once given.
AWARDED_TITLES: tuple[tuple[float, str], ...] = ((2400, "一级大师"), (2600, "特级大师"))
HONORARY_TITLES: tuple[str, ...] = ("国际特大", "国家特大", "国际大师", "国家大师")


@dataclass(frozen=True)
class LianzhongParams:
    """Every default of SPEC §3; override any field (Settings sheet or Python)."""

    start: float = 1400                 #: §2
    scale: float = 400                  #: §5 logistic scale
    k_table: tuple[tuple[float, float], ...] = K_TABLE
    rated_games: int = 20               #: §2: rated from this many counted games
    rated_share: float = 2 / 3          #: §6: the rated player's extra factor
    unrated_numerator: float = 41       #: §6: (41 − n)/20
    titles: tuple[tuple[float, str], ...] = TITLES
    lowest_title: str = LOWEST_TITLE
    awarded_titles: tuple[tuple[float, str], ...] = AWARDED_TITLES


DEFAULTS = LianzhongParams()


def expected(rating: float, opponent: float, params: LianzhongParams = DEFAULTS) -> float:
    """We = 1/(1 + 10^((opponent − rating)/400))."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / params.scale))


def k_factor(rating: float, params: LianzhongParams = DEFAULTS) -> float:
    """K from the player's own current rating (§5)."""
    for b, k in params.k_table:
        if rating < b:
            return k
    return params.k_table[-1][1]


def is_rated(games: int, params: LianzhongParams = DEFAULTS) -> bool:
    return games >= params.rated_games


@dataclass(frozen=True)
class GameUpdate:
    """What one game does to one player."""

    rating: float     #: new rating
    change: float
    expected: float   #: We
    k: float
    counted: bool     #: the game counts (not unrated vs unrated)


def update(rating: float, opponent: float, score: float, games: int, opponent_games: int,
           params: LianzhongParams = DEFAULTS) -> GameUpdate:
    """The player's result of one game; ``games`` = counted games *before* it."""
    we = expected(rating, opponent, params)
    k = k_factor(rating, params)
    rd = k * (score - we)
    own_rated, opp_rated = is_rated(games, params), is_rated(opponent_games, params)
    if own_rated and opp_rated:
        change = rd
    elif own_rated:
        n = opponent_games + 1
        change = rd * (n / params.rated_games) * params.rated_share
    elif opp_rated:
        n = games + 1
        change = rd * (params.unrated_numerator - n) / params.rated_games
    else:
        return GameUpdate(rating, 0.0, we, k, False)
    return GameUpdate(rating + change, change, we, k, True)


def title(rating: float, games: int, awarded: str | None = None,
          params: LianzhongParams = DEFAULTS) -> str:
    """The title per SPEC §3: 无称号 under 20 games; an awarded title stands."""
    if awarded:
        award = str(awarded).strip()
        if award in {t for _, t in params.awarded_titles}:
            return award
    if not is_rated(games, params):
        return NO_TITLE
    return threshold_lookup([t for t, _ in params.titles], [n for _, n in params.titles],
                            rating, below=params.lowest_title)


def title_rating(name: str, params: LianzhongParams = DEFAULTS) -> float:
    """The minimum rating of a title (九级棋士 -> 0)."""
    for r, t in list(params.titles) + list(params.awarded_titles):
        if t == name:
            return r
    if name == params.lowest_title:
        return 0.0
    raise KeyError(name)


__all__ = ["LianzhongParams", "DEFAULTS", "expected", "k_factor", "update", "title",
           "title_rating", "is_rated", "GameUpdate"]
