"""Publishing at its edges (issue 16): the site folder and what the officer keeps in it,
Windows-safe page names, and LibreOffice run as a group that is stopped whole.

Findings, each failing on the code before:
* republishing deleted the folder's entries it did not write (a ``photos`` link,
  an empty ``uploads/``) and reset a 0700 folder to 0755;
* a PDF written into the site folder blocked every later publish;
* ``.site.new-*`` leftovers of a killed publish were never removed;
* ``is_our_pdf`` opened a FIFO behind a link and blocked;
* ``os.umask(0)`` was called while writing the site (a window for the whole process);
* ids CON, AUX, NUL, PRN, COM1, LPT9 became pages Windows cannot hold (a page name given
  so is refused: ``test_site.test_unsafe_slugs_are_refused``);
* a hung LibreOffice left its worker running after the timeout, with no progress shown.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import stat
import time
from pathlib import Path

import pytest
from complexity import FORK, needs_fork
from helpers import run_cli
from site_fixtures import make_site

import xl_ratings.publish.pdf as pdf
from xl_ratings.errors import InputErrors
from xl_ratings.publish.build import _slugs
from xl_ratings.publish.site import MARKER, render_site

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
#: the device names Windows reserves, with any extension and in any case (Microsoft's "Naming Files")
RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{n}" for d in ("com", "lpt") for n in "0123456789"}


def reserved_on_windows(name: str) -> bool:
    return name.split(".")[0].lower() in RESERVED
OUR_PDF = b"%PDF-1.4\n% xl-ratings list peng 2026\n"


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith(".site."))


def officers(site: Path, photos: Path) -> None:
    """What an officer keeps in a site folder: a link, an empty folder, a file in our folder, a PDF."""
    (site / "photos").symlink_to(photos, target_is_directory=True)
    (site / "uploads").mkdir()
    (site / "players" / "notes.txt").write_text("mine")
    (site / "list.pdf").write_bytes(OUR_PDF)


def check_officers(site: Path, photos: Path) -> None:
    assert (site / "photos").is_symlink() and os.readlink(site / "photos") == str(photos)
    assert (site / "uploads").is_dir() and not any((site / "uploads").iterdir())
    assert (site / "players" / "notes.txt").read_text() == "mine"
    assert (site / "list.pdf").read_bytes() == OUR_PDF


# --------------------------------------------------------------------------- the folder
def test_republishing_keeps_the_folders_mode_and_the_officers_entries(tmp_path):
    site, photos = tmp_path / "site", tmp_path / "photos"
    photos.mkdir()
    render_site(make_site(), site)
    os.chmod(site, 0o700)
    officers(site, photos)
    files = render_site(dataclasses.replace(make_site(), players=make_site().players[:4]), site)
    assert stat.S_IMODE(os.stat(site).st_mode) == 0o700
    check_officers(site, photos)
    assert len([p for p in (site / "players").iterdir() if p.suffix == ".html"]) == 4
    assert (site / MARKER) in files and all(f.is_file() for f in files)
    assert leftovers(tmp_path) == []


def test_a_private_site_folder_stays_private(tmp_path):
    site = tmp_path / "site"
    render_site(make_site(), site)
    os.chmod(site, 0o700)
    render_site(make_site(), site)
    assert stat.S_IMODE(os.stat(site).st_mode) == 0o700


def test_a_link_and_an_empty_folder_survive_republishing(tmp_path):
    site, photos = tmp_path / "site", tmp_path / "photos"
    photos.mkdir()
    (photos / "a.jpg").write_bytes(b"jpg")
    render_site(make_site(), site)
    (site / "photos").symlink_to(photos, target_is_directory=True)
    (site / "uploads").mkdir()
    render_site(make_site(), site)
    assert (site / "photos").is_symlink() and (site / "photos" / "a.jpg").read_bytes() == b"jpg"
    assert (site / "uploads").is_dir()


def test_a_new_site_folder_gets_the_umask_without_a_call_to_umask(tmp_path, monkeypatch):
    calls = []
    real = os.umask
    monkeypatch.setattr(os, "umask", lambda m: calls.append(m) or real(m))
    old = real(0o027)
    try:
        render_site(make_site(), tmp_path / "site")
    finally:
        real(old)
    assert calls == [], "os.umask changes the mask of the whole process while the site is written"
    assert stat.S_IMODE(os.stat(tmp_path / "site").st_mode) == 0o750


def test_our_pdf_in_the_site_folder_never_blocks_publishing(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "list.pdf").write_bytes(OUR_PDF)               # printed first, into the folder
    render_site(make_site(), site)
    render_site(make_site(), site)                          # and again
    assert (site / "list.pdf").read_bytes() == OUR_PDF and (site / "index.html").is_file()


def test_a_folder_of_other_things_is_still_refused(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "list.pdf").write_bytes(b"%PDF-1.4 somebody else's")
    with pytest.raises(ValueError, match="holds no previous xl_ratings site") as info:
        render_site(make_site(), mine)
    assert info.value.problem_zh and "文件夹" in info.value.problem_zh
    assert [p.name for p in mine.iterdir()] == ["list.pdf"] and leftovers(tmp_path) == []


def test_the_leftovers_of_a_killed_publish_are_cleaned_by_the_next_run(tmp_path):
    site = tmp_path / "site"
    render_site(make_site(), site)
    # as a kill left them: a half-built site (no marker), an old copy, and (earlier versions) mkdtemp's names
    (tmp_path / ".site.new-k2_x9abc").mkdir()
    (tmp_path / ".site.new-k2_x9abc" / "index.html").write_text("half")
    shutil.copytree(site, tmp_path / ".site.old-0123456789ab")
    # a staging folder the officer's entry had already been moved into
    staged = tmp_path / ".site.new-aaaaaaaaaaaa"
    shutil.copytree(site, staged)
    (staged / "uploads").mkdir()
    (staged / "uploads" / "a.jpg").write_bytes(b"jpg")
    render_site(make_site(), site)
    assert leftovers(tmp_path) == []
    assert (site / "uploads" / "a.jpg").read_bytes() == b"jpg"


def test_a_swap_cut_between_its_renames_is_finished(tmp_path):
    site = tmp_path / "site"
    render_site(make_site(), site)
    (site / "uploads").mkdir()
    os.rename(site, tmp_path / ".site.new-bbbbbbbbbbbb")   # the folder is missing: the new site beside
    render_site(dataclasses.replace(make_site(), players=make_site().players[:2]), site)
    assert (site / "uploads").is_dir() and leftovers(tmp_path) == []
    assert len(list((site / "players").iterdir())) == 2


@needs_fork
def test_is_our_pdf_never_blocks_on_a_pipe_behind_a_link(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "list.pdf"
    link.symlink_to(fifo)
    from complexity import timed

    t = timed(lambda p: pdf.is_our_pdf(p), link, 10.0)
    assert t is not None, "is_our_pdf blocked on a FIFO"
    assert pdf.is_our_pdf(link) is False


# --------------------------------------------------------------------------- page names
def test_ids_windows_reserves_become_safe_stable_unique_page_names():
    ids = ["CON", "aux", "Nul", "prn", "COM1", "lpt9", "con", "Com0", "CON.txt", "LPT1.html", "x", "con_"]
    slugs = _slugs({i: None for i in ids})
    assert not any(reserved_on_windows(s) for s in slugs.values()), slugs
    assert len({s.lower() for s in slugs.values()}) == len(ids)
    assert _slugs({i: None for i in ids}) == slugs                       # stable
    assert slugs["CON"] == "con_" and slugs["x"] == "x"


# --------------------------------------------------------------------------- LibreOffice
FAKE = """#!/bin/sh
# a LibreOffice stand-in: starts a worker that keeps its output open (as soffice.bin does),
# takes FAKE_DELAY seconds, then writes the PDF
while [ $# -gt 0 ]; do
  case "$1" in --outdir) shift; out="$1";; esac
  shift
done
sleep 1000 &
echo $! > "$FAKE_PIDS"
sleep "$FAKE_DELAY"
printf '%%PDF-1.4 xl-ratings list' > "$out/list.pdf"
"""


@pytest.fixture
def fake_soffice(tmp_path, monkeypatch):
    script = tmp_path / "soffice"
    script.write_text(FAKE)
    script.chmod(0o755)
    monkeypatch.setattr(pdf, "soffice", lambda: str(script))
    monkeypatch.setenv("FAKE_PIDS", str(tmp_path / "worker.pid"))
    monkeypatch.setenv("FAKE_DELAY", "0")
    return tmp_path / "worker.pid"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"    # a zombie is dead
    except FileNotFoundError:
        return False


def _worker_gone(pid_file: Path) -> bool:
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


@needs_fork
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_hung_libreoffice_is_stopped_with_its_worker(fake_soffice, monkeypatch):
    monkeypatch.setenv("FAKE_DELAY", "1000")

    def convert(_):
        try:
            pdf.to_pdf(b"xlsx", timeout=1.5)
        except InputErrors as e:
            return str(e)
    start = time.monotonic()
    recv, send = FORK.Pipe(duplex=False)
    proc = FORK.Process(target=lambda: send.send(convert(None)))
    proc.start()
    got = recv.recv() if recv.poll(30) else None
    proc.kill()
    proc.join()
    assert got is not None, "to_pdf did not come back after its timeout (the worker held its output open)"
    assert "did not finish the PDF within 2 s" in got and time.monotonic() - start < 30
    assert _worker_gone(fake_soffice), "LibreOffice's worker is still running after the timeout"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_progress_is_shown_while_libreoffice_works_and_ctrl_c_stops_it(fake_soffice, monkeypatch):
    monkeypatch.setenv("FAKE_DELAY", "1.3")
    ticks: list[float] = []
    assert pdf.to_pdf(b"xlsx", waiting=ticks.append).startswith(b"%PDF")
    assert len(ticks) >= 2 and ticks == sorted(ticks) and ticks[0] > 0
    assert _worker_gone(fake_soffice)                   # the worker of a finished run too

    monkeypatch.setenv("FAKE_DELAY", "1000")

    def interrupted(_seconds: float) -> None:
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        pdf.to_pdf(b"xlsx", waiting=interrupted)
    assert _worker_gone(fake_soffice)


def test_publish_shows_that_it_waits_for_libreoffice(tmp_path, fake_soffice, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_DELAY", "1.2")
    monkeypatch.setattr(pdf, "TICK", 0.2)
    book = tmp_path / "peng.xlsx"
    shutil.copy(ROOT / "peng.xlsx", book)
    assert run_cli("process", book) == 0
    capsys.readouterr()
    assert run_cli("publish", book, "--pdf", tmp_path / "site" / "list.pdf", "--site", tmp_path / "site") == 0
    err = capsys.readouterr().err
    assert "LibreOffice is making the PDF" in err and "LibreOffice 正在生成 PDF" in err
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0       # the PDF in the folder: kept
    assert (tmp_path / "site" / "list.pdf").read_bytes().startswith(b"%PDF")
