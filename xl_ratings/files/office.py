"""Is the workbook open in Excel or LibreOffice?  Their lock files, read.

Excel keeps ``~$NAME`` beside an open workbook (its "owner file": the user's
name, no computer, no process); LibreOffice keeps ``.~lock.NAME#`` (one line
``name,user,computer,time,profile;``).  A crash leaves either behind, and a
workbook refused for ever ("close it first") with nothing open is a dead end:
so the message says who the lock names and, when it names this computer and
that program is not running here (a look at the running processes, where the
system shows them: ``/proc``), that it is stale and how to delete it.  The
lock is never deleted here: the officer deletes it, knowing nothing is open.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

from ..errors import RatingInputError, Where
from . import messages as M

#: Never read more of a lock file than this.
LOCK_BYTES = 4096
#: The process names of each program (as ``/proc/PID/comm`` shows them, cut at 15 characters).
PROCESSES = {"LibreOffice": ("soffice.bin", "soffice", "oosplash", "libreoffice"),
             "Excel": ("excel", "excel.exe", "microsoft excel")}


@dataclass(frozen=True)
class OfficeLock:
    """A lock file of Excel or LibreOffice beside a workbook, as it reads."""

    path: Path
    program: str            #: Excel | LibreOffice
    user: str               #: the user it names ("" when it cannot be read)
    host: str               #: the computer it names (LibreOffice only; "" unknown)
    since: str              #: when it was taken (LibreOffice only)
    stale: bool             #: it names this computer, and the program is not running here

    def problem(self, workbook: Path) -> RatingInputError:
        """The refusal, with the way out."""
        who = ", ".join(x for x in (self.user, self.host, self.since) if x)
        held = f"{self.path.name}: {who}" if who else self.path.name
        text = M.OFFICE_LOCK_STALE(program=self.program, lock=self.path.name, who=who or "?") if self.stale \
            else M.OFFICE_LOCK_OPEN(program=self.program, lock=self.path.name, held=held)
        return RatingInputError(text, where=Where(str(workbook)))


def office_lock(workbook: Path) -> OfficeLock | None:
    """Excel's ``~$NAME`` or LibreOffice's ``.~lock.NAME#`` beside ``workbook``, read; None when neither is."""
    workbook = Path(workbook)
    for program, name in (("Excel", "~$" + workbook.name), ("LibreOffice", ".~lock." + workbook.name + "#")):
        path = workbook.with_name(name)
        try:
            if not os.path.lexists(path):
                continue
        except (OSError, ValueError):           # a name too long for the file system: no such lock
            continue
        data = _head(path)
        if program == "Excel":
            user, host, since = _excel_owner(data), "", ""
        else:
            user, host, since = _libreoffice_owner(data)
        here = bool(host) and _this_host(host)
        stale = here and running(program) is False
        return OfficeLock(path, program, user, host, since, stale)
    return None


def _head(path: Path) -> bytes:
    """The start of a lock file (never blocking on a pipe, never following a link)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return b""
    try:
        return os.read(fd, LOCK_BYTES)
    except OSError:
        return b""
    finally:
        os.close(fd)


def _excel_owner(data: bytes) -> str:
    """The user name of Excel's owner file: a length byte, then the name (ANSI), and the
    name again in UTF-16 further on."""
    if not data:
        return ""
    n = data[0]
    if n == 0 or n > min(54, len(data) - 1):
        return ""
    name = data[1:1 + n].decode("cp1252", "replace").strip()
    if 0 < n <= 54 and len(data) >= 55 + 2 * n:
        wide = data[55:55 + 2 * n].decode("utf-16-le", "replace").strip()
        if wide and "\ufffd" not in wide:
            return wide
    return name if name.isprintable() else ""


def _libreoffice_owner(data: bytes) -> tuple[str, str, str]:
    """(user, computer, time) of LibreOffice's lock line ``name,user,computer,time,profile;``."""
    text = data.decode("utf-8", "replace").strip().rstrip(";")
    parts = text.split(",")
    if len(parts) < 4:
        return "", "", ""
    user = parts[0].strip() or parts[1].strip()
    return user, parts[2].strip(), parts[3].strip()


def _this_host(host: str) -> bool:
    names = {socket.gethostname(), socket.gethostname().split(".")[0]}
    try:
        names.add(socket.getfqdn())
    except OSError:
        pass
    return host.casefold() in {n.casefold() for n in names if n}


def running(program: str) -> bool | None:
    """Is ``program`` running on this computer?  None when the system does not show its
    processes here (no ``/proc``): then nothing is said to be stale."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    wanted = PROCESSES[program]
    try:
        entries = [e for e in os.listdir(proc) if e.isdigit()]
    except OSError:
        return None
    for pid in entries:
        try:
            comm = (proc / pid / "comm").read_text(encoding="utf-8", errors="replace").strip().casefold()
        except OSError:
            continue
        if comm in wanted or any(comm.startswith(w[:15]) for w in wanted):
            return True
    return False


__all__ = ["OfficeLock", "office_lock", "running"]
