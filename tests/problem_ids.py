"""What the officer is told, as the catalogue's message ids and parameters (tests/README.md).

A test asserts the message id and its key parameters, not the English words: the words may be
reworded (and are told in Chinese too) while the id and what it names stay.  A refusal is a
:class:`~xl_ratings.errors.RatingInputError` (one problem) or an
:class:`~xl_ratings.errors.InputErrors` (several); each problem keeps its catalogue
:class:`~xl_ratings.i18n.text.Text` (``id`` and ``params``), its place (``where``) and value.

* :func:`problems` -- an error's problems, each a :class:`Problem`;
* :func:`notes` -- a source's notes (what was skipped on purpose, at its place), each a :class:`Problem`;
* :func:`cli_problems` -- the command line run, its exit code and the problems it printed;
* :func:`refused_with` -- the command line refuses a file (exit 2, the file unchanged, nothing
  written) and the problems it names;
* :func:`raises` -- ``pytest.raises`` for a problem: ``with raises(RatingInputError, "files.lock_busy"):``
  in place of ``pytest.raises(RatingInputError, match="another xl-ratings run")``.

Assert the words only where the words are the point (a rendering test, a bilingual check).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from xl_ratings.errors import RatingInputError
from xl_ratings.i18n.text import Text


@dataclass(frozen=True)
class Problem:
    """One problem as the catalogue knows it: the message id, its parameters (a message within
    the message as ``(id, params)``), where and what."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    value: Any = None
    file: str | None = None
    line: int | None = None

    def has(self, id: str, **params: Any) -> bool:
        """Is this problem ``id`` with (at least) these parameters (compared as text)?"""
        return self.id == id and all(_same(self.params.get(k), v) for k, v in params.items())


def _same(got: Any, want: Any) -> bool:
    return got == want or str(got) == str(want)


def _inner(text: Text) -> Text:
    """A message told at a place (:meth:`Text.at`: ``{where}: {text}``) is the message itself."""
    while dict(text.params).keys() == {"where", "text"} and isinstance(text.param("text"), Text):
        text = text.param("text")
    return text


def _plain(value: Any) -> Any:
    """A parameter as a test compares it: a message within the message as (its id, its parameters)."""
    if isinstance(value, Text):
        return (value.id, {k: _plain(v) for k, v in value.params})
    return value


def problem(err: RatingInputError) -> Problem:
    text = _inner(err.text)
    w = err.where
    return Problem(text.id, {k: _plain(v) for k, v in text.params}, w.sheet, w.row, w.column, err.value,
                   getattr(w, "file", None), getattr(w, "line", None))


def problems(err: BaseException) -> list[Problem]:
    """Every problem of ``err`` (one error, or :class:`~xl_ratings.errors.InputErrors`), in order."""
    errors = getattr(err, "errors", None) or [err]
    return [problem(e) for e in errors]


def notes(texts: list[Text]) -> list[Problem]:
    """A source's notes (what was skipped on purpose, each told at its place: :meth:`Text.at`) as
    problems: the message id and parameters, and the file, line, row and column of its place."""
    told = []
    for text in texts:
        place = text.param("where") if dict(text.params).keys() == {"where", "text"} else None
        at = {k: v for k, v in place.params} if isinstance(place, Text) else {}
        inner = _inner(text)
        told.append(Problem(inner.id, {k: _plain(v) for k, v in inner.params}, at.get("sheet"), at.get("row"),
                            at.get("column"), None, at.get("file"), at.get("line")))
    return told


def ids(err: BaseException) -> list[str]:
    """The message ids of ``err``'s problems, in order."""
    return [p.id for p in problems(err)]


def raised(fn, *args: Any, **kwargs: Any) -> list[Problem]:
    """The problems ``fn(*args, **kwargs)`` refuses with (it must raise a RatingInputError)."""
    try:
        fn(*args, **kwargs)
    except RatingInputError as err:
        return problems(err)
    raise AssertionError(f"{getattr(fn, '__name__', fn)} refused nothing")


def cli_problems(*args: Any) -> tuple[int, list[Problem]]:
    """Run the command line (as :func:`helpers.run_cli`); its exit code and the problems it told
    (recorded where the command line prints them: ``xl_ratings.cli._fail``), [] when none."""
    import xl_ratings.cli as cli

    told: list[Problem] = []
    fail = cli._fail

    def recording(err: RatingInputError) -> int:
        told.extend(problems(err))
        return fail(err)

    cli._fail = recording   # type: ignore[assignment]
    try:
        code = cli.main([str(a) for a in args])
    finally:
        cli._fail = fail     # type: ignore[assignment]
    return code, told


def refused_with(path: Path, *args: Any, output: bool = True) -> list[Problem]:
    """``xl-ratings process PATH ARGS`` is refused: exit 2, ``path`` byte for byte as it was,
    no output written; the problems it told."""
    path = Path(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    out = path.with_name(path.stem + "_out.xlsx")
    code, told = cli_problems("process", path, *(("--output", out) if output else ()), *args)
    assert code == 2, told
    assert told, "refused without a problem told"
    assert not out.exists()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    return told


def only(told: list[Problem], id: str, **params: Any) -> Problem:
    """The one problem of ``told`` that is ``id`` with these parameters (exactly one)."""
    found = [p for p in told if p.has(id, **params)]
    assert len(found) == 1, (id, params, told)
    return found[0]


def where(told: list[Problem], id: str | None = None) -> list[tuple[str | None, int | None, str | None]]:
    """(sheet, row, column) of each problem (of ``id`` only, if given), in order."""
    return [(p.sheet, p.row, p.column) for p in told if id is None or p.id == id]


@contextmanager
def raises(kind: type[RatingInputError], id: str, **params: Any) -> Iterator[Any]:
    """The block raises ``kind`` and one of its problems is ``id`` with (at least) these
    parameters; gives pytest's ExceptionInfo (``.value``: the error)."""
    with pytest.raises(kind) as info:
        yield info
    told = problems(info.value)
    assert any(p.has(id, **params) for p in told), (id, params, told)
