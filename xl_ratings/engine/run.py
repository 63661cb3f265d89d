"""The one plain function behind every way of processing a period.

``run(tables, period)`` takes the workbook's sheets as tables of cell values
and returns an :class:`Outcome`: the facts of every processed period and the
updated ledger.  The command line, the xlwings Lite/Server ``@script`` and
classic ``RunPython`` ``main()`` all call it; the view layer
(:mod:`xl_ratings.view`) turns the outcome into sheets, JSON or HTML.

The History sheet is the ledger: each processed period adds one row per
player.  Re-processing a period replaces its rows; ratings at a period's
start come from the ledger when it has the period before, else from Players.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from ..errors import InputErrors, RatingInputError, Where
from ..files.names import backup_name
from ..i18n.catalogue import run as M
from ..i18n.catalogue.checks import SAMPLE_FORGOTTEN
from ..i18n.text import command_word
from ..systems.base import Check, PeriodFacts, State, System
from ..systems.base import CheckLog
from ..systems.feed import GameFeed, MemoryFeed
from ..systems.period import Period, date_range
from ..systems.records import Records
from .identity import id_problems, player_extras
from .inputs import read_records
from .fingerprint import Fingerprints, parts
from .games import PAIRED, typed_twice
from .ledger import Entry, Ledger
from .perf import gc_paused
from .periods import check_order, plan, refuse_ahead, run_date
from .sample import forget_sample

Progress = Callable[[str, int, int], None]
#: Called with every check of a period (a game list writes them all to a CSV file).
CheckSink = Callable[[Period, Check], None]


@dataclass(frozen=True)
class Correction:
    """A published rating that re-rating a period changed.

    ``reason``: ``records`` (the player's games or Players row changed since
    the period was published), ``settings`` (a parameter changed), or
    ``earlier`` (a knock-on: an opponent's rating or an earlier period moved),
    ``added`` (the player's records changed in a period still running on the day of the run: it was
    published provisional -- games added to it, not a correction),
    ``deleted`` (the player is no longer in the Players sheet; ``name``: as the History had it).
    """

    period: str
    id: str
    published: float | None
    corrected: float | None
    reason: str
    name: str = ""

    @property
    def difference(self) -> float | None:
        if self.published is None or self.corrected is None:
            return None
        return self.corrected - self.published


@dataclass
class Outcome:
    """Everything one run produces: what the view layer shows."""

    system: System
    records: Records
    params: Any
    results: list[PeriodFacts]      #: one per processed period, in order
    ledger: Ledger                  #: the History after the run
    corrections: list[Correction] | None = None   #: when a published period was processed again
    reprocessed: list[str] = field(default_factory=list)   #: periods processed again (already in the History)
    #: the bundled sample's periods dropped from the History: the sample records are gone (:mod:`.sample`)
    forgotten: list[str] = field(default_factory=list)

    @property
    def last(self) -> PeriodFacts:
        return self.results[-1]

    @property
    def federation(self) -> str:
        """The federation's name: the ``federation`` setting, else the system's default."""
        v = self.records.settings.get("federation")
        return str(v).strip() if v is not None and str(v).strip() else self.system.federation


def run(tables: Mapping[str, Sequence[Sequence[Any]]], period: str | None = None,
        file: str | None = None, progress: Progress | None = None, rerate_from: str | None = None,
        today: dt.date | None = None, date1904: bool | None = None) -> Outcome:
    """Process one period (or every unprocessed period) of a workbook given as tables.

    ``rerate_from``: re-rate that processed period and every later one, in
    order, from the ledger before it (a late or corrected result).
    ``today``: the date of the run (default: today): no period that starts
    after it is processed unasked, and a game dated after it is a check.
    ``date1904``: serial numbers in date cells count from 1904 (default:
    what ``tables`` says, :class:`~.cells.Tables`).
    """
    with gc_paused():
        records = read_records(tables, file, date1904=date1904)
        bad_ids = id_problems(player_extras(tables, file), list(records.players), file)
        if bad_ids:             # refused now, not first by publish --rating-list after the period is out
            raise InputErrors(bad_ids)
        ledger = Ledger.from_tables(tables, records.system, file, date1904, rerate_from)
    return run_records(records, ledger, period, file, progress, rerate_from, today)


def run_records(records: Records, ledger: Ledger | None = None, period: str | None = None,
                file: str | None = None, progress: Progress | None = None,
                rerate_from: str | None = None, today: dt.date | None = None,
                fingerprints: bool | None = None, *, feed: GameFeed | None = None,
                check_sink: CheckSink | None = None, history: bool = True) -> Outcome:
    """The same processing from records already read (a workbook, or a CSV/Parquet game list).

    ``fingerprints``: keep each player's input fingerprint in the History
    rows (default: when a ``ledger`` is given, i.e. a History that will be
    written back and compared by the next run; a game list has none).
    ``feed``: where the games come from (default: ``records.games``; a game
    list read in batches has its own, :mod:`.stream`); ``check_sink``: called
    with every check of every period, those beyond the Checks sheet's limit
    per rule too.  ``history`` False (a game list, which keeps none): no History rows are
    made, and each period starts from the states the one before ended with, as they are
    -- not as the History stores them (12 significant digits) -- so that rating a list
    day by day, each run's ratings file the next one's players, gives the very floats of
    rating it at once (``docs/cli.md``, the platform recipe)."""
    if fingerprints is None:
        fingerprints = ledger is not None
    with gc_paused():
        return _run(records, ledger, period, file, progress, rerate_from, today, fingerprints,
                    feed if feed is not None else MemoryFeed(records), check_sink, history)


#: Checks every rulebook gets from the run (their words: :mod:`xl_ratings.i18n.catalogue.checks`).
FUTURE_GAME = "date.future"


def future_games(records: Records, today: dt.date, feed: GameFeed | None = None,
                 log: CheckLog | None = None) -> list[Check]:
    """A game dated after today: a likely typo (2062 for 2026), for the officer to see."""
    feed = feed if feed is not None else MemoryFeed(records)
    log = log if log is not None else CheckLog()
    span = feed.span()
    if span is None or span[1] <= today:
        return []
    players, events = records.players, records.events
    for g in feed.every(today + dt.timedelta(days=1)):
        if g.date > today:
            ev = events.get(g.event)
            log.add(FUTURE_GAME, "Games", g.row, event=ev.name if ev else g.event,
                    player=players[g.player].name if g.player in players else g.player,
                    opponent=players[g.opponent].name if g.opponent in players else g.opponent,
                    date=g.date, today=today)
    return log.finish()


TYPED_TWICE = "games.typed_twice"


def twice_typed(records: Records, results: Sequence[PeriodFacts], feed: GameFeed,
                sink: CheckSink | None = None) -> None:
    """A pair of a round robin or Swiss event meeting again where most pairs meet once
    (:func:`~.games.typed_twice`: one game typed from both sides?): a Checks line of the period
    its event belongs to (the last one processed, when that period is not), never refused."""
    paired = [ev for ev in records.events.values() if ev.format in PAIRED]
    found_first = getattr(feed, "typed_twice", None)        # a list read in batches: found in its first pass
    found = [] if not (results and paired) else found_first() if found_first is not None else \
        typed_twice(feed.by_event(paired))
    if not found:
        return
    players, events = records.players, records.events
    logs: dict[str, tuple[PeriodFacts, CheckLog]] = {}
    for eid, first, row, a, b in found:
        ev = events[eid]
        res = next((r for r in results if r.period.contains(ev.end)), results[-1])
        _, log = logs.setdefault(res.period.label, (res, _log(sink, res.period)))
        log.add(TYPED_TWICE, "Games", row, event=ev.name, first=first,
                player=players[a].name if a in players else a, opponent=players[b].name if b in players else b)
    for res, log in logs.values():
        res.checks.extend(log.finish())


def players_in(records: Records, p: Period) -> set[str]:
    """Everyone with a game (of an event of ``p``, or dated in it), an award dated in it, or
    points in ``p`` (an undated award belongs to no period in particular)."""
    in_period = {eid for eid, e in records.events.items() if p.contains(e.end)}
    out: set[str] = set()
    for g in records.games:
        if g.event in in_period or p.contains(g.date):
            out.add(g.player)
            out.add(g.opponent)
    out.update(a.player for a in records.awards if a.date is not None and p.contains(a.date))
    out.update(e.player for e in records.points if p.contains(e.date))
    return out


def without(facts: PeriodFacts, ids: set[str]) -> PeriodFacts:
    """The period's facts without these players (who have nothing in it): the lines of
    its lists and its History rows; the list's places closed up, ties kept."""
    def keep(lines: Sequence[Any]) -> list[Any]:
        return [x for x in lines if getattr(x, "id", None) not in ids]
    ratings = keep(facts.ratings)
    placed = sorted(x.place for x in ratings if x.place is not None)
    ahead: dict[int, int] = {}
    for i, place in enumerate(placed):
        ahead.setdefault(place, i)
    ratings = [x if x.place is None else dataclasses.replace(x, place=1 + ahead[x.place]) for x in ratings]
    # the ladder's counts: each rung counts the lines whose standard (or title) it is
    gone = [getattr(x, k, None) for x in facts.ratings if getattr(x, "id", None) in ids
            for k in ("standard", "title")]
    standards = [s if not (n := gone.count(s.rank)) else dataclasses.replace(s, count=s.count - n)
                 for s in facts.standards]
    return dataclasses.replace(facts, ratings=ratings, standards=standards, changes=keep(facts.changes),
                               pending=keep(facts.pending),
                               inactive=keep(facts.inactive), fees=keep(facts.fees),
                               states={k: v for k, v in facts.states.items() if k not in ids})


BEFORE_HISTORY = "date.before_history"


def before_history(records: Records, first: Period, feed: GameFeed | None = None,
                   log: CheckLog | None = None) -> list[Check]:
    """Games dated before the first processed period (an event imported late, or a first
    period chosen with --period): never rated -- said once per event, never silent."""
    feed = feed if feed is not None else MemoryFeed(records)
    span = feed.span()
    if span is None or span[0] >= first.start:
        return []
    count: dict[str, int] = {}
    row: dict[str, int] = {}
    for g in feed.every(None, first.start - dt.timedelta(days=1)):
        if g.date < first.start:
            count[g.event] = count.get(g.event, 0) + 1
            row.setdefault(g.event, g.row)
    log = log if log is not None else CheckLog()
    for eid, n in count.items():
        ev = records.events.get(eid)
        log.add(BEFORE_HISTORY, "Games", row[eid], event=ev.name if ev else eid,
                date=ev.end if ev else "", games=n, period=first.label)
    return log.finish()


def start_states(system: System, records: Records, params: Any, file: str | None) -> dict[str, State]:
    """Every player's state before the first processed period, from the Players sheet."""
    errors = []
    states: dict[str, State] = {}
    for pid, pl in records.players.items():
        try:
            states[pid] = system.start_state(pl, params)
        except RatingInputError as e:
            column = "rank" if pl.rank is not None else "rating"
            errors.append(RatingInputError(e.text, value=e.value, where=Where(file, "Players", pl.row, column)))
    if errors:
        raise InputErrors(errors)
    return states


def walk(system: System, start: Period, done: Sequence[Period]) -> list[Period]:
    """The periods from ``start`` to the end of the History, one after the other: the
    History's own where it has them, the calendar's where it has a gap (a custom range
    cut short where the next processed period starts)."""
    out: list[Period] = []
    by_start = {q.start: q for q in done}
    p = start
    while done and p.start <= done[-1].end:
        q = by_start.get(p.start)
        if q is not None:
            p = q
        else:
            nxt = next((q for q in done if q.start > p.start), None)
            if nxt is not None and p.end >= nxt.start:
                p = date_range(p.start, nxt.start - dt.timedelta(days=1))
        out.append(p)
        p = system.calendar.following(p)
    return out


def _rerated(system: System, ledger: Ledger, label: str, file: str | None, records: Records) -> list[Period]:
    """The periods from ``label`` on (``--from``): a processed period, or a period whose rows
    are missing from the History (a gap; before its first period, only when events of the
    records end there: games never rated), and every period after."""
    done = ledger.periods()
    try:
        wanted = system.calendar.parse(label, system.name)
    except RatingInputError as e:
        raise InputErrors([e.located(file=file)]) from None
    start = next((q for q in done if q.label == wanted.label), None)
    if start is None and done and wanted.end < done[-1].start and not any(q.start <= wanted.end and wanted.start <= q.end
                                                                          for q in done):
        todo = walk(system, wanted, done)
        inside = wanted.start > done[0].start or any(wanted.start <= ev.end < done[0].start
                                                     for ev in records.events.values())
        if inside and any(q.start == p.start for q in done for p in todo):    # it leads into the History
            return todo
    if start is None:
        listed = ", ".join(q.label for q in done) or "none"
        raise InputErrors([RatingInputError(M.FROM_NOT_IN_HISTORY(period=label, listed=listed),
                                            where=Where(file, "History"))])
    return walk(system, start, done)


def _gaps(system: System, ledger: Ledger, file: str | None, from_start: dt.date | None = None) -> None:
    """Refuse a History with a period's rows missing in the middle (unless re-rated from before it)."""
    errors = []
    for a, b in ledger.gaps():
        if from_start is not None and from_start <= b.start:
            continue
        missing = [p for p in walk(system, system.calendar.following(a), [a, b]) if p.start < b.start]
        errors.append(RatingInputError(M.HISTORY_GAP(
            missing=", ".join(p.label for p in missing), before=a.label, after=b.label,
            backup=backup_name(file or "BOOK.xlsx"), first=missing[0].label if missing else b.label),
            where=Where(file, "History")))
    if errors:
        raise InputErrors(errors)


def _command_book(file: str | None) -> str:
    """The workbook as the command a refusal suggests names it (``xl-ratings process "改動 測試.xlsx" --from
    2025``: quoted when its name holds a space), or ``BOOK.xlsx`` for a workbook without a file."""
    return command_word(file) if file else "BOOK.xlsx"


def _stale(records: Records, ledger: Ledger, periods: Sequence[Period], file: str | None,
           params: Any = None, seen: dict[str, Fingerprints] | None = None) -> dict[str, Fingerprints]:
    """Refuse to go on when a published period's records changed since it was processed;
    return each period's fingerprints (by label)."""
    errors = []
    seen = {} if seen is None else seen
    book = _command_book(file)
    for q in periods:
        fp = seen[q.label] = seen.get(q.label) or Fingerprints(records, q, params)
        changed = [(e.id, why) for e in ledger.entries_of(q.label) if (why := fp.changed(e.id, e.inputs))]
        if not changed:
            continue
        if all(w == "deleted" for _, w in changed):
            listed = {e.id: e.name for e in ledger.entries_of(q.label)}
            names = ", ".join(f"{pid} {listed.get(pid, '')}".strip() for pid, _ in changed[:5]) + \
                (" …" if len(changed) > 5 else "")
            errors.append(RatingInputError(M.PUBLISHED_PLAYER_DELETED(
                period=q.label, count=len(changed), players=names, book=book), where=Where(file, "Players")))
            continue
        if all(w == "settings" for _, w in changed):
            text = M.PUBLISHED_FROM_OTHER_SETTINGS(period=q.label, book=book)
        else:
            names = ", ".join(f"{pid} {records.players[pid].name}" if pid in records.players else pid
                              for pid, _ in changed[:5]) + (" …" if len(changed) > 5 else "")
            text = M.PUBLISHED_FROM_OTHER_RECORDS(period=q.label, count=len(changed), players=names, book=book)
        errors.append(RatingInputError(text, where=Where(file, "History")))
    if errors:
        raise InputErrors(errors)
    return seen


def _upgrade(ledger: Ledger, fps: Mapping[str, Fingerprints]) -> None:
    """Rows kept from a period found unchanged (:func:`_stale`) whose fingerprints are in an
    earlier format get today's: the records are the same as then, so a later change of what
    is only printed (the federation's name) or of how a number is written needs no re-rate."""
    for i, e in enumerate(ledger.entries):
        fp = fps.get(e.period.label)
        if fp is None or not e.inputs or "Y" in parts(e.inputs) or fp.changed(e.id, e.inputs):
            continue
        now = fp.now.get(e.id)
        if now is not None:
            ledger.entries[i] = dataclasses.replace(e, inputs=now)


def _lost_before(p: Period, published: Sequence[Entry], states: Mapping[str, State],
                 fp: Fingerprints, file: str | None) -> None:
    """Refuse the History when its first period's rows started from other ratings than the
    Players sheet gives although the player's records did not change: the rows of an
    earlier period were deleted (going on would silently drop that period's games)."""
    off = []
    for e in published:
        st = states.get(e.id)
        if st is None or not e.inputs or e.id not in fp.records.players or fp.changed(e.id, e.inputs):
            continue
        a, b = e.old, st.rating
        if (a is None) != (b is None) or (a is not None and b is not None and abs(a - b) > 1e-6):
            off.append((e.id, a, b))
    if not off:
        return
    def num(v: float | None) -> str:
        return "unrated" if v is None else f"{v:.2f}".rstrip("0").rstrip(".")
    shown = ", ".join(f"{pid} {num(a)} → {num(b)}" for pid, a, b in off[:5]) + (" …" if len(off) > 5 else "")
    records = fp.records
    system = records.system
    ends = [ev.end for ev in records.events.values()]
    first = system.calendar.of(min(ends)) if ends else p
    raise InputErrors([RatingInputError(
        M.EARLIER_PERIOD_DELETED(period=p.label, count=len(off), players=shown, backup=backup_name(file or "BOOK.xlsx"),
                                 first=(first if first.start < p.start else p).label),
        where=Where(file, "History"))])


def same_rating(a: float | None, b: float | None) -> bool:
    """One published value: equal, or equal to the 12 significant digits the History
    keeps (a History written by an earlier version kept 16: recomputed, it may differ in
    the last of them)."""
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _corrections(previous: Mapping[str, list[Entry]], ledger: Ledger,
                 fps: Mapping[str, Fingerprints]) -> list[Correction]:
    """Every published rating that the re-rated periods changed, and why."""
    out = []
    for label, old_entries in previous.items():
        old = {e.id: e for e in old_entries}
        new = {e.id: e for e in ledger.entries_of(label)}
        for pid in list(old) + [p for p in new if p not in old]:
            a, b = old.get(pid), new.get(pid)
            before = a.state.rating if a else None
            after = b.state.rating if b else None
            if same_rating(before, after):
                continue
            reason = (fps[label].changed(pid, a.inputs) if a and label in fps else None) or "earlier"
            name = a.name if a else b.name if b else ""
            out.append(Correction(label, pid, before, after, reason, name))
    return out


def _run(records: Records, ledger: Ledger | None, period: str | None, file: str | None,
         progress: Progress | None, rerate_from: str | None, today: dt.date | None,
         fingerprints: bool, feed: GameFeed, check_sink: CheckSink | None, history: bool = True) -> Outcome:
    today = run_date(today)
    system, params = records.system, records.params
    ledger = ledger if ledger is not None else Ledger(system)
    forgotten = forget_sample(records, ledger) if fingerprints else []
    base = start_states(system, records, params, file)
    done = ledger.periods()
    if rerate_from and forgotten and not done:
        raise InputErrors([RatingInputError(M.ONLY_THE_SAMPLE_PROCESSED(
            periods=", ".join(forgotten), book=_command_book(file)), where=Where(file, "History"))])
    first, held = (done[0] if done else None), done
    first_rows = ledger.entries_of(first.label) if first is not None else []
    fps: dict[str, Fingerprints] = {}
    if rerate_from:
        todo = _rerated(system, ledger, rerate_from, file, records)
        _gaps(system, ledger, file, todo[0].start)
        previous = {q.label: ledger.entries_of(q.label) for q in todo if q.label in {d.label for d in done}}
        ledger.entries = [e for e in ledger.entries if e.period.start < todo[0].start]
        _stale(records, ledger, ledger.periods(), file, params, fps)
        done = ledger.periods()
    else:
        _gaps(system, ledger, file)
        todo = plan(system, records, done, period, file, today)
        again = {q.label for q in todo}
        _stale(records, ledger, [q for q in done if q.label not in again], file, params, fps)
        previous = {q.label: ledger.entries_of(q.label) for q in todo if q.label in {d.label for d in done}}
    refuse_ahead(todo, held, feed, today, file)
    if fingerprints:
        _upgrade(ledger, fps)
    if fingerprints and first is not None and first.label not in ledger.unsealed and todo[0].start >= first.start:
        # the History's first period started from the Players sheet -- whether it is processed
        # again now or kept (and a later period processed): else rows of an earlier period were
        # deleted.  (replay checks this itself; rows edited by hand are re-rated, not trusted)
        fp = fps[first.label] = fps.get(first.label) or Fingerprints(records, first, params)
        _lost_before(first, first_rows, base, fp, file)
    results = []
    carried: dict[str, State] = {}      # without a History: the last period's states, as they are
    for n, p in enumerate(todo, start=1):
        if progress:
            progress(p.label, n, len(todo))
        check_order(system, p, done, file)
        prior = [q for q in done if q.end < p.start]
        states = dict(base)
        if prior:
            states.update({pid: st for pid, st in ledger.states_at(prior[-1]).items() if pid in states})
        elif carried:
            states.update({pid: st for pid, st in carried.items() if pid in states})
        newcomers: set[str] = set()
        if rerate_from and p.label in previous and p.label not in ledger.unsealed:
            # re-rating a published period: a player added to the Players sheet since -- on no
            # list up to this one, with nothing in this period -- stays off it as they were
            # (joins at the next run).  Rows edited or cut by hand (unsealed) tell nothing.
            listed = {e.id for e in previous[p.label]}
            if not listed.issuperset(states):       # newcomers: scan the period's games once
                listed |= {e.id for e in ledger.entries if e.period.start < p.start}
                newcomers = set(states) - listed - players_in(records, p)
        digests: Mapping[str, str] = {}
        if fingerprints:
            fp = fps[p.label] = fps.get(p.label) or Fingerprints(records, p, params)
            digests = fp.now
        facts = system.process(records, states, p, params, feed, _log(check_sink, p))
        if newcomers:
            facts = without(facts, newcomers)
        results.append(facts)
        if not history:
            if n < len(todo):       # the next period's start (none after the last: not made)
                carried = {pid: _at_end(st, p.end) for pid, st in facts.states.items()}
            continue
        ids, ended = list(facts.states), list(facts.states.values())    # Entry.of's rows, as columns
        olds = list(map(_RATING, map(states.__getitem__, ids)))
        ledger.record_columns(p, [p] * len(ids), ids, list(map(_NAME, map(records.players.__getitem__, ids))),
                              olds, ended, [None if new is None or old is None else new - old
                                            for new, old in zip(map(_RATING, ended), olds)],
                              list(map(digests.get, ids)))
        done = ledger.periods()
    if results and forgotten:
        results[-1].checks.append(Check(SAMPLE_FORGOTTEN.id, "History", None, {"periods": ", ".join(forgotten)}))
    if results:
        last = results[-1].period
        results[-1].checks.extend(future_games(records, today, feed, _log(check_sink, last)))
        results[-1].checks.extend(before_history(records, (ledger.periods() or todo)[0], feed,
                                                 _log(check_sink, last)))
        twice_typed(records, results, feed, check_sink)
    corrections = _corrections(previous, ledger, fps) if previous and fingerprints else None
    running = {r.period.label for r in results if today <= r.period.end}
    if corrections and running:     # a period still running was published provisional: additions, not corrections
        corrections = [dataclasses.replace(c, reason="added") if c.reason == "records" and c.period in running
                       else c for c in corrections]
    return Outcome(system, records, params, results, ledger, corrections, list(previous), forgotten)


_RATING, _NAME = attrgetter("rating"), attrgetter("name")


def _at_end(st: State, end: dt.date) -> State:
    """``st`` with its ``period_end``: ``dataclasses.replace`` without its checks (a list has
    10⁵ players and more)."""
    if not hasattr(st, "__dict__"):
        return dataclasses.replace(st, period_end=end)
    new = object.__new__(type(st))
    new.__dict__.update(st.__dict__)
    new.period_end = end
    return new


def _log(sink: CheckSink | None, p: Period) -> CheckLog:
    """A period's check log; every check also to ``sink``."""
    return CheckLog(sink=functools.partial(sink, p) if sink is not None else None)


def replay(records: Records, ledger: Ledger, file: str | None = None, upto: str | None = None) -> Outcome:
    """Every processed period of the History computed again, in memory, to show
    what was published (the website, the PDF): refused when a period's
    records changed since (with the ``--from`` command to re-rate), or when
    the History does not hold what its records give.  ``upto``: stop at that
    period (published periods only)."""
    system = ledger.system
    ledger = Ledger(system, ledger.entries, ledger.unsealed)      # the caller's stays as read
    forgotten = forget_sample(records, ledger)
    done = ledger.periods()
    if not done and forgotten:
        raise InputErrors([RatingInputError(M.ONLY_THE_SAMPLE_PROCESSED(
            periods=", ".join(forgotten), book=_command_book(file)), where=Where(file, "History"))])
    if not done:
        raise InputErrors([RatingInputError(M.NOTHING_PUBLISHED(), where=Where(file, "History"))])
    if upto is not None:
        try:                                    # 2026h1 is 2026H1, as --period and --from read it
            upto = system.calendar.parse(upto, system.name).label
        except RatingInputError:
            pass                                # told below, with the periods there are
    if upto is not None and upto not in {q.label for q in done}:
        listed = ", ".join(q.label for q in done)
        raise InputErrors([RatingInputError(M.PERIOD_NOT_IN_HISTORY(period=upto, listed=listed),
                                            where=Where(file, "History"))])
    _gaps(system, ledger, file)
    params = records.params
    prints = _stale(records, ledger, done, file, params)
    first = done[0]
    _lost_before(first, ledger.entries_of(first.label), start_states(system, records, params, file),
                 prints[first.label], file)
    out = run_records(records, Ledger(system, list(ledger.entries)), None, file, None, done[0].label,
                      fingerprints=False,      # compared just above; shown, never written back
                      feed=MemoryFeed(records, audit=True))     # each game's facts, for the player pages
    for q in done:
        stored = {e.id: (e.state.rating, e.state.status) for e in ledger.entries_of(q.label)}
        fresh = {e.id: (e.state.rating, e.state.status) for e in out.ledger.entries_of(q.label)}
        if stored.keys() != fresh.keys() or any(
                stored[k][1] != fresh[k][1] or not same_rating(stored[k][0], fresh[k][0]) for k in stored):
            raise InputErrors([RatingInputError(M.HISTORY_NOT_FROM_RECORDS(period=q.label, book=_command_book(file)),
                                                where=Where(file, "History"))])
    if upto is not None:
        keep = next(q for q in done if q.label == upto)
        out.results = [f for f in out.results if f.period.end <= keep.end]
        out.ledger.entries = [e for e in out.ledger.entries if e.period.end <= keep.end]
    out.corrections, out.reprocessed = None, []
    return out


def published(tables: Mapping[str, Sequence[Sequence[Any]]], file: str | None = None,
              period: str | None = None) -> Outcome:
    """What a processed workbook's sheets published (:func:`replay` of its History, up to
    ``period``): the one way the website, the PDF and the rating lists read it, from a
    file (the command line) or from an open workbook (one click)."""
    date1904 = bool(getattr(tables, "date1904", False))
    records = read_records(tables, file, date1904=date1904)
    system = records.system
    return replay(records, Ledger.from_tables(tables, system, file, date1904), file, period)
