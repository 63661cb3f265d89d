"""Game lists at platform scale: time and peak memory of a Lianzhong list rated in batches.

    python benchmarks/stream_bench.py                  # 10^6 and 10^7 games, 0.5 M -> 2 M with 10,000 players
                                                       # (Lianzhong, then the period systems), the progress
                                                       # bar on and off
    python benchmarks/stream_bench.py --huge           # also 10^8 games (a CSV of about 3.3 GB written under --data,
                                                       # streamed; deleted afterwards)
    python benchmarks/stream_bench.py --today DIR      # also the same lists with the code in DIR (a checkout of
                                                       # the version before: the list read whole), for comparison
    python benchmarks/stream_bench.py --only memory    # the cases whose name starts so

Every case runs ``xl-ratings process LIST --system lianzhong --players ... --json ... --output ...``
in a fresh Python process (imports, start-up and writing the outputs included) and reports its
wall time, CPU time and peak memory (the child's ru_maxrss).  The lists are written
deterministically, batch by batch (never held whole), one year of games in date order as a
platform writes them, all in 2025 (no game after today); they are kept in ``--data`` and
reused, except the 10^8 one.  Timings are wall-clock on a shared machine: the CPU seconds and
the ratios measured side by side are the steadier figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


# --------------------------------------------------------------------------- the lists

def write_list(games: int, players: int, prefix: Path, parquet: bool = False, chunk: int = 1_000_000) -> None:
    """``prefix``.csv (and .parquet) with ``games`` games among ``players`` players, one year in date
    order, and ``prefix``_players.csv (80 % rated): written a chunk at a time."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    rng = np.random.default_rng(4)
    ids = np.char.add("U", np.arange(players).astype(str))
    start = np.datetime64("2025-01-01")
    csv_tmp, pq_tmp = Path(f"{prefix}.csv.part"), Path(f"{prefix}.parquet.part")
    schema = pa.schema([("date", pa.string()), ("player", pa.string()), ("opponent", pa.string()),
                        ("result", pa.string())])
    csv_w = pcsv.CSVWriter(str(csv_tmp), schema)
    pq_w = pq.ParquetWriter(str(pq_tmp), schema) if parquet else None
    done = 0
    while done < games:
        n = min(chunk, games - done)
        a = rng.integers(0, players, n)
        b = (a + rng.integers(1, players, n)) % players
        days = (np.arange(done, done + n, dtype=np.int64) * 365) // games
        res = rng.choice(np.array(["1", "0", "0.5"]), n, p=[0.45, 0.45, 0.10])
        table = pa.table({"date": (start + days).astype("datetime64[D]").astype(str), "player": ids[a],
                          "opponent": ids[b], "result": res}, schema=schema)
        csv_w.write_table(table)
        if pq_w is not None:
            pq_w.write_table(table)
        done += n
    csv_w.close()
    csv_tmp.replace(f"{prefix}.csv")
    if pq_w is not None:
        pq_w.close()
        pq_tmp.replace(f"{prefix}.parquet")
    rated = rng.random(players) < 0.8
    roster = pa.table({"id": ids, "rating": pa.array(np.where(rated, rng.integers(1200, 2600, players), 0),
                                                     mask=~rated),
                       "games": np.where(rated, 40, rng.integers(0, 19, players))})
    pcsv.write_csv(roster, f"{prefix}_players.csv")


def ranked(prefix: Path) -> None:
    """``prefix``_players_ranked.csv: the roster with a rank for everyone (a GoR player needs a
    rating or a rank; 10k is on every ladder)."""
    import pyarrow as pa
    import pyarrow.csv as pcsv

    path = Path(f"{prefix}_players_ranked.csv")
    if not path.exists():
        roster = pcsv.read_csv(f"{prefix}_players.csv")
        pcsv.write_csv(roster.append_column("rank", pa.array(["10k"] * roster.num_rows)), path)


def ensure(data: Path, games: int, players: int, fmt: str) -> Path:
    prefix = data / f"lz_{games}_{players}"
    if not Path(f"{prefix}.{fmt}").exists():
        write_list(games, players, prefix, parquet=fmt == "parquet")
    return prefix


# --------------------------------------------------------------------------- a case, in a child

def child(args: argparse.Namespace) -> None:
    """One run of the command line, in this fresh process; prints its figures as JSON."""
    kind, games, players, fmt, *rest = args.case.split(":")
    system = rest[0] if rest else "lianzhong"
    prefix = Path(args.data) / f"lz_{games}_{players}"
    out = Path(args.data) / f"out_{games}_{players}_{fmt}_{kind}_{system}"
    if args.code:
        sys.path.insert(0, args.code)
    roster = f"{prefix}_players_ranked.csv" if system != "lianzhong" else f"{prefix}_players.csv"
    argv = ["process", f"{prefix}.{fmt}", "--system", system, "--players", roster,
            "--json", f"{out}.json", "--output", f"{out}.csv", "--force"]
    import contextlib
    import io

    if kind == "quiet":                     # the rated list through the Python API, no bar
        argv = []
    wall, cpu = time.perf_counter(), time.process_time()
    if kind in ("stream", "today"):
        from xl_ratings.cli import main

        with contextlib.redirect_stdout(io.StringIO()):
            assert main(argv) == 0
    else:                                   # bar / quiet: the API, with a rich bar or without
        from xl_ratings.systems.lianzhong import SYSTEM
        from xl_ratings.jobs.game_stream import rate_game_list, timed

        progress, prog = None, None
        if kind == "bar":
            from rich.console import Console
            from rich.progress import Progress

            prog = Progress(console=Console(file=io.StringIO(), force_terminal=True, width=100),
                            auto_refresh=False)
            prog.start()
            task = prog.add_task("list", total=None)

            def tick(what: str, done: int, total: int) -> None:
                prog.update(task, description=what, completed=done, total=total)
                prog.refresh()
            progress = tick
        rate_game_list(f"{prefix}.{fmt}", SYSTEM, players=f"{prefix}_players.csv", progress=timed(progress))
        if prog is not None:
            prog.stop()                     # (rich sends this process's output to the bar while it runs)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"wall": wall, "cpu": cpu, "peak_mb": peak}))


def run_case(case: str, data: Path, code: str | None = None) -> dict:
    cmd = [sys.executable, __file__, "--case", case, "--data", str(data)] + (["--code", code] if code else [])
    env = dict(os.environ, PYTHONPATH=code or str(ROOT))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def row(what: str, games: int, r: dict) -> str:
    if "error" in r:
        return f"{what:<58} FAILED: {r['error']}"
    return (f"{what:<58} {r['wall']:>9.1f} {r['cpu']:>9.1f} {r['peak_mb']:>9,.0f} "
            f"{games / r['wall']:>12,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default="/tmp/xl-ratings-stream-bench")
    ap.add_argument("--huge", action="store_true", help="also 10^8 games (written, streamed, deleted)")
    ap.add_argument("--today", metavar="DIR", help="also run the version checked out in DIR")
    ap.add_argument("--only", help="comma-separated case prefixes (scale, memory, systems, progress, huge)")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    ap.add_argument("--code", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        child(args)
        return
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    wanted = [p.strip() for p in (args.only or "scale,memory,systems,progress,huge").split(",")]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB, "
          f"Python {platform.python_version()}; load {os.getloadavg()[0]:.1f}")
    print(f"{'case':<58} {'wall s':>9} {'CPU s':>9} {'peak MB':>9} {'games/s':>12}")
    code = str(Path(args.today).resolve()) if args.today else None
    if "scale" in wanted:
        for games, fmt in ((1_000_000, "csv"), (1_000_000, "parquet"), (10_000_000, "csv")):
            ensure(data, games, 100_000, fmt)
            for kind in (["today"] if code else []) + ["stream"]:
                r = run_case(f"{kind}:{games}:100000:{fmt}", data, code if kind == "today" else None)
                label = "read whole (before)" if kind == "today" else "in batches"
                print(row(f"{games:>11,} games, 100,000 players, {fmt:<7} {label}", games, r), flush=True)
    if "memory" in wanted:
        peaks = {}
        for games in (500_000, 2_000_000):
            ensure(data, games, 10_000, "csv")
            for kind in (["today"] if code else []) + ["stream"]:
                r = run_case(f"{kind}:{games}:10000:csv", data, code if kind == "today" else None)
                peaks[kind, games] = r.get("peak_mb", 0)
                label = "read whole (before)" if kind == "today" else "in batches"
                print(row(f"{games:>11,} games,  10,000 players, csv     {label}", games, r), flush=True)
        for kind in (["today"] if code else []) + ["stream"]:
            if peaks.get((kind, 500_000)):
                print(f"  peak memory 2 M / 0.5 M games ({kind}): "
                      f"{peaks[kind, 2_000_000] / peaks[kind, 500_000]:.2f}x")
    if "systems" in wanted:             # the period systems: the same list, one tournament of a year
        for system in ("shanghai", "gor", "peng"):
            peaks = {}
            for games in (500_000, 2_000_000):
                ranked(ensure(data, games, 10_000, "csv"))
                r = run_case(f"stream:{games}:10000:csv:{system}", data)
                peaks[games] = r.get("peak_mb", 0)
                print(row(f"{games:>11,} games,  10,000 players, csv     {system}", games, r), flush=True)
            if peaks.get(500_000):
                print(f"  peak memory 2 M / 0.5 M games ({system}): {peaks[2_000_000] / peaks[500_000]:.2f}x")
    if "progress" in wanted:
        ensure(data, 10_000_000, 100_000, "csv")
        for kind in ("quiet", "bar", "quiet", "bar"):
            r = run_case(f"{kind}:10000000:100000:csv", data)
            print(row(f"{10_000_000:>11,} games, API, {'rich progress bar' if kind == 'bar' else 'no bar'}",
                      10_000_000, r), flush=True)
    if args.huge and "huge" in wanted:
        games = 100_000_000
        t = time.perf_counter()
        prefix = ensure(data, games, 100_000, "csv")
        size = Path(f"{prefix}.csv").stat().st_size
        print(f"  (written {size / 2**30:.1f} GiB in {time.perf_counter() - t:.0f} s)", flush=True)
        try:
            r = run_case(f"stream:{games}:100000:csv", data)
            print(row(f"{games:>11,} games, 100,000 players, csv     in batches", games, r), flush=True)
        finally:
            for p in data.glob(f"lz_{games}_*"):
                p.unlink()
            for p in data.glob(f"out_{games}_*"):
                p.unlink()


if __name__ == "__main__":
    main()
