"""The kit each system uses to make its sample federation (templates, demo,
end-to-end tests).  Every run gives the same players, events and games (a
seeded random generator, no clock)."""

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
    "Games": ["event", "date", "round", "player", "opponent", "result", "handicap", "colour"],
    "Awards": ["player", "award", "date"],
    "Points": ["player", "date", "kind", "points", "note"],
    "McMahon": ["event", "player", "mms"],
}


class SampleFederation:
    def __init__(self, seed: int, system: str):
        self.rnd = random.Random(seed)
        self.system = system
        self.players: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.awards: list[dict[str, Any]] = []
        self.points: list[dict[str, Any]] = []
        self.mcmahon: list[dict[str, Any]] = []
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

    def game(self, ev: str, day: dt.date, rnd: int | None, a: str, b: str, res: Any,
             h: float | None = None) -> None:
        self.games.append({"event": ev, "date": day, "round": rnd, "player": a, "opponent": b,
                           "result": res, "handicap": h})

    def round_robin(self, ev: dict[str, Any], ids: list[str], words: bool = False) -> None:
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

    def swiss(self, ev: dict[str, Any], ids: list[str], rounds: int) -> None:
        pts = {p: 0.0 for p in ids}
        met: set[frozenset[str]] = set()
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

    def tables(self, settings: list[list[Any]],
               clubs: tuple[tuple[str, str, str], ...] = ()) -> dict[str, list[list[Any]]]:
        """The sheets; ``clubs``: the Clubs sheet's rows (code, name, aliases)."""
        out = {"Settings": [["key", "value"]] + settings}
        for sheet, rows in (("Players", self.players), ("Events", self.events), ("Games", self.games),
                            ("Awards", self.awards), ("Points", self.points), ("McMahon", self.mcmahon)):
            if sheet in ("Points", "McMahon") and not rows:
                continue
            cols = HEADERS[sheet]
            out[sheet] = [cols] + [[r.get(c) for c in cols] for r in rows]
        if clubs:
            out["Clubs"] = [["code", "name", "aliases"]] + [list(c) for c in clubs]
        return out


def day(y: int, m: int, d: int) -> dt.date:
    return dt.date(y, m, d)
