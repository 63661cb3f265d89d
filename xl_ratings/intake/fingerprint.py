"""One tournament counts once: an event told by its games, whatever the format, name or dates.

A tournament renamed (``Spring Open`` / ``Spring Open 2026``), given other
dates, imported as a TRF and again as its crosstable (rounds on one side, none
on the other), or re-sent corrected (``（更正）``: one result changed) is the
same set of games, or nearly.  :class:`Fingerprint` holds an event's games as
(round, pair, result) -- in workbook player ids, after matching, so that names
written in another script or spacing are already one player -- and its dates;
:func:`likeness` says when two events are one tournament (docs/importing.md,
"The same tournament twice").  Games are compared as unordered pairs with their
results, *without their rounds*: a round-robin crosstable numbers none, and a
program may number them otherwise (a round robin pairs the same players
whatever the round, so rounds would tell nothing there); a game is the same from
either side, in either colour.  Whether the games alike are in the same rounds
too is said (:attr:`Likeness.rounds`), not decided on.

* **the same games** -- every game alike, as a multiset: one tournament,
  whatever the dates (a copy renamed or re-dated).  Events of fewer than
  :data:`EXACT_MIN` games on dates that do not overlap are not compared so:
  two players' one-game matches a month apart are two events;
* **nearly the same** -- the dates overlap (or the names are one), and at least :data:`NEAR_MIN`
  games and :data:`NEAR_SHARE` of the smaller event (or all of its games but
  one, when that is fewer) are alike, pair and result: a corrected re-send,
  or the first rounds imported before and now the whole event.

What is *not* one tournament: the same players' other round robin on the same
weekend (a round robin pairs the same players every time, and a Berger table
the same players in the same rounds: the results tell them apart, fewer than
:data:`NEAR_SHARE` of them alike), another
Swiss of the same club, or a side event whose few games are also in the main
one (fewer than :data:`NEAR_MIN` alike).  When such an event pairs the same
players on overlapping dates (:func:`resemblance`), the import says so, naming
the event it resembles: never silently one tournament, never silently two.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..systems.game_result import Result, parse_result

#: Nearly the same: at least this many games alike (pair and result) ...
NEAR_MIN = 3
#: ... and this share of the smaller event's games (or all of them but one, when that is fewer).
NEAR_SHARE = 0.8
#: The same games on dates that do not overlap: at least this many.
EXACT_MIN = 3

Pairing = tuple[Any, str, str]                  #: (round, player, opponent), player < opponent
Outcome = tuple[Any, str, str, float, bool]     #: a pairing with the first player's score and forfeit


def _pairings(games: Counter[Outcome]) -> Counter[Pairing]:
    out: Counter[Pairing] = Counter()
    for (rnd, a, b, _, _), n in games.items():
        out[(rnd, a, b)] += n
    return out


def _common(a: Counter[Any], b: Counter[Any]) -> int:
    """How many of ``a``'s and ``b``'s elements are alike (a multiset intersection's size), in one
    pass over the smaller."""
    small, big = (a, b) if len(a) <= len(b) else (b, a)
    return sum(min(n, big[k]) for k, n in small.items() if k in big)


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
    """An event's games as compared, and its dates (None: not known, which overlaps any)."""

    games: Counter[Outcome]
    start: dt.date | None = None
    end: dt.date | None = None

    @classmethod
    def of(cls, games: Iterable[tuple[Any, str, str, Any]], start: dt.date | None = None,
           end: dt.date | None = None) -> "Fingerprint":
        """From (round, player, opponent, result) -- a result as a sheet writes it or a :class:`Result`."""
        out: Counter[Outcome] = Counter()
        for rnd, a, b, result in games:
            r = result if isinstance(result, Result) else parse_result(result)
            score, forfeit = float(r.score), bool(r.forfeit)
            if b < a:
                a, b, score = b, a, 1.0 - score
            out[(_round(rnd), a, b, score, forfeit)] += 1
        return cls(out, start, end)

    def __len__(self) -> int:
        return self.size

    @cached_property
    def size(self) -> int:
        return sum(self.games.values())

    @cached_property
    def with_rounds(self) -> bool:
        return bool(self.games) and all(k[0] is not None for k in self.games)

    @cached_property
    def unrounded(self) -> Counter[Outcome]:
        """The games without their rounds."""
        out: Counter[Outcome] = Counter()
        for (_, a, b, score, forfeit), n in self.games.items():
            out[(None, a, b, score, forfeit)] += n
        return out

    @cached_property
    def pairs(self) -> Counter[Pairing]:
        """The games without their rounds and results: who played whom, how many times."""
        return _pairings(self.unrounded)

    def overlaps(self, other: "Fingerprint") -> bool:
        """Do the two events' dates overlap (an unknown date overlaps any)?"""
        if self.end is None or other.end is None:
            return True
        return (self.start or self.end) <= other.end and (other.start or other.end) <= self.end


@dataclass(frozen=True)
class Likeness:
    """Why two events are one tournament, and how many of their games are alike."""

    same_games: bool     #: every game alike (else: nearly the same)
    alike: int           #: games alike: the same pair (and round, when both have rounds) and result
    differ: int          #: games paired alike with another result
    ours: int            #: games of the first event (the source)
    theirs: int          #: games of the second (the one already there)
    rounds: bool         #: the games alike are in the same rounds too (both sides number every game's round)


def likeness(a: Fingerprint, b: Fingerprint, named: bool = False) -> Likeness | None:
    """Are ``a`` and ``b`` one tournament? None: two tournaments.  ``named``: the two have one
    name (a re-send that corrects the dates too): nearly the same games count whatever the dates."""
    if not a.games or not b.games:
        return None
    mine, theirs = a.unrounded, b.unrounded
    rounds = a.with_rounds and b.with_rounds
    if len(a) == len(b) and mine == theirs:
        if len(a) < EXACT_MIN and not (named or a.overlaps(b)):
            return None
        return Likeness(True, len(a), 0, len(a), len(b), rounds and a.games == b.games)
    if not (named or a.overlaps(b)):       # dates apart: only the same games are one tournament
        return None
    alike = _common(mine, theirs)
    smaller = min(len(a), len(b))
    if alike < NEAR_MIN or alike < min(NEAR_SHARE * smaller, smaller - 1):
        return None
    paired = _common(a.pairs, b.pairs)
    return Likeness(False, alike, paired - alike, len(a), len(b), rounds and _common(a.games, b.games) == alike)


def resemblance(a: Fingerprint, b: Fingerprint) -> Likeness | None:
    """Two tournaments that look alike -- dates that overlap, and the pairings of one tournament
    (at least :data:`NEAR_MIN` games and :data:`NEAR_SHARE` of the smaller pair the same players)
    but fewer results alike than :func:`likeness` asks: the same players' other round robin of a
    weekend, or a re-send with many results changed.  Imported as another tournament, and said."""
    if not a.games or not b.games or not a.overlaps(b):
        return None
    paired = _common(a.pairs, b.pairs)
    if paired < NEAR_MIN or paired < NEAR_SHARE * min(len(a), len(b)) or likeness(a, b) is not None:
        return None
    alike = _common(a.unrounded, b.unrounded)
    return Likeness(False, alike, paired - alike, len(a), len(b), False)


__all__ = ["EXACT_MIN", "Fingerprint", "Likeness", "NEAR_MIN", "NEAR_SHARE", "likeness", "resemblance"]
