"""The Excel functions over long columns, against a plain list comprehension.

    python benchmarks/udf_columns.py [--pure | --numpy] [--columns] [--repeat N] [rows ...]

Both kernels by default, in one run (``--pure``: only the pure-Python kernels, as in
xlwings Lite without NumPy; ``--numpy``: only NumPy's; ``--columns``: only the functions
with a column path, not SHANGHAI_K, LIANZHONG_UPDATE and RANK_STANDARD, which go cell by cell).  CPU seconds (``time.process_time``),
best of ``--repeat`` (3), every figure of a row measured in the same run.  Baselines:

* "plain" -- the issue's plain list comprehension,
  ``[[1/(1+10**((b[0]-a[0])/400))] for a, b in zip(r, o)]``: nested lists in, the
  logistic expected score, nested lists out, no check of any cell (issue 28 item 4: each
  column function within 2× of it);
* "paused" -- the same with Python's garbage collector paused, as the functions pause it
  (the stricter baseline: a comprehension of a million small lists spends about half its
  time in the collector);
* "own loop" -- the function's own scalar math (``xl_ratings.systems``) in the same kind of
  comprehension: what the function costs beyond its arithmetic is its checks.

"convert" (both columns to floats and back into one nested column) is kept for
``benchmarks/run.py``.
"""

from __future__ import annotations

import gc
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


def paused(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` with Python's cyclic garbage collector paused, as the functions run (gc_paused)."""
    def run():
        was = gc.isenabled()
        gc.disable()
        try:
            return fn()
        finally:
            if was:
                gc.enable()
    return run


Case = tuple[str, Callable[[], Any], Callable[[], Any] | None]


def column_cases(r, o) -> list[Case]:
    """(the function, the call, its own scalar loop): the column functions, over two columns."""
    return [
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
    ]


def cell_cases(n: int, rnd: random.Random, r, o) -> list[Case]:
    """The functions that go cell by cell (every cell checked and its math called)."""
    s = [[rnd.choice((1, 0.5, 0))] for _ in range(n)]
    g = [[rnd.randint(0, 60)] for _ in range(n)]
    e = [[rnd.randint(0, 6)] for _ in range(n)]
    sr = [[rnd.uniform(1000, 3000)] for _ in range(n)]
    return [
        ("SHANGHAI_K", lambda: udfs.shanghai_k(g, e, r),
         lambda: [[shanghai.k_factor(a[0], b[0], c[0])] for a, b, c in zip(g, e, r)]),
        ("LIANZHONG_UPDATE", lambda: udfs.lianzhong_update(r, o, s, g, g),
         lambda: [[lianzhong.update(a[0], b[0], c[0], d[0], d[0]).rating] for a, b, c, d in zip(r, o, s, g)]),
        ("RANK_STANDARD shanghai", lambda: udfs.rank_standard(sr, "shanghai"),
         lambda: [[SHANGHAI.standard_name(a[0], None)] for a in sr]),
    ]


def table(n: int, repeat: int, cell_by_cell: bool) -> list[str]:
    """One kernel's table.  The two columns alone are alive while the column functions and the
    plain comprehension are timed (the issue's setting: more live objects make the collector's
    passes, and so the plain comprehension, slower or faster); the other columns come after."""
    rnd = random.Random(1)
    r = [[rnd.uniform(1000, 2800)] for _ in range(n)]
    o = [[rnd.uniform(1000, 2800)] for _ in range(n)]
    base = best(lambda: plain(r, o), repeat)
    still = best(paused(lambda: plain(r, o)), repeat)
    lines = [f"{'function':<24} {'seconds':>8} {'× plain':>8} {'× paused':>9} {'own loop':>9} {'× own loop':>10}",
             f"{'plain comprehension':<24} {base:>7.3f}s {1:>7.2f}× {base / still:>8.2f}×",
             f"{'  collector paused':<24} {still:>7.3f}s {still / base:>7.2f}× {1:>8.2f}×"]
    todo = column_cases(r, o)
    done = 0
    while done < len(todo):
        for name, call, own in todo[done:]:
            t = best(call, repeat)
            t_own = best(own, repeat) if own else float("nan")
            lines.append(f"{name:<24} {t:>7.3f}s {t / base:>7.2f}× {t / still:>8.2f}× {t_own:>8.3f}s "
                         f"{t / t_own:>9.2f}×")
        done = len(todo)
        if cell_by_cell:
            todo += cell_cases(n, rnd, r, o)
            cell_by_cell = False
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
                print("\n".join(table(n, repeat, "--columns" not in argv)))
    finally:
        functions.vector = kept

if __name__ == "__main__":
    main(sys.argv[1:])
