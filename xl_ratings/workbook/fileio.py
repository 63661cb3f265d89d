"""Every file xl-ratings writes goes through this module.

Records must never be lost, whatever the officer (or the machine) does:

* :func:`real_path` -- the workbook's real file (a symlinked workbook is
  updated where it really is); folders, pipes and devices are refused.
* :func:`check_outputs` -- before anything is computed or written: no output
  is an input, no two outputs are one file, every folder exists and is
  writable, and an existing file that xl-ratings did not write is never
  overwritten without ``--force``.
* :func:`check_writable` -- a read-only workbook (or folder) is refused.
* :func:`atomic_write` -- a temp file beside the target (``O_EXCL|O_NOFOLLOW``),
  written, flushed, ``fsync``-ed, given the right mode, then ``os.replace``-d
  over the target: a reader sees the complete old file or the complete new
  one, never a part.  Errors name the target, never the temp file.
* :func:`rotate_backup` -- the previous backup is replaced only by a complete
  copy of the workbook.
* :func:`write_csv` / :func:`write_json` -- the two export formats (CSV with
  formula injection neutralised).
* :class:`Outputs` -- the transaction: every output is staged first and put in
  place only when all were staged, the workbook last.
* :class:`WorkbookLock` -- one run per workbook, with an OS lock (no stale-lock
  race), never following links or hanging on pipes.

Standard library only (plus :mod:`xl_ratings.errors`); no threads; imports
where :mod:`fcntl` is missing (Pyodide) and on Windows.
"""

from __future__ import annotations

import csv
import datetime as _dt
import errno
import functools
import io
import json
import numbers
import os
import re
import secrets
import stat
import sys
import time
import zipfile
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Mapping, Sequence

from ..engine.ledger import backup_name
from ..errors import InputErrors, RatingInputError, Where
from ..view.sheets import formula_like

try:                                # POSIX
    import fcntl
except ImportError:                 # Windows, some Pyodide builds
    fcntl = None  # type: ignore[assignment]
try:                                # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

__all__ = [
    "real_path", "link_note", "check_outputs", "check_writable", "atomic_write", "rotate_backup",
    "backup_path", "write_csv", "write_json", "csv_bytes", "json_bytes", "neutralise", "Outputs", "WorkbookLock",
    "lock_path", "sweep_temps", "is_workbook", "is_processed_workbook", "is_our_json", "is_our_csv", "is_our_text",
    "JSON_MARKER",
]

_O_BINARY = getattr(os, "O_BINARY", 0)        # Windows: no newline translation
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)

TEMP_SUFFIX = ".xl-tmp"          #: temp files are ``.NAME.<random>.xl-tmp`` beside NAME
KEEP_SUFFIX = ".xl-keep"         #: an old output kept during a commit, to roll back
LOCK_SUFFIX = ".xl-ratings.lock"  #: the lock of BOOK.xlsx is ``.BOOK.xlsx.xl-ratings.lock``
LOCK_READ_BYTES = 256            #: never read more of a lock file than this
LOCK_STALE_SECONDS = 3600        #: fallback lock only: a lock older than this is stale
LOCK_STARTING_SECONDS = 10       #: fallback lock only: an empty lock younger than this is a run starting
JSON_MARKER = "generator"        #: first key of our JSON exports: ``{"generator": "xl-ratings ...", ...}``
_CHUNK = 1 << 20

_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NO_PERMISSION = {errno.EACCES, errno.EPERM, errno.EROFS}
_NOT_A_FILE = {errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EMLINK, getattr(errno, "EFTYPE", errno.ELOOP)}
_LOCK_UNSUPPORTED = {errno.ENOSYS, errno.ENOLCK, errno.EINVAL,
                     getattr(errno, "EOPNOTSUPP", errno.ENOSYS), getattr(errno, "ENOTSUP", errno.ENOSYS)}


# --------------------------------------------------------------------------- messages
def _error(problem: str, path: Path | str | None = None) -> RatingInputError:
    return RatingInputError(problem, where=Where(str(path)) if path is not None else None)


def write_error(target: Path, err: BaseException) -> RatingInputError:
    """An OSError during a write, as a message naming the *target* (never a temp name)."""
    code = getattr(err, "errno", None)
    if code in _DISK_FULL:
        return _error(f"cannot write {target}: the disk is full: nothing was changed "
                      "— 磁盘已满，未作任何修改")
    if code in _NO_PERMISSION or isinstance(err, PermissionError):
        return _error(f"cannot write {target} (read-only or no permission, or open in another "
                      "program): nothing was changed — 无写入权限或文件被占用，未作任何修改")
    reason = getattr(err, "strerror", None) or type(err).__name__
    return _error(f"cannot write {target}: {reason}: nothing was changed — 写入失败，未作任何修改")


# --------------------------------------------------------------------------- paths
def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def real_path(path: str | os.PathLike) -> Path:
    """The workbook's real path: every symlink resolved, refused unless a regular file.

    A workbook reached through a symlink is read, locked, backed up and updated
    at its real path, so the link keeps pointing at the updated file (replacing
    the link itself would leave a private copy and the real file unchanged).
    Use :func:`link_note` to tell the officer.  Raises :class:`RatingInputError`
    ("file not found", a dangling link, a link loop, a folder, pipe or device).
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        if os.path.lexists(p):
            raise _error(f"is a link to a missing file ({os.readlink(p)}) — 链接指向的文件不存在", p) from None
        raise _error("file not found", p) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise _error("is a loop of symbolic links — 符号链接循环", p) from None
        raise _error(f"cannot be opened: {e.strerror} — 无法打开", p) from None
    if not stat.S_ISREG(st.st_mode):
        raise _error(f"is {_kind(st.st_mode)}, not a workbook file — 不是普通文件", p)
    real = p.resolve(strict=True)
    again = os.stat(real)
    if (again.st_dev, again.st_ino) != (st.st_dev, st.st_ino):   # a link changed meanwhile
        raise _error("changed while it was being opened (a moving link?); run again — 文件在打开时被更改", p)
    return real


def link_note(given: str | os.PathLike, real: Path) -> str | None:
    """A line for the officer when ``given`` is not simply ``real``; else None.

    Through a symlink: the real file is the one updated.  Hard links: only
    this name gets the new version (the other names keep the old one).
    """
    notes = []
    if os.path.normcase(os.path.normpath(os.path.abspath(given))) != os.path.normcase(str(real)):
        notes.append(f"{given} is reached through a link: its real file {real} is the one updated "
                     "— 这是链接，已更新其指向的文件")
    try:
        links = os.stat(real).st_nlink
    except OSError:
        links = 1
    if links > 1:
        notes.append(f"{real} has {links} names (hard links): only this name gets the new version "
                     "— 此文件有多个硬链接，只有此名称被更新")
    return "; ".join(notes) or None


def _entry_key(p: Path) -> tuple[str, str]:
    """A directory entry, as the folder's real path and the name (not following the name)."""
    return (os.path.normcase(os.path.realpath(p.parent)), os.path.normcase(p.name))


def _same_file(a: Path, b: Path) -> bool:
    """One file: the same entry, or the same inode (links, ``./x`` and ``x``, hard links)."""
    if _entry_key(a) == _entry_key(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _safe_head(path: Path, n: int) -> bytes | None:
    """At most ``n`` bytes from the start of ``path`` if it is a regular file; else None.

    Follows links (the question is what the name holds) but never blocks on a
    pipe nor reads a device.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY | _O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, n)
    except OSError:
        return None
    finally:
        os.close(fd)


def _open_regular(path: Path) -> BinaryIO | None:
    """``path`` opened for reading if it is a regular file (never blocks on a pipe); else None."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY | _O_CLOEXEC)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return os.fdopen(fd, "rb")
    except OSError:
        pass
    os.close(fd)
    return None


def _workbook_xml(path: Path) -> bytes | None:
    f = _open_regular(path)
    if f is None:
        return None
    with f:
        try:
            if f.read(4) != b"PK\x03\x04":
                return None
            f.seek(0)
            with zipfile.ZipFile(f) as z, z.open("xl/workbook.xml") as part:
                return part.read(4 * _CHUNK)
        except (OSError, zipfile.BadZipFile, ValueError, KeyError, EOFError):
            return None


def is_workbook(path: str | os.PathLike) -> bool:
    """An .xlsx/.xlsm package (a zip holding ``xl/workbook.xml``); never blocks or reads a device."""
    return _workbook_xml(Path(path)) is not None


def is_processed_workbook(path: str | os.PathLike) -> bool:
    """A workbook xl-ratings has already written its result sheets into (Ratings and History)."""
    xml = _workbook_xml(Path(path))
    if xml is None:
        return False
    names = set(re.findall(rb'<(?:\w+:)?sheet\b[^>]*\bname="([^"]*)"', xml))
    return {b"Ratings", b"History"} <= names


def is_our_json(path: str | os.PathLike) -> bool:
    """A JSON export of xl-ratings: our marker key first, or (older exports) ``{"system": ..., "period"``."""
    head = _safe_head(Path(path), 512)
    if head is None:
        return False
    text = head.decode("utf-8", "replace").lstrip("\ufeff")
    return bool(re.match(r'\{\s*"%s"\s*:\s*"xl-ratings' % JSON_MARKER, text)
                or re.match(r'\{\s*"system"\s*:\s*"(shanghai|gor|lianzhong|peng)"\s*,\s*"period"\s*:', text))


def is_our_csv(path: str | os.PathLike, header: Sequence[str]) -> bool:
    """A CSV whose first line is exactly ``header`` as :func:`write_csv` writes it."""
    want = csv_bytes(header, [])
    head = _safe_head(Path(path), len(want))
    return head == want


def is_our_text(path: str | os.PathLike, heads: Sequence[bytes]) -> bool:
    """A text file that begins with one of ``heads`` (how the text files xl-ratings writes begin)."""
    head = _safe_head(Path(path), max((len(h) for h in heads), default=0))
    return head is not None and any(h and head.startswith(h) for h in heads)


# --------------------------------------------------------------------------- checks
def check_outputs(inputs: Sequence[Path], outputs: Mapping[str, Path | None], *, force: bool,
                  ours: Callable[[Path], bool]) -> None:
    """Refuse, before anything is written, every output that could destroy something.

    ``outputs`` maps the option that names it (``--json``, ``--output``,
    ``backup``) to the path (None: not asked for).  Refused, all problems at
    once in one :class:`InputErrors`:

    * an output that is an input (one file: same entry, or same inode via
      ``os.path.samefile`` -- catches symlinks, hard links, ``./x`` vs ``x``);
    * two outputs that are one file;
    * an output whose folder is missing, or not writable;
    * an existing output that is a folder, pipe or device (even with ``force``),
      or that is read-only;
    * an existing output that ``ours(path)`` does not recognise as an earlier
      output of xl-ratings, unless ``force``.
    """
    problems: list[RatingInputError] = []
    seen: list[tuple[str, Path]] = []
    for opt, raw in outputs.items():
        if raw is None:
            continue
        out = Path(raw)
        try:
            problem = _output_problem(opt, out, inputs, seen, force, ours)
        except OSError as e:
            problem = _error(f"cannot write {opt} {out}: {e.strerror} — {opt} 无法写入")
        if problem is not None:
            problems.append(problem)
    if problems:
        raise InputErrors(problems)


def _output_problem(opt: str, out: Path, inputs: Sequence[Path], seen: list[tuple[str, Path]],
                    force: bool, ours: Callable[[Path], bool]) -> RatingInputError | None:
    """What is wrong with one output of :func:`check_outputs`, or None."""
    clash = next((i for i in inputs if _same_file(out, Path(i))), None)
    if clash is not None:
        return _error(f"{opt} {out} is the same file as the input {clash}: it would be overwritten; "
                      f"choose another name — {opt} 与输入文件是同一个文件，请换一个文件名")
    twin = next((o for o, q in seen if _same_file(out, q)), None)
    if twin is not None:
        return _error(f"{twin} and {opt} are the same file {out}; choose different names "
                      f"— {twin} 与 {opt} 是同一个文件")
    seen.append((opt, out))
    folder = out.parent
    if not folder.is_dir():
        return _error(f"the folder of {opt} {out} does not exist ({folder}) — {opt} 的文件夹不存在")
    if not os.access(folder, os.W_OK | os.X_OK):
        return _error(f"cannot write {opt} {out}: no permission to write in the folder {folder} "
                      f"— {opt} 所在文件夹无写入权限")
    if not os.path.lexists(out):
        return None
    if not os.path.islink(out):     # a link is replaced as a link: its target is never written
        st = os.stat(out)
        if not stat.S_ISREG(st.st_mode):
            return _error(f"{opt} {out} is {_kind(st.st_mode)}, not a file; choose another name "
                          f"— {opt} 不是普通文件")
        if _read_only(out, st):
            return _error(f"{opt} {out} is read-only; choose another name or make it writable "
                          f"— {opt} 文件为只读")
    if not force and not ours(out):
        return _error(f"{opt} {out} already exists and was not written by xl-ratings; choose another name "
                      f"or add --force to overwrite it — {opt} 文件已存在且不是本程序生成的，请换名或使用 --force")
    return None


def _read_only(path: Path, st: os.stat_result) -> bool:
    return not (st.st_mode & 0o222) or not os.access(path, os.W_OK)


def check_writable(workbook: Path) -> None:
    """Refuse to update a read-only workbook, or one in a folder we cannot write in.

    Read-only: no write permission for us (``os.access``), or a mode without
    any write bit -- which also catches it when running as root or
    administrator, who could write anyway.  The folder must be writable to
    create the temp file and the backup beside the workbook.
    """
    p = Path(workbook)
    try:
        st = os.stat(p)
    except OSError as e:
        raise _error(f"cannot be opened: {e.strerror} — 无法打开", p) from None
    if _read_only(p, st):
        raise _error(f"the workbook is read-only: {p}; make it writable, or write the results "
                     "elsewhere with --output — 工作簿为只读")
    folder = p.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _error(f"cannot write in the folder {folder} (needed to save the workbook {p.name} "
                     "safely); write the results elsewhere with --output — 文件夹无写入权限")


# --------------------------------------------------------------------------- atomic writes
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
        if len(self._buf) >= _CHUNK:
            self.flush()
        return len(b)

    def flush(self) -> None:
        view = memoryview(self._buf)
        while view:
            n = os.write(self._fd, view[:_CHUNK])
            view = view[n:]
        view.release()
        self._buf.clear()

    def close(self) -> None:   # the fd is closed by its owner
        pass


def _tag(target: Path) -> str:
    """The part of ``target``'s name in its temp names (short enough for a 255-byte name limit)."""
    name = target.name
    while len(name.encode("utf-8", "surrogateescape")) > 200:
        name = name[:-1]
    return name


def _temp_name(target: Path, suffix: str = TEMP_SUFFIX) -> Path:
    return target.with_name(f".{_tag(target)}.{secrets.token_hex(6)}{suffix}")


def _umask_mode() -> int:
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
    mode = stat.S_IMODE(st.st_mode) & 0o777 if st is not None else _umask_mode()
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


def _stage(target: Path, data: bytes | Callable[[BinaryIO], None], like: Path | None) -> Path:
    """Write ``data`` into a new temp file beside ``target``, flushed to disk; return its name.

    The temp file is created with ``O_CREAT|O_EXCL|O_NOFOLLOW`` (a random name
    never follows a planted link) and mode 0600 until it gets its final mode.
    On any failure it is deleted and the error re-raised.
    """
    for _ in range(100):
        tmp = _temp_name(target)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_BINARY | _O_CLOEXEC,
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
                    n = os.write(fd, view[:_CHUNK])
                    view = view[n:]
            _set_mode(fd, tmp, like)
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def _stage_copy(source: Path, target: Path, like: Path | None) -> Path:
    """A complete copy of ``source`` in a temp file beside ``target`` (see :func:`_stage`)."""
    src = os.open(source, os.O_RDONLY | _O_BINARY | _O_CLOEXEC | _O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(src).st_mode):
            raise _error(f"is {_kind(os.fstat(src).st_mode)}, not a workbook file — 不是普通文件", source)

        def copy(w: BinaryIO) -> None:
            while True:
                chunk = os.read(src, _CHUNK)
                if not chunk:
                    return
                w.write(chunk)
        return _stage(target, copy, like)
    finally:
        _close_quietly(src)


def _close_quietly(fd: int) -> None:
    """Close a descriptor only read from: an error there cannot lose data."""
    try:
        os.close(fd)
    except OSError:
        pass


def _unlink_quietly(p: Path) -> None:
    try:
        os.unlink(p)
    except OSError:
        pass


def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk; not possible on Windows."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS, getattr(errno, "ENOTSUP", errno.EINVAL)):
            raise
    finally:
        os.close(fd)


def _refuse_read_only_target(target: Path) -> None:
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISREG(st.st_mode) and _read_only(target, st):
        raise _error(f"cannot write {target}: the file is read-only; nothing was changed — 文件为只读，未作任何修改")
    if stat.S_ISDIR(st.st_mode):
        raise _error(f"cannot write {target}: it is a folder; nothing was changed — 目标是文件夹，未作任何修改")


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
    _refuse_read_only_target(target)
    tmp = None
    try:
        tmp = _stage(target, data, like)
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise write_error(target, e) from None
    finally:
        if tmp is not None:
            _unlink_quietly(tmp)
    _flush_folders([target])
    return target


def _flush_folders(targets: Sequence[Path]) -> None:
    """fsync the folders of ``targets`` (once each), after the renames."""
    folders: list[Path] = []
    for t in targets:
        if t.parent not in folders:
            folders.append(t.parent)
    for folder in folders:
        try:
            _fsync_dir(folder)
        except OSError as e:
            raise _error(f"{', '.join(str(t) for t in targets)} written, but the disk reported an error "
                         f"({e.strerror}) while saving the folder {folder}: check the files "
                         "— 文件已写入，但磁盘报告错误，请检查") from None


def rotate_backup(workbook: Path, backup: Path) -> None:
    """Replace the backup by a complete copy of ``workbook``, or leave the old backup.

    The copy goes into a temp file beside the backup (``O_EXCL|O_NOFOLLOW``),
    is ``fsync``-ed and given the workbook's mode, then ``os.replace``-d onto
    the backup name: a kill or a full disk during the copy leaves the previous
    good backup; a symlink planted at the backup name is replaced as a link
    entry and its target is never written.
    """
    workbook, backup = Path(workbook), Path(backup)
    _refuse_read_only_target(backup)
    tmp = None
    try:
        tmp = _stage_copy(workbook, backup, workbook)
        os.replace(tmp, backup)
        tmp = None
    except OSError as e:
        raise write_error(backup, e) from None
    finally:
        if tmp is not None:
            _unlink_quietly(tmp)
    _flush_folders([backup])


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
    pattern = re.compile(re.escape(f".{_tag(target)}.") + r"[0-9a-f]{12}(?:%s|%s)\Z"
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


# --------------------------------------------------------------------------- CSV and JSON
def neutralise(value: Any) -> Any:
    """A CSV cell that Excel will not run as a formula (OWASP CSV injection).

    Text starting with ``= + - @``, tab or carriage return gets a leading
    ``'``; numbers (int, float -- negative ones too) stay numbers; None is an
    empty cell; dates are ISO text.
    """
    if value is None:
        return ""
    if isinstance(value, numbers.Real):          # int, float, Decimal, numpy numbers
        return value
    if isinstance(value, (_dt.date, _dt.datetime, _dt.time)):
        return value.isoformat()
    text = str(value)
    return "'" + text if formula_like(text) else text


def csv_bytes(header: Sequence[Any], rows: Iterable[Sequence[Any] | Mapping[str, Any]]) -> bytes:
    """The CSV file as bytes: UTF-8 with BOM (so Excel reads Chinese), cells neutralised."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([neutralise(h) for h in header])
    for row in rows:
        cells = [row.get(h) for h in header] if isinstance(row, Mapping) else row
        w.writerow([neutralise(v) for v in cells])
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def _json_default(v: Any) -> Any:
    if hasattr(v, "isoformat"):
        return v.isoformat()
    raise TypeError(f"{type(v).__name__} cannot be written to JSON")


def json_bytes(obj: Any) -> bytes:
    """The JSON file as bytes: UTF-8, Chinese as is (``ensure_ascii=False``), dates as ISO text."""
    return (json.dumps(obj, ensure_ascii=False, indent=1, default=_json_default) + "\n").encode("utf-8")


def write_csv(path: str | os.PathLike, header: Sequence[Any],
              rows: Iterable[Sequence[Any] | Mapping[str, Any]], *, like: Path | None = None) -> Path:
    """Write a CSV atomically (see :func:`csv_bytes`, :func:`atomic_write`); rows are sequences or dicts."""
    return atomic_write(path, csv_bytes(header, rows), like=like)


def write_json(path: str | os.PathLike, obj: Any, *, like: Path | None = None) -> Path:
    """Write a JSON export atomically (see :func:`json_bytes`, :func:`atomic_write`)."""
    return atomic_write(path, json_bytes(obj), like=like)


# --------------------------------------------------------------------------- the transaction
def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
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
        if now is None or _identity(now) != _identity(expect):
            raise _error("the workbook changed while it was being processed; nothing was written "
                         "— run again — 工作簿在处理期间被修改，未写入任何内容", path)

    def commit(self) -> list[Path]:
        """Stage every output, then put them in place (see the class); returns the paths written."""
        plan: list[tuple[Path, Callable[[], Path]]] = []
        for path, data, like in self._exports:
            plan.append((path, functools.partial(_stage, path, data, like)))
        if self._backup is not None:
            wb, bk = self._backup
            plan.append((bk, functools.partial(_stage_copy, wb, bk, wb)))
        if self._workbook is not None:
            path, data, _ = self._workbook
            plan.append((path, functools.partial(_stage, path, data, path)))

        staged: list[tuple[Path, Path]] = []      # (target, temp)
        current: Path | None = None
        try:
            for target, _ in plan:
                current = target
                _refuse_read_only_target(target)
            for target, make in plan:
                current = target
                staged.append((target, make()))
                if self._backup is not None and target == self._backup[1]:
                    self._check_unchanged()       # the backup holds the version that was read
            current = None
            self._check_unchanged()
        except OSError as e:
            for _, tmp in staged:
                _unlink_quietly(tmp)
            raise write_error(current or Path("."), e) from None
        except BaseException:
            for _, tmp in staged:
                _unlink_quietly(tmp)
            raise
        return self._install(staged)

    def _install(self, staged: list[tuple[Path, Path]]) -> list[Path]:
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
                _unlink_quietly(tmp)
            if keep is not None:                          # kept for the step that failed
                _unlink_quietly(keep)
            left = _undo(done)
            if not left:
                raise write_error(failed, e) from None
            names = ", ".join(str(p) for p in left)
            raise _error(f"cannot write {failed}: {e.strerror or 'the write failed'}; these files were "
                         f"already written and could not be undone: {names}; run again "
                         f"— 写入失败；以下文件已写入且无法撤销：{names}") from None
        except BaseException:
            for _, tmp in pending:
                _unlink_quietly(tmp)
            if keep is not None:
                _unlink_quietly(keep)
            _undo(done)
            raise
        for _, keep, _ in done:
            if keep is not None:
                _unlink_quietly(keep)
        written = [t for t, _, _ in done]
        _flush_folders(written)
        return written


def _keep(target: Path) -> Path | None:
    """A hard link to ``target``'s current version, to undo a replace; None if links are impossible."""
    keep = _temp_name(target, KEEP_SUFFIX)
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
                _unlink_quietly(keep)
    return left


# --------------------------------------------------------------------------- the lock
_HELD: set[str] = set()   # lock files held by this process (the O_EXCL fallback needs to know)
_OS_LOCK_WORKS: dict[tuple[int, Any, Any], bool] = {}   # (st_dev, backends) -> the OS locks files there


def lock_path(workbook: Path) -> Path:
    """The lock of ``BOOK.xlsx``: ``.BOOK.xlsx.xl-ratings.lock`` beside it."""
    workbook = Path(workbook)
    return workbook.with_name(f".{workbook.name}{LOCK_SUFFIX}")


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt" or not hasattr(os, "kill"):   # os.kill(pid, 0) would kill on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _read_info(fd: int) -> tuple[int | None, float | None, str | None]:
    """pid, start time and host written in a lock file (at most LOCK_READ_BYTES read)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, LOCK_READ_BYTES)
    except OSError:
        return None, None, None
    parts = raw.decode("ascii", "replace").split()
    pid = int(parts[0]) if parts and parts[0].isdigit() else None
    try:
        started = float(parts[1]) if len(parts) > 1 else None
    except ValueError:
        started = None
    host = parts[2] if len(parts) > 2 else None
    return pid, started, host


class WorkbookLock:
    """Hold the workbook's lock file while a run reads and writes it (a context manager).

    The lock ``.NAME.xl-ratings.lock`` beside the workbook is opened with
    ``O_RDWR|O_CREAT|O_NOFOLLOW|O_NONBLOCK`` (a planted link is refused, a pipe
    never blocks) and must be a regular file with one name; then an exclusive,
    non-blocking OS lock is taken -- ``fcntl.flock`` on POSIX,
    ``msvcrt.locking`` on Windows.  The OS releases it when a run dies, so a
    lock file left by a dead run is simply locked again: there is no
    "stale lock" to remove and no race.  After locking, the name must still
    be that file (a run finishing meanwhile removes it; then we retry).  Our
    pid, time and host are written in it for the message of a second run.
    On exit the lock file is removed, then released.

    Where neither OS lock exists (Pyodide) the lock is the file itself,
    created with ``O_EXCL``; a lock of a dead process (or older than
    ``LOCK_STALE_SECONDS``) is removed under a short-lived second lock
    ``...lock.break``, after checking it is still that same file.  (Limits
    of the fallback: a run longer than ``LOCK_STALE_SECONDS`` can be taken
    over; on another machine only the age counts.)  The OS lock is probed
    once per file system, so a share without working locks gets the fallback.

    Refusals are :class:`RatingInputError` naming the workbook.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.workbook = Path(path)
        self.path = lock_path(self.workbook)
        self._fd: int | None = None
        self._ident: tuple[int, int] | None = None
        self._os_lock = False

    # -- public
    def __enter__(self) -> "WorkbookLock":
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()

    def acquire(self) -> None:
        """Take the lock or raise :class:`RatingInputError` (another run, a bad lock file)."""
        if self._fd is not None:
            raise _error(f"the lock {self.path.name} is already held by this run", self.workbook)
        if str(self.path) in _HELD:
            raise self._busy(os.getpid())
        if not self._os_lock_works():
            self._excl_lock()
            return
        for _ in range(50):
            if self._try_os_lock():
                return
        raise _error(f"cannot take the lock {self.path.name}: it keeps changing; run again "
                     "— 无法获取锁文件", self.workbook)

    def release(self) -> None:
        """Remove the lock file (if it is still ours) and release the lock."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if os.name == "nt":      # Windows: unlock and close first (an open file cannot be removed)
                try:
                    if self._os_lock:
                        os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
                        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]  # Windows only
                finally:
                    os.close(fd)
                    fd = -1
            try:     # POSIX: remove the name while still locked, so nobody locks a removed file
                st = os.stat(self.path, follow_symlinks=False)
                if (st.st_dev, st.st_ino) == self._ident:
                    os.unlink(self.path)
            except OSError:
                pass    # Windows: another run has it open; harmless, the OS lock is what counts
        finally:
            if fd >= 0:
                os.close(fd)
            _HELD.discard(str(self.path))

    # -- helpers
    def _busy(self, pid: int | None) -> RatingInputError:
        who = f"process {pid}" if pid else "another process"
        return _error(f"another xl-ratings run ({who}) is processing this workbook; wait for it to "
                      f"finish (lock: {self.path.name}) — 另一个进程正在处理此工作簿", self.workbook)

    def _bad_lock(self) -> RatingInputError:
        return _error(f"the lock {self.path} is not a regular file (a link, pipe or device) or has "
                      "other names (hard links); remove it — 锁文件异常，请删除", self.workbook)

    def _cannot(self, e: OSError) -> RatingInputError:
        if e.errno in _NO_PERMISSION:
            return _error(f"cannot create the lock {self.path} (read-only folder or no permission); "
                          "write the results elsewhere with --output, or make the folder writable "
                          "— 无法创建锁文件", self.workbook)
        return _error(f"cannot open the lock {self.path}: {e.strerror} — 无法打开锁文件", self.workbook)

    def _open(self, flags: int) -> int:
        """Open the lock file; refuse links, pipes, devices and hard-linked files."""
        base = _O_NOFOLLOW | _O_NONBLOCK | _O_BINARY | _O_CLOEXEC
        try:
            try:
                fd = os.open(self.path, os.O_RDWR | flags | base, 0o666)
            except PermissionError:        # another user's lock (0644): flock works read-only
                if flags & os.O_EXCL:
                    raise
                fd = os.open(self.path, os.O_RDONLY | base)
        except FileExistsError:
            raise
        except OSError as e:
            if e.errno in _NOT_A_FILE:
                raise self._bad_lock() from None
            if isinstance(e, FileNotFoundError) and not flags & os.O_CREAT:
                raise                       # gone meanwhile: the caller looks again
            raise self._cannot(e) from None
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            os.close(fd)
            raise self._bad_lock()
        return fd

    def _record(self, fd: int) -> None:
        """Our pid, time and host in the lock (truncated first); best effort."""
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()} {time.time():.3f} {_host()}\n".encode("ascii", "replace"))
        except OSError:
            pass

    def _os_lock_works(self) -> bool:
        """Whether the OS can lock files in the workbook's folder (probed once per file system).

        Probed on a private temp file, so that a file system without working
        locks (Pyodide, some network shares) never sees an empty lock file
        created by the probe, which the fallback would take for a run starting.
        """
        if (fcntl is None and msvcrt is None) or sys.platform in ("emscripten", "wasi"):
            return False
        try:
            key = (os.stat(self.path.parent).st_dev, fcntl, msvcrt)
        except OSError:
            return True      # let the real attempt report the problem
        if key not in _OS_LOCK_WORKS:
            try:
                probe = _stage(self.path, b"", None)
            except OSError:
                return True
            try:
                fd = os.open(probe, os.O_RDWR | _O_BINARY | _O_CLOEXEC)
                try:
                    self._os_lock_fd(fd)
                    works = True
                except OSError as e:
                    works = e.errno not in _LOCK_UNSUPPORTED
                finally:
                    os.close(fd)
            finally:
                _unlink_quietly(probe)
            _OS_LOCK_WORKS[key] = works
        return _OS_LOCK_WORKS[key]

    @staticmethod
    def _os_lock_fd(fd: int) -> None:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _try_os_lock(self) -> bool:
        """True: locked; False: the file changed under us, try again."""
        fd = self._open(os.O_CREAT)
        try:
            st = os.fstat(fd)
            try:
                self._os_lock_fd(fd)
            except OSError as e:
                if isinstance(e, BlockingIOError) or e.errno in (errno.EAGAIN, errno.EACCES, errno.EDEADLK):
                    raise self._busy(_read_info(fd)[0]) from None
                raise self._cannot(e) from None
            try:
                now = os.stat(self.path, follow_symlinks=False)
            except FileNotFoundError:
                return False
            if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
                return False
            self._record(fd)
            self._fd, fd = fd, -1
            self._ident = (st.st_dev, st.st_ino)
            self._os_lock = True
            _HELD.add(str(self.path))
            return True
        finally:
            if fd >= 0:
                os.close(fd)

    def _excl_lock(self) -> None:
        """The fallback: the lock file itself, created with O_EXCL (see the class)."""
        for _ in range(50):
            try:
                fd = self._open(os.O_CREAT | os.O_EXCL)
            except FileExistsError:
                self._judge_existing()
                continue
            st = os.fstat(fd)
            self._record(fd)
            self._fd = fd
            self._ident = (st.st_dev, st.st_ino)
            self._os_lock = False
            _HELD.add(str(self.path))
            return
        raise _error(f"cannot take the lock {self.path.name}: it keeps changing; run again "
                     "— 无法获取锁文件", self.workbook)

    def _stale(self, fd: int) -> tuple[bool, int | None, tuple]:
        st = os.fstat(fd)
        pid, started, host = _read_info(fd)
        ident = _identity(st)
        age = time.time() - st.st_mtime
        if pid is None or started is None:
            return age > LOCK_STARTING_SECONDS, pid, ident     # empty: a run is starting, or died starting
        if str(self.path) in _HELD:
            return False, pid, ident
        if time.time() - started > LOCK_STALE_SECONDS:
            return True, pid, ident
        if host is not None and host != _host():
            return False, pid, ident                          # another machine: trust the age only
        if pid == os.getpid():
            return True, pid, ident                           # this process, not holding it: a dead run (Pyodide)
        return not _pid_alive(pid), pid, ident

    def _judge_existing(self) -> None:
        """An existing fallback lock: refuse if live, else remove it (race-free, under ``.break``)."""
        try:
            fd = self._open(0)
        except FileNotFoundError:
            return
        try:
            stale, pid, ident = self._stale(fd)
        finally:
            os.close(fd)
        if not stale:
            raise self._busy(pid)
        breaker = self.path.with_name(self.path.name + ".break")
        bfd = self._take_breaker(breaker)
        try:
            try:
                fd = self._open(0)
            except FileNotFoundError:
                return
            try:
                again, _, now = self._stale(fd)
            finally:
                os.close(fd)
            if again and now == ident:           # still the very lock judged stale
                os.unlink(self.path)
        finally:
            os.close(bfd)
            _unlink_quietly(breaker)

    def _take_breaker(self, breaker: Path) -> int:
        deadline = time.monotonic() + 2.0
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_NONBLOCK | _O_BINARY | _O_CLOEXEC
        while True:
            try:
                return os.open(breaker, flags, 0o666)
            except FileExistsError:
                try:
                    if time.time() - os.lstat(breaker).st_mtime > 30:   # left by a run killed while breaking
                        _unlink_quietly(breaker)
                        continue
                except FileNotFoundError:
                    continue
                if time.monotonic() > deadline:
                    raise self._busy(None) from None
                time.sleep(0.005)
            except OSError as e:
                raise self._cannot(e) from None


_WIN_LOCK_OFFSET = 4096   # Windows locks are mandatory: lock a byte past the pid text, so it stays readable


def _host() -> str:
    """This machine's name, for locks on shared folders (the pid alone means nothing elsewhere)."""
    try:
        import socket
        return re.sub(r"\s", "_", socket.gethostname())[:64] or "-"
    except (ImportError, OSError):
        return "-"
