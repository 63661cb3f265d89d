"""xl_ratings benchmarks: one command, one table.

    python benchmarks/run.py            # UDF columns, shanghai 5k/100k and 20k/500k, lianzhong 10^6,
                                        # publish (site, PDF) and corrections (--from) at 5k/100k
    python benchmarks/run.py --full     # also lianzhong 10^7 games (several minutes, about 6.5 GB of memory)
    python benchmarks/run.py --only publish,corrections   # the cases whose name starts so

Every case runs in a fresh subprocess that reports its own time (best of
``--repeat`` runs inside it) and its peak memory (ru_maxrss).  The publish,
PDF and corrections cases time the command line itself (``xl-ratings ...`` in
a new Python process each run, as a user runs it); publish also times its
parts in-process: reading the workbook and replaying its History
(``engine.run.replay``), building the site model, rendering the HTML.  Data is
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


def best(fn, repeat, before=None):
    """The best wall time of ``repeat`` runs of ``fn`` (``before()`` runs first each time, untimed)."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


#: CPU seconds (user + system, the command's worker processes included) of each cli() run, by command
CPU: dict[str, list[float]] = {}


def cli(argv: list[str]) -> None:
    """``xl-ratings ARGV`` as a user runs it: a fresh Python process (imports, start-up and exit
    included); it must succeed."""
    import resource

    def used() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime
    cpu = used()
    proc = subprocess.run([sys.executable, "-m", "xl_ratings.cli", *argv], check=False, capture_output=True,
                          text=True)
    assert proc.returncode == 0, f"xl-ratings {' '.join(argv)} -> {proc.returncode}: {proc.stderr[-2000:]}"
    CPU.setdefault(argv[0], []).append(used() - cpu)


def settle() -> None:
    """Before a timed run: the previous run's garbage collected, its files on disk."""
    import gc

    gc.collect()
    os.sync()


def bigbook_path(players: int, games: int, data: Path) -> Path:
    from bigbook import shanghai_tables, write_xlsx

    path = data / f"shanghai_{players}_{games}.xlsx"
    if not path.exists():
        write_xlsx(shanghai_tables(players, games), str(path))
    return path


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

    from xl_ratings.cli import main

    path = bigbook_path(players, games, data)
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
    from xl_ratings.engine.run import run_records
    from xl_ratings.jobs.game_list import load_game_list
    from xl_ratings.systems.lianzhong import SYSTEM

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
        run_records(load_game_list(path, SYSTEM, roster))

    def cli():
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["process", path, "--system", "lianzhong", "--players", roster,
                         "--json", str(prefix) + ".json"]) == 0
    base = best(minimal, repeat)
    ours = best(api if how == "api" else cli, repeat)
    return {"what": f"lianzhong {games:,} games, {fmt}, {'Python API' if how == 'api' else 'command line'}",
            "baseline": "minimal loop", "base_s": base, "ours_s": ours,
            "extra": f"{games / ours:,.0f} games/s (minimal {games / base:,.0f})"}


def tree_size(root: Path) -> tuple[int, int]:
    files = [f for f in root.rglob("*") if f.is_file()]
    return len(files), sum(f.stat().st_size for f in files)


def case_publish(players: int, games: int, data: Path, sites_dir: str, repeat: int) -> dict:
    """``publish --site`` of a processed period against ``process`` of the same period, and its parts:
    reading the workbook and replaying its History (engine.run.replay), the site model
    (publish.build), the HTML (publish.site).

    The sites go to ``sites_dir`` (``--sites``; default a tmpfs, /dev/shm, when there is one), a new
    folder per run, all deleted at the end: on ext4, files created within minutes of deleting
    thousands of others (the previous run's sites) get their inodes slowly -- a run right after
    deleting a site took twice as long, and that is the disk, not xl_ratings."""
    import itertools
    import shutil

    from xl_ratings import systems
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.engine.ledger import Ledger
    from xl_ratings.engine.perf import gc_paused
    from xl_ratings.engine.run import replay
    from xl_ratings.publish.build import build_site
    from xl_ratings.publish.site import render_site
    from xl_ratings.jobs.publish import published_outcome
    from xl_ratings.xlsx.read import read_workbook

    path = bigbook_path(players, games, data)
    book = data / f"publish_{players}_{games}.xlsx"
    sites = Path(sites_dir or data) / f"sites_{players}_{games}"
    shutil.rmtree(sites, ignore_errors=True)
    numbers = itertools.count(1)
    site = sites / "0"

    base = best(lambda: cli(["process", str(path), "--output", str(book)]), repeat, settle)

    def fresh_site():
        nonlocal site
        site = sites / str(next(numbers))
        settle()
    ours = best(lambda: cli(["publish", str(book), "--site", str(site)]), repeat, fresh_site)
    files, size = tree_size(site)

    # the parts, each best of `repeat`
    parts: dict[str, float] = {}
    got: dict[str, object] = {}

    def timed(name, fn, before=settle):
        def run():
            got[name] = fn()
        parts[name] = best(run, repeat, before)

    def read():
        tables, problems = read_workbook(book)
        assert not problems
        with gc_paused():
            records = read_records(tables, str(book))
            return records, Ledger.from_tables(tables, records.system, str(book))
    timed("read", read)

    def do_replay():
        records, ledger = got["read"]
        with gc_paused():
            return replay(records, ledger, str(book))
    timed("replay", do_replay)
    got.clear()         # the next parts run with what publish holds: the outcome, then the site
    timed("outcome", lambda: published_outcome(book))
    timed("build", lambda: build_site(got["outcome"]))
    timed("render", lambda: render_site(got["build"], site), fresh_site)
    shutil.rmtree(sites, ignore_errors=True)
    where = "tmpfs" if str(sites).startswith("/dev/shm") else "disk"
    return {"what": f"publish --site, {players:,} players / {games:,} games",
            "baseline": "process", "base_s": base, "ours_s": ours,
            "extra": f"target <=2x; CPU {min(CPU['publish']):.1f}s vs {min(CPU['process']):.1f}s; "
                     f"{files:,} files {size / 1e6:,.0f} MB ({where}); read {parts['read']:.2f}s + replay "
                     f"{parts['replay']:.2f}s (published_outcome {parts['outcome']:.2f}s), build "
                     f"{parts['build']:.2f}s, render {parts['render']:.2f}s"}


def case_pdf(players: int, games: int, data: Path, repeat: int) -> dict:
    """``publish --pdf`` (LibreOffice) of the processed period of case_publish."""
    from xl_ratings.publish.pdf import soffice

    if soffice() is None:
        return {"skip": "LibreOffice (soffice) is not installed"}
    path = bigbook_path(players, games, data)
    book = data / f"publish_{players}_{games}.xlsx"
    pdf = data / f"publish_{players}_{games}.pdf"
    base = best(lambda: cli(["process", str(path), "--output", str(book)]), repeat, settle)
    ours = best(lambda: cli(["publish", str(book), "--pdf", str(pdf)]), repeat, settle)
    try:
        from pypdf import PdfReader

        pages = f"{len(PdfReader(str(pdf)).pages):,} pages"
    except ImportError:
        pages = "pages: pypdf not installed"
    return {"what": f"publish --pdf, {players:,} players / {games:,} games",
            "baseline": "process", "base_s": base, "ours_s": ours,
            "extra": f"{pages}, {pdf.stat().st_size / 1e6:,.1f} MB"}


def case_corrections(players: int, games: int, periods: int, data: Path, repeat: int) -> dict:
    """Re-rating every period (``process --from FIRST``) of a workbook with ``periods`` processed
    half-years against processing them one by one (``--period`` each in turn, from a fresh copy)."""
    import shutil

    from bigbook import half_years, shanghai_periods_tables, write_xlsx

    labels = [label for label, _ in half_years("2021H2", periods)]
    path = data / f"shanghai_{periods}x_{players}_{games}.xlsx"
    if not path.exists():
        write_xlsx(shanghai_periods_tables(players, games, periods), str(path))
    seq = data / f"corrections_{periods}x_{players}_{games}_seq.xlsx"
    rerated = data / f"corrections_{periods}x_{players}_{games}_from.xlsx"

    def fresh_copy():
        shutil.copy(path, seq)
        settle()

    def one_by_one():
        for label in labels:
            cli(["process", str(seq), "--period", label])
    base = best(one_by_one, repeat, fresh_copy)

    def processed_copy():
        shutil.copy(seq, rerated)
        settle()
    ours = best(lambda: cli(["process", str(rerated), "--from", labels[0]]), repeat, processed_copy)
    return {"what": f"re-rate {periods} periods (--from), {players:,} pl. / {games:,} games each",
            "baseline": f"{periods}x --period", "base_s": base, "ours_s": ours,
            "extra": f"{labels[0]}..{labels[-1]}, {periods * games:,} games; "
                     f"{path.stat().st_size / 1e6:.0f} MB in, {rerated.stat().st_size / 1e6:.0f} MB out"}


# --------------------------------------------------------------------------- driver
def child(args) -> None:
    from xl_ratings.engine.perf import gc_paused  # noqa: F401 -- the package under test

    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    kind, *rest = args.case.split(":")
    if kind == "udf":
        res = case_udf(int(rest[0]), args.repeat)
    elif kind == "shanghai":
        res = case_shanghai(int(rest[0]), int(rest[1]), data, args.repeat)
    elif kind == "publish":
        res = case_publish(int(rest[0]), int(rest[1]), data, args.sites, args.repeat)
    elif kind == "pdf":
        res = case_pdf(int(rest[0]), int(rest[1]), data, args.repeat)
    elif kind == "corrections":
        res = case_corrections(int(rest[0]), int(rest[1]), int(rest[2]), data, args.repeat)
    else:
        res = case_lianzhong(int(rest[0]), rest[1], rest[2], data, args.repeat)
    res["peak_mb"] = peak_mb()
    print(json.dumps(res))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help="also lianzhong 10^7 games")
    ap.add_argument("--data", default="/tmp/xl-ratings-bench")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sites", default="/dev/shm" if Path("/dev/shm").is_dir() else "",
                    help="where the publish case writes its websites (default: /dev/shm when present, "
                         "else --data)")
    ap.add_argument("--only", help="comma-separated case prefixes (udf, shanghai, lianzhong, publish, pdf, "
                                   "corrections)")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        child(args)
        return
    cases = ["udf:10000", "udf:100000", "udf:1000000", "shanghai:5000:100000", "shanghai:20000:500000",
             "lianzhong:1000000:csv:api", "lianzhong:1000000:parquet:api",
             "lianzhong:1000000:csv:cli", "lianzhong:1000000:parquet:cli",
             "publish:5000:100000", "pdf:5000:100000", "corrections:5000:100000:10"]
    if args.full:
        cases += ["lianzhong:10000000:parquet:api", "lianzhong:10000000:csv:cli"]
    if args.only:
        cases = [c for c in cases if any(c.startswith(p.strip()) for p in args.only.split(","))]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}")
    print(f"{'case':<60} {'baseline':<15} {'':>8} {'ours':>8} {'ratio':>6} {'peak MB':>8}  notes")
    for case in cases:
        # one run of the long cases: 10^7 games, 500k games, the PDF (LibreOffice), ten periods twice over
        repeat = 1 if ("10000000" in case or "500000" in case or case.startswith(("pdf", "corrections"))) \
            else args.repeat
        proc = subprocess.run([sys.executable, __file__, "--case", case, "--data", args.data,
                               "--repeat", str(repeat), "--sites", args.sites],
                              check=False, capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{case:<60} FAILED: {proc.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        if "skip" in r:
            print(f"{case:<60} skipped: {r['skip']}", flush=True)
            continue
        print(f"{r['what']:<60} {r['baseline']:<15} {r['base_s']:>7.2f}s {r['ours_s']:>7.2f}s "
              f"{r['ours_s'] / r['base_s']:>5.2f}x {r['peak_mb']:>8.0f}  {r['extra']}", flush=True)


if __name__ == "__main__":
    main()
