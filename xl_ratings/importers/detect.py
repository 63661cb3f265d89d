"""Tell a results file's format from its content, and load it.

``guess_format`` looks at the bytes, not only the extension:

* an .xlsx/.xlsm/.xls workbook: ``report`` when it has the sheets Event and
  Players (English or Chinese names), else ``crosstable``;
* XML whose root is ``<Tournament`` -> ``opengotha``;
* text whose lines start with a 3-character code and a space (``001 ``,
  ``012 ``) -> ``trf``;
* ``;`` comment tags (``; EV[``, ``; CL[``) or EGF player lines
  (``1 Surname Name 3d CC Club … 12+/w``) -> ``h9``;
* other delimited text (CSV) -> ``crosstable``.

Bounded work: the file is read once, at most ``MAX_SOURCE_BYTES``; a zip
(a workbook source) passes the zip-bomb limits of
:mod:`xl_ratings.files.source` before anything in it is inflated; the text
is looked at line by line in linear time (no regular expression that can
backtrack, no second pass over the file).

Each format's sniff is its record's (:mod:`.formats`: one registry); detection
tries them in the registry's order, a ``fallback`` format (the crosstable) last.
``load`` dispatches to the record's parse and turns every failure into a message
(an :class:`~xl_ratings.errors.InputErrors`), never a traceback.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from ..errors import InputErrors, RatingInputError
from ..files.source import MAX_FILE_BYTES, open_zip, os_reason, read_source, spreadsheet_kind
from ..i18n import utf16
from ..i18n.catalogue import imports as M
from ..i18n.catalogue import sources as S
from .formats import REGISTRY, TOURNAMENT, Format, Opened, names, of_kind
from .formats.common import NotText, fail, not_text, refuse_binary
from .formats.record import SheetReader
from .model import Tournament

FORMATS = names()                       #: the tournament formats, in the registry's order
MAX_SOURCE_BYTES = MAX_FILE_BYTES       #: a tournament file is at most this big (200 MiB)
SNIFF_BYTES = 200_000                   #: the start of a text file its format is told from


def _sheet_names(path: Path) -> list[str]:
    from python_calamine import CalamineWorkbook
    return list(CalamineWorkbook.from_path(str(path)).sheet_names)


def calamine_sheets(path: Path, names: list[str]) -> dict[str, list[list[Any]]]:
    """The sheets' cells with python-calamine (the command line passes the workbook
    layer's reader instead: the same safety checks and size limits as processing)."""
    from python_calamine import CalamineWorkbook
    wb = CalamineWorkbook.from_path(str(path))
    return {n: wb.get_sheet_by_name(n).to_python() for n in names}


def _is_workbook(path: Path, head: bytes) -> bool:
    """A workbook (.xlsx/.xlsm/.ods zip, or an old .xls); a zip over the zip-bomb limits is
    refused here, before calamine (or anything else) inflates a part of it."""
    if head.startswith(b"PK\x03\x04"):
        with open_zip(path) as z:
            return any(n.startswith(("xl/", "content.xml")) for n in z.namelist())
    return head.startswith(b"\xd0\xcf\x11\xe0")      # an old .xls (OLE)


def _sniff_text(data: bytes) -> str:
    """The start of a text file, for telling its format (encoding errors do not matter here): UTF-16
    with its byte-order mark, or without one when the start's bytes say so (:func:`xl_ratings.i18n.utf16.byte_order`:
    the reader then decodes the whole file strictly), else UTF-8; binary data refused."""
    head = data[:SNIFF_BYTES]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return head.decode("utf-16", errors="replace")
    order = utf16.byte_order(head, len(data)) if b"\x00" in head else None
    if order is not None:
        return head[:len(head) // 2 * 2].decode(order, errors="replace")
    refuse_binary(head, len(data))
    return head.decode("utf-8", errors="replace")


def guess_format(path: str | Path) -> str:
    """One of the tournament formats, from the file's content; raises InputErrors if it cannot tell."""
    path = Path(path)
    data = read_source(path, MAX_SOURCE_BYTES)
    return _guess(Opened(path, data, _workbook_sheets(path, data), calamine_sheets)).name


def _is_ods(path: Path, head: bytes) -> bool:
    """An OpenDocument spreadsheet (LibreOffice's own format): its zip starts with the part
    ``mimetype`` naming it, or holds content.xml and no xl/ part (whatever its extension)."""
    if not head.startswith(b"PK\x03\x04"):
        return False
    with open_zip(path) as z:
        return spreadsheet_kind(z) == "ods"


def _workbook_sheets(path: Path, data: bytes) -> list[str] | None:
    """A workbook's sheet names (read once, after the zip limits); None: not a workbook.
    An .ods is refused with the way out (the workbook layer reads Office Open XML only)."""
    if not data.strip() or not _is_workbook(path, data[:8]):
        return None
    if _is_ods(path, data[:8]):
        raise fail(str(path), S.ODS_NOT_READ())
    try:
        return _sheet_names(path)
    except Exception as exc:
        raise fail(str(path), S.WORKBOOK_CANNOT_OPEN(reason=str(exc))) from None


def _guess(opened: Opened) -> Format:
    """The format whose sniff claims ``opened`` (registry order, the fallback last); its start
    decoded into ``opened`` for the sniffs; a file no format claims refused, saying why."""
    path, data = opened.path, opened.data
    if not data.strip():
        raise fail(str(path), M.EMPTY_FILE())
    if opened.sheets is None:
        if data[:4] == b"PK\x03\x04":
            raise fail(str(path), S.ZIP_NOT_WORKBOOK())
        try:
            opened.text = _sniff_text(data)
        except NotText as exc:
            raise fail(str(path), not_text(exc)) from None
        opened.lines = [ln for ln in opened.text.splitlines() if ln.strip()]
    for fmt in sorted(of_kind(TOURNAMENT), key=lambda f: f.fallback):
        if fmt.sniff(opened):
            return fmt
    raise fail(str(path), S.XML_NOT_OPENGOTHA() if opened.xml else S.FORMAT_UNKNOWN())


def load(path: str | Path, format: str | None = None, read_sheets: SheetReader | None = None) -> Tournament:
    """Read any supported results file into a Tournament; every failure is an InputErrors.

    The file is read once (at most ``MAX_SOURCE_BYTES``) and parsed from those bytes.
    ``read_sheets(path, names)``: how to read a workbook's sheets (default: python-calamine)."""
    path = Path(path)
    fmt = format
    try:
        data = read_source(path, MAX_SOURCE_BYTES)
        opened = Opened(path, data, _workbook_sheets(path, data), read_sheets or calamine_sheets)
        record = _guess(opened) if not format else REGISTRY.get(format)
        if record is None or record.parse is None:
            known = names()
            raise fail(str(path), S.UNKNOWN_FORMAT_OPTION(format=repr(fmt), formats=", ".join(known)), value=fmt)
        fmt = record.name
        t = record.parse(opened)
        return dataclasses.replace(t, notes=opened.notes + list(t.notes)) if opened.notes else t
    except InputErrors:
        raise
    except RatingInputError as exc:
        raise InputErrors([exc.located(file=str(path))]) from None
    except OSError as exc:
        raise fail(str(path), S.CANNOT_READ(reason=os_reason(exc))) from None
    except Exception:                  # the parsers' and calamine's own error types
        raise fail(str(path), S.DAMAGED_OR_NOT(format=fmt or "supported")) from None
