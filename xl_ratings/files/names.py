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
WORK_SUFFIXES = (".xl-ratings.lock", ".xl-ratings.lock.break", ".xl-tmp", ".xl-keep", ".xl-ratings-published")
#: What a backup's name ends with (:func:`backup_name` of a workbook).
BACKUP_ENDINGS = (".backup.xlsx", ".backup.xlsm")


def companions(name: str) -> list[str]:
    """The names of the files kept beside workbook ``name`` while it is worked on: its backup,
    our lock and the lock's breaker (``files.lock``), LibreOffice's lock, Excel's owner file
    (temp files take a shortened name: ``files.atomic.temp_tag``)."""
    return [backup_name(name), f".{name}.xl-ratings.lock", f".{name}.xl-ratings.lock.break",
            f".~lock.{name}#", f"~${name}"]


def site_companions(name: str) -> list[str]:
    """The names made beside site folder ``name`` while it is written (``publish/folder.py``):
    the new site built beside it, the old one moved aside, our lock and its breaker."""
    return [f".{name}.new-{'0' * 12}", f".{name}.old-{'0' * 12}", f".{name}.xl-ratings.lock",
            f".{name}.xl-ratings.lock.break"]


RECORD = ".xl-ratings-published"    #: a folder's record of what we published there (:mod:`.published`)

def reserved(name: str) -> str | None:
    """Why no output may take this file name: ``backup`` (a workbook's backup, the way
    back), ``work`` (a lock or a temp file of xl-ratings, Excel or LibreOffice); else None."""
    low = name.lower()
    if low.endswith(BACKUP_ENDINGS):
        return "backup"
    if low.endswith(WORK_SUFFIXES) or name.startswith(("~$", ".~lock.")):
        return "work"
    return None
