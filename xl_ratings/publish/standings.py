"""An event's results as players read them: the wall list and the result words.

The wall list (standings) of a Swiss or McMahon event, in the form pairing
programs print it: place, name, rank or rating, score, then per round the
opponent's line with the result and the colour -- from the Games sheet's
colour column, else (Go) from the handicap -- and, for Go, the stones
(``12+/b2``: beat the player of line 12, with Black, receiving two stones;
``3-/w2``: lost to line 3's player with White, giving two; ``7=/w``: a draw
with White, an even game; ``!``: by forfeit), and the tie-breaks: SOS and
SODOS for Go, Buchholz and Sonneborn–Berger for the chess-style games.

A McMahon event (the McMahon sheet gives its players' starting scores) is
listed as OpenGotha lists it: by MMS (the starting score plus the points of
the games), then SOS (the opponents' MMS) and SOSOS (the opponents' SOS).
Places are shared on equal score and tie-breaks.  A round with no game in the
records (a bye, a round missed) shows ``—``: the Games sheet holds games only,
so SOS and SOSOS are sums over the games recorded (a pairing program may also
count a round without a game, as its settings say).

Results: ``1–0`` / ``½–½`` / ``0–1`` between two players (Go: ``B+`` / ``W+``
where the colours are known); from one player's side ``勝`` / ``和`` / ``負``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: tie-breaks by game: (key, Chinese, English)
TIE_BREAKS = {"go": (("sos", "对手分", "SOS"), ("sodos", "胜局对手分", "SODOS")),
              "other": (("sos", "对手分", "Buchholz"), ("sb", "索伯分", "Sonneborn–Berger")),
              "mcmahon": (("sos", "对手分", "SOS"), ("sosos", "对手的对手分", "SOSOS"))}


def colour_of(handicap: float, colour: str | None) -> str | None:
    """The first player's colour (``b`` / ``w``): as the Games sheet's colour column gives it, else
    what a handicap says (the player receiving stones has Black); None when not known."""
    if colour:
        return colour
    if handicap:
        return "b" if handicap > 0 else "w"
    return None


def game_result(score: float, forfeit: bool, handicap: float, go: bool, zh: Callable[[str], str],
                colour: str | None = None) -> str:
    """A game between the first and the second player, from the first's side: 1–0, ½–½, 0–1;
    Go with the colours known (``colour``: the first player's, from the Games sheet; else a
    handicap: the player receiving it has Black) B+ / W+."""
    if forfeit:
        return f"{'+–' if score == 1 else '–+'} ({zh('弃权')} forfeit)"
    first = colour_of(handicap, colour) if go else None
    if first is not None and score in (0.0, 1.0):
        return "B+" if (score == 1) == (first == "b") else "W+"
    return {1.0: "1–0", 0.5: "½–½", 0.0: "0–1"}[score]


def own_result(score: float, forfeit: bool, zh: Callable[[str], str]) -> str:
    """A game from one player's side: 勝 win, 和 draw, 負 loss (a forfeit said so)."""
    word = {1.0: f"{zh('胜')} win", 0.5: f"{zh('和')} draw", 0.0: f"{zh('负')} loss"}[score]
    return f"{word} ({zh('弃权')} forfeit)" if forfeit else word


@dataclass
class Entry:
    """One player's line of the wall list."""

    id: str
    score: float = 0.0                           #: points from the games (McMahon: the MMS, start included)
    rounds: dict[str, str] | None = None        #: round label -> the cell (12+/b2)
    sos: float = 0.0                             #: the opponents' scores (McMahon: their MMS)
    second: float = 0.0                          #: SODOS (Go) or Sonneborn–Berger; McMahon: SOSOS
    place: int = 0                               #: shared on equal score and tie-breaks
    no: int = 0                                  #: the line's number, which the round cells name
    points: float = 0.0                          #: points from the games alone (McMahon: beside the MMS)


def round_label(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v)


def _round_key(v: str) -> tuple[int, float | str]:
    try:
        return (0, float(v))
    except ValueError:
        return (1, v)


def standings(games: Sequence[Any], go: bool, colours: Mapping[int, str] | None = None,
              mcmahon: Mapping[str, float] | None = None) -> tuple[list[str], list[Entry]] | None:
    """The rounds and the wall list of one event's games (``Game`` rows), best first; None
    when the games have no rounds (no wall list can be made).

    ``colours``: Games sheet row -> the colour ``player`` had (the sheet's colour column).
    ``mcmahon``: a McMahon event's starting scores (player -> MMS before the games): the
    list is then ordered as the pairing programs order it, by MMS (start + points), SOS
    (the opponents' MMS) and SOSOS (the opponents' SOS)."""
    labels = sorted({round_label(g.round) for g in games}, key=_round_key)
    if not labels or "" in labels:
        return None
    colours = colours or {}
    points: dict[str, float] = defaultdict(float)
    played: dict[str, list[tuple[str, str, float, float, bool, str | None]]] = defaultdict(list)
    other: dict[str | None, str | None] = {"b": "w", "w": "b", None: None}
    for g in games:
        r, s = round_label(g.round), g.result.score
        points[g.player] += s
        points[g.opponent] += 1 - s
        colour = colour_of(g.handicap, colours.get(g.row))
        played[g.player].append((r, g.opponent, s, g.handicap, g.result.forfeit, colour))
        played[g.opponent].append((r, g.player, 1 - s, -g.handicap, g.result.forfeit, other[colour]))
    score = {p: points[p] + (mcmahon.get(p, 0.0) if mcmahon is not None else 0.0) for p in played}
    entries = {}
    for pid, mine in played.items():
        entries[pid] = Entry(pid, score[pid], points=points[pid])
        entries[pid].sos = sum(score[o] for _, o, _, _, _, _ in mine)
    for pid, mine in played.items():
        e = entries[pid]
        if mcmahon is not None:
            e.second = sum(entries[o].sos for _, o, _, _, _, _ in mine)
        elif go:
            e.second = sum(score[o] for _, o, s, _, _, _ in mine if s == 1)
        else:
            e.second = sum(score[o] * s for _, o, s, _, _, _ in mine)
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
        for r, o, s, h, forfeit, colour in played[e.id]:
            mark = {1.0: "+", 0.5: "=", 0.0: "-"}[s] + ("!" if forfeit else "")
            shown = ""
            if colour is not None:
                shown = f"/{colour}{abs(h):g}" if go and h else f"/{colour}"
            cell = f"{entries[o].no}{mark}{shown}"
            cells[r] = f"{cells[r]} {cell}" if r in cells else cell
        e.rounds = cells
    return labels, ordered
