"""The language of a run, chosen once: the workbook's script (traditional Chinese for the Hong
Kong GoR workbooks, simplified otherwise), read from its Settings sheet's ``system`` row.

The jobs tell the problems they find after reading the workbook in its script
(:func:`xl_ratings.jobs.period.in_language`); a front end asks :func:`book_lang` for
what it says before a job has read the workbook or when a job stopped earlier
(a tournament file refused before the workbook is opened, an interrupted run,
LibreOffice still making the PDF).
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from ..engine.inputs import workbook_lang
from ..errors import RatingInputError
from ..i18n import SIMPLIFIED
from ..i18n.labels import sheet_key
from ..systems import find
from ..xlsx.read import read_sheets
from ..xlsx.safety import inspect_file, workbook_sheets


def book_lang(book: str | os.PathLike[str] | None, system: str | None = None) -> str:
    """The script of a run on ``book``: its Settings' system's -- the workbook decides, whatever
    option was given with it; else (a game list, a new workbook, a workbook that cannot be read
    or names no system) ``system``'s; else simplified."""
    own = _workbook_lang(book)
    if own is not None:
        return own
    rulebook = find(system)
    return rulebook.lang if rulebook is not None else SIMPLIFIED


def _workbook_lang(book: str | os.PathLike[str] | None) -> str | None:
    if book is None or Path(book).suffix.lower() not in (".xlsx", ".xlsm"):
        return None
    try:
        with inspect_file(book) as z:
            sheets, _ = workbook_sheets(z)
        name = next((sh.name for sh in sheets if sheet_key(sh.name) == "Settings"), None)
        return None if name is None else workbook_lang(read_sheets(book, [name]))
    except (RatingInputError, OSError, zipfile.BadZipFile, KeyError, ValueError):
        return None
