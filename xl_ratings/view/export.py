"""Facts -> the JSON export (CONTRACT §3): English keys, unrounded numbers
except where the system publishes integers (shanghai ``new``)."""

from __future__ import annotations

from itertools import islice
from typing import Any

from ..engine.run import Outcome
from ..systems.ranks import Rank
from .sheets import Words, ordered


def _field(line: Any, spec: str, words: Words) -> tuple[str, Any]:
    key, _, attr = spec.partition("=")
    v = getattr(line, attr or key)
    if isinstance(v, Rank):
        v = words.system.rank_name(v)
    return key, v


def _player(line: Any, outcome: Outcome, words: Words) -> dict[str, Any]:
    """A rating line as the JSON export's ``players`` record."""
    system, players = outcome.system, outcome.records.players

    def rating(v: Any) -> Any:      # shanghai publishes integers: 2453, not 2453.0
        return int(v) if system.rating_decimals == 0 and isinstance(v, float) and v.is_integer() else v
    rec: dict[str, Any] = {"id": line.id, "name": players[line.id].name if line.id in players else line.id,
                           "old": rating(line.old), "new": rating(line.new), "change": rating(line.change),
                           "status": line.status, "games": line.games}
    rec.update(_field(line, spec, words) for spec in system.json_players)
    return rec


def summary_of(outcome: Outcome, first: int = 5) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """What the console's summary shows of the last period: how many players are active,
    inactive and pending (as :func:`export` lists them), and the first ``first`` active
    ones as :func:`export`'s records -- without the records of every player (a platform's
    list has 10⁵ and more)."""
    system, facts = outcome.system, outcome.last
    counts = {"active": 0, "inactive": 0, "pending": 0}
    for line in facts.ratings:
        counts[line.status] = counts.get(line.status, 0) + 1
    if any(s.source == "pending" for s in system.sheets):
        listed = {line.id for line in facts.ratings}
        counts["pending"] += sum(1 for p in facts.pending if p.id not in listed)
    words = Words(system)
    active = islice((line for line in facts.ratings if line.status == "active"), first)
    return counts, [_player(line, outcome, words) for line in active]


def export(outcome: Outcome, *, lines: bool = True) -> dict[str, Any]:
    """The JSON export of the last processed period (``lines=False``: without the
    change lines, for a summary that only counts them)."""
    system, facts = outcome.system, outcome.last
    words = Words(system)
    players = outcome.records.players

    def name(pid: str) -> str:
        return players[pid].name if pid in players else pid

    out_players = [_player(line, outcome, words) for line in facts.ratings]
    listed = {line.id for line in facts.ratings}
    pending_sheet = next((s for s in system.sheets if s.source == "pending"), None)
    if pending_sheet is not None:
        for p in ordered(pending_sheet, facts.pending, outcome):
            if p.id not in listed:
                out_players.append({"id": p.id, "name": name(p.id), "old": None, "new": None, "change": None,
                                    "status": "pending", "games": p.games})
    changes = []
    for c in facts.changes if lines else ():
        rec = {"id": c.id, "event": c.event, "games": c.games, "score": c.score, "expected": c.expected,
               "k": c.k, "change": c.change}
        rec.update(_field(c, spec, words) for spec in system.json_changes)
        changes.append(rec)
    checks = [{"rule": c.rule, "sheet": c.sheet, "row": c.row, "message": words.check(c.rule, dict(c.args))}
              for c in facts.checks]
    out: dict[str, Any] = {"system": system.name, "period": facts.period.label, "players": out_players,
                           "changes": changes, "checks": checks}
    if outcome.corrections is not None:
        out["corrections"] = [{"period": c.period, "id": c.id, "name": players[c.id].name if c.id in players
                               else c.name or c.id, "published": c.published,
                               "corrected": c.corrected, "difference": c.difference, "reason": c.reason}
                              for c in outcome.corrections]
    return out
