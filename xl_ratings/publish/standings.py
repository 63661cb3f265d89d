"""An event's results as players read them: the wall list and the result words.

The wall list (standings) of a Swiss or McMahon event, in the form pairing
programs print it: place, name, rank or rating, score, then per round the
opponent's place with the result and, for Go, the colour and handicap
(``12+/b2``: beat the player of line 12, with Black, receiving two stones;
``3-/w2``: lost to line 3's player with White, giving two; ``!``: by forfeit), and the tie-breaks: SOS and SODOS for Go, Buchholz and
Sonneborn–Berger for the chess-style games.  Places are shared on equal score
and tie-breaks.  A round with no game in the records (a bye, a round missed)
shows ``—``: the Games sheet holds games only.

Results: ``1–0`` / ``½–½`` / ``0–1`` between two players (Go: ``B+`` / ``W+``
where the colours are known -- the player receiving stones has Black); from
one player's side ``勝`` / ``和`` / ``負``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: tie-breaks by game: (key, Chinese, English)
TIE_BREAKS = {"go": (("sos", "对手分", "SOS"), ("sodos", "胜局对手分", "SODOS")),
              "other": (("sos", "对手分", "Buchholz"), ("sb", "索伯分", "Sonneborn–Berger"))}


def game_result(score: float, forfeit: bool, handicap: float, go: bool, zh: Callable[[str], str]) -> str:
    """A game between the first and the second player, from the first's side: 1–0, ½–½, 0–1;
    Go with the colours known (a handicap: the player receiving it has Black) B+ / W+."""
    if forfeit:
        return f"{'+–' if score == 1 else '–+'} ({zh('弃权')} forfeit)"
    if go and handicap and score in (0.0, 1.0):
        black = handicap > 0
        return "B+" if (score == 1) == black else "W+"
    return {1.0: "1–0", 0.5: "½–½", 0.0: "0–1"}[score]


def own_result(score: float, forfeit: bool, zh: Callable[[str], str]) -> str:
    """A game from one player's side: 勝 win, 和 draw, 負 loss (a forfeit said so)."""
    word = {1.0: f"{zh('胜')} win", 0.5: f"{zh('和')} draw", 0.0: f"{zh('负')} loss"}[score]
    return f"{word} ({zh('弃权')} forfeit)" if forfeit else word


@dataclass
class Entry:
    """One player's line of the wall list."""

    id: str
    score: float = 0.0
    rounds: dict[str, str] | None = None        #: round label -> the cell (12+/b2)
    sos: float = 0.0
    second: float = 0.0                          #: SODOS (Go) or Sonneborn–Berger
    place: int = 0                               #: shared on equal score and tie-breaks
    no: int = 0                                  #: the line's number, which the round cells name


def round_label(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v)


def _round_key(v: str) -> tuple[int, float | str]:
    try:
        return (0, float(v))
    except ValueError:
        return (1, v)


def standings(games: Sequence[Any], go: bool) -> tuple[list[str], list[Entry]] | None:
    """The rounds and the wall list of one event's games (``Game`` rows), best first; None
    when the games have no rounds (no wall list can be made)."""
    labels = sorted({round_label(g.round) for g in games}, key=_round_key)
    if not labels or "" in labels:
        return None
    score: dict[str, float] = defaultdict(float)
    played: dict[str, list[tuple[str, str, float, float, bool]]] = defaultdict(list)
    for g in games:
        r, s = round_label(g.round), g.result.score
        score[g.player] += s
        score[g.opponent] += 1 - s
        played[g.player].append((r, g.opponent, s, g.handicap, g.result.forfeit))
        played[g.opponent].append((r, g.player, 1 - s, -g.handicap, g.result.forfeit))
    entries = {}
    for pid, mine in played.items():
        e = Entry(pid, score[pid])
        e.sos = sum(score[o] for _, o, _, _, _ in mine)
        if go:
            e.second = sum(score[o] for _, o, s, _, _ in mine if s == 1)
        else:
            e.second = sum(score[o] * s for _, o, s, _, _ in mine)
        entries[pid] = e
    ordered = sorted(entries.values(), key=lambda e: (-e.score, -e.sos, -e.second, e.id))
    place, last = 0, None
    for i, e in enumerate(ordered, start=1):
        e.no = i
        key = (e.score, e.sos, e.second)
        if key != last:
            place, last = i, key
        e.place = place
    for e in ordered:
        cells: dict[str, str] = {}
        for r, o, s, h, forfeit in played[e.id]:
            mark = {1.0: "+", 0.5: "=", 0.0: "-"}[s] + ("!" if forfeit else "")
            colour = ""
            if go and h:
                colour = f"/{'b' if h > 0 else 'w'}{abs(h):g}"
            cell = f"{entries[o].no}{mark}{colour}"
            cells[r] = f"{cells[r]} {cell}" if r in cells else cell
        e.rounds = cells
    return labels, ordered
