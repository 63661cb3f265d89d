"""``shanghai`` -- Shanghai Gomoku (Renju) federation rating (seed 001).

A FIDE-style *period* Elo: every game of a rating period is computed from
the rating published at the period's start; tournaments in order of their
end date (K and the new-player counts move from one tournament to the
next).  Pending (unrated) players accumulate games against rated opponents
at K = 25 from the provisional rating until they reach 9 within two years.

Rules (SPEC §1) and where they come from:

* seed 001 §九: ΔR = K·(W − We), We = N·PC(D), D = own rating − mean of the
  counted opponents' ratings, rounded half away from zero before look-up;
  PC from the FIDE table, a difference above 400 counts as 400.
* seed 001 §九: K = 25 for the first 3 rated tournaments or 30 rated games
  (whichever is reached first ends it), 15 afterwards, 10 for ever once the
  rating has reached 2400.
* seed 001 §九: the champion never loses points from that tournament.
* seed 001 §十: women below 2240 count as 2240 against men; unrated players
  play at a provisional 2200 (men) / 2040 (women); Swiss games against
  unrated opponents do not count for the rated player.
* seed 001 §十一: rank standards 初段 2240 … 九段 2560; 1级 2200 … 10级 1840.

Deviation from the seed: none.  The FIDE table is not printed in the seed
("附表"); we ship the FIDE rating-regulations table as data.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter, getitem, itemgetter, ne, sub
from typing import Any, NamedTuple

from ..errors import RatingInputError
from ..i18n.catalogue import checks as C
from . import sample_kit
from .base import (ChangeLine, CheckLog, GameAudit, InactiveLine, PendingLine, PeriodFacts, Phrase, RatingLine,
                   Sheet, StandardLine, State, System, audit_on, cols)
from .common import events_in, months_before
from .feed import GameFeed, MemoryFeed
from .lines import line_maker
from .lookup import round_half_away, round_half_up, same_length, step_lookup
from .period import HALF_YEARS, Period
from .ranks import Ladder, Rank, parse_rank
from .records import Event, Game, Player, Records

# FIDE Rating Regulations, table 8.1.2: rating difference (upper bound,
# inclusive) -> expected score PD of the higher-rated player.  Beyond 735 the
# score is 1.0, but SPEC caps the difference at 400 first (so at most 0.92).
FIDE_PD_TABLE: tuple[tuple[int, float], ...] = (
    (3, 0.50), (10, 0.51), (17, 0.52), (25, 0.53), (32, 0.54), (39, 0.55), (46, 0.56),
    (53, 0.57), (61, 0.58), (68, 0.59), (76, 0.60), (83, 0.61), (91, 0.62), (98, 0.63),
    (106, 0.64), (113, 0.65), (121, 0.66), (129, 0.67), (137, 0.68), (145, 0.69),
    (153, 0.70), (162, 0.71), (170, 0.72), (179, 0.73), (188, 0.74), (197, 0.75),
    (206, 0.76), (215, 0.77), (225, 0.78), (235, 0.79), (245, 0.80), (256, 0.81),
    (267, 0.82), (278, 0.83), (290, 0.84), (302, 0.85), (315, 0.86), (328, 0.87),
    (344, 0.88), (357, 0.89), (374, 0.90), (391, 0.91), (411, 0.92), (432, 0.93),
    (456, 0.94), (484, 0.95), (517, 0.96), (559, 0.97), (619, 0.98), (735, 0.99),
    (10**9, 1.00),
)

# seed 001 §十一: 段 from 初段 2240 to 九段 2560 and 级 from 1级 2200 down to
# 10级 1840, 40 points a step.
RANK_STANDARDS: tuple[tuple[Rank, float], ...] = tuple(
    [(Rank.dan(n), 2240.0 + 40 * (n - 1)) for n in range(1, 10)]
    + [(Rank.kyu(n), 2200.0 - 40 * (n - 1)) for n in range(1, 11)]
)


@dataclass(frozen=True)
class ShanghaiParams:
    """Every default of SPEC §1; override any field (Settings sheet or Python)."""

    fide_table: tuple[tuple[int, float], ...] = FIDE_PD_TABLE  #: D upper bound -> PC
    max_difference: int = 400          #: |D| above this counts as this (seed 001 §九)
    k_new: float = 25                  #: K while new (seed 001 §九)
    k_established: float = 15          #: K afterwards
    k_top: float = 10                  #: K for ever once the peak reached ``k_top_rating``
    k_top_rating: float = 2400
    new_events: int = 3                #: K stays ``k_new`` for fewer rated tournaments than this …
    new_games: int = 30                #: … and fewer rated games than this
    provisional_men: float = 2200      #: seed 001 §十
    provisional_women: float = 2040
    women_floor: float = 2240          #: a woman below this counts as this against a man
    inactive_max_games: int = 4        #: ≤ this many games in the window -> inactive (§二)
    inactive_window_months: int = 12
    first_rating_games: int = 9        #: counted games vs rated opponents for a first rating (§十)
    first_rating_window_years: int = 2
    k_first_rating: float = 25
    champion_protected: bool = True    #: the champion never loses points from the event
    rank_standards: tuple[tuple[Rank, float], ...] = RANK_STANDARDS
    rr_min_rated_share: float = 2 / 3  #: eligibility checks (§四, §七)
    rr_small_size: int = 10
    rank_event_min_players: int = 12
    rank_event_max_unrated_share: float = 0.20
    ladder: Ladder = field(init=False, repr=False, compare=False)
    fide_bounds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    fide_values: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder", Ladder(tuple(self.rank_standards), "shanghai"))
        object.__setattr__(self, "fide_bounds", tuple(b for b, _ in self.fide_table))
        object.__setattr__(self, "fide_values", tuple(v for _, v in self.fide_table))


DEFAULTS = ShanghaiParams()


def expected_score(difference: float, params: ShanghaiParams = DEFAULTS) -> float:
    """PC(D): FIDE-table expected score for a rating difference D (own − opponent).

    D is rounded half away from zero, capped at ``max_difference``; for D < 0
    PC = 1 − PC(|D|).
    """
    return _pc(round_half_away(difference), params)


def _pc(d: int, params: ShanghaiParams) -> float:
    """PC of an already rounded difference: the table at min(|D|, cap); 1 − PC(|D|) below 0."""
    a = min(abs(d), params.max_difference)
    pc = step_lookup(params.fide_bounds, params.fide_values, a)
    return pc if d >= 0 else round(1.0 - pc, 10)


_PC_TABLES: dict[tuple[Any, ...], tuple[float, ...]] = {}


def pc_table(params: ShanghaiParams) -> tuple[float, ...] | None:
    """PC(D) of every rounded D from −cap to +cap (``table[D + cap]``): :func:`_pc`'s very
    values, looked up once per set of parameters (None: a cap too large to tabulate)."""
    cap = params.max_difference
    if not isinstance(cap, int) or not 0 <= cap <= 10_000:
        return None
    key = (cap, params.fide_bounds, params.fide_values)
    table = _PC_TABLES.get(key)
    if table is None:
        table = _PC_TABLES[key] = tuple(_pc(d, params) for d in range(-cap, cap + 1))
    return table


def k_factor(games: int, events: int, peak: float | None,
             params: ShanghaiParams = DEFAULTS) -> float:
    """K for a tournament from the counts *before* it (seed 001 §九)."""
    if peak is not None and peak >= params.k_top_rating:
        return params.k_top
    if games < params.new_games and events < params.new_events:
        return params.k_new
    return params.k_established


class Change(NamedTuple):
    """One line of the change report (等级分变动表): a group of games sharing the own rating."""

    own: float        #: own rating used
    games: int        #: N
    opponent_mean: float
    difference: int   #: D after rounding (not capped)
    score: float      #: W
    expected: float   #: We = N·PC(D)
    k: float
    change: float     #: unrounded ΔR


def tournament_change(own: float, opponents: Sequence[float], scores: Sequence[float],
                      k: float, params: ShanghaiParams = DEFAULTS) -> Change:
    """ΔR = K·(W − N·PC(own − mean(opponents))) for one group of games.

    The opponents' ratings are summed exactly (``math.fsum``): the mean does
    not depend on the order of the games, so a game list read in batches
    gives the very same numbers (:class:`~.common.ExactSum`)."""
    same_length(opponents, scores)
    return group_change(own, len(opponents), math.fsum(opponents), float(sum(scores)), k, params)


def group_change(own: float, n: int, opponents_total: float, w: float, k: float,
                 params: ShanghaiParams = DEFAULTS) -> Change:
    """:func:`tournament_change` from the group's sums: N games, Σ opponents' ratings, W."""
    if n == 0:
        return Change(own, 0, 0.0, 0, 0.0, 0.0, k, 0.0)
    mean = opponents_total / n
    d = round_half_away(own - mean)
    we = n * _pc(d, params)
    return Change(own, n, mean, d, w, we, k, k * (w - we))



def audit_event(params: ShanghaiParams, line: ShanghaiChangeLine) -> str:
    """One change line as §九 computes it, in the rulebook's symbols, each number as the line
    holds it: the opponents' mean, D (rounded half away from zero, capped), PC(D), We = N·PC(D),
    ΔR = K·(W − We) -- what a player checks their line against."""
    n, mean, d = line.games, line.opponent_mean, line.difference
    if n == 0:
        return ""
    pc = _pc(d, params)
    capped = f" ({d:+d} → {math.copysign(params.max_difference, d):+.0f})" if abs(d) > params.max_difference else ""
    delta = (line.k or 0.0) * (line.score - (line.expected or 0.0))
    text = (f"Σ/N = {mean * n:.2f} / {n} = {mean:.2f}; D = {line.own:.0f} − {mean:.2f} ≈ {d:+d}{capped}; "
            f"PC = {pc:.2f}; We = {n} × {pc:.2f} = {line.expected:.2f}; "
            f"ΔR = {line.k:g} × ({line.score:g} − {line.expected:.2f}) = {delta:+.2f}").replace("-", "−")
    if line.change == 0.0 and delta != 0.0:     # the champion's loss not applied (§九)
        text += " → 0"
    return text


# --------------------------------------------------------------------------- facts

@dataclass(frozen=True, slots=True)
class Adjustment:
    """seed 001 §十二: raised to the standard of a rank title earned."""

    rank: Rank
    rating: float


@dataclass(frozen=True, slots=True)
class ShanghaiRatingLine(RatingLine):
    peak: float | None = None
    standard: Rank | None = None
    adjusted: Adjustment | None = None


@dataclass(frozen=True, slots=True)
class ShanghaiChangeLine(ChangeLine):
    own: float = 0.0                    #: own rating used (a woman vs men: at least 2240)
    opponent_mean: float = 0.0
    difference: int = 0                 #: D after rounding (not capped)
    champion: float | None = None       #: the champion's negative ΔR that became 0 (first line)


@dataclass(frozen=True, slots=True)
class ShanghaiPendingLine(PendingLine):
    change: float = 0.0                 #: Σ ΔR so far at K = 25
    since: dt.date | None = None
    rating: float = 0.0                 #: the provisional rating played at


@dataclass
class ShanghaiState(State):
    """The History keeps, for a pending player, what each period added."""

    pending_games: int | None = field(default=None, metadata={"kind": "num"})
    pending_change: float | None = field(default=None, metadata={"kind": "dec2"})
    pending_since: dt.date | None = field(default=None, metadata={"kind": "date"})
    pending_events: int | None = field(default=None, metadata={"kind": "num"})
    pending_log: str | None = field(default=None, metadata={"kind": "text", "internal": True})


LogItem = tuple[dt.date, int, int, float, dt.date | None]   #: end, games, events, ΔR, since


def parse_log(text: str | None) -> list[LogItem]:
    """The pending log as the History stores it: ``end:games:events:change:since;…``."""
    out: list[LogItem] = []
    for item in (text or "").split(";"):
        if item.strip():
            end, games, events, change, since = item.split(":")
            out.append((dt.date.fromisoformat(end), int(games), int(events), float(change),
                        dt.date.fromisoformat(since) if since else None))
    return out


def format_log(log: list[LogItem]) -> str:
    return ";".join(f"{end.isoformat()}:{g}:{e}:{c!r}:{since.isoformat() if since else ''}"
                    for end, g, e, c, since in log)


# --------------------------------------------------------------------------- period engine

def start_state(p: Player, params: ShanghaiParams) -> ShanghaiState:
    """A player's record before the first processed period, from the Players sheet."""
    if p.rating is None:
        return ShanghaiState(None, 0, 0, None, "pending")
    # blank counts for a rated player mean "established" (SPEC §2 Players)
    games = p.games if p.games is not None else params.new_games
    events = p.events if p.events is not None else params.new_events
    peak = max(p.peak or p.rating, p.rating)
    return ShanghaiState(p.rating, games, events, peak, "active")


def provisional(p: Player, params: ShanghaiParams) -> float:
    return params.provisional_women if p.sex == "F" else params.provisional_men


def reference(p: Player, params: ShanghaiParams) -> tuple[float, str, bool]:
    """seed 001 §十三: the rating a non-registered player is counted at.

    Their RIF rating; else the standard of the rank the organiser announced;
    the higher of the two when both exist; else the provisional 2200/2040.
    Returns (rating, where it came from: ``rif`` / ``rank`` / ``provisional``,
    whether it is more than provisional).
    """
    found: list[tuple[float, str]] = []
    if p.rif is not None:
        found.append((p.rif, "rif"))
    if p.rank is not None:
        try:
            found.append((params.ladder.value(p.rank), "rank"))
        except RatingInputError:
            pass
    if found:
        value, source = max(found, key=lambda vs: (vs[0], vs[1] == "rank"))
        return value, source, True
    return provisional(p, params), "provisional", False


@dataclass
class _Pending:
    log: list[LogItem]
    games: int = 0
    events: int = 0
    change: float = 0.0
    since: dt.date | None = None


@dataclass
class _Run:
    """One period's work in progress: what the games are rated from, and what they added."""

    r0: dict[str, float | None]                 #: published at the period's start
    used: dict[str, float]                      #: the rating each player is counted at
    guests: set[str]                            #: non-registered players (seed 001 §十三)
    guest_ref: dict[str, tuple[float, str, bool]]
    rated: set[str]
    woman: dict[str, bool]
    counts: dict[str, list[int]]                #: rated games, rated events
    peak: dict[str, float | None]
    pend: dict[str, _Pending]
    guest_played: set[str] = field(default_factory=set)
    delta: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    period_games: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    changes: list[ChangeLine] = field(default_factory=list)
    trail: list[GameAudit] | None = None        #: each game's facts (the player pages' audit lines)
    #: each player's (rated, the rating counted at, a woman, a guest): one look-up a side of a game
    info: dict[str, tuple[bool, float, bool, bool]] = field(default_factory=dict)
    plain: set[str] = field(default_factory=set)            #: registered players (not guests)
    vs_man: dict[str, float] = field(default_factory=dict)  #: the rating counted at against a man
    low_women: set[str] = field(default_factory=set)        #: women counted higher against a man
    #: K where the counts do not decide it (seed 001 §九): k_top once the peak reached k_top_rating,
    #: k_first_rating while pending; None: from the counts before each event (:func:`k_factor`)
    fixed_k: dict[str, float | None] = field(default_factory=dict)


def _begin(records: Records, states: Mapping[str, ShanghaiState], params: ShanghaiParams) -> _Run:
    players = records.players
    r0 = {pid: st.rating for pid, st in states.items()}
    used: dict[str, float] = {}
    for pid in players:
        r = r0[pid]
        used[pid] = r if r is not None else provisional(players[pid], params)
    # seed 001 §十三: non-registered players are counted at a reference rating, for
    # their opponents; they are not rated themselves and not on the published list.
    guests = {pid for pid, p in players.items() if not p.member}
    guest_ref = {pid: reference(players[pid], params) for pid in guests}
    for pid, (value, _, _) in guest_ref.items():
        used[pid] = value
    rated = {pid for pid, r in r0.items() if r is not None and pid not in guests} | \
        {pid for pid, (_, _, real) in guest_ref.items() if real}
    # seed 001 §十: a first rating from games accumulated over at most two
    # consecutive years.  Each pending player carries a log of what each
    # period added; periods that ended more than two years before this
    # period's end drop out.
    pend = {pid: _Pending(parse_log(st.pending_log)) for pid, st in states.items() if st.rating is None}
    woman = {pid: p.sex == "F" for pid, p in players.items()}
    run = _Run(r0, used, guests, guest_ref, rated, woman,
               {pid: [st.games, st.events] for pid, st in states.items()},
               {pid: st.peak for pid, st in states.items()}, pend)
    run.info = {pid: (pid in rated, used[pid], woman[pid], pid in guests) for pid in players}
    # every player's at 0 from the start (a plain dict: what a defaultdict gives, looked up faster)
    run.delta = dict.fromkeys(players, 0.0)
    run.period_games = dict.fromkeys(players, 0)
    run.plain = set(players) - guests
    floor = params.women_floor
    run.vs_man = {pid: max(used[pid], floor) if woman[pid] else used[pid] for pid in players}
    run.low_women = {pid for pid, r in run.vs_man.items() if r != used[pid]}
    top = params.k_top_rating
    run.fixed_k = {pid: (params.k_first_rating if r is None else
                         params.k_top if (pk := run.peak[pid]) is not None and pk >= top else None)
                   for pid, r in r0.items()}
    return run


#: One player's groups in one event, in order of the own rating: (own, N, Σ opponents' ratings, W)
Groups = list[tuple[float, int, float, float]]

def _event_games(run: _Run, ev: Event, games: Iterable[Game], players: Mapping[str, Player],
                 params: ShanghaiParams, checks: CheckLog) -> tuple[list[tuple[str, Groups]], set[str]]:
    """One event's games, summed per player and own rating (in any order: the sums are
    exact), players in order of their id; also who played in it."""
    if not isinstance(games, list):
        games = list(games)
    players_a = list(map(itemgetter(3), games))     # Game.player and Game.opponent, at C speed
    players_b = list(map(itemgetter(4), games))
    entrants = set(players_a)
    entrants.update(players_b)
    if run.trail is not None or not entrants <= run.plain:
        return _walked(run, ev, games, players, params, checks), entrants
    results = list(map(itemgetter(5), games))
    unrated = entrants - run.rated
    if unrated or any(map(_FORFEIT, results)):
        return _counted(run, ev, games, unrated, players, checks), entrants
    return _summed(run, entrants, players_a, players_b, list(map(_SCORE, results))), entrants


_FORFEIT = attrgetter("forfeit")
_SCORE = attrgetter("score")


def _summed(run: _Run, entrants: set[str], players_a: list[str], players_b: list[str],
            scores: list[float]) -> list[tuple[str, Groups]]:
    """:func:`_walked` for an event where every side of every game counts (no forfeit, no
    non-registered player, every player rated): each side's opponent rating and score appended
    to its group, in game order."""
    used, woman = run.used, run.woman
    opps: dict[str, list[float]] = defaultdict(list)     # player -> opponents' ratings (own: the one used)
    won: dict[str, float] = defaultdict(float)           # player -> W, summed in game order
    low = run.low_women & entrants
    if low and not all(map(woman.__getitem__, entrants)):
        # seed 001 §十: a woman below 2240 counts as 2240 against a man: her games against men
        # are a group of their own (opps_m, won_m), every side of a game between a man and a
        # woman counted at max(own, 2240) for the woman (run.vs_man)
        vs_man = run.vs_man
        opps_m: dict[str, list[float]] = defaultdict(list)
        won_m: dict[str, float] = defaultdict(float)
        for a, b, s in zip(players_a, players_b, scores):
            if woman[a] is woman[b]:
                opps[a].append(used[b])
                won[a] += s
                opps[b].append(used[a])
                won[b] += 1.0 - s
            else:
                if a in low:
                    opps_m[a].append(vs_man[b])
                    won_m[a] += s
                else:
                    opps[a].append(vs_man[b])
                    won[a] += s
                if b in low:
                    opps_m[b].append(vs_man[a])
                    won_m[b] += 1.0 - s
                else:
                    opps[b].append(vs_man[a])
                    won[b] += 1.0 - s
        fsum = math.fsum
        out: list[tuple[str, Groups]] = []
        for p in sorted(entrants):
            groups: Groups = []
            v = opps.get(p)
            if v is not None:
                groups.append((used[p], len(v), fsum(v), won[p]))
            v = opps_m.get(p)
            if v is not None:       # vs_man[p] > used[p]: after the games against women
                groups.append((vs_man[p], len(v), fsum(v), won_m[p]))
            out.append((p, groups))
        return out
    for a, b, s in zip(players_a, players_b, scores):
        opps[a].append(used[b])
        won[a] += s
        opps[b].append(used[a])
        won[b] += 1.0 - s
    fsum = math.fsum
    return [(p, [(used[p], len(v), fsum(v), won[p])]) for p, v in sorted(opps.items())]


def _counted(run: _Run, ev: Event, games: list[Game], unrated: set[str], players: Mapping[str, Player],
             checks: CheckLog) -> list[tuple[str, Groups]]:
    """:func:`_walked` for an event of registered players only, its checks told in the same
    order: forfeits, games between two unrated players, Swiss games against an unrated one."""
    used, woman, vs_man, low = run.used, run.woman, run.vs_man, run.low_women
    swiss = ev.format == "swiss"
    opps: dict[str, list[float]] = defaultdict(list)     # the groups at the player's own rating
    won: dict[str, float] = defaultdict(float)
    opps_m: dict[str, list[float]] = defaultdict(list)   # a woman's games against men, counted at 2240
    won_m: dict[str, float] = defaultdict(float)
    add = checks.add
    for _, _, _, a, b, res, _, row in games:
        if res.forfeit:   # seed 001 §十: unplayed games count for neither player
            add("shanghai.forfeit", "Games", row, event=ev.name, player=a, opponent=b)
            continue
        a_unrated = a in unrated
        b_unrated = b in unrated
        if a_unrated and b_unrated:
            continue   # neither rated: counts for no first rating
        s = res.score
        if woman[a] is woman[b]:
            own_a, own_b, to_a, w_a, to_b, w_b = used[a], used[b], opps, won, opps, won
        else:       # seed 001 §十: a woman below 2240 counts as 2240 vs a man
            own_a, own_b = vs_man[a], vs_man[b]
            to_a, w_a = (opps_m, won_m) if a in low else (opps, won)
            to_b, w_b = (opps_m, won_m) if b in low else (opps, won)
        if swiss and b_unrated:
            add("shanghai.swiss_unrated", "Games", row, player=players[a].name, opponent=players[b].name)
        else:
            to_a[a].append(own_b)
            w_a[a] += s
        if swiss and a_unrated:
            add("shanghai.swiss_unrated", "Games", row, player=players[b].name, opponent=players[a].name)
        else:
            to_b[b].append(own_a)
            w_b[b] += 1.0 - s
    fsum = math.fsum
    out: list[tuple[str, Groups]] = []
    for p in sorted(opps.keys() | opps_m.keys()):
        groups: Groups = []
        v = opps.get(p)
        if v is not None:
            groups.append((used[p], len(v), fsum(v), won[p]))
        v = opps_m.get(p)
        if v is not None:       # vs_man[p] > used[p]: after the games against women
            groups.append((vs_man[p], len(v), fsum(v), won_m[p]))
        out.append((p, groups))
    return out


def _walked(run: _Run, ev: Event, games: list[Game], players: Mapping[str, Player],
            params: ShanghaiParams, checks: CheckLog) -> list[tuple[str, Groups]]:
    """One event's games, game by game: forfeits, non-registered and unrated players told."""
    per: dict[str, dict[float, list[Any]]] = defaultdict(dict)   # player -> own -> [opponents' ratings, W]
    swiss = ev.format == "swiss"
    floor = params.women_floor
    info, guest_played = run.info, run.guest_played
    trail = run.trail
    for _, _, _, a, b, res, _, row in games:
        if res.forfeit:   # seed 001 §十: unplayed games count for neither player
            checks.add("shanghai.forfeit", "Games", row, event=ev.name, player=a, opponent=b)
            if trail is not None:
                trail += [GameAudit(a, b, ev.id, row, (), "forfeit"), GameAudit(b, a, ev.id, row, (), "forfeit")]
            continue
        a_rated, own_a, woman_a, guest_a = info[a]      # a game's players are in the records (inputs)
        b_rated, own_b, woman_b, guest_b = info[b]
        if not a_rated and not b_rated:
            if trail is not None:
                trail += [GameAudit(a, b, ev.id, row, (), "both_unrated"),
                          GameAudit(b, a, ev.id, row, (), "both_unrated")]
            continue   # neither rated: counts for no first rating
        if woman_a != woman_b:   # seed 001 §十: a woman below 2240 counts as 2240 vs a man
            if woman_a:
                own_a = max(own_a, floor)
            else:
                own_b = max(own_b, floor)
        score = res.score
        # each side in turn, written out (no tuple of sides per game): the player's group by own rating
        if guest_a:
            guest_played.add(a)
            if trail is not None:
                trail.append(GameAudit(a, b, ev.id, row, (), "guest"))
        elif swiss and a_rated and not b_rated:
            checks.add("shanghai.swiss_unrated", "Games", row, player=players[a].name, opponent=players[b].name)
            if trail is not None:
                trail.append(GameAudit(a, b, ev.id, row, (), "unrated_opponent"))
        else:
            if trail is not None:
                trail.append(GameAudit(a, b, ev.id, row, (own_a, own_b)))      # own_used, opponent_rating
            groups = per[a]
            group = groups.get(own_a)
            if group is None:
                group = groups[own_a] = [[], 0.0]
            group[0].append(own_b)     # summed by math.fsum: exact, whatever the order
            group[1] += score
        if guest_b:
            guest_played.add(b)
            if trail is not None:
                trail.append(GameAudit(b, a, ev.id, row, (), "guest"))
        elif swiss and b_rated and not a_rated:
            checks.add("shanghai.swiss_unrated", "Games", row, player=players[b].name, opponent=players[a].name)
            if trail is not None:
                trail.append(GameAudit(b, a, ev.id, row, (), "unrated_opponent"))
        else:
            if trail is not None:
                trail.append(GameAudit(b, a, ev.id, row, (own_b, own_a)))
            groups = per[b]
            group = groups.get(own_b)
            if group is None:
                group = groups[own_b] = [[], 0.0]
            group[0].append(own_a)
            group[1] += 1.0 - score
    fsum = math.fsum
    return [(p, [(own, len(g[0]), fsum(g[0]), g[1]) for own, g in sorted(groups.items())])
            for p, groups in sorted(per.items())]


def _event_changes(run: _Run, ev: Event, per: list[tuple[str, Groups]],
                   players: Mapping[str, Player], params: ShanghaiParams, checks: CheckLog) -> None:
    """The event's change lines (one per player and own rating used), applied: to the
    rated players' period change and counts, to the pending players' running first rating."""
    table = pc_table(params)
    cap = params.max_difference
    floor, copysign = math.floor, math.copysign
    protect, eid, add, make = params.champion_protected, ev.id, run.changes.append, _MAKE_LINE
    champion = ev.champion if protect else None
    r0, counts, fixed, delta, period_games = run.r0, run.counts, run.fixed_k, run.delta, run.period_games
    k_new, k_est, new_games, new_events = params.k_new, params.k_established, params.new_games, params.new_events
    for p, groups in per:
        k = fixed[p]            # k_factor(): k_top once the peak reached 2400; k_first_rating while pending
        if k is None:           # … else from the counts before the event
            cp = counts[p]
            k = k_new if cp[0] < new_games and cp[1] < new_events else k_est
        if len(groups) == 1 and table is not None:      # nearly every player: one own rating used
            own, n, total, w = groups[0]
            mean = total / n    # group_change written out, PC looked up: the same operations
            x = own - mean
            d = int(copysign(floor(abs(x) + 0.5), x))       # round_half_away
            we = n * table[(d if d < cap else cap) + cap if d > -cap else 0]
            change = k * (w - we)
            ev_delta = 0.0 + change         # sum() of the one change, as before
            if p == champion and ev_delta < 0:
                checks.add("shanghai.champion", "Events", ev.row, player=players[p].name, change=ev_delta)
                add(make(p, eid, n, w, we, k, 0.0, own, mean, d, ev_delta))     # in field order
                ev_delta = 0.0
            else:
                add(make(p, eid, n, w, we, k, change, own, mean, d, None))
        else:           # one line per own rating used (a woman who met men and women has two)
            parts = [group_change(own, n, total, w, k, params) for own, n, total, w in groups] if table is None \
                else [_group(own, n, total, w, k, table, cap) for own, n, total, w in groups]
            ev_delta, n = sum([c.change for c in parts]), sum([c.games for c in parts])
            protected = None
            if p == champion and ev_delta < 0:
                protected = ev_delta
                checks.add("shanghai.champion", "Events", ev.row, player=players[p].name, change=ev_delta)
                ev_delta = 0.0
            for j, c in enumerate(parts):
                add(make(p, eid, c.games, c.score, c.expected, c.k, 0.0 if protected is not None else c.change,
                         c.own, c.opponent_mean, c.difference, protected if j == 0 else None))   # in field order
        if r0[p] is not None:
            delta[p] += ev_delta
            cp = counts[p]
            cp[0] += n
            cp[1] += 1
        else:
            e = run.pend[p]
            e.games += n
            e.change += ev_delta
            e.events += 1
            e.since = e.since or (ev.start or ev.end)
        period_games[p] += n


_MAKE_LINE = line_maker(ShanghaiChangeLine)
_MAKE_RATING = line_maker(ShanghaiRatingLine)


def _group(own: float, n: int, total: float, w: float, k: float, table: tuple[float, ...], cap: int) -> Change:
    """:func:`group_change` with PC looked up in ``table`` (n > 0): the same operations."""
    mean = total / n
    x = own - mean
    d = int(math.copysign(math.floor(abs(x) + 0.5), x))       # round_half_away
    we = n * table[(d if d < cap else cap) + cap if d > -cap else 0]
    return Change(own, n, mean, d, w, we, k, k * (w - we))


def _awards(records: Records, period: Period, params: ShanghaiParams,
            checks: CheckLog) -> dict[str, tuple[Rank, float]]:
    """The highest rank title each player was awarded in the period (seed 001 §十二)."""
    awards: dict[str, tuple[Rank, float]] = {}
    for award in records.awards:
        if award.date is None or period.contains(award.date):
            try:
                rank = parse_rank(award.award)
                std = params.ladder.value(rank)
            except RatingInputError:
                checks.add("shanghai.award", "Awards", award.row, award=award.award)
                continue
            if award.player not in awards or std > awards[award.player][1]:
                awards[award.player] = (rank, std)
    return awards


def _first_rating(run: _Run, pid: str, player: Player, period: Period, params: ShanghaiParams,
                  ns: ShanghaiState, checks: CheckLog) -> tuple[float | None, str, int, int]:
    """A pending player at the period's end: a first rating from the games of at most
    two years (seed 001 §十), or still pending (``ns`` keeps the running log)."""
    e = run.pend[pid]
    cutoff = months_before(period.end, 12 * params.first_rating_window_years)
    kept = [x for x in e.log if x[0] > cutoff]
    if len(kept) < len(e.log):
        checks.add("shanghai.first_rating_window", "Players", player.row, player=player.name,
                   cutoff=cutoff, years=params.first_rating_window_years)
    if e.games:
        kept.append((period.end, e.games, e.events, e.change, e.since))
    total = sum(x[1] for x in kept)
    change = sum(x[3] for x in kept)
    if total >= params.first_rating_games:
        new = float(round_half_up(provisional(player, params) + change))
        checks.add("shanghai.first_rating", "Players", player.row, player=player.name, rating=new,
                   games=total)
        return new, "active", total, sum(x[2] for x in kept)
    ns.pending_games, ns.pending_change = total, change
    ns.pending_since = min((x[4] for x in kept if x[4]), default=None)
    ns.pending_events, ns.pending_log = sum(x[2] for x in kept), format_log(kept)
    return None, "pending", 0, 0


def _states(run: _Run, records: Records, states: Mapping[str, ShanghaiState], period: Period,
            params: ShanghaiParams, window: Mapping[str, int], awards: Mapping[str, tuple[Rank, float]],
            checks: CheckLog) -> tuple[list[tuple[Any, ...]], list[InactiveLine], list[PendingLine],
                                       dict[str, State]]:
    """Every registered player at the period's end: rating line (its fields but the place),
    state, and the inactive and pending lists."""
    new_states: dict[str, State] = {}
    standard = params.ladder.standard
    lines: list[tuple[Any, ...]] = []
    inactive: list[InactiveLine] = []
    pending: list[PendingLine] = []
    for pid, player in records.players.items():
        if pid in run.guests:
            continue
        st = states[pid]
        adjusted = None
        ns = ShanghaiState(None, period_games=run.period_games.get(pid, 0))
        new: float | None
        if st.rating is not None:
            if window[pid] <= params.inactive_max_games:
                new, status = st.rating, "inactive"
                if run.delta.get(pid):
                    checks.add("shanghai.inactive", "Players", player.row, player=player.name,
                               games=window[pid], change=run.delta[pid])
            else:
                new, status = float(round_half_up(st.rating + run.delta.get(pid, 0.0))), "active"
            games, events = run.counts[pid]
        else:
            new, status, games, events = _first_rating(run, pid, player, period, params, ns, checks)
        if pid in awards and new is not None:
            rank, std = awards[pid]
            best = max(new, run.peak[pid] or new)
            if best < std:
                adjusted = Adjustment(rank, std)
                checks.add("shanghai.rank_title", "Awards", None, player=player.name, rank=rank,
                           old=new, new=std)
                new = std
        pk = max(x for x in (run.peak[pid], new) if x is not None) if new is not None else None
        ns.rating, ns.games, ns.events, ns.peak, ns.status = new, games, events, pk, status
        new_states[pid] = ns
        if status == "pending":
            pending.append(ShanghaiPendingLine(pid, ns.pending_games or 0, change=ns.pending_change or 0.0,
                                               since=ns.pending_since, rating=provisional(player, params)))
        else:
            if status == "inactive":
                inactive.append(InactiveLine(pid, new, window[pid]))
            # the rating line's fields but its place (ShanghaiRatingLine's order, place left out)
            lines.append((pid, st.rating, new, status, games, run.period_games.get(pid, 0), pk,
                          standard(new) if new is not None else None, adjusted))
    return lines, inactive, pending, new_states


def process(records: Records, states: Mapping[str, ShanghaiState], period: Period,
            params: ShanghaiParams, feed: GameFeed | None = None, checks: CheckLog | None = None) -> PeriodFacts:
    """The period's tournaments in order of their end: every game counted from the
    ratings published at the period's start, K and the counts moving from one
    tournament to the next.  ``feed``: where the games come from (default:
    ``records.games``); ``checks``: the period's check log."""
    feed = feed if feed is not None else MemoryFeed(records)
    checks = checks if checks is not None else CheckLog()
    players = records.players
    run = _begin(records, states, params)
    run.trail = [] if audit_on(feed) else None
    for ev, games in feed.by_event(events_in(records, period)):
        mark = checks.mark()
        per, entrants = _event_games(run, ev, games, players, params, checks)
        _eligibility(ev, entrants, run.rated, params, checks, mark)
        _event_changes(run, ev, per, players, params, checks)
    window = _window_games(feed, states, period, params, run.period_games)
    awards = _awards(records, period, params, checks)
    for pid in sorted(run.guest_played):
        value, source, _ = run.guest_ref[pid]
        checks.add("shanghai.non_registered", "Players", players[pid].row, player=players[pid].name,
                   rating=value, source=Phrase(f"source.{source}", {"rank": players[pid].rank}))
    lines, inactive, pending, new_states = _states(run, records, states, period, params, window, awards, checks)
    # the active players placed (common.placed: by the new rating descending, then id; equal
    # ratings share a place), each line made once with its place; then the inactive, unplaced
    make = _MAKE_RATING
    ratings: list[RatingLine] = []
    last: float | None = None
    place = 0
    active = [x for x in lines if x[3] == "active"]
    active.sort(key=lambda x: (-(x[2] if x[2] is not None else -1e18), str(x[0])))
    for i, (pid, old, new, status, games, period_games, pk, std, adjusted) in enumerate(active, start=1):
        if new != last:
            place, last = i, new
        ratings.append(make(pid, old, new, status, games, period_games, place, pk, std, adjusted))
    ratings += [make(pid, old, new, status, games, period_games, None, pk, std, adjusted)
                for pid, old, new, status, games, period_games, pk, std, adjusted in lines if status != "active"]
    meeting = Counter(x.standard for x in ratings if isinstance(x, ShanghaiRatingLine))
    standards = [StandardLine(rank, value, meeting[rank])
                 for rank, value in sorted(params.rank_standards, key=lambda rv: -rv[1])]
    return PeriodFacts("shanghai", period, ratings, run.changes, checks.finish(), new_states, standards,
                       pending, inactive, games=run.trail or [])


def _window_games(feed: GameFeed, states: Mapping[str, ShanghaiState], period: Period,
                  params: ShanghaiParams, period_games: Mapping[str, int]) -> dict[str, int]:
    """Counted games in the 12 months ending at the period's end (seed 001 §二).

    This period's counted games, plus the counted games of the periods before
    it that fall in the window: from the History (``period_games`` of the
    previous period, which the pipeline guarantees is the one just before)
    when the player has a History row, else the games played (not forfeited)
    in the window before this period, from the Games sheet (read only when
    some player needs them).
    """
    window_start = months_before(period.end, params.inactive_window_months)
    raw: dict[str, int] = defaultdict(int)
    if any(st.period_end is None or st.period_end <= window_start for st in states.values()):
        for g in feed.every(window_start + dt.timedelta(days=1), period.start - dt.timedelta(days=1)):
            if not g.result.forfeit and window_start < g.date < period.start:
                raw[g.player] += 1
                raw[g.opponent] += 1
    out = {}
    for pid, st in states.items():
        before = st.period_games
        if st.period_end is None or st.period_end <= window_start:
            before = raw[pid]
        out[pid] = period_games.get(pid, 0) + before
    return out


def _eligibility(ev: Event, entrants: set[str], rated: set[str], params: ShanghaiParams,
                 checks: CheckLog, at: int) -> None:
    """seed 001 §四, §七: report (never drop) events that miss the rating conditions (the
    lines placed before the event's game lines, at ``at``)."""
    if not entrants:
        return
    n = len(entrants)
    unrated = sum(1 for p in entrants if p not in rated)
    if ev.format == "round_robin":
        if (n - unrated) / n < params.rr_min_rated_share:
            at = checks.insert(at, "shanghai.rr_rated_share", "Events", ev.row, event=ev.name,
                               rated=n - unrated, players=n)
        if n < params.rr_small_size and unrated:
            at = checks.insert(at, "shanghai.rr_small_unrated", "Events", ev.row, event=ev.name,
                               size=params.rr_small_size, players=n, unrated=unrated)
    if "等级赛" in ev.name or "等級賽" in ev.name:
        if n < params.rank_event_min_players or unrated / n > params.rank_event_max_unrated_share:
            checks.insert(at, "shanghai.rank_event", "Events", ev.row, event=ev.name,
                          min_players=params.rank_event_min_players, players=n, unrated=unrated)


# --------------------------------------------------------------------------- words

WORDS: dict[str, str] = {      # the words of its sheets' cells (labels: Chinese, English beside it)
    "note.champion": "冠军不扣分 (champion: {value:+.2f} → 0)",
    "source.rif": "RIF",
    "source.rank": "段级 {rank}",
    "source.provisional": "暂定 provisional",
}


def _standard_name(value: float, certified: Any = None) -> str:
    std = DEFAULTS.ladder.standard(value)
    if std is None:
        return "无级"
    if certified is not None and str(certified).strip() and parse_rank(certified) < std:
        return std.grid()
    return std.chinese()


# --------------------------------------------------------------------------- sample

#: The sample's clubs: the codes a pairing program writes, the names the Players sheet writes.
CLUBS = (("HP", "黄浦棋院", "黄浦"), ("XH", "徐汇少体校", "徐汇; 徐汇少体"), ("PD", "浦东五子棋协会", "浦东"),
         ("JA", "静安棋社", "静安"), ("FD", "复旦大学", "复旦; Fudan"))


def sample() -> dict[str, list[list[Any]]]:
    """A Shanghai club year: rated and new players, women, Swiss and round robins."""
    day = sample_kit.day
    f = sample_kit.SampleFederation(2026_001, "shanghai")
    clubs = ["黄浦棋院", "徐汇少体校", "浦东五子棋协会", "静安棋社", "复旦大学"]
    for i in range(1, 37):
        pid = f"SH{i:03d}"
        woman = i % 5 == 0
        if i in (34, 35, 36):       # unrated newcomers (35: a woman)
            f.player(pid, 2150 - 20 * (i - 34), sex="F" if i == 35 else "M", club=clubs[i % 5], rank="",
                     rating=None, games=None, events=None, peak=None, title="", member="yes")
            continue
        rating = 2460 - i * 15 - (60 if woman else 0)
        games = None if i % 4 else 12        # every 4th is still new (12 games, 1 event)
        f.player(pid, rating + f.rnd.uniform(-40, 40), sex="F" if woman else "M", club=clubs[i % 5],
                 rank="", rating=rating, games=games, events=1 if games else None,
                 peak=2405 if i == 3 else None, title="", member="yes")
    ids = [p["id"] for p in f.players]
    for pid, rating in (("SH037", 2288), ("SH038", 2196)):   # rated, but away this year: inactive
        f.player(pid, rating, sex="M" if pid == "SH037" else "F", club=clubs[0], rank="", rating=rating,
                 games=None, events=None, peak=None, title="", member="yes")
    men = [p["id"] for p in f.players if p["sex"] == "M" and p["id"] in ids]
    women = [p["id"] for p in f.players if p["sex"] == "F" and p["id"] in ids]
    evs = [("SH26-01", "2026上海市五子棋等级赛", day(2026, 1, 10), day(2026, 1, 12), "round_robin",
            ids[:11] + ["SH034"]),
           ("SH26-02", "2026上海五子棋公开赛", day(2026, 3, 14), day(2026, 3, 16), "swiss", ids[8:36]),
           ("SH26-03", "2026上海女子五子棋赛", day(2026, 4, 18), day(2026, 4, 19), "round_robin", women),
           ("SH26-04", "2026上海混合团体赛", day(2026, 5, 9), day(2026, 5, 10), "round_robin",
            men[:6] + women[:4]),
           ("SH26-05", "2026上海秋季公开赛", day(2026, 9, 19), day(2026, 9, 21), "swiss", ids[:30]),
           ("SH26-06", "2026上海市五子棋精英赛", day(2026, 10, 24), day(2026, 10, 25), "round_robin", ids[:10])]
    for eid, name, a, b, fmt, who in evs:
        ev = {"event": eid, "name": name, "start": a, "end": b, "format": fmt, "class": "", "level": "",
              "champion": None}
        f.events.append(ev)
        if fmt == "swiss":
            f.swiss(ev, list(who), 7)
        else:
            f.round_robin(ev, list(who), words=(eid == "SH26-03"))
    # a forfeit in the open (seed 001 §十: counts for neither player)
    g = next(x for x in f.games if x["event"] == "SH26-02" and x["round"] == 5)
    g["result"] = "+"
    f.awards.append({"player": "SH030", "award": "初段", "date": day(2026, 5, 20)})
    return f.tables([["system", "shanghai"], ["federation", "上海市五子棋协会 (示例)"]], CLUBS)


# --------------------------------------------------------------------------- the record

SYSTEM = System(
    name="shanghai",
    game="gomoku",
    title="上海市五子棋等级分 (Shanghai Gomoku rating)",
    federation="上海市五子棋协会",
    lang="zh-Hans",
    params_type=ShanghaiParams,
    state_type=ShanghaiState,
    calendar=HALF_YEARS,
    start_state=start_state,
    process=process,
    sheets=(
        Sheet("Ratings", "ratings", cols(
            "place", "id", "name", "sex", "club", "old:rating", "new:rating", "change:signed_rating",
            "status:status", "games", "period_games", "peak:rating", "standard:rank", "adjusted:adjustment")),
        Sheet("Changes", "changes", cols(
            "id", "name", "event", "event_name", "own:rating", "games", "opponent_mean:dec2", "difference",
            "score", "expected:dec2", "k", "change:signed2", "note=champion:note.champion")),
        Sheet("Standards", "standards", cols("rank:rank", "rating:whole", "count")),
        Sheet("Inactive", "inactive", cols("id", "name", "sex", "club", "rating:rating", "window_games"),
              order=("pinyin:name", "id")),
        Sheet("Pending", "pending", cols(
            "id", "name", "sex", "club", "rating", "pending_games=games", "pending_change=change:signed2",
            "pending_since=since:date"), order=("-games", "pinyin:name")),
    ),
    messages=C.SHANGHAI,
    words=WORDS,
    rank_name=Rank.chinese,
    standard_name=_standard_name,
    rank_rating=lambda rank: DEFAULTS.ladder.value(rank),
    sample=sample,
    rating_decimals=0,
    # each game's ratings as §九/§十 count them; the event's We and ΔR are its change line's
    audit_columns=(("own_used", "rating"), ("opponent_rating", "rating")),
    audit_event=audit_event,
    audit_note=("每局所用的本人与对手等级分（女棋手对男棋手时不低于 2240）；每项赛事的期望得分与变动见上面的计算表。",
                "Each game's ratings as counted (a woman against a man at 2240 at least); each event's expected "
                "score and change are computed in the table above."),
    player_columns=("rif",),
    # provisional 2040/2200, 10级 1840: a rating (or RIF rating) below 1000 or above 3000 is a typo
    rating_range=(1000, 3000),
)
