"""The column kernels of the Excel functions in pure Python: used where NumPy
is not installed (xlwings Lite installs no NumPy for xl_ratings).

The same interface as :mod:`.kernels` (``numeric``, ``any_below``,
``apply_binary``, the three scalar kernels and the ``*_cells`` functions the
Excel functions call), on nested lists.  The numbers are the scalar math's own,
bit for bit: the logistic kernel *is* the rulebook's function, mapped; the FIDE
one looks PC up in tables of that function's own values; the GoR one spells
:func:`~xl_ratings.systems.gor.expected`'s steps in one comprehension (a test
holds each to its scalar function over random ratings).  What a column saves
over the cell-by-cell path is the checking and error naming of every cell and
a Python call a cell: a column is checked in bulk (``sum``, ``min``, ``max``),
then computed in one comprehension.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from operator import sub
from typing import Any, NamedTuple

from ..engine.perf import gc_paused
from ..systems import gor, lianzhong, shanghai

NAN = float("nan")
INF = float("inf")

#: the cell types a numeric grid may hold (None is blank); text and TRUE/FALSE go cell by cell
_NUMERIC = {float, int, type(None)}


class Grid(NamedTuple):
    """A checked numeric range, flat: ``cells`` row by row (blank -> NaN), with its
    shape and its extremes over the non-blank cells (``lo`` = +inf, ``hi`` = -inf
    when all are blank), so that each check is one comparison, not a pass."""
    rows: int
    cols: int
    cells: list[float]
    blanks: bool
    lo: float
    hi: float


def plain_numbers(grid: Any) -> bool:
    """Does every cell of the grid hold a number or nothing (no text, no TRUE/FALSE)?
    Both backends ask it first: text such as "2,300" and booleans are the
    cell-by-cell path's to accept or refuse, with the cell named."""
    return set(map(type, chain.from_iterable(grid))) <= _NUMERIC


def numeric(grid: Any) -> Grid | None:
    """The grid checked and flattened (blank -> NaN), or None if a cell is not a finite
    number or the rows are ragged. Each step is one pass at C speed (``map``,
    ``chain``, ``sum``, ``min``/``max``): the column is the Excel surface's common case.
    A NaN (only from Python: a cell never holds one) counts as blank, as in NumPy's kernels."""
    if not grid:
        return None
    width = len(grid[0])
    with gc_paused():
        if width == 1:          # a column: unpacking each row checks that it holds one cell
            try:
                flat = [v for (v,) in grid]
            except (TypeError, ValueError):     # a row of another width, or not a row
                return None
        elif width == 0 or set(map(len, grid)) != {width}:
            return None
        else:
            flat = list(chain.from_iterable(grid))
        types = set(map(type, flat))
        if not types <= _NUMERIC:
            return None
        blanks = type(None) in types
        if types != {float}:
            try:
                flat = [NAN if v is None else float(v) for v in flat]
            except OverflowError:   # an int past any float: the cell-by-cell path names it
                return None
        total = sum(flat)
        if total - total != 0.0:    # an inf or a NaN somewhere (or a sum past any float): look closer
            if any(map(math.isinf, flat)):
                return None
            blanks = blanks or any(map(math.isnan, flat))
        present = [v for v in flat if v == v] if blanks else flat   # NaN is not equal to itself
    lo, hi = (min(present), max(present)) if present else (INF, -INF)
    return Grid(len(grid), width, flat, blanks, lo, hi)


def any_below(a: Grid, lowest: float, inclusive: bool = True) -> bool:
    """Does ``a`` hold a value below ``lowest`` (or at it, when ``inclusive``)? NaN (blank) never does."""
    return a.lo <= lowest if inclusive else a.lo < lowest


def any_above(a: Grid, highest: float) -> bool:
    """Does ``a`` hold a value above ``highest``? NaN (blank) never does."""
    return a.hi > highest


def _stretched(g: Grid, rows: int, cols: int) -> list[float]:
    """Excel's (and NumPy's) broadcasting: a one-row or one-column grid stretches to
    ``rows`` × ``cols``; a ValueError when it cannot."""
    if g.rows not in (1, rows) or g.cols not in (1, cols):
        raise ValueError("shapes do not broadcast")
    if (g.rows, g.cols) == (rows, cols):
        return g.cells
    line = g.cells[:g.cols] if g.rows == 1 else g.cells
    if g.cols == 1 and cols > 1:
        line = [v for v in line for _ in range(cols)]
    return line * rows if g.rows == 1 else line


def apply_binary(kernel: Callable[[float, float], float], a: Grid, b: Grid) -> list[list[Any]]:
    """``kernel`` cell by cell over two broadcast grids; blank where either is blank.
    A ValueError when the shapes do not broadcast (the cell-by-cell path explains)."""
    rows, cols = max(a.rows, b.rows), max(a.cols, b.cols)
    fa, fb = _stretched(a, rows, cols), _stretched(b, rows, cols)
    with gc_paused():
        if a.blanks or b.blanks:
            out: list[Any] = ["" if x != x or y != y else kernel(x, y) for x, y in zip(fa, fb)]
        else:
            out = list(map(kernel, fa, fb))
        if cols == 1:
            return [[v] for v in out]
        return [out[i:i + cols] for i in range(0, rows * cols, cols)]


def apply_over(over: Callable[[list[float], list[float]], list[float]], a: Grid, b: Grid) -> list[list[Any]]:
    """``over(xs, ys)`` (a whole column's values at once, no blank among them) over two broadcast
    grids; blank where either is blank.  What :func:`apply_binary` does, without a Python call
    per cell.  A ValueError when the shapes do not broadcast (the cell-by-cell path explains)."""
    rows, cols = max(a.rows, b.rows), max(a.cols, b.cols)
    fa, fb = _stretched(a, rows, cols), _stretched(b, rows, cols)
    with gc_paused():
        if a.blanks or b.blanks:
            keep = [i for i, x, y in zip(range(len(fa)), fa, fb) if x == x and y == y]   # NaN: blank
            out: list[Any] = [""] * len(fa)
            for i, v in zip(keep, over([fa[i] for i in keep], [fb[i] for i in keep])):
                out[i] = v
        else:
            out = over(fa, fb)
        if cols == 1:
            return [[v] for v in out]
        return [out[i:i + cols] for i in range(0, rows * cols, cols)]


def apply_unary(fn: Callable[[float], Any], a: Grid) -> list[list[Any]]:
    """``fn`` of each cell of a checked grid, in its shape; blank where it is blank."""
    with gc_paused():
        if a.blanks:
            out: list[Any] = ["" if x != x else fn(x) for x in a.cells]
        else:
            out = list(map(fn, a.cells))
        if a.cols == 1:
            return [[v] for v in out]
        return [out[i:i + a.cols] for i in range(0, a.rows * a.cols, a.cols)]


#: the logistic expected score, the rulebook's own function (no wrapper: a call per cell saved)
elo_logistic = lianzhong.expected


def fide_pc(d: float) -> float:
    return shanghai.expected_score(d)


def gor_expected(r: float, o: float, h: float) -> float:
    return gor.expected(r, o, h)


# --------------------------------------------------------------------------- whole columns
#: the FIDE tables' length: every rounded difference between two ratings of at most 4,000 (ELO_EXPECTED's
#: highest) is in them; a longer one (only from Python) goes through the scalar function
FIDE_SPAN = 4096


@lru_cache(maxsize=4)
def fide_tables(params: shanghai.ShanghaiParams = shanghai.DEFAULTS) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """PC of every rounded difference D = 0 … :data:`FIDE_SPAN`, for D ≥ 0 and for D ≤ 0: the
    scalar function's own values (:func:`~xl_ratings.systems.shanghai.expected_score`) up to the
    cap (400), then the cap's (|D| above it counts as it), computed once."""
    cap = min(int(params.max_difference), FIDE_SPAN)
    up = [shanghai.expected_score(float(k), params) for k in range(cap + 1)]
    down = [shanghai.expected_score(float(-k), params) for k in range(cap + 1)]
    more = FIDE_SPAN - cap
    return tuple(up + up[-1:] * more), tuple(down + down[-1:] * more)


def fide_over(rs: list[float], os: list[float]) -> list[float]:
    """PC(r − o) of each pair: D rounded half away from zero as
    :func:`~xl_ratings.systems.lookup.round_half_away` does (``floor(|D| + 0.5)``, its sign;
    ``int`` is ``floor`` above 0 and ``0.5 − D`` is ``|D| + 0.5`` below it, bit for bit),
    then looked up in :func:`fide_tables`: one subscript a cell instead of four calls."""
    up, down = fide_tables()
    try:
        return [up[int(d + 0.5)] if d >= 0 else down[int(0.5 - d)] for d in map(sub, rs, os)]
    except IndexError:      # a difference past the tables: the scalar function, cell by cell
        return [shanghai.expected_score(d) for d in map(sub, rs, os)]


def logistic_over(rs: list[float], os: list[float]) -> list[float]:
    """1/(1 + 10^((o − r)/400)) of each pair: the rulebook's own function, mapped."""
    return list(map(lianzhong.expected, rs, os))


def gor_over(rs: list[float], os: list[float], h: float, params: gor.GorParams = gor.DEFAULTS) -> list[float]:
    """S_E of each pair with ``h`` handicap stones for all: :func:`~xl_ratings.systems.gor.expected`'s
    own steps in one comprehension (handicap, then a = 205 − low/20 clamped, then formula (1) or (2)),
    bit for bit (tests/excel/test_udf_column_fast_path.py)."""
    own, opp = rs, os
    if h:       # gor.handicap_adjust: the player receiving stones counts stronger
        bonus = params.stone_value * (abs(h) - params.stone_offset)
        if h > 0:
            own = [x + bonus for x in rs]
        else:
            opp = [y + bonus for y in os]
    eps = params.epsilon
    tie = 0.5 - eps / 2
    top, bottom, intercept, divisor = params.a_max, params.a_min, params.a_intercept, params.a_divisor
    if not bottom < top:        # gor.a_parameter's min/max spelt as comparisons below holds only so
        return [gor.expected(x, y, h, params=params) for x, y in zip(rs, os)]
    exp = math.exp
    # a = min(top, max(bottom, 205 − low/20)) as two comparisons (the same number, not two calls);
    # low is the own rating where own < opp, the opponent's where own > opp
    return [1.0 / (exp((y - x) / (top if (a := intercept - x / divisor) >= top else bottom if a <= bottom else a))
                   + 1.0) if x < y
            else 1.0 - 1.0 / (exp((x - y) / (top if (a := intercept - y / divisor) >= top
                                             else bottom if a <= bottom else a)) + 1.0) - eps if x > y
            else tie
            for x, y in zip(own, opp)]


def elo_logistic_cells(a: Grid, b: Grid) -> list[list[Any]]:
    """ELO_EXPECTED(…, "logistic") over two checked grids."""
    return apply_over(logistic_over, a, b)


def elo_fide_cells(a: Grid, b: Grid) -> list[list[Any]]:
    """ELO_EXPECTED(…, "fide") over two checked grids."""
    return apply_over(fide_over, a, b)


def gor_expected_cells(a: Grid, b: Grid, h: float) -> list[list[Any]]:
    """GOR_EXPECTED over two checked grids, ``h`` stones in every game."""
    return apply_over(lambda rs, os: gor_over(rs, os, h), a, b)
