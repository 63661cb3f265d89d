"""Input sheets (as tables of cell values) -> :class:`~xl_ratings.systems.records.Records`.

Validation reports *every* problem at once, each naming the sheet, row,
column and value (:class:`~xl_ratings.errors.InputErrors`).  The tables come
from calamine/openpyxl (command line) or from xlwings (one click); this
module never touches a file.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from itertools import repeat
from operator import itemgetter
from typing import Any

from ..errors import InputErrors, RatingInputError, Text, Where, joined
from ..i18n.catalogue import sheets as M
from ..i18n.labels import header_key, label, near_key, sheet_key
from ..systems import find
from ..systems.base import System
from ..systems.ranks import parse_rank
from ..systems.records import Award, Event, Game, Player, PointsEntry, Records
from .cells import (MAX_CELL_CHARS, accepted_names, blank, column_twice, date1904_of, filled, header_columns,
                    invisible, list_date, sheet_named, sheet_number, sheet_names_of, sheets_twice, to_date, to_ident,
                    visible)
from .games import game_columns
from .settings import is_column_heads, is_setting_name, is_table_head, out_of_order, params_from_settings

SheetCells = Sequence[Sequence[Any]]

COLUMNS = {
    "Settings": (("key", "value", "note"), ("key", "value")),
    "Players": (("id", "name", "latin_name", "sex", "club", "rank", "rating", "games", "events", "peak",
                 "title", "member", "federation_id", "rif", "wins", "egf_pin", "fide_id"), ("id",)),
    "Events": (("event", "name", "start", "end", "format", "class", "level", "champion"),
               ("event", "end")),
    "Games": (("event", "date", "round", "player", "opponent", "result", "handicap", "colour"),
              ("event", "player", "opponent", "result")),
    "Awards": (("player", "award", "date"), ("player", "award")),
    "Points": (("player", "date", "kind", "points", "note"), ("player", "date", "kind", "points")),
    # optional: a McMahon event's starting scores (the wall list's MMS), never rated
    "McMahon": (("event", "player", "mms"), ("event", "player", "mms")),
    # read by import only (:mod:`.clubs`, :mod:`xl_ratings.intake.matching`), never by processing
    "Clubs": (("code", "name", "aliases"), ("name",)),
    "Identities": (("spelling", "club", "id", "source", "date"), ("spelling", "id")),
}
#: A Games sheet's colour cell (the colour ``player`` had; optional: older workbooks have no such
#: column) -> ``b`` / ``w``.  Red, Xiangqi's first player, is written ``w`` as the chess programs do.
COLOURS = {"b": "b", "w": "w", "black": "b", "white": "w", "黑": "b", "白": "w", "执黑": "b", "执白": "w",
           "執黑": "b", "執白": "w", "黑方": "b", "白方": "w", "红": "w", "紅": "w", "红方": "w", "紅方": "w",
           "red": "w"}
FORMATS = {"round_robin": "round_robin", "round-robin": "round_robin", "rr": "round_robin",
           "循环": "round_robin", "循环赛": "round_robin", "循環賽": "round_robin",
           "swiss": "swiss", "瑞士制": "swiss", "积分编排制": "swiss", "積分編排制": "swiss",
           "games": "games", "对局": "games", "對局": "games", "手合": "games", "": "round_robin"}


def _as_typed(v: Any) -> str:
    """A cell's value as the officer typed it: 3, not 3.0."""
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v).strip()


class Rows:
    """One input sheet: its rows as dicts keyed by column key, with errors collected."""

    def __init__(self, name: str, table: SheetCells, file: str | None, errors: list[RatingInputError],
                 date1904: bool = False, *, sheet: str | None = "", terms: Mapping[str, str] | None = None) -> None:
        """``sheet``: the sheet named in messages (default ``name``; None: a file of its own, a
        ``--players`` CSV, named by the file alone); ``terms``: the system's own words a header may
        be (GoR: 棋力分 for the rating, as its workbook writes it)."""
        self.name, self.file, self.errors = name, file, errors
        self.sheet = name if sheet == "" else sheet
        self.date1904 = date1904
        known, required = COLUMNS[name]
        #: the rows holding anything, below the header: their row numbers as the sheet shows them, their cells
        self.index: list[int] = []
        self.body: list[Sequence[Any]] = []
        self._raw: list[tuple[int, Sequence[Any]]] | None = None
        self._records: list[tuple[int, dict[str, Any]]] | None = None
        self.notes: list[Text] = []        #: rows left out, said (a total row: :func:`summary_rows`)
        self.keys: dict[int, str] = {}
        self._long_checked = False
        #: the ids of rows refused whole (an event without its end: its games are not told of again)
        self.refused: set[str] = set()
        rows = table if isinstance(table, list) else [list(r) for r in table]
        start = 0
        while start < len(rows) and all(blank(v) for v in rows[start]):
            start += 1
        rows = rows[start:]
        if not rows:
            self.err(None, None, M.SHEET_EMPTY(), None)
            return
        header = rows[0]
        self.keys, twice = header_columns(header, known, terms)
        for clash in twice:             # which one is meant is not known: both named, neither read silently
            self.errors.append(column_twice(header, clash, file, self.sheet, start + 1))
        absent = [k for k in known if k not in self.keys.values()]
        named = {b for _, _, b in twice}        # (told above: never a slip of another column too)
        for j, h in enumerate(header):      # a slip in a header (棋力份): never read as the officer's own column
            k = None if j in self.keys or j in named or blank(h) else near_key(h, absent, terms)
            if k is not None:
                said = (terms or {}).get(k)
                head = f"{said} {k}" if said else label(k, sheet=name)     # told in the workbook's script
                self.err(1, str(h).strip(), M.COLUMN_NAME_SLIP(header=str(h).strip(), column=Text("labels.header", head, head)), h)
        missing = [k for k in required if k not in self.keys.values()]
        for k in missing:
            found = [_as_typed(h) for h in header if not blank(h)]
            self.err(1, k, M.COLUMN_MISSING(column=k, found=joined(found) if found else M.NONE_FOUND()), None)
        # row numbers as the sheet shows them: the header is on row start + 1
        body = rows[1:]
        if _first_cells_filled(body):       # every row holds an id, a name, an event: all kept
            self.index, self.body = list(range(start + 2, start + 2 + len(body))), body
        else:
            kept = [(i, r) for i, r in enumerate(body, start=start + 2)
                    if (r and r[0].__class__ is str and r[0] and not r[0].isspace()) or filled(r)]
            self.index, self.body = [i for i, _ in kept], [r for _, r in kept]

    @property
    def raw(self) -> list[tuple[int, Sequence[Any]]]:
        """(row number, cells) of each row holding anything."""
        if self._raw is None:
            self._raw = list(zip(self.index, self.body))
        return self._raw

    @property
    def records(self) -> list[tuple[int, dict[str, Any]]]:
        """Rows as dicts keyed by column key (for the small sheets; made once, read by every
        reader of the sheet: do not change them); a text longer than a cell holds (a file not
        written by Excel) is a problem of its cell."""
        if self._records is not None:
            return self._records
        keys = self.keys
        width = max(keys, default=-1) + 1
        if _all_at_least(self.body, width):
            out = [(i, {k: r[j] for j, k in keys.items()}) for i, r in zip(self.index, self.body)]
        else:
            out = [(i, {k: (r[j] if j < len(r) else None) for j, k in keys.items()})
                   for i, r in zip(self.index, self.body)]
        self._records = out
        if not self._long_checked:
            self._long_checked = True
            for i, rec in out:
                for k, v in rec.items():
                    if v.__class__ is str and len(v) > MAX_CELL_CHARS:
                        self.err(i, k, M.CELL_TOO_LONG(chars=f"{len(v):,}"), None)
        return out

    def column(self, key: str) -> int | None:
        return next((j for j, k in self.keys.items() if k == key), None)

    def cells(self, key: str) -> list[Any] | None:
        """The column ``key``'s cells, row by row (None past a short row's end), as :attr:`records`
        hold them; None when the sheet has no such column."""
        j = self.column(key)
        if j is None:
            return None
        if _all_at_least(self.body, j + 1):
            return list(map(itemgetter(j), self.body))
        return [r[j] if j < len(r) else None for r in self.body]

    def err(self, row: int | None, column: str | None, problem: Text, value: Any) -> None:
        self.errors.append(RatingInputError(
            problem, value=shown_value(value), where=Where(self.file, self.sheet, row, column)))

    # --- typed cells ---------------------------------------------------------
    def text(self, rec: dict[str, Any], key: str) -> str:
        v = rec.get(key)
        if v.__class__ is str:      # the common case first: blank text strips to ""
            return v.strip()
        if blank(v):
            return ""
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        return str(v).strip()

    def ident(self, row: int, rec: dict[str, Any], key: str) -> str | None:
        try:
            return to_ident(rec.get(key))
        except RatingInputError as e:
            self.err(row, key, e.text, None)
            return None

    def number(self, row: int, rec: dict[str, Any], key: str, required: bool = False) -> float | None:
        v = rec.get(key)
        if v.__class__ is float and v - v == 0:     # the common case first: a finite number (not NaN, not ±inf)
            return v
        if v == v and blank(v):                     # (NaN is no blank: sheet_number refuses it)
            if required:
                self.err(row, key, M.CELL_EMPTY(), None)
            return None
        try:
            return sheet_number(v)
        except RatingInputError as e:
            self.err(row, key, e.text, v)
            return None

    def count(self, row: int, rec: dict[str, Any], key: str) -> int | None:
        n = self.number(row, rec, key)
        if n is None:
            return None
        if n < 0 or not float(n).is_integer():
            self.err(row, key, M.CELL_NOT_A_COUNT(), rec.get(key))
            return None
        return int(n)

    def date(self, row: int, rec: dict[str, Any], key: str, required: bool = False) -> dt.date | None:
        v = rec.get(key)
        if v == v and blank(v):                     # (NaN is no blank: to_date refuses it)
            if required:
                self.err(row, key, M.CELL_EMPTY_DATE(), None)
            return None
        try:    # a file of its own (a game list's --events CSV) writes dates as text files do
            return list_date(v) if self.sheet is None else to_date(v, self.date1904)
        except RatingInputError as e:
            self.err(row, key, e.text, v)
            return None

    def rating(self, row: int, rec: dict[str, Any], key: str, bounds: tuple[float, float] | None,
               system: str) -> float | None:
        """A rating cell: a number within the system's range (``System.rating_range``)."""
        v = self.number(row, rec, key)
        if v is not None and bounds is not None and not bounds[0] <= v <= bounds[1]:
            lo, hi = (f"{int(b):,}" if float(b).is_integer() else f"{b:,}" for b in bounds)
            self.err(row, key, M.NOT_A_RATING(system=system, low=lo, high=hi), v)
            return None
        return v


def _first_cells_filled(rows: Sequence[Sequence[Any]]) -> bool:
    """Does every row start with a text that is not blank?  (Told from the distinct first cells: a
    sheet's ids and events repeat; a row that does not is looked at on its own.)"""
    if not rows or not _all_at_least(rows, 1):
        return not rows
    try:
        firsts = set(map(_FIRST, rows))
    except TypeError:                   # a cell value that cannot be hashed: looked at row by row
        return False
    return all(v.__class__ is str and v and not v.isspace() for v in firsts)


def _all_at_least(rows: Sequence[Sequence[Any]], width: int) -> bool:
    """Does every row have at least ``width`` cells?  (python-calamine's rows all have the sheet's width.)"""
    return not rows or width <= 0 or min(map(len, rows)) >= width


_FIRST = itemgetter(0)


def shown_value(v: Any) -> Any:
    """A cell value as a message quotes it: a long text cut (a cell may hold 32,767 characters); NaN
    not at all (the message names it: :func:`~.cells.not_finite_text`)."""
    if v.__class__ is float and v != v:
        return None
    return v[:100] + "…" if isinstance(v, str) and len(v) > 120 else v






def _read_games(gs: Rows, players: dict[str, Player], events: dict[str, Event],
                bad_events: set[Any], unseen: Set[str] = frozenset()) -> list[Game]:
    """The Games sheet, the one big sheet: read column by column, each
    distinct value parsed once (ids, results and dates repeat thousands of
    times); every problem is still reported on its own row."""
    keys = COLUMNS["Games"][0]
    col = {k: j for k in keys if (j := gs.column(k)) is not None}
    width = max(col.values()) + 1
    rows = gs.body
    if not _all_at_least(rows, width):      # short rows (not from python-calamine): blank to the width
        rows = [r if len(r) >= width else list(r) + [None] * (width - len(r)) for r in rows]
    return game_columns({k: list(map(itemgetter(j), rows)) for k, j in col.items()}, gs.index, gs,
                        players, events, bad_events, gs.date1904, unseen)




class ColumnSheet:
    """Error collection for a game list that is not a sheet (CSV, Parquet)."""

    def __init__(self, name: str, file: str | None, errors: list[RatingInputError]):
        self.name, self.file, self.errors = name, file, errors

    def err(self, row: int | None, column: str | None, problem: Text, value: Any) -> None:
        self.errors.append(RatingInputError(
            problem, value=shown_value(value), where=Where(self.file, self.name, row, column)))


def find_table(tables: Mapping[str, SheetCells], key: str, file: str | None = None,
               strict: bool = True) -> tuple[str, SheetCells] | None:
    """The sheet of role ``key`` (its name, its cells), None when there is none; two sheets of
    that role (``Players`` and ``棋手``) are refused (:func:`.cells.sheet_named`) -- ``strict``
    False: the first (for the words a problem is told in, never for what is read)."""
    if strict:
        name = sheet_named(tables, key, file)
        return (name, tables[name]) if name is not None else None
    for name, t in tables.items():
        if sheet_key(name) == key:
            return name, t
    return None


def workbook_lang(tables: Mapping[str, SheetCells]) -> str:
    """The script the workbook's messages are told in: its system's (traditional Chinese
    for the Hong Kong GoR workbooks), from the ``system`` row of its Settings sheet;
    simplified when there is none."""
    from ..i18n import SIMPLIFIED

    found = find_table(tables, "Settings", strict=False)
    for row in found[1] if found is not None else ():
        if len(row) > 1 and str(row[0] or "").strip().lower() == "system":
            system = find(row[1])
            if system is not None:
                return system.lang
    return SIMPLIFIED


def missing_sheet(key: str, tables: Mapping[str, Any], file: str | None) -> RatingInputError:
    """A required sheet is missing: which sheets there are, and the names read as ``key``."""
    found = [repr(n) for n in sheet_names_of(tables)]
    return RatingInputError(M.SHEET_MISSING_FOUND(sheet=key, found=joined(found) if found else M.NONE_FOUND(),
                                                  names=accepted_names(key)), where=Where(file, key))


class TableRows(list[tuple[str, Any]]):
    """A table-valued setting laid out as rows under its key (``con_table`` | 见下表 table
    below, then a row of column heads, then one row per entry): its (key, value) entries;
    ``rows``: each entry's Settings row (a problem with an entry is told at its own row)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[int] = []
        self.heads: tuple[str, str] | None = None   #: its column heads (key, value), as typed
        self.head_row: int | None = None


def read_settings(tables: Mapping[str, SheetCells], file: str | None,
                  errors: list[RatingInputError]) -> dict[str, Any] | None:
    """The Settings sheet as key -> value (``_rows``: key -> row); None when there is none."""
    found = find_table(tables, "Settings", file)
    if found is None:
        errors.append(missing_sheet("Settings", tables, file))
        return None
    moved = _header_moved(found[1], file)
    if moved is not None:               # sorted with the header among the rows: one problem
        errors.append(moved[0])
        return moved[1]
    rows = Rows("Settings", found[1], file, errors)
    sorted_out = _sorted_settings(rows, file)
    if sorted_out is not None:          # the sheet sorted: one problem, not one per row moved
        errors.append(sorted_out[0])
        return sorted_out[1]
    settings: dict[str, Any] = {}
    at: dict[str, int] = {}
    table: TableRows | None = None      # the entries of a table laid out as rows
    table_key = ""
    last = -1
    stranded = False        # rows like a table's entries below a blank row that ended it: told once
    records = rows.records

    def entry_like_at(n: int) -> bool:
        i, rec = records[n]
        k = rows.text(rec, "key").strip()
        return bool(k) and not is_table_head(rec.get("value")) and not is_setting_name(k) \
            and not is_column_heads(rec.get("note"))

    for n, (i, rec) in enumerate(records):
        k = rows.text(rec, "key").strip()
        entry_like = not is_table_head(rec.get("value")) and not is_setting_name(k)
        if table is not None and i == last + 1 and k and not entry_like and not is_table_head(rec.get("value")) \
                and n + 1 < len(records) and records[n + 1][0] == i + 1 and entry_like_at(n + 1):
            # a setting's row pasted among a table's entries: told once, at that row; the table goes on
            end = n + 1
            while end + 1 < len(records) and records[end + 1][0] == records[end][0] + 1 and entry_like_at(end + 1):
                end += 1
            errors.append(RatingInputError(M.SETTING_AMONG_TABLE_ENTRIES(
                key=k, table=table_key, first=table.rows[0] if table.rows else i, last=records[end][0]),
                value=k, where=Where(file, "Settings", i, "key")))
            last = i
            continue
        if table is not None and i == last + 1 and entry_like:
            last = i
            if not is_column_heads(rec.get("note")) and (k or not blank(rec.get("value"))):
                table.append((k, rec.get("value")))
                table.rows.append(i)
            elif is_column_heads(rec.get("note")) and table.head_row is None and i == at[table_key] + 1:
                table.heads, table.head_row = (k, _as_typed(rec.get("value")) if not blank(rec.get("value")) else ""), i
            continue
        if table is None and not stranded and is_column_heads(rec.get("note")) and entry_like:
            errors.append(RatingInputError(M.SETTING_TABLE_NO_KEY(), value=k,        # its key row deleted
                                           where=Where(file, "Settings", i, "key")))
            stranded, table_key = True, k
            continue
        if k and entry_like and table_key and (table is not None or stranded):
            if not stranded:
                errors.append(RatingInputError(M.SETTING_TABLE_GAP(key=table_key, end=last), value=k,
                                               where=Where(file, "Settings", i, "key")))
                stranded = True
            table = None
            continue
        if k:
            stranded = False
            table_key = ""
        table = None
        if not k:
            continue
        if k in at:         # which one counts? neither: the officer says
            errors.append(RatingInputError(M.SETTING_TWICE(key=k, first=at[k], row=i), value=k,
                                           where=Where(file, "Settings", i, "key")))
            continue
        if is_table_head(rec.get("value")):     # con_table | 见下表 table below: one row per entry follows
            table = settings[k] = TableRows()
            table_key, last = k, i
        else:
            settings[k] = rec.get("value")
        at[k] = settings.setdefault("_rows", {})[k] = i
    return settings




def _header_moved(table: SheetCells, file: str | None) -> tuple[RatingInputError, dict[str, Any]] | None:
    """A Settings sheet sorted with its header row among the rows (Data ▸ Sort without "the range
    has a header"): its header row found lower down.  The one problem -- the tables' sort
    (:func:`_sorted_settings`) when they were moved apart too, else the header's row -- and the
    settings read without it (the system, for the words)."""
    cells = table if isinstance(table, list) else [list(r) for r in table]
    known = {"key", "value", "note"}

    def is_header(r: Sequence[Any]) -> bool:
        return {"key", "value"} <= {header_key(v, known) for v in r if not blank(v)}

    top = next((q for q, r in enumerate(cells) if not all(blank(v) for v in r)), None)
    if top is None or is_header(cells[top]):
        return None
    h = next((q for q in range(top + 1, len(cells)) if is_header(cells[q])), None)
    if h is None:
        return None
    back = [cells[h]] + [r for q, r in enumerate(cells) if q != h]        # the header put back on top
    rows = Rows("Settings", back, file, [])

    def real(row: int) -> int:      # a row of ``back`` as the sheet shows it now
        return h + 1 if row == 1 else row - 1 if row <= h + 1 else row

    sorted_out = _sorted_settings(rows, file)
    if sorted_out is not None:
        err, read = sorted_out
        where = err.where
        return RatingInputError(err.text, where=Where(file, "Settings", real(where.row) if where and where.row else None,
                                                      "key")), read
    system = next((rec.get("value") for _, rec in rows.records if rows.text(rec, "key").strip() == "system"), None)
    return (RatingInputError(M.SETTINGS_HEADER_MOVED(row=h + 1), where=Where(file, "Settings", h + 1, "key")),
            {"system": system} if system is not None else {})


def _sorted_settings(rows: Rows, file: str | None) -> tuple[RatingInputError, dict[str, Any]] | None:
    """A Settings sheet whose tables' rows were sorted apart (:func:`.settings.out_of_order`): the
    one problem, and the settings read without it (the system, for the words: no parameter)."""
    filled = [(i, rows.text(rec, "key").strip(), rec.get("value"), rec.get("note")) for i, rec in rows.records]
    tables = out_of_order([r for r in filled if r[1] or not blank(r[2]) or not blank(r[3])])
    if not tables:
        return None
    system = next((v for i, k, v, _ in filled if k == "system"), None)
    first = next(i for i, k, v, _ in filled if is_table_head(v) and k in tables)
    err = RatingInputError(M.SETTINGS_REORDERED(tables=", ".join(tables), system=str(system or "SYSTEM").strip()),
                           where=Where(file, "Settings", first, "key"))
    return err, ({"system": system} if system is not None else {})


def read_records(tables: Mapping[str, SheetCells], file: str | None = None,
                 game_list: tuple[Mapping[str, Sequence[Any]], Sequence[int], str] | None = None,
                 date1904: bool | None = None, *, system: System | None = None,
                 settings: Mapping[str, Any] | None = None, named: Callable[[str], str] | None = None) -> Records:
    """Read and validate every input sheet; raise InputErrors listing all problems.

    ``game_list``: (columns, row numbers, file name) of a CSV/Parquet game
    list used instead of a Games sheet.  ``date1904``: serial numbers in date
    columns count from 1904 (default: what ``tables`` says,
    :class:`~.cells.Tables`).  ``system`` and ``settings``: the rulebook and
    its settings given as data (a game list has no Settings sheet), see
    :func:`rulebook_and_params`.
    """
    twice = sheets_twice(tables, file)      # Players and 棋手: which is meant is not known, neither is read
    if twice:
        raise InputErrors(twice)
    errors: list[RatingInputError] = []
    d1904 = date1904_of(tables) if date1904 is None else date1904
    rulebook, values, params = rulebook_and_params(tables, file, errors, system, settings, named)

    def sheet(key: str, optional: bool = False) -> Rows | None:
        found = find_table(tables, key, file)
        if found is None:
            if not optional:
                errors.append(missing_sheet(key, tables, file))
            return None
        return Rows(key, found[1], file, errors, d1904, terms=rulebook.terms if rulebook is not None else None)

    player_rows = sheet("Players")
    players = read_players(player_rows, rulebook)
    unseen = unseen_ids(player_rows)        # refused at their Players cell: not again at every row naming them
    event_rows = sheet("Events")
    events = read_events(event_rows, rulebook, params, players, unseen)
    games, colours = _read_game_rows(sheet, errors, players, events, game_list, d1904, unseen,
                                     event_rows.refused if event_rows is not None else frozenset())
    awards = read_awards(sheet("Awards", optional=True), players, unseen)
    points = read_points(sheet("Points", optional=True), players, unseen)
    mcmahon = read_mcmahon(sheet("McMahon", optional=True), players, events, games, unseen)
    if errors:
        raise InputErrors(errors)
    assert rulebook is not None   # without one, there was an error
    return Records(rulebook, values, players, events, games, awards, points, file, params,
                   notes=list(player_rows.notes) if player_rows is not None else [], colours=colours,
                   mcmahon=mcmahon)


def system_of(settings: Mapping[str, Any], file: str | None, errors: list[RatingInputError]) -> System | None:
    """The rulebook a Settings sheet names (resolved here, once, for the whole run)."""
    rulebook = find(settings.get("system"))
    if rulebook is None:
        errors.append(RatingInputError(
            M.SYSTEM_UNKNOWN(), value=settings.get("system"),
            where=Where(file, "Settings", settings.get("_rows", {}).get("system"), "value")))
    return rulebook


def rulebook_and_params(tables: Mapping[str, SheetCells], file: str | None, errors: list[RatingInputError],
                        system: System | None = None, settings: Mapping[str, Any] | None = None,
                        named: Callable[[str], str] | None = None) -> tuple[System | None, dict[str, Any], Any]:
    """The run's rulebook and its parameters, resolved once: from the Settings sheet, or
    given as data (a game list: ``--system`` and the ``--set`` items, a problem with one
    told against ``named(key)``, the option that gave it)."""
    if system is None:
        sheet = read_settings(tables, file, errors)
        values = sheet or {}
        system = system_of(values, file, errors) if sheet is not None else None
    else:
        values = dict(settings or {})
    params: Any = None
    if system is not None:
        try:
            params = params_from_settings(system, values, file, named)
        except InputErrors as e:
            errors.extend(e.errors)
    return system, values, params


SEXES = {"M": "M", "男": "M", "MALE": "M", "F": "F", "女": "F", "FEMALE": "F", "W": "F", "": None}
MEMBER_WORDS = ("", "yes", "y", "true", "1", "是", "会员", "會員", "no", "n", "false", "0", "否")
NOT_MEMBER = ("no", "n", "false", "0", "否")


def _fresh(rows: Rows, key: str, seen: Mapping[str, Player | Event], what: str, skip: Set[int] = frozenset()
           ) -> Iterator[tuple[int, dict[str, Any], str]]:
    """The rows of ``rows`` with an id (``key``) not seen before; a repeated id is a problem;
    the rows ``skip`` left out."""
    for i, rec in rows.records:
        if i in skip:
            continue
        ident = rows.ident(i, rec, key)
        if ident is None:
            continue
        if ident in seen:
            rows.err(i, key, (M.DUPLICATE_PLAYER_ID if what == "player" else M.DUPLICATE_EVENT_ID)(
                row=seen[ident].row), ident)
            continue
        yield i, rec, ident


def unseen_ids(ps: Rows | None) -> frozenset[str]:
    """The player ids, as they look, whose Players cell holds an invisible character (each refused
    there: :func:`~.cells.to_ident`)."""
    if ps is None:
        return frozenset()
    return frozenset(visible(v) for v in ps.cells("id") or ()
                     if isinstance(v, str) and not v.isprintable() and invisible(v))


def read_players(ps: Rows | None, system: System | None) -> dict[str, Player]:
    """The Players sheet (problems reported through ``ps``): one player per id; an id repeated
    -- or repeated but for its case (SH007 and sh007 are one id to whoever reads a result
    file) -- is refused at its row."""
    players: dict[str, Player] = {}
    if ps is None:
        return players
    bounds = system.rating_range if system is not None else None
    name = system.name if system is not None else ""
    named = "name" in ps.keys.values()      # a Players sheet without names (a game list's ids) lists by id
    has = set(ps.keys.values())             # a column not there reads blank in every row: not looked at
    folded: dict[str, str] = {}     # an id without its case -> the id

    def text(rec: dict[str, Any], key: str) -> str:
        return ps.text(rec, key) if key in has else ""

    def rating(i: int, rec: dict[str, Any], key: str) -> float | None:
        return ps.rating(i, rec, key, bounds, name) if key in has else None

    def count(i: int, rec: dict[str, Any], key: str) -> int | None:
        return ps.count(i, rec, key) if key in has else None
    skip = summary_rows(ps)
    at_once = None if skip else _players_at_once(ps, bounds, named)
    if at_once is not None:
        return at_once
    for i, rec, pid in _fresh(ps, "id", players, "player", skip):
        twin = folded.setdefault(pid.casefold(), pid)
        if twin != pid:
            ps.err(i, "id", M.ID_DIFFERS_ONLY_IN_CASE(other=twin, row=players[twin].row), pid)
            continue
        sex = text(rec, "sex").upper()
        if sex not in SEXES:
            ps.err(i, "sex", M.SEX(), rec.get("sex"))
        rank = None
        if text(rec, "rank"):
            try:
                rank = parse_rank(rec.get("rank"))
            except RatingInputError as e:
                ps.err(i, "rank", e.text, rec.get("rank"))
        member_t = text(rec, "member").lower()
        if member_t not in MEMBER_WORDS:
            ps.err(i, "member", M.MEMBER(), rec.get("member"))
        called = text(rec, "name")
        if not called and named:    # a player without a name would be listed by id, and no list could say who
            ps.err(i, "name", M.PLAYER_WITHOUT_NAME(id=pid), None)
        players[pid] = Player(
            id=pid, name=called or pid, sex=SEXES.get(sex), club=text(rec, "club"),
            rank=rank, rating=rating(i, rec, "rating"), games=count(i, rec, "games"),
            events=count(i, rec, "events"), peak=rating(i, rec, "peak"), title=text(rec, "title"),
            member=member_t not in NOT_MEMBER, rif=rating(i, rec, "rif"), wins=count(i, rec, "wins"), row=i)
    return players


class _NotAtOnce(Exception):
    """A Players column that :func:`_players_at_once` leaves to the row-by-row reader."""


#: The types of cell a Players column read at once may hold (python-calamine's: "" for an empty cell).
_PLAIN_CELLS = frozenset((str, float, type(None)))


def _players_at_once(ps: Rows, bounds: tuple[float, float] | None, named: bool) -> dict[str, Player] | None:
    """The players of a Players sheet without a problem, read column by column (each distinct
    cell read once): exactly what the row-by-row reader of :func:`read_players` gives.  None when
    anything may be a problem (an id that is not plain text, repeated or differing only in case,
    a cell of another type, a value the row-by-row reader would refuse, a text longer than a cell
    holds): that reader then tells it.  (Its records are not built: :func:`summary_rows`.)"""
    body = ps.body
    if not body or "id" not in ps.keys.values() or not _all_at_least(body, max(ps.keys) + 1):
        return None
    cells: dict[str, list[Any]] = {}
    distinct: dict[str, set[Any]] = {}
    for j, key in ps.keys.items():
        col = cells[key] = list(map(itemgetter(j), body))
        if not _PLAIN_CELLS.issuperset(map(type, col)):
            return None
        uniq = distinct[key] = set(col)
        if any(v.__class__ is str and len(v) > MAX_CELL_CHARS for v in uniq):
            return None
    ids = cells["id"]
    if set(map(type, ids)) != {str}:
        return None
    pids = list(map(str.strip, ids))
    n = len(pids)
    if "" in pids or not all(map(str.isprintable, pids)) or len(set(pids)) != n or len(set(map(str.casefold, pids))) != n:
        return None

    def column(key: str, read: Callable[[Any], Any], absent: Any) -> Any:
        """The column's values read (each distinct cell once), or ``absent`` in every row."""
        if key not in cells:
            return repeat(absent, n)
        seen = {v: read(v) for v in distinct[key]}
        return list(map(seen.__getitem__, cells[key]))

    def text(v: Any) -> str:
        if v.__class__ is str:
            return v.strip()
        if v is None or v != v:     # None, NaN: blank
            return ""
        return str(int(v)) if v.is_integer() else str(v).strip()

    def sex(v: Any) -> str | None:
        t = text(v).upper()
        if t not in SEXES:
            raise _NotAtOnce
        return SEXES[t]

    def rank(v: Any) -> Any:
        if not text(v):
            return None
        try:
            return parse_rank(v)
        except RatingInputError:
            raise _NotAtOnce from None

    def member(v: Any) -> bool:
        t = text(v).lower()
        if t not in MEMBER_WORDS:
            raise _NotAtOnce
        return t not in NOT_MEMBER

    def count(v: Any) -> int | None:
        if v.__class__ is not float:
            if v is None or not v.strip():
                return None
            raise _NotAtOnce        # text in a number cell
        if not (v - v == 0 and v >= 0 and v.is_integer()):
            raise _NotAtOnce
        return int(v)

    def rating(key: str) -> Any:
        """A rating column: each number is the cell's own float (-0.0 stays -0.0), a blank None."""
        if key not in cells:
            return repeat(None, n)
        for v in distinct[key]:
            if v.__class__ is float:
                if not (v - v == 0 and (bounds is None or bounds[0] <= v <= bounds[1])):
                    raise _NotAtOnce
            elif not (v is None or (v.__class__ is str and not v.strip())):
                raise _NotAtOnce
        return [v if v.__class__ is float else None for v in cells[key]]

    try:
        names = column("name", text, "")
        if named and "" in names:
            return None
        sexes, ranks, members = column("sex", sex, None), column("rank", rank, None), column("member", member, True)
        clubs, titles = column("club", text, ""), column("title", text, "")
        games, events, wins = column("games", count, None), column("events", count, None), column("wins", count, None)
        ratings, peaks, rifs = rating("rating"), rating("peak"), rating("rif")
    except _NotAtOnce:
        return None
    return {pid: Player(pid, called or pid, sx, club, rk, rt, g, e, pk, title, m, rif, w, i)
            for pid, called, sx, club, rk, rt, g, e, pk, title, m, rif, w, i in zip(
                pids, names, sexes, clubs, ranks, ratings, games, events, peaks, titles, members, rifs, wins,
                ps.index)}


def summary_rows(ps: Rows) -> set[int]:
    """The Players rows that are a total, average, count or note (合计, 平均, 38 人, 注：…), not a
    player (:mod:`.totals`): left out, listed in ``ps.notes``."""
    from ..i18n.catalogue import identity as ID
    from .totals import summary_row, words_never_summary

    ids = ps.cells("id") if ps._records is None else None
    if ids and set(map(type, ids)) == {str} and words_never_summary(ids):
        return set()        # every row holds an id such as SH039: a player (its records not built here)
    rows = [(i, rec) for i, rec in ps.records if summary_row(rec.get("name"), rec.get("id"))]
    if rows:
        listed = joined([ID.SUMMARY_SHEET_ROW(row=i, name=ps.text(rec, "name") or ps.text(rec, "id")) for i, rec in rows], "; ", "；")
        ps.notes.append(ID.SUMMARY_ROW_LEFT_OUT(rows=listed).at(Where(ps.file, ps.sheet, rows[0][0], "name")))
    return {i for i, _ in rows}


def read_events(es: Rows | None, system: System | None, params: Any,
                players: Mapping[str, Player], unseen: Set[str] = frozenset()) -> dict[str, Event]:
    """The Events sheet (problems reported through ``es``); an event the rulebook cannot
    rate (an unknown class or level) is refused here, never guessed."""
    from ..i18n.catalogue import identity as ID

    events: dict[str, Event] = {}
    if es is None:
        return events
    folded: dict[str, tuple[str, int]] = {}     # an id without its case -> (the id, its row): HK26-X is hk26-x
    for i, rec, eid in _fresh(es, "event", events, "event"):
        twin, at = folded.setdefault(eid.casefold(), (eid, i))
        if twin != eid:
            es.err(i, "event", ID.EVENT_ID_DIFFERS_ONLY_IN_CASE(other=twin, row=at), eid)
            continue
        start, end = es.date(i, rec, "start"), es.date(i, rec, "end", required=True)
        fmt_t = es.text(rec, "format").lower()
        if fmt_t not in FORMATS:
            es.err(i, "format", M.FORMAT(), rec.get("format"))
        if start and end and start > end:
            es.err(i, "start", M.EVENT_STARTS_AFTER_END(end=end), start)
        champ = es.text(rec, "champion")
        if end is None:             # refused at its cell (a year, NaN): its games are told nothing more
            if not (blank(cell := rec.get("end")) and cell == cell):     # (NaN: refused, never blank)
                es.refused.add(eid)
            continue
        event = Event(eid, es.text(rec, "name") or eid, start, end, FORMATS.get(fmt_t, "round_robin"),
                      es.text(rec, "class") or "", es.text(rec, "level"), champ, i)
        if system is not None and system.check_event is not None and params is not None:
            try:
                system.check_event(event, params)
            except RatingInputError as e:
                es.err(i, e.where.column, e.text, e.value)
        events[eid] = event
    for ev in events.values():
        if ev.champion and ev.champion not in players and ev.champion not in unseen:
            es.err(ev.row, "champion", not_a_player(ev.champion, players), ev.champion)
    return events


def _read_game_rows(sheet: Callable[[str], Rows | None], errors: list[RatingInputError], players: dict[str, Player],
                    events: dict[str, Event], game_list: tuple[Mapping[str, Sequence[Any]], Sequence[int], str] | None,
                    d1904: bool, unseen: Set[str] = frozenset(),
                    refused: Set[str] = frozenset()) -> tuple[list[Game], dict[int, str]]:
    """The Games sheet, or the CSV/Parquet game list given instead; and the colours the
    sheet's optional colour column gives (:func:`read_colours`).  ``refused``: the events
    refused at their Events row (no end): their games are not told again, one by one."""
    bad_events = {e.value for e in errors if e.where.sheet == "Events"} | set(refused)
    if game_list is not None:
        data, index, name = game_list
        return game_columns(data, index, ColumnSheet(Path(name).name, name, errors), players, events,
                            bad_events, d1904, unseen, list_dates=True), {}
    gs = sheet("Games")
    if gs is not None and gs.keys:
        games = _read_games(gs, players, events, bad_events, unseen)
        return games, read_colours(gs, games)
    return [], {}


def read_colours(gs: Rows, games: Sequence[Game]) -> dict[int, str]:
    """Game row -> the colour ``player`` had (``b`` / ``w``), from the Games sheet's optional
    ``colour`` column; a blank cell is not known.  A colour that is none, or that contradicts
    the handicap (the player receiving stones has Black), is a problem of its cell."""
    j = gs.column("colour")
    if j is None:
        return {}
    cells = {i: r[j] for i, r in zip(gs.index, gs.body) if j < len(r) and r[j] is not None}
    out: dict[int, str] = {}
    if not cells:
        return out
    read: dict[Any, str | None] = {}          # each distinct cell read once
    for g in games:
        v = cells.get(g.row)
        if v is None:
            continue
        try:
            c = read[v]
        except KeyError:
            c = read[v] = COLOURS.get(str(v).strip().lower(), "" if blank(v) else None)
        if c == "":                           # a blank cell (spaces): not known
            continue
        if c is None:
            gs.err(g.row, "colour", M.NOT_A_COLOUR(), v)
        elif g.handicap > 0 and c != "b":
            gs.err(g.row, "colour", M.RECEIVES_SO_BLACK(stones=f"{g.handicap:g}"), v)
        elif g.handicap < 0 and c != "w":
            gs.err(g.row, "colour", M.GIVES_SO_WHITE(stones=f"{-g.handicap:g}"), v)
        else:
            out[g.row] = c
    return out


def not_a_player(pid: str, players: Mapping[str, Player]) -> Text:
    """Why ``pid`` is refused: no player's id -- or another case of one (``hk001`` for HK001), named."""
    from .games import width_twin

    twin = next((p for p in players if p.casefold() == pid.casefold()), None)
    wide = None if twin else width_twin(pid, players)
    return M.NOT_A_PLAYER_ID_CASE(other=twin) if twin else M.NOT_A_PLAYER_ID_WIDTH(other=wide) if wide else \
        M.NOT_A_PLAYER_ID()


def read_awards(aw: Rows | None, players: Mapping[str, Player], unseen: Set[str] = frozenset()) -> list[Award]:
    awards: list[Award] = []
    for i, rec in (aw.records if aw else []):
        assert aw is not None   # rows come from a sheet
        pid = aw.ident(i, rec, "player")
        if pid and pid not in players and pid not in unseen:
            aw.err(i, "player", not_a_player(pid, players), pid)
        text = aw.text(rec, "award")
        day = aw.date(i, rec, "date")
        if pid and text:
            awards.append(Award(pid, text, day, i))
    return awards


def read_mcmahon(mc: Rows | None, players: Mapping[str, Player], events: Mapping[str, Event],
                 games: Sequence[Game], unseen: Set[str] = frozenset()) -> dict[str, dict[str, float]]:
    """The McMahon sheet (optional): event -> player -> the McMahon score the player started
    the event with (by rank, bar and floor, as the pairing program set it; a bye's points
    may be added to it).  An event named here is held by McMahon: every player who has a game
    in it needs a row, once."""
    out: dict[str, dict[str, float]] = {}
    if mc is None:
        return out
    at: dict[tuple[str, str], int] = {}
    for i, rec in mc.records:
        eid, pid = mc.ident(i, rec, "event"), mc.ident(i, rec, "player")
        if eid and eid not in events:
            mc.err(i, "event", M.NOT_AN_EVENT_ID(), eid)
            continue
        if pid and pid not in players:
            if pid not in unseen:
                mc.err(i, "player", not_a_player(pid, players), pid)
            continue
        mms = mc.number(i, rec, "mms", required=True)
        if not eid or not pid or mms is None:
            continue
        if (eid, pid) in at:
            mc.err(i, "player", M.MCMAHON_TWICE(event=eid, first=at[(eid, pid)]), pid)
            continue
        at[(eid, pid)] = i
        out.setdefault(eid, {})[pid] = mms
    missing: dict[str, dict[str, int]] = {}
    for g in games:
        if g.event in out:
            for pid in (g.player, g.opponent):
                if pid not in out[g.event]:
                    missing.setdefault(g.event, {}).setdefault(pid, g.row)
    for eid, who in missing.items():
        for pid, row in who.items():
            mc.err(None, "player", M.MCMAHON_MISSING(event=eid, row=row), pid)
    return out


POINT_KINDS = {"test": "test", "测试": "test", "測試": "test", "bonus": "bonus", "奖励": "bonus", "獎勵": "bonus"}


def read_points(pt: Rows | None, players: Mapping[str, Player], unseen: Set[str] = frozenset()) -> list[PointsEntry]:
    points: list[PointsEntry] = []
    for i, rec in (pt.records if pt else []):
        assert pt is not None   # rows come from a sheet
        pid = pt.ident(i, rec, "player")
        if pid and pid not in players and pid not in unseen:
            pt.err(i, "player", not_a_player(pid, players), pid)
        day = pt.date(i, rec, "date", required=True)
        kind = pt.text(rec, "kind").lower()
        if kind not in POINT_KINDS:
            pt.err(i, "kind", M.POINT_KIND(), rec.get("kind"))
        val = pt.number(i, rec, "points", required=True)
        if pid and day and kind in POINT_KINDS and val is not None:
            points.append(PointsEntry(pid, day, POINT_KINDS[kind], val, pt.text(rec, "note"), i))
    return points
