"""The column kernels of the Excel functions in pure Python: used where NumPy
is not installed (xlwings Lite installs no NumPy for xl_ratings).

The same interface as :mod:`.kernels` (``numeric``, ``any_below``,
``apply_binary`` and the three kernels), on nested lists; each kernel *is*
the scalar function of :mod:`xl_ratings.systems`, so the numbers are the
scalar math's own.  What it saves over the cell-by-cell path is the checking
and error naming of every cell: a column is checked once, then mapped.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import chain
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
    ``chain``, ``min``/``max``): the column is the Excel surface's common case."""
    if not grid:
        return None
    width = len(grid[0])
    if set(map(len, grid)) != {width} or width == 0:
        return None
    with gc_paused():
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
        if any(map(math.isinf, flat)):
            return None
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


#: the logistic expected score, the rulebook's own function (no wrapper: a call per cell saved)
elo_logistic = lianzhong.expected


def fide_pc(d: float) -> float:
    return shanghai.expected_score(d)


def gor_expected(r: float, o: float, h: float) -> float:
    return gor.expected(r, o, h)
