"""``xl-ratings demo``: a sample workbook per system, processed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..systems import SYSTEMS
from .common import Done
from .new import save_workbook
from .process import process_workbook


def run_demo(folder: Path) -> Iterator[tuple[str, Path, Done]]:
    """Build and process the sample workbook of each system in ``folder``; yields (system, file, result)."""
    from ..authoring.templates import build

    folder.mkdir(parents=True, exist_ok=True)
    for system in SYSTEMS:
        path = folder / f"demo_{system}.xlsx"
        save_workbook(build(system), path)
        yield system, path, process_workbook(path)
