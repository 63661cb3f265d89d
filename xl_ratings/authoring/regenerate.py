"""Regenerate ``workbook_templates/`` from code (a test fails when the committed files drift):

    python -m xl_ratings.authoring.regenerate [folder]

Per system an .xlsx with sample records and an .xlsm (+ its RunPython
module) for classic xlwings; and the club's report (report.xlsx; report_gor.xlsx for
Hong Kong: traditional Chinese, Go grades, GoR).  Every
timestamp is fixed, so the same code gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path
from typing import Any

from .. import systems
from ..xlsx.package import FIXED_TIME, rewrite_zip
from .macro import save_macro_workbook
from .templates import build, build_report


def _fix_zip_times(path: Path) -> None:
    """Same bytes on every regeneration: fixed timestamps inside the zip."""
    data = path.read_bytes()
    with zipfile.ZipFile(path) as z:
        core = z.read("docProps/core.xml")
    core = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2026-01-01T00:00:00Z", core)
    path.write_bytes(rewrite_zip(data, {"docProps/core.xml": core}, date_time=FIXED_TIME))


def write_templates(folder: Any) -> list[Path]:
    """(Re)generate the templates into ``folder``; returns the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    fixed = dt.datetime(2026, 1, 1)

    def save(wb: Any, path: Path) -> None:
        wb.properties.created = wb.properties.modified = fixed
        wb.save(path)
        _fix_zip_times(path)
        written.append(path)

    for name in systems.SYSTEMS:
        save(build(name), folder / f"{name}.xlsx")
        wb = build(name)
        wb.properties.created = wb.properties.modified = fixed
        xlsm = folder / f"{name}.xlsm"
        save_macro_workbook(wb, xlsm, systems.REGISTRY[name], with_sample=True)
        _fix_zip_times(xlsm)
        written += [xlsm, folder / f"{name}.py"]
    save(build_report(), folder / "report.xlsx")
    save(build_report(system="gor"), folder / "report_gor.xlsx")      # Hong Kong: traditional, Go grades
    return written


if __name__ == "__main__":
    import sys

    for p in write_templates(sys.argv[1] if len(sys.argv) > 1 else "workbook_templates"):
        print(p)
