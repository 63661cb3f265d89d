"""UTF-16 without a byte-order mark, told from its bytes (xl_ratings/i18n/utf16.py).

Text of our files' shape (digits, separators, line ends around names, Chinese ones included) in
UTF-16LE or UTF-16BE without a BOM is recognised, in the right byte order, and decodes back to
itself; bytes are taken for such text only when they decode strictly and pass every check (the
NUL pattern, an even length, no control character); real binaries (PNG, zip, PDF, random bytes,
little-endian integers) never are; UTF-8 never is; an odd length is told.
"""

from __future__ import annotations

import io
import random
import re
import struct
import zipfile
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.i18n import utf16

#: Chinese characters none of which ends in a NUL byte (U+xx00: 一 is tested on its own), names'
#: supplementary-plane characters (𠀋, 𡈽: surrogate pairs) and Latin letters with accents
CJK = st.integers(0x4E01, 0x9FA5).filter(lambda o: o & 0xFF).map(chr)
NAME_CHARS = st.one_of(CJK, st.sampled_from(list("𠀋𡈽𨋢ÉéüßZhangWei·")))
NAMES = st.text(NAME_CHARS, min_size=1, max_size=6)
ROWS = st.lists(st.tuples(st.integers(0, 99_999), NAMES, st.sampled_from(["1", "0", "½", "=", "+", "-", ""])),
                min_size=1, max_size=60)
CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffe\uffff]")


def table(rows, sep: str = ",", end: str = "\n") -> str:
    return "".join(f"{n}{sep}{name}{sep}{r}{end}" for n, name, r in rows)


@settings(max_examples=300, deadline=None)
@given(rows=ROWS, sep=st.sampled_from([",", "\t", ";"]), end=st.sampled_from(["\n", "\r\n"]),
       codec=st.sampled_from([utf16.LE, utf16.BE]))
def test_text_in_utf16_without_bom_is_told_and_round_trips(rows, sep, end, codec):
    text = table(rows, sep, end)
    data = text.encode(codec)
    assert utf16.decode(data) == (text, codec)
    assert utf16.byte_order(data) == codec
    # a file's start (cut anywhere, even inside a surrogate pair) tells it too, the file's length given
    cut = data[:max(2, len(data) // 3)]
    assert utf16.byte_order(cut, len(data)) == codec
    # one byte cut off: not UTF-16, and told so
    assert utf16.decode(data[:-1]) is None and utf16.odd_length(data[:-1])
    # UTF-8 (or a BOM's UTF-16: read as such elsewhere) is not this
    assert utf16.decode(text.encode("utf-8")) is None
    assert utf16.decode(text.encode("utf-16")) is None


#: bytes near the pattern: 2-byte units, most with a NUL on one side, the other byte anything
NEAR = st.lists(st.tuples(st.integers(0, 255), st.sampled_from([0, 0, 0, 0x4E, 0xD8, 0xDC, 0xFF])),
                max_size=200).map(lambda units: b"".join(bytes(u) for u in units))
ODD_SIDE = NEAR.map(lambda b: b[::-1])


@settings(max_examples=500, deadline=None)
@given(data=st.one_of(st.binary(max_size=400), NEAR, ODD_SIDE, NEAR.map(lambda b: b + b"\x00")))
def test_bytes_are_utf16_text_only_when_they_decode_strictly_and_pass_the_checks(data):
    got = utf16.decode(data)
    if got is None:
        return
    text, codec = got
    assert len(data) % 2 == 0 and not data.startswith((b"\xff\xfe", b"\xfe\xff"))
    assert data.decode(codec, "strict") == text
    assert CONTROL.search(text.rstrip("\x1a")) is None
    units = len(data) // 2
    nuls = data[1::2].count(0) if codec == utf16.LE else data[0::2].count(0)
    others = data[0::2].count(0) if codec == utf16.LE else data[1::2].count(0)
    assert nuls * utf16.SHARE >= units and 2 * others <= nuls


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200).filter(lambda t: "\x00" not in t))
def test_utf8_text_is_never_taken_for_utf16(text):
    assert utf16.decode(text.encode("utf-8")) is None
    assert utf16.byte_order(text.encode("utf-8")) is None


def _png(rnd: random.Random) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + rnd.randbytes(30) for _ in range(10))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 10, 10, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("games.csv", "1,张伟,1\n" * 200)
    return out.getvalue()


def _pdf() -> bytes:
    stream = zlib.compress("BT (1,张伟,1) Tj ET".encode("utf-16-le") * 40)
    return (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length " + str(len(stream)).encode()
            + b" /Filter /FlateDecode >>\nstream\n" + stream + b"\nendstream\nendobj\n%%EOF\n")


def binaries():
    rnd = random.Random(11)
    yield "png", _png(rnd)
    yield "zip", _zip()
    yield "pdf", _pdf()
    yield "small little-endian integers", b"".join(struct.pack("<I", rnd.randrange(1000)) for _ in range(400))
    yield "16-bit samples", b"".join(struct.pack("<h", rnd.randrange(-300, 300)) for _ in range(2000))
    # text in UTF-16 but for a binary tail: the whole file is looked at
    yield "UTF-16 text, then binary", "1,张伟,1\n".encode("utf-16-le") * 50 + b"\x00\x00\x01\x00\x07\x00"
    yield "a UTF-16 string in a record of integers", b"\x05\x00\x00\x00" + "张伟".encode("utf-16-le") + b"\x00" * 8
    for n in (64, 1000, 70_000):
        yield f"{n} random bytes", rnd.randbytes(n)


@pytest.mark.parametrize("what,data", list(binaries()), ids=[w for w, _ in binaries()])
def test_binaries_are_not_utf16_text(what, data):
    assert utf16.decode(data) is None
    assert utf16.byte_order(data[:utf16.SAMPLE], len(data)) is None


def test_random_bytes_never_pass():
    rnd = random.Random(3)
    assert not any(utf16.decode(rnd.randbytes(rnd.randrange(32, 4096)) ) for _ in range(2000))


def test_mostly_chinese_names_still_give_the_pattern():
    """A list of Chinese names with little ASCII -- three characters and a line end each, 1 unit in
    4 -- is told; so are names holding 一 (U+4E00, a NUL on the other side) now and then."""
    names = "".join(f"{n}\r\n" for n in ["张伟一", "李娜", "王一芳", "陈杰", "刘洋洋", "诸葛一鸣"] * 30)
    for codec in (utf16.LE, utf16.BE):
        assert utf16.decode(names.encode(codec)) == (names, codec)
    only_names = "张伟一李娜王芳陈杰刘洋\n"          # 1 unit in 12: not the pattern, refused
    assert utf16.decode(only_names.encode(utf16.LE)) is None


def test_the_threshold_is_one_unit_in_share():
    """At least one unit in :data:`SHARE` with its NUL on the one side: just at the share it is told,
    one ASCII character fewer it is not."""
    share = utf16.SHARE
    at = "张" * (share - 1) + "1"
    below = "张" * share + "1"
    assert utf16.decode((at * 20).encode(utf16.LE)) == (at * 20, utf16.LE)
    assert utf16.decode((below * 20).encode(utf16.LE)) is None


def test_a_dos_end_of_file_mark_is_allowed_at_the_end_only():
    text = "1,张伟,1\r\n2,李娜,0\r\n"
    assert utf16.decode((text + "\x1a").encode(utf16.LE)) == (text + "\x1a", utf16.LE)
    assert utf16.decode((text + "\x1a" + text).encode(utf16.LE)) is None
