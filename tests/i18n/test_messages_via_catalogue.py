"""Bilingual text is made one way: the catalogue (issue 15).

Read with ``ast`` over every module of ``xl_ratings/``, this fails on

* a ``problem_zh=`` keyword (a message's Chinese written beside its English at
  the call site);
* ``PATTERNS`` -- or ``chinese``/``chinese_of`` imported -- (English wording
  translated into Chinese by regular expressions: edit the English and the
  Chinese silently disappears);
* a string literal (an f-string taken whole) that mixes English words and
  Chinese around " — " -- a message with its Chinese written inline.

What counts as a label, not a message, and may stay outside the catalogue:
words that *name* something rather than *tell* the officer something -- a
sheet, a column, a status, a rank, a unit, a page's header or footer, a chart's
title, the mark that says a sheet is ours, the website's own words and the
Read me text of the templates.  They live in the labels tables
(:mod:`xl_ratings.i18n.labels`: ``LABELS``, ``ENGLISH``, ``CHART_TITLE``,
``RATING_LIST_SHEET_MARK``), the rulebooks' cell words (``System.words``: "暂定
provisional"), the website's furniture (``publish/html.py`` ``UI``,
``publish/build.py``, the page templates) and the templates' own text
(``authoring/``: the Read me sheet, column notes, the data-validation prompts
baked into the workbook, which must stay byte-identical), written as
"中文 English" side by side.  Every
message -- an error, a note, a Checks line, a summary, a command-line or
one-click line -- is a catalogue entry (:mod:`xl_ratings.i18n.catalogue`),
told in the run's language by :meth:`xl_ratings.errors.Text.both` /
:meth:`~xl_ratings.errors.Text.zh_in`.  Docstrings and comments are
documentation, not messages.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "xl_ratings"
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")

#: where the two languages are written side by side on purpose: the catalogue itself, and the
#: labels tables (labels, not messages: see the module's docstring)
CATALOGUE = {"i18n/catalogue", "files/messages.py"}
LABELS = {"i18n/labels.py", "publish/html.py", "publish/build.py"}

def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def old_ways(source: str) -> list[tuple[int, str]]:
    """(line, what) for every old way of making bilingual text in a module's source."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    inner = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.keyword) and n.arg == "problem_zh":
            found.append((n.value.lineno, "problem_zh="))
        elif isinstance(n, ast.Name) and n.id == "PATTERNS" or isinstance(n, ast.Attribute) and n.attr == "PATTERNS":
            found.append((n.lineno, "PATTERNS"))
        elif isinstance(n, ast.ImportFrom) and n.module and n.module.endswith("messages") \
                and {a.name for a in n.names} & {"chinese", "chinese_of", "PATTERNS"}:
            found.append((n.lineno, "i18n.messages (English translated by regex)"))
        elif id(n) not in docs and id(n) not in inner:
            text = _literal(n)
            if text and " — " in text and CJK.search(text) and LATIN.search(text):
                found.append((getattr(n, "lineno", 0), f"inline Chinese: {text[:60]!r}"))
    return found


def _allowed(rel: str) -> bool:
    return rel in LABELS or any(rel == c or rel.startswith(c + "/") for c in CATALOGUE)


def test_no_message_is_made_bilingual_the_old_ways():
    problems = []
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        if _allowed(rel):
            continue
        problems += [f"{rel}:{line}: {what}" for line, what in old_ways(path.read_text(encoding="utf-8"))]
    assert problems == []


def test_the_checker_sees_each_old_way():
    """Guards against a checker that passes everything: each old way, once, is found;
    labels side by side and docstrings are not."""
    src = '''
"""Docstring — 文档 is documentation."""
raise RatingInputError("must be a number", problem_zh="必须是数字")
from ..i18n.messages import chinese_of
for pattern, zh in PATTERNS:
    pass
note = f"re-processed {p} — 已重新计算 {p}"
label = "等级分 rating"
'''
    kinds = [what.split(":")[0].split(" (")[0] for _, what in old_ways(src)]
    assert sorted(kinds) == ["PATTERNS", "i18n.messages", "inline Chinese", "problem_zh="]


def test_the_old_ways_are_gone():
    """Nothing is allowed the old ways any more (part B done): every module but the catalogue
    and the labels tables is checked; the regex table is gone, and an error is made from a
    catalogue message only -- a plain string is refused where it is made."""
    import pytest

    from xl_ratings.errors import RatingInputError

    for rel in LABELS:
        assert (PKG / rel).exists(), f"{rel} is gone: take it out of LABELS"
    assert not (PKG / "i18n" / "messages.py").exists()
    assert sum(1 for _ in PKG.rglob("*.py")) > 100            # the scan above sees the package
    with pytest.raises(TypeError, match="catalogue message"):
        RatingInputError("must be a number")                  # type: ignore[arg-type]   # no English alone
