"""The ``xl-ratings`` command line (CONTRACT §3).

    xl-ratings demo [--dir DIR]                  sample workbook per system, processed, summarised
    xl-ratings new SYSTEM|report BOOK.xlsx       a fresh workbook from a template
    xl-ratings import SOURCE... --into BOOK.xlsx tournament files appended to the input sheets
    xl-ratings process BOOK.xlsx [--period P | --from P] [--output OUT.xlsx] [--json OUT.json]
    xl-ratings publish BOOK.xlsx [--period P] [--site DIR] [--pdf OUT.pdf] [--rating-list OUT [--layout L]]
    xl-ratings libreoffice OUT.oxt               the LibreOffice extension (functions, toolbar)

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
from .errors import InputErrors, RatingInputError, Text, bounded, told_all
from .i18n.catalogue import cli as M
from .i18n.text import command_word
from .systems import SYSTEMS


class Run:
    """The language of this run, chosen once (:func:`xl_ratings.jobs.language.book_lang`):
    the workbook's script -- traditional Chinese for the Hong Kong GoR workbooks -- for every
    line the command prints, its problems included.  Read when first needed (most runs learn it
    from the job's result and never read the workbook for it)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A new run: nothing known yet (tests call main() many times in one process)."""
        self.book: str | None = None
        self.system: str | None = None
        self._lang: str | None = None

    @property
    def lang(self) -> str:
        if self._lang is None:
            from .jobs.language import book_lang

            self._lang = book_lang(self.book, self.system)
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = lang

    def said(self, text: Text) -> str:
        """A catalogue message in English and Chinese, the Chinese in the run's script."""
        return text.both(self.lang)


RUN = Run()


def _console():
    from rich.console import Console
    return Console(stderr=False, highlight=False, soft_wrap=True)


def _fail(err: RatingInputError) -> int:
    """Every problem, in English and in Chinese (the workbook's script), and exit code 2."""
    errors, more = told_all(err)        # the first problems, and a line counting the rest
    if getattr(err, "lang", None):      # the job read the workbook: its script
        RUN.lang = getattr(err, "lang")
    total = err.total if isinstance(err, InputErrors) else 1
    written = getattr(err, "written", None)         # a write failed half-way: what was written, never "nothing"
    head = M.PROBLEMS_PARTLY(count=total, written=", ".join(written),
                             not_written=", ".join(getattr(err, "not_written", ()))) if written else \
        M.PROBLEMS(count=total)
    print(RUN.said(head), file=sys.stderr)
    for e in errors:
        text = e.en_line(RUN.lang)
        print(f"  - {text}", file=sys.stderr)
        zh = e.zh_line(RUN.lang)
        if zh and zh not in text:
            print(f"    {zh}", file=sys.stderr)
    if more is not None:
        print(f"  {RUN.said(more)}", file=sys.stderr)
    return 2


def summary_columns(system: Any) -> list[str]:
    """The summary table's columns: place, id, name, the list's ranking value first (peng: the
    annual score), then old -> new and the change, and the games."""
    return ["place", "id", "name"] + ([system.ranked_by] if system.ranked_by != "new" else []) + \
        ["old", "new", "change", "games"]


#: the widest a name is shown in the console's summary (a longer one ends in "…"; the
#: column narrower still where the console is: its ids and numbers are shown whole)
NAME_WIDTH = 24


def summary_table(system: Any, active: list[dict[str, Any]], width: int | None = None) -> Any:
    """The summary's table (a rich Table) of the players ``active``: each head as the result
    sheets head it, the label in the workbook's script (the system's own word: GoR's 原棋力分,
    peng's 原累积等级分) over the key.  Every value and key is shown whole but a name, which is
    cut with "…" to at most :data:`NAME_WIDTH` columns and to what a console ``width`` wide
    leaves it beside the others."""
    from rich.cells import cell_len
    from rich.table import Table as RTable
    from rich.text import Text as RText

    from .i18n.labels import label

    keys = summary_columns(system)
    decimals = system.rating_decimals

    def f(v: Any) -> str:
        return "" if v is None else (f"{v:.{decimals}f}" if isinstance(v, float) else str(v))
    rows = [[str(i) if k == "place" else f(p.get(k)) for k in keys] for i, p in enumerate(active, start=1)]
    heads = []
    for k in keys:
        head = label(k, system)
        if head.endswith(f" {k}"):
            head = f"{head[:-len(k) - 1]}\n{'#' if k == 'place' else k}"
        heads.append(head)
    # never cut short: a value (but a name) and the key are shown whole; on a narrow console
    # (peng's eight columns in 80) a long Chinese head folds onto another line rather than end in "…"
    widest = [max([cell_len(h.split("\n")[-1])] + [cell_len(r[n]) for r in rows]) for n, h in enumerate(heads)]
    name_at = keys.index("name")
    least = cell_len(heads[name_at].split("\n")[-1])         # the key ("name") is shown whole

    def table(name_width: int) -> Any:
        t = RTable(show_header=True, header_style="bold")
        for n, (k, head) in enumerate(zip(keys, heads)):
            if n == name_at:    # a name (free text, up to a cell's 32,767 characters) is cut to fit with "…"
                t.add_column(head, justify="left", width=name_width, overflow="ellipsis", no_wrap=True)
            else:
                t.add_column(head, justify="left" if k == "id" else "right", min_width=widest[n], overflow="fold")
        for row in rows:
            t.add_row(*(RText(cell) for cell in row))      # a name is shown as written, never read as markup
        return t
    name_width = max(least, min(NAME_WIDTH, widest[name_at]))
    while width is not None and name_width > least and _wider(table(name_width), width):
        name_width -= 1
    return table(name_width)


def _wider(renderable: Any, width: int) -> bool:
    """Is ``renderable`` wider than ``width`` columns as rich draws it (its lines uncropped)?"""
    import io

    from rich.console import Console
    from rich.segment import Segment

    console = Console(width=width, file=io.StringIO(), color_system=None)
    lines = Segment.split_lines(console.render(renderable, console.options))
    return any(Segment.get_line_length(line) > width for line in lines)


def summary(out, console, title: str | None = None) -> None:
    from .view.export import summary_of

    counts, active = summary_of(out, 5)     # the counts and the first five: not every player's record
    system = out.system
    head = M.SUMMARY_HEAD(periods=", ".join(x.period.label for x in out.results), active=counts["active"],
                          inactive=counts["inactive"], pending=counts["pending"], changes=len(out.last.changes),
                          checks=sum(len(x.checks) for x in out.results))
    console.print(f"[bold]{title or system.name}[/bold]: {head.both(system.lang)}")
    console.print(summary_table(system, active, console.width))


def cmd_process(args: argparse.Namespace) -> int:
    console = _console()
    from .jobs.common import game_list_suffixes

    game_list = Path(args.book).suffix.lower() in game_list_suffixes()
    if not game_list:
        return _processed(args, console, contextlib.nullcontext())
    with _collector_off():
        return _processed(args, console, _bar(console, Path(args.book)))


def _processed(args: argparse.Namespace, console: Any, bar: Any) -> int:
    from .jobs.process import process

    with bar as progress:
        done = process(args.book, period=args.period, rerate_from=args.rerate_from, output=args.output,
                       json_path=args.json, force=args.force, system=args.system, players=args.players,
                       events=args.events, settings=args.set, runner=_progress_runner(console), progress=progress)
    RUN.lang = done.outcome.system.lang
    summary(done.outcome, console)
    if done.target is None:             # a game list: its checks summarised, then the files
        _tell(console, done.notes)
        for p in done.written:
            console.print(RUN.said(M.WRITTEN(path=p)), markup=False)
        return 0
    console.print(RUN.said(M.WRITTEN(path=done.target)), markup=False)
    _tell(console, done.notes)
    return 0


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """A game list's run: the cyclic collector off for the whole command, and what is alive at its
    end frozen (``gc.freeze``: left out of later collections, the interpreter's last one included).
    The job pauses the collector anyway (``game_stream.process_list``); resumed as it was, its
    first collection -- and the one at the process's end -- would walk every object of the
    players and of numba to free nothing (some 0.1-0.3 CPU s for 20,000 players,
    docs/performance.md).  A run before in the same process (tests) is unfrozen first."""
    import gc

    gc.unfreeze()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def _tell(console: Any, notes: list[Text]) -> None:
    """A job's notes, one a line: the first ones, then a line counting the rest."""
    shown, more = bounded(notes)
    for note in shown + ([more] if more is not None else []):
        console.print(RUN.said(note), markup=False)


def _progress_runner(console: Any) -> Any:
    """Run a job; on long runs (over 20,000 games) show a progress line per period."""
    def runner(job: Any, games: int) -> Any:
        if games <= 20000:
            return job(None)
        from rich.progress import Progress

        # auto_refresh=False: no refresh thread; the display moves with each period
        with Progress(console=console, transient=True, auto_refresh=False) as prog:
            task = prog.add_task(RUN.said(M.PROCESSING()), total=None)

            def tick(label: str, n: int, total: int) -> None:
                prog.update(task, description=RUN.said(M.PROGRESS_PERIOD(period=label, n=n, total=total)),
                            total=total, completed=n - 1)
                prog.refresh()
            return job(tick)
    return runner


class _Waiting:
    """Shows that a long wait goes on (LibreOffice making the PDF): a live line on a terminal
    (no refresh thread: it moves with each call), else a line every ``every`` seconds."""

    def __init__(self, text: Text, every: float = 10.0) -> None:
        from rich.console import Console

        self.console = Console(stderr=True, highlight=False)
        self.message, self.every, self.shown = text, every, -1.0
        self.prog: Any = None

    def __call__(self, seconds: float) -> None:
        self.text = RUN.said(self.message)    # the run's language: read when LibreOffice first makes us wait
        if not self.console.is_terminal:
            if seconds - self.shown >= self.every or self.shown < 0:
                self.console.print(f"{self.text} … {seconds:.0f} s")
                self.shown = seconds
            return
        if self.prog is None:
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self.prog = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                                 console=self.console, transient=True, auto_refresh=False)
            self.prog.start()
            self.task = self.prog.add_task(self.text, total=None)
        self.prog.refresh()

    def __enter__(self) -> "_Waiting":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.prog is not None:
            self.prog.stop()


def pass_words(what: str) -> Text:
    """A game list's pass (what the reader calls it: ``checking``, ``counting``, ``rating 2026``,
    ``rating events``) in words of both languages, for its progress bar."""
    if what == "checking":
        return M.PASS_CHECKING()
    if what == "counting":
        return M.PASS_COUNTING()
    if what == "rating events":
        return M.PASS_RATING_EVENTS()
    return M.PASS_RATING(period=what.removeprefix("rating ").strip())


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
            prog.update(task, description=f"{path.name}: {RUN.said(pass_words(what))}", completed=done, total=total)
            prog.refresh()
        yield tick


def _field_names(given: str | None) -> list[str]:
    """``--include-private``'s names: split at a comma, as a Chinese keyboard types it too (，、)."""
    import re

    return [f.strip() for f in re.split(r"[,，、]", given or "") if f.strip()]


def cmd_publish(args: argparse.Namespace) -> int:
    from .i18n.catalogue import publish as P
    from .jobs.publish import publish

    console = _console()
    with _Waiting(P.LIBREOFFICE_WAITING()) as waiting:
        done = publish(args.book, period=args.period, site=args.site, pdf=args.pdf, rating_list=args.rating_list,
                       layout=args.layout, force=args.force, waiting=waiting,
                       private=_field_names(args.include_private))
    RUN.lang = done.outcome.system.lang
    _tell(console, done.notes)
    if args.site:
        site = Path(args.site)
        console.print(RUN.said(M.WEBSITE(count=len(done.site_files), site=site, index=site / "index.html")),
                      markup=False)
    for printed in ([done.pdf] if done.pdf is not None else []) + done.archived_pdfs:
        console.print(RUN.said(M.PDF_WRITTEN(path=printed)), markup=False)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .engine.cells import to_date
    from .intake.into_book import Options
    from .jobs.importing import import_into

    def day(text: str | None, option: str) -> Any:
        if not text:
            return None
        try:
            return to_date(text)
        except RatingInputError:
            raise RatingInputError(M.DATE_OPTION(option=option), value=text) from None

    replace_event = args.replace.strip() if isinstance(args.replace, str) else None
    options = Options(event=(args.event or "").strip() or None, replace=bool(args.replace),
                      replace_event=replace_event or None, name=(args.name or "").strip() or None,
                      start=day(args.start, "--start"), end=day(args.end, "--end"), cls=args.cls, level=args.level,
                      match=tuple(args.match or ()), new=tuple(args.new or ()),
                      distinct_from=tuple(e.strip() for e in args.distinct_from or ()))
    plan, written = import_into(args.into, args.sources, format=args.format, options=options,
                                dry_run=args.dry_run, output=args.output, force=args.force)
    from .intake.summary import summary_lines
    from .i18n.catalogue import imports as I

    RUN.lang = plan.lang
    console = _console()
    for s in plan.summaries:
        first, *rest = summary_lines(s, plan.lang, plan.appends["Identities"].sheet)
        console.print(first, style="bold", markup=False)
        for line in rest:
            console.print(line, markup=False)
    if args.dry_run:
        console.print(RUN.said(I.DRY_RUN()), markup=False)
    else:
        for p in written:
            console.print(RUN.said(M.WRITTEN(path=p)), markup=False)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from .jobs.new import new_workbook

    path, kept = new_workbook(args.system, Path(args.book), with_sample=not args.empty, force=args.force,
                              report_for=args.report_for)
    sample: Text | str = "" if args.empty else M.WITH_SAMPLE()
    if args.system == "report":
        print(RUN.said(M.CREATED_REPORT(path=path, sample=sample, name=command_word(path.name))))
    else:
        print(RUN.said(M.CREATED(path=path, system=args.system, sample=sample)))
    if kept is not None:
        from .i18n.catalogue import workbooks as WB

        print(RUN.said(WB.NEW_REPLACED_KEPT(backup=kept.name)))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from .jobs.demo import run_demo

    console = _console()
    folder = Path(args.dir)
    for system, path, done in run_demo(folder):
        summary(done.outcome, console, title=f"{system} ({path})")
    console.print(RUN.said(M.DEMO_DONE(folder=folder)), markup=False)
    return 0


def cmd_libreoffice(args: argparse.Namespace) -> int:
    from .i18n.catalogue import libreoffice as L
    from .libreoffice.build import TESTED, write_oxt

    path = write_oxt(args.out)
    print(RUN.said(L.BUILT(path=path, tested=", ".join(TESTED))))
    return 0


IMPORT_HELP = ("append tournament files (report, crosstable, h9, TRF, OpenGotha) to a workbook's Players, "
               "Events and Games")


def _import_parser(sub: Any, lean: bool = False) -> None:
    """``xl-ratings import``: its options (CONTRACT §3, FORMATS.md "Matching players"); ``lean``:
    its name and help alone (another command runs: the importers are not imported)."""
    if lean:
        sub.add_parser("import", help=IMPORT_HELP)
        return
    from .importers import formats
    im = sub.add_parser("import", help=IMPORT_HELP,
                        description="Import what clubs and pairing programs produce into BOOK's input sheets: "
                                    "players are matched (federation id, EGF PIN, FIDE id, the Identities sheet, "
                                    "else name and club: case, spaces, invisible characters, simplified or "
                                    "traditional characters and the FIDE comma do not count; clubs through the "
                                    "Clubs sheet's codes and aliases); a name in another club, or several "
                                    "candidates, stops the import until answered (--match/--new); new players get "
                                    "new ids, near misses are pointed out. A tournament already in BOOK (by its "
                                    "games, whatever its name or dates) is refused unless --replace. Everything "
                                    "is checked before anything is written.")
    im.add_argument("sources", nargs="+", metavar="SOURCE", help="tournament files (.xlsx report or crosstable, "
                                                                  ".csv crosstable, .h9/.h10, .trf, OpenGotha .xml)")
    im.add_argument("--into", required=True, metavar="BOOK.xlsx", help="the federation's workbook")
    im.add_argument("--format", choices=formats.names(),
                    help="the sources' format (default: guessed from the content)")
    im.add_argument("--event", metavar="ID", help="the event's id: an event of BOOK without games yet, or a new id")
    im.add_argument("--name", help="the event's name (a crosstable has none; given, it replaces the source's)")
    im.add_argument("--start", metavar="DATE", help="the event's first day, when the source has no dates")
    im.add_argument("--end", metavar="DATE", help="the event's last day, when the source has no dates")
    im.add_argument("--class", dest="cls", metavar="CLASS", help="the event's class (A/B/C, 甲/乙/丙), "
                                                                   "when the source has none")
    im.add_argument("--level", help="the event's level (national/provincial/district), when the source has none")
    im.add_argument("--replace", nargs="?", const=True, default=False, metavar="EVENT",
                    help="replace the games of an event already in BOOK: the one the source repeats (same id, "
                         "name and dates, or games), or EVENT")
    im.add_argument("--match", action="append", metavar="SOURCE_NAME=ID",
                    help="the officer's answer: the player the source calls SOURCE_NAME is the workbook's player "
                         "ID (repeatable; kept in the Identities sheet, so the next import from that club matches "
                         "by itself)")
    im.add_argument("--new", action="append", metavar="SOURCE_NAME",
                    help="the officer's answer: the player the source calls SOURCE_NAME is a new player, not one "
                         "of the candidates listed (repeatable; kept in the Identities sheet)")
    im.add_argument("--distinct-from", action="append", metavar="EVENT",
                    help="import although the source's games are those of EVENT: another tournament with the "
                         "very same pairings (repeatable)")
    im.add_argument("--dry-run", action="store_true", help="show what would be added and matched; write nothing")
    im.add_argument("--output", metavar="OUT.xlsx", help="write the result here instead of updating BOOK in place")
    im.add_argument("--force", action="store_true", help="overwrite an existing --output that xl-ratings did not write")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; ``command``: the one that runs, when known (another's
    options need not be built: ``import``'s need every importer imported)."""
    p = argparse.ArgumentParser(
        prog="xl-ratings", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=M.DESCRIPTION().both() + ".",
        epilog="""examples:
  xl-ratings demo                                   sample workbooks, processed, in xl-ratings-demo/
  xl-ratings new shanghai club.xlsx                 a federation's workbook (sample records; --empty without)
  xl-ratings new report spring.xlsx                 a club's tournament report, to fill in and send
  xl-ratings new report spring.xlsx --system gor    the same for Hong Kong (traditional Chinese, Go grades)
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
    n.add_argument("--force", action="store_true",
                   help="replace an existing file (kept first as BOOK.backup.xlsx, like process does)")
    n.add_argument("--system", dest="report_for", choices=SYSTEMS, metavar="SYSTEM",
                   help="with report: the federation's system the report goes to, in its script and words "
                        "(gor: traditional Chinese for Hong Kong, Go grades, GoR); default simplified Chinese")
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
    _import_parser(sub, lean=command is not None and command != "import")
    pb = sub.add_parser("publish", help="a processed workbook as a website, a printable PDF and/or the rating "
                                        "list pairing programs load",
                        description="Publish what a processed workbook holds: a static website (rating list, "
                                    "player and event pages), a PDF of the rating list, rank standards "
                                    "and change report, and/or the rating list in a layout OpenGotha, pairgoth "
                                    "or Swiss-Manager loads. Nothing in the workbook changes.")
    pb.add_argument("book", help="the processed workbook (BOOK.xlsx/.xlsm)")
    pb.add_argument("--period", help="the period to publish (default: the latest processed one)")
    pb.add_argument("--site", metavar="DIR", help="write the website into this folder (new, or a site of ours)")
    pb.add_argument("--pdf", metavar="OUT.pdf", help="write the printable list here (needs LibreOffice)")
    pb.add_argument("--rating-list", metavar="OUT", help="write the rating list pairing programs load "
                                                         "(OpenGotha, pairgoth, Swiss-Manager): OUT.txt or OUT.csv")
    pb.add_argument("--layout", choices=("egd", "fide", "csv"),
                    help="the rating list's layout: egd (EGD list: OpenGotha, pairgoth), fide (FIDE TXT: "
                         "Swiss-Manager, Vega), csv (national list); default: the system's (gor: egd; shanghai, "
                         "lianzhong: fide; peng: csv)")
    pb.add_argument("--force", action="store_true",
                    help="overwrite an existing PDF or rating list that xl-ratings did not write")
    pb.add_argument("--include-private", metavar="FIELD,…",
                    help="also publish these private fields, kept off the website and the PDF otherwise: "
                         "member (membership), fee (registration fees, and the fees list), certificate")
    lo = sub.add_parser("libreoffice", help="write the LibreOffice extension: the functions in Calc's cells, "
                                            "the Process and Import buttons",
                        description="Write the LibreOffice extension (.oxt): the 13 functions as Calc functions "
                                    "under their Excel names, and a toolbar and menu (计算等级分 Process ratings, "
                                    "导入成绩 Import results, the rating list). Install it with unopkg add OUT.oxt.")
    lo.add_argument("out", metavar="OUT.oxt", help="the extension file to write")
    return p


def _run_of(args: argparse.Namespace) -> None:
    """The workbook (or system) of this run, known before anything is checked: what is said
    is in its script (a Hong Kong workbook's --json refusal in traditional Chinese)."""
    if args.cmd == "new":
        RUN.system = args.report_for if args.system == "report" else args.system
    elif args.cmd == "import":
        RUN.book = args.into
    elif args.cmd in ("process", "publish"):
        RUN.book, RUN.system = args.book, getattr(args, "system", None)


def _check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse what argparse lets through: an option given an empty value (``--from ''`` would
    silently be no option at all), and a ``--json`` file not named .json (JSON in a .xlsx)."""
    from .i18n.catalogue import run as R

    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[args.cmd]
    problems = []
    for action in sub._actions:
        value = getattr(args, action.dest, None)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and not v.strip():
                if action.option_strings:
                    problems.append(RatingInputError(R.OPTION_EMPTY(option=action.option_strings[0])))
                else:
                    problems.append(RatingInputError(R.ARGUMENT_EMPTY(option=action.metavar or action.dest.upper())))
                break
    json_path = getattr(args, "json", None)
    if isinstance(json_path, str) and json_path.strip() and Path(json_path).suffix.lower() != ".json":
        problems.append(RatingInputError(R.JSON_NOT_JSON(path=json_path), value=json_path))
    if problems:
        raise InputErrors(problems)


def _replace_before_a_file(argv: list[str]) -> list[str]:
    """``import --replace FILE …``: FILE is a source, not the EVENT --replace may name (an
    existing file is never an event id); --replace is moved last, where it takes no value."""
    if "import" not in argv or "--replace" not in argv:
        return argv
    at = argv.index("--replace")
    if at + 1 < len(argv) and Path(argv[at + 1]).is_file():
        return argv[:at] + argv[at + 1:] + ["--replace"]
    return argv


def main(argv: list[str] | None = None) -> int:
    RUN.reset()
    given = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in given if not a.startswith("-")), None)
    parser = build_parser(command if command in ("demo", "new", "process", "publish", "libreoffice") else None)
    args = parser.parse_args(_replace_before_a_file(given))
    if not args.cmd:
        parser.print_help(sys.stderr)
        return 2
    try:
        _run_of(args)                   # before any refusal: the options' are told in the workbook's script too
        _check_options(parser, args)
        return {"demo": cmd_demo, "new": cmd_new, "process": cmd_process, "publish": cmd_publish,
                "import": cmd_import, "libreoffice": cmd_libreoffice}[args.cmd](args)
    except RatingInputError as e:
        return _fail(e)
    except KeyboardInterrupt:
        print(RUN.said(M.INTERRUPTED()), file=sys.stderr)
        return 130
    except PermissionError as e:
        print(RUN.said(M.CANNOT_WRITE(file=e.filename or M.A_FILE())), file=sys.stderr)
        return 3
    except OSError as e:
        from .files.source import os_reason

        print(RUN.said(M.OS_ERROR(file=e.filename or M.A_FILE(), reason=os_reason(e))), file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
