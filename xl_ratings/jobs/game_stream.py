"""Game lists of any length: CSV and Parquet read in batches (pyarrow), rated in batches.

``xl-ratings process games.csv --system lianzhong`` reads the list with
pyarrow's streaming readers -- a CSV block by block, a Parquet file batch by
batch -- and hands the batches to :mod:`xl_ratings.engine.stream`, which
checks every row in a first pass and rates the list in the passes after it.
The memory grows with the players and the events, not with the games
(``docs/performance.md``): the file is read again rather than held.

The file itself -- its dialect, its columns, its batches -- is
:mod:`.list_file`'s :class:`~.list_file.ListFile`.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ..engine.perf import gc_paused
from ..engine.run import Outcome, run_records
from ..engine.stream import WINDOW, GameList, ProblemLog, TooManyProblems, read_game_list
from ..errors import InputErrors, RatingInputError, Text, Where
from ..i18n.catalogue import run as R
from ..i18n.catalogue import sheets as S
from ..systems.base import Check, System
from ..systems.period import Period
from ..files.encode import GUARDED_STARTS, csv_bytes, neutralise
from ..view.sheets import Words
from .csv_dialect import code_page_doubt, one_run, utf16_guessed
from .game_list import set_option
from .list_tables import table_of
from .list_file import Columns, ListFile, Progress, has_pyarrow
from .list_kernel import columnar
from .list_players import players_table

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

    def restart(self) -> None:
        """Forget every line (a list read once was then read the usual way)."""
        self._text.flush()
        self._raw.seek(0)
        self._raw.truncate()
        self.count = 0

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


#: a formula's first character, or the quote itself (:data:`.encode.GUARDED_STARTS`)
FORMULA_FIRST = frozenset(GUARDED_STARTS)


def csv_writer(header: Sequence[Any], rows: Sequence[Sequence[Any]]) -> Callable[[BinaryIO], None]:
    """The rating list as :func:`.fileio.csv_bytes` writes it (UTF-8 with BOM, cells
    neutralised), written a block of rows at a time: each block column by column
    (:func:`plain_text`) where its cells are plain, else by the csv module (:func:`csv_text`)."""
    def write(out: BinaryIO) -> None:
        out.write(csv_bytes(header, ()))
        for start in range(0, len(rows), 10_000):
            block = rows[start:start + 10_000]
            text = plain_text(block, len(header))
            out.write((text if text is not None else csv_text(block)).encode("utf-8"))
    return write


def csv_text(rows: Sequence[Sequence[Any]]) -> str:
    """Rows as the csv module writes them (``\\r\\n`` after each), each cell neutralised."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerows([_cell(v) for v in r] for r in rows)
    return buf.getvalue()


_NUMBERS, _TEXT, _NONE = frozenset((int, float)), frozenset((str,)), type(None)
#: the characters for which the csv module quotes a cell (its separator, quote and line ends)
_QUOTED = (",", '"', "\r", "\n")


def plain_text(rows: Sequence[Sequence[Any]], width: int) -> str | None:
    """:func:`csv_text`'s very text, made column by column -- a number column by ``repr`` (as the
    csv module writes an int and a float), a text column as it is, a blank as nothing -- for rows
    of ``width`` (more than one) cells each of which is None, an int, a float, or text the csv module
    writes unquoted (no separator, quote or line end; a formula's first character gets its
    ``'``); None: not such rows (``tests/jobs/test_ratings_file_writer.py``: the same text)."""
    if width < 2 or any(len(r) != width for r in rows):
        return None
    if not rows:
        return ""
    columns: list[Sequence[str]] = []
    for col in zip(*rows):
        kinds = set(map(type, col))
        blank = _NONE in kinds
        kinds.discard(_NONE)
        if kinds <= _NUMBERS:
            columns.append([("" if v is None else repr(v)) for v in col] if blank else list(map(repr, col)))
            continue
        if not kinds <= _TEXT:
            return None
        text = [("" if v is None else v) for v in col] if blank else col
        joined = "\x00" + "\x00".join(text)
        if any(c in joined for c in _QUOTED):
            return None
        if any("\x00" + c in joined for c in FORMULA_FIRST):     # (a cell may start so: each one looked at)
            text = [("'" + v if v[:1] in FORMULA_FIRST else v) for v in text]
        columns.append(text)
    return "\r\n".join(map(",".join, zip(*columns))) + "\r\n"


def json_writer(obj: Any) -> Callable[[BinaryIO], None]:
    """The JSON export written piece by piece: the very bytes of :func:`.fileio.json_bytes`
    (``indent=1``, Chinese as is, dates as ISO text), without holding the whole text in
    memory, and its lists of flat records (players, changes, checks) formatted at C
    speed (``tests/jobs/test_game_lists_in_batches.py`` compares the two)."""
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
                   today: dt.date | None = None, shown: int = 5, kernel: str | None = None,
                   restart: Callable[[], None] | None = None, once: bool = True) -> Streamed:
    """Check and rate a CSV/Parquet game list in batches (see the module).

    ``problems``: called with every problem found (the message shows the first
    ``shown`` of each rule and column: :class:`~xl_ratings.engine.stream.TooManyProblems`);
    ``checks``: called with every check of every period (the outcome keeps the
    first of each rule, as a workbook's Checks sheet does); ``kernel``: ``pure`` or ``compiled``
    for a game-by-game list in platform shape (default: :func:`.list_kernel.kernel_mode`).

    A list in a platform's shape is checked and rated in one read (:mod:`.list_one_pass`);
    should a check not pass there, the checks told so far are taken back (``restart``: forget
    those ``checks`` was given; without it the one read is not tried when ``checks`` is given)
    and the list is read the usual way, from the start.  ``once`` False: only the usual way."""
    gpath = Path(path)
    with gc_paused(), one_run((gpath, players, events)):
        if once and (checks is None or restart is not None):
            done = _rated_once(gpath, system, players, events, settings, period, progress, checks, today, shown,
                               kernel)
            if done is not None:
                return done
            if restart is not None:
                restart()
        return _rate_game_list(gpath, system, players, events, settings, period, progress, problems, checks,
                               window, today, shown, kernel)


def _rated_once(gpath: Path, system: System, players: str | None, events: str | None,
                settings: dict[str, Any] | None, period: str | None, progress: Progress | None,
                checks: Callable[[Period, Check], None] | None, today: dt.date | None, shown: int,
                kernel: str | None) -> Streamed | None:
    """The list checked and rated in one read (:mod:`.list_one_pass`); None: not in that shape,
    or a check did not pass (nothing told: the usual read tells it)."""
    from ..engine.periods import run_date
    from .list_one_pass import NotOnePass, one_pass

    if not players:
        return None
    try:
        lf = ListFile(gpath, progress)
    except InputErrors:
        return None
    if lf.missing(("player", "opponent", "result")):
        return None
    earlier: list[RatingInputError] = []
    try:
        p_table, a_table, state = players_table(Path(players), system, earlier)
    except InputErrors:
        return None
    if earlier:
        return None
    gl = one_pass(lf, system, settings or {}, set_option, p_table, a_table, players, events, period,
                  run_date(today), kernel, state)
    if gl is None:
        return None
    first: dict[str, list[int | None]] = {}
    counts: dict[str, int] = {}
    try:
        outcome = run_records(gl.records, None, period, str(gpath), None, today=today, feed=gl.feed,
                              check_sink=_sink(first, counts, shown, checks), history=False)
    except (NotOnePass, InputErrors):
        return None
    gl.newcomers = gl.feed.newcomers    # type: ignore[attr-defined]  # an OnePassFeed
    return Streamed(outcome, gl, first, counts)


def _sink(first: dict[str, list[int | None]], counts: dict[str, int], shown: int,
          checks: Callable[[Period, Check], None] | None) -> Callable[[Period, Check], None]:
    """Every check to ``checks``; the first ``shown`` rows of each rule, and each rule's count, kept."""
    def sink(p: Period, c: Check) -> None:
        rows = first.setdefault(c.rule, [])
        if len(rows) < shown:
            rows.append(c.row)
        counts[c.rule] = counts.get(c.rule, 0) + 1
        if checks is not None:
            checks(p, c)
    return sink


def _rate_game_list(gpath: Path, system: System, players: str | None, events: str | None,
                    settings: dict[str, Any] | None, period: str | None, progress: Progress | None,
                    problems: Callable[[RatingInputError], None] | None,
                    checks: Callable[[Period, Check], None] | None, window: int, today: dt.date | None,
                    shown: int, kernel: str | None) -> Streamed:
    """The usual way: a first pass checking every row, then the rating passes (:mod:`xl_ratings.engine.stream`)."""
    lf = ListFile(gpath, progress)
    errors = lf.missing(("player", "opponent", "result"))
    if not events and "date" not in lf.columns:
        errors.append(RatingInputError(S.LIST_NEEDS_DATE(), where=Where(str(gpath), gpath.name, 1, "date")))
    if errors:
        raise InputErrors(errors)
    earlier: list[RatingInputError] = []
    p_table, a_table, state = players_table(Path(players), system, earlier) if players else (None, None, False)
    e_table = table_of(Path(events), "Events", earlier) if events else None
    log = ProblemLog(str(gpath), gpath.name, shown, problems)
    try:
        gl = read_game_list(lf.read, str(gpath), system, settings or {}, set_option, p_table,
                            e_table, log, earlier, window, players, events, a_table, state)
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
    try:
        feed = columnar(gl.feed, gl.records, lf.columns, kernel)
        outcome = run_records(gl.records, None, period, str(gpath), None, today=today, feed=feed,
                              check_sink=_sink(first, counts, shown, checks), history=False)
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
    written and the lines for the console.  The cyclic collector is paused for the whole job, the
    writing too: one full collection over a platform's players' objects costs some 0.7 CPU s
    (10⁵ players) and frees nothing (docs/performance.md)."""
    with gc_paused(), one_run((path, players, events)):
        return _process_list(path, system, players, events, settings, period, output, json_path, force, progress,
                             window, today)


def _process_list(path: str | os.PathLike[str], system: System, players: str | None, events: str | None,
                  settings: dict[str, Any] | None, period: str | None, output: str | None, json_path: str | None,
                  force: bool, progress: Progress | None, window: int,
                  today: dt.date | None) -> tuple[Outcome, list[Path], list[Text]]:
    from ..view.export import export
    from ..view.sheets import fact_sheet
    from .. import __version__
    from ..files.sniff import JSON_MARKER, is_our_csv, is_our_json
    from .edit import guarded_outputs
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
    tx = guarded_outputs(inputs, {"--json": Path(json_path) if json_path else None,
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
                                  if checks_path else None, restart=check_spool.restart)
        except TooManyProblems as e:
            from .period import told_in     # (a refusal's words: the workbook pipeline's module)

            # the command line tells it in the system's script
            summed = _told(e, problem_spool, problems_path, inputs, force, ours)
            hints = [RatingInputError(t) for t in code_page_doubts((gpath, players, events))]
            if hints:   # the values refused may be a code page's misreading: the way out is told too
                summed = TooManyProblems(summed.errors + hints, summed.total, summed.shown)
            raise told_in(summed, system.lang) from None
        except InputErrors as e:
            from .period import told_in

            given = as_given(e, gpath, Path(events) if events else None)
            hints = [RatingInputError(t) for t in code_page_doubts((gpath, players, events))]
            if hints:   # the values refused may be a code page's misreading: the way out is told too
                given = InputErrors(given.errors + hints)
            raise told_in(given, system.lang)
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
    arrived = done.game_list.newcomers
    if arrived:     # told: a row deleted from the ratings file by hand would restart its player unseen
        notes.insert(0, R.LIST_NEW_PLAYERS(count=len(arrived), file=str(players), ids=", ".join(
            list(arrived[:10]) + (["…"] if len(arrived) > 10 else []))))
    for note in code_page_doubts((gpath, players, events)):
        notes.insert(0, note)
    return done.outcome, written, notes


def code_page_doubts(files: Sequence[str | os.PathLike[str] | None]) -> list[Text]:
    """A note for each of ``files`` read in a Chinese code page that could not be told for sure, or read
    as UTF-16 without a byte-order mark (its byte order told from its bytes)."""
    out = []
    for listed_file in files:
        doubt = code_page_doubt(Path(listed_file)) if listed_file else None
        if doubt is not None:
            out.append(R.LIST_CODE_PAGE_DOUBT(file=str(listed_file), encoding=doubt[0], other=doubt[1]))
        guessed = utf16_guessed(Path(listed_file)) if listed_file else None
        if guessed is not None:
            out.append(R.LIST_UTF16_WITHOUT_BOM(file=str(listed_file), encoding=guessed))
    return out


def as_given(e: InputErrors, games: Path, events: Path | None) -> InputErrors:
    """The engine's places named as the files the officer gave: its Games sheet is the game list, its
    Events sheet the ``--events`` file -- or, without one, the game list (its events are made from
    the games): never a sheet the officer has not got."""
    from dataclasses import replace

    def given(w: Where) -> Where:
        if w.sheet == "Games":
            return replace(w, file=str(games), sheet=games.name)
        if w.sheet == "Events":
            return replace(w, file=str(events), sheet=events.name) if events is not None else Where(str(games))
        return w
    return InputErrors([RatingInputError(err.text, value=err.value, where=given(err.where))
                        if err.where.sheet in ("Games", "Events") else err for err in e.errors])


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


__all__ = ["CHECK_COLUMNS", "Columns", "ListFile", "Progress", "PROBLEM_COLUMNS", "Spool", "Streamed", "beside",
           "as_given", "check_line", "checks_summary", "has_pyarrow", "problem_row", "process_list", "rate_game_list", "timed"]
