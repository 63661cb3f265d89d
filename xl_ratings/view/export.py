"""Facts -> the JSON export (CONTRACT §3): English keys, unrounded numbers
except where the system publishes integers (shanghai ``new``)."""

from __future__ import annotations

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


def export(outcome: Outcome, *, lines: bool = True) -> dict[str, Any]:
    """The JSON export of the last processed period (``lines=False``: without the
    change lines, for a summary that only counts them)."""
    system, facts = outcome.system, outcome.last
    words = Words(system)
    players = outcome.records.players

    def name(pid: str) -> str:
        return players[pid].name if pid in players else pid

    whole = system.rating_decimals == 0           # shanghai publishes integers: 2453, not 2453.0

    def rating(v: Any) -> Any:
        return int(v) if whole and isinstance(v, float) and v.is_integer() else v

    out_players: list[dict[str, Any]] = []
    listed = set()
    for line in facts.ratings:
        rec: dict[str, Any] = {"id": line.id, "name": name(line.id), "old": rating(line.old),
                               "new": rating(line.new), "change": rating(line.change), "status": line.status,
                               "games": line.games}
        rec.update(_field(line, spec, words) for spec in system.json_players)
        out_players.append(rec)
        listed.add(line.id)
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
