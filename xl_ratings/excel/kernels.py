"""NumPy kernels for the Excel functions that users fill down whole columns.

Each kernel computes exactly what the scalar function in
:mod:`xl_ratings.systems` computes, bit for bit: the same operations in the
same order (NumPy's float64 ``+ - * /`` are IEEE, as Python's), with the one
``exp`` or power each needs taken from the C library as Python takes it
(:func:`exact_exp`, :func:`exact_pow10`), since NumPy's own differ in the last bit
(tests/excel/test_udf_kernels_bit_for_bit.py holds them together);
they exist only so that a million-row column costs little more than moving
the numbers in and out of Python.  Without NumPy (xlwings Lite),
:mod:`.kernels_pure` gives the same interface and the same numbers.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any

import numpy as np

from ..engine.perf import gc_paused
from ..systems import gor, lianzhong, shanghai
from .kernels_pure import NAN, fide_tables, plain_numbers


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

def _through_python(values: Any, x: np.ndarray) -> np.ndarray:
    return np.fromiter(values, float, x.size).reshape(x.shape)


def exact_exp(x: np.ndarray) -> np.ndarray:
    """``math.exp`` of every element (the C library's, as the scalar functions call it).  NumPy's
    own ``np.exp`` (SIMD) differs from it in the last bit of some 5 % of the values, so the one
    transcendental step of a kernel goes through Python floats (a C-speed ``map``: some 50 ms a
    million values); every other step is NumPy's float64 ``+ - * /``, IEEE as Python's.
    NaN (blank) gives NaN."""
    return _through_python(map(math.exp, x.ravel().tolist()), x)


def exact_pow10(x: np.ndarray) -> np.ndarray:
    """``10.0 ** x`` of every element, as Python computes it (the C library's ``pow``; builtin
    ``pow`` is ``**``), not ``np.power``'s, which differs in the last bit as ``np.exp`` does."""
    return _through_python(map(pow, repeat(10.0), x.ravel().tolist()), x)


def elo_logistic(r: np.ndarray, o: np.ndarray,
                 params: lianzhong.LianzhongParams = lianzhong.DEFAULTS) -> np.ndarray:
    """:func:`~xl_ratings.systems.lianzhong.expected`'s operations in its order, bit for bit:
    ``power = 10.0 ** ((opponent − rating) / scale)``, then ``1.0 / (1.0 + power)``."""
    power = exact_pow10((o - r) / params.scale)
    return 1.0 / (1.0 + power)


@lru_cache(maxsize=4)
def _fide_arrays(params: shanghai.ShanghaiParams) -> tuple[np.ndarray, np.ndarray]:
    up, down = fide_tables(params)
    return np.array(up, dtype=float), np.array(down, dtype=float)


def fide_pc(d: np.ndarray, params: shanghai.ShanghaiParams = shanghai.DEFAULTS) -> np.ndarray:
    """PC(D) of each difference, bit for bit :func:`~xl_ratings.systems.shanghai.expected_score`:
    D rounded half away from zero as :func:`~xl_ratings.systems.lookup.round_half_away` does
    (``floor(|D| + 0.5)``, the sign of D), then looked up in the scalar function's own values
    (:func:`.kernels_pure.fide_tables`, as the pure kernel does).  NaN (blank) gives NaN."""
    up, down = _fide_arrays(params)
    k = np.floor(np.abs(d) + 0.5)
    blank = np.isnan(k)
    k[blank] = 0.0
    if k.size and k.max() >= len(up):       # a difference past the tables (only from Python): the scalar function
        flat = [shanghai.expected_score(x, params) if x == x else NAN for x in d.ravel().tolist()]
        return np.array(flat, dtype=float).reshape(d.shape)
    idx = k.astype(np.intp)
    out = np.where(d >= 0, up[idx], down[idx])
    out[blank] = NAN
    return out


def gor_expected(r: np.ndarray, o: np.ndarray, h: float,
                 params: gor.GorParams = gor.DEFAULTS) -> np.ndarray:
    """:func:`~xl_ratings.systems.gor.expected`'s operations in its order, bit for bit
    (``h`` stones in every game): :func:`~xl_ratings.systems.gor.handicap_adjust`, then
    ``low = min(own, opp)``, ``d = |opp − own|``, ``a = min(a_max, max(a_min, a_intercept − low/a_divisor))``,
    ``se_a = 1/(exp(d/a) + 1)``: se_a where own < opp, ``1 − se_a − ε`` where own > opp, ``0.5 − ε/2`` where equal."""
    own, opp = r, o
    if h:
        bonus = params.stone_value * (abs(h) - params.stone_offset)
        if h > 0:
            own = r + bonus
        else:
            opp = o + bonus
    own, opp = np.broadcast_arrays(own, opp)
    low = np.minimum(own, opp)
    d = np.abs(opp - own)
    a = np.minimum(params.a_max, np.maximum(params.a_min, params.a_intercept - low / params.a_divisor))
    se_a = 1.0 / (exact_exp(d / a) + 1.0)
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
