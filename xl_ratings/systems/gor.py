"""``gor`` -- Hong Kong Go Association GoR (seed 002; the older EGF formula).

Rules (SPEC §2):

* 表I: starting GoR from rank, 20k = 100 … 1k = 2000, 1D = 2100 … 7D = 2700.
* (1), (2): D = R_B − R_A with A the lower (handicap-adjusted) rating;
  S_E(A) = 1/(e^(D/a) + 1), S_E(B) = 1 − S_E(A) − ε, ε = 0.014.  With equal
  adjusted ratings the *winner* is A (this reproduces 例1 from both sides);
  a draw between equal ratings gives each 0.5 − ε/2.
* 表III: a = 205 − R/20 of the lower adjusted rating, clamped to [70, 200];
  con from the player's own unadjusted rating, interpolated in the table.
* (3): R_new − R_old = con·(S_A − S_E)·weight; no rating below 100 (§2).
* 例3: a player receiving H stones counts 100·(H − 0.5) points stronger.
* §6: tournament weight 甲 1.0, 乙 0.75, 丙 0.5.  §7: forfeits.  §9: a
  strength certificate from 10 valid wins.  §3.1: registration fees.

Seed typo not followed: 例3 says B "減少21分"; the arithmetic gives 11.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import Any

from ..errors import ParameterError, RatingInputError, Where
from ..i18n.catalogue import checks as C
from ..i18n.catalogue import rules as M
from . import sample_kit
from .base import (ChangeLine, CheckLog, PeriodFacts, RatingLine, Sheet, StandardLine, State, System, cols)
from .common import Tallies, Tally, events_in
from .feed import GameFeed, MemoryFeed
from .lines import line_maker
from .lookup import interpolate, same_length
from .period import FLEXIBLE, Period
from .ranks import Ladder, Rank, parse_rank
from .records import Event, Game, Player, Records

# seed 002 表III: GoR -> con (the per-game maximum change).  Linear
# interpolation between rows; below 100 -> 116, above 2700 -> 10.
CON_TABLE: tuple[tuple[float, float], ...] = (
    (100, 116), (200, 110), (300, 105), (400, 100), (500, 95), (600, 90), (700, 85),
    (800, 80), (900, 75), (1000, 70), (1100, 65), (1200, 60), (1300, 55), (1400, 51),
    (1500, 47), (1600, 43), (1700, 39), (1800, 35), (1900, 31), (2000, 27), (2100, 24),
    (2200, 21), (2300, 18), (2400, 15), (2500, 13), (2600, 11), (2700, 10),
)

# seed 002 表I: rank -> starting GoR.
RANK_GOR: tuple[tuple[Rank, float], ...] = tuple(
    [(Rank.kyu(n), 100.0 * (21 - n)) for n in range(1, 21)]
    + [(Rank.dan(n), 2000.0 + 100 * n) for n in range(1, 8)]
)

# seed 002 §6: tournament class -> weight (甲級/乙級/丙級 are accepted for 甲/乙/丙).
CLASS_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("A", 1.0), ("甲", 1.0), ("B", 0.75), ("乙", 0.75), ("C", 0.5), ("丙", 0.5),
)


@dataclass(frozen=True)
class GorParams:
    """Every default of SPEC §2; override any field (Settings sheet or Python)."""

    epsilon: float = 0.014            #: ε of formula (2)
    a_intercept: float = 205          #: a = a_intercept − R/a_divisor (表III)
    a_divisor: float = 20
    a_min: float = 70
    a_max: float = 200
    con_table: tuple[tuple[float, float], ...] = CON_TABLE
    floor: float = 100                #: §2: no rating below this
    stone_value: float = 100          #: 例3: 100·(H − 0.5) per handicap
    stone_offset: float = 0.5
    class_weights: tuple[tuple[str, float], ...] = CLASS_WEIGHTS  #: class -> weight
    rank_gor: tuple[tuple[Rank, float], ...] = RANK_GOR
    certificate_wins: int = 10        #: §9
    fee_annual: float = 30            #: §3.1, non-members
    fee_free_games: int = 20
    fee_per_game: float = 1
    fee_paid_until_game: int = 90
    fee_cap: float = 100
    ladder: Ladder = field(init=False, repr=False, compare=False)
    #: 表III's two columns, split once (:func:`con` interpolates in them)
    con_columns: tuple[tuple[float, ...], tuple[float, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder", Ladder(tuple(self.rank_gor), "gor"))
        object.__setattr__(self, "con_columns", (tuple(r for r, _ in self.con_table),
                                                 tuple(c for _, c in self.con_table)))


DEFAULTS = GorParams()


def handicap_adjust(rating: float, opponent: float, handicap: float,
                    params: GorParams = DEFAULTS) -> tuple[float, float]:
    """(own, opponent) ratings after the handicap (例3).

    The player who *receives* H stones counts 100·(H − 0.5) stronger;
    ``handicap`` is the stones the player receives (negative: gives).
    """
    if not handicap:
        return rating, opponent
    bonus = params.stone_value * (abs(handicap) - params.stone_offset)
    return (rating + bonus, opponent) if handicap > 0 else (rating, opponent + bonus)


def class_weight(cls: str | None, params: GorParams = DEFAULTS) -> float:
    """Tournament weight of a class (甲/A 1.0, 乙/B 0.75, 丙/C 0.5; 甲級, 乙级 … too); blank -> A."""
    key = (str(cls).strip().upper() if cls is not None else "") or "A"
    if len(key) == 2 and key[1] in "級级":
        key = key[0]
    for name, w in params.class_weights:
        if name.upper() == key:
            return w
    raise ParameterError(M.GOR_UNKNOWN_CLASS(), value=cls)


def check_event(ev: Event, params: GorParams) -> None:
    """An event whose class has no weight (§6) is refused, like GOR_UPDATE does."""
    try:
        class_weight(ev.cls, params)
    except RatingInputError as e:
        raise RatingInputError(e.text, value=ev.cls, where=Where(column="class")) from None


def a_parameter(rating: float, params: GorParams = DEFAULTS) -> float:
    """a = 205 − R/20, clamped to [70, 200] (表III)."""
    return min(params.a_max, max(params.a_min, params.a_intercept - rating / params.a_divisor))


def con(rating: float, params: GorParams = DEFAULTS) -> float:
    """con from the player's own unadjusted rating (表III, interpolated)."""
    return interpolate(*params.con_columns, rating)


def expected(rating: float, opponent: float, handicap: float = 0, score: float | None = None,
             params: GorParams = DEFAULTS) -> float:
    """S_E of the player (formulas (1), (2)).

    ``handicap``: stones the player receives (negative: gives).  ``score`` is
    only needed to settle equal adjusted ratings (the winner is A); without
    it, or for a draw, equal ratings give 0.5 − ε/2.
    """
    own, opp = handicap_adjust(rating, opponent, handicap, params)
    if own == opp:
        if score is None or score == 0.5:
            return 0.5 - params.epsilon / 2
        is_a = score == 1
    else:
        is_a = own < opp
    low = min(own, opp)
    d = abs(opp - own)
    se_a = 1.0 / (math.exp(d / a_parameter(low, params)) + 1.0)
    return se_a if is_a else 1.0 - se_a - params.epsilon


def game_change(rating: float, opponent: float, score: float, handicap: float = 0,
                weight: float = 1.0, params: GorParams = DEFAULTS) -> float:
    """con·(S_A − S_E)·weight for one game (formula (3))."""
    return con(rating, params) * (score - expected(rating, opponent, handicap, score, params)) * weight


def tournament_update(rating: float, opponents: Sequence[float], scores: Sequence[float],
                      handicaps: Sequence[float] | None = None, weight: float = 1.0,
                      params: GorParams = DEFAULTS) -> float:
    """New GoR after a tournament: every game from the same start rating, floor 100."""
    hs = handicaps if handicaps is not None else [0] * len(opponents)
    same_length(opponents, scores, hs)
    total = sum(game_change(rating, o, s, h, weight, params)
                for o, s, h in zip(opponents, scores, hs, strict=True))
    return max(params.floor, rating + total)


def game_line(params: GorParams, own: GorChangeLine, opponent: GorChangeLine, score: float, handicap: float,
              forfeit: bool) -> tuple[float | None, float | None, float | None]:
    """One game as :func:`_tournament` rates it: (the opponent's GoR at the tournament's start,
    S_E, con·(S − S_E)·weight); a game won by forfeit changes nothing for the winner."""
    if forfeit and score == 1:
        return opponent.own, None, None
    se = expected(own.own, opponent.own, handicap, score, params)
    return opponent.own, se, con(own.own, params) * (score - se) * own.weight


def registration_fee(games: int, member: bool, params: GorParams = DEFAULTS) -> float:
    """Fee owed for a year with ``games`` recorded games (seed 002 §3.1)."""
    if member or games <= 0:
        return 0.0
    paid = max(0, min(games, params.fee_paid_until_game) - params.fee_free_games)
    return float(min(params.fee_cap, params.fee_annual + paid * params.fee_per_game))


# --------------------------------------------------------------------------- facts

@dataclass(frozen=True, slots=True)
class GorRatingLine(RatingLine):
    standard: Rank | None = None
    wins: int = 0                   #: valid wins on record (§9)
    certificate: bool = False       #: may apply for a strength certificate
    member: bool = True
    fee: float = 0.0                #: registration fees owed, years of this period (§3.1)


@dataclass(frozen=True, slots=True)
class GorChangeLine(ChangeLine):
    own: float = 0.0                #: GoR at the tournament's start
    weight: float = 1.0             #: class weight (§6)


@dataclass(frozen=True, slots=True)
class FeeLine:
    """Registration fee of one player for one year (seed 002 §3.1)."""

    id: str
    year: int
    member: bool
    games: int                      #: recorded games that year, up to the period's end
    fee: float


@dataclass
class GorState(State):
    wins: int = field(default=0, metadata={"kind": "num"})   #: valid wins on record (§9)


# --------------------------------------------------------------------------- period engine

def start_state(p: Player, params: GorParams) -> GorState:
    """From the Players sheet: the rating, else the rank's starting GoR (表I)."""
    if p.rating is not None:
        r = p.rating
    elif p.rank is not None:
        r = params.ladder.value(p.rank)   # 表I
    else:
        raise RatingInputError(M.GOR_NEEDS_RATING())
    return GorState(r, p.games or 0, p.events or 0, max(p.peak or 0, r) or None, "active",
                    wins=p.wins or 0)   # §9: valid wins already on record count too


def _tournament(ev: Event, games: Iterable[Game], rating: dict[str, float], wins: dict[str, int],
                params: GorParams, checks: CheckLog) -> tuple[float, Tallies]:
    """One tournament's games, every one from the ratings at its start: the class weight
    and each player's sums (con·(S − S_E)·weight)."""
    if ev.cls is None or not str(ev.cls).strip():     # a default is said, never silent
        checks.add("gor.class_blank", "Events", ev.row, event=ev.name)
    try:
        w = class_weight(ev.cls, params)
    except RatingInputError:
        checks.add("gor.class", "Events", ev.row, event=ev.name, cls=ev.cls)
        w = 1.0
    cons: dict[str, float] = {}     # con of each player's rating at the start: it does not move in a tournament
    eps, a_int, a_div, a_min, a_max = params.epsilon, params.a_intercept, params.a_divisor, params.a_min, params.a_max
    exp = math.exp
    own: dict[str, Tally] = {}      # this tournament's tally of each player, in the order first seen
    for g in games:
        result = g.result
        forfeit = result.forfeit
        if forfeit:
            checks.add("gor.forfeit", "Games", g.row, event=ev.name, player=g.player, opponent=g.opponent)
        score = result.score
        a, b, h = g.player, g.opponent, g.handicap
        ra, rb = rating[a], rating[b]
        # both sides (common.sides), written out: a with ``score`` and ``h``, b with 1 − score and −h
        if h or ra == rb:
            se_lo = 0.0
        else:   # expected() of two different ratings without a handicap, written out: the same operations,
            # the same for both sides (|rb − ra| is |ra − rb|): the lower-rated side's S_E
            low = ra if ra < rb else rb
            se_lo = 1.0 / (exp(abs(rb - ra) / min(a_max, max(a_min, a_int - low / a_div))) + 1.0)
        for p, rp, rq, s, hp in ((a, ra, rb, score, h), (b, rb, ra, 1.0 - score, -h)) if forfeit or h or ra == rb \
                else ():
            if forfeit and s == 1:
                continue
            if hp or rp == rq:
                se = expected(rp, rq, hp, s, params)
            else:
                se = se_lo if rp < rq else 1.0 - se_lo - eps
            t = own.get(p)
            if t is None:
                t = own[p] = Tally()
                cons[p] = con(rp, params)
            c = cons[p]
            t.games += 1      # Tally.add written out (its ``other`` stays 0.0)
            t.score += s
            t.expected += se
            t.k = c
            t.change += c * (s - se) * w
            if s == 1 and not forfeit:
                wins[p] += 1
        if forfeit or h or ra == rb:
            continue
        # the common game: two different ratings, no handicap, played
        if ra < rb:
            se_a, se_b = se_lo, 1.0 - se_lo - eps
        else:
            se_a, se_b = 1.0 - se_lo - eps, se_lo
        t = own.get(a)
        if t is None:
            t = own[a] = Tally()
            cons[a] = con(ra, params)
        c = cons[a]
        t.games += 1
        t.score += score
        t.expected += se_a
        t.k = c
        t.change += c * (score - se_a) * w
        if score == 1:
            wins[a] += 1
        s = 1.0 - score
        t = own.get(b)
        if t is None:
            t = own[b] = Tally()
            cons[b] = con(rb, params)
        c = cons[b]
        t.games += 1
        t.score += s
        t.expected += se_b
        t.k = c
        t.change += c * (s - se_b) * w
        if s == 1:
            wins[b] += 1
    eid = ev.id
    acc = Tallies()
    for p, t in own.items():
        acc[p, eid] = t
    return w, acc


#: One player's sums in one tournament: [games, S (score), Σ S_E, Σ con·(S − S_E)·weight, con, wins]
Sums = list[Any]


def _sums(ev: Event, games: Iterable[Game], rating: dict[str, float], wins: dict[str, int],
          params: GorParams, checks: CheckLog) -> tuple[float, dict[str, Sums]]:
    """:func:`_tournament`'s weight and sums, by player: game by game in the same order, a
    tournament without a forfeit or a handicap summed in a lean loop (each player's con and
    a = 205 − R/20 worked out once, from the rating at its start)."""
    if not isinstance(games, list):
        games = list(games)
    try:
        w = class_weight(ev.cls, params)
    except RatingInputError:
        w = 1.0
    entrants = set(map(_PLAYER, games))     # Game.player and Game.opponent, at C speed
    entrants.update(map(_OPPONENT, games))
    eps, a_int, a_div, a_min, a_max = params.epsilon, params.a_intercept, params.a_divisor, params.a_min, params.a_max
    cols = params.con_columns
    own: dict[str, Sums] = {}
    lower: dict[str, float] = {}    # a of each player's rating, for the games where it is the lower one
    for p in entrants:
        r = rating[p]
        own[p] = [0, 0.0, 0.0, 0.0, interpolate(*cols, r), 0]     # con(): from the rating at the start; wins
        lower[p] = min(a_max, max(a_min, a_int - r / a_div))
    exp = math.exp
    for _, _, _, a, b, result, h, _ in games:
        if h or result.forfeit:     # a handicap or a forfeit: game by game (_tournament), from the start
            w, acc = _tournament(ev, games, rating, wins, params, checks)
            return w, {p: [t.games, t.score, t.expected, t.change, t.k, 0] for (p, _), t in acc.items()}
        score = result.score
        ra, rb = rating[a], rating[b]
        # expected() of both sides written out: the same operations (|rb − ra| is rb − ra or ra − rb)
        if ra < rb:
            se_a = 1.0 / (exp((rb - ra) / lower[a]) + 1.0)
            se_b = 1.0 - se_a - eps
        elif rb < ra:
            se_b = 1.0 / (exp((ra - rb) / lower[b]) + 1.0)
            se_a = 1.0 - se_b - eps
        else:       # equal ratings: the winner is A (expected() settles it)
            se_a = expected(ra, rb, 0, score, params)
            se_b = expected(rb, ra, 0, 1.0 - score, params)
        t = own[a]
        t[0] += 1
        t[1] += score
        t[2] += se_a
        t[3] += t[4] * (score - se_a) * w
        if score == 1:
            t[5] += 1
        s = 1.0 - score
        t = own[b]
        t[0] += 1
        t[1] += s
        t[2] += se_b
        t[3] += t[4] * (s - se_b) * w
        if s == 1:
            t[5] += 1
    for p, t in own.items():        # the valid wins (§9), counted at the end: the same counts
        if t[5]:
            wins[p] += t[5]
    # _tournament's class checks (before any game's: it had none to tell)
    if ev.cls is None or not str(ev.cls).strip():     # a default is said, never silent
        checks.add("gor.class_blank", "Events", ev.row, event=ev.name)
    try:
        class_weight(ev.cls, params)
    except RatingInputError:
        checks.add("gor.class", "Events", ev.row, event=ev.name, cls=ev.cls)
    return w, own


_PLAYER, _OPPONENT = itemgetter(3), itemgetter(4)
_HANDICAP = itemgetter(6)
_RESULT = itemgetter(5)
_FORFEIT = attrgetter("forfeit")
_SCORE = attrgetter("score")
_MAKE_CHANGE = line_maker(GorChangeLine)
_MAKE_RATING = line_maker(GorRatingLine)


def process(records: Records, states: Mapping[str, GorState], period: Period,
            params: GorParams, feed: GameFeed | None = None, checks: CheckLog | None = None) -> PeriodFacts:
    """EGF style: tournaments in date order; all games of one tournament use
    the ratings at its start; the changes are summed and applied at its end,
    with the class weight and the floor of 100.  Forfeits (§7): the absent
    player is charged the loss, the winner's game is not counted.  ``feed``:
    where the games come from (default: ``records.games``); ``checks``: the
    period's check log."""
    feed = feed if feed is not None else MemoryFeed(records)
    checks = checks if checks is not None else CheckLog()
    players = records.players
    rating: dict[str, float] = {}
    for pid, st in states.items():
        assert st.rating is not None   # start_state guarantees a GoR for everyone
        rating[pid] = st.rating
    games_n = {pid: st.games for pid, st in states.items()}
    events_n = {pid: st.events for pid, st in states.items()}
    wins = {pid: st.wins for pid, st in states.items()}
    period_games = dict.fromkeys(states, 0)
    changes: list[ChangeLine] = []
    add, make, floor = changes.append, _MAKE_CHANGE, params.floor
    for ev, games in feed.by_event(events_in(records, period)):
        w, acc = _sums(ev, games, rating, wins, params, checks)
        eid = ev.id
        for p in sorted(acc):
            n, score, se, change, c, _ = acc[p]
            before = rating[p]
            after = max(floor, before + change)
            if after != before + change:
                checks.add("gor.floor", "Players", players[p].row, event=ev.name, player=players[p].name,
                           floor=params.floor)
            add(make(p, eid, n, score, se, c, after - before, before, w))      # own, weight: in field order
            period_games[p] += n
            games_n[p] += n
            events_n[p] += 1
            rating[p] = after       # applied at the tournament's end: its games are summed
    fees = _fees(records, feed, period, params)
    owed: dict[str, float] = defaultdict(float)
    for f in fees:
        owed[f.id] += f.fee
    new_states: dict[str, State] = {}
    standard, certificate = params.ladder.standard, params.certificate_wins
    # the list placed (common.placed): by the new GoR descending, then id; equal GoRs share a place
    ordered = sorted(players, key=lambda pid: (-rating[pid], str(pid)))
    ratings: list[RatingLine] = []
    last: float | None = None
    place = 0
    for i, pid in enumerate(ordered, start=1):
        new = rating[pid]
        if new != last:
            place, last = i, new
        st = states[pid]
        pk = max(x for x in (st.peak, new) if x is not None)
        won = wins[pid]
        ratings.append(_MAKE_RATING(pid, st.rating, new, "active", games_n[pid], period_games.get(pid, 0), place,
                                    standard(new), won, won >= certificate, players[pid].member,
                                    owed.get(pid, 0.0)))
    for pid in players:
        st = states[pid]
        new = rating[pid]
        new_states[pid] = GorState(new, games_n[pid], events_n[pid], max(x for x in (st.peak, new) if x is not None),
                                   "active", period_games.get(pid, 0), wins=wins[pid])
    meeting = Counter(x.standard for x in ratings)     # type: ignore[attr-defined]
    standards = [StandardLine(r, v, meeting[r]) for r, v in sorted(params.rank_gor, key=lambda rv: -rv[1])]
    return PeriodFacts("gor", period, ratings, changes, checks.finish(), new_states, standards, fees=fees)



def _fees(records: Records, feed: GameFeed, period: Period, params: GorParams) -> list[FeeLine]:
    """Registration fee per player per year touched by the period (seed 002 §3.1).

    Counts the games recorded in that year up to the period's end (earlier
    periods of the same year included); a forfeit win is not a recorded game.
    One pass over the games: the counts of every year from the period's first
    on, then the years the period's games touch.
    """
    first = period.start.year
    start, end = period.start, period.end
    got = feed.every(dt.date(first, 1, 1), end)
    games = got if isinstance(got, list) else list(got)
    days = list(map(itemgetter(1), games))          # Game.date, at C speed
    if days and min(days).year == max(days).year >= first and max(days) <= end \
            and not any(map(attrgetter("forfeit"), map(itemgetter(5), games))):
        # the common case: one year's games, none forfeited -- each counted for both players, at C speed
        year = days[0].year
        n = Counter(map(itemgetter(3), games))       # Game.player
        n.update(map(itemgetter(4), games))          # Game.opponent
        return _fee_lines(records, {(year, pid): k for pid, k in n.items()},
                          {year} if max(days) >= start else set(), params)
    years: set[int] = set()
    seen: dict[int, list[str]] = {}      # year -> each recorded game's players (counted at C speed below)
    for _, day, _, a, b, result, _, _ in games:
        if day > end or day.year < first:
            continue
        year = day.year
        if day >= start:
            years.add(year)
        bucket = seen.get(year)
        if bucket is None:
            bucket = seen[year] = []
        if result.forfeit:     # both sides (common.sides): a forfeit win is not a recorded game
            if result.score != 1:
                bucket.append(a)
            if 1.0 - result.score != 1:
                bucket.append(b)
        else:
            bucket.append(a)
            bucket.append(b)
    counts: dict[tuple[int, str], int] = {}
    for year, played in seen.items():
        counts.update(((year, pid), count) for pid, count in Counter(played).items())
    return _fee_lines(records, counts, years, params)


def _fee_lines(records: Records, n: Mapping[tuple[int, str], int], years: set[int],
               params: GorParams) -> list[FeeLine]:
    """The fee lines of the ``years`` the period's games touch, from the recorded games of each
    (year, player) ``n``: by year, then player."""
    out = []
    for y, pid in sorted(k for k in n if k[0] in years):
        player = records.players[pid]
        out.append(FeeLine(pid, y, player.member, n[y, pid], registration_fee(n[y, pid], player.member, params)))
    return out


# --------------------------------------------------------------------------- words


TERMS = {"rating": "棋力分", "old": "原棋力分", "new": "新棋力分", "expected": "期望分SE", "k": "con",
         "weight": "权重", "period": "期间"}


def _standard_name(value: float, certified: Any = None) -> str:
    std = DEFAULTS.ladder.standard(value)
    if std is None:
        return "below 20k"
    if certified is not None and str(certified).strip() and parse_rank(certified) < std:
        return f"{std.go()} (未認證)"
    return std.go()


# --------------------------------------------------------------------------- sample

#: The sample's clubs: the codes a pairing program writes (h9, OpenGotha), the names the Players sheet writes.
CLUBS = (("HKGA", "香港圍棋協會", "圍協; HK Go Association"), ("KLN", "九龍棋社", "九龍; Kowloon Go Club"),
         ("NT", "新界棋會", "新界"), ("HKI", "港島學界", "港島"))


def sample() -> dict[str, list[list[Any]]]:
    """A Hong Kong season: open, rookie and summer events, club handicap games."""

    day = sample_kit.day
    f = sample_kit.SampleFederation(2026_002, "gor")
    clubs = ["香港圍棋協會", "九龍棋社", "新界棋會", "港島學界"]
    ranks = ["5D", "4D", "3D", "3D", "2D", "1D", "1D", "1k", "2k", "3k", "4k", "5k", "6k", "7k", "8k",
             "9k", "10k", "11k", "12k", "13k", "14k", "15k", "16k", "17k", "18k", "19k", "20k"]
    for i in range(1, 41):
        pid = f"HK{i:03d}"
        rank = ranks[(i - 1) % len(ranks)]
        gor_start = 2000 + 100 * int(rank[:-1]) if rank.endswith("D") else 100 * (21 - int(rank[:-1]))
        rated = i % 3 != 0
        rating = round(gor_start + f.rnd.uniform(-60, 60), 1) if rated else None
        f.player(pid, gor_start + f.rnd.uniform(-80, 80), sex="M" if i % 4 else "F", club=clubs[i % 4],
                 rank=rank, rating=rating, games=None, events=None, peak=None, title="",
                 member="no" if i % 5 == 0 else "yes")
    ids = [p["id"] for p in f.players]
    specs = [("HK25-R", "2025新秀賽", day(2025, 12, 6), day(2025, 12, 7), "swiss", "A", ids[14:40], 5),
             ("HK26-O", "2026全港公開賽", day(2026, 3, 7), day(2026, 3, 8), "swiss", "甲", ids[:28], 6),
             ("HK26-S", "2026夏季評分賽", day(2026, 7, 4), day(2026, 7, 5), "swiss", "丙", ids[10:34], 5)]
    for eid, name, a, b, fmt, cls, who, rounds in specs:
        ev = {"event": eid, "name": name, "start": a, "end": b, "format": fmt, "class": cls,
              "level": "", "champion": None}
        f.events.append(ev)
        f.swiss(ev, list(who), rounds)
    # club handicap games (乙): one stone per rank difference, at most four
    ev = {"event": "HK26-T", "name": "2026會內手合賽", "start": day(2026, 2, 1), "end": day(2026, 11, 29),
          "format": "games", "class": "乙", "level": "", "champion": None}
    f.events.append(ev)
    for n in range(1, 31):
        a, b = f.rnd.sample(ids, 2)
        sa, sb = f.strength[a], f.strength[b]
        stones = min(4, int(abs(sa - sb) // 100))
        weak, strong = (a, b) if sa < sb else (b, a)
        res = f.result(weak, strong, draws=0) if stones == 0 else (1.0 if f.rnd.random() < 0.5 else 0.0)
        when = day(2026, 2, 1) + dt.timedelta(days=9 * n)
        f.game("HK26-T", when, None, weak, strong, res, stones or None)
    g = next(x for x in f.games if x["event"] == "HK26-O" and x["round"] == 4)
    g["result"] = "+"    # seed 002 §7: the absent opponent is charged the loss
    # the colours, as a pairing program gives them: the player receiving stones has Black; in an even
    # game the player who had White more often gets Black (no random draw: the games stay as they were)
    whites: dict[tuple[str, str], int] = {}
    for n, x in enumerate(f.games):
        mine, theirs = (x["event"], x["player"]), (x["event"], x["opponent"])
        more = whites.get(mine, 0) - whites.get(theirs, 0)
        x["colour"] = "b" if x["handicap"] or more > 0 or (more == 0 and n % 2) else "w"
        whites[mine] = whites.get(mine, 0) + (x["colour"] == "w")
        whites[theirs] = whites.get(theirs, 0) + (x["colour"] == "b")
    # the open is a McMahon tournament: starting scores by rank (30k = 0 ... 1D = 30), bar 3D, floor 15k
    rank_of = {p["id"]: p["rank"] for p in f.players}
    for pid in ids[:28]:
        r = rank_of[pid]
        value = 29 + int(r[:-1]) if r.endswith("D") else 30 - int(r[:-1])
        f.mcmahon.append({"event": "HK26-O", "player": pid, "mms": min(max(value, 15), 32)})
    return f.tables([["system", "gor"], ["federation", "香港圍棋協會 (示例)"]], CLUBS)


# --------------------------------------------------------------------------- the record

SYSTEM = System(
    name="gor",
    game="go",
    title="香港圍棋協會棋力分 GoR (Hong Kong Go Association)",
    federation="香港圍棋協會",
    lang="zh-Hant",
    params_type=GorParams,
    state_type=GorState,
    calendar=FLEXIBLE,
    start_state=start_state,
    process=process,
    sheets=(
        Sheet("Ratings", "ratings", cols(
            "place", "id", "name", "club", "old:rating", "new:rating", "change:signed_rating", "status:status",
            "games", "period_games", "standard:rank", "wins", "certificate:yes_blank", "member:yes_no",
            "fee:money")),
        Sheet("Changes", "changes", cols(
            "id", "name", "event", "event_name", "own:rating", "games", "score", "expected:dec3", "k:dec1",
            "weight", "change:signed2", "note")),
        Sheet("Fees", "fees", cols("id", "name", "year", "member:yes_no", "games", "fee:money")),
        Sheet("Standards", "standards", cols("rank:rank", "rating:whole", "count")),
    ),
    messages=C.GOR,
    rank_name=Rank.go,
    standard_name=_standard_name,
    rank_rating=lambda rank: DEFAULTS.ladder.value(rank),
    sample=sample,
    history_title="棋力分",
    terms=TERMS,
    english_terms={"expected": "expected S_E", "k": "con"},
    json_players=("certificate", "fee"),
    player_columns=("wins", "egf_pin"),     # the EGF PIN: how imported EGF/OpenGotha players are matched
    input_sheets=("McMahon",),              # a McMahon event's starting scores (its wall list's MMS)
    # §2: no GoR below the floor of 100; 7D = 2700, top professionals reach about 3000
    rating_range=(100, 3500),
    check_event=check_event,
    pairing_layouts=("egd", "fide", "csv"),     # GoR is what OpenGotha and pairgoth read in the EGD list
    game_line=game_line,
    audit_note=("本局变动 = con × (S − S_E) × 赛事权重；S_E 由双方（让子调整后的）棋力分计算；弃权胜局不计。"
                "各局变动按累计值四舍五入显示，一项赛事各局之和即其变动。",
                "The game's change = con × (S − S_E) × the event's weight; S_E from both players' GoR (adjusted "
                "for the handicap); a game won by forfeit does not count. Each change is shown rounded on the "
                "running total, so an event's games add up to its change as printed."),
    event_defaults=(("class", "A (1.0)"),),
)
