"""Peng period (year) processing (SPEC §4, seed 000).

The annual score restarts every year from the base of the rank held on
Jan 1; the cumulative score carries over and never decreases.  Ranks used for
A and the multipliers are the certified ranks held at the year's start; a
rank awarded during the year (Awards sheet) counts from the next year.
"""

from __future__ import annotations

from collections import defaultdict

from ..model import Check, Inputs, Player, State
from ..periods import Period
from ..ranks import Rank, parse_rank
from ..systems import peng as pg
from .common import CheckLog, PeriodResult, Table, Tallies, placed


def start_state(p: Player, params: pg.PengParams) -> State:
    rank = p.rank or Rank.none()
    cum = p.rating if p.rating is not None else params.rung(rank).basic
    return State(cum, p.games or 0, p.events or 0, cum, "active", {"rank": rank.chinese()})


def process(inputs: Inputs, states: dict[str, State], period: Period,
            params: pg.PengParams) -> PeriodResult:
    players = inputs.players
    checks = CheckLog()
    rank0 = {pid: parse_rank(st.extra.get("rank") or "无级") for pid, st in states.items()}
    cum = {pid: st.rating for pid, st in states.items()}
    olds = dict(cum)
    annual = {pid: pg.year_base(rank0[pid], params) for pid in players}
    base = dict(annual)
    games_n = {pid: st.games for pid, st in states.items()}
    period_games: dict[str, int] = defaultdict(int)
    acc = Tallies()
    todo = sorted((g for g in inputs.games if period.contains(g.date)), key=lambda g: (g.date, g.row))
    for g in todo:
        ev = inputs.events[g.event]
        if g.result.forfeit:
            checks.append(Check("peng.forfeit", "Games", g.row,
                                f"弃权局不计 (forfeit {g.player}–{g.opponent}: not counted)"))
            continue
        for p, q, s in ((g.player, g.opponent, g.result.score), (g.opponent, g.player, 1 - g.result.score)):
            try:
                covered = pg.level_covers(ev.level, rank0[p], params)
            except ValueError as e:
                checks.append(Check("peng.level", "Events", ev.row, f"{ev.name}: {e}"))
                covered = True
            if not covered:
                checks.append(Check("peng.level", "Games", g.row,
                                    f"{players[p].name} ({rank0[p].chinese()}): {ev.name} 的级别 "
                                    f"({ev.level}) 不含此段级，本局不计 (event level does not cover the rank)"))
                continue
            ap = pg.annual_points(rank0[p], rank0[q], s, params)
            cp = pg.cumulative_points(rank0[q], s, params)
            annual[p] += ap
            cum[p] += cp
            games_n[p] += 1
            period_games[p] += 1
            acc[p, g.event].add(s, change=ap, other=cp)
    extra_points = defaultdict(float)
    for e in inputs.points:
        if period.contains(e.date):
            cum[e.player] += e.points
            extra_points[e.player] += e.points
            checks.append(Check(f"peng.{e.kind}", "Points", e.row,
                                f"{players[e.player].name}: {'测试' if e.kind == 'test' else '奖励'} "
                                f"{e.points:+g} ({e.note or e.kind})"))
    rank_end = dict(rank0)
    for a in inputs.awards:
        if a.date is None or period.contains(a.date):
            try:
                r = parse_rank(a.award)
                params.rung(r)
            except Exception:
                checks.append(Check("peng.award", "Awards", a.row, f"{a.award!r}: 不是段级 (not a rank)"))
                continue
            if r > rank_end[a.player]:
                rank_end[a.player] = r
    change_rows = [{"id": pid, "name": players[pid].name, "event": ev,
                    "event_name": inputs.events[ev].name, "rank": rank0[pid].chinese(),
                    "games": t.games, "score": t.score, "annual": t.change, "cumulative": t.other}
                   for (pid, ev), t in acc.items()]
    new_states, rows = {}, []
    for pid, p in players.items():
        st = states[pid]
        std = pg.standard(cum[pid], params)
        lab = pg.label(cum[pid], rank_end[pid], params)
        status = "active" if period_games.get(pid) else "inactive"
        new_states[pid] = State(cum[pid], games_n[pid], st.events, max(st.peak or 0, cum[pid]), status,
                                {"rank": rank_end[pid].chinese(), "annual": annual[pid],
                                 "period_games": period_games.get(pid, 0)})
        rows.append({"id": pid, "name": p.name, "club": p.club, "rank": rank_end[pid].chinese(),
                     "base": base[pid], "annual": annual[pid], "old": st.rating, "new": cum[pid],
                     "change": cum[pid] - st.rating, "cumulative": cum[pid],
                     "points": extra_points.get(pid, 0.0), "standard": std.chinese(), "label": lab,
                     "status": status, "games": games_n[pid], "period_games": period_games.get(pid, 0)})
    ratings = placed(rows, "annual")
    std_rows = [{"rank": r.rank.chinese(), "basic": r.basic, "coefficient": r.coefficient,
                 "multiplier": r.multiplier, "base": pg.year_base(r.rank, params),
                 "count": sum(1 for x in ratings if x["standard"] == r.rank.chinese()),
                 "source": "seed 000" if r.stated else "reconstructed 重建"}
                for r in sorted(params.ladder_rows, key=lambda r: r.rank, reverse=True)]
    json_players = [{"id": r["id"], "name": r["name"], "old": r["old"], "new": r["new"],
                     "change": r["change"], "status": r["status"], "games": r["games"],
                     "annual": r["annual"], "cumulative": r["cumulative"], "standard": r["standard"],
                     "label": r["label"]} for r in ratings]
    json_changes = [{"id": c["id"], "event": c["event"], "games": c["games"], "score": c["score"],
                     "expected": None, "k": None, "change": c["cumulative"], "annual": c["annual"]}
                    for c in change_rows]
    return PeriodResult(
        "peng", period,
        Table(["place", "id", "name", "club", "rank", "base", "annual", "old", "cumulative", "change",
               "points", "standard", "label", "status", "games", "period_games"], ratings,
              {"base": "0.00", "annual": "0.00", "old": "0.00", "cumulative": "0.00", "change": "+0.00;-0.00;0.00",
               "points": "0.00"}),
        Table(["id", "name", "event", "event_name", "rank", "games", "score", "annual", "cumulative"],
              change_rows, {"annual": "+0.00;-0.00;0.00", "cumulative": "+0.00;-0.00;0.00"}),
        checks.finish(), new_states, olds,
        {"Standards": Table(["rank", "basic", "coefficient", "multiplier", "base", "count", "source"],
                            std_rows, {"base": "0.00"})},
        json_players, json_changes)
