"""``xl-ratings publish BOOK --rating-list OUT [--layout egd|fide|csv]``: the rating
list a pairing program loads, written as a file (and linked from the website).

The list itself is made by :func:`xl_ratings.view.rating_list.rating_list` from
the published facts (:func:`xl_ratings.jobs.publish.published_book`: the same
History check as the website and the PDF).  Here: the output is checked before
anything is read (``--rating-list`` is no input, its folder is writable, an
existing file is one of ours -- it begins as our lists begin, see
:func:`xl_ratings.view.list_layouts.heads` -- unless ``--force``), and written
atomically.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.cells import Tables, sheet_named
from ..errors import InputErrors, RatingInputError
from ..i18n import to_lang
from ..i18n.catalogue import publish as M
from ..i18n import text as said
from ..view.list_layouts import PROGRAMS, SUFFIXES, heads
from ..view.rating_list import ListFile, rating_list
from ..files.atomic import Outputs
from ..files.paths import check_outputs
from ..files.published import kept_notes, publish_files
from ..files.sniff import is_our_text
from .site_model import Download, Text

#: The files the website offers, by layout (stable names: a program may be pointed at the URL).
SITE_FILES = {"egd": "downloads/ratings-egd.txt", "fide": "downloads/ratings-fide.txt",
              "csv": "downloads/ratings-national.csv"}


def is_our_rating_list(path: str | Path) -> bool:
    """A rating list xl-ratings wrote (any layout)."""
    return is_our_text(path, heads())


def check_suffix(out: Path, layout: str) -> None:
    if out.suffix.lower() != SUFFIXES[layout]:
        raise InputErrors([RatingInputError(M.RL_WRONG_SUFFIX(layout=layout, suffix=SUFFIXES[layout]),
                                            value=str(out))])


def check_output(inputs: Sequence[Path], out: Path, layout: str | None, force: bool) -> None:
    """Before anything is read: the output can be written, and replaces nothing that is not ours."""
    if layout is not None:
        check_suffix(out, layout)
    check_outputs(list(inputs), {"--rating-list": out}, force=force, ours=is_our_rating_list)


def with_clubs(book: Path, tables: Tables) -> Tables:
    """``tables`` and the workbook's Clubs sheet (the reader reads only the sheets it rates with)."""
    from ..xlsx.read import read_sheets

    name = sheet_named(tables.sheet_names, "Clubs", str(book))     # two Clubs sheets: refused, both named
    if name is None or name in tables:
        return tables
    return Tables({**tables, **read_sheets(book, [name])}, tables.sheet_names, tables.date1904)


def layout_for(out: Path, layout: str | None, system: Any) -> str:
    """``--layout``, else csv for a .csv name, else the system's own."""
    if layout:
        return layout
    if out.suffix.lower() == ".csv" and "csv" in system.pairing_layouts:
        return "csv"
    return str(system.pairing_layouts[0])


def list_file(outcome: Any, tables: Tables, out: Path, layout: str | None, *, book: Path,
              file: str | None = None, today: dt.date | None = None) -> ListFile:
    """The list :func:`write_rating_list` writes to ``out``, made (not yet written)."""
    chosen = layout_for(out, layout, outcome.system)
    listed = rating_list(outcome, with_clubs(book, tables), chosen, file=file, today=today)
    check_suffix(out, chosen)
    return listed


def write_rating_list(outcome: Any, tables: Tables, out: Path, layout: str | None, *, book: Path,
                      file: str | None = None, today: dt.date | None = None) -> ListFile:
    """Make the list and write it to ``out`` (checked already by :func:`check_output`)."""
    listed = list_file(outcome, tables, out, layout, book=book, file=file, today=today)
    tx = Outputs()
    kept = publish_files(tx, [(out, listed.data())])    # a list changed by hand since: its old bytes kept
    tx.commit()
    return dataclasses.replace(listed, notes=listed.notes + kept_notes(kept)) if kept.kept else listed


def site_downloads(outcome: Any, tables: Mapping[str, Sequence[Sequence[Any]]], *, book: Path | None = None,
                   file: str | None = None, today: dt.date | None = None) -> tuple[list[Download], list[tuple[str, said.Text]]]:
    """The website's rating lists: every layout the system can fill (one that cannot is left
    out, and said why: the layout and the first problem, at its place, in both languages)."""
    if book is not None and isinstance(tables, Tables):
        tables = with_clubs(book, tables)
    downloads, skipped = [], []
    for layout in outcome.system.pairing_layouts:
        try:
            listed = rating_list(outcome, tables, layout, file=file, today=today)
        except RatingInputError as e:
            errors = e.errors if isinstance(e, InputErrors) else [e]
            skipped.append((layout.upper(), errors[0].text.at(errors[0].where)))
            continue
        zh, en = {"egd": ("EGD 格式名单", "EGD list"), "fide": ("FIDE 格式名单", "FIDE list"),
                  "csv": ("全国名单 CSV", "National list (CSV)")}[layout]
        label = Text(to_lang(zh, outcome.system.lang), en)
        downloads.append(Download(SITE_FILES[layout], label, PROGRAMS[layout], listed.data(),
                                  len(listed.entries), listed.date))
    return downloads, skipped

