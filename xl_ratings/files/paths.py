"""Paths given by the officer, checked before anything is read or written.

* :func:`real_path` -- the workbook's real file (a symlinked workbook is
  updated where it really is); folders, pipes and devices are refused.
* :func:`check_outputs` -- no output is an input, no two outputs are one file,
  every folder exists and is writable, and an existing file that xl-ratings did
  not write is never overwritten without ``--force``.
* :func:`check_writable` -- a read-only workbook (or folder) is refused.
* :func:`write_error` -- an OSError while writing, as a message naming the target.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..errors import InputErrors, RatingInputError, Text, Where
from . import messages as M
from .names import companions, reserved
from .osflags import DISK_FULL, NO_PERMISSION


def file_error(problem: str, path: Path | str | None = None) -> RatingInputError:
    return RatingInputError(problem, where=Where(str(path)) if path is not None else None)


def write_error(target: Path, err: BaseException) -> RatingInputError:
    """An OSError during a write, as a message naming the *target* (never a temp name)."""
    code = getattr(err, "errno", None)
    if code in DISK_FULL:
        return file_error(f"cannot write {target}: the disk is full: nothing was changed "
                      "— 磁盘已满，未作任何修改")
    if code in NO_PERMISSION or isinstance(err, PermissionError):
        return file_error(f"cannot write {target} (read-only or no permission, or open in another "
                      "program): nothing was changed — 无写入权限或文件被占用，未作任何修改")
    reason = getattr(err, "strerror", None) or type(err).__name__
    return file_error(f"cannot write {target}: {reason}: nothing was changed — 写入失败，未作任何修改")


def name_max(folder: Path) -> int:
    """The longest file name (bytes) the folder's file system takes (255 where it cannot say)."""
    try:
        return int(os.pathconf(str(folder), "PC_NAME_MAX"))
    except (AttributeError, OSError, ValueError):
        return 255


def check_room(path: str | os.PathLike) -> None:
    """Refuse, before anything is done, a workbook whose name leaves no room for the files
    kept beside it (:func:`.names.companions`: the backup, the locks) within the file
    system's limit of a name: those names could not be made, half-way through a run."""
    problem = room_problem(path)
    if problem is not None:
        raise problem


def room_problem(path: str | os.PathLike) -> RatingInputError | None:
    """:func:`check_room`'s refusal, or None when the name leaves room."""
    p = Path(path)
    size = len(p.name.encode("utf-8", "surrogateescape"))
    limit = name_max(p.parent if str(p.parent) else Path("."))
    extra = max(len(c.encode("utf-8", "surrogateescape")) for c in companions(p.name)) - size
    if size + extra <= limit:
        return None
    most = max(limit - extra, 1)
    return RatingInputError(M.NAME_TOO_LONG(size=size, extra=extra, limit=limit, most=most, chars=most // 3),
                            where=Where(str(p)))


def kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def real_path(path: str | os.PathLike, source: bool = False) -> Path:
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
            raise file_error(f"is a link to a missing file ({os.readlink(p)}) — 链接指向的文件不存在", p) from None
        raise file_error("file not found", p) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise file_error("is a loop of symbolic links — 符号链接循环", p) from None
        raise file_error(f"cannot be opened: {e.strerror} — 无法打开", p) from None
    if not stat.S_ISREG(st.st_mode):
        what = M.NOT_A_SOURCE_FILE if source else M.NOT_A_WORKBOOK_FILE
        kinds = {"a folder": M.KIND_FOLDER, "a pipe (FIFO)": M.KIND_PIPE, "a device": M.KIND_DEVICE,
                 "a socket": M.KIND_SOCKET}
        raise RatingInputError(what(kind=kinds.get(kind_of(st.st_mode), M.KIND_OTHER)()), where=Where(str(p)))
    real = p.resolve(strict=True)
    again = os.stat(real)
    if (again.st_dev, again.st_ino) != (st.st_dev, st.st_ino):   # a link changed meanwhile
        raise file_error("changed while it was being opened (a moving link?); run again — 文件在打开时被更改", p)
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


def same_file(a: Path, b: Path) -> bool:
    """One file: the same entry, or the same inode (links, ``./x`` and ``x``, hard links)."""
    if _entry_key(a) == _entry_key(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


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
    * an output named like a workbook's backup or a lock or temp file (:func:`.names.reserved`),
      even with ``force`` (the option ``backup`` itself excepted);
    * an existing output that ``ours(path)`` does not recognise as an earlier
      output of xl-ratings for this workbook, unless ``force``.
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
            problem = file_error(f"cannot write {opt} {out}: {e.strerror} — {opt} 无法写入")
        if problem is not None:
            problems.append(problem)
    if problems:
        raise InputErrors(problems)


def _output_problem(opt: str, out: Path, inputs: Sequence[Path], seen: list[tuple[str, Path]],
                    force: bool, ours: Callable[[Path], bool]) -> RatingInputError | None:
    """What is wrong with one output of :func:`check_outputs`, or None."""
    clash = next((i for i in inputs if same_file(out, Path(i))), None)
    if clash is not None:
        return file_error(f"{opt} {out} is the same file as the input {clash}: it would be overwritten; "
                      f"choose another name — {opt} 与输入文件是同一个文件，请换一个文件名")
    twin = next((o for o, q in seen if same_file(out, q)), None)
    if twin is not None:
        return file_error(f"{twin} and {opt} are the same file {out}; choose different names "
                      f"— {twin} 与 {opt} 是同一个文件")
    seen.append((opt, out))
    why = reserved(out.name) if opt != "backup" else None
    if why is not None:
        text = M.OUTPUT_IS_A_BACKUP if why == "backup" else M.OUTPUT_IS_A_WORK_FILE
        return RatingInputError(text(option=opt, path=str(out)), where=Where(str(out)))
    folder = out.parent
    if not folder.is_dir():
        return file_error(f"the folder of {opt} {out} does not exist ({folder}) — {opt} 的文件夹不存在")
    if not os.access(folder, os.W_OK | os.X_OK):
        return file_error(f"cannot write {opt} {out}: no permission to write in the folder {folder} "
                      f"— {opt} 所在文件夹无写入权限")
    if not os.path.lexists(out):
        return None
    if not os.path.islink(out):     # a link is replaced as a link: its target is never written
        st = os.stat(out)
        if not stat.S_ISREG(st.st_mode):
            return file_error(f"{opt} {out} is {kind_of(st.st_mode)}, not a file; choose another name "
                          f"— {opt} 不是普通文件")
        if is_read_only(out, st):
            return file_error(f"{opt} {out} is read-only; choose another name or make it writable "
                          f"— {opt} 文件为只读")
    if not force and not ours(out):
        return RatingInputError(M.OUTPUT_NOT_OURS(option=opt, path=str(out)))
    return None


def is_read_only(path: Path, st: os.stat_result) -> bool:
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
        raise file_error(f"cannot be opened: {e.strerror} — 无法打开", p) from None
    if is_read_only(p, st):
        raise file_error(f"the workbook is read-only: {p}; make it writable, or write the results "
                     "elsewhere with --output — 工作簿为只读")
    folder = p.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise file_error(f"cannot write in the folder {folder} (needed to save the workbook {p.name} "
                     "safely); write the results elsewhere with --output — 文件夹无写入权限")
