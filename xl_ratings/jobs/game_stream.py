"""Game lists of any length: CSV and Parquet read in batches (pyarrow), rated in batches.

``xl-ratings process games.csv --system lianzhong`` reads the list with
pyarrow's streaming readers -- a CSV block by block, a Parquet file batch by
batch -- and hands the batches to :mod:`xl_ratings.engine.stream`, which
checks every row in a first pass and rates the list in the passes after it.
The memory grows with the players and the events, not with the games
(``docs/performance.md``): the file is read again rather than held.

Values are read as :mod:`.game_list` reads a list whole (the numbers are
the same, line for line: ``tests/test_game_stream.py``): in a CSV file every
cell is text, an empty cell is blank, and the result and handicap columns
become numbers when they are numbers; in a Parquet file values keep their
types, a null is blank.  NaN or infinity in the handicap column (``nan``,
``inf`` in a CSV file, or stored in a float column) is refused with its rows;
in the result column it is an invalid result.

Problems and checks are written in full, beside the output, as CSV files
(:class:`Spool`): the message shows the first problems of each rule and
column, the console the first checks of each rule.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import math
import os
import shutil
import tempfile
import time
from itertools import count, islice
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ..engine.inputs import COLUMNS
from ..engine.perf import gc_paused
from ..engine.run import Outcome, run_records
from ..engine.stream import DEFAULT_EVENT, WINDOW, Batch, GameList, ProblemLog, TooManyProblems, read_game_list
from ..errors import InputErrors, RatingInputError, Text, Where
from ..files import messages as F
from ..i18n.catalogue import run as R
from ..i18n.catalogue import sheets as S
from ..i18n.catalogue import workbooks as W
from ..i18n.labels import header_key
from ..systems.base import Check, System
from ..systems.period import Period
from ..files.encode import FORMULA_STARTS, csv_bytes, neutralise
from ..view.sheets import Words
from .game_list import NUMERIC, csv_value, not_finite_text, table_of, set_option
from ..engine.cells import spans
from .period import told_in

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
        header = self._header()
        known = set(COLUMNS["Games"][0])
        self.columns: dict[str, int] = {}          #: key -> position in the file
        for j, h in enumerate(header):
            k = header_key(h, known)
            if k and k not in self.columns:
                self.columns[k] = j
        self.header = header
        self.stat = os.stat(path)
        self.nan_rows: dict[str, list[int]] = {}   #: key -> rows holding NaN or infinity (first NAN_ROWS)
        self.nan_count: dict[str, int] = {}
        self.ragged: list[RatingInputError] = []
        self.rows = 0                               #: rows of the list, once read
        self.skipped: set[int] = set()              #: lines of the wrong length (not read)
        self._first = True

    def _unreadable(self) -> InputErrors:
        kind = self.kind
        return InputErrors([RatingInputError(S.GAME_LIST_UNREADABLE(kind=kind), where=Where(str(self.path)))])

    def _header(self) -> list[Any]:
        try:
            if self.kind == "Parquet":
                import pyarrow.parquet as pq

                self._parquet = pq.ParquetFile(self.path)
                return list(self._parquet.schema_arrow.names)
            with open(self.path, encoding="utf-8-sig", newline="") as f:
                return next(csv.reader(f), [])
        except Exception:   # pyarrow's and the csv module's many errors
            raise self._unreadable() from None

    def missing(self, needed: Sequence[str]) -> list[RatingInputError]:
        return [RatingInputError(S.LIST_COLUMN_MISSING(column=k), where=Where(str(self.path), self.name, 1, k))
                for k in needed if k not in self.columns]

    # --- reading -----------------------------------------------------------
    def read(self, what: str) -> Iterator[Batch]:
        """Every row, in batches of columns (see :mod:`xl_ratings.engine.stream`), each
        column turned into Python values only when asked for; the first read also finds
        NaN and infinity, and lines of the wrong length."""
        first, self._first = self._first, False
        now = os.stat(self.path)
        if (now.st_size, now.st_mtime_ns) != (self.stat.st_size, self.stat.st_mtime_ns):
            raise InputErrors([RatingInputError(S.LIST_CHANGED_WHILE_READ(), where=Where(str(self.path)))])
        row = 2
        batches = self._parquet_batches(what) if self.kind == "Parquet" else \
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
                if first:
                    self._nan(data, index)
                row += n
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
            if first:
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
                                                     use_threads=False),     # (lines numbered; no faster with threads)
                    parse_options=pcsv.ParseOptions(invalid_row_handler=ragged),
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
        with pd.read_csv(self.path, dtype=str, keep_default_na=False, encoding="utf-8-sig", header=0,
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

    def _parquet_batches(self, what: str) -> Iterator[tuple[Any, dict[str, int]]]:
        import pyarrow.parquet as pq

        pf = pq.ParquetFile(self.path)
        positions = list(dict.fromkeys(self.columns.values()))
        names = {k: positions.index(j) for k, j in self.columns.items()}     # key -> position in a batch
        total, done = pf.metadata.num_rows, 0
        for batch in pf.iter_batches(batch_size=PARQUET_ROWS, columns=[self.header[j] for j in positions]):
            done += batch.num_rows
            if self.progress is not None and not self.rows:
                self.progress(what, done, total)
            yield batch, names

    def _nan(self, data: Mapping[str, list[Any]], index: Sequence[int]) -> None:
        """NaN and infinity: in a number column refused (and read as blank), in the result
        column an invalid result (kept as text)."""
        for key in [k for k in data if k in NUMERIC or k == "result"]:
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
            out.append(RatingInputError(   # the words of a list read whole (game_list._frame)
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
        import pyarrow.compute as pc

        enc = pc.dictionary_encode(self._batch.column(self._names[key]))
        values = enc.dictionary.to_pylist()
        codes = enc.indices
        if codes.null_count:
            codes = pc.fill_null(codes, len(values))
            values.append(None)
        if self._csv:
            values = [None if v == "" else v for v in values]
            if key in ("result", "handicap"):
                values = [csv_value(v) for v in values]
        take = codes.to_numpy(zero_copy_only=False)

        def spread(parsed: list[Any]) -> list[Any]:
            arr = np.empty(len(parsed), dtype=object)
            arr[:] = parsed
            return list(arr[take].tolist())
        return values, spread

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


def has_pyarrow() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


# --------------------------------------------------------------------------- spools

class Spool:
    """A CSV file written line by line into a temp file, copied in place at the end (the
    full list of problems or checks: it can be as long as the game list)."""

    def __init__(self, header: Sequence[str], folder: Path) -> None:
        self.header = list(header)
        self.count = 0
        self._raw = tempfile.TemporaryFile(dir=folder if folder.is_dir() else None)
        self._text = io.TextIOWrapper(self._raw, encoding="utf-8", newline="")
        self._csv = csv.writer(self._text, lineterminator="\r\n")

    def row(self, values: Sequence[Any]) -> None:
        self._csv.writerow([_cell(v) for v in values])
        self.count += 1

    def write_to(self, out: BinaryIO) -> None:
        """The file: UTF-8 with BOM (so Excel reads Chinese), the header, every line."""
        out.write(csv_bytes(self.header, ()))
        self._text.flush()
        self._raw.seek(0)
        shutil.copyfileobj(self._raw, out, 1 << 20)

    def close(self) -> None:
        self._text.close()


def _cell(v: Any) -> Any:
    """:func:`.fileio.neutralise`, quicker for the plain text and numbers of a long list."""
    cls = v.__class__
    if cls is str:
        return "'" + v if v[:1] in FORMULA_FIRST else v
    if cls is int or cls is float:
        return v
    return neutralise(v)


FORMULA_FIRST = frozenset(FORMULA_STARTS)


def csv_writer(header: Sequence[Any], rows: Sequence[Sequence[Any]]) -> Callable[[BinaryIO], None]:
    """The rating list as :func:`.fileio.csv_bytes` writes it (UTF-8 with BOM, cells
    neutralised), written a block of rows at a time."""
    def write(out: BinaryIO) -> None:
        out.write(csv_bytes(header, ()))
        for start in range(0, len(rows), 10_000):
            buf = io.StringIO()
            w = csv.writer(buf, lineterminator="\r\n")
            w.writerows([_cell(v) for v in r] for r in rows[start:start + 10_000])
            out.write(buf.getvalue().encode("utf-8"))
    return write


def json_writer(obj: Any) -> Callable[[BinaryIO], None]:
    """The JSON export written piece by piece: the very bytes of :func:`.fileio.json_bytes`
    (``indent=1``, Chinese as is, dates as ISO text), without holding the whole text in
    memory, and its lists of flat records (players, changes, checks) formatted at C
    speed (``tests/test_game_stream.py`` compares the two)."""
    from ..files.encode import json_default

    def write(out: BinaryIO) -> None:
        buf: list[str] = []
        size = 0
        for chunk in _json_chunks(obj, json_default):
            buf.append(chunk)
            size += len(chunk)
            if size > 1 << 20:
                out.write("".join(buf).encode("utf-8"))
                buf, size = [], 0
        buf.append("\n")
        out.write("".join(buf).encode("utf-8"))
    return write


_SCALARS = (str, int, float, bool, type(None), dt.date, dt.datetime)


def _json_chunks(obj: Any, default: Callable[[Any], Any]) -> Iterator[str]:
    """``json.dumps(obj, ensure_ascii=False, indent=1, default=default)`` in pieces: a
    dict of scalars and lists of flat dicts fast, anything else by the json module."""
    slow = json.JSONEncoder(ensure_ascii=False, indent=1, default=default)
    if not isinstance(obj, dict) or not obj or not all(isinstance(k, str) for k in obj):
        yield from slow.iterencode(obj)
        return
    # the C encoder of a string, ensure_ascii=False
    enc = json.encoder.encode_basestring

    def scalar(v: Any) -> str:
        cls = v.__class__
        if cls is str:
            return str(enc(v))
        if v is None:
            return "null"
        if v is True:
            return "true"
        if v is False:
            return "false"
        if cls is float:
            return repr(v) if v == v and v not in (math.inf, -math.inf) else \
                ("NaN" if v != v else "Infinity" if v > 0 else "-Infinity")
        if cls is int:
            return int.__repr__(v)
        return "".join(slow.iterencode(v))     # a date (ISO text), a number of another kind

    def flat(rec: Any) -> bool:
        return rec.__class__ is dict and all(v.__class__ in _SCALARS for v in rec.values()) and \
            all(k.__class__ is str for k in rec)
    yield "{"
    first = True
    for key, value in obj.items():
        yield ("\n " if first else ",\n ") + enc(key) + ": "
        first = False
        if value.__class__ in _SCALARS:
            yield scalar(value)
        elif value.__class__ is list and all(map(flat, value)):
            if not value:
                yield "[]"
                continue
            yield "["
            for j, rec in enumerate(value):
                items = ",\n   ".join(enc(k) + ": " + scalar(v) for k, v in rec.items())
                yield ("\n  " if j == 0 else ",\n  ") + ("{\n   " + items + "\n  }" if rec else "{}")
            yield "\n ]"
        else:                                  # re-indented one level in
            yield "\n ".join("".join(slow.iterencode(value)).split("\n"))
    yield "\n}" if not first else "}"


PROBLEM_COLUMNS = ("file", "sheet", "row", "line", "column", "value", "problem", "problem_zh")
CHECK_COLUMNS = ("period", "rule", "sheet", "row", "message")


def problem_row(e: RatingInputError, lang: str) -> list[Any]:
    w = e.where
    return [w.file, w.sheet, w.row, w.line, w.column, e.value, e.en_in(lang), e.zh_in(lang) or ""]


def beside(output: str | None, json_path: str | None, game_list: Path, what: str) -> Path:
    """``OUT.checks.csv`` beside the output (``--output``, else ``--json``), else beside the list."""
    base = Path(output or json_path or game_list)
    return base.with_name(f"{base.stem}.{what}.csv")


# --------------------------------------------------------------------------- the run

@dataclass
class Streamed:
    """A game list rated in batches."""

    outcome: Outcome
    game_list: GameList
    checks: dict[str, list[int | None]] = field(default_factory=dict)   #: rule -> first rows
    check_counts: dict[str, int] = field(default_factory=dict)


def rate_game_list(path: str | os.PathLike[str], system: System, *, players: str | None = None,
                   events: str | None = None, settings: dict[str, Any] | None = None, period: str | None = None,
                   progress: Progress | None = None, problems: Callable[[RatingInputError], None] | None = None,
                   checks: Callable[[Period, Check], None] | None = None, window: int = WINDOW,
                   today: dt.date | None = None, shown: int = 5) -> Streamed:
    """Check and rate a CSV/Parquet game list in batches (see the module).

    ``problems``: called with every problem found (the message shows the first
    ``shown`` of each rule and column: :class:`~xl_ratings.engine.stream.TooManyProblems`);
    ``checks``: called with every check of every period (the outcome keeps the
    first of each rule, as a workbook's Checks sheet does)."""
    gpath = Path(path)
    with gc_paused():
        lf = ListFile(gpath, progress)
        errors = lf.missing(("player", "opponent", "result"))
        if not events and "date" not in lf.columns:
            errors.append(RatingInputError(S.LIST_NEEDS_DATE(), where=Where(str(gpath), gpath.name, 1, "date")))
        if errors:
            raise InputErrors(errors)
        earlier: list[RatingInputError] = []
        p_table = table_of(Path(players), "Players", earlier) if players else None
        e_table = table_of(Path(events), "Events", earlier) if events else None
        log = ProblemLog(str(gpath), gpath.name, shown, problems)
        try:
            gl = read_game_list(lf.read, str(gpath), system, settings or {}, set_option, p_table,
                                e_table, log, earlier, window, players, events)
        except TooManyProblems:
            for e in lf.problems():     # found in the first pass, told with it
                log.add(e)
            raise TooManyProblems.of(log) from None
        late = lf.problems()
        if late:
            for e in late:
                log.add(e)
            raise TooManyProblems.of(log)
        first: dict[str, list[int | None]] = {}
        counts: dict[str, int] = {}

        def sink(p: Period, c: Check) -> None:
            rows = first.setdefault(c.rule, [])
            if len(rows) < shown:
                rows.append(c.row)
            counts[c.rule] = counts.get(c.rule, 0) + 1
            if checks is not None:
                checks(p, c)
        try:
            outcome = run_records(gl.records, None, period, str(gpath), None, today=today, feed=gl.feed,
                                  check_sink=sink)
        except InputErrors as e:
            raise _players_needed(e, system, gpath) if not players else e from None
    return Streamed(outcome, gl, first, counts)


def _players_needed(err: InputErrors, system: System, path: Path) -> InputErrors:
    """A list without --players whose made-up players the rules refuse (gor: a rating or a rank
    each): one line saying --players is needed, not one per player at a Players sheet that
    does not exist."""
    made_up = [e for e in err.errors if e.where.sheet == "Players"]
    if not made_up:
        return err
    rest = [e for e in err.errors if e.where.sheet != "Players"]
    return InputErrors([RatingInputError(S.LIST_NEEDS_PLAYERS(system=system.name, count=len(made_up)),
                                         where=Where(str(path)), value="--players")] + rest)


def check_line(words: Words, p: Period, c: Check) -> list[Any]:
    return [p.label, c.rule, c.sheet, c.row, words.check(c.rule, dict(c.args))]


def checks_summary(done: Streamed, listed: Path | None) -> list[Text]:
    """A line per rule: how many checks, and the first rows (the full list in ``listed``)."""
    if not done.check_counts:
        return []
    lines = [R.CHECKS_PER_RULE(total=sum(done.check_counts.values()))]
    for rule, n in sorted(done.check_counts.items(), key=lambda kv: -kv[1]):
        rows = [str(r) for r in done.checks.get(rule, []) if r is not None]
        shown = ", ".join(rows + (["…"] if n > len(rows) else [])) or "—"
        lines.append(R.CHECKS_OF_RULE(rule=rule, count=n, rows=shown))
    if listed is not None:
        lines.append(R.EVERY_CHECK_LISTED(path=str(listed)))
    return lines


def process_list(path: str | os.PathLike[str], system: System, *, players: str | None = None,
                 events: str | None = None, settings: dict[str, Any] | None = None, period: str | None = None,
                 output: str | None = None, json_path: str | None = None, force: bool = False,
                 progress: Progress | None = None, window: int = WINDOW,
                 today: dt.date | None = None) -> tuple[Outcome, list[Path], list[Text]]:
    """The game-list job: check and rate the list in batches; write the JSON export
    (``json_path``), the rating list (``output``, CSV) and every check beside them
    (``OUT.checks.csv``) -- all or nothing.  Refused: every problem counted, the first
    of each rule and column told, and all of them in ``OUT.problems.csv`` (beside the
    output, else beside the list) when there are more.  Returns the outcome, the files
    written and the lines for the console."""
    from ..view.export import export
    from ..view.sheets import fact_sheet
    from .. import __version__
    from ..files.atomic import Outputs
    from ..files.paths import check_outputs
    from ..files.sniff import JSON_MARKER, is_our_csv, is_our_json

    from .game_list import check_inputs

    gpath = Path(path)
    check_inputs(path, players, events)      # before any read: a pipe would hang the run
    if output and Path(output).suffix.lower() != ".csv":
        raise RatingInputError(S.LIST_OUTPUT_CSV(), value=str(output))
    inputs = [Path(p) for p in (path, players, events) if p]
    header = [c.key for c in system.sheets[0].columns]
    checks_path = beside(output, json_path, gpath, "checks") if (output or json_path) else None
    problems_path = beside(output, json_path, gpath, "problems")

    def ours(p: Path) -> bool:
        return is_our_json(p) or is_our_csv(p, header) or is_our_csv(p, CHECK_COLUMNS) or \
            is_our_csv(p, PROBLEM_COLUMNS)
    check_outputs(inputs, {"--json": Path(json_path) if json_path else None,
                           "--output": Path(output) if output else None, "checks": checks_path},
                  force=force, ours=ours)
    folder = (checks_path or problems_path).parent
    problem_spool, check_spool = Spool(PROBLEM_COLUMNS, folder), Spool(CHECK_COLUMNS, folder)
    words = Words(system)
    try:
        try:
            done = rate_game_list(gpath, system, players=players, events=events, settings=settings,
                                  period=period, progress=timed(progress), window=window, today=today,
                                  problems=lambda e: problem_spool.row(problem_row(e, system.lang)),
                                  checks=(lambda p, c: check_spool.row(check_line(words, p, c)))
                                  if checks_path else None)
        except TooManyProblems as e:
            # the command line tells it in the system's script
            raise told_in(_told(e, problem_spool, problems_path, inputs, force, ours), system.lang) from None
        except InputErrors as e:
            raise told_in(e, system.lang)
        tx = Outputs()
        if json_path:
            tx.add(json_path, json_writer({JSON_MARKER: f"xl-ratings {__version__}", **export(done.outcome)}))
        if output:
            view = fact_sheet(system.sheets[0], done.outcome.last, done.outcome)
            tx.add(output, csv_writer(view.keys, view.rows))
        if checks_path and check_spool.count:
            tx.add(checks_path, check_spool.write_to)
        written = tx.commit()
    finally:
        problem_spool.close()
        check_spool.close()
    listed = checks_path if checks_path and check_spool.count else None
    notes = checks_summary(done, listed)
    if not players and not any(r.changes for r in done.outcome.results):
        notes.insert(0, R.LIST_NOBODY_RATED())      # every player made up, unrated: no game counted
    return done.outcome, written, notes


def _told(e: TooManyProblems, spool: Spool, path: Path, inputs: Sequence[Path], force: bool,
          ours: Callable[[Path], bool]) -> TooManyProblems:
    """The problems as the officer reads them; all of them written to ``path`` when the
    message shows only some."""
    from ..files.atomic import Outputs
    from ..files.paths import check_outputs

    if e.total <= e.shown:
        return e
    try:
        check_outputs(list(inputs), {"problems": path}, force=force, ours=ours)
    except InputErrors as refused:
        return TooManyProblems(e.errors + refused.errors, e.total, e.shown)
    tx = Outputs()
    tx.add(path, spool.write_to)
    tx.commit()
    return TooManyProblems(e.errors + [RatingInputError(S.EVERY_PROBLEM_LISTED(total=e.total, path=str(path)))],
                           e.total, e.shown)


def timed(progress: Progress | None, every: float = 0.2) -> Progress | None:
    """``progress`` told each new pass at once, then at most every ``every`` seconds, and
    when a pass ends (a bar never slows the run)."""
    if progress is None:
        return None
    last: list[Any] = [-math.inf, None]

    def tick(what: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= every or done >= total or what != last[1]:
            last[0], last[1] = now, what
            progress(what, done, total)
    return tick


__all__ = ["CHECK_COLUMNS", "ListFile", "PROBLEM_COLUMNS", "Spool", "Streamed", "beside", "check_line",
           "checks_summary", "problem_row", "process_list", "rate_game_list", "timed"]
