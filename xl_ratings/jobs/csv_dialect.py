"""How a CSV file of a game list (or its players and events files) is written: encoding and separator.

Chinese Excel saves "CSV" in several ways: UTF-8 with a BOM ("CSV UTF-8"),
the system's code page (GBK: "CSV (逗号分隔)"), tab-separated text ("Unicode
text", "文本文件(制表符分隔)") and, on a European locale, ``;``.  The file is
sniffed from its first megabyte: UTF-8 when those bytes read as UTF-8 (the
BOM or not), else GB18030 (GBK's superset) when they read as it; the
separator is the one of ``,``, tab and ``;`` that makes the most known column
names of the header line (a comma when none does).  Sixteen windows of 64 KB
further on (the end included) are looked at too: a list whose first megabyte
is plain ASCII (ids, dates, results) and whose Chinese names come later is
GBK when a window is not UTF-8.
"""

from __future__ import annotations

import codecs
import csv
import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..i18n.labels import header_key

#: The bytes sniffed.
SNIFF_BYTES = 1 << 20
#: Windows sampled beyond the first megabyte (evenly spaced, the end included), and their size.
WINDOWS, WINDOW_BYTES = 16, 1 << 16
#: The separators tried, the first winning a tie.
DELIMITERS = (",", "\t", ";")


@dataclass(frozen=True)
class Dialect:
    """A CSV file's encoding (``utf-8``, ``gb18030`` or ``big5hkscs``) and separator."""

    encoding: str = "utf-8"
    delimiter: str = ","

    @property
    def python(self) -> str:
        """The encoding for Python's readers (a UTF-8 BOM dropped)."""
        return "utf-8-sig" if self.encoding == "utf-8" else self.encoding


def _reads_as(head: bytes, encoding: str) -> bool:
    try:
        codecs.getincrementaldecoder(encoding)().decode(head, final=False)   # a character cut at the end is fine
    except UnicodeDecodeError:
        return False
    return True


def _samples(f: BinaryIO, size: int) -> list[bytes]:
    """Windows of the file beyond its first megabyte, evenly spaced, its end included (a
    GBK name typed late into a UTF-8-looking list), each from a UTF-8 character's start."""
    out: list[bytes] = []
    if size <= SNIFF_BYTES:
        return out
    for k in range(1, WINDOWS + 1):
        f.seek(max(SNIFF_BYTES, (size - WINDOW_BYTES) * k // WINDOWS))
        chunk = f.read(WINDOW_BYTES)
        start = 0
        while start < min(4, len(chunk)) and 0x80 <= chunk[start] <= 0xBF:   # inside a character
            start += 1
        out.append(chunk[start:])
    return out


def sniff(path: Path, known: Collection[str]) -> Dialect:
    """The dialect of the CSV file at ``path``; ``known``: the column keys its header may name."""
    with open(path, "rb") as f:
        head = f.read(SNIFF_BYTES)
        later = _samples(f, os.fstat(f.fileno()).st_size)
    encoding = "utf-8"
    if not head.startswith(codecs.BOM_UTF8) and _reads_as(head, "gb18030") and (
            not _reads_as(head, "utf-8") or not all(_reads_as(w, "utf-8") for w in later)):
        encoding = "gb18030"
        if _reads_as(head, "big5hkscs") and _header(head, "big5hkscs", known)[1][0] > _header(head, encoding, known)[1][0]:
            encoding = "big5hkscs"      # Hong Kong's Excel ("CSV (逗號分隔)"): its header's words read in Big5 only
    return Dialect(encoding, _header(head, encoding, known)[0])


def _header(head: bytes, encoding: str, known: Collection[str]) -> tuple[str, tuple[int, int]]:
    """The separator that makes the most known column names of the first line read in ``encoding``,
    and (how many it makes, how many cells)."""
    text = head.decode("utf-8-sig" if encoding == "utf-8" else encoding, errors="replace")
    first = text.split("\n", 1)[0].rstrip("\r")
    best, score = ",", (-1, -1)
    for d in DELIMITERS:
        cells = next(csv.reader([first], delimiter=d), [])
        mine = (sum(1 for c in cells if header_key(c, set(known))), len(cells))
        if mine > score:
            best, score = d, mine
    return best, score


__all__ = ["DELIMITERS", "Dialect", "sniff"]
