"""Import tournaments into a workbook's tables: the one use case of ``xl-ratings import`` and of
one click (``import_results``, ``main`` on the Import sheet), so that both apply the same checks,
write the same cells and tell the same problems in the same language.

The front end reads the workbook (the command line the saved file, one click the open book)
and the tournaments (the command line the source files, one click the crosstable pasted into
the Import sheet: :func:`sheet_tournament`), and :func:`import_workbook` gives the plan and the
:class:`Edits` to make -- the cells of the planned columns of each appended row, never a cell
between them (a helper column of the officer's keeps its formulas), the rows ``replace`` clears,
the sheet the plan adds -- or raises every problem at once, told in the workbook's language:

* the problems the front end's reader found (hidden rows, sheets, columns …);
* the plan's (:func:`xl_ratings.intake.into_book.plan_import`: players, events, the same
  tournament twice, the workbook as it would be), their advice told for the path it came by:
  the Import sheet's lines (:data:`SHEET_ADVICE`) instead of the command line's options;
* a sheet the rows would fill past its last row (:func:`room_problems`);
* a History the audit refuses, when importing now would lose its way out (``history_head``:
  the command line's backup about to be replaced, one click that cannot be undone).

Then the front end writes the edits: the command line in one transaction with the backup
(:mod:`xl_ratings.jobs.importing`, through :func:`xl_ratings.jobs.edit.edit_workbook`), one
click into the open book (:func:`xl_ratings.excel.one_click.write_edits`).

Only the engine, the importers and the catalogue: this module loads under xlwings Lite
(Pyodide) and from LibreOffice, and takes and returns plain tables of cells.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.cells import MAX_ROWS
from ..engine.inputs import workbook_lang
from ..errors import InputErrors, Message, RatingInputError, Text, Where
from ..i18n import to_lang
from ..i18n.catalogue import excel as X
from ..i18n.catalogue import imports as M
from ..intake.into_book import first_new_row, plan_import
from ..importers.model import Tournament
from ..intake.plan import Block, Edits, Options, Plan, import_edits
from .period import history_problems, in_language, told_in, without_backup


# --------------------------------------------------------------------------- the room
def room_problems(plan: Plan, first_rows: Mapping[str, int]) -> list[RatingInputError]:
    """Sheets the plan would fill past their last row (1,048,576: Excel cannot open such a file)."""
    problems = []
    for key, app in plan.appends.items():
        last = first_rows.get(key, 1) + len(app.rows) - 1
        if app.rows and last > MAX_ROWS:
            problems.append(RatingInputError(
                M.SHEET_FULL(rows=f"{len(app.rows):,}", first=f"{first_rows[key]:,}", last=f"{last:,}",
                             limit=f"{MAX_ROWS:,}"), where=Where(None, app.sheet)))
    return problems


# --------------------------------------------------------------------------- the advice per path
#: The one way advice is chosen per path.  The pipeline (``intake``) and the reader always tell the
#: command line's way out; an import given on the Import sheet (``Options.on_sheet``, which
#: ``split_import_sheet`` sets) has every message re-told here, once, at the boundary
#: (:func:`sheet_text`, messages inside messages included): a message whose way out names the
#: command line's options -> its twin for the Import sheet (the same parameters; the way out as
#: lines above the table) ...
SHEET_ADVICE: dict[str, Message] = {m.id: twin for m, twin in (
    (M.REPLACE_OTHER_EVENT, X.SHEET_REPLACE_OTHER_EVENT),
    (M.EVENT_HAS_GAMES, X.SHEET_EVENT_HAS_GAMES),
    (M.NO_DATES, M.NO_DATES_SHEET),
    (M.ANSWER_FORM, X.SHEET_ANSWER_FORM),
    (M.ANSWER_UNKNOWN_ID, X.SHEET_ANSWER_UNKNOWN_ID),
    (M.SUMMARY_POSSIBLE_MATCH, X.SHEET_SUMMARY_POSSIBLE_MATCH),
    # the same tournament twice: the ways out its refusals and notes hold
    (M.WAY_REPLACE, M.WAY_REPLACE_SHEET),
    (M.WAY_DISTINCT, M.WAY_DISTINCT_SHEET),
    (M.WAY_RENAME_DISTINCT, M.WAY_RENAME_DISTINCT_SHEET),
    (M.WAY_RENAME, M.WAY_RENAME_SHEET))}
#: ... and a command-line option a message names (its ``option``) -> the Import sheet's line that says it
SHEET_LINES = {"--event": "赛事 event", "--name": "名称 name", "--start": "开始 start", "--end": "结束 end",
               "--replace": M.KEY_REPLACE_SHEET().zh, "--distinct-from": M.KEY_DISTINCT_SHEET().zh,
               "--match": "对应 match", "--new": "新棋手 new"}


def sheet_advice(err: RatingInputError, lang: str) -> RatingInputError:
    """``err`` told for the Import sheet (:func:`sheet_text`)."""
    text = sheet_text(err.text, lang)
    return err if text is err.text else RatingInputError(text, value=err.value, where=err.where)


def sheet_text(text: Text, lang: str) -> Text:
    """A message told for the Import sheet: its twin there (:data:`SHEET_ADVICE`), an option it
    names as the sheet's line (in the workbook's script, as the template writes it), and so each
    message it holds (a way out inside a refusal)."""
    params = {k: sheet_text(v, lang) if isinstance(v, Text) else v for k, v in text.params}
    option = params.get("option")
    if isinstance(option, str) and option in SHEET_LINES:
        params["option"] = to_lang(SHEET_LINES[option], lang)
    twin = SHEET_ADVICE.get(text.id)
    if twin is not None:    # the command's own parameters (the quote around a name, ``q``) are no line's
        return twin(**{k: v for k, v in params.items() if k in twin.params})
    if all(v is w for (_, v), w in zip(text.params, params.values())):
        return text
    return replace(text, params=tuple(params.items()))


# --------------------------------------------------------------------------- the use case
@dataclass
class Imported:
    """A workbook's import planned: the plan (its summaries), where its rows go, the cells to write."""

    plan: Plan
    first: dict[str, int]               #: by sheet key: the 1-based row of the first appended row
    edits: Edits
    lang: str                           #: the workbook's script


def import_workbook(tables: Mapping[str, Sequence[Sequence[Any]]], problems: Sequence[RatingInputError],
                    tournaments: Sequence[Tournament], options: Options, *, file: str,
                    noted: Sequence[RatingInputError] = (), history_head: Text | None = None,
                    backup: bool = True) -> Imported:
    """Plan importing ``tournaments`` into the workbook ``tables`` -- or raise every problem at
    once, told in the workbook's language.  ``problems``: those its reader found (told alone);
    ``noted``: problems of the source told with the plan's (the Import sheet's lines above the
    table); ``history_head``: the History's audit refuses the import, this line first (None: not
    checked: a dry run, a new output file); ``backup``: there is a backup, the way out the History's
    refusals name (else they name another).  Given on the Import sheet (``options.on_sheet``),
    every message is told for it (:func:`sheet_text`)."""
    lang = workbook_lang(tables)
    from_sheet = options.on_sheet

    def refuse(errors: Sequence[RatingInputError]) -> InputErrors:
        told = [sheet_advice(e, lang) for e in errors] if from_sheet else list(errors)
        return told_in(InputErrors(told), lang)

    if problems:
        raise refuse(problems)
    try:
        plan = plan_import(tables, tournaments, options, file)
    except InputErrors as e:
        raise refuse([*noted, *e.errors]) from None
    except RatingInputError as e:       # one problem alone, told in the workbook's language all the same
        raise refuse([*noted, e]) from None
    if noted:
        raise refuse(noted)
    first = {key: first_new_row(tables, app) for key, app in plan.appends.items()}
    full = room_problems(plan, first)
    if full:
        raise refuse([e.located(file=file) for e in full])
    if history_head is not None:
        refused = history_problems(tables, file)
        if refused:         # the way out (the backup, the workbook as it is) is never lost by this import
            err = refuse([RatingInputError(history_head, where=Where(file)), *refused])
            raise err if backup else without_backup(err)
    if from_sheet:          # what the summary advises, told for the sheet too
        for summary in plan.summaries:
            summary.told = [sheet_text(t, lang) for t in summary.told]
    return Imported(plan, first, import_edits(tables, plan, first), plan.lang)


def sheet_tournament(tables: Mapping[str, Sequence[Sequence[Any]]],
                     file: str) -> tuple[Tournament, Options, list[RatingInputError]]:
    """The crosstable pasted into the workbook's Import sheet (导入), the options of the lines
    above it (赛事 event, 名称 name, 开始 start, 结束 end, 替换 replace, the officer's answers) and
    the problems of those lines (told with the plan's: ``noted``) -- or the table's problems, with
    the lines', each placed on the sheet (sheet, row, column, value)."""
    from ..importers import crosstable
    from ..intake.into_book import import_sheet, split_import_sheet

    found = import_sheet(tables)
    if found is None:
        raise in_language(InputErrors([RatingInputError(X.NO_IMPORT_SHEET(), where=Where(file))]), tables)
    name, rows = found
    try:
        lines: list[RatingInputError] = []      # a line above the table: placed on the Import sheet
        try:
            options, table, skipped = split_import_sheet(rows, lines)
        except InputErrors as e:
            raise InputErrors([x.located(file=file, sheet=name) for x in e.errors]) from None
        above = [x.located(file=file, sheet=name) for x in lines]
        named = file_named(table, skipped)
        if named is not None:           # a path typed or pasted where the crosstable goes
            row, column, value = named
            raise InputErrors(above + [RatingInputError(X.IMPORT_SHEET_FILE_NAME(), value=value,
                                                        where=Where(file, name, row, column))])
        try:        # the key/value lines above the table left blank, so that cells keep their names (D7 is D7)
            tournament = crosstable.parse_rows([[] for _ in range(skipped)] + table, file, sheet=name)
        except InputErrors as e:        # the table's own problems told with the line's, not on the next run
            raise InputErrors(above + list(e.errors)) from None
    except RatingInputError as e:
        raise in_language(e, tables) from None
    return tournament, options, above


#: how the name of a source file ends (a tournament's, a game list's, a workbook's)
FILE_ENDINGS = (".h9", ".trf", ".txt", ".xml", ".csv", ".tsv", ".xlsx", ".xlsm", ".xls", ".ods", ".parquet")
_PATH_START = re.compile(r"^(?:[A-Za-z]:[\\/]|[\\/]|~[\\/]|\.{1,2}[\\/]|file:)")


def file_named(table: Sequence[Sequence[Any]], skipped: int) -> tuple[int, str, str] | None:
    """(row, column letters, the text) of the one cell of the Import sheet's table when it holds the
    name or path of a file instead of a crosstable (``spring.h9``, ``C:\\赛事\\春季赛.xlsx``); else None."""
    from ..engine.cells import blank, col_letter

    filled = [(i, j, v) for i, line in enumerate(table) for j, v in enumerate(line) if not blank(v)]
    if len(filled) != 1 or not isinstance(filled[0][2], str):
        return None
    i, j, text = filled[0]
    text = text.strip().strip('"')
    if not (_PATH_START.match(text) or text.lower().endswith(FILE_ENDINGS)):
        return None
    return skipped + i + 1, col_letter(j + 1), text


__all__ = ["FILE_ENDINGS", "file_named", "Block", "Edits", "Imported", "SHEET_ADVICE", "SHEET_LINES", "import_edits", "import_workbook",
           "room_problems", "sheet_advice", "sheet_text", "sheet_tournament"]
