"""Writing results into workbook files: the result sheets of the view layer,
patched into a copy of the workbook (:mod:`.xlsx`), saved safely.

Input sheets are never edited: only the result sheets (Ratings, Changes,
Standards, Inactive, Pending, Fees, Checks, History) are added or replaced.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..engine.run import Outcome
from ..errors import InputErrors, RatingInputError, Where
from ..view.sheets import SheetView, result_sheets
from ..engine.cells import col_letter
from .xlsx import ChartSpec, PrintSpec, SheetSpec, patch_workbook


def sheet_spec(view: SheetView) -> SheetSpec:
    """A view as the zip patcher writes it (the Chart sheet: its data from A1, the chart below)."""
    chart = None
    if view.chart is not None:
        grid = view.chart.grid
        last = len(grid)
        q = "'" + view.name.replace("'", "''") + "'!"
        series = [(grid[0][k], f"{q}${col_letter(k + 1)}$2:${col_letter(k + 1)}${last}")
                  for k in range(1, len(grid[0]))]
        chart = ChartSpec(view.chart.title, view.chart.x_title, view.chart.y_title,
                          f"{q}$A$2:$A${last}", series, (0, view.chart.anchor_row - 1))
    page = None
    if view.page is not None:
        p = view.page
        page = PrintSpec(p.landscape, p.fit_width, p.one_page, p.title_rows, p.header, p.footer)
    hidden = [view.keys.index(k) for k in view.hidden if k in view.keys]
    return SheetSpec(view.name, view.header, view.rows, view.formats, tab_color=view.tab_color,
                     chart=chart, hidden=hidden, page=page)


def result_specs(out: Outcome) -> list[SheetSpec]:
    """The result sheets of ``out`` as sheets for :func:`xlsx.patch_workbook`."""
    return [sheet_spec(v) for v in result_sheets(out)]


def save_outcome(src: str | os.PathLike[str], out: Outcome, dest: str | os.PathLike[str] | None = None,
                 expect: os.stat_result | None = None) -> Path:
    """Write the results into a copy of ``src`` and put it in place atomically.

    Without ``dest`` the workbook is updated in place and the previous version
    is kept beside it as ``NAME.backup.xlsx``.  ``expect``: the source's stat
    when it was read; if the file changed since, nothing is replaced.
    """
    src = Path(src)
    target = Path(dest) if dest else src
    data = patch_workbook(src.read_bytes(), result_specs(out))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    os.close(fd)
    try:
        Path(tmp).write_bytes(data)
        if expect is not None:
            now = src.stat()
            if (now.st_mtime_ns, now.st_size) != (expect.st_mtime_ns, expect.st_size):
                raise InputErrors([RatingInputError(
                    "the workbook changed while it was being processed; nothing was written — run again",
                    where=Where(str(src)))])
        if dest is None:
            shutil.copy2(src, src.with_name(f"{src.stem}.backup{src.suffix}"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
