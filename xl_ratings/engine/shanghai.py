"""Shanghai period processing (SPEC §1, seed 001).

Every game of the period is computed from the rating published at the
period's start; tournaments in order of their end date (K and the new-player
counts move from one tournament to the next).  Pending (unrated) players
accumulate games against rated opponents at K = 25 from the provisional
rating until they reach 9 within two years.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

from pypinyin import lazy_pinyin

from ..errors import RatingInputError
from ..model import Check, Inputs, Player, State
from ..periods import Period
from ..ranks import parse_rank
from ..systems import shanghai as sh
from ..tables import round_half_up
from .common import CheckLog, PeriodResult, Table, events_in, games_by_event, months_before, placed

STATUS_ZH = {"active": "活跃", "inactive": "不活跃", "pending": "待定级"}


def start_state(p: Player, params: sh.ShanghaiParams) -> State:
    """A player's record before the first processed period, from the Players sheet."""
    if p.rating is None:
        return State(None, 0, 0, None, "pending",
                     {"pending_games": 0, "pending_change": 0.0, "pending_since": None,
                      "pending_events": 0, "pending_log": ""})
    # blank counts for a rated player mean "established" (SPEC §2 Players)
    games = p.games if p.games is not None else params.new_games
    events = p.events if p.events is not None else params.new_events
    peak = max(p.peak or p.rating, p.rating)
    return State(p.rating, games, events, peak, "active", {})


def parse_log(text: str | None) -> list[tuple]:
    """The pending log as the History stores it: ``end:games:events:change:since;…``."""
    out = []
    for item in (text or "").split(";"):
        if item.strip():
            end, games, events, change, since = item.split(":")
            out.append((dt.date.fromisoformat(end), int(games), int(events), float(change),
                        dt.date.fromisoformat(since) if since else None))
    return out


def format_log(log: list[tuple]) -> str:
    return ";".join(f"{end.isoformat()}:{g}:{e}:{c!r}:{since.isoformat() if since else ''}"
                    for end, g, e, c, since in log)


def provisional(p: Player, params: sh.ShanghaiParams) -> float:
    return params.provisional_women if p.sex == "F" else params.provisional_men


def reference(p: Player, params: sh.ShanghaiParams) -> tuple[float, str, bool]:
    """seed 001 §十三: the rating a non-registered player is counted at.

    Their RIF rating; else the standard of the rank the organiser announced;
    the higher of the two when both exist; else the provisional 2200/2040.
    Returns (rating, where it came from, whether it is more than provisional).
    """
    found = []
    if p.rif is not None:
        found.append((p.rif, "RIF"))
    if p.rank is not None:
        try:
            found.append((params.ladder.value(p.rank), f"段级 {p.rank.chinese()}"))
        except RatingInputError:
            pass
    if found:
        value, source = max(found)
        return value, source, True
    return provisional(p, params), "暂定 provisional", False


def process(inputs: Inputs, states: dict[str, State], period: Period,
            params: sh.ShanghaiParams) -> PeriodResult:
    players = inputs.players
    checks = CheckLog()
    r0 = {pid: st.rating for pid, st in states.items()}            # published at period start
    used = {pid: (r0[pid] if r0[pid] is not None else provisional(players[pid], params))
            for pid in players}
    # seed 001 §十三: non-registered players are counted at a reference rating, for
    # their opponents; they are not rated themselves and not on the published list.
    guests = {pid for pid, p in players.items() if not p.member}
    guest_ref = {pid: reference(players[pid], params) for pid in guests}
    for pid, (value, _, _) in guest_ref.items():
        used[pid] = value
    counts = {pid: [st.games, st.events] for pid, st in states.items()}
    peak = {pid: st.peak for pid, st in states.items()}
    # seed 001 §十: a first rating from games accumulated over at most two
    # consecutive years.  Each pending player carries a log of what each
    # period added; periods that ended more than two years before this
    # period's end drop out.
    pend = {pid: {"log": parse_log(st.extra.get("pending_log")), "games": 0, "events": 0,
                  "change": 0.0, "since": None}
            for pid, st in states.items() if st.rating is None}
    woman = {pid: p.sex == "F" for pid, p in players.items()}
    rated = {pid for pid, r in r0.items() if r is not None and pid not in guests} | \
        {pid for pid, (_, _, real) in guest_ref.items() if real}
    guest_played: set[str] = set()
    delta: dict[str, float] = defaultdict(float)
    period_games: dict[str, int] = defaultdict(int)
    change_rows = []
    by_event = games_by_event(inputs)

    for ev in events_in(inputs, period):
        evgames = by_event.get(ev.id, [])
        _eligibility(ev, evgames, rated, params, checks)
        per: dict[str, list[tuple[float, float, float]]] = defaultdict(list)   # own, opp, score
        swiss = ev.format == "swiss"
        floor = params.women_floor
        for _, _, _, a, b, res, _, row in evgames:
            if res.forfeit:   # seed 001 §十: unplayed games count for neither player
                checks.append(Check("shanghai.forfeit", "Games", row,
                                    f"{ev.name}: 弃权局不计分 (forfeit {a}–{b}: counts for neither)"))
                continue
            a_rated, b_rated = a in rated, b in rated
            if not a_rated and not b_rated:
                continue   # neither rated: counts for no first rating
            own_a, own_b = used[a], used[b]
            if woman[a] != woman[b]:   # seed 001 §十: a woman below 2240 counts as 2240 vs a man
                if woman[a]:
                    own_a = max(own_a, floor)
                else:
                    own_b = max(own_b, floor)
            score = res.score
            for p, q, own, opp, s, p_rated, q_rated in ((a, b, own_a, own_b, score, a_rated, b_rated),
                                                        (b, a, own_b, own_a, 1.0 - score, b_rated, a_rated)):
                if p in guests:
                    guest_played.add(p)
                    continue
                if swiss and p_rated and not q_rated:
                    checks.append(Check("shanghai.swiss_unrated", "Games", row,
                                        f"{players[p].name} 对未定级 {players[q].name}: 瑞士制不计 "
                                        "(Swiss game against an unrated opponent: not counted for the rated player)"))
                    continue
                per[p].append((own, opp, s))
        for p, rows in sorted(per.items()):
            if r0[p] is not None:
                k = sh.k_factor(counts[p][0], counts[p][1], peak[p], params)
            else:
                k = params.k_first_rating
            owns = {own for own, _, _ in rows}
            if len(owns) == 1:   # the usual case: one own rating for the whole event
                lines = [sh.tournament_change(rows[0][0], [o for _, o, _ in rows], [x for _, _, x in rows],
                                              k, params)]
            else:   # a woman who met men and women: one line per own rating used
                lines = [sh.tournament_change(own, [o for w, o, _ in rows if w == own],
                                              [x for w, _, x in rows if w == own], k, params)
                         for own in sorted(owns)]
            ev_delta = sum(c.change for c in lines)
            note = ""
            if params.champion_protected and ev.champion == p and ev_delta < 0:
                note = f"冠军不扣分 (champion: {ev_delta:+.2f} → 0)"
                checks.append(Check("shanghai.champion", "Events", ev.row,
                                    f"{players[p].name}: {note}"))
                ev_delta = 0.0
            n = sum(c.games for c in lines)
            for j, c in enumerate(lines):
                change_rows.append({
                    "id": p, "name": players[p].name, "event": ev.id, "event_name": ev.name,
                    "own": c.own, "games": c.games, "opponent_mean": c.opponent_mean,
                    "difference": c.difference, "score": c.score, "expected": c.expected, "k": c.k,
                    "change": (0.0 if note else c.change),
                    "note": note if j == 0 else ""})
            if r0[p] is not None:
                delta[p] += ev_delta
                counts[p][0] += n
                counts[p][1] += 1
            else:
                e = pend[p]
                e["games"] += n
                e["change"] += ev_delta
                e["events"] += 1
                e["since"] = e["since"] or (ev.start or ev.end)
            period_games[p] += n

    window = _window_games(inputs, states, period, params, period_games)

    awards = {}
    for a in inputs.awards:
        if a.date is None or period.contains(a.date):
            try:
                rank = parse_rank(a.award)
                std = params.ladder.value(rank)
            except Exception:
                checks.append(Check("shanghai.award", "Awards", a.row,
                                    f"{a.award!r}: 不是段级称号 (not a rank title on the ladder)"))
                continue
            if a.player not in awards or std > awards[a.player][1]:
                awards[a.player] = (rank, std)

    new_states: dict[str, State] = {}
    rating_rows, inactive_rows, pending_rows = [], [], []
    olds: dict[str, float | None] = {}
    for pid in sorted(guest_played):
        value, source, _ = guest_ref[pid]
        checks.append(Check("shanghai.non_registered", "Players", players[pid].row,
                            f"{players[pid].name}: 非注册棋手，按参照等级分 {value:.0f}（{source}）计算，"
                            "本人不计等级分 (non-registered: counted for opponents at this reference rating)"))
    for pid, p in players.items():
        if pid in guests:
            continue
        st = states[pid]
        olds[pid] = st.rating
        adjusted = ""
        if st.rating is not None:
            if window[pid] <= params.inactive_max_games:
                new, status = st.rating, "inactive"
                if delta.get(pid):
                    checks.append(Check("shanghai.inactive", "Players", p.row,
                                        f"{p.name}: 12个月内仅 {window[pid]} 局，不活跃，本期变化 "
                                        f"{delta[pid]:+.2f} 不计 (inactive: change not applied)"))
            else:
                new, status = float(round_half_up(st.rating + delta.get(pid, 0.0))), "active"
            games, events = counts[pid]
            extra = {}
        else:
            e = pend[pid]
            cutoff = months_before(period.end, 12 * params.first_rating_window_years)
            kept = [x for x in e["log"] if x[0] > cutoff]
            if len(kept) < len(e["log"]):
                checks.append(Check("shanghai.first_rating_window", "Players", p.row,
                                    f"{p.name}: 超过两年的待定级对局不再累计 (pending games from before "
                                    f"{cutoff} dropped: at most {params.first_rating_window_years} years)"))
            if e["games"]:
                kept.append((period.end, e["games"], e["events"], e["change"], e["since"]))
            total = sum(x[1] for x in kept)
            change = sum(x[3] for x in kept)
            if total >= params.first_rating_games:
                new = float(round_half_up(provisional(p, params) + change))
                status, games, events, extra = "active", total, sum(x[2] for x in kept), {}
                checks.append(Check("shanghai.first_rating", "Players", p.row,
                                    f"{p.name}: 首次获得等级分 {new:.0f} ({total} 局; first rating)"))
            else:
                new, status, games, events = None, "pending", 0, 0
                extra = {"pending_games": total, "pending_change": change,
                         "pending_since": min((x[4] for x in kept if x[4]), default=None),
                         "pending_events": sum(x[2] for x in kept), "pending_log": format_log(kept)}
        if pid in awards and new is not None:
            rank, std = awards[pid]
            best = max(new, peak[pid] or new)
            if best < std:
                adjusted = f"{rank.chinese()} → {std:.0f}"
                checks.append(Check("shanghai.rank_title", "Awards", None,
                                    f"{p.name}: 获 {rank.chinese()} 称号，等级分由 {new:.0f} 升至 {std:.0f} "
                                    "(rank-title adjustment, seed 001 §十二)"))
                new = std
        pk = max(x for x in (peak[pid], new) if x is not None) if new is not None else None
        ns = State(new, games, events, pk, status, dict(extra))
        ns.extra["period_games"] = period_games.get(pid, 0)
        new_states[pid] = ns
        std = params.ladder.standard(new) if new is not None else None
        row = {"id": pid, "name": p.name, "sex": p.sex or "", "club": p.club,
               "old": st.rating, "new": new,
               "change": (new - st.rating) if (new is not None and st.rating is not None) else None,
               "status": status, "status_zh": STATUS_ZH[status], "games": games,
               "period_games": period_games.get(pid, 0), "peak": pk,
               "standard": std.chinese() if std else "", "adjusted": adjusted}
        if status == "pending":
            pending_rows.append({"id": pid, "name": p.name, "sex": p.sex or "", "club": p.club,
                                 "pending_games": extra.get("pending_games", 0),
                                 "pending_change": extra.get("pending_change", 0.0),
                                 "pending_since": extra.get("pending_since"),
                                 "rating": provisional(p, params)})
        elif status == "inactive":
            inactive_rows.append({"id": pid, "name": p.name, "sex": p.sex or "", "club": p.club,
                                  "rating": new, "window_games": window[pid]})
            rating_rows.append(row)
        else:
            rating_rows.append(row)

    ratings = placed([r for r in rating_rows if r["status"] == "active"], "new") + \
        [dict(r, place=None) for r in rating_rows if r["status"] != "active"]
    inactive_rows.sort(key=lambda r: (lazy_pinyin(r["name"]), r["id"]))   # seed 001 §二: by pinyin
    pending_rows.sort(key=lambda r: (-r["pending_games"], lazy_pinyin(r["name"])))
    meeting = Counter(r["standard"] for r in ratings)
    std_rows = [{"rank": rank.chinese(), "rating": value, "count": meeting[rank.chinese()]}
                for rank, value in sorted(params.rank_standards, key=lambda rv: -rv[1])]

    json_players = [{"id": r["id"], "name": r["name"], "old": r["old"], "new": r["new"],
                     "change": r["change"], "status": r["status"], "games": r["games"]}
                    for r in ratings] + \
        [{"id": r["id"], "name": r["name"], "old": None, "new": None, "change": None,
          "status": "pending", "games": r["pending_games"]} for r in pending_rows]
    json_changes = [{"id": c["id"], "event": c["event"], "games": c["games"], "score": c["score"],
                     "expected": c["expected"], "k": c["k"], "change": c["change"]}
                    for c in change_rows]
    fmt2 = "0.00"
    return PeriodResult(
        "shanghai", period,
        Table(["place", "id", "name", "sex", "club", "old", "new", "change", "status", "games",
               "period_games", "peak", "standard", "adjusted"], ratings,
              {"old": "0", "new": "0", "change": "+0;-0;0", "peak": "0"}),
        Table(["id", "name", "event", "event_name", "own", "games", "opponent_mean", "difference",
               "score", "expected", "k", "change", "note"], change_rows,
              {"own": "0", "opponent_mean": "0.00", "expected": fmt2, "change": "+0.00;-0.00;0.00"}),
        checks.finish(), new_states, olds,
        {"Inactive": Table(["id", "name", "sex", "club", "rating", "window_games"], inactive_rows,
                           {"rating": "0"}),
         "Pending": Table(["id", "name", "sex", "club", "rating", "pending_games", "pending_change",
                           "pending_since"], pending_rows, {"pending_change": "+0.00;-0.00;0.00",
                                                             "pending_since": "yyyy-mm-dd"}),
         "Standards": Table(["rank", "rating", "count"], std_rows, {"rating": "0"})},
        json_players, json_changes)


def _window_games(inputs: Inputs, states: dict[str, State], period: Period,
                  params: sh.ShanghaiParams, period_games: dict[str, int]) -> dict[str, int]:
    """Counted games in the 12 months ending at the period's end (seed 001 §二).

    This period's counted games, plus the counted games of the periods before
    it that fall in the window: from the History (``period_games`` of the
    previous period, which the pipeline guarantees is the one just before)
    when the player has a History row, else the games played (not forfeited)
    in the window before this period, from the Games sheet.
    """
    window_start = months_before(period.end, params.inactive_window_months)
    raw: dict[str, int] = defaultdict(int)
    for g in inputs.games:
        if not g.result.forfeit and window_start < g.date < period.start:
            raw[g.player] += 1
            raw[g.opponent] += 1
    out = {}
    for pid, st in states.items():
        before = st.extra.get("period_games")
        if before is None or st.extra.get("period_end") is None or st.extra["period_end"] <= window_start:
            before = raw[pid]
        out[pid] = period_games.get(pid, 0) + before
    return out


def _eligibility(ev, evgames, rated: set[str], params: sh.ShanghaiParams, checks: list[Check]) -> None:
    """seed 001 §四, §七: report (never drop) events that miss the rating conditions."""
    entrants = {g.player for g in evgames} | {g.opponent for g in evgames}
    if not entrants:
        return
    n = len(entrants)
    unrated = sum(1 for p in entrants if p not in rated)
    if ev.format == "round_robin":
        if (n - unrated) / n < params.rr_min_rated_share:
            checks.append(Check("shanghai.rr_rated_share", "Events", ev.row,
                                f"{ev.name}: 循环赛定级棋手不足三分之二 ({n - unrated}/{n} rated)"))
        if n < params.rr_small_size and unrated:
            checks.append(Check("shanghai.rr_small_unrated", "Events", ev.row,
                                f"{ev.name}: 不足 {params.rr_small_size} 人的循环赛有未定级棋手 "
                                f"({n} players, {unrated} unrated)"))
    if "等级赛" in ev.name or "等級賽" in ev.name:
        if n < params.rank_event_min_players or unrated / n > params.rank_event_max_unrated_share:
            checks.append(Check("shanghai.rank_event", "Events", ev.row,
                                f"{ev.name}: 等级赛需至少 {params.rank_event_min_players} 人且未定级不超过 20% "
                                f"({n} players, {unrated} unrated)"))
