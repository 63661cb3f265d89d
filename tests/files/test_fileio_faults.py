"""Fault injection: a failure (or a kill) at every single I/O step of a write.

The I/O functions the writers use (``os.open``, ``os.write``, ``os.read``,
``os.fsync``, ``os.fchmod``, ``os.fchown``, ``os.replace``, ``os.rename``,
``os.link``, ``os.close``, ``shutil.copyfile``, ``shutil.copy2``) share one
step counter; step n fails, for n = 1, 2, ... until the operation runs to the
end without reaching step n.  After every failure the workbook and the
backup are each byte-for-byte their complete old or complete new content.

Three kinds of failure:

* ``once`` -- step n raises OSError(EIO), later steps work (a glitch): the
  run must leave *everything* old or *everything* new, and no temp file;
* ``from`` -- step n and every later step raise (the disk died): each file
  old or new, no temp file, and the error is a RatingInputError naming a
  target, never a temp file;
* ``kill`` -- the process dies (``os._exit``) at step n, in a forked child:
  each file old or new, the backup complete before the workbook changes, and
  what is left (temp files only) is removed by :func:`sweep_temps`.
"""

from __future__ import annotations

import errno
import json
import multiprocessing as mp
import os
import shutil
from pathlib import Path

import pytest

from xl_ratings.files import atomic, encode
from xl_ratings.errors import RatingInputError
from xl_ratings.files.atomic import Outputs, atomic_write, rotate_backup, sweep_temps
from xl_ratings.files.lock import lock_path

from helpers import told
from test_fileio import NEW, OLD, leftovers

FORK = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
OLD_BACKUP = b"an older backup, complete"
OLD_JSON = b'{"generator": "xl-ratings", "old": true}\n'
NEW_JSON_OBJ = {"generator": "xl-ratings", "new": True}
NEW_JSON = encode.json_bytes(NEW_JSON_OBJ)
CSV_HEADER, CSV_ROWS = ["id", "new"], [["A", 2301.5], ["=evil()", -5]]
NEW_CSV = encode.csv_bytes(CSV_HEADER, CSV_ROWS)

PATCHED = [(os, "open"), (os, "write"), (os, "read"), (os, "fsync"), (os, "fchmod"), (os, "fchown"),
           (os, "replace"), (os, "rename"), (os, "link"), (os, "close"),
           (shutil, "copyfile"), (shutil, "copy2")]


class Fault(Exception):
    pass


class Injector:
    """Counts every call to the patched functions; the n-th (and, if ``sticky``, later) fails."""

    def __init__(self, n: int, mode: str, err: int = errno.EIO) -> None:
        self.n, self.mode, self.err = n, mode, err
        self.count = 0
        self.fired = False
        self.saved: list = []

    def __enter__(self):
        for mod, name in PATCHED:
            real = getattr(mod, name)
            self.saved.append((mod, name, real))
            setattr(mod, name, self._wrap(name, real))
        return self

    def __exit__(self, *exc):
        for mod, name, real in reversed(self.saved):
            setattr(mod, name, real)

    def _wrap(self, name, real):
        def fake(*args, **kwargs):
            self.count += 1
            hit = self.count == self.n or (self.mode == "from" and self.count > self.n)
            if not hit:
                return real(*args, **kwargs)
            self.fired = True
            if self.mode == "kill":
                os._exit(0)
            if name == "close":                 # Linux frees the descriptor even when close fails
                real(*args, **kwargs)
            raise OSError(self.err, os.strerror(self.err), "/nowhere/.secret-temp.xl-tmp")
        return fake


def killed_at(child, folder: Path, n: int, timeout: float = 60) -> int | None:
    """Run ``child(folder, n)`` in a forked process (it dies at step n); its exit code."""
    folder.mkdir()
    proc = FORK.Process(target=child, args=(folder, n))
    proc.start()
    proc.join(timeout)
    return proc.exitcode


# --------------------------------------------------------------------------- scenarios
def setup(folder: Path) -> dict[str, Path]:
    """An in-place run's files: the workbook, its previous backup, an earlier JSON export."""
    book = folder / "BOOK.xlsx"
    book.write_bytes(OLD)
    os.chmod(book, 0o664)
    (folder / "BOOK.backup.xlsx").write_bytes(OLD_BACKUP)
    (folder / "out.json").write_bytes(OLD_JSON)
    return {"book": book, "backup": folder / "BOOK.backup.xlsx", "json": folder / "out.json",
            "csv": folder / "ratings.csv"}


def run_commit(p: dict[str, Path]) -> None:
    out = Outputs()
    out.add_json(p["json"], NEW_JSON_OBJ)
    out.add_csv(p["csv"], CSV_HEADER, CSV_ROWS)
    out.backup(p["book"], p["backup"])
    out.workbook(p["book"], NEW, expect=os.stat(p["book"]))
    out.commit()


def run_atomic(p: dict[str, Path]) -> None:
    atomic_write(p["book"], NEW, like=p["book"])


def run_rotate(p: dict[str, Path]) -> None:
    rotate_backup(p["book"], p["backup"])


def state(p: dict[str, Path]) -> dict[str, str]:
    """Each file as 'old' or 'new' -- anything else (partial, missing) fails the test."""
    def one(path: Path, old: bytes | None, new: bytes) -> str:
        data = path.read_bytes() if path.exists() else None
        if data == old:
            return "old"
        if data == new:
            return "new"
        raise AssertionError(f"{path.name} is neither its old nor its new content: {data[:60]!r}")
    return {"book": one(p["book"], OLD, NEW), "backup": one(p["backup"], OLD_BACKUP, OLD),
            "json": one(p["json"], OLD_JSON, NEW_JSON), "csv": one(p["csv"], None, NEW_CSV)}


SCENARIOS = {"commit": (run_commit, ("book", "backup", "json", "csv")),
             "atomic_write": (run_atomic, ("book",)),
             "rotate_backup": (run_rotate, ("backup",))}


def no_temp_name(err: RatingInputError, p: dict[str, Path]) -> None:
    msg = str(err)
    assert atomic.TEMP_SUFFIX not in msg and "secret" not in msg, msg


def check_error(err: RatingInputError, p: dict[str, Path]) -> None:
    no_temp_name(err, p)
    assert any(str(t) in str(err) for t in p.values()), str(err)


def inject(n: int, mode: str, job, p: dict[str, Path], check, also: tuple[type[BaseException], ...] = ()) -> Injector:
    """``job(p)`` with step ``n`` failing (``mode``); a failure must be told as a RatingInputError
    (``check``-ed) or one of ``also``, and only when the injector fired."""
    with Injector(n, mode) as inj:
        try:
            job(p)
        except RatingInputError as e:
            assert inj.fired, e
            check(e, p)
        except also:
            assert inj.fired
    return inj


@pytest.mark.parametrize("mode", ["once", "from"])
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_failure_at_every_step(tmp_path, scenario, mode):
    job, files = SCENARIOS[scenario]
    seen_states = set()
    for n in range(1, 400):
        folder = tmp_path / f"{n}"
        folder.mkdir()
        p = setup(folder)
        inj = inject(n, mode, job, p, check_error)
        s = state(p)
        if s["book"] == "new":                     # the backup was complete before the workbook changed
            assert s["backup"] == "new" or scenario == "atomic_write"
        if mode == "once" and scenario == "commit":
            assert len({s[f] for f in files}) == 1, (n, s)    # all old or all new: undone on failure
        assert leftovers(folder) == [], (n, leftovers(folder))
        assert os.stat(p["book"]).st_mode & 0o777 == 0o664
        seen_states.add(tuple(s[f] for f in files))
        if not inj.fired:                          # ran to the end: every step has failed once
            assert all(s[f] == "new" for f in files), s
            break
    else:
        pytest.fail("never finished")
    assert n > 8, "too few I/O steps counted: is the injector patching the right functions?"
    assert ("old",) * len(files) in seen_states


@pytest.mark.skipif(FORK is None, reason="needs fork")
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_kill_at_every_step(tmp_path, scenario):
    job, files = SCENARIOS[scenario]

    def child(folder: Path, n: int) -> None:
        p = setup(folder)
        with Injector(n, "kill"):
            job(p)
        os._exit(3)                                # finished: step n was never reached

    for n in range(1, 400):
        folder = tmp_path / f"{n}"
        proc_exit = killed_at(child, folder, n, 20)
        assert proc_exit in (0, 3), proc_exit
        p = {"book": folder / "BOOK.xlsx", "backup": folder / "BOOK.backup.xlsx",
             "json": folder / "out.json", "csv": folder / "ratings.csv"}
        s = state(p)
        if s["book"] == "new" and scenario == "commit":
            assert s["backup"] == "new" and s["json"] == "new" and s["csv"] == "new", s
        left = leftovers(folder)
        sweep_temps(p["book"], min_age=0)
        sweep_temps(p["backup"], min_age=0)
        for name in ("out.json", "ratings.csv"):
            sweep_temps(folder / name, min_age=0)
        assert leftovers(folder) == [], left
        assert sorted(os.listdir(folder)) == sorted(
            ["BOOK.xlsx", "BOOK.backup.xlsx", "out.json"] + (["ratings.csv"] if s["csv"] == "new" else []))
        if proc_exit == 3:
            assert all(s[f] == "new" for f in files), s
            break
    else:
        pytest.fail("never finished")


def test_disk_full_at_the_write_step_names_the_target(tmp_path):
    p = setup(tmp_path)
    real_write = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device", "/tmp/.BOOK.xlsx.deadbeef0000.xl-tmp")
    os.write = full
    try:
        with pytest.raises(RatingInputError) as e:
            run_commit(p)
    finally:
        os.write = real_write
    msg = told(e.value)
    assert str(p["json"]) in msg                   # the first output staged is the one that failed
    assert "the disk is full: nothing was changed" in msg and "磁盘已满，未作任何修改" in msg
    assert "deadbeef" not in msg and atomic.TEMP_SUFFIX not in msg
    assert state(p) == {"book": "old", "backup": "old", "json": "old", "csv": "old"}
    assert sorted(os.listdir(tmp_path)) == ["BOOK.backup.xlsx", "BOOK.xlsx", "out.json"]
    # the same for the workbook alone, and for the backup alone
    for job, target in ((run_atomic, p["book"]), (run_rotate, p["backup"])):
        os.write = full
        try:
            with pytest.raises(RatingInputError) as e:
                job(p)
        finally:
            os.write = real_write
        assert str(target) in str(e.value) and "磁盘已满" in told(e.value)
        assert leftovers(tmp_path) == []
    assert p["book"].read_bytes() == OLD and p["backup"].read_bytes() == OLD_BACKUP


def test_json_left_unchanged_when_the_workbook_cannot_be_written(tmp_path):
    """The reported bug: a JSON was written although the workbook was not."""
    p = setup(tmp_path)
    os.chmod(p["book"], 0o444)
    with pytest.raises(RatingInputError, match="read-only"):
        run_commit(p)
    assert p["json"].read_bytes() == OLD_JSON and not p["csv"].exists()
    assert p["backup"].read_bytes() == OLD_BACKUP and p["book"].read_bytes() == OLD
    assert json.loads(OLD_JSON)  # sanity: the fixture is valid JSON


# --------------------------------------------------------------------------- the import writer
TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
OLDER_BACKUP = (TEMPLATES / "shanghai.xlsx").read_bytes()     #: a backup is a workbook (else refused as not ours)


def import_setup(folder: Path) -> dict[str, Path]:
    """A workbook in place with its previous backup, and a tournament file to import into it."""
    from import_writers import EVENT, write_h9

    book = folder / "BOOK.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    os.chmod(book, 0o664)
    (folder / "BOOK.backup.xlsx").write_bytes(OLDER_BACKUP)
    src = write_h9(folder / "event.h9", EVENT)
    return {"book": book, "backup": folder / "BOOK.backup.xlsx", "source": src}


def imported_games(path: Path) -> int:
    from xl_ratings.xlsx.read import read_tables

    return sum(1 for r in read_tables(path)["Games"][1:] if r and r[0] not in (None, ""))


def import_state(p: dict[str, Path], old: bytes, games_before: int) -> dict[str, str]:
    """The workbook: its old bytes, or a complete workbook holding the imported games; the
    backup: the older backup, or the workbook as it was -- anything else fails the test."""
    data = p["book"].read_bytes()
    if data == old:
        book = "old"
    else:
        assert imported_games(p["book"]) > games_before, "the workbook changed without the games"
        book = "new"
    backup = p["backup"].read_bytes()
    assert backup in (OLDER_BACKUP, old), "the backup is neither the older one nor the workbook as it was"
    return {"book": book, "backup": "old" if backup == OLDER_BACKUP else "new"}


def run_import(p: dict[str, Path]) -> None:
    from xl_ratings.jobs.importing import import_into

    import_into(p["book"], [str(p["source"])])


@pytest.mark.parametrize("mode", ["once", "from"])
def test_import_failure_at_every_step(tmp_path, mode):
    """Issue 16: the import writer, as processing: a failure at any I/O step leaves the old
    workbook or the complete new one (with its backup before it), never half, no temp file."""
    (tmp_path / "template").mkdir()
    template = import_setup(tmp_path / "template")
    old = template["book"].read_bytes()
    before = imported_games(template["book"])
    for n in range(1, 2000):
        folder = tmp_path / f"{n}"
        folder.mkdir()
        p = import_setup(folder)
        # an OSError before anything is written (the lock, a read): the command line says so
        inj = inject(n, mode, run_import, p, no_temp_name, also=(OSError,))
        s = import_state(p, old, before)
        if s["book"] == "new":
            assert s["backup"] == "new", (n, s)     # the backup was complete before the workbook changed
        assert leftovers(folder) == [], (n, leftovers(folder))
        assert os.stat(p["book"]).st_mode & 0o777 == 0o664
        if not inj.fired:
            assert s == {"book": "new", "backup": "new"}, s
            break
        shutil.rmtree(folder)
    else:
        pytest.fail("never finished")
    assert n > 8, "too few I/O steps counted"


@pytest.mark.skipif(FORK is None, reason="needs fork")
def test_import_killed_at_every_step(tmp_path):
    """A kill at any step: the workbook old or new (new only with its backup), and what is left
    (temp files) removed by the next run's sweep."""
    (tmp_path / "template").mkdir()
    template = import_setup(tmp_path / "template")
    old = template["book"].read_bytes()
    before = imported_games(template["book"])

    def child(folder: Path, n: int) -> None:
        p = import_setup(folder)
        with Injector(n, "kill"):
            try:
                run_import(p)
            except Exception:
                os._exit(4)
        os._exit(3)                                # finished: step n was never reached

    for n in range(1, 2000):
        folder = tmp_path / f"{n}"
        code = killed_at(child, folder, n)
        assert code in (0, 3, 4), code
        p = {"book": folder / "BOOK.xlsx", "backup": folder / "BOOK.backup.xlsx"}
        s = import_state(p, old, before)
        if s["book"] == "new":
            assert s["backup"] == "new", (n, s)
        for target in (p["book"], p["backup"], lock_path(p["book"])):     # what the next run sweeps
            sweep_temps(target, min_age=0)
        assert leftovers(folder) == [], n
        if code == 3:
            assert s == {"book": "new", "backup": "new"}, s
            break
        shutil.rmtree(folder)
    else:
        pytest.fail("never finished")
