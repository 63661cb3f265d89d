"""Files at the edges (the hostile review of issues 15-18, 20).

* A workbook whose name leaves no room for the files kept beside it (the backup, the
  locks) within the file system's limit is refused first, saying so -- never "cannot open
  the lock: File name too long" half-way, nor a raw ``File name too long``.
* A lock left by a crashed Excel or LibreOffice: the message names who it says holds the
  workbook and how to delete it; when it names this computer and the program is not
  running here, it says the lock is stale.  It is never deleted by us.
* A source that is a pipe is called a pipe, not "not a workbook file".
"""

from __future__ import annotations

import os
import shutil
import socket

import pytest
from helpers import TEMPLATES, run_cli
from import_writers import EVENT, write_h9

from xl_ratings.files import office
from xl_ratings.files.paths import name_max


def long_name(tmp_path, size: int, suffix: str = ".xlsx") -> str:
    """A name of ``size`` bytes in UTF-8, CJK characters (3 bytes each) padded with Latin letters."""
    room = size - len(suffix)
    return "棋" * (room // 3) + "x" * (room % 3) + suffix


@pytest.mark.parametrize("size", [233, 238, 245, 246, 250, 255])
@pytest.mark.parametrize("command", ["process", "import", "new"])
def test_a_name_without_room_for_the_files_beside_it_is_refused_first(tmp_path, capsys, size, command):
    """Finding 13: names of 238-245 bytes failed at the lock, 246+ with a raw error."""
    limit = name_max(tmp_path)
    if limit != 255:
        pytest.skip(f"this file system's names are limited to {limit} bytes, not 255")
    name = long_name(tmp_path, size)
    book = tmp_path / name
    if command != "new":
        shutil.copy(TEMPLATES / "gor.xlsx", book)
    before = sorted(os.listdir(tmp_path))
    args = {"process": ("process", book), "new": ("new", "gor", book),
            "import": ("import", write_h9(tmp_path / "a.h9", EVENT), "--into", book)}[command]
    before = sorted(os.listdir(tmp_path))
    assert run_cli(*args) == 2
    err = capsys.readouterr().err
    assert f"the workbook's name is {size} bytes long" in err, err
    assert "past the 255-byte limit of a file name here" in err and "at most 232 bytes" in err
    assert "Traceback" not in err and "cannot open the lock" not in err
    assert sorted(os.listdir(tmp_path)) == before                     # nothing done


def test_a_name_with_room_for_every_file_beside_it_is_processed(tmp_path, capsys):
    if name_max(tmp_path) != 255:
        pytest.skip("not a 255-byte file system")
    book = tmp_path / long_name(tmp_path, 232)
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    assert run_cli("process", book) == 0, capsys.readouterr().err
    assert book.with_name(book.stem + ".backup.xlsx").exists()


# --------------------------------------------------------------------------- locks left by a crash
def libreoffice_lock(folder, name: str, host: str) -> os.PathLike:
    lock = folder / f".~lock.{name}#"
    lock.write_text(f",officer,{host},01.05.2026 10:00,file:///home/officer/.config/libreoffice/4;",
                    encoding="utf-8")
    return lock


def excel_owner(folder, name: str, user: str) -> os.PathLike:
    """Excel's owner file: the user's name after a length byte, padded, then in UTF-16."""
    lock = folder / f"~${name}"
    ansi = user.encode("cp1252")
    lock.write_bytes(bytes([len(ansi)]) + ansi.ljust(53, b" ") + b"\x00" + user.encode("utf-16-le").ljust(110,
                                                                                                        b"\x20"))
    return lock


@pytest.mark.parametrize("command", ["process", "import", "new"])
def test_a_stale_libreoffice_lock_of_this_computer_is_said_stale_and_left(tmp_path, capsys, monkeypatch, command):
    """Finding 16: a lock left by a crash refused the book for ever ("close it first")."""
    monkeypatch.setattr(office, "running", lambda program: False)
    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "hk.xlsx")
    lock = libreoffice_lock(tmp_path, "hk.xlsx", socket.gethostname())
    data = book.read_bytes()
    args = {"process": ("process", book), "new": ("new", "gor", book, "--force"),
            "import": ("import", write_h9(tmp_path / "a.h9", EVENT), "--into", book)}[command]
    assert run_cli(*args) == 2
    err = capsys.readouterr().err
    assert "says the workbook is open in LibreOffice on this computer (officer" in err, err
    assert "the lock is stale, left by a crash. Delete .~lock.hk.xlsx# beside the workbook" in err
    assert "過期鎖文件" in err                       # both languages (a Hong Kong workbook: traditional)
    assert lock.exists() and book.read_bytes() == data      # never deleted by us
    lock.unlink()
    assert run_cli(*args) == 0


def test_a_libreoffice_lock_of_a_running_program_or_another_computer_is_open(tmp_path, capsys, monkeypatch):
    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "hk.xlsx")
    monkeypatch.setattr(office, "running", lambda program: True)
    libreoffice_lock(tmp_path, "hk.xlsx", socket.gethostname())
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "the workbook is open in LibreOffice (.~lock.hk.xlsx#: officer" in err and "stale" not in err
    monkeypatch.setattr(office, "running", lambda program: False)
    libreoffice_lock(tmp_path, "hk.xlsx", "another-computer")
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "open in LibreOffice (.~lock.hk.xlsx#: officer, another-computer" in err and "stale" not in err
    assert "If LibreOffice is not running there (a crash leaves .~lock.hk.xlsx# behind), delete .~lock.hk.xlsx# beside" in err


def test_excels_owner_file_names_the_user_and_the_way_out(tmp_path, capsys):
    book = shutil.copy(TEMPLATES / "shanghai.xlsx", tmp_path / "sh.xlsx")
    lock = excel_owner(tmp_path, "sh.xlsx", "Wang Fang")
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "the workbook is open in Excel (~$sh.xlsx: Wang Fang)" in err, err
    assert "If Excel is not running there (a crash leaves ~$sh.xlsx behind), delete ~$sh.xlsx beside the workbook" in err
    assert lock.exists()


def test_running_reads_the_processes_of_this_computer():
    """The look at the running processes: this test's own Python is running; no program of
    that name is."""
    if not os.path.isdir("/proc"):
        assert office.running("LibreOffice") is None
        return
    office.PROCESSES["_python"] = ("python", "python3", "pytest")
    office.PROCESSES["_none"] = ("no-such-program",)
    try:
        assert office.running("_python") is True
        assert office.running("_none") is False
    finally:
        del office.PROCESSES["_python"], office.PROCESSES["_none"]


# --------------------------------------------------------------------------- sources
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_given_as_a_source_is_called_a_pipe(tmp_path, capsys):
    """Finding 31: a FIFO .h9 source was "not a workbook file"."""
    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "hk.xlsx")
    fifo = tmp_path / "spring.h9"
    os.mkfifo(fifo)
    assert run_cli("import", fifo, "--into", book) == 2
    err = capsys.readouterr().err
    assert "is a pipe (FIFO), not a file to import" in err and "workbook" not in err.split("\n")[1], err


# --------------------------------------------------------------------------- game lists (hostile2 F4)
def _not_a_file(tmp_path, kind):
    p = tmp_path / f"{kind}.csv"
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "folder":
        p.mkdir()
    else:
        p.symlink_to("/dev/zero")        # a device behind a name like a CSV file
    return p


KIND_WORDS = {"fifo": "is a pipe (FIFO), not a game list file", "folder": "is a folder, not a game list file",
              "device": "is a device, not a game list file"}


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="no pipes or devices here")
@pytest.mark.parametrize("kind", sorted(KIND_WORDS))
@pytest.mark.parametrize("role", ["list", "--players", "--events"])
def test_a_game_list_players_or_events_that_is_no_file_is_refused_before_any_read(tmp_path, capsys, kind, role):
    """Hostile2 F4: a FIFO game list, --players or --events file hung ``process`` for ever; a
    folder was "damaged CSV". Refused as an import source is, before any read (an alarm guards)."""
    import signal

    bad = _not_a_file(tmp_path, kind)
    games = tmp_path / "games.csv"
    games.write_text("event,date,player,opponent,result\nE1,2026-01-05,A,B,1\n", encoding="utf-8")
    args = [bad] if role == "list" else [games, role, bad]
    old = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("process hung on a pipe or device"))
    signal.alarm(20)
    try:
        assert run_cli("process", *args, "--system", "lianzhong") == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    err = capsys.readouterr().err
    assert f"file {bad}: {KIND_WORDS[kind]}" in err and "damaged" not in err, err


# --------------------------------------------------------------------------- long names (hostile2 F15)
def test_the_chinese_characters_a_refused_workbook_name_may_have_are_counted_right(tmp_path, capsys):
    """"about 77 Chinese characters" was said, and a 77-character name refused: the count left out
    the .xlsx ending. The number said fits; one more is refused."""
    import re

    from xl_ratings.files.paths import name_max, room_problem

    if name_max(tmp_path) != 255:
        pytest.skip("a file system whose names are not limited to 255 bytes")
    refused = room_problem(tmp_path / ("站" * 90 + ".xlsx"))
    assert refused is not None
    chars = int(re.search(r"about (\d+) Chinese characters", refused.text.en).group(1))
    assert chars == 75
    assert room_problem(tmp_path / ("站" * chars + ".xlsx")) is None
    assert room_problem(tmp_path / ("站" * (chars + 1) + ".xlsx")) is not None


def test_a_site_folder_name_too_long_is_refused_clearly_before_anything(tmp_path, capsys):
    """``publish --site`` into an 83-character Chinese folder: "cannot open the lock …: File name too
    long". Now the workbook's clear refusal: the most bytes, about how many characters, and that
    number fits."""
    import re

    from helpers import processed_sample
    from xl_ratings.files.paths import name_max

    if name_max(tmp_path) != 255:
        pytest.skip("a file system whose names are not limited to 255 bytes")
    book = processed_sample(tmp_path, "gor")
    capsys.readouterr()
    site = tmp_path / ("站" * 83)
    assert run_cli("publish", book, "--site", site) == 2
    err = capsys.readouterr().err
    assert "File name too long" not in err and "the website folder's name is 249 bytes long" in err, err
    chars = int(re.search(r"about (\d+) Chinese characters", err).group(1))
    assert "at most 232 bytes" in err and chars == 77 and not site.exists()
    assert run_cli("publish", book, "--site", tmp_path / ("站" * chars)) == 0
    assert (tmp_path / ("站" * chars) / "index.html").is_file()
