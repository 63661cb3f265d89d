"""Small shared helpers for rule tables and rounding.

The rulebooks publish their rules as tables (FIDE rating difference ->
expected score, GoR rating -> con, rank -> standard).  They are kept as data
in each system's parameter object; these helpers only look them up.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any, TypeVar, overload

from ..errors import ParameterError
from ..i18n.catalogue import rules as M

T = TypeVar("T")


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def round_half_up(x: float, ndigits: int = 0) -> float:
    """四舍五入: halves go up (towards +infinity), robust to binary noise.

    ``round_half_up(2.5) == 3``, ``round_half_up(-2.5) == -2``.
    """
    scale: float = 10 ** ndigits    # int ** int is Any to mypy (a negative power is a float)
    return math.floor(x * scale + 0.5 + 1e-9) / scale


def truncate(x: float, ndigits: int = 2) -> float:
    """Cut (not round) to ``ndigits`` decimals: 571.428 -> 571.42."""
    scale: float = 10 ** ndigits    # int ** int is Any to mypy (a negative power is a float)
    return math.floor(x * scale + 1e-9) / scale


def step_lookup(bounds: Sequence[float], values: Sequence[float], x: float) -> float:
    """Value of the first row whose upper bound is >= x.

    ``bounds`` are inclusive upper bounds in increasing order; the last row
    applies to everything above it.
    """
    i = bisect_left(bounds, x)
    return values[min(i, len(values) - 1)]


@overload
def threshold_lookup(thresholds: Sequence[float], values: Sequence[T], x: float, below: T) -> T: ...


@overload
def threshold_lookup(thresholds: Sequence[float], values: Sequence[T], x: float,
                     below: None = None) -> T | None: ...


def threshold_lookup(thresholds: Sequence[float], values: Sequence[T], x: float,
                     below: T | None = None) -> T | None:
    """Value of the highest row whose threshold is <= x (``below`` if none)."""
    i = bisect_right(thresholds, x)
    return below if i == 0 else values[i - 1]


def interpolate(xs: Sequence[float], ys: Sequence[float], x: float) -> float:
    """Linear interpolation in a table, constant beyond both ends."""
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    i = bisect_right(xs, x)
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def same_length(*columns: Sequence[Any]) -> None:
    """The columns of one set of games (opponents, scores, handicaps) must pair up."""
    if len({len(c) for c in columns}) > 1:
        raise ParameterError(M.RANGES_DIFFER(),
                             value=tuple(len(c) for c in columns))
