"""ELO_EXPECTED / GOR_EXPECTED over long columns against plain list work.

    python benchmarks/udf_columns.py [--pure] [rows ...]

Prints a table.  ``--pure``: the pure-Python kernels, as in xlwings Lite without
NumPy (the default is NumPy's).  Baselines: "convert" = turning the nested input lists into
floats and back into nested output lists (the least any function must do);
"plain loop" = the fastest list-in/list-out pure-Python computation of the
same numbers.
"""

from __future__ import annotations

import random
import sys
import time

from xl_ratings import udfs


def best(fn, repeat=3):
    t = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        t.append(time.perf_counter() - t0)
    return min(t)


def convert(r, o):
    """The least work: both input columns to flat floats, one nested output column."""
    a = [float(x[0]) for x in r]
    b = [float(x[0]) for x in o]
    return [[x] for x in a], b


def main(argv: list[str]) -> None:
    if "--pure" in argv:
        from xl_ratings.excel import functions, kernels_pure

        functions.vector = kernels_pure   # type: ignore[assignment]
        argv = [a for a in argv if a != "--pure"]
    from xl_ratings.excel import functions as f

    print(f"kernels: {f.vector.__name__}")
    sizes = [int(a) for a in argv] or [10_000, 100_000, 1_000_000]
    rnd = random.Random(1)
    print(f"{'rows':>9} {'convert':>9} {'plain loop':>10} {'ELO_EXP logistic':>17} "
          f"{'ELO_EXP fide':>12} {'GOR_EXPECTED':>12}  ELO/convert  ELO/plain loop")
    for n in sizes:
        r = [[rnd.uniform(1000, 2800)] for _ in range(n)]
        o = [[rnd.uniform(1000, 2800)] for _ in range(n)]
        conv = best(lambda: convert(r, o))
        plain = best(lambda: [[1.0 / (1.0 + 10.0 ** ((b[0] - a[0]) / 400.0))] for a, b in zip(r, o)])
        lg = best(lambda: udfs.elo_expected(r, o))
        fd = best(lambda: udfs.elo_expected(r, o, "fide"))
        gr = best(lambda: udfs.gor_expected(r, o))
        print(f"{n:>9} {conv:>8.3f}s {plain:>9.3f}s {lg:>16.3f}s {fd:>11.3f}s {gr:>11.3f}s  {lg / conv:>10.2f}x  {lg / plain:>13.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
