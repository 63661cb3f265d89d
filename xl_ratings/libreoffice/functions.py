"""The 13 Excel functions as Calc add-in functions: their table (names, arguments, help) and the
call, which gives Calc what :mod:`xl_ratings.udfs` gives Excel.

Calc hands an add-in argument declared ``any`` as a number, a text, None (an argument left out)
or, for a range, a tuple of row tuples in which an empty cell is None: the nested lists xlwings
hands the functions (a 1×1 range is a single value, as in xlwings).  A single empty cell reaches
an add-in as 0 (Calc's rule, which it cannot be told apart from a typed 0): for the arguments whose
blank means "none" and where 0 is never a value (:data:`ZERO_IS_BLANK`: a peak, a certified rank, an
awarded title) it is taken as blank; elsewhere a 0 is what the function judges (a rating of 0 is
refused, naming the argument).  The
result goes back as rows of cells (a single value as one cell), a blank as an empty text.  A
refused argument raises: Calc shows the cell's error (``#VALUE!``, as Excel).
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import Message
from ..i18n.catalogue import libreoffice as L

#: (Excel name, its description, its arguments' help in order)
_HELP: tuple[tuple[str, Message, tuple[Message, ...]], ...] = (
    ("ELO_EXPECTED", L.F_ELO_EXPECTED, (L.A_RATINGS, L.A_OPPONENT_RATINGS, L.A_METHOD)),
    ("ELO_DELTA", L.F_ELO_DELTA, (L.A_START_RATING, L.A_OPPONENTS, L.A_ELO_SCORES, L.A_K, L.A_LOGISTIC_METHOD)),
    ("SHANGHAI_K", L.F_SHANGHAI_K, (L.A_GAMES_BEFORE, L.A_EVENTS_BEFORE, L.A_PEAK)),
    ("LIANZHONG_K", L.F_LIANZHONG_K, (L.A_RATINGS,)),
    ("LIANZHONG_UPDATE", L.F_LIANZHONG_UPDATE,
     (L.A_RATING_BEFORE, L.A_OPPONENT_BEFORE, L.A_SCORE, L.A_GAMES, L.A_OPPONENT_GAMES)),
    ("LIANZHONG_TITLE", L.F_LIANZHONG_TITLE, (L.A_RATINGS, L.A_TITLE_GAMES, L.A_AWARDED)),
    ("GOR_EXPECTED", L.F_GOR_EXPECTED, (L.A_GOR, L.A_OPPONENT_GOR, L.A_HANDICAP)),
    ("GOR_UPDATE", L.F_GOR_UPDATE, (L.A_START_GOR, L.A_OPPONENTS_GOR, L.A_GOR_SCORES, L.A_HANDICAPS, L.A_WEIGHT)),
    ("PENG_ANNUAL", L.F_PENG_ANNUAL, (L.A_RANK_JAN1, L.A_OPPONENT_RANKS, L.A_PENG_SCORES, L.A_BASE)),
    ("PENG_CUMULATIVE", L.F_PENG_CUMULATIVE,
     (L.A_RANK, L.A_OPPONENT_RANKS, L.A_PENG_SCORES, L.A_TESTS, L.A_BONUS, L.A_START)),
    ("PENG_BASE", L.F_PENG_BASE, (L.A_RANKS,)),
    ("RANK_STANDARD", L.F_RANK_STANDARD, (L.A_VALUE, L.A_SYSTEM, L.A_CERTIFIED)),
    ("RANK_RATING", L.F_RANK_RATING, (L.A_RANK_OR_TITLE, L.A_SYSTEM)),
)


#: arguments whose blank means "none" and for which 0 is never a value: Calc's 0 for an empty cell is blank
ZERO_IS_BLANK = frozenset({"peak", "awarded", "certified"})


@dataclass(frozen=True)
class Argument:
    name: str               #: the Python (and Excel) name
    position: int           #: from 1
    help: Message
    optional: bool

    @property
    def key(self) -> str:
        """Its name in the type library and the add-in's configuration: ``p1Rating``, ``p5OpponentGames``
        (UNO IDL takes no ``_`` before a small letter; their order is their names' order, whatever order
        a reader lists them in)."""
        return f"p{self.position}" + "".join(w.capitalize() for w in self.name.split("_"))


@dataclass(frozen=True)
class Function:
    name: str               #: the Excel name, also the add-in's method and compatibility name
    help: Message
    arguments: tuple[Argument, ...]


def ensure_xlwings() -> None:
    """The Excel surface's modules decorate their functions with xlwings' ``func``, ``arg`` and
    ``script``; in LibreOffice's Python, without xlwings, those decorators do nothing (as xlwings'
    own do outside Excel)."""
    if "xlwings" not in sys.modules and importlib.util.find_spec("xlwings") is None:
        stub = types.ModuleType("xlwings")

        def decorator(*args: Any, **kwargs: Any) -> Any:
            if len(args) == 1 and callable(args[0]) and not kwargs:
                return args[0]
            return lambda f: f
        for name in ("func", "arg", "ret", "script"):
            setattr(stub, name, decorator)
        setattr(stub, "Book", object)
        sys.modules["xlwings"] = stub


def _python(name: str) -> Callable[..., Any]:
    ensure_xlwings()
    from ..excel import functions       # xl_ratings.udfs, the module Excel users name
    return getattr(functions, name.lower())


def table() -> tuple[Function, ...]:
    """The functions in Excel's order, with their arguments as :mod:`xl_ratings.udfs` declares them."""
    out = []
    for name, help, docs in _HELP:
        params = list(inspect.signature(_python(name)).parameters.values())
        assert len(params) == len(docs), name
        args = tuple(Argument(p.name, i, d, p.default is not inspect.Parameter.empty)
                     for i, (p, d) in enumerate(zip(params, docs), start=1))
        out.append(Function(name, help, args))
    return tuple(out)


def _arg(v: Any) -> Any:
    """A Calc argument as xlwings hands it: a range as a list of row lists (1×1: its value)."""
    if isinstance(v, tuple):
        rows = [[None if c == "" else c for c in row] for row in v]
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        return rows
    return None if v == "" else v


def _cell(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return float(v)
    return str(v)


def call(name: str, *args: Any) -> tuple[tuple[Any, ...], ...]:
    """``name`` (an Excel name) on Calc's arguments: the rows of cells Calc shows; a refused argument
    raises the Excel surface's own error (its message names the function, the argument and the cell)."""
    f = _python(name)
    params = list(inspect.signature(f).parameters.values())
    given = [None if p.name in ZERO_IS_BLANK and a == 0 and not isinstance(a, bool) else _arg(a)
             for p, a in zip(params, args)]
    # an optional argument left out (or an empty cell) takes its default, as in Excel
    kwargs = {p.name: v for p, v in zip(params, given) if v is not None or p.default is inspect.Parameter.empty}
    result = f(**kwargs)
    if hasattr(result, "tolist"):           # NumPy's fast path, where LibreOffice's Python has NumPy
        result = result.tolist()
    if isinstance(result, (list, tuple)):
        rows = [r if isinstance(r, (list, tuple)) else [r] for r in result]
        return tuple(tuple(_cell(c) for c in r) for r in rows)
    return ((_cell(result),),)
