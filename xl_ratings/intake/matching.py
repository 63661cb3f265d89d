"""Who an imported player is: one person, one player (FORMATS.md "Matching players").

An imported player is the workbook's player

1. whose federation id, EGF PIN or FIDE id the source carries -- when the
   names have something in common (a spelling, one character, the Latin
   name our lists give); an id naming someone else entirely is a question;
2. the Identities sheet remembers for this spelling and club (an earlier answer);
3. whose name and club are the same, compared in their canonical form
   (:mod:`xl_ratings.i18n.canonical`) and clubs through the Clubs sheet
   (:mod:`xl_ratings.engine.clubs`: ``KLN`` is ``九龍棋社``);
4. else the one the officer named (``--match NAME=ID``), or nobody's (``--new
   NAME``): an answer is for a player the import could not match by itself
   (:mod:`.answers`), never for one it did.

One candidate with the name and the club: matched.  The same name in another
club only, or several candidates: the import stops and asks
(:class:`Found` with ``candidates``).  No candidate: a new player -- and the
workbook's players one character (CJK) or a small edit (Latin) away, in the
same club or of the same rank, are pointed out (:meth:`Matcher.near`).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import defaultdict
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.cells import blank
from ..engine.clubs import Clubs
from ..engine.identity import Extras, derived_fide_ids, derived_pins, no_id
from ..engine.inputs import Rows, find_table
from ..errors import RatingInputError, Where
from ..engine.latin import fold_ascii, latin_name, published_forms
from ..i18n.canonical import canonical, club_key, doubtful, edit_distance, is_cjk, loose_keys, name_keys
from ..i18n.catalogue import imports as M
from ..systems.ranks import Rank, parse_rank
from ..systems.records import Records
from .answers import Answers
from ..importers.model import ImportedPlayer

#: A source's rating this close to a player's (whose Latin name it writes) makes them a question.
LATIN_RATING_GAP = 100

#: Players columns that identify a player across federations (kept when the sheet has them).
ID_COLUMNS = ("federation_id", "egf_pin", "fide_id")


# --------------------------------------------------------------------------- the Identities sheet
@dataclass(frozen=True)
class Remembered:
    """One row of the Identities sheet: this spelling, from this club, is that player."""

    spelling: str
    club: str
    id: str
    row: int


def read_identities(tables: Mapping[str, Sequence[Sequence[Any]]], file: str | None,
                    problems: list[RatingInputError]) -> list[Remembered]:
    """The officer's earlier answers (the Identities sheet; none without it)."""
    found = find_table(tables, "Identities")
    if found is None:
        return []
    rows = Rows("Identities", found[1], file, problems)
    out = []
    for i, rec in rows.records:
        spelling, club = rows.text(rec, "spelling"), rows.text(rec, "club")
        pid = rows.ident(i, rec, "id") if not blank(rec.get("id")) else None
        if spelling and pid:
            out.append(Remembered(spelling, club, pid, i))
    return out


# --------------------------------------------------------------------------- the match
@dataclass(frozen=True)
class Found:
    """What matching says of one imported player."""

    pid: str | None                         #: the workbook's (or this import's) player; None: new or ask
    how: str = ""                           #: answer | id | federation_id | egf_pin | fide_id | remembered | name | script | new
    candidates: tuple[str, ...] = ()        #: ask the officer: these could be meant
    other_club: bool = False                #: the candidates are all of other clubs
    answered: bool = False                  #: the officer answered (remember it)
    id_named: str = ""                      #: the player a source id names, whose name is another (ask)
    fits: tuple[str, ...] = ()              #: a Latin name's candidates: what else they have in common (ask)
    fit_of: tuple[tuple[str, ...], ...] = ()  #: the same, per candidate (in the order of ``candidates``)


class Matcher:
    """The workbook's players, indexed for matching imported players."""

    def __init__(self, records: Records, id_values: Mapping[str, Mapping[str, str]], clubs: Clubs,
                 remembered: Sequence[Remembered], answers: Answers, file: str | None = None,
                 extras: Extras | None = None) -> None:
        self.records, self.clubs, self.answers, self.file = records, clubs, answers, file
        self.extras = extras
        self.by_column: dict[str, dict[str, list[str]]] = {col: defaultdict(list) for col in ID_COLUMNS}
        for pid, values in id_values.items():
            for col, v in values.items():
                if not no_id(v):      # an id of zeros or a "no id" mark ('-', '无', 'N/A'): no id
                    self.by_column[col][v].append(pid)
        if extras is not None:      # the numbers our rating lists gave players without their own
            for col, derived in (("egf_pin", derived_pins(extras)), ("fide_id", derived_fide_ids(extras))):
                for pid, number in derived.items():
                    if pid not in self.by_column[col].get(number, []):
                        self.by_column[col][number].append(pid)
        self.by_id = {pid.casefold(): pid for pid in records.players}   # SH007 = sh007 (the workbook refuses both)
        self.by_key: dict[str, list[str]] = defaultdict(list)
        self.by_loose: dict[str, list[str]] = defaultdict(list)     # a key in one script -> players
        #: does the source being matched give clubs (then a player's blank club is a hole, not "no clubs")?
        self.source_names_clubs = False
        self.keys: dict[str, frozenset[str]] = {}   # player -> name keys
        self.club: dict[str, str] = {}          # player -> club key
        self.rank: dict[str, Rank | None] = {}
        self.near_index = _NearIndex()
        for pid, p in records.players.items():
            self._index(pid, name_keys(p.name), self.clubs.key(p.club), p.rank)
        self.book_clubs = {self.club[pid] for pid in records.players} - {""}
        self.remembered: dict[tuple[str, str], Remembered] = {}
        self._latin: dict[str, list[str]] | None = None     # Latin name key -> players (made when needed)
        self.problems: list[RatingInputError] = []
        #: name key -> (name, id, how) of the source players matched without an answer
        self.by_themselves: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for r in remembered:
            self._remember(r)
        for a in answers.given:
            if a.pid is not None and not self.same_person_named(a.pid, a.name):
                self.problems.append(RatingInputError(M.ANSWER_OTHER_NAME(
                    answer=a.typed, id=a.pid, book_name=records.players[a.pid].name, name=a.name)))

    def latin_is(self, pid: str, name: str) -> bool:
        """Is ``name`` the Latin name our rating lists give player ``pid``, in any form the
        pairing programs write it back (``Long, Fang``, ``LONG Fang``, ``Long_Fang``, ``Fang Long``)?"""
        p = self.records.players.get(pid)
        if p is None:
            return False
        theirs = latin_keys(name)
        return any(latin_keys(f"{latin.surname}, {latin.given}" if latin.given else latin.surname) & theirs
                   for latin in published_forms(p.name, self.extras.get(pid, "latin_name") if self.extras else ""))

    def same_person_named(self, pid: str, name: str, surname: str | None = None) -> bool:
        """May ``name`` be player ``pid``'s name: a spelling in common, the other script where the
        folding is ambiguous (钟伟 / 鍾偉), one character (or a small edit) apart, or the Latin name
        our lists give?  (Not: a name entirely different.)"""
        theirs = self.keys.get(pid, frozenset())
        ours = name_keys(name, surname)
        return bool(theirs & ours) or doubtful(ours, theirs) or any(near_names(a, b) for a in ours for b in theirs) \
            or self.latin_is(pid, name)

    def _index(self, pid: str, keys: frozenset[str], club: str, rank: Rank | None) -> None:
        for k in keys:
            self.by_key[k].append(pid)
        for k in loose_keys(keys):
            self.by_loose[k].append(pid)
        self.keys[pid], self.club[pid], self.rank[pid] = keys, club, rank
        self.near_index.add(pid, keys, club, rank)

    def _remember(self, r: Remembered) -> None:
        where = Where(self.file, "Identities", r.row, "id")
        r = dataclasses.replace(r, id=self.by_id.get(r.id.casefold(), r.id))     # hk001 is HK001
        if r.id not in self.records.players:
            self.problems.append(RatingInputError(
                M.REMEMBERED_UNKNOWN_ID(spelling=r.spelling, club=r.club or "—", id=r.id), value=r.id, where=where))
            return
        for k in name_keys(r.spelling):
            first = self.remembered.setdefault((k, self.clubs.key(r.club)), r)
            if first.id != r.id:
                self.problems.append(RatingInputError(M.REMEMBERED_TWICE(
                    spelling=r.spelling, club=r.club or "—", other=first.id, row=first.row), value=r.id, where=where))
                return

    # ------------------------------------------------------------------ one player
    def club_of(self, p: ImportedPlayer) -> str:
        """The club a source player comes from, as written: the club column -- or a TRF's
        federation field when it holds a code of the Clubs sheet (a national event)."""
        if p.club:
            return p.club
        return p.country if p.country and self.clubs.find(p.country) is not None else ""

    def match(self, p: ImportedPlayer, exclude: Set[str] = frozenset()) -> Found:
        """Who ``p`` is; ``exclude``: players made new for other people of the same source.
        The officer's answer counts only where the import could not tell by itself."""
        keys = name_keys(p.name, p.surname)
        club = self.clubs.key(self.club_of(p))
        found = self._by_id(p)
        if found is None or found.candidates:
            r = next((r for k in keys if (r := self.remembered.get((k, club))) is not None), None)
            if r is not None:
                found = Found(r.id, "remembered")
        if found is None:
            found = self._by_name(keys, club, exclude)
            if found.pid is None and not found.candidates:
                found = self._by_latin(p, club, exclude)
        if found.pid is not None:
            for k in keys:
                self.by_themselves[k].append((p.name, found.pid, found.how))
            return found
        answer = self.answers.of(keys, club, self.clubs.key)
        if answer is None:
            return found
        self.answers.note(answer, p.name, self.club_of(p), p.source.describe())
        return Found(answer.pid, "answer" if answer.pid else "new", answered=True)

    def _by_name(self, keys: frozenset[str], club: str, exclude: Set[str]) -> Found:
        """The players of this name: one of the same club is matched; a club unknown on either
        side (a blank cell) is never agreement -- one namesake is matched only where nothing
        says otherwise (the workbook has no club for them, or the source gives no clubs at all)."""
        hits = sorted({pid for k in keys for pid in self.by_key.get(k, ()) if pid not in exclude})
        if not hits:
            return self._by_script(keys, exclude)
        same = [h for h in hits if club and self.club[h] == club]
        if len(same) == 1:
            return Found(same[0], "name")
        if len(same) > 1:
            return Found(None, "name", tuple(same))
        unknown = [h for h in hits if not club or not self.club[h]]      # a club unknown on either side
        if len(hits) == 1 and unknown and (club or not self.source_names_clubs):
            return Found(hits[0], "name")
        return Found(None, "name", tuple(hits), other_club=(not unknown) if club else len(hits) == 1)

    def _by_script(self, keys: frozenset[str], exclude: Set[str]) -> Found:
        """No spelling in common: the players whose name this may be in the other script, where
        the folding is ambiguous (钟伟 for 鍾偉 or 鐘偉): a question, never a match or a new player."""
        hits = sorted({pid for k in loose_keys(keys) for pid in self.by_loose.get(k, ())
                       if pid not in exclude and doubtful(keys, self.keys[pid])})
        return Found(None, "script", tuple(hits)) if hits else Found(None)

    def latin_hits(self, name: str, exclude: Set[str] = frozenset()) -> list[str]:
        """The workbook's players whose Latin name -- the latin_name column, or the pinyin our
        rating lists publish -- is ``name`` as a pairing program writes it back."""
        if self._latin is None:
            self._latin = defaultdict(list)
            for pid, p in self.records.players.items():
                given = self.extras.get(pid, "latin_name") if self.extras else ""
                keys: set[str] = set()
                for latin in published_forms(p.name, given):
                    keys |= latin_keys(f"{latin.surname}, {latin.given}" if latin.given else latin.surname)
                for k in keys:
                    self._latin[k].append(pid)
        # ``exclude`` grows with the source (the players matched so far): looked up, never copied
        return sorted({pid for k in latin_keys(name) for pid in self._latin.get(k, ()) if pid not in exclude})

    def _by_latin(self, p: ImportedPlayer, club: str, exclude: Set[str]) -> Found:
        """A name written as our rating lists write a player's (no other name matched): a question
        when the club, the rank or the rating fits too; else nobody (a possible match, :meth:`near`)."""
        hits = self.latin_hits(p.name, exclude)
        rank = source_rank(p)
        fit_of: list[tuple[str, ...]] = []
        for pid in hits:
            book = self.records.players[pid]
            fit_of.append(tuple(f for f, yes in (
                ("club", bool(club) and self.club[pid] == club),
                ("rank", rank is not None and self.rank[pid] == rank),
                ("rating", p.rating is not None and book.rating is not None
                 and abs(p.rating - book.rating) <= LATIN_RATING_GAP)) if yes))
        fits = tuple(dict.fromkeys(f for each in fit_of for f in each))
        if not fits:
            return Found(None)
        return Found(None, "latin", tuple(hits), fits=fits, fit_of=tuple(fit_of))

    def answer_problems(self) -> list[RatingInputError]:
        """Answers for nobody asked about (or for several clubs' players at once)."""
        return self.answers.problems(self.by_themselves)

    def remembers(self, p: ImportedPlayer, club: str, pid: str) -> bool:
        """Does the Identities sheet already say that ``p`` from ``club`` is ``pid``?"""
        key = self.clubs.key(club)
        return any(r.id == pid for k in name_keys(p.name, p.surname)
                   if (r := self.remembered.get((k, key))) is not None)

    def _by_id(self, p: ImportedPlayer) -> Found | None:
        """The player a source id names; a question when that player's name is another
        entirely (a club report's sample ids, a wrong id): the name's candidates beside it."""
        found: Found | None = None
        if p.federation_id and p.federation_id.strip().casefold() in self.by_id:
            found = Found(self.by_id[p.federation_id.strip().casefold()], "id")
        for col in ID_COLUMNS:
            value = getattr(p, col)
            if found is None and value:
                hits = self.by_column[col].get(str(value).strip(), [])
                if len(hits) == 1:
                    found = Found(hits[0], col)
                elif len(hits) > 1:
                    return Found(None, col, tuple(hits))
        if found is None or found.pid is None or self.same_person_named(found.pid, p.name, p.surname):
            return found
        keys = name_keys(p.name, p.surname)
        named = sorted(({pid for k in keys for pid in self.by_key.get(k, ())} | set(self.latin_hits(p.name)))
                       - {found.pid})
        return Found(None, found.how, (found.pid, *named), id_named=found.pid)

    def owner(self, column: str, value: str) -> str | None:
        """The workbook's player whose id (or ``column`` id) ``value`` is, if any."""
        v = str(value).strip()
        if column == "federation_id" and v.casefold() in self.by_id:
            return self.by_id[v.casefold()]
        hits = [pid for pid in self.by_column[column].get(v, []) if pid in self.records.players]
        return hits[0] if hits else None

    def add(self, pid: str, p: ImportedPlayer, rank: Rank | None) -> None:
        """A new player of this import, matched like the workbook's by the next sources."""
        self._index(pid, name_keys(p.name, p.surname), self.clubs.key(self.club_of(p)), rank)

    def same_name_and_club(self, p: ImportedPlayer) -> list[str]:
        """The workbook's players with ``p``'s name and club (a new player made so by an answer)."""
        club = self.clubs.key(self.club_of(p))
        return sorted({pid for k in name_keys(p.name, p.surname) for pid in self.by_key.get(k, ())
                       if pid in self.records.players and self.club[pid] == club})

    def known_club(self, club: str) -> bool:
        """Is ``club`` (as a source writes it) a club of the Clubs sheet or of the Players sheet?"""
        return self.clubs.find(club) is not None or club_key(club) in self.book_clubs

    def near(self, p: ImportedPlayer, rank: Rank | None) -> list[str]:
        """The workbook's players whose name is one character (CJK) or a small edit (Latin)
        away from ``p``'s, in the same club (any one character: 龙芬 / 龙芳) or of the same
        rank (:func:`near_names`): possible matches, not merged."""
        club = self.clubs.key(self.club_of(p))
        keys = name_keys(p.name, p.surname)
        out = [pid for pid in self.latin_hits(p.name) if pid in self.records.players]   # our lists' Latin name
        for pid in sorted(self.near_index.close(keys, club, rank) - set(out)):
            if pid not in self.records.players:
                continue
            if club and self.club[pid] == club:
                if any(near_in_club(a, b) for a in keys for b in self.keys[pid]):
                    out.append(pid)
            elif rank is not None and self.rank[pid] == rank \
                    and any(near_names(a, b) for a in keys for b in self.keys[pid]):
                out.append(pid)
        return out


def source_rank(p: ImportedPlayer) -> Rank | None:
    """The rank a source gives, when it reads as one."""
    try:
        return parse_rank(p.rank) if p.rank else None
    except RatingInputError:
        return None


# --------------------------------------------------------------------------- near misses
def near_names(a: str, b: str) -> bool:
    """Two canonical names that may be one person misspelt: CJK names one character
    apart (a two-character name only by a character of the same sound, the usual
    input-method slip: 林佑/林祐; a shorter one never); Latin names one edit apart
    (two from 8 characters on), or the same words in another order."""
    if a == b:
        return False
    if is_cjk(a) or is_cjk(b):
        if min(len(a), len(b)) < 2 or edit_distance(a, b, 1) > 1:
            return False
        return max(len(a), len(b)) > 2 or _same_sound(a, b)
    if sorted(a.split()) == sorted(b.split()):
        return True
    return edit_distance(a, b, 2 if min(len(a), len(b)) >= 8 else 1) <= (2 if min(len(a), len(b)) >= 8 else 1)


def near_in_club(a: str, b: str) -> bool:
    """Two canonical names of one club that may be one person misspelt: :func:`near_names`, or
    CJK names of two characters or more one character apart, whatever its sound (龙芬 / 龙芳:
    a slip of the hand, not of the ear)."""
    if near_names(a, b):
        return True
    return a != b and (is_cjk(a) or is_cjk(b)) and min(len(a), len(b)) >= 2 and edit_distance(a, b, 1) <= 1


def _same_sound(a: str, b: str) -> bool:
    """Two names of one length whose differing characters share a reading (tones aside)."""
    return all(x == y or _readings(x) & _readings(y) for x, y in zip(a, b))


@lru_cache(maxsize=8192)
def _readings(char: str) -> frozenset[str]:
    """The pinyin readings of a character without tones (pypinyin's character table only:
    its phrase tables are not needed, and take a second to load)."""
    from pypinyin.pinyin_dict import pinyin_dict

    text = pinyin_dict.get(ord(char), "")
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return frozenset(r for r in bare.split(",") if r)


class _NearIndex:
    """Names one edit apart, found without comparing every pair: each name is stored
    under itself and under each of its one-character deletions (two names within one
    edit share one of these), and under its words in order (the same words in another
    order).  Latin names of 8 characters or more may be two edits apart: each is cut
    into three parts and stored under each part, its place and its club (and rank) --
    a name two edits away keeps one part whole, shifted by two places at most (the
    pigeonhole) -- so that a club of 16,000 players is searched in time linear in its
    size, never each against each (:meth:`Matcher.near` keeps those of the same club
    or rank only)."""

    def __init__(self) -> None:
        self.deletions: dict[str, set[str]] = defaultdict(set)
        self.words: dict[str, set[str]] = defaultdict(set)
        self.parts: dict[tuple[int, int, str, int], set[str]] = defaultdict(set)
        self.group_no: dict[Any, int] = {}

    @staticmethod
    def _variants(key: str) -> set[str]:
        return {key} | {key[:i] + key[i + 1:] for i in range(len(key))}

    @staticmethod
    def _cuts(n: int) -> list[tuple[int, int]]:
        """A name of ``n`` characters in three parts: (start, length) of each."""
        size, longer = divmod(n, 3)
        cuts, at = [], 0
        for i in range(3):
            length = size + (1 if i >= 3 - longer else 0)
            cuts.append((at, length))
            at += length
        return cuts

    def _groups(self, club: str, rank: Rank | None) -> list[int]:
        """The club's and the rank's numbers (hashed once, not at every look-up)."""
        groups = ([("club", club)] if club else []) + ([("rank", rank)] if rank is not None else [])
        return [self.group_no.setdefault(g, len(self.group_no)) for g in groups]

    def add(self, pid: str, keys: frozenset[str], club: str, rank: Rank | None) -> None:
        groups = self._groups(club, rank)
        for key in keys:
            for v in self._variants(key):
                self.deletions[v].add(pid)
            if not is_cjk(key):
                self.words[" ".join(sorted(key.split()))].add(pid)
                if len(key) >= 8:
                    for i, (at, length) in enumerate(self._cuts(len(key))):
                        for group in groups:
                            self.parts[(len(key), i, key[at:at + length], group)].add(pid)

    def close(self, keys: frozenset[str], club: str, rank: Rank | None) -> set[str]:
        """Players that may be a near miss of ``keys`` (a superset: :func:`near_names` decides)."""
        out: set[str] = set()
        groups = self._groups(club, rank)
        for key in keys:
            for v in self._variants(key):
                out |= self.deletions.get(v, set())
            if not is_cjk(key):
                out |= self.words.get(" ".join(sorted(key.split())), set())
                if len(key) >= 8:
                    out |= self._two_edits(key, groups)
        return out

    def _two_edits(self, key: str, groups: list[int]) -> set[str]:
        """The names of 8 characters or more, of these groups, that keep a part of ``key`` whole."""
        out: set[str] = set()
        for n in range(max(8, len(key) - 2), len(key) + 3):
            for i, (at, length) in enumerate(self._cuts(n)):
                for start in range(max(0, at - 2), min(at + 2, len(key) - length) + 1):
                    part = key[start:start + length]
                    for group in groups:
                        out |= self.parts.get((n, i, part, group), set())
        return out


def latin_keys(name: str) -> frozenset[str]:
    """A Latin name's keys as the pairing programs write it: accents folded, underscores
    and hyphens as spaces, any case, ``Surname, Given`` or either order."""
    text = fold_ascii(name).replace("_", " ").replace("-", " ")
    keys = name_keys(text)
    if "," not in text:
        words = canonical(text).split()
        keys |= {" ".join(words[1:] + words[:1])} if len(words) > 1 else set()
    return frozenset(keys)


__all__ = ["Found", "ID_COLUMNS", "Matcher", "latin_keys", "near_in_club", "no_id", "Remembered", "read_identities", "source_rank"]
