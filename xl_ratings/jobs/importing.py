"""Import tournament files into a workbook's input sheets (appending rows),
after every source is read and every problem found; nothing written on a
problem, or on ``--dry-run``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from ..errors import InputErrors, RatingInputError, Where
from ..files.atomic import Outputs, backup_path
from ..files.paths import check_outputs, check_room, real_path
from ..files.sniff import is_output_of, is_workbook, source_stamp
from ..i18n.catalogue import workbooks as W
from ..engine.cells import Tables
from ..xlsx.read import read_workbook
from .common import MAX_SOURCE_BYTES, check_workbook_name, history_problems, locked_workbook, same_kind
from .period import in_language


def import_into(book: str | os.PathLike[str], sources: list[str], *, format: str | None = None,
                options: Any = None, dry_run: bool = False, output: str | None = None,
                force: bool = False) -> tuple[Any, list[Path]]:
    """Import tournament files into a workbook's input sheets (appending rows).

    Returns (the plan, files written); ``dry_run`` writes nothing.
    """
    from ..importers import load
    from ..intake.into_book import Options, first_new_row, plan_import
    from ..xlsx.append import append_rows, room_problems

    given = Path(book)
    in_place = output is None
    check_workbook_name(given)
    if in_place and not dry_run:
        check_room(given)           # before anything: the backup and the locks need room for their names
    src_check = real_path(given)
    same_kind(src_check, output)
    backup = backup_path(src_check) if in_place and not dry_run else None
    paths = [real_path(Path(s), source=True) for s in sources]   # missing, a folder, a pipe, a device: refused
    for p in paths:
        if p.exists() and os.path.samefile(p, src_check):
            raise InputErrors([RatingInputError(W.SOURCE_IS_THE_WORKBOOK(), where=Where(str(p)))])
    if not dry_run:
        check_outputs([src_check, given, *paths], {"--output": Path(output) if output else None,
                                                  "backup": backup},
                      force=force, ours=lambda p: is_workbook(p) if backup is not None and p == backup
                      else is_output_of(p, src_check))
    errors: list[RatingInputError] = []
    tournaments = []
    from ..xlsx.read import read_sheets

    def sheets(path: Path, names: list[str]) -> Mapping[str, list[list[Any]]]:
        # the safety checks, size limits and what-you-see rules of the workbook's own input sheets
        read = read_sheets(path, names, as_input=True)
        out = Tables({n: [list(r) for r in t] for n, t in read.items()}, read.sheet_names, read.date1904)
        out.notes = read.notes         # merged cells read as their value, said in the source's notes
        return cast(Mapping[str, list[list[Any]]], out)      # the lists are lists

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
    with locked_workbook(given, in_place and not dry_run) as src:
        read_stat = os.stat(src)
        tables, problems = read_workbook(src)
        if problems:
            raise in_language(InputErrors(problems), tables)
        try:
            plan = plan_import(tables, tournaments, options or Options(), str(given))
        except InputErrors as e:
            raise in_language(e, tables) from None
        first = {key: first_new_row(tables, app) for key, app in plan.appends.items()}
        full = room_problems(plan, first)
        if full:
            raise in_language(InputErrors([e.located(file=str(given)) for e in full]), tables)
        if dry_run:
            return plan, []
        data = append_rows(src.read_bytes(), plan, first, None if in_place else source_stamp(src))
        tx = Outputs()
        if in_place:
            refused = history_problems(tables, str(given)) if backup_path(src).exists() else []
            if refused:         # the backup is their way out: never replaced by this import
                from ..i18n.catalogue import run as R

                head = RatingInputError(R.IMPORT_WOULD_REPLACE_BACKUP(backup=backup_path(src).name),
                                        where=Where(str(given)))
                raise in_language(InputErrors([head, *refused]), tables)
            tx.backup(src, backup_path(src))
            tx.workbook(src, data, expect=read_stat)
        else:
            assert output is not None
            target = Path(output)
            tx.add(target, data, like=target if target.is_file() and not target.is_symlink() else None)
        return plan, tx.commit()
