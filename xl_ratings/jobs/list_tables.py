"""A players, events or game-list file as a table: CSV (sniffed: :mod:`.csv_dialect`) or Parquet.

Shared by the list read whole (:mod:`.game_list`), the list read in batches
(:mod:`.list_file`) and the ``--players`` reader (:mod:`.list_players`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..engine.cells import column_twice, header_columns, spans
from ..errors import InputErrors, RatingInputError, Where
from ..files import messages as F
from ..engine.inputs import COLUMNS
from ..i18n.catalogue import sheets as S
from ..i18n.catalogue import workbooks as W

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


def list_frame(path: Path, key_columns: tuple[str, ...], errors: list[RatingInputError] | None = None,
           unknown: list[str] | None = None, terms: Mapping[str, str] | None = None):
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
            from .csv_dialect import sniff

            dialect = sniff(path, key_columns)      # as Chinese Excel saves it: GBK, tabs, ';'
            # a blank line is a row of blanks (left out by the readers), so the rows keep the file's numbers
            df = pd.read_csv(path, dtype=str, keep_default_na=False, encoding=dialect.python,
                             sep=dialect.delimiter, skip_blank_lines=False)
            if len(df) and is_eof_mark("".join(str(v) for v in df.iloc[-1].tolist())):
                df = df.iloc[:-1]           # DOS's end-of-file mark (Ctrl-Z): no row
            nonfinite = {}
        else:
            raise InputErrors([RatingInputError(S.GAME_LIST_SUFFIX(), where=Where(str(path)))])
    except InputErrors:
        raise
    except Exception:   # pandas' and pyarrow's many parser errors
        kind = "Parquet" if suffix in (".parquet", ".pq") else "CSV"
        raise InputErrors([RatingInputError(S.GAME_LIST_UNREADABLE(kind=kind), where=Where(str(path)))]) from None
    heads = list(df.columns)
    if suffix in (".csv", ".txt"):      # the header as written (pandas renames a repeated one: rating.1)
        typed = _header_line(path, dialect)
        heads = typed if typed is not None and len(typed) == len(heads) else heads
    rename = _renamed(path, df.columns, heads, key_columns, terms)
    if unknown is not None:     # the columns of no key (a blank header is no column)
        unknown += [str(c) for c in df.columns if c not in rename and str(c).strip() and
                    not str(c).startswith("Unnamed: ")]
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


def _renamed(path: Path, columns: Any, heads: list[Any], key_columns: tuple[str, ...],
             terms: Mapping[str, str] | None) -> dict[Any, str]:
    """Each column (of ``columns``, headed ``heads`` as the file writes them) that names a key
    -> its key (terms: the system's own words, GoR's 棋力分); two heads naming one key
    (``rating`` twice, ``Result`` and ``结果``) are refused, both named, never the first read."""
    keys, twice = header_columns(heads, key_columns, terms)
    if twice:
        raise InputErrors([column_twice(heads, t, str(path), path.name) for t in twice])
    labels = list(columns)
    return {labels[j]: k for j, k in keys.items()}


def _header_line(path: Path, dialect: Any) -> list[str] | None:
    """A CSV file's first line as the csv module reads it (None: it cannot be read so)."""
    import csv

    try:
        with open(path, encoding=dialect.python, newline="") as f:
            return next(csv.reader(f, delimiter=dialect.delimiter), [])
    except (OSError, UnicodeError, csv.Error):
        return None


def table_of(path: Path, sheet: str, errors: list[RatingInputError] | None = None,
              unknown: list[str] | None = None, keys: tuple[str, ...] | None = None,
              numeric: frozenset[str] | set[str] = NUMERIC, terms: Mapping[str, str] | None = None,
              raw: dict[Any, Any] | None = None, cells: bool = True) -> list[list[Any]]:
    """A players or events file (``sheet``) as a table: the header's keys, then the rows;
    ``unknown``: gets the columns of no key; ``keys``: the known keys (default the sheet's).
    ``raw``: the file's text as the csv module parsed it, kept there for the next read of the
    same file (a ratings file given as --players is read as a Players table, then as ratings);
    ``cells`` False: a CSV file's cells left as text (:func:`cells_of` reads them)."""
    known = keys or COLUMNS[sheet][0]
    plain = _plain_csv(path, known, errors, unknown, terms, raw) if path.suffix.lower() in (".csv", ".txt") else None
    if plain is not None:
        columns, rows = plain
    else:
        df = list_frame(path, known, errors, unknown, terms)
        columns, rows = list(df.columns), df.values.tolist()
    table = [columns] + rows
    return cells_of(path, table, numeric) if cells else table


def cells_of(path: Path, table: list[list[Any]], numeric: frozenset[str] | set[str] = NUMERIC) -> list[list[Any]]:
    """A table of :func:`table_of` (``cells`` False) with its cells read as :func:`table_of` reads them."""
    if path.suffix.lower() in (".csv", ".txt"):
        return [table[0]] + _cells_read(table[0], table[1:], numeric)
    return table


def _cells_read(columns: list[Any], rows: list[list[Any]], numeric: frozenset[str] | set[str]) -> list[list[Any]]:
    """A CSV table's cells as read: a number column's by :func:`csv_value`, an empty cell blank
    (None) -- column by column, each distinct value of a number column read once."""
    if rows and all(len(r) == len(columns) for r in rows):
        try:
            return _cells_by_column(columns, rows, numeric)
        except TypeError:           # (a cell that is no dictionary key: cell by cell)
            pass
    idx = [j for j, c in enumerate(columns) if c in numeric]
    for r in rows:
        for j in idx:
            r[j] = csv_value(r[j])
        for j, v in enumerate(r):
            if v == "":
                r[j] = None
    return rows


def _cells_by_column(columns: list[Any], rows: list[list[Any]], numeric: frozenset[str] | set[str]) -> list[list[Any]]:
    cols: list[list[Any]] = [list(c) for c in zip(*rows)]
    for j, c in enumerate(cols):
        if columns[j] in numeric:
            conv = {v: csv_value(v) for v in set(c)}
            cols[j] = [None if v == "" else v for v in map(conv.__getitem__, c)]
        elif "" in c:
            cols[j] = [None if v == "" else v for v in c]
    return [list(r) for r in zip(*cols)]


def _plain_csv(path: Path, key_columns: tuple[str, ...], errors: list[RatingInputError] | None,
               unknown: list[str] | None, terms: Mapping[str, str] | None = None,
               raw: dict[Any, Any] | None = None) -> tuple[list[str], list[list[Any]]] | None:
    """:func:`list_frame` of a plain CSV file by the csv module (no pandas to import: the list
    path's start-up): every cell text, the known columns renamed to their keys, NaN and
    infinity told alike.  None: a file pandas reads its own way (a blank, repeated or
    unnamed header, a blank line, a row of another length, a file that does not decode):
    :func:`list_frame` reads it."""
    import csv

    from .csv_dialect import sniff

    if not path.exists():
        return None
    try:
        dialect = sniff(path, key_columns)
        stat = path.stat()
        read_as = (str(path), stat.st_size, stat.st_mtime_ns, dialect.python, dialect.delimiter)
        kept = raw.get(read_as) if raw is not None else None
        if kept is not None:        # (read before in this dialect: the same text; each row a new list)
            table = [list(r) for r in kept]
        else:
            with open(path, encoding=dialect.python, newline="") as f:
                table = list(csv.reader(f, delimiter=dialect.delimiter, strict=True))
            if raw is not None:
                raw.clear()
                raw[read_as] = [tuple(r) for r in table]
    except Exception:       # (told by list_frame)
        return None
    if not table:
        return None
    header, rows = table[0], table[1:]
    width = len(header)
    _renamed(path, range(width), header, key_columns, terms)      # two heads of one column: refused here
    if not width or len(set(header)) < width or any(not h.strip() for h in header):
        return None
    if rows and is_eof_mark("".join(rows[-1])):
        rows = rows[:-1]            # DOS's end-of-file mark (Ctrl-Z): no row
    if any(len(r) != width for r in rows):
        return None
    rename = _renamed(path, range(width), header, key_columns, terms)
    if unknown is not None:
        unknown += [c for j, c in enumerate(header) if j not in rename]
    picks = list(rename)
    out: list[list[Any]] = rows if picks == list(range(width)) else [[r[j] for j in picks] for r in rows]
    columns = list(rename.values())
    for pos, key in enumerate(columns):
        if key not in NUMERIC | {"result"}:
            continue
        if not any(map(not_finite_text, {r[pos] for r in out})):
            continue                # (each distinct text looked at once)
        bad = [i for i, r in enumerate(out) if not_finite_text(r[pos])]
        if not bad:
            continue
        for i in bad:
            out[i][pos] = None if key != "result" else out[i][pos]
        if key != "result" and errors is not None:
            lines = (W.ROW_AT if len(bad) == 1 else W.ROWS_AT)(rows=spans([r + 2 for r in bad]))
            errors.append(RatingInputError(S.NOT_FINITE_ROWS(rows=lines),
                                           where=Where(str(path), path.name, bad[0] + 2, key)))
    return columns, out


__all__ = ["NUMERIC", "cells_of", "csv_value", "list_frame", "not_finite_text", "table_of"]


def is_eof_mark(text: str) -> bool:
    """A line that is DOS's end-of-file mark (Ctrl-Z, as old Windows programs end a text
    file): no game, and no ragged line either."""
    return "\x1a" in text and not text.replace("\x1a", "").strip()
