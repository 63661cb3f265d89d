"""The printed list: the published result sheets (rating list, rank
standards, change report) as one PDF, through LibreOffice headless.

The sheets are the view's, with the workbook's page setup (A4, fitted to
the page width, header row repeated, federation, list and period in the
page header, publication date and "page N of M" in the footer), written
into a workbook of their own and converted by ``soffice --convert-to pdf``.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..engine.run import Outcome
from ..errors import InputErrors, RatingInputError, Where
from ..view.sheets import result_sheets
from ..xlsx.results import sheet_spec
from ..xlsx.write import patch_workbook

#: Written into the PDF's title: how a later run knows a PDF is ours (may be overwritten).
MARK = "xl-ratings list"
#: The sheets a federation prints, in this order.
PRINTED = ("Ratings", "Standards", "Changes")
INSTALL = ("install LibreOffice: on Debian/Ubuntu 'sudo apt-get install libreoffice-calc-nogui'; "
           "on Windows or macOS from https://www.libreoffice.org/download")
_CANDIDATES = ("/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice",
               "/Applications/LibreOffice.app/Contents/MacOS/soffice",
               r"C:\Program Files\LibreOffice\program\soffice.exe")


def soffice() -> str | None:
    """LibreOffice's command, if installed."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found:
        return found
    return next((c for c in _CANDIDATES if os.path.exists(c)), None)


def print_workbook(outcome: Outcome, today: dt.date | None = None) -> bytes:
    """A workbook holding only the printed sheets, with their page setup (``today``: the
    publication date, default today)."""
    import openpyxl

    base = openpyxl.Workbook()
    base.active.title = PRINTED[0]
    base.properties.title = f"{MARK} {outcome.system.name} {outcome.last.period.label}"
    base.properties.creator = MARK
    buf = io.BytesIO()
    base.save(buf)
    views = {v.name: v for v in result_sheets(outcome, today)}
    return patch_workbook(buf.getvalue(), [sheet_spec(views[n]) for n in PRINTED if n in views])


def to_pdf(xlsx: bytes, timeout: float = 300) -> bytes:
    """``xlsx`` converted to PDF by LibreOffice (a private profile, so that a
    LibreOffice window the officer has open is not disturbed)."""
    command = soffice()
    if command is None:
        raise InputErrors([RatingInputError(
            f"making a PDF needs LibreOffice, which is not installed: {INSTALL}",
            problem_zh="生成 PDF 需要 LibreOffice（未安装）：Debian/Ubuntu 可运行 sudo apt-get install "
                       "libreoffice-calc-nogui，Windows/macOS 请从 libreoffice.org 下载")])
    with tempfile.TemporaryDirectory(prefix="xl-ratings-pdf-") as tmp:
        book = Path(tmp) / "list.xlsx"
        book.write_bytes(xlsx)
        profile = Path(tmp, "profile").as_uri()
        try:
            proc = subprocess.run(
                [command, "--headless", "--norestore", "--nologo", f"-env:UserInstallation={profile}",
                 "--convert-to", "pdf", "--outdir", tmp, str(book)],
                capture_output=True, text=True, timeout=timeout,
                env=dict(os.environ, TMPDIR=tmp, TMP=tmp, TEMP=tmp))   # LibreOffice's own temp files go too
        except subprocess.TimeoutExpired:
            raise InputErrors([RatingInputError(
                f"LibreOffice did not finish the PDF within {timeout:.0f} s", where=Where(command),
                problem_zh="LibreOffice 未能按时生成 PDF")]) from None
        pdf = Path(tmp) / "list.pdf"
        if proc.returncode != 0 or not pdf.exists():
            detail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            raise InputErrors([RatingInputError(
                f"LibreOffice could not make the PDF ({detail[0][:200]})", where=Where(command),
                problem_zh="LibreOffice 无法生成 PDF")])
        return pdf.read_bytes()


def is_our_pdf(path: Path) -> bool:
    """A PDF this command wrote earlier (its title carries :data:`MARK`)."""
    try:
        with open(path, "rb") as f:
            data = f.read(4 << 20)
    except OSError:
        return False
    if not data.startswith(b"%PDF"):
        return False
    utf16 = MARK.encode("utf-16-be").hex().upper().encode()
    return MARK.encode() in data or utf16 in data.upper()
