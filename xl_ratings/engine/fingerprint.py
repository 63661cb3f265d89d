"""Fingerprints of the records behind each player's result in a period.

The History keeps, on every row, a short digest of what that player's
result was computed from: the Settings, the player's Players row, the
player's games of the period (as the sheet has them), the events they were
played in, and the player's awards and points.  A later run recomputes the
digests of the periods already processed; one that differs means a record
of that period changed after it was published -- the run says which period,
which players, and how to re-rate it (``--from``), and never goes on silently.

Format of the History cell: ``S<settings>:Q<player>`` (hex digests); rows written by
the first version carry ``S<settings>:P<player>`` (names included) and are compared so.
"""

from __future__ import annotations

import hashlib
import zlib
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


#: Settings that change no number: set after a period was published, they leave it as it was.
#: (``federation`` counts, as it always has: leaving it out now would change every History's seal.)
NOT_RATING = ("_rows", "country")


def settings_digest(settings: Mapping[str, Any]) -> str:
    items = sorted((str(k).strip(), canon(v)) for k, v in settings.items() if k not in NOT_RATING)
    return _digest(repr(items), 4)


def _h64(text: str) -> int:
    """A 64-bit hash of one line: two CRC-32s from two seeds (fast, stable across runs and machines)."""
    data = text.encode("utf-8")
    return (zlib.crc32(data) << 32) | zlib.crc32(data, 0x5BD1E995)


def period_digests(records: Records, period: Period, legacy: bool = False) -> dict[str, str]:
    """Each player's fingerprint for ``period`` (``S…:Q…``): what the numbers are computed
    from -- not the player's name or club, nor the event's name, which a typo fix may
    change without re-rating anything.  ``legacy``: the first format (``S…:P…``), names
    included, to compare the rows written with it.

    Each game (and award, points entry) is hashed once; a player's games are
    combined by a sum of their hashes (order does not count, a repeated game
    does), so that 100,000 games cost one pass."""
    events = records.events
    mask = (1 << 64) - 1
    games_sum: dict[str, int] = defaultdict(int)
    used_events: dict[str, set[str]] = defaultdict(set)
    contains = period.contains
    in_period = {eid for eid, e in events.items() if contains(e.end)}
    days: dict[Any, str] = {}          # values repeat: each shown once
    rounds: dict[Any, str] = {}
    crc = zlib.crc32
    for ev, day, rnd, a, b, r, hc, _ in records.games:
        if ev not in in_period and not contains(day):
            continue
        d = days.get(day)
        if d is None:
            d = days[day] = day.isoformat()
        rd = rounds.get(rnd)
        if rd is None:
            rd = rounds[rnd] = canon(rnd)
        data = f"{ev}|{d}|{rd}|{a}|{b}|{r.score}|{r.forfeit}|{hc}".encode()
        h = (crc(data) << 32) | crc(data, 0x5BD1E995)
        games_sum[a] = (games_sum[a] + h) & mask
        games_sum[b] = (games_sum[b] + h) & mask
        used_events[a].add(ev)
        used_events[b].add(ev)
    for award in records.awards:
        if award.date is None or contains(award.date):
            games_sum[award.player] = (games_sum[award.player] + _h64(f"award|{award.award}|{award.date}")) & mask
    for e in records.points:
        if contains(e.date):
            games_sum[e.player] = (games_sum[e.player] + _h64(f"points|{e.date}|{e.kind}|{e.points!r}")) & mask
    s = settings_digest(records.settings)
    event_text = {eid: repr((e.id, e.name if legacy else None, e.start, e.end, e.format, e.cls, e.level,
                             e.champion)) for eid, e in events.items()}
    out = {}
    kind = "P" if legacy else "Q"   # (":R" starts the row seal in the History cell)
    for pid, p in records.players.items():
        rec = (p.name if legacy else None, p.sex, p.club if legacy else None, p.rank, p.rating, p.games,
               p.events, p.peak, p.title, p.member, p.rif, p.wins)
        evs = "\n".join(event_text[x] for x in sorted(used_events.get(pid, ())) if x in event_text)
        out[pid] = f"S{s}:{kind}{_digest(f'{rec!r}|{games_sum.get(pid, 0)}|{evs}')}"
    return out


class Fingerprints:
    """A period's fingerprints from the records as they are now, computed when asked, in
    the format each History row was written in (rows of the first format are compared
    with names included)."""

    def __init__(self, records: Records, period: Period) -> None:
        self.records, self.period = records, period
        self._now: dict[str, str] | None = None
        self._legacy: dict[str, str] | None = None

    @property
    def now(self) -> dict[str, str]:
        """The fingerprints to write."""
        if self._now is None:
            self._now = period_digests(self.records, self.period)
        return self._now

    def changed(self, pid: str, stored: str | None) -> str | None:
        """Why ``pid``'s records differ from those ``stored`` was written from (see :func:`differs`):
        also ``deleted`` when the player is no longer in the Players sheet."""
        if not stored:
            return None
        if pid not in self.records.players:
            return "deleted"
        if ":P" in stored:
            if self._legacy is None:
                self._legacy = period_digests(self.records, self.period, legacy=True)
            return differs(stored, self._legacy.get(pid))
        return differs(stored, self.now.get(pid))


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
