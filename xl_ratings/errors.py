"""One family of user-facing errors.

Every problem a rating officer can cause (a bad cell, an unknown rank, a
missing sheet) raises a :class:`RatingInputError`.  Its message names where
the problem is -- file, sheet, row, column, value -- so that it can be fixed
without reading Python.  Only the Excel and command-line edges turn these into
cell errors or exit codes; the math raises and never prints.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .i18n import SIMPLIFIED
#: the message machinery lives in :mod:`xl_ratings.i18n.text`; named here too for the many modules
#: that take an error's parts from one place
from .i18n.text import CATALOGUE, Message, Text, joined, message


#: From here a number is shown as Excel's General format shows it (1E+308), never with its 309 digits.
_HUGE = 10 ** 15


def _scientific(value: int | float) -> str:
    """A huge number as Excel shows it: 15 significant digits at most, ``1E+308``, ``-1.5E+20``."""
    try:
        return f"{float(value):.15G}"
    except OverflowError:   # an int past any float (from Python, never from a cell)
        return f"{'-' if value < 0 else ''}1E+{int(abs(value)).bit_length() * 30103 // 100000}"


def show(value: Any) -> str:
    """A cell value as an officer would recognise it: dates as 2026-05-01, 30.0 as 30, a time as
    10:30, TRUE/FALSE, text in quotes with any invisible character shown where it stands
    (``'SH003⟨U+200B ZERO WIDTH SPACE⟩'``) -- never a Python repr such as ``datetime.time(0, 0)``."""
    import datetime as dt
    import math

    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(" ", "minutes")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.time):
        return value.strftime("%H:%M" if not value.second else "%H:%M:%S")
    if isinstance(value, dt.timedelta):
        return str(value)
    if (isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))) and abs(value) >= _HUGE:
        return _scientific(value)
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return repr(value) if math.isfinite(value) else ("not a number" if value != value else str(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f"'{visibly(value)}'"
    return str(value)


def visibly(text: str) -> str:
    """``text`` with each invisible character shown where it stands: ``SH003⟨U+200B ZERO WIDTH SPACE⟩``;
    a private-use or unassigned one too (a file read in the wrong code page: ``⟨U+E5A1 PRIVATE USE⟩mega``)."""
    import unicodedata

    kinds = {"Cf": None, "Cc": "CONTROL", "Co": "PRIVATE USE", "Cn": "UNASSIGNED", "Cs": "SURROGATE"}

    def one(c: str) -> str:
        cat = unicodedata.category(c)
        if cat not in kinds:
            return c
        return f"⟨U+{ord(c):04X} {unicodedata.name(c, kinds[cat] or 'FORMAT')}⟩"

    return "".join(one(c) for c in text)


def _names(text: str, shown: str) -> bool:
    """Does ``text`` already show the value (as a word of its own: 50 is not named by 3,500)?

    Found with ``str.find`` and a look at the characters either side, never a regular
    expression made for the value (compiling one per problem made a damaged file's
    40,000 problems cost seconds)."""
    raw = shown[1:-1] if len(shown) > 2 and shown[0] == shown[-1] == "'" and "⟨" not in shown else ""
    if raw and (not raw.isascii() or len(raw) >= 4):
        shown = raw             # a name or a word is named by itself, quoted or not (not a short code: 1, A)
    if not shown:
        return True
    at = text.find(shown)
    while at >= 0:
        before, end = text[at - 1:at], at + len(shown)
        after, then = text[end:end + 1], text[end + 1:end + 2]
        if not (before and (_wordy(before) or before in ".,")) and \
                not (after and (_wordy(after) or (after in ".," and then.isdigit()))):
            return True
        at = text.find(shown, at + 1)
    return False


def _wordy(char: str) -> bool:
    """A character of a word, as a regular expression's ``\\w`` reads it."""
    return char.isalnum() or char == "_"


@dataclass(frozen=True)
class Where:
    """Where a value came from: any part may be unknown.

    A sheet has rows and columns; a text file (h9, TRF, CSV) has lines.
    """

    file: str | None = None
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    line: int | None = None

    def text(self) -> Text:
        """The place in words, both languages (file and sheet names as written)."""
        sheet = self.sheet or None
        if sheet is not None and self.file and sheet == _basename(self.file):
            sheet = None        # a text file (a CSV game list) read as one table: it has no sheet to name
        column = self.column or None
        given = [(k, v) for k, v in (("file", self.file or None), ("sheet", sheet), ("line", self.line),
                                     ("row", self.row),
                                     ("cell" if column and _CELL_REF.fullmatch(column) else "column", column))
                 if v is not None]
        return Text("errors.where", ", ".join(_PLACE_EN[k] for k, _ in given),
                    "，".join(_PLACE_ZH[k] for k, _ in given), tuple(given))

    def describe(self) -> str:
        return self.text().en

    def describe_zh(self, lang: str = SIMPLIFIED) -> str:
        """The same place in Chinese, in ``lang``'s script (file and sheet names as written)."""
        return self.text().zh_in(lang)


def _basename(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


#: a column given as a cell's reference ("E2": a crosstable's cell) is told as the cell, not as a column named "E2"
_CELL_REF = re.compile(r"[A-Z]{1,3}[1-9][0-9]{0,6}")
_PLACE_EN = {"file": "file {file}", "sheet": "sheet '{sheet}'", "line": "line {line}", "row": "row {row}",
             "column": "column '{column}'", "cell": "cell {cell}"}
_PLACE_ZH = {"file": "文件 {file}", "sheet": "工作表 '{sheet}'", "line": "第 {line} 行（文本）", "row": "第 {row} 行", "cell": "单元格 {cell}",
             "column": "列 '{column}'"}


class RatingInputError(ValueError):
    """A value supplied by the user cannot be used.

    ``problem`` says what is wrong in words a rating officer understands: a
    catalogue :class:`Text` (English and Chinese; kept as ``text``);
    ``where`` and ``value`` locate it.  ``str(err)`` joins them (English);
    :meth:`en_line` and :meth:`zh_line` tell the whole problem in either language,
    the Chinese in the run's script.
    """

    def __init__(self, problem: Text, *, value: Any = None, where: Where | None = None) -> None:
        if not isinstance(problem, Text):     # a message is a catalogue entry, never English alone
            raise TypeError(f"RatingInputError takes a catalogue message (Text), not {type(problem).__name__}")
        self.text = problem
        self.value = value
        self.where = where or Where()
        super().__init__(self._compose())

    @property
    def problem(self) -> str:
        """The problem in English (without where or the value)."""
        return self.text.en

    @property
    def problem_zh(self) -> str:
        """The problem in simplified Chinese."""
        return self.text.zh

    def en_in(self, lang: str) -> str:
        """The problem in English, the Chinese spellings it names in ``lang``'s script."""
        return self.text.en_in(lang)

    def zh_in(self, lang: str) -> str:
        """The problem in Chinese, in ``lang``'s script (names and values as written)."""
        return self.text.zh_in(lang)

    def _compose(self) -> str:
        return self.en_line(SIMPLIFIED)

    def en_line(self, lang: str) -> str:
        """The whole problem in English -- where, what, the value -- the Chinese spellings it names in
        ``lang``'s script (``str()``: simplified)."""
        loc = self.where.describe()
        problem = self.en_in(lang)
        text = f"{loc}: {problem}" if loc else problem
        # the problem's words may show the value; its place does not ("row 2" shows no result 2)
        if self.value is not None and not _names(problem, show(self.value)):
            text += f" ({VALUE_SHOWN(value=show(self.value)).en})"
        return text

    def zh_line(self, lang: str) -> str:
        """The whole problem in Chinese, in ``lang``'s script: where, what, and the value (as
        ``str()`` gives it in English)."""
        zh = self.zh_in(lang)
        loc = self.where.describe_zh(lang)
        text = f"{loc}：{zh}" if loc else zh
        if self.value is not None and not _names(zh, show(self.value)):
            text += f"（{VALUE_SHOWN(value=show(self.value)).zh_in(lang)}）"
        return text

    def located(self, **where: Any) -> "RatingInputError":
        """A copy of this error with more location filled in."""
        merged = {k: getattr(self.where, k) for k in ("file", "sheet", "row", "column", "line")}
        merged.update({k: v for k, v in where.items() if v is not None})
        return self.moved(Where(**merged))

    def moved(self, where: Where) -> "RatingInputError":
        """A copy of this error at another place."""
        import copy

        err = copy.copy(self)
        err.where = where
        err.args = (err._compose(),)
        return err

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as it is (its message, place and value), not rebuilt from ``str()``."""
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


def _rebuilt(cls: type[RatingInputError], args: tuple[Any, ...], state: dict[str, Any]) -> RatingInputError:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class UnknownRankError(RatingInputError):
    """A rank text that no ladder knows (e.g. '十段', '3x')."""


class ResultError(RatingInputError):
    """A game result that is not one of the accepted spellings."""


class ParameterError(RatingInputError):
    """A system parameter (Settings sheet or Python override) that cannot be used."""


class InputErrors(RatingInputError):
    """Several input problems found at once (validation reports them all).

    ``str()`` names the count and the first three (English); each problem is told
    on its own where it is shown (command line, Checks sheet): the first
    :data:`SHOWN_PROBLEMS` of them and a line with how many more (:meth:`told`)."""

    def __init__(self, errors: list[RatingInputError]) -> None:
        self.errors = in_order(errors)
        super().__init__(SEVERAL_PROBLEMS(count=len(self.errors)))

    @property
    def total(self) -> int:
        """How many problems there are (a list summarised where it was made -- a game list's
        first problems of each rule and column, and their counts -- says how many it stands for)."""
        return getattr(self, "_total", None) or len(self.errors)

    @total.setter
    def total(self, count: int) -> None:
        self._total = count

    def told(self, limit: int | None = None) -> tuple[list[RatingInputError], Text | None]:
        """The problems to tell one by one -- the first ``limit`` (:data:`SHOWN_PROBLEMS`) --
        and the line counting the rest (None when every one is told).  A list summarised where
        it was made is told as it is: it is bounded already, and counts its own."""
        if getattr(self, "_total", None) not in (None, len(self.errors)):
            return list(self.errors), None
        return bounded(self.errors, limit)

    def _compose(self) -> str:
        first = "; ".join(str(e) for e in self.errors[:3])
        more = f" (and {len(self.errors) - 3} more)" if len(self.errors) > 3 else ""
        return f"{self.problem}: {first}{more}"


#: how many problems (or notes) a list tells one by one -- the command line, the Checks sheet of
#: one click, an import's notes; the rest are counted in one line (:func:`bounded`)
SHOWN_PROBLEMS = 100

T = TypeVar("T")


def bounded(items: Sequence[T], limit: int | None = None,
            total: int | None = None) -> tuple[list[T], Text | None]:
    """The first ``limit`` of ``items`` (default :data:`SHOWN_PROBLEMS`) and the line that counts
    the rest -- "… and 37,946 more (38,046 in all)" -- or None when every one is shown.

    The one bound of every list an officer reads: problems, notes, possible matches.
    ``total``: how many there are when ``items`` is itself a part of them (a list read in
    batches keeps only its first problems)."""
    limit = SHOWN_PROBLEMS if limit is None else limit
    total = len(items) if total is None else total
    shown = list(items[:limit])
    if total <= len(shown):
        return shown, None
    return shown, MORE(more=total - len(shown), total=total)


def told_all(errors: "RatingInputError | Sequence[RatingInputError]",
             limit: int | None = None) -> tuple[list[RatingInputError], Text | None]:
    """The problems of a refusal to tell one by one, and the line counting the rest."""
    if isinstance(errors, InputErrors):
        return errors.told(limit)
    if isinstance(errors, RatingInputError):
        return [errors], None
    return bounded(errors, limit)


def in_order(errors: list[RatingInputError]) -> list[RatingInputError]:
    """Problems in the order an officer reads a file: by file and sheet (in the order they first
    come up), then row or line, then column (likewise); a problem of a whole file or sheet first."""
    first: dict[tuple[str, Any], int] = {}

    def rank(kind: str, value: Any) -> int:
        return first.setdefault((kind, value), len(first))

    for e in errors:
        rank("file", e.where.file)
        rank("sheet", (e.where.file, e.where.sheet))
    for e in errors:
        rank("column", (e.where.file, e.where.sheet, e.where.column))

    def key(e: RatingInputError) -> tuple[int, int, int, int]:
        w = e.where
        at = w.row if w.row is not None else (w.line if w.line is not None else 0)
        return (first[("file", w.file)], first[("sheet", (w.file, w.sheet))], at,
                -1 if w.column is None else first[("column", (w.file, w.sheet, w.column))])

    return sorted(errors, key=key)


#: the count of an :class:`InputErrors`
SEVERAL_PROBLEMS = message(
    "errors.several_problems",
    "{count} problem(s) in the input",
    "输入中有 {count} 个问题")
#: the value an error names, when its message does not show it
VALUE_SHOWN = message("errors.value", "value: {value}", "值：{value}")
#: the line after the first problems (or notes) of a long list: how many more, how many in all
MORE = message("errors.more", "… and {more:,} more ({total:,} in all)", "… 另有 {more:,} 条（共 {total:,} 条）")


__all__ = ["CATALOGUE", "InputErrors", "MORE", "Message", "ParameterError", "RatingInputError", "ResultError",
           "SHOWN_PROBLEMS", "Text", "UnknownRankError", "Where", "bounded", "in_order", "joined", "message", "show",
           "told_all", "visibly"]
