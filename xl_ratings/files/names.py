"""The names of the files xl-ratings keeps beside a workbook (one rule each)."""

from __future__ import annotations


def backup_name(workbook: str) -> str:
    """The file name of a workbook's backup: ``BOOK.backup.xlsx`` for ``…/BOOK.xlsx`` (the one
    rule, used by :func:`xl_ratings.files.atomic.backup_path` and the messages)."""
    name = workbook.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.backup.{ext}" if dot and stem else f"{name}.backup"


#: Files xl-ratings (or Excel, LibreOffice) keeps beside a workbook while it works on it: a lock,
#: a temp file, an old version kept during a commit (``files.lock.LOCK_SUFFIX``,
#: ``files.atomic.TEMP_SUFFIX``, ``KEEP_SUFFIX``).
WORK_SUFFIXES = (".xl-ratings.lock", ".xl-ratings.lock.break", ".xl-tmp", ".xl-keep")
#: What a backup's name ends with (:func:`backup_name` of a workbook).
BACKUP_ENDINGS = (".backup.xlsx", ".backup.xlsm")


def reserved(name: str) -> str | None:
    """Why no output may take this file name: ``backup`` (a workbook's backup, the way
    back), ``work`` (a lock or a temp file of xl-ratings, Excel or LibreOffice); else None."""
    low = name.lower()
    if low.endswith(BACKUP_ENDINGS):
        return "backup"
    if low.endswith(WORK_SUFFIXES) or name.startswith(("~$", ".~lock.")):
        return "work"
    return None
