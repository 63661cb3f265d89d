"""Deterministic sample federations, one per system, for the templates, the
demo and the end-to-end tests.  Every run of the generator gives the same
players, events and games (a seeded random generator, no clock)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = ["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超",
         "秀英", "霞", "平", "刚", "桂英", "志强", "晓东", "思远", "子涵", "雨桐", "浩然", "欣怡", "宇轩", "梓萱",
         "俊杰", "嘉怡", "天佑", "一鸣", "雪", "晨", "博文", "佳琪", "诗涵"]
HEADERS = {
    "Players": ["id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member"],
    "Events": ["event", "name", "start", "end", "format", "class", "level", "champion"],
    "Games": ["event", "date", "round", "player", "opponent", "result", "handicap"],
    "Awards": ["player", "award", "date"],
    "Points": ["player", "date", "kind", "points", "note"],
}


class _Fed:
    def __init__(self, seed: int, system: str):
        self.rnd = random.Random(seed)
        self.system = system
        self.players: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.awards: list[dict[str, Any]] = []
        self.points: list[dict[str, Any]] = []
        self.strength: dict[str, float] = {}
        self._names: set[str] = set()

    def name(self) -> str:
        while True:
            n = self.rnd.choice(SURNAMES) + self.rnd.choice(GIVEN)
            if n not in self._names:
                self._names.add(n)
                return n

    def player(self, pid: str, strength: float, **kw: Any) -> dict[str, Any]:
        rec = {"id": pid, "name": self.name(), **kw}
        self.players.append(rec)
        self.strength[pid] = strength
        return rec

    def result(self, a: str, b: str, draws: float = 0.08) -> float:
        pa = 1 / (1 + 10 ** ((self.strength[b] - self.strength[a]) / 400))
        x = self.rnd.random()
        if x < draws:
            return 0.5
        return 1.0 if self.rnd.random() < pa else 0.0

    def game(self, ev: str, day: dt.date, rnd: int, a: str, b: str, res: Any, h: float | None = None):
        self.games.append({"event": ev, "date": day, "round": rnd, "player": a, "opponent": b,
                           "result": res, "handicap": h})

    def round_robin(self, ev: dict, ids: list[str], words: bool = False) -> None:
        day = ev["start"]
        pts = {p: 0.0 for p in ids}
        n = 0
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                n += 1
                r = self.result(a, b)
                pts[a] += r
                pts[b] += 1 - r
                d = min(ev["end"], day + dt.timedelta(days=n % max(1, (ev["end"] - day).days + 1)))
                self.game(ev["event"], d, n, a, b, {1.0: "胜", 0.5: "和", 0.0: "负"}[r] if words else r)
        ev["champion"] = max(ids, key=lambda p: (pts[p], self.strength[p]))

    def swiss(self, ev: dict, ids: list[str], rounds: int) -> None:
        pts = {p: 0.0 for p in ids}
        met: set[frozenset] = set()
        for r in range(1, rounds + 1):
            order = sorted(ids, key=lambda p: (-pts[p], self.rnd.random()))
            while order:
                a = order.pop(0)
                b = next((x for x in order if frozenset((a, x)) not in met), order[0] if order else None)
                if b is None:
                    break
                order.remove(b)
                met.add(frozenset((a, b)))
                res = self.result(a, b)
                pts[a] += res
                pts[b] += 1 - res
                d = min(ev["end"], ev["start"] + dt.timedelta(days=(r - 1) // 3))
                self.game(ev["event"], d, r, a, b, res)
        ev["champion"] = max(ids, key=lambda p: (pts[p], self.strength[p]))

    def tables(self, settings: list[list[Any]]) -> dict[str, list[list[Any]]]:
        out = {"Settings": [["key", "value"]] + settings}
        for sheet, rows in (("Players", self.players), ("Events", self.events), ("Games", self.games),
                            ("Awards", self.awards), ("Points", self.points)):
            if sheet == "Points" and self.system != "peng":
                continue
            cols = HEADERS[sheet]
            out[sheet] = [cols] + [[r.get(c) for c in cols] for r in rows]
        return out


def _d(y: int, m: int, d: int) -> dt.date:
    return dt.date(y, m, d)


def shanghai() -> dict[str, list[list[Any]]]:
    f = _Fed(2026_001, "shanghai")
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
    evs = [("SH26-01", "2026上海市五子棋等级赛", _d(2026, 1, 10), _d(2026, 1, 12), "round_robin",
            ids[:11] + ["SH034"]),
           ("SH26-02", "2026上海五子棋公开赛", _d(2026, 3, 14), _d(2026, 3, 16), "swiss", ids[8:36]),
           ("SH26-03", "2026上海女子五子棋赛", _d(2026, 4, 18), _d(2026, 4, 19), "round_robin", women),
           ("SH26-04", "2026上海混合团体赛", _d(2026, 5, 9), _d(2026, 5, 10), "round_robin",
            men[:6] + women[:4]),
           ("SH26-05", "2026上海秋季公开赛", _d(2026, 9, 19), _d(2026, 9, 21), "swiss", ids[:30]),
           ("SH26-06", "2026上海市五子棋精英赛", _d(2026, 10, 24), _d(2026, 10, 25), "round_robin", ids[:10])]
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
    f.awards.append({"player": "SH030", "award": "初段", "date": _d(2026, 5, 20)})
    return f.tables([["system", "shanghai"], ["federation", "上海市五子棋协会 (示例)"]])


def gor() -> dict[str, list[list[Any]]]:
    f = _Fed(2026_002, "gor")
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
    specs = [("HK25-R", "2025新秀賽", _d(2025, 12, 6), _d(2025, 12, 7), "swiss", "A", ids[14:40], 5),
             ("HK26-O", "2026全港公開賽", _d(2026, 3, 7), _d(2026, 3, 8), "swiss", "甲", ids[:28], 6),
             ("HK26-S", "2026夏季評分賽", _d(2026, 7, 4), _d(2026, 7, 5), "swiss", "丙", ids[10:34], 5)]
    for eid, name, a, b, fmt, cls, who, rounds in specs:
        ev = {"event": eid, "name": name, "start": a, "end": b, "format": fmt, "class": cls,
              "level": "", "champion": None}
        f.events.append(ev)
        f.swiss(ev, list(who), rounds)
    # club handicap games (乙): one stone per rank difference, at most four
    ev = {"event": "HK26-T", "name": "2026會內手合賽", "start": _d(2026, 2, 1), "end": _d(2026, 11, 29),
          "format": "games", "class": "乙", "level": "", "champion": None}
    f.events.append(ev)
    for n in range(1, 31):
        a, b = f.rnd.sample(ids, 2)
        sa, sb = f.strength[a], f.strength[b]
        stones = min(4, int(abs(sa - sb) // 100))
        weak, strong = (a, b) if sa < sb else (b, a)
        res = f.result(weak, strong, draws=0) if stones == 0 else (1.0 if f.rnd.random() < 0.5 else 0.0)
        day = _d(2026, 2, 1) + dt.timedelta(days=9 * n)
        f.game("HK26-T", day, None, weak, strong, res, stones or None)
    g = next(x for x in f.games if x["event"] == "HK26-O" and x["round"] == 4)
    g["result"] = "+"    # seed 002 §7: the absent opponent is charged the loss
    return f.tables([["system", "gor"], ["federation", "香港圍棋協會 (示例)"]])


def lianzhong() -> dict[str, list[list[Any]]]:
    f = _Fed(2026_004, "lianzhong")
    for i in range(1, 31):
        pid = f"LZ{i:03d}"
        new = i > 24
        rating = None if new else round(2450 - i * 40 + f.rnd.uniform(-20, 20))
        title = "特级大师" if i == 1 else ("国家大师" if i == 4 else "")
        f.player(pid, (rating or 1500) + f.rnd.uniform(-50, 50), sex="M", club="联众象棋",
                 rank="", rating=rating, games=None if new else 40 + i, events=None, peak=None,
                 title=title, member="yes")
    ids = [p["id"] for p in f.players]
    for m in range(1, 11):
        eid = f"LZ26-{m:02d}"
        start = _d(2026, m, 1)
        end = _d(2026, m, 28)
        f.events.append({"event": eid, "name": f"联众象棋 {m}月 排位对局", "start": start, "end": end,
                         "format": "games", "class": "", "level": "", "champion": None})
        for n in range(40):
            a, b = f.rnd.sample(ids, 2)
            day = start + dt.timedelta(days=n * 27 // 40)
            f.game(eid, day, n + 1, a, b, f.result(a, b, draws=0.15))
    f.games[17]["result"] = "-"
    f.awards.append({"player": "LZ002", "award": "一级大师", "date": _d(2026, 6, 1)})
    return f.tables([["system", "lianzhong"], ["federation", "联众象棋 (示例)"]])


def peng() -> dict[str, list[list[Any]]]:
    f = _Fed(2026_000, "peng")
    ranks = ["七段", "六段", "五段", "五段", "四段", "三段", "三段", "二段", "初段", "初段", "1级", "2级", "3级",
             "4级", "5级", "5级", "6级", "8级", "10级", "12级", "15级", "无级", "无级", "无级"]
    basic = {"七段": 10000, "六段": 7000, "五段": 4000, "四段": 2000, "三段": 1000, "二段": 600, "初段": 300,
             "1级": 200, "2级": 180, "3级": 155, "4级": 130, "5级": 110, "6级": 100, "8级": 80, "10级": 60,
             "12级": 40, "15级": 10, "无级": 0}
    for i, rank in enumerate(ranks, start=1):
        pid = f"PG{i:03d}"
        strength = 2300 - 40 * i
        f.player(pid, strength, sex="M" if i % 3 else "F", club="彭氏连珠俱乐部", rank=rank,
                 rating=basic[rank] + round(f.rnd.uniform(0, 30), 1), games=None, events=None, peak=None,
                 title="", member="yes")
    ids = [p["id"] for p in f.players]
    specs = [("PG26-N", "2026全国连珠锦标赛", _d(2026, 4, 3), _d(2026, 4, 5), "national", ids[:5]),
             ("PG26-P", "2026省连珠赛", _d(2026, 6, 6), _d(2026, 6, 7), "provincial", ids[4:12]),
             ("PG26-D", "2026区县连珠赛", _d(2026, 8, 8), _d(2026, 8, 9), "district", ids[11:24]),
             ("PG26-O", "2026俱乐部公开赛", _d(2026, 10, 10), _d(2026, 10, 11), "", ids[5:24])]
    for eid, name, a, b, level, who in specs:
        ev = {"event": eid, "name": name, "start": a, "end": b, "format": "round_robin", "class": "",
              "level": level, "champion": None}
        f.events.append(ev)
        f.round_robin(ev, list(who), words=True)
    g = next(x for x in f.games if x["event"] == "PG26-O")
    g["result"] = "1*"
    f.points += [{"player": "PG022", "date": _d(2026, 5, 1), "kind": "test", "points": 20, "note": "限时做题测试"},
                 {"player": "PG022", "date": _d(2026, 9, 1), "kind": "test", "points": 11, "note": "不限时做题测试"},
                 {"player": "PG008", "date": _d(2026, 11, 1), "kind": "bonus", "points": 50, "note": "推广连珠贡献"}]
    f.awards.append({"player": "PG009", "award": "二段", "date": _d(2026, 12, 1)})
    return f.tables([["system", "peng"], ["federation", "彭氏连珠等级分 (示例)"]])


SAMPLES = {"shanghai": shanghai, "gor": gor, "lianzhong": lianzhong, "peng": peng}
