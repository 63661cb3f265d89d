"""Fingerprints of the records behind each player's result in a period.

The History keeps, on every row, a short digest of what that player's
result was computed from: the rating parameters, the player's Players row,
the player's games of the period (as the sheet has them), the events they
were played in, and the player's awards and points.  A later run recomputes
the digests of the periods already processed; one that differs means a
record of that period changed after it was published -- the run says which
period, which players, and how to re-rate it (``--from``), and never goes on
silently.

The History cell is a list of parts joined by ``:``, each named by its first
letter (:func:`parts`), so that every format ever written is still compared
in its own terms:

* ``X<hex>`` -- the rating parameters the Settings give (:func:`params_digest`):
  only what changes numbers -- the federation's name, or a value typed
  differently (25 or 25.0), is not in it;
* ``Y<hex>`` -- the player's records, numbers as any client writes them back
  (:func:`canon12`: LibreOffice keeps 15 significant digits, Excel 17);
* ``Z<hex>`` -- the row's seal (:mod:`.ledger`).

Earlier versions wrote ``S<hex>`` (the Settings sheet's text, every key),
``P<hex>`` (records with names) or ``Q<hex>`` (records, exact numbers) and
``R<hex>`` (a seal of exact values): read and compared as written.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import zlib
from hashlib import blake2b
from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import groupby, repeat
from functools import partial
from operator import attrgetter, is_, itemgetter, methodcaller
from typing import Any

from ..systems.period import Period
from ..systems.ranks import Rank
from ..systems.records import Records

#: significant digits a number keeps in a seal or a fingerprint: every spreadsheet keeps at least 15
DIGITS = 12


def canon(v: Any) -> str:
    """A cell value the same way whatever read it (calamine, openpyxl, xlwings): 3.0 -> 3
    (exact: the format of the ``Q`` fingerprints and ``R`` seals)."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, str):
        return v.strip()
    return "" if v is None else str(v)


def canon12(v: Any) -> str:
    """A value as any spreadsheet program writes it back: a number to 12 significant
    digits (1272.130705178243 and LibreOffice's 1272.13070517824 are one value), a
    date as a date, a rank as its ordinal, text without outer spaces."""
    t = v.__class__                         # the common types first: a History has a million cells
    if t is float:
        if v != v:
            return "nan"
        return "0" if v == 0 else format(v, _G12)
    if t is str:
        return str(v.strip())
    if t is int:
        return str(v)
    if v is None:
        return ""
    if t is dt.date:
        return str(v.isoformat())
    if t is bool:
        return "1" if v else "0"
    if isinstance(v, dt.datetime):
        return v.date().isoformat() if v.time() == dt.time() else v.isoformat()
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, Rank):
        return f"rank{v.ordinal}"
    if isinstance(v, (tuple, list)):
        return "(" + ",".join(canon12(x) for x in v) + ")"
    if isinstance(v, (int, float)):          # subclasses (NumPy's, IntEnum)
        return canon12(float(v)) if isinstance(v, float) else str(int(v))
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return type(v).__name__ + canon12(tuple(getattr(v, f.name) for f in dataclasses.fields(v) if f.compare))
    return str(v)


_G12 = f".{DIGITS}g"


def canon12_column(values: Sequence[Any]) -> list[str]:
    """:func:`canon12` of each value, the common columns (every value, blanks aside, a float, a
    text, a whole number or a date) at C speed."""
    types = set(map(type, values))
    blank = type(None) in types
    types.discard(type(None))
    if not types:
        return [""] * len(values)
    if len(types) != 1:
        return list(map(canon12, values))
    t = types.pop()
    if t is float:                                             # NaN: "nan", as canon12
        texts = ["" if v is None else format(v, _G12) for v in values] if blank else \
            list(map(format, values, repeat(_G12)))
        if "-0" in texts:       # canon12 writes -0.0 as 0
            texts = ["0" if x == "-0" else x for x in texts]
        return texts
    write = _WRITE.get(t)
    if write is None:
        return list(map(canon12, values))
    return ["" if v is None else write(v) for v in values] if blank else list(map(write, values))


#: canon12 of a type's values, as it writes them (:func:`canon12_column`)
_WRITE: dict[type, Any] = {str: str.strip, int: str, dt.date: dt.date.isoformat}


def rounded(v: Any) -> Any:
    """A float as the History stores it: :data:`DIGITS` significant digits, so that a
    period chained in memory starts exactly where one restarted from the saved
    History would -- whichever program saved it since."""
    return float(format(v, f".{DIGITS}g")) if isinstance(v, float) and v == v else v


def _digest(text: str, size: int = 6) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=size).hexdigest()


#: Settings left out of the ``S`` part (earlier versions): ``country`` came after it, and
#: ``federation`` was in it -- compared as written.  (The ``X`` part holds only parameters.)
NOT_RATING = ("_rows", "country")


def settings_digest(settings: Mapping[str, Any]) -> str:
    """The ``S`` part of earlier versions: every Settings row as typed (but :data:`NOT_RATING`)."""
    items = sorted((str(k).strip(), canon(v)) for k, v in settings.items() if k not in NOT_RATING)
    return _digest(repr(items), 4)


def _is_mapping(value: Any) -> bool:
    """Is ``value`` a table looked up by its entries' keys -- a rank or a class to a value
    (``rank_standards``, ``rank_gor``, ``class_weights``) -- whose entries' order changes no
    number?  (A table keyed by numbers is put in the keys' order when read: already one order.)"""
    return (isinstance(value, tuple) and bool(value)
            and all(isinstance(e, tuple) and len(e) == 2 for e in value)
            and not any(isinstance(e[0], (int, float)) and not isinstance(e[0], bool) for e in value))


def _in_one_order(value: tuple[Any, ...], default: Any) -> tuple[Any, ...]:
    """A mapping table's entries in one order whatever the sheet's: the entries of the
    system's own table (``default``) in its order -- the order the templates and earlier
    versions' digests have -- then any other entries by their keys."""
    at = {canon12(e[0]): n for n, e in enumerate(default)} if _is_mapping(default) else {}
    return tuple(sorted(value, key=lambda e: (0, at[canon12(e[0])], "") if canon12(e[0]) in at
                        else (1, 0, canon12(e[0]))))


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


def params_digest(system: str, params: Any, as_read: bool = False) -> str:
    """The ``X`` part: the parameters the numbers are computed with (fields that take
    part in comparisons; derived tables left out), not how the Settings spell them.

    A mapping table (:func:`_is_mapping`) is taken in one order (:func:`_in_one_order`):
    sorting its entries on the sheet (Data ▸ Sort) changes no number, so no digest.
    ``as_read``: the entries in the order read, as versions up to 0.5.0 computed it -- a
    History row written then is compared with that too (:meth:`Fingerprints.changed`)."""
    fields = [f for f in dataclasses.fields(params) if f.compare]

    def value(f: dataclasses.Field[Any]) -> Any:
        v = getattr(params, f.name)
        return v if as_read or not _is_mapping(v) else _in_one_order(v, _default(f))

    text = system + "|" + "|".join(f"{f.name}={canon12(value(f))}" for f in fields)
    return "X" + _digest(text, 4)


def _h64(text: str) -> int:
    """A 64-bit hash of one line: two CRC-32s from two seeds (fast, stable across runs and machines)."""
    data = text.encode("utf-8")
    return (zlib.crc32(data) << 32) | zlib.crc32(data, 0x5BD1E995)


class _Written(dict):  # type: ignore[type-arg]
    """Each distinct value written out once, when first met (``map(w.__getitem__, column)`` at C
    speed): equal values (3, 3.0) are written as the first of them met -- as a dict filled in the
    games' order writes them."""

    def __init__(self, write: Any) -> None:
        super().__init__()
        self.write = write

    def __missing__(self, key: Any) -> str:
        text = self[key] = self.write(key)
        return str(text)


def period_digests(records: Records, period: Period, kind: str = "Y", settings: str | None = None) -> dict[str, str]:
    """Each player's fingerprint for ``period`` (``X…:Y…``): what the numbers are computed
    from -- not the player's name or club, nor the event's name, which a typo fix may
    change without re-rating anything.  ``kind``: the player part's format -- ``Y``
    (numbers to 12 digits), or an earlier one to compare the rows written with it:
    ``Q`` (exact numbers), ``P`` (names included); ``settings``: the settings part to
    put before it (default: the ``S`` part of the earlier formats).

    Each game (and award, points entry) is hashed once; a player's games are
    combined by a sum of their hashes (order does not count, a repeated game
    does), so that 100,000 games cost one pass.  The games are taken column-wise:
    each distinct date, round and result written out once, the lines' two CRC-32s
    computed by ``map`` (the very lines and sums of one game at a time: the digests are
    stored in published History sheets and must never move)."""
    legacy = kind == "P"
    num = canon12 if kind == "Y" else repr
    events = records.events
    mask = (1 << 64) - 1
    contains = period.contains
    in_period = {eid for eid, e in events.items() if contains(e.end)}
    games = records.games
    columns = tuple(zip(*games))[:7]       # the games' columns, at once
    if columns and not in_period.issuperset(columns[0]):     # games of other periods' events: by their date
        day_in = {d: contains(d) for d in set(columns[1])}
        games = [g for g in games if g[0] in in_period or day_in[g[1]]]
        columns = tuple(zip(*games))[:7]
    games_sum: dict[str, int] = defaultdict(int)
    used_events: dict[str, set[str]] = defaultdict(set)
    ran: list[str] = []         # the events of the games, one per run of rows
    if columns:
        events_col, days_col, rounds_col, players_col, opponents_col, results, handicaps = columns
        days, rounds = _Written(_iso), _Written(canon)   # equal rounds (3, 3.0) are written alike
        texts = (events_col, map(days.__getitem__, days_col), map(rounds.__getitem__, rounds_col),
                 players_col, opponents_col, _by_identity(results, _result_text), _by_identity(handicaps, "{}".format))
        try:
            lines = list(map(str.encode, map("|".join, zip(*texts))))
        except TypeError:   # ids that are not text (records made by hand): written as an f-string writes them
            texts = (events_col, map(days.__getitem__, days_col), map(rounds.__getitem__, rounds_col),
                     players_col, opponents_col, _by_identity(results, _result_text), _by_identity(handicaps, "{}".format))
            lines = [f"{ev}|{d}|{rd}|{a}|{b}|{r}|{hc}".encode() for ev, d, rd, a, b, r, hc in zip(*texts)]
        # the second CRC-32 (seeded) from the first: for one length, the two differ by one constant
        for a, b, hi, d in zip(players_col, opponents_col, map(zlib.crc32, lines),
                               map(_SEEDED.__getitem__, map(len, lines))):
            h = (hi << 32) | (hi ^ d)
            games_sum[a] += h
            games_sum[b] += h
        # the events each player played in: the games of one event lie together (one set per run of rows)
        at = 0
        for ev, run in groupby(events_col):
            ran.append(ev)
            n = len(tuple(run))
            here = set(players_col[at:at + n])
            here.update(opponents_col[at:at + n])
            any(map(set.add, map(used_events.__getitem__, here), repeat(ev)))
            at += n
    for award in records.awards:
        if award.date is None or contains(award.date):
            games_sum[award.player] += _h64(f"award|{award.award}|{award.date}")
    for e in records.points:
        if contains(e.date):
            games_sum[e.player] += _h64(f"points|{e.date}|{e.kind}|{num(e.points)}")
    s = settings if settings is not None else "S" + settings_digest(records.settings)
    event_text = {eid: repr((e.id, e.name if legacy else None, e.start, e.end, e.format, e.cls or "A", e.level,
                             e.champion)) for eid, e in events.items()}
    players = list(records.players.values())
    if kind == "Y":      # the players' records column by column, the numbers written at once
        cols = [list(map(attrgetter(name), players)) for name in _RECORD]
        for k in (1, 2, 5, 8):
            cols[k] = canon12_column(cols[k])
        recs: Any = map(repr, zip(*cols))
    else:
        recs = (repr((p.name if legacy else None, p.sex, p.club if legacy else None, p.rank, p.rating, p.games,
                      p.events, p.peak, p.title, p.member, p.rif, p.wins)) for p in players)
    pids = list(records.players)
    none: set[str] = set()
    if event_text.keys() >= set(ran):       # every event known (always, but in records made by hand)
        evs = ["\n".join(map(event_text.__getitem__, sorted(used_events.get(pid, none)))) for pid in pids]
    else:
        evs = ["\n".join([event_text[x] for x in sorted(used_events.get(pid, none)) if x in event_text])
               for pid in pids]
    totals = map(int.__and__, map(games_sum.get, pids, repeat(0)), repeat(mask))
    digested = map(str.encode, map("{}|{}|{}".format, recs, totals, evs))     # f"{rec!r}|{total & mask}|{evs}"
    out = dict(zip(pids, map(f"{s}:{kind}".__add__,
                             map(_HEX, map(_DIGEST6, digested)))))        # _digest(text) of each
    return out


def _iso(d: dt.date) -> str:
    return d.isoformat()


def _result_text(r: Any) -> str:
    return f"{r.score}|{r.forfeit}"


def _by_identity(values: Sequence[Any], write: Any) -> Any:
    """Each value written out (``write``) once per object -- by identity: -0.0 equals 0.0 but is
    written otherwise (the objects live in the games, so their ids stay theirs); one object
    throughout (a blank handicap column) written once."""
    if not values:
        return values
    first = values[0]
    if all(map(is_, values, repeat(first))):
        return repeat(write(first), len(values))
    of = dict(zip(map(id, values), values))
    text = {i: write(v) for i, v in of.items()}
    return map(text.__getitem__, map(id, values))


class _Seeded(dict):  # type: ignore[type-arg]
    """Length -> ``crc32(line, SEED) ^ crc32(line)``: CRC-32 is affine, so two CRCs of one line from
    two starting values differ by what the two starts give over as many zero bytes -- a constant for
    each length (the second of :func:`_h64`'s CRCs, without a second pass over the lines)."""

    def __missing__(self, n: int) -> int:
        zeros = bytes(n)
        d = self[n] = zlib.crc32(zeros, _SEED) ^ zlib.crc32(zeros)
        return d


_SEED = 0x5BD1E995
_DIGEST6, _HEX = partial(blake2b, digest_size=6), methodcaller("hexdigest")
#: the fields of a player's record in the ``Y`` part, in order
_RECORD = ("sex", "rank", "rating", "games", "events", "peak", "title", "member", "rif", "wins")
_SEEDED = _Seeded()


_EVENT, _DAY, _ROUND, _PLAYER, _OPPONENT, _RESULT, _HANDICAP = (itemgetter(k) for k in range(7))


def parts(cell: str | None) -> dict[str, str]:
    """The parts of a History ``inputs`` cell by their letter: ``{"X": "X1a2b…", "Y": …, "Z": …}``."""
    out: dict[str, str] = {}
    for part in (cell or "").strip().split(":"):
        part = part.strip()
        if part and part[0] in "PQRSXYZ" and part[0] not in out:
            out[part[0]] = part
    return out


def fingerprint_of(cell: str | None) -> str | None:
    """The fingerprint parts of a History cell (settings and player), without the seal."""
    p = parts(cell)
    kept = [p[k] for k in "SXPQY" if k in p]
    return ":".join(kept) or None


class Fingerprints:
    """A period's fingerprints from the records as they are now, computed when asked, in
    the format each History row was written in (rows of the first format are compared
    with names included, rows before the ``Y`` format with exact numbers)."""

    def __init__(self, records: Records, period: Period, params: Any = None) -> None:
        self.records, self.period, self.params = records, period, params
        self._by_kind: dict[str, dict[str, str]] = {}
        self._x: str | None = None
        self._x_read: str | None = None
        self._s: str | None = None

    def _settings(self) -> str:
        """The ``X`` part now (computed once)."""
        if self._x is None:
            params = self.params
            if params is None:
                params = self.params = self.records.params
            self._x = params_digest(self.records.system.name, params)
        return self._x

    def _settings_as_read(self) -> str:
        """The ``X`` part now with the tables' entries in the order read (computed once): what
        versions up to 0.5.0 wrote, equal to :meth:`_settings` unless a mapping table's entries
        are in another order than the system's own table."""
        if self._x_read is None:
            self._settings()
            self._x_read = params_digest(self.records.system.name, self.params, as_read=True)
        return self._x_read

    def _legacy_settings(self) -> str:
        """The ``S`` part now (computed once)."""
        if self._s is None:
            self._s = "S" + settings_digest(self.records.settings)
        return self._s

    def _of(self, kind: str) -> dict[str, str]:
        if kind not in self._by_kind:
            settings = self._settings() if kind == "Y" else self._legacy_settings()
            self._by_kind[kind] = period_digests(self.records, self.period, kind, settings)
        return self._by_kind[kind]

    @property
    def now(self) -> dict[str, str]:
        """The fingerprints to write."""
        return self._of("Y")

    def changed(self, pid: str, stored: str | None) -> str | None:
        """Why ``pid``'s records differ from those ``stored`` was written from (see :func:`differs`):
        also ``deleted`` when the player is no longer in the Players sheet."""
        p = parts(stored)
        kind = next((k for k in "YQP" if k in p), None)
        if kind is None:
            return None
        if pid not in self.records.players:
            return "deleted"
        now = self._of(kind).get(pid)
        if now is None:
            return None
        # the settings part is compared in its own format too
        # (an ``X`` written by 0.5.0 or earlier took a mapping table's entries in the sheet's order)
        settings = self._legacy_settings() if "X" not in p else \
            self._settings() if p["X"] == self._settings() or p["X"] != self._settings_as_read() \
            else self._settings_as_read()
        return differs(fingerprint_of(stored), settings + ":" + now.split(":", 1)[1])


def differs(stored: str | None, now: str | None) -> str | None:
    """Why two fingerprints differ: ``settings``, ``records``, or None if they
    agree (or the History has none: a ledger from before fingerprints)."""
    if not stored or now is None or stored == now:
        return None
    s_old, _, p_old = stored.partition(":")
    s_new, _, p_new = now.partition(":")
    if p_old != p_new:
        return "records"
    return "settings" if s_old != s_new else None
