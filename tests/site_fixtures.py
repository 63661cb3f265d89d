"""A realistic website model built by hand, for the website tests, screenshots and docs.

    make_site()        # 上海市五子棋协会, simplified Chinese, integer ratings, provisional 2026H1
    make_site_hant()   # 香港圍棋協會, traditional Chinese (zh-Hant), ratings with 2 decimals

Twelve players in two clubs (both sexes), one with a hostile name (:data:`HOSTILE`),
one inactive (flat history), one pending and unrated (rating None), three
periods of history with a gap (S007) and a single point (S008); two events, a
Swiss one and a round robin with a crosstable.  The change lines' numbers are
known (:data:`CHANGES`), e.g. 陈静 (S004) gains ΔR = 15 × (2.5 − 2.06) = +6.60.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from xl_ratings.publish.site_model import (
    Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text,
)

D = dt.date

#: A name that must show as text everywhere (both classic payloads in one).
HOSTILE = '<script>alert(1)</script>"><img src=x onerror=alert(1)>'

#: id: (simplified name, traditional name, pinyin, club 0/1, sex, status, history of 3 periods)
PLAYERS: dict[str, tuple[str, str, str, int, str, str, list[float | None]]] = {
    "S001": ("王立新", "王立新", "wang lixin", 0, "M", "active", [1880, 1896, 1904]),
    "S002": ("李明", "李明", "li ming", 1, "M", "active", [1850, 1845, 1834]),
    "S003": ("张伟", "張偉", "zhang wei", 0, "M", "active", [1790, 1810, 1815]),
    "S004": ("陈静", "陳靜", "chen jing", 1, "F", "active", [1760, 1772, 1779]),
    "S005": ("刘洋", "劉洋", "liu yang", 0, "M", "active", [1720, 1731, 1720]),
    "S006": ("赵敏", "趙敏", "zhao min", 1, "F", "active", [1700, 1688, 1689]),
    "S007": ("杨帆", "楊帆", "yang fan", 0, "M", "active", [1650, None, 1671]),     # a gap
    "S008": ("周婷", "周婷", "zhou ting", 1, "F", "active", [None, None, 1610]),    # one point
    "S009": ("吴昊", "吳昊", "wu hao", 0, "M", "active", [1600, 1604, 1594]),
    "S010": (HOSTILE, HOSTILE, "e vil", 1, "M", "active", [1590, 1580, 1576]),
    "S011": ("黄磊", "黃磊", "huang lei", 0, "M", "inactive", [1702, 1702, 1702]),  # flat
    "S012": ("孙悦", "孫悅", "sun yue", 1, "F", "pending", [None, None, None]),     # unrated
}

#: (event, round, player, opponent, player's score)
GAMES: list[tuple[str, int, str, str, float]] = [
    ("E1", 1, "S001", "S010", 1), ("E1", 1, "S002", "S009", 1), ("E1", 1, "S003", "S006", 0.5),
    ("E1", 1, "S004", "S005", 1),
    ("E1", 2, "S001", "S004", 0.5), ("E1", 2, "S002", "S003", 0), ("E1", 2, "S005", "S010", 1),
    ("E1", 2, "S006", "S009", 1),
    ("E1", 3, "S001", "S003", 1), ("E1", 3, "S004", "S002", 1), ("E1", 3, "S006", "S005", 0),
    ("E1", 3, "S009", "S010", 0.5),
    ("E2", 1, "S003", "S005", 1), ("E2", 1, "S007", "S012", 0),
    ("E2", 2, "S003", "S007", 0.5), ("E2", 2, "S005", "S012", 1),
    ("E2", 3, "S003", "S012", 1), ("E2", 3, "S005", "S007", 0),
]

#: change lines: (player, event) -> (N, mean opponent rating, W, We, K, ΔR unrounded)
CHANGES: dict[tuple[str, str], tuple[int, float, float, float, int, float]] = {
    ("S001", "E1"): (3, 1720.6667, 2.5, 1.95, 15, 8.25),
    ("S002", "E1"): (3, 1728.6667, 1.0, 1.7387, 15, -11.0805),
    ("S003", "E1"): (3, 1809.6667, 1.5, 1.46, 15, 0.6),
    ("S004", "E1"): (3, 1824.0, 2.5, 2.06, 15, 6.6),
    ("S005", "E1"): (3, 1680.0, 2.0, 1.72, 15, 4.2),
    ("S006", "E1"): (3, 1715.0, 1.5, 1.45, 15, 0.75),
    ("S009", "E1"): (3, 1704.3333, 0.5, 1.2, 15, -10.5),
    ("S010", "E1"): (3, 1743.6667, 0.5, 0.75, 15, -3.75),
    ("S003", "E2"): (2, 1690.5, 1.5, 1.24, 15, 3.9),
    ("S005", "E2"): (2, 1730.5, 0.0, 1.0, 15, -15.0),
    ("S007", "E2"): (2, 1770.5, 1.5, 0.68, 25, 20.5),
}

#: what the change tables must show for those lines (ΔR as signed2)
SHOWN_DELTA = {("S004", "E1"): "+6.60", ("S002", "E1"): "\u221211.08", ("S005", "E2"): "\u221215.00",
               ("S007", "E2"): "+20.50", ("S003", "E1"): "+0.60"}

STANDARDS = [("五段", "5D", 2100), ("四段", "4D", 2000), ("三段", "3D", 1900), ("二段", "2D", 1800),
             ("初段", "1D", 1700), ("1级", "1k", 1600), ("2级", "2k", 1500)]

L = {  # the labels of the two variants
    "zh-Hans": dict(
        federation="上海市五子棋协会", system=Text("上海市五子棋等级分", "Shanghai Gomoku rating"),
        title=Text("等级分表", "Rating list"), periods=["2025H1", "2025H2", "2026H1"],
        period_start=D(2025, 12, 1), period_end=D(2026, 5, 31), published=D(2026, 4, 20),
        ends=[D(2025, 5, 31), D(2025, 11, 30), D(2026, 5, 31)],
        clubs=["静安棋院", "浦东五子棋俱乐部"],
        events={"E1": ("2026年上海市五子棋等级赛", D(2026, 3, 14), D(2026, 3, 15), "积分编排 Swiss", "甲级"),
                "E2": ("静安杯五子棋循环赛", D(2026, 4, 18), D(2026, 4, 19), "循环赛 Round robin", "乙级")},
        status={"active": Text("活跃", "active"), "inactive": Text("不活跃", "inactive"),
                "pending": Text("待定级", "pending")},
        place=Text("名次", "Place"), name=Text("姓名", "Name"), id=Text("编号", "ID"), club=Text("单位", "Club"),
        sex=Text("性别", "Sex"), standard=Text("段位", "Standard"), rating=Text("等级分", "Rating"),
        change=Text("升降", "Change"), games=Text("对局", "Games"), state=Text("状态", "Status"),
        period=Text("周期", "Period"), old=Text("原等级分", "Old"), new=Text("新等级分", "New"),
        event=Text("赛事", "Event"), n=Text("局数", "N"), ra=Text("对手平均分", "Mean opp."),
        w=Text("得分", "W"), we=Text("期望得分", "We"), k=Text("K", ""), dr=Text("ΔR", ""),
        date=Text("日期", "Date"), round=Text("轮次", "Round"), opponent=Text("对手", "Opponent"),
        opp_rating=Text("对手等级分", "Opp. rating"), result=Text("结果", "Result"),
        player=Text("棋手", "Player"), total=Text("总分", "Total"),
        periods_t=Text("各周期等级分", "Ratings by period"), changes_t=Text("等级分变动", "Rating changes"),
        changes_note=Text("ΔR = K ×（W − We），未四舍五入", "ΔR = K × (W − We), unrounded"),
        games_t=Text("对局记录", "Games"), cross_t=Text("循环赛成绩表", "Crosstable"),
        standards_t=Text("段位标准", "Rank standards"), standard_rating=Text("标准等级分", "Standard rating"),
        inactive_t=Text("不活跃棋手", "Inactive players"), pending_t=Text("待定级棋手", "Pending players"),
        needed=Text("定级所需对局", "Games needed"), last=Text("最后对局", "Last game"),
        format=Text("赛制", "Format"), klass=Text("级别", "Class"), champion=Text("冠军", "Champion"),
        peak=Text("最高等级分", "Peak"), total_games=Text("累计对局", "Games played"),
        first=Text("首次定级", "First rated"),
        male="男", female="女",
        notes=[Text("等级分每半年发布一次；本表为暂定结果。", "Ratings are published every half-year; this list is provisional."),
               Text("不活跃棋手与待定级棋手另见其他名单。", "Inactive and pending players are also on the other lists.")],
    ),
    "zh-Hant": dict(
        federation="香港圍棋協會", system=Text("香港圍棋等級分", "Hong Kong GoR"),
        title=Text("等級分表", "Rating list"), periods=["2024", "2025", "2026"],
        period_start=D(2026, 1, 1), period_end=D(2026, 12, 31), published=D(2027, 1, 2),
        ends=[D(2024, 12, 31), D(2025, 12, 31), D(2026, 12, 31)],
        clubs=["香港棋院", "九龍圍棋會"],
        events={"E1": ("2026年香港圍棋公開賽", D(2026, 3, 14), D(2026, 3, 15), "積分編排 Swiss", "甲級"),
                "E2": ("九龍盃圍棋循環賽", D(2026, 4, 18), D(2026, 4, 19), "循環賽 Round robin", "乙級")},
        status={"active": Text("活躍", "active"), "inactive": Text("不活躍", "inactive"),
                "pending": Text("待定級", "pending")},
        place=Text("名次", "Place"), name=Text("姓名", "Name"), id=Text("編號", "ID"), club=Text("會屬", "Club"),
        sex=Text("性別", "Sex"), standard=Text("段位", "Rank"), rating=Text("等級分", "GoR"),
        change=Text("升降", "Change"), games=Text("對局", "Games"), state=Text("狀態", "Status"),
        period=Text("週期", "Period"), old=Text("原等級分", "Old"), new=Text("新等級分", "New"),
        event=Text("賽事", "Event"), n=Text("局數", "N"), ra=Text("對手平均分", "Mean opp."),
        w=Text("得分", "W"), we=Text("期望得分", "We"), k=Text("K", ""), dr=Text("ΔR", ""),
        date=Text("日期", "Date"), round=Text("輪次", "Round"), opponent=Text("對手", "Opponent"),
        opp_rating=Text("對手等級分", "Opp. rating"), result=Text("結果", "Result"),
        player=Text("棋手", "Player"), total=Text("總分", "Total"),
        periods_t=Text("各週期等級分", "Ratings by period"), changes_t=Text("等級分變動", "Rating changes"),
        changes_note=Text("ΔR = K ×（W − We），未四捨五入", "ΔR = K × (W − We), unrounded"),
        games_t=Text("對局記錄", "Games"), cross_t=Text("循環賽成績表", "Crosstable"),
        standards_t=Text("段位標準", "Rank standards"), standard_rating=Text("標準等級分", "Standard GoR"),
        inactive_t=Text("不活躍棋手", "Inactive players"), pending_t=Text("待定級棋手", "Pending players"),
        needed=Text("定級所需對局", "Games needed"), last=Text("最後對局", "Last game"),
        format=Text("賽制", "Format"), klass=Text("級別", "Class"), champion=Text("冠軍", "Champion"),
        peak=Text("最高等級分", "Peak"), total_games=Text("累計對局", "Games played"),
        first=Text("首次定級", "First rated"),
        male="男", female="女",
        notes=[Text("等級分按年度發布。", "Ratings are published yearly.")],
    ),
}


def _half_up(x: float) -> int:
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _split(text: str) -> Text:
    zh, _, en = text.partition(" ")
    return Text(zh, en)


def make_site(lang: str = "zh-Hans") -> Site:
    """The fixture site (``lang`` "zh-Hans": Shanghai, integers; "zh-Hant": Hong Kong, 2 decimals)."""
    lab = L[lang]
    hant = lang == "zh-Hant"
    decimals = 2 if hant else 0
    # Hong Kong GoR publishes unrounded values: the same numbers plus a fraction
    frac = {pid: (0.37 + i * 0.11) % 1 if hant else 0.0 for i, pid in enumerate(PLAYERS)}

    def rating_at(pid: str, k: int) -> float | None:
        v = PLAYERS[pid][6][k]
        return None if v is None else v + frac[pid]

    def name(pid: str) -> str:
        return PLAYERS[pid][1 if hant else 0]

    def plink(pid: str) -> Link:
        return Link(name(pid), f"players/{pid.lower()}.html")

    def elink(eid: str) -> Link:
        return Link(lab["events"][eid][0], f"events/{eid.lower()}.html")

    current = {pid: rating_at(pid, 2) for pid in PLAYERS}
    ranked = sorted((p for p in PLAYERS if PLAYERS[p][5] == "active" and current[p] is not None),
                    key=lambda p: -current[p])
    place = {p: i + 1 for i, p in enumerate(ranked)}

    def standard(v: float | None) -> str:
        if v is None:
            return ""
        for zh, en, need in STANDARDS:
            if v >= need:
                return en if hant else zh
        return ""

    games_of: dict[str, list[tuple[str, int, str, float]]] = {p: [] for p in PLAYERS}
    for eid, rnd, a, b, s in GAMES:
        games_of[a].append((eid, rnd, b, s))
        games_of[b].append((eid, rnd, a, 1 - s))
    start_rating = {p: rating_at(p, 1) if rating_at(p, 1) is not None else rating_at(p, 0) for p in PLAYERS}

    # tables' columns
    c_period = [Column("period", lab["period"]), Column("old", lab["old"], "rating", True),
                Column("new", lab["new"], "rating", True), Column("change", lab["change"], "change", True),
                Column("games", lab["games"], "int", True), Column("status", lab["state"])]
    c_changes = [Column("event", lab["event"]), Column("period", lab["period"]), Column("n", lab["n"], "int", True),
                 Column("ra", lab["ra"], "decimal2", True), Column("w", lab["w"], "score", True),
                 Column("we", lab["we"], "decimal3", True), Column("k", lab["k"], "int", True),
                 Column("dr", lab["dr"], "signed2", True)]
    c_games = [Column("date", lab["date"], "date"), Column("event", lab["event"]),
               Column("round", lab["round"], "int", True), Column("opponent", lab["opponent"]),
               Column("opp_rating", lab["opp_rating"], "rating", True), Column("result", lab["result"], "score", True)]

    evinfo = lab["events"]
    players: list[PlayerPage] = []
    list_rows: list[dict[str, Any]] = []
    for pid, (_, _, pinyin, club, sex, status, hist) in PLAYERS.items():
        history = [HistoryPoint(per, end, rating_at(pid, k))
                   for k, (per, end) in enumerate(zip(lab["periods"], lab["ends"]))]
        prow = []
        prev = None
        for k, hp in enumerate(history):
            old = prev if k else (None if hp.rating is None else hp.rating - 12)
            n_games = len(games_of[pid]) if k == 2 else (6 if hp.rating is not None else 0)
            change = None if hp.rating is None or old is None else hp.rating - old
            prow.append({"period": hp.period, "old": old, "new": hp.rating, "change": change,
                         "games": n_games, "status": lab["status"][status if k == 2 else "active"]})
            if hp.rating is not None:
                prev = hp.rating
        ch_rows = []
        for (p, eid), (n, ra, w, we, k, dr) in CHANGES.items():
            if p == pid:
                ch_rows.append({"event": elink(eid), "period": lab["periods"][2], "n": n, "ra": ra, "w": w,
                                "we": we, "k": k, "dr": dr})
        g_rows = []
        for eid, rnd, opp, s in games_of[pid]:
            g_rows.append({"date": evinfo[eid][2] if rnd > 1 else evinfo[eid][1], "event": elink(eid),
                           "round": rnd, "opponent": plink(opp), "opp_rating": start_rating[opp], "result": s})
        rated = [h.rating for h in history if h.rating is not None]
        summary = [(lab["total_games"], str(40 + 3 * len(games_of[pid]))),
                   (lab["peak"], "" if not rated else f"{max(rated):.{decimals}f}")]
        first = next((h.period for h in history if h.rating is not None), None)
        if first:
            summary.append((lab["first"], first))
        page = PlayerPage(
            id=pid, slug=pid.lower(), name=name(pid),
            search=f"{pinyin} {pinyin.replace(' ', '')} {''.join(w[0] for w in pinyin.split())} {pid}",
            club=lab["clubs"][club], sex=sex, status=status, status_label=lab["status"][status],
            rating=current[pid], standard=standard(current[pid]), place=place.get(pid),
            summary=summary, history=history,
            periods=Table(lab["periods_t"], c_period, prow),
            changes=Table(lab["changes_t"], c_changes, ch_rows, lab["changes_note"]),
            games=Table(lab["games_t"], c_games, g_rows),
        )
        players.append(page)
        old = prow[2]["old"]
        list_rows.append({
            "place": place.get(pid), "name": page.name, "id": pid, "club": page.club,
            "sex": lab["male"] if sex == "M" else lab["female"], "standard": page.standard,
            "rating": page.rating, "change": prow[2]["change"] if old is not None else None,
            "games": 40 + 3 * len(games_of[pid]), "status": page.status_label,
            "_slug": page.slug, "_search": page.search, "_club": page.club, "_sex": sex, "_status": status,
        })
    list_rows.sort(key=lambda r: (r["place"] is None, r["place"] or 0, r["id"]))

    # events
    c_egames = [Column("round", lab["round"], "int", True), Column("date", lab["date"], "date"),
                Column("player", lab["player"]), Column("rating", lab["rating"], "rating", True),
                Column("result", lab["result"], "score", True), Column("opponent", lab["opponent"]),
                Column("opp_rating", lab["opp_rating"], "rating", True)]
    c_echanges = [Column("player", lab["player"])] + c_changes[2:]
    events = []
    for eid, (ename, start, end, fmt, klass) in evinfo.items():
        g_rows = [{"round": rnd, "date": start if rnd == 1 else end, "player": plink(a), "rating": start_rating[a],
                   "result": s, "opponent": plink(b), "opp_rating": start_rating[b]}
                  for e, rnd, a, b, s in GAMES if e == eid]
        c_rows = [{"player": plink(p), "n": n, "ra": ra, "w": w, "we": we, "k": k, "dr": dr}
                  for (p, e), (n, ra, w, we, k, dr) in CHANGES.items() if e == eid]
        cross = None
        champion = "S001" if eid == "E1" else "S003"
        if eid == "E2":
            order = ["S003", "S007", "S005", "S012"]
            cols = ([Column("no", Text("序", "No."), "int", True), Column("player", lab["player"])]
                    + [Column(f"r{i + 1}", Text(str(i + 1), ""), "score") for i in range(4)]
                    + [Column("total", lab["total"], "score", True), Column("place", lab["place"], "text", True)])
            rows = []
            for i, a in enumerate(order):
                row: dict[str, Any] = {"no": i + 1, "player": plink(a)}
                total = 0.0
                for j, b in enumerate(order):
                    if a == b:
                        row[f"r{j + 1}"] = "×"
                        continue
                    s = next(s if x == a else 1 - s for e, _, x, y, s in GAMES if e == eid and {x, y} == {a, b})
                    row[f"r{j + 1}"] = s
                    total += s
                row["total"] = total
                rows.append(row)
            places = {"S003": "1", "S007": "2", "S005": "3=", "S012": "3="}
            for row, a in zip(rows, order):
                row["place"] = places[a]
            cross = Table(lab["cross_t"], cols, rows)
        events.append(EventPage(
            id=eid, slug=eid.lower(), name=ename, start=start, end=end, period=lab["periods"][2],
            facts=[(lab["format"], fmt.split(" ")[0]), (lab["klass"], klass), (lab["champion"], name(champion)),
                   (lab["games"], str(len(g_rows)))],
            crosstable=cross, games=Table(lab["games_t"], c_egames, g_rows),
            changes=Table(lab["changes_t"], c_echanges, c_rows, lab["changes_note"])))

    list_columns = [Column("place", lab["place"], "int", True), Column("name", lab["name"]),
                    Column("id", lab["id"]), Column("club", lab["club"]), Column("sex", lab["sex"]),
                    Column("standard", lab["standard"]), Column("rating", lab["rating"], "rating", True),
                    Column("change", lab["change"], "change", True), Column("games", lab["games"], "int", True),
                    Column("status", lab["state"])]
    standards = Table(lab["standards_t"], [Column("rank", lab["standard"]),
                                           Column("rating", lab["standard_rating"], "rating", True)],
                      [{"rank": en if hant else zh, "rating": need} for zh, en, need in STANDARDS],
                      Text("达到标准等级分即可申请相应段位。" if not hant else "達到標準等級分即可申請相應段位。",
                           "A player whose rating reaches the standard may apply for the rank."))
    others = [
        Table(lab["inactive_t"], [Column("name", lab["name"]), Column("id", lab["id"]),
                                  Column("rating", lab["rating"], "rating", True), Column("last", lab["last"], "date")],
              [{"name": plink("S011"), "id": "S011", "rating": current["S011"], "last": D(2024, 10, 3)}]),
        Table(lab["pending_t"], [Column("name", lab["name"]), Column("id", lab["id"]),
                                 Column("games", lab["games"], "int", True), Column("needed", lab["needed"], "int", True)],
              [{"name": plink("S012"), "id": "S012", "games": 3, "needed": 9}]),
    ]
    return Site(
        lang=lang, federation=lab["federation"], title=lab["title"], system=lab["system"],
        period=lab["periods"][2], period_start=lab["period_start"], period_end=lab["period_end"],
        provisional=not hant, published=lab["published"], rating_decimals=decimals,
        list_columns=list_columns, list_rows=list_rows, players=players, events=events,
        standards=standards, others=others, periods=list(lab["periods"]), notes=list(lab["notes"]),
    )


def make_site_hant() -> Site:
    """The traditional-Chinese variant (Hong Kong GoR, lang zh-Hant, 2 decimals, not provisional)."""
    return make_site("zh-Hant")
