"""Which Chinese code page a file's bytes are in: GB18030 (GBK's superset: the mainland's Excel,
"CSV (逗号分隔)") or Big5-HKSCS (Hong Kong's and Taiwan's, "CSV (逗號分隔)").

Almost any Big5 text also decodes as GB18030 and most GBK text as Big5, so *whether* bytes
decode says little; what they decode *to* says much.  Each reading of the whole sample (never
the header alone: a list's first line is often ASCII, ``white,black,result,date``, and its names
come later) is scored as Chinese text (:func:`plausibility`):

* the share of its characters that are common ones -- the 3,755 of GB2312's first level or
  the 5,401 of Big5's "常用字" (half for the second levels): a wrong reading gives kana, Greek,
  private-use or rare characters (Big5 陳大文 read as GB18030 is 朝ゅ);
* less the share of the *minority script*: real text is simplified (mainland) or traditional
  (Hong Kong) throughout, a wrong reading mixes both (OpenCC's tables say which character
  belongs to which script only).

:func:`guess` keeps the best reading, and says when it is not sure (too few characters, or two
readings nearly as good): the caller tells the officer so.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

#: The code pages tried, the first winning a tie (the mainland's is the more common).
CANDIDATES = ("gb18030", "big5hkscs")
#: The characters scored at most (distinct ones counted with their number: cheap on any sample).
MOST = 1 << 16
#: A reading this much better than the next is sure; with fewer distinct characters than LEAST, none is
#: (one name repeated on every line of a list says no more than once).
MARGIN, LEAST = 0.1, 8
#: Below a sure guess, Big5 is taken over GB18030 (the mainland's, 0.4.0's reading) only when it reads
#: this much better (a GB18030 reading with private-use or unassigned characters: Big5 Ωmega is
#: GB18030 "\ue5a1mega").
CLEAR = 0.5
#: The results a game list may write in Chinese (win, draw, loss; simplified and traditional): a cell
#: that is one of them in one reading only says which code page the list is in (GB18030 胜 and 负 are
#: Big5 吨 and 蛹).
RESULT_WORDS = frozenset("胜勝赢贏和平负負输輸")
#: Two result cells that read in one code page only make the guess sure.
WORDS_SURE = 2
_CELL = re.compile(r"[,\t;\r\n]")


@lru_cache(maxsize=65536)
def _weight(c: str) -> float:
    """How plausible one character is in Chinese text: 1 for a common character (or CJK
    punctuation, a full-width form), 0.5 for a character of a second level, 0.1 for another
    CJK ideograph, 0 for anything else (kana, Greek, Cyrillic, box drawing), -1 for what no
    real text holds (a private-use or unassigned character, the replacement character)."""
    o = ord(c)
    if c == "\ufffd" or unicodedata.category(c) in ("Co", "Cn"):
        return -1.0
    if 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF5E or c in "·—…‘’“”、。，：；！？（）《》【】":
        return 1.0
    if not (0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3134F):
        return 0.0
    best = 0.1
    try:
        b = c.encode("gb2312")
        if len(b) == 2 and 0xB0 <= b[0] <= 0xF7:
            best = 1.0 if b[0] <= 0xD7 else 0.5
    except UnicodeEncodeError:
        pass
    if best < 1.0:
        try:
            b = c.encode("big5")
            code = b[0] << 8 | b[1] if len(b) == 2 else 0
            if 0xA440 <= code <= 0xC67E:
                best = 1.0
            elif 0xC940 <= code <= 0xF9D5:
                best = max(best, 0.5)
        except UnicodeEncodeError:
            pass
    return best


@lru_cache(maxsize=65536)
def _script(c: str) -> int:
    """+1 a simplified-only character (it changes in traditional script), -1 a traditional-only
    one, 0 a character both scripts write alike."""
    from . import simplified, traditional

    if traditional(c) != c:
        return 1
    if simplified(c) != c:
        return -1
    return 0


def plausibility(text: str) -> tuple[float, int]:
    """(how plausible ``text`` is as Chinese text, at most 1; how many characters that judges):
    the share of common characters less the share of the minority script.  ASCII is not counted."""
    counts = Counter(c for c in text if ord(c) > 0x7F and not c.isspace())
    n = sum(counts.values())
    if not n:
        return 0.0, 0
    if len(counts) > MOST:
        counts = Counter(dict(counts.most_common(MOST)))
        n = sum(counts.values())
    good = sum(_weight(c) * k for c, k in counts.items()) / n
    simp = sum(k for c, k in counts.items() if _script(c) > 0)
    trad = sum(k for c, k in counts.items() if _script(c) < 0)
    return good - min(simp, trad) / n, n


@dataclass(frozen=True)
class Guess:
    """The code page a sample reads best in, how plausible it reads (:func:`plausibility`),
    the characters that judged (and how many distinct ones), and whether the choice is sure."""

    encoding: str
    score: float
    chars: int
    sure: bool
    distinct: int = 0


def reads_as(data: bytes, encoding: str) -> bool:
    """Do ``data`` decode in ``encoding`` (a character cut at the end is fine)?"""
    try:
        codecs.getincrementaldecoder(encoding)().decode(data, final=False)
    except UnicodeDecodeError:
        return False
    return True


def result_cells(text: str) -> int:
    """How many cells of ``text`` (CSV lines: ``,``, tab or ``;`` between cells) are a Chinese result word."""
    return sum(1 for cell in _CELL.split(text) if cell.strip() in RESULT_WORDS)


def guess(samples: list[bytes], candidates: tuple[str, ...] = CANDIDATES) -> Guess | None:
    """The code page of ``candidates`` that reads ``samples`` (parts of one file) as the most
    plausible Chinese text; None when none reads the first sample at all.  A later sample (a
    window further on, which may begin inside a character) may hold bytes a reading does not
    take: they count as implausible characters.

    Result words (胜/负/和, 勝/負/和) that read in one code page only decide (sure from
    ``WORDS_SURE`` cells on).  Otherwise the most plausible reading is sure with ``LEAST``
    distinct characters and a lead of ``MARGIN``; a guess that is not sure keeps the first
    candidate (GB18030) unless another reads better by ``CLEAR``."""
    readings: list[tuple[float, int, str, int, int]] = []
    for enc in candidates:
        if not samples or not reads_as(samples[0], enc):
            continue
        text = "".join(codecs.getincrementaldecoder(enc)(errors="replace").decode(s, final=False) for s in samples)
        score, n = plausibility(text)
        readings.append((score, n, enc, len({c for c in text if ord(c) > 0x7F and not c.isspace()}),
                         result_cells(text)))
    if not readings:
        return None
    words = max(readings, key=lambda r: r[4])
    if words[4] and all(r[4] == 0 for r in readings if r is not words):
        return Guess(words[2], words[0], words[1], words[4] >= WORDS_SURE, words[3])
    best = max(readings, key=lambda r: r[0])        # max keeps the first of equals: GB18030 on a tie
    others = [r[0] for r in readings if r is not best]
    sure = best[3] >= LEAST and (not others or best[0] - max(others) >= MARGIN)
    if not sure and best is not readings[0] and readings[0][2] == candidates[0] \
            and best[0] - readings[0][0] < CLEAR:
        best = readings[0]
    return Guess(best[2], best[0], best[1], sure, best[3])


__all__ = ["CANDIDATES", "RESULT_WORDS", "Guess", "guess", "plausibility", "reads_as", "result_cells"]
