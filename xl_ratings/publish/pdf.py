"""The printed list: the published result sheets (rating list, rank
standards, change report) as one PDF, through LibreOffice headless.

The sheets are the view's, with the workbook's page setup (A4, fitted to
the page width, header row repeated, federation, list and period in the
page header, publication date and "page N of M" in the footer), written
into a workbook of their own and converted by ``soffice --convert-to pdf``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..engine.periods import run_date
from ..engine.run import Outcome
from ..i18n import to_lang
from ..errors import InputErrors, RatingInputError, Where
from ..files.sniff import safe_head
from ..i18n.catalogue import publish as M
from ..view.public import hidden_fields, public_view
from ..i18n.labels import ENGLISH
from ..view.sheets import SheetView, result_sheets
from ..xlsx.results import sheet_spec
from ..xlsx.write import patch_workbook

#: Written into the PDF's title: how a later run knows a PDF is ours (may be overwritten).
MARK = "xl-ratings list"
#: The sheets a federation prints, in this order.
PRINTED = ("Ratings", "Standards", "Changes")
_CANDIDATES = ("/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice",
               "/Applications/LibreOffice.app/Contents/MacOS/soffice",
               r"C:\Program Files\LibreOffice\program\soffice.exe")


def soffice() -> str | None:
    """LibreOffice's command, if installed."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found:
        return found
    return next((c for c in _CANDIDATES if os.path.exists(c)), None)


def print_workbook(outcome: Outcome, today: dt.date | None = None, private: Collection[str] = (),
                   archived: bool = False) -> bytes:
    """A workbook holding only the printed sheets, with their page setup (``today``: the
    publication date, default today); the private fields (:mod:`xl_ratings.view.public`) left
    out but those in ``private``.  ``archived``: an older period's list (:func:`period_outcome`),
    dated as its record is -- the list as at its period's end -- and printed ``today``
    (:func:`archived_footer`)."""
    import openpyxl

    base = openpyxl.Workbook()
    base.active.title = PRINTED[0]
    base.properties.title = f"{MARK} {outcome.system.name} {outcome.last.period.label}"
    base.properties.creator = MARK
    buf = io.BytesIO()
    base.save(buf)
    hidden = hidden_fields(private)
    views = {v.name: printed(p) for v in result_sheets(outcome, today) if (p := public_view(v, hidden)) is not None}
    if archived:
        day = run_date(today)                  # the day the current list says it was published
        for view in views.values():
            if view.page is not None:
                view.page = dataclasses.replace(view.page, footer=archived_footer(view.page.footer, outcome, day))
    specs = [sheet_spec(views[n]) for n in PRINTED if n in views]
    for spec in specs:      # LibreOffice lays a row out at the height the file gives: a long name's
        if spec.page is not None:      # lines would be cut to the first (write.row_heights)
            spec.page.fit_rows = True
    return patch_workbook(buf.getvalue(), specs)


def archived_footer(footer: tuple[str, str, str], outcome: Outcome, today: dt.date) -> tuple[str, str, str]:
    """An archived period's footer: the date of its record -- the list as at the period's end,
    the date its History rows hold (the History keeps no day of processing) -- and the day this
    copy was printed; the page numbers as before.  A federation's archived list is a record of
    its period: dated by the period, not by the day somebody printed it again."""
    words = lambda zh: to_lang(zh, outcome.system.lang)  # noqa: E731
    end = outcome.last.period.end
    return (f"{words('截至')} as at {end.isoformat()} · {words('打印')} printed {today.isoformat()}",
            footer[1], footer[2])


#: English column heads of the printed list, where the labels' own are long
SHORT_ENGLISH = {"period_games": "this period", "standard": "standard", "old": "old", "new": "new",
                 "opponent_mean": "opp. mean", "adjusted": "adjusted", "own": "own used", "event_name": "event",
                 "expected": "expected", "difference": "D", "score": "score", "cumulative": "cumulative",
                 "annual": "annual", "base": "base", "label": "standard"}


def printed(view: SheetView) -> SheetView:
    """A result sheet as the printed list shows it: the column heads in two rows, the
    Chinese (the workbook's head without its key) over the English, both repeated on every
    page; the rating list in portrait."""
    zh = [h[:-len(k)].strip() if h.endswith(" " + k) and h != k else h for h, k in zip(view.header, view.keys)]
    en = [SHORT_ENGLISH.get(k) or ENGLISH.get(k, k) for k in view.keys]
    en = [e if e != z else "" for e, z in zip(en, zh)]
    page = view.page
    if page is not None:
        page = dataclasses.replace(page, title_rows=2, landscape=page.landscape and view.name != "Ratings")
    return dataclasses.replace(view, header=zh, rows=[en, *view.rows], page=page)


#: how often the wait for LibreOffice reports its progress (seconds)
TICK = 0.5
#: how long LibreOffice may take to make the PDF (seconds)
TIMEOUT = 300.0
#: ``waiting(seconds)``: called while LibreOffice works (every :data:`TICK`), for a progress display
Waiting = Callable[[float], None]


def period_outcome(outcome: Outcome, label: str) -> Outcome:
    """``outcome`` as it stood when period ``label`` was published: its facts the last ones
    (an archived period's printed list)."""
    results = outcome.results
    i = next(i for i, r in enumerate(results) if r.period.label == label)
    return dataclasses.replace(outcome, results=results[:i + 1], corrections=None, reprocessed=[])


def archived_pdf(pdf: Path, slug: str) -> Path:
    """Where an archived period's printed list goes: beside the current one, named after it
    (``list.pdf`` -> ``list-2025.pdf``)."""
    return pdf.with_name(f"{pdf.stem}-{slug}{pdf.suffix}")


def to_pdf(xlsx: bytes, timeout: float | None = None, waiting: Waiting | None = None) -> bytes:
    """``xlsx`` converted to PDF by LibreOffice (:func:`to_pdfs`)."""
    return to_pdfs([xlsx], timeout, waiting)[0]


def to_pdfs(books: list[bytes], timeout: float | None = None, waiting: Waiting | None = None) -> list[bytes]:
    """Each of ``books`` (xlsx) converted to PDF by one LibreOffice run (a private profile, so that a
    LibreOffice window the officer has open is not disturbed).

    LibreOffice runs in a process group of its own (a new session), its output
    to a file (no pipe a hung worker could hold open); on the timeout, on Ctrl-C
    or on any error the whole group is stopped -- the soffice.bin worker too,
    not only the launcher."""
    timeout = TIMEOUT if timeout is None else timeout
    command = soffice()
    if command is None:
        raise InputErrors([RatingInputError(M.LIBREOFFICE_MISSING())])
    with tempfile.TemporaryDirectory(prefix="xl-ratings-pdf-") as tmp:
        names = [Path(tmp) / ("list.xlsx" if i == 0 else f"list-{i}.xlsx") for i in range(len(books))]
        for book, xlsx in zip(names, books):
            book.write_bytes(xlsx)
        profile = Path(tmp, "profile").as_uri()
        log = Path(tmp) / "soffice.log"
        code = run_group(
            [command, "--headless", "--norestore", "--nologo", f"-env:UserInstallation={profile}",
             "--convert-to", "pdf", "--outdir", tmp, *map(str, names)],
            log, timeout, waiting,
            env=dict(os.environ, TMPDIR=tmp, TMP=tmp, TEMP=tmp))   # LibreOffice's own temp files go too
        if code is None:
            raise InputErrors([RatingInputError(M.LIBREOFFICE_TIMEOUT(seconds=f"{timeout:.0f}"),
                                                where=Where(command))])
        pdfs = [book.with_suffix(".pdf") for book in names]
        if code != 0 or not all(pdf.exists() for pdf in pdfs):
            output = log.read_text(encoding="utf-8", errors="replace").strip() if log.exists() else ""
            detail = output.splitlines()[-1:] or ["no output"]
            raise InputErrors([RatingInputError(M.LIBREOFFICE_FAILED(detail=detail[0][:200]), where=Where(command))])
        return [pdf.read_bytes() for pdf in pdfs]


def run_group(command: list[str], log: Path, timeout: float, waiting: Waiting | None = None,
              env: dict[str, str] | None = None) -> int | None:
    """Run ``command`` in a process group of its own, its output into ``log``; its exit code,
    or None when it did not finish within ``timeout`` seconds.  Whatever happens (the
    timeout, Ctrl-C, an error in ``waiting``), no process of the group is left running."""
    group: dict[str, Any] = ({"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}   # type: ignore[attr-defined]
                             if os.name == "nt" else {"start_new_session": True})
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                env=env, **group)
        start = time.monotonic()
        try:
            while True:
                try:
                    return proc.wait(timeout=TICK)
                except subprocess.TimeoutExpired:
                    waited = time.monotonic() - start
                    if waited >= timeout:
                        return None
                    if waiting is not None:
                        waiting(waited)
        finally:
            stop_group(proc)


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop every process of ``proc``'s group (politely, then for good) and reap ``proc``."""
    if os.name == "nt":
        if proc.poll() is None:
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True, check=False)
        proc.wait()
        return
    for sig, grace in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 0.0)):
        try:
            os.killpg(proc.pid, sig)      # the group is the session started for it: its id is its pid
        except (ProcessLookupError, PermissionError):
            break                          # nobody left in the group
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and _group_alive(proc.pid):
            proc.poll()
            time.sleep(0.05)
    proc.wait()


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def is_our_pdf(path: Path) -> bool:
    """A PDF this command wrote earlier (its title carries :data:`MARK`); never blocks on a
    pipe behind a link nor reads a device."""
    data = safe_head(Path(path), 4 << 20)
    if data is None or not data.startswith(b"%PDF"):
        return False
    utf16 = MARK.encode("utf-16-be").hex().upper().encode()
    return MARK.encode() in data or utf16 in data.upper()
