"""Process a workbook (or a game list) and write every output through one
transaction (:class:`xl_ratings.files.atomic.Outputs`).

Before anything is read or written, every output that could destroy a
record is refused (the input itself, another input, a file that is not
ours); a workbook reached through a link is followed to its real file; the
workbook is locked; JSON, CSV, backup and workbook are written all or nothing.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.perf import gc_paused
from ..errors import InputErrors, RatingInputError, Text
from ..engine.run import Outcome
from ..files.encode import json_bytes
from ..files.paths import link_notes
from ..files.sniff import is_our_json, source_stamp
from ..i18n.catalogue import run as M
from ..systems.base import System
from .common import (
    Done,
    game_list_needs_system,
    game_list_suffixes,
    history_periods,
    json_export,
    told_backup,
)
from .edit import WorkbookEdit, edit_workbook

if TYPE_CHECKING:       # (a game list's run imports no workbook pipeline: docs/performance.md, "One read")
    from .period import Runner


def process_workbook(book: str | os.PathLike[str], *, period: str | None = None,
                     rerate_from: str | None = None, output: str | None = None,
                     json_path: str | None = None, force: bool = False,
                     runner: Runner | None = None, today: dt.date | None = None) -> Done:
    """Process a workbook file: every unprocessed period (or ``period``, or
    re-rate from ``rerate_from``), results written in place (backup kept) or
    to ``output``; the JSON export to ``json_path``.  ``today``: the date of
    the run (default: today; no period after it is processed unasked)."""
    from ..files.published import kept_notes, publish_files     # (a game list's run needs none of them)
    from ..xlsx.append import apply_edits
    from ..xlsx.read import first_cells, read_sheets, read_workbook
    from ..xlsx.results import patch_result_sheets
    from .period import in_language, plain_runner, rate_workbook

    runner = runner or plain_runner

    json_out = Path(json_path) if json_path else None
    edit = edit_workbook(book, output=output, force=force, outputs={"--json": json_out},
                         ours={json_out: is_our_json} if json_out is not None else None)
    with edit, gc_paused():
        src = edit.src
        tables, problems = read_workbook(src)
        read: dict[str, Any] = {}

        def sheet(name: str) -> Any:        # a sheet the reader does not read (the Corrections log), read once
            if name not in read:
                read[name] = read_sheets(src, [name])
            return read[name]

        try:
            rated = rate_workbook(tables, problems, file=str(edit.given),
                                  first_cells=lambda names: first_cells(src, names),
                                  period=period, rerate_from=rerate_from, today=today, runner=runner,
                                  sheet_values=lambda name: sheet(name).get(name),
                                  sheet_merges=lambda name: sheet(name).merged.get(name))
        except InputErrors as e:              # a refusal whose way out is the backup: said only when it is there
            raise told_backup(e, src) from None
        outcome = rated.outcome
        try:
            data = patch_result_sheets(src.read_bytes(), outcome, rated.views,
                                       None if edit.in_place else source_stamp(src))
            if rated.appended is not None:      # the Corrections sheet's rows kept, this run's below them
                data = apply_edits(data, rated.appended)
        except InputErrors as e:              # a result sheet too long, a workbook without styles
            raise in_language(InputErrors([x.located(file=str(edit.given)) for x in e.errors]), tables) from None
        notes: list[Text] = link_notes(edit.given, src) + rated.notes
        if json_path:           # a JSON export changed since we wrote it: its old bytes kept first
            notes += kept_notes(publish_files(edit.tx, [(Path(json_path), json_bytes(json_export(outcome)))]))
        notes += _put(edit, outcome, data)
    return Done(outcome, edit.target, edit.written, notes)


def _put(edit: WorkbookEdit, outcome: Outcome, data: bytes) -> list[Text]:
    """The processed workbook handed to the edit -- in place with its backup, kept instead when the
    run re-processes only periods the backup lacks -- and what the officer is told of the backup."""
    if not edit.in_place:
        edit.put(data)
        return []
    again, backup_name = outcome.reprocessed, edit.backup.name
    keep = bool(again) and len(again) == len(outcome.results) and edit.backup.exists() \
        and not set(again) & history_periods(edit.backup)
    notes = []
    if keep:
        notes.append(M.REPROCESSED_BACKUP_KEPT(periods=", ".join(again), backup=backup_name, first=again[0]))
    else:
        if again:
            notes.append(M.REPROCESSED(periods=", ".join(again)))
        notes.append(M.PREVIOUS_VERSION_KEPT(backup=backup_name))
    edit.put(data, backup=not keep)
    return notes



def process_game_list(path: str | os.PathLike[str], system: System | None, *, players: str | None = None,
                      events: str | None = None, settings: dict[str, Any] | None = None,
                      period: str | None = None, output: str | None = None, json_path: str | None = None,
                      force: bool = False, progress: Callable[[str, int, int], None] | None = None) -> Done:
    """A CSV/Parquet game list, read and rated in batches (:mod:`.game_stream`): the same
    rules, the JSON export, the rating list as CSV, every check beside them."""
    from .game_stream import process_list

    if not system:
        raise InputErrors([game_list_needs_system(Path(path))])
    outcome, written, notes = process_list(path, system, players=players, events=events, settings=settings,
                                           period=period, output=output, json_path=json_path, force=force,
                                           progress=progress)
    return Done(outcome, None, written, notes)


#: options of a workbook only, and of a game list only: (option, the argument's name)
WORKBOOK_ONLY = (("--from", "rerate_from"),)
GAME_LIST_ONLY = (("--system", "system"), ("--players", "players"), ("--events", "events"), ("--set", "settings"))


def process(book: str | os.PathLike[str], *, period: str | None = None, rerate_from: str | None = None,
            output: str | None = None, json_path: str | None = None, force: bool = False,
            system: str | None = None, players: str | None = None, events: str | None = None,
            settings: Sequence[str] | None = None, runner: Runner | None = None,
            progress: Callable[[str, int, int], None] | None = None) -> Done:
    """``xl-ratings process``: a workbook, or a CSV/Parquet game list (by its name).
    An option that does not apply to the one given is refused, never silently ignored."""
    game_list = Path(book).suffix.lower() in game_list_suffixes()
    given = {"rerate_from": rerate_from, "system": system, "players": players, "events": events,
             "settings": settings}
    misplaced = [RatingInputError(M.ONLY_FOR_WORKBOOK(option=o), value=o)
                 for o, arg in WORKBOOK_ONLY if game_list and given[arg]]
    misplaced += [RatingInputError(M.ONLY_FOR_GAME_LIST(option=o), value=o)
                  for o, arg in GAME_LIST_ONLY if not game_list and given[arg]]
    if misplaced:
        raise InputErrors(misplaced)
    if not game_list:
        return process_workbook(book, period=period, rerate_from=rerate_from, output=output,
                                json_path=json_path, force=force, runner=runner)
    overrides = {}
    for item in settings or []:
        if "=" not in item:
            raise RatingInputError(M.SET_NEEDS_KEY_VALUE(), value=item)
        k, v = item.split("=", 1)
        overrides[k.strip()] = v.strip()
    from .. import systems

    rulebook = systems.get(system) if system else None
    return process_game_list(book, rulebook, players=players, events=events, settings=overrides, period=period,
                             output=output, json_path=json_path, force=force, progress=progress)
