"""``xl-ratings new``: a fresh workbook from a system's template, or a club's report workbook.

An existing file is replaced only with ``--force``, and then as ``process``
replaces a workbook: not while Excel or LibreOffice has it open, under the
workbook's lock, the file as it was kept first as ``BOOK.backup.xlsx`` (a
processed workbook's History included) -- never replaced with nothing kept.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from ..errors import RatingInputError
from ..files.atomic import atomic_write
from ..files.paths import check_room
from ..i18n.catalogue import workbooks as M
from ..systems import REGISTRY


def save_workbook(wb: Any, path: Path) -> None:
    """An openpyxl workbook saved atomically (never half a file)."""
    atomic_write(path, _bytes(wb))


def _bytes(wb: Any) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _put(path: Path, data: bytes) -> Path | None:
    """``data`` written at ``path``; an existing file replaced as ``process`` replaces a
    workbook (not open elsewhere, locked, its backup first). Returns the backup, if any."""
    if not path.exists() and not path.is_symlink():
        atomic_write(path, data)
        return None
    from ..files.atomic import Outputs, backup_path
    from .common import locked_workbook

    with locked_workbook(path, in_place=True) as src:
        tx = Outputs()
        tx.backup(src, backup_path(src))
        tx.workbook(src, data, expect=os.stat(src))
        tx.commit()
        return backup_path(src)


def new_workbook(system: str, path: Path, *, with_sample: bool = True, force: bool = False,
                 report_for: str | None = None) -> tuple[Path, Path | None]:
    """A federation's workbook (``.xlsx``; ``.xlsm`` with buttons and ``BOOK.py``) or, for
    ``system`` = "report", a club's tournament report (``.xlsx``); ``report_for``: the
    federation's system the report goes to (its script and words: gor = Hong Kong).
    Returns the path and, when ``force`` replaced a file, its backup."""
    from ..authoring.templates import build, build_report

    path = Path(path)
    if report_for is not None and system != "report":
        raise RatingInputError(M.REPORT_SYSTEM_ONLY(given=report_for), value=f"--system {report_for}")
    kinds = (".xlsx",) if system == "report" else (".xlsx", ".xlsm")
    if path.suffix.lower() not in kinds:
        raise RatingInputError(M.REPORT_NAME() if system == "report" else M.NEW_NAME(), value=str(path))
    check_room(path)                # the backup and the locks beside it need room for their names
    if (path.exists() or path.is_symlink()) and not force:
        raise RatingInputError(M.EXISTS_USE_FORCE(), value=str(path))
    if system == "report":
        return path, _put(path, _bytes(build_report(with_sample=with_sample, system=report_for)))
    if path.suffix.lower() != ".xlsm":
        return path, _put(path, _bytes(build(system, with_sample=with_sample)))
    from ..authoring.macro import macro_workbook_bytes, module_name, module_source

    module = module_name(path)          # refused before anything is written
    kept = _put(path, macro_workbook_bytes(build(system, with_sample=with_sample), REGISTRY[system], with_sample))
    atomic_write(path.parent / f"{module}.py", module_source().encode("utf-8"))
    return path, kept
