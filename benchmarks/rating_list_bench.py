"""How fast the rating list for pairing programs is made (xl_ratings.view.rating_list).

    python benchmarks/rating_list_bench.py [PLAYERS ...] [--games N] [--repeat N]

For each size: a deterministic Shanghai federation (benchmarks/bigbook.py: Chinese
names, 40 clubs, every 50th player unrated) processed in memory, then its list made
in each layout (names through pinyin, derived ids, club codes; the EGD layout timed
with the same facts, as if the system's numbers were GoR and every player had a grade).  Prints one row per size
and layout: best time, players listed, size of the file.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from bigbook import shanghai_tables  # noqa: E402

from xl_ratings.engine.run import run  # noqa: E402
from xl_ratings.view import rating_list as rl  # noqa: E402
from xl_ratings.view.rating_list import rating_list  # noqa: E402

_grade = rl._grade


def _go_grade(line, rating, system):    # type: ignore[no-untyped-def]
    """Shanghai's ladder stops at 7级 (about 1,900); GoR's goes down to 30k: the EGD layout is
    timed as if every player had a grade, the first step of GoR's kyu ladder below Shanghai's."""
    return _grade(line, rating, system) or "20k"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", nargs="*", type=int, default=[2000, 20000])
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"{'players':>8} {'layout':>6} {'best s':>8} {'listed':>7} {'KiB':>8}")
    for n in args.players:
        tables = shanghai_tables(n, args.games)
        outcome = run(tables, "2026H1", file="bench")
        as_gor = dataclasses.replace(outcome.system, pairing_layouts=("egd", "fide", "csv"))
        for layout in ("egd", "fide", "csv"):
            subject = dataclasses.replace(outcome, system=as_gor) if layout == "egd" else outcome
            rl._grade = _go_grade if layout == "egd" else _grade
            best = float("inf")
            for _ in range(args.repeat):
                t = time.perf_counter()
                listed = rating_list(subject, tables, layout)
                best = min(best, time.perf_counter() - t)
            print(f"{n:>8} {layout:>6} {best:>8.3f} {len(listed.entries):>7} {len(listed.data()) / 1024:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
