"""The toolbar's and menu's commands: one click's own entry points on the open Calc document.

* ``process`` -- **计算等级分 Process ratings**: :func:`xl_ratings.excel.one_click.process_and_report`
  (every unprocessed period, through :func:`xl_ratings.jobs.period.rate_workbook`, the command line's
  use case);
* ``import`` -- **导入成绩 Import results**: :func:`xl_ratings.excel.one_click.import_and_report`
  (the crosstable pasted into the Import sheet, the command line's import plan);
* ``rating_list`` -- the list pairing programs load, on its sheet:
  :func:`xl_ratings.excel.rating_list.rating_list_and_report`.

The result sheets are written into the document, which is left unsaved: the officer looks, then
saves (the previous version stays on disk until then).  A problem lists every problem on the
Checks sheet and changes no input sheet.  What happened is returned (the report window shows it
whole, :mod:`.report`; LibreOffice's standard output gets it too).
"""

from __future__ import annotations

import contextlib
import io
import sys
import traceback
from collections.abc import Callable
from typing import Any

from ..i18n import SIMPLIFIED
from ..i18n.catalogue import libreoffice as L
from ..excel import JOBS
from .calc import Book
from .functions import ensure_xlwings

COMMANDS = tuple(job.command for job in JOBS)       #: one click's jobs (:data:`xl_ratings.excel.JOBS`)


def _entry(command: str) -> Callable[[Any], Any]:
    ensure_xlwings()
    from .. import excel
    return getattr(excel, next(job.entry for job in JOBS if job.command == command))


def is_spreadsheet(doc: Any) -> bool:
    try:
        return bool(doc is not None and doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"))
    except Exception:
        return False


def run(command: str, doc: Any) -> str:
    """Run ``command`` on the document: what to tell the officer."""
    if not is_spreadsheet(doc):
        return L.NOT_CALC().both(SIMPLIFIED)
    said = io.StringIO()
    book = Book(doc)
    try:
        with contextlib.redirect_stdout(said):
            _entry(command)(book)
    except Exception as e:        # a bug, not an input problem (those are on the Checks sheet): say so, whole
        traceback.print_exc(file=sys.stderr)
        return L.FAILED(problem=f"{type(e).__name__}: {e}").both(_lang(book))
    return said.getvalue().strip()


def _lang(book: Any) -> str:
    """The workbook's script, as one click's message box takes it."""
    from ..excel.one_click import book_lang
    return book_lang(book)
