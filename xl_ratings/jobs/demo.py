"""``xl-ratings demo``: a sample workbook per system, processed.

Running it again rewrites the demo workbooks only when they are still as the
last demo left them: the folder keeps a list of what demo wrote
(:data:`MANIFEST`: each file's name and SHA-256).  A demo workbook that was
edited since -- or a file of that name demo did not write -- is never
overwritten: the run is refused before anything is written, naming the files
(the officer gives another ``--dir``, or moves them away).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputErrors, RatingInputError, Where
from ..files.atomic import atomic_write, backup_path
from ..files.sniff import open_regular
from ..i18n.catalogue import workbooks as M
from ..systems import SYSTEMS
from .common import Done
from .new import save_workbook
from .process import process_workbook

#: What demo wrote in its folder: ``<sha256> <file name>`` a line.
MANIFEST = ".xl-ratings-demo"


def _digest(path: Path) -> str | None:
    f = open_regular(path)
    if f is None:
        return None
    with f:
        h = hashlib.sha256()
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
        return h.hexdigest()


def _written(folder: Path) -> dict[str, str]:
    """The files the last demo wrote in ``folder``, with their digests."""
    f = open_regular(folder / MANIFEST)
    if f is None:
        return {}
    with f:
        text = f.read(1 << 16).decode("utf-8", "replace")
    out = {}
    for line in text.splitlines():
        digest, _, name = line.strip().partition(" ")
        if digest and name:
            out[name] = digest
    return out


def demo_files(folder: Path) -> list[Path]:
    """Every file a demo run writes in ``folder``: each system's workbook and its backup."""
    books = [folder / f"demo_{system}.xlsx" for system in SYSTEMS]
    return books + [backup_path(b) for b in books]


def check_demo_folder(folder: Path) -> None:
    """Refuse a folder holding a demo file that demo did not leave as it is now."""
    written = _written(folder)
    edited = [p.name for p in demo_files(folder) if p.exists() or p.is_symlink()
              if written.get(p.name) is None or written[p.name] != _digest(p)]
    if edited:
        raise InputErrors([RatingInputError(M.DEMO_FOLDER_EDITED(files=", ".join(edited), folder=str(folder)),
                                            where=Where(str(folder)))])


def run_demo(folder: Path) -> Iterator[tuple[str, Path, Done]]:
    """Build and process the sample workbook of each system in ``folder``; yields (system, file, result).
    A folder whose demo files were edited since is refused (:func:`check_demo_folder`)."""
    from ..authoring.templates import build

    folder.mkdir(parents=True, exist_ok=True)
    check_demo_folder(folder)
    written = _written(folder)
    for system in SYSTEMS:
        path = folder / f"demo_{system}.xlsx"
        save_workbook(build(system), path)
        done = process_workbook(path)
        for p in (path, backup_path(path)):
            digest = _digest(p)
            if digest is not None:
                written[p.name] = digest
        atomic_write(folder / MANIFEST, "".join(f"{d} {n}\n" for n, d in sorted(written.items())).encode())
        yield system, path, done
