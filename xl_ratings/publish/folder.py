"""The website's folder: written whole or not at all, and nothing in it lost.

A site is built in a staging folder beside the site folder (``.NAME.new-XXXX``)
and swapped in by two renames once complete, so a reader sees the old site or
the new one, never half of each.  Around that swap:

* **what is ours** -- the pages and style sheets the site's marker file
  (``.xl-ratings-site``) lists, in the folder and in ``assets/``, ``players/``,
  ``events/``; everything else in the folder is the officer's (a ``photos``
  link, an empty ``uploads/``, a PDF, notes) and is *kept*: moved into the
  staging folder before the swap, so that it is in the new site folder after
  it.  An entry of the officer's where the new site writes a page is refused
  (the way out: move it away), never replaced.
* **the folder itself** keeps its mode (a 0700 site folder stays 0700); a new
  one gets the mode the umask gives (``os.mkdir``, no ``os.umask`` call: that
  would change the mask of the whole process for a moment).
* **a first publish** needs a new, empty, or our-PDF-only folder: a folder of
  other things without our marker is somebody's, refused.
* **leftovers** of a run that was killed (``.NAME.new-*``, ``.NAME.old-*``) are
  finished by the next run (:func:`recover`): the officer's entries found in a
  leftover go back into the site folder, a complete new site whose swap was cut
  between its two renames is put in place, and the rest is removed.  A
  leftover without a marker holds only pages of ours (the marker is written
  last, and the officer's entries are moved only after it).
* one run at a time per folder: a lock file ``.NAME.xl-ratings.lock`` beside it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import RatingInputError, Text, Where
from ..files import messages as F
from ..files.lock import WorkbookLock
from ..files.osflags import NO_PERMISSION
from ..files.paths import Target
from ..files.published import RECORD, digest, record_of
from ..files.sniff import safe_head
from ..i18n.catalogue import publish as M

MARKER = ".xl-ratings-site"         #: the file that marks (and lists) a site of ours
OUR_DIRS = ("assets", "players", "events", "downloads", "archive")
SUFFIXES = (".html", ".css")        #: what a site of ours is made of (and its marker)
DOWNLOADS, DOWNLOAD_SUFFIXES = "downloads/", (".txt", ".csv")   #: the rating lists a site offers
MARKER_BYTES = 64 << 20             #: never read more of a marker than this


def _leftover_re(name: str) -> re.Pattern[str]:
    """``.NAME.new-XXXX`` / ``.NAME.old-XXXX`` (ours: 12 hex digits; earlier versions: mkdtemp's 8 characters)."""
    return re.compile(re.escape(f".{name}.") + r"(new|old)-[A-Za-z0-9_]{6,16}")


def _refused(text: Text, folder: Path, value: object = None) -> RatingInputError:
    return RatingInputError(text, where=Where(str(folder)), value=value)


# --------------------------------------------------------------------------- what is ours
def listed(folder: Path) -> set[str] | None:
    """The entries a site folder's marker says are ours (pages, style sheets, the marker);
    None when there is no marker (a regular file: a link or a pipe is no marker)."""
    data = safe_head(folder / MARKER, MARKER_BYTES)
    if data is None or (folder / MARKER).is_symlink():
        return None
    return set(_marker_lines(data)) | {MARKER}


def _marker_lines(data: bytes) -> dict[str, str]:
    """A marker's entries: page -> the SHA-256 of the bytes we wrote there ("" in a marker
    written before the digests)."""
    out = {}
    for line in data.decode("utf-8", "replace").splitlines():
        n, _, sha = line.strip().partition("\t")
        n = n.strip()
        if n != MARKER and _plain(n) and (n.lower().endswith(SUFFIXES) or (
                n.startswith(DOWNLOADS) and n.lower().endswith(DOWNLOAD_SUFFIXES))):
            out[n] = sha.strip() if re.fullmatch(r"[0-9a-f]{64}", sha.strip()) else ""
    return out


def marker_digests(folder: Path) -> dict[str, str]:
    """What the site's marker says we wrote (page -> SHA-256): the edited-page guard's second
    witness, when the folder's record is gone (deleted, or not readable)."""
    data = safe_head(folder / MARKER, MARKER_BYTES)
    if data is None or (folder / MARKER).is_symlink():
        return {}
    return {n: sha for n, sha in _marker_lines(data).items() if sha}


def write_marker(folder: Path, written: list[str], header: str) -> None:
    """The marker (written last): ``header``, then each file of the site with the SHA-256 of its bytes."""
    lines = [f"{rel}\t{digest((folder / rel).read_bytes())}" for rel in written if rel != MARKER]
    with open(folder / MARKER, "wb") as fh:
        fh.write((header + "\n".join(lines + [MARKER]) + "\n").encode("utf-8"))


def _plain(rel: str) -> bool:
    """A page's name as we write them: at most one folder deep, no '..'."""
    parts = rel.split("/")
    return len(parts) <= 2 and all(p and p not in (".", "..") for p in parts)


def foreign(folder: Path, ours: set[str]) -> list[str]:
    """The entries of ``folder`` that are not ours, as paths relative to it: anything at the top
    or inside our sub-folders that the marker does not list as a regular file; a sub-folder of
    ours that is not a real folder (a link, a file) is foreign as a whole."""
    out: list[str] = []
    with os.scandir(folder) as top:
        entries = sorted(top, key=lambda e: e.name)
    for e in entries:
        if e.name == RECORD and e.is_file(follow_symlinks=False):
            continue                    # the record of what we wrote: ours, written anew each time
        if e.name in OUR_DIRS and e.is_dir(follow_symlinks=False):
            with os.scandir(e.path) as inner:
                for f in sorted(inner, key=lambda x: x.name):
                    rel = f"{e.name}/{f.name}"
                    if not (rel in ours and f.is_file(follow_symlinks=False)):
                        out.append(rel)
        elif not (e.name in ours and e.is_file(follow_symlinks=False)):
            out.append(e.name)
    return out


def _only_our_pdfs(folder: Path) -> bool:
    from .pdf import is_our_pdf

    return all(p.is_file() and not p.is_symlink() and is_our_pdf(p) for p in folder.iterdir())


def edited(folder: Path, ours: set[str]) -> set[str]:
    """The pages of ours that changed since we wrote them: their bytes are not the ones the
    folder's record (:data:`~xl_ratings.files.published.RECORD`) holds, or -- the record deleted or
    unreadable -- the ones the marker holds.  A site written before both has none: its pages are
    taken as written."""
    record = record_of(folder) or marker_digests(folder)
    out = set()
    for rel in ours & set(record):
        data = safe_head(folder / rel, MARKER_BYTES)
        if data is not None and digest(data) != record[rel]:
            out.add(rel)
    return out


def write_record(folder: Path, written: list[str], carried: dict[str, str] | None = None) -> None:
    """The record of the pages just written into ``folder`` (the staging folder); ``carried``: the
    old record's lines of the files kept in the site (the PDF printed into it: still what we wrote)."""
    known = marker_digests(folder)
    files = dict(carried or {})
    files.update({rel: known.get(rel) or digest((folder / rel).read_bytes()) for rel in written if rel != MARKER})
    body = json.dumps({"generator": "xl-ratings", "files": dict(sorted(files.items()))}, indent=1)
    with open(folder / RECORD, "x", encoding="utf-8") as f:
        f.write(body + "\n")


def check_folder(out_dir: Path) -> set[str] | None:
    """Refuse a site folder we may not write (a link, a file, a folder of somebody else's);
    return what its marker lists as ours (None: a new or empty folder, or one of our PDFs only).
    Reads no page: :func:`check_target` says which are the officer's."""
    if out_dir.is_symlink():
        raise _refused(M.SITE_IS_A_LINK(), out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise _refused(M.SITE_NOT_A_FOLDER(), out_dir)
    if not out_dir.is_dir() or not any(out_dir.iterdir()):
        return None
    ours = listed(out_dir)
    if ours is None and not _only_our_pdfs(out_dir):     # the list printed earlier into the folder: ours, kept
        raise _refused(M.SITE_FOLDER_NOT_OURS(marker=MARKER), out_dir)
    return ours


def check_target(out_dir: Path) -> list[str]:
    """Refuse a site folder we may not write; return the officer's entries in it (kept): a page
    of ours edited since is the officer's now."""
    ours = check_folder(out_dir)
    if ours is None:
        return sorted(p.name for p in out_dir.iterdir()) if out_dir.is_dir() else []
    return sorted(foreign(out_dir, ours) + list(edited(out_dir, ours)))


def check_clashes(out_dir: Path, kept: list[str], written: list[str]) -> None:
    """An entry of the officer's where the new site writes a page or a folder is refused."""
    pages = set(written) | set(OUR_DIRS)
    clash = sorted(rel for rel in kept if rel in pages)
    ours = listed(out_dir) or set()
    changed = [rel for rel in clash if rel in ours]     # ours once, edited since
    if changed:
        shown = ", ".join(changed[:5]) + (" …" if len(changed) > 5 else "")
        raise _refused(M.SITE_PAGE_EDITED(entries=shown), out_dir)
    if clash:
        shown = ", ".join(clash[:5]) + (" …" if len(clash) > 5 else "")
        raise _refused(M.SITE_ENTRY_IN_THE_WAY(entries=shown), out_dir)


def site_targets(out_dir: Path, pages: list[str]) -> list[Target]:
    """Every page a site writes into ``out_dir`` (:func:`.site.site_paths`), as targets of the one
    check of every output (:func:`~xl_ratings.files.paths.check_targets`): a page there must be
    ours and unchanged since (else the site's own refusal: ``--force`` does not take a page from
    the officer, the site has no place for its backup), writable, in a writable folder.  Call
    :func:`check_folder` first (a folder that is not a site of ours is refused as a whole).  A
    sub-folder of ours in the way (a file, a link where ``players/`` goes) is a target of its own,
    never ours."""
    out_dir = Path(out_dir).absolute()
    ours = listed(out_dir) if out_dir.is_dir() else None
    clean = (ours - edited(out_dir, ours)) if ours is not None else set()
    changed = (ours - clean) if ours is not None else set()

    def refusal(rel: str) -> Callable[[Path], RatingInputError]:     # told at the folder, as check_clashes does
        return lambda p: _refused(M.SITE_PAGE_EDITED(entries=rel) if rel in changed and not p.is_symlink() else
                                  M.SITE_ENTRY_IN_THE_WAY(entries=rel), out_dir)      # we never write a link

    def is_ours(rel: str) -> Callable[[Path], bool]:
        return lambda p: rel in clean and p.is_file() and not p.is_symlink()

    out, blocked = [], {}
    for rel in pages:
        sub = rel.partition("/")[0] if "/" in rel else None
        if sub is not None:
            if sub not in blocked:
                blocked[sub] = os.path.lexists(out_dir / sub) and not (
                    (out_dir / sub).is_dir() and not (out_dir / sub).is_symlink())
                if blocked[sub]:        # never ours: we write no link and no file there
                    out.append(Target("--site", out_dir / sub, lambda p: False, refusal(sub), made=True, fixed=True))
            if blocked[sub]:
                continue
        out.append(Target("--site", out_dir / rel, is_ours(rel), refusal(rel), made=True, fixed=True))
    return out


# --------------------------------------------------------------------------- moving entries
def _move(src_root: Path, dst_root: Path, rel: str) -> None:
    """``src_root/rel`` -> ``dst_root/rel`` (``dst_root`` must exist; a sub-folder of ours is made)."""
    dst = dst_root / rel
    if not dst_root.is_dir():
        raise FileNotFoundError(f"{dst_root} is gone")
    if not dst.parent.is_dir():
        os.mkdir(dst.parent)
    os.rename(src_root / rel, dst)


def _move_back(moved: list[str], tmp: Path, out_dir: Path) -> None:
    """Undo moves of the officer's entries into the staging folder (best effort: what stays is
    found by :func:`recover`)."""
    for rel in reversed(moved):
        try:
            if os.path.lexists(tmp / rel) and not os.path.lexists(out_dir / rel):
                _move(tmp, out_dir, rel)
        except OSError:
            pass


def _remove(leftover: Path, out_dir: Path) -> bool:
    """Give a leftover's foreign entries back to the site folder, then delete it; False (kept)
    when one of them cannot go back (never delete something of the officer's)."""
    ours = listed(leftover)
    if ours is not None and out_dir.is_dir():
        for rel in foreign(leftover, ours):
            if os.path.lexists(out_dir / rel):
                return False
            _move(leftover, out_dir, rel)
    elif ours is not None and foreign(leftover, ours):
        return False
    if ".new-" in leftover.name:        # from here on it holds only ours, marker or not
        gone = leftover.with_name(leftover.name.replace(".new-", ".old-"))
        os.rename(leftover, gone)
        leftover = gone
    shutil.rmtree(leftover)
    return True


def _leftovers(out_dir: Path) -> Iterator[Path]:
    pattern = _leftover_re(out_dir.name)
    try:
        entries = list(os.scandir(out_dir.parent))
    except OSError:
        return
    for e in sorted(entries, key=lambda x: x.name):
        if pattern.fullmatch(e.name) and e.is_dir(follow_symlinks=False):
            yield Path(e.path)


def recover(out_dir: Path) -> None:
    """Finish what a killed run left beside ``out_dir`` (see the module's notes)."""
    leftovers = list(_leftovers(out_dir))
    if not leftovers:
        return
    if not os.path.lexists(out_dir):    # cut between the two renames of the swap
        complete = [p for p in leftovers if ".new-" in p.name and listed(p) is not None]
        back = complete[-1:] or [p for p in leftovers if ".old-" in p.name and listed(p) is not None][-1:]
        if back:
            os.rename(back[0], out_dir)
            leftovers.remove(back[0])
    for p in leftovers:
        _remove(p, out_dir)


# --------------------------------------------------------------------------- the swap
def _staging(out_dir: Path, kind: str) -> Path:
    for _ in range(100):
        tmp = out_dir.with_name(f".{out_dir.name}.{kind}-{secrets.token_hex(6)}")
        try:
            os.mkdir(tmp, 0o777)          # the umask applies, as to any folder the officer makes
            return tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free name beside {out_dir}")    # pragma: no cover - 100 collisions


class FolderLock(WorkbookLock):
    """One publishing run per site folder (the lock file ``.NAME.xl-ratings.lock`` beside it)."""

    def _busy(self, pid: int | None) -> RatingInputError:
        return _refused(M.SITE_BUSY(who=F.PROCESS_N(pid=pid) if pid else F.ANOTHER_PROCESS(),
                                    lock=self.path.name), self.workbook)

    def _cannot(self, e: OSError) -> RatingInputError:
        """A folder we may not write in: publish has no --output, its way out is another folder."""
        if e.errno in NO_PERMISSION:
            return _refused(M.SITE_LOCK_CANNOT_CREATE(lock=str(self.path), folder=str(self.path.parent)),
                            self.workbook)
        return super()._cannot(e)


def publish_folder(out_dir: Path, build: Callable[[Path], list[str]]) -> list[str]:
    """Write a site into ``out_dir`` with ``build(folder) -> the files written`` (relative,
    the marker written last): in a staging folder, then swapped in with the officer's entries
    and the folder's mode kept.  A failure leaves ``out_dir`` as it was."""
    out_dir = Path(out_dir).absolute()
    if out_dir.is_symlink():
        raise _refused(M.SITE_IS_A_LINK(), out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with FolderLock(out_dir):
        recover(out_dir)
        kept = check_target(out_dir)
        before = record_of(out_dir) if kept else {}
        tmp = _staging(out_dir, "new")
        try:
            if out_dir.is_dir():
                os.chmod(tmp, stat.S_IMODE(os.stat(out_dir).st_mode))
            written = build(tmp)
            write_record(tmp, written, {rel: before[rel] for rel in kept if rel in before})
            keep_times(out_dir, tmp, written, kept)
            _swap(out_dir, tmp, written)
        except BaseException:
            try:
                if tmp.exists():
                    _remove(tmp, out_dir)
            except OSError:             # the disk is gone too: the next run finishes (recover)
                pass
            raise
    return written


def keep_times(out_dir: Path, tmp: Path, written: list[str], kept: list[str]) -> None:
    """A file of the new site (in ``tmp``) whose bytes are those of its page in the old site gets
    the old file's modification time: publishing the same list again changes no page's bytes nor
    its date, so an upload by date (``rsync``, an FTP client's "newer only") sends nothing, and a
    web server's ``Last-Modified`` stays.  The old bytes are the ones its record holds (a page
    edited since is the officer's, in ``kept``: never compared); the marker and the record are
    compared byte for byte.  Best effort: a time that cannot be set leaves the new file's."""
    try:
        if not out_dir.is_dir() or listed(out_dir) is None:
            return
        old = record_of(out_dir) or marker_digests(out_dir)
        new = marker_digests(tmp)
        skip = set(kept)
        same = [rel for rel in written if rel not in skip and rel != MARKER and old.get(rel)
                and old[rel] == new.get(rel)]
        for rel in (MARKER, RECORD):
            mine, theirs = safe_head(tmp / rel, MARKER_BYTES), safe_head(out_dir / rel, MARKER_BYTES)
            if mine is not None and mine == theirs:
                same.append(rel)
    except OSError:
        return
    for rel in same:
        try:
            was = os.stat(out_dir / rel, follow_symlinks=False)
            if stat.S_ISREG(was.st_mode) and was.st_size == os.stat(tmp / rel).st_size:
                os.utime(tmp / rel, ns=(was.st_atime_ns, was.st_mtime_ns))
        except OSError:
            pass


def _swap(out_dir: Path, tmp: Path, written: list[str]) -> None:
    kept = check_target(out_dir)        # again: somebody may have written there meanwhile
    check_clashes(out_dir, kept, written)
    moved: list[str] = []
    try:
        for rel in kept:
            _move(out_dir, tmp, rel)
            moved.append(rel)
        if out_dir.is_dir():
            old = _staging(out_dir, "old")
            os.rmdir(old)
            os.rename(out_dir, old)
            try:
                os.rename(tmp, out_dir)
            except BaseException:
                os.rename(old, out_dir)
                raise
        else:
            os.rename(tmp, out_dir)
            return
    except BaseException:
        if out_dir.is_dir():
            _move_back(moved, tmp, out_dir)
        raise
    try:                                # the new site is in place: the old copy goes (else: the next run)
        shutil.rmtree(old)
    except OSError:
        pass


# --------------------------------------------------------------------------- page names
#: names Windows cannot hold as a file, whatever the extension and the case (CON, con.html, Lpt9.x)
WINDOWS_RESERVED = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$"}
                             | {f"{d}{n}" for d in ("com", "lpt") for n in "0123456789¹²³"})


def reserved_on_windows(name: str) -> bool:
    """Is ``name`` (a page's file name, with or without its extension) one Windows cannot hold?"""
    return name.split(".")[0].rstrip(" ").lower() in WINDOWS_RESERVED
