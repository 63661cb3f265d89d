"""Paths given by the officer, checked before anything is read or written.

* :func:`real_path` -- the workbook's real file (a symlinked workbook is
  updated where it really is); folders, pipes and devices are refused.
* :func:`check_outputs`, :func:`check_targets` -- no output is an input, no two outputs are one file,
  every folder exists and is writable, and an existing file that xl-ratings did
  not write is never overwritten without ``--force``.
* :func:`check_writable` -- a read-only workbook (or folder) is refused.
* :func:`write_error` -- an OSError while writing, as a message naming the target.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..errors import InputErrors, RatingInputError, Text, Where
from . import messages as M
from .names import RECORD, companions, site_companions, reserved
from .osflags import DISK_FULL, NO_PERMISSION
from .source import os_reason


def file_error(problem: Text, path: Path | str | None = None) -> RatingInputError:
    return RatingInputError(problem, where=Where(str(path)) if path is not None else None)


def write_error(target: Path, err: BaseException) -> RatingInputError:
    """An OSError during a write, as a message naming the *target* (never a temp name)."""
    code = getattr(err, "errno", None)
    if code in DISK_FULL:
        return file_error(M.DISK_FULL(target=str(target)))
    if code == errno.EFBIG:         # larger than the file system or RLIMIT_FSIZE takes: the OS's words are English
        return file_error(M.FILE_TOO_LARGE(target=str(target)))
    if code in NO_PERMISSION or isinstance(err, PermissionError):
        return file_error(M.NO_WRITE_PERMISSION(target=str(target)))
    return file_error(M.WRITE_FAILED(target=str(target), reason=os_reason(err)))


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


def room_problem(path: str | os.PathLike, site: bool = False) -> RatingInputError | None:
    """:func:`check_room`'s refusal, or None when the name leaves room; ``site``: a website's
    folder (the names made beside it: :func:`.names.site_companions`)."""
    p = Path(path)
    size = len(p.name.encode("utf-8", "surrogateescape"))
    parent = p.parent if str(p.parent) else Path(".")
    while not parent.is_dir() and parent != parent.parent:      # a site folder in folders still to be made
        parent = parent.parent
    limit = name_max(parent)
    beside = site_companions(p.name) if site else companions(p.name)
    extra = max(len(c.encode("utf-8", "surrogateescape")) for c in beside) - size
    if size + extra <= limit:
        return None
    most = max(limit - extra, 1)
    # about how many Chinese characters (3 bytes each) fit, beside the ending (.xlsx) the name keeps
    chars = max((most - len(p.suffix.encode("utf-8", "surrogateescape"))) // 3, 1) if not site else most // 3
    too_long = M.SITE_NAME_TOO_LONG if site else M.NAME_TOO_LONG
    return RatingInputError(too_long(size=size, extra=extra, limit=limit, most=most, chars=chars), where=Where(str(p)))


def kind_of(mode: int) -> Text:
    """What a path that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return M.KIND_FOLDER()
    if stat.S_ISFIFO(mode):
        return M.KIND_PIPE()
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return M.KIND_DEVICE()
    if stat.S_ISSOCK(mode):
        return M.KIND_SOCKET()
    return M.KIND_OTHER()


def real_path(path: str | os.PathLike, source: bool = False, game_list: bool = False) -> Path:
    """The workbook's real path: every symlink resolved, refused unless a regular file.

    A workbook reached through a symlink is read, locked, backed up and updated
    at its real path, so the link keeps pointing at the updated file (replacing
    the link itself would leave a private copy and the real file unchanged).
    ``source``/``game_list``: an import source, a game list (or its players/events
    file) -- said so when refused.  Use :func:`link_notes` to tell the officer.  Raises :class:`RatingInputError`
    ("file not found", a dangling link, a link loop, a folder, pipe or device).
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        if os.path.lexists(p):
            raise file_error(M.LINK_TO_MISSING(target=os.readlink(p)), p) from None
        raise file_error(M.NO_SUCH_FILE(), p) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise file_error(M.LINK_LOOP(), p) from None
        raise file_error(M.CANNOT_OPEN(reason=os_reason(e)), p) from None
    if not stat.S_ISREG(st.st_mode):
        what = M.NOT_A_GAME_LIST_FILE if game_list else M.NOT_A_SOURCE_FILE if source else M.NOT_A_WORKBOOK_FILE
        raise file_error(what(kind=kind_of(st.st_mode)), p)
    real = p.resolve(strict=True)
    again = os.stat(real)
    if (again.st_dev, again.st_ino) != (st.st_dev, st.st_ino):   # a link changed meanwhile
        raise file_error(M.CHANGED_WHILE_OPENED(), p)
    return real


def link_notes(given: str | os.PathLike, real: Path) -> list[Text]:
    """Lines for the officer when ``given`` is not simply ``real`` (none when it is).

    Through a symlink: the real file is the one updated.  Hard links: only
    this name gets the new version (the other names keep the old one).
    """
    notes = []
    if os.path.normcase(os.path.normpath(os.path.abspath(given))) != os.path.normcase(str(real)):
        notes.append(M.THROUGH_A_LINK(given=str(given), real=str(real)))
    try:
        links = os.stat(real).st_nlink
    except OSError:
        links = 1
    if links > 1:
        notes.append(M.HARD_LINKS(real=str(real), links=links))
    return notes


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


@dataclass(frozen=True)
class Target:
    """One file a run will write, for :func:`check_targets`.

    ``option`` names it in messages (``--pdf``); ``ours(path)``: is the existing file one
    xl-ratings wrote (may be replaced); ``not_ours``: the refusal of a file that is not ours
    when ``--force`` may not replace it (a website's page: the site has no place for its
    backup) -- None: ``--force`` replaces it (its old bytes kept as its backup);
    ``made``: its folder may not exist yet (this run makes it: a website's sub-folder);
    ``fixed``: xl-ratings names it (a website's page, a folder's record): a read-only one is not
    refused with "choose another name", which the officer cannot do (a folder's record: its name,
    reserved for it, is taken)."""

    option: str
    path: Path
    ours: Callable[[Path], bool]
    not_ours: Callable[[Path], RatingInputError] | None = None
    made: bool = False
    fixed: bool = False


def check_outputs(inputs: Sequence[Path], outputs: Mapping[str, Path | None], *, force: bool,
                  ours: Callable[[Path], bool]) -> None:
    """:func:`check_targets` of ``outputs``: the option that names each (``--json``,
    ``--output``, ``backup``) -> its path (None: not asked for)."""
    check_targets(inputs, [Target(opt, Path(raw), ours) for opt, raw in outputs.items() if raw is not None],
                  force=force)


def check_targets(inputs: Sequence[Path], targets: Sequence[Target], *, force: bool) -> list[Text]:
    """Refuse, before anything is written, every output that could destroy something:
    one rule for every file a run writes.

    Refused, all problems at once in one :class:`InputErrors`:

    * an output that is an input (one file: same entry, or same inode via
      ``os.path.samefile`` -- catches symlinks, hard links, ``./x`` vs ``x``);
    * two outputs that are one file;
    * an output whose folder is missing (unless the run makes it: the nearest folder
      there is must be writable then), or not writable;
    * an existing output that is a folder, pipe or device (even with ``force``),
      or that is read-only;
    * an output named like a workbook's backup or a lock or temp file (:func:`.names.reserved`),
      even with ``force`` (the option ``backup`` itself excepted);
    * an existing output that ``ours(path)`` does not recognise as an earlier
      output of xl-ratings for this workbook, unless ``force`` (and the target lets
      ``force`` replace it: :attr:`Target.not_ours`);
    * a link to a folder (as a folder is), a link to a missing file unless ``force``.

    A folder's problem (missing, not writable, on a read-only disk) is told once for the folder,
    whichever options write into it.  Returns what the officer is told of the checks passed
    (a link to a missing file replaced with ``force``).
    """
    problems: list[RatingInputError] = []
    notes: list[Text] = []
    given, seen = _Files(), _Files()        # the inputs; the outputs checked so far
    for i in inputs:
        given.add(str(i), Path(i))
    folders: set[str] = set()     # a folder refused once is not refused again for each file in it
    for target in targets:
        out = target.path
        try:
            problem = _output_problem(target, inputs, given, seen, force)
            if problem is None and force and _dangling(out) is not None:
                notes.append(M.OUTPUT_LINK_REPLACED(option=output_word(target.option), path=str(out),
                                                    target=str(_dangling(out))))
        except OSError as e:
            problem = file_error(M.OUTPUT_CANNOT_WRITE(option=output_word(target.option), path=str(out), reason=os_reason(e)))
        if problem is None:
            continue
        folder = dict(problem.text.params).get("folder") if problem.text.id in FOLDER_PROBLEMS else None
        if folder is not None:
            if str(folder) in folders:
                continue
            folders.add(str(folder))
        problems.append(problem)
    if problems:
        raise InputErrors(problems)
    return notes


def _dangling(path: Path) -> str | None:
    """What a link to a missing file names (None: not such a link)."""
    if os.path.islink(path) and not os.path.exists(path):
        try:
            return os.readlink(path)
        except OSError:
            return None
    return None


def read_only_disk(folder: Path) -> bool:
    """Is ``folder`` on a file system mounted read-only (EROFS: no permission would help)?"""
    try:
        return bool(os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 1))
    except (AttributeError, OSError):
        return False


#: the outputs no option names (a job's own: the backup, the files listing problems and checks)
OWN_OUTPUTS = {"backup": M.OUTPUT_BACKUP, "problems": M.OUTPUT_PROBLEMS, "checks": M.OUTPUT_CHECKS}


def output_word(opt: str) -> Text | str:
    """An output as a message names it: an option as typed (``--json``), else in words in the
    message's language (the backup, 备份文件: never the English key inside a Chinese line)."""
    own = OWN_OUTPUTS.get(opt)
    return own() if own is not None else opt


#: the problems of an output's folder (told once for the folder, whichever outputs go there)
FOLDER_PROBLEMS = frozenset({M.OUTPUT_FOLDER_MISSING.id, M.OUTPUT_FOLDER_NOT_WRITABLE.id,
                              M.OUTPUT_FOLDER_READ_ONLY_DISK.id})


class _Files:
    """Files met so far, found again as :func:`same_file` finds them -- by directory entry or by
    inode -- in a look-up each (a website's thousands of pages: no comparison of every pair)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], str] = {}
        self._inodes: dict[tuple[int, int], str] = {}
        self._folders: dict[Path, str] = {}        # a folder's real path, once per folder

    def _keys(self, p: Path) -> tuple[tuple[str, str], tuple[int, int] | None]:
        folder = self._folders.get(p.parent)
        if folder is None:
            folder = self._folders[p.parent] = os.path.normcase(os.path.realpath(p.parent))
        try:
            st = os.stat(p)
            inode = (st.st_dev, st.st_ino)
        except OSError:
            inode = None
        return (folder, os.path.normcase(p.name)), inode

    def find(self, p: Path) -> str | None:
        entry, inode = self._keys(p)
        found = self._entries.get(entry)
        return found if found is not None or inode is None else self._inodes.get(inode)

    def add(self, name: str, p: Path) -> None:
        entry, inode = self._keys(p)
        self._entries.setdefault(entry, name)
        if inode is not None:
            self._inodes.setdefault(inode, name)


def _output_problem(target: Target, inputs: Sequence[Path], given: _Files, seen: _Files,
                    force: bool) -> RatingInputError | None:
    """What is wrong with one output of :func:`check_targets`, or None."""
    opt, out = target.option, target.path
    clash = given.find(out)
    if clash is not None:
        return file_error(M.OUTPUT_IS_AN_INPUT(option=output_word(opt), path=str(out), input=clash))
    twin = seen.find(out)
    if twin is not None:
        return file_error(M.OUTPUTS_ONE_FILE(first=output_word(twin), option=output_word(opt), path=str(out)))
    seen.add(opt, out)
    why = reserved(out.name) if opt != "backup" and not (target.fixed and out.name == RECORD) else None
    if why is not None:
        text = M.OUTPUT_IS_A_BACKUP if why == "backup" else M.OUTPUT_IS_A_WORK_FILE
        return RatingInputError(text(option=output_word(opt), path=str(out)), where=Where(str(out)))
    folder = out.parent
    if target.made:             # made by this run where missing: the nearest folder there is must take it
        while not folder.is_dir() and not os.path.lexists(folder) and folder != folder.parent:
            folder = folder.parent
    if not folder.is_dir():
        return file_error(M.OUTPUT_FOLDER_MISSING(option=output_word(opt), path=str(out), folder=str(folder)))
    if read_only_disk(folder):
        return file_error(M.OUTPUT_FOLDER_READ_ONLY_DISK(option=output_word(opt), path=str(out), folder=str(folder)))
    if not os.access(folder, os.W_OK | os.X_OK):
        if opt == "backup":     # the workbook's own folder: updating it in place needs it (way out: --output)
            book = Path(inputs[0]).name if inputs else out.name
            return file_error(M.FOLDER_NOT_WRITABLE(folder=str(folder), name=book))
        return file_error(M.OUTPUT_FOLDER_NOT_WRITABLE(option=output_word(opt), path=str(out), folder=str(folder)))
    if not os.path.lexists(out):
        return None
    if os.path.islink(out) and target.not_ours is not None:    # a website's entry: never a link (its own words)
        return None if target.ours(out) else target.not_ours(out)
    missing = _dangling(out)
    if missing is not None:         # a link to nothing: replaced (as a link, never its target) only with force
        return None if force else file_error(M.OUTPUT_DANGLING_LINK(option=output_word(opt), path=str(out),
                                                                    target=missing))
    st = os.stat(out)               # through a link too: a link to a folder is a folder's name
    if not stat.S_ISREG(st.st_mode):
        return file_error(M.OUTPUT_NOT_A_FILE(option=output_word(opt), path=str(out), kind=kind_of(st.st_mode)))
    if not os.path.islink(out) and is_read_only(out, st):   # a link is replaced as a link: its target never written
        read_only = M.OUTPUT_READ_ONLY_FIXED if target.fixed else M.OUTPUT_READ_ONLY
        return file_error(read_only(option=output_word(opt), path=str(out)))
    if target.ours(out):
        return None
    if target.not_ours is not None:
        return target.not_ours(out)
    if not force:
        return RatingInputError(M.OUTPUT_NOT_OURS(option=output_word(opt), path=str(out)))
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
        raise file_error(M.CANNOT_OPEN(reason=os_reason(e)), p) from None
    if is_read_only(p, st):
        raise file_error(M.WORKBOOK_READ_ONLY(path=str(p)))
    folder = p.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise file_error(M.FOLDER_NOT_WRITABLE(folder=str(folder), name=p.name))
