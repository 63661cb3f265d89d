"""How numbers read on the published list (website, and the values the site model carries):
rounded half away from zero like Excel's ROUND (四舍五入), a typographic minus, never ``−0``.

    format_number(1500.5, "rating", 0)   # '1501'
    format_number(-3.07, "change")       # '−3.07'
    format_number(0.5, "score")          # '½'
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

__all__ = ["KINDS", "MINUS", "fixed", "format_number"]

#: Column kinds of the published tables (see :class:`xl_ratings.publish.site_model.Column`).
KINDS = frozenset({"text", "int", "rating", "change", "decimal2", "decimal3", "signed2", "date", "score"})

MINUS = "\u2212"   # typographic minus: −3.07

_QUANT = {n: Decimal(1).scaleb(-n) for n in range(0, 10)}


def fixed(value: Any, places: int) -> str:
    """``value`` rounded half away from zero to ``places`` decimals (like Excel's ROUND, 四舍五入).

    Rounds the shortest decimal form of a float (``1.005`` -> ``1.01``), writes
    negatives with a typographic minus and never shows ``−0``.
    """
    if type(value) is int:
        text = str(value) if places == 0 else f"{value}.{'0' * places}"
        return MINUS + text[1:] if value < 0 else text
    if isinstance(value, Decimal):
        d = value
    elif isinstance(value, int):                  # bool, numpy integers
        return fixed(int(value), places)
    else:
        f = float(value)
        if not math.isfinite(f):
            return ""
        r = repr(f)
        dot = r.find(".")
        # only a tie in the shortest form (1.005, 2.5) rounds differently from format()
        if "e" in r or dot < 0 or len(r) - dot - 1 != places + 1 or r[-1] != "5":
            text = format(f, f".{places}f")
            if text[0] == "-":
                text = text[1:] if not text.strip("-0.") else MINUS + text[1:]
            return text
        d = Decimal(r)
    d = d.quantize(_QUANT[places], rounding=ROUND_HALF_UP)
    text = format(d, "f")
    if text[0] == "-":
        text = text[1:] if d == 0 else MINUS + text[1:]
    return text


def _signed(text: str) -> str:
    if not text or text[0] == MINUS or not text.strip("0."):
        return text
    return "+" + text


def _score(value: Any) -> str:
    f = float(value)
    if f == 0.5:
        return "½"
    if f.is_integer():
        return str(int(f))
    if (2 * f).is_integer() and f > 0:
        return f"{int(f)}½"
    return fixed(f, 2)


def format_number(value: Any, kind: str = "text", decimals: int = 2) -> str:
    """The text shown for ``value`` in a column of ``kind``.

    ``decimals`` is the system's rating decimals (used by ``rating`` and
    ``change``).  None shows as ``""``; a string as is (already formatted); a
    date in ISO form; numbers are rounded half up.  Raises ``ValueError`` for
    an unknown kind.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.isoformat()
    if kind == "rating":
        return fixed(value, decimals)
    if kind == "change":
        return _signed(fixed(value, decimals))
    if kind == "signed2":
        return _signed(fixed(value, 2))
    if kind == "decimal2":
        return fixed(value, 2)
    if kind == "decimal3":
        return fixed(value, 3)
    if kind == "int":
        return fixed(value, 0)
    if kind == "score":
        return _score(value)
    if kind in ("text", "date"):
        return str(value)
    raise ValueError(f"unknown column kind {kind!r}; use one of {', '.join(sorted(KINDS))}")
