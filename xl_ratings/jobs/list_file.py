"""A game list file, CSV or Parquet: its dialect, its columns, its rows in batches (pyarrow).

A CSV file is read as Chinese Excel saves it (:func:`sniff`): UTF-8 with or
without its BOM, or GBK/GB18030; cells separated by commas, tabs or ``;``
(the separator that makes the known column names of the header).  Its rows
are numbered as the file numbers its lines (the header is row 1): a blank
line, or a line of separators alone, holds no game and is skipped, and the
rows after it keep their numbers.

Values are read as :mod:`.game_list` reads a list whole (the numbers are
the same, line for line: ``tests/jobs/test_game_lists_in_batches.py``): in a CSV file every
cell is text, an empty cell is blank, and the result and handicap columns
become numbers when they are numbers; in a Parquet file values keep their
types, a null is blank.  NaN or infinity in the handicap column (``nan``,
``inf`` in a CSV file, or stored in a float column) is refused with its rows;
in the result column it is an invalid result.
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import count, islice
from pathlib import Path
from typing import Any

from ..engine.cells import column_twice, header_columns, spans
from ..engine.inputs import COLUMNS
from ..engine.stream import DEFAULT_EVENT, Batch
from ..errors import InputErrors, RatingInputError, Where
from ..files import messages as F
from ..i18n.catalogue import sheets as S
from ..i18n.catalogue import workbooks as W
from .csv_dialect import Dialect, sniff
from .list_tables import NUMERIC, csv_value, is_eof_mark, not_finite_text

#: (what the pass does, bytes or rows done, total) -- for a progress bar.
Progress = Callable[[str, int, int], None]
#: A CSV file is read in blocks of this many bytes; a Parquet file in batches of this many rows.
CSV_BLOCK = 1 << 20
PARQUET_ROWS = 1 << 17
PANDAS_ROWS = 50_000
#: Rows of NaN or infinity remembered per column for the message (the rest are counted).
NAN_ROWS = 50


class ListFile:
    """A CSV or Parquet game list: its columns, and its rows in batches, read again as often as asked."""

    def __init__(self, path: Path, progress: Progress | None = None) -> None:
        self.path, self.progress = path, progress
        self.name = path.name
        suffix = path.suffix.lower()
        self.kind = "Parquet" if suffix in (".parquet", ".pq") else "CSV"
        if not path.exists():
            raise InputErrors([RatingInputError(F.NO_SUCH_FILE(), where=Where(str(path)))])
        if suffix not in (".parquet", ".pq", ".csv", ".txt"):
            raise InputErrors([RatingInputError(S.GAME_LIST_SUFFIX(), where=Where(str(path)))])
        self.arrow = has_pyarrow()          #: without it a CSV file is read in chunks by pandas
        if self.kind == "Parquet" and not self.arrow:
            raise InputErrors([RatingInputError(S.PARQUET_NEEDS_PYARROW(), where=Where(str(path)))])
        known = set(COLUMNS["Games"][0])
        self.dialect = sniff(path, known) if self.kind == "CSV" else Dialect()
        header = self._header()
        keys, twice = header_columns(header, known)
        if twice:           # which column is meant is not known: refused, both named
            raise InputErrors([column_twice(header, t, str(path), self.name) for t in twice])
        self.columns: dict[str, int] = {k: j for j, k in keys.items()}     #: key -> position in the file
        self.header = header
        self.stat = os.stat(path)
        self.nan_rows: dict[str, list[int]] = {}   #: key -> rows holding NaN or infinity (first NAN_ROWS)
        self.nan_count: dict[str, int] = {}
        self.ragged: list[RatingInputError] = []
        self.rows = 0                               #: rows of the list, once read
        self.skipped: set[int] = set()              #: lines of the wrong length (not read)
        self._first = True
        #: a Parquet file's text columns read as Arrow dictionaries, as the file stores them (its
        #: distinct values once, each row's position among them: not a string per cell; the
        #: values the same) -- set by :mod:`.list_one_pass`, which looks at the distinct values
        self.dictionary = False
        self._dictionary_file: Any = None

    def _unreadable(self) -> InputErrors:
        kind = self.kind
        return InputErrors([RatingInputError(S.GAME_LIST_UNREADABLE(kind=kind), where=Where(str(self.path)))])

    def _header(self) -> list[Any]:
        try:
            if self.kind == "Parquet":
                import pyarrow.parquet as pq

                self._parquet = pq.ParquetFile(self.path)
                return list(self._parquet.schema_arrow.names)
            with open(self.path, encoding=self.dialect.python, newline="") as f:
                return next(csv.reader(f, delimiter=self.dialect.delimiter), [])
        except Exception:   # pyarrow's and the csv module's many errors
            raise self._unreadable() from None

    def parquet_file(self, dictionary: bool = False) -> Any:
        """A Parquet file's pyarrow ParquetFile (its metadata, its row groups); ``dictionary``: one
        reading its text columns as Arrow dictionaries (:meth:`text_columns`)."""
        if not dictionary:
            return self._parquet
        if self._dictionary_file is None:
            import pyarrow.parquet as pq

            self._dictionary_file = pq.ParquetFile(self.path, read_dictionary=self.text_columns())
        return self._dictionary_file

    def text_columns(self) -> list[str]:
        """A Parquet file's columns of Arrow text (``string``) among those read, by name."""
        import pyarrow as pa

        schema = self._parquet.schema_arrow
        return [self.header[j] for j in dict.fromkeys(self.columns.values()) if schema.field(j).type == pa.string()]

    def missing(self, needed: Sequence[str]) -> list[RatingInputError]:
        return [RatingInputError(S.LIST_COLUMN_MISSING(column=k), where=Where(str(self.path), self.name, 1, k))
                for k in needed if k not in self.columns]

    # --- reading -----------------------------------------------------------
    def read(self, what: str) -> Iterator[Batch]:
        """Every row, in batches of columns (see :mod:`xl_ratings.engine.stream`), each
        column turned into Python values only when asked for; the first read also finds
        NaN and infinity, and lines of the wrong length.  With :attr:`dictionary` set, a
        Parquet file's text columns are read as Arrow dictionaries."""
        first, self._first = self._first, False
        now = os.stat(self.path)
        if (now.st_size, now.st_mtime_ns) != (self.stat.st_size, self.stat.st_mtime_ns):
            raise InputErrors([RatingInputError(S.LIST_CHANGED_WHILE_READ(), where=Where(str(self.path)))])
        row = 2
        batches = self._parquet_batches(what, self.dictionary) if self.kind == "Parquet" else \
            self._csv_batches(what, first) if self.arrow else self._pandas_batches()
        try:
            for batch, names in batches:
                n = batch.num_rows if names is not None else len(next(iter(batch.values())))
                if not n:
                    continue
                data = Columns(batch, names, self.kind == "CSV", n) if names is not None else batch
                index: Sequence[int] = range(row, row + n)
                if self.skipped and any(row <= r < row + n + len(self.skipped) for r in self.skipped):
                    index = list(islice((r for r in count(row) if r not in self.skipped), n))
                    n = index[-1] + 1 - row     # a line of the wrong length keeps its number
                row += n
                if self.kind == "CSV":
                    data, index = _without_blank_rows(data, index, list(self.columns))
                    if not index:
                        continue
                if first:
                    self._nan(data, index)
                if self.progress is not None and self.rows:        # later passes: rows of all
                    self.progress(what, row - 2, self.rows)
                yield data, index
            if first:
                self.rows = row - 2
        except (InputErrors, GeneratorExit):
            raise
        except Exception:   # pyarrow's many parser errors (a damaged file, text that is not UTF-8)
            raise self._unreadable() from None

    def _csv_batches(self, what: str, first: bool) -> Iterator[tuple[Any, Mapping[str, str | int]]]:
        import pyarrow as pa
        import pyarrow.csv as pcsv

        width = len(self.header)

        def ragged(r: Any) -> str:
            if r.number is not None:
                self.skipped.add(r.number)
            if first and not is_eof_mark(r.text):      # (DOS's end of file, Ctrl-Z: no game)
                self.ragged.append(RatingInputError(S.RAGGED_ROW(found=r.actual_columns, expected=width),
                                                    where=Where(str(self.path), line=r.number),
                                                    value=r.text[:200]))
            return "skip"
        names = {k: f"f{j}" for k, j in self.columns.items()}
        total = self.stat.st_size
        with pa.OSFile(str(self.path)) as f:
            try:
                reader = pcsv.open_csv(
                    f, read_options=pcsv.ReadOptions(skip_rows=1, autogenerate_column_names=True, block_size=CSV_BLOCK,
                                                     use_threads=False,     # (lines numbered; no faster with threads)
                                                     encoding=self.dialect.encoding),
                    # a blank line is a row of blanks (dropped by read(), keeping the rows' numbers)
                    parse_options=pcsv.ParseOptions(invalid_row_handler=ragged, delimiter=self.dialect.delimiter,
                                                    ignore_empty_lines=False),
                    convert_options=pcsv.ConvertOptions(
                        column_types={c: pa.string() for c in names.values()}, include_columns=list(names.values()),
                        strings_can_be_null=False, quoted_strings_can_be_null=False))
            except pa.ArrowInvalid as e:
                if "Empty CSV" in str(e):   # the header alone: no games
                    return
                raise
            for batch in reader:
                if self.progress is not None and not self.rows:    # the first pass: bytes read (ahead)
                    self.progress(what, f.tell(), total)
                yield batch, names

    def _pandas_batches(self) -> Iterator[tuple[Any, None]]:
        """Without pyarrow: the CSV file in chunks of rows, by pandas (as the list read whole)."""
        import pandas as pd

        keys = list(self.columns)
        with pd.read_csv(self.path, dtype=str, keep_default_na=False, encoding=self.dialect.python, header=0,
                         sep=self.dialect.delimiter, skip_blank_lines=False,
                         usecols=[self.columns[k] for k in keys], chunksize=PANDAS_ROWS) as chunks:
            for chunk in chunks:
                data: dict[str, list[Any]] = {}
                for k in keys:
                    values = chunk.iloc[:, sorted(self.columns.values()).index(self.columns[k])].tolist()
                    values = [None if v == "" else v for v in values]
                    data[k] = [csv_value(v) for v in values] if k in ("result", "handicap") else values
                if "event" not in data:
                    data["event"] = [DEFAULT_EVENT] * len(chunk)
                yield data, None

    def _parquet_batches(self, what: str, dictionary: bool = False) -> Iterator[tuple[Any, dict[str, int]]]:
        import pyarrow.parquet as pq

        pf = pq.ParquetFile(self.path, read_dictionary=self.text_columns() if dictionary else None)
        positions = list(dict.fromkeys(self.columns.values()))
        names = {k: positions.index(j) for k, j in self.columns.items()}     # key -> position in a batch
        total, done = pf.metadata.num_rows, 0
        # (read as dictionaries the columns are little more than their codes: no faster with threads)
        for batch in pf.iter_batches(batch_size=PARQUET_ROWS, columns=[self.header[j] for j in positions],
                                     use_threads=not dictionary):
            done += batch.num_rows
            if self.progress is not None and not self.rows:
                self.progress(what, done, total)
            yield batch, names

    def _nan(self, data: Mapping[str, list[Any]], index: Sequence[int]) -> None:
        """NaN and infinity: in a number column refused (and read as blank), in the result
        column an invalid result (kept as text)."""
        for key in [k for k in data if k in NUMERIC or k == "result"]:
            found = data.distinct(key) if isinstance(data, Columns) else None
            if found is not None and not any((v.__class__ is float and not math.isfinite(v)) or
                                             (v.__class__ is str and not_finite_text(v)) for v in found[0]):
                continue            # no distinct value is NaN or infinity: no row is (no Python object per row)
            values = data[key]
            bad = [k for k, v in enumerate(values) if (v.__class__ is float and not math.isfinite(v))
                   or (v.__class__ is str and not_finite_text(v))]
            if not bad:
                continue
            if key == "result":
                for k in bad:
                    values[k] = str(values[k])
                continue
            for k in bad:
                values[k] = None
            rows = self.nan_rows.setdefault(key, [])
            rows += [index[k] for k in bad[:max(0, NAN_ROWS - len(rows))]]
            self.nan_count[key] = self.nan_count.get(key, 0) + len(bad)

    def problems(self) -> list[RatingInputError]:
        """What the first read found: lines of the wrong length, NaN and infinity (one line per column)."""
        out = list(self.ragged)
        for key, rows in self.nan_rows.items():
            n = self.nan_count[key]
            lines = S.ROWS_AND_MORE(rows=spans(rows), count=n) if n > len(rows) else \
                (W.ROW_AT if n == 1 else W.ROWS_AT)(rows=spans(rows))
            out.append(RatingInputError(   # the words of a list read whole (game_list.list_frame)
                S.NOT_FINITE_ROWS(rows=lines), where=Where(str(self.path), self.name, rows[0], key)))
        return out


class Columns(Mapping[str, list[Any]]):
    """One batch's columns by key, each turned into Python values the first time it is
    asked for (a pass that needs only the dates converts only the dates).

    A CSV cell is text (an empty one blank; the result and handicap columns numbers
    when they are numbers, as :func:`.game_list.csv_value` reads them); a Parquet
    value keeps its type (null: blank).  A list without an event column gets one."""

    def __init__(self, batch: Any, names: Mapping[str, str | int], csv: bool, n: int) -> None:
        self._batch, self._names, self._csv, self._n = batch, names, csv, n
        self._done: dict[str, list[Any]] = {}
        self._encoded: dict[str, tuple[list[Any], Any]] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._names or key == "event"

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names) + ([] if "event" in self._names else ["event"]))

    def __len__(self) -> int:
        return len(self._names) + (0 if "event" in self._names else 1)

    def __getitem__(self, key: str) -> list[Any]:
        got = self._done.get(key)
        if got is None:
            got = self._done[key] = self._convert(key)
        return got

    def distinct(self, key: str) -> tuple[list[Any], Callable[[list[Any]], list[Any]]] | None:
        """The column's distinct values (as :meth:`__getitem__` gives them), and how to
        spread a value per distinct value back over the rows: a parser parses each
        distinct value once, without a Python object per cell (pyarrow's dictionary
        encoding, NumPy's take).  None: take the values (the column was changed)."""
        n = self._n
        if key in self._done:
            return None
        if key not in self._names:
            if key == "event":
                return [DEFAULT_EVENT], lambda parsed: [parsed[0]] * n
            raise KeyError(key)
        import numpy as np

        values, take = self._distinct(key)

        def spread(parsed: list[Any]) -> list[Any]:
            arr = np.empty(len(parsed), dtype=object)
            arr[:] = parsed
            return list(arr[take].tolist())
        return values, spread

    def arrow(self, key: str) -> Any:
        """The column as pyarrow holds it (a CSV cell as text, "" when empty); None: no such column."""
        return self._batch.column(self._names[key]) if key in self._names and key not in self._done else None

    def codes(self, key: str) -> tuple[list[Any], Any]:
        """The column's distinct values (as :meth:`__getitem__` gives them) and each row's
        position among them (a NumPy array): the columnar kernel's input
        (:mod:`.list_kernel`), without a Python object per cell."""
        import numpy as np

        if key not in self._names:
            if key == "event":
                return [DEFAULT_EVENT], np.zeros(self._n, dtype=np.int64)
            raise KeyError(key)
        if key in self._done:
            return python_codes(self._done[key], {}, np)
        values, take = self._distinct(key)
        return values, take.astype(np.int64, copy=False)

    def _distinct(self, key: str) -> tuple[list[Any], Any]:
        """The column's distinct values, read as a cell of the list reads (a CSV's "" is blank,
        its result and handicap parsed), and each row's position among them (NumPy)."""
        import pyarrow as pa

        got = self._encoded.get(key)
        if got is not None:         # (the first read's NaN look, then the kernel's codes)
            return list(got[0]), got[1]
        pc = arrow_compute()
        enc = pc.call_function("dictionary_encode", [self._batch.column(self._names[key])])
        values = enc.dictionary.to_pylist()
        codes = enc.indices
        if codes.null_count:        # (pyarrow.compute.fill_null)
            codes = pc.call_function("coalesce", [codes, pa.scalar(len(values), type=codes.type)])
            values.append(None)
        if self._csv:
            values = [None if v == "" else v for v in values]
            if key in ("result", "handicap"):
                values = [csv_value(v) for v in values]
        out = self._encoded[key] = (values, ints_of(codes))
        return list(values), out[1]

    def _convert(self, key: str) -> list[Any]:
        if key not in self._names:
            if key == "event":
                return [DEFAULT_EVENT] * self._n
            raise KeyError(key)
        col = self._batch.column(self._names[key])
        if not self._csv:
            return list(col.to_pylist())
        import pyarrow as pa
        import pyarrow.compute as pc

        values = pc.if_else(pc.equal(col, ""), pa.scalar(None, pa.string()), col).to_pylist()
        if key in ("result", "handicap"):
            conv = {v: csv_value(v) for v in set(values)}
            values = list(map(conv.__getitem__, values))
        return list(values)


def _without_blank_rows(data: Any, index: Sequence[int], keys: Sequence[str]) -> tuple[Any, Sequence[int]]:
    """A CSV batch without its rows of blanks (a blank line, a line of separators alone): no
    game, and the rows after keep their numbers (``index``)."""
    if isinstance(data, Columns):
        import numpy as np

        batch = data._batch
        if not batch.num_columns:
            return data, index
        if not any_empty(batch.column(0)):     # (the first column without an empty cell: no blank row)
            return data, index
        pc = arrow_compute()
        blank: Any = None
        for col in batch.columns:
            empty = empty_of(col)
            blank = empty if blank is None else pc.call_function("and", [blank, empty])
            if not pc.call_function("any", [blank]).as_py():    # (one column without an empty cell: no blank row)
                return data, index
        keep = np.flatnonzero(~blank.to_numpy(zero_copy_only=False))
        return Columns(batch.take(keep), data._names, True, len(keep)), [index[k] for k in keep.tolist()]
    columns = [data[k] for k in keys]       # (pandas: a blank already None)
    keep_rows = [k for k in range(len(index)) if any(c[k] is not None for c in columns)]
    if len(keep_rows) == len(index):
        return data, index
    return {k: [v[j] for j in keep_rows] for k, v in data.items()}, [index[j] for j in keep_rows]


# --- Arrow to NumPy without pandas: pyarrow imports pandas (0.2 s) on its first Python scalar,
# to_numpy() or pa.array() of a list, and the list path has no other use for it

def python_codes(values: list[Any], pos: dict[Any, int], np: Any) -> tuple[list[Any], Any]:
    """Python values' distinct values and each one's position among them (NumPy)."""
    take = np.fromiter((pos.setdefault(v, len(pos)) for v in values), dtype=np.int64, count=len(values))
    return list(pos), take


def ints_of(arr: Any) -> Any:
    """An Arrow integer array without nulls as a NumPy array (its buffer; nulls: pyarrow's own)."""
    import numpy as np

    width = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64}.get(str(arr.type))
    if width is None or arr.null_count:
        return arr.to_numpy(zero_copy_only=False)
    return np.frombuffer(arr.buffers()[1], dtype=width, count=len(arr), offset=arr.offset * np.dtype(width).itemsize)


def arrow_strings(values: Sequence[str]) -> Any:
    """``pa.array(values, pa.string())`` built from its buffers."""
    import pyarrow as pa
    from array import array
    from itertools import accumulate

    raw = [v.encode("utf-8") for v in values]
    offsets = array("i", [0])
    offsets.extend(accumulate(map(len, raw)))
    if offsets[-1] >= 1 << 31:
        return pa.array(values, pa.string())
    return pa.Array.from_buffers(pa.string(), len(raw), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(raw))])


def rows_array(index: Sequence[int]) -> Any:
    """A batch's row numbers as a NumPy array (a ``range`` without a Python int per row)."""
    import numpy as np

    if isinstance(index, range) and index.step == 1:
        return np.arange(index.start, index.stop, dtype=np.int64)
    return np.asarray(index, dtype=np.int64)


def any_empty(col: Any) -> bool:
    """Has a text column an empty cell ("")?  From its offsets (NumPy), without a compute call."""
    import numpy as np
    import pyarrow as pa

    if col.type != pa.string() or col.null_count:      # (another type, or nulls: pyarrow's way)
        return bool(arrow_compute().call_function("any", [empty_of(col)]).as_py())
    offsets = np.frombuffer(col.buffers()[1], dtype=np.int32, count=len(col) + 1, offset=col.offset * 4)
    return bool((offsets[1:] == offsets[:-1]).any())


def empty_of(col: Any) -> Any:
    """Each cell of a text column: is it empty ("")? (``pc.equal(col, "")`` without a Python scalar)"""
    import pyarrow as pa

    pc = arrow_compute()
    length = pc.call_function("binary_length", [col])
    return pc.call_function("invert", [pc.call_function("cast", [length], pc.CastOptions.safe(pa.bool_()))])


def arrow_compute() -> Any:
    """pyarrow's compute functions (``call_function``, their options) without importing
    :mod:`pyarrow.compute`, which makes a Python wrapper of each of its hundreds of functions
    when imported (some 20 ms of a list's start-up; the bare read of a list never imports it):
    the module those wrappers call, else :mod:`pyarrow.compute` itself (the same functions)."""
    try:
        import pyarrow._compute as pc
    except ImportError:         # (another pyarrow's layout: its public module)
        pc = None
    if pc is None or not all(hasattr(pc, name) for name in _COMPUTE_NAMES):
        import pyarrow.compute as pc            # a private module without what we call: the public one
    return pc


#: what the list readers call through :func:`arrow_compute` (a pyarrow whose private module lacks one:
#: the public module)
_COMPUTE_NAMES = ("call_function", "CastOptions", "SetLookupOptions")


def has_pyarrow() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True
