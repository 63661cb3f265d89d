"""One family of user-facing errors.

Every problem a rating officer can cause (a bad cell, an unknown rank, a
missing sheet) raises a :class:`RatingInputError`.  Its message names where
the problem is -- file, sheet, row, column, value -- so that it can be fixed
without reading Python.  Only the Excel and command-line edges turn these into
cell errors or exit codes; the math raises and never prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def show(value: Any) -> str:
    """A cell value as an officer would recognise it: dates as 2026-05-01, 30.0 as 30, a time as
    10:30, TRUE/FALSE, text in quotes with any invisible character shown where it stands
    (``'SH003⟨U+200B ZERO WIDTH SPACE⟩'``) -- never a Python repr such as ``datetime.time(0, 0)``."""
    import datetime as dt
    import math
    import unicodedata

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
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return repr(value) if math.isfinite(value) else ("not a number" if value != value else str(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        shown = "".join(f"⟨U+{ord(c):04X} {unicodedata.name(c, 'CONTROL')}⟩"
                        if unicodedata.category(c) in ("Cf", "Cc") else c for c in value)
        return f"'{shown}'"
    return str(value)


def _names(text: str, shown: str) -> bool:
    """Does ``text`` already show the value (as a word of its own: 50 is not named by 3,500)?"""
    import re

    raw = shown[1:-1] if len(shown) > 2 and shown[0] == shown[-1] == "'" and "⟨" not in shown else ""
    if raw and (not raw.isascii() or len(raw) >= 4):
        shown = raw             # a name or a word is named by itself, quoted or not (not a short code: 1, A)
    return re.search(rf"(?<![\w.,]){re.escape(shown)}(?![\w]|[.,]\d)", text) is not None


@dataclass(frozen=True)
class Text:
    """One user-facing message, made by the catalogue (:mod:`xl_ratings.i18n.catalogue`).

    ``id`` names the catalogue entry; ``en`` and ``zh`` are its two texts with
    the parameters filled in (``zh`` in simplified Chinese: the run's language
    turns it traditional for the Hong Kong workbooks, :func:`xl_ratings.i18n.to_lang`).
    ``str()`` gives the English.
    """

    id: str
    en: str
    zh: str

    def __str__(self) -> str:
        return self.en

    def both(self) -> str:
        """English, then the Chinese (one line, as notes and summaries print them)."""
        return f"{self.en} — {self.zh}" if self.zh and self.zh != self.en else self.en


@dataclass(frozen=True)
class Message:
    """A catalogue entry: an id, English and Chinese (simplified) texts with the same
    named parameters; calling it with the parameters gives a :class:`Text`."""

    id: str
    en: str
    zh: str

    def __call__(self, **params: Any) -> Text:
        return Text(self.id, self.en.format(**params), self.zh.format(**params))


#: every catalogue entry, by id (declared in the topic modules: :mod:`xl_ratings.i18n.catalogue`)
CATALOGUE: dict[str, Message] = {}


def message(id: str, en: str, zh: str) -> Message:
    """Declare one catalogue entry (at import of its topic module); an id is declared once."""
    if id in CATALOGUE:
        raise RuntimeError(f"message id {id!r} is declared twice")
    entry = CATALOGUE[id] = Message(id, en, zh)
    return entry


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

    def describe(self) -> str:
        return self._parts("file {}", "sheet '{}'", "line {}", "row {}", "column '{}'", ", ")

    def describe_zh(self) -> str:
        """The same place in Chinese (simplified; the run's language converts it)."""
        return self._parts("文件 {}", "工作表 '{}'", "第 {} 行（文本）", "第 {} 行", "列 '{}'", "，")

    def _parts(self, file: str, sheet: str, line: str, row: str, column: str, sep: str) -> str:
        given = ((file, self.file or None), (sheet, self.sheet or None), (line, self.line), (row, self.row),
                 (column, self.column or None))
        return sep.join(form.format(v) for form, v in given if v is not None)


class RatingInputError(ValueError):
    """A value supplied by the user cannot be used.

    ``problem`` says what is wrong in words a rating officer understands: a
    catalogue :class:`Text` (English and Chinese), or plain English while the
    older call sites are moved to the catalogue (``problem_zh`` beside it);
    ``where`` and ``value`` locate it.  ``str(err)`` joins them (English).
    """

    def __init__(self, problem: str | Text, *, value: Any = None, where: Where | None = None,
                 problem_zh: str | None = None) -> None:
        self.text = problem if isinstance(problem, Text) else None
        self.problem = problem.en if isinstance(problem, Text) else problem
        self.problem_zh = problem.zh if isinstance(problem, Text) else problem_zh
        self.value = value
        self.where = where or Where()
        super().__init__(self._compose())

    def _compose(self) -> str:
        loc = self.where.describe()
        text = f"{loc}: {self.problem}" if loc else self.problem
        if self.value is not None and not _names(text, show(self.value)):
            text += f" (value: {show(self.value)})"
        return text

    def located(self, **where: Any) -> "RatingInputError":
        """A copy of this error with more location filled in."""
        merged = {k: getattr(self.where, k) for k in ("file", "sheet", "row", "column", "line")}
        merged.update({k: v for k, v in where.items() if v is not None})
        return type(self)(self.text or self.problem, value=self.value, where=Where(**merged),
                          problem_zh=self.problem_zh)


class UnknownRankError(RatingInputError):
    """A rank text that no ladder knows (e.g. '十段', '3x')."""


class ResultError(RatingInputError):
    """A game result that is not one of the accepted spellings."""


class ParameterError(RatingInputError):
    """A system parameter (Settings sheet or Python override) that cannot be used."""


class InputErrors(RatingInputError):
    """Several input problems found at once (validation reports them all)."""

    def __init__(self, errors: list[RatingInputError]) -> None:
        self.errors = in_order(errors)
        first = "; ".join(str(e) for e in self.errors[:3])
        more = f" (and {len(self.errors) - 3} more)" if len(self.errors) > 3 else ""
        super().__init__(f"{len(self.errors)} problem(s) in the input: {first}{more}")


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
