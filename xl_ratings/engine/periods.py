"""Which periods a run processes, and in what order (the ledger's rules).

Without ``--period``: every period from the end of the History (or the first
event) up to the last event -- but never a period that has not started: at
most up to the period containing today.  Periods are processed in order: a
period before the end of the History is refused with the period to process
first.
"""

from __future__ import annotations

import datetime as dt

from ..errors import InputErrors, RatingInputError, Where
from ..systems.base import System
from ..systems.period import Period
from ..systems.records import Records


def plan(system: System, records: Records, done: list[Period], period: str | None,
         file: str | None, today: dt.date | None = None) -> list[Period]:
    """The periods to process: the one asked for, else every period from the
    ledger's end (or the first event) to the last event that has started by
    ``today`` (default: the date today); with nothing new, the latest period
    again."""
    today = today or dt.date.today()
    cal = system.calendar
    if period:
        try:
            return [cal.parse(period, system.name)]
        except RatingInputError as e:
            raise InputErrors([e.located(file=file)]) from None
    ends = sorted(ev.end for ev in records.events.values())
    if not ends:
        raise InputErrors([RatingInputError("there are no events to process", where=Where(file, "Events"))])
    p = cal.following(done[-1]) if done else cal.of(ends[0])
    last = min(ends[-1], today)   # a period that has not started is never processed
    if p.start > last:
        if done:
            return [done[-1]]
        raise InputErrors([RatingInputError(
            f"nothing to process yet: the first event ends {ends[0].isoformat()}, in period {p.label}, which "
            f"has not started (today is {today.isoformat()}); check the dates, or give --period {p.label}",
            where=Where(file, "Events"),
            problem_zh=f"尚无可处理的周期：第一个赛事结束于 {ends[0].isoformat()}，属于尚未开始的周期 {p.label}"
                       f"（今天是 {today.isoformat()}）；请检查日期，或指定 --period {p.label}")])
    out = []
    while p.start <= last:
        out.append(p)
        p = cal.following(p)
    return out


def check_order(system: System, p: Period, done: list[Period], file: str | None) -> None:
    """Refuse a period that overlaps or precedes the History's later periods,
    or that leaves a gap after its last one."""
    later = [q for q in done if q.label != p.label and q.end >= p.start]
    if later:
        raise InputErrors([RatingInputError(
            f"the History already holds period {later[-1].label}, which overlaps or follows {p.label}; "
            f"process periods in order (re-process only the latest, {done[-1].label})",
            where=Where(file, "History"),
            problem_zh=f"History 已有 {later[-1].label}，请按顺序处理（只能重算最近的 {done[-1].label}）")])
    prior = [q for q in done if q.end < p.start]
    if prior and prior[-1].end + dt.timedelta(days=1) != p.start:
        start = prior[-1].end + dt.timedelta(days=1)
        if system.calendar.standard_only:
            first = system.calendar.following(prior[-1]).label
            en, zh = f"process {first} first", f"请先处理 {first}"
        else:
            en = f"process the period starting {start.isoformat()} first"
            zh = f"请先处理从 {start.isoformat()} 开始的周期"
        raise InputErrors([RatingInputError(
            f"cannot process {p.label}: the History ends with {prior[-1].label}; {en}",
            where=Where(file, "History"), problem_zh=f"无法处理 {p.label}：History 止于 {prior[-1].label}；{zh}")])
