"""How fast the static website is written (xl_ratings.publish.site.render_site).

    python benchmarks/site_bench.py [PLAYERS EVENTS GAMES] [--repeat N] [--keep DIR]

Builds a synthetic, deterministic Site (default: 5,000 players, 200 events,
100,000 games; each game on both players' pages and on its event page; change
lines per player and event; 6 periods of history) and times render_site.
Prints one line per run and a summary table (best time, files, total MB).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xl_ratings.publish.site import render_site  # noqa: E402
from xl_ratings.publish.site_model import (  # noqa: E402
    Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text,
)

T = Text
PERIODS = ["2023H2", "2024H1", "2024H2", "2025H1", "2025H2", "2026H1"]
ENDS = [dt.date(2023, 11, 30), dt.date(2024, 5, 31), dt.date(2024, 11, 30), dt.date(2025, 5, 31),
        dt.date(2025, 11, 30), dt.date(2026, 5, 31)]


def make_big_site(players: int = 5000, events: int = 200, games: int = 100_000, seed: int = 7) -> Site:
    rnd = random.Random(seed)
    ids = [f"P{i:05d}" for i in range(players)]
    names = {p: f"棋手{i}号" for i, p in enumerate(ids)}
    rating = {p: rnd.randint(1300, 2500) for p in ids}
    club = {p: f"俱乐部{i % 40}" for i, p in enumerate(ids)}
    plink = {p: Link(names[p], f"players/{p.lower()}.html") for p in ids}
    ev_ids = [f"E{i:04d}" for i in range(events)]
    elink = {e: Link(f"2026年第{i}届五子棋等级赛", f"events/{e.lower()}.html") for i, e in enumerate(ev_ids)}
    start = dt.date(2025, 12, 6)
    ev_dates = {e: start + dt.timedelta(days=(i * 173) // max(events, 1)) for i, e in enumerate(ev_ids)}

    per_event = games // events
    games_of: dict[str, list[dict]] = {p: [] for p in ids}
    ev_games: dict[str, list[dict]] = {}
    ev_changes: dict[str, list[dict]] = {}
    changes_of: dict[str, list[dict]] = {p: [] for p in ids}
    n_left = games
    for k, e in enumerate(ev_ids):
        count = per_event if k < events - 1 else n_left
        n_left -= count
        field = rnd.sample(ids, 60)
        rounds = max(1, count // 30)
        rows = []
        score: dict[str, list] = {p: [0, 0.0, 0.0] for p in field}
        for g in range(count):
            a, b = rnd.sample(field, 2)
            s = rnd.choice((1, 0.5, 0))
            rnd_no = 1 + g % rounds
            day = ev_dates[e] + dt.timedelta(days=rnd_no // 4)
            rows.append({"round": rnd_no, "date": day, "player": plink[a], "rating": rating[a], "result": s,
                         "opponent": plink[b], "opp_rating": rating[b]})
            games_of[a].append({"date": day, "event": elink[e], "round": rnd_no, "opponent": plink[b],
                                "opp_rating": rating[b], "result": s})
            games_of[b].append({"date": day, "event": elink[e], "round": rnd_no, "opponent": plink[a],
                                "opp_rating": rating[a], "result": 1 - s})
            for p, o, w in ((a, b, s), (b, a, 1 - s)):
                score[p][0] += 1
                score[p][1] += rating[o]
                score[p][2] += w
        ev_games[e] = rows
        lines = []
        for p, (n, opp, w) in score.items():
            if not n:
                continue
            we = n * rnd.uniform(0.3, 0.7)
            line = {"n": n, "ra": opp / n, "w": w, "we": we, "k": 15, "dr": 15 * (w - we)}
            lines.append({"player": plink[p], **line})
            changes_of[p].append({"event": elink[e], "period": "2026H1", **line})
        ev_changes[e] = lines

    c_period = [Column("period", T("周期", "Period")), Column("old", T("原等级分", "Old"), "rating", True),
                Column("new", T("新等级分", "New"), "rating", True), Column("change", T("升降", "Change"), "change", True),
                Column("games", T("对局", "Games"), "int", True)]
    c_changes = [Column("event", T("赛事", "Event")), Column("period", T("周期", "Period")),
                 Column("n", T("局数", "N"), "int", True), Column("ra", T("对手平均分", "Mean opp."), "decimal2", True),
                 Column("w", T("得分", "W"), "score", True), Column("we", T("期望得分", "We"), "decimal3", True),
                 Column("k", T("K", ""), "int", True), Column("dr", T("ΔR", ""), "signed2", True)]
    c_games = [Column("date", T("日期", "Date"), "date"), Column("event", T("赛事", "Event")),
               Column("round", T("轮次", "Round"), "int", True), Column("opponent", T("对手", "Opponent")),
               Column("opp_rating", T("对手等级分", "Opp. rating"), "rating", True),
               Column("result", T("结果", "Result"), "score", True)]
    c_egames = [Column("round", T("轮次", "Round"), "int", True), Column("date", T("日期", "Date"), "date"),
                Column("player", T("棋手", "Player")), Column("rating", T("等级分", "Rating"), "rating", True),
                Column("result", T("结果", "Result"), "score", True), Column("opponent", T("对手", "Opponent")),
                Column("opp_rating", T("对手等级分", "Opp. rating"), "rating", True)]
    c_echanges = [Column("player", T("棋手", "Player"))] + c_changes[2:]
    status_label = {"active": T("活跃", "active"), "inactive": T("不活跃", "inactive")}

    pages, list_rows = [], []
    order = sorted(ids, key=lambda p: -rating[p])
    place = {p: i + 1 for i, p in enumerate(order)}
    for p in ids:
        r = rating[p]
        hist = [HistoryPoint(per, end, None if (k == 2 and int(p[1:]) % 9 == 0) else r - 10 * (5 - k))
                for k, (per, end) in enumerate(zip(PERIODS, ENDS))]
        prows = [{"period": h.period, "old": None if h.rating is None else h.rating - 10, "new": h.rating,
                  "change": None if h.rating is None else 10, "games": 12} for h in hist]
        status = "active" if games_of[p] else "inactive"
        page = PlayerPage(
            id=p, slug=p.lower(), name=names[p], search=f"qishou {p}", club=club[p],
            sex="F" if int(p[1:]) % 5 == 0 else "M", status=status, status_label=status_label[status],
            rating=r, standard="二段", place=place[p],
            summary=[(T("累计对局", "Games played"), str(len(games_of[p])))], history=hist,
            periods=Table(T("各周期等级分", "Ratings by period"), c_period, prows),
            changes=Table(T("等级分变动", "Rating changes"), c_changes, changes_of[p]),
            games=Table(T("对局记录", "Games"), c_games, games_of[p]))
        pages.append(page)
        list_rows.append({"place": place[p], "name": names[p], "id": p, "club": club[p],
                          "sex": "女" if page.sex == "F" else "男", "standard": "二段", "rating": r, "change": 10,
                          "games": len(games_of[p]), "status": status_label[status], "_slug": page.slug,
                          "_search": page.search, "_club": club[p], "_sex": page.sex, "_status": status})
    list_rows.sort(key=lambda row: row["place"])
    evpages = [EventPage(id=e, slug=e.lower(), name=elink[e].text, start=ev_dates[e], end=ev_dates[e] + dt.timedelta(days=2),
                         period="2026H1", facts=[(T("赛制", "Format"), "积分编排")], crosstable=None,
                         games=Table(T("对局记录", "Games"), c_egames, ev_games[e]),
                         changes=Table(T("等级分变动", "Rating changes"), c_echanges, ev_changes[e]))
               for e in ev_ids]
    lc = [Column("place", T("名次", "Place"), "int", True), Column("name", T("姓名", "Name")),
          Column("id", T("编号", "ID")), Column("club", T("单位", "Club")), Column("sex", T("性别", "Sex")),
          Column("standard", T("段位", "Standard")), Column("rating", T("等级分", "Rating"), "rating", True),
          Column("change", T("升降", "Change"), "change", True), Column("games", T("对局", "Games"), "int", True),
          Column("status", T("状态", "Status"))]
    return Site(lang="zh-Hans", federation="上海市五子棋协会", title=T("等级分表", "Rating list"),
                system=T("上海市五子棋等级分", "Shanghai Gomoku rating"), period="2026H1",
                period_start=dt.date(2025, 12, 1), period_end=dt.date(2026, 5, 31), provisional=False,
                published=dt.date(2026, 7, 1), rating_decimals=0, list_columns=lc, list_rows=list_rows,
                players=pages, events=evpages,
                standards=Table(T("段位标准", "Rank standards"), [Column("rank", T("段位", "Rank")),
                                Column("rating", T("标准等级分", "Standard"), "rating", True)],
                                [{"rank": "二段", "rating": 1800}]),
                others=[], periods=PERIODS)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sizes", nargs="*", type=int, help="PLAYERS EVENTS GAMES (default 5000 200 100000)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", type=Path, help="leave the last site in this folder")
    ap.add_argument("--dir", type=Path, help="write under this folder (e.g. /dev/shm: no disk, CPU only)")
    a = ap.parse_args(argv)
    players, events, games = (a.sizes + [5000, 200, 100_000][len(a.sizes):])[:3]
    t0 = time.perf_counter()
    site = make_big_site(players, events, games)
    print(f"model built in {time.perf_counter() - t0:.2f} s "
          f"({players} players, {events} events, {games} games)")
    times: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory(dir=a.dir) as tmp:
        out = a.keep or Path(tmp) / "site"
        for i in range(a.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            files = render_site(site, out)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            print(f"run {i + 1}: {times[-1]:.3f} s (cpu {cpu[-1]:.3f} s)")
        size = sum(f.stat().st_size for f in files)
        print()
        print(f"{'players':>8} {'events':>7} {'games':>8} {'best s':>7} {'median s':>9} {'cpu s':>6} "
              f"{'files':>6} {'MB':>7}")
        print(f"{players:>8} {events:>7} {games:>8} {min(times):>7.3f} {statistics.median(times):>9.3f} "
              f"{min(cpu):>6.3f} {len(files):>6} {size / 1e6:>7.1f}")
        if a.keep is None:
            shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
