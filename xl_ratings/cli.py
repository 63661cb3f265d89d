"""The ``xl-ratings`` command line (CONTRACT §3).

    xl-ratings demo                     sample workbook per system, processed, summarised
    xl-ratings new SYSTEM BOOK.xlsx     a fresh workbook from SYSTEM's template
    xl-ratings process BOOK.xlsx [--period P] [--output OUT.xlsx] [--json OUT.json]

Bad input: a message naming file, sheet, row, column and value, exit 2, no
traceback, nothing written.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from . import __version__
from .errors import InputErrors, RatingInputError, Where
from .systems import SYSTEMS


def _console():
    from rich.console import Console
    return Console(stderr=False, highlight=False, soft_wrap=True)


def _fail(err: RatingInputError) -> int:
    errors = err.errors if isinstance(err, InputErrors) else [err]
    print(f"xl-ratings: {len(errors)} problem(s) — nothing was written / 未写入任何内容:", file=sys.stderr)
    from .i18n.messages import chinese_of

    for e in errors:
        print(f"  - {e}", file=sys.stderr)
        zh = chinese_of(e)
        if zh:
            print(f"    {zh}", file=sys.stderr)
    return 2


def _json_default(v: Any) -> Any:
    if hasattr(v, "isoformat"):
        return v.isoformat()
    raise TypeError(type(v).__name__)


def summary(out, console, title: str | None = None) -> None:
    from rich.table import Table as RTable

    from .view.export import export

    data = export(out)
    rows = data["players"]
    counts = {s: sum(1 for p in rows if p["status"] == s) for s in ("active", "inactive", "pending")}
    head = (f"[bold]{title or out.system.name}[/bold] — periods "
            f"{', '.join(x.period.label for x in out.results)}; "
            f"{counts['active']} active, {counts['inactive']} inactive, {counts['pending']} pending; "
            f"{len(data['changes'])} change lines; {sum(len(x.checks) for x in out.results)} checks")
    console.print(head)
    t = RTable(show_header=True, header_style="bold")
    key = out.system.ranked_by
    for c in ("#", "id", "name", "old", key, "change", "games"):
        t.add_column(c, justify="right" if c not in ("id", "name") else "left")
    active = [p for p in rows if p["status"] == "active"][:5]
    for i, p in enumerate(active, start=1):
        def f(v):
            return "" if v is None else (f"{v:.2f}" if isinstance(v, float) else str(v))
        t.add_row(str(i), p["id"], p["name"], f(p["old"]), f(p[key]), f(p["change"]), str(p["games"]))
    console.print(t)


def cmd_process(args) -> int:
    from .engine.perf import gc_paused
    from .engine.run import run
    from .view.export import export
    from .workbook.read import read_workbook
    from .workbook.safety import office_lock, workbook_lock
    from .workbook.write import save_outcome

    src = Path(args.book)
    console = _console()
    if src.suffix.lower() in GAME_LIST_SUFFIXES:
        return cmd_process_list(args, console)
    if src.exists() and not args.output and (lock := office_lock(src)) is not None:
        raise RatingInputError(
            f"the workbook is open in Excel or LibreOffice ({lock.name}); close it first, or write "
            "the results elsewhere with --output — 工作簿正在被打开，请先关闭", where=Where(str(src)))
    with workbook_lock(src) if src.exists() else contextlib.nullcontext(), gc_paused():
        read_stat = src.stat() if src.exists() else None
        tables, problems = read_workbook(src)
        try:
            games = sum(len(t) for n, t in tables.items() if n.lower() in ("games", "对局", "對局"))
            out = _run_with_progress(lambda progress: run(tables, args.period, file=str(src),
                                                          progress=progress, rerate_from=args.rerate_from),
                                     games, console)
        except InputErrors as e:
            raise InputErrors(problems + e.errors) from None
        if problems:
            raise InputErrors(problems)
        if args.json:
            Path(args.json).write_text(json.dumps(export(out), ensure_ascii=False, indent=1,
                                                  default=_json_default), encoding="utf-8")
        target = save_outcome(src, out, args.output, expect=read_stat)
    summary(out, console)
    console.print(f"written: {target}" + ("" if args.output else
                                           f" (previous version kept as {src.stem}.backup{src.suffix})"))
    return 0


def _run_with_progress(job, games: int, console):
    """Run ``job(progress)``; on long runs (over 20,000 games) show a progress line per period."""
    if games <= 20000:
        return job(None)
    from rich.progress import Progress

    # auto_refresh=False: no refresh thread; the display moves with each period
    with Progress(console=console, transient=True, auto_refresh=False) as prog:
        task = prog.add_task("processing", total=None)

        def tick(label, n, total):
            prog.update(task, description=f"period {label} ({n}/{total})", total=total, completed=n - 1)
            prog.refresh()
        return job(tick)


GAME_LIST_SUFFIXES = (".csv", ".parquet", ".pq", ".txt")


def cmd_process_list(args, console) -> int:
    """A CSV/Parquet game list: the same rules, JSON export and a CSV rating list."""
    import csv

    from .engine.perf import gc_paused
    from .engine.run import run_records
    from .view.export import export
    from .view.sheets import result_sheets
    from .workbook.game_list import load_game_list

    if not args.system:
        raise RatingInputError("a game list needs --system (shanghai, gor, lianzhong or peng)",
                               value=args.book)
    settings = {}
    for item in args.set or []:
        if "=" not in item:
            raise RatingInputError("--set takes key=value", value=item)
        k, v = item.split("=", 1)
        settings[k.strip()] = v.strip()
    with gc_paused():
        inputs = load_game_list(args.book, args.system, args.players, args.events, settings)
        out = _run_with_progress(lambda progress: run_records(inputs, None, args.period, args.book,
                                                             progress), len(inputs.games), console)
    if args.json:
        Path(args.json).write_text(json.dumps(export(out), ensure_ascii=False, indent=1,
                                              default=_json_default), encoding="utf-8")
    if args.output:
        target = Path(args.output)
        if target.suffix.lower() != ".csv":
            raise RatingInputError("for a game list, --output is the rating list as .csv", value=str(target))
        view = result_sheets(out)[0]
        with open(target, "w", newline="", encoding="utf-8-sig") as f:
            w = csv.writer(f)
            w.writerow(view.keys)
            for r in view.rows:
                w.writerow(["" if v is None else v for v in r])
    summary(out, console)
    return 0


def cmd_new(args) -> int:
    from .workbook.templates import build

    path = Path(args.book)
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise RatingInputError("the new workbook's name must end in .xlsx or .xlsm", value=str(path))
    if path.exists() and not args.force:
        raise RatingInputError("the file already exists (use --force to overwrite)", value=str(path))
    if path.suffix.lower() == ".xlsm":
        from .workbook.macro import save_macro_workbook
        save_macro_workbook(build(args.system, with_sample=not args.empty), path)
    else:
        build(args.system, with_sample=not args.empty).save(path)
    print(f"created {path} ({args.system}{'' if args.empty else ', with sample records'})")
    return 0


def cmd_demo(args) -> int:
    from .engine.run import run
    from .workbook.read import read_tables
    from .workbook.templates import build
    from .workbook.write import save_outcome

    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    console = _console()
    for system in SYSTEMS:
        path = folder / f"demo_{system}.xlsx"
        build(system).save(path)
        out = run(read_tables(path), file=str(path))
        save_outcome(path, out, path)
        summary(out, console, title=f"{system} ({path})")
    console.print(f"demo workbooks in {folder}/ — open them in Excel or LibreOffice")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="xl-ratings", description="Spreadsheet-native rating for federations.")
    p.add_argument("--version", action="version", version=f"xl-ratings {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("demo", help="build a sample workbook per system, process it, print a summary")
    d.add_argument("--dir", default="xl-ratings-demo", help="folder for the demo workbooks")
    n = sub.add_parser("new", help="a fresh workbook from a system's template")
    n.add_argument("system", choices=SYSTEMS)
    n.add_argument("book")
    n.add_argument("--empty", action="store_true", help="without the sample records")
    n.add_argument("--force", action="store_true", help="overwrite an existing file")
    pr = sub.add_parser("process", help="process a period of a workbook (or of a CSV/Parquet game list)")
    pr.add_argument("book", help="BOOK.xlsx/.xlsm, or a game list GAMES.csv/.parquet")
    when = pr.add_mutually_exclusive_group()
    when.add_argument("--period", help="shanghai 2026H1/2026H2; peng 2026; gor/lianzhong 2026, "
                                     "2026-01-01..2026-06-30 or all (default: every unprocessed period)")
    when.add_argument("--from", dest="rerate_from", metavar="P",
                    help="re-rate processed period P and every later one (a late or corrected result); "
                         "the Corrections sheet lists every published rating that changes")
    pr.add_argument("--output", help="write the results here instead of updating BOOK in place")
    pr.add_argument("--json", help="also write the JSON export here")
    pr.add_argument("--system", choices=SYSTEMS, help="for a CSV/Parquet game list: the rating system")
    pr.add_argument("--players", help="for a game list: a CSV/Parquet file with the Players columns")
    pr.add_argument("--events", help="for a game list: a CSV/Parquet file with the Events columns")
    pr.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="for a game list: a Settings override (repeatable)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return {"demo": cmd_demo, "new": cmd_new, "process": cmd_process}[args.cmd](args)
    except RatingInputError as e:
        return _fail(e)
    except PermissionError as e:
        print(f"xl-ratings: cannot write {e.filename}: it is open in another program or read-only — "
              "close it and try again / 文件被占用或只读", file=sys.stderr)
        return 3
    except OSError as e:
        print(f"xl-ratings: {e.strerror or e}: {e.filename or ''}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
