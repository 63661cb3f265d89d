"""A published file is replaced only when it is what we last wrote; else its old bytes are kept.

The files xl-ratings publishes -- the rating list of ``publish --rating-list``, the
PDF of ``publish --pdf``, the JSON export of ``process --json`` -- are files
somebody may open and change: the officer adds a visiting player to the rating
list by hand, or annotates the PDF.  "Is it ours" (:mod:`.sniff`: the way our
files begin) says only that *we* wrote it once, not that nobody changed it since.

So each folder we publish into holds a small record, :data:`RECORD`
(``.xl-ratings-published``, JSON: file name -> the SHA-256 of the bytes we
wrote there last).  Before a file is replaced:

* the same bytes as we write now, or the bytes the record holds -- it is
  replaced (nothing is lost);
* anything else -- changed since we wrote it, a file of ours from before the
  record (nothing says it was not changed), or one replaced with ``--force`` --
  its old bytes are kept as ``NAME.backup.EXT`` (``list.backup.txt``; an earlier backup
  there is kept too: ``list.backup-2.txt``, ``-3`` …) in the same
  transaction (:class:`.atomic.Outputs`: the backup is in place before the new
  file, or nothing is), and the officer is told (:func:`kept_notes`).

The record is written in the same transaction.  A record that cannot be read
counts as none (a backup is kept: the safe side).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ..errors import Text
from . import messages as F
from .atomic import Outputs, sweep_temps
from .names import RECORD as NAMES_RECORD, backup_name
from .sniff import open_regular

RECORD = NAMES_RECORD               #: the record of what we published in a folder (file name -> SHA-256)
MAX_BYTES = 1 << 30                 #: a published file larger than this is kept whole rather than read twice


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(path: Path, limit: int = MAX_BYTES) -> bytes | None:
    """The bytes of a regular file (never a pipe or device), or None."""
    f = open_regular(path)
    if f is None:
        return None
    with f:
        data = f.read(limit + 1)
    return data if len(data) <= limit else None


def record_of(folder: Path) -> dict[str, str]:
    """What the folder's record says we wrote there last (empty: no record, or not readable)."""
    data = _read(folder / RECORD, 16 << 20)
    try:
        got = json.loads(data.decode("utf-8")) if data else {}
    except (UnicodeDecodeError, ValueError):
        return {}
    files = got.get("files") if isinstance(got, dict) else None
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(files, dict) else {}


def backup_of(path: Path) -> Path:
    """Where the old bytes of a published file are kept: ``NAME.backup.EXT`` beside it."""
    return path.with_name(backup_name(path.name))


def _free_backup(path: Path, old: bytes | Callable[[BinaryIO], None]) -> Path:
    """Where ``path``'s old bytes go: ``NAME.backup.EXT``, unless that holds an earlier backup
    (the officer's: an edit kept before) -- then ``NAME.backup-2.EXT``, ``-3`` … (the same bytes:
    the same backup)."""
    first = backup = backup_of(path)
    n = 1
    while backup.exists() or backup.is_symlink():
        if isinstance(old, bytes) and backup.is_file() and _file_digest(backup) == digest(old):
            return backup
        n += 1
        stem, dot, ext = first.name.rpartition(".")
        backup = first.with_name(f"{stem}-{n}.{ext}" if dot and stem else f"{first.name}-{n}")
    return backup


@dataclass
class Published:
    """The published files of one run, and the backups they need (:func:`publish_files`)."""

    kept: list[tuple[Path, Path]] = field(default_factory=list)   #: (file, its backup)


def _file_digest(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes (read in chunks), or None."""
    f = open_regular(path)
    if f is None:
        return None
    h = hashlib.sha256()
    with f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _copy_of(path: Path) -> Callable[[BinaryIO], None]:
    """A writer of ``path``'s bytes as they are (a file too large to hold in memory)."""
    def write(out: BinaryIO) -> None:
        with open(path, "rb") as f:
            shutil.copyfileobj(f, out, 1 << 20)
    return write


def changed_since(path: Path, data: bytes, record: dict[str, str]) -> bytes | Callable[[BinaryIO], None] | None:
    """The old bytes of ``path`` (through a link: what it names) when they must be kept before
    ``data`` replaces them; else None (no file, the same bytes, or exactly what the record
    says we wrote last)."""
    if not path.is_file():
        return None
    old = _read(path)
    now = digest(old) if old is not None else _file_digest(path)
    if now is None or now == digest(data) or record.get(path.name) == now:
        return None
    return old if old is not None else _copy_of(path)


def publish_files(tx: Outputs, files: list[tuple[Path, bytes]]) -> Published:
    """Add ``files`` (path, bytes) to ``tx``: each existing one that is not what we last wrote
    kept first as its backup, and each folder's record updated -- all in ``tx``."""
    done = Published()
    folders: dict[Path, dict[str, str]] = {}
    for path, data in files:
        folder = path.parent
        for left in (path, backup_of(path), folder / RECORD):    # a killed run's temp files (old ones only)
            sweep_temps(left)
        record = folders.setdefault(folder, record_of(folder))
        old = changed_since(path, data, record)
        if old is not None:
            backup = _free_backup(path, old)
            tx.add(backup, old)
            done.kept.append((path, backup))
            record.pop(backup.name, None)       # a backup is the officer's from now on
        tx.add(path, data, like=path if path.is_file() and not path.is_symlink() else None)
        record[path.name] = digest(data)
    for folder, record in folders.items():
        body = json.dumps({"generator": "xl-ratings", "files": dict(sorted(record.items()))}, indent=1)
        tx.add(folder / RECORD, (body + "\n").encode("utf-8"))
    return done


def kept_notes(done: Published) -> list[Text]:
    """What the officer is told of the backups kept."""
    return [F.PUBLISHED_KEPT(path=str(path), backup=str(backup)) for path, backup in done.kept]


def is_record(path: str | os.PathLike[str]) -> bool:
    """Is this the record of a folder (an output may not take its name)?"""
    return Path(path).name == RECORD


__all__ = ["MAX_BYTES", "Published", "RECORD", "backup_of", "changed_since", "digest", "is_record",
           "kept_notes", "publish_files", "record_of"]
