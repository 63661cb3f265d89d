"""A platform's list in one read: checked and rated batch by batch, the checks vectorised.

The usual way (:func:`xl_ratings.engine.stream.read_game_list`) reads a list
twice: a first pass checks every row with the Games sheet's rules (a Python
value per distinct cell, a Python list per column and batch), then the rating
pass reads it again.  A list in a platform's shape is read **once** here:

* lianzhong, CSV or Parquet read by pyarrow, a players file (``--players``),
  no events file, no ``--period``;
* the columns ``date``, ``player``, ``opponent``, ``result`` (and ``event``
  holding one id), no ``round`` or ``handicap``;
* its first and last dates -- read from the file's first row and its last line
  (a Parquet file's first and last row group) before the games -- in one
  period, not after today.

Each batch is checked by pyarrow and NumPy, without a Python object per game:
the ids looked up among the players at C speed (``pyarrow.compute.index_in``:
an id that is no player's is a null), a player against themself compared as
integers, each *distinct* date and result parsed once (dictionary encoding),
the dates compared in order as day numbers, and the batch then rated at once
(:class:`EncodedOnce`, the kernel of :mod:`.list_kernel`) -- into memory:
nothing is written before the whole list has been read.

Whatever the checks do not pass -- a bad or unknown id, a bad date or result,
a date out of order, a line of the wrong length, an id that is no player's
(of a Players file; a ratings file's new players are appended to the
encoding as they come, in the usual read's order, at the start state), the
ends not the first and last dates -- raises :class:`NotOnePass`, and the list is then
checked and rated the usual way from the start (the caller's
:func:`~.game_stream.rate_game_list`): the problems are told as before --
the same messages, rows, values and counts, all or nothing -- and a list
without problems in another shape is rated as before, with the same numbers.
"""

from __future__ import annotations

import codecs

import csv
import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.cells import list_date, to_ident
from ..engine.stream import DEFAULT_EVENT, GameList, Survey, implicit_events, list_inputs
from ..errors import RatingInputError
from ..systems.base import System
from ..systems.feed import Order
from ..systems.game_result import parse_result
from ..systems.period import Period
from ..systems.records import Event, Game, Player, Records
from . import list_file
from .list_file import ListFile, arrow_compute, arrow_strings, ints_of, rows_array
from .list_kernel import KernelArrays, compiled, kernel_mode

#: The columns a list read once may have (no round: a platform's free play; no handicap).
ONE_PASS_COLUMNS = frozenset({"date", "player", "opponent", "result", "event"})
#: Bytes read from the end of a CSV file for its last line.
TAIL = 1 << 16


class NotOnePass(Exception):
    """The list is not in the shape read once (or a check did not pass): read it the usual way."""


def one_pass(lf: ListFile, system: System, settings: Mapping[str, Any], named: Callable[[str], str] | None,
             players_table: Sequence[Sequence[Any]] | None, awards_table: Sequence[Sequence[Any]] | None,
             players_file: str | None, events: str | None, period: str | None, today: dt.date,
             mode: str | None = None, state: bool = False) -> GameList | None:
    """The list's records and a feed that checks and rates it in one read (see the module); None:
    not in that shape, or its players file has problems (told the usual way).  ``state``: the
    players file is the players' state (a ratings file): an id it does not hold is a new player."""
    if system.name != "lianzhong" or not lf.arrow or events or period or players_table is None \
            or not set(lf.columns) <= ONE_PASS_COLUMNS or "date" not in lf.columns:
        return None
    try:
        ends = _ends(lf)
    except (NotOnePass, RatingInputError):
        return None
    except Exception:       # pyarrow's and the csv module's many errors: told by the usual read
        return None
    (first, ev_first), (last, ev_last) = ends
    cal = system.calendar
    if ev_first != ev_last or first > last or last > today or cal.of(first) != cal.of(last):
        return None
    file = str(lf.path)
    errors, values, params, players, awards = _inputs(file, system, settings, named, players_table, awards_table,
                                                      players_file)
    if errors or players is None:
        return None
    eid = to_ident(ev_first) if ev_first is not None else DEFAULT_EVENT
    if not isinstance(eid, str) or not eid:
        return None
    s = Survey()
    s.spans = {eid: [first, last]}
    evs, split = implicit_events(s, cal)
    if split or list(evs) != [eid]:
        return None
    records = Records(system, values, dict(players), evs, [], awards, file=file, params=params)
    feed = OnePassFeed(lf, records, evs[eid], ev_first, (first, last), mode, state)
    return GameList(records, feed, s)  # type: ignore[arg-type]  # a GameFeed, not a StreamFeed


def _inputs(file: str, system: System, settings: Mapping[str, Any], named: Callable[[str], str] | None,
            players_table: Sequence[Sequence[Any]], awards_table: Sequence[Sequence[Any]] | None,
            players_file: str | None) -> tuple[list[RatingInputError], dict[str, Any], Any,
                                               dict[str, Player] | None, list[Any]]:
    """(problems, settings' values, parameters, players, awards) as :func:`~xl_ratings.engine.stream.list_inputs`
    reads them; a plain players table (:func:`.list_players.plain_players`: no identity column,
    so no id of :func:`~xl_ratings.engine.identity.id_problems` to check) without the sheet reader."""
    from ..engine.inputs import Rows, read_awards
    from .list_players import plain_players

    plain = plain_players(players_table, system)
    if plain is None:
        errors, values, params, players, _, awards = list_inputs(
            file, system, settings, named, players_table, None, (), players_file, None, awards_table)
        return errors, values, params, players, awards
    errors, values, params, _, _, _ = list_inputs(file, system, settings, named, None, None, (), players_file)
    awards = read_awards(Rows("Awards", awards_table, players_file, errors, sheet=None), plain) \
        if awards_table is not None and len(awards_table) > 1 else []
    return errors, values, params, plain, awards


def _ends(lf: ListFile) -> tuple[tuple[dt.date, Any], tuple[dt.date, Any]]:
    """(date, event as written) of the list's first and last game."""
    date_at = lf.columns["date"]
    ev_at = lf.columns.get("event")
    if lf.kind == "Parquet":
        pf = lf.parquet_file(dictionary=True)        # (a row group's dates as the file stores them: not decoded)
        n = pf.metadata.num_row_groups
        if not n or not pf.metadata.num_rows:
            raise NotOnePass
        names = [lf.header[date_at]] + ([lf.header[ev_at]] if ev_at is not None else [])
        head = pf.read_row_group(0, columns=names)
        tail = pf.read_row_group(n - 1, columns=names)
        if not head.num_rows or not tail.num_rows:
            raise NotOnePass
        return ((_day(head.column(0)[0].as_py()), head.column(1)[0].as_py() if ev_at is not None else None),
                (_day(tail.column(0)[-1].as_py()), tail.column(1)[-1].as_py() if ev_at is not None else None))
    d = lf.dialect
    width = len(lf.header)
    with open(lf.path, encoding=d.python, newline="") as f:
        rows = csv.reader(f, delimiter=d.delimiter)
        next(rows, None)
        row = next(rows, None)
    if row is None or len(row) != width:
        raise NotOnePass
    head_row = row
    with open(lf.path, "rb") as fb:
        size = fb.seek(0, 2)
        fb.seek(max(0, size - TAIL))
        raw = fb.read()
    if d.encoding.startswith("utf-16"):     # from a character's start (an even offset)
        if d.encoding == "utf-16":          # the tail's byte order is the BOM's, at the file's start
            with open(lf.path, "rb") as fb:
                order = "utf-16-le" if fb.read(2) == codecs.BOM_UTF16_LE else "utf-16-be"
        else:                               # UTF-16LE/BE without a BOM: as sniffed
            order = d.encoding
        text = raw[(size - len(raw)) % 2:].decode(order, errors="replace").lstrip("\ufeff")
    else:
        text = raw.decode(d.python, errors="replace")
    lines = text.splitlines()
    if size > TAIL:
        lines = lines[1:]           # (the first may be cut)
    lines = [x for x in lines if x.strip().strip(d.delimiter) and x.strip("\x1a")]
    if not lines:
        raise NotOnePass
    last = next(csv.reader([lines[-1]], delimiter=d.delimiter))
    if len(last) != width:
        raise NotOnePass

    def ev(r: list[str]) -> Any:
        return r[ev_at] if ev_at is not None else None
    return (_day(head_row[date_at]), ev(head_row)), (_day(last[date_at]), ev(last))


def _rows_about(lf: ListFile) -> int:
    """The list's games: a Parquet file's rows, a CSV file's size over its first lines' length."""
    if lf.kind == "Parquet":
        return int(lf.parquet_file().metadata.num_rows)
    with open(lf.path, "rb") as fb:
        head = fb.read(TAIL)
        size = fb.seek(0, 2)
    lines = head.count(b"\n")
    return size * lines // len(head) if lines and head else 0


def _day(v: Any) -> dt.date:
    got = list_date(v if v != "" else None)
    if got is None:
        raise NotOnePass
    return got


class OnePassFeed:
    """The feed of a list read once: its one period's games as encoded blocks (:class:`EncodedOnce`);
    any other way of asking for games is not this shape's (:class:`NotOnePass`)."""

    def __init__(self, lf: ListFile, records: Records, event: Event, raw_event: Any,
                 ends: tuple[dt.date, dt.date], mode: str | None, state: bool = False) -> None:
        self.lf, self.records, self.event, self.raw_event, self.ends = lf, records, event, raw_event, ends
        self.mode = mode or kernel_mode(_rows_about(lf))
        self.read = False
        self.state = state
        #: the new players met (a ratings file's state: ids it does not hold), in the order the
        #: usual read lists them (:func:`~xl_ratings.engine.stream.implicit_players`)
        self.newcomers: tuple[str, ...] = ()

    def span(self) -> tuple[dt.date, dt.date] | None:
        return self.ends

    def encoded(self, period: Period) -> "EncodedOnce":
        if self.read or not (period.contains(self.ends[0]) and period.contains(self.ends[1])):
            raise NotOnePass
        self.read = True
        return EncodedOnce(self, period)

    def every(self, first: dt.date | None = None, last: dt.date | None = None) -> Iterable[Game]:
        raise NotOnePass

    def dated(self, period: Period, order: Order) -> Iterable[Game]:
        raise NotOnePass

    def by_event(self, events: Sequence[Event]) -> Iterator[tuple[Event, Iterable[Game]]]:
        raise NotOnePass


class EncodedOnce(KernelArrays):
    """The period's games of a list read once, checked batch by batch (see the module), as the
    kernel's blocks (:class:`~xl_ratings.systems.feed.Encoded`)."""

    def __init__(self, feed: OnePassFeed, period: Period) -> None:
        from ..systems.lianzhong import rate_block

        self.feed, self.period = feed, period
        self.ids = list(feed.records.players)
        self.event = feed.event.id
        self.compiled = feed.mode == "compiled"
        self.kernel = compiled(rate_block) if self.compiled else rate_block
        self._dates: dict[Any, int] = {}
        self._results: dict[Any, tuple[float, bool]] = {}
        self.known = len(self.ids)          #: the players file's players; after them, new players
        self._folded: set[str] | None = None
        #: new player -> (batch, minus its last row there) where first met as player, as opponent
        self._first: tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]] = ({}, {})
        self._batch = 0

    def blocks(self) -> Iterator[tuple[Any, Any, Any, Any, Any]]:
        import numpy as np
        import pyarrow as pa

        feed = self.feed
        lf = feed.lf
        first, last = (d.toordinal() for d in feed.ends)
        ids = arrow_strings(self.ids)
        before = first
        seen = False
        data: Any
        lf.dictionary = True                # (a Parquet file's text columns as it stores them)
        for data, index in lf.read(f"rating {self.period.label}"):
            if lf.ragged or lf.nan_count:
                raise NotOnePass
            days = self._spread(data, "date", self._dates, self._date)
            if days[0] < before or (len(days) > 1 and bool((days[1:] < days[:-1]).any())):
                raise NotOnePass            # out of date order, or before the first line's date
            if not seen and days[0] != first:
                raise NotOnePass
            seen, before = True, int(days[-1])
            if "event" in lf.columns:
                values, _ = data.codes("event")
                if values != [feed.raw_event]:
                    raise NotOnePass
            p, q, ids = self._index(data, ids)
            if bool((p == q).any()):
                raise NotOnePass
            where = rows_array(index)
            self._batch += 1
            if len(self.ids) > self.known:
                self._met(p, where, 0)
                self._met(q, where, 1)
            values, take = data.codes("result")
            parsed = [self._result(v) for v in values]
            score = np.array([x[0] for x in parsed], dtype=np.float64)[take]
            forfeit = np.array([x[1] for x in parsed], dtype=np.bool_)[take]
            if self.compiled:
                yield p, q, score, forfeit, where
            else:
                yield p.tolist(), q.tolist(), score.tolist(), forfeit.tolist(), where.tolist()
        if not seen or before != last:
            raise NotOnePass                # the last line's date not the last date (a changed file)
        if len(self.ids) > self.known:
            self._arrived()

    def _spread(self, data: Any, key: str, cache: dict[Any, int], parse: Callable[[Any], int]) -> Any:
        import numpy as np

        values, take = data.codes(key)
        got = []
        for v in values:
            x = cache.get(v)
            if x is None:
                x = cache[v] = parse(v)
            got.append(x)
        return np.array(got, dtype=np.int64)[take]

    @staticmethod
    def _date(v: Any) -> int:
        try:
            d = list_date(v)
        except RatingInputError:
            raise NotOnePass from None
        if d is None:
            raise NotOnePass
        return d.toordinal()

    def _result(self, v: Any) -> tuple[float, bool]:
        got = self._results.get(v)
        if got is None:
            try:
                r = parse_result(v)
            except RatingInputError:
                raise NotOnePass from None
            got = self._results[v] = (float(r.score), bool(r.forfeit))
        return got

    def _index(self, data: Any, ids: Any) -> tuple[Any, Any, Any]:
        """Each row's player and opponent index, and the ids (grown by the new players of a state's
        list, those of the player column first): both columns looked up in one ``index_in`` (its
        table of the ids is built once a batch, not once a column)."""
        import numpy as np
        import pyarrow as pa

        pc = arrow_compute()
        player, opponent = data.arrow("player"), data.arrow("opponent")
        if player is None or opponent is None:
            raise NotOnePass
        if pa.types.is_dictionary(player.type) and pa.types.is_dictionary(opponent.type):
            got = self._index_dictionaries(player, opponent, ids)
            if got is not None:
                return got
            player, opponent = (pc.call_function("take", [c.dictionary, c.indices]) for c in (player, opponent))
        if player.type != pa.string() or opponent.type != pa.string():
            raise NotOnePass
        both = pa.concat_arrays([player, opponent])
        found = pc.call_function("index_in", [both], pc.SetLookupOptions(ids))
        if found.null_count:
            if not self.feed.state:
                raise NotOnePass            # an id that is no player's (a typing mistake): the usual read tells it
            unknown = pc.call_function("filter", [both, pc.call_function("is_null", [found])])
            self._new_players(pc.call_function("unique", [unknown]).to_pylist())
            ids = arrow_strings(self.ids)
            found = pc.call_function("index_in", [both], pc.SetLookupOptions(ids))
        at = ints_of(found).astype(np.int64, copy=False)
        n = len(player)
        return at[:n], at[n:], ids

    @staticmethod
    def _index_dictionaries(player: Any, opponent: Any, ids: Any) -> tuple[Any, Any, Any] | None:
        """:meth:`_index` of columns read as dictionaries (a Parquet file's, :meth:`.ListFile.read`):
        the distinct ids looked up, each row's index taken from them (NumPy); None: a row's id is
        no player's, or blank -- the batch is then looked up decoded, as any other."""
        import numpy as np
        import pyarrow as pa

        pc = arrow_compute()
        dp, dq = player.dictionary, opponent.dictionary
        if dp.type != pa.string() or dq.type != pa.string() or player.null_count or opponent.null_count:
            return None
        found = pc.call_function("index_in", [pa.concat_arrays([dp, dq])], pc.SetLookupOptions(ids))
        unknown = found.null_count
        codes = ints_of(pc.call_function("coalesce", [found, pa.scalar(-1, type=found.type)]) if unknown else found)
        p = codes[ints_of(player.indices)]
        q = codes[len(dp) + ints_of(opponent.indices)]
        if unknown and (bool((p < 0).any()) or bool((q < 0).any())):
            return None
        return p.astype(np.int64, copy=False), q.astype(np.int64, copy=False), ids

    def _new_players(self, new: list[Any]) -> None:
        """New players (ids a ratings file does not hold) appended to the players, at the start
        state; an id the usual read would read otherwise -- blank, spaces around it, other
        characters than ASCII letters and digits, the same as a player's but for its case --
        is not this shape's (:class:`NotOnePass`)."""
        if self._folded is None:
            self._folded = {pid.casefold() for pid in self.ids}
        players = self.feed.records.players
        for pid in new:
            if pid.__class__ is not str or not (pid.isascii() and pid.isalnum()) or pid.casefold() in self._folded:
                raise NotOnePass
            self._folded.add(pid.casefold())
            self.ids.append(pid)
            players[pid] = Player(pid, pid, row=len(players) + 2)

    def _met(self, idx: Any, where: Any, side: int) -> None:
        """Where each new player is first met in the player (``side`` 0) or opponent column: the
        usual read's order (:func:`~xl_ratings.engine.stream.implicit_players` after its survey's
        ``_learn``): batch by batch, and within a batch by the row of the id's *last* game there,
        from the batch's end (its first-row dictionary is built from the reversed column).

        A Parquet file read as dictionaries comes in batches cut where a row group ends (its
        dictionary changes), the usual read's in batches of :data:`~.list_file.PARQUET_ROWS` rows
        across row groups: a row's batch is then the usual read's, ``(row - 2) // PARQUET_ROWS``
        (held by ``tests/jobs/test_one_read_parquet_dictionaries.py``), and a player's place the
        least (batch, -row) of its games -- its first batch, its last game there."""
        import numpy as np

        at = np.flatnonzero(idx >= self.known)
        if not len(at):
            return
        first = self._first[side]
        if self.feed.lf.dictionary and self.feed.lf.kind == "Parquet":
            rows = where[at]
            batch = (rows - 2) // list_file.PARQUET_ROWS
            who = idx[at]
            order = np.lexsort((-rows, batch, who))      # by player, then batch, then row from the last
            who, batch, rows = who[order], batch[order], rows[order]
            lead = np.flatnonzero(np.r_[True, who[1:] != who[:-1]])
            for i, b, row in zip(who[lead].tolist(), batch[lead].tolist(), rows[lead].tolist()):
                key = (b, -row)
                if i not in first or key < first[i]:
                    first[i] = key
            return
        sub = idx[at][::-1]
        got, pos = np.unique(sub, return_index=True)
        last = at[len(at) - 1 - pos]
        for i, row in zip(got.tolist(), where[last].tolist()):
            first.setdefault(i, (self._batch, -row))

    def _arrived(self) -> None:
        """The new players in the order the usual read gives them -- those of the player column
        in the order they first appear there, then the opponent column's others
        (:func:`~xl_ratings.engine.stream.implicit_players`) --: the records' players and
        :attr:`OnePassFeed.newcomers` so ordered."""
        as_player, as_opponent = self._first
        new = range(self.known, len(self.ids))
        order = sorted(new, key=lambda i: (0, as_player[i]) if i in as_player else (1, as_opponent[i]))
        players = self.feed.records.players
        arrived = [self.ids[i] for i in order]
        moved = [(pid, players.pop(pid)) for pid in arrived]
        players.update(moved)
        self.feed.newcomers = tuple(arrived)


__all__ = ["EncodedOnce", "NotOnePass", "ONE_PASS_COLUMNS", "OnePassFeed", "one_pass"]
