"""What an import adds to a workbook, as values: the officer's options, the rows to
append per sheet, and the plan (:func:`xl_ratings.intake.into_book.plan_import`
makes it; the workbook layer and the one-click script write it)."""

from __future__ import annotations

import datetime as dt
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
    on_sheet: bool = False              #: said on the Import sheet (one click): the way out is told in its lines


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


__all__ = ["Appended", "Options", "Plan", "where_of"]
