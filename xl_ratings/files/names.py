"""The names of the files xl-ratings keeps beside a workbook (one rule each)."""

from __future__ import annotations


def backup_name(workbook: str) -> str:
    """The file name of a workbook's backup: ``BOOK.backup.xlsx`` for ``…/BOOK.xlsx`` (the one
    rule, used by :func:`xl_ratings.files.atomic.backup_path` and the messages)."""
    name = workbook.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.backup.{ext}" if dot and stem else f"{name}.backup"
