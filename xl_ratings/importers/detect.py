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

``load`` dispatches and turns every failure into a message (an
:class:`~xl_ratings.errors.InputErrors`), never a traceback.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Callable

from ..errors import InputErrors, RatingInputError
from . import crosstable, h9, opengotha, report, trf
from ._common import NotText, TEXT_ENCODINGS, decode, fail, header_words
from .model import Tournament

FORMATS = ("trf", "h9", "opengotha", "crosstable", "report")
_WORKBOOK = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")
CROSSTABLE_SHEETS = ("import", "导入", "導入", "crosstable", "交叉表", "成绩表", "成績表")
_TRF_LINE = re.compile(r"^(?:\d{3}|XX[A-Z]|###)(?: |$)")
_H9_TAG = re.compile(r"^\s*;\s*(?:CL|EV|PC|DT|HA|KM|TM)\[", re.M)
_H9_PLAYER = re.compile(r"^\s*\d*\s+\S+.*\s\d{1,2}[kdpKDP]\s+\S+.*\s\d+[+\-=?](?:[/!][wbWB?]?\d*)?\s*$", re.M)


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
    if head.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(path) as z:
                return any(n.startswith(("xl/", "content.xml")) for n in z.namelist())
        except zipfile.BadZipFile:
            return False
    return head.startswith(b"\xd0\xcf\x11\xe0")      # an old .xls (OLE)


def guess_format(path: str | Path) -> str:
    """One of FORMATS, from the file's content; raises InputErrors if it cannot tell."""
    path = Path(path)
    if not path.is_file():
        raise fail(str(path), "no such file", "文件不存在")
    data = path.read_bytes()
    if not data.strip():
        raise fail(str(path), "the file is empty", "文件是空的")
    if _is_workbook(path, data[:8]):
        try:
            names = _sheet_names(path)
        except Exception as exc:
            raise fail(str(path), f"the workbook cannot be opened: {exc}", "无法打开该工作簿") from None
        return "report" if _is_report(names) else "crosstable"
    if data[:4] == b"PK\x03\x04":
        raise fail(str(path), "a ZIP file that is not a workbook", "这是 ZIP 文件，不是工作簿")
    try:
        content = decode(data[:200_000], TEXT_ENCODINGS)
    except NotText as exc:
        raise fail(str(path), f"cannot read the file: {exc}", "无法读取：文件不是文本（可能是二进制文件）") from None
    stripped = content.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        if re.search(r"<Tournament[\s>]", content[:5000]):
            return "opengotha"
        raise fail(str(path), "an XML or HTML file that is not an OpenGotha tournament (<Tournament>)",
                   "XML/HTML 文件，但不是 OpenGotha 赛事文件（<Tournament>）")
    lines = [ln for ln in content.splitlines() if ln.strip()]
    trf_lines = sum(1 for ln in lines if _TRF_LINE.match(ln))
    if lines and trf_lines >= max(1, len(lines) * 0.8) and any(ln.startswith("001 ") for ln in lines):
        return "trf"
    if _H9_TAG.search(content) or len(_H9_PLAYER.findall(content)) >= max(1, len(lines) // 2):
        return "h9"
    if any(d in content for d in (",", ";", "\t")):
        return "crosstable"
    raise fail(str(path), "cannot tell the format of this file (expected TRF, h9, OpenGotha XML, a CSV "
               "crosstable or an .xlsx report)", "无法识别文件格式（应为 TRF、h9、OpenGotha XML、CSV 交叉表或 .xlsx 报表）")


def _crosstable_sheet(names: list[str]) -> str:
    for n in names:
        if header_words(n) & set(CROSSTABLE_SHEETS):
            return n
    return names[0]


def _load_workbook(path: Path, fmt: str, read: SheetReader) -> Tournament:
    names = _sheet_names(path)
    if not names:
        raise fail(str(path), "the workbook has no sheets", "工作簿没有工作表")
    if fmt == "report":
        return report.parse_report_tables(dict(read(path, names)), str(path))
    sheet = _crosstable_sheet(names)
    return crosstable.parse_rows(read(path, [sheet])[sheet], str(path), sheet)


def load(path: str | Path, format: str | None = None, read_sheets: SheetReader | None = None) -> Tournament:
    """Read any supported results file into a Tournament; every failure is an InputErrors.

    ``read_sheets(path, names)``: how to read a workbook's sheets (default: python-calamine)."""
    path = Path(path)
    try:
        fmt = format or guess_format(path)
        if fmt not in FORMATS:
            raise fail(str(path), f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}",
                       "未知格式", value=fmt)
        head = path.read_bytes()[:8]
        if fmt in ("report", "crosstable") and _is_workbook(path, head):
            return _load_workbook(path, fmt, read_sheets or _read_sheets)
        if fmt == "report":
            raise fail(str(path), "a report must be an .xlsx workbook", "报表必须是 .xlsx 工作簿")
        readers: dict[str, Callable[[str | Path], Tournament]] = {
            "trf": trf.parse, "h9": h9.parse, "opengotha": opengotha.parse, "crosstable": crosstable.parse_csv}
        return readers[fmt](path)
    except InputErrors:
        raise
    except RatingInputError as exc:
        raise InputErrors([exc.located(file=str(path))]) from None
    except OSError as exc:
        raise fail(str(path), f"cannot read the file ({exc.strerror or 'read error'})", "无法读取该文件") from None
    except Exception:                  # the parsers' and calamine's own error types
        raise fail(str(path), f"cannot read the file: it is damaged, or not a {fmt_name(path, format)} file",
                   "无法读取该文件：文件已损坏或格式不符") from None


def fmt_name(path: Path, format: str | None) -> str:
    """The format a file was read as, for messages."""
    if format:
        return format
    try:
        return guess_format(path)
    except Exception:              # a file that cannot even be guessed
        return "supported"
