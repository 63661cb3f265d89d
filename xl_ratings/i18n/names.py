"""Chinese personal names in the traditional script, as Hong Kong writes them.

OpenCC converts by characters and phrases of everyday Chinese.  A name is not
everyday Chinese: its first character is a surname, and several simplified
surname characters are also simplified forms of other, commoner words.
OpenCC's character table then writes the word, not the surname: 范 (the
surname) -> 範 ("model"), 于 -> 於 ("at"), 余 -> 餘 ("surplus"), 游 -> 遊,
郁 -> 鬱, 干 -> 幹, 朴 -> 樸, 占 -> 佔, 党 -> 黨, 涂 -> 塗 ...  In Hong Kong
范, 于, 余, 游 ... are themselves surnames, written as they are.  OpenCC's
phrase table knows a few famous people, and so spells one 范 or 余 right and
the next one wrong; it also spells one given name two ways (a singer's 杰
kept, everyone else's 傑).

So a name is converted in two parts (:func:`traditional_name`):

* the **surname** -- two characters when they are a compound surname
  (:data:`COMPOUND_SURNAMES`: 欧阳, 司马, 钟离 ...), else one -- is kept as
  written when it is itself a traditional surname OpenCC would turn into
  another character (:data:`KEPT_SURNAMES`), else converted on its own
  (钟 -> 鍾, the surname, not 鐘 the bell; 陈 -> 陳);
* the **given name** is converted on its own, by OpenCC's phrases, so that one
  given name is spelled one way whoever bears it.

``tests/i18n/test_names.py`` converts every surname of a list of common
surnames and compares it with its Hong Kong spelling.
"""

from __future__ import annotations

import re

from . import traditional

#: Two-character surnames (simplified): the surname is both characters (欧阳修 -> 欧阳 + 修).
COMPOUND_SURNAMES = frozenset((
    "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "长孙", "宇文", "司徒",
    "夏侯", "轩辕", "端木", "独孤", "南宫", "西门", "百里", "呼延", "澹台", "申屠", "太史", "钟离", "闻人",
    "万俟", "赫连", "濮阳", "拓跋", "司空", "东郭", "公冶", "宗政", "仲孙", "鲜于", "闾丘", "亓官",
))
#: Simplified surname characters that are surnames as written in traditional Chinese too, where
#: OpenCC's character table writes another word: 范 (not 範), 于 (not 於), 余 (not 餘) ...
KEPT_SURNAMES = frozenset("范于余游郁干朴占党涂丑斗后咸种岳")
#: Compound surnames whose traditional form keeps a character OpenCC would turn into another word.
COMPOUND_KEPT = {"万俟": "万俟", "鲜于": "鮮于"}

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def surname_length(name: str) -> int:
    """How many leading characters of a Chinese ``name`` (no spaces) are its surname: 2 for a
    compound surname (欧阳修, 歐陽修), else 1."""
    from . import simplified

    head = name[:2]
    return 2 if len(name) > 2 and (head in COMPOUND_SURNAMES or simplified(head) in COMPOUND_SURNAMES) else 1


def traditional_surname(surname: str) -> str:
    """A surname in traditional characters, as Hong Kong writes it (范 stays 范; 陈 -> 陳; 钟 -> 鍾)."""
    if surname in COMPOUND_KEPT:
        return COMPOUND_KEPT[surname]
    if len(surname) == 1 and surname in KEPT_SURNAMES:
        return surname
    return traditional(surname)


def traditional_name(name: str) -> str:
    """A person's name in traditional characters: the surname as Hong Kong writes it
    (:func:`traditional_surname`), the given name by OpenCC on its own; a name with no
    Chinese character, or one that does not start with one, unchanged but for OpenCC."""
    text = name.strip()
    if not text or text.isascii():
        return name
    if not _HAN.match(text):
        return traditional(name)
    spaced = re.match(r"(\S+)(\s+)(.*)", text, re.S)     # 范 伟: the surname is written apart
    if spaced is not None and all(_HAN.match(c) for c in spaced.group(1)):
        return traditional_surname(spaced.group(1)) + spaced.group(2) + traditional(spaced.group(3))
    n = surname_length(text)
    return traditional_surname(text[:n]) + traditional(text[n:])


__all__ = ["COMPOUND_SURNAMES", "KEPT_SURNAMES", "surname_length", "traditional_name", "traditional_surname"]
