"""Names as compared, kept apart from names as written (FORMATS.md "Matching players").

A person's name reaches the workbook typed by many hands: an h9 writes the
surname apart (``龔 軍``), an officer types simplified characters into a
traditional workbook (``龚军`` for ``龔軍``), a web page leaves a zero-width
space or a byte-order mark inside, FIDE writes ``Surname, First`` where a club
writes ``First Surname``.  :func:`canonical` folds every such difference away
-- for comparing only: the name *as written* is what the workbook keeps and
shows.

The canonical form of a text:

1. Unicode NFKC (full-width forms, compatibility characters);
2. invisible characters removed: every format character (Unicode category
   ``Cf``: zero-width space and joiners, BOM, direction marks, soft hyphen,
   word joiner) and control character;
3. punctuation variants made one: every interpunct (``・ ･ • · ‧ ∙ ⋅``, and a full
   stop between two CJK characters) is ``·``, without spaces around it; every
   apostrophe (``’ ‘ ʼ ´ ` ′``) is ``'``; every hyphen and dash (``‐ ‑ – — − ﹣``) is ``-``;
4. traditional characters folded to simplified ones *one to one only*
   (:mod:`.scripts`: 陳 -> 陈; 鍾 and 鐘, both 钟 in OpenCC's ``t2s``, compared as
   written -- :func:`script_doubt` says where a simplified spelling may be either);
5. Latin case folded; runs of spaces made one space; no space at all between
   two CJK characters (Han, kana, Hangul).

:func:`name_keys` adds the order of a person's name: ``Surname, First`` (the
FIDE comma) is also ``First Surname``; a source that says which part is the
surname (h9, OpenGotha) gives both orders likewise.  CJK names keep their one
order (surname first).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .scripts import fold_exact, fold_loose, script_doubt

#: CJK characters (Han with its extensions and compatibility forms, kana, Hangul):
#: a space between two of them is not part of the name (an h9 writes "龔 軍").
CJK_CLASS = ("\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
             "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f")
_CJK = re.compile(f"[{CJK_CLASS}]")
_CJK_GAP = re.compile(f"(?<=[{CJK_CLASS}])\\s+(?=[{CJK_CLASS}])")
_SPACES = re.compile(r"\s+")
#: Interpuncts (a transliterated name's separator: 阿依·古丽, ジョン・スミス), apostrophes and dashes as typed.
_INTERPUNCTS = "\u00b7\u0387\u2022\u2027\u2219\u22c5\u30fb\uff65\u2e31\u1427\u00b7"
_PUNCTUATION = str.maketrans({**{c: "\u00b7" for c in _INTERPUNCTS},
                              **{c: "'" for c in "\u2019\u2018\u02bc\u02bb\u00b4`\u2032\u201b\uff07"},
                              **{c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"}})
_DOT = re.compile(f"(?<=[{CJK_CLASS}])\\s*[.\u00b7]\\s*(?=[{CJK_CLASS}])|\\s*\u00b7\\s*")


def _visible(text: str) -> str:
    """``text`` without format (Cf) and control (Cc) characters; tabs and line ends become spaces."""
    out = []
    for c in text:
        if c in "\t\n\r\v\f":
            out.append(" ")
        elif unicodedata.category(c) not in ("Cf", "Cc"):
            out.append(c)
    return "".join(out)


@lru_cache(maxsize=65536)
def canonical(text: str | None) -> str:
    """``text`` as compared: NFKC, invisible characters removed, simplified characters,
    Latin case folded, one space between words and none between CJK characters."""
    if not text:
        return ""
    t = unicodedata.normalize("NFKC", str(text))
    if not t.isprintable():
        t = _visible(t)
    if not t.isascii():
        t = t.translate(_PUNCTUATION)
        if "\u00b7" in t or "." in t:
            t = _DOT.sub("\u00b7", t)
        if _CJK.search(t):
            t = fold_exact(t)
    elif "`" in t:
        t = t.replace("`", "'")
    t = _SPACES.sub(" ", t.casefold()).strip()
    return _CJK_GAP.sub("", t) if not t.isascii() else t


def plain(text: str | None) -> str:
    """``text`` as an officer would type it back: NFKC, no invisible characters, no space
    between CJK characters -- its script and case kept (``龔 軍`` -> ``龔軍``)."""
    t = unicodedata.normalize("NFKC", str(text or ""))
    if not t.isprintable():
        t = _visible(t)
    return _CJK_GAP.sub("", _SPACES.sub(" ", t).strip())


_CJK_NAME = re.compile(f"(?:[{CJK_CLASS}{_INTERPUNCTS}]|\\s)+")


def written_name(text: str) -> str:
    """A person's name as people write it, for a new player: a name wholly of CJK characters
    (an interpunct allowed) without the spaces a source types between its parts -- ASCII or the
    ideographic U+3000 (``陳 大文``, ``陳\u3000大文`` -> ``陳大文``); a Latin name, or one of mixed
    scripts (``陳 David``), as typed."""
    t = text.strip()
    if t and _CJK.search(t) and _CJK_NAME.fullmatch(t):
        return "".join(t.split())
    return text


def is_cjk(text: str) -> bool:
    """Does ``text`` hold any CJK character?"""
    return bool(_CJK.search(text))


@lru_cache(maxsize=65536)
def name_keys(name: str | None, surname: str | None = None) -> frozenset[str]:
    """Every canonical spelling of a person's name: ``Zhang, Wei`` (FIDE) and a
    name whose ``surname`` the source gives (h9, OpenGotha) in both orders;
    a CJK name (surname first) in its one order.  Empty for a blank name."""
    c = canonical(name)
    if not c:
        return frozenset()
    if "," in c:
        sur, _, first = (part.strip() for part in c.partition(","))
        first = first.replace(",", " ").strip()
        if not sur or not first:
            return frozenset({(sur or first)})
        if is_cjk(sur) and is_cjk(first):
            return frozenset({sur + first})
        return frozenset({f"{sur} {first}", f"{first} {sur}"})
    s = canonical(surname)
    if s and not is_cjk(c) and c.startswith(s + " "):
        return frozenset({c, f"{c[len(s) + 1:]} {s}"})
    return frozenset({c})


def loose_keys(keys: frozenset[str]) -> frozenset[str]:
    """Name keys with every traditional character simplified (:func:`.scripts.fold_loose`):
    where to look for a spelling that may be the same name in the other script."""
    return frozenset(fold_loose(k) for k in keys)


def doubtful(ours: frozenset[str], theirs: frozenset[str]) -> bool:
    """May two names (their keys) be one name written in two scripts, where the folding
    is ambiguous (钟伟 / 鍾偉)?  Not when a key is in common: that is the same name."""
    return not ours & theirs and any(script_doubt(a, b) for a in ours for b in theirs)


@lru_cache(maxsize=16384)
def club_key(text: str | None) -> str:
    """A club's name or code as compared: canonical, without any space, and every traditional
    character simplified (a club is one of a few dozen of the Clubs sheet, where a name
    and a code that differed only by 鍾 / 鐘 would be refused as one word of two clubs)."""
    return fold_loose(canonical(text).replace(" ", ""))


def edit_distance(a: str, b: str, limit: int) -> int:
    """The Levenshtein distance of ``a`` and ``b``, or ``limit + 1`` as soon as it
    exceeds ``limit`` (a banded computation: cheap for the small limits of near misses)."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    if len(a) > len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [limit + 1] * len(b)
        lo, hi = max(1, i - limit), min(len(b), i + limit)
        for j in range(lo, hi + 1):
            cost = 0 if ca == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if min(current[lo - 1:hi + 1]) > limit:
            return limit + 1
        previous = current
    return min(previous[len(b)], limit + 1)


__all__ = ["canonical", "club_key", "doubtful", "edit_distance", "is_cjk", "loose_keys", "name_keys", "plain",
           "written_name"]
