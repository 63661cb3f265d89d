"""The Excel functions over long columns, against a plain list comprehension.

    python benchmarks/udf_columns.py [--pure | --numpy] [--repeat N] [rows ...]

Both kernels by default, in one run (``--pure``: only the pure-Python kernels, as in
xlwings Lite without NumPy; ``--numpy``: only NumPy's).  CPU seconds (``time.process_time``),
best of ``--repeat`` (3), every figure of a row measured in the same run.  Baselines:

* "plain" -- the issue's plain list comprehension,
  ``[[1/(1+10**((b[0]-a[0])/400))] for a, b in zip(r, o)]``: nested lists in, the
  logistic expected score, nested lists out, no check of any cell (issue 28 item 4: each
  column function within 2× of it);
* "own loop" -- the function's own scalar math (``xl_ratings.systems``) in the same kind of
  comprehension: what the function costs beyond its arithmetic is its checks.

"convert" (both columns to floats and back into one nested column) is kept for
``benchmarks/run.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from xl_ratings import systems, udfs
from xl_ratings.excel import functions
from xl_ratings.systems import gor, lianzhong, shanghai


SHANGHAI = systems.get("shanghai")


def best(fn: Callable[[], Any], repeat: int = 3) -> float:
    t = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        t.append(time.process_time() - t0)
    return min(t)


def convert(r, o):
    """The least work: both input columns to flat floats, one nested output column."""
    a = [float(x[0]) for x in r]
    b = [float(x[0]) for x in o]
    return [[x] for x in a], b


def plain(r, o):
    """The issue's baseline: a plain list comprehension of the logistic expected score."""
    return [[1 / (1 + 10 ** ((b[0] - a[0]) / 400))] for a, b in zip(r, o)]


def cases(n: int, rnd: random.Random) -> list[tuple[str, Callable[[], Any], Callable[[], Any]]]:
    """(the function, the call, its own scalar loop) over columns of ``n`` rows."""
    r = [[rnd.uniform(1000, 2800)] for _ in range(n)]
    o = [[rnd.uniform(1000, 2800)] for _ in range(n)]
    s = [[rnd.choice((1, 0.5, 0))] for _ in range(n)]
    g = [[rnd.randint(0, 60)] for _ in range(n)]
    e = [[rnd.randint(0, 6)] for _ in range(n)]
    sr = [[rnd.uniform(1000, 3000)] for _ in range(n)]
    return [
        ("plain comprehension", lambda: plain(r, o), lambda: plain(r, o)),
        ("ELO_EXPECTED logistic", lambda: udfs.elo_expected(r, o, "logistic"),
         lambda: [[lianzhong.expected(a[0], b[0])] for a, b in zip(r, o)]),
        ("ELO_EXPECTED fide", lambda: udfs.elo_expected(r, o, "fide"),
         lambda: [[shanghai.expected_score(a[0] - b[0])] for a, b in zip(r, o)]),
        ("GOR_EXPECTED", lambda: udfs.gor_expected(r, o),
         lambda: [[gor.expected(a[0], b[0], 0.0)] for a, b in zip(r, o)]),
        ("GOR_EXPECTED 2 stones", lambda: udfs.gor_expected(r, o, 2),
         lambda: [[gor.expected(a[0], b[0], 2.0)] for a, b in zip(r, o)]),
        ("LIANZHONG_K", lambda: udfs.lianzhong_k(r),
         lambda: [[lianzhong.k_factor(a[0])] for a in r]),
        ("SHANGHAI_K", lambda: udfs.shanghai_k(g, e, r),
         lambda: [[shanghai.k_factor(a[0], b[0], c[0])] for a, b, c in zip(g, e, r)]),
        ("LIANZHONG_UPDATE", lambda: udfs.lianzhong_update(r, o, s, g, g),
         lambda: [[lianzhong.update(a[0], b[0], c[0], d[0], d[0]).rating] for a, b, c, d in zip(r, o, s, g)]),
        ("RANK_STANDARD shanghai", lambda: udfs.rank_standard(sr, "shanghai"),
         lambda: [[SHANGHAI.standard_name(a[0], None)] for a in sr]),
    ]


def table(n: int, repeat: int, rnd: random.Random) -> list[str]:
    lines = [f"{'function':<24} {'seconds':>8} {'× plain':>8} {'own loop':>9} {'× own loop':>10}"]
    base = None
    for name, call, own in cases(n, rnd):
        t = best(call, repeat)
        if base is None:
            base = t
            lines.append(f"{name:<24} {t:>7.3f}s {1:>7.2f}× {'':>9} {'':>10}")
            continue
        t_own = best(own, repeat)
        lines.append(f"{name:<24} {t:>7.3f}s {t / base:>7.2f}× {t_own:>8.3f}s {t / t_own:>9.2f}×")
    return lines


def main(argv: list[str]) -> None:
    from xl_ratings.excel import kernels_pure

    backends: dict[str, Any] = {}
    if "--pure" not in argv:
        try:
            from xl_ratings.excel import kernels

            backends["numpy"] = kernels
        except ImportError:
            print("NumPy is not installed: the pure kernels only")
    if "--numpy" not in argv:
        backends["pure"] = kernels_pure
    repeat = 3
    if "--repeat" in argv:
        repeat = int(argv[argv.index("--repeat") + 1])
        argv = [a for i, a in enumerate(argv) if i not in (argv.index("--repeat"), argv.index("--repeat") + 1)]
    sizes = [int(a) for a in argv if not a.startswith("--")] or [10_000, 100_000, 1_000_000]
    kept = functions.vector
    try:
        for n in sizes:
            for label, backend in backends.items():
                functions.vector = backend
                print(f"\n{n:,} rows, kernels: {backend.__name__} ({label}); CPU seconds, best of {repeat}")
                print("\n".join(table(n, repeat, random.Random(1))))
    finally:
        functions.vector = kept

if __name__ == "__main__":
    main(sys.argv[1:])
