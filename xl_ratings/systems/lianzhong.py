"""``lianzhong`` -- Lianzhong online Xiangqi rating (seed 004).

Game by game, in the order the games were played (SPEC §3):

* §2: a new player starts at 1400 and is *rated* (有级别) from 20 counted games.
* §5: We = 1/(1 + 10^((r_opp − r_own)/400)); K from the player's own current
  rating: < 2000 → 32, < 2400 → 24, < 2800 → 16, else 8.
* §5: both rated: Rn = Ro + K·(W − We).
* §6: rated vs unrated: Rd = K·(W − We) as if both were rated; the rated
  player gets Rd·(n/20)·(2/3), the unrated Rd·(41 − n)/20, n = the unrated
  player's counted games including this one.
* §7: unrated vs unrated: neither rated nor counted.
* §1, §3, §4: titles from the rating; 特级大师/一级大师 only by award and
  never lost; honorary titles kept beside.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from ..errors import RatingInputError
from ..i18n.catalogue import checks as C
from ..i18n.catalogue import rules as M
from . import sample_kit
from .base import (ChangeLine, CheckLog, GameAudit, PendingLine, PeriodFacts, RatingLine, Sheet, StandardLine,
                   State, System, audit_on, cols)
from .common import Tallies
from .feed import Encoded, GameFeed, MemoryFeed, Order
from .lookup import threshold_lookup
from .period import FLEXIBLE, Period
from .ranks import Rank
from .records import Game, Player, Records

# seed 004 §5: own rating upper bound (exclusive) -> K.
K_TABLE: tuple[tuple[float, float], ...] = ((2000, 32), (2400, 24), (2800, 16), (float("inf"), 8))

# seed 004 §1: minimum rating -> title (rating-based titles stop at 二级大师).
TITLES: tuple[tuple[float, str], ...] = (
    (1100, "八级棋士"), (1200, "七级棋士"), (1300, "六级棋士"), (1400, "五级棋士"),
    (1500, "四级棋士"), (1600, "三级棋士"), (1700, "二级棋士"), (1800, "一级棋士"),
    (2000, "三级大师"), (2200, "二级大师"),
)
LOWEST_TITLE = "九级棋士"
NO_TITLE = "无称号"
# seed 004 §3, §4: only awarded (official events); never lost once given.
AWARDED_TITLES: tuple[tuple[float, str], ...] = ((2400, "一级大师"), (2600, "特级大师"))
HONORARY_TITLES: tuple[str, ...] = ("国际特大", "国家特大", "国际大师", "国家大师")


@dataclass(frozen=True)
class LianzhongParams:
    """Every default of SPEC §3; override any field (Settings sheet or Python)."""

    start: float = 1400                 #: §2
    scale: float = 400                  #: §5 logistic scale
    k_table: tuple[tuple[float, float], ...] = K_TABLE
    rated_games: int = 20               #: §2: rated from this many counted games
    rated_share: float = 2 / 3          #: §6: the rated player's extra factor
    unrated_numerator: float = 41       #: §6: (41 − n)/20
    titles: tuple[tuple[float, str], ...] = TITLES
    lowest_title: str = LOWEST_TITLE
    awarded_titles: tuple[tuple[float, str], ...] = AWARDED_TITLES


DEFAULTS = LianzhongParams()


def expected(rating: float, opponent: float, params: LianzhongParams = DEFAULTS) -> float:
    """We = 1/(1 + 10^((opponent − rating)/400))."""
    power: float = 10.0 ** ((opponent - rating) / params.scale)   # float ** float is Any to mypy
    return 1.0 / (1.0 + power)


def k_factor(rating: float, params: LianzhongParams = DEFAULTS) -> float:
    """K from the player's own current rating (§5)."""
    for b, k in params.k_table:
        if rating < b:
            return k
    return params.k_table[-1][1]


def is_rated(games: int, params: LianzhongParams = DEFAULTS) -> bool:
    return games >= params.rated_games


@dataclass(frozen=True)
class GameUpdate:
    """What one game does to one player."""

    rating: float     #: new rating
    change: float
    expected: float   #: We
    k: float
    counted: bool     #: the game counts (not unrated vs unrated)


def update(rating: float, opponent: float, score: float, games: int, opponent_games: int,
           params: LianzhongParams = DEFAULTS) -> GameUpdate:
    """The player's result of one game; ``games`` = counted games *before* it."""
    we = expected(rating, opponent, params)
    k = k_factor(rating, params)
    rd = k * (score - we)
    own_rated, opp_rated = is_rated(games, params), is_rated(opponent_games, params)
    if own_rated and opp_rated:
        change = rd
    elif own_rated:
        n = opponent_games + 1
        change = rd * (n / params.rated_games) * params.rated_share
    elif opp_rated:
        n = games + 1
        change = rd * (params.unrated_numerator - n) / params.rated_games
    else:
        return GameUpdate(rating, 0.0, we, k, False)
    return GameUpdate(rating + change, change, we, k, True)


def title(rating: float, games: int, awarded: str | None = None,
          params: LianzhongParams = DEFAULTS) -> str:
    """The title per SPEC §3: 无称号 under 20 games; an awarded title stands."""
    if awarded:
        award = str(awarded).strip()
        if award in {t for _, t in params.awarded_titles}:
            return award
    if not is_rated(games, params):
        return NO_TITLE
    return threshold_lookup([t for t, _ in params.titles], [n for _, n in params.titles],
                            rating, below=params.lowest_title)


def title_rating(name: str, params: LianzhongParams = DEFAULTS) -> float:
    """The minimum rating of a title (九级棋士 -> 0)."""
    for r, t in list(params.titles) + list(params.awarded_titles):
        if t == name:
            return r
    if name == params.lowest_title:
        return 0.0
    raise RatingInputError(M.LIANZHONG_NOT_A_TITLE(), value=name)




# --------------------------------------------------------------------------- facts

@dataclass(frozen=True, slots=True)
class LianzhongRatingLine(RatingLine):
    title: str = ""                 #: the title per §1, §3, §4
    honorary: str = ""              #: an honorary title kept as entered (国家大师 …)


@dataclass(frozen=True, slots=True)
class LianzhongPendingLine(PendingLine):
    new: float = 0.0


@dataclass(frozen=True, slots=True)
class TitleLine(StandardLine):
    source: str = "rating"          #: "award": only awarded through official events (§3, §4)


@dataclass
class LianzhongState(State):
    title_awarded: str = field(default="", metadata={"kind": "text"})   #: 特级大师 / 一级大师, never lost


# --------------------------------------------------------------------------- period engine

def start_state(p: Player, params: LianzhongParams) -> LianzhongState:
    r = p.rating if p.rating is not None else params.start
    awarded = {t for _, t in params.awarded_titles}
    return LianzhongState(r, p.games or 0, p.events or 0, max(p.peak or r, r), "active",
                          title_awarded=p.title if p.title in awarded else "")


def _round_key(v: Any) -> tuple[int, float | str]:
    try:
        return (0, float(v))
    except (TypeError, ValueError):
        return (1, str(v or ""))


DATE, ROUND, ROW = itemgetter(1), itemgetter(2), itemgetter(7)     # Game.date, .round, .row at C speed


def _order(records: Records) -> Order:
    """Rating order: date, then the event's end, then round, then sheet row -- as stable
    sorts from the last key to the first, each only when it matters."""
    ends = {e.id: e.end for e in records.events.values()} if len(records.events) > 1 else None

    def order(todo: list[Game]) -> None:
        todo.sort(key=ROW)
        rounds = list(map(ROUND, todo))
        if rounds.count(None) != len(rounds):
            todo.sort(key=lambda g: _round_key(g.round))
        if ends is not None:
            todo.sort(key=lambda g: ends[g.event])
        todo.sort(key=DATE)
    return order


def _awarded(records: Records, states: Mapping[str, LianzhongState], period: Period,
             params: LianzhongParams, checks: CheckLog) -> dict[str, str]:
    """特级大师/一级大师 held at the period's end: kept from before, or awarded up to its end (§3, §4)."""
    awarded_titles = {t for _, t in params.awarded_titles}
    title_rank = {t: r for r, t in params.awarded_titles}
    awarded = {pid: st.title_awarded for pid, st in states.items()}
    for a in records.awards:
        if a.award in awarded_titles and (a.date is None or a.date <= period.end):
            old = awarded.get(a.player, "")
            if not old or title_rank[a.award] > title_rank.get(old, 0):
                awarded[a.player] = a.award
        elif a.award not in awarded_titles:
            checks.add("lianzhong.award", "Awards", a.row, award=a.award)
    return awarded


def _rate(games: Iterable[Game], rating: dict[str, float], games_n: dict[str, int], players: Mapping[str, Player],
          params: LianzhongParams, checks: CheckLog, trail: list[GameAudit] | None = None) -> Tallies:
    """Every game in turn (seed 004 §5–§7): ``rating`` and ``games_n`` move game by game;
    the change report's sums per player and event are returned.  ``trail``: each game's
    facts from each side are added to it (the player pages' audit lines)."""
    acc = Tallies()
    # The arithmetic of update(), inlined: a platform has millions of games.
    # tests/systems/test_rating_invariants.py replays random games through update() and
    # requires the very same floats.
    scale, rated_n = params.scale, params.rated_games
    share, numerator = params.rated_share, params.unrated_numerator
    k_bounds = [b for b, _ in params.k_table]          # K for rating < bound (§5)
    k_values = [k for _, k in params.k_table] + [params.k_table[-1][1]]

    for ev, _, _, p, q, res, _, row in games:
        if res.forfeit:
            checks.add("lianzhong.forfeit", "Games", row, player=p, opponent=q)
            if trail is not None:
                _not_counted(trail, ev, p, q, row, "forfeit")
            continue
        rp, rq, np_, nq = rating[p], rating[q], games_n[p], games_n[q]
        p_rated, q_rated = np_ >= rated_n, nq >= rated_n
        if not p_rated and not q_rated:
            checks.add("lianzhong.both_unrated", "Games", row, player=players[p].name,
                       opponent=players[q].name)
            if trail is not None:
                _not_counted(trail, ev, p, q, row, "both_unrated")
            continue
        s = res.score
        ep = 1.0 / (1.0 + 10.0 ** ((rq - rp) / scale))
        eq = 1.0 / (1.0 + 10.0 ** ((rp - rq) / scale))
        kp, kq = k_values[bisect_right(k_bounds, rp)], k_values[bisect_right(k_bounds, rq)]
        dp, dq = kp * (s - ep), kq * ((1 - s) - eq)
        if not q_rated:
            n = nq + 1
            dp = dp * (n / rated_n) * share
            dq = dq * (numerator - n) / rated_n
        elif not p_rated:
            n = np_ + 1
            dq = dq * (n / rated_n) * share
            dp = dp * (numerator - n) / rated_n
        rating[p], rating[q] = rp + dp, rq + dq
        games_n[p], games_n[q] = np_ + 1, nq + 1
        if trail is not None:
            fp = 1.0 if q_rated and p_rated else (nq + 1) / rated_n * share if p_rated else \
                (numerator - np_ - 1) / rated_n
            fq = 1.0 if q_rated and p_rated else (np_ + 1) / rated_n * share if q_rated else \
                (numerator - nq - 1) / rated_n
            # AUDIT's order: the ratings before, We, K, the §6 factor, the change, the rating after
            trail.append(GameAudit(p, q, ev, row, (rp, rq, ep, kp, fp, dp, rp + dp)))
            trail.append(GameAudit(q, p, ev, row, (rq, rp, eq, kq, fq, dq, rq + dq)))
        t = acc[p, ev]
        t.games += 1
        t.score += s
        t.expected += ep
        t.k = kp
        t.change += dp
        t = acc[q, ev]
        t.games += 1
        t.score += 1 - s
        t.expected += eq
        t.k = kq
        t.change += dq
    return acc


#: the per-game facts :func:`_rate` keeps (:class:`~.base.GameAudit`), in this order
AUDIT = (("own_before", "rating"), ("opponent_rating", "rating"), ("game_expected", "decimal3"), ("game_k", "int"),
         ("game_factor", "decimal3"), ("game_change", "signed2"), ("own_after", "rating"))


def _not_counted(trail: list[GameAudit], ev: str, p: str, q: str, row: int | None, why: str) -> None:
    trail.append(GameAudit(p, q, ev, row, (), why))
    trail.append(GameAudit(q, p, ev, row, (), why))


def rate_block(p: Any, q: Any, score: Any, forfeit: Any, rating: Any, games: Any, t_games: Any, t_score: Any,
               t_expected: Any, t_k: Any, t_change: Any, touched: Any, n_touched: int, flags: Any, rated_n: int,
               scale: float, share: float, numerator: float, k_bounds: Any, k_values: Any) -> int:
    """The columnar kernel: the games of one block, players as indices (``p``, ``q``), in
    turn -- :func:`_rate`'s arithmetic, the same operations in the same order, over arrays.

    ``rating``, ``games``: each player's rating and counted games (updated); ``t_*``: the
    change report's sums per player (``t_k``: the index of the last K in ``k_values``);
    ``touched``: the players in the order first counted (``n_touched`` so far, returned);
    ``flags``: set per game to 1 (forfeit) or 2 (both unrated: not counted).  Plain loops
    over indexable numbers: run as it is over lists (the pure path), or compiled by numba
    over NumPy arrays (:mod:`xl_ratings.jobs.list_kernel`) -- the same floats, bit for bit
    (``tests/jobs/test_list_kernel_equals_rulebook.py``)."""
    nb = len(k_bounds)
    for j in range(len(p)):
        if forfeit[j]:
            flags[j] = 1
            continue
        a, b = p[j], q[j]
        rp, rq, na, nq = rating[a], rating[b], games[a], games[b]
        p_rated, q_rated = na >= rated_n, nq >= rated_n
        if not p_rated and not q_rated:
            flags[j] = 2
            continue
        s = score[j]
        ep = 1.0 / (1.0 + 10.0 ** ((rq - rp) / scale))
        eq = 1.0 / (1.0 + 10.0 ** ((rp - rq) / scale))
        ka = 0
        while ka < nb and rp >= k_bounds[ka]:     # bisect_right(k_bounds, rp)
            ka += 1
        kb = 0
        while kb < nb and rq >= k_bounds[kb]:
            kb += 1
        dp, dq = k_values[ka] * (s - ep), k_values[kb] * ((1 - s) - eq)
        if not q_rated:
            n = nq + 1
            dp = dp * (n / rated_n) * share
            dq = dq * (numerator - n) / rated_n
        elif not p_rated:
            n = na + 1
            dq = dq * (n / rated_n) * share
            dp = dp * (numerator - n) / rated_n
        rating[a], rating[b] = rp + dp, rq + dq
        games[a], games[b] = na + 1, nq + 1
        if t_games[a] == 0:
            touched[n_touched] = a
            n_touched += 1
        t_games[a] += 1
        t_score[a] += s
        t_expected[a] += ep
        t_k[a] = ka
        t_change[a] += dp
        if t_games[b] == 0:
            touched[n_touched] = b
            n_touched += 1
        t_games[b] += 1
        t_score[b] += 1 - s
        t_expected[b] += eq
        t_k[b] = kb
        t_change[b] += dq
    return n_touched


def _rate_encoded(enc: Encoded, rating: dict[str, float], games_n: dict[str, int], players: Mapping[str, Player],
                  params: LianzhongParams, checks: CheckLog) -> list[ChangeLine]:
    """:func:`_rate` over a feed's encoded blocks (:class:`~.feed.Encoded`), with its kernel;
    the change report's lines in the order :func:`_rate` makes them."""
    ids = enc.ids
    n = len(ids)
    r, g = enc.floats([rating[pid] for pid in ids]), enc.ints([games_n[pid] for pid in ids])
    tg, tk, touched = enc.zeros(n), enc.zeros(n), enc.zeros(n)
    ts, te, tc = enc.zeros(n, floats=True), enc.zeros(n, floats=True), enc.zeros(n, floats=True)
    k_values = [k for _, k in params.k_table] + [params.k_table[-1][1]]
    kb, kv = enc.floats([b for b, _ in params.k_table]), enc.floats(k_values)
    nt = 0
    for p, q, score, forfeit, rows in enc.blocks():
        if len(ids) > n:    # a list read once met new players (indices after the others'): at the start state
            arrived = [start_state(players[pid], params) for pid in ids[n:]]
            for pid, st in zip(ids[n:], arrived):
                rating[pid], games_n[pid] = st.rating, st.games     # type: ignore[assignment]  # given
            zeros = [0] * len(arrived)
            r, g = enc.grow(r, [st.rating for st in arrived]), enc.grow(g, [st.games for st in arrived])
            tg, tk, touched = enc.grow(tg, zeros), enc.grow(tk, zeros), enc.grow(touched, zeros)
            ts, te, tc = (enc.grow(t, [0.0] * len(arrived)) for t in (ts, te, tc))
            n = len(ids)
        flags = enc.zeros(len(p))
        nt = enc.kernel(p, q, score, forfeit, r, g, tg, ts, te, tk, tc, touched, nt, flags, params.rated_games,
                        params.scale, params.rated_share, params.unrated_numerator, kb, kv)
        for j in enc.flagged(flags):
            a, b = ids[p[j]], ids[q[j]]
            if flags[j] == 1:
                checks.add("lianzhong.forfeit", "Games", int(rows[j]), player=a, opponent=b)
            else:
                checks.add("lianzhong.both_unrated", "Games", int(rows[j]), player=players[a].name,
                           opponent=players[b].name)
    lines: list[ChangeLine] = []
    r, g, tg, ts, te, tk, tc = (enc.values(a) for a in (r, g, tg, ts, te, tk, tc))     # Python floats and ints
    # a platform's 10⁵ players: the names looked up once
    line, add, event, as_float, as_int = ChangeLine, lines.append, enc.event, float, int
    for i in enc.first(touched, nt):
        pid = ids[i]
        rating[pid], games_n[pid] = as_float(r[i]), as_int(g[i])
        add(line(pid, event, as_int(tg[i]), as_float(ts[i]), as_float(te[i]), k_values[as_int(tk[i])],
                 as_float(tc[i])))
    return lines


def _lists(records: Records, states: Mapping[str, LianzhongState], rating: Mapping[str, float],
           games_n: Mapping[str, int], awarded: Mapping[str, str],
           params: LianzhongParams) -> tuple[list[RatingLine], list[PendingLine], dict[str, State]]:
    """The published list (rated players placed, then the pending ones), the pending
    list, and everyone's state at the period's end."""
    awarded_titles = {t for _, t in params.awarded_titles}
    bounds, names = [t for t, _ in params.titles], [n for _, n in params.titles]
    rated_n, lowest = params.rated_games, params.lowest_title

    def title_of(new: float, n: int, award: str) -> str:     # title(), its tables made once
        if award and str(award).strip() in awarded_titles:
            return str(award).strip()
        return NO_TITLE if n < rated_n else threshold_lookup(bounds, names, new, below=lowest)
    new_states: dict[str, State] = {}
    # placed()'s order and places (rating descending, then id; equal ratings share a place), by id
    order = sorted((pid for pid in records.players if games_n[pid] >= rated_n), key=lambda pid: (-rating[pid], pid))
    place_of: dict[str, int] = {}
    last: float | None = None
    place = 0
    for i, pid in enumerate(order, start=1):
        v = rating[pid]
        if v != last:
            place, last = i, v
        place_of[pid] = place
    rated_lines: dict[str, RatingLine] = {}
    pending_lines: list[LianzhongRatingLine] = []
    pending: list[PendingLine] = []
    # a platform has 10⁵ players: the records made by position, the names looked up once
    state_of, line_of, award_of, place_at = LianzhongState, LianzhongRatingLine, awarded.get, place_of.get
    for pid, player in records.players.items():
        st = states[pid]
        new = rating[pid]
        n = games_n[pid]
        period_games = n - st.games
        rated = n >= rated_n
        status = "active" if rated else "pending"
        award = award_of(pid, "")
        # (period_end None, title_awarded)
        new_states[pid] = state_of(new, n, st.events, max(st.peak or new, new), status, period_games, None, award)
        honour = player.title
        # (place, title, honorary)
        line = line_of(pid, st.rating, new, status, n, period_games, place_at(pid), title_of(new, n, award),
                       honour if honour and honour not in awarded_titles else "")
        if rated:
            rated_lines[pid] = line
        else:
            pending_lines.append(line)
            pending.append(LianzhongPendingLine(pid, n, new=new))
    ratings: list[RatingLine] = [rated_lines[pid] for pid in order]
    ratings += sorted(pending_lines, key=lambda x: (-x.games, x.id))
    return ratings, pending, new_states


def _titles(ratings: Sequence[RatingLine], params: LianzhongParams) -> list[StandardLine]:
    """The title table and how many on the list hold each title."""
    titles = [x.title for x in ratings if isinstance(x, LianzhongRatingLine)]
    standards: list[StandardLine] = [TitleLine(t, r, titles.count(t), "award")
                                     for r, t in sorted(params.awarded_titles, reverse=True)]
    standards += [TitleLine(t, r, titles.count(t)) for r, t in sorted(params.titles, reverse=True)]
    standards.append(TitleLine(params.lowest_title, None, titles.count(params.lowest_title)))
    return standards


def process(records: Records, states: Mapping[str, LianzhongState], period: Period,
            params: LianzhongParams, feed: GameFeed | None = None, checks: CheckLog | None = None) -> PeriodFacts:
    """Game by game, in the order the games were played (date, then the
    event's end, then round, then sheet row).  ``feed``: where the games come
    from (default: ``records.games``); ``checks``: the period's check log."""
    feed = feed if feed is not None else MemoryFeed(records)
    checks = checks if checks is not None else CheckLog()
    rating: dict[str, float] = {}
    for pid, st in states.items():
        assert st.rating is not None   # start_state gives everyone a rating
        rating[pid] = st.rating
    games_n = {pid: st.games for pid, st in states.items()}
    awarded = _awarded(records, states, period, params, checks)
    trail: list[GameAudit] | None = [] if audit_on(feed) else None
    encoded = getattr(feed, "encoded", None) if trail is None else None
    enc = encoded(period) if encoded is not None else None     # a list's columns, players as indices
    if enc is not None:
        changes = _rate_encoded(enc, rating, games_n, records.players, params, checks)
        if len(records.players) > len(states):      # new players met in a list read once
            states = {**states, **{pid: start_state(pl, params) for pid, pl in records.players.items()
                                   if pid not in states}}
    else:
        acc = _rate(feed.dated(period, _order(records)), rating, games_n, records.players, params, checks, trail)
        changes = [ChangeLine(pid, ev, t.games, t.score, t.expected, t.k, t.change) for (pid, ev), t in acc.items()]
    ratings, pending, new_states = _lists(records, states, rating, games_n, awarded, params)
    return PeriodFacts("lianzhong", period, ratings, changes, checks.finish(), new_states,
                       _titles(ratings, params), pending, games=trail or [])



# --------------------------------------------------------------------------- words



def _standard_name(value: float, certified: Any = None) -> str:
    return title(value, DEFAULTS.rated_games)


def _title_rating(name: Any) -> float:
    return title_rating(str(name).strip())


# --------------------------------------------------------------------------- sample

#: The sample's club: the code a pairing program writes, the name the Players sheet writes.
CLUBS = (("LZ", "联众象棋", "联众"),)


def sample() -> dict[str, list[list[Any]]]:
    """Ten months of an online platform's ranked games."""
    import datetime as dt

    day = sample_kit.day
    f = sample_kit.SampleFederation(2026_004, "lianzhong")
    for i in range(1, 31):
        pid = f"LZ{i:03d}"
        new = i > 24
        rating = None if new else round(2450 - i * 40 + f.rnd.uniform(-20, 20))
        honour = "特级大师" if i == 1 else ("国家大师" if i == 4 else "")
        f.player(pid, (rating or 1500) + f.rnd.uniform(-50, 50), sex="M", club="联众象棋",
                 rank="", rating=rating, games=None if new else 40 + i, events=None, peak=None,
                 title=honour, member="yes")
    ids = [p["id"] for p in f.players]
    for m in range(1, 11):
        eid = f"LZ26-{m:02d}"
        start = day(2026, m, 1)
        end = day(2026, m, 28)
        f.events.append({"event": eid, "name": f"联众象棋 {m}月 排位对局", "start": start, "end": end,
                         "format": "games", "class": "", "level": "", "champion": None})
        for n in range(40):
            a, b = f.rnd.sample(ids, 2)
            when = start + dt.timedelta(days=n * 27 // 40)
            f.game(eid, when, n + 1, a, b, f.result(a, b, draws=0.15))
    f.games[17]["result"] = "-"
    f.awards.append({"player": "LZ002", "award": "一级大师", "date": day(2026, 6, 1)})
    return f.tables([["system", "lianzhong"], ["federation", "联众象棋 (示例)"]], CLUBS)


# --------------------------------------------------------------------------- the record

SYSTEM = System(
    name="lianzhong",
    game="xiangqi",
    title="联众象棋等级分 (Lianzhong Xiangqi rating)",
    federation="联众象棋",
    lang="zh-Hans",
    params_type=LianzhongParams,
    state_type=LianzhongState,
    calendar=FLEXIBLE,
    start_state=start_state,
    process=process,
    sheets=(
        Sheet("Ratings", "ratings", cols(
            "place", "id", "name", "club", "old:rating", "new:rating", "change:signed_rating", "status:status",
            "games", "period_games", "title", "honorary")),
        Sheet("Changes", "changes", cols(
            "id", "name", "event", "event_name", "games", "score", "expected:dec3", "k", "change:signed2")),
        Sheet("Pending", "pending", cols("id", "name", "club", "new:rating", "games")),
        Sheet("Standards", "standards", cols("title=rank", "rating:whole", "count", "source")),
    ),
    messages=C.LIANZHONG,
    rank_name=Rank.chinese,
    standard_name=_standard_name,
    rank_rating=_title_rating,
    sample=sample,
    json_players=("title",),
    # new players start at 1400, 九级棋士 is below 1100, 特级大师 from 2600
    rating_range=(100, 4000),
    # each game as §5–§6 rate it: the ratings before, We, K, the rated/unrated factor, the change
    audit_columns=AUDIT,
    audit_note=("本局变动 = K × (得分 − 期望得分) × 系数；系数：双方均有级别为 1，有级别者对无级别者为 (n/20) × (2/3)，"
                "无级别者为 (41 − n)/20（n：无级别一方含本局的计数局数）；赛后等级分即下一局的赛前等级分；"
                "显示的变动为赛后与赛前等级分（均四舍五入）之差。",
                "The game's change = K × (score − expected) × factor; the factor is 1 when both are rated, "
                "(n/20) × (2/3) for a rated player against an unrated one, (41 − n)/20 for the unrated player "
                "(n: the unrated player's counted games, this one included); the rating after is the next "
                "game's rating before; the change shown is the rating after less the rating before, as printed."),
)
