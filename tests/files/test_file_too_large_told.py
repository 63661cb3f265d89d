"""A write the file system refuses as too large (EFBIG: a FAT32 USB stick's 4 GB, a quota on file
size; simulated with RLIMIT_FSIZE, ``ulimit -f``) is told in the officer's language with the way
out -- not the operating system's English ("無法寫入 X：File too large") -- and nothing is changed."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import TEMPLATES
from xl_ratings.files.paths import write_error


def test_efbig_is_the_file_too_large_message():
    err = write_error(Path("協會.xlsx"), OSError(errno.EFBIG, "File too large"))
    assert err.text.id == "files.file_too_large" and err.text.param("target") == "協會.xlsx"
    assert "File too large" not in err.text.zh


@pytest.mark.skipif(not hasattr(os, "setrlimit") and sys.platform == "win32", reason="POSIX limits")
def test_a_file_size_limit_refuses_the_process_and_keeps_the_workbook(tmp_path):
    import resource

    book = tmp_path / "協會 棋力.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    before = hashlib.sha256(book.read_bytes()).hexdigest()
    limit = book.stat().st_size + 4096         # the backup fits; the processed workbook does not

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    env = {**os.environ, "XL_RATINGS_TODAY": "2026-12-01"}
    run = subprocess.run([sys.executable, "-c", "import sys; from xl_ratings.cli import main; sys.exit(main())",
                          "process", str(book)], capture_output=True, text=True, env=env, preexec_fn=small_files)
    assert run.returncode == 2, run.stderr
    assert "File too large" not in run.stderr and "Traceback" not in run.stderr
    assert "4 GB" in run.stderr                       # the file_too_large message, both languages
    assert hashlib.sha256(book.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) in (
        [book.name], sorted([book.name, "協會 棋力.backup.xlsx"]))
