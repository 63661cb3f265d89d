"""Refuse files that are not safe or not workbooks, before anything reads them.

Checked, in this order, each with a message naming the file:

* the file exists, is a regular file, and is at most ``MAX_FILE_BYTES``;
* it is a zip (an .xlsx/.xlsm); an OLE2 file is a password-protected
  (encrypted) workbook or an old .xls; anything else is not a workbook;
* the zip is complete (not truncated) and holds ``xl/workbook.xml``;
* zip-bomb limits: at most ``MAX_PARTS`` parts, ``MAX_UNCOMPRESSED`` bytes in
  all, and no part larger than ``MAX_PART_BYTES`` or inflating more than
  ``MAX_RATIO`` times;
* no XML part declares a DTD or entities (billion laughs, external
  entities); the package parts are parsed with defusedxml.

Then, for the input sheets: header cells that are merged or hidden, so that
what the officer sees is what is processed.

Plus the check that the workbook is not open in Excel or LibreOffice (the
lock between two runs is :class:`.fileio.WorkbookLock`).
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

from defusedxml import ElementTree as SafeET

from ..i18n.labels import sheet_key
from ..errors import InputErrors, RatingInputError, Where
from ..engine.cells import col_letter

MAX_FILE_BYTES = 200 * 2**20        #: 200 MiB on disk
MAX_UNCOMPRESSED = 2 * 2**30        #: 2 GiB of XML in all
MAX_PART_BYTES = 1 * 2**30          #: 1 GiB for one part
MAX_RATIO = 200                     #: a part may inflate at most this many times (above 1 MiB)
MAX_PARTS = 10_000
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
INPUT_SHEETS = ("Settings", "Players", "Events", "Games", "Awards", "Points")
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def _refuse(path: Path, problem: str) -> InputErrors:
    return InputErrors([RatingInputError(problem, where=Where(str(path)))])


def inspect_file(path: str | os.PathLike) -> zipfile.ZipFile:
    """Open ``path`` as a workbook zip after every safety check, or raise InputErrors."""
    p = Path(path)
    if not p.exists():
        raise _refuse(p, "file not found")
    if not p.is_file():
        raise _refuse(p, "is not a file")
    size = p.stat().st_size
    if size > MAX_FILE_BYTES:
        raise _refuse(p, f"is {size / 2**20:.0f} MiB; the limit is {MAX_FILE_BYTES // 2**20} MiB "
                         "(use a CSV game list for larger data)")
    with open(p, "rb") as f:
        head = f.read(8)
    if head.startswith(OLE_MAGIC):
        raise _refuse(p, "is password-protected (encrypted) or an old .xls file: open it in Excel, "
                         "remove the password, and save it as .xlsx/.xlsm — 文件有密码或为旧版 .xls")
    if not head.startswith(b"PK"):
        raise _refuse(p, "cannot be read as a workbook (.xlsx/.xlsm): it is not a zip package — 不是工作簿文件")
    try:
        z = zipfile.ZipFile(p)
        infos = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as e:
        raise _refuse(p, f"cannot be read as a workbook: the file is damaged or truncated ({e}) "
                         "— 文件已损坏或不完整") from None
    names = {i.filename for i in infos}
    if "xl/workbook.xml" not in names or "[Content_Types].xml" not in names:
        z.close()
        raise _refuse(p, "cannot be read as a workbook: a zip file, but not an .xlsx/.xlsm "
                         "(xl/workbook.xml is missing)")
    if len(infos) > MAX_PARTS:
        z.close()
        raise _refuse(p, f"has {len(infos)} parts; the limit is {MAX_PARTS} (possible zip bomb)")
    total = sum(i.file_size for i in infos)
    for i in infos:
        if i.file_size > MAX_PART_BYTES or (
                i.file_size > 2**20 and i.file_size > MAX_RATIO * max(1, i.compress_size)):
            z.close()
            raise _refuse(p, f"part {i.filename} inflates from {i.compress_size} to {i.file_size} bytes; "
                             f"refused as a possible zip bomb (limits: {MAX_PART_BYTES // 2**20} MiB "
                             f"per part, {MAX_RATIO}× compression)")
    if total > MAX_UNCOMPRESSED:
        z.close()
        raise _refuse(p, f"inflates to {total / 2**30:.1f} GiB; the limit is "
                         f"{MAX_UNCOMPRESSED // 2**30} GiB (possible zip bomb)")
    try:
        for i in infos:
            if not i.filename.endswith((".xml", ".rels", ".vml")):
                continue
            with z.open(i) as f:
                start = f.read(4096)
            if b"<!DOCTYPE" in start or b"<!ENTITY" in start:
                raise _refuse(p, f"part {i.filename} declares a DTD or entities; refused "
                                 "(XML entity attack protection)")
        for name in ("[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
            if name in names:
                SafeET.fromstring(z.read(name))
    except InputErrors:
        z.close()
        raise
    except Exception as e:   # defusedxml's refusals and broken XML
        z.close()
        raise _refuse(p, f"cannot be read as a workbook: damaged XML ({type(e).__name__}: {e})") from None
    return z


def _head(z: zipfile.ZipFile, part: str, stop: bytes = b"<sheetData", limit: int = 4 * 2**20) -> bytes:
    """The start of a sheet part, up to its cell data (read in chunks, never the whole part)."""
    out = b""
    with z.open(part) as f:
        while len(out) < limit:
            chunk = f.read(65536)
            if not chunk:
                break
            out += chunk
            k = out.find(stop)
            if k >= 0:
                end = out.find(b"</row>", k)   # keep row 1 too: it may be hidden
                if end >= 0:
                    return out[:end]
    return out


def header_problems(path: str | os.PathLike, z: zipfile.ZipFile,
                    merged: dict[str, list] | None = None) -> list[RatingInputError]:
    """Merged or hidden header cells (row 1) of the input sheets.

    ``merged``: sheet name -> merged ranges ((r0, c0), (r1, c1)), 0-based, as
    python-calamine reports them.
    """
    wb = SafeET.fromstring(z.read("xl/workbook.xml"))
    rels = SafeET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target") for r in rels}
    problems = []
    for sh in wb.iter():
        if not sh.tag.endswith("}sheet"):
            continue
        name = sh.get("name") or ""
        key = sheet_key(name)
        if key not in INPUT_SHEETS:
            continue
        where = Where(str(path), name, 1)
        for (r0, c0), (r1, c1) in (merged or {}).get(name, []):
            if r0 <= 0 <= r1:
                ref = f"{col_letter(c0 + 1)}{r0 + 1}:{col_letter(c1 + 1)}{r1 + 1}"
                problems.append(RatingInputError(
                    "header cells are merged: unmerge them so each column has its own name — 标题单元格被合并",
                    value=ref, where=where))
        target = targets.get(sh.get(_REL), "")
        part = target.lstrip("/") if target.startswith("/") else "xl/" + target
        if part not in z.namelist():
            continue
        head = _head(z, part)
        if re.search(rb'<(?:\w+:)?row\b[^>]*\br="1"[^>]*\bhidden="(?:1|true)"', head):
            problems.append(RatingInputError(
                "the header row is hidden: unhide it (what is processed must be what you see) — 标题行被隐藏",
                where=where))
        cols = head[:head.find(b"<sheetData")] if b"<sheetData" in head else head
        for m in re.finditer(rb"<(?:\w+:)?col\b[^>]*>", cols):
            tag = m.group(0)
            if re.search(rb'\bhidden="(?:1|true)"', tag):
                lo_m, hi_m = re.search(rb'\bmin="(\d+)"', tag), re.search(rb'\bmax="(\d+)"', tag)
                if lo_m is None or hi_m is None:   # the schema requires both
                    raise AssertionError(f"a <col> element without min/max: {tag!r}")
                lo, hi = int(lo_m.group(1)), int(hi_m.group(1))
                if lo <= 60:
                    problems.append(RatingInputError(
                        "columns are hidden: unhide them (what is processed must be what you see) — 有隐藏的列",
                        value=f"columns {lo}–{min(hi, 60)}", where=where))
    return problems


def office_lock(path: Path) -> Path | None:
    """Excel's ``~$NAME`` or LibreOffice's ``.~lock.NAME#`` beside the workbook."""
    for candidate in (path.with_name("~$" + path.name), path.with_name(".~lock." + path.name + "#")):
        if candidate.exists():
            return candidate
    return None
