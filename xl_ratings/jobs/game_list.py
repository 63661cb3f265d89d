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

import math
import os
from pathlib import Path
from typing import Any

from ..engine.inputs import COLUMNS, read_records
from ..engine.perf import gc_paused
from ..errors import InputErrors, RatingInputError, Where
from ..files import messages as F
from ..i18n.catalogue import sheets as S
from ..i18n.catalogue import workbooks as W
from ..i18n.labels import header_key
from ..systems.base import System
from ..systems.records import Records
from ..engine.cells import spans

DEFAULT_EVENT = "games"
#: Columns holding numbers (a NaN or infinity there is refused and read as blank).
NUMERIC = {"rating", "games", "events", "peak", "rif", "wins", "handicap", "points"}


def not_finite_text(v: Any) -> bool:
    """A text that reads as NaN or infinity (float() makes those only from n/i, after a sign)."""
    if not isinstance(v, str):
        return False
    t = v.lstrip()
    if not t or t[0] not in "nNiI+-":
        return False
    try:
        return not math.isfinite(float(v))
    except ValueError:
        return False


def _parquet(path: Path) -> tuple[Any, dict[Any, list[int]]]:
    """A Parquet file as a DataFrame, and the rows of each float column
    holding NaN or infinity (stored values, not nulls: nulls are blank)."""
    import numpy as np
    import pandas as pd
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
    import pyarrow.types as pt

    table = pq.read_table(path)
    bad: dict[Any, list[int]] = {}
    for name in table.column_names:
        col = table.column(name)
        if not pt.is_floating(col.type):
            continue
        mask = pc.fill_null(pc.or_(pc.is_nan(col), pc.is_inf(col)), False)
        rows = np.flatnonzero(mask.to_numpy(zero_copy_only=False)).tolist()
        if rows:
            bad[name] = rows
    df = table.to_pandas()
    for j, name in enumerate(table.column_names):
        col = table.column(j)
        if col.null_count:              # a null is blank (None), never pandas' NaN
            df[df.columns[j]] = pd.Series(col.to_pylist(), index=df.index, dtype=object)
    return df, bad


def _frame(path: Path, key_columns: tuple[str, ...], errors: list[RatingInputError] | None = None):
    """The file as a DataFrame with the known columns renamed to their keys.

    NaN and infinity in a number column are reported into ``errors`` and
    read as blank; in the result column they stay text (an invalid result).
    """
    import pandas as pd

    if not path.exists():
        raise InputErrors([RatingInputError(F.NO_SUCH_FILE(), where=Where(str(path)))])
    suffix = path.suffix.lower()
    try:
        if suffix in (".parquet", ".pq"):
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise InputErrors([RatingInputError(S.PARQUET_NEEDS_PYARROW(), where=Where(str(path)))]) from None
            df, nonfinite = _parquet(path)
        elif suffix in (".csv", ".txt"):
            df = pd.read_csv(path, dtype=str, keep_default_na=False, encoding="utf-8-sig")
            nonfinite = {}
        else:
            raise InputErrors([RatingInputError(S.GAME_LIST_SUFFIX(), where=Where(str(path)))])
    except InputErrors:
        raise
    except Exception:   # pandas' and pyarrow's many parser errors
        kind = "Parquet" if suffix in (".parquet", ".pq") else "CSV"
        raise InputErrors([RatingInputError(S.GAME_LIST_UNREADABLE(kind=kind), where=Where(str(path)))]) from None
    known = set(key_columns)
    rename: dict[Any, str] = {}
    for c in df.columns:
        k = header_key(c, known)
        if k and k not in rename.values():
            rename[c] = k
    df = df.rename(columns=rename)[[c for c in rename.values()]]
    for original, key in rename.items():
        rows = nonfinite.get(original, [])
        if not rows and key in NUMERIC | {"result"} and not pd.api.types.is_numeric_dtype(df[key]):
            rows = [k for k, v in enumerate(df[key].tolist()) if not_finite_text(v)]
        if not rows:
            continue
        values = df[key].astype(object)
        if key == "result":   # an invalid result, reported as one
            values.iloc[rows] = [str(v) for v in values.iloc[rows]]
        else:
            values.iloc[rows] = None
            if errors is not None:
                lines = (W.ROW_AT if len(rows) == 1 else W.ROWS_AT)(rows=spans([r + 2 for r in rows]))
                errors.append(RatingInputError(S.NOT_FINITE_ROWS(rows=lines),
                                               where=Where(str(path), path.name, rows[0] + 2, key)))
        df[key] = values
    return df


def csv_value(v: Any) -> Any:
    """CSV cells are text: numbers become numbers (never NaN or infinity); blanks become None."""
    if v is None or v == "":
        return None
    if isinstance(v, str):
        try:
            f = float(v)
        except ValueError:
            return v
        return f if math.isfinite(f) else v
    return v


def table_of(path: Path, sheet: str, errors: list[RatingInputError] | None = None) -> list[list[Any]]:
    df = _frame(path, COLUMNS[sheet][0], errors)
    rows = df.values.tolist()
    if path.suffix.lower() in (".csv", ".txt"):
        idx = [j for j, c in enumerate(df.columns) if c in NUMERIC]
        for r in rows:
            for j in idx:
                r[j] = csv_value(r[j])
            for j, v in enumerate(r):
                if v == "":
                    r[j] = None
    return [list(df.columns)] + rows


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
    df = _frame(gpath, COLUMNS["Games"][0], nonfinite)
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
    if "event" not in data:
        data["event"] = [DEFAULT_EVENT] * n
    tables: dict[str, list[list[Any]]] = {}
    if players:
        tables["Players"] = table_of(Path(players), "Players", nonfinite)
    else:
        ids = dict.fromkeys(x for col in (data["player"], data["opponent"]) for x in col if x is not None)
        tables["Players"] = [["id"]] + [[str(i)] for i in ids]
    if events:
        tables["Events"] = table_of(Path(events), "Events", nonfinite)
    else:
        tables["Events"] = _implicit_events(df, gpath)
    try:
        records = read_records(tables, str(gpath), game_list=(data, index, str(gpath)), system=system,
                               settings=settings or {}, named=set_option)
    except InputErrors as e:
        raise InputErrors(nonfinite + e.errors) from None
    if nonfinite:
        raise InputErrors(nonfinite)
    return records


def _implicit_events(df, path: Path) -> list[list[Any]]:
    """One event per event id (or one for the whole list), spanning its games' dates."""
    import pandas as pd

    if "date" not in df.columns:
        raise InputErrors([RatingInputError(S.LIST_NEEDS_DATE(), where=Where(str(path), path.name, 1, "date"))])
    days = pd.to_datetime(df["date"], errors="coerce")   # a bad date is reported by the games reader
    ev = df["event"] if "event" in df.columns else pd.Series(DEFAULT_EVENT, index=df.index)
    ev = ev.where(ev.notna() & (ev.astype(str) != ""), None)
    span = pd.DataFrame({"event": ev, "day": days}).dropna().groupby("event")["day"].agg(["min", "max"])
    return [["event", "name", "start", "end", "format"]] + [
        [str(e), str(e), a.date(), b.date(), "games"] for e, (a, b) in span.iterrows()]


__all__ = ["load_game_list"]
