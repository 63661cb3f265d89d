"""Problems of a cell told with what the cell is, and the way out that works for it.

The engine reads values only: an empty cell "is empty", text where a number belongs
"must be a number … retype it".  Two kinds of cell make that advice fail:

* a cell inside **merged cells** (an event name merged down a block of games): the
  merged value is held by the range's first cell only, so the others read as empty
  -- told with the range and its first cell, and "unmerge them";
* a cell **formatted as Text**: whatever is typed in it stays text, so "retype it"
  loops -- told as such, with the way out: change the format to General or Number,
  then type the number again (or Data ▸ Text to Columns for a column).

What the cell is comes from the reader (``Tables.cell_kinds``: the command line's
reader knows merged ranges and number formats; a reader that does not -- one click
under xlwings Lite -- leaves the messages as they are).  Only the engine's
messages are re-told here, never their place or value: the message layer alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.cells import blank
from ..errors import InputErrors, RatingInputError
from ..i18n.catalogue import sheets as M
from ..i18n.labels import header_key

EMPTY = {M.CELL_EMPTY.id, M.CELL_EMPTY_DATE.id}
NOT_A_NUMBER = M.CELL_NOT_A_NUMBER.id


def _column(table: Sequence[Sequence[Any]], key: str) -> int | None:
    """The 1-based column of ``key`` in the sheet's header (its first filled row)."""
    header = next((row for row in table if any(not blank(v) for v in row)), None)
    if header is None:
        return None
    return next((j for j, h in enumerate(header, start=1) if header_key(h, {key}) == key), None)


def _cell(e: RatingInputError, tables: Mapping[str, Any]) -> tuple[str, int, int] | None:
    w = e.where
    if w.sheet is None or w.row is None or w.column is None or w.sheet not in tables:
        return None
    col = _column(tables[w.sheet], w.column)
    return (w.sheet, w.row, col) if col is not None else None


def with_cell_kinds(err: InputErrors, tables: Mapping[str, Any]) -> InputErrors:
    """``err`` with its problems of merged and Text-formatted cells told as such (itself
    when there are none, or the reader cannot tell)."""
    kinds = getattr(tables, "cell_kinds", None)
    if kinds is None:
        return err
    cells = {id(e): _cell(e, tables) for e in err.errors if e.text.id in EMPTY or e.text.id == NOT_A_NUMBER}
    if not any(cells.values()):
        return err
    wanted: dict[str, set[tuple[int, int]]] = {}
    for e in err.errors:
        at = cells.get(id(e))
        if at is not None and e.text.id == NOT_A_NUMBER:
            wanted.setdefault(at[0], set()).add(at[1:])
    text = {sheet: kinds.text_formatted(sheet, found) for sheet, found in wanted.items()}
    out, changed = [], False
    for e in err.errors:
        at = cells.get(id(e))
        told = None
        if at is not None and e.text.id in EMPTY:
            merge = kinds.merge_of(*at)
            told = M.CELL_EMPTY_MERGED(range=merge[0], first=merge[1]) if merge else None
        elif at is not None and at[1:] in text.get(at[0], set()):
            told = M.CELL_NUMBER_IN_TEXT_FORMAT()
        changed |= told is not None
        out.append(e if told is None else RatingInputError(told, value=e.value, where=e.where))
    if not changed:
        return err
    again = InputErrors(out)
    for k, v in vars(err).items():      # the language it is told in, a summary's total
        if k not in vars(again):
            setattr(again, k, v)
    return again


__all__ = ["with_cell_kinds"]
