"""Federation-scale workbooks for the benchmarks (deterministic).

    python benchmarks/bigbook.py PLAYERS GAMES OUT.xlsx [PERIODS]   # PERIODS half-years from 2021H2, GAMES each
    python benchmarks/bigbook.py PLAYERS GAMES OUT.xlsx gor         # one gor year (2026), the same shape
"""

from __future__ import annotations

import datetime as dt
import random
import sys

HEAD = {
    "Players": ["id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member"],
    "Events": ["event", "name", "start", "end", "format", "class", "level", "champion"],
    "Games": ["event", "date", "round", "player", "opponent", "result", "handicap"],
}


def _players(rnd: random.Random, players: int) -> tuple[list[str], list[list]]:
    ids = [f"P{i:06d}" for i in range(players)]
    rating = {p: (None if i % 50 == 49 else rnd.randint(1800, 2500)) for i, p in enumerate(ids)}
    prow = [[p, f"棋手{i}", "F" if i % 6 == 0 else "M", f"俱乐部{i % 40}", "", rating[p],
             None, None, None, "", "yes"] for i, p in enumerate(ids)]
    return ids, prow


def _period(rnd: random.Random, ids: list[str], games: int, start: dt.date, e: int,
            events: list[list], grows: list[list]) -> int:
    """Events from ``start`` (within 171 days) until ``games`` games; returns the last event number."""
    first = len(grows)
    n = 0
    while n < games:
        e += 1
        day = start + dt.timedelta(days=(e * 3) % 170)
        eid = f"E{e:05d}"
        swiss = e % 3 == 0
        size = 40 if swiss else 10
        who = rnd.sample(ids, size)
        events.append([eid, f"赛事{e}", day, day + dt.timedelta(days=1), "swiss" if swiss else "round_robin",
                       "", "", None])
        if swiss:
            for r in range(1, 8):
                rnd.shuffle(who)
                for a, b in zip(who[::2], who[1::2]):
                    grows.append([eid, None, r, a, b, rnd.choice((1, 0, 0.5, 1, 0)), None])
                    n += 1
        else:
            r = 0
            for i, a in enumerate(who):
                for b in who[i + 1:]:
                    r += 1
                    grows.append([eid, None, r, a, b, rnd.choice((1, 0, 0.5, 1, 0)), None])
                    n += 1
    del grows[first + games:]
    return e


def _book(prow: list[list], events: list[list], grows: list[list]) -> dict[str, list[list]]:
    return {"Settings": [["key", "value"], ["system", "shanghai"]],
            "Players": [HEAD["Players"]] + prow, "Events": [HEAD["Events"]] + events,
            "Games": [HEAD["Games"]] + grows}


def shanghai_tables(players: int, games: int, seed: int = 7) -> dict[str, list[list]]:
    """One half-year (2026H1) of a big federation: round robins of 10 and Swiss events."""
    rnd = random.Random(seed)
    ids, prow = _players(rnd, players)
    events: list[list] = []
    grows: list[list] = []
    _period(rnd, ids, games, dt.date(2025, 12, 6), 0, events, grows)
    return _book(prow, events, grows)


def gor_tables(players: int, games: int, seed: int = 7) -> dict[str, list[list]]:
    """The same federation on the gor system: one year (2026) of events of class A/B/C, every player
    with a rank (the 1 in 50 without a rating starts from it)."""
    rnd = random.Random(seed)
    ids, prow = _players(rnd, players)
    events: list[list] = []
    grows: list[list] = []
    _period(rnd, ids, games, dt.date(2026, 1, 5), 0, events, grows)
    tables = _book(prow, events, grows)
    ranks = [f"{k}k" for k in range(10, 0, -1)] + [f"{d}d" for d in range(1, 7)]
    for row in tables["Players"][1:]:
        row[4] = rnd.choice(ranks)
    for i, row in enumerate(tables["Events"][1:]):
        row[5] = "ABC"[i % 3]
    tables["Settings"] = [["key", "value"], ["system", "gor"]]
    return tables


def half_years(first: str, count: int) -> list[tuple[str, dt.date]]:
    """``count`` shanghai periods from ``first`` (e.g. 2021H2): (label, first day)."""
    year, half = int(first[:4]), int(first[-1])
    out = []
    for _ in range(count):
        out.append((f"{year}H{half}", dt.date(year - 1, 12, 1) if half == 1 else dt.date(year, 6, 1)))
        year, half = (year, 2) if half == 1 else (year + 1, 1)
    return out


def shanghai_periods_tables(players: int, games: int, periods: int = 10, first: str = "2021H2",
                            seed: int = 7) -> dict[str, list[list]]:
    """``periods`` consecutive half-years from ``first``, ``games`` games each, the same players."""
    rnd = random.Random(seed)
    ids, prow = _players(rnd, players)
    events: list[list] = []
    grows: list[list] = []
    e = 0
    for _, start in half_years(first, periods):
        e = _period(rnd, ids, games, start + dt.timedelta(days=5), e, events, grows)
    return _book(prow, events, grows)


def write_xlsx(tables: dict[str, list[list]], path: str) -> None:
    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    for name, rows in tables.items():
        ws = wb.create_sheet(name)
        for r in rows:
            ws.append(r)
    wb.save(path)


if __name__ == "__main__":
    p, g, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if len(sys.argv) > 4 and sys.argv[4] == "gor":
        write_xlsx(gor_tables(p, g), out)
    else:
        k = int(sys.argv[4]) if len(sys.argv) > 4 else 1
        write_xlsx(shanghai_tables(p, g) if k == 1 else shanghai_periods_tables(p, g, k), out)
    print(out)
