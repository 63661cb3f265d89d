"""UTF-16 text without a byte-order mark, told from its bytes (Windows tools and pairing programs
write UTF-16LE, some UTF-16BE, with no BOM).

Text in UTF-16 is two bytes a character.  The characters our files are made of -- digits,
separators, results, line ends, Latin names -- are ASCII: their high byte is NUL, the second
byte of a pair in UTF-16LE (odd offsets), the first in UTF-16BE (even offsets).  Chinese
characters have no NUL; the digits, commas and line ends around the names still give the
pattern.  So bytes are taken for UTF-16 text without a BOM only when all of this holds:

* the pattern (:func:`byte_order`): in the sample (the file's first :data:`SAMPLE` bytes, cut to an
  even length), at least one 2-byte unit in :data:`SHARE` has its NUL on the one side, and the
  other side holds at most half as many NULs (a real character ending in 00, 一 U+4E00, is rare;
  binary data -- integers, offsets, zeros -- has NULs on both sides).  A list of three-character
  Chinese names, one a line, is 1 unit in 4 ASCII (its line ends); a crosstable or a TRF far more;
  random bytes 1 in 256;
* an even length: a file of odd length is not UTF-16 (:func:`odd_length` tells it, for the message);
* the whole text decodes strictly (a lone or reversed surrogate is refused) and holds no control
  character but tab, line feed, carriage return and form feed (a DOS end-of-file mark, Ctrl-Z, at the
  very end is allowed), no NUL character, no C1 control and no non-character U+FFFE/U+FFFF
  (:func:`decode`; a game list, too big to hold, is sniffed from its first megabyte by
  :func:`byte_order` and decoded strictly by its reader as it is read).

What remains -- does the text look like a crosstable, a TRF, an h9, a game list? -- is the
reader's: the format is told from the text as from any other (a text in no known format is
refused as such).  A zip, a PDF, a PNG, an .xlsx renamed .csv or random bytes fail one of the
checks and are refused as binary, as before.
"""

from __future__ import annotations

import codecs
import re

LE, BE = "utf-16-le", "utf-16-be"
#: an encoding as a message names it
NAMES = {LE: "UTF-16LE", BE: "UTF-16BE"}
#: the bytes of a file's start the pattern is looked for in
SAMPLE = 1 << 16
#: at least one unit in SHARE of the sample is an ASCII-range character (its NUL on the right side)
SHARE = 8
#: what no text holds: control characters but tab, LF, FF, CR; DEL and the C1 controls; U+FFFE, U+FFFF
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffe\uffff]")


def _sides(sample: bytes) -> tuple[int, int, int]:
    """(units, NULs at even offsets, NULs at odd offsets) of ``sample`` cut to an even length."""
    n = len(sample) // 2
    return n, sample[0:2 * n:2].count(0), sample[1:2 * n:2].count(0)


def _pattern(sample: bytes) -> str | None:
    units, even, odd = _sides(sample)
    if not units:
        return None
    least = max(1, -(-units // SHARE))
    if odd >= least and 2 * even <= odd:
        return LE
    if even >= least and 2 * odd <= even:
        return BE
    return None


def _bom(data: bytes) -> bool:
    return data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))


def byte_order(head: bytes, size: int | None = None) -> str | None:
    """:data:`LE` or :data:`BE` when ``head`` -- a file's start, or the whole file when ``size`` (the
    file's length) is None -- looks like UTF-16 text without a BOM: the NUL pattern in its first
    :data:`SAMPLE` bytes, an even length, and all of ``head`` decoding strictly into text (a character
    cut at its end allowed); else None (a file with a BOM is not this function's: None)."""
    if _bom(head) or (len(head) if size is None else size) % 2:
        return None
    order = _pattern(head[:SAMPLE])
    if order is None:
        return None
    try:
        text = codecs.getincrementaldecoder(order)("strict").decode(head[:len(head) // 2 * 2], final=False)
    except UnicodeDecodeError:
        return None
    return order if _text(text, whole=size is None or size == len(head)) else None


def _text(text: str, whole: bool) -> bool:
    """No character that text never holds (a Ctrl-Z at the very end of a whole file allowed)."""
    if whole:
        text = text.rstrip("\x1a")
    return _NOT_TEXT.search(text) is None


def decode(data: bytes) -> tuple[str, str] | None:
    """(the text, :data:`LE` or :data:`BE`) of a whole file in UTF-16 without a BOM (see the module:
    every check, on all of it); None when it is not."""
    if _bom(data) or len(data) % 2:
        return None
    order = _pattern(data[:SAMPLE])
    if order is None:
        return None
    try:
        text = data.decode(order)
    except UnicodeDecodeError:
        return None
    return (text, order) if _text(text, whole=True) else None


def odd_length(head: bytes, size: int | None = None) -> bool:
    """Has ``head`` (a file's start; the whole file when ``size`` is None) the NUL pattern of UTF-16
    without a BOM, but an odd length -- a byte missing (a file cut short), or not UTF-16 at all?"""
    return not _bom(head) and (len(head) if size is None else size) % 2 == 1 \
        and _pattern(head[:SAMPLE]) is not None


__all__ = ["BE", "LE", "NAMES", "SAMPLE", "SHARE", "byte_order", "decode", "odd_length"]
