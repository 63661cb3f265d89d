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
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputErrors, RatingInputError, Where
from ..files.names import backup_name
from ..i18n.catalogue import run as M
from ..i18n.catalogue import sheets as S
from ..i18n.labels import header_key, sheet_key
from ..systems.base import State, System, ledger_fields
from ..systems.period import Period
from ..systems.ranks import Rank, parse_rank
from .cells import blank, date1904_of, to_date, to_ident
from .fingerprint import DIGITS, canon, canon12, fingerprint_of, parts, rounded

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
        kept = [e for e in self.entries if e.period.label != period.label]
        self.entries = kept + [self._stored(e) for e in entries]

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
        out = []
        ids: dict[str, list[str]] = defaultdict(list)
        for e in self.entries:
            ids[e.period.label].append(e.id)
        digest = {label: members(v) for label, v in ids.items()}
        extra = [f.name for f in ledger_fields(self.system.state_type)]
        for e in sorted(self.entries, key=lambda x: (x.period.end, x.id)):
            st = e.state
            rec: dict[str, Any] = {
                "period": e.period.label, "start": e.period.start, "end": e.period.end, "id": e.id,
                "name": e.name, "old": e.old, "new": st.rating, "change": e.change,
                "status": st.status, "games": st.games, "events": st.events, "peak": st.peak,
                "period_games": st.period_games}
            for name in extra:
                rec[name] = getattr(st, name)
            rec[INPUTS] = ":".join(x for x in (e.inputs, seal(e, digest[e.period.label])) if x)
            out.append(rec)
        return out

    @classmethod
    def from_tables(cls, tables: Mapping[str, Sequence[Sequence[Any]]], system: System,
                    file: str | None = None, date1904: bool | None = None,
                    rerate_from: str | None = None) -> "Ledger":
        """The History sheet of a workbook (an empty ledger when there is none).

        ``date1904``: serial numbers count from 1904 (default: what ``tables`` says).
        ``rerate_from``: the periods from this one on are about to be computed again
        (``--from``): rows of theirs that are not as xl-ratings wrote them are let
        through (they will be replaced); earlier ones are still refused."""
        name = next((n for n in tables if sheet_key(n) == "History"), None)
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
        for i, r in enumerate(rows[1:], start=2):
            rec = {k: (r[j] if j < len(r) else None) for j, k in keys.items()}
            if blank(rec.get("period")) or blank(rec.get("id")):
                continue
            try:
                entries.append(_entry(rec, system, extra, date1904))
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
    keys: dict[int, str] = {}
    for j, h in enumerate(header):
        if blank(h):
            break
        k = header_key(h, known)
        if k and k not in keys.values():
            keys[j] = k
    if not {"period", "id", "new"} <= set(keys.values()):
        raise InputErrors([RatingInputError(M.HISTORY_NOT_LEDGER(), where=Where(file, sheet, 1))])
    return keys


# --------------------------------------------------------------------------- seals
_SEALED: dict[type, tuple[str, ...]] = {}     # a state type's sealed fields, in order


def _sealed_values(e: Entry) -> list[Any]:
    st = e.state
    names = _SEALED.get(type(st))
    if names is None:
        names = _SEALED[type(st)] = tuple(f.name for f in dataclasses.fields(st) if f.name != "period_end")
    return [getattr(st, n) for n in names]


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
        for e, p, (cell, row) in zip(entries, split, self.cells):
            label = e.period.label
            if "Z" in p:
                ok = p["Z"] == seal(e, digest[label])
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
    name = next((n for n in tables if sheet_key(n) == "Players"), None)
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
        return to_date(v, date1904)
    if t.startswith("Rank"):
        return parse_rank(v)
    return str(v)


def _entry(rec: dict[str, Any], system: System, extra: Mapping[str, dataclasses.Field[Any]],
           date1904: bool = False) -> Entry:
    """The row as an entry (its ``inputs``: the fingerprint, without the seal)."""
    start, end = to_date(rec.get("start"), date1904), to_date(rec.get("end"), date1904)
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
    for name, f in extra.items():
        if name in rec:
            values[name] = _field_value(f, rec[name], date1904)
    label = str(rec["period"]).strip()
    inputs = fingerprint_of(None if blank(rec.get(INPUTS)) else str(rec[INPUTS]))
    return Entry(Period(start, end, label), pid, "" if blank(rec.get("name")) else str(rec["name"]),
                 _num(rec.get("old")), system.state_type(**values), _num(rec.get("change")), inputs)
