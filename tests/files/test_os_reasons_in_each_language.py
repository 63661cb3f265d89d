"""Why the operating system refused, told in each language: its own words (``strerror``) are
English, and stood English inside the Chinese line ("无法写入 --json x.json：Permission denied")."""

from __future__ import annotations

import errno
import os
import re

import pytest
from problem_ids import problems

from xl_ratings.errors import InputErrors
from xl_ratings.files.paths import write_error
from xl_ratings.files.source import os_reason, read_source
from xl_ratings.i18n import TRADITIONAL

LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("code, id", [
    (errno.EACCES, "files.os_no_permission"), (errno.EPERM, "files.os_no_permission"),
    (errno.EROFS, "files.os_read_only_disk"), (errno.ENOSPC, "files.os_disk_full"),
    (errno.ENOENT, "files.os_no_such_file"), (errno.EISDIR, "files.os_is_a_folder"),
    (errno.ENOTDIR, "files.os_not_a_folder"), (errno.ENAMETOOLONG, "files.os_name_too_long"),
    (errno.EBUSY, "files.os_busy"), (errno.ELOOP, "files.os_link_loop"), (errno.EIO, "files.os_io_error"),
    (errno.EMFILE, "files.os_too_many_files"), (errno.EEXIST, "files.os_exists")])
def test_each_common_reason_has_its_words(code, id):
    text = os_reason(OSError(code, os.strerror(code)))
    assert text.id == id
    for lang in ("zh-Hans", TRADITIONAL):
        assert not LATIN.search(text.zh_in(lang)), text.zh_in(lang)
    assert os.strerror(code) not in text.zh


def test_another_reason_keeps_the_systems_words_and_its_number():
    text = os_reason(OSError(errno.EXDEV, os.strerror(errno.EXDEV)))
    assert (text.id, text.param("code"), text.param("reason")) == ("files.os_other", "EXDEV", os.strerror(errno.EXDEV))
    assert text.zh.startswith("系统错误 EXDEV")


def test_a_failed_write_tells_the_reason_in_the_runs_script(tmp_path):
    err = write_error(tmp_path / "out.json", OSError(errno.EIO, "Input/output error"))
    [p] = problems(err)
    assert p.id == "files.write_failed" and p.params["reason"] == ("files.os_io_error", {})
    assert "無法讀寫磁盤" in err.text.zh_in(TRADITIONAL) and "Input/output" not in err.text.zh_in(TRADITIONAL)


def test_a_source_that_cannot_be_read_says_why_in_chinese(tmp_path):
    """A path through a file (``notes.txt/x.trf``: not a folder)."""
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(InputErrors) as info:
        read_source(tmp_path / "notes.txt" / "x.trf")
    [p] = problems(info.value)
    assert p.params.get("reason") == ("files.os_not_a_folder", {}), p
    [e] = info.value.errors
    assert "路径中有一部分不是文件夹" in e.text.zh and "Not a directory" not in e.text.zh
