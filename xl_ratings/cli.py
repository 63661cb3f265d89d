"""The ``xl-ratings`` command line (CONTRACT §3).

    xl-ratings demo [--dir DIR]                  sample workbook per system, processed, summarised
    xl-ratings new SYSTEM|report BOOK.xlsx       a fresh workbook from a template
    xl-ratings import SOURCE... --into BOOK.xlsx tournament files appended to the input sheets
    xl-ratings process BOOK.xlsx [--period P | --from P] [--output OUT.xlsx] [--json OUT.json]
    xl-ratings publish BOOK.xlsx [--period P] [--site DIR] [--pdf OUT.pdf]

Bad input: a message naming file, sheet, row, column and value, exit 2, no
traceback, nothing written.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import __version__
from .errors import InputErrors, RatingInputError
from .systems import SYSTEMS


def _console():
    from rich.console import Console
    return Console(stderr=False, highlight=False, soft_wrap=True)


def _fail(err: RatingInputError) -> int:
    errors = err.errors if isinstance(err, InputErrors) else [err]
    total = getattr(err, "total", len(errors))     # a long game list's problems are summarised
    print(f"xl-ratings: {total:,} problem(s) — nothing was written / 未写入任何内容:", file=sys.stderr)
    from .i18n.messages import chinese_of

    lang = getattr(err, "lang", "zh-Hans")
    for e in errors:
        text = str(e)
        print(f"  - {text}", file=sys.stderr)
        zh = chinese_of(e, lang)
        if zh and zh not in text:
            print(f"    {zh}", file=sys.stderr)
    return 2


def summary(out, console, title: str | None = None) -> None:
    from rich.table import Table as RTable

    from .view.export import export

    data = export(out, lines=False)        # the change lines only counted: not built
    rows = data["players"]
    counts = {s: sum(1 for p in rows if p["status"] == s) for s in ("active", "inactive", "pending")}
    head = (f"[bold]{title or out.system.name}[/bold] — periods "
            f"{', '.join(x.period.label for x in out.results)}; "
            f"{counts['active']} active, {counts['inactive']} inactive, {counts['pending']} pending; "
            f"{len(out.last.changes)} change lines; {sum(len(x.checks) for x in out.results)} checks")
    console.print(head)
    from .i18n import to_lang

    system = out.system
    # a system's own words for a column (peng: old/new/change are the cumulative score) under the table
    own = [f"{k} = {to_lang(v, system.lang)}" for k, v in system.terms.items()
           if k in ("old", "new", "change", system.ranked_by)]
    t = RTable(show_header=True, header_style="bold", caption="; ".join(own) or None)
    # the list's ranking value first (peng: the annual score), then old -> new and the change
    keys = ["place", "id", "name"] + ([system.ranked_by] if system.ranked_by != "new" else []) + \
        ["old", "new", "change", "games"]
    for k in keys:
        t.add_column("#" if k == "place" else k, justify="left" if k in ("id", "name") else "right")
    decimals = system.rating_decimals
    active = [p for p in rows if p["status"] == "active"][:5]
    for i, p in enumerate(active, start=1):
        def f(v: Any) -> str:
            return "" if v is None else (f"{v:.{decimals}f}" if isinstance(v, float) else str(v))
        t.add_row(*[str(i) if k == "place" else f(p.get(k)) for k in keys])
    console.print(t)


def cmd_process(args: argparse.Namespace) -> int:
    from .workbook.jobs import GAME_LIST_SUFFIXES, process_game_list, process_workbook

    console = _console()
    runner = _progress_runner(console)
    game_list = Path(args.book).suffix.lower() in GAME_LIST_SUFFIXES
    # an option that does not apply is refused, never silently ignored
    workbook_only = {"--from": (args.rerate_from, "它重新计算工作簿 History 中已处理的周期；比赛记录文件没有 History，每次都计算全部对局")}
    list_only = {"--system": (args.system, "工作簿的等级分制度写在其设置表中"),
                 "--players": (args.players, "工作簿的棋手在其 Players 表中"),
                 "--events": (args.events, "工作簿的赛事在其 Events 表中"),
                 "--set": (args.set, "工作簿的参数在其 Settings 表中")}
    misplaced = [RatingInputError(
        f"{o} applies only to a workbook (it re-rates periods of its History); a game list keeps no History: "
        f"each run rates the whole list", value=o, problem_zh=f"{o} 只用于工作簿：{why}")
        for o, (given, why) in workbook_only.items() if game_list and given]
    misplaced += [RatingInputError(
        f"{o} applies only to a CSV/Parquet game list; a workbook keeps it in its own sheets", value=o,
        problem_zh=f"{o} 只用于 CSV/Parquet 比赛记录文件；{why}")
        for o, (given, why) in list_only.items() if not game_list and given]
    if misplaced:
        raise InputErrors(misplaced)
    if game_list:
        settings = {}
        for item in args.set or []:
            if "=" not in item:
                raise RatingInputError("--set takes key=value", value=item)
            k, v = item.split("=", 1)
            settings[k.strip()] = v.strip()
        from . import systems

        with _bar(console, Path(args.book)) as progress:
            done = process_game_list(args.book, systems.get(args.system) if args.system else None,
                                     players=args.players, events=args.events,
                                     settings=settings, period=args.period, output=args.output,
                                     json_path=args.json, force=args.force, progress=progress)
        summary(done.outcome, console)
        for note in done.notes:
            console.print(note, markup=False)
        for p in done.written:
            console.print(f"written: {p}")
        return 0
    done = process_workbook(args.book, period=args.period, rerate_from=args.rerate_from, output=args.output,
                            json_path=args.json, force=args.force, runner=runner)
    summary(done.outcome, console)
    console.print(f"written: {done.target}")
    from .i18n import to_lang
    for note in done.notes:
        console.print(to_lang(note, done.outcome.system.lang))
    return 0


def _progress_runner(console: Any) -> Any:
    """Run a job; on long runs (over 20,000 games) show a progress line per period."""
    def runner(job: Any, games: int) -> Any:
        if games <= 20000:
            return job(None)
        from rich.progress import Progress

        # auto_refresh=False: no refresh thread; the display moves with each period
        with Progress(console=console, transient=True, auto_refresh=False) as prog:
            task = prog.add_task("processing", total=None)

            def tick(label: str, n: int, total: int) -> None:
                prog.update(task, description=f"period {label} ({n}/{total})", total=total, completed=n - 1)
                prog.refresh()
            return job(tick)
    return runner


@contextlib.contextmanager
def _bar(console: Any, path: Path, least: int = 1 << 20) -> Iterator[Any]:
    """A progress bar for a game list of more than ``least`` bytes (each pass: checking,
    rating a period, counting) on a terminal; updated a few times a second, never slowing
    the run (``benchmarks/stream_bench.py`` measures it)."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if size < least or not console.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

    # auto_refresh=False: no refresh thread; the bar moves when the reader reports a batch
    with Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn(),
                  console=console, transient=True, auto_refresh=False) as prog:
        task = prog.add_task(path.name, total=None)

        def tick(what: str, done: int, total: int) -> None:
            prog.update(task, description=f"{path.name}: {what}", completed=done, total=total)
            prog.refresh()
        yield tick


def cmd_publish(args: argparse.Namespace) -> int:
    from .workbook.fileio import Outputs, check_outputs, real_path
    from .workbook.jobs import published_outcome

    console = _console()
    book = real_path(Path(args.book))
    pdf_path = Path(args.pdf) if args.pdf else None
    if pdf_path is not None:
        from .publish.pdf import is_our_pdf

        if pdf_path.suffix.lower() != ".pdf":
            raise RatingInputError("--pdf names the PDF to write: it must end in .pdf", value=str(pdf_path),
                                   problem_zh="--pdf 是要写入的 PDF 文件，须以 .pdf 结尾")
        check_outputs([book, Path(args.book)], {"--pdf": pdf_path}, force=args.force, ours=is_our_pdf)
    if args.site:
        site_dir = Path(args.site)
        if site_dir.exists() and not site_dir.is_dir():
            raise RatingInputError("--site names a folder for the website; this is a file", value=str(site_dir),
                                   problem_zh="--site 应为网站的文件夹，这是一个文件")
    outcome = published_outcome(args.book, args.period)
    if args.site:
        from .publish.build import build_site
        from .publish.site import render_site

        from .workbook.fileio import write_error

        try:
            files = render_site(build_site(outcome), Path(args.site))
        except ValueError as e:
            raise RatingInputError(str(e), value=args.site) from None   # its Chinese: i18n.messages
        except OSError as e:            # the site is built beside the folder and swapped in: nothing changed
            raise write_error(Path(args.site), e) from None
        console.print(f"website: {len(files)} files in {Path(args.site)} — open {Path(args.site) / 'index.html'}")
    if pdf_path is not None:
        from .publish.pdf import print_workbook, to_pdf

        tx = Outputs()
        tx.add(pdf_path, to_pdf(print_workbook(outcome)),
               like=pdf_path if pdf_path.is_file() and not pdf_path.is_symlink() else None)
        tx.commit()
        console.print(f"PDF: {pdf_path}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .engine.cells import to_date
    from .importers.into_book import Options
    from .workbook.jobs import import_into

    def day(text: str | None, option: str) -> Any:
        if not text:
            return None
        try:
            return to_date(text)
        except RatingInputError:
            raise RatingInputError(f"{option} must be a date like 2026-03-01", value=text,
                                   problem_zh=f"{option} 须为日期，如 2026-03-01") from None

    options = Options(event=(args.event or "").strip() or None, replace=args.replace,
                      name=(args.name or "").strip() or None,
                      start=day(args.start, "--start"), end=day(args.end, "--end"), cls=args.cls, level=args.level)
    plan, written = import_into(args.into, args.sources, format=args.format, options=options,
                                dry_run=args.dry_run, output=args.output, force=args.force)
    from .i18n import to_lang

    console = _console()
    real_print = console.print

    def say(text: str) -> None:      # in the workbook's script (traditional Chinese for gor)
        real_print(to_lang(text, plan.lang))
    for s in plan.summaries:
        say(f"[bold]{s.source}[/bold] ({s.format}) → event {s.event} {s.event_name}"
                      f"{' (new)' if s.new_event else ' (already in the workbook)'}"
                      + (f", replacing {s.replaced} games" if s.replaced else ""))
        say(f"  {len(s.new_players)} new player(s) 新棋手"
            + (": " + ", ".join(f"{pid} {name}" for pid, name in s.new_players[:12])
               + (" …" if len(s.new_players) > 12 else "") if s.new_players else ""))
        say(f"  {len(s.matched)} matched 已有棋手"
            + (": " + ", ".join(f"{pid} {name} (by {how})" for pid, name, how in s.matched[:12])
               + (" …" if len(s.matched) > 12 else "") if s.matched else ""))
        rounds = ", ".join(f"{r}: {n}" for r, n in s.games_per_round.items())
        say(f"  {sum(s.games_per_round.values())} games 对局 (per round 每轮: {rounds})")
        for note in s.notes:
            say(f"  - {note}")
    if args.dry_run:
        say("dry run: nothing was written — 仅预览，未写入")
    else:
        for p in written:
            say(f"written: {p}")
    return 0


def cmd_new(args) -> int:
    from .workbook.templates import build

    path = Path(args.book)
    if args.system == "report":
        from .workbook import templates

        if path.suffix.lower() != ".xlsx":
            raise RatingInputError("the report workbook's name must end in .xlsx", value=str(path),
                                   problem_zh="报告工作簿的文件名须以 .xlsx 结尾")
        if path.exists() and not args.force:
            raise RatingInputError("the file already exists (use --force to overwrite)", value=str(path),
                                   problem_zh="文件已存在（如要覆盖，请加 --force）")
        save_workbook(templates.build_report(with_sample=not args.empty), path)
        print(f"created {path} (a club's tournament report{'' if args.empty else ', with sample records'}): "
              f"fill it in, send it to the federation, which runs: xl-ratings import {path.name} --into BOOK.xlsx")
        return 0
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise RatingInputError("the new workbook's name must end in .xlsx or .xlsm", value=str(path),
                               problem_zh="新工作簿的文件名须以 .xlsx 或 .xlsm 结尾")
    if path.exists() and not args.force:
        raise RatingInputError("the file already exists (use --force to overwrite)", value=str(path),
                               problem_zh="文件已存在（如要覆盖，请加 --force）")
    if path.suffix.lower() == ".xlsm":
        from .workbook.macro import save_macro_workbook
        save_macro_workbook(build(args.system, with_sample=not args.empty), path)
    else:
        save_workbook(build(args.system, with_sample=not args.empty), path)
    print(f"created {path} ({args.system}{'' if args.empty else ', with sample records'})")
    return 0


def save_workbook(wb: Any, path: Path) -> None:
    """An openpyxl workbook saved atomically (never half a file)."""
    import io

    from .workbook.fileio import atomic_write

    buf = io.BytesIO()
    wb.save(buf)
    atomic_write(path, buf.getvalue())


def cmd_demo(args: argparse.Namespace) -> int:
    from .workbook.jobs import process_workbook
    from .workbook.templates import build

    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    console = _console()
    for system in SYSTEMS:
        path = folder / f"demo_{system}.xlsx"
        save_workbook(build(system), path)
        done = process_workbook(path)
        summary(done.outcome, console, title=f"{system} ({path})")
    console.print(f"demo workbooks in {folder}/ — open them in Excel or LibreOffice")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="xl-ratings", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Ratings for board-game federations and clubs, in their Excel workbooks "
                    "(shanghai, gor, lianzhong, peng) — 在 Excel 工作簿中计算等级分.",
        epilog="""examples:
  xl-ratings demo                                   sample workbooks, processed, in xl-ratings-demo/
  xl-ratings new shanghai club.xlsx                 a federation's workbook (sample records; --empty without)
  xl-ratings new report spring.xlsx                 a club's tournament report, to fill in and send
  xl-ratings import spring.xlsx open.trf --into club.xlsx --dry-run
  xl-ratings process club.xlsx                      every period not yet processed (backup kept)
  xl-ratings process club.xlsx --from 2026H1        re-rate a corrected period and the ones after it
  xl-ratings publish club.xlsx --site site --pdf list.pdf

'xl-ratings COMMAND --help' tells each command's options.""")
    p.add_argument("--version", action="version", version=f"xl-ratings {__version__}")
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND")
    d = sub.add_parser("demo", help="build a sample workbook per system, process it, print a summary",
                       description="Build a sample workbook per rating system, process it and print a summary.")
    d.add_argument("--dir", default="xl-ratings-demo", help="folder for the demo workbooks")
    n = sub.add_parser("new", help="a fresh workbook from a system's template, or a club's report workbook",
                       description="A fresh workbook: a federation's (SYSTEM = shanghai, gor, lianzhong, peng) "
                                   "or a club's tournament report (report), with sample records unless --empty.")
    n.add_argument("system", choices=SYSTEMS + ("report",), metavar="SYSTEM",
                   help="shanghai, gor, lianzhong, peng, or report")
    n.add_argument("book", metavar="BOOK.xlsx", help="the workbook to create (.xlsx, or .xlsm with buttons)")
    n.add_argument("--empty", action="store_true", help="without the sample records")
    n.add_argument("--force", action="store_true", help="overwrite an existing file")
    pr = sub.add_parser("process", help="process a period of a workbook (or of a CSV/Parquet game list)",
                        description="Compute the ratings of the periods not yet processed (or --period P, or "
                                    "re-rate --from P) and write the result sheets into BOOK (a backup is kept), "
                                    "or into --output.")
    pr.add_argument("book", help="BOOK.xlsx/.xlsm, or a game list GAMES.csv/.parquet")
    when = pr.add_mutually_exclusive_group()
    when.add_argument("--period", help="shanghai 2026H1/2026H2; peng 2026; gor/lianzhong 2026, "
                                     "2026-01-01..2026-06-30 or all (default: every unprocessed period)")
    when.add_argument("--from", dest="rerate_from", metavar="P",
                    help="re-rate processed period P and every later one (a late or corrected result); "
                         "the Corrections sheet lists every published rating that changes")
    pr.add_argument("--output", metavar="OUT.xlsx", help="write the results here instead of updating BOOK in place "
                                                        "(a game list: the rating list as OUT.csv)")
    pr.add_argument("--json", metavar="OUT.json", help="also write the JSON export (of the last period) here")
    pr.add_argument("--force", action="store_true",
                    help="overwrite an existing --output/--json file that xl-ratings did not write")
    pr.add_argument("--system", choices=SYSTEMS, help="for a CSV/Parquet game list: the rating system")
    pr.add_argument("--players", help="for a game list: a CSV/Parquet file with the Players columns")
    pr.add_argument("--events", help="for a game list: a CSV/Parquet file with the Events columns")
    pr.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="for a game list: a Settings override (repeatable)")
    im = sub.add_parser("import", help="append tournament files (report, crosstable, h9, TRF, OpenGotha) "
                                       "to a workbook's Players, Events and Games",
                        description="Import what clubs and pairing programs produce into BOOK's input sheets: "
                                    "players are matched (federation id, EGF PIN, FIDE id, else name and club), "
                                    "new players get new ids; everything is checked before anything is written.")
    im.add_argument("sources", nargs="+", metavar="SOURCE", help="tournament files (.xlsx report or crosstable, "
                                                                  ".csv crosstable, .h9/.h10, .trf, OpenGotha .xml)")
    im.add_argument("--into", required=True, metavar="BOOK.xlsx", help="the federation's workbook")
    im.add_argument("--format", choices=("report", "crosstable", "h9", "trf", "opengotha"),
                    help="the sources' format (default: guessed from the content)")
    im.add_argument("--event", metavar="ID", help="the event's id: an event of BOOK without games yet, or a new id")
    im.add_argument("--name", help="the event's name (a crosstable has none; given, it replaces the source's)")
    im.add_argument("--start", metavar="DATE", help="the event's first day, when the source has no dates")
    im.add_argument("--end", metavar="DATE", help="the event's last day, when the source has no dates")
    im.add_argument("--class", dest="cls", metavar="CLASS", help="the event's class (A/B/C, 甲/乙/丙), "
                                                                   "when the source has none")
    im.add_argument("--level", help="the event's level (national/provincial/district), when the source has none")
    im.add_argument("--replace", action="store_true", help="replace the games of an event already in BOOK")
    im.add_argument("--dry-run", action="store_true", help="show what would be added and matched; write nothing")
    im.add_argument("--output", metavar="OUT.xlsx", help="write the result here instead of updating BOOK in place")
    im.add_argument("--force", action="store_true", help="overwrite an existing --output that xl-ratings did not write")
    pb = sub.add_parser("publish", help="a processed workbook as a website and/or a printable PDF",
                        description="Publish what a processed workbook holds: a static website (rating list, "
                                    "player and event pages) and/or a PDF of the rating list, rank standards "
                                    "and change report. Nothing in the workbook changes.")
    pb.add_argument("book", help="the processed workbook (BOOK.xlsx/.xlsm)")
    pb.add_argument("--period", help="the period to publish (default: the latest processed one)")
    pb.add_argument("--site", metavar="DIR", help="write the website into this folder (new, or a site of ours)")
    pb.add_argument("--pdf", metavar="OUT.pdf", help="write the printable list here (needs LibreOffice)")
    pb.add_argument("--force", action="store_true", help="overwrite an existing PDF that xl-ratings did not write")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.cmd:
        parser.print_help(sys.stderr)
        return 2
    try:
        if args.cmd == "publish" and not (args.site or args.pdf):
            raise RatingInputError("publish needs --site DIR and/or --pdf OUT.pdf",
                                   problem_zh="publish 需要 --site 文件夹 和/或 --pdf 文件")
        return {"demo": cmd_demo, "new": cmd_new, "process": cmd_process, "publish": cmd_publish,
                "import": cmd_import}[args.cmd](args)
    except RatingInputError as e:
        return _fail(e)
    except KeyboardInterrupt:
        print("xl-ratings: interrupted — every file is as it was, or complete: nothing is ever half-written "
              "/ 已中断：文件保持原样或已完整写入，不会只写一半", file=sys.stderr)
        return 130
    except PermissionError as e:
        print(f"xl-ratings: cannot write {e.filename or 'a file'}: it is open in another program or "
              "read-only — close it and try again / 文件被占用或只读", file=sys.stderr)
        return 3
    except OSError as e:
        print(f"xl-ratings: {e.strerror or e}: {e.filename or 'a file'} — 文件读写失败", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
