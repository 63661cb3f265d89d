"""The ledger: the History sheet, typed.

Each processed period adds one row per player: the period, the player, the
rating before and after, and the :class:`~xl_ratings.systems.base.State`
the next period starts from -- the common fields and the typed fields the
system keeps (``System.state_type``).  This is the only module that parses
or lays out the History.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from hashlib import blake2b
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter
from typing import Any

from ..errors import InputErrors, RatingInputError, Where
from ..files.names import backup_name
from ..i18n.catalogue import run as M
from ..i18n.catalogue import sheets as S
from ..i18n.labels import header_key
from ..systems.base import State, System, ledger_fields
from ..systems.period import Period
from ..systems.ranks import Rank, parse_rank
from .cells import blank, column_twice, date1904_of, header_columns, history_date, sheet_named, to_ident
from .fingerprint import DIGITS, canon, canon12, canon12_column, fingerprint_of, parts, rounded

#: The columns every system's History has, in order (the system's own follow, then ``inputs``).
COMMON = ("period", "start", "end", "id", "name", "old", "new", "change", "status", "games", "events",
          "peak", "period_games")
#: The last column: the fingerprint of the records behind the row (:mod:`.fingerprint`).
INPUTS = "inputs"


@dataclass(frozen=True)
class Entry:
    """One History row: a player's record at the end of a period."""

    period: Period
    id: str
    name: str
    old: float | None
    state: State
    change: float | None = None     #: new − old, as computed before storing
    inputs: str | None = None       #: fingerprint of the records behind this row (without the seal)

    @classmethod
    def of(cls, period: Period, pid: str, name: str, old: float | None, state: State,
           inputs: str | None = None) -> "Entry":
        new = state.rating
        return cls(period, pid, name, old, state, None if new is None or old is None else new - old, inputs)


#: A float as the History stores it (12 significant digits: :func:`~.fingerprint.rounded`).
as_stored = rounded
_G12 = f".{DIGITS}g"       #: :func:`~.fingerprint.rounded`'s format
#: a state type's fields, in order, and whether it is a plain dataclass (:meth:`Ledger._stored`)
_FIELDS: dict[type, tuple[tuple[str, ...], bool]] = {}


class Ledger:
    """The History of one workbook: entries in period order."""

    def __init__(self, system: System, entries: Sequence[Entry] = (), unsealed: Iterable[str] = ()) -> None:
        self.system = system
        self.entries: list[Entry] = list(entries)
        #: periods whose rows are not as xl-ratings wrote them, let through to be re-rated
        #: (``--from``): their rows say nothing reliable about who was on the list
        self.unsealed: set[str] = set(unsealed)

    # ------------------------------------------------------------------ queries
    def periods(self) -> list[Period]:
        seen = {e.period.label: e.period for e in self.entries}
        return sorted(seen.values())

    def states_at(self, period: Period) -> dict[str, State]:
        """Each player's state at the end of ``period`` (``period_end`` set)."""
        return {e.id: dataclasses.replace(e.state, period_end=period.end)
                for e in self.entries if e.period.label == period.label}

    def entries_of(self, label: str) -> list[Entry]:
        return [e for e in self.entries if e.period.label == label]

    def gaps(self) -> list[tuple[Period, Period]]:
        """Pairs of periods with days between them that no period covers: the History is
        processed period after period, so a gap is the rows of a period deleted."""
        done = self.periods()
        return [(a, b) for a, b in zip(done, done[1:]) if a.end + dt.timedelta(days=1) < b.start]

    # ------------------------------------------------------------------ changes
    def record(self, period: Period, entries: Sequence[Entry]) -> None:
        """Replace ``period``'s rows with ``entries`` (stored as the file stores them)."""
        self.record_columns(period, [e.period for e in entries], [e.id for e in entries],
                            [e.name for e in entries], [e.old for e in entries], [e.state for e in entries],
                            [e.change for e in entries], [e.inputs for e in entries])

    def record_columns(self, period: Period, periods: Sequence[Period], ids: Sequence[str],
                       names: Sequence[str], olds: Sequence[float | None], states: Sequence[State],
                       changes: Sequence[float | None], inputs: Sequence[str | None]) -> None:
        """:meth:`record` from the rows' columns (``periods``: each row's period -- ``period``'s
        own, as :meth:`Entry.of` makes them): the entries stored (:meth:`_stored`) column by
        column, each float column rounded at once, without an entry made to be stored again."""
        kept = [e for e in self.entries if e.period.label != period.label]
        stored = _stored_states(states)
        new = object.__new__
        made = []
        for values in zip(periods, ids, names, _rounded_column(olds), stored, _rounded_column(changes), inputs):
            e = new(Entry)
            e.__dict__.update(zip(_ENTRY_FIELDS, values))
            made.append(e)
        self.entries = kept + made

    @staticmethod
    def _stored(e: Entry) -> Entry:
        st = e.state
        cls = st.__class__
        got = _FIELDS.get(cls)
        if got is None:
            fields = dataclasses.fields(st)
            # a plain dataclass (its __init__ only sets its fields): a copy is made without calling it
            plain = hasattr(st, "__dict__") and not hasattr(cls, "__post_init__") and all(f.init for f in fields)
            got = _FIELDS[cls] = (tuple(f.name for f in fields), plain)
        names, plain = got
        values: dict[str, Any] = {}
        for name in names:
            v = getattr(st, name)
            # as_stored, its common case written out: a float (not NaN) to 12 significant digits
            values[name] = (float(format(v, _G12)) if v == v else v) if v.__class__ is float else as_stored(v)
        if plain:
            stored = object.__new__(cls)
            stored.__dict__.update(values)
        else:
            stored = cls(**values)
        return Entry(e.period, e.id, e.name, as_stored(e.old), stored, as_stored(e.change), e.inputs)

    # ------------------------------------------------------------------ the sheet
    def columns(self) -> tuple[str, ...]:
        return COMMON + tuple(f.name for f in ledger_fields(self.system.state_type)) + (INPUTS,)

    def kinds(self) -> dict[str, str]:
        """Display kind of each History column (read by the view)."""
        out = {"start": "date", "end": "date", "old": "dec2", "new": "dec2", "change": "signed2",
               "peak": "dec2", "status": "status"}
        for f in ledger_fields(self.system.state_type):
            out[f.name] = str(f.metadata.get("kind", "text"))
        return out

    def internal(self) -> set[str]:
        """Columns kept for the next period's computation, not for reading."""
        return {f.name for f in ledger_fields(self.system.state_type) if f.metadata.get("internal")} | {INPUTS}

    def rows(self) -> list[dict[str, Any]]:
        """One dict per entry, keyed by column, sorted by period end then id.

        The ``inputs`` cell holds the records' fingerprint and the row's seal
        (:func:`seal`: its values, and who is on its period's list): a History
        edited, pasted over or cut by hand is found when read (:meth:`parse`)."""
        keys = self.columns()
        return [dict(zip(keys, values)) for values in zip(*self._columns_of_rows())]

    def table(self) -> list[list[Any]]:
        """:meth:`rows` as lists, the values in :meth:`columns`' order (what a sheet writes)."""
        return list(map(list, zip(*self._columns_of_rows())))

    def _columns_of_rows(self) -> list[list[Any]]:
        """The rows' values column by column, in :meth:`columns`' order (:func:`seals`: the seals
        of all rows at once)."""
        entries = self.entries
        ids: dict[str, list[str]] = defaultdict(list)
        for e in entries:
            ids[e.period.label].append(e.id)
        digest = {label: members(v) for label, v in ids.items()}
        order = sorted(range(len(entries)), key=list(zip(map(_END, entries), map(_ID, entries))).__getitem__)
        ordered = list(map(entries.__getitem__, order))
        sts = list(map(_STATE, ordered))
        periods = list(map(_PERIOD, ordered))
        columns: list[list[Any]] = [
            list(map(_LABEL, periods)), list(map(_START, periods)), list(map(_END_OF, periods)),
            list(map(_ID, ordered)), list(map(_NAME, ordered)), list(map(_OLD, ordered)),
            list(map(_RATING, sts)), list(map(_CHANGE, ordered))]
        columns += [list(map(attrgetter(name), sts)) for name in ("status", "games", "events", "peak", "period_games")]
        columns += [list(map(attrgetter(f.name), sts)) for f in ledger_fields(self.system.state_type)]
        columns.append([f"{i}:{z}" if i else z for i, z in zip(map(_INPUTS, ordered), seals(ordered, digest))])
        return columns

    @classmethod
    def from_tables(cls, tables: Mapping[str, Sequence[Sequence[Any]]], system: System,
                    file: str | None = None, date1904: bool | None = None,
                    rerate_from: str | None = None) -> "Ledger":
        """The History sheet of a workbook (an empty ledger when there is none).

        ``date1904``: serial numbers count from 1904 (default: what ``tables`` says).
        ``rerate_from``: the periods from this one on are about to be computed again
        (``--from``): rows of theirs that are not as xl-ratings wrote them are let
        through (they will be replaced); earlier ones are still refused."""
        name = sheet_named(tables, "History", file)
        if name is None:
            return cls(system)
        return cls.parse(tables[name], system, file, name,
                         date1904_of(tables) if date1904 is None else date1904, rerate_from, _player_ids(tables))

    @classmethod
    def parse(cls, table: Sequence[Sequence[Any]], system: System, file: str | None = None,
              sheet: str = "History", date1904: bool = False, rerate_from: str | None = None,
              players: Sequence[str] = ()) -> "Ledger":
        """The History's rows as entries, after the audit (:class:`_Audit`): rows edited, pasted,
        unsealed or cut, columns removed -- refused with the way out, unless the period is
        about to be re-rated (``rerate_from``); ``players``: the Players sheet's ids (whose row
        was deleted is found among them)."""
        rows = [list(r) for r in table]
        if not rows:
            return cls(system)
        keys = _header(rows[0], system, file, sheet)
        entries: list[Entry] = []
        cells: list[tuple[str, int]] = []           # (the raw inputs cell, the sheet row) of each entry
        errors: list[RatingInputError] = []
        extra = {f.name: f for f in ledger_fields(system.state_type)}
        seen = _Seen(extra)
        for i, r in enumerate(rows[1:], start=2):
            rec = {k: (r[j] if j < len(r) else None) for j, k in keys.items()}
            if blank(rec.get("period")) or blank(rec.get("id")):
                continue
            try:
                entries.append(_entry(rec, system, extra, date1904, seen))
                cells.append(("" if blank(rec.get(INPUTS)) else str(rec[INPUTS]).strip(), i))
            except RatingInputError as e:
                errors.append(RatingInputError(e.text, value=e.value, where=Where(file, sheet, i, e.where.column)))
        if errors:
            raise InputErrors(errors)
        ledger = cls(system, entries)
        missing = [c for c in ledger.columns() if c not in keys.values() and c != "name"]
        _Audit(ledger, cells, file, sheet, _from_start(system, rerate_from), players).run(missing)
        return ledger


def _header(header: Sequence[Any], system: System, file: str | None, sheet: str) -> dict[int, str]:
    """Column index -> ledger key, up to the first blank header (the chart data stands to the right)."""
    known = set(COMMON) | {f.name for f in ledger_fields(system.state_type)} | {INPUTS}
    keys, twice = header_columns(header, known, stop_at_blank=True)
    if twice:           # which column is the ledger's is not known: refused, both named
        raise InputErrors([column_twice(header, t, file, sheet) for t in twice])
    if not {"period", "id", "new"} <= set(keys.values()):
        raise InputErrors([RatingInputError(M.HISTORY_NOT_LEDGER(), where=Where(file, sheet, 1))])
    return keys


# --------------------------------------------------------------------------- seals
_SEALED: dict[type, tuple[str, ...]] = {}     # a state type's sealed fields, in order


def _sealed_names(st: State) -> tuple[str, ...]:
    names = _SEALED.get(type(st))
    if names is None:
        names = _SEALED[type(st)] = tuple(f.name for f in dataclasses.fields(st) if f.name != "period_end")
    return names


def _sealed_values(e: Entry) -> list[Any]:
    st = e.state
    return [getattr(st, n) for n in _sealed_names(st)]


def members(ids: Iterable[str]) -> str:
    """A digest of who is on a period's list (each row once): a row pasted over another
    player's, or cut, changes it."""
    return hashlib.blake2b("\n".join(sorted(ids)).encode("utf-8"), digest_size=8).hexdigest()


def seal(e: Entry, period_members: str) -> str:
    """The ``Z`` seal of a History row: its values as any spreadsheet writes them back
    (:func:`~.fingerprint.canon12`), its fingerprint, and who else is on its period's
    list -- not its name, which a typo fix may change."""
    values = [e.period.label, e.period.start, e.period.end, e.id, e.old, e.change] + _sealed_values(e) \
        + [e.inputs or "", period_members]
    text = "|".join(map(canon12, values))
    return "Z" + hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest()


def seals(entries: Sequence[Entry], digests: Mapping[str, str]) -> list[str]:
    """:func:`seal` of each of ``entries`` (``digests``: each period's :func:`members`, by label),
    column by column: each column's values written out at once (:func:`canon12_column`), one
    join and one hash a row -- the very seals :func:`seal` gives one row at a time."""
    if not entries:
        return []
    periods = list(map(_PERIOD, entries))
    labels = list(map(_LABEL, periods))
    columns = [canon12_column(labels), canon12_column(list(map(_START, periods))),
               canon12_column(list(map(_END_OF, periods))), canon12_column(list(map(_ID, entries))),
               canon12_column(list(map(_OLD, entries))), canon12_column(list(map(_CHANGE, entries)))]
    sts = list(map(_STATE, entries))
    by_type = set(map(type, sts))
    if len(by_type) == 1:
        names = _sealed_names(sts[0])
        columns += [canon12_column(list(map(attrgetter(n), sts))) for n in names]
    else:       # states of several types (cannot come from one ledger): row by row
        columns.append(["|".join(map(canon12, _sealed_values(e))) for e in entries])
    columns.append(canon12_column([e.inputs or "" for e in entries]))
    columns.append(list(map(digests.__getitem__, labels)))
    hashed = [blake2b(text, digest_size=6).hexdigest() for text in map(str.encode, map("|".join, zip(*columns)))]
    return ["Z" + h for h in hashed]


def _rounded_column(values: Sequence[Any]) -> list[Any]:
    """:func:`as_stored` of each value (a float column at once)."""
    types = set(map(type, values))
    if not any(issubclass(t, float) for t in types):        # no float: stored as it is
        return list(values)
    if types == {float}:
        texts = list(map(format, values, repeat(_G12)))
        if "nan" not in texts:                                   # NaN stays the very object
            return list(map(float, texts))
    return [(float(format(v, _G12)) if v == v else v) if v.__class__ is float else None if v is None
            else as_stored(v) for v in values]


def _stored_states(states: Sequence[State]) -> list[State]:
    """:meth:`Ledger._stored`'s copy of each state, column by column (states of one plain type)."""
    classes = set(map(type, states))
    if len(classes) != 1:
        return [Ledger._stored(Entry(_NO_PERIOD, "", "", None, st)).state for st in states]
    cls = classes.pop()
    got = _FIELDS.get(cls)
    if got is None:
        Ledger._stored(Entry(_NO_PERIOD, "", "", None, states[0]))
        got = _FIELDS[cls]
    names, plain = got
    columns = [_rounded_column(list(map(attrgetter(name), states))) for name in names]
    if not plain:
        return [cls(**dict(zip(names, values))) for values in zip(*columns)]
    new = object.__new__
    out: list[State] = []
    for values in zip(*columns):
        st: State = new(cls)
        st.__dict__.update(zip(names, values))
        out.append(st)
    return out


_NO_PERIOD = Period(dt.date.min, dt.date.min, "")
_ENTRY_FIELDS = tuple(f.name for f in dataclasses.fields(Entry))
_PERIOD, _STATE, _ID, _NAME, _OLD, _CHANGE, _INPUTS = (attrgetter(n) for n in (
    "period", "state", "id", "name", "old", "change", "inputs"))
_LABEL, _START, _END_OF, _RATING = attrgetter("label"), attrgetter("start"), attrgetter("end"), attrgetter("rating")
_END = attrgetter("period.end")


def legacy_seal(e: Entry, rows_in_period: int) -> str:
    """The ``R`` seal earlier versions wrote: exact values and the period's row count."""
    values = [e.period.label, e.period.start, e.period.end, e.id, e.old, e.change, rows_in_period] + _sealed_values(e)
    text = "|".join(canon(v.ordinal if isinstance(v, Rank) else v) for v in values)
    return "R" + hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()


def _from_start(system: System, label: str | None) -> dt.date | None:
    """The first day of the period ``label`` (``--from``): the rows from it on are re-rated."""
    if label is None:
        return None
    try:
        return system.calendar.parse(label, system.name).start
    except RatingInputError:
        return None


def _shown(rows: Sequence[int]) -> str:
    return ", ".join(str(r) for r in rows[:8]) + (" …" if len(rows) > 8 else "")


class _Audit:
    """Is the History as xl-ratings wrote it?  Every row sealed (when any is), each seal
    matching its row, each player once per period, every column there.  A period about to
    be re-rated (from ``rerated_from`` on) is let through, remembered in ``unsealed``."""

    def __init__(self, ledger: Ledger, cells: Sequence[tuple[str, int]], file: str | None, sheet: str,
                 rerated_from: dt.date | None, players: Sequence[str] = ()) -> None:
        self.ledger, self.cells, self.file, self.sheet = ledger, cells, file, sheet
        self.players = players
        self.rerated_from = rerated_from
        self.backup = backup_name(file or "BOOK.xlsx")
        self.errors: list[RatingInputError] = []

    def _let_through(self, period: Period) -> bool:
        if self.rerated_from is not None and period.start >= self.rerated_from:
            self.ledger.unsealed.add(period.label)
            return True
        return False

    def run(self, missing: Sequence[str]) -> None:
        entries = self.ledger.entries
        if not entries:
            return
        first = min(e.period for e in entries)
        if missing and not (self.rerated_from is not None and first.start >= self.rerated_from):
            self.errors.append(RatingInputError(
                M.HISTORY_COLUMNS_MISSING(columns=", ".join(missing), backup=self.backup, first=first.label),
                where=Where(self.file, self.sheet, 1)))
        self._twice()
        self._seals()
        if self.errors:
            raise InputErrors(self.errors)

    def _twice(self) -> None:
        rows: dict[tuple[str, str], list[int]] = defaultdict(list)
        period: dict[str, Period] = {}
        for e, (_, row) in zip(self.ledger.entries, self.cells):
            rows[(e.period.label, e.id)].append(row)
            period[e.period.label] = e.period
        for (label, pid), where in rows.items():
            if len(where) > 1 and not self._let_through(period[label]):
                self.errors.append(RatingInputError(
                    M.HISTORY_ROW_TWICE(player=pid, count=len(where), period=label, rows=_shown(where),
                                        backup=self.backup), where=Where(self.file, self.sheet, where[1])))

    def _seals(self) -> None:
        entries = self.ledger.entries
        split = [parts(cell) for cell, _ in self.cells]
        any_seal = any("Z" in p or "R" in p for p in split)
        counts = Counter(e.period.label for e in entries)
        ids: dict[str, list[str]] = defaultdict(list)
        for e in entries:
            ids[e.period.label].append(e.id)
        digest = {label: members(set(v)) if len(set(v)) == len(v) else "" for label, v in ids.items()}
        bad: dict[str, list[int]] = defaultdict(list)
        lost: dict[str, list[int]] = defaultdict(list)
        sealed = iter(seals([e for e, p in zip(entries, split) if "Z" in p], digest))   # in one go
        for e, p, (cell, row) in zip(entries, split, self.cells):
            label = e.period.label
            if "Z" in p:
                ok = p["Z"] == next(sealed)
            elif "R" in p:
                ok = p["R"] == legacy_seal(e, counts[label])
            else:
                ok = bool(cell) and not any_seal      # a History from before seals: fingerprints only
                if not ok:
                    lost[label].append(row)
                    continue
            if not ok:
                bad[label].append(row)
        period = {e.period.label: e.period for e in entries}
        twice = {label for label, v in ids.items() if len(set(v)) != len(v)}   # told by _twice: every seal fails
        for found, text in ((lost, M.HISTORY_ROWS_UNSEALED), (bad, M.HISTORY_ROWS_EDITED)):
            for label, rows in found.items():
                if self._let_through(period[label]) or (found is bad and label in twice):
                    continue
                gone = self._deleted(label, ids[label]) if found is bad and len(rows) == counts[label] else None
                if gone is not None:        # every seal fails, and all agree on who is missing
                    self.errors.append(RatingInputError(
                        M.HISTORY_ROW_DELETED(player=gone, period=label, rows=_shown(rows), backup=self.backup),
                        where=Where(self.file, self.sheet, rows[0])))
                else:
                    self.errors.append(RatingInputError(
                        text(period=label, rows=_shown(rows), backup=self.backup),
                        where=Where(self.file, self.sheet, rows[0])))

    def _deleted(self, label: str, ids: list[str]) -> str | None:
        """The one player whose row of period ``label`` was deleted: the player who, put back on
        the period's list, makes every row's seal right again (None: no one player does)."""
        sealed = [(e, parts(cell).get("Z")) for e, (cell, _) in zip(self.ledger.entries, self.cells)
                  if e.period.label == label]
        if not sealed or any(z is None for _, z in sealed):
            return None
        here = set(ids)
        others = dict.fromkeys([*self.players, *(e.id for e in self.ledger.entries)])
        first, z = sealed[0]
        for pid in others:
            if pid not in here and seal(first, members(here | {pid})) == z:
                digest = members(here | {pid})
                return pid if all(seal(e, digest) == zz for e, zz in sealed) else None
        return None


def _player_ids(tables: Mapping[str, Sequence[Sequence[Any]]]) -> list[str]:
    """The Players sheet's ids as written (those the sheet's reader refuses left out)."""
    name = sheet_named(tables, "Players")
    rows = tables.get(name, []) if name is not None else []
    head = next((k for k, r in enumerate(rows) if any(not blank(v) for v in r)), None)
    if head is None:
        return []
    col = next((j for j, h in enumerate(rows[head]) if header_key(h, {"id"}) == "id"), None)
    if col is None:
        return []
    out = []
    for r in rows[head + 1:]:
        if col < len(r) and not blank(r[col]):
            try:
                out.append(to_ident(r[col]))
            except RatingInputError:
                continue            # refused by the Players sheet's reader
    return out


def _num(v: Any) -> float | None:
    t = v.__class__
    if t is float:                  # the common cells first: a number (NaN: blank), a blank
        return v if v == v else None
    if v is None:
        return None
    if blank(v):
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        try:
            return float(str(v).strip())
        except ValueError:
            raise RatingInputError(S.CELL_NOT_A_NUMBER(), value=v) from None
    return float(v)


def _int(v: Any) -> int:
    n = _num(v)
    return 0 if n is None else int(n)


def _field_value(f: dataclasses.Field[Any], v: Any, date1904: bool = False) -> Any:
    """A ledger cell as the state field's type (int, float, date, text or rank)."""
    t = str(f.type)
    if blank(v):
        if "None" in t:
            return None
        if f.default is not dataclasses.MISSING:
            return f.default
        factory = f.default_factory
        if factory is dataclasses.MISSING:   # cannot happen: a State subclass's fields all have defaults
            raise AssertionError(f"ledger field {f.name} has no default")
        return factory()
    if t.startswith("int"):
        return _int(v)
    if t.startswith("float"):
        return _num(v)
    if t.startswith("dt.date"):
        return history_date(v, date1904)
    if t.startswith("Rank"):
        return parse_rank(v)
    return str(v)


class _Seen:
    """What the rows of one History share, worked out once: each distinct date cell as a date,
    each period, each system column's way of reading a cell (:func:`_field_value`)."""

    def __init__(self, extra: Mapping[str, dataclasses.Field[Any]]) -> None:
        self.dates: dict[tuple[type, Any], dt.date | None] = {}
        self.periods: dict[tuple[dt.date, dt.date, str], Period] = {}
        self.read = {name: _field_reader(f) for name, f in extra.items()}

    def date(self, v: Any, date1904: bool) -> dt.date | None:
        key = (v.__class__, v)
        try:
            day = self.dates.get(key)
        except TypeError:               # a cell value that is no key (none the readers give)
            return history_date(v, date1904)
        if day is None:
            day = history_date(v, date1904)
            self.dates[key] = day
        return day

    def period(self, start: dt.date, end: dt.date, label: str) -> Period:
        p = self.periods.get((start, end, label))
        if p is None:
            p = self.periods[(start, end, label)] = Period(start, end, label)
        return p


def _field_reader(f: dataclasses.Field[Any]) -> Callable[[Any, bool], Any]:
    """:func:`_field_value` for one field: its type's text read once."""
    t = str(f.type)
    as_type: Callable[[Any, bool], Any] = (
        (lambda v, d: _int(v)) if t.startswith("int") else (lambda v, d: _num(v)) if t.startswith("float")
        else history_date if t.startswith("dt.date") else (lambda v, d: parse_rank(v)) if t.startswith("Rank")
        else (lambda v, d: str(v)))
    if "None" in t:
        return lambda v, d: None if blank(v) else as_type(v, d)
    return lambda v, d: _field_value(f, v, d) if blank(v) else as_type(v, d)


def _entry(rec: dict[str, Any], system: System, extra: Mapping[str, dataclasses.Field[Any]],
           date1904: bool = False, seen: _Seen | None = None) -> Entry:
    """The row as an entry (its ``inputs``: the fingerprint, without the seal); ``seen``: what
    the History's rows share, worked out once."""
    seen = seen if seen is not None else _Seen(extra)
    start, end = seen.date(rec.get("start"), date1904), seen.date(rec.get("end"), date1904)
    if start is None or end is None:
        raise RatingInputError(S.START_END_NEEDED())
    pid = rec["id"]
    pid = str(int(pid)) if isinstance(pid, float) and pid.is_integer() else str(pid).strip()
    status = str(rec.get("status") or "active").split()[-1].lower()
    values: dict[str, Any] = {
        "rating": _num(rec.get("new")), "games": _int(rec.get("games")), "events": _int(rec.get("events")),
        "peak": _num(rec.get("peak")),
        "status": status if status in ("active", "inactive", "pending") else "active",
        "period_games": _int(rec.get("period_games")), "period_end": end}
    read = seen.read
    for name in extra:
        if name in rec:
            values[name] = read[name](rec[name], date1904)
    label = str(rec["period"]).strip()
    inputs = fingerprint_of(None if blank(rec.get(INPUTS)) else str(rec[INPUTS]))
    return Entry(seen.period(start, end, label), pid, "" if blank(rec.get("name")) else str(rec["name"]),
                 _num(rec.get("old")), system.state_type(**values), _num(rec.get("change")), inputs)
