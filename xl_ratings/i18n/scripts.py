"""Traditional characters folded to simplified ones for comparing names: one to one only.

OpenCC's ``t2s`` is many to one: 鍾 (a surname) and 鐘 (a bell, and another
surname) both give 钟, 於 and 于 both give 于, 遊 and 游 both give 游 -- two
surnames of Hong Kong each time.  Folding through it made two people one.

Here the tables are OpenCC's own character tables (``TSCharacters``: a
traditional character and its simplified forms; ``STCharacters``: a simplified
character and the traditional forms it may stand for), read once:

* a traditional character is *folded* (:data:`exact table <_tables>`) only when
  it is the one traditional form of its simplified character: 陳 -> 陈, 龍 -> 龙;
* a traditional character one of several forms of a simplified one (鍾, 鐘 and
  鈡 for 钟; 於 and 于 itself for 于) is compared *as written*: 鍾 is not 鐘;
* the *loose* fold (every traditional character to its simplified one) says
  where a simplified spelling may be one of several traditional ones:
  :func:`script_doubt` (钟伟 beside 鍾偉: a question, never a silent match,
  never a silent new player).

Standard library and the tables' text files only (``opencc-python-reimplemented``
ships them); no phrase segmentation: a name is compared character by character.
"""

from __future__ import annotations

import os
from collections import defaultdict
from functools import lru_cache


def _dictionary(name: str) -> list[tuple[str, list[str]]]:
    import opencc

    path = os.path.join(os.path.dirname(opencc.__file__), "dictionary", name)
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            key, _, values = line.rstrip("\n").partition("\t")
            if len(key) == 1 and values.split():
                out.append((key, values.split()))
    return out


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[int, str], dict[int, str], dict[str, tuple[str, ...]]]:
    """(exact, loose, forms): ``str.translate`` tables of the one-to-one fold and of the full
    fold, and each simplified character's traditional forms."""
    first = {t: values[0] for t, values in _dictionary("TSCharacters.txt") if values[0] != t}
    forms: dict[str, set[str]] = defaultdict(set)        # simplified -> the traditional forms it stands for
    for t, s in first.items():
        forms[s].add(t)
    for s, values in _dictionary("STCharacters.txt"):
        forms[s].update(values)          # 于 -> 於 于: 于 is a traditional character too
    loose = dict(first)
    for _ in range(3):                   # a chain (T -> S -> S'): folded to its end, so the fold is idempotent
        loose = {t: loose.get(s, s) for t, s in loose.items()}
    exact = {t: s for t, s in loose.items() if forms[first[t]] == {t} and s == first[t]}
    return ({ord(t): s for t, s in exact.items()}, {ord(t): s for t, s in loose.items()},
            {s: tuple(sorted(ts)) for s, ts in forms.items()})


def fold_exact(text: str) -> str:
    """``text`` with every traditional character that is the one form of its simplified
    character simplified (陳 -> 陈); the others kept as written (鍾, 鐘, 於, 遊)."""
    return text.translate(_tables()[0])


def fold_loose(text: str) -> str:
    """``text`` with every traditional character simplified (鍾, 鐘 -> 钟): for finding the
    spellings that *may* be one name, never for deciding that they are."""
    return text.translate(_tables()[1])


def ambiguous(char: str) -> bool:
    """Is ``char`` a traditional character kept as written (one of several forms of its
    simplified character)?"""
    exact, loose, _ = _tables()
    return ord(char) in loose and ord(char) not in exact


def doubt_forms(a: str, b: str) -> str:
    """Where ``a`` and ``b`` (:func:`script_doubt`) differ, each simplified character and the
    traditional forms it stands for: ``钟 = 鍾 / 鐘 / 鈡``."""
    forms = _tables()[2]
    out = []
    for x, y in zip(a, b):
        if x != y:
            s = fold_loose(x)
            shown = f"{s} = {' / '.join(forms.get(s, (x if x != s else y,)))}"
            if shown not in out:
                out.append(shown)
    return "; ".join(out)


def script_doubt(a: str, b: str) -> bool:
    """May the exactly folded spellings ``a`` and ``b`` be one name written in two scripts?
    Yes when they differ only where one writes the simplified character and the other one
    of its several traditional forms (钟 / 鍾, 于 / 於) -- never where both write a traditional
    character (鍾 / 鐘: two names as written)."""
    if a == b or len(a) != len(b) or fold_loose(a) != fold_loose(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        if not (fold_loose(x) == x) ^ (fold_loose(y) == y):     # exactly one is the simplified character
            return False
    return True


__all__ = ["ambiguous", "doubt_forms", "fold_exact", "fold_loose", "script_doubt"]
