"""The officer's answers to the import's questions (``--match NAME=ID``, ``--new NAME``).

An answer is for the question the import asked: a source player it could not
match by itself (the same name in another club, several candidates, an id
naming someone else, a near miss).  It never changes a player the import
matched by itself (by id, the Identities sheet, or name and club): ``--new
龚军`` for the ``龚军`` of HKGA leaves the ``龔 軍`` of KLN matched to HK001.

An answer may name the club as the question shows it -- ``--match "龚军
(HKGA)=HK001"`` -- and must when one name is asked about in several clubs:
it then answers that (spelling, club) only, and that is what the Identities
sheet remembers.

``--match NAME=ID`` whose names differ entirely from player ID's (no
spelling in common, not one character apart, not the Latin name our lists
give) stops the import: a typo in the id would otherwise be remembered for
ever.  A name that really changed is written in the Identities sheet by the
officer's own hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import RatingInputError
from ..i18n.canonical import name_keys
from ..i18n.catalogue import imports as M
from ..systems.records import Records

#: ``NAME (CLUB)`` or ``NAME（CLUB）``: an answer naming the club asked about.
_WITH_CLUB = re.compile(r"^(?P<name>.*?)\s*[(（](?P<club>[^()（）]*)[)）]\s*$")


@dataclass(frozen=True)
class Answer:
    """One answer: the source name (and club) it is for, and the player (None: a new one)."""

    typed: str                  #: as the officer gave it ("--match 龚军=HK001")
    option: str                 #: --match | --new
    name: str                   #: the source name, as typed
    club: str                   #: the club as typed ("": any club)
    pid: str | None             #: the workbook's player; None for --new

    @property
    def keys(self) -> frozenset[str]:
        return name_keys(self.name)


@dataclass
class Answers:
    """Every answer of one command, found by a source player's name keys and club."""

    given: list[Answer] = field(default_factory=list)
    #: answer -> the (name, club key, where) of the source players it answered
    fits: dict[Answer, list[tuple[str, str, str]]] = field(default_factory=dict)

    @classmethod
    def read(cls, match: Iterable[str], new: Iterable[str], records: Records,
             problems: list[RatingInputError]) -> "Answers":
        out = cls()
        ids = {pid.casefold(): pid for pid in records.players}
        for text in match:
            name, eq, pid = (part.strip() for part in str(text).rpartition("="))
            if not eq or not name or not pid:
                problems.append(RatingInputError(M.ANSWER_FORM(), value=text))
                continue
            pid = ids.get(pid.casefold(), pid)        # hk001 is HK001, as ids are compared elsewhere
            if pid not in records.players:
                problems.append(RatingInputError(M.ANSWER_UNKNOWN_ID(name=name, id=pid), value=text))
                continue
            out._add(Answer(f"--match {name}={pid}", "--match", *_name_and_club(name), pid), problems)
        for text in new:
            name = str(text).strip()
            if not name:
                problems.append(RatingInputError(M.ANSWER_NEW_EMPTY(), value=text))
                continue
            out._add(Answer(f"--new {name}", "--new", *_name_and_club(name), None), problems)
        return out

    def _add(self, answer: Answer, problems: list[RatingInputError]) -> None:
        for other in self.given:
            if other.keys & answer.keys and other.club == answer.club and other.typed != answer.typed:
                problems.append(RatingInputError(M.ANSWER_TWICE(name=answer.name,
                                                                answers=f"{other.typed}; {answer.typed}"),
                                                 value=answer.name))
                return
        if answer.typed not in {a.typed for a in self.given}:
            self.given.append(answer)

    def of(self, keys: frozenset[str], club: str, club_key: Callable[[str], str]) -> Answer | None:
        """The answer for a source player with these name keys from ``club`` (its key):
        one naming this club first, else one for any club."""
        fitting = [a for a in self.given if a.keys & keys and (not a.club or _club(a.club, club_key) == club)]
        fitting.sort(key=lambda a: not a.club)
        return fitting[0] if fitting else None

    def note(self, answer: Answer, name: str, club: str, where: str) -> None:
        """``answer`` answered the source player ``name`` of ``club`` (at ``where``)."""
        self.fits.setdefault(answer, []).append((name, club, where))

    def while_asking(self, players: Iterable[tuple[frozenset[str], str]], club_key: Callable[[str], str],
                     asked: Iterable[str]) -> list[RatingInputError]:
        """While questions are open: the answers that can answer none of them -- a name (or a
        club) no source player has, a typo -- and those fitting several clubs' players, said at
        once, not after the questions (``players``: every source player's name keys and club key)."""
        players = list(players)
        out = self.several_clubs()
        shown = "; ".join(dict.fromkeys(asked)) or "—"
        for a in self.given:
            if self.fits.get(a) or any(a.keys & keys and (not a.club or _club(a.club, club_key) == club)
                                       for keys, club in players):
                continue
            out.append(RatingInputError(M.ANSWER_NAMES_NOBODY_ASKED(
                answer=a.typed, name=a.name, club=f" ({a.club})" if a.club else "", asked=shown), value=a.name))
        return out

    def several_clubs(self) -> list[RatingInputError]:
        """Answers given without the club that fit players of several clubs."""
        out = []
        for a in self.given:
            fits = self.fits.get(a, [])
            if len({club for _, club, _ in fits}) > 1:
                listed = "; ".join(f"{name} ({club or '—'}, {where})" for name, club, where in fits)
                out.append(RatingInputError(M.ANSWER_SEVERAL_CLUBS(answer=a.typed, players=listed, name=a.name),
                                            value=a.name))
        return out

    def problems(self, matched: dict[str, list[tuple[str, str, str]]]) -> list[RatingInputError]:
        """Answers that name nobody asked about, or several (spelling, club)s at once.
        ``matched``: name key -> (name, id, how) of the source players matched by themselves."""
        out = self.several_clubs()
        for a in self.given:
            if not self.fits.get(a):
                auto = [m for k in a.keys for m in matched.get(k, [])]
                if auto:
                    listed = "; ".join(f"{name} → {pid} ({how})" for name, pid, how in auto)
                    out.append(RatingInputError(M.ANSWER_NOT_ASKED(answer=a.typed, players=listed), value=a.name))
                else:
                    out.append(RatingInputError(M.ANSWER_NAMES_NOBODY(option=a.option, name=a.name),
                                                value=a.name))
        return out


def _club(typed: str, club_key: Callable[[str], str]) -> str:
    """The key of a club as an answer names it ("—", as the questions show no club: none)."""
    return "" if typed.strip() in ("—", "-", "–") else club_key(typed)


def _name_and_club(text: str) -> tuple[str, str]:
    """``龚军 (HKGA)`` -> (``龚军``, ``HKGA``); ``龚军`` -> (``龚军``, "")."""
    m = _WITH_CLUB.match(text)
    if m and m.group("name").strip() and m.group("club").strip():
        return m.group("name").strip(), m.group("club").strip()
    return text, ""


__all__ = ["Answer", "Answers"]
