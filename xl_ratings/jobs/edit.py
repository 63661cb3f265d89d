"""One guarded edit of a workbook file: the sequence every job that writes a workbook goes through
(``process``, ``import``, ``new`` over an existing file), so that none rebuilds it by hand.

:func:`edit_workbook` checks, before anything is read or written:

1. the name (a game list, another spreadsheet kind: refused), and the room its backup and lock
   need beside it;
2. the real path (a link followed, a missing file, a folder, a pipe refused);
3. ``--output`` of the same kind (``.xlsm`` stays ``.xlsm``);
4. every output: not an input, not a file that is not ours (:func:`~xl_ratings.files.paths.check_outputs`).

Then ``with`` it: the workbook is locked (not open in Excel or LibreOffice, writable, one run at
a time), its state noted; the job reads it, plans, and hands the new bytes to :meth:`WorkbookEdit.put`
(the backup first, then the workbook, checked unchanged since read; or the ``--output`` file) and
its other outputs to :attr:`WorkbookEdit.tx`; everything is committed at once, all or nothing,
when the block ends without a problem (:class:`~xl_ratings.files.atomic.Outputs`).

One click edits the open workbook instead (no file: xlwings Lite has only the workbook in
memory): the same use cases (:mod:`.period`, :mod:`.book_import`) plan the edits there, and the
Excel adapter writes only the planned cells (:mod:`xl_ratings.excel.one_click`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType

from ..files.atomic import Outputs, backup_path
from ..files.paths import check_outputs, check_room, real_path
from ..files.sniff import is_output_of, is_workbook
from .common import check_workbook_name, locked_workbook, same_kind


class WorkbookEdit:
    """A workbook opened for a job that writes it (see :func:`edit_workbook`)."""

    def __init__(self, given: Path, output: Path | None, writes: bool) -> None:
        self.given, self.output, self.writes = given, output, writes
        self.in_place = output is None
        self.tx = Outputs()                       #: every output of the job, committed together
        self.written: list[Path] = []             #: after the block: the files written
        self.src = given                          #: inside the block: the workbook's real path, locked
        self._stat: os.stat_result | None = None
        self._lock: contextlib.AbstractContextManager[Path] | None = None

    @property
    def target(self) -> Path:
        """The workbook the job writes: the real file in place, else ``--output``."""
        return self.src if self.output is None else self.output

    @property
    def backup(self) -> Path:
        """The backup beside the workbook (written by :meth:`put` in place)."""
        return backup_path(self.src)

    def put(self, data: bytes, *, backup: bool = True) -> None:
        """The workbook's new bytes: in place, its backup first (``backup`` False: the backup there
        is kept), then the workbook, refused if it changed since it was read; else the ``--output`` file."""
        if self.output is None:
            assert self._stat is not None, "put() inside the with block"
            if backup:
                self.tx.backup(self.src, self.backup)
            self.tx.workbook(self.src, data, expect=self._stat)
        else:
            target = self.output
            self.tx.add(target, data, like=target if target.is_file() and not target.is_symlink() else None)

    def __enter__(self) -> "WorkbookEdit":
        self._lock = locked_workbook(self.given, self.in_place and self.writes)
        self.src = self._lock.__enter__()
        self._stat = os.stat(self.src)
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self._lock is not None
        try:
            if kind is None and self.writes:
                self.written = self.tx.commit()
        except BaseException as e:
            self._lock.__exit__(type(e), e, e.__traceback__)
            raise
        self._lock.__exit__(kind, err, tb)


def edit_workbook(book: str | os.PathLike[str], *, output: str | None = None, force: bool = False,
                  writes: bool = True, outputs: Mapping[str, Path | None] | None = None,
                  ours: Mapping[Path, Callable[[Path], bool]] | None = None,
                  sources: Callable[[Path], Sequence[Path]] | None = None) -> WorkbookEdit:
    """The guards of a job that writes the workbook ``book`` (or ``output``), run now; ``with`` the
    result to lock it and commit.  ``writes`` False: a dry run (the name, path and kind checked,
    nothing locked for writing, nothing written); ``outputs``: the job's other outputs by the option
    that names them (``--json``), each of which (the backup too), when it exists, must be ours by
    ``ours[path]`` (by default: the backup a workbook, any other an earlier output of this workbook);
    ``sources``: the job's inputs, resolved from the workbook's real path (they must not be it)."""
    given = Path(book)
    in_place = output is None
    check_workbook_name(given)
    if in_place and writes:
        check_room(given)           # before anything: the backup and the locks need room for their names
    src = real_path(given)
    same_kind(src, output)
    inputs = list(sources(src)) if sources is not None else []
    if writes:
        backup = backup_path(src) if in_place else None
        own = dict(ours or {})

        def is_ours(p: Path) -> bool:
            """The backup beside the workbook, an output the job names with its own test, or an
            earlier output of this very workbook -- nothing else (another federation's is not)."""
            if p in own:
                return own[p](p)
            if backup is not None and p == backup:
                return is_workbook(p)
            return is_output_of(p, src)

        check_outputs([src, given, *inputs], {**(outputs or {}), "--output": Path(output) if output else None,
                                              "backup": backup}, force=force, ours=is_ours)
    return WorkbookEdit(given, Path(output) if output else None, writes)


def guarded_outputs(inputs: Sequence[Path], outputs: Mapping[str, Path | None], *, force: bool,
                    ours: Callable[[Path], bool]) -> Outputs:
    """The outputs of a job that writes no workbook (a game list's CSV and JSON): refused before
    anything is read as :func:`edit_workbook` refuses a workbook's; the transaction to commit them in."""
    check_outputs(list(inputs), outputs, force=force, ours=ours)
    return Outputs()


__all__ = ["WorkbookEdit", "edit_workbook", "guarded_outputs"]
