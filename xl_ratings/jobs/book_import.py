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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cells import MAX_ROWS
from ..engine.inputs import workbook_lang
from ..errors import InputErrors, Message, RatingInputError, Text, Where
from ..i18n import to_lang
from ..i18n.catalogue import excel as X
from ..i18n.catalogue import imports as M
from ..intake.into_book import first_new_row, plan_import
from ..importers.model import Tournament
from ..intake.plan import Options, Plan
from .period import history_problems, in_language, told_in, twinned, without_backup


# --------------------------------------------------------------------------- the planned cells
@dataclass(frozen=True)
class Block:
    """Values for a rectangle of one sheet: ``values`` from (``row``, ``column``) on, 1-based;
    every value is written (none of them is blank)."""

    sheet: str
    row: int
    column: int
    values: tuple[tuple[Any, ...], ...]


@dataclass
class Edits:
    """What an import changes in a workbook, cell by cell."""

    added: list[tuple[str, list[str]]] = field(default_factory=list)     #: (sheet, header): sheets to add
    cleared: list[tuple[str, int, int]] = field(default_factory=list)    #: (sheet, row, width): rows emptied
    blocks: list[Block] = field(default_factory=list)                    #: values written

    def cells(self) -> dict[tuple[str, int, int], Any]:
        """(sheet, row, column) -> value, every cell written (headers of added sheets included)."""
        out: dict[tuple[str, int, int], Any] = {}
        for name, header in self.added:
            out.update({(name, 1, j): v for j, v in enumerate(header, start=1)})
        for b in self.blocks:
            for i, line in enumerate(b.values):
                out.update({(b.sheet, b.row + i, b.column + j): v for j, v in enumerate(line)})
        return out


def _runs(values: Mapping[str, Any], columns: Mapping[str, int]) -> list[tuple[int, tuple[Any, ...]]]:
    """A row's values as runs of neighbouring columns (1-based first column, values); no value (None,
    "") is no cell written (what the cell holds is kept, as a column the plan does not know is), as
    the file writer does (:func:`xl_ratings.xlsx.append.append_rows`)."""
    filled = sorted((j + 1, v) for k, j in columns.items() if (v := values.get(k)) is not None and v != "")
    runs: list[tuple[int, list[Any]]] = []
    for j, v in filled:
        if runs and runs[-1][0] + len(runs[-1][1]) == j:
            runs[-1][1].append(v)
        else:
            runs.append((j, [v]))
    return [(j, tuple(vs)) for j, vs in runs]


def import_edits(tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan,
                 first: Mapping[str, int]) -> Edits:
    """The plan as cells: each appended row's values in their columns from ``first[key]`` on
    (neighbouring rows of the same columns one block), the rows cleared whole."""
    edits = Edits()
    for key, app in plan.appends.items():
        clear = plan.clear.get(key, [])
        if not app.rows and not clear:
            continue
        width = max([len(r) for r in tables.get(app.sheet, [])] + [max(app.columns.values(), default=0) + 1])
        edits.cleared += [(app.sheet, r, width) for r in clear]
        if app.header is not None:
            edits.added.append((app.sheet, list(app.header)))
        open_blocks: dict[tuple[int, int], tuple[int, list[tuple[Any, ...]]]] = {}
        for k, values in enumerate(app.rows):
            r = first[key] + k
            for j, run in _runs(values, app.columns):
                start, lines = open_blocks.get((j, len(run)), (r, []))
                if start + len(lines) != r:            # a gap: the block before is done
                    edits.blocks.append(Block(app.sheet, start, j, tuple(lines)))
                    start, lines = r, []
                lines.append(run)
                open_blocks[(j, len(run))] = (start, lines)
        edits.blocks += [Block(app.sheet, start, j, tuple(lines)) for (j, _), (start, lines) in open_blocks.items()]
    edits.blocks.sort(key=lambda b: (b.sheet, b.row, b.column))
    return edits


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
#: a refusal of the command line's whose way out names its options -> its twin for the Import
#: sheet (the same parameters; the way out as lines above the table).  The same tournament twice
#: tells its way out per path itself (``Options.on_sheet``: imports.WAY_*_SHEET).
SHEET_ADVICE: dict[str, Message] = {m.id: twin for m, twin in (
    (M.REPLACE_OTHER_EVENT, X.SHEET_REPLACE_OTHER_EVENT),
    (M.EVENT_HAS_GAMES, X.SHEET_EVENT_HAS_GAMES),
    (M.NO_DATES, X.SHEET_NO_DATES),
    (M.ANSWER_FORM, X.SHEET_ANSWER_FORM),
    (M.ANSWER_UNKNOWN_ID, X.SHEET_ANSWER_UNKNOWN_ID),
    (M.SUMMARY_POSSIBLE_MATCH, X.SHEET_SUMMARY_POSSIBLE_MATCH))}
#: a command-line option a message names (its ``option``) -> the Import sheet's line that says it
SHEET_LINES = {"--event": "赛事 event", "--name": "名称 name", "--start": "开始 start", "--end": "结束 end",
               "--replace": "替换 replace", "--match": "对应 match", "--new": "新棋手 new"}


def sheet_advice(err: RatingInputError, lang: str) -> RatingInputError:
    """``err`` told for the Import sheet (:func:`sheet_text`)."""
    if "option" not in dict(err.text.params):
        return twinned(err, SHEET_ADVICE)
    return RatingInputError(sheet_text(err.text, lang), value=err.value, where=err.where)


def sheet_text(text: Text, lang: str) -> Text:
    """A message told for the Import sheet: its twin there (:data:`SHEET_ADVICE`), an option it
    names as the sheet's line (in the workbook's script, as the template writes it)."""
    params = dict(text.params)
    option = params.get("option")
    twin = SHEET_ADVICE.get(text.id)
    if twin is None and option not in SHEET_LINES:
        return text
    if option in SHEET_LINES:
        params["option"] = to_lang(SHEET_LINES[option], lang)
    if twin is not None:    # the command's own parameters (the quote around a name, ``q``) are no line's
        params = {k: v for k, v in params.items() if k in twin.params}
    return (twin or _message(text))(**params)


def _message(text: Text) -> Message:
    from ..errors import CATALOGUE

    return CATALOGUE[text.id]


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
                    backup: bool = True, from_sheet: bool = False) -> Imported:
    """Plan importing ``tournaments`` into the workbook ``tables`` -- or raise every problem at
    once, told in the workbook's language.  ``problems``: those its reader found (told alone);
    ``noted``: problems of the source told with the plan's (the Import sheet's lines above the
    table); ``history_head``: the History's audit refuses the import, this line first (None: not
    checked: a dry run, a new output file); ``backup``: there is a backup, the way out the History's
    refusals name (else they name another); ``from_sheet``: the tournament is the Import sheet's,
    the advice told there."""
    lang = workbook_lang(tables)

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
        try:        # the key/value lines above the table left blank, so that cells keep their names (D7 is D7)
            tournament = crosstable.parse_rows([[] for _ in range(skipped)] + table, file, sheet=name)
        except InputErrors as e:        # the table's own problems told with the line's, not on the next run
            raise InputErrors(above + list(e.errors)) from None
    except RatingInputError as e:
        raise in_language(e, tables) from None
    return tournament, options, above


__all__ = ["Block", "Edits", "Imported", "SHEET_ADVICE", "SHEET_LINES", "import_edits", "import_workbook",
           "room_problems", "sheet_advice", "sheet_text", "sheet_tournament"]
