"""Lianzhong period processing (SPEC §3, seed 004): game by game, in the
order the games were played (date, then round, then sheet row)."""

from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter

from ..model import Inputs, Player, State
from ..periods import Period
from ..systems import lianzhong as lz
from .common import CheckLog, PeriodResult, Table, Tallies, placed


def start_state(p: Player, params: lz.LianzhongParams) -> State:
    r = p.rating if p.rating is not None else params.start
    return State(r, p.games or 0, p.events or 0, max(p.peak or r, r), "active",
                 {"title_awarded": p.title if p.title in {t for _, t in params.awarded_titles} else ""})


def _round_key(v):
    try:
        return (0, float(v))
    except (TypeError, ValueError):
        return (1, str(v or ""))


def process(inputs: Inputs, states: dict[str, State], period: Period,
            params: lz.LianzhongParams) -> PeriodResult:
    players = inputs.players
    checks = CheckLog()
    rating = {pid: st.rating for pid, st in states.items()}
    olds = dict(rating)
    games_n = {pid: st.games for pid, st in states.items()}
    awarded = {pid: st.extra.get("title_awarded", "") for pid, st in states.items()}
    for a in inputs.awards:
        if a.award in {t for _, t in params.awarded_titles} and (a.date is None or a.date <= period.end):
            old = awarded.get(a.player, "")
            rank = {t: r for r, t in params.awarded_titles}
            if not old or rank[a.award] > rank.get(old, 0):
                awarded[a.player] = a.award
        elif a.award not in {t for _, t in params.awarded_titles}:
            checks.add("lianzhong.award", "Awards", a.row,
                       f"{a.award!r}: 只有特级大师、一级大师由比赛授予 (only 特级大师/一级大师 are awarded)")
    todo = [g for g in inputs.games if period.contains(g.date)]
    # order: date, then the event's end, then round, then sheet row -- as
    # stable sorts from the last key to the first, each only when it matters
    todo.sort(key=attrgetter("row"))
    if any(g.round is not None for g in todo):
        todo.sort(key=lambda g: _round_key(g.round))
    if len(inputs.events) > 1:
        ends = {e.id: e.end for e in inputs.events.values()}
        todo.sort(key=lambda g: ends[g.event])
    todo.sort(key=attrgetter("date"))
    acc = Tallies()
    # The arithmetic of lz.update (seed 004 §5–§7), inlined: a platform has
    # millions of games.  tests/test_properties.py replays random games
    # through lz.update and requires the very same floats.
    scale, rated_n = params.scale, params.rated_games
    share, numerator = params.rated_share, params.unrated_numerator
    k_bounds = [b for b, _ in params.k_table]          # K for rating < bound (§5)
    k_values = [k for _, k in params.k_table] + [params.k_table[-1][1]]

    for ev, _, _, p, q, res, _, row in todo:
        if res.forfeit:
            checks.add("lianzhong.forfeit", "Games", row,
                       f"弃权局不计 (forfeit {p}–{q}: not rated)")
            continue
        rp, rq, np_, nq = rating[p], rating[q], games_n[p], games_n[q]
        p_rated, q_rated = np_ >= rated_n, nq >= rated_n
        if not p_rated and not q_rated:
            checks.add("lianzhong.both_unrated", "Games", row,
                       f"{players[p].name}–{players[q].name}: 双方均无级别，不计 (both unrated: not counted)")
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
    checks = checks.finish()
    period_games = {pid: games_n[pid] - states[pid].games for pid in players}
    change_rows = [{"id": pid, "name": players[pid].name, "event": ev,
                    "event_name": inputs.events[ev].name, "games": t.games, "score": t.score,
                    "expected": t.expected, "k": t.k, "change": t.change}
                   for (pid, ev), t in acc.items()]
    new_states, rows, pending = {}, [], []
    for pid, p in players.items():
        st = states[pid]
        new = rating[pid]
        rated = lz.is_rated(games_n[pid], params)
        title = lz.title(new, games_n[pid], awarded.get(pid), params)
        honorary = p.title if p.title and p.title not in {t for _, t in params.awarded_titles} else ""
        status = "active" if rated else "pending"
        new_states[pid] = State(new, games_n[pid], st.events, max(st.peak or new, new), status,
                                {"title_awarded": awarded.get(pid, ""),
                                 "period_games": period_games.get(pid, 0)})
        row = {"id": pid, "name": p.name, "club": p.club, "old": st.rating, "new": new,
               "change": new - st.rating, "status": status, "games": games_n[pid],
               "period_games": period_games.get(pid, 0), "title": title, "honorary": honorary}
        (rows if rated else pending).append(row)
    ratings = placed(rows, "new") + [dict(r, place=None) for r in
                                     sorted(pending, key=lambda r: (-r["games"], r["id"]))]
    std_rows = [{"title": t, "rating": r, "count": sum(1 for x in ratings if x["title"] == t),
                 "source": "rating"} for r, t in sorted(params.titles, reverse=True)]
    std_rows.append({"title": params.lowest_title, "rating": None,
                     "count": sum(1 for x in ratings if x["title"] == params.lowest_title),
                     "source": "rating"})
    std_rows[:0] = [{"title": t, "rating": r, "count": sum(1 for x in ratings if x["title"] == t),
                     "source": "award"} for r, t in sorted(params.awarded_titles, reverse=True)]
    json_players = [{"id": r["id"], "name": r["name"], "old": r["old"], "new": r["new"],
                     "change": r["change"], "status": r["status"], "games": r["games"],
                     "title": r["title"]} for r in ratings]
    json_changes = [{k: c[k] for k in ("id", "event", "games", "score", "expected", "k", "change")}
                    for c in change_rows]
    chg = "+0.00;-0.00;0.00"
    return PeriodResult(
        "lianzhong", period,
        Table(["place", "id", "name", "club", "old", "new", "change", "status", "games", "period_games",
               "title", "honorary"], ratings, {"old": "0.00", "new": "0.00", "change": chg}),
        Table(["id", "name", "event", "event_name", "games", "score", "expected", "k", "change"],
              change_rows, {"expected": "0.000", "change": chg}),
        checks, new_states, olds,
        {"Pending": Table(["id", "name", "club", "new", "games"], pending, {"new": "0.00"}),
         "Standards": Table(["title", "rating", "count", "source"], std_rows, {"rating": "0"})},
        json_players, json_changes)
