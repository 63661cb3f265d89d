"""``xl-ratings new``: a fresh workbook from a system's template, or a club's report workbook."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..errors import RatingInputError
from ..files.atomic import atomic_write
from ..i18n.catalogue import workbooks as M
from ..systems import REGISTRY


def save_workbook(wb: Any, path: Path) -> None:
    """An openpyxl workbook saved atomically (never half a file)."""
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write(path, buf.getvalue())


def new_workbook(system: str, path: Path, *, with_sample: bool = True, force: bool = False,
                 report_for: str | None = None) -> Path:
    """A federation's workbook (``.xlsx``; ``.xlsm`` with buttons and ``BOOK.py``) or, for
    ``system`` = "report", a club's tournament report (``.xlsx``); ``report_for``: the
    federation's system the report goes to (its script and words: gor = Hong Kong)."""
    from ..authoring.templates import build, build_report

    path = Path(path)
    if report_for is not None and system != "report":
        raise RatingInputError(M.REPORT_SYSTEM_ONLY(given=report_for), value=f"--system {report_for}")
    kinds = (".xlsx",) if system == "report" else (".xlsx", ".xlsm")
    if path.suffix.lower() not in kinds:
        raise RatingInputError(M.REPORT_NAME() if system == "report" else M.NEW_NAME(), value=str(path))
    if path.exists() and not force:
        raise RatingInputError(M.EXISTS_USE_FORCE(), value=str(path))
    if system == "report":
        save_workbook(build_report(with_sample=with_sample, system=report_for), path)
    elif path.suffix.lower() == ".xlsm":
        from ..authoring.macro import save_macro_workbook

        save_macro_workbook(build(system, with_sample=with_sample), path, REGISTRY[system], with_sample)
    else:
        save_workbook(build(system, with_sample=with_sample), path)
    return path
