"""What an import adds to a workbook, as values: the officer's options, the rows to
append per sheet, and the plan (:func:`xl_ratings.intake.into_book.plan_import`
makes it) -- and the plan as cells, :class:`Edits` (:func:`import_edits`): the one description
of the edit that both writers interpret, the file's zip patch (:func:`xl_ratings.xlsx.append.apply_edits`)
and one click's open workbook (:func:`xl_ratings.excel.one_click.write_edits`), so that the two
paths write the same cells by construction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import Where
from ..importers.model import Source
from .summary import Summary


@dataclass(frozen=True)
class Options:
    """What the officer said on the command line (or in the Import sheet)."""

    event: str | None = None        #: the event id to use (an existing event without games, or a new one)
    replace: bool = False           #: replace the games of an event already in the workbook
    name: str | None = None         #: the event's name, when the source has none
    start: dt.date | None = None    #: the event's dates, when the source has none
    end: dt.date | None = None
    cls: str | None = None          #: the event's class (A/B/C, 甲/乙/丙), when the source has none
    level: str | None = None        #: the event's level (national/provincial/district), when the source has none
    replace_event: str | None = None    #: ``--replace EVENT``: the event whose games the source replaces
    match: tuple[str, ...] = ()         #: ``--match SOURCE_NAME=ID``: this name is that player
    new: tuple[str, ...] = ()           #: ``--new SOURCE_NAME``: this name is a new player
    distinct_from: tuple[str, ...] = ()  #: ``--distinct-from EVENT``: not that tournament, though its games are alike
    on_sheet: bool = False              #: said on the Import sheet (one click): every message re-told for its lines
    #: (:func:`xl_ratings.jobs.book_import.sheet_text`, the one place advice is chosen per path)


@dataclass
class Appended:
    """Rows to append to one sheet."""

    sheet: str                      #: the sheet's name in the workbook
    header_row: int                 #: 1-based row of its header
    columns: dict[str, int]         #: column key -> 0-based column index
    rows: list[dict[str, Any]] = field(default_factory=list)   #: values by column key
    sources: list[Source | None] = field(default_factory=list)  #: where each row came from
    header: list[str] | None = None  #: the sheet is new: create it with this header row

    def grid(self) -> list[list[Any]]:
        """The rows as cells, each value in its column (``None`` between)."""
        width = max(self.columns.values(), default=0) + 1
        out = []
        for values in self.rows:
            line: list[Any] = [None] * width
            for k, j in self.columns.items():
                line[j] = values.get(k)
            out.append(line)
        return out


@dataclass
class Plan:
    """Everything an import adds to (and, with ``replace``, clears from) a workbook."""

    appends: dict[str, Appended]    #: by sheet key: Players, Events, Games, Identities
    clear: dict[str, list[int]]     #: by sheet key: 1-based rows to blank out
    summaries: list[Summary]
    lang: str = "zh-Hans"           #: the workbook's script: its messages are told in it

    @property
    def games(self) -> int:
        return len(self.appends["Games"].rows)


# --------------------------------------------------------------------------- the plan as cells
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
    """What an import changes in a workbook, cell by cell: what each writer interprets (the file's
    zip patch, one click's open workbook), never the plan itself."""

    added: list[tuple[str, list[str]]] = field(default_factory=list)     #: (sheet, header): sheets to add
    cleared: list[tuple[str, int, int]] = field(default_factory=list)    #: (sheet, row, width): rows emptied
    blocks: list[Block] = field(default_factory=list)                    #: values written
    #: by sheet, in the plan's order, every sheet edited: the rows appended below its table (empty: rows
    #: only cleared) -- the rows a writer makes (the file's row elements, an Excel table stretched)
    appended: dict[str, range] = field(default_factory=dict)
    #: by sheet: 1-based column -> the key of the planned column (a date column's format, a problem's place)
    keys: dict[str, dict[int, str]] = field(default_factory=dict)
    #: by sheet: 1-based column -> the number format of the rows appended, styled as a result sheet's column
    #: (None: text) -- the Corrections log's rows look like its first ones; an import's rows: none
    formats: dict[str, dict[int, str | None]] = field(default_factory=dict)
    #: by sheet: the row whose cells written are heads (styled as a result sheet's header)
    heads: dict[str, int] = field(default_factory=dict)

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
    "") is no cell written (what the cell holds is kept, as a column the plan does not know is)."""
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
        edits.appended[app.sheet] = range(first[key], first[key] + len(app.rows))
        edits.keys[app.sheet] = {j + 1: k for k, j in app.columns.items()}
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


def number_at_end(text: str) -> tuple[str, str] | None:
    """"SH038" -> ("SH", "038"): the text before its last digits, and the digits (at most
    18 of them; in one pass, where a regular expression would backtrack on a long id)."""
    k = len(text)
    while k > 0 and "0" <= text[k - 1] <= "9":
        k -= 1
    return (text[:k], text[k:]) if 0 < len(text) - k <= 18 else None


def where_of(src: Source | None, column: str | None = None) -> Where:
    """A source's place as an error's location: a text file's line, a table's cell -- as a row
    and the cell's column letters (cell B7: row 7, column B)."""
    if src is None:
        return Where()
    own = dict(src.cells).get(column) if column else None
    if own is not None:         # the row's own cell of that column (a crosstable's rank, an id)
        src = Source(src.file, src.line, own, src.sheet)
        column = None
    split = number_at_end(src.cell) if src.cell else None
    letters = split[0] if split else src.cell
    if src.sheet is None and src.line is not None:      # a text file (h9, TRF, OpenGotha, CSV): its line
        return Where(src.file, line=src.line, column=letters or column)
    row = src.line
    if row is None and split:
        row = int(split[1])
    if src.cell and column and column not in _CELL_KEYS:
        return Where(src.file, src.sheet, row, column)    # the row's own column, not the row's key cell
    return Where(src.file, src.sheet, row, letters or column)


#: What a source's cell stands for: a game's players and result (a crosstable's result cell,
#: a report row's player cell); a game's date or handicap is named by its column.
_CELL_KEYS = {"player", "opponent", "result", "id", "name"}


__all__ = ["Appended", "Block", "Edits", "Options", "Plan", "import_edits", "where_of"]
