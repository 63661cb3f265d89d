"""The platform table: a Lianzhong game list end to end beside its baselines, in one run, as ratios.

    python benchmarks/platform_bench.py                      # 10^6 (10^5 players) and 2*10^6 (2*10^4 players)
    python benchmarks/platform_bench.py --sizes 1e6,1e7      # the sizes (games; players: a tenth, at most 10^5)
    python benchmarks/platform_bench.py --sizes 1e8 --formats csv --kernels compiled   # 10^8: minutes
    python benchmarks/platform_bench.py --doc docs/performance.md   # also write the table into the doc
                                                             # (between its platform-table markers)

For each list (one year in date order, 80 % of the players rated: ``stream_bench.write_list``)
and format (CSV, Parquet), in fresh processes:

* **ours**: ``xl-ratings process LIST --system lianzhong --players P --output OUT`` (start-up,
  checking every row, rating, writing the ratings file), with the pure kernel and the
  compiled one (``XL_RATINGS_KERNEL``; the compiled one needs numba), and ``today``: the
  version before, from a checkout (``--today DIR --kernels today,pure,compiled``);
* **bare read**: the same file read by pyarrow's streaming reader, batch by batch, nothing else;
* **minimal loop**: read so, the ids encoded with a dict, and the update rule (seed 004 §5-§7)
  in a plain Python loop -- no checks, no report, no output;
* **compiled loop**: the same loop compiled by numba over the Arrow columns;
* ``--daily``: the platform recipe's next day -- the ratings file the run wrote as ``--players``,
  the list again dated a day later with a new account in every 100th game (new accounts every
  day: rows "next day, …", beside the bare read of that list).

CPU seconds (the child's user + system) are the steady figure on a shared machine: the ratios
are of CPU seconds; wall seconds and the peak memory (ru_maxrss) are given beside.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from doc_table import write_doc  # noqa: E402

BEGIN, END = "<!-- platform-table: begin -->", "<!-- platform-table: end -->"
TODAY: list[str] = [""]       #: --today DIR
REPEAT: list[int] = [1]       #: --repeat N


# --------------------------------------------------------------------------- the baselines (in a child)

def _batches(path: str):
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    if path.endswith(".parquet"):
        yield from pq.ParquetFile(path).iter_batches(batch_size=1 << 17, columns=["player", "opponent", "result"])
        return
    yield from pcsv.open_csv(path, read_options=pcsv.ReadOptions(block_size=1 << 20))


def bare(path: str, players: str) -> None:
    for _ in _batches(path):
        pass


def _roster(players: str):
    import pyarrow.csv as pcsv

    t = pcsv.read_csv(players)
    ids = [str(x) for x in t.column("id").to_pylist()]
    ratings = [1400.0 if r is None else float(r) for r in t.column("rating").to_pylist()]
    return ids, ratings, [int(g) for g in t.column("games").to_pylist()]


def minimal(path: str, players: str) -> None:
    ids, rating, games = _roster(players)
    index = {pid: i for i, pid in enumerate(ids)}
    score_of = {"1": 1.0, "0": 0.0, "0.5": 0.5, 1: 1.0, 0: 0.0, 0.5: 0.5}
    for batch in _batches(path):
        p = list(map(index.__getitem__, batch.column("player").to_pylist()))
        q = list(map(index.__getitem__, batch.column("opponent").to_pylist()))
        s = list(map(score_of.__getitem__, batch.column("result").to_pylist()))
        for a, b, w in zip(p, q, s):
            ra, rb, na, nb = rating[a], rating[b], games[a], games[b]
            if na < 20 and nb < 20:
                continue
            ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400))
            ka = 32 if ra < 2000 else 24 if ra < 2400 else 16 if ra < 2800 else 8
            kb = 32 if rb < 2000 else 24 if rb < 2400 else 16 if rb < 2800 else 8
            da, db = ka * (w - ea), kb * ((1 - w) - (1 - ea))
            if nb < 20:
                da, db = da * ((nb + 1) / 20) * (2 / 3), db * (41 - nb - 1) / 20
            elif na < 20:
                db, da = db * ((na + 1) / 20) * (2 / 3), da * (41 - na - 1) / 20
            rating[a], rating[b], games[a], games[b] = ra + da, rb + db, na + 1, nb + 1


def compiled_loop(path: str, players: str) -> None:
    import numba
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    @numba.njit(cache=True)
    def loop(p, q, s, rating, games):
        for j in range(len(p)):
            a, b, w = p[j], q[j], s[j]
            ra, rb, na, nb = rating[a], rating[b], games[a], games[b]
            if na < 20 and nb < 20:
                continue
            ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400))
            ka = 32 if ra < 2000 else 24 if ra < 2400 else 16 if ra < 2800 else 8
            kb = 32 if rb < 2000 else 24 if rb < 2400 else 16 if rb < 2800 else 8
            da, db = ka * (w - ea), kb * ((1 - w) - (1 - ea))
            if nb < 20:
                da, db = da * ((nb + 1) / 20) * (2 / 3), db * (41 - nb - 1) / 20
            elif na < 20:
                db, da = db * ((na + 1) / 20) * (2 / 3), da * (41 - na - 1) / 20
            rating[a], rating[b], games[a], games[b] = ra + da, rb + db, na + 1, nb + 1

    ids, ratings, counts = _roster(players)
    value_set = pa.array(ids)
    rating, games = np.array(ratings), np.array(counts, dtype=np.int64)
    for batch in _batches(path):
        p = pc.index_in(batch.column("player"), value_set=value_set).to_numpy()
        q = pc.index_in(batch.column("opponent"), value_set=value_set).to_numpy()
        s = pc.cast(batch.column("result"), pa.float64()).to_numpy()
        loop(p.astype(np.int64), q.astype(np.int64), s, rating, games)


BASELINES = {"bare": bare, "minimal": minimal, "compiled_loop": compiled_loop}


# --------------------------------------------------------------------------- one case in a fresh process

def installed_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) as an installed package runs: its modules' bytecode kept
    (``pip install`` compiles it; a shell's ``PYTHONDONTWRITEBYTECODE`` would make every run
    compile the package again -- some 0.1 CPU s a run -- which the bare read, whose pyarrow is
    installed compiled, never pays)."""
    out = dict(os.environ if env is None else env)
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    return out


def run_case(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> dict[str, float]:
    wall = time.perf_counter()
    child = subprocess.Popen(cmd, env=installed_env(env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             cwd=cwd)   # (not a checkout: ``python -m`` would import the package found there)
    _, status, usage = os.wait4(child.pid, 0)       # this child's own CPU and peak memory
    wall = time.perf_counter() - wall
    err = child.stderr.read() if child.stderr else ""
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{err}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "mb": usage.ru_maxrss / 1024}


def best(cases: dict[str, tuple[list[str], dict[str, str] | None, Path | None]]) -> dict[str, dict[str, float]]:
    """Each case run ``--repeat`` times, the cases in turn (so that a moment of load falls on all of
    them alike); each case's run of fewest CPU seconds."""
    out: dict[str, dict[str, float]] = {}
    for _ in range(REPEAT[0]):
        for name, (cmd, env, cwd) in cases.items():
            got = run_case(cmd, env, cwd)
            if name not in out or got["cpu"] < out[name]["cpu"]:
                out[name] = got
    return out


def measure(prefix: Path, fmt: str, kernels: list[str], data: Path,
            baselines: list[str]) -> dict[str, dict[str, float]]:
    games, players = f"{prefix}.{fmt}", f"{prefix}_players.csv"
    cases: dict[str, tuple[list[str], dict[str, str] | None, Path | None]] = {}
    for name in BASELINES:
        if name not in baselines or (name == "compiled_loop" and "compiled" not in kernels):
            continue
        cases[name] = ([sys.executable, __file__, "--baseline", name, games, players], None, None)
    for kernel in kernels:
        env = dict(os.environ, XL_RATINGS_KERNEL=kernel)
        if kernel == "today":           # the version before (a checkout: --today DIR), its own kernel choice
            env["PYTHONPATH"] = TODAY[0]
            env.pop("XL_RATINGS_KERNEL")
        target = data / f"out_{prefix.name}_{fmt}_{kernel}.csv"
        cases[kernel] = ([sys.executable, "-m", "xl_ratings.cli", "process", games, "--system", "lianzhong",
                          "--players", players, "--output", str(target), "--force"], env, data)
    return best(cases)


def day_list(prefix: Path, fmt: str) -> Path:
    """The platform recipe's next day (``--daily``): the list's games again, all dated the day after
    its last day, every 100th game's player a new account (N0, N1, …: some ten games each)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    out = Path(f"{prefix}_day.{fmt}")
    if out.exists():
        return out
    src = f"{prefix}.{fmt}"
    t = pq.read_table(src) if fmt == "parquet" else pcsv.read_csv(
        src, convert_options=pcsv.ConvertOptions(column_types={"result": pa.string(), "date": pa.string()}))
    n = t.num_rows
    last = max(pc.cast(t.column("date"), pa.string()).to_pylist()[-1000:])
    day = (dt.date.fromisoformat(str(last)[:10]) + dt.timedelta(days=1)).isoformat()
    player = t.column("player").to_pylist()
    for j in range(0, n, 100):
        player[j] = f"N{(j // 100) % max(1, n // 1000)}"
    t = t.set_column(t.schema.get_field_index("date"), "date", pa.array([day] * n))
    t = t.set_column(t.schema.get_field_index("player"), "player", pa.array(player))
    if fmt == "parquet":
        pq.write_table(t, out)
    else:
        pcsv.write_csv(t, out)
    return out


def measure_daily(prefix: Path, fmt: str, kernels: list[str], data: Path) -> dict[str, dict[str, float]]:
    """``--daily``: the next day's list (:func:`day_list`) from the ratings file the run wrote."""
    games = f"{prefix}_day.{fmt}"
    if not Path(games).exists():        # in a child, as the lists are written (this process stays small)
        subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(HERE)!r}); "
                        f"from platform_bench import day_list; from pathlib import Path; "
                        f"day_list(Path({str(prefix)!r}), {fmt!r})"], check=True)
    cases: dict[str, tuple[list[str], dict[str, str] | None, Path | None]] = {
        "daily_bare": ([sys.executable, __file__, "--baseline", "bare", games, ""], None, None)}
    for kernel in kernels:
        state = data / f"out_{prefix.name}_{fmt}_{kernel if kernel != 'today' else 'pure'}.csv"
        if not state.exists():
            state = data / f"out_{prefix.name}_{fmt}_compiled.csv"
        env = dict(os.environ, XL_RATINGS_KERNEL=kernel)
        if kernel == "today":           # the version before, its own kernel choice
            env["PYTHONPATH"] = TODAY[0]
            env.pop("XL_RATINGS_KERNEL")
        target = data / f"out_{prefix.name}_day_{fmt}_{kernel}.csv"
        cases[f"daily_{kernel}"] = ([sys.executable, "-m", "xl_ratings.cli", "process", games, "--system",
                                     "lianzhong", "--players", str(state), "--output", str(target), "--force"],
                                    env, data)
    return best(cases)


# --------------------------------------------------------------------------- the table

def table(rows: list[tuple[int, int, str, dict[str, dict[str, float]]]], command: str) -> str:
    lines = [f"Measured {dt.date.today().isoformat()} with `{command}` on {platform.machine()}, "
             f"{os.cpu_count()} cores shared with other work, Python {platform.python_version()}. CPU seconds "
             "(user + system of the process); the ratios are of CPU seconds; *wall* and *peak MB* beside.", "",
             "| games | players | format | bare read CPU s | minimal loop CPU s | compiled loop CPU s | path | "
             "ours CPU s | wall s | peak MB | ÷ bare read | ÷ minimal loop | ÷ compiled loop |",
             "|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"]
    for games, players, fmt, got in rows:
        for kernel in ("today", "before", "pure", "compiled", "daily_today", "daily_before", "daily_pure",
                       "daily_compiled"):
            if kernel not in got:
                continue
            daily = kernel.startswith("daily_")
            base = got["daily_bare" if daily else "bare"]["cpu"]
            mini = got["minimal"]["cpu"] if "minimal" in got and not daily else None
            comp = got["compiled_loop"]["cpu"] if "compiled_loop" in got and not daily else None
            ours = got[kernel]
            kernel = f"next day, {kernel[6:]}" if daily else kernel
            vs_comp = "" if comp is None else f"{ours['cpu'] / comp:.1f}×"
            comp_s = "" if comp is None else f"{comp:.2f}"
            vs_mini = "" if mini is None else f"{ours['cpu'] / mini:.1f}×"
            mini_s = "" if mini is None else f"{mini:.2f}"
            lines.append(
                f"| {games:,} | {players:,} | {fmt} | {base:.2f} | {mini_s} | "
                f"{comp_s} | {kernel} | {ours['cpu']:.2f} | {ours['wall']:.2f} | "
                f"{ours['mb']:.0f} | {ours['cpu'] / base:.1f}× | {vs_mini} | "
                f"{vs_comp} |")
    return "\n".join(lines)


def _bytecode(folders: list[str]) -> None:
    """The packages measured byte-compiled first, as an install leaves them (with
    ``PYTHONDONTWRITEBYTECODE`` set, every run would compile its modules again: some 0.2-0.4 s)."""
    import compileall

    for folder in folders:
        if Path(folder).is_dir():
            compileall.compile_dir(folder, quiet=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e6,2e6")
    ap.add_argument("--formats", default="csv,parquet")
    ap.add_argument("--kernels", default="pure,compiled")
    ap.add_argument("--baselines", default="bare,minimal,compiled_loop",
                    help="the baselines measured (10^8: the minimal Python loop alone takes minutes)")
    ap.add_argument("--data", default="/tmp/xl-ratings-platform")
    ap.add_argument("--doc", help="write the table into this document, between its markers")
    ap.add_argument("--today", help="a checkout of the version before: with --kernels …,today, its time beside")
    ap.add_argument("--json", help="also write the figures as JSON")
    ap.add_argument("--today-as", default="today", choices=("today", "before"),
                    help="the name of the --today rows: today (the version before the kernel) or before (the "
                         "version before a branch, measured beside it)")
    ap.add_argument("--daily", action="store_true",
                    help="also the platform recipe's next day: the ratings file written as --players, the list "
                         "again a day later with a new account in every 100th game (rows 'next day, …')")
    ap.add_argument("--daily-only", action="store_true", help="only the next day (its state from an earlier run)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run every case N times, in turn, and keep each one's fewest CPU seconds")
    ap.add_argument("--include", action="append", default=[], metavar="JSON",
                    help="rows of an earlier run (its --json) put first in the table (repeatable)")
    ap.add_argument("--baseline", nargs=3, metavar=("NAME", "GAMES", "PLAYERS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.baseline:
        name, games, players = args.baseline
        BASELINES[name](games, players)
        return
    data = Path(args.data)
    if args.today:
        TODAY[0] = str(Path(args.today).resolve())
    REPEAT[0] = max(1, args.repeat)
    _bytecode([str(HERE.parent / "xl_ratings")] + ([str(Path(TODAY[0]) / "xl_ratings")] if TODAY[0] else []))
    data.mkdir(parents=True, exist_ok=True)
    kernels = [k for k in args.kernels.split(",") if k]
    rows = []
    commands = []
    for earlier in args.include:
        got = json.loads(Path(earlier).read_text(encoding="utf-8"))
        rows += [tuple(r) for r in got["rows"]]
        commands.append(got["command"])
    for size in [s for s in args.sizes.split(",") if s]:
        games = int(float(size))
        players = 20_000 if games == 2_000_000 else min(100_000, games // 10)
        prefix = data / f"lz_{games}_{players}"
        for fmt in args.formats.split(","):
            if not Path(f"{prefix}.{fmt}").exists():     # in a child: this process stays small (its
                subprocess.run([sys.executable, "-c",     # children's peak memory counts it until exec)
                                f"import sys; sys.path.insert(0, {str(HERE)!r}); from stream_bench import write_list; "
                                f"from pathlib import Path; write_list({games}, {players}, Path({str(prefix)!r}), "
                                f"parquet={fmt == 'parquet'})"], check=True)
            got = measure(prefix, fmt, kernels, data, args.baselines.split(",")) if not args.daily_only else {}
            if args.daily or args.daily_only:
                got.update(measure_daily(prefix, fmt, kernels, data))
            if args.today_as != "today":
                got = {k.replace("today", args.today_as): v for k, v in got.items()}
            rows.append((games, players, fmt, got))
            print(json.dumps({"games": games, "players": players, "format": fmt, **got}), flush=True)
    command = "python benchmarks/platform_bench.py " + " ".join(
        a for a in sys.argv[1:] if a not in args.include and a != "--include")
    if args.sizes:
        commands.append(command.strip())
    text = table(rows, "`, then `".join(commands))
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps({"command": command.strip(), "rows": rows}, indent=1),
                                   encoding="utf-8")
    if args.doc:
        write_doc(Path(args.doc), text, BEGIN, END)


if __name__ == "__main__":
    main()
