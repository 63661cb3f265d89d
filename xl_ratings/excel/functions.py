"""Excel functions of xl_ratings (CONTRACT §1).

One module serves classic xlwings (Windows/macOS, "Import Python UDFs"),
xlwings Lite (``from xl_ratings.udfs import *`` in ``main.py``) and xlwings
Server.  Excel's name is the Python name in capitals.

Every argument may be a single cell or a range; ranges broadcast element-wise
and the result spills in the shape the ranges came in (a 1×1 or empty range
gives a single value, as a single cell does, on every path).  Functions over a *set
of games* (ELO_DELTA, GOR_UPDATE, PENG_*) take one player per row: a single
``rating`` cell with the games in any range, or a column of players with one
row of games each.  Blank in gives blank out.  A bad argument raises an error
naming the function, the argument, the cell and the value.

Impossible values are refused like the workbook reader refuses them,
naming the argument: a rating of 0 or below (a GoR below the floor of 100),
a rating above the highest a system takes (4,000; a GoR above 3,500: the
workbooks' own limits, where ``10^(d/400)`` and ``e^(d/a)`` stay finite),
a K outside 0 to 100 (the Settings sheet's limit), a negative or fractional
count of games or events, handicap stones that are not a whole number from
-9 to 9, a weight of 0 or below or above 1 (the Hong Kong rulebook §6: 1, 0.75, 0.5), a
Peng base, start, test or bonus points outside 0 to 1,000,000 (the Peng
workbook's limit).  So no function returns inf, NaN or a number past its
system's bounds because an input was huge.  A range passed from Python must
be rectangular (an empty or ragged list of rows is refused, naming it).
The column fast paths (NumPy where it is installed, else pure Python: the
same numbers) refuse exactly the same: they hand such a range, and any range
holding text or TRUE/FALSE, to the cell-by-cell path, which names the cell.

Parameters carry no type hints on purpose: xlwings turns hints into
converters, and ranges must arrive as nested lists.
"""

from __future__ import annotations

from typing import Any, cast

from xlwings import arg, func

from .. import systems
from ..engine.settings import K as K_LIMIT
from ..errors import RatingInputError
from ..i18n.catalogue import excel as M
from ..systems import SYSTEMS, gor, lianzhong, peng, shanghai
from ..systems.ranks import parse_rank
try:
    from . import kernels as vector
except ImportError:   # no NumPy (xlwings Lite): the same numbers in pure Python
    from . import kernels_pure as vector  # type: ignore[no-redef]
from . import kernels_pure
from .ranges import (ArgumentError, Pos, as_grid, elementwise, fail, game_sets, is_blank, per_player,
                    to_number, to_result)

# Excel shows each function under its Python name in capitals (elo_expected ->
# ELO_EXPECTED); ``from xl_ratings.udfs import *`` brings exactly these.
__all__ = ["elo_expected", "elo_delta", "shanghai_k", "lianzhong_k", "lianzhong_update",
           "lianzhong_title", "gor_expected", "gor_update", "peng_annual", "peng_cumulative",
           "peng_base", "rank_standard", "rank_rating"]

_RATING_DOC = "a rating, or a range of ratings"


def _choice(fname: str, argname: str, value: Any, options: tuple[str, ...]) -> str:
    text = str(value).strip().lower() if value is not None else ""
    if text in options:
        return text
    listed = ", ".join(options[:-1]) + " or " + options[-1]
    raise ArgumentError(M.UDF_UNKNOWN_CHOICE(func=fname, arg=argname, value=repr(value), listed=listed))


def _system(fname: str, value: Any) -> systems.System:
    """The rulebook an argument names (a name of :data:`SYSTEMS`), resolved once, here."""
    return systems.get(_choice(fname, "system", value, SYSTEMS))


def _rank(fname: str, argname: str, value: Any, pos: Pos = ""):
    try:
        return parse_rank(value)
    except RatingInputError as e:
        raise fail(fname, argname, e.text or M.UDF_NOT_NUMBER(), value, pos) from None


# --------------------------------------------------------------------------- impossible values
MAX_STONES = 9
GOR_FLOOR = gor.DEFAULTS.floor
#: The highest rating the Elo functions take (the Lianzhong workbook's limit; FIDE's best is under 2,900).
ELO_HIGHEST = systems.REGISTRY["lianzhong"].rating_range[1]
#: The highest GoR (the Hong Kong workbook's limit).
GOR_HIGHEST = systems.REGISTRY["gor"].rating_range[1]
#: The highest Peng score (the Peng workbook's limit): also bounds a base, a start, test and bonus points.
PENG_HIGHEST = systems.REGISTRY["peng"].rating_range[1]
#: The largest K factor (the Settings sheet's limit: FIDE's largest is 40).
K_HIGHEST = float(cast(float, K_LIMIT.high))
#: The largest tournament weight (seed 002 §6: 1 for 甲/A, 0.75 for 乙/B, 0.5 for 丙/C).
MAX_WEIGHT = 1.0


def _rating(fname: str, argname: str, v: Any, pos: Pos = "") -> float:
    """A rating: a number above 0, at most :data:`ELO_HIGHEST`."""
    r = to_number(fname, argname, v, pos)
    if r <= 0:
        raise fail(fname, argname, M.UDF_RATING_ABOVE_0(), v, pos)
    if r > ELO_HIGHEST:
        raise fail(fname, argname, M.RATING_TOO_HIGH(highest=ELO_HIGHEST), v, pos)
    return r


def _gor(fname: str, argname: str, v: Any, pos: Pos = "") -> float:
    """A GoR: a number at or above the floor of 100 (seed 002 §2), at most :data:`GOR_HIGHEST`."""
    r = to_number(fname, argname, v, pos)
    if r < GOR_FLOOR:
        raise fail(fname, argname, M.UDF_BELOW_GOR_FLOOR(floor=GOR_FLOOR), v, pos)
    if r > GOR_HIGHEST:
        raise fail(fname, argname, M.RATING_TOO_HIGH(highest=GOR_HIGHEST), v, pos)
    return r


def _count(fname: str, argname: str, v: Any, pos: Pos = "") -> int:
    """A count of games or events: a whole number, 0 or more."""
    n = to_number(fname, argname, v, pos)
    if n < 0 or not n.is_integer():
        raise fail(fname, argname, M.UDF_WHOLE_NUMBER(), v, pos)
    return int(n)


def _k(fname: str, v: Any, pos: Pos = "") -> float:
    """A K factor: from 0 to :data:`K_HIGHEST` (the Settings sheet's limit)."""
    k = to_number(fname, "k", v, pos)
    if not 0 <= k <= K_HIGHEST:
        raise fail(fname, "k", M.UDF_K_RANGE(highest=K_HIGHEST), v, pos)
    return k


def _peng_points(fname: str, argname: str, v: Any, pos: Pos = "") -> float:
    """A Peng score or points (base, start, tests, bonus): from 0 to :data:`PENG_HIGHEST`."""
    n = to_number(fname, argname, v, pos)
    if not 0 <= n <= PENG_HIGHEST:
        raise fail(fname, argname, M.UDF_PENG_POINTS(highest=PENG_HIGHEST), v, pos)
    return n


def _stones(fname: str, argname: str, v: Any, pos: Pos = "") -> float:
    """Handicap stones: a whole number from -9 to 9 (negative: given)."""
    h = to_number(fname, argname, v, pos)
    if not h.is_integer() or abs(h) > MAX_STONES:
        raise fail(fname, argname, M.UDF_STONES(stones=MAX_STONES), v, pos)
    return h


def _stones_ok(h: Any) -> bool:
    return isinstance(h, (int, float)) and not isinstance(h, bool) and abs(h) <= MAX_STONES \
        and float(h).is_integer()


def _fast_binary(fname: str, a: Any, b: Any, cells, lowest: float = 0.0, above: bool = True,
                 highest: float = ELO_HIGHEST, names: tuple[str, str] = ("rating", "opponent")) -> Any:
    """The column path for two numeric ranges (``cells``: a ``*_cells`` function of the kernels,
    NumPy's or pure Python's); None if the slow path must decide (also when a value is
    impossible: below ``lowest``, or at it when ``above``, or above ``highest``, so that the
    slow path names the cell)."""
    if not isinstance(a, (list, tuple)) and not isinstance(b, (list, tuple)):
        return None
    ga, gb = vector.numeric(as_grid(a, fname, names[0])), vector.numeric(as_grid(b, fname, names[1]))
    if ga is None or gb is None:
        return None
    if vector.any_below(ga, lowest, above) or vector.any_below(gb, lowest, above) \
            or vector.any_above(ga, highest) or vector.any_above(gb, highest):
        return None
    try:
        out = cells(ga, gb)
    except ValueError:  # shapes do not broadcast: let the slow path explain
        return None
    return _one_cell(out)


def _one_cell(out: list[list[Any]]) -> Any:
    """The cell-by-cell path's rule for every function: a 1×1 result (a single cell, a 1×1 range or
    an empty one) is a value, not a 1×1 spill; any other shape spills as it is."""
    return out[0][0] if len(out) == 1 and len(out[0]) == 1 else out


def _fast_ratings(fname: str, value: Any, fn, highest: float = ELO_HIGHEST) -> Any:
    """The column path of a function of one rating (pure Python with or without NumPy: the
    work is ``fn``'s, cell by cell, without the checking and naming of every cell); None
    when the cell-by-cell path must decide: a single cell (also a 1×1 range: it gives a
    value, not a spill), a cell that is not a number, a rating of 0 or below or above ``highest``."""
    if not isinstance(value, (list, tuple)):
        return None
    g = kernels_pure.numeric(as_grid(value, fname, "rating"))
    if g is None or g.rows * g.cols == 1 or kernels_pure.any_below(g, 0.0) or kernels_pure.any_above(g, highest):
        return None
    return kernels_pure.apply_unary(fn, g)


def _one_per_player(fname: str, argname: str, value: Any, players: int) -> list[list[Any]]:
    """An argument given once, or once per player (a column as long as the players')."""
    g = as_grid(value, fname, argname)
    if len(g) not in (1, players):
        raise ArgumentError(M.UDF_ARG_ROWS(func=fname, arg=argname, rows=len(g), players=players))
    return g


# --------------------------------------------------------------------------- Elo
@func
@arg("rating", ndim=2, doc=_RATING_DOC)
@arg("opponent", ndim=2, doc="the opponent's rating, or a range of them")
@arg("method", doc='"fide" (default, as ELO_DELTA): the FIDE table, difference capped at 400; '
                    '"logistic": 1/(1+10^((opp−own)/400))')
def elo_expected(rating, opponent, method="fide"):
    """Expected score of a player against an opponent (Elo). Spills over ranges.

    The default is the FIDE table (the Shanghai rulebook's), the same as ELO_DELTA's, so that the
    two functions agree when no method is given (docs/deviations.md)."""
    fname = "ELO_EXPECTED"
    m = _choice(fname, "method", method or "fide", ("fide", "logistic"))
    fast = _fast_binary(fname, rating, opponent,
                        vector.elo_logistic_cells if m == "logistic" else vector.elo_fide_cells)
    if fast is not None:
        return fast

    def one(rating, opponent, pos):
        r = _rating(fname, "rating", rating, pos)
        o = _rating(fname, "opponent", opponent, pos)
        if m == "logistic":
            return lianzhong.expected(r, o)
        return shanghai.expected_score(r - o)
    return elementwise(fname, {"rating": rating, "opponent": opponent}, one)


@func
@arg("rating", ndim=2, doc="the player's rating at the start (a cell, or a column of players)")
@arg("opponents", ndim=2, doc="the opponents' ratings (one row per player when rating is a column)")
@arg("scores", ndim=2, doc="the player's results, same shape as opponents: 1, 0.5, 0, W/D/L, 胜/和/负; forfeits (+, -, 1*) are skipped")
@arg("k", ndim=2, doc="the K factor (a cell, or one per player)")
@arg("method", doc='"fide" (default): K·(ΣW − N·PC(R − mean opp)); "logistic": K·Σ(W − E)')
def elo_delta(rating, opponents, scores, k, method="fide"):
    """Unrounded rating change ΔR over a set of games (a tournament)."""
    fname = "ELO_DELTA"
    m = _choice(fname, "method", method or "fide", ("fide", "logistic"))
    sets = game_sets(fname, rating, {"opponents": opponents, "scores": scores})
    heads, ks = as_grid(rating, fname, "rating"), _one_per_player(fname, "k", k, len(as_grid(rating)))
    out = []
    for i, games in enumerate(sets):
        head = heads[i][0]
        kv = ks[i if len(ks) > 1 else 0][0]
        if is_blank(head):
            out.append("")
            continue
        pos = M.UDF_ROW(row=i + 1) if len(heads) > 1 else ""
        r = _rating(fname, "rating", head, pos)
        kk = _k(fname, kv, pos)
        opps, ws = [], []
        for g in games:
            res = to_result(fname, "scores", g["scores"], g["pos"])
            if res.forfeit:
                continue
            opps.append(_rating(fname, "opponents", g["opponents"], g["pos"]))
            ws.append(res.score)
        if m == "fide":
            out.append(shanghai.tournament_change(r, opps, ws, kk).change)
        else:
            out.append(kk * sum(w - lianzhong.expected(r, o) for o, w in zip(opps, ws)))
    return per_player(fname, rating, out)


@func
@arg("games", ndim=2, doc="rated games counted before the tournament")
@arg("events", ndim=2, doc="rated tournaments counted before the tournament")
@arg("peak", ndim=2, doc="the highest rating the player has had (blank: never rated)")
def shanghai_k(games, events, peak=None):
    """K of the Shanghai rating for a tournament: 25 while new (<3 events and <30 games), 15, or 10 once the peak reached 2400."""
    fname = "SHANGHAI_K"

    def one(games, events, peak, pos):
        g = _count(fname, "games", games, pos)
        e = _count(fname, "events", events, pos)
        p = None if is_blank(peak) else _rating(fname, "peak", peak, pos)
        return shanghai.k_factor(g, e, p)
    return elementwise(fname, {"games": games, "events": events, "peak": peak}, one,
                       blank_ok=("peak",))


# --------------------------------------------------------------------------- Lianzhong
@func
@arg("rating", ndim=2, doc=_RATING_DOC)
def lianzhong_k(rating):
    """K of the Lianzhong rating from the player's own rating: 32 below 2000, 24 below 2400, 16 below 2800, else 8."""
    fname = "LIANZHONG_K"
    fast = _fast_ratings(fname, rating, lianzhong.k_factor)
    if fast is not None:
        return fast
    return elementwise(fname, {"rating": rating},
                       lambda rating, pos: lianzhong.k_factor(_rating(fname, "rating", rating, pos)))


@func
@arg("rating", ndim=2, doc="the player's rating before the game")
@arg("opponent", ndim=2, doc="the opponent's rating before the game")
@arg("score", ndim=2, doc="the player's result: 1, 0.5, 0, W/D/L, 胜/和/负 (a forfeit leaves the rating unchanged)")
@arg("games", ndim=2, doc="the player's counted games before this one (rated from 20)")
@arg("opponent_games", ndim=2, doc="the opponent's counted games before this one")
def lianzhong_update(rating, opponent, score, games, opponent_games):
    """The player's new Lianzhong rating after one game (rated/unrated mixing of seed 004 §5–§7)."""
    fname = "LIANZHONG_UPDATE"

    def one(rating, opponent, score, games, opponent_games, pos):
        r = _rating(fname, "rating", rating, pos)
        o = _rating(fname, "opponent", opponent, pos)
        res = to_result(fname, "score", score, pos)
        g = _count(fname, "games", games, pos)
        og = _count(fname, "opponent_games", opponent_games, pos)
        if res.forfeit:
            return r
        return lianzhong.update(r, o, res.score, g, og).rating
    return elementwise(fname, dict(rating=rating, opponent=opponent, score=score, games=games,
                                   opponent_games=opponent_games), one)


@func
@arg("rating", ndim=2, doc=_RATING_DOC)
@arg("games", ndim=2, doc="the player's counted games (no title under 20)")
@arg("awarded", ndim=2, doc="a title awarded in official events (特级大师, 一级大师), kept for ever")
def lianzhong_title(rating, games, awarded=None):
    """Lianzhong title (称号) for a rating: 九级棋士 … 二级大师, 无称号 under 20 games."""
    fname = "LIANZHONG_TITLE"

    def one(rating, games, awarded, pos):
        r = _rating(fname, "rating", rating, pos)
        g = _count(fname, "games", games, pos)
        aw = None if is_blank(awarded) else str(awarded).strip()
        if aw and aw not in {t for _, t in lianzhong.DEFAULTS.awarded_titles}:
            raise fail(fname, "awarded", M.UDF_NOT_AWARDED(), awarded, pos)
        return lianzhong.title(r, g, aw)
    return elementwise(fname, {"rating": rating, "games": games, "awarded": awarded}, one,
                       blank_ok=("awarded",))


# --------------------------------------------------------------------------- GoR
@func
@arg("rating", ndim=2, doc="the player's GoR")
@arg("opponent", ndim=2, doc="the opponent's GoR")
@arg("handicap", ndim=2, doc="stones the player receives (negative: gives); blank or 0 for even games")
def gor_expected(rating, opponent, handicap=0):
    """Expected result S_E of the player (GoR, seed 002 formulas (1) and (2)); equal ratings give 0.5 − ε/2."""
    fname = "GOR_EXPECTED"
    h = 0 if is_blank(handicap) else handicap
    if _stones_ok(h):
        fast = _fast_binary(fname, rating, opponent,
                            lambda a, b: vector.gor_expected_cells(a, b, float(h)), GOR_FLOOR, above=False,
                            highest=GOR_HIGHEST)
        if fast is not None:
            return fast

    def one(rating, opponent, handicap, pos):
        r = _gor(fname, "rating", rating, pos)
        o = _gor(fname, "opponent", opponent, pos)
        hh = 0.0 if is_blank(handicap) else _stones(fname, "handicap", handicap, pos)
        return gor.expected(r, o, hh)
    return elementwise(fname, {"rating": rating, "opponent": opponent, "handicap": h}, one,
                       blank_ok=("handicap",))


@func
@arg("rating", ndim=2, doc="the GoR at the tournament's start (a cell, or a column of players)")
@arg("opponents", ndim=2, doc="the opponents' GoR (one row per player when rating is a column)")
@arg("scores", ndim=2, doc="the player's results: 1, 0.5, 0, W/D/L, 胜/和/负; + (won by forfeit) is not counted, - (absent) counts as a loss")
@arg("handicaps", ndim=2, doc="stones the player received in each game (negative: gave); blank for even games")
@arg("weight", ndim=2, doc="tournament weight: 1 (甲/A), 0.75 (乙/B), 0.5 (丙/C), or the class letter")
def gor_update(rating, opponents, scores, handicaps=None, weight=1):
    """New GoR after a tournament: every game from the same start rating, summed, floor 100."""
    fname = "GOR_UPDATE"
    games = {"opponents": opponents, "scores": scores}
    if handicaps is not None:
        games["handicaps"] = handicaps
    sets = game_sets(fname, rating, games, optional=("handicaps",))
    heads, ws = as_grid(rating, fname, "rating"), _one_per_player(fname, "weight", 1 if weight is None else weight,
                                                                   len(as_grid(rating)))
    out = []
    for i, gs in enumerate(sets):
        if is_blank(heads[i][0]):
            out.append("")
            continue
        pos = M.UDF_ROW(row=i + 1) if len(heads) > 1 else ""
        r = _gor(fname, "rating", heads[i][0], pos)
        wv = ws[i if len(ws) > 1 else 0][0]
        if isinstance(wv, str) and not wv.strip().replace(".", "").isdigit():
            try:
                w = gor.class_weight(wv)
            except RatingInputError:
                raise fail(fname, "weight", M.UDF_NOT_A_WEIGHT(), wv, pos) from None
        else:
            w = to_number(fname, "weight", wv, pos)
            if not 0 < w <= MAX_WEIGHT:      # seed 002 §6: 1, 0.75, 0.5 (75 for 0.75 would multiply the change by 75)
                raise fail(fname, "weight", M.UDF_WEIGHT_RANGE(), wv, pos)
        opps, sc, hs = [], [], []
        for g in gs:
            res = to_result(fname, "scores", g["scores"], g["pos"])
            if res.forfeit and res.score == 1:
                continue  # seed 002 §7: the winner's unplayed game is not counted
            opps.append(_gor(fname, "opponents", g["opponents"], g["pos"]))
            sc.append(res.score)
            hv = g.get("handicaps")
            hs.append(0.0 if is_blank(hv) else _stones(fname, "handicaps", hv, g["pos"]))
        out.append(gor.tournament_update(r, opps, sc, hs, w))
    return per_player(fname, rating, out)


# --------------------------------------------------------------------------- Peng
def _peng_games(fname, gs):
    ranks, scores = [], []
    for g in gs:
        res = to_result(fname, "scores", g["scores"], g["pos"])
        if res.forfeit:
            continue
        ranks.append(_rank(fname, "opponent_ranks", g["opponent_ranks"], g["pos"]))
        scores.append(res.score)
    return ranks, scores


def _peng_rows(fname, rank, opponent_ranks, scores, compute):
    sets = game_sets(fname, rank, {"opponent_ranks": opponent_ranks, "scores": scores}, head_name="rank")
    heads = as_grid(rank, fname, "rank")
    out = []
    for i, gs in enumerate(sets):
        if is_blank(heads[i][0]):
            out.append("")
            continue
        pos = M.UDF_ROW(row=i + 1) if len(heads) > 1 else ""
        own = _rank(fname, "rank", heads[i][0], pos)
        ranks, sc = _peng_games(fname, gs)
        try:
            out.append(compute(i, own, ranks, sc, pos))
        except ArgumentError:       # an argument named already (base, tests, bonus, start)
            raise
        except RatingInputError as e:
            raise fail(fname, "rank", e.text or M.UDF_NOT_NUMBER(), heads[i][0], pos) from None
    return per_player(fname, rank, out)


def _optional_points(fname, argname, grid_value, i, pos, players):
    g = _one_per_player(fname, argname, grid_value, players)
    v = g[i if len(g) > 1 else 0][0]
    return None if is_blank(v) else _peng_points(fname, argname, v, pos)


@func
@arg("rank", ndim=2, doc="the player's rank held on Jan 1 (初段, 5级, 无级 …), or a column of players")
@arg("opponent_ranks", ndim=2, doc="the opponents' ranks (one row per player when rank is a column)")
@arg("scores", ndim=2, doc="the player's results: 1, 0.5, 0, W/D/L, 胜/和/负; forfeits are skipped")
@arg("base", ndim=2, doc="year-start base; blank: the base of rank (kyu: basic score; dan: basic÷A, at least 200)")
def peng_annual(rank, opponent_ranks, scores, base=None):
    """Peng annual score (年度等级分): base + 16×opponent's multiplier per win − 16×own multiplier per loss."""
    fname = "PENG_ANNUAL"
    players = len(as_grid(rank, fname, "rank"))
    return _peng_rows(fname, rank, opponent_ranks, scores,
                      lambda i, own, ranks, sc, pos: peng.annual(
                          own, ranks, sc, _optional_points(fname, "base", base, i, pos, players)))


@func
@arg("rank", ndim=2, doc="the player's rank (初段, 5级, 无级 …), or a column of players")
@arg("opponent_ranks", ndim=2, doc="the opponents' ranks (one row per player when rank is a column)")
@arg("scores", ndim=2, doc="the player's results: 1, 0.5, 0, W/D/L, 胜/和/负; forfeits are skipped")
@arg("tests", ndim=2, doc="points from timed and untimed problem-solving tests (C)")
@arg("bonus", ndim=2, doc="points awarded for special contributions")
@arg("start", ndim=2, doc="cumulative score before these games; blank: the basic score of rank")
def peng_cumulative(rank, opponent_ranks, scores, tests=0, bonus=0, start=None):
    """Peng cumulative score (累积等级分): start + Σ A(opponent)×(2 win, 1 draw, 0 loss) + tests + bonus."""
    fname = "PENG_CUMULATIVE"
    players = len(as_grid(rank, fname, "rank"))

    def compute(i, own, ranks, sc, pos):
        t = _optional_points(fname, "tests", 0 if tests is None else tests, i, pos, players) or 0.0
        b = _optional_points(fname, "bonus", 0 if bonus is None else bonus, i, pos, players) or 0.0
        s = _optional_points(fname, "start", start, i, pos, players)
        return peng.cumulative(own, ranks, sc, t, b, s)
    return _peng_rows(fname, rank, opponent_ranks, scores, compute)


@func
@arg("rank", ndim=2, doc="a rank (初段, 5级, 无级 …) or a range of ranks")
def peng_base(rank):
    """Year-start base of the Peng annual score for a rank (四段 333.33, 五段 571.42 …)."""
    fname = "PENG_BASE"

    def one(rank, pos):
        r = _rank(fname, "rank", rank, pos)
        try:
            return peng.year_base(r)
        except RatingInputError as e:
            raise fail(fname, "rank", e.text or M.UDF_NOT_NUMBER(), rank, pos) from None
    return elementwise(fname, {"rank": rank}, one)


# --------------------------------------------------------------------------- ranks
@func
@arg("value", ndim=2, doc="a rating (or a Peng cumulative score), or a range of them")
@arg("system", doc="shanghai, gor, lianzhong or peng")
@arg("certified", ndim=2, doc="the rank certified so far; below the standard the name becomes N格 (e.g. 二格)")
def rank_standard(value, system, certified=None):
    """The highest rank whose standard the value meets: shanghai 三段/5级, gor 3D/5k, peng 二段 (or 二格), lianzhong a title."""
    fname = "RANK_STANDARD"
    system = _system(fname, system)

    def one(value, certified, pos):
        v = to_number(fname, "value", value, pos)
        if v > system.rating_range[1]:
            raise fail(fname, "value", M.RATING_TOO_HIGH(highest=system.rating_range[1]), value, pos)
        if v < system.rating_range[0]:
            raise fail(fname, "value", M.RATING_TOO_LOW(lowest=system.rating_range[0]), value, pos)
        if not is_blank(certified):
            _rank(fname, "certified", certified, pos)
        return system.standard_name(v, None if is_blank(certified) else certified)
    return elementwise(fname, {"value": value, "certified": certified}, one,
                       blank_ok=("certified",))


@func
@arg("rank", ndim=2, doc="a rank (三段, 5级, 3D, 5k …; a title for lianzhong), or a range of them")
@arg("system", doc="shanghai, gor, lianzhong or peng")
def rank_rating(rank, system):
    """The standard rating of a rank (shanghai, gor), its basic score (peng), or a title's minimum rating (lianzhong)."""
    fname = "RANK_RATING"
    system = _system(fname, system)

    def one(rank, pos):
        try:
            return system.rank_rating(rank)
        except RatingInputError as e:
            raise fail(fname, "rank", e.text or M.UDF_NOT_NUMBER(), rank, pos) from None
    return elementwise(fname, {"rank": rank}, one)
