"""Words: labels of sheets and columns, messages, and the two Chinese scripts.

Everything is written once in simplified Chinese (with English beside it);
the Hong Kong workbooks (``lang`` = ``zh-Hant``) get traditional Chinese
through :func:`to_lang` -- the one way to give Chinese text in either
script.  OpenCC's conversion tables (``opencc-python-reimplemented``, pure
Python) do the conversion: phrase-aware, and far more complete than a
hand-kept character map.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

SIMPLIFIED = "zh-Hans"
TRADITIONAL = "zh-Hant"


@lru_cache(maxsize=1)
def _converter() -> Any:   # an opencc.OpenCC (opencc has no type information)
    from opencc import OpenCC

    return OpenCC("s2hk")   # Hong Kong usage (為, 台, 着): the traditional-Chinese workbooks are the HK GoR ones


@lru_cache(maxsize=1)
def _to_simplified() -> Any:
    from opencc import OpenCC
    return OpenCC("t2s")


def simplified(text: str) -> str:
    """``text`` in simplified characters (OpenCC t2s)."""
    return str(_to_simplified().convert(text))


#: OpenCC's phrase choices that are wrong in our vocabulary, undone after the conversion:
#: 表 is a table or a sheet here, never a watch (棋手表 "the Players sheet" -> 棋手錶 "player
#: watch", by the phrase 手表).  ``tests/i18n/test_catalogue_complete.py`` converts every catalogue entry,
#: label and Chinese text of the package and admits only the phrase choices it knows.
WRONG_PHRASE_CHOICES = {"錶": "表"}

#: Our terms, converted one way in every text: OpenCC's phrases may take a term's first
#: character into another word (已有周期 -> 已有周 + 期: "History 已有周期" beside "沒有該週期").
#: ``tests/i18n/test_traditional_chinese.py`` checks every term of ours converts the same way everywhere.
#: Hong Kong's usual forms where OpenCC's s2hk varies by phrase (发布 -> 發佈, 公布 -> 公佈 beside
#: 發布): the HK government's 發布 and 公布, one form everywhere (docs/i18n.md "Hong Kong's forms").
TERMS = {"周期": "週期", "發佈": "發布", "公佈": "公布"}


@lru_cache(maxsize=4096)
def traditional(text: str) -> str:
    """Simplified Chinese text in traditional characters (other text unchanged)."""
    if text.isascii():
        return text
    out = str(_converter().convert(text))
    for wrong, right in WRONG_PHRASE_CHOICES.items():
        if wrong in out and wrong not in text:
            out = out.replace(wrong, right)
    for term, right in TERMS.items():
        if term in out:
            out = out.replace(term, right)
    return out


def to_lang(text: str, lang: str) -> str:
    """``text`` (written in simplified Chinese) in the script of ``lang``."""
    return traditional(text) if lang == TRADITIONAL else text


__all__ = ["SIMPLIFIED", "TRADITIONAL", "to_lang", "traditional"]
