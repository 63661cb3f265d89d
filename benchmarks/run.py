"""xl_ratings benchmarks: one command, one table.

    python benchmarks/run.py            # UDF columns, shanghai 5k/100k and 20k/500k, lianzhong 10^6
    python benchmarks/run.py --full     # also lianzhong 10^7 games (several minutes, ~5 GB of memory)

Every case runs in a fresh subprocess that reports its own time (best of
``--repeat`` runs inside it) and its peak memory (ru_maxrss).  Data is
generated deterministically into ``--data`` (default /tmp/xl-ratings-bench)
and reused.  Timings are wall-clock on a shared machine: compare the ratios,
which are measured in the same process, rather than the absolute seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --------------------------------------------------------------------------- cases (run in a child)
def case_udf(rows: int, repeat: int) -> dict:
    import random

    from udf_columns import convert

    from xl_ratings import udfs

    rnd = random.Random(1)
    r = [[rnd.uniform(1000, 2800)] for _ in range(rows)]
    o = [[rnd.uniform(1000, 2800)] for _ in range(rows)]
    base = best(lambda: convert(r, o), repeat)
    elo = best(lambda: udfs.elo_expected(r, o), repeat)
    gor = best(lambda: udfs.gor_expected(r, o), repeat)
    return {"what": f"ELO_EXPECTED / GOR_EXPECTED, {rows:,} rows",
            "baseline": "list conversion", "base_s": base, "ours_s": elo, "extra": f"GOR {gor:.3f}s"}


def case_shanghai(players: int, games: int, data: Path, repeat: int) -> dict:
    import contextlib
    import io

    from python_calamine import CalamineWorkbook

    from bigbook import shanghai_tables, write_xlsx
    from xl_ratings.cli import main

    path = data / f"shanghai_{players}_{games}.xlsx"
    if not path.exists():
        write_xlsx(shanghai_tables(players, games), str(path))
    out = data / f"shanghai_{players}_{games}_out.xlsx"

    def read():
        wb = CalamineWorkbook.from_path(str(path))
        return {n: wb.get_sheet_by_name(n).to_python() for n in wb.sheet_names}

    def process():
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["process", str(path), "--output", str(out)]) == 0
    base = best(read, repeat)
    ours = best(process, repeat)
    return {"what": f"shanghai period, {players:,} players / {games:,} games (.xlsx)",
            "baseline": "calamine read", "base_s": base, "ours_s": ours,
            "extra": f"{games / ours:,.0f} games/s"}


def minimal_loop(player, opponent, result, rating, count) -> None:
    """The least code that does the same arithmetic: expectation, K, rated/unrated mix."""
    for p, q, s in zip(player, opponent, result):
        rp, rq, np_, nq = rating[p], rating[q], count[p], count[q]
        if np_ < 20 and nq < 20:
            continue
        ep = 1.0 / (1.0 + 10.0 ** ((rq - rp) / 400.0))
        eq = 1.0 / (1.0 + 10.0 ** ((rp - rq) / 400.0))
        kp = 32 if rp < 2000 else 24 if rp < 2400 else 16 if rp < 2800 else 8
        kq = 32 if rq < 2000 else 24 if rq < 2400 else 16 if rq < 2800 else 8
        dp, dq = kp * (s - ep), kq * ((1 - s) - eq)
        if nq < 20:
            n = nq + 1
            dp, dq = dp * n / 20 * 2 / 3, dq * (41 - n) / 20
        elif np_ < 20:
            n = np_ + 1
            dp, dq = dp * (41 - n) / 20, dq * n / 20 * 2 / 3
        rating[p], rating[q] = rp + dp, rq + dq
        count[p], count[q] = np_ + 1, nq + 1


def case_lianzhong(games: int, fmt: str, how: str, data: Path, repeat: int) -> dict:
    import contextlib
    import io

    import pandas as pd

    from gamelist import make
    from xl_ratings.cli import main
    from xl_ratings.pipeline import run_inputs
    from xl_ratings.tabular import load_game_list

    players = max(1000, games // 50)
    prefix = data / f"lianzhong_{games}"
    if not Path(f"{prefix}.csv").exists():
        make(games, players, str(prefix))
    path, roster = f"{prefix}.{fmt}", f"{prefix}_players.csv"

    def minimal():
        df = pd.read_parquet(f"{prefix}.parquet") if fmt == "parquet" else pd.read_csv(path, dtype=str)
        pl = pd.read_csv(roster)
        rating = dict(zip(pl["id"], pl["rating"].fillna(1400)))
        count = dict(zip(pl["id"], pl["games"]))
        minimal_loop(df["player"].tolist(), df["opponent"].tolist(),
                     df["result"].astype(float).tolist(), rating, count)

    def api():
        inputs = load_game_list(path, "lianzhong", roster)
        run_inputs(inputs)

    def cli():
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["process", path, "--system", "lianzhong", "--players", roster,
                         "--json", str(prefix) + ".json"]) == 0
    base = best(minimal, repeat)
    ours = best(api if how == "api" else cli, repeat)
    return {"what": f"lianzhong {games:,} games, {fmt}, {'Python API' if how == 'api' else 'command line'}",
            "baseline": "minimal loop", "base_s": base, "ours_s": ours,
            "extra": f"{games / ours:,.0f} games/s (minimal {games / base:,.0f})"}


# --------------------------------------------------------------------------- driver
def child(args) -> None:
    from xl_ratings.perf import gc_paused  # noqa: F401 -- the package under test

    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    kind, *rest = args.case.split(":")
    if kind == "udf":
        res = case_udf(int(rest[0]), args.repeat)
    elif kind == "shanghai":
        res = case_shanghai(int(rest[0]), int(rest[1]), data, args.repeat)
    else:
        res = case_lianzhong(int(rest[0]), rest[1], rest[2], data, args.repeat)
    res["peak_mb"] = peak_mb()
    print(json.dumps(res))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help="also lianzhong 10^7 games")
    ap.add_argument("--data", default="/tmp/xl-ratings-bench")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        child(args)
        return
    cases = ["udf:10000", "udf:100000", "udf:1000000", "shanghai:5000:100000", "shanghai:20000:500000",
             "lianzhong:1000000:csv:api", "lianzhong:1000000:parquet:api",
             "lianzhong:1000000:csv:cli", "lianzhong:1000000:parquet:cli"]
    if args.full:
        cases += ["lianzhong:10000000:parquet:api", "lianzhong:10000000:csv:cli"]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}")
    print(f"{'case':<60} {'baseline':<15} {'':>8} {'ours':>8} {'ratio':>6} {'peak MB':>8}  notes")
    for case in cases:
        repeat = 1 if ("10000000" in case or "500000" in case) else args.repeat
        proc = subprocess.run([sys.executable, __file__, "--case", case, "--data", args.data,
                               "--repeat", str(repeat)], capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{case:<60} FAILED: {proc.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        print(f"{r['what']:<60} {r['baseline']:<15} {r['base_s']:>7.2f}s {r['ours_s']:>7.2f}s "
              f"{r['ours_s'] / r['base_s']:>5.2f}x {r['peak_mb']:>8.0f}  {r['extra']}", flush=True)


if __name__ == "__main__":
    main()
