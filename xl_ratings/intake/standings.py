"""A source's champion and places checked against its games (hostile tester: "a report's champion
is not checked against its results").

A club's report names the champion (its Event sheet's ``champion``); a crosstable lists places
(名次, place 1: the champion).  The champion is written into the Events sheet, and shanghai's
champion rule (SPEC §九: the champion never loses points from the event) rates by it.  When the
games say otherwise -- the champion scored fewer points than another player, or a player is
placed above one who scored more -- the officer is told, with both players and their points, at
the cell that names the champion or the place (:func:`standings_told`).

A warning, not a refusal: a champion is decided by the tournament's rules, and some of them are
not in the games a source holds (a tiebreak, a play-off or a final played apart, the bye points
of a Swiss event), so the source's champion is kept -- never silently.  Only what the games make
impossible is told: points within a Swiss player's unplayed rounds (a bye may have scored them)
are no contradiction, and equal points never are (a tiebreak decides).
"""

from __future__ import annotations

from collections import defaultdict

from ..errors import Text
from ..i18n.canonical import plain
from ..i18n.catalogue import imports as M
from ..importers.model import Source, Tournament
from .plan import where_of

#: the points a result gives the player (a forfeit: a win or a loss on the table)
POINTS = {"1": 1.0, "+": 1.0, "0.5": 0.5, "0": 0.0, "-": 0.0}


def _shown(v: float) -> str:
    return f"{v:g}"


def standings_told(t: Tournament) -> list[Text]:
    """The warnings for ``t``'s champion and listed places that its games contradict (see the module)."""
    points: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for g in t.games:
        points[g.player] += POINTS.get(g.result, 0.0)
        points[g.opponent] += 1.0 - POINTS.get(g.result, 0.0) if g.result in POINTS else 0.0
        played[g.player] += 1
        played[g.opponent] += 1
    if not t.games:
        return []
    names = {p.key: f"{p.key} {plain(p.name)}" for p in t.players}
    rounds = t.event.rounds if t.event.format == "swiss" else None

    def most(key: str) -> float:
        """The points ``key`` may have on the table: the games', and a Swiss bye's for each round unplayed."""
        return points[key] + (max(rounds - played[key], 0) if rounds else 0)

    out: list[Text] = []
    ev = t.event
    champion = ev.champion
    if champion is not None and champion in names and not played[champion]:
        out.append(M.SUMMARY_CHAMPION_NO_GAMES(champion=names[champion]).at(where_of(ev.champion_at)))
    elif champion is not None and champion in names:
        top = max(points[k] for k in names)
        ahead = [k for k in names if points[k] == top]
        if most(champion) < top:
            out.append(M.SUMMARY_CHAMPION_NOT_TOP(
                champion=names[champion], points=_shown(points[champion]),
                top=", ".join(names[k] for k in ahead), top_points=_shown(top)).at(where_of(ev.champion_at)))
    places = {k: v for k, v in ev.places.items() if k in names}
    order = sorted(places, key=lambda k: (places[k], k))
    for n, k in enumerate(order):
        if out and k == champion:           # the champion's place told above
            continue
        above = [o for o in order[n + 1:] if places[o] > places[k] and points[o] > most(k)]
        if above:
            o = max(above, key=lambda x: points[x])
            count = sum(1 for i, a in enumerate(order) if any(
                places[b] > places[a] and points[b] > most(a) for b in order[i + 1:]))
            out.append(M.SUMMARY_PLACE_NOT_BY_POINTS(
                name=names[k], place=places[k], points=_shown(points[k]), other=names[o], other_place=places[o],
                other_points=_shown(points[o]), count=count).at(where_of(ev.place_at.get(k))))
            break
    return out


__all__ = ["POINTS", "standings_told"]
