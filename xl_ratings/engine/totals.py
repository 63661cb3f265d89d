"""Rows that are not players: a table's total, average or note row (issue 24 item 4).

A Players sheet or a crosstable typed by hand often ends with a row such as
``合计`` / ``平均`` / ``Total``, ``38 人`` / ``共38人``, a bare number where the
name goes (the count), or ``注：…`` / ``Note: …``.  Such a row is a summary of the
table, never a person: it is left out -- with a note listing it -- and never
rated or published.  Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from operator import itemgetter
from typing import Any

#: Words that head a total, subtotal or average row (compared case-folded, NFKC, without spaces).
SUMMARY_WORDS = frozenset({
    "合计", "合計", "总计", "總計", "小计", "小計", "共计", "共計", "统计", "統計", "总数", "總數",
    "平均", "平均分", "平均值", "平均等级分", "平均等級分", "平均分数", "平均分數",
    "total", "totals", "grandtotal", "subtotal", "average", "averages", "avg", "mean", "sum"})
_WORDS = "|".join(sorted((re.escape(w) for w in SUMMARY_WORDS), key=len, reverse=True))
#: a summary word, then perhaps a colon and a number: 合计：38, Total 38, 平均 1850.5
_SUMMARY = re.compile(rf"^(?:{_WORDS})[:：]?[0-9.,]*$")
#: a count of people: 38人, 共38人, 共 38 名, 合计38人, 38 players
_COUNT = re.compile(rf"^(?:共|计|計|(?:{_WORDS})[:：]?)?[0-9]+(?:人|名|位|人次|名棋手|players?|persons?|people)$")
#: a note: 注：…, 备注: …, 说明：…, Note: …, Remarks: …, *注
_NOTE = re.compile(r"^(?:\*|※)?(?:注|註|备注|備註|附注|附註|说明|說明|notes?|remarks?|nb)(?:[:：]|\s*\d*[:：.、])",
                   re.IGNORECASE)
_NUMBER = re.compile(r"^[0-9]+(?:[.,][0-9]+)?$")
#: how a summary or a count written in ASCII letters and digits starts: a summary word, or the number
_ASCII_START = frozenset(w[0] for w in SUMMARY_WORDS if w.isascii()) | frozenset("0123456789")


def _folded(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = unicodedata.normalize("NFKC", str(value)).strip().casefold()
    return text.strip("()（）[]【】")


def summary_word(value: Any) -> bool:
    """Is ``value`` a total, average or count word (合计, 平均, Total, 38 人, 共38人)?"""
    text = re.sub(r"\s+", "", _folded(value))
    return bool(text) and bool(_SUMMARY.match(text) or _COUNT.match(text))


def note_text(value: Any) -> bool:
    """Is ``value`` a note (注：…, Note: …)?"""
    return bool(_NOTE.match(_folded(value)))


def summary_row(name: Any, ident: Any = None, *, has_id: bool | None = None) -> bool:
    """Is a row whose name cell is ``name`` (and id cell ``ident``) a total, average, count or note
    row rather than a player?  A row whose id is a word (SH039) is a player whatever its name; a
    name that is only a number is a summary too, in a row without an id
    (``has_id``: whether the row carries an id; default: ``ident`` is filled)."""
    if ident.__class__ is str and ident.isascii() and ident.isalnum() and not ident.isdigit():
        # an id such as SH039 (a players file of 10⁵ rows): folded, it is itself in lower case
        t = ident.lower()      # (a note needs a colon or a stop: never in such an id)
        return t[0] in _ASCII_START and bool(_SUMMARY.match(t) or _COUNT.match(t))
    if summary_word(ident) or note_text(ident):
        return True
    ident_t = re.sub(r"\s+", "", _folded(ident))
    if ident_t and not _NUMBER.match(ident_t):
        return False        # an id such as SH039: a player, even one whose name reads 平均分 or 合计
    if summary_word(name) or note_text(name):
        return True
    if has_id is None:
        has_id = bool(_folded(ident))
    return not has_id and bool(_NUMBER.match(re.sub(r"\s+", "", _folded(name))))


def words_never_summary(ids: list[str]) -> bool:
    """Is every one of ``ids`` (texts) an id such as SH039 -- ASCII letters and digits, not only
    digits -- that does not start as a summary word or a number could: so that
    :func:`summary_row` is False for every row holding one, whatever its name?  (A pass each at
    C speed: a players file of 10⁵ rows.)"""
    return all(map(str.isascii, ids)) and all(map(str.isalnum, ids)) and not any(map(str.isdigit, ids)) \
        and _ASCII_START.isdisjoint(map(str.lower, map(itemgetter(0), ids)))


__all__ = ["SUMMARY_WORDS", "note_text", "summary_row", "summary_word", "words_never_summary"]
