"""A part set in pieces (xlsx/package.Package.set_chunks, written by ZipOut.add_chunks: each piece
deflated in turn) gives the very zip the whole part gives -- the same entry, CRC, sizes and
deflated bytes -- and reads back whole; set whole again, or dropped, it is no longer in pieces."""

from __future__ import annotations

import io
import random
import zipfile

from xl_ratings.xlsx.package import FIXED_TIME, Package, ZipOut


def _base() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.xml", "<a/>")
        z.writestr("b.xml", "<b>" + "x" * 5000 + "</b>")
    return buf.getvalue()


def _pieces() -> list[bytes]:
    rnd = random.Random(28)
    text = "".join(rnd.choice(["<c r=\"A1\">", "棋手", "2400.0", "</c>", "\n"]) for _ in range(40000)).encode()
    cuts = sorted(rnd.sample(range(1, len(text)), 7))
    return [text[i:j] for i, j in zip([0] + cuts, cuts + [len(text)])] + [b""]


def test_pieces_write_the_zip_the_whole_part_writes() -> None:
    pieces = _pieces()
    one, two = Package(_base()), Package(_base())
    one["c.xml"] = b"".join(pieces)
    one["b.xml"] = b"<b/>"
    two.set_chunks("c.xml", pieces)
    two.set_chunks("b.xml", [b"<b", b"/>"])
    assert one.write(date_time=FIXED_TIME) == two.write(date_time=FIXED_TIME)
    z = zipfile.ZipFile(io.BytesIO(two.write(date_time=FIXED_TIME)))
    assert z.testzip() is None and z.read("c.xml") == b"".join(pieces) and z.namelist() == ["a.xml", "b.xml", "c.xml"]
    a, b = ZipOut(), ZipOut()
    a.add("p", b"".join(pieces))
    b.add_chunks("p", pieces)
    assert a.finish() == b.finish()


def test_a_part_in_pieces_reads_back_whole_and_can_be_replaced_or_dropped() -> None:
    pkg = Package(_base())
    pkg.set_chunks("c.xml", [b"<c>", b"1", b"</c>"])
    assert "c.xml" in pkg and "c.xml" in pkg.keys() and pkg["c.xml"] == b"<c>1</c>"
    pkg.set_chunks("d.xml", [b"<d/>"])
    pkg["d.xml"] = b"<e/>"
    pkg.set_chunks("b.xml", [b"<b/>"])
    pkg.drop("b.xml")
    z = zipfile.ZipFile(io.BytesIO(pkg.write()))
    assert z.namelist() == ["a.xml", "c.xml", "d.xml"]
    assert z.read("c.xml") == b"<c>1</c>" and z.read("d.xml") == b"<e/>"
