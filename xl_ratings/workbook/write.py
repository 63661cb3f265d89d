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
from .xlsx import ChartSpec, SheetSpec, col_letter, patch_workbook


def sheet_spec(view: SheetView) -> SheetSpec:
    """A view as the zip patcher writes it (the History chart beside its ledger)."""
    chart, extra = None, []
    if view.chart is not None:
        grid = view.chart.grid
        c0 = len(view.header) + 2          # one blank column after the ledger
        for i, row in enumerate(grid, start=1):
            for j, v in enumerate(row):
                extra.append((i, c0 + j, v, view.chart.number_format if i > 1 and j > 0 else None))
        last = len(grid)
        q = f"'{view.name}'!"
        series = [(grid[0][k], f"{q}${col_letter(c0 + k)}$2:${col_letter(c0 + k)}${last}")
                  for k in range(1, len(grid[0]))]
        chart = ChartSpec(view.chart.title, view.chart.x_title, view.chart.y_title,
                          f"{q}${col_letter(c0)}$2:${col_letter(c0)}${last}", series, (c0 - 1, last + 2))
    return SheetSpec(view.name, view.header, view.rows, view.formats, tab_color=view.tab_color,
                     chart=chart, extra_cells=extra)


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
