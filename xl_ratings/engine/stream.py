"""A game list of any length, read in batches: memory grows with the players, not the games.

The file side (:mod:`xl_ratings.jobs.game_stream`) turns a CSV or
Parquet file into batches of columns -- ``({key: values}, row numbers)`` --
and can read it again from the start as often as asked (:data:`Reader`).
This module does the rest, in plain Python:

1. **The first pass** (:func:`survey`) validates every row with the rules of
   the Games sheet (:mod:`.games`), batch by batch; every problem goes to a
   :class:`ProblemLog`, which keeps the first few of each rule and column and
   hands every one to a sink (the file side writes them all to a CSV file).
   It also learns what the rating passes need: the players and the events
   when no file gives them, how many games each date and each event has,
   and whether the list is already in rating order.
2. **The same game twice** is found on the way when the list is in date
   order; otherwise by a pass per window of dates (:func:`find_repeats`).
3. **The rating passes** (:class:`StreamFeed`, a
   :class:`~xl_ratings.systems.feed.GameFeed`) give each period engine its
   games in the very order :class:`~xl_ratings.systems.feed.MemoryFeed`
   gives them from a list in memory -- so the numbers are the same, line for
   line.  A list already in order is rated in one pass, holding one date's
   (or nothing of an event's) games; otherwise the games are gathered
   ``window`` at a time: one read of the file per window.

Memory: the players, the events, a count per date and per event, one batch,
one window, and the problems shown.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from itertools import chain, groupby, islice
from operator import itemgetter, le
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..errors import InputErrors, RatingInputError, Where, Text
from ..i18n.catalogue import sheets as S
from ..systems.base import System
from ..systems.feed import Order
from ..systems.period import Calendar, Period
from ..systems.records import Event, Game, Player, Records
from .games import (GameParser, build_games, by_round, check_refs, paired_events, repeat_keys, report_repeats,
                    round_keys, twice_in)

#: One batch: the columns by key, and each row's number in the file (the header is row 1).
Batch = tuple[Mapping[str, Sequence[Any]], Sequence[int]]
#: Reads the list from the start, in batches; the text names the pass (for a progress bar).
Reader = Callable[[str], Iterator[Batch]]
#: Games gathered in memory at most, when the list is not in rating order.
WINDOW = 1_000_000
DATE = itemgetter(1)      #: Game.date, at C speed
#: Event id of a list without an ``event`` column.
DEFAULT_EVENT = "games"


# --------------------------------------------------------------------------- problems

def rule_of(err: RatingInputError) -> str:
    """What kind of problem: its catalogue id."""
    return err.text.id


class ProblemLog:
    """The problems of a list too long to hold them all.

    Every problem goes to ``sink`` (the file side writes them to a CSV file);
    the first ``shown`` of each rule and column are kept for the message, and
    the rest only counted.  It is also where a batch's validation reports
    (``errors`` and :meth:`err`, as a sheet's problems are collected).
    """

    def __init__(self, file: str | None, sheet: str, shown: int = 5,
                 sink: Callable[[RatingInputError], None] | None = None) -> None:
        self.file, self.sheet, self.shown, self.sink = file, sheet, shown, sink
        self.errors: list[RatingInputError] = []     #: the batch being checked
        self.kept: list[RatingInputError] = []
        self.counts: Counter[tuple[str, str | None]] = Counter()
        self.total = 0

    def err(self, row: int | None, column: str | None, problem: Text, value: Any) -> None:
        self.errors.append(RatingInputError(problem, value=value, where=Where(self.file, self.sheet, row, column)))

    def add(self, err: RatingInputError) -> None:
        key = (rule_of(err), err.where.column)
        self.counts[key] += 1
        self.total += 1
        if self.counts[key] <= self.shown:
            self.kept.append(err)
        if self.sink is not None:
            self.sink(err)

    def flush(self, in_row_order_from: int | None = None) -> None:
        """The batch's problems into the log (those from ``in_row_order_from`` on sorted by row)."""
        if in_row_order_from is not None and len(self.errors) > in_row_order_from:
            self.errors[in_row_order_from:] = sorted(self.errors[in_row_order_from:], key=lambda e: e.where.row or 0)
        for e in self.errors:
            self.add(e)
        self.errors.clear()

    def summary(self) -> list[RatingInputError]:
        """The problems to show: the first of each rule and column, each group followed by
        a line with how many more there are."""
        groups: dict[tuple[str, str | None], list[RatingInputError]] = {}
        for e in self.kept:
            groups.setdefault((rule_of(e), e.where.column), []).append(e)
        for kept in groups.values():        # each group in row order, the groups by their first row
            kept.sort(key=_place)
        out: list[RatingInputError] = []
        for key, kept in sorted(groups.items(), key=lambda kv: _place(kv[1][0])):
            out += kept
            if self.counts[key] > len(kept):
                w = kept[0].where
                out.append(RatingInputError(S.MORE_LIKE_THIS(count=self.counts[key] - len(kept)),
                                            where=Where(w.file, w.sheet, None, key[1])))
        return out


def _place(e: RatingInputError) -> tuple[int, int]:
    """Where a problem is, to sort by: its line (a text file) or row; unplaced ones last."""
    at = e.where.line if e.where.line is not None else e.where.row
    return (0, at) if at is not None else (1, 0)


class TooManyProblems(InputErrors):
    """Problems of a game list, summarised: ``total`` in all, ``shown`` of them told one by one."""

    def __init__(self, errors: list[RatingInputError], total: int, shown: int) -> None:
        super().__init__(errors)
        self.errors = errors        # as summarised: each group of a rule and column, then its count
        self.total, self.shown = total, shown

    @classmethod
    def of(cls, log: ProblemLog) -> "TooManyProblems":
        return cls(log.summary(), log.total, len(log.kept))


# --------------------------------------------------------------------------- the first pass

@dataclass
class Survey:
    """What the first pass learnt of a game list."""

    rows: int = 0
    players: dict[Any, int] = field(default_factory=dict)     #: ids in the player column, in order: first row
    opponents: dict[Any, int] = field(default_factory=dict)   #: ... and in the opponent column
    spans: dict[str, list[dt.date]] = field(default_factory=dict)   #: event -> [first, last] date
    per_date: Counter[dt.date | None] = field(default_factory=Counter)    #: games per (rating) date
    keyed_per_date: Counter[dt.date | None] = field(default_factory=Counter)   #: games that could be repeats
    per_event: Counter[str] = field(default_factory=Counter)
    #: event -> games per date (no events file: an event made from the list is split at the periods)
    event_days: dict[str, Counter[dt.date | None]] = field(default_factory=dict)
    runs: list[str] | None = field(default_factory=list)   #: events in the order the list holds them (None: mixed)
    _ran: set[Any] = field(default_factory=set)
    batch_spans: list[tuple[dt.date, dt.date] | None] = field(default_factory=list)   #: each batch's dates
    last_date: dt.date | None = None
    unsorted_from: int | None = None     #: the first row out of date order (None: in order)
    repeats_found: bool = True           #: the same game twice was looked for on the way (in date order)
    #: a round robin's or Swiss event's rows, round keys, players and opponents (:func:`~.games.twice_in`)
    paired_rows: dict[str, tuple[list[int], list[Any], list[Any], list[Any]]] = field(default_factory=dict)
    #: the games that look like one game typed twice (:func:`~.games.typed_twice`), once the list is read
    twice: list[tuple[str, int, int, str, str]] = field(default_factory=list)

    def see_runs(self, ev_ids: Sequence[Any]) -> None:
        """Follow the runs of rows of one event; give up once an event comes back."""
        runs = self.runs
        if runs is None:
            return
        if runs and ev_ids.count(runs[-1]) == len(ev_ids):    # the same event all along
            return
        last = runs[-1] if runs else None
        for e in ev_ids:
            if e != last:
                if e in self._ran:
                    self.runs = None
                    return
                runs.append(e)
                self._ran.add(e)
                last = e


def survey(read: Reader, log: ProblemLog, parser: GameParser, players: Mapping[str, Player] | None,
           events: Mapping[str, Event] | None, bad_events: frozenset[Any] = frozenset(),
           players_file: str | None = None) -> Survey:
    """The first pass: every row checked, what the rating passes need learnt (see the module).

    ``players`` / ``events`` None: made from the list (every id a player; an
    event per event id, spanning its games' dates)."""
    s = Survey()
    paired = paired_events(events) if events is not None else set()
    seen: dict[Any, int] = {}           # repeats of the current date (while the list is in date order)
    rounds_seen: dict[Any, int] = {}    # the rounds of round robin and Swiss events: over the whole list
    for data, index in read("checking"):
        parsed = parser.parse(data, index, log)
        mark = len(log.errors)
        _, days = check_refs(parsed, index, log, players, events, bad_events, players_file=players_file)
        rkey = round_keys(parsed["round"])
        keys = repeat_keys(parsed["event"], rkey, days, parsed["player"], parsed["opponent"], paired)
        if paired:
            keys = _repeats_by_round(rounds_seen, keys, index, parsed, rkey, log)
            _keep_paired(s, paired, parsed, rkey, index)
        _learn(s, parsed, days, keys, index if players is None else None, events is None)
        if s.repeats_found:
            _repeats_in_order(s, seen, keys, days, index, parsed, rkey, log)
        log.flush(mark)
        s.rows += len(index)
    if s.unsorted_from is not None:
        s.repeats_found = False
    if events is not None and s.paired_rows:
        s.twice = sorted((t for e, cols in s.paired_rows.items() for t in twice_in(events[e], *cols)),
                         key=itemgetter(1, 2))
        s.paired_rows.clear()
    return s


def _keep_paired(s: Survey, paired: set[str], parsed: Mapping[str, list[Any]], rkey: Sequence[Any],
                 index: Sequence[int]) -> None:
    """The rows of round robin and Swiss events kept, for :func:`~.games.twice_in` (their games only)."""
    ev_ids = parsed["event"]
    for k in [k for k, e in enumerate(ev_ids) if e in paired]:
        rows, rounds, xs, ys = s.paired_rows.setdefault(ev_ids[k], ([], [], [], []))
        rows.append(index[k])
        rounds.append(rkey[k])
        xs.append(parsed["player"][k])
        ys.append(parsed["opponent"][k])


def _learn(s: Survey, parsed: Mapping[str, list[Any]], days: Sequence[dt.date | None], keys: Sequence[Any],
           index: Sequence[int] | None, implicit: bool = False) -> None:
    """What one batch tells: ids and the row each is first on (``index``: the batch's rows,
    when there is no players file), event spans and counts, games per date (and per event
    and date: ``implicit``, the events are made from the list), the order."""
    for column, seen in ((parsed["player"], s.players), (parsed["opponent"], s.opponents)):
        if index is not None:
            first = dict(zip(reversed(column), reversed(index)))     # at C speed: each id's first row
            for pid, row in first.items():
                seen.setdefault(pid, row)
            seen.pop(None, None)        # a blank or bad id (reported)
    ev_ids = parsed["event"]
    s.per_event.update(ev_ids)
    s.see_runs(ev_ids)
    one_event = ev_ids.count(ev_ids[0]) == len(ev_ids)
    per_day = Counter(days)
    s.per_date.update(per_day)
    if implicit and one_event:
        s.event_days.setdefault(ev_ids[0], Counter()).update(per_day)
    elif implicit:
        for e, d in zip(ev_ids, days):
            s.event_days.setdefault(e, Counter())[d] += 1
    if any(k is not None for k in keys):
        s.keyed_per_date.update(d for d, k in zip(days, keys) if k is not None)
    known = [d for d in days if d is not None]
    s.batch_spans.append((min(known), max(known)) if known else None)
    if one_event:                       # one event (a platform's list): its span at C speed
        pairs: Iterable[tuple[Any, Any]] = [(ev_ids[0], min(known)), (ev_ids[0], max(known))] if known else []
    else:
        pairs = zip(ev_ids, days)
    spans = s.spans
    for e, d in pairs:
        if e is None or d is None:
            continue
        span = spans.get(e)
        if span is None:
            spans[e] = [d, d]
        elif d < span[0]:
            span[0] = d
        elif d > span[1]:
            span[1] = d


def _repeats_by_round(seen: dict[Any, int], keys: list[Any], index: Sequence[int], parsed: Mapping[str, list[Any]],
                      rkey: Sequence[Any], log: ProblemLog) -> list[Any]:
    """The same round of a round robin or Swiss event twice (:func:`~.games.by_round`: whatever the
    dates, so in any order: ``seen`` holds every such key of the list); the keys left, those compared
    date by date (the others None)."""
    if not any(map(by_round, keys)):
        return keys
    at = [k for k, key in enumerate(keys) if by_round(key)]
    report_repeats([keys[k] for k in at], [index[k] for k in at],
                   [(parsed["player"][k], parsed["opponent"][k]) for k in at], [rkey[k] for k in at], log, seen)
    return [None if by_round(key) else key for key in keys]


def _repeats_in_order(s: Survey, seen: dict[Any, int], keys: list[Any], days: list[dt.date | None],
                      index: Sequence[int], parsed: Mapping[str, list[Any]], rkey: Sequence[Any],
                      log: ProblemLog) -> None:
    """The same game twice, found on the way while the list is in date order (a repeat
    has the same date: only the current date's games are remembered)."""
    if days and keys.count(None) == len(keys) and days.count(None) == 0:   # nothing can repeat: the order
        dated = cast(list[dt.date], days)
        if (s.last_date is None or dated[0] >= s.last_date) and all(map(le, dated, islice(dated, 1, None))):
            s.last_date = dated[-1]
            return
    last = s.last_date
    for k, d in enumerate(days):
        if d is None or (last is not None and d < last):
            s.unsorted_from = index[k]
            s.repeats_found = False
            return
        if d != last:
            seen.clear()
            last = s.last_date = d
        key = keys[k]
        if key is not None:
            report_repeats([key], [index[k]], [(parsed["player"][k], parsed["opponent"][k])], [rkey[k]], log,
                           seen)


def case_twins(s: Survey, log: ProblemLog) -> None:
    """Ids of a list without a players file that differ only in upper and lower case (``a``,
    ``A``): refused as a Players sheet holding SH007 and sh007 is -- one player split in two,
    or two players a result file cannot tell apart."""
    first: dict[str, tuple[int, str]] = {}
    told: set[str] = set()
    seen = sorted(((r, c, p) for c, ids in (("player", s.players), ("opponent", s.opponents))
                   for p, r in ids.items() if isinstance(p, str)), key=itemgetter(0))
    import unicodedata

    for row, column, pid in seen:
        # full-width forms (Ａ for A: NFKC) are the same id too, told as such
        key = pid.casefold() if pid.isascii() else unicodedata.normalize("NFKC", pid).strip().casefold()
        row0, other = first.setdefault(key, (row, pid))
        if other != pid and pid not in told:
            told.add(pid)
            wide = key != pid.casefold() or key != other.casefold()
            text = (S.LIST_IDS_DIFFER_ONLY_IN_WIDTH if wide else S.LIST_IDS_DIFFER_ONLY_IN_CASE)(id=pid, other=other,
                                                                                              row=row0)
            log.add(RatingInputError(text, value=pid, where=Where(log.file, log.sheet, row, column)))


def implicit_players(s: Survey) -> dict[str, Player]:
    """Every id of the list a new player (no players file): the player column's ids in
    order, then the opponent column's others."""
    ids = dict(s.players)
    ids.update(s.opponents)
    return {pid: Player(pid, pid, row=i) for i, pid in enumerate(ids, start=2)}


def implicit_events(s: Survey, calendar: Calendar | None = None) -> tuple[dict[str, Event], dict[str, dict[str, str]]]:
    """One event per event id (no events file), spanning its games' dates, in id order --
    and, with the system's ``calendar``, one per period for an id whose games fall in
    several (``"{id} {period}"``: each rated in its period, never all in the last one's,
    :func:`split_at_periods`).  Also the split ids: id -> {period label -> event id}."""
    spans = {e: (a, b) for e, (a, b) in s.spans.items()}
    split: dict[str, dict[str, str]] = {}
    if calendar is not None:
        spans, split = split_at_periods(spans, s.event_days, calendar)
        if split:
            _survey_of_parts(s, split, calendar)
    events = {eid: Event(eid, eid, a, b, "games", "A", "", "", i)
              for i, (eid, (a, b)) in enumerate(sorted(spans.items()), start=2)}
    return events, split


def split_at_periods(spans: Mapping[str, tuple[dt.date, dt.date]], days: Mapping[str, Mapping[dt.date | None, int]],
                     calendar: Calendar) -> tuple[dict[str, tuple[dt.date, dt.date]], dict[str, dict[str, str]]]:
    """Events made from a list (id -> first and last date; ``days``: each one's dates) cut at
    the calendar's periods: an id whose games fall in one period stays as it is; the others
    become ``"{id} {period}"``, one per period (a list without an ``event`` column spanning
    2024 and 2025: ``games 2024``, ``games 2025``)."""
    out: dict[str, tuple[dt.date, dt.date]] = {}
    split: dict[str, dict[str, str]] = {}
    for eid, (a, b) in spans.items():
        if calendar.of(a) == calendar.of(b):
            out[eid] = (a, b)
            continue
        parts: dict[str, list[dt.date]] = {}
        for d in days.get(eid, ()):
            if d is not None:
                parts.setdefault(calendar.of(d).label, []).append(d)
        split[eid] = {}
        for label, ds in parts.items():
            part = f"{eid} {label}"
            while part in spans or part in out:     # (an id of the list already)
                part += "'"
            split[eid][label] = part
            out[part] = (min(ds), max(ds))
    return out, split


def _survey_of_parts(s: Survey, split: Mapping[str, Mapping[str, str]], calendar: Calendar) -> None:
    """The survey's counts and runs of the events split at the periods, part by part."""
    for eid, parts in split.items():
        s.per_event.pop(eid, None)
        for d, n in s.event_days.get(eid, {}).items():
            if d is not None:
                s.per_event[parts[calendar.of(d).label]] += n
    if s.runs is not None and s.unsorted_from is None:   # in date order: the parts in turn
        runs: list[str] = []
        for e in s.runs:
            runs += list(split[e].values()) if e in split else [e]     # (made in date order)
        s.runs = runs
    elif s.runs is not None:
        s.runs = None


# --------------------------------------------------------------------------- batches to games

class _Scratch:
    """Problems seen again in a later pass (found and told by the first)."""

    def __init__(self) -> None:
        self.errors: list[RatingInputError] = []

    def err(self, row: int | None, column: str | None, problem: Text, value: Any) -> None:
        self.errors.append(RatingInputError(problem))


class Games:
    """Batches of a list already checked, as games (the events known now).

    ``strict``: the first pass found no problem, so a later one finding one
    (or another number of rows) means the file changed in between."""

    def __init__(self, read: Reader, parser: GameParser, events: Mapping[str, Event], file: str | None,
                 rows: int, strict: bool, spans: Sequence[tuple[dt.date, dt.date] | None] = (),
                 split: Mapping[str, Mapping[str, str]] | None = None, calendar: Calendar | None = None) -> None:
        """``split``, ``calendar``: the events made from the list that were cut at the
        calendar's periods (:func:`split_at_periods`): a game's event is its period's part."""
        self.read, self.parser, self.events, self.file = read, parser, events, file
        self.rows, self.strict, self.spans = rows, strict, spans
        self.split, self.calendar = split or {}, calendar
        self._labels: dict[dt.date, str] = {}

    def _label(self, d: dt.date) -> str:
        got = self._labels.get(d)
        if got is None:
            assert self.calendar is not None    # given with split
            got = self._labels[d] = self.calendar.of(d).label
        return got

    def parts(self, ev_ids: list[Any], days: Sequence[dt.date | None]) -> list[Any]:
        """Each game's event, an event cut at the periods named by its period's part."""
        split = self.split
        if not split or split.keys().isdisjoint(ev_ids):
            return ev_ids
        known = [d for d in days if d is not None]
        if known and ev_ids.count(ev_ids[0]) == len(ev_ids) and self._label(min(known)) == self._label(max(known)):
            return [split[ev_ids[0]][self._label(known[0])]] * len(ev_ids)     # one event, one period
        label = self._label
        return [split[e][label(d)] if d is not None and e in split else e for e, d in zip(ev_ids, days)]

    def batches(self, what: str, first: dt.date | None = None, last: dt.date | None = None,
                spans: Sequence[tuple[dt.date, dt.date] | None] = (), in_order: bool = False) -> Iterator[
                    tuple[list[Any], list[dt.date | None], Sequence[int], Mapping[str, list[Any]]]]:
        """(events, dates, row numbers, parsed columns) of each batch; with ``first`` or
        ``last``, only the batches with a game dated from ``first`` to ``last`` (``spans``:
        each batch's dates, from the first pass: the others are not even converted;
        ``in_order``: the list is in date order, nothing after ``last`` is read)."""
        rows = 0
        events = self.events
        seen = _Scratch()
        lo, hi = first or dt.date.min, last or dt.date.max
        bounded = first is not None or last is not None
        for i, (data, index) in enumerate(self.read(what)):
            rows += len(index)
            if bounded and i < len(spans):
                span = spans[i]
                if in_order and span is not None and span[0] > hi:
                    return
                if span is not None and (span[1] < lo or span[0] > hi):
                    continue
            parsed = self.parser.parse(data, index, seen, ("event", "date"))
            ev_ids = parsed["event"] = self.parts(parsed["event"], parsed["date"])
            if ev_ids.count(ev_ids[0]) == len(ev_ids):      # one event (a platform's list)
                evs = [events.get(ev_ids[0])] * len(ev_ids)
            else:
                evs = list(map(events.get, ev_ids))
            days = parsed["date"]
            if None in days:
                days = [d if d is not None or ev is None else ev.end for d, ev in zip(days, evs)]
            if bounded and not any(lo <= d <= hi for d in days if d is not None):
                continue
            self.parser.parse(data, index, seen, ("player", "opponent", "result", "handicap"), parsed)
            parsed["round"] = list(data["round"]) if "round" in data else [None] * len(index)
            if seen.errors and self.strict:
                self.changed()
            seen.errors.clear()
            yield evs, days, index, parsed
        if rows != self.rows:
            self.changed()

    def changed(self) -> None:
        raise InputErrors([RatingInputError(S.LIST_CHANGED_WHILE_READ(), where=Where(self.file))])

    def all(self, what: str, first: dt.date | None = None, last: dt.date | None = None,
            spans: Sequence[tuple[dt.date, dt.date] | None] = ()) -> Iterator[Game]:
        """Every game (dated from ``first`` to ``last``)."""
        lo, hi = first or dt.date.min, last or dt.date.max
        for evs, days, index, parsed in self.batches(what, first, last, spans):
            games = build_games(parsed, index, evs, days, self.strict)
            if first is not None or last is not None:
                games = [g for g in games if lo <= g.date <= hi]
            yield from games

    def dated(self, what: str, first: dt.date, last: dt.date, in_order: bool = False) -> Iterator[list[Game]]:
        """Each batch's games dated from ``first`` to ``last`` (``in_order``: the list is in
        date order, nothing after the last date is read)."""
        for evs, days, index, parsed in self.batches(what, first, last, self.spans, in_order):
            known = [d for d in days if d is not None]
            games = build_games(parsed, index, evs, days, self.strict)
            if min(known) < first or max(known) > last:
                games = [g for g in games if first <= g.date <= last]
            yield games


def windows(counts: Mapping[Any, int], keys: Sequence[Any], size: int) -> list[list[Any]]:
    """``keys`` (in order) packed into runs of at most ``size`` games (a key with more alone)."""
    out: list[list[Any]] = []
    n = size + 1
    for k in keys:
        c = counts.get(k, 0)
        if n + c > size:
            out.append([])
            n = 0
        out[-1].append(k)
        n += c
    return out


# --------------------------------------------------------------------------- the same game twice

def find_repeats(games: Games, s: Survey, paired: set[str], log: ProblemLog, window: int = WINDOW) -> None:
    """The same game twice, in a list not in date order: a pass per window of dates
    (repeats share their date), reporting those the first pass could not see."""
    since = s.unsorted_from or 0
    dates = sorted(d for d in s.per_date if d is not None)     # (a blank date is its event's last)
    for chunk in windows(s.keyed_per_date, dates, window):
        first, last = chunk[0], chunk[-1]
        found: list[tuple[int, Any, tuple[Any, Any], Any]] = []
        for evs, days, index, parsed in games.batches("looking for repeats"):
            rkey = round_keys(parsed["round"])
            keys = repeat_keys(parsed["event"], rkey, days, parsed["player"], parsed["opponent"], paired)
            found += [(index[k], key, (parsed["player"][k], parsed["opponent"][k]), rkey[k])
                      for k, key in enumerate(keys)
                      if key is not None and not by_round(key) and (d := days[k]) is not None and first <= d <= last]
        found.sort(key=lambda x: x[0])
        seen: dict[Any, int] = {}
        for row, key, pair, rk in found:
            first = seen.setdefault(key, row)
            if first != row and row >= since:
                report_repeats([key], [row], [pair], [rk], log, {key: first})
        log.flush(0)


# --------------------------------------------------------------------------- the feed

class StreamFeed:
    """The games of a list on disk, for the period engines, in the order a list in
    memory gives them (:class:`~xl_ratings.systems.feed.MemoryFeed`)."""

    def __init__(self, games: Games, s: Survey, window: int = WINDOW) -> None:
        self.games, self.survey, self.window = games, s, window

    def typed_twice(self) -> list[tuple[str, int, int, str, str]]:
        """:func:`~.games.typed_twice`, found in the first pass (no pass of its own)."""
        return self.survey.twice

    def span(self) -> tuple[dt.date, dt.date] | None:
        days = [d for d in self.survey.per_date if d is not None]
        return (min(days), max(days)) if days else None

    def every(self, first: dt.date | None = None, last: dt.date | None = None) -> Iterable[Game]:
        return self.games.all("counting", first, last, self.survey.batch_spans)

    def dated(self, period: Period, order: Order) -> Iterator[Game]:
        """The period's games in order: one list per date (in date order) or per window,
        chained at C speed (the engine's loop does not resume a generator per game)."""
        return chain.from_iterable(self._dated_lists(period, order))

    def _dated_lists(self, period: Period, order: Order) -> Iterator[list[Game]]:
        s = self.survey
        days = sorted(d for d in s.per_date if d is not None and period.contains(d))
        if not days:
            return
        what = f"rating {period.label}"
        if s.unsorted_from is None:   # in date order: one pass, one date at a time
            yield from self._one_date_at_a_time(what, days[0], days[-1], order)
            return
        for chunk in windows(s.per_date, days, self.window):
            todo = [g for batch in self.games.dated(what, chunk[0], chunk[-1]) for g in batch]
            order(todo)
            yield todo

    def _one_date_at_a_time(self, what: str, first: dt.date, last: dt.date, order: Order) -> Iterator[list[Game]]:
        buf: list[Game] = []
        for batch in self.games.dated(what, first, last, in_order=True):
            for day, run in groupby(batch, DATE):
                if buf and buf[0].date != day:
                    order(buf)
                    yield buf
                    buf = []
                buf.extend(run)
        if buf:
            order(buf)
            yield buf

    def by_event(self, events: Sequence[Event]) -> Iterator[tuple[Event, Iterable[Game]]]:
        s = self.survey
        ids = [ev.id for ev in events]
        if s.runs is not None:     # each event's games together
            place = {e: i for i, e in enumerate(s.runs)}
            held = [place[e] for e in ids if e in place]
            if held == sorted(held):   # the events' games come in this order: one pass
                yield from self._events_in_one_pass(events)
                return
        for chunk in windows(s.per_event, ids, self.window):
            if len(chunk) == 1:         # one event: its games as they come
                ev = events[ids.index(chunk[0])]
                yield ev, (g for g in self.games.all(f"rating {ev.name}") if g.event == ev.id)
                continue
            wanted = set(chunk)
            held_games: dict[str, list[Game]] = {e: [] for e in chunk}
            for g in self.games.all("rating events"):
                if g.event in wanted:
                    held_games[g.event].append(g)
            for e in chunk:
                yield events[ids.index(e)], held_games.pop(e)

    def _events_in_one_pass(self, events: Sequence[Event]) -> Iterator[tuple[Event, Iterable[Game]]]:
        stream = self.games.all("rating events")
        pending: list[Game] = []        # a game read ahead: the first of a later event

        def games_of(eid: str) -> Iterator[Game]:
            if pending:
                if pending[0].event != eid:
                    return
                yield pending.pop()
            for g in stream:
                if g.event == eid:
                    yield g
                elif g.event in wanted:
                    pending.append(g)
                    return
        wanted = {ev.id for ev in events}
        for ev in events:
            if self.survey.per_event.get(ev.id, 0) == 0:
                yield ev, ()
                continue
            it = games_of(ev.id)
            yield ev, it
            for _ in it:                # what the engine left unread
                pass


# --------------------------------------------------------------------------- the whole list

@dataclass
class GameList:
    """A game list checked in its first pass, ready to be rated in batches."""

    records: Records
    feed: StreamFeed
    survey: Survey
    #: ids of the list a ratings file (``--players``) did not hold: new players, at the start rating
    newcomers: tuple[str, ...] = ()


ListInputs = tuple[list[RatingInputError], dict[str, Any], Any, dict[str, Player] | None,
                   dict[str, Event] | None, list[Any]]


def list_inputs(file: str, system: System, settings: Mapping[str, Any], named: Callable[[str], str] | None,
                players_table: Sequence[Sequence[Any]] | None, events_table: Sequence[Sequence[Any]] | None,
                earlier: Sequence[RatingInputError] = (), players_file: str | None = None,
                events_file: str | None = None,
                awards_table: Sequence[Sequence[Any]] | None = None) -> ListInputs:
    """A game list's inputs beside its games: (problems, settings' values, parameters, players,
    events, awards) from the players, events and awards tables (see :func:`read_game_list`)."""
    from .identity import id_problems, player_extras
    from .inputs import Rows, read_awards, read_events, read_players, rulebook_and_params

    errors: list[RatingInputError] = list(earlier)
    _, values, params = rulebook_and_params({}, file, errors, system, settings, named)
    players = events = None
    if players_table is not None:
        players = read_players(Rows("Players", players_table, players_file, errors, sheet=None,
                                           terms=system.terms), system)
        extras = dataclasses.replace(player_extras({"Players": players_table}, players_file), sheet="")
        errors += id_problems(extras, list(players), players_file)     # at the file's rows: it has no sheet
    if events_table is not None:
        events = read_events(Rows("Events", events_table, events_file, errors, sheet=None), system, params,
                             players if players is not None else {})
    awards = read_awards(Rows("Awards", awards_table, players_file, errors, sheet=None), players or {}) \
        if awards_table is not None and len(awards_table) > 1 else []
    return errors, values, params, players, events, awards


def read_game_list(read: Reader, file: str, system: System, settings: Mapping[str, Any],
                   named: Callable[[str], str] | None, players_table: Sequence[Sequence[Any]] | None,
                   events_table: Sequence[Sequence[Any]] | None, log: ProblemLog,
                   earlier: Sequence[RatingInputError] = (), window: int = WINDOW,
                   players_file: str | None = None, events_file: str | None = None,
                   awards_table: Sequence[Sequence[Any]] | None = None, newcomers: bool = False) -> GameList:
    """Check a game list in its first pass (and, out of date order, a pass for repeats);
    raise the problems summarised (:class:`TooManyProblems`), else the records (with no
    games: they come from the feed).  ``players_table`` / ``events_table``: the Players
    and Events files (``players_file``, ``events_file``) as tables (None: made from the
    list); ``earlier``: problems the file side found already (a number that is not a
    number); ``awards_table``: titles awarded (a ratings file read as the players' state);
    ``newcomers``: the players are a state (a ratings file), and an id of the list that is
    none of theirs a new player, not a mistake."""
    ins = list_inputs(file, system, settings, named, players_table, events_table, earlier, players_file,
                      events_file, awards_table)
    errors, values, params, players, events, awards = ins
    for e in errors:
        log.add(e)
    bad_events = frozenset(e.value for e in errors if e.where.sheet == "Events")
    parser = GameParser(each_row=True, list_dates=True)     # the log groups the rows of a rule itself
    s = survey(read, log, parser, None if newcomers else players, events, bad_events, players_file)
    if players is None:
        case_twins(s, log)
        players = implicit_players(s)
    elif newcomers:     # the players' state (a ratings file): an id it does not hold is a new player
        arrived = {pid: p for pid, p in implicit_players(s).items() if pid not in players}
        players = {**players, **arrived}
    split: dict[str, dict[str, str]] = {}
    if events is None:
        events, split = implicit_events(s, system.calendar)
    games = Games(read, parser, events, log.file, s.rows, log.total == 0, s.batch_spans, split, system.calendar)
    if not s.repeats_found and s.keyed_per_date:
        find_repeats(games, s, paired_events(events), log, window)
    if log.total:
        raise TooManyProblems.of(log)
    records = Records(system, values, dict(players), dict(events), [], awards, file=file, params=params)
    return GameList(records, StreamFeed(games, s, window), s, tuple(arrived) if newcomers else ())


__all__ = ["Batch", "DEFAULT_EVENT", "GameList", "ListInputs", "list_inputs", "ProblemLog", "Reader", "StreamFeed", "Survey", "TooManyProblems",
           "WINDOW", "read_game_list", "rule_of", "windows"]
