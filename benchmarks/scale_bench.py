"""Is every reader linear in its input?  Each format at 1×, 10× and 100× a real file.

"A real file" is a club tournament as the programs write it: 100 players and 7
rounds (TRF, h9, OpenGotha, a Swiss crosstable), a 20-player round robin (a
crosstable: the file grows as the square of the players, so 10× the file is
√10 × the players), a club report of 500 games.  For each format and size the
table gives the file's size, the time to read it (the parser: file -> a
tournament), the time to import it end to end into an empty workbook (read,
match the players, validate, append), and the time per megabyte: flat along a
format's three rows when the reader is linear; growing tenfold from row to row
when it is quadratic.  The last rows: a damaged TRF (a byte in twenty changed)
-- how long it takes to be refused, how many problems, how many lines printed --
and the workbook reader on the imported workbooks.

Run: ``PYTHONPATH=. python benchmarks/scale_bench.py [--quick]`` (``--quick``:
1× and 10× only).  Prints a table.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import csv
import io
import math
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from import_bench import swiss_pairings, write_h9, write_report, write_trf  # noqa: E402

from xl_ratings.cli import main as cli_main  # noqa: E402
from xl_ratings.errors import InputErrors  # noqa: E402
from xl_ratings.importers import load  # noqa: E402
from xl_ratings.intake.plan import Options  # noqa: E402
from xl_ratings.jobs.importing import import_into  # noqa: E402

PLAYERS, ROUNDS, RR, GAMES = 100, 7, 20, 500


def write_opengotha(path: Path, n: int, pairings) -> None:
    """An OpenGotha file: ``n`` players of a few clubs and ranks, the rounds' games."""
    results = {"1": "RESULT_WHITEWINS", "0": "RESULT_BLACKWINS", "=": "RESULT_EQUAL"}
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<Tournament dataVersion="201">', "<Players>"]
    for p in range(1, n + 1):
        out.append(f'<Player name="Player{p}" firstName="No{p}" rank="{1 + p % 20}K" rating="{1500 + p % 700}" '
                   f'club="C{p % 30}" country="HK" egfPin="" registeringStatus="FIN"/>')
    out += ["</Players>", "<Games>"]
    for r, games in enumerate(pairings, start=1):
        for t, (w, b, res) in enumerate(games, start=1):
            out.append(f'<Game roundNumber="{r}" tableNumber="{t}" whitePlayer="PLAYER{w}NO{w}" '
                       f'blackPlayer="PLAYER{b}NO{b}" knownColor="true" handicap="0" result="{results[res]}"/>')
    out += ["</Games>", "<TournamentParameterSet>",
            f'<GeneralParameterSet name="Scale" beginDate="2024-03-01" endDate="2024-03-07" '
            f'numberOfRounds="{len(pairings)}"/>', "</TournamentParameterSet>", "</Tournament>"]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def write_swiss_crosstable(path: Path, n: int, pairings) -> None:
    """A Swiss crosstable as a club's spreadsheet saves it (CSV): a row per player, a cell per round."""
    table: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    flip = {"1": "0", "0": "1", "=": "½"}
    for games in pairings:
        for w, b, res in games:
            table[w].append(f"{b}w{ {'=': '½'}.get(res, res) }".replace(" ", ""))
            table[b].append(f"{w}b{flip[res]}")
    rows = [["No", "姓名", "单位", "段级", "等级分"] + [f"第{r}轮" for r in range(1, len(pairings) + 1)]]
    rows += [[p, f"Player {p}", f"Club {p % 30}", f"{1 + p % 9}段", 1500 + p % 700] + table[p] for p in table]
    _csv(path, rows)


def write_rr_crosstable(path: Path, n: int) -> None:
    """A round robin's crosstable (CSV): ``n`` rows of ``n`` result cells."""
    rng = random.Random(n)
    grid = [["×" if i == j else None for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            a = rng.choice(("1", "0", "½"))
            grid[i][j], grid[j][i] = a, {"1": "0", "0": "1", "½": "½"}[a]
    rows = [["Scale round robin 成绩表"], ["序号 No", "姓名 Name", "单位 Club", "段级 Rank", "等级分 Rating"]
            + list(range(1, n + 1))]
    rows += [[i + 1, f"Player {i + 1}", f"Club {i % 10}", f"{1 + i % 9}段", 1500 + i % 700] + grid[i]
             for i in range(n)]
    _csv(path, rows)


def _csv(path: Path, rows: list[list]) -> None:
    with open(path, "w", newline="", encoding="utf-8-sig") as f:
        csv.writer(f).writerows(rows)


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _formats(d: Path, scale: int):
    """(format, system, file) at ``scale`` times a real file."""
    n = PLAYERS * scale
    pairings = swiss_pairings(n, ROUNDS, seed=scale)
    out = []
    for name, system, writer, suffix in (("TRF16", "shanghai", write_trf, "trf"), ("h9", "gor", write_h9, "h9"),
                                         ("OpenGotha", "gor", write_opengotha, "xml"),
                                         ("crosstable, Swiss (CSV)", "shanghai", write_swiss_crosstable, "csv")):
        path = d / f"{name.split()[0].rstrip(',')}_{scale}.{suffix}"
        if name == "TRF16" and n > 9998:          # a TRF's starting rank has four digits (an even field)
            writer(path, 9998, swiss_pairings(9998, ROUNDS, seed=scale))
        else:
            writer(path, n, pairings)
        out.append((name, system, path))
    rr = d / f"rr_{scale}.csv"
    write_rr_crosstable(rr, round(RR * math.sqrt(scale)))
    out.append(("crosstable, round robin (CSV)", "shanghai", rr))
    rep = d / f"report_{scale}.xlsx"
    write_report(rep, GAMES * scale, players=min(2000, 50 * scale))
    out.append(("club report (.xlsx)", "lianzhong", rep))
    return out


def scale_rows(d: Path, scales: tuple[int, ...]) -> list[tuple[str, ...]]:
    rows = []
    for scale in scales:
        for name, system, path in _formats(d, scale):
            mb = path.stat().st_size / 2**20
            tournament, s_read = timed(lambda: load(path))
            book = d / f"book_{system}_{scale}_{path.stem}.xlsx"
            with contextlib.redirect_stdout(io.StringIO()):
                cli_main(["new", system, str(book), "--empty"])
            dates = Options(start=dt.date(2024, 3, 1), end=dt.date(2024, 3, 7)) if "crosstable" in name \
                else None           # a crosstable has no dates
            _, s_import = timed(lambda: import_into(book, [str(path)], options=dates))
            rows.append((name, f"{scale}×", f"{mb:.2f}", f"{len(tournament.games):,} games", f"{s_read:.2f}",
                         f"{s_import:.2f}", f"{s_import / mb:.1f}", ""))
    rows.sort(key=lambda r: (r[0], int(r[1][:-1])))
    return rows


def damaged_rows(d: Path, scales: tuple[int, ...]) -> list[tuple[str, ...]]:
    """A TRF with a byte in twenty changed: refused in time linear in it, a bounded list printed."""
    import subprocess

    rows = []
    for scale in scales:
        n = min(9998, PLAYERS * scale)
        path = d / f"damaged_{scale}.trf"
        write_trf(path, n, swiss_pairings(n, ROUNDS, seed=scale))
        data = bytearray(path.read_bytes())
        rng = random.Random(scale)
        for _ in range(len(data) // 20):
            data[rng.randrange(len(data))] = rng.randrange(32, 127)
        path.write_bytes(bytes(data))
        try:
            load(path)
            problems = 0
        except InputErrors as e:
            problems = e.total
        book = d / f"damaged_{scale}.xlsx"
        with contextlib.redirect_stdout(io.StringIO()):
            cli_main(["new", "shanghai", str(book), "--empty"])
        run, secs = timed(lambda: subprocess.run([sys.executable, "-m", "xl_ratings.cli", "import", str(path),
                                                  "--into", str(book)], capture_output=True, text=True))
        mb = len(data) / 2**20
        rows.append(("damaged TRF16: xl-ratings import, refused", f"{scale}×", f"{mb:.2f}", f"{problems:,} problems",
                     "", f"{secs:.2f}", f"{secs / mb:.1f}", f"{run.stderr.count(chr(10)):,}"))
    return rows


def reader_rows(d: Path, scales: tuple[int, ...]) -> list[tuple[str, ...]]:
    """The workbook reader (python-calamine after the safety checks) on the workbooks imported above."""
    from xl_ratings.xlsx.read import read_workbook

    rows = []
    for scale in scales:
        book = d / f"book_shanghai_{scale}_TRF16_{scale}.xlsx"
        mb = book.stat().st_size / 2**20
        (tables, _), secs = timed(lambda: read_workbook(book))
        games = next((len(rows) - 1 for name, rows in tables.items() if name.lower() == "games"), 0)
        rows.append(("workbook reader (the TRF16 imported)", f"{scale}×", f"{mb:.2f}", f"{games:,} rows", f"{secs:.2f}",
                     "", "", ""))
    return rows


def main() -> None:
    scales = (1, 10) if "--quick" in sys.argv else (1, 10, 100)
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        rows = scale_rows(d, scales) + damaged_rows(d, scales) + reader_rows(d, scales)
    head = ("input", "scale", "MB", "holds", "read s", "import s", "import s/MB", "lines printed")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths))))
    for r in rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    main()
