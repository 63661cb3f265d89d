"""Input sheets (as tables of cell values) -> :class:`~xl_ratings.systems.records.Records`.

Validation reports *every* problem at once, each naming the sheet, row,
column and value (:class:`~xl_ratings.errors.InputErrors`).  The tables come
from calamine/openpyxl (command line) or from xlwings (one click); this
module never touches a file.
"""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputErrors, RatingInputError, Text, Where
from ..i18n.catalogue import sheets as M
from ..i18n.labels import SHEET_ALIASES, header_key, sheet_key
from ..systems import REGISTRY
from ..systems.game_result import parse_result
from ..systems.ranks import parse_rank
from ..systems.records import Award, Event, Game, Player, PointsEntry, Records
from .cells import (MAX_CELL_CHARS, blank, date1904_of, filled, sheet_number, sheet_names_of, to_date,
                    to_ident)
from .settings import params_from_settings

SheetCells = Sequence[Sequence[Any]]

COLUMNS = {
    "Settings": (("key", "value"), ("key", "value")),
    "Players": (("id", "name", "latin_name", "sex", "club", "rank", "rating", "games", "events", "peak",
                 "title", "member", "federation_id", "rif", "wins", "egf_pin", "fide_id"), ("id",)),
    "Events": (("event", "name", "start", "end", "format", "class", "level", "champion"),
               ("event", "end")),
    "Games": (("event", "date", "round", "player", "opponent", "result", "handicap"),
              ("event", "player", "opponent", "result")),
    "Awards": (("player", "award", "date"), ("player", "award")),
    "Points": (("player", "date", "kind", "points", "note"), ("player", "date", "kind", "points")),
    # read by import only (:mod:`.clubs`, :mod:`xl_ratings.importers.matching`), never by processing
    "Clubs": (("code", "name", "aliases"), ("name",)),
    "Identities": (("spelling", "club", "id", "source", "date"), ("spelling", "id")),
}
FORMATS = {"round_robin": "round_robin", "round-robin": "round_robin", "rr": "round_robin",
           "循环": "round_robin", "循环赛": "round_robin", "循環賽": "round_robin",
           "swiss": "swiss", "瑞士制": "swiss", "积分编排制": "swiss", "積分編排制": "swiss",
           "games": "games", "对局": "games", "對局": "games", "手合": "games", "": "round_robin"}
#: Handicap stones: a whole number, at most this many (negative: given).
MAX_STONES = 9
NOT_STONES = f"handicap must be a whole number of stones from -{MAX_STONES} to {MAX_STONES} (negative: gives)"
NO_ROUND_REPEAT = ("a pair meets at most once per round: the same pair already played on row {first} on this date, "
                   "and no round is given; give the round numbers, or delete the repeat")


class Rows:
    """One input sheet: its rows as dicts keyed by column key, with errors collected."""

    def __init__(self, name: str, table: SheetCells, file: str | None, errors: list[RatingInputError],
                 date1904: bool = False):
        self.name, self.file, self.errors = name, file, errors
        self.date1904 = date1904
        known, required = COLUMNS[name]
        self.raw: list[tuple[int, list[Any]]] = []
        self.keys: dict[int, str] = {}
        self._long_checked = False
        rows = table if isinstance(table, list) else [list(r) for r in table]
        start = 0
        while start < len(rows) and all(blank(v) for v in rows[start]):
            start += 1
        rows = rows[start:]
        if not rows:
            self.err(None, None, "the sheet is empty: the first row must hold the column names", None)
            return
        header = rows[0]
        self.keys = {}
        for j, h in enumerate(header):
            k = header_key(h, set(known))
            if k and k not in self.keys.values():
                self.keys[j] = k
        missing = [k for k in required if k not in self.keys.values()]
        for k in missing:
            self.err(1, k, f"required column '{k}' is missing (found: "
                           f"{', '.join(str(h) for h in header if not blank(h)) or 'nothing'})", None)
        # row numbers as the sheet shows them: the header is on row start + 1
        self.raw = [(i, r) for i, r in enumerate(rows[1:], start=start + 2)
                    if (r and r[0].__class__ is str and r[0] and not r[0].isspace()) or filled(r)]

    @property
    def records(self) -> list[tuple[int, dict[str, Any]]]:
        """Rows as dicts keyed by column key (for the small sheets); a text longer than a cell
        holds (a file not written by Excel) is a problem of its cell."""
        keys = self.keys
        out = [(i, {k: (r[j] if j < len(r) else None) for j, k in keys.items()}) for i, r in self.raw]
        if not self._long_checked:
            self._long_checked = True
            for i, rec in out:
                for k, v in rec.items():
                    if v.__class__ is str and len(v) > MAX_CELL_CHARS:
                        self.err(i, k, M.CELL_TOO_LONG(chars=f"{len(v):,}"), None)
        return out

    def column(self, key: str) -> int | None:
        return next((j for j, k in self.keys.items() if k == key), None)

    def err(self, row: int | None, column: str | None, problem: str | Text, value: Any) -> None:
        self.errors.append(RatingInputError(
            problem, value=shown_value(value), where=Where(self.file, self.name, row, column)))

    # --- typed cells ---------------------------------------------------------
    def text(self, rec: dict[str, Any], key: str) -> str:
        v = rec.get(key)
        if blank(v):
            return ""
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        return str(v).strip()

    def ident(self, row: int, rec: dict[str, Any], key: str) -> str | None:
        try:
            return to_ident(rec.get(key))
        except RatingInputError as e:
            self.err(row, key, e.text or e.problem, None)
            return None

    def number(self, row: int, rec: dict[str, Any], key: str, required: bool = False) -> float | None:
        v = rec.get(key)
        if blank(v):
            if required:
                self.err(row, key, "is empty", None)
            return None
        try:
            return sheet_number(v)
        except RatingInputError as e:
            self.err(row, key, e.problem, v)
            return None

    def count(self, row: int, rec: dict[str, Any], key: str) -> int | None:
        n = self.number(row, rec, key)
        if n is None:
            return None
        if n < 0 or not float(n).is_integer():
            self.err(row, key, "must be a whole number ≥ 0", rec.get(key))
            return None
        return int(n)

    def date(self, row: int, rec: dict[str, Any], key: str, required: bool = False) -> dt.date | None:
        v = rec.get(key)
        if blank(v):
            if required:
                self.err(row, key, "is empty: a date is needed", None)
            return None
        try:
            return to_date(v, self.date1904)
        except RatingInputError as e:
            self.err(row, key, e.problem, v)
            return None

    def rating(self, row: int, rec: dict[str, Any], key: str, bounds: tuple[float, float] | None,
               system: str) -> float | None:
        """A rating cell: a number within the system's range (``System.rating_range``)."""
        v = self.number(row, rec, key)
        if v is not None and bounds is not None and not bounds[0] <= v <= bounds[1]:
            lo, hi = (f"{int(b):,}" if float(b).is_integer() else f"{b:,}" for b in bounds)
            self.err(row, key, f"is not a possible {system} rating (from {lo} to {hi}); correct the typo", v)
            return None
        return v


def shown_value(v: Any) -> Any:
    """A cell value as a message quotes it: a long text cut (a cell may hold 32,767 characters)."""
    return v[:100] + "…" if isinstance(v, str) and len(v) > 120 else v


def _parse_each(values: Sequence[Any], parse: Callable[[Any], Any]) -> tuple[list[Any], bool]:
    """parse() of every value, computed once per distinct value; a value that
    cannot be parsed gives its RatingInputError in its place.  Also: was any bad?"""
    def one(v: Any) -> Any:
        try:
            return parse(v)
        except RatingInputError as e:
            return e
    uniq = set(values)
    if any(u.__class__ is bool for u in uniq):   # True == 1: keep the types apart
        typed = {k: one(k[1]) for k in set(zip(map(type, values), values))}
        return [typed[(type(v), v)] for v in values], any(
            isinstance(x, RatingInputError) for x in typed.values())
    plain = {u: one(u) for u in uniq}
    return [plain[v] for v in values], any(isinstance(x, RatingInputError) for x in plain.values())


def check_round(v: Any) -> Any:
    """A round cell: blank, a name ("final"), or a whole number from 1 -- never -1 or 1.5."""
    if blank(v) or isinstance(v, bool):
        return v
    if isinstance(v, str):
        try:
            n = float(v.strip())
        except ValueError:
            return v
    elif isinstance(v, (int, float)):
        n = float(v)
    else:
        return v
    if not (math.isfinite(n) and n.is_integer() and n >= 1):
        raise RatingInputError(M.ROUND_NOT_WHOLE())
    return v


def _read_games(gs: Rows, players: dict[str, Player], events: dict[str, Event],
                bad_events: set[Any]) -> list[Game]:
    """The Games sheet, the one big sheet: read column by column, each
    distinct value parsed once (ids, results and dates repeat thousands of
    times); every problem is still reported on its own row."""
    keys = COLUMNS["Games"][0]
    col = {k: gs.column(k) for k in keys}
    width = max(j for j in col.values() if j is not None) + 1
    rows = [r if len(r) >= width else list(r) + [None] * (width - len(r)) for _, r in gs.raw]
    index = [i for i, _ in gs.raw]
    columns = list(zip(*rows)) if rows else [()] * width
    return game_columns({k: columns[j] for k, j in col.items() if j is not None}, index, gs,
                        players, events, bad_events, gs.date1904)


def game_columns(data: Mapping[str, Sequence[Any]], index: Sequence[int], gs: "Rows | ColumnSheet",
                 players: dict[str, Player], events: dict[str, Event],
                 bad_events: Set[Any] = frozenset(), date1904: bool = False) -> list[Game]:
    """Validate and build the games from columns (``data``: column key -> values).

    Shared by the Games sheet and by CSV/Parquet game lists; problems are
    reported through ``gs.err`` with the sheet row in ``index``.
    """
    n = len(index)

    def values(key: str) -> Sequence[Any]:
        return data[key] if key in data else (None,) * n

    def parse_hcap(v: Any) -> float:
        h = sheet_number(v) or 0.0
        if not h.is_integer() or abs(h) > MAX_STONES:
            raise RatingInputError(NOT_STONES)
        return h

    def parse_date(v: Any) -> dt.date | None:
        return to_date(v, date1904)

    parsed: dict[str, list[Any]] = {}
    for key, fn in (("event", to_ident), ("player", to_ident), ("opponent", to_ident),
                    ("result", parse_result), ("date", parse_date), ("handicap", parse_hcap)):
        vals = values(key)
        out, any_bad = _parse_each(vals, fn)
        if any_bad:
            for pos in [k for k, x in enumerate(out) if isinstance(x, RatingInputError)]:
                gs.err(index[pos], key, out[pos].text or out[pos].problem, vals[pos])
                out[pos] = None
        parsed[key] = out
    rounds = values("round")
    checked, bad_round = _parse_each(rounds, check_round)
    if bad_round:
        for pos in [k for k, x in enumerate(checked) if isinstance(x, RatingInputError)]:
            gs.err(index[pos], "round", checked[pos].text or checked[pos].problem, rounds[pos])
    n_err = len(gs.errors)
    err = gs.err
    ev_ids, pl, op, res, days, hs = (parsed[k] for k in ("event", "player", "opponent", "result",
                                                          "date", "handicap"))
    evs = [events.get(e) if e else None for e in ev_ids]
    for k in [k for k, (e, ev) in enumerate(zip(ev_ids, evs)) if e and ev is None and e not in bad_events]:
        err(index[k], "event", "is not an event id of the Events sheet", ev_ids[k])
    for key, ids in (("player", pl), ("opponent", op)):
        unknown = {x for x in set(ids) if x and x not in players}
        for k in ([k for k, x in enumerate(ids) if x in unknown] if unknown else ()):
            err(index[k], key, "is not a player id of the Players sheet", ids[k])
    for k in [k for k, (a, b) in enumerate(zip(pl, op)) if a and a == b]:
        err(index[k], "opponent", "a player cannot play themself", op[k])
    days = [d if d is not None or ev is None else ev.end for d, ev in zip(days, evs)]
    for k in [k for k, (d, ev) in enumerate(zip(days, evs))
              if ev is not None and d is not None and (d > ev.end or (ev.start and d < ev.start))]:
        ev = evs[k]
        assert ev is not None   # chosen above for having an event
        err(index[k], "date", f"is outside the event's dates ({ev.start or '?'} … {ev.end})", days[k])
    rkey = [None if v == "" or (v.__class__ is str and v.isspace()) else v for v in rounds]
    # the same game twice: same event, round, date and pair.  Without a round,
    # a pair may meet twice a day in free play (club handicap games, online
    # play: format "games"), but not in a round robin or a Swiss event.
    paired = {e.id for e in events.values() if e.format in ("round_robin", "swiss")}
    no_round = object()
    keys = [((e, r, d, a, b) if a < b else (e, r, d, b, a)) if a and b and e and r is not None
            else ((e, no_round, d, a, b) if a < b else (e, no_round, d, b, a)) if a and b and e in paired
            else k
            for k, (e, r, d, a, b) in enumerate(zip(ev_ids, rkey, days, pl, op))]
    if len(set(keys)) != len(keys):   # the same game twice: find and report each repeat
        seen: dict[Any, int] = {}
        for k, game_key in enumerate(keys):
            first = seen.setdefault(game_key, index[k])
            if first != index[k]:
                a, b = pl[k], op[k]
                if rkey[k] is None:
                    err(index[k], "round", NO_ROUND_REPEAT.format(first=first), f"{a} – {b}")
                else:
                    err(index[k], "player", f"the same game is already on row {first}", f"{a} – {b}")
    if len(gs.errors) > n_err:   # report in row order
        gs.errors[n_err:] = sorted(gs.errors[n_err:], key=lambda e: e.where.row or 0)
    new = tuple.__new__   # Game(...) without the NamedTuple's Python-level __new__
    games = [new(Game, (e, d, rnd, a, b, r, h or 0.0, i))
             for i, e, ev, d, rnd, a, b, r, h in zip(index, ev_ids, evs, days, rounds, pl, op, res, hs)
             if ev is not None and a is not None and b is not None and r is not None and d is not None]
    return games


class ColumnSheet:
    """Error collection for a game list that is not a sheet (CSV, Parquet)."""

    def __init__(self, name: str, file: str | None, errors: list[RatingInputError]):
        self.name, self.file, self.errors = name, file, errors

    def err(self, row: int | None, column: str | None, problem: str | Text, value: Any) -> None:
        self.errors.append(RatingInputError(
            problem, value=shown_value(value), where=Where(self.file, self.name, row, column)))


def _table(tables: Mapping[str, SheetCells], key: str) -> tuple[str, SheetCells] | None:
    for name, t in tables.items():
        if sheet_key(name) == key:
            return name, t
    return None


def workbook_lang(tables: Mapping[str, SheetCells]) -> str:
    """The script the workbook's messages are told in: its system's (traditional Chinese
    for the Hong Kong GoR workbooks), from the ``system`` row of its Settings sheet;
    simplified when there is none."""
    from ..i18n import SIMPLIFIED
    from ..systems import REGISTRY

    found = _table(tables, "Settings")
    for row in found[1] if found is not None else ():
        if len(row) > 1 and str(row[0] or "").strip().lower() == "system":
            system = REGISTRY.get(str(row[1] or "").strip().lower())
            if system is not None:
                return system.lang
    return SIMPLIFIED


def accepted_names(key: str) -> str:
    """The names a sheet may have: "Games, 对局 or 對局" (case does not matter)."""
    names = [key] + [a for a in SHEET_ALIASES.get(key, ()) if a.lower() != key.lower()]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def missing_sheet(key: str, tables: Mapping[str, Any], file: str | None) -> RatingInputError:
    """A required sheet is missing: which sheets there are, and the names read as ``key``."""
    found = ", ".join(repr(n) for n in sheet_names_of(tables)) or "none"
    return RatingInputError(
        f"required sheet '{key}' is missing (sheets found: {found}; name a sheet {accepted_names(key)} "
        "-- case does not matter)", where=Where(file, key))


def read_settings(tables: Mapping[str, SheetCells], file: str | None,
                  errors: list[RatingInputError]) -> dict[str, Any]:
    found = _table(tables, "Settings")
    if found is None:
        errors.append(missing_sheet("Settings", tables, file))
        return {}
    rows = Rows("Settings", found[1], file, errors)
    settings: dict[str, Any] = {}
    at: dict[str, int] = {}
    for i, rec in rows.records:
        k = rows.text(rec, "key").strip()
        if not k:
            continue
        if k in at:         # which one counts? neither: the officer says
            errors.append(RatingInputError(M.SETTING_TWICE(key=k, first=at[k], row=i), value=k,
                                           where=Where(file, "Settings", i, "key")))
            continue
        settings[k] = rec.get("value")
        at[k] = settings.setdefault("_rows", {})[k] = i
    return settings




@dataclass
class _Reading:
    """One workbook being read: its tables, the problems found so far, its rulebook."""

    tables: Mapping[str, SheetCells]
    file: str | None
    d1904: bool
    errors: list[RatingInputError] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    system: str = ""
    rulebook: Any = None
    params: Any = None

    @property
    def bounds(self) -> tuple[float, float] | None:
        return self.rulebook.rating_range if self.rulebook is not None else None

    def sheet(self, key: str, optional: bool = False) -> Rows | None:
        found = _table(self.tables, key)
        if found is None:
            if not optional:
                self.errors.append(missing_sheet(key, self.tables, self.file))
            return None
        return Rows(key, found[1], self.file, self.errors, self.d1904)


def read_records(tables: Mapping[str, SheetCells], file: str | None = None,
                 game_list: tuple[Mapping[str, Sequence[Any]], Sequence[int], str] | None = None,
                 date1904: bool | None = None) -> Records:
    """Read and validate every input sheet; raise InputErrors listing all problems.

    ``game_list``: (columns, row numbers, file name) of a CSV/Parquet game
    list used instead of a Games sheet.  ``date1904``: serial numbers in date
    columns count from 1904 (default: what ``tables`` says,
    :class:`~.cells.Tables`).
    """
    r = _Reading(tables, file, date1904_of(tables) if date1904 is None else date1904)
    _read_rulebook(r)
    players = _read_players(r)
    events = _read_events(r, players)
    games = _read_game_rows(r, players, events, game_list)
    awards = _read_awards(r, players)
    points = _read_points(r, players)
    if r.errors:
        raise InputErrors(r.errors)
    return Records(r.system, r.settings, players, events, games, awards, points, file)


def _read_rulebook(r: _Reading) -> None:
    """The Settings: which rulebook, and its parameters."""
    r.settings = read_settings(r.tables, r.file, r.errors)
    r.system = str(r.settings.get("system") or "").strip().lower()
    r.rulebook = REGISTRY.get(r.system)
    if r.settings and r.rulebook is None:
        row = r.settings.get("_rows", {}).get("system")
        r.errors.append(RatingInputError(
            "Settings 'system' must be shanghai, gor, lianzhong or peng",
            value=r.settings.get("system"), where=Where(r.file, "Settings", row, "value")))
    if r.rulebook is not None:
        try:
            r.params = params_from_settings(r.rulebook, r.settings, r.file)
        except InputErrors as e:
            r.errors.extend(e.errors)


SEXES = {"M": "M", "男": "M", "MALE": "M", "F": "F", "女": "F", "FEMALE": "F", "W": "F", "": None}
MEMBER_WORDS = ("", "yes", "y", "true", "1", "是", "会员", "會員", "no", "n", "false", "0", "否")
NOT_MEMBER = ("no", "n", "false", "0", "否")


def _fresh(rows: Rows, key: str, seen: Mapping[str, Player | Event], what: str
           ) -> Iterator[tuple[int, dict[str, Any], str]]:
    """The rows of ``rows`` with an id (``key``) not seen before; a repeated id is a problem."""
    for i, rec in rows.records:
        ident = rows.ident(i, rec, key)
        if ident is None:
            continue
        if ident in seen:
            rows.err(i, key, f"duplicate {what} id (first on row {seen[ident].row})", ident)
            continue
        yield i, rec, ident


def _read_players(r: _Reading) -> dict[str, Player]:
    players: dict[str, Player] = {}
    ps = r.sheet("Players")
    if ps is None:
        return players
    bounds, system = r.bounds, r.system
    folded: dict[str, str] = {}     # an id without its case -> the id
    for i, rec, pid in _fresh(ps, "id", players, "player"):
        twin = folded.setdefault(pid.casefold(), pid)
        if twin != pid:     # SH007 and sh007 are one id to whoever reads a result file
            ps.err(i, "id", M.ID_DIFFERS_ONLY_IN_CASE(other=twin, row=players[twin].row), pid)
            continue
        sex = ps.text(rec, "sex").upper()
        if sex not in SEXES:
            ps.err(i, "sex", "must be M/F or 男/女", rec.get("sex"))
        rank = None
        if ps.text(rec, "rank"):
            try:
                rank = parse_rank(rec.get("rank"))
            except RatingInputError as e:
                ps.err(i, "rank", e.problem, rec.get("rank"))
        member_t = ps.text(rec, "member").lower()
        if member_t not in MEMBER_WORDS:
            ps.err(i, "member", "must be yes or no (是/否)", rec.get("member"))
        players[pid] = Player(
            id=pid, name=ps.text(rec, "name") or pid, sex=SEXES.get(sex), club=ps.text(rec, "club"),
            rank=rank, rating=ps.rating(i, rec, "rating", bounds, system), games=ps.count(i, rec, "games"),
            events=ps.count(i, rec, "events"), peak=ps.rating(i, rec, "peak", bounds, system),
            title=ps.text(rec, "title"),
            member=member_t not in NOT_MEMBER, rif=ps.rating(i, rec, "rif", bounds, system),
            wins=ps.count(i, rec, "wins"), row=i)
    return players


def _read_events(r: _Reading, players: Mapping[str, Player]) -> dict[str, Event]:
    rulebook, params = r.rulebook, r.params
    events: dict[str, Event] = {}
    es = r.sheet("Events")
    if es is None:
        return events
    for i, rec, eid in _fresh(es, "event", events, "event"):
        start, end = es.date(i, rec, "start"), es.date(i, rec, "end", required=True)
        fmt_t = es.text(rec, "format").lower()
        if fmt_t not in FORMATS:
            es.err(i, "format", "must be round_robin, swiss or games", rec.get("format"))
        if start and end and start > end:
            es.err(i, "start", f"the event starts after it ends ({end})", start)
        champ = es.text(rec, "champion")
        if end is None:
            continue
        event = Event(eid, es.text(rec, "name") or eid, start, end, FORMATS.get(fmt_t, "round_robin"),
                      es.text(rec, "class") or "A", es.text(rec, "level"), champ, i)
        if rulebook is not None and rulebook.check_event is not None and params is not None:
            try:   # a class or level the rulebook does not know: refused here, never guessed
                rulebook.check_event(event, params)
            except RatingInputError as e:
                es.err(i, e.where.column, e.problem, e.value)
        events[eid] = event
    for ev in events.values():
        if ev.champion and ev.champion not in players:
            es.err(ev.row, "champion", "is not a player id of the Players sheet", ev.champion)
    return events


def _read_game_rows(r: _Reading, players: dict[str, Player], events: dict[str, Event],
                    game_list: tuple[Mapping[str, Sequence[Any]], Sequence[int], str] | None) -> list[Game]:
    """The Games sheet, or the CSV/Parquet game list given instead."""
    bad_events = {e.value for e in r.errors if e.where.sheet == "Events"}
    if game_list is not None:
        data, index, name = game_list
        return game_columns(data, index, ColumnSheet(Path(name).name, name, r.errors), players, events,
                            bad_events, r.d1904)
    gs = r.sheet("Games")
    if gs is not None and gs.keys:
        return _read_games(gs, players, events, bad_events)
    return []


def _read_awards(r: _Reading, players: Mapping[str, Player]) -> list[Award]:
    awards: list[Award] = []
    aw = r.sheet("Awards", optional=True)
    for i, rec in (aw.records if aw else []):
        assert aw is not None   # rows come from a sheet
        pid = aw.ident(i, rec, "player")
        if pid and pid not in players:
            aw.err(i, "player", "is not a player id of the Players sheet", pid)
        text = aw.text(rec, "award")
        day = aw.date(i, rec, "date")
        if pid and text:
            awards.append(Award(pid, text, day, i))
    return awards


POINT_KINDS = {"test": "test", "测试": "test", "測試": "test", "bonus": "bonus", "奖励": "bonus", "獎勵": "bonus"}


def _read_points(r: _Reading, players: Mapping[str, Player]) -> list[PointsEntry]:
    points: list[PointsEntry] = []
    pt = r.sheet("Points", optional=True)
    for i, rec in (pt.records if pt else []):
        assert pt is not None   # rows come from a sheet
        pid = pt.ident(i, rec, "player")
        if pid and pid not in players:
            pt.err(i, "player", "is not a player id of the Players sheet", pid)
        day = pt.date(i, rec, "date", required=True)
        kind = pt.text(rec, "kind").lower()
        if kind not in POINT_KINDS:
            pt.err(i, "kind", "must be test or bonus (测试/奖励)", rec.get("kind"))
        val = pt.number(i, rec, "points", required=True)
        if pid and day and kind in POINT_KINDS and val is not None:
            points.append(PointsEntry(pid, day, POINT_KINDS[kind], val, pt.text(rec, "note"), i))
    return points
