"""Game results as officers write them (SPEC "Results").

Accepted: ``1``/``0.5``/``0``; ``W``/``D``/``L``; ``胜``/``和``/``负`` (and the
traditional 勝/負); ``1-0``/``½-½``/``0-1``.  A forfeit (unplayed game) is
``+`` (won by forfeit), ``-`` (lost by forfeit), or any result followed by
``*`` (the seed 001 marker).  What a forfeit does is decided by each system.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ResultError
from ..i18n.catalogue import rules as M


@dataclass(frozen=True)
class Result:
    """One side's result: ``score`` in {0, 0.5, 1}; ``forfeit`` if unplayed."""

    score: float
    forfeit: bool = False


_WORDS = {
    "1": 1.0, "w": 1.0, "win": 1.0, "胜": 1.0, "勝": 1.0, "赢": 1.0, "贏": 1.0, "1-0": 1.0, "1:0": 1.0,
    "0.5": 0.5, "½": 0.5, ".5": 0.5, "d": 0.5, "draw": 0.5, "和": 0.5, "平": 0.5,
    "½-½": 0.5, "0.5-0.5": 0.5, "1/2": 0.5, "1/2-1/2": 0.5, "=": 0.5,
    "0,5": 0.5, "0,5-0,5": 0.5,     # a decimal comma: the ";" CSV of an Excel set to a European locale
    "0": 0.0, "l": 0.0, "loss": 0.0, "负": 0.0, "負": 0.0, "输": 0.0, "輸": 0.0, "0-1": 0.0, "0:1": 0.0,
}


def parse_result(value: Any) -> Result:
    """Parse one result cell; raise :class:`ResultError` naming the value."""
    if isinstance(value, bool):
        raise ResultError(M.RESULT_NOT_ACCEPTED(), value=value)
    if isinstance(value, (int, float)):
        if value in (0, 0.5, 1):
            return Result(float(value))
        if value - value != 0:          # NaN, an infinity: no number at all (a program wrote it)
            from ..i18n.catalogue import sheets as S
            raise ResultError(S.CELL_NOT_FINITE(shown="NaN" if value != value else "inf" if value > 0 else "-inf"))
        raise ResultError(M.RESULT_NOT_ACCEPTED(), value=value)
    if value is None:
        raise ResultError(M.RESULT_EMPTY(), value=value)
    text = str(value).strip().lower().replace("－", "-").replace("＋", "+").replace("＊", "*")
    if text == "+":
        return Result(1.0, forfeit=True)
    if text == "-":
        return Result(0.0, forfeit=True)
    forfeit = text.endswith("*")
    if forfeit:
        text = text[:-1].strip()
    if text.startswith("+") and text[1:] in ("", "1"):
        return Result(1.0, True)
    if text in _WORDS:
        return Result(_WORDS[text], forfeit)
    try:
        num = float(text)
    except ValueError:
        num = None
    if num in (0.0, 0.5, 1.0):
        return Result(num, forfeit)
    raise ResultError(M.RESULT_NOT_ACCEPTED(), value=value)
