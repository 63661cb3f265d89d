"""Rank (段/级, dan/kyu) parsing and the canonical spellings.

SPEC: accept Chinese numerals and digits (``三段`` = ``3段``, ``初段`` = ``1段``),
traditional 級, and the English forms ``3d``, ``3 dan``, ``5k``, ``5 kyu``.
``无级``/``無級`` (no rank yet) is its own rank.  An unknown rank raises
:class:`~xl_ratings.errors.UnknownRankError`; nothing defaults silently.

Canonical output: dan ``初段``, ``二段`` … ``九段``; kyu ``1级`` … ``15级``;
Go ``20k`` … ``1k``, ``1D`` … ``7D``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import UnknownRankError
from ..i18n.catalogue import rules as M

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9, "初": 1}
_CN_NAMES = ["", "初", "二", "三", "四", "五", "六", "七", "八", "九"]


def _cn_number(text: str) -> int | None:
    """'十五' -> 15, '三' -> 3, '初' -> 1, '12' -> 12; None if not a number."""
    if text.isdigit():
        return int(text)
    if not text:
        return None
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = _CN_DIGITS.get(head, None) if head else 1
        ones = _CN_DIGITS.get(tail, None) if tail else 0
        if tens is None or ones is None:
            return None
        return tens * 10 + ones
    if len(text) == 1 and text in _CN_DIGITS:
        return _CN_DIGITS[text]
    return None


@dataclass(frozen=True, order=True)
class Rank:
    """A rank as an ordered value: ``ordinal`` grows with strength.

    dan n -> n; kyu n -> 1 - n (1级 = 0, 15级 = -14); 无级 -> -100.
    """

    ordinal: int

    @property
    def kind(self) -> str:
        if self.ordinal >= 1:
            return "dan"
        return "none" if self.ordinal <= -100 else "kyu"

    @property
    def number(self) -> int:
        return self.ordinal if self.kind == "dan" else (1 - self.ordinal if self.kind == "kyu" else 0)

    @classmethod
    def dan(cls, n: int) -> "Rank":
        return cls(n)

    @classmethod
    def kyu(cls, n: int) -> "Rank":
        return cls(1 - n)

    @classmethod
    def none(cls) -> "Rank":
        return cls(-100)

    def chinese(self) -> str:
        """初段, 二段 … 九段; 1级 … 15级; 无级."""
        if self.kind == "dan":
            return f"{_CN_NAMES[self.number]}段" if self.number < 10 else f"{self.number}段"
        if self.kind == "kyu":
            return f"{self.number}级"
        return "无级"

    def go(self) -> str:
        """1D … 7D; 20k … 1k."""
        if self.kind == "dan":
            return f"{self.number}D"
        if self.kind == "kyu":
            return f"{self.number}k"
        return "无级"

    def grid(self) -> str:
        """The seed 000 name for an unconfirmed standard: 二段 -> 二格, 10级 -> 10级格."""
        if self.kind == "dan":
            return f"{_CN_NAMES[self.number]}格"
        return f"{self.chinese()}格"


MAX_DAN = 9    #: 九段 is the highest dan of every ladder here
MAX_KYU = 30   #: 30k, the lowest kyu anyone uses (the ladders here stop at 20k / 15级)
_RE_EN = re.compile(r"^(\d+)\s*(d|dan|k|kyu|p|pro)$")
_RE_CN = re.compile(r"^(.+?)\s*(段|级|級)$")


def parse_rank(value: Any) -> Rank:
    """Parse any accepted spelling of a rank; raise UnknownRankError otherwise."""
    if isinstance(value, Rank):
        return value
    if value is None or (isinstance(value, str) and not value.strip()):
        raise UnknownRankError(M.RANK_EMPTY(), value=value)
    text = str(value).strip().lower().replace(" ", "").replace("\u3000", "")
    if text in ("无级", "無級", "无", "none", "-"):
        return Rank.none()
    m = _RE_EN.match(text)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        if 1 <= n <= MAX_DAN and unit in ("d", "dan"):
            return Rank.dan(n)
        if 1 <= n <= MAX_KYU and unit in ("k", "kyu"):
            return Rank.kyu(n)
    m = _RE_CN.match(text)
    if m:
        cn = _cn_number(m.group(1))
        if cn is not None and 1 <= cn <= (MAX_DAN if m.group(2) == "段" else MAX_KYU):
            return Rank.dan(cn) if m.group(2) == "段" else Rank.kyu(cn)
    raise UnknownRankError(M.RANK_UNKNOWN(), value=value)


@dataclass(frozen=True)
class Ladder:
    """A rank ladder: each rank with its standard value (rating or basic score).

    ``rows`` are (rank, value) pairs; order does not matter.  ``standard``
    returns the highest rank whose value is <= the given value.
    """

    rows: tuple[tuple[Rank, float], ...]
    system: str = ""

    def value(self, rank: Any) -> float:
        r = parse_rank(rank)
        for rk, v in self.rows:
            if rk == r:
                return v
        raise UnknownRankError(M.RANK_NOT_ON_LADDER(ladder=self.system), value=rank)

    def standard(self, value: float) -> Rank | None:
        best: tuple[float, Rank] | None = None
        for rk, v in self.rows:
            if v <= value and (best is None or (v, rk) > best):
                best = (v, rk)
        return None if best is None else best[1]
