"""GoR period processing (SPEC §2, seed 002).

EGF style: tournaments in date order; all games of one tournament use the
ratings at its start; the changes are summed and applied at its end, with
the class weight and the floor of 100.  Forfeits (§7): the absent player is
charged the loss, the winner's game is not counted.
"""

from __future__ import annotations

from collections import defaultdict

from ..model import Check, Inputs, Player, State
from ..periods import Period
from ..systems import gor as g_
from .common import CheckLog, PeriodResult, Table, Tallies, events_in, games_by_event, placed, sides


def start_state(p: Player, params: g_.GorParams) -> State:
    if p.rating is not None:
        r = p.rating
    elif p.rank is not None:
        r = params.ladder.value(p.rank)   # 表I
    else:
        r = None
    return State(r, p.games or 0, p.events or 0, max(p.peak or 0, r or 0) or None, "active",
                 {"wins": p.wins or 0})   # §9: valid wins already on record count too


def process(inputs: Inputs, states: dict[str, State], period: Period,
            params: g_.GorParams) -> PeriodResult:
    players = inputs.players
    checks = CheckLog()
    rating = {pid: st.rating for pid, st in states.items()}
    olds = dict(rating)
    games_n = {pid: st.games for pid, st in states.items()}
    events_n = {pid: st.events for pid, st in states.items()}
    wins = {pid: st.extra.get("wins", 0) for pid, st in states.items()}
    period_games: dict[str, int] = defaultdict(int)
    change_rows = []
    by_event = games_by_event(inputs)
    for ev in events_in(inputs, period):
        try:
            w = g_.class_weight(ev.cls, params)
        except ValueError as e:
            checks.append(Check("gor.class", "Events", ev.row, f"{ev.name}: {e}; counted as A (1.0)"))
            w = 1.0
        acc = Tallies()
        for g in by_event.get(ev.id, []):
            if g.result.forfeit:
                checks.append(Check("gor.forfeit", "Games", g.row,
                                    f"{ev.name}: 不戰勝 {g.player}–{g.opponent}: 缺席者照樣扣分，勝方不計 "
                                    "(forfeit: the absent player is charged the loss, the winner's game is not counted)"))
            for p, q, s, h in sides(g):
                if g.result.forfeit and s == 1:
                    continue
                if rating[p] is None or rating[q] is None:
                    continue
                se = g_.expected(rating[p], rating[q], h, s, params)
                c = g_.con(rating[p], params)
                acc[p, ev.id].add(s, se, c, c * (s - se) * w)
                if s == 1 and not g.result.forfeit:
                    wins[p] += 1
        for (p, _), t in sorted(acc.items()):
            before = rating[p]
            after = max(params.floor, before + t.change)
            if after != before + t.change:
                checks.append(Check("gor.floor", "Players", players[p].row,
                                    f"{players[p].name}: 棋力分不低於 {params.floor:.0f} (floor)"))
            change_rows.append({"id": p, "name": players[p].name, "event": ev.id, "event_name": ev.name,
                                "own": before, "games": t.games, "score": t.score, "expected": t.expected,
                                "k": t.k, "weight": w, "change": after - before, "note": ""})
            period_games[p] += t.games
            games_n[p] += t.games
            events_n[p] += 1
        for (p, _), t in acc.items():   # applied at the tournament's end
            rating[p] = max(params.floor, rating[p] + t.change)

    fees = _fees(inputs, period, params)
    new_states, rows = {}, []
    for pid, p in players.items():
        st = states[pid]
        new = rating[pid]
        cert = wins[pid] >= params.certificate_wins
        pk = max(x for x in (st.peak, new) if x is not None) if new is not None else None
        ns = State(new, games_n[pid], events_n[pid], pk, "active",
                   {"wins": wins[pid], "period_games": period_games.get(pid, 0)})
        new_states[pid] = ns
        std = params.ladder.standard(new) if new is not None else None
        fee = sum(f["fee"] for f in fees if f["id"] == pid)
        rows.append({"id": pid, "name": p.name, "club": p.club, "old": st.rating, "new": new,
                     "change": (new - st.rating) if new is not None and st.rating is not None else None,
                     "status": "active", "games": games_n[pid], "period_games": period_games.get(pid, 0),
                     "standard": std.go() if std else "", "wins": wins[pid],
                     "certificate": "是" if cert else "", "fee": fee, "member": "是" if p.member else "否"})
    ratings = placed(rows, "new")
    std_rows = [{"rank": r.go(), "rating": v, "count": sum(1 for x in ratings if x["standard"] == r.go())}
                for r, v in sorted(params.rank_gor, key=lambda rv: -rv[1])]
    json_players = [{"id": r["id"], "name": r["name"], "old": r["old"], "new": r["new"],
                     "change": r["change"], "status": "active", "games": r["games"],
                     "certificate": r["wins"] >= params.certificate_wins, "fee": r["fee"]}
                    for r in ratings]
    json_changes = [{"id": c["id"], "event": c["event"], "games": c["games"], "score": c["score"],
                     "expected": c["expected"], "k": c["k"], "change": c["change"]} for c in change_rows]
    chg = "+0.00;-0.00;0.00"
    return PeriodResult(
        "gor", period,
        Table(["place", "id", "name", "club", "old", "new", "change", "status", "games", "period_games",
               "standard", "wins", "certificate", "member", "fee"], ratings,
              {"old": "0.00", "new": "0.00", "change": chg, "fee": "$0"}),
        Table(["id", "name", "event", "event_name", "own", "games", "score", "expected", "k", "weight",
               "change", "note"], change_rows,
              {"own": "0.00", "expected": "0.000", "k": "0.0", "change": chg}),
        checks.finish(), new_states, olds,
        {"Fees": Table(["id", "name", "year", "member", "games", "fee"], fees, {"fee": "$0"}),
         "Standards": Table(["rank", "rating", "count"], std_rows, {"rating": "0"})},
        json_players, json_changes)


def _fees(inputs: Inputs, period: Period, params: g_.GorParams) -> list[dict]:
    """Registration fee per player per year touched by the period (seed 002 §3.1).

    Counts the games recorded in that year up to the period's end (earlier
    periods of the same year included); a forfeit win is not a recorded game.
    """
    years = sorted({g.date.year for g in inputs.games if period.contains(g.date)})
    out = []
    for y in years:
        n: dict[str, int] = defaultdict(int)
        for g in inputs.games:
            if g.date.year == y and g.date <= period.end:
                for p, _, s, _ in sides(g):
                    if not (g.result.forfeit and s == 1):
                        n[p] += 1
        for pid in sorted(n):
            p = inputs.players[pid]
            out.append({"id": pid, "name": p.name, "year": y, "member": "是" if p.member else "否",
                        "games": n[pid], "fee": g_.registration_fee(n[pid], p.member, params)})
    return out
