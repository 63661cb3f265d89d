"""Writing files so that nothing is ever half-written.

* :func:`atomic_write` -- a temp file beside the target (``O_EXCL|O_NOFOLLOW``),
  written, flushed, ``fsync``-ed, given the right mode, then ``os.replace``-d
  over the target: a reader sees the complete old file or the complete new
  one, never a part.  Errors name the target, never the temp file.
* :func:`rotate_backup` -- the previous backup is replaced only by a complete
  copy of the workbook.
* :class:`Outputs` -- the transaction: every output is staged first and put in
  place only when all were staged, the workbook last.
* :func:`sweep_temps` -- temp files left by a killed run, removed.
"""

from __future__ import annotations

import errno
import functools
import io
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Mapping, Sequence

from ..errors import joined
from . import messages as M
from .source import os_reason
from .encode import csv_bytes, json_bytes
from .names import backup_name
from .osflags import CHUNK, O_BINARY, O_CLOEXEC, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK
from .paths import file_error, is_read_only, kind_of, write_error

TEMP_SUFFIX = ".xl-tmp"          #: temp files are ``.NAME.<random>.xl-tmp`` beside NAME
KEEP_SUFFIX = ".xl-keep"         #: an old output kept during a commit, to roll back


class _FdWriter(io.RawIOBase):
    """A binary file-like object writing to a file descriptor with :func:`os.write` (buffered)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self._buf = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        self._buf += b
        if len(self._buf) >= CHUNK:
            self.flush()
        return len(b)

    def flush(self) -> None:
        view = memoryview(self._buf)
        while view:
            n = os.write(self._fd, view[:CHUNK])
            view = view[n:]
        view.release()
        self._buf.clear()

    def close(self) -> None:   # the fd is closed by its owner
        pass


def temp_tag(target: Path) -> str:
    """The part of ``target``'s name in its temp names (short enough for a 255-byte name limit)."""
    name = target.name
    while len(name.encode("utf-8", "surrogateescape")) > 200:
        name = name[:-1]
    return name


def temp_name(target: Path, suffix: str = TEMP_SUFFIX) -> Path:
    return target.with_name(f".{temp_tag(target)}.{secrets.token_hex(6)}{suffix}")


def umask_mode() -> int:
    old = os.umask(0o022)
    os.umask(old)
    return 0o666 & ~old


def _set_mode(fd: int, tmp: Path, like: Path | None) -> None:
    """Give the temp file its final mode: ``like``'s mode and owner, else 0666 minus the umask."""
    st = None
    if like is not None:
        try:
            st = os.stat(like)
        except FileNotFoundError:
            st = None
    mode = stat.S_IMODE(st.st_mode) & 0o777 if st is not None else umask_mode()
    if st is not None and hasattr(os, "fchown") and (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        try:
            os.fchown(fd, st.st_uid, st.st_gid)
        except PermissionError:
            try:        # at least the group, if we are a member
                os.fchown(fd, -1, st.st_gid)
            except PermissionError:
                pass
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:                                   # Windows: only the read-only flag exists
        os.chmod(tmp, mode)


def stage(target: Path, data: bytes | Callable[[BinaryIO], None], like: Path | None) -> Path:
    """Write ``data`` into a new temp file beside ``target``, flushed to disk; return its name.

    The temp file is created with ``O_CREAT|O_EXCL|O_NOFOLLOW`` (a random name
    never follows a planted link) and mode 0600 until it gets its final mode.
    On any failure it is deleted and the error re-raised.
    """
    for _ in range(100):
        tmp = temp_name(target)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | O_BINARY | O_CLOEXEC,
                         0o600)
            break
        except FileExistsError:
            continue
    else:   # pragma: no cover - 100 random collisions
        raise FileExistsError(errno.EEXIST, "no free temp name", str(target))
    try:
        try:
            if callable(data):
                w = _FdWriter(fd)
                data(w)  # type: ignore[arg-type]
                w.flush()
            else:
                view = memoryview(data)
                while view:
                    n = os.write(fd, view[:CHUNK])
                    view = view[n:]
            _set_mode(fd, tmp, like)
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        unlink_quietly(tmp)
        raise
    return tmp


def stage_copy(source: Path, target: Path, like: Path | None) -> Path:
    """A complete copy of ``source`` in a temp file beside ``target`` (see :func:`stage`)."""
    src = os.open(source, os.O_RDONLY | O_BINARY | O_CLOEXEC | O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(src).st_mode):
            raise file_error(M.NOT_A_WORKBOOK_FILE(kind=kind_of(os.fstat(src).st_mode)), source)

        def copy(w: BinaryIO) -> None:
            while True:
                chunk = os.read(src, CHUNK)
                if not chunk:
                    return
                w.write(chunk)
        return stage(target, copy, like)
    finally:
        close_quietly(src)


def close_quietly(fd: int) -> None:
    """Close a descriptor only read from: an error there cannot lose data."""
    try:
        os.close(fd)
    except OSError:
        pass


def unlink_quietly(p: Path) -> None:
    try:
        os.unlink(p)
    except OSError:
        pass


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk; not possible on Windows."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS, getattr(errno, "ENOTSUP", errno.EINVAL)):
            raise
    finally:
        os.close(fd)


def refuse_read_only_target(target: Path) -> None:
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISREG(st.st_mode) and is_read_only(target, st):
        raise file_error(M.TARGET_READ_ONLY(target=str(target)))
    if stat.S_ISDIR(st.st_mode):
        raise file_error(M.TARGET_IS_A_FOLDER(target=str(target)))


def atomic_write(path: str | os.PathLike, data: bytes | Callable[[BinaryIO], None], *,
                 like: Path | None = None) -> Path:
    """Replace ``path`` with ``data`` all at once, or change nothing.

    ``data``: the bytes, or a function writing them to a binary file object.
    Steps: a temp file ``.NAME.<random>.xl-tmp`` in the same folder, created
    with ``O_CREAT|O_EXCL|O_NOFOLLOW``; write; flush; mode = ``like``'s mode
    (and owner/group when allowed) if ``like`` exists, else 0666 minus the
    umask; ``fsync``; ``os.replace`` onto ``path`` (a symlink at ``path`` is
    replaced as a link, its target is never written -- for the workbook pass
    :func:`real_path`); ``fsync`` the folder.  A read-only existing target is
    refused.  On any failure the temp file is deleted and an OSError becomes a
    :class:`RatingInputError` naming ``path`` (disk full, no permission, ...).
    Returns ``path``.
    """
    target = Path(path)
    swap_in(target, lambda: stage(target, data, like))
    return target


def swap_in(target: Path, make: Callable[[], Path]) -> None:
    """Put the temp file ``make()`` stages beside ``target`` in its place (``os.replace``),
    then ``fsync`` the folder; a read-only target is refused, and on any failure the temp
    file is deleted and the OSError told as a message naming ``target``."""
    refuse_read_only_target(target)
    tmp = None
    try:
        tmp = make()
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise write_error(target, e) from None
    finally:
        if tmp is not None:
            unlink_quietly(tmp)
    flush_folders([target])


def flush_folders(targets: Sequence[Path]) -> None:
    """fsync the folders of ``targets`` (once each), after the renames."""
    folders: list[Path] = []
    for t in targets:
        if t.parent not in folders:
            folders.append(t.parent)
    for folder in folders:
        try:
            fsync_dir(folder)
        except OSError as e:
            raise file_error(M.FOLDER_NOT_SAVED(targets=joined([str(t) for t in targets]), reason=os_reason(e),
                                                folder=str(folder))) from None


def rotate_backup(workbook: Path, backup: Path) -> None:
    """Replace the backup by a complete copy of ``workbook``, or leave the old backup.

    The copy goes into a temp file beside the backup (``O_EXCL|O_NOFOLLOW``),
    is ``fsync``-ed and given the workbook's mode, then ``os.replace``-d onto
    the backup name: a kill or a full disk during the copy leaves the previous
    good backup; a symlink planted at the backup name is replaced as a link
    entry and its target is never written.
    """
    workbook, backup = Path(workbook), Path(backup)
    swap_in(backup, lambda: stage_copy(workbook, backup, workbook))


def backup_path(workbook: Path) -> Path:
    """``BOOK.backup.xlsx`` beside ``BOOK.xlsx`` (pass the real path)."""
    workbook = Path(workbook)
    return workbook.with_name(backup_name(workbook.name))


def sweep_temps(target: Path, min_age: float = 600.0) -> list[Path]:
    """Delete temp files of ``target`` left by a killed run (older than ``min_age`` seconds).

    Call it while holding the workbook's lock, for the workbook and its backup.
    Only ``.NAME.<hex>.xl-tmp`` / ``.xl-keep`` names are touched; returns them.
    """
    target = Path(target)
    pattern = re.compile(re.escape(f".{temp_tag(target)}.") + r"[0-9a-f]{12}(?:%s|%s)\Z"
                         % (re.escape(TEMP_SUFFIX), re.escape(KEEP_SUFFIX)))
    gone: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return gone
    now = time.time()
    for name in names:
        if pattern.match(name):
            p = target.parent / name
            try:
                st = os.lstat(p)
                if now - st.st_mtime >= min_age and not stat.S_ISDIR(st.st_mode):
                    os.unlink(p)
                    gone.append(p)
            except OSError:
                pass
    return gone


def file_identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Outputs:
    """Every file of one run, written only when all of it can be written.

    Collect with :meth:`add` (or :meth:`add_json`, :meth:`add_csv`),
    :meth:`backup` and :meth:`workbook`; nothing touches the disk until
    :meth:`commit`.  A run that fails before ``commit`` leaves nothing behind.

    ``commit`` works in two phases:

    1. *Stage*: every output is written into its temp file beside its target
       and flushed to disk -- exports first, then the copy of the workbook for
       the backup, then the new workbook.  A full disk, a permission problem or
       a kill here changes nothing: the temps are deleted (after a kill,
       :func:`sweep_temps` removes them) and the targets are untouched.  The
       workbook must still be the one that was read (``expect``).
    2. *Put in place*, by ``os.replace``, in this order:

       a. the exports (JSON, CSV, an ``--output`` workbook) -- they can be
          regenerated, so they go first;
       b. the backup -- the previous version of the workbook must be complete
          on disk before the workbook changes, so no crash can lose both;
       c. the workbook last -- the record itself changes only when everything
          else is in place; it is the single step that "publishes" the run.

       If a replace fails, the steps already done are undone (an export that
       did not exist is removed, one that existed is restored from a hard link
       kept for the purpose), so the run leaves the old state; the message
       says so, or names what could not be undone.  A kill during phase 2 can
       leave new exports beside the old workbook (run again), never a partial
       file and never a workbook without its backup.
    """

    def __init__(self) -> None:
        self._exports: list[tuple[Path, bytes | Callable[[BinaryIO], None], Path | None]] = []
        self._backup: tuple[Path, Path] | None = None
        self._workbook: tuple[Path, bytes | Callable[[BinaryIO], None], os.stat_result | None] | None = None

    def add(self, path: str | os.PathLike, data: bytes | Callable[[BinaryIO], None], *,
            like: Path | None = None) -> None:
        """An export (JSON, CSV, an ``--output`` workbook); ``like`` as in :func:`atomic_write`."""
        self._exports.append((Path(path), data, like))

    def add_json(self, path: str | os.PathLike, obj: Any, *, like: Path | None = None) -> None:
        """A JSON export (encoded now, so an unserialisable value fails before anything is written)."""
        self.add(path, json_bytes(obj), like=like)

    def add_csv(self, path: str | os.PathLike, header: Sequence[Any],
                rows: Iterable[Sequence[Any] | Mapping[str, Any]], *, like: Path | None = None) -> None:
        """A CSV export (see :func:`csv_bytes`)."""
        self.add(path, csv_bytes(header, rows), like=like)

    def backup(self, workbook: Path, backup: Path) -> None:
        """Rotate ``backup`` to a copy of ``workbook`` (as it is on disk) before the workbook changes."""
        self._backup = (Path(workbook), Path(backup))

    def workbook(self, path: Path, data: bytes | Callable[[BinaryIO], None], *,
                 expect: os.stat_result | None = None) -> None:
        """The workbook updated in place (its real path), written last, keeping its mode and owner.

        ``expect``: its ``os.stat`` when it was read; if it changed since (an
        officer saved it in Excel meanwhile), nothing at all is written.
        """
        self._workbook = (Path(path), data, expect)

    def _check_unchanged(self) -> None:
        if self._workbook is None or self._workbook[2] is None:
            return
        path, _, expect = self._workbook
        try:
            now = os.stat(path)
        except OSError:
            now = None
        assert expect is not None
        if now is None or file_identity(now) != file_identity(expect):
            raise file_error(M.CHANGED_WHILE_PROCESSED(), path)

    def commit(self) -> list[Path]:
        """Stage every output, then put them in place (see the class); returns the paths written."""
        return self.install(self.stage())

    def stage(self) -> list[tuple[Path, Path]]:
        """Phase 1 of :meth:`commit` alone: every output in its temp file beside its target,
        (target, temp); then :meth:`install` them, or :meth:`discard` them (another output of the
        run failed meanwhile: nothing was changed)."""
        plan: list[tuple[Path, Callable[[], Path]]] = []
        for path, data, like in self._exports:
            plan.append((path, functools.partial(stage, path, data, like)))
        if self._backup is not None:
            wb, bk = self._backup
            plan.append((bk, functools.partial(stage_copy, wb, bk, wb)))
        if self._workbook is not None:
            path, data, _ = self._workbook
            plan.append((path, functools.partial(stage, path, data, path)))

        staged: list[tuple[Path, Path]] = []      # (target, temp)
        current: Path | None = None
        try:
            for target, _ in plan:
                current = target
                refuse_read_only_target(target)
            for target, make in plan:
                current = target
                staged.append((target, make()))
                if self._backup is not None and target == self._backup[1]:
                    self._check_unchanged()       # the backup holds the version that was read
            current = None
            self._check_unchanged()
        except OSError as e:
            for _, tmp in staged:
                unlink_quietly(tmp)
            raise write_error(current or Path("."), e) from None
        except BaseException:
            for _, tmp in staged:
                unlink_quietly(tmp)
            raise
        return staged

    @staticmethod
    def discard(staged: list[tuple[Path, Path]]) -> None:
        """The temp files of :meth:`stage`, removed (nothing put in place)."""
        for _, tmp in staged:
            unlink_quietly(tmp)

    def install(self, staged: list[tuple[Path, Path]]) -> list[Path]:
        """Phase 2 of :meth:`commit`: the staged outputs put in place (see the class)."""
        done: list[tuple[Path, Path | None, bool]] = []   # (target, kept old version, existed)
        pending = list(staged)
        keep = None
        try:
            while pending:
                target, tmp = pending[0]
                existed = os.path.lexists(target)
                keep = None
                if existed and len(pending) > 1:          # the last step needs no undo
                    keep = _keep(target)
                os.replace(tmp, target)
                pending.pop(0)
                done.append((target, keep, existed))
                keep = None
        except OSError as e:
            failed = pending[0][0]
            for _, tmp in pending:
                unlink_quietly(tmp)
            if keep is not None:                          # kept for the step that failed
                unlink_quietly(keep)
            left = _undo(done)
            if not left:
                raise write_error(failed, e) from None
            raise file_error(M.NOT_UNDONE(target=str(failed), reason=os_reason(e) if e.strerror else M.THE_WRITE_FAILED(),
                                          files=joined([str(p) for p in left]))) from None
        except BaseException:
            for _, tmp in pending:
                unlink_quietly(tmp)
            if keep is not None:
                unlink_quietly(keep)
            _undo(done)
            raise
        for _, keep, _ in done:
            if keep is not None:
                unlink_quietly(keep)
        written = [t for t, _, _ in done]
        flush_folders(written)
        return written


def _keep(target: Path) -> Path | None:
    """A hard link to ``target``'s current version, to undo a replace; None if links are impossible."""
    keep = temp_name(target, KEEP_SUFFIX)
    try:
        os.link(target, keep, follow_symlinks=False)
    except (OSError, NotImplementedError, TypeError):
        return None
    return keep


def _undo(done: list[tuple[Path, Path | None, bool]]) -> list[Path]:
    """Undo the replaces in ``done`` (newest first); returns the targets that could not be restored."""
    left = []
    for target, keep, existed in reversed(done):
        try:
            if keep is not None:
                os.replace(keep, target)
            elif not existed:
                os.unlink(target)
            else:
                left.append(target)
        except OSError:
            left.append(target)
            if keep is not None:
                unlink_quietly(keep)
    return left


def write_csv(path: str | os.PathLike, header: Sequence[Any],
              rows: Iterable[Sequence[Any] | Mapping[str, Any]], *, like: Path | None = None) -> Path:
    """Write a CSV atomically (see :func:`csv_bytes`, :func:`atomic_write`); rows are sequences or dicts."""
    return atomic_write(path, csv_bytes(header, rows), like=like)


def write_json(path: str | os.PathLike, obj: Any, *, like: Path | None = None) -> Path:
    """Write a JSON export atomically (see :func:`json_bytes`, :func:`atomic_write`)."""
    return atomic_write(path, json_bytes(obj), like=like)
