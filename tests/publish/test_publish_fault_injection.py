"""Fault injection for the publishing writers, as :mod:`test_fileio_faults` does for processing:
a failure (once; from then on: a full disk) or a kill at every I/O step of writing the
website and the PDF.

After each: the site folder holds the complete old site or the complete new one, never
half of each (a kill between the swap's two renames leaves the folder missing and the
complete new site beside it: the next run puts it in place); after the next run's
recovery every entry the officer keeps in the folder (a link, an empty folder, a file in
our ``players/``, a PDF) is back, the folder keeps its 0700 mode, and nothing is left
beside it.  The PDF is its old or its new bytes, and no temp file survives.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import shutil
import stat
from pathlib import Path

import pytest

from xl_ratings.files.published import RECORD, backup_of
from site_fixtures import make_site
from test_fileio import leftovers as temp_leftovers
from test_fileio_faults import FORK, PATCHED, Injector

import xl_ratings.publish.pdf as pdf_mod
import xl_ratings.publish.site as site_mod
from xl_ratings.errors import RatingInputError
from xl_ratings.files.atomic import sweep_temps
from xl_ratings.jobs.publish import write_pdf
from xl_ratings.publish.folder import MARKER, recover
from xl_ratings.publish.site import render_site

OLD_SITE = dataclasses.replace(make_site(), players=make_site().players[:5])
NEW_SITE = dataclasses.replace(make_site(), players=make_site().players[2:9])
OFFICERS = ("photos", "uploads", "players/notes.txt", "list.pdf")
OUR_PDF = b"%PDF-1.4\n% xl-ratings list (kept by the officer)\n"


class SiteInjector(Injector):
    """Also counts the folder operations and the site's page writes (``site._write``)."""

    EXTRA = [(os, "mkdir"), (os, "rmdir"), (os, "chmod"), (os, "unlink"), (shutil, "rmtree"),
             (site_mod, "_write")]

    def __enter__(self):
        for mod, name in self.EXTRA:
            real = getattr(mod, name)
            self.saved.append((mod, name, real))
            setattr(mod, name, self._wrap(name, real))
        return super().__enter__()


def tree(folder: Path) -> dict[str, bytes | None]:
    """Our part of a site folder: file -> bytes, folder -> None (the officer's entries left out)."""
    out: dict[str, bytes | None] = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if rel.split("/")[0] in ("photos", "uploads") or rel in OFFICERS:
            continue
        out[rel] = None if p.is_dir() else p.read_bytes()
    return out


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    d = tmp_path_factory.mktemp("expected")
    render_site(OLD_SITE, d / "old", workers=1)
    render_site(NEW_SITE, d / "new", workers=1)
    return {"old": tree(d / "old"), "new": tree(d / "new")}


def setup(folder: Path) -> Path:
    """The old site, private (0700), with the officer's entries in it."""
    site = folder / "site"
    render_site(OLD_SITE, site, workers=1)
    os.chmod(site, 0o700)
    (folder / "photos").mkdir()
    (site / "photos").symlink_to(folder / "photos", target_is_directory=True)
    (site / "uploads").mkdir()
    (site / "players" / "notes.txt").write_text("mine")
    (site / "list.pdf").write_bytes(OUR_PDF)
    return site


def state(site: Path, expected: dict) -> str:
    got = tree(site)
    for name in ("old", "new"):
        if got == expected[name]:
            return name
    raise AssertionError(f"the site is neither the old nor the new one: {sorted(got)[:8]} …")


def officers_kept(site: Path) -> None:
    assert (site / "photos").is_symlink() and (site / "uploads").is_dir()
    assert (site / "players" / "notes.txt").read_text() == "mine"
    assert (site / "list.pdf").read_bytes() == OUR_PDF
    assert stat.S_IMODE(os.stat(site).st_mode) == 0o700


def beside(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.startswith(".site"))


def after_a_fault(folder: Path, site: Path, expected: dict, seen: set) -> None:
    """What the officer finds, then what the next run finishes."""
    if site.exists():
        seen.add(state(site, expected))
    else:       # cut between the swap's two renames: the complete new site waits beside the folder
        assert any(n.startswith(".site.new-") and (folder / n / MARKER).is_file() for n in beside(folder))
        seen.add("cut")
    recover(site)                                 # what the next run does first
    seen.add(state(site, expected))
    officers_kept(site)
    render_site(NEW_SITE, site, workers=1)        # and the next run itself
    assert state(site, expected) == "new"
    officers_kept(site)
    assert beside(folder) == [], beside(folder)


@pytest.mark.parametrize("mode", ["once", "from"])
def test_site_failure_at_every_step(tmp_path, expected, mode):
    seen: set[str] = set()
    for n in range(1, 2000):
        folder = tmp_path / str(n)
        folder.mkdir()
        site = setup(folder)
        try:
            with SiteInjector(n, mode, errno.ENOSPC if mode == "from" else errno.EIO) as inj:
                render_site(NEW_SITE, site, workers=1)
        except (OSError, RatingInputError):
            assert inj.fired
        if mode == "once" and site.exists():
            officers_kept(site)                   # a glitch: everything of the officer's back at once
        after_a_fault(folder, site, expected, seen)
        if not inj.fired:
            break
    else:
        pytest.fail("never finished")
    assert n > 30, "too few steps counted: is the injector patching the site's writes?"
    assert {"old", "new"} <= seen


@pytest.mark.skipif(FORK is None, reason="needs fork")
def test_site_kill_at_every_step(tmp_path, expected):
    def child(folder: Path, n: int) -> None:
        site = folder / "site"
        with SiteInjector(n, "kill"):
            render_site(NEW_SITE, site, workers=1)
        os._exit(3)                                # finished: step n was never reached

    seen: set[str] = set()
    for n in range(1, 2000):
        folder = tmp_path / str(n)
        folder.mkdir()
        site = setup(folder)
        proc = FORK.Process(target=child, args=(folder, n))
        proc.start()
        proc.join(60)
        assert proc.exitcode in (0, 3), proc.exitcode
        after_a_fault(folder, site, expected, seen)
        if proc.exitcode == 3:
            break
    else:
        pytest.fail("never finished")
    assert n > 30 and {"old", "new", "cut"} <= seen, seen


# --------------------------------------------------------------------------- the PDF
OLD_PDF = b"%PDF-1.4\n% xl-ratings list (old)\n"
NEW_PDF = b"%PDF-1.4\n% xl-ratings list (new)\n" + b"x" * 300_000


@pytest.fixture
def no_libreoffice(monkeypatch):
    monkeypatch.setattr(pdf_mod, "print_workbook", lambda outcome, **kw: b"xlsx")
    monkeypatch.setattr(pdf_mod, "to_pdf", lambda xlsx, waiting=None: NEW_PDF)


def old_pdf(folder: Path, n: int) -> Path:
    """The PDF printed before, in a folder of its own for step ``n``."""
    (folder / str(n)).mkdir()
    target = folder / str(n) / "list.pdf"
    target.write_bytes(OLD_PDF)
    os.chmod(target, 0o640)
    return target


def pdf_state(p: Path) -> str:
    data = p.read_bytes()
    assert data in (OLD_PDF, NEW_PDF), f"the PDF is neither old nor new: {data[:40]!r}"
    return "old" if data == OLD_PDF else "new"


@pytest.mark.parametrize("mode", ["once", "from"])
def test_pdf_failure_at_every_step(tmp_path, no_libreoffice, mode):
    seen = set()
    for n in range(1, 400):
        target = old_pdf(tmp_path, n)
        folder = target.parent
        try:
            with Injector(n, mode, errno.ENOSPC if mode == "from" else errno.EIO) as inj:
                write_pdf(None, target)    # type: ignore[arg-type]   # the outcome is not looked at here
        except RatingInputError as e:
            # the PDF, the old one's backup (it was not ours: no record) or the folder's record
            named = (str(target), str(backup_of(target)), str(folder / RECORD))
            assert inj.fired and any(p in str(e) for p in named) and "xl-tmp" not in str(e)
        seen.add(pdf_state(target))
        assert temp_leftovers(folder) == [] and stat.S_IMODE(os.stat(target).st_mode) == 0o640
        if not inj.fired:
            break
    assert n > 5 and seen == {"old", "new"}


@pytest.mark.skipif(FORK is None, reason="needs fork")
def test_pdf_kill_at_every_step(tmp_path, no_libreoffice):
    def child(target: Path, n: int) -> None:
        with Injector(n, "kill"):
            write_pdf(None, target)        # type: ignore[arg-type]
        os._exit(3)

    seen = set()
    for n in range(1, 400):
        target = old_pdf(tmp_path, n)
        folder = target.parent
        proc = FORK.Process(target=child, args=(target, n))
        proc.start()
        proc.join(20)
        assert proc.exitcode in (0, 3)
        seen.add(pdf_state(target))
        for p in (target, backup_of(target), folder / RECORD):    # what the next run sweeps
            sweep_temps(p, min_age=0)
        # the PDF, and (the old one was not ours: no record) its backup and the record, or not yet
        assert temp_leftovers(folder) == [] and "list.pdf" in os.listdir(folder)
        assert set(os.listdir(folder)) <= {"list.pdf", "list.backup.pdf", RECORD}
        if (folder / "list.backup.pdf").exists():
            assert (folder / "list.backup.pdf").read_bytes() == OLD_PDF
        if proc.exitcode == 3:
            break
    assert n > 5 and seen == {"old", "new"}


assert PATCHED                                        # the processing injector's functions are counted too
