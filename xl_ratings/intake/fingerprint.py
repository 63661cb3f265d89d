"""One tournament counts once: an event told by its games, not by its name or dates.

A tournament renamed (``Spring Open`` / ``Spring Open 2026``), given other
dates, or the same crosstable given twice (or a copy of it) is the same set of
games.  :class:`Fingerprint` holds an event's games as (round, pair, result)
-- in workbook player ids, after matching -- and :func:`likeness` says when two
events are one tournament (FORMATS.md "The same tournament twice"):

* the same games: every (round, pair, result) alike, as a multiset -- a
  round-robin crosstable without rounds included;
* the same pairings: when every game of both has its round, at least
  :data:`PAIRINGS_MIN` games and :data:`PAIRINGS_SHARE` of the smaller event
  pair the same players in the same rounds -- a corrected result, or the
  first rounds imported before and now the whole event.

Two round robins of the same players without rounds (a monthly club league)
pair the same players every time: they are one tournament only when every
result is alike too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..systems.game_result import Result, parse_result

#: The pairings rule: at least this many games alike, and this share of the smaller event.
PAIRINGS_MIN = 3
PAIRINGS_SHARE = 0.8

Pairing = tuple[Any, str, str]                  #: (round, player, opponent), player < opponent
Outcome = tuple[Any, str, str, float, bool]     #: a pairing with the first player's score and forfeit


def _round(value: Any) -> Any:
    """A round as compared: 3, 3.0 and "3" alike; blank -> None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return value


@dataclass(frozen=True)
class Fingerprint:
    """An event's games as compared."""

    games: Counter[Outcome]

    @classmethod
    def of(cls, games: Iterable[tuple[Any, str, str, Any]]) -> "Fingerprint":
        """From (round, player, opponent, result) -- a result as a sheet writes it or a :class:`Result`."""
        out: Counter[Outcome] = Counter()
        for rnd, a, b, result in games:
            r = result if isinstance(result, Result) else parse_result(result)
            score, forfeit = float(r.score), bool(r.forfeit)
            if b < a:
                a, b, score = b, a, 1.0 - score
            out[(_round(rnd), a, b, score, forfeit)] += 1
        return cls(out)

    def __len__(self) -> int:
        return sum(self.games.values())

    @cached_property
    def pairings(self) -> Counter[Pairing]:
        out: Counter[Pairing] = Counter()
        for (rnd, a, b, _, _), n in self.games.items():
            out[(rnd, a, b)] += n
        return out

    @cached_property
    def with_rounds(self) -> bool:
        return bool(self.games) and all(k[0] is not None for k in self.games)


@dataclass(frozen=True)
class Likeness:
    """Why two events are one tournament."""

    same_games: bool     #: every game alike (else: the same pairings)
    same: int            #: games paired alike
    games: int           #: games of the larger event
    differ: int          #: of the pairings alike, those with another result


def likeness(a: Fingerprint, b: Fingerprint) -> Likeness | None:
    """Are ``a`` and ``b`` one tournament? None: two tournaments."""
    if not a.games or not b.games:
        return None
    if a.games == b.games:
        return Likeness(True, len(a), len(a), 0)
    if not (a.with_rounds and b.with_rounds):
        return None
    same = sum((a.pairings & b.pairings).values())
    if same < PAIRINGS_MIN or same < PAIRINGS_SHARE * min(len(a), len(b)):
        return None
    alike = sum((a.games & b.games).values())
    return Likeness(False, same, max(len(a), len(b)), same - alike)


__all__ = ["Fingerprint", "Likeness", "PAIRINGS_MIN", "PAIRINGS_SHARE", "likeness"]
