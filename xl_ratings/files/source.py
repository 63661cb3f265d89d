"""Reading a file the officer gives us, within bounds, before anything is inflated or parsed.

* :func:`read_source` -- the bytes of a regular file, at most a size limit
  (never blocking on a pipe, never reading a device);
* :func:`open_zip` -- a zip (a workbook, an .ods, an import source) opened
  only after its central directory passes the zip-bomb limits below, *before*
  any part is inflated; :func:`zip_problem` applies the same limits to an
  already open zip (a package held in memory).

Every zip xl-ratings opens goes through these limits (the workbook checks of
:mod:`xl_ratings.xlsx.safety` build on them): at most ``MAX_FILE_BYTES`` on
disk, ``MAX_PARTS`` parts, ``MAX_UNCOMPRESSED`` bytes in all, no part larger
than ``MAX_PART_BYTES`` nor inflating more than ``MAX_RATIO`` times (above
1 MiB).  The sizes are the ones the zip declares; a part that inflates
beyond its declared size is stopped by :mod:`zipfile` itself (a bad CRC or
length), so the declared sizes bound the work.

Standard library and :mod:`xl_ratings.errors` only (the importers use it too).
"""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import InputErrors, RatingInputError, Text, Where
from . import messages as M
from .osflags import CHUNK, O_BINARY, O_CLOEXEC, O_NONBLOCK

MAX_FILE_BYTES = 200 * 2**20        #: 200 MiB on disk
MAX_UNCOMPRESSED = 2 * 2**30        #: 2 GiB in all, inflated
MAX_PART_BYTES = 1 * 2**30          #: 1 GiB for one part
MAX_RATIO = 200                     #: a part may inflate at most this many times (above 1 MiB)
MAX_PARTS = 10_000


def os_reason(err: BaseException) -> Text:
    """Why the operating system refused, in words of each language (its own ``strerror`` is
    English, and would stand English inside a Chinese line); another error's words as given,
    with its number."""
    import errno

    code = getattr(err, "errno", None)
    words = {errno.EACCES: M.OS_NO_PERMISSION, errno.EPERM: M.OS_NO_PERMISSION, errno.EROFS: M.OS_READ_ONLY_DISK,
             errno.ENOSPC: M.OS_DISK_FULL, getattr(errno, "EDQUOT", errno.ENOSPC): M.OS_DISK_FULL,
             errno.ENOENT: M.OS_NO_SUCH_FILE, errno.EISDIR: M.OS_IS_A_FOLDER, errno.ENOTDIR: M.OS_NOT_A_FOLDER,
             errno.ENAMETOOLONG: M.OS_NAME_TOO_LONG, errno.EBUSY: M.OS_BUSY, errno.ETXTBSY: M.OS_BUSY,
             errno.ELOOP: M.OS_LINK_LOOP, errno.EIO: M.OS_IO_ERROR, errno.EMFILE: M.OS_TOO_MANY_FILES,
             errno.ENFILE: M.OS_TOO_MANY_FILES, errno.EEXIST: M.OS_EXISTS}
    if code in words:
        return words[code]()
    if isinstance(err, PermissionError):
        return M.OS_NO_PERMISSION()
    reason = getattr(err, "strerror", None)
    if not reason:
        return M.OS_READ_ERROR()
    return M.OS_OTHER(reason=reason, code=errno.errorcode.get(code, code) if code is not None else "?")


def refuse(path: Path | str, problem: Text) -> InputErrors:
    return InputErrors([RatingInputError(problem, where=Where(str(path)))])


def read_source(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; else InputErrors.

    The size is checked before anything is read (and reading stops at the
    limit should the file grow meanwhile); a pipe or a device is refused
    without blocking."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | O_NONBLOCK | O_BINARY | O_CLOEXEC)
    except FileNotFoundError:
        raise refuse(p, M.NO_SUCH_FILE()) from None
    except IsADirectoryError:
        raise refuse(p, M.NOT_A_REGULAR_FILE()) from None
    except OSError as e:
        raise refuse(p, M.CANNOT_READ(reason=os_reason(e))) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise refuse(p, M.NOT_A_REGULAR_FILE())
        if st.st_size > limit:
            raise refuse(p, M.TOO_BIG(mib=_mib(st.st_size), limit=limit // 2**20))
        chunks: list[bytes] = []
        got = 0
        while True:
            chunk = os.read(fd, min(CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:
                raise refuse(p, M.TOO_BIG(mib=_mib(got), limit=limit // 2**20))
        return b"".join(chunks)
    except OSError as e:
        raise refuse(p, M.CANNOT_READ(reason=os_reason(e))) from None
    finally:
        os.close(fd)


def _mib(n: int) -> str:
    return f"{n / 2**20:.0f}"


def zip_problem(infos: list[zipfile.ZipInfo]) -> Text | None:
    """Why a zip with these entries is refused as a possible zip bomb, or None (sizes as declared)."""
    if len(infos) > MAX_PARTS:
        return M.ZIP_TOO_MANY_PARTS(parts=len(infos), limit=MAX_PARTS)
    for i in infos:
        if i.file_size > MAX_PART_BYTES or (
                i.file_size > 2**20 and i.file_size > MAX_RATIO * max(1, i.compress_size)):
            return M.ZIP_PART_INFLATES(part=i.filename, packed=i.compress_size, size=i.file_size,
                                       part_limit=MAX_PART_BYTES // 2**20, ratio=MAX_RATIO)
    total = sum(i.file_size for i in infos)
    if total > MAX_UNCOMPRESSED:
        return M.ZIP_INFLATES(gib=f"{total / 2**30:.1f}", limit=MAX_UNCOMPRESSED // 2**30)
    return None


def open_zip(path: str | os.PathLike, damaged: Text | None = None) -> zipfile.ZipFile:
    """``path`` opened as a zip once it passes the size and zip-bomb limits; nothing inflated yet.

    Raises InputErrors naming the file: missing, not a regular file, over
    ``MAX_FILE_BYTES``, not a complete zip (``damaged``: the message for that),
    or over a zip-bomb limit."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise refuse(p, M.NO_SUCH_FILE()) from None
    except OSError as e:
        raise refuse(p, M.CANNOT_READ(reason=os_reason(e))) from None
    if not stat.S_ISREG(st.st_mode):
        raise refuse(p, M.NOT_A_REGULAR_FILE())
    if st.st_size > MAX_FILE_BYTES:
        raise refuse(p, M.TOO_BIG(mib=_mib(st.st_size), limit=MAX_FILE_BYTES // 2**20))
    try:
        z = zipfile.ZipFile(p)
        infos = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise refuse(p, damaged or M.ZIP_DAMAGED()) from None
    problem = zip_problem(infos)
    if problem is not None:
        z.close()
        raise refuse(p, problem)
    return z


# --------------------------------------------------------------------------- which spreadsheet a file is

def spreadsheet_kind(z: zipfile.ZipFile) -> str | None:
    """A zip that is another program's spreadsheet, whatever its file's name: ``"ods"``
    (OpenDocument, LibreOffice's own: its part ``mimetype`` names it, or a content.xml without
    any xl/ part), ``"numbers"`` (Apple Numbers: its Index/ parts); None for anything else (an
    .xlsx/.xlsm among them).  The one test every command uses (a workbook opened by process,
    publish or import --into, an import's source)."""
    names = z.namelist()
    if "mimetype" in names and z.getinfo("mimetype").file_size < 200:
        if b"opendocument.spreadsheet" in z.read("mimetype"):
            return "ods"
    if any(n.startswith("xl/") for n in names):
        return None
    if "content.xml" in names:
        return "ods"
    if any(n.startswith("Index/") or n == "Index.zip" for n in names):
        return "numbers"
    return None


def ole_kind(f: BinaryIO) -> str | None:
    """An OLE compound file's kind (``f``: the file, open), from the entries of its first
    directory sector (two reads: the header, that sector): ``"encrypted"`` (an .xlsx saved with
    a password), ``"xls"`` (Excel 97-2003), None when they do not say."""
    f.seek(0)
    head = f.read(512)
    if len(head) < 512 or not head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return None
    size = 1 << min(int.from_bytes(head[30:32], "little"), 16)
    first = int.from_bytes(head[48:52], "little")
    f.seek((first + 1) * size)
    directory = f.read(max(size, 512))
    if "EncryptedPackage".encode("utf-16-le") in directory:
        return "encrypted"
    if "Workbook".encode("utf-16-le") in directory or "Book\0".encode("utf-16-le") in directory:
        return "xls"
    return None


# --------------------------------------------------------------------------- XML values within bounds

MAX_XML_VALUE = 8192    #: an attribute value or a text run of an XML file we read, at most (bytes, or characters)


def _xml_patterns(limit: int, b: bool) -> tuple[Any, ...]:
    import re

    def c(p: str) -> Any:
        return re.compile(p.encode() if b else p)

    return (c("<[^<]{%d}" % limit), c(r"<[^\s/>!?]*"), c(r"\s*([^\s=/>]+)\s*=\s*([\"'])"), c(r"\s*"))


def long_xml_value(data: bytes | str, limit: int = MAX_XML_VALUE) -> tuple[int, str | None, int] | None:
    """The first attribute value or text run of ``data`` (an XML document) longer than ``limit``:
    (its offset, the attribute's name -- None for text -- and its length), else None.

    One pass, before any parse, so that a parser never builds such a value: a value holds no
    ``<``, so only a stretch of more than ``limit`` units without one can hold it (found by a
    regular expression anchored at ``<``: linear); each such stretch is read attribute by
    attribute.  Comments, processing instructions and whitespace between elements do not
    count; a CDATA section is text."""
    b = isinstance(data, bytes)
    stretch, tag, attr, space = _xml_patterns(limit, b)

    def t(s: str) -> Any:
        return s.encode() if b else s

    n = len(data)
    m = stretch.search(data)
    while m is not None:
        start = m.start()
        if data.startswith(t("<![CDATA["), start):
            end = data.find(t("]]>"), start)
            end = n if end < 0 else end
            if end - start - 9 > limit:
                return start + 9, None, end - start - 9
            nxt = data.find(t("<"), end)
        elif data.startswith((t("<!"), t("<?")), start):       # a comment, a PI, a declaration
            end = data.find(t(">"), start)
            nxt = -1 if end < 0 else data.find(t("<"), end)
        else:
            pos = tag.match(data, start).end()
            if pos - start > limit:
                return start + 1, None, pos - start - 1
            while True:
                a = attr.match(data, pos)
                if a is None:
                    break
                close = data.find(a.group(2), a.end())
                close = n if close < 0 else close
                if close - a.end() > limit:
                    name = a.group(1)
                    return a.end(), name.decode("utf-8", "replace") if b else name, close - a.end()
                pos = close + 1
            end = data.find(t(">"), pos)
            if end < 0:
                return None                     # not well-formed: the parser says where
            nxt = data.find(t("<"), end)
            text_end = n if nxt < 0 else nxt
            if text_end - end - 1 > limit and space.match(data, end + 1, text_end).end() < text_end:
                return end + 1, None, text_end - end - 1
        if nxt < 0:
            return None
        m = stretch.search(data, max(nxt, start + 1))
    return None
