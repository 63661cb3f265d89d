"""Is this file ours?  Looked at without ever blocking on a pipe or reading a device.

An existing output is overwritten only when it is an earlier output of
xl-ratings (:func:`is_our_json`, :func:`is_our_csv`) -- a workbook only when
it is an earlier output *of this workbook* (:func:`is_output_of`): a workbook
xl-ratings writes elsewhere (``--output``) carries a hidden defined name
:data:`SOURCE_NAME` holding :func:`source_stamp` of the workbook it was made
from.  Another federation's processed workbook is not ours to overwrite.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import zipfile
from pathlib import Path
from typing import BinaryIO, Sequence

from .encode import csv_bytes
from .osflags import CHUNK, O_BINARY, O_CLOEXEC, O_NONBLOCK

JSON_MARKER = "generator"        #: first key of our JSON exports: ``{"generator": "xl-ratings ...", ...}``


def safe_head(path: Path, n: int) -> bytes | None:
    """At most ``n`` bytes from the start of ``path`` if it is a regular file; else None.

    Follows links (the question is what the name holds) but never blocks on a
    pipe nor reads a device.
    """
    try:
        fd = os.open(path, os.O_RDONLY | O_NONBLOCK | O_BINARY | O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, n)
    except OSError:
        return None
    finally:
        os.close(fd)


def open_regular(path: Path) -> BinaryIO | None:
    """``path`` opened for reading if it is a regular file (never blocks on a pipe); else None."""
    try:
        fd = os.open(path, os.O_RDONLY | O_NONBLOCK | O_BINARY | O_CLOEXEC)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return os.fdopen(fd, "rb")
    except OSError:
        pass
    os.close(fd)
    return None


def _workbook_xml(path: Path) -> bytes | None:
    f = open_regular(path)
    if f is None:
        return None
    with f:
        try:
            if f.read(4) != b"PK\x03\x04":
                return None
            f.seek(0)
            with zipfile.ZipFile(f) as z, z.open("xl/workbook.xml") as part:
                return part.read(4 * CHUNK)
        except (OSError, zipfile.BadZipFile, ValueError, KeyError, EOFError):
            return None


def is_workbook(path: str | os.PathLike) -> bool:
    """An .xlsx/.xlsm package (a zip holding ``xl/workbook.xml``); never blocks or reads a device."""
    return _workbook_xml(Path(path)) is not None


#: The hidden defined name of a workbook written with ``--output``: which workbook it came from.
SOURCE_NAME = "XLRATINGS_SOURCE"


def source_stamp(workbook: str | os.PathLike) -> str:
    """What an output written from ``workbook`` (its real path) says it came from: a digest
    of the path, so that the officer's folders are not written into the file."""
    key = os.path.normcase(os.path.realpath(workbook))
    return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def is_output_of(path: str | os.PathLike, workbook: str | os.PathLike) -> bool:
    """A workbook xl-ratings wrote from ``workbook`` (``--output``), and nothing else: not
    another federation's processed workbook, not one adopted and processed in place since."""
    xml = _workbook_xml(Path(path))
    if xml is None:
        return False
    m = re.search(rb'<(?:\w+:)?definedName\b[^>]*\bname="%s"[^>]*>(?:"|&quot;)([0-9a-f]+)(?:"|&quot;)<'
                  % SOURCE_NAME.encode(), xml)
    return m is not None and m.group(1).decode() == source_stamp(workbook)


def is_our_json(path: str | os.PathLike) -> bool:
    """A JSON export of xl-ratings: our marker key first, or (older exports) ``{"system": ..., "period"``."""
    head = safe_head(Path(path), 512)
    if head is None:
        return False
    text = head.decode("utf-8", "replace").lstrip("\ufeff")
    return bool(re.match(r'\{\s*"%s"\s*:\s*"xl-ratings' % JSON_MARKER, text)
                or re.match(r'\{\s*"system"\s*:\s*"(shanghai|gor|lianzhong|peng)"\s*,\s*"period"\s*:', text))


def is_our_csv(path: str | os.PathLike, header: Sequence[str]) -> bool:
    """A CSV whose first line is exactly ``header`` as :func:`write_csv` writes it."""
    want = csv_bytes(header, [])
    head = safe_head(Path(path), len(want))
    return head == want


def is_our_text(path: str | os.PathLike, heads: Sequence[bytes]) -> bool:
    """A text file that begins with one of ``heads`` (how the text files xl-ratings writes begin)."""
    head = safe_head(Path(path), max((len(h) for h in heads), default=0))
    return head is not None and any(h and head.startswith(h) for h in heads)
