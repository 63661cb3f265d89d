"""Names in Latin letters, surname first, as pairing programs read them.

OpenGotha, pairgoth, Swiss-Manager and Vega read Latin names only (pairgoth's
EGD line pattern accepts ``[-._`'a-zA-ZÀ-ÿ]``).  A player's Latin name is

1. the ``latin_name`` the officer gave (their own romanisation, e.g.
   Cantonese for Hong Kong: ``Chan, Tai Man`` or ``CHAN Tai Man``): the part
   before a comma is the surname, else the first word;
2. else the name itself when it is already written in Latin letters (surname
   first, as above);
3. else its pinyin (``pypinyin``), surname first: ``张三丰`` -> ``Zhang
   Sanfeng``; a two-character surname of :data:`~xl_ratings.i18n.names.COMPOUND_SURNAMES` stays
   whole (``欧阳修`` -> ``Ouyang Xiu``), a surname with its own reading is
   read so (:data:`SURNAME_READINGS`: ``单`` -> ``Shan``, ``曾`` -> ``Zeng``),
   and ü is written ``yu`` as Chinese passports do (``吕`` -> ``Lyu``); digits
   that tell namesakes apart (``王伟2``) are left out.
   Such a name is *generated*: the lists say which.
   For a Hong Kong workbook (``cantonese=True``) the name is read in
   Cantonese instead and spelled as Hong Kong spells names (``陳大文`` ->
   ``Chan Tai Man``, :mod:`.cantonese`); pinyin only where that cannot be had.

Every name is written in ASCII (accents folded: ``Jérémy`` -> ``Jeremy``):
OpenGotha decodes the EGD list as ISO-8859-15 and pairgoth as UTF-8 unless
told otherwise, and only ASCII reads the same in both.  A name with letters
of another script (Korean, Japanese kana) has no Latin form here: the
officer gives its ``latin_name``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..i18n.names import surname_length

#: Surnames read otherwise than the character's usual reading (simplified -> pinyin).
SURNAME_READINGS = {
    "单": "shan", "曾": "zeng", "解": "xie", "区": "ou", "仇": "qiu", "朴": "piao", "查": "zha", "盖": "ge",
    "覃": "qin", "种": "chong", "乐": "yue", "缪": "miao", "翟": "zhai", "员": "yun", "秘": "bi", "宓": "mi",
    "召": "shao", "句": "gou", "繁": "po", "长孙": "zhangsun", "尉迟": "yuchi", "万俟": "moqi", "燕": "yan",
    "柏": "bai", "贲": "ben", "隗": "wei", "冼": "xian", "洗": "xian", "那": "na", "阚": "kan", "祭": "zhai",
    "蕃": "pi", "朝": "chao", "都": "du", "华": "hua", "过": "guo", "折": "she", "沈": "shen", "藏": "zang",
}
#: Letters NFKD does not take apart.
_SPECIAL = {"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
            "þ": "th", "Þ": "Th", "œ": "oe", "Œ": "OE", "ı": "i", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H"}
_ALLOWED = re.compile(r"[A-Za-z][A-Za-z' .\-]*")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef]")


@dataclass(frozen=True)
class LatinName:
    """A name in ASCII letters: surname and given name (words separated by single spaces)."""

    surname: str
    given: str
    generated: str          #: how it was made here ("pinyin", "Cantonese"); "": written by the officer

    def spaced(self) -> str:
        """``Surname Given`` (how matching compares names)."""
        return f"{self.surname} {self.given}".strip()


def fold_ascii(text: str) -> str:
    """``text`` in ASCII where letters allow it (accents dropped); other characters stay."""
    t = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    t = "".join(_SPECIAL.get(c, c) for c in t if not unicodedata.combining(c))
    return t


def _clean(part: str) -> str | None:
    """One name part as ASCII words, or None when it holds what is no letter."""
    words = fold_ascii(part).replace("_", " ").split()
    text = " ".join(words)
    if not text:
        return ""
    return text if _ALLOWED.fullmatch(text) else None


def unwritable(text: str) -> list[str]:
    """The characters of ``text`` a Latin name cannot hold (what is no ASCII letter, space, comma
    or ``- ' . _`` once accents are folded), each once, in order: ``Ab&c <x>`` -> ``&``, ``<``, ``>``."""
    out: list[str] = []
    for c in fold_ascii(text):
        if not (c.isspace() or c.isascii() and (c.isalpha() or c in ",'.-_")) and c not in out:
            out.append(c)
    return out


def shown_characters(chars: list[str]) -> str:
    """Characters as a message lists them: ``&`` ``<``, an invisible or control one by its code
    point and name (``U+200B ZERO WIDTH SPACE``)."""
    return " ".join(c if c.isprintable() and not c.isspace() else f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip()
                    for c in chars)


def _split(text: str) -> tuple[str, str]:
    if "," in text or "，" in text:
        surname, _, given = text.replace("，", ",").partition(",")
        return surname, given
    words = text.replace("_", " ").split()
    return (words[0], " ".join(words[1:])) if words else ("", "")


def written(text: str) -> LatinName | None:
    """A Latin name written by the officer (``Surname, Given`` or ``Surname Given``), or None."""
    surname, given = _split(text)
    s, g = _clean(surname), _clean(given)
    if not s or g is None:
        return None
    return LatinName(s, g, "")


def _syllables(chars: str) -> str:
    """The pinyin of ``chars`` run together; what is no letter (a digit telling namesakes
    apart: 王伟2) is left out."""
    from pypinyin import lazy_pinyin

    text = fold_ascii("".join(lazy_pinyin(chars)).replace("v", "yu"))
    return re.sub(r"[^A-Za-z' .\-]+", "", text)


def pinyin(name: str, cantonese: bool = False) -> LatinName | None:
    """The pinyin of a Chinese name, surname first (``cantonese``: its Hong Kong spelling
    where it can be read so); None when it is not a Chinese name."""
    from ..i18n import simplified

    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", name))
    if not text or not _HAN.match(text):
        return None
    head = simplified(text[:2])
    n = surname_length(text)
    if cantonese:
        from .cantonese import cantonese as hong_kong

        han = "".join(_HAN.findall(text))        # digits telling namesakes apart left out
        got = hong_kong(han, n) if len(han) > n else None
        if got is not None and _clean(got[0]) and _clean(got[1]) is not None:
            return LatinName(got[0], got[1], "Cantonese")
    surname = SURNAME_READINGS.get(head[:n]) or _syllables(text[:n])
    given = _syllables(text[n:])
    s, g = _clean(surname.capitalize()), _clean(given.capitalize())
    if not s or g is None:
        return None
    return LatinName(s, g, "pinyin")


def latin_name(name: str, given: str = "", cantonese: bool = False) -> LatinName | None:
    """The player's Latin name: the officer's ``given`` romanisation, else the name
    when it is Latin, else its pinyin (``cantonese``: a Hong Kong workbook's, its Cantonese
    spelling); None when there is none."""
    if given.strip():
        return written(given)
    if _HAN.search(name or ""):
        return pinyin(name, cantonese)
    return written(name or "")


def published_forms(name: str, given: str = "") -> list[LatinName]:
    """Every Latin name our rating lists may have given the player (the officer's, the
    pinyin, the Hong Kong spelling): how a name a pairing program writes back is recognised."""
    forms = [latin_name(name, given), latin_name(name), latin_name(name, cantonese=True)]
    return [f for i, f in enumerate(forms) if f is not None and f not in forms[:i]]
