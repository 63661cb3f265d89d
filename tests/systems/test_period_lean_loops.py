"""shanghai's and gor's period engines sum an event's games in lean loops (shanghai: every side
counting, or registered players only; gor: a tournament without forfeits or handicaps) and build
their lines without the dataclasses' ``__init__`` (systems/lines.line_maker).  Their facts -- the
ratings, change lines, checks in order, states, pending and inactive lists, fees -- are those of
the former code, kept here verbatim, to the last bit: random federations with women below 2240
against men, unrated and non-registered players, forfeits, handicaps, draws, champions, Swiss
events and round robins, equal ratings, ratings that are not whole."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping
from operator import itemgetter
from typing import Any

import pytest

from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import gor, shanghai
from xl_ratings.systems.base import ChangeLine, CheckLog, GameAudit, PeriodFacts, RatingLine, State
from xl_ratings.systems.common import placed, with_place
from xl_ratings.systems.feed import MemoryFeed
from xl_ratings.systems.game_result import Result
from xl_ratings.systems.lines import line_maker
from xl_ratings.systems.period import date_range, half_year
from xl_ratings.systems.rows import Event, Game, Player

# --------------------------------------------------------------------------- the former code, verbatim

Change, group_change, k_factor, pc_table = shanghai.Change, shanghai.group_change, shanghai.k_factor, shanghai.pc_table
ShanghaiChangeLine, ShanghaiParams = shanghai.ShanghaiChangeLine, shanghai.ShanghaiParams


def former_event_games(run, ev: Event, games: Iterable[Game], players: Mapping[str, Player],
                       params, checks: CheckLog) -> tuple[dict[str, dict[float, list[Any]]], set[str]]:
    per: dict[str, dict[float, list[Any]]] = defaultdict(dict)   # player -> own -> [opponents' ratings, W]
    if not isinstance(games, list):
        games = list(games)
    entrants = set(map(itemgetter(3), games))     # Game.player and Game.opponent, at C speed
    entrants.update(map(itemgetter(4), games))
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
    return per, entrants


def former_event_changes(run, ev: Event, per: Mapping[str, Mapping[float, list[Any]]],
                         players: Mapping[str, Player], params, checks: CheckLog) -> None:
    table = pc_table(params)
    cap = params.max_difference
    floor, copysign = math.floor, math.copysign
    fsum = math.fsum
    protect, eid, add, Line = params.champion_protected, ev.id, run.changes.append, ShanghaiChangeLine
    for p, groups in sorted(per.items()):
        if run.r0[p] is not None:
            k = k_factor(run.counts[p][0], run.counts[p][1], run.peak[p], params)
        else:
            k = params.k_first_rating
        # one line per own rating used (a woman who met men and women has two)
        if table is None:
            parts = [group_change(own, len(groups[own][0]), fsum(groups[own][0]), groups[own][1], k, params)
                     for own in sorted(groups)]
        else:       # group_change written out, PC looked up: the same operations
            parts = []
            for own in sorted(groups) if len(groups) > 1 else groups:
                opponents, w = groups[own]
                n = len(opponents)
                if not n:
                    parts.append(group_change(own, 0, 0.0, w, k, params))
                    continue
                mean = fsum(opponents) / n
                x = own - mean
                d = int(copysign(floor(abs(x) + 0.5), x))       # round_half_away
                we = n * table[(d if d < cap else cap) + cap if d > -cap else 0]
                parts.append(Change(own, n, mean, d, w, we, k, k * (w - we)))
        if len(parts) == 1:     # nearly every player: one own rating (sum() of one, without a generator)
            c = parts[0]
            ev_delta, n = sum((c.change,)), c.games
        else:
            ev_delta, n = sum([c.change for c in parts]), sum([c.games for c in parts])
        protected = None
        if protect and ev.champion == p and ev_delta < 0:
            protected = ev_delta
            checks.add("shanghai.champion", "Events", ev.row, player=players[p].name, change=ev_delta)
            ev_delta = 0.0
        for j, c in enumerate(parts):
            add(Line(p, eid, c.games, c.score, c.expected, c.k, 0.0 if protected is not None else c.change,
                     c.own, c.opponent_mean, c.difference, protected if j == 0 else None))   # in field order
        if run.r0[p] is not None:
            run.delta[p] += ev_delta
            run.counts[p][0] += n
            run.counts[p][1] += 1
        else:
            e = run.pend[p]
            e.games += n
            e.change += ev_delta
            e.events += 1
            e.since = e.since or (ev.start or ev.end)
        run.period_games[p] += n


events_in, GorChangeLine, GorRatingLine, GorState = gor.events_in, gor.GorChangeLine, gor.GorRatingLine, gor.GorState
Counter, StandardLine, _tournament, _fees = gor.Counter, gor.StandardLine, gor._tournament, gor._fees


def former_gor_process(records, states, period, params, feed=None, checks=None) -> PeriodFacts:
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
    period_games: dict[str, int] = defaultdict(int)
    changes: list[ChangeLine] = []
    for ev, games in feed.by_event(events_in(records, period)):
        w, acc = _tournament(ev, games, rating, wins, params, checks)
        for (p, _), t in sorted(acc.items()):
            before = rating[p]
            after = max(params.floor, before + t.change)
            if after != before + t.change:
                checks.add("gor.floor", "Players", players[p].row, event=ev.name, player=players[p].name,
                           floor=params.floor)
            changes.append(GorChangeLine(p, ev.id, t.games, t.score, t.expected, t.k, after - before,
                                         before, w))      # own, weight: in field order
            period_games[p] += t.games
            games_n[p] += t.games
            events_n[p] += 1
        for (p, _), t in acc.items():   # applied at the tournament's end
            rating[p] = max(params.floor, rating[p] + t.change)

    fees = _fees(records, feed, period, params)
    owed: dict[str, float] = defaultdict(float)
    for f in fees:
        owed[f.id] += f.fee
    new_states: dict[str, State] = {}
    lines: list[GorRatingLine] = []
    for pid, player in players.items():
        st = states[pid]
        new = rating[pid]
        pk = max(x for x in (st.peak, new) if x is not None)
        new_states[pid] = GorState(new, games_n[pid], events_n[pid], pk, "active",
                                   period_games.get(pid, 0), wins=wins[pid])
        lines.append(GorRatingLine(pid, st.rating, new, "active", games_n[pid], period_games.get(pid, 0),
                                   standard=params.ladder.standard(new), wins=wins[pid],
                                   certificate=wins[pid] >= params.certificate_wins, member=player.member,
                                   fee=owed.get(pid, 0.0)))
    ratings: list[RatingLine] = [with_place(x, place) for x, place in placed(lines, rating)]
    meeting = Counter(x.standard for x in lines)
    standards = [StandardLine(r, v, meeting[r]) for r, v in sorted(params.rank_gor, key=lambda rv: -rv[1])]
    return PeriodFacts("gor", period, ratings, changes, checks.finish(), new_states, standards, fees=fees)


# --------------------------------------------------------------------------- random federations

def federation(system: str, seed: int):
    """Records of a random federation: (records, period)."""
    rnd = random.Random(seed)
    base = sample_records(system)
    n = rnd.randint(6, 40)
    players: dict[str, Player] = {}
    for i in range(n):
        pid = f"P{rnd.randint(0, 10**6):07d}" if rnd.random() < 0.5 else f"P{i:03d}"
        if pid in players:
            continue
        woman = rnd.random() < 0.4
        whole = rnd.random() < 0.8
        rating: float | None = rnd.randint(1900, 2600) if whole else round(rnd.uniform(1900, 2600), 2)
        if system == "shanghai" and rnd.random() < 0.25:
            rating = None       # pending
        if system == "gor":
            rating = rnd.choice([float(rnd.randint(100, 2700)), rnd.uniform(50, 2750), 2000.0, 1200.0])
        member = system == "gor" and rnd.random() < 0.7 or system == "shanghai" and rnd.random() < 0.9
        players[pid] = Player(pid, f"name {pid}", sex="F" if woman else "M", rating=rating,
                              games=rnd.choice([None, 0, 5, 40]), events=rnd.choice([None, 0, 1, 5]),
                              peak=rnd.choice([None, None, 2410.0]),
                              member=member, rif=rnd.choice([None, 2300.0, 2150.5]), row=i + 2)
    ids = sorted(players)
    if system == "shanghai":
        period = half_year(2026, 1)
    else:
        period = date_range(dt.date(2026, 1, 1), dt.date(2026, 12, 31))
    events: dict[str, Event] = {}
    games: list[Game] = []
    row = 2
    for e in range(rnd.randint(1, 6)):
        eid = f"E{e}"
        end = period.start + dt.timedelta(days=rnd.randint(0, 150))
        who = rnd.sample(ids, rnd.randint(2, len(ids)))
        forfeits, handicaps = rnd.random() < 0.3, rnd.random() < 0.3
        events[eid] = Event(eid, f"event {e}" + ("等级赛" if rnd.random() < 0.2 else ""), end, end,
                            format=rnd.choice(["round_robin", "swiss"]),
                            cls=rnd.choice(["A", "B", "C", ""]),
                            champion=rnd.choice(who) if rnd.random() < 0.6 else "", row=e + 2)
        for _ in range(rnd.randint(1, 60)):
            a, b = rnd.sample(who, 2)
            score = rnd.choice([0.0, 0.5, 1.0, 1.0, 0.0])
            result = Result(score, forfeits and rnd.random() < 0.2 and score != 0.5)
            h = float(rnd.choice([0, 0, 2, -3])) if handicaps else 0.0
            games.append(Game(eid, end, 1, a, b, result, h, row))
            row += 1
    rnd.shuffle(games)      # the Games sheet in any order: each event's games in row order
    games.sort(key=lambda g: g.row)
    params = base.params
    if system == "shanghai":    # a small cap on D too: differences beyond it, both ways
        params = dataclasses.replace(params, max_difference=rnd.choice([400, 400, 18, 4]),
                                     k_new=rnd.choice([25, 25.5]))
    records = dataclasses.replace(base, players=players, events=events, games=games, awards=[], params=params)
    return records, period


def facts_of(system: str, records, period, former: bool, audit: bool = False) -> str:
    sysrec = records.system
    params = records.params
    states = {pid: sysrec.start_state(p, params) for pid, p in records.players.items()}
    feed = MemoryFeed(records, audit=audit)
    if system == "gor":
        process = former_gor_process if former else gor.process
        return repr(process(records, states, period, params, feed, CheckLog()))
    with pytest.MonkeyPatch.context() as m:
        if former:
            m.setattr(shanghai, "_event_games", former_event_games)
            m.setattr(shanghai, "_event_changes", former_event_changes)
        return repr(shanghai.process(records, states, period, params, feed, CheckLog()))


@pytest.mark.parametrize("system", ["shanghai", "gor"])
@pytest.mark.parametrize("seed", range(60))
def test_the_lean_loops_give_the_former_facts(system: str, seed: int) -> None:
    records, period = federation(system, seed)
    now = facts_of(system, records, period, former=False)
    assert "Line(" in now       # facts were made: lines, not an empty period
    assert now == facts_of(system, records, period, former=True)


@pytest.mark.parametrize("seed", range(10))
def test_the_audit_trail_too(seed: int) -> None:
    records, period = federation("shanghai", seed)
    assert facts_of("shanghai", records, period, False, audit=True) == \
        facts_of("shanghai", records, period, True, audit=True)


def test_every_path_is_taken() -> None:
    """The random federations reach each of shanghai's three loops and both of gor's."""
    seen: dict[str, int] = defaultdict(int)
    with pytest.MonkeyPatch.context() as m:
        for name in ("_summed", "_counted", "_walked"):
            def spy(*args: Any, __name: str = name, __f: Any = getattr(shanghai, name)) -> Any:
                seen[__name] += 1
                return __f(*args)
            m.setattr(shanghai, name, spy)
        def tour(*args: Any, __f: Any = gor._tournament) -> Any:
            seen["_tournament"] += 1
            return __f(*args)
        m.setattr(gor, "_tournament", tour)
        for seed in range(60):
            for system in ("shanghai", "gor"):
                records, period = federation(system, seed)
                facts_of(system, records, period, former=False)
    events = sum(len(federation("gor", seed)[0].events) for seed in range(60))
    assert seen["_summed"] and seen["_counted"] and seen["_walked"]
    assert 0 < seen["_tournament"] < events


def test_a_line_maker_builds_what_the_class_builds() -> None:
    fields = ("P1", "E1", 3, 2.5, 1.25, 15.0, -0.0, 2200.0, 2187.5, 13, None)
    made = line_maker(ShanghaiChangeLine)(*fields)
    assert made == ShanghaiChangeLine(*fields)
    assert type(made) is ShanghaiChangeLine and repr(made) == repr(ShanghaiChangeLine(*fields))
    assert hash(made) == hash(ShanghaiChangeLine(*fields))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.games = 4      # type: ignore[misc]

    @dataclasses.dataclass
    class Open:
        a: int
        b: int = dataclasses.field(default=0, init=False)
    assert line_maker(Open) is Open      # not slotted: the class itself
