"""The columnar path of a game-by-game list: Arrow batches, players as integer indices, a kernel.

A platform's list -- in date order, one event (or none), no rounds -- is rated
without a Python object per game: each batch's columns are dictionary-encoded
by pyarrow, each *distinct* value parsed once (ids to player indices, results
to scores, dates to days), the rows spread by NumPy's ``take``, and the games
handed to the system's block kernel (:func:`xl_ratings.systems.lianzhong.rate_block`)
as arrays.  The kernel is the rulebook's own code:

* **compiled** when numba is installed (``pip install 'xl_ratings[fast]'``):
  the very function compiled to machine code by numba over NumPy arrays;
* **pure** otherwise: the same function run by Python over lists.

Both give the same floats, bit for bit (``tests/test_list_kernel.py``): the
same IEEE operations in the same order, and ``10 ** x`` from the same C
library.  ``XL_RATINGS_KERNEL=pure`` (or ``compiled``) forces one; unset, the
compiled one is used where numba imports.  Why numba: it compiles the plain
Python loop as it is (no second copy of the rule in C or Cython to keep equal),
is a wheel on PyPI for every platform the command line runs on, and is
optional -- the Excel surface (xlwings Lite) never imports it.

Lists not in that shape (out of date order, with rounds, or several events a
day) are rated through the games feed as before (:mod:`xl_ratings.engine.stream`).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..engine.cells import list_date, to_ident
from ..engine.stream import StreamFeed
from ..errors import RatingInputError
from ..systems.game_result import parse_result
from ..systems.period import Period
from ..systems.records import Records
from .list_file import arrow_strings, ints_of, python_codes, rows_array

#: The environment variable that forces a kernel: ``pure`` or ``compiled``.
KERNEL_ENV = "XL_RATINGS_KERNEL"
_COMPILED: dict[Callable[..., int], Callable[..., int]] = {}
_NUMBA: dict[Callable[..., int], Callable[..., int]] = {}


#: Below this many games a list is rated by the pure kernel when no kernel is asked for
#: (``XL_RATINGS_KERNEL`` unset): importing numba and loading the compiled kernel cost some
#: 0.3-0.4 CPU s, the pure kernel some 0.95 µs a game more -- measured end to end in
#: docs/performance.md ("numba's start-up").  The numbers are the same either way, bit for bit.
#: (Measured with numba's loading: the machine code loaded without numba (:mod:`.list_native`)
#: starts in some 0.03 s, so the threshold is a cautious one now; kept as measured.)
COMPILED_FROM = 450_000


def numba_available() -> bool:
    """Can the compiled kernel run: numba is installed and its kernel's machine code loads without
    importing it (:mod:`.list_native`), or numba imports."""
    import importlib.util

    from ..systems.lianzhong import rate_block
    from .list_native import native

    try:
        installed = importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):     # (a module set to None in sys.modules: not importable)
        installed = False
    if installed and (rate_block in _COMPILED or native(rate_block, lambda: _numba(rate_block)) is not None):
        return True
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def compiled(kernel: Callable[..., int]) -> Callable[..., int]:
    """``kernel`` compiled by numba (once a process; the machine code cached on disk).

    ``rate_block``'s machine code is kept in a file of its own after the first run and loaded
    from it without importing numba (:mod:`.list_native`); any other kernel, or where that file
    cannot be had, is numba's dispatcher.  numba's own cache is numba's: ``NUMBA_CACHE_DIR`` when set, else ``__pycache__`` beside the
    module when it can be written, else the user's cache folder (``~/.cache/numba``): an
    install in a read-only place loads the machine code from there after its first run.
    Where no folder can be written at all the kernel is compiled anew in every run (about
    a second), never refused."""
    got = _COMPILED.get(kernel)
    if got is None:
        from .list_native import native, save

        got = native(kernel, lambda: _numba(kernel))       # its machine code, loaded without numba
        if got is None:
            got = _numba(kernel)
            save(kernel)            # the machine code for the next runs (list_native)
        _COMPILED[kernel] = got
    return got


def _numba(kernel: Callable[..., int]) -> Callable[..., int]:
    """``kernel`` compiled by numba's dispatcher (see :func:`compiled`)."""
    got = _NUMBA.get(kernel)
    if got is None:
        import numba

        try:
            got = numba.njit(cache=True, nogil=True)(kernel)
        except RuntimeError:        # "cannot cache function …: no locator available"
            got = numba.njit(cache=False, nogil=True)(kernel)
        _NUMBA[kernel] = got
    return got


def kernel_mode(games: int | None = None) -> str:
    """``compiled`` or ``pure``: as ``XL_RATINGS_KERNEL`` says, else compiled where numba imports
    -- but pure, without importing numba, for a list of fewer than :data:`COMPILED_FROM` games
    (``games``: their number, or an estimate; None: not known); another value, or ``compiled``
    without numba, is refused."""
    from ..i18n.catalogue import run as R

    raw = os.environ.get(KERNEL_ENV, "")
    asked = raw.strip().lower()
    if asked == "compiled" and not numba_available():
        raise RatingInputError(R.KERNEL_NEEDS_NUMBA(env=KERNEL_ENV))
    if asked in ("pure", "compiled"):
        return asked
    if asked:       # a typo ("numba", "compield") would time the other kernel unseen
        raise RatingInputError(R.KERNEL_UNKNOWN(env=KERNEL_ENV, value=raw))
    if games is not None and games < COMPILED_FROM:
        return "pure"
    return "compiled" if numba_available() else "pure"


def _codes(data: Any, key: str) -> tuple[list[Any], Any]:
    """A batch column's distinct values and each row's position among them (NumPy)."""
    import numpy as np

    codes = getattr(data, "codes", None)
    if codes is not None:
        got: tuple[list[Any], Any] = codes(key)
        return got
    return python_codes(list(data[key]), {}, np)     # pandas' chunks (no pyarrow): lists


class ColumnarFeed(StreamFeed):
    """A streamed list's feed that also answers :meth:`encoded` (see the module)."""

    def __init__(self, feed: StreamFeed, records: Records, has_round: bool, mode: str | None = None) -> None:
        super().__init__(feed.games, feed.survey, feed.window)
        self.records, self.has_round = records, has_round
        self.mode = mode or kernel_mode(getattr(feed.games, "rows", None))
        self.ids = list(records.players)
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self._parsed: dict[str, dict[Any, Any]] = {"player": {}, "opponent": {}, "result": {}, "date": {}}
        self._ids_arrow: Any = None

    def encoded(self, period: Period) -> "EncodedPeriod | None":
        s = self.survey
        if s.unsorted_from is not None or self.has_round or len(s.spans) != 1:
            return None             # rounds, several events, out of date order: the games feed
        days = sorted(d for d in s.per_date if d is not None and period.contains(d))
        if not days:
            return None
        (eid,) = s.spans
        parts = self.games.split.get(eid)
        if parts:
            cal = self.games.calendar
            assert cal is not None      # given with split
            labels = {cal.of(d).label for d in days}
            if len(labels) != 1:        # a period holding parts of two periods (--period all)
                return None
            eid = parts[labels.pop()]
        return EncodedPeriod(self, period, eid, days[0], days[-1])

    # --- a batch's columns as arrays -------------------------------------------------
    def _parse(self, key: str, values: list[Any], parse: Callable[[Any], Any]) -> list[Any]:
        cache = self._parsed[key]
        out = []
        for v in values:
            got = cache.get(v, cache)
            if got is cache:
                try:
                    got = cache[v] = parse(v)
                except RatingInputError:        # checked in the first pass: the file changed since
                    self.games.changed()
            out.append(got)
        return out

    def arrays(self, data: Any, lo: dt.date, hi: dt.date, end: dt.date) -> tuple[Any, ...] | None:
        """(mask, player, opponent, score, forfeit, stop) of a batch: its games dated from ``lo``
        to ``hi`` (None: none is); a blank date is the event's ``end``; ``stop``: a game after ``hi``."""
        import numpy as np

        values, take = _codes(data, "date")
        days = np.array([(d or end).toordinal() for d in self._parse("date", values, list_date)], dtype=np.int64)[take]
        a, b = lo.toordinal(), hi.toordinal()
        mask = (days >= a) & (days <= b)
        stop = bool(days.max() > b) if len(days) else False
        if not mask.any():
            return None
        out = [self._players(data, key) for key in ("player", "opponent")]
        values, take = _codes(data, "result")
        res = self._parse("result", values, parse_result)
        score = np.array([r.score for r in res], dtype=np.float64)[take]
        forfeit = np.array([r.forfeit for r in res], dtype=np.bool_)[take]
        return mask, out[0], out[1], score, forfeit, stop


    def _players(self, data: Any, key: str) -> Any:
        """Each row's player index: the id looked up in the players at C speed (pyarrow's
        ``index_in``); an id written otherwise (spaces around it, a number) parsed as the
        first pass parsed it."""
        import numpy as np

        raw = getattr(data, "arrow", None)
        col = raw(key) if raw is not None else None
        if col is not None:
            import pyarrow as pa
            import pyarrow.compute as pc

            if self._ids_arrow is None:
                self._ids_arrow = arrow_strings(self.ids)
            if col.type == pa.string():
                found = pc.index_in(col, value_set=self._ids_arrow)
                if not found.null_count:
                    return ints_of(found).astype(np.int64, copy=False)
        values, take = _codes(data, key)
        idx = [self.index.get(pid, -1) for pid in self._parse(key, values, to_ident)]
        if -1 in idx:
            self.games.changed()
        return np.array(idx, dtype=np.int64)[take]


class KernelArrays:
    """The arrays a block kernel takes: lists for the pure kernel, NumPy arrays for the compiled one."""

    compiled: bool

    def floats(self, values: Sequence[float]) -> Any:
        if self.compiled:
            import numpy as np

            return np.array(values, dtype=np.float64)
        return list(values)

    def ints(self, values: Sequence[int]) -> Any:
        if self.compiled:
            import numpy as np

            return np.array(values, dtype=np.int64)
        return list(values)

    def zeros(self, n: int, floats: bool = False) -> Any:
        if self.compiled:
            import numpy as np

            return np.zeros(n, dtype=np.float64 if floats else np.int64)
        return [0.0] * n if floats else [0] * n

    def flagged(self, flags: Any) -> Iterable[int]:
        if self.compiled:
            import numpy as np

            got: list[int] = np.flatnonzero(flags).tolist()     # Python ints
            return got
        return [j for j, f in enumerate(flags) if f]

    def first(self, touched: Any, n: int) -> Iterable[int]:
        if self.compiled:
            got: list[int] = touched[:n].tolist()       # Python ints, without a NumPy scalar each
            return got
        return [int(i) for i in touched[:n]]

    def values(self, values: Any) -> Sequence[Any]:
        """An array's values as Python numbers (a NumPy array's ``tolist``: the same floats and
        ints as ``float(a[i])``, ``int(a[i])``, without a NumPy scalar per read)."""
        got: Sequence[Any] = values.tolist() if self.compiled else values
        return got

    def grow(self, values: Any, more: Sequence[Any]) -> Any:
        if self.compiled:
            import numpy as np

            return np.concatenate((values, np.array(more, dtype=values.dtype)))
        values.extend(more)
        return values


class EncodedPeriod(KernelArrays):
    """One period of a :class:`ColumnarFeed`, for a game-by-game engine (:class:`~xl_ratings.systems.feed.Encoded`)."""

    def __init__(self, feed: ColumnarFeed, period: Period, event: str, first: dt.date, last: dt.date) -> None:
        from ..systems.lianzhong import rate_block

        self.feed, self.period, self.event, self.lo, self.hi = feed, period, event, first, last
        self.ids = feed.ids
        self.compiled = feed.mode == "compiled"
        self.kernel = compiled(rate_block) if self.compiled else rate_block

    def blocks(self) -> Iterator[tuple[Any, Any, Any, Any, Any]]:
        import numpy as np

        feed, games = self.feed, self.feed.games
        spans = feed.survey.batch_spans
        ev = games.events.get(self.event)
        end = ev.end if ev is not None else self.hi
        rows = 0
        for i, (data, index) in enumerate(games.read(f"rating {self.period.label}")):
            rows += len(index)
            span = spans[i] if i < len(spans) else None
            if span is not None and span[0] > self.hi:
                return                          # in date order: nothing after the period
            if span is not None and span[1] < self.lo:
                continue
            got = feed.arrays(data, self.lo, self.hi, end)
            if got is None:
                continue
            mask, p, q, score, forfeit, stop = got
            where = rows_array(index)
            if not mask.all():
                p, q, score, forfeit, where = p[mask], q[mask], score[mask], forfeit[mask], where[mask]
            if self.compiled:
                yield p, q, score, forfeit, where
            else:
                yield p.tolist(), q.tolist(), score.tolist(), forfeit.tolist(), where.tolist()
            if stop:
                return
        if rows != games.rows:
            games.changed()


def columnar(feed: StreamFeed, records: Records, columns: Mapping[str, int], mode: str | None = None) -> StreamFeed:
    """The feed of a streamed list, columnar where its system rates game by game from encoded blocks."""
    if records.system.name != "lianzhong":
        return feed
    return ColumnarFeed(feed, records, "round" in columns, mode)


__all__ = ["COMPILED_FROM", "ColumnarFeed", "EncodedPeriod", "KERNEL_ENV", "KernelArrays", "columnar", "compiled", "kernel_mode",
           "numba_available"]
