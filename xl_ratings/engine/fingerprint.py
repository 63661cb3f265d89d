"""Fingerprints of the records behind each player's result in a period.

The History keeps, on every row, a short digest of what that player's
result was computed from: the Settings, the player's Players row, the
player's games of the period (as the sheet has them), the events they were
played in, and the player's awards and points.  A later run recomputes the
digests of the periods already processed; one that differs means a record
of that period changed after it was published -- the run says which period,
which players, and how to re-rate it (``--from``), and never goes on silently.

Format of the History cell: ``S<settings>:P<player>`` (hex digests).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ..systems.period import Period
from ..systems.records import Records


def canon(v: Any) -> str:
    """A cell value the same way whatever read it (calamine, openpyxl, xlwings): 3.0 -> 3."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, str):
        return v.strip()
    return "" if v is None else str(v)


def _digest(text: str, size: int = 6) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=size).hexdigest()


def settings_digest(settings: Mapping[str, Any]) -> str:
    items = sorted((str(k).strip(), canon(v)) for k, v in settings.items() if k != "_rows")
    return _digest(repr(items), 4)


def period_digests(records: Records, period: Period) -> dict[str, str]:
    """Each player's fingerprint for ``period`` (``S…:P…``)."""
    events = records.events
    lines: dict[str, list[str]] = defaultdict(list)
    used_events: dict[str, set[str]] = defaultdict(set)
    contains = period.contains
    for g in records.games:
        ev = events.get(g.event)
        if not (contains(g.date) or (ev is not None and contains(ev.end))):
            continue
        r = g.result
        text = f"{g.event}|{g.date}|{canon(g.round)}|{g.player}|{g.opponent}|{r.score}|{r.forfeit}|{g.handicap}"
        lines[g.player].append(text)
        lines[g.opponent].append(text)
        used_events[g.player].add(g.event)
        used_events[g.opponent].add(g.event)
    for a in records.awards:
        if a.date is None or contains(a.date):
            lines[a.player].append(f"award|{a.award}|{a.date}")
    for e in records.points:
        if contains(e.date):
            lines[e.player].append(f"points|{e.date}|{e.kind}|{e.points!r}")
    s = settings_digest(records.settings)
    out = {}
    for pid, p in records.players.items():
        rec = (p.name, p.sex, p.club, p.rank, p.rating, p.games, p.events, p.peak, p.title, p.member, p.rif,
               p.wins)
        evs = [repr((e.id, e.name, e.start, e.end, e.format, e.cls, e.level, e.champion))
               for e in (events[x] for x in sorted(used_events.get(pid, ())) if x in events)]
        body = repr(rec) + "\n" + "\n".join(sorted(lines.get(pid, ()))) + "\n" + "\n".join(evs)
        out[pid] = f"S{s}:P{_digest(body)}"
    return out


def differs(stored: str | None, now: str | None) -> str | None:
    """Why two fingerprints differ: ``settings``, ``records``, or None if they
    agree (or the History has none: a ledger from before fingerprints)."""
    if not stored or now is None or stored == now:
        return None
    s_old, _, p_old = stored.partition(":")
    s_new, _, p_new = now.partition(":")
    if p_old != p_new:
        return "records"
    return "settings" if s_old != s_new else None
