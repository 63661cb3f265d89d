"""One click: the rating list pairing programs load, on a sheet of the open workbook.

xlwings Lite runs in the browser and cannot write a file to disk, so the
script puts the file's lines on a sheet, :data:`SHEET` -- one line per cell
of column A, as text, in a fixed-width font -- with, beside them, the range
to copy, the name to save it under and how each program loads it.  Copying
A1:An into a plain-text editor and saving gives the very file that
``xl-ratings publish BOOK --rating-list OUT`` writes (the same
:func:`xl_ratings.view.rating_list.rating_list`, from the same replay of the
History).  The cells D2 (layout: egd, fide, csv) and D3 (period) choose
another list: change them and run the script again.

* xlwings Lite / Server: the script :func:`rating_list_file` (Lite's ``main.py``
  writes it out and calls :func:`rating_list_and_report`);
* classic xlwings: :func:`main` (``RunPython``), same sheet.

Pure Python (the view and the engine); the sheet is replaced only when it is
ours (its C1 holds :data:`MARK`, in the workbook's script), never an officer's sheet of that name.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw
from xlwings import script

from ..engine.cells import blank, to_ident
from ..errors import InputErrors, RatingInputError, Text, Where
from ..i18n.catalogue import excel as X
from ..i18n.catalogue import publish as M
from ..i18n import TRADITIONAL, to_lang
from ..i18n.labels import ENGLISH, LABELS, RATING_LIST_SHEET_MARK, sheet_key
from ..view.list_layouts import LAYOUTS
from ..view.rating_list import ListFile
from ..files.encode import formula_like
from ..jobs.period import in_language, workbook_rating_list
from .one_click import in_book, tables_from_book

SHEET = "RatingListFile"
MARK = RATING_LIST_SHEET_MARK
#: the mark in either script: a Hong Kong (gor) workbook's sheet is marked in traditional Chinese
#: (sheets written before were marked in simplified: still ours)
MARKS = frozenset({MARK, to_lang(MARK, TRADITIONAL)})
NAMES = {"egd": "egf_db.txt", "fide": "players_list.txt", "csv": "national_list.csv"}


def _text(v: Any) -> str:
    return "" if blank(v) else to_ident(v)


def _choices(book: Any) -> tuple[str | None, str | None]:
    """(layout, period) chosen on our sheet, when it is there; an officer's sheet of its name is refused."""
    if SHEET not in [s.name for s in book.sheets]:
        return None, None
    sheet = book.sheets[SHEET]
    if _text(sheet["C1"].value) not in MARKS:
        raise InputErrors([RatingInputError(M.RL_SHEET_NOT_OURS(sheet=SHEET), where=Where(book.name, SHEET, 1, "C"))])
    layout, period = _text(sheet["D2"].value).lower(), _text(sheet["D3"].value)
    if layout and layout not in LAYOUTS:
        raise InputErrors([RatingInputError(M.RL_BAD_LAYOUT(), value=layout, where=Where(book.name, SHEET, 2, "D"))])
    return layout or None, period or None


def rating_list_book(book: Any) -> ListFile:
    """Make the rating list of the open workbook and put its lines on :data:`SHEET`; every
    problem told in the workbook's script (traditional Chinese on a Hong Kong workbook)."""
    tables = tables_from_book(book)
    try:
        layout, period = _choices(book)
        for s in book.sheets:           # the Clubs sheet: the EGD list's club codes
            if sheet_key(s.name) == "Clubs" and s.name not in tables:
                tables[s.name] = s.used_range.options(ndim=2).value or []
    except RatingInputError as e:
        raise in_language(e, tables) from None
    listed: ListFile = workbook_rating_list(tables, layout, period, file=book.name)
    _write(book, listed, period)
    return listed


def _write(book: Any, listed: ListFile, period: str | None) -> None:
    names = [s.name for s in book.sheets]
    if SHEET in names:
        sheet = book.sheets[SHEET]
        sheet.clear()
    else:
        sheet = book.sheets.add(SHEET, after=book.sheets[len(book.sheets) - 1])
    lines = listed.lines()
    cells = [[("'" + t) if formula_like(t) else t] for t in lines]
    where = f"A1:A{len(lines)}"
    sheet.range(where).number_format = "@"          # text: Excel never reads a line as a number or a date
    sheet["A1"].value = cells
    sheet.range(where).font.name = "Consolas"
    lang = listed.lang
    name = NAMES[listed.layout]
    load = X.RL_SHEET_LOAD_EGD() if listed.layout == "egd" else X.RL_SHEET_LOAD_FIDE()
    side: list[list[Any]] = [          # the labels too in the workbook's script (週期 on a Hong Kong workbook)
        [to_lang(MARK, lang), None],
        [f"layout {to_lang('格式', lang)}", listed.layout],
        [f"{ENGLISH['period']} {to_lang(LABELS['period'], lang)}", period or ""],
        [None, None]]
    for text in (X.RL_SHEET_TITLE(layout=listed.layout, period=listed.period, count=len(listed.entries), range=where),
                 X.RL_SHEET_SAVE(range=where, name=name, layout=listed.layout), load, X.RL_SHEET_CHOOSE(),
                 *listed.notes):
        side += [[text.en, None], [text.zh_in(lang), None]]
    sheet["C1"].value = side


@script
def rating_list_file(book: xw.Book):
    """Put the rating list pairing programs load (OpenGotha, pairgoth, Swiss-Manager) on the sheet RatingListFile."""
    rating_list_and_report(book)


def rating_list_and_report(book: Any) -> None:
    """The plain entry point of the script (xlwings Lite's main.py calls it): the list on its
    sheet, or the problems on the Checks sheet; what was done printed."""
    print(_done(book))


def main() -> None:
    """Classic xlwings ``RunPython`` entry point: the rating list of the calling workbook, on its sheet."""
    book = xw.Book.caller()
    book.app.alert(_done(book), title="xl-ratings")


def _listed(listed: ListFile) -> tuple[Text, str]:
    return X.RL_SHEET_DONE(layout=listed.layout, period=listed.period, count=len(listed.entries),
                           range=f"{SHEET}!A1:A{len(listed.lines())}"), listed.lang


def _done(book: Any) -> str:
    """What the officer is told: where the lines are, or that the problems are on the Checks sheet."""
    return in_book(rating_list_book, book, _listed, X.LIST_PROBLEMS)[1]
