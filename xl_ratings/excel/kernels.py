"""NumPy kernels for the Excel functions that users fill down whole columns.

Each kernel computes exactly what the scalar function in
:mod:`xl_ratings.systems` computes (a property test holds them together);
they exist only so that a million-row column costs little more than moving
the numbers in and out of Python.  Without NumPy (xlwings Lite),
:mod:`.kernels_pure` gives the same interface and the same numbers.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import numpy as np

from ..engine.perf import gc_paused
from ..systems import gor, shanghai
from .kernels_pure import plain_numbers


_first = itemgetter(0)


def numeric(grid: Any) -> np.ndarray | None:
    """A float array of a grid (blank -> NaN), or None if some cell is not a finite
    number (text and TRUE/FALSE go cell by cell, as without NumPy)."""
    if not grid or not plain_numbers(grid):
        return None
    try:
        with gc_paused():
            if len(grid) > 64 and sum(map(len, grid)) == len(grid):
                try:  # a column: the fast, common case
                    a = np.fromiter(map(_first, grid), float, len(grid)).reshape(-1, 1)
                except (TypeError, ValueError, OverflowError):
                    a = np.asarray(grid, dtype=float)
            else:
                a = np.asarray(grid, dtype=float)
    except (ValueError, TypeError, OverflowError):   # ragged, or an int past any float: cell by cell
        return None
    if a.ndim != 2 or np.isinf(a).any():
        return None
    if a.dtype != float:
        return None
    return a


def any_below(a: np.ndarray, lowest: float, inclusive: bool = True) -> bool:
    """Does ``a`` hold a value below ``lowest`` (or at it, when ``inclusive``)? NaN (blank) never does."""
    with np.errstate(invalid="ignore"):
        return bool((a <= lowest).any() if inclusive else (a < lowest).any())


def any_above(a: np.ndarray, highest: float) -> bool:
    """Does ``a`` hold a value above ``highest``? NaN (blank) never does."""
    with np.errstate(invalid="ignore"):
        return bool((a > highest).any())

def elo_logistic(r: np.ndarray, o: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + 10.0 ** ((o - r) / 400.0))


def fide_pc(d: np.ndarray, params: shanghai.ShanghaiParams = shanghai.DEFAULTS) -> np.ndarray:
    d = np.where(d >= 0, np.floor(np.abs(d) + 0.5), -np.floor(np.abs(d) + 0.5))
    a = np.minimum(np.abs(d), params.max_difference)
    bounds = np.array(params.fide_bounds, dtype=float)
    values = np.array(params.fide_values)
    idx = np.minimum(np.searchsorted(bounds, a, side="left"), len(values) - 1)
    pc = values[idx]
    return np.where(d >= 0, pc, np.round(1.0 - pc, 10))


def gor_expected(r: np.ndarray, o: np.ndarray, h: np.ndarray | float,
                 params: gor.GorParams = gor.DEFAULTS) -> np.ndarray:
    bonus = params.stone_value * (np.abs(h) - params.stone_offset)
    own = np.where(h > 0, r + bonus, r)
    opp = np.where(h < 0, o + bonus, o)
    low = np.minimum(own, opp)
    a = np.clip(params.a_intercept - low / params.a_divisor, params.a_min, params.a_max)
    se_a = 1.0 / (np.exp(np.abs(opp - own) / a) + 1.0)
    out = np.where(own < opp, se_a, 1.0 - se_a - params.epsilon)
    return np.where(own == opp, 0.5 - params.epsilon / 2, out)


def apply_binary(kernel: Any, a: np.ndarray, b: np.ndarray) -> list[list[Any]]:
    """``kernel(a, b)`` over two broadcast arrays, as nested lists, blank where either is
    blank.  A ValueError when the shapes do not broadcast (the cell-by-cell path explains)."""
    blank = np.isnan(a) | np.isnan(b)
    with np.errstate(invalid="ignore"):
        return to_cells(kernel(a, b), blank)


def to_cells(values: np.ndarray, blank: np.ndarray) -> list[list[Any]]:
    """Back to nested lists, blank where an input was blank."""
    with gc_paused():
        if blank.any():
            obj = values.astype(object)
            obj[blank] = ""
            return obj.tolist()
        return values.tolist()


def elo_logistic_cells(a: np.ndarray, b: np.ndarray) -> list[list[Any]]:
    """ELO_EXPECTED(…, "logistic") over two checked arrays (the interface of :mod:`.kernels_pure`)."""
    return apply_binary(elo_logistic, a, b)


def elo_fide_cells(a: np.ndarray, b: np.ndarray) -> list[list[Any]]:
    """ELO_EXPECTED(…, "fide") over two checked arrays."""
    return apply_binary(lambda r, o: fide_pc(r - o), a, b)


def gor_expected_cells(a: np.ndarray, b: np.ndarray, h: float) -> list[list[Any]]:
    """GOR_EXPECTED over two checked arrays, ``h`` stones in every game."""
    return apply_binary(lambda r, o: gor_expected(r, o, h), a, b)
