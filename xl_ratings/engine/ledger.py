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
from ..i18n.labels import header_key, sheet_key
from ..systems.base import State, System, ledger_fields
from ..systems.period import Period
from ..systems.ranks import Rank, parse_rank
from ..files.names import backup_name
from .fingerprint import canon as _canon
from .cells import blank, date1904_of, to_date

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
    inputs: str | None = None       #: fingerprint of the records behind this row

    @classmethod
    def of(cls, period: Period, pid: str, name: str, old: float | None, state: State,
           inputs: str | None = None) -> "Entry":
        new = state.rating
        return cls(period, pid, name, old, state, None if new is None or old is None else new - old, inputs)


def as_stored(v: Any) -> Any:
    """A float as the workbook file stores it (16 significant digits), so that
    a period chained in memory starts exactly where a period restarted from
    the saved History would."""
    return float("%.16g" % v) if isinstance(v, float) else v


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

    # ------------------------------------------------------------------ changes
    def record(self, period: Period, entries: Sequence[Entry]) -> None:
        """Replace ``period``'s rows with ``entries`` (stored as the file stores them)."""
        kept = [e for e in self.entries if e.period.label != period.label]
        self.entries = kept + [self._stored(e) for e in entries]

    @staticmethod
    def _stored(e: Entry) -> Entry:
        st = e.state
        values = {f.name: as_stored(getattr(st, f.name)) for f in dataclasses.fields(st)}
        return Entry(e.period, e.id, e.name, as_stored(e.old), type(st)(**values), as_stored(e.change), e.inputs)

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

        The ``inputs`` cell holds the records' fingerprint and a seal of the
        row's own values (and of how many rows its period has): a History
        edited or cut by hand is found when read (:meth:`parse`)."""
        out = []
        counts = Counter(e.period.label for e in self.entries)
        for e in sorted(self.entries, key=lambda x: (x.period.end, x.id)):
            st = e.state
            rec: dict[str, Any] = {
                "period": e.period.label, "start": e.period.start, "end": e.period.end, "id": e.id,
                "name": e.name, "old": e.old, "new": st.rating, "change": e.change,
                "status": st.status, "games": st.games, "events": st.events, "peak": st.peak,
                "period_games": st.period_games}
            for f in ledger_fields(self.system.state_type):
                rec[f.name] = getattr(st, f.name)
            rec[INPUTS] = f"{e.inputs or ''}:R{seal(e, counts[e.period.label])}"
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
                         date1904_of(tables) if date1904 is None else date1904, rerate_from)

    @classmethod
    def parse(cls, table: Sequence[Sequence[Any]], system: System, file: str | None = None,
              sheet: str = "History", date1904: bool = False, rerate_from: str | None = None) -> "Ledger":
        rows = [list(r) for r in table]
        if not rows:
            return cls(system)
        extra = {f.name: f for f in ledger_fields(system.state_type)}
        known = set(COMMON) | set(extra) | {INPUTS}
        keys: dict[int, str] = {}
        for j, h in enumerate(rows[0]):
            if blank(h):
                break   # the chart data stands to the right of a blank column
            k = header_key(h, known)
            if k:
                keys[j] = k
        if not {"period", "id", "new"} <= set(keys.values()):
            raise InputErrors([RatingInputError(
                "the History sheet is not a ledger written by xl-ratings (columns period, id, new missing); "
                "rename or delete it", where=Where(file, sheet, 1))])
        entries: list[Entry] = []
        seals: list[tuple[str | None, int]] = []
        errors: list[RatingInputError] = []
        for i, r in enumerate(rows[1:], start=2):
            rec = {k: (r[j] if j < len(r) else None) for j, k in keys.items()}
            if blank(rec.get("period")) or blank(rec.get("id")):
                continue
            try:
                entry, sealed = _entry(rec, system, extra, date1904)
                entries.append(entry)
                seals.append((sealed, i))
            except RatingInputError as e:
                errors.append(RatingInputError(e.problem, value=e.value, where=Where(file, sheet, i, e.where.column)))
        if errors:
            raise InputErrors(errors)
        unsealed: set[str] = set()
        kept = _verified(entries, seals, file, sheet, _from_start(system, entries, rerate_from), unsealed)
        return cls(system, kept, unsealed)


_SEALED: dict[type, tuple[str, ...]] = {}     # a state type's sealed fields, in order


def seal(e: Entry, rows_in_period: int) -> str:
    """A digest of a History row's values (not its name) and of its period's row count."""
    st = e.state
    names = _SEALED.get(type(st))
    if names is None:
        names = _SEALED[type(st)] = tuple(f.name for f in dataclasses.fields(st) if f.name != "period_end")
    values = [e.period.label, e.period.start, e.period.end, e.id, e.old, e.change, rows_in_period] + \
        [getattr(st, n) for n in names]
    text = "|".join(_canon(v.ordinal if isinstance(v, Rank) else v) for v in values)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()


def _from_start(system: System, entries: Sequence[Entry], label: str | None) -> dt.date | None:
    """The first day of the processed period ``label`` (``--from``), if the History has it."""
    if label is None:
        return None
    try:
        label = system.calendar.parse(label, system.name).label
    except RatingInputError:
        return None
    return next((e.period.start for e in entries if e.period.label == label), None)


def _verified(entries: list[Entry], seals: list[tuple[str | None, int]], file: str | None,
              sheet: str, rerated_from: dt.date | None = None,
              unsealed: set[str] | None = None) -> list[Entry]:
    """The entries, or a refusal when a row is not as xl-ratings wrote it (edited, or rows cut);
    rows of the periods about to be re-rated (from ``rerated_from`` on) are let through."""
    counts = Counter(e.period.label for e in entries)
    bad: dict[str, list[int]] = defaultdict(list)
    for e, (sealed, row) in zip(entries, seals):
        if sealed is not None and sealed != seal(e, counts[e.period.label]):
            if rerated_from is not None and e.period.start >= rerated_from:
                if unsealed is not None:
                    unsealed.add(e.period.label)    # re-rated: let through, remembered
                continue
            bad[e.period.label].append(row)
    if not bad:
        return entries
    errors = []
    backup = backup_name(file or "BOOK.xlsx")
    for label, rows in bad.items():
        shown = ", ".join(str(r) for r in rows[:8]) + (" …" if len(rows) > 8 else "")
        errors.append(RatingInputError(
            f"the History's rows of {label} are not as xl-ratings wrote them (row{'s' if len(rows) > 1 else ''} {shown}: edited, or rows of "
            f"the period deleted, by hand?); undo the edit (the backup {backup} holds an earlier "
            f"version), or re-rate that period from its records with --from {label}",
            where=Where(file, sheet, rows[0]),
            problem_zh=f"History 中 {label} 的记录与程序写入的不符（第 {shown} 行，被手工修改或删除？）；"
                       f"请撤销修改（备份文件 {backup} 保存着较早的版本），或用 --from {label} 重新计算"))
    raise InputErrors(errors)


def _num(v: Any) -> float | None:
    if blank(v):
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        try:
            return float(str(v).strip())
        except ValueError:
            raise RatingInputError("must be a number", value=v) from None
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
           date1904: bool = False) -> tuple[Entry, str | None]:
    """The row as an entry, and its seal (None in a History from before seals)."""
    start, end = to_date(rec.get("start"), date1904), to_date(rec.get("end"), date1904)
    if start is None or end is None:
        raise RatingInputError("start and end dates are needed")
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
    inputs, _, sealed = ("" if blank(rec.get(INPUTS)) else str(rec[INPUTS]).strip()).partition(":R")
    return Entry(Period(start, end, label), pid, "" if blank(rec.get("name")) else str(rec["name"]),
                 _num(rec.get("old")), system.state_type(**values), _num(rec.get("change")),
                 inputs or None), sealed or None
