"""The Games sheet's optional colour column: CPU time of reading N games with and without it,
measured side by side in one run, three times each (issue 26).

    python benchmarks/colour_bench.py [N]        # default 200,000 games
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import time
from typing import Any

from xl_ratings.engine.inputs import read_records

HEAD = ["event", "date", "round", "player", "opponent", "result", "handicap"]


def tables(n: int, colour: bool, seed: int = 1) -> dict[str, list[list[Any]]]:
    rnd = random.Random(seed)
    players = [["id", "name", "rank", "rating"]] + [[f"P{i}", f"N{i}", "1D", 2100] for i in range(2000)]
    events = [["event", "name", "start", "end", "format", "class"],
              ["E", "E", dt.date(2026, 1, 1), dt.date(2026, 12, 31), "games", "A"]]
    games = []
    for k in range(n):
        a, b = rnd.sample(range(2000), 2)
        row = ["E", dt.date(2026, 1, 1) + dt.timedelta(days=k % 300), None, f"P{a}", f"P{b}",
               rnd.choice((1, 0, 0.5)), None, rnd.choice("bw")]
        games.append(row if colour else row[:-1])
    return {"Settings": [["key", "value"], ["system", "gor"]], "Players": players, "Events": events,
            "Games": [HEAD + (["colour"] if colour else [])] + games}


def main(n: int) -> None:
    without, with_colour = tables(n, False), tables(n, True)
    for _ in range(3):
        for name, t in (("without", without), ("with", with_colour)):
            cpu = time.process_time()
            r = read_records(t)
            cpu = time.process_time() - cpu
            print(f"{name:8s} colour column: {cpu:.3f} CPU s, {len(r.games):,} games, {len(r.colours):,} colours")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
