"""The workbook table: a period of shanghai and of gor processed from an .xlsx, beside the bare
python-calamine read of the same workbook, in CPU seconds, measured in the same run.

    python benchmarks/workbook_bench.py                          # 5,000 players / 100,000 games, both systems
    python benchmarks/workbook_bench.py --sizes 5000:100000,20000:500000 --repeat 3
    python benchmarks/workbook_bench.py --doc docs/performance.md   # also write the table into the doc
                                                                  # (between its workbook-table markers)

Two measures of each workbook, each the best of ``--repeat`` runs:

* **in process**: ``xl-ratings process BOOK.xlsx --output OUT.xlsx`` called as a function
  (``xl_ratings.cli.main``) after a first, untimed run -- the package imported, as
  benchmarks/run.py times it -- against ``CalamineWorkbook.from_path`` and ``to_python`` of
  every sheet in the same process;
* **command**: the command as a user types it, a new Python process (start-up and imports
  included), against a new Python process that imports python-calamine and reads every sheet.

CPU time (user + system: ``time.process_time`` in process, ``RUSAGE_CHILDREN`` for the
commands), not wall time: the machine is shared.  The ratio (ours ÷ the read) moves much less
than the seconds.  The workbooks are written by benchmarks/bigbook.py into ``--data`` and reused.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from doc_table import write_doc  # noqa: E402
from platform_bench import installed_env  # noqa: E402

BEGIN, END = "<!-- workbook-table: begin -->", "<!-- workbook-table: end -->"
#: every period of the generated workbooks has ended by then (gor: the year 2026)
TODAY = "2026-12-31"


def book(system: str, players: int, games: int, data: Path) -> Path:
    from bigbook import gor_tables, shanghai_tables, write_xlsx

    path = data / f"{system}_{players}_{games}.xlsx"
    if not path.exists():
        write_xlsx((gor_tables if system == "gor" else shanghai_tables)(players, games), str(path))
    return path


def read_all(path: Path) -> dict:
    from python_calamine import CalamineWorkbook

    wb = CalamineWorkbook.from_path(str(path))
    return {n: wb.get_sheet_by_name(n).to_python() for n in wb.sheet_names}


def cpu_best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def command_cpu(argv: list[str], repeat: int) -> float:
    """The best CPU seconds of ``repeat`` runs of ``argv`` in a new process."""
    def used() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime
    times = []
    for _ in range(repeat):
        before = used()
        proc = subprocess.run(argv, check=False, capture_output=True, text=True,
                              env=installed_env({**os.environ, "XL_RATINGS_TODAY": TODAY}))
        assert proc.returncode == 0, f"{' '.join(argv)} -> {proc.returncode}: {proc.stderr[-2000:]}"
        times.append(used() - before)
    return min(times)


def measure(system: str, players: int, games: int, data: Path, repeat: int) -> dict:
    from xl_ratings.cli import main

    path = book(system, players, games, data)
    out = data / f"{system}_{players}_{games}_out.xlsx"
    os.environ["XL_RATINGS_TODAY"] = TODAY

    def process() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["process", str(path), "--output", str(out)]) == 0
    process()    # untimed: the modules a run imports lazily, loaded
    read_s = cpu_best(lambda: read_all(path), repeat)
    ours_s = cpu_best(process, repeat)
    read_cmd = command_cpu([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                            "from workbook_bench import read_all; read_all(sys.argv[2])", str(HERE), str(path)],
                           repeat)
    ours_cmd = command_cpu([sys.executable, "-m", "xl_ratings.cli", "process", str(path), "--output", str(out)],
                           repeat)
    return {"system": system, "players": players, "games": games, "read_s": read_s, "ours_s": ours_s,
            "read_cmd": read_cmd, "ours_cmd": ours_cmd}


def table(rows: list[dict], repeat: int) -> str:
    lines = [f"Measured with `python benchmarks/workbook_bench.py` (best of {repeat}; CPU seconds, user + "
             f"system) on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}.",
             "",
             "| period | in process: calamine read s | ours s | ratio | command: calamine read s | ours s | ratio |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['system']}, {r['players']:,} players / {r['games']:,} games (.xlsx) "
                     f"| {r['read_s']:.2f} | {r['ours_s']:.2f} | {r['ours_s'] / r['read_s']:.2f}× "
                     f"| {r['read_cmd']:.2f} | {r['ours_cmd']:.2f} | {r['ours_cmd'] / r['read_cmd']:.2f}× |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="5000:100000", help="PLAYERS:GAMES,... (default 5000:100000)")
    ap.add_argument("--systems", default="shanghai,gor")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", default="/tmp/xl-ratings-bench")
    ap.add_argument("--doc", help="write the table into this document, between its markers")
    args = ap.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    from xl_ratings.engine.perf import gc_paused  # noqa: F401 -- the package under test, importable

    rows = []
    for size in args.sizes.split(","):
        players, games = (int(x) for x in size.split(":"))
        for system in args.systems.split(","):
            r = measure(system.strip(), players, games, data, args.repeat)
            rows.append(r)
            print(f"{r['system']:<9} {players:>6} / {games:>7}: in process {r['read_s']:.2f} s read, "
                  f"{r['ours_s']:.2f} s ours ({r['ours_s'] / r['read_s']:.2f}x); command {r['read_cmd']:.2f} s "
                  f"read, {r['ours_cmd']:.2f} s ours ({r['ours_cmd'] / r['read_cmd']:.2f}x)", flush=True)
    text = table(rows, args.repeat)
    print(text)
    if args.doc:
        write_doc(Path(args.doc), text, BEGIN, END)


if __name__ == "__main__":
    main()
