"""Import tournament files into a workbook's input sheets (appending rows),
after every source is read and every problem found; nothing written on a
problem, or on ``--dry-run``.

The file adapter of the import use case (:func:`xl_ratings.jobs.book_import.import_workbook`,
which one click shares): the guards, lock, backup and commit of :func:`.edit.edit_workbook`, the
use case's edits made by the zip patch of :func:`xl_ratings.xlsx.append.apply_edits` (one click makes
the same edits in the open workbook).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from ..errors import InputErrors, RatingInputError, Where
from ..files.paths import real_path
from ..files.sniff import source_stamp
from ..i18n.catalogue import run as R
from ..i18n.catalogue import workbooks as W
from ..engine.cells import Tables
from ..xlsx.read import read_workbook
from .book_import import import_workbook
from .common import MAX_SOURCE_BYTES
from .edit import edit_workbook


def import_into(book: str | os.PathLike[str], sources: list[str], *, format: str | None = None,
                options: Any = None, dry_run: bool = False, output: str | None = None,
                force: bool = False) -> tuple[Any, list[Path]]:
    """Import tournament files into a workbook's input sheets (appending rows).

    Returns (the plan, files written); ``dry_run`` writes nothing.
    """
    from ..intake.into_book import Options
    from ..xlsx.append import apply_edits

    paths: list[Path] = []

    def resolved(workbook: Path) -> list[Path]:
        paths[:] = [real_path(Path(s), source=True) for s in sources]   # missing, a folder, a pipe, a device: refused
        for p in paths:
            if p.exists() and os.path.samefile(p, workbook):
                raise InputErrors([RatingInputError(W.SOURCE_IS_THE_WORKBOOK(), where=Where(str(p)))])
        return paths

    edit = edit_workbook(book, output=output, force=force, writes=not dry_run, sources=resolved)
    tournaments = _load(paths, format)
    with edit:
        src, given = edit.src, str(edit.given)
        tables, problems = read_workbook(src)
        head = R.IMPORT_WOULD_REPLACE_BACKUP(backup=edit.backup.name) \
            if edit.in_place and not dry_run and edit.backup.exists() else None
        imported = import_workbook(tables, problems, tournaments, options or Options(), file=given,
                                   history_head=head)
        if dry_run:
            return imported.plan, []
        edit.put(apply_edits(src.read_bytes(), imported.edits, None if edit.in_place else source_stamp(src)))
    return imported.plan, edit.written


def _load(paths: Sequence[Path], format: str | None) -> list[Any]:
    """Every source read (:func:`xl_ratings.importers.load`), or every problem of all of them."""
    from ..importers import load
    from ..xlsx.read import read_sheets

    def sheets(path: Path, names: list[str]) -> Mapping[str, list[list[Any]]]:
        # the safety checks, size limits and what-you-see rules of the workbook's own input sheets
        read = read_sheets(path, names, as_input=True)
        out = Tables({n: [list(r) for r in t] for n, t in read.items()}, read.sheet_names, read.date1904)
        out.notes = read.notes         # merged cells read as their value, said in the source's notes
        return cast(Mapping[str, list[list[Any]]], out)      # the lists are lists

    errors: list[RatingInputError] = []
    tournaments = []
    for p in paths:
        try:
            if p.stat().st_size > MAX_SOURCE_BYTES:
                raise InputErrors([RatingInputError(W.SOURCE_TOO_BIG(mib=f"{p.stat().st_size / 2**20:.0f}",
                                                                     limit=MAX_SOURCE_BYTES // 2**20),
                                                    where=Where(str(p)))])
            tournaments.append(load(p, format, sheets))
        except InputErrors as e:
            errors += e.errors
    if errors:
        raise InputErrors(errors)
    return tournaments
