"""Excel ranges as they reach a function: scalars, rows, columns, blocks.

xlwings hands a range to a function as a nested list (``ndim=2``) and a
single cell as a scalar.  Empty cells -- and error cells -- arrive as None.
These helpers broadcast ranges element-wise (Excel's own rule: a 1-row or
1-column range stretches), parse each cell with an error that names the
function, the argument, the cell position and the value, and give the
result back in the shape the ranges came in.

Blank in, blank out: a row whose input cell is empty gives an empty cell,
never a silent 0 or NaN.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, cast

from ..engine.cells import blank as is_blank
from ..engine.perf import gc_paused
from ..errors import RatingInputError, Text, show
from ..i18n.catalogue import excel as M
from ..systems.game_result import Result, parse_result

Grid = list[list[Any]]


class ArgumentError(RatingInputError):
    """A bad argument of an Excel function: names function, argument, cell and value."""




def as_grid(x: Any, func: str = "", arg: str = "") -> Grid:
    """Scalar -> 1×1; flat list -> column; nested list -> itself.

    Excel's ranges are rectangles; a list of rows passed from Python may not be: an
    empty row, rows of different lengths, or rows mixed with single values are refused
    (an :class:`ArgumentError` naming ``func`` and ``arg``), never an IndexError later."""
    if isinstance(x, (list, tuple)):
        if not x:
            return [[None]]
        if isinstance(x[0], (list, tuple)):
            _rectangular(x, func, arg)
            if isinstance(x[0], list) and isinstance(x, list):
                # xlwings' nested lists (ndim=2): used as they are, never copied (checked above: rows of one length)
                return cast(Grid, x)
            return [list(r) for r in x]
        return [[v] for v in x]
    try:  # numpy arrays and pandas objects, without importing either
        return as_grid(x.tolist(), func, arg)
    except AttributeError:
        return [[x]]


def _rectangular(rows: Sequence[Any], func: str, arg: str) -> None:
    """Every row a sequence of the same length, at least one cell long (one pass: a
    million-row column costs some 30 ms)."""
    try:
        widths = set(map(len, rows))
    except TypeError:               # a single value among the rows
        widths = set()
    if len(widths) == 1:
        if 0 not in widths:
            return
        raise ArgumentError(M.UDF_EMPTY_ROWS(func=func, arg=arg))
    shown = ", ".join(str(len(r)) if isinstance(r, (list, tuple)) else show(r) for r in rows[:6])
    more = ", …" if len(rows) > 6 else ""
    raise ArgumentError(M.UDF_RAGGED(func=func, arg=arg, widths=shown + more))


def is_range(x: Any) -> bool:
    g = as_grid(x)
    return len(g) > 1 or len(g[0]) > 1


#: where in a range a cell is (" row 2"; "" for a single cell)
Pos = Text | str


def _where(row: int, col: int, shape: tuple[int, int]) -> Pos:
    if shape == (1, 1):
        return ""
    if shape[1] == 1:
        return M.UDF_ROW(row=row + 1)
    if shape[0] == 1:
        return M.UDF_COLUMN(column=col + 1)
    return M.UDF_CELL(row=row + 1, column=col + 1)


def fail(func: str, arg: str, problem: Text, value: Any = None, pos: Pos = "") -> ArgumentError:
    """The error of one argument: the function, the argument, the cell (``pos``) and the value
    as an officer recognises it, then the problem (both languages)."""
    shown = f": {show(value)}" if value is not None else ""
    return ArgumentError(M.UDF_ARGUMENT(func=func, arg=arg, pos=pos, shown=shown, problem=problem))


def to_number(func: str, arg: str, v: Any, pos: Pos = "") -> float:
    if isinstance(v, bool):
        raise fail(func, arg, M.UDF_BOOLEAN(), v, pos)
    if isinstance(v, (int, float)):
        try:
            if math.isfinite(v):
                return float(v)
        except OverflowError:       # an int past any float (from Python, never from a cell)
            pass
        raise fail(func, arg, M.UDF_NOT_FINITE(), v, pos)
    try:
        f = float(str(v).strip().replace(",", ""))
    except ValueError:
        raise fail(func, arg, M.UDF_NOT_NUMBER(), v, pos) from None
    if not math.isfinite(f):
        raise fail(func, arg, M.UDF_NOT_FINITE(), v, pos)
    return f


def to_result(func: str, arg: str, v: Any, pos: Pos = "") -> Result:
    try:
        return parse_result(v)
    except RatingInputError as e:
        raise fail(func, arg, e.text or M.UDF_NOT_NUMBER(), v, pos) from None


def broadcast_shape(func: str, grids: dict[str, Grid]) -> tuple[int, int]:
    rows = cols = 1
    for g in grids.values():
        rows = max(rows, len(g))
        cols = max(cols, len(g[0]))
    for name, g in grids.items():
        r, c = len(g), len(g[0])
        if r not in (1, rows) or c not in (1, cols):
            raise ArgumentError(M.UDF_SHAPES_DIFFER(func=func, name=name, shape=f"{r}×{c}", other=f"{rows}×{cols}"))
    return rows, cols


def elementwise(func: str, args: dict[str, Any], fn: Callable[..., Any],
                blank_ok: Sequence[str] = ()) -> Any:
    """Apply ``fn(**cells, pos=...)`` cell by cell with Excel broadcasting.

    A blank cell in an argument not in ``blank_ok`` gives a blank result.
    All-scalar arguments give a scalar.
    """
    grids = {k: as_grid(v, func, k) for k, v in args.items()}
    rows, cols = broadcast_shape(func, grids)
    if (rows, cols) == (1, 1) and not any(is_range(v) for v in args.values()):
        cells = {k: g[0][0] for k, g in grids.items()}
        if any(is_blank(cells[k]) for k in cells if k not in blank_ok):
            return ""
        return fn(pos="", **cells)
    keys = list(grids)
    columns = [_spread(g, rows, cols) for g in grids.values()]
    # the arguments that hold a blank at all (one pass each): only their cells are asked cell by cell
    blanks = [c for k, c in zip(keys, columns) if k not in blank_ok and any(map(is_blank, c))]
    out: list[Any] = []
    with gc_paused():
        for at, values in enumerate(zip(*columns)):
            if blanks and any(is_blank(c[at]) for c in blanks):
                out.append("")
                continue
            cells = dict(zip(keys, values))
            try:
                out.append(fn(pos="", **cells))
                continue
            except RatingInputError:
                pass
            # refused: the same cell again, its place named (only then: its Text costs more than the math)
            out.append(fn(pos=_where(at // cols, at % cols, (rows, cols)), **cells))
        if cols == 1:
            return [[v] for v in out]
        return [out[i:i + cols] for i in range(0, rows * cols, cols)]


def _spread(g: Grid, rows: int, cols: int) -> list[Any]:
    """The cells of ``g`` row by row, stretched (Excel's broadcasting) to ``rows`` × ``cols``
    (checked by :func:`broadcast_shape`)."""
    if len(g) == rows and len(g[0]) == cols:
        return g[0] if rows == 1 else (list(chain.from_iterable(g)) if cols > 1 else [r[0] for r in g])
    line = g[0] if len(g) == 1 else [r[0] for r in g]       # one row, or one column
    if len(g[0]) == 1 and cols > 1:
        line = [v for v in line for _ in range(cols)]
    return line * rows if len(g) == 1 else line


def game_sets(func: str, head: Any, games: dict[str, Any],
              optional: Sequence[str] = (), head_name: str = "rating") -> list[list[dict[str, Any]]]:
    """Split game ranges into one set of games per row of ``head``.

    ``head`` a single cell: every cell of the game ranges is one game.
    ``head`` a column of n cells: the game ranges have n rows; row i holds
    player i's games.  A game is the cells at the same position in each
    range; a position blank in every required range is skipped, one blank in
    only some of them is an error.
    """
    hg = as_grid(head, func, head_name)
    n = len(hg)
    grids = {k: as_grid(v, func, k) for k, v in games.items()}
    req = [k for k in grids if k not in optional]
    shape0 = (len(grids[req[0]]), len(grids[req[0]][0]))
    for k, g in grids.items():
        if (len(g), len(g[0])) != shape0 and not (k in optional and (len(g), len(g[0])) == (1, 1)):
            raise ArgumentError(M.UDF_GAMES_SHAPE(func=func, name=k, shape=f"{len(g)}×{len(g[0])}", first=req[0],
                                                  other=f"{shape0[0]}×{shape0[1]}"))
    if n > 1 and shape0[0] != n:
        raise ArgumentError(M.UDF_PLAYERS_ROWS(func=func, players=len(hg), first=req[0], rows=shape0[0]))
    sets: list[list[dict[str, Any]]] = []
    row_groups = [range(shape0[0])] if n == 1 else [[i] for i in range(n)]
    for rows in row_groups:
        games_of: list[dict[str, Any]] = []
        for i in rows:
            for j in range(shape0[1]):
                cell = {}
                for k, g in grids.items():
                    cell[k] = g[i][j] if (len(g), len(g[0])) == shape0 else g[0][0]
                blank = [k for k in req if is_blank(cell[k])]
                if len(blank) == len(req):
                    continue
                if blank:     # the empty one named, then a filled one (never the empty one twice)
                    pos = _where(i, j, shape0)
                    filled = next(k for k in req if k not in blank)
                    raise fail(func, blank[0], M.UDF_EMPTY_BUT(other=filled), None, pos)
                cell["pos"] = _where(i, j, shape0)
                games_of.append(cell)
        sets.append(games_of)
    return sets


def per_player(func: str, head: Any, results: list[Any]) -> Any:
    """Shape a list of per-player results like ``head`` (scalar or column)."""
    if not is_range(head):
        return results[0]
    return [[r] for r in results]
