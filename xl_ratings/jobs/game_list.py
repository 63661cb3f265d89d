"""Game lists beyond a workbook: CSV and Parquet (issue: platform scale).

An online platform has millions of games -- more rows than a worksheet holds.
``xl-ratings process games.csv --system lianzhong`` reads such a list with
the same column keys as the Games sheet (``event`` and ``round`` optional;
``date`` required when there is no events file), validates it with the same
rules, runs the same engine and writes the same JSON export (``--json``) and
the rating list as CSV (``--output``).

Players come from ``--players players.csv`` (the Players sheet's columns);
without it every id in the list is a new player.  Events come from
``--events events.csv``; without it each event id (or the whole list, if
there is no ``event`` column) becomes an event spanning its games' dates.
Parquet needs pyarrow (``pip install pyarrow``).

A number that is not a number -- NaN or infinity, written ``nan``/``inf``
in a CSV file or stored in a Parquet float column (a missing value, null,
is blank) -- is refused with its file, row and column.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..engine.inputs import COLUMNS, read_records
from ..engine.perf import gc_paused
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import sheets as S
from ..systems.base import System
from ..systems.records import Records
from .list_tables import NUMERIC, csv_value, list_frame, not_finite_text, table_of  # noqa: F401 (as before)

DEFAULT_EVENT = "games"


def load_game_list(path: str | os.PathLike, system: System, players: str | None = None,
                   events: str | None = None, settings: dict[str, Any] | None = None) -> Records:
    """Records from a CSV/Parquet game list (and optional players/events files), read
    whole into memory (:mod:`.game_stream` reads it in batches).  ``settings``: the
    ``--set`` items, as data (a problem with one names the option)."""
    check_inputs(path, players, events)
    with gc_paused():
        return _load_game_list(path, system, players, events, settings)


def check_inputs(*paths: str | os.PathLike | None) -> None:
    """A game list and its players/events files, refused before any read unless each is a
    regular file (a pipe would hang the run, a folder is no "damaged CSV"), as import sources are."""
    from ..files.paths import real_path

    problems = []
    for p in paths:
        if p:
            try:
                real_path(p, game_list=True)
            except RatingInputError as e:
                problems.append(e)
    if problems:
        raise InputErrors(problems)


def set_option(key: str) -> str:
    """How a game list's setting was given (messages name the option)."""
    return f"--set {key}=…"


def _load_game_list(path, system, players, events, settings) -> Records:
    gpath = Path(path)
    nonfinite: list[RatingInputError] = []
    df = list_frame(gpath, COLUMNS["Games"][0], nonfinite)
    missing = [k for k in ("player", "opponent", "result") if k not in df.columns]
    if missing:
        raise InputErrors([RatingInputError(S.LIST_COLUMN_MISSING(column=k), where=Where(
            str(gpath), gpath.name, 1, k)) for k in missing])
    csv = gpath.suffix.lower() in (".csv", ".txt")
    data: dict[str, list[Any]] = {}
    for c in df.columns:
        values = df[c].tolist()
        if csv:
            values = [None if v == "" else v for v in values]
            if c in ("result", "handicap"):
                values = [csv_value(v) for v in values]
        data[c] = values
    n = len(df)
    index = list(range(2, n + 2))   # the file's line numbers (line 1: header)
    if csv:                         # a blank line (or separators alone) holds no game; the others keep their numbers
        keep = [k for k in range(n) if any(data[c][k] is not None for c in data)]
        if len(keep) < n:
            data = {c: [v[k] for k in keep] for c, v in data.items()}
            index = [index[k] for k in keep]
            n = len(keep)
    if "event" not in data:
        data["event"] = [DEFAULT_EVENT] * n
    tables: dict[str, list[list[Any]]] = {}
    if players:
        from .list_players import players_table

        tables["Players"], tables["Awards"], state = players_table(Path(players), system, nonfinite)
        if state:       # a ratings file: an id it does not hold is a new player
            held = {r[0] for r in tables["Players"][1:]}
            ids = dict.fromkeys(x for col in (data["player"], data["opponent"]) for x in col if x is not None)
            tables["Players"] += [[str(i), str(i), None, None, None, None] for i in ids if str(i) not in held]
    else:
        ids = dict.fromkeys(x for col in (data["player"], data["opponent"]) for x in col if x is not None)
        tables["Players"] = [["id"]] + [[str(i)] for i in ids]
    if events:
        tables["Events"] = table_of(Path(events), "Events", nonfinite)
    else:
        tables["Events"] = _implicit_events(data, gpath, system)
    try:
        records = read_records(tables, str(gpath), game_list=(data, index, str(gpath)), system=system,
                               settings=settings or {}, named=set_option)
    except InputErrors as e:
        raise InputErrors(nonfinite + e.errors) from None
    if nonfinite:
        raise InputErrors(nonfinite)
    return records


def _implicit_events(data: dict[str, list[Any]], path: Path, system: System) -> list[list[Any]]:
    """One event per event id (or one for the whole list), spanning its games' dates; an id
    whose games fall in several of the system's periods one per period, and the games' event
    ids renamed so (:func:`~xl_ratings.engine.stream.split_at_periods`)."""
    from collections import Counter

    from ..engine.cells import list_date
    from ..engine.stream import split_at_periods

    if "date" not in data:
        raise InputErrors([RatingInputError(S.LIST_NEEDS_DATE(), where=Where(str(path), path.name, 1, "date"))])
    parsed: dict[Any, Any] = {}

    def day(v: Any) -> Any:       # a bad date is reported by the games reader
        if v not in parsed:
            try:
                parsed[v] = list_date(v)
            except (RatingInputError, TypeError, ValueError):
                parsed[v] = None
        return parsed[v]
    ids = [None if e is None or str(e) == "" else str(e) for e in data["event"]]
    days = [day(v) for v in data["date"]]
    spans: dict[str, tuple[Any, Any]] = {}
    per_day: dict[str, Counter[Any]] = {}
    for e, d in zip(ids, days):
        if e is None or d is None:
            continue
        a, b = spans.get(e, (d, d))
        spans[e] = (min(a, d), max(b, d))
        per_day.setdefault(e, Counter())[d] += 1
    spans, split = split_at_periods(spans, per_day, system.calendar)
    if split:
        cal = system.calendar
        data["event"] = [split[e][cal.of(d).label] if e in split and d is not None else raw
                         for e, d, raw in zip(ids, days, data["event"])]
    return [["event", "name", "start", "end", "format"]] + [
        [e, e, a, b, "games"] for e, (a, b) in sorted(spans.items())]


__all__ = ["load_game_list"]
