"""xl_ratings.files: every hostile case of the file-writing review, reproduced.

Each test builds the hostile situation on disk (links, pipes, hard links,
modes, a second process holding the lock) and checks what is on disk after.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import errno
import io
import json
import multiprocessing as mp
import os
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from helpers import told
from problem_ids import ids, problems, raises

from xl_ratings.files import atomic, osflags, sniff
from xl_ratings.files import lock as lockmod
from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.files.atomic import Outputs, atomic_write, rotate_backup, sweep_temps, write_csv, write_json
from xl_ratings.files.lock import WorkbookLock, lock_path
from xl_ratings.files.paths import check_outputs, check_writable, link_notes, real_path
from xl_ratings.files.encode import csv_bytes, neutralise
from xl_ratings.files.sniff import SOURCE_NAME, is_our_csv, is_our_json, is_output_of, is_workbook, source_stamp

POSIX = os.name == "posix"
ROOT = POSIX and os.geteuid() == 0
FORK = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None


def workbook_bytes(*sheets: str, filler: str = "") -> bytes:
    """A minimal .xlsx package (enough for is_workbook / is_output_of)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", "<workbook><sheets>" + "".join(
            f'<sheet name="{s}" sheetId="{i}" r:id="rId{i}"/>' for i, s in enumerate(sheets, 1))
            + "</sheets></workbook>")
        z.writestr("xl/filler.txt", filler)
    return buf.getvalue()


OLD = workbook_bytes("Players", "Games", filler="old")
NEW = workbook_bytes("Players", "Games", "Ratings", "History", filler="new")


def make_book(folder: Path, name: str = "BOOK.xlsx", data: bytes = OLD, mode: int = 0o644) -> Path:
    p = folder / name
    p.write_bytes(data)
    os.chmod(p, mode)
    return p


def leftovers(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith((atomic.TEMP_SUFFIX, atomic.KEEP_SUFFIX)))


@contextlib.contextmanager
def umask(value: int):
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


@contextlib.contextmanager
def deadline(seconds: int):
    """Fail (instead of hanging the suite) if the block takes longer than ``seconds``."""
    def boom(*_):
        raise TimeoutError(f"hung for more than {seconds} s")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def open_dir(tmp_path_factory):
    """A folder everyone can reach (pytest's base folder is private), owned by root, mode 0755."""
    import tempfile
    d = Path(tempfile.mkdtemp(prefix="xl-fileio-", dir="/tmp"))
    os.chmod(d, 0o755)
    yield d
    import shutil
    shutil.rmtree(d, ignore_errors=True)


def ours(p: Path) -> bool:
    return is_our_json(p) or is_workbook(p)


# --------------------------------------------------------------------------- real_path
def test_real_path_resolves_a_symlinked_workbook(tmp_path):
    (tmp_path / "store").mkdir()
    real = make_book(tmp_path / "store")
    link = tmp_path / "BOOK.xlsx"
    link.symlink_to(real)
    assert real_path(link) == real.resolve()
    [note] = link_notes(link, real_path(link))
    assert (note.id, str(note.param("real"))) == ("files.through_a_link", str(real.resolve())) and "已更新它指向的文件" in note.zh
    assert link_notes(real, real_path(real)) == []


def test_real_path_notes_hard_links(tmp_path):
    book = make_book(tmp_path)
    os.link(book, tmp_path / "other.xlsx")
    [note] = link_notes(book, real_path(book))
    assert (note.id, note.param("links")) == ("files.hard_links", 2) and "2 个名称（硬链接）" in note.zh


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "missing", "dangling", "loop"])
def test_real_path_refuses_what_is_not_a_file(tmp_path, kind):
    p = tmp_path / "BOOK.xlsx"
    if kind == "folder":
        p.mkdir()
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "device":
        p.symlink_to("/dev/zero")
    elif kind == "dangling":
        p.symlink_to(tmp_path / "gone.xlsx")
    elif kind == "loop":
        p.symlink_to(p)
    with deadline(5), pytest.raises(RatingInputError) as e:
        real_path(p)
    msg = str(e.value)
    assert str(p) in msg
    expected = {"folder": "a folder", "fifo": "a pipe", "device": "a device", "missing": "file not found",
                "dangling": "missing file", "loop": "loop"}[kind]
    assert expected in msg, msg


# --------------------------------------------------------------------------- check_outputs
def test_json_onto_the_workbook_is_refused_same_path_link_hardlink_dotslash(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    before = book.read_bytes()
    link = tmp_path / "link.xlsx"
    link.symlink_to(book)
    hard = tmp_path / "hard.xlsx"
    os.link(book, hard)
    monkeypatch.chdir(tmp_path)
    for out in (book, link, hard, Path("./BOOK.xlsx"), Path("BOOK.xlsx"), Path("sub/../BOOK.xlsx")):
        (tmp_path / "sub").mkdir(exist_ok=True)
        with pytest.raises(InputErrors) as e:
            check_outputs([book], {"--json": out}, force=True, ours=ours)
        msg = told(e.value)
        assert [(p.id, p.params["option"], str(p.params["path"])) for p in problems(e.value)] == [
            ("files.output_is_an_input", "--json", str(out))]
        assert "同一个文件" in msg
    assert book.read_bytes() == before


def test_output_onto_the_game_list_or_players_file_is_refused(tmp_path):
    games = tmp_path / "games.csv"
    games.write_text("a,b\n")
    players = tmp_path / "players.csv"
    players.write_text("id\n")
    for out in (games, players):
        with raises(InputErrors, "files.output_is_an_input", option="--output"):
            check_outputs([games, players], {"--output": out, "--json": None}, force=True, ours=ours)


def test_two_outputs_that_are_one_file(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputErrors) as e:
        check_outputs([book], {"--json": Path("out.json"), "--output": Path("./out.json")}, force=True, ours=ours)
    assert [(p.id, p.params["first"], p.params["option"]) for p in problems(e.value)] == [
        ("files.outputs_one_file", "--json", "--output")]
    with pytest.raises(InputErrors) as e:   # --json onto the backup of an in-place run
        check_outputs([book], {"backup": tmp_path / "BOOK.backup.xlsx",
                               "--json": tmp_path / "BOOK.backup.xlsx"}, force=True, ours=ours)
    assert [(p.id, p.params["first"], p.params["option"]) for p in problems(e.value)] == [
        ("files.outputs_one_file", ("files.output_backup", {}), "--json")]


def test_existing_unrelated_file_refused_unless_force(tmp_path):
    book = make_book(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    with pytest.raises(InputErrors) as e:
        check_outputs([book], {"--output": notes}, force=False, ours=ours)
    msg = str(e.value)
    assert "--output" in msg and str(notes) in msg and "--force" in msg and "不是本程序" in e.value.errors[0].problem_zh
    check_outputs([book], {"--output": notes}, force=True, ours=ours)       # allowed with force
    earlier = tmp_path / "earlier.json"
    write_json(earlier, {sniff.JSON_MARKER: "xl-ratings 0.1.0", "players": []})
    legacy = tmp_path / "legacy.json"
    legacy.write_text(json.dumps({"system": "gor", "period": "2026", "players": []}, indent=1))
    check_outputs([book], {"--json": earlier, "--output": legacy}, force=False, ours=ours)   # ours: fine
    assert notes.read_text() == "my notes"


def test_missing_folder_folder_output_and_pipe_output(tmp_path):
    book = make_book(tmp_path)
    (tmp_path / "adir").mkdir()
    os.mkfifo(tmp_path / "pipe")
    with deadline(5), pytest.raises(InputErrors) as e:
        check_outputs([book], {"--json": tmp_path / "nowhere" / "x.json", "--output": tmp_path / "adir",
                               "backup": tmp_path / "pipe"}, force=True, ours=ours)
    msgs = [told(x) for x in e.value.errors]
    assert len(msgs) == 3
    first = problems(e.value)[0]
    assert (first.id, first.params["option"]) == ("files.output_folder_missing", "--json") and "文件夹不存在" in msgs[0]
    assert "--output" in msgs[1] and "is a folder" in msgs[1]
    assert "backup" in msgs[2] and "is a pipe" in msgs[2]


def test_read_only_existing_output_is_refused(tmp_path):
    book = make_book(tmp_path)
    out = tmp_path / "out.json"
    write_json(out, {sniff.JSON_MARKER: "xl-ratings"})
    os.chmod(out, 0o444)
    with pytest.raises(InputErrors, match="read-only"):
        check_outputs([book], {"--json": out}, force=True, ours=ours)


def test_symlinked_output_is_judged_by_what_it_points_to(tmp_path):
    book = make_book(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("keep")
    planted = tmp_path / "BOOK.backup.xlsx"
    planted.symlink_to(notes)
    with raises(InputErrors, "files.output_not_ours", option=("files.output_backup", {})):
        check_outputs([book], {"backup": planted}, force=False, ours=ours)
    planted.unlink()
    planted.symlink_to("/dev/zero")
    with deadline(5), pytest.raises(InputErrors):
        check_outputs([book], {"backup": planted}, force=False, ours=ours)


@pytest.mark.skipif(not (ROOT and FORK), reason="needs root to switch to an unprivileged user")
def test_unwritable_folder_refused_before_anything(open_dir):
    tmp_path = open_dir
    book = make_book(tmp_path, mode=0o666)
    code = _as_nobody(lambda: check_outputs([book], {"--json": tmp_path / "out.json"}, force=False, ours=ours),
                      "no permission to write in the folder")
    assert code == 0


# --------------------------------------------------------------------------- check_writable
def test_read_only_workbook_is_refused_even_for_root(tmp_path):
    book = make_book(tmp_path, mode=0o444)
    with pytest.raises(RatingInputError) as e:
        check_writable(book)
    assert ids(e.value) == ["files.workbook_read_only"] and "工作簿为只读" in told(e.value)
    with pytest.raises(RatingInputError, match="read-only"):        # and never overwritten
        atomic_write(book, NEW, like=book)
    out = Outputs()
    out.backup(book, tmp_path / "BOOK.backup.xlsx")
    out.workbook(book, NEW)
    with pytest.raises(RatingInputError, match="read-only"):
        out.commit()
    assert book.read_bytes() == OLD and not (tmp_path / "BOOK.backup.xlsx").exists()
    assert leftovers(tmp_path) == []
    os.chmod(book, 0o644)
    check_writable(book)


def _as_nobody(job, expect: str) -> int:
    """Run ``job`` in a child process as user/group 65534; 0 if it raised ``expect``."""
    def child():
        os.setgid(65534)
        os.setuid(65534)
        try:
            job()
        except RatingInputError as e:
            os._exit(0 if expect in str(e) else 3)
        os._exit(4)
    p = FORK.Process(target=child)
    p.start()
    p.join(10)
    return p.exitcode


@pytest.mark.skipif(not (ROOT and FORK), reason="needs root to switch to an unprivileged user")
def test_workbook_without_our_write_permission_or_in_a_locked_folder(open_dir):
    tmp_path = open_dir
    book = make_book(tmp_path, mode=0o644)          # root's file: nobody may not write it
    assert _as_nobody(lambda: check_writable(book), "the workbook is read-only") == 0
    os.chmod(book, 0o666)                           # writable file, folder still root's
    assert _as_nobody(lambda: check_writable(book), "cannot write in the folder") == 0


# --------------------------------------------------------------------------- atomic_write
def test_atomic_write_new_file_follows_the_umask(tmp_path):
    for mask, mode in ((0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o027, 0o640)):
        target = tmp_path / f"out{mask:o}.json"
        with umask(mask):
            assert atomic_write(target, b"{}") == target
        assert stat.S_IMODE(os.stat(target).st_mode) == mode, (oct(mask), oct(os.stat(target).st_mode))
        assert target.read_bytes() == b"{}"
    assert leftovers(tmp_path) == []


def test_shared_workbook_keeps_0664_whatever_the_umask(tmp_path):
    book = make_book(tmp_path, mode=0o664)
    with umask(0o077):
        out = Outputs()
        out.backup(book, tmp_path / "BOOK.backup.xlsx")
        out.workbook(book, NEW, expect=os.stat(book))
        out.commit()
    assert book.read_bytes() == NEW
    assert stat.S_IMODE(os.stat(book).st_mode) == 0o664
    assert stat.S_IMODE(os.stat(tmp_path / "BOOK.backup.xlsx").st_mode) == 0o664


@pytest.mark.skipif(not ROOT, reason="changing owners needs root")
def test_owner_and_group_are_kept(tmp_path):
    book = make_book(tmp_path, mode=0o660)
    os.chown(book, 1234, 5678)
    atomic_write(book, NEW, like=book)
    st = os.stat(book)
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (1234, 5678, 0o660)


def test_atomic_write_replaces_a_symlink_entry_never_its_target(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out.json"
    out.symlink_to(victim)
    write_json(out, {"a": 1})
    assert victim.read_text() == "precious"
    assert not out.is_symlink() and json.loads(out.read_text()) == {"a": 1}


def test_symlinked_workbook_updates_the_real_file_and_keeps_the_link(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    real = make_book(store, mode=0o664)
    link = tmp_path / "BOOK.xlsx"
    link.symlink_to(real)
    target = real_path(link)
    with WorkbookLock(target):
        out = Outputs()
        out.backup(target, target.with_name("BOOK.backup.xlsx"))
        out.workbook(target, NEW, expect=os.stat(target))
        out.commit()
    assert link.is_symlink() and Path(os.readlink(link)) == real
    assert real.read_bytes() == NEW and link.read_bytes() == NEW
    assert (store / "BOOK.backup.xlsx").read_bytes() == OLD
    assert not (tmp_path / "BOOK.backup.xlsx").exists()
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o664


def test_disk_full_names_the_target_in_english_and_chinese(tmp_path, monkeypatch):
    target = tmp_path / "ratings.csv"
    target.write_bytes(b"old")

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / ".secret.xl-tmp"))
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(RatingInputError) as e:
        write_csv(target, ["a"], [[1]])
    monkeypatch.undo()
    msg = told(e.value)
    assert [(p.id, str(p.params["target"])) for p in problems(e.value)] == [("files.disk_full", str(target))]
    assert "磁盘已满" in msg
    assert atomic.TEMP_SUFFIX not in msg and "secret" not in msg
    assert target.read_bytes() == b"old" and leftovers(tmp_path) == []


def test_quota_and_permission_errors_name_the_target(tmp_path, monkeypatch):
    target = tmp_path / "out.json"
    for code, words in ((errno.EDQUOT, "the disk is full"), (errno.EACCES, "no permission"),
                        (errno.EROFS, "read-only"), (errno.EIO, "could not be read or written")):
        def fail(src, dst, code=code):
            raise OSError(code, os.strerror(code), src, dst)
        monkeypatch.setattr(os, "replace", fail)
        with pytest.raises(RatingInputError) as e:
            write_json(target, {})
        monkeypatch.undo()
        msg = str(e.value)
        assert str(target) in msg and words in msg and atomic.TEMP_SUFFIX not in msg, msg
        assert not target.exists() and leftovers(tmp_path) == []


def test_atomic_write_with_a_writer_function(tmp_path):
    target = tmp_path / "big.bin"
    blob = os.urandom(3 * osflags.CHUNK + 17)

    def write(f):
        for i in range(0, len(blob), 100_000):
            f.write(blob[i:i + 100_000])
    atomic_write(target, write)
    assert target.read_bytes() == blob

    def broken(f):
        f.write(b"partial")
        raise ValueError("bug in the writer")
    with pytest.raises(ValueError):
        atomic_write(target, broken)
    assert target.read_bytes() == blob and leftovers(tmp_path) == []


def test_temp_file_never_follows_a_planted_link(tmp_path, monkeypatch):
    """Even if the 'random' temp name were guessed and planted as a link, O_EXCL|O_NOFOLLOW refuses it."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    names = iter(["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
    monkeypatch.setattr(atomic.secrets, "token_hex", lambda n: next(names))
    (tmp_path / ".out.json.aaaaaaaaaaaa.xl-tmp").symlink_to(victim)
    write_json(tmp_path / "out.json", {"ok": True})
    assert victim.read_text() == "precious"
    assert json.loads((tmp_path / "out.json").read_text()) == {"ok": True}


# --------------------------------------------------------------------------- backup
def test_planted_backup_symlink_target_untouched_backup_now_a_file(tmp_path):
    book = make_book(tmp_path, mode=0o640)
    victim = tmp_path / "victim.xlsx"
    victim.write_bytes(b"someone else's file")
    backup = tmp_path / "BOOK.backup.xlsx"
    backup.symlink_to(victim)
    rotate_backup(book, backup)
    assert victim.read_bytes() == b"someone else's file"
    assert not backup.is_symlink() and backup.is_file() and backup.read_bytes() == OLD
    assert stat.S_IMODE(os.stat(backup).st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_backup_copy_interrupted_leaves_the_previous_backup(tmp_path, monkeypatch):
    book = make_book(tmp_path, data=NEW)
    backup = tmp_path / "BOOK.backup.xlsx"
    backup.write_bytes(OLD)
    calls = []
    real_write = os.write

    def second_write_fails(fd, data):
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data)[: len(data) // 2])    # a short write first
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "write", second_write_fails)
    with raises(RatingInputError, "files.disk_full"):
        rotate_backup(book, backup)
    monkeypatch.undo()
    assert backup.read_bytes() == OLD and leftovers(tmp_path) == []


# --------------------------------------------------------------------------- the lock
def test_lock_symlink_to_dev_zero_is_refused_quickly(tmp_path):
    book = make_book(tmp_path)
    lock_path(book).symlink_to("/dev/zero")
    with deadline(5), pytest.raises(RatingInputError) as e:
        with WorkbookLock(book):
            pass
    assert ids(e.value) == ["files.lock_not_a_file"] and "锁文件" in told(e.value) and "不是普通文件" in told(e.value)
    assert lock_path(book).is_symlink()


@pytest.mark.parametrize("backend", ["os", "excl"])
def test_lock_symlink_to_a_file_is_refused_and_the_file_untouched(tmp_path, monkeypatch, backend):
    if backend == "excl":
        monkeypatch.setattr(lockmod, "fcntl", None)
    book = make_book(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("999999999 1\n" + "precious " * 50)
    lock_path(book).symlink_to(notes)
    with raises(RatingInputError, "files.lock_not_a_file"):
        WorkbookLock(book).acquire()
    assert notes.read_text() == "999999999 1\n" + "precious " * 50 and lock_path(book).is_symlink()


def test_lock_removed_by_a_finishing_run_between_open_and_lock_is_retried(tmp_path, monkeypatch):
    """The classic flock race: B opens the lock file, A finishes (removes it), B locks the removed
    file.  B must notice and lock the file that the name now holds, or a third run C would get in."""
    book = make_book(tmp_path)
    a = WorkbookLock(book)
    a.acquire()
    lockmod._HELD.discard(str(lock_path(book)))          # A: as if another process
    real = lockmod.fcntl
    calls = []

    class Racing:
        LOCK_EX, LOCK_NB = real.LOCK_EX, real.LOCK_NB

        @staticmethod
        def flock(fd, op):
            st = os.fstat(fd)
            if a._fd is not None and (st.st_dev, st.st_ino) == a._ident:   # B is about to lock A's file
                calls.append(fd)
                a.release()          # A finishes right between B's open and B's lock
            return real.flock(fd, op)
    monkeypatch.setattr(lockmod, "fcntl", Racing)
    b = WorkbookLock(book)
    b.acquire()
    monkeypatch.setattr(lockmod, "fcntl", real)
    try:
        assert len(calls) == 1 and a._fd is None      # the race happened once; B tried again
        st = os.stat(lock_path(book))
        assert (st.st_dev, st.st_ino) == b._ident
        lockmod._HELD.discard(str(lock_path(book)))     # look like another process
        with raises(RatingInputError, "files.lock_busy"):
            WorkbookLock(book).acquire()
        lockmod._HELD.add(str(lock_path(book)))
    finally:
        b.release()


def test_lock_replaced_between_open_and_lock_is_not_taken_twice(tmp_path, monkeypatch):
    """B opens the lock file; A finishes and C starts (a new lock file); B locks A's removed file.
    B must see that the name now holds C's file, and then find C there: exactly one of B, C."""
    book = make_book(tmp_path)
    a = WorkbookLock(book)
    a.acquire()
    lockmod._HELD.discard(str(lock_path(book)))          # A and C: as if other processes
    real = lockmod.fcntl
    c = WorkbookLock(book)

    class Racing:
        LOCK_EX, LOCK_NB = real.LOCK_EX, real.LOCK_NB

        @staticmethod
        def flock(fd, op):
            st = os.fstat(fd)
            if a._fd is not None and (st.st_dev, st.st_ino) == a._ident:
                a.release()
                monkeypatch.setattr(lockmod, "fcntl", real)
                c.acquire()
                lockmod._HELD.discard(str(lock_path(book)))
                monkeypatch.setattr(lockmod, "fcntl", Racing)
            return real.flock(fd, op)
    monkeypatch.setattr(lockmod, "fcntl", Racing)
    try:
        with raises(RatingInputError, "files.lock_busy"):
            WorkbookLock(book).acquire()
    finally:
        monkeypatch.setattr(lockmod, "fcntl", real)
        assert c._fd is not None
        lockmod._HELD.add(str(lock_path(book)))
        c.release()
    assert not lock_path(book).exists()


def test_lock_fifo_is_refused_without_hanging(tmp_path):
    book = make_book(tmp_path)
    os.mkfifo(lock_path(book))
    start = time.monotonic()
    with deadline(5), raises(RatingInputError, "files.lock_not_a_file"):
        WorkbookLock(book).acquire()
    assert time.monotonic() - start < 2


@pytest.mark.parametrize("backend", ["os", "excl"])
def test_lock_that_is_a_folder_or_a_hard_link_is_refused(tmp_path, monkeypatch, backend):
    if backend == "excl":
        monkeypatch.setattr(lockmod, "fcntl", None)
    book = make_book(tmp_path)
    lock_path(book).mkdir()
    with deadline(5), raises(RatingInputError, "files.lock_not_a_file"):
        WorkbookLock(book).acquire()
    lock_path(book).rmdir()
    notes = tmp_path / "notes.txt"
    notes.write_text("do not truncate me " * 100)
    os.link(notes, lock_path(book))
    with raises(RatingInputError, "files.lock_not_a_file"):
        WorkbookLock(book).acquire()
    assert notes.read_text() == "do not truncate me " * 100


def _hold_lock(path, ready, release):
    lock = WorkbookLock(path)
    lock.acquire()
    ready.set()
    release.wait(20)
    lock.release()


@pytest.mark.skipif(FORK is None, reason="needs fork")
@pytest.mark.parametrize("backend", ["os", "excl"])
def test_a_live_run_holds_the_lock(tmp_path, monkeypatch, backend):
    if backend == "excl":
        monkeypatch.setattr(lockmod, "fcntl", None)
    book = make_book(tmp_path)
    ready, release = FORK.Event(), FORK.Event()
    p = FORK.Process(target=_hold_lock, args=(book, ready, release))
    p.start()
    try:
        assert ready.wait(10)
        with pytest.raises(RatingInputError) as e:
            WorkbookLock(book).acquire()
        (busy,) = problems(e.value)
        assert busy.id == "files.lock_busy" and str(p.pid) in str(busy.params["who"])
    finally:
        release.set()
        p.join(10)
    assert p.exitcode == 0 and not lock_path(book).exists()
    with WorkbookLock(book):      # free again
        assert lock_path(book).exists()
    assert not lock_path(book).exists()


def _take_and_die(path):
    WorkbookLock(path).acquire()
    os._exit(0)                      # killed while holding it: never released by us


@pytest.mark.skipif(FORK is None, reason="needs fork")
def test_lock_of_a_killed_run_is_simply_taken(tmp_path):
    book = make_book(tmp_path)
    p = FORK.Process(target=_take_and_die, args=(book,))
    p.start()
    p.join(10)
    assert lock_path(book).read_text().split()[0] == str(p.pid)    # left behind, with its pid
    with WorkbookLock(book) as lock:
        assert lock_path(book).read_text().split()[0] == str(os.getpid())
        with raises(RatingInputError, "files.lock_busy"):   # same process, twice
            WorkbookLock(book).acquire()
    assert not lock_path(book).exists() and lock.path == lock_path(book)


def test_huge_lock_file_is_never_read_whole(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    with open(lock_path(book), "wb") as f:     # a sparse 8 GiB 'lock'
        f.write(b"999999999 1 host\n")
        f.truncate(8 * 2**30)
    monkeypatch.setattr(lockmod, "fcntl", None)   # the fallback is the one that reads it
    sizes = []
    real_read = os.read

    def spy(fd, n):
        sizes.append(n)
        return real_read(fd, n)
    monkeypatch.setattr(os, "read", spy)
    with WorkbookLock(book):
        pass
    monkeypatch.undo()
    assert sizes and max(sizes) <= lockmod.LOCK_READ_BYTES
    assert not lock_path(book).exists()


def test_fallback_lock_without_fcntl(tmp_path, monkeypatch):
    monkeypatch.setattr(lockmod, "fcntl", None)
    monkeypatch.setattr(lockmod, "msvcrt", None)
    book = make_book(tmp_path)
    lock = lock_path(book)
    with WorkbookLock(book):
        assert lock.read_text().split()[0] == str(os.getpid())
        with pytest.raises(RatingInputError, match=rf"\(process {os.getpid()}\)"):
            WorkbookLock(book).acquire()
    assert not lock.exists()
    lock.write_text(f"999999999 {time.time()} {lockmod._host()}\n")        # dead process
    with WorkbookLock(book):
        pass
    lock.write_text(f"{os.getpid()} {time.time()} {lockmod._host()}\n")   # this process, not held: dead run
    with WorkbookLock(book):
        pass
    lock.write_text("")                                                   # a run starting right now
    with raises(RatingInputError, "files.lock_busy"):
        WorkbookLock(book).acquire()
    old = time.time() - 60
    os.utime(lock, (old, old))                                            # ... or one that died starting
    with WorkbookLock(book):
        pass
    lock.write_text(f"1 {time.time()} some-other-host\n")                 # another machine: trust it
    with pytest.raises(RatingInputError, match=r"\(process 1\)"):
        WorkbookLock(book).acquire()
    lock.write_text(f"1 {time.time() - 2 * lockmod.LOCK_STALE_SECONDS} some-other-host\n")   # too old
    with WorkbookLock(book):
        pass
    assert not lock.exists()
    assert not lock.with_name(lock.name + ".break").exists()


def test_flock_unsupported_falls_back_to_the_exclusive_file(tmp_path, monkeypatch):
    class NoFlock:
        LOCK_EX, LOCK_NB = 2, 4

        @staticmethod
        def flock(fd, op):
            raise OSError(errno.ENOSYS, "Function not implemented")
    monkeypatch.setattr(lockmod, "fcntl", NoFlock)
    book = make_book(tmp_path)
    with WorkbookLock(book) as lk:
        assert not lk._os_lock and lock_path(book).exists()
        with raises(RatingInputError, "files.lock_busy"):
            WorkbookLock(book).acquire()
    assert not lock_path(book).exists()


def test_module_imports_and_locks_without_fcntl():
    """Pyodide: no fcntl module at all."""
    code = ("import sys, tempfile, pathlib; sys.modules['fcntl'] = None\n"
            "from xl_ratings.files import atomic, lock as lockmod\n"
            "assert lockmod.fcntl is None\n"
            "d = pathlib.Path(tempfile.mkdtemp()); b = d / 'B.xlsx'; b.write_bytes(b'x')\n"
            "with lockmod.WorkbookLock(b) as l:\n"
            "    assert lockmod.lock_path(b).exists() and not l._os_lock\n"
            "atomic.atomic_write(b, b'y', like=b); assert b.read_bytes() == b'y'\n"
            "print('ok')\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# --------------------------------------------------------------------------- the race
def _racer(book, start, tried, done, conn, trials, backend):
    if backend == "excl":
        lockmod.fcntl = None
    for _ in range(trials):
        start.wait(10)
        lock = WorkbookLock(book)
        try:
            lock.acquire()
            won = True
        except RatingInputError:
            won = False
        tried.wait(10)          # both have tried: only now may the winner let go
        if won:
            lock.release()
        conn.send(won)
        done.wait(10)
    conn.close()


@pytest.mark.skipif(FORK is None, reason="needs fork")
@pytest.mark.parametrize("backend", ["os", "excl"])
def test_fifty_races_with_a_stale_lock_exactly_one_winner(tmp_path, backend):
    trials = 50
    book = make_book(tmp_path)
    lock = lock_path(book)
    start, tried, done = (FORK.Barrier(3, timeout=10) for _ in range(3))
    pipes = [FORK.Pipe(duplex=False) for _ in range(2)]
    procs = [FORK.Process(target=_racer, args=(book, start, tried, done, w, trials, backend))
             for _, w in pipes]
    began = time.monotonic()
    for p in procs:
        p.start()
    winners = []
    try:
        for _ in range(trials):
            lock.write_text("999999999 1 ghost\n")        # a stale lock of a dead run, present each time
            os.utime(lock, (1, 1))
            start.wait()
            tried.wait()
            winners.append(sum(r.recv() for r, _ in pipes))
            done.wait()
    finally:
        for p in procs:
            p.join(10)
    assert winners == [1] * trials, winners
    assert all(p.exitcode == 0 for p in procs)
    assert time.monotonic() - began < 10


# --------------------------------------------------------------------------- CSV and JSON
def read_csv(path: Path) -> list[list[str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")               # BOM: Excel reads UTF-8
    return list(csv.reader(io.StringIO(raw[3:].decode("utf-8"), newline="")))


def test_csv_injection_neutralised_numbers_untouched(tmp_path):
    target = tmp_path / "ratings.csv"
    rows = [["=HYPERLINK(\"http://evil\",\"x\")", 1], ["+cmd|' /C calc'!A0", 2], ["@SUM(1)", 3],
            ["-1+1", -5], ["\tleading tab", -2.5], ["\rcr", 0], ["张三", None], ["plain - text", 7],
            [dt.date(2026, 3, 1), True]]
    write_csv(target, ["name", "value"], rows)
    got = read_csv(target)
    assert got[0] == ["name", "value"]
    assert [r[0] for r in got[1:]] == ["'=HYPERLINK(\"http://evil\",\"x\")", "'+cmd|' /C calc'!A0", "'@SUM(1)",
                                       "'-1+1", "'\tleading tab", "'\rcr", "张三", "plain - text", "2026-03-01"]
    assert [r[1] for r in got[1:]] == ["1", "2", "3", "-5", "-2.5", "0", "", "7", "True"]
    assert neutralise(-5) == -5 and neutralise("-5") == "'-5" and neutralise(None) == ""


def test_csv_dict_rows_and_our_csv(tmp_path):
    target = tmp_path / "r.csv"
    write_csv(target, ["id", "new"], [{"id": "A", "new": 2301.5}, {"id": "B"}])
    assert read_csv(target) == [["id", "new"], ["A", "2301.5"], ["B", ""]]
    assert is_our_csv(target, ["id", "new"]) and not is_our_csv(target, ["id", "old"])
    assert csv_bytes(["a"], []).endswith(b"a\r\n")


def test_json_utf8_dates_and_marker(tmp_path):
    target = tmp_path / "out.json"
    write_json(target, {sniff.JSON_MARKER: "xl-ratings 0.1.0", "name": "张三",
                        "date": dt.date(2026, 3, 1), "at": dt.datetime(2026, 3, 1, 9, 30)})
    raw = target.read_bytes()
    assert "张三".encode() in raw and b"\\u" not in raw
    assert json.loads(raw) == {sniff.JSON_MARKER: "xl-ratings 0.1.0", "name": "张三", "date": "2026-03-01",
                               "at": "2026-03-01T09:30:00"}
    assert is_our_json(target)
    (tmp_path / "other.json").write_text('{"name": "x"}')
    assert not is_our_json(tmp_path / "other.json")
    with pytest.raises(TypeError):
        write_json(tmp_path / "bad.json", {"x": object()})
    assert not (tmp_path / "bad.json").exists() and leftovers(tmp_path) == []


def test_workbook_predicates(tmp_path):
    fresh = make_book(tmp_path, "fresh.xlsx", OLD)
    done = make_book(tmp_path, "done.xlsx", NEW)
    (tmp_path / "zip.xlsx").write_bytes(b"PK\x03\x04 not really")
    os.mkfifo(tmp_path / "pipe.xlsx")
    with deadline(5):
        assert is_workbook(fresh) and is_workbook(done)
        # a processed workbook is not an output of another: only one stamped with it
        assert not is_output_of(done, fresh)
        stamped = tmp_path / "out.xlsx"
        with zipfile.ZipFile(done) as z, zipfile.ZipFile(stamped, "w") as out:
            for name in z.namelist():
                out.writestr(name, z.read(name).replace(
                    b"</sheets></workbook>", b'</sheets><definedNames><definedName name="%s" hidden="1">'
                    b"&quot;%s&quot;</definedName></definedNames></workbook>"
                    % (SOURCE_NAME.encode(), source_stamp(fresh).encode())))
        assert is_workbook(stamped) and is_output_of(stamped, fresh) and not is_output_of(stamped, done)
        assert not is_workbook(tmp_path / "zip.xlsx") and not is_workbook(tmp_path / "pipe.xlsx")
        assert not is_workbook(tmp_path / "missing.xlsx")


# --------------------------------------------------------------------------- Outputs
def test_outputs_nothing_written_before_commit(tmp_path):
    book = make_book(tmp_path)
    out = Outputs()
    out.add_json(tmp_path / "out.json", {"a": 1})
    out.backup(book, tmp_path / "BOOK.backup.xlsx")
    out.workbook(book, NEW)
    # ... the run fails here: commit is never called
    assert sorted(os.listdir(tmp_path)) == ["BOOK.xlsx"]


def test_outputs_commit_order_exports_backup_workbook(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    backup = tmp_path / "BOOK.backup.xlsx"
    backup.write_bytes(b"older backup")
    out = Outputs()
    out.workbook(book, NEW, expect=os.stat(book))
    out.backup(book, backup)
    out.add_json(tmp_path / "out.json", {"a": 1})
    out.add_csv(tmp_path / "r.csv", ["x"], [[1]])
    order = []
    real_replace = os.replace

    def spy(src, dst, **kw):
        order.append(Path(dst).name)
        return real_replace(src, dst, **kw)
    monkeypatch.setattr(os, "replace", spy)
    written = out.commit()
    monkeypatch.undo()
    assert order == ["out.json", "r.csv", "BOOK.backup.xlsx", "BOOK.xlsx"]
    assert [p.name for p in written] == order
    assert book.read_bytes() == NEW and backup.read_bytes() == OLD
    assert leftovers(tmp_path) == []


def test_outputs_workbook_changed_meanwhile_writes_nothing(tmp_path):
    book = make_book(tmp_path)
    seen = os.stat(book)
    time.sleep(0.01)
    book.write_bytes(OLD + b"")          # saved again in Excel meanwhile
    os.utime(book, ns=(seen.st_atime_ns, seen.st_mtime_ns + 1_000_000))
    out = Outputs()
    out.add_json(tmp_path / "out.json", {"a": 1})
    out.backup(book, tmp_path / "BOOK.backup.xlsx")
    out.workbook(book, NEW, expect=seen)
    with raises(RatingInputError, "files.changed_while_processed"):
        out.commit()
    assert sorted(os.listdir(tmp_path)) == ["BOOK.xlsx"] and book.read_bytes() == OLD


def test_outputs_disk_full_while_staging_the_workbook_leaves_no_json(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    out = Outputs()
    out.add_json(tmp_path / "out.json", {"a": 1})
    out.backup(book, tmp_path / "BOOK.backup.xlsx")
    out.workbook(book, NEW)
    real_write = os.write

    def full_on_new_workbook(fd, data):
        if bytes(data[:4]) == b"PK\x03\x04" and bytes(data) == NEW:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)
    monkeypatch.setattr(os, "write", full_on_new_workbook)
    with pytest.raises(RatingInputError) as e:
        out.commit()
    monkeypatch.undo()
    assert [(p.id, str(p.params["target"])) for p in problems(e.value)] == [("files.disk_full", str(book))]
    assert sorted(os.listdir(tmp_path)) == ["BOOK.xlsx"] and book.read_bytes() == OLD


def test_outputs_failed_workbook_replace_undoes_the_exports(tmp_path, monkeypatch):
    book = make_book(tmp_path)
    backup = tmp_path / "BOOK.backup.xlsx"
    backup.write_bytes(b"older backup")
    old_json = tmp_path / "old.json"
    old_json.write_bytes(b'{"old": 1}')
    out = Outputs()
    out.add_json(tmp_path / "new.json", {"a": 1})
    out.add_json(old_json, {"a": 2})
    out.backup(book, backup)
    out.workbook(book, NEW)
    real_replace = os.replace

    def fail_on_book(src, dst, **kw):
        if Path(dst) == book:
            raise OSError(errno.EIO, "Input/output error", str(src))
        return real_replace(src, dst, **kw)
    monkeypatch.setattr(os, "replace", fail_on_book)
    with pytest.raises(RatingInputError) as e:
        out.commit()
    monkeypatch.undo()
    assert [(p.id, str(p.params["target"])) for p in problems(e.value)] == [("files.write_failed", str(book))]
    assert book.read_bytes() == OLD and backup.read_bytes() == b"older backup"
    assert old_json.read_bytes() == b'{"old": 1}' and not (tmp_path / "new.json").exists()
    assert leftovers(tmp_path) == []


def test_sweep_temps_removes_only_our_old_leftovers(tmp_path):
    book = make_book(tmp_path)
    mine = tmp_path / f".BOOK.xlsx.0123456789ab{atomic.TEMP_SUFFIX}"
    kept = tmp_path / f".BOOK.xlsx.0123456789ab{atomic.KEEP_SUFFIX}"
    fresh = tmp_path / f".BOOK.xlsx.ba9876543210{atomic.TEMP_SUFFIX}"
    other = tmp_path / ".BOOK.xlsx.notours.xl-tmp"
    for p in (mine, kept, fresh, other):
        p.write_bytes(b"x")
    for p in (mine, kept, other):
        os.utime(p, (1, 1))
    assert sorted(sweep_temps(book)) == sorted([mine, kept])
    assert fresh.exists() and other.exists() and book.exists()


def test_data_reaches_the_disk_before_the_rename_and_the_rename_after(tmp_path, monkeypatch):
    """fsync order: the temp file's content before os.replace, the folder after it."""
    target = tmp_path / "out.json"
    events, names = [], {}
    real_open, real_fsync, real_replace = os.open, os.fsync, os.replace

    def spy_open(path, flags, *a, **k):
        fd = real_open(path, flags, *a, **k)
        names[fd] = Path(path)
        return fd

    def spy_fsync(fd):
        events.append(("fsync", names[fd]))
        return real_fsync(fd)

    def spy_replace(src, dst, **k):
        events.append(("replace", Path(src), Path(dst)))
        return real_replace(src, dst, **k)
    monkeypatch.setattr(os, "open", spy_open)
    monkeypatch.setattr(os, "fsync", spy_fsync)
    monkeypatch.setattr(os, "replace", spy_replace)
    write_json(target, {"a": 1})
    monkeypatch.undo()
    (_, tmp), (_, src, dst), (_, folder) = events
    assert tmp.name.startswith(".out.json.") and tmp.name.endswith(atomic.TEMP_SUFFIX)
    assert (src, dst, folder) == (tmp, target, tmp_path)


def test_long_names_still_get_a_temp_file(tmp_path):
    target = tmp_path / ("长" * 80 + ".json")             # 240 bytes: the temp name must be shortened
    write_json(target, {"a": 1})
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 1} and leftovers(tmp_path) == []
