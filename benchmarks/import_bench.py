"""Time the importers on large inputs.

* a generated 1,000-player, 10-round Swiss written as TRF16 and as h9;
* a 100,000-game club report (Games sheet) written as .xlsx with openpyxl's
  write_only mode, then read with python-calamine and parsed;
* each of them imported end to end into a fresh workbook (``xl-ratings
  import``: read, match players, validate the workbook as it would be,
  append the rows by zip patch, write atomically with a backup);
* identity at the door (issue 17): a 5,000-player Go workbook, then an h9 of
  1,000 players -- 500 of them the workbook's, written otherwise (surname
  apart, simplified characters), 500 new (each searched for near misses) --
  matched, fingerprinted against every event, and imported.

Run: ``PYTHONPATH=. python benchmarks/import_bench.py``; prints a table of times.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xl_ratings.importers import h9, load, trf  # noqa: E402
from xl_ratings.importers.detect import calamine_sheets  # noqa: E402
from xl_ratings.importers.formats.report import parse_report_tables  # noqa: E402
from xl_ratings.cli import main as cli_main  # noqa: E402
from xl_ratings.jobs.importing import import_into  # noqa: E402

PLAYERS, ROUNDS, REPORT_GAMES = 1000, 10, 100_000


def swiss_pairings(n: int, rounds: int, seed: int = 1) -> list[list[tuple[int, int, str]]]:
    """Per round: (white, black, white's result); one player sits out when n is odd."""
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        out.append([(order[i], order[i + 1], rng.choice("10=")) for i in range(0, n - 1, 2)])
    return out


def entries(n: int, pairings) -> dict[int, list[tuple[int, str, str]]]:
    """Per player: per round (opponent, colour, own result)."""
    flip = {"1": "0", "0": "1", "=": "="}
    table = {p: [] for p in range(1, n + 1)}
    for rnd in pairings:
        for w, b, res in rnd:
            table[w].append((b, "w", res))
            table[b].append((w, "b", flip[res]))
    return table


def write_trf(path: Path, n: int, pairings) -> None:
    table = entries(n, pairings)
    lines = ["012 Benchmark Open", "042 2024/01/01", "052 2024/01/10"]
    for p in range(1, n + 1):
        head = f"001 {p:>4}  m   {'Player, No' + str(p):<33} {2000 + p % 400:>4} CHN {8600000 + p:>11} 1990/01/01  0.0 {p:>4}"
        head = head.ljust(91)
        lines.append(head + "".join(f"{o:>4} {c} {r}  " for o, c, r in table[p]).rstrip())
    lines.append(f"XXR {len(pairings)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_h9(path: Path, n: int, pairings) -> None:
    table = entries(n, pairings)
    sym = {"1": "+", "0": "-", "=": "="}
    lines = ["; CL[A]", "; EV[Benchmark Open]", "; DT[2024-01-01,2024-01-10]"]
    for p in range(1, n + 1):
        rounds = " ".join(f"{o}{sym[r]}/{c}0" for o, c, r in table[p])
        lines.append(f"{p:>4} Player No{p} {1 + p % 20}k CN Club{p % 50}  0  0  {rounds}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_report(path: Path, games: int, players: int = 2000) -> None:
    wb = openpyxl.Workbook(write_only=True)
    ev = wb.create_sheet("Event")
    for row in (["name", "Benchmark league"], ["start", dt.date(2024, 1, 1)], ["end", dt.date(2024, 12, 31)],
                ["format", "games"]):
        ev.append(row)
    pl = wb.create_sheet("Players")
    pl.append(["no", "name", "club", "rank", "rating"])
    for p in range(1, players + 1):
        pl.append([p, f"Player {p}", f"Club {p % 40}", f"{1 + p % 9}段", 1500 + p % 700])
    gs = wb.create_sheet("Games")
    gs.append(["round", "date", "player", "opponent", "result", "handicap"])
    rng = random.Random(7)
    start = dt.date(2024, 1, 1)
    for i in range(games):
        a = rng.randint(1, players)
        b = rng.randint(1, players - 1)
        b = b + 1 if b >= a else b
        gs.append([None, start + dt.timedelta(days=i % 365), a, b, rng.choice(("1", "0", "0.5")), 0])
    wb.save(path)


def chinese_names(n: int, seed: int, taken: set[str]) -> list[str]:
    """``n`` distinct Chinese names (a surname and one or two given characters), none in ``taken``."""
    from xl_ratings.systems.sample_kit import GIVEN, SURNAMES

    chars = sorted(set("".join(GIVEN)) | set("明华国建文德志永春光庆德海波宁"))
    rng, out = random.Random(seed), []
    while len(out) < n:
        name = rng.choice(SURNAMES) + "".join(rng.choice(chars) for _ in range(rng.choice((1, 2, 2))))
        if name not in taken:
            taken.add(name)
            out.append(name)
    return out


def write_named_h9(path: Path, names: list[str], clubs: list[str], pairings, title: str, day: str) -> None:
    """An h9 as OpenGotha writes it: the surname apart from the given name, the club's code."""
    table = entries(len(names), pairings)
    sym = {"1": "+", "0": "-", "=": "="}
    lines = ["; CL[A]", f"; EV[{title}]", f"; DT[{day},{day}]"]
    for p, (name, club) in enumerate(zip(names, clubs), start=1):
        rounds = " ".join(f"{o}{sym[r]}/{c}0" for o, c, r in table.get(p, []))
        lines.append(f"{p:>4} {name[0]} {name[1:]} {1 + p % 20}k HK {club}  0  0  {rounds}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def identity_rows(d: Path) -> list[tuple[str, str, float]]:
    """A 5,000-player workbook; then 1,000 players, half of them its own written otherwise."""
    from xl_ratings.i18n import simplified, traditional

    codes = ["HKGA", "KLN", "NT", "HKI"]
    taken: set[str] = set()
    book = d / "identity.xlsx"
    cli_main(["new", "gor", str(book), "--empty"])
    wb = openpyxl.load_workbook(book)
    wb["Clubs"].append(["KLN", "九龍棋社", "九龍"])
    wb.save(book)
    first = [traditional(n) for n in chinese_names(5000, 1, taken)]
    big = d / "season.h9"
    write_named_h9(big, first, [codes[p % 4] for p in range(5000)], swiss_pairings(5000, 5), "Season", "2026-03-01")
    plan, s = timed(lambda: import_into(book, [str(big)])[0])
    rows = [("identity: 5,000 new players into an empty GoR workbook", f"{plan.games:,} games", s)]
    old = [simplified(n) for n in first[:500]]                 # the workbook's own, written otherwise
    new = chinese_names(500, 2, taken)
    src = d / "autumn.h9"
    write_named_h9(src, old + new, [codes[p % 4] for p in range(500)] + [codes[p % 4] for p in range(500)],
                   swiss_pairings(1000, 10, seed=3), "Autumn", "2026-09-05")
    plan, s = timed(lambda: import_into(book, [str(src)])[0])
    summary = plan.summaries[0]
    near = sum(1 for t in summary.told if t.id == "imports.summary_possible_match")
    rows.append((f"identity: 1,000 h9 players (500 matched, 500 new, {near} possible matches) into it",
                 f"{len(summary.matched)} matched", s))
    return rows


def fingerprint_rows() -> list[tuple[str, str, float]]:
    """One tournament's games against every event of a federation's history."""
    from xl_ratings.intake.fingerprint import Fingerprint, likeness

    rng = random.Random(5)
    events = [[(r, f"P{rng.randint(1, 5000)}", f"Q{rng.randint(1, 5000)}", rng.choice((1, 0, 0.5)))
               for r in range(1, 6) for _ in range(10)] for _ in range(2000)]
    book, s_book = timed(lambda: [Fingerprint.of(e) for e in events])
    source = Fingerprint.of(events[-1][::-1])
    found, s = timed(lambda: [e for e in book if likeness(source, e) is not None])
    assert len(found) == 1
    return [("fingerprint: 2,000 workbook events (100,000 games)", "2,000 events", s_book),
            ("fingerprint: one source against all of them", f"{len(found)} alike", s)]


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        pairings = swiss_pairings(PLAYERS, ROUNDS)
        trf_path, h9_path, rep_path = d / "big.trf", d / "big.h9", d / "big.xlsx"
        _, t = timed(lambda: write_trf(trf_path, PLAYERS, pairings))
        t_trf, s = timed(lambda: trf.parse(trf_path))
        rows.append(("TRF16 1,000 players x 10 rounds", f"{len(t_trf.games):,} games", s))
        _, t = timed(lambda: write_h9(h9_path, PLAYERS, pairings))
        t_h9, s = timed(lambda: h9.parse(h9_path))
        rows.append(("h9 1,000 players x 10 rounds", f"{len(t_h9.games):,} games", s))
        _, w = timed(lambda: write_report(rep_path, REPORT_GAMES))
        rows.append(("report: write .xlsx (openpyxl write_only)", f"{REPORT_GAMES:,} games", w))
        tables, s_read = timed(lambda: calamine_sheets(rep_path, ["Event", "Players", "Games"]))
        rows.append(("report: read sheets (python-calamine)", f"{len(tables['Games']) - 1:,} rows", s_read))
        rep, s_parse = timed(lambda: parse_report_tables(tables, str(rep_path)))
        rows.append(("report: parse Games sheet", f"{len(rep.games):,} games", s_parse))
        rep2, s_load = timed(lambda: load(rep_path))
        rows.append(("report: load() end to end", f"{len(rep2.games):,} games", s_load))
        for system, src, label in (("shanghai", trf_path, "TRF16 1,000 x 10"), ("gor", h9_path, "h9 1,000 x 10"),
                                   ("lianzhong", rep_path, "report 100,000 games")):
            book = d / f"into_{system}.xlsx"
            cli_main(["new", system, str(book), "--empty"])
            plan_files, s_imp = timed(lambda: import_into(book, [str(src)]))
            rows.append((f"xl-ratings import {label} into an empty {system} workbook",
                         f"{plan_files[0].games:,} games", s_imp))
        rows += identity_rows(d) + fingerprint_rows()
    width = max(len(r[0]) for r in rows)
    print(f"{'input':<{width}}  {'size':>15}  {'seconds':>8}")
    for name, size, secs in rows:
        print(f"{name:<{width}}  {size:>15}  {secs:>8.3f}")


if __name__ == "__main__":
    main()
