"""Which periods a run processes, and in what order (the ledger's rules).

Without ``--period``: every period from the end of the History (or the first
event) up to the last event -- but never a period that has not started: at
most up to the period containing today.  A period that has not begun is
refused when asked for, and so is a game dated after today in a period
processed now (:func:`refuse_ahead`): nothing is rated before it has happened.  Periods are processed in order: a
period before the end of the History is refused with the period to process
first.
"""

from __future__ import annotations

import datetime as dt
import os

from ..errors import InputErrors, RatingInputError, Where, bounded
from ..i18n.catalogue import run as M
from ..systems.base import System
from ..systems.feed import GameFeed
from ..systems.period import Period
from ..systems.records import Game, Records


#: the environment variable that sets the date a run takes as today (tests; trying a run in advance)
TODAY_VARIABLE = "XL_RATINGS_TODAY"


def run_date(today: dt.date | None = None) -> dt.date:
    """The date of the run: ``today`` when given, else ``XL_RATINGS_TODAY`` (``2027-03-01``) when set
    and a date, else the date today -- what no period and no game may be after."""
    if today is not None:
        return today
    given = os.environ.get(TODAY_VARIABLE, "").strip()
    try:
        return dt.date.fromisoformat(given) if given else dt.date.today()
    except ValueError:
        return dt.date.today()


def plan(system: System, records: Records, done: list[Period], period: str | None,
         file: str | None, today: dt.date | None = None) -> list[Period]:
    """The periods to process: the one asked for, else every period from the
    ledger's end (or the first event) to the last event that has started by
    ``today`` (default: the date today); with nothing new, the latest period
    again."""
    today = run_date(today)
    cal = system.calendar
    if period:
        try:
            return [cal.parse(period, system.name)]
        except RatingInputError as e:
            raise InputErrors([e.located(file=file)]) from None
    ends = sorted(ev.end for ev in records.events.values())
    if not ends:
        raise InputErrors([RatingInputError(M.NO_EVENTS(), where=Where(file, "Events"))])
    p = cal.following(done[-1]) if done else cal.of(ends[0])
    last = min(ends[-1], today)   # a period that has not started is never processed
    if p.start > last:
        if done:
            return [done[-1]]
        raise InputErrors([RatingInputError(M.NOTHING_YET(end=ends[0].isoformat(), period=p.label,
                                                          today=today.isoformat()), where=Where(file, "Events"))])
    out = []
    while p.start <= last:
        out.append(p)
        p = cal.following(p)
    return out


#: games not yet played kept to be told (a platform's list may hold millions: those beyond are counted)
MAX_TOLD = 10_000


def refuse_ahead(todo: list[Period], done: list[Period], feed: GameFeed, today: dt.date,
                 file: str | None) -> None:
    """Refuse to rate what has not happened: a period that has not begun (asked for with
    ``--period``, or held by a History processed ahead of time), and a game dated after
    today in a period processed now -- each naming today's date."""
    ahead = next((q for q in todo if q.start > today), None)
    if ahead is not None:
        held = any(q.label == ahead.label for q in done)
        told = (M.HISTORY_AHEAD if held else M.PERIOD_NOT_BEGUN)(
            period=ahead.label, start=ahead.start.isoformat(), today=today.isoformat())
        raise InputErrors([RatingInputError(told, where=Where(file, "History" if held else None))])
    span = feed.span()          # known without a pass over a streamed list
    if not todo or todo[-1].end <= today or span is None or span[1] <= today:
        return
    late: list[Game] = []
    count = 0
    for g in feed.every(today + dt.timedelta(days=1), todo[-1].end):
        count += 1
        if len(late) < MAX_TOLD:
            late.append(g)
    if not late:
        return
    late.sort(key=lambda g: g.row or 0)
    errors = [RatingInputError(M.GAME_NOT_PLAYED_YET(date=g.date.isoformat(), today=today.isoformat(),
                                                     period=next(q.label for q in todo if q.start <= g.date <= q.end)),
                               value=g.date, where=Where(file, "Games", g.row, "date")) for g in late]
    err = InputErrors(errors)
    if count > len(late):       # a platform's list: the first ones kept, every one counted
        shown, more = bounded(err.errors, total=count)
        err = InputErrors(shown + [RatingInputError(more)] if more is not None else shown)
        err.total = count
    raise err


def check_order(system: System, p: Period, done: list[Period], file: str | None) -> None:
    """Refuse a period that overlaps or precedes the History's later periods,
    or that leaves a gap after its last one."""
    later = [q for q in done if q.label != p.label and q.end >= p.start]
    if later:
        redo = M.HISTORY_LATER_REDO if any(q.label == p.label for q in done) else M.HISTORY_LATER
        raise InputErrors([RatingInputError(redo(later=later[-1].label, period=p.label, latest=done[-1].label),
                                            where=Where(file, "History"))])
    prior = [q for q in done if q.end < p.start]
    if prior and prior[-1].end + dt.timedelta(days=1) != p.start:
        start = prior[-1].end + dt.timedelta(days=1)
        if system.calendar.standard_only:
            first = M.PROCESS_FIRST(period=system.calendar.following(prior[-1]).label)
        else:
            first = M.PROCESS_FROM_FIRST(start=start.isoformat())
        raise InputErrors([RatingInputError(M.HISTORY_ENDS_BEFORE(period=p.label, last=prior[-1].label, first=first),
                                            where=Where(file, "History"))])
