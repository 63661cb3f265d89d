"""A template as a macro-enabled workbook (.xlsm) for classic xlwings.

``xl-ratings new SYSTEM BOOK.xlsm`` writes the template with the VBA project
and its buttons (:mod:`xl_ratings.xlsx.vba`) and ``BOOK.py`` beside it: the
buttons run ``RunPython "import BOOK; BOOK.main()"`` (the xlwings quickstart
convention), and ``BOOK.py`` imports :func:`xl_ratings.excel.main`.  The
template's Read me then mentions the buttons, and the buttons speak the
template's script.
"""

from __future__ import annotations

import io
import keyword
from pathlib import Path
from typing import Any

from ..errors import Message, RatingInputError
from ..files.atomic import atomic_write
from ..i18n import to_lang
from ..i18n.catalogue import workbooks as M
from ..systems.base import System
from ..xlsx.vba import BUTTON_TEXT, IMPORT_TEXT, add_macro_parts
from .templates import READ_ME, READ_ME_WIDTHS, button_caption, system_read_me, write_read_me


def module_name(path: Path) -> str:
    """The Python module classic xlwings imports for BOOK.xlsm: ``BOOK`` -- an identifier,
    not a word of the language (``class``), and no module Python would load instead of
    BOOK.py (``os``, ``xlwings``: the standard library, built-in and installed modules)."""
    name = path.stem
    if not name.isidentifier():
        raise RatingInputError(M.XLSM_NAME_NOT_IDENTIFIER(), value=path.name)
    if keyword.iskeyword(name):
        raise RatingInputError(M.XLSM_NAME_KEYWORD(name=name), value=path.name)
    what = _module_kind(name, path.parent)
    if what is not None:
        raise RatingInputError(M.XLSM_NAME_SHADOWS(name=name, what=what()), value=path.name)
    return name


def _module_kind(name: str, folder: Path) -> Message | None:
    """What is the module ``import name`` finds other than a BOOK.py in
    ``folder`` (the workbook's own module, an earlier ``new``, is no other), or None."""
    import importlib.machinery
    import os
    import sys

    if name in sys.builtin_module_names or name in sys.stdlib_module_names:
        return M.XLSM_MODULE_STDLIB
    here = {os.path.realpath(p or os.curdir) for p in ("", os.curdir, str(folder))}
    elsewhere = [p for p in sys.path if os.path.realpath(p or os.curdir) not in here]
    if name in sys.modules or importlib.machinery.PathFinder.find_spec(name, elsewhere) is not None:
        return M.XLSM_MODULE_INSTALLED
    return None


def module_source() -> str:
    return ('"""Classic xlwings entry point: the buttons run BOOK.main() (xlwings quickstart '
            'convention): on the Import sheet it imports, elsewhere it processes."""\n'
            'from xl_ratings.excel import main  # noqa: F401\n')


def prepare_macro_workbook(wb: Any, system: System | None, with_sample: bool = True) -> tuple[str, str]:
    """Ready a template of ``system`` for the .xlsm: its Read me mentions the buttons
    (rather than the command line and xlwings Lite only).  Returns the texts of the
    process and import buttons in the workbook's script.  ``system`` None: a
    workbook that is not a template, left as it is."""
    if system is None or READ_ME not in wb.sheetnames:
        return BUTTON_TEXT, IMPORT_TEXT
    index = wb.sheetnames.index(READ_ME)
    wb.remove(wb[READ_ME])
    ws = wb.create_sheet(READ_ME, index)
    wb.active = index
    write_read_me(ws, system_read_me(system, with_sample, macro=True), READ_ME_WIDTHS)
    return button_caption(system), to_lang(IMPORT_TEXT, system.lang)


def macro_workbook_bytes(wb: Any, system: System | None, with_sample: bool = True) -> bytes:
    """An openpyxl workbook as .xlsm bytes, with the VBA project and the buttons
    (a template's Read me is readied for them first)."""
    text, import_text = prepare_macro_workbook(wb, system, with_sample)
    wb.code_name = "ThisWorkbook"
    for ws, code in zip(wb.worksheets[:2], ("Sheet1", "Sheet2")):
        ws.sheet_properties.codeName = code
    buf = io.BytesIO()
    wb.save(buf)
    return add_macro_parts(buf.getvalue(), text=text, import_text=import_text)


def save_macro_workbook(wb: Any, path: Path, system: System | None, with_sample: bool = True,
                        write_module: bool = True) -> None:
    """Save an openpyxl workbook as .xlsm with the VBA project, the buttons and BOOK.py
    (each file written atomically)."""
    path = Path(path)
    name = module_name(path)
    atomic_write(path, macro_workbook_bytes(wb, system, with_sample))
    if write_module:
        atomic_write(path.parent / f"{name}.py", module_source().encode("utf-8"))
