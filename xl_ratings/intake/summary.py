"""What an import tells the officer (``--dry-run``, and after writing): per source,
the event, the new and matched players, the games, and what to look at --
possible matches (near misses), clubs the workbook does not know, answers kept.

Every line is in English and Chinese (catalogue messages, :meth:`Text.both`), the
Chinese in the workbook's script; the names it quotes are shown as written (a name typed in simplified
characters stays simplified in a traditional workbook: what is shown is what
is written).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..errors import Message, Text, bounded
from ..i18n.catalogue import imports as M

#: How a player was matched, in words (``Summary.matched``).
HOW = {"name": M.HOW_NAME, "id": M.HOW_ID, "federation_id": M.HOW_ID, "egf_pin": M.HOW_ID, "fide_id": M.HOW_ID,
       "remembered": M.HOW_REMEMBERED, "answer": M.HOW_ANSWER, "just now": M.HOW_JUST_NOW}
SHOWN = 12      #: names listed per line


@dataclass
class Summary:
    """One imported tournament, for the officer."""

    source: str
    format: str
    event: str                      #: the event id
    event_name: str
    new_event: bool
    new_players: list[tuple[str, str]] = field(default_factory=list)   #: (new id, name)
    matched: list[tuple[str, str, str]] = field(default_factory=list)  #: (book id, name, how)
    games_per_round: dict[str, int] = field(default_factory=dict)
    replaced: int = 0               #: games of the event cleared (``replace``)
    notes: list[Text] = field(default_factory=list)       #: the reader's notes (skipped on purpose …)
    told: list[Text] = field(default_factory=list)        #: ours: possible matches, names that differ …
    unknown_clubs: Counter[str] = field(default_factory=Counter)   #: club as written -> players
    remembered: int = 0             #: answers written to the Identities sheet


def summary_lines(s: Summary, lang: str, identities: str = "Identities") -> list[str]:
    """The officer's lines for one source: the head line, then indented details (no markup).
    Words in both languages, the data (names, ids, counts) once."""
    def w(m: Message) -> str:
        word = m()
        return f"{word.en} {word.zh_in(lang)}"

    state = w(M.SUMMARY_NEW) if s.new_event else w(M.SUMMARY_EXISTING)
    first = f"{s.source} ({s.format}) → {w(M.SUMMARY_EVENT)} {s.event} {s.event_name} ({state})"
    if s.replaced:
        first += "; " + M.SUMMARY_REPLACING(event=s.event, games=s.replaced).both(lang)

    def listed(items: list[str]) -> str:
        return (": " + ", ".join(items[:SHOWN]) + (" …" if len(items) > SHOWN else "")) if items else ""
    lines = [first,
             f"  {len(s.new_players)} {w(M.SUMMARY_NEW_PLAYERS)}"
             + listed([f"{pid} {name}" for pid, name in s.new_players]),
             f"  {len(s.matched)} {w(M.SUMMARY_MATCHED)}"
             + listed([f"{pid} {name} ({w(HOW[how]) if how in HOW else how})" for pid, name, how in s.matched])]
    lines.append("  " + games_line(s.games_per_round, lang))
    if s.unknown_clubs:
        clubs = ", ".join(f"{c} ({n})" for c, n in sorted(s.unknown_clubs.items()))
        lines.append("  - " + M.SUMMARY_UNKNOWN_CLUBS(clubs=clubs).both(lang))
    told, more = bounded(s.told + s.notes)     # possible matches and the reader's notes: the first, then a count
    lines += ["  - " + t.both(lang) for t in told + ([more] if more is not None else [])]
    if s.remembered:
        lines.append("  - " + M.SUMMARY_REMEMBERED(count=s.remembered, sheet=identities).both(lang))
    return lines


def games_line(per_round: dict[str, int], lang: str = "zh-Hans") -> str:
    """An import summary's count of games, by round when the source numbers its rounds
    ("—": a game without a round number; a crosstable has none)."""
    games = sum(per_round.values())
    numbered = ", ".join(f"{r}: {n}" for r, n in per_round.items() if r != "—")
    unnumbered = per_round.get("—", 0)
    if not numbered:
        return M.GAMES_WITHOUT_ROUNDS(games=games).both(lang)
    if unnumbered:
        return M.GAMES_SOME_WITHOUT_ROUND(games=games, rounds=numbered, unnumbered=unnumbered).both(lang)
    return M.GAMES_PER_ROUND(games=games, rounds=numbered).both(lang)


__all__ = ["HOW", "Summary", "games_line", "summary_lines"]
