"""``xl-ratings new``: a fresh workbook from a system's template, or a club's report workbook.

An existing file is replaced only with ``--force``, and then as ``process``
replaces a workbook: not while Excel or LibreOffice has it open, under the
workbook's lock, the file as it was kept first as ``BOOK.backup.xlsx`` (a
processed workbook's History included) -- never replaced with nothing kept.
"""

from __future__ import annotations

import functools
import io
import tempfile
from pathlib import Path
from typing import Any

from ..errors import InputErrors, RatingInputError, Where
from ..files.atomic import atomic_write
from ..files.paths import check_room
from ..i18n.catalogue import workbooks as M
from ..systems import REGISTRY


def save_workbook(wb: Any, path: Path) -> None:
    """An openpyxl workbook saved atomically (never half a file)."""
    atomic_write(path, _bytes(wb))


def _bytes(wb: Any) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _put(path: Path, data: bytes) -> Path | None:
    """``data`` written at ``path``; an existing file replaced as ``process`` replaces a
    workbook (not open elsewhere, locked, its backup first). Returns the backup, if any."""
    if not path.exists() and not path.is_symlink():
        atomic_write(path, data)
        return None
    from ..files.atomic import backup_path
    from ..files.paths import real_path
    from .edit import edit_workbook

    try:        # the backup: new's own rule (a template it wrote), said inside the lock
        with edit_workbook(path, ours={backup_path(real_path(path)): lambda p: True}) as edit:
            _backup_may_go(edit.backup)
            edit.put(data)
        return edit.backup
    except InputErrors as e:             # new has no --output: its way out is not told
        raise _without_output(e) from None


def _without_output(err: InputErrors) -> InputErrors:
    """``err`` as ``new`` tells it: the advice "write the results elsewhere with --output" of
    ``process`` replaced by the one ``new`` has (close it, make it writable, another name)."""
    from ..files import messages as F

    twins = {F.OFFICE_LOCK_OPEN.id: M.NEW_OPEN_ELSEWHERE, F.WORKBOOK_READ_ONLY.id: M.NEW_READ_ONLY,
             F.LOCK_CANNOT_CREATE.id: M.NEW_LOCK_CANNOT_CREATE, F.FOLDER_NOT_WRITABLE.id: M.NEW_FOLDER_NOT_WRITABLE}
    out = [RatingInputError(twins[e.text.id](**dict(e.text.params)), value=e.value, where=e.where)
           if e.text is not None and e.text.id in twins else e for e in err.errors]
    return InputErrors(out)


_DATA_SHEETS_SKIPPED = {"Read me"}


def _backup_may_go(backup: Path) -> None:
    """Refused unless ``backup`` (when there) is a template ``new`` itself writes: a processed
    workbook (History rows) or anything else (the officer's records, an unreadable file) kept
    there is never replaced with a template -- the way out: move it away."""
    if not backup.exists() and not backup.is_symlink():
        return
    from .common import history_periods

    if history_periods(backup):
        raise InputErrors([RatingInputError(M.NEW_BACKUP_PROCESSED(backup=backup.name), where=Where(str(backup)))])
    try:
        mine = _tables(backup) in _templates()
    except InputErrors:
        mine = False
    if not mine:
        raise InputErrors([RatingInputError(M.NEW_BACKUP_NOT_A_TEMPLATE(backup=backup.name),
                                            where=Where(str(backup)))])


def _tables(path: Path) -> tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]:
    """A workbook's sheets (but its Read me) as text rows without blanks: what ``new`` wrote is compared."""
    from ..engine.cells import blank
    from ..xlsx.read import read_sheets

    out = []
    for name, rows in sorted(read_sheets(path).items()):
        if name in _DATA_SHEETS_SKIPPED:
            continue
        texts = (["" if blank(v) else str(v).strip() for v in r] for r in rows)
        out.append((name, tuple(tuple(_trimmed(t)) for t in texts if any(t))))
    return tuple(out)


def _trimmed(row: list[str]) -> list[str]:
    while row and not row[-1]:
        row.pop()
    return row


@functools.lru_cache(maxsize=1)
def _templates() -> frozenset[tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]]:
    """The sheets of every template ``new`` writes (each system, with and without its sample)."""
    from ..authoring.templates import build, build_report

    out = set()
    with tempfile.TemporaryDirectory() as d:
        for system in (*REGISTRY, None):
            for sample in (True, False):
                p = Path(d) / f"{system}_{sample}.xlsx"
                p.write_bytes(_bytes(build(system, with_sample=sample) if system else build_report(with_sample=sample)))
                out.add(_tables(p))
                if system is not None:
                    p.write_bytes(_bytes(build_report(with_sample=sample, system=system)))
                    out.add(_tables(p))
    return frozenset(out)


def new_workbook(system: str, path: Path, *, with_sample: bool = True, force: bool = False,
                 report_for: str | None = None) -> tuple[Path, Path | None]:
    """A federation's workbook (``.xlsx``; ``.xlsm`` with buttons and ``BOOK.py``) or, for
    ``system`` = "report", a club's tournament report (``.xlsx``); ``report_for``: the
    federation's system the report goes to (its script and words: gor = Hong Kong).
    Returns the path and, when ``force`` replaced a file, its backup."""
    from ..authoring.templates import build, build_report

    path = Path(path)
    if report_for is not None and system != "report":
        raise RatingInputError(M.REPORT_SYSTEM_ONLY(given=report_for), value=f"--system {report_for}")
    kinds = (".xlsx",) if system == "report" else (".xlsx", ".xlsm")
    if path.suffix.lower() not in kinds:
        raise RatingInputError(M.REPORT_NAME() if system == "report" else M.NEW_NAME(), value=str(path))
    check_room(path)                # the backup and the locks beside it need room for their names
    if (path.exists() or path.is_symlink()) and not force:
        raise RatingInputError(M.EXISTS_USE_FORCE(), value=str(path))
    if system == "report":
        return path, _put(path, _bytes(build_report(with_sample=with_sample, system=report_for)))
    if path.suffix.lower() != ".xlsm":
        return path, _put(path, _bytes(build(system, with_sample=with_sample)))
    from ..authoring.macro import macro_workbook_bytes, module_name, module_source

    module = module_name(path)          # refused before anything is written
    rulebook = REGISTRY[system]         # the name the command line checked, resolved once
    kept = _put(path, macro_workbook_bytes(build(rulebook, with_sample=with_sample), rulebook, with_sample))
    atomic_write(path.parent / f"{module}.py", module_source().encode("utf-8"))
    return path, kept
