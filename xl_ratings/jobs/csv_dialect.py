"""How a CSV file of a game list (or its players and events files) is written: encoding and separator.

Chinese Excel saves "CSV" in several ways: UTF-8 with a BOM ("CSV UTF-8"),
the system's code page (GBK: "CSV (逗号分隔)"), tab-separated text ("Unicode
text", "文本文件(制表符分隔)") and, on a European locale, ``;``.  The file is
sniffed from its first megabyte: UTF-8 when those bytes read as UTF-8 (the
BOM or not), else GB18030 (GBK's superset) or Big5-HKSCS, whichever reads the
whole sample as the more plausible Chinese text (:mod:`xl_ratings.i18n.codepages`); the
separator is the one of ``,``, tab and ``;`` that makes the most known column
names of the header line (a comma when none does).  Sixteen windows of 64 KB
further on (the end included) are looked at too: a list whose first megabyte
is plain ASCII (ids, dates, results) and whose Chinese names come later is
GBK or Big5 when a window is not UTF-8, judged by those windows.  UTF-16 is read with its
BOM, or without one (UTF-16LE/BE, some Windows tools' "Unicode") when the first megabyte's bytes
say so (:func:`xl_ratings.i18n.utf16.byte_order`; the run says it guessed: :func:`utf16_guessed`).
"""

from __future__ import annotations

import codecs
import csv
import os
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ..i18n import utf16
from ..i18n.codepages import CANDIDATES, guess, reads_as
from ..i18n.labels import LABELS, header_key

#: The bytes sniffed.
SNIFF_BYTES = 1 << 20
#: Windows sampled beyond the first megabyte (evenly spaced, the end included), and their size.
WINDOWS, WINDOW_BYTES = 16, 1 << 16
#: The bytes of non-ASCII lines read as Chinese text to tell GBK from Big5, at most, from the first
#: megabyte and from each later window (thousands of names: plenty; the whole sample would cost
#: several times the CPU for the same answer).
SCORED_BYTES, SCORED_WINDOW = 1 << 18, 1 << 14
#: The separators tried, the first winning a tie.
DELIMITERS = (",", "\t", ";")


@dataclass(frozen=True)
class Dialect:
    """A CSV file's encoding (``utf-8``, ``utf-16``: with its BOM, ``utf-16-le``/``utf-16-be``: without one,
    ``gb18030`` or ``big5hkscs``) and separator."""

    encoding: str = "utf-8"
    delimiter: str = ","
    #: GB18030 and Big5 read the names about equally well (a few short names): the officer is told
    doubt: bool = False
    #: What chose a Chinese code page: SURE (the header's words, result words, enough names), else the
    #: distinct characters judged (0: none -- an ASCII file, or one whose only non-ASCII is an id)
    evidence: int = field(default=0, compare=False)

    @property
    def python(self) -> str:
        """The encoding for Python's readers (a UTF-8 BOM dropped)."""
        return "utf-8-sig" if self.encoding == "utf-8" else self.encoding


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


#: The evidence of a code page told for sure.
SURE = 1 << 30
#: The CSV files of the run in progress (:func:`one_run`) and their own dialects, as sniffed.
_RUN: ContextVar[tuple[tuple[Path, ...], dict[Path, Dialect]] | None] = ContextVar("csv_run", default=None)


@contextmanager
def one_run(paths: Iterable[str | os.PathLike[str] | None]) -> Iterator[None]:
    """Within: the CSV files ``paths`` (a game list, its players and events files) are one run's, written
    by one program in one code page: a file whose own bytes do not tell GB18030 from Big5 for sure is
    read in the code page of the file of the run that tells it best (a Big5 players file of Chinese
    names, and a game list whose only non-ASCII text is the id Ωmega, read alike: ids keep matching)."""
    files = tuple(Path(p) for p in paths if p is not None and Path(p).suffix.lower() in (".csv", ".txt"))
    token = _RUN.set((files, {}))
    try:
        yield
    finally:
        _RUN.reset(token)


def sniff(path: Path, known: Collection[str]) -> Dialect:
    """The dialect of the CSV file at ``path`` (:func:`sniff_alone`), in the code page of the run's
    other file that tells it better when this one cannot tell it for sure (:func:`one_run`)."""
    own = sniff_alone(path, known)
    run = _RUN.get()
    if run is None or own.encoding not in CANDIDATES or own.evidence >= SURE:
        return own
    files, seen = run
    here = Path(path).resolve() if Path(path).exists() else Path(path)
    best = own
    for other in files:
        try:
            if not other.is_file() or other.resolve() == here:
                continue
            key = other.resolve()
            if key not in seen:
                seen[key] = sniff_alone(other, set(LABELS))
        except OSError:
            continue
        d = seen[key]
        if d.encoding in CANDIDATES and d.evidence > best.evidence:
            best = d
    if best is own or best.encoding == own.encoding:
        return own
    with open(path, "rb") as f:
        head = f.read(SNIFF_BYTES)
    if not reads_as(head, best.encoding):
        return own
    return Dialect(best.encoding, _header(head, best.encoding, known)[0], best.doubt, best.evidence)


def sniff_alone(path: Path, known: Collection[str]) -> Dialect:
    """The dialect of the CSV file at ``path``; ``known``: the column keys its header may name.

    UTF-8 when the first megabyte and every later window read as UTF-8 (the BOM or not); else the
    Chinese code page (GB18030 or Big5-HKSCS) whose header names more known columns, else whose
    reading of the whole sample -- header, names and all -- is the more plausible Chinese text
    (:func:`xl_ratings.i18n.codepages.guess`: a list whose first line is ASCII is judged by its
    names); ``doubt`` when that could not be told for sure."""
    with open(path, "rb") as f:
        head = f.read(SNIFF_BYTES)
        size = os.fstat(f.fileno()).st_size
        later = _samples(f, size)
    encoding, doubt, evidence = "utf-8", False, 0
    order = utf16.byte_order(head, size) if b"\x00" in head else None
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # Excel's "Unicode text" (UTF-16 with its BOM, tab-separated): read as text, any line ends
        encoding = "utf-16"
    elif order is not None:
        # UTF-16 without a BOM (a Windows tool's, a pairing program's), told from the first megabyte's
        # bytes (:func:`xl_ratings.i18n.utf16.byte_order`); the reader decodes the rest strictly
        encoding = order
    elif not head.startswith(codecs.BOM_UTF8) and reads_as(head, "gb18030") and (
            not reads_as(head, "utf-8") or not all(reads_as(w, "utf-8") for w in later)):
        encoding = "gb18030"
        readers = [e for e in CANDIDATES if reads_as(head, e)]
        named = {e: _header(head, e, known)[1][0] for e in readers}
        if len(set(named.values())) > 1:            # the header's words read in one code page only
            encoding, evidence = max(readers, key=lambda e: named[e]), SURE
        else:
            names = [_names(head, SCORED_BYTES)] + [_names(w.split(b"\n", 1)[-1], SCORED_WINDOW) for w in later]
            got = guess(names, tuple(readers))
            if got is not None:
                encoding, doubt = got.encoding, not got.sure and got.chars > 0
                evidence = SURE if got.sure else got.distinct
    return Dialect(encoding, _header(head, encoding, known)[0], doubt, evidence)


def _names(chunk: bytes, most: int) -> bytes:
    """The lines of ``chunk`` that hold a non-ASCII byte (the names: ids, dates and results are ASCII),
    at most about ``most`` bytes of them."""
    out: list[bytes] = []
    size = 0
    for line in chunk.split(b"\n"):
        if not line.isascii():
            out.append(line)
            size += len(line) + 1
            if size >= most:
                break
    return b"\n".join(out)


def _header(head: bytes, encoding: str, known: Collection[str]) -> tuple[str, tuple[int, int]]:
    """The separator that makes the most known column names of the first line read in ``encoding``,
    and (how many it makes, how many cells)."""
    if encoding.startswith("utf-16") and len(head) % 2:
        head = head[:-1]                            # (a character cut at the end of the sample)
    text = head.decode("utf-8-sig" if encoding == "utf-8" else encoding, errors="replace")
    first = text.split("\n", 1)[0].split("\r", 1)[0]
    best, score = ",", (-1, -1)
    for d in DELIMITERS:
        cells = next(csv.reader([first], delimiter=d), [])
        mine = (sum(1 for c in cells if header_key(c, set(known))), len(cells))
        if mine > score:
            best, score = d, mine
    return best, score


#: A code page as the officer knows it.
CODE_PAGES = {"gb18030": "GB18030 (GBK)", "big5hkscs": "Big5-HKSCS"}


def code_page_doubt(path: Path) -> tuple[str, str] | None:
    """(the code page a CSV file was read in, the other one) when :func:`sniff` could not tell
    them apart for sure; None for a file read for sure (UTF-8 included) or not a CSV file."""
    if path.suffix.lower() not in (".csv", ".txt") or not path.is_file():
        return None
    dialect = sniff(path, set(LABELS))
    if not dialect.doubt:
        return None
    other = next(e for e in CANDIDATES if e != dialect.encoding)
    return CODE_PAGES[dialect.encoding], CODE_PAGES[other]


def utf16_guessed(path: Path) -> str | None:
    """``UTF-16LE`` or ``UTF-16BE`` when a CSV file was read as UTF-16 without a byte-order mark (told from
    its bytes: the officer is told so); None for any other file."""
    if path.suffix.lower() not in (".csv", ".txt") or not path.is_file():
        return None
    with open(path, "rb") as f:         # (what :func:`sniff_alone` looks at first: no code page to guess)
        head = f.read(SNIFF_BYTES)
        size = os.fstat(f.fileno()).st_size
    order = utf16.byte_order(head, size) if b"\x00" in head else None
    return utf16.NAMES[order] if order is not None else None


__all__ = ["CODE_PAGES", "DELIMITERS", "SURE", "Dialect", "code_page_doubt", "one_run", "sniff", "sniff_alone",
           "utf16_guessed"]
