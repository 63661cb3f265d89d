"""One run per workbook: :class:`WorkbookLock`, an OS lock on a lock file beside
the workbook (no stale-lock race), never following links or hanging on pipes.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
from pathlib import Path
from typing import Any

from ..errors import RatingInputError

try:                                # POSIX
    import fcntl
except ImportError:                 # Windows, some Pyodide builds
    fcntl = None  # type: ignore[assignment]
try:                                # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]
from . import messages as M
from .atomic import file_identity, stage, unlink_quietly
from .osflags import LOCK_UNSUPPORTED, NO_PERMISSION, NOT_A_FILE, O_BINARY, O_CLOEXEC, O_NOFOLLOW, O_NONBLOCK
from .paths import file_error
from .source import os_reason

_HELD: set[str] = set()   # lock files held by this process (the O_EXCL fallback needs to know)
_OS_LOCK_WORKS: dict[tuple[int, Any, Any], bool] = {}   # (st_dev, backends) -> the OS locks files there

LOCK_SUFFIX = ".xl-ratings.lock"  #: the lock of BOOK.xlsx is ``.BOOK.xlsx.xl-ratings.lock``
LOCK_READ_BYTES = 256            #: never read more of a lock file than this
LOCK_STALE_SECONDS = 3600        #: fallback lock only: a lock older than this is stale
LOCK_STARTING_SECONDS = 10       #: fallback lock only: an empty lock younger than this is a run starting


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
            raise file_error(M.LOCK_HELD_BY_THIS_RUN(lock=self.path.name), self.workbook)
        if str(self.path) in _HELD:
            raise self._busy(os.getpid())
        if not self._os_lock_works():
            self._excl_lock()
            return
        for _ in range(50):
            if self._try_os_lock():
                return
        raise file_error(M.LOCK_KEEPS_CHANGING(lock=self.path.name), self.workbook)

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
            try:
                if fd >= 0:
                    os.close(fd)
            finally:                # a failed close still frees the descriptor (and its lock)
                _HELD.discard(str(self.path))

    # -- helpers
    def _busy(self, pid: int | None) -> RatingInputError:
        who = M.PROCESS_N(pid=pid) if pid else M.ANOTHER_PROCESS()
        return file_error(M.LOCK_BUSY(who=who, lock=self.path.name), self.workbook)

    def _bad_lock(self) -> RatingInputError:
        return file_error(M.LOCK_NOT_A_FILE(lock=str(self.path)), self.workbook)

    def _cannot(self, e: OSError) -> RatingInputError:
        if e.errno in NO_PERMISSION:
            return file_error(M.LOCK_CANNOT_CREATE(lock=str(self.path)), self.workbook)
        return file_error(M.LOCK_CANNOT_OPEN(lock=str(self.path), reason=os_reason(e)), self.workbook)

    def _open(self, flags: int) -> int:
        """Open the lock file; refuse links, pipes, devices and hard-linked files."""
        base = O_NOFOLLOW | O_NONBLOCK | O_BINARY | O_CLOEXEC
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
            if e.errno in NOT_A_FILE:
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
                probe = stage(self.path, b"", None)
            except OSError:
                return True
            try:
                fd = os.open(probe, os.O_RDWR | O_BINARY | O_CLOEXEC)
                try:
                    self._os_lock_fd(fd)
                    works = True
                except OSError as e:
                    works = e.errno not in LOCK_UNSUPPORTED
                finally:
                    os.close(fd)
            finally:
                unlink_quietly(probe)
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
        raise file_error(M.LOCK_KEEPS_CHANGING(lock=self.path.name), self.workbook)

    def _stale(self, fd: int) -> tuple[bool, int | None, tuple]:
        st = os.fstat(fd)
        pid, started, host = _read_info(fd)
        ident = file_identity(st)
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
            unlink_quietly(breaker)

    def _take_breaker(self, breaker: Path) -> int:
        deadline = time.monotonic() + 2.0
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_BINARY | O_CLOEXEC
        while True:
            try:
                return os.open(breaker, flags, 0o666)
            except FileExistsError:
                try:
                    if time.time() - os.lstat(breaker).st_mtime > 30:   # left by a run killed while breaking
                        unlink_quietly(breaker)
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
