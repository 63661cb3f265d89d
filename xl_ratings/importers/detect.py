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

``load`` dispatches and turns every failure into a message (an
:class:`~xl_ratings.errors.InputErrors`), never a traceback.
"""

from __future__ import annotations

import dataclasses

import re
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Callable

from ..errors import InputErrors, RatingInputError
from ..files.source import MAX_FILE_BYTES, open_zip, read_source
from ..i18n.catalogue import imports as M
from ..i18n.catalogue import sources as S
from . import crosstable, h9, opengotha, report, trf
from ._common import NotText, fail, header_words, not_text, refuse_binary
from .model import Tournament

FORMATS = ("trf", "h9", "opengotha", "crosstable", "report")
MAX_SOURCE_BYTES = MAX_FILE_BYTES       #: a tournament file is at most this big (200 MiB)
SNIFF_BYTES = 200_000                   #: the start of a text file its format is told from
CROSSTABLE_SHEETS = ("import", "导入", "導入", "crosstable", "交叉表", "成绩表", "成績表")
_TRF_LINE = re.compile(r"(?:\d{3}|XX[A-Z]|###)(?: |$)")
_H9_TAGS = ("CL[", "EV[", "PC[", "DT[", "HA[", "KM[", "TM[")
_H9_GRADE = re.compile(r"\d{1,2}[kdpKDP]")
_H9_RESULT = re.compile(r"\d+[+\-=?](?:[/!][wbWB?]?\d*)?")


def _sheet_names(path: Path) -> list[str]:
    from python_calamine import CalamineWorkbook
    return list(CalamineWorkbook.from_path(str(path)).sheet_names)


SheetReader = Callable[[Path, list[str]], Mapping[str, list[list[Any]]]]


def _read_sheets(path: Path, names: list[str]) -> dict[str, list[list[Any]]]:
    """The sheets' cells with python-calamine (the command line passes the workbook
    layer's reader instead: the same safety checks and size limits as processing)."""
    from python_calamine import CalamineWorkbook
    wb = CalamineWorkbook.from_path(str(path))
    return {n: wb.get_sheet_by_name(n).to_python() for n in names}


def _is_report(names: list[str]) -> bool:
    roles = {r for r in ("event", "players") for n in names if header_words(n) & set(report.SHEETS[r])}
    return roles == {"event", "players"}


def _is_workbook(path: Path, head: bytes) -> bool:
    """A workbook (.xlsx/.xlsm/.ods zip, or an old .xls); a zip over the zip-bomb limits is
    refused here, before calamine (or anything else) inflates a part of it."""
    if head.startswith(b"PK\x03\x04"):
        with open_zip(path) as z:
            return any(n.startswith(("xl/", "content.xml")) for n in z.namelist())
    return head.startswith(b"\xd0\xcf\x11\xe0")      # an old .xls (OLE)


def looks_like_h9_player(line: str) -> bool:
    """An EGF player line: [place] name … grade (3d, 12k) at least one more field … a round (12+/w)."""
    tokens = line.split()
    if tokens and tokens[0].isdigit():
        tokens = tokens[1:]
    if len(tokens) < 4 or not _H9_RESULT.fullmatch(tokens[-1]):
        return False
    return any(_H9_GRADE.fullmatch(t) for t in tokens[1:-2])


def _h9_tag(line: str) -> bool:
    """``; EV[…]`` and the other EGF header tags."""
    s = line.lstrip()
    return s.startswith(";") and s[1:].lstrip().startswith(_H9_TAGS)


def _sniff_text(data: bytes) -> str:
    """The start of a text file, for telling its format (encoding errors do not matter here)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    refuse_binary(data)
    return data.decode("utf-8", errors="replace")


def guess_format(path: str | Path) -> str:
    """One of FORMATS, from the file's content; raises InputErrors if it cannot tell."""
    path = Path(path)
    data = read_source(path, MAX_SOURCE_BYTES)
    return _guess(path, data, _workbook_sheets(path, data))


def _is_ods(path: Path, head: bytes) -> bool:
    """An OpenDocument spreadsheet (LibreOffice's own format): its zip starts with the part
    ``mimetype`` naming it, or holds content.xml and no xl/ part (whatever its extension)."""
    if not head.startswith(b"PK\x03\x04"):
        return False
    with open_zip(path) as z:
        names = z.namelist()
        if "mimetype" in names and z.getinfo("mimetype").file_size < 200:
            if b"opendocument.spreadsheet" in z.read("mimetype"):
                return True
        return "content.xml" in names and not any(n.startswith("xl/") for n in names)


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


def _guess(path: Path, data: bytes, sheets: list[str] | None) -> str:
    if not data.strip():
        raise fail(str(path), M.EMPTY_FILE())
    if sheets is not None:
        return "report" if _is_report(sheets) else "crosstable"
    if data[:4] == b"PK\x03\x04":
        raise fail(str(path), S.ZIP_NOT_WORKBOOK())
    try:
        content = _sniff_text(data[:SNIFF_BYTES])
    except NotText as exc:
        raise fail(str(path), not_text(exc)) from None
    if content.lstrip("\ufeff \t\r\n").startswith("<"):
        if re.search(r"<Tournament[\s>]", content[:5000]):
            return "opengotha"
        raise fail(str(path), S.XML_NOT_OPENGOTHA())
    lines = [ln for ln in content.splitlines() if ln.strip()]
    trf_lines = sum(1 for ln in lines if _TRF_LINE.match(ln))
    if lines and trf_lines >= max(1, len(lines) * 0.8) and any(ln.startswith("001 ") for ln in lines):
        return "trf"
    if any(_h9_tag(ln) for ln in lines) or \
            sum(1 for ln in lines if looks_like_h9_player(ln)) >= max(1, len(lines) // 2):
        return "h9"
    if any(d in content for d in (",", ";", "\t")):
        return "crosstable"
    raise fail(str(path), S.FORMAT_UNKNOWN())


def _crosstable_sheet(names: list[str]) -> str:
    for n in names:
        if header_words(n) & set(CROSSTABLE_SHEETS):
            return n
    return names[0]


def _load_workbook(path: Path, fmt: str, read: SheetReader, names: list[str]) -> Tournament:
    if not names:
        raise fail(str(path), S.WORKBOOK_NO_SHEETS())
    if fmt == "report":
        tables = read(path, names)
        t = report.parse_report_tables(dict(tables), str(path))
    else:
        sheet = _crosstable_sheet(names)
        tables = read(path, [sheet])
        t = crosstable.parse_rows(tables[sheet], str(path), sheet)
    said = list(getattr(tables, "notes", []))       # merged cells read as their value (xlsx.read.spread_merged)
    return dataclasses.replace(t, notes=said + list(t.notes)) if said else t


_TEXT_READERS: dict[str, Callable[[bytes, str], Tournament]] = {
    "trf": trf.parse_bytes, "h9": h9.parse_bytes, "opengotha": opengotha.parse_bytes,
    "crosstable": crosstable.parse_csv_bytes}


def load(path: str | Path, format: str | None = None, read_sheets: SheetReader | None = None) -> Tournament:
    """Read any supported results file into a Tournament; every failure is an InputErrors.

    The file is read once (at most ``MAX_SOURCE_BYTES``) and parsed from those bytes.
    ``read_sheets(path, names)``: how to read a workbook's sheets (default: python-calamine)."""
    path = Path(path)
    fmt = format
    try:
        data = read_source(path, MAX_SOURCE_BYTES)
        sheets = _workbook_sheets(path, data)
        fmt = format or _guess(path, data, sheets)
        if fmt not in FORMATS:
            raise fail(str(path), S.UNKNOWN_FORMAT_OPTION(format=repr(fmt), formats=", ".join(FORMATS)), value=fmt)
        if fmt in ("report", "crosstable") and sheets is not None:
            return _load_workbook(path, fmt, read_sheets or _read_sheets, sheets)
        if fmt == "report":
            raise fail(str(path), S.REPORT_NOT_WORKBOOK())
        return _TEXT_READERS[fmt](data, str(path))
    except InputErrors:
        raise
    except RatingInputError as exc:
        raise InputErrors([exc.located(file=str(path))]) from None
    except OSError as exc:
        raise fail(str(path), S.CANNOT_READ(reason=exc.strerror or "read error")) from None
    except Exception:                  # the parsers' and calamine's own error types
        raise fail(str(path), S.DAMAGED_OR_NOT(format=fmt or "supported")) from None
