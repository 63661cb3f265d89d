"""The OOXML package (an .xlsx/.xlsm zip), modelled once.

Every reader and writer of this folder finds parts here, the way openpyxl's
``packaging/relationship.py`` does for openpyxl:

* :class:`Package` -- the zip's parts, read lazily, changed in memory, and
  written back with every untouched part copied *raw* (still compressed,
  byte for byte: :class:`ZipOut`);
* :func:`rels_path` -- the relationships part of a part
  (``xl/worksheets/sheet1.xml`` -> ``xl/worksheets/_rels/sheet1.xml.rels``);
* :func:`relationships` / :meth:`Package.rels` -- a part's relationships with
  their targets resolved to part names (:func:`resolve`);
* :func:`sheets_of` / :meth:`Package.sheets` -- the one place that knows how
  a sheet name becomes a part (and whether the workbook counts dates from
  1904);
* :func:`attrs`, :func:`unescape`, :func:`escape_text`, :func:`escape_attr`
  -- the XML escaping rules, once.

Package XML (workbook, relationships) is parsed with defusedxml: no DTD, no
entities.  Standard library, defusedxml, and the zip limits of :mod:`xl_ratings.files.source`.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple
from xml.sax.saxutils import escape

from defusedxml import ElementTree as SafeET

from ..errors import InputErrors, RatingInputError
from ..files.source import zip_problem

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
T_SHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
T_DRAWING = "application/vnd.openxmlformats-officedocument.drawing+xml"
T_CHART = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
R_SHEET = REL_NS + "/worksheet"
R_DRAWING = REL_NS + "/drawing"
R_CHART = REL_NS + "/chart"
R_STYLES = REL_NS + "/styles"
R_TABLE = REL_NS + "/table"

#: the workbook part (Excel, LibreOffice and openpyxl all write it here)
WORKBOOK = "xl/workbook.xml"
CONTENT_TYPES = "[Content_Types].xml"
#: every entry's time in generated files: the same bytes every time
FIXED_TIME = (2026, 1, 1, 0, 0, 0)

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ATTR = re.compile(r'([\w:.-]+)\s*=\s*(?:"([^"]*)"|\'([^\']*)\')')
_REF = re.compile(r"&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


# --------------------------------------------------------------------------- XML text
def unescape(s: str) -> str:
    """XML text or an attribute value as the characters it stands for
    (the five named entities and numeric character references)."""
    if "&" not in s:
        return s

    def one(m: re.Match[str]) -> str:
        ref = m.group(1)
        if ref[0] != "#":
            return _NAMED[ref]
        code = int(ref[2:], 16) if ref[1] in "xX" else int(ref[1:])
        try:
            return chr(code)
        except (ValueError, OverflowError):
            return "\ufffd"
    return _REF.sub(one, s)


def attrs(tag: str) -> dict[str, str]:
    """The attributes of one start tag's text, unescaped (``<sheet name="A&amp;B" …/>``)."""
    return {m.group(1): unescape(m.group(2) if m.group(2) is not None else m.group(3))
            for m in _ATTR.finditer(tag)}


def escape_text(s: str) -> str:
    """Text for an XML element: escaped, characters XML cannot hold replaced by U+FFFD."""
    return escape(_BAD_XML.sub("\ufffd", s))


def escape_attr(s: str) -> str:
    """Text for a double-quoted XML attribute."""
    return escape(_BAD_XML.sub("\ufffd", s), {'"': "&quot;"})


# --------------------------------------------------------------------------- relationships
def rels_path(part: str) -> str:
    """The relationships part of ``part``: ``a/b/c.xml`` -> ``a/b/_rels/c.xml.rels``."""
    folder, _, name = part.rpartition("/")
    return f"{folder}/_rels/{name}.rels" if folder else f"_rels/{name}.rels"


def resolve(base_dir: str, target: str) -> str:
    """A relationship's ``Target`` as a part name (absolute ``/xl/…`` or relative to ``base_dir``)."""
    if target.startswith("/"):
        return target.lstrip("/")
    out: list[str] = []
    for p in (base_dir + "/" + target).split("/"):
        if p == "..":
            if out:
                out.pop()
        elif p and p != ".":
            out.append(p)
    return "/".join(out)


class Relationship(NamedTuple):
    id: str
    type: str
    target: str          #: the part name (resolved), or the external address
    external: bool = False


def relationships(xml: bytes, part: str) -> list[Relationship]:
    """The relationships of ``part`` from its ``.rels`` XML."""
    base = part.rpartition("/")[0]
    out = []
    for el in SafeET.fromstring(xml):
        if not el.tag.endswith("Relationship"):
            continue
        external = el.get("TargetMode") == "External"
        target = el.get("Target") or ""
        out.append(Relationship(el.get("Id") or "", el.get("Type") or "",
                                target if external else resolve(base, target), external))
    return out


def rels_xml(items: Sequence[tuple[str, str, str]]) -> str:
    """A ``.rels`` part holding (Id, Type, Target) relationships."""
    body = "".join(f'<Relationship Id="{i}" Type="{t}" Target="{escape_attr(tg)}"/>' for i, t, tg in items)
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL_NS}">' \
           f"{body}</Relationships>"


# --------------------------------------------------------------------------- sheets
class SheetRef(NamedTuple):
    """A sheet as the workbook lists it."""

    name: str
    part: str            #: e.g. ``xl/worksheets/sheet1.xml`` ("" when its relationship is missing)
    state: str           #: visible | hidden | veryHidden
    rid: str


def sheets_of(workbook_xml: bytes, workbook_rels: bytes) -> tuple[list[SheetRef], bool]:
    """(every sheet of the workbook in order, whether it counts dates from 1904)."""
    targets = {r.id: r.target for r in relationships(workbook_rels, WORKBOOK) if not r.external}
    rid_key = "{%s}id" % REL_NS
    out = []
    date1904 = False
    for el in SafeET.fromstring(workbook_xml).iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "workbookPr":
            date1904 = str(el.get("date1904", "")).strip().lower() in ("1", "true")
        elif tag == "sheet":
            rid = el.get(rid_key) or ""
            out.append(SheetRef(el.get("name") or "", targets.get(rid, ""), el.get("state") or "visible", rid))
    return out, date1904


# --------------------------------------------------------------------------- defined names
def set_defined_name(wb: str, name: str, value: str | None, hidden: bool = True) -> str:
    """workbook.xml with the workbook-level defined name ``name`` set to the formula ``value``
    (None: removed); the workbook's other names kept, in their place."""
    p = re.search(r"<(\w+:)?workbook\b", wb)
    wp = (p.group(1) or "") if p else ""
    q = re.escape(wp)
    own = re.compile(rf'<{q}definedName\b(?=[^>]*\bname="{re.escape(name)}")(?![^>]*\blocalSheetId=)[^>]*'
                     rf'(?:/>|>[^<]*</{q}definedName>)')
    wb = own.sub("", wb)
    if value is None:
        return re.sub(rf"<{q}definedNames>\s*</{q}definedNames>", "", wb)
    tag = (f'<{wp}definedName name="{escape_attr(name)}"' + (' hidden="1"' if hidden else "")
           + f">{escape_text(value)}</{wp}definedName>")
    if re.search(rf"<{q}definedNames\b[^>]*/>", wb):
        return re.sub(rf"<{q}definedNames\b[^>]*/>", f"<{wp}definedNames>{tag}</{wp}definedNames>", wb, count=1)
    if re.search(rf"</{q}definedNames>", wb):
        return re.sub(rf"</{q}definedNames>", f"{tag}</{wp}definedNames>", wb, count=1)
    return re.sub(rf"</{q}sheets>", f"</{wp}sheets><{wp}definedNames>{tag}</{wp}definedNames>", wb, count=1)


def mark_source(pkg: "Package", stamp: str | None | bool) -> None:
    """Say in ``pkg`` which workbook it was written from (``stamp``: an output, ``--output``),
    or that it is a workbook of its own (None: the mark removed); False: unchanged."""
    from ..files.sniff import SOURCE_NAME

    if stamp is False:
        return
    wb = pkg.text(WORKBOOK)
    if stamp is None and SOURCE_NAME not in wb:
        return
    new = set_defined_name(wb, SOURCE_NAME, None if stamp is None else f'"{stamp}"')
    if new != wb:
        pkg.set_text(WORKBOOK, new)


# --------------------------------------------------------------------------- the zip
class ZipOut:
    """A minimal zip writer that can copy members *raw* (still compressed).

    Copying the workbook's untouched parts without inflating and deflating
    them again is most of the speed of writing results into a big workbook.
    """

    def __init__(self) -> None:
        self.buf = io.BytesIO()
        self.central: list[bytes] = []

    @staticmethod
    def _dos(date_time: tuple[int, ...]) -> tuple[int, int]:
        y, mo, d, h, mi, sec = date_time[:6]
        return (h << 11) | (mi << 5) | (sec // 2), ((max(y, 1980) - 1980) << 9) | (mo << 5) | d

    def _entry(self, name: str, payload: bytes, crc: int, size: int, method: int,
               date_time: tuple[int, ...]) -> None:
        nb = name.encode("utf-8")
        flags = 0 if nb.isascii() else 0x800
        t, d = self._dos(date_time)
        offset = self.buf.tell()
        if max(offset, len(payload), size) >= 0xFFFFFFFF:
            raise ValueError("the workbook is too large for a plain zip (over 4 GiB)")
        self.buf.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, t, d, crc,
                                   len(payload), size, len(nb), 0) + nb)
        self.buf.write(payload)
        self.central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, method, t, d,
                                        crc, len(payload), size, len(nb), 0, 0, 0, 0, 0, offset) + nb)

    def add(self, name: str, data: bytes, level: int = 1,
            date_time: tuple[int, ...] = FIXED_TIME) -> None:
        comp = zlib.compressobj(level, zlib.DEFLATED, -15)
        self._entry(name, comp.compress(data) + comp.flush(), zlib.crc32(data), len(data), 8, date_time)

    def add_chunks(self, name: str, chunks: Sequence[bytes], level: int = 1,
                   date_time: tuple[int, ...] = FIXED_TIME) -> None:
        """:meth:`add` of ``b"".join(chunks)``, the pieces deflated one after another (one deflate
        stream, the same level; never joined)."""
        comp = zlib.compressobj(level, zlib.DEFLATED, -15)
        crc, size, out = 0, 0, []
        for chunk in chunks:
            out.append(comp.compress(chunk))
            crc = zlib.crc32(chunk, crc)
            size += len(chunk)
        out.append(comp.flush())
        self._entry(name, b"".join(out), crc, size, 8, date_time)

    def add_raw(self, info: zipfile.ZipInfo, source: bytes,
                date_time: tuple[int, ...] | None = None) -> None:
        off = info.header_offset
        n, m = struct.unpack("<HH", source[off + 26:off + 30])
        start = off + 30 + n + m
        self._entry(info.filename, source[start:start + info.compress_size], info.CRC, info.file_size,
                    info.compress_type, date_time or info.date_time)

    def finish(self) -> bytes:
        start = self.buf.tell()
        for c in self.central:
            self.buf.write(c)
        size = self.buf.tell() - start
        n = len(self.central)
        self.buf.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, n, n, size, start, 0))
        return self.buf.getvalue()


class Package:
    """A workbook's parts: read lazily, changed in memory, written back with
    every untouched part copied raw.  ``pkg[name]`` are the part's bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.zin = zipfile.ZipFile(io.BytesIO(data))
        infos = self.zin.infolist()
        problem = zip_problem(infos)        # the limits every zip we open meets, before a part is read
        if problem is not None:
            raise InputErrors([RatingInputError(problem)])
        self.infos = {i.filename: i for i in infos}
        self.order = list(self.infos)       #: the parts' order in the written zip
        self.cache: dict[str, bytes] = {}
        self.chunks: dict[str, list[bytes]] = {}   #: parts set in pieces (:meth:`set_chunks`), not yet joined
        self.changed: set[str] = set()
        self.removed: set[str] = set()

    # -- parts
    def __contains__(self, name: object) -> bool:
        return name not in self.removed and (name in self.cache or name in self.chunks or name in self.infos)

    def __getitem__(self, name: str) -> bytes:
        if name in self.removed:
            raise KeyError(name)
        if name in self.chunks:                 # read back: joined once
            self.cache[name] = b"".join(self.chunks.pop(name))
        if name not in self.cache:
            self.cache[name] = self.zin.read(name)
        return self.cache[name]

    def set_chunks(self, name: str, chunks: list[bytes]) -> None:
        """Set part ``name`` to ``b"".join(chunks)``, kept in its pieces (written by
        :meth:`ZipOut.add_chunks`, each piece deflated in turn)."""
        self.removed.discard(name)
        self.cache.pop(name, None)
        self.chunks[name] = chunks
        self.changed.add(name)
        if name not in self.order:
            self.order.append(name)

    def __setitem__(self, name: str, value: bytes) -> None:
        self.chunks.pop(name, None)
        self.removed.discard(name)
        if name not in self.cache or self.cache[name] != value or name not in self.infos:
            self.changed.add(name)
        self.cache[name] = value
        if name not in self.order:
            self.order.append(name)

    def get(self, name: str, default: bytes | None = None) -> bytes | None:
        return self[name] if name in self else default

    def text(self, name: str) -> str:
        return self[name].decode("utf-8")

    def set_text(self, name: str, value: str) -> None:
        self[name] = value.encode("utf-8")

    def drop(self, name: str) -> None:
        """Remove a part (if there)."""
        self.chunks.pop(name, None)
        if name in self:
            self.removed.add(name)
            self.changed.discard(name)
        if name in self.order:
            self.order.remove(name)

    def keys(self) -> list[str]:
        return [n for n in dict.fromkeys(list(self.infos) + list(self.cache) + list(self.chunks)) if n in self]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def fresh(self, pattern: str) -> str:
        """A part name ``pattern.format(n)`` not yet used (``xl/worksheets/sheet{}.xml``)."""
        n = 1
        while pattern.format(n) in self or pattern.format(n) in self.order:
            n += 1
        self.order.append(pattern.format(n))
        return pattern.format(n)

    # -- the model
    def rels(self, part: str) -> list[Relationship]:
        """``part``'s relationships (none when it has no ``.rels``)."""
        xml = self.get(rels_path(part))
        return relationships(xml, part) if xml is not None else []

    def sheets(self) -> list[SheetRef]:
        return sheets_of(self[WORKBOOK], self[rels_path(WORKBOOK)])[0]

    def date1904(self) -> bool:
        return sheets_of(self[WORKBOOK], self[rels_path(WORKBOOK)])[1]

    def sheet_parts(self) -> dict[str, str]:
        """Sheet name -> its part."""
        return {s.name: s.part for s in self.sheets() if s.part}

    def styles_part(self) -> str | None:
        return next((r.target for r in self.rels(WORKBOOK) if r.type.endswith("/styles")), None)

    # -- writing
    def write(self, order: Sequence[str] = (), date_time: tuple[int, ...] | None = None) -> bytes:
        """The new zip: changed parts compressed anew, every other part copied
        raw (still compressed, byte for byte), in ``order`` then the package's
        own order.  ``date_time``: one fixed time for every entry (byte-stable files)."""
        out = ZipOut()
        now = dt.datetime.now().timetuple()[:6]
        for name in dict.fromkeys(list(order) + self.order + self.keys()):
            if name not in self:
                continue
            old = self.infos.get(name)
            when = date_time or (old.date_time if old else now)
            if name in self.chunks:
                out.add_chunks(name, self.chunks[name], date_time=when)
            elif name in self.changed or old is None:
                out.add(name, self[name], date_time=when)
            else:
                out.add_raw(old, self.data, date_time=when)
        return out.finish()


def rewrite_zip(data: bytes, changes: Mapping[str, bytes | None], order: Sequence[str] = (),
                date_time: tuple[int, ...] | None = None) -> bytes:
    """``data`` with the parts in ``changes`` replaced or added (bytes) or
    removed (None); every other part copied raw, byte for byte."""
    pkg = Package(data)
    for name, value in changes.items():
        if value is None:
            pkg.drop(name)
        else:
            pkg[name] = value
    return pkg.write(order, date_time)
