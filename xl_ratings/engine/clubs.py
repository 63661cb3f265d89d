"""The federation's clubs: the ``Clubs`` sheet (``code``, ``name``, ``aliases``).

Pairing programs write a club as a code or an abbreviation (an h9 writes
``KLN`` for ``九龍棋社``); the workbook's Players write its name.  The Clubs
sheet says which is which: one row a club, its ``code``, its ``name`` (as
the Players sheet writes it) and its ``aliases`` (other spellings,
separated by ``;`` ``,`` ``、`` in either width).  Import matches players' clubs through it; the rating
list exports name a club by its code.  Every word is compared in its
canonical form (:func:`xl_ratings.i18n.canonical.club_key`: case, spaces,
full-width forms and simplified/traditional characters do not count).

Processing never reads this sheet; an optional sheet (a workbook without it
has no clubs, and every club is compared by its own spelling).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputErrors, RatingInputError
from ..i18n.canonical import club_key
from ..i18n.catalogue import sheets as M
from .inputs import Rows, find_table

#: What separates a club's aliases in one cell: ``;`` ``；`` ``、`` ``,`` ``，`` (and a line end).
ALIAS_SEPARATORS = re.compile(r"[;；、,，\n]+")


@dataclass(frozen=True)
class Club:
    """One row of the Clubs sheet."""

    code: str
    name: str
    aliases: tuple[str, ...]
    row: int


class Clubs:
    """The workbook's clubs, found by any of their words (code, name, alias)."""

    def __init__(self, clubs: Sequence[Club] = ()) -> None:
        self.clubs = list(clubs)
        self._by_word: dict[str, Club] = {}
        for c in self.clubs:
            for word in (c.code, c.name, *c.aliases):
                if club_key(word):
                    self._by_word.setdefault(club_key(word), c)

    def __bool__(self) -> bool:
        return bool(self.clubs)

    def find(self, text: str | None) -> Club | None:
        """The club ``text`` names (its code, name or an alias), or None."""
        return self._by_word.get(club_key(text)) if text else None

    def key(self, text: str | None) -> str:
        """The club ``text`` stands for, as compared: the Clubs row's name when a
        code, name or alias names one, else ``text`` itself (canonical); "" for none."""
        club = self.find(text)
        return club_key(club.name) if club is not None else club_key(text)

    def name(self, text: str) -> str:
        """The club's name as the workbook writes it (``KLN`` -> ``九龍棋社``); ``text`` when unknown."""
        club = self.find(text)
        return club.name if club is not None else text


def read_clubs(tables: Mapping[str, Sequence[Sequence[Any]]], file: str | None = None) -> Clubs:
    """The Clubs sheet of ``tables`` (no sheet: no clubs); raises InputErrors naming
    the row and column of every problem (a row without a name, a word naming two clubs)."""
    found = find_table(tables, "Clubs")
    if found is None:
        return Clubs()
    errors: list[RatingInputError] = []
    rows = Rows("Clubs", found[1], file, errors)
    clubs: list[Club] = []
    owner: dict[str, Club] = {}
    for i, rec in rows.records:
        code, name = rows.text(rec, "code"), rows.text(rec, "name")
        aliases = tuple(a.strip() for a in ALIAS_SEPARATORS.split(rows.text(rec, "aliases")) if a.strip())
        if not name:
            if code or aliases:
                rows.err(i, "name", M.CLUB_NEEDS_NAME(), None)
            continue
        club = Club(code, name, aliases, i)
        for column, words in (("code", (code,)), ("name", (name,)), ("aliases", aliases)):
            for word in words:
                first = owner.setdefault(club_key(word), club) if club_key(word) else club
                if first.row != i:
                    rows.err(i, column, M.CLUB_WORD_TWICE(word=word, club=first.name, row=first.row), word)
        clubs.append(club)
    if errors:
        raise InputErrors(errors)
    return Clubs(clubs)


__all__ = ["ALIAS_SEPARATORS", "Club", "Clubs", "read_clubs"]
