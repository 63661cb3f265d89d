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
from typing import Any

from ..engine.perf import gc_paused
from ..systems import gor, lianzhong, shanghai

Grid = list[list[float]]
NAN = float("nan")

#: the cell types a numeric grid may hold (None is blank); text and TRUE/FALSE go cell by cell
_NUMERIC = {float, int, type(None)}


def plain_numbers(grid: Any) -> bool:
    """Does every cell of the grid hold a number or nothing (no text, no TRUE/FALSE)?
    Both backends ask it first: text such as "2,300" and booleans are the
    cell-by-cell path's to accept or refuse, with the cell named."""
    return set(map(type, chain.from_iterable(grid))) <= _NUMERIC


def numeric(grid: Any) -> Grid | None:
    """The grid as floats (blank -> NaN), or None if a cell is not a finite number
    or the rows are ragged."""
    if not grid or not plain_numbers(grid):
        return None
    width = len(grid[0])
    out = []
    with gc_paused():
        for row in grid:
            if len(row) != width:
                return None
            try:
                line = [NAN if v is None else float(v) for v in row]
            except OverflowError:   # an int past any float: the cell-by-cell path names it
                return None
            if any(math.isinf(v) for v in line):
                return None
            out.append(line)
    return out


def any_below(a: Grid, lowest: float, inclusive: bool = True) -> bool:
    """Does ``a`` hold a value below ``lowest`` (or at it, when ``inclusive``)? NaN (blank) never does."""
    if inclusive:
        return any(v <= lowest for row in a for v in row)
    return any(v < lowest for row in a for v in row)


def any_above(a: Grid, highest: float) -> bool:
    """Does ``a`` hold a value above ``highest``? NaN (blank) never does."""
    return any(v > highest for row in a for v in row)

def _stretch(rows: int, cols: int, g: Grid) -> Callable[[int, int], float]:
    """Excel's (and NumPy's) broadcasting: a one-row or one-column grid stretches."""
    r, c = len(g), len(g[0])
    if r not in (1, rows) or c not in (1, cols):
        raise ValueError("shapes do not broadcast")
    return lambda i, j: g[i if r > 1 else 0][j if c > 1 else 0]


def apply_binary(kernel: Callable[[float, float], float], a: Grid, b: Grid) -> list[list[Any]]:
    """``kernel`` cell by cell over two broadcast grids; blank where either is blank.
    A ValueError when the shapes do not broadcast (the cell-by-cell path explains)."""
    rows, cols = max(len(a), len(b)), max(len(a[0]), len(b[0]))
    fa, fb = _stretch(rows, cols, a), _stretch(rows, cols, b)
    with gc_paused():
        out = []
        for i in range(rows):
            line: list[Any] = []
            for j in range(cols):
                x, y = fa(i, j), fb(i, j)
                line.append("" if x != x or y != y else kernel(x, y))   # NaN is not equal to itself
            out.append(line)
    return out


def elo_logistic(r: float, o: float) -> float:
    return lianzhong.expected(r, o)


def fide_pc(d: float) -> float:
    return shanghai.expected_score(d)


def gor_expected(r: float, o: float, h: float) -> float:
    return gor.expected(r, o, h)
