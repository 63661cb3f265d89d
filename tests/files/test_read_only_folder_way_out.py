"""A workbook in a folder the officer may not write in (a read-only share, a CD, a mounted backup):
the refusal names the folder and tells the way out the command has, and writes nothing.

* ``process``/``import`` in place: "cannot write in the folder …; write the results elsewhere with
  --output" -- not "cannot write backup …" (the internal word, left English in the Chinese, and no
  way out);
* ``publish --site``: publish has no ``--output``; its way out is another folder (or making it
  writable), not "write the results elsewhere with --output".

Root may write in a folder of mode 0555, so the read-only file system is simulated: the
folder's ``os.access`` says no (process), the lock's ``os.open`` gives EROFS (publish)."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil

import pytest

from helpers import TEMPLATES, deny_writing, processed_sample
from xl_ratings.errors import InputErrors, RatingInputError


def _ids(err: RatingInputError) -> list[str]:
    errs = err.errors if isinstance(err, InputErrors) else [err]
    return [e.text.id for e in errs if e.text is not None]


def test_process_in_a_read_only_folder_names_the_folder_and_output(tmp_path, monkeypatch):
    from xl_ratings.jobs.process import process

    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    folder = tmp_path / "唯讀 共享"
    folder.mkdir()
    book = folder / "協會 棋力.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    before = hashlib.sha256(book.read_bytes()).hexdigest()
    deny_writing(monkeypatch, folder)
    with pytest.raises(RatingInputError) as e:
        process(book)
    assert _ids(e.value) == ["files.folder_not_writable"]
    text = (e.value.errors[0] if isinstance(e.value, InputErrors) else e.value).text
    assert text.param("folder") == str(folder) and text.param("name") == book.name
    assert "--output" in text.en and "--output" in text.zh
    assert sorted(p.name for p in folder.iterdir()) == [book.name]
    assert hashlib.sha256(book.read_bytes()).hexdigest() == before


def test_publish_into_a_read_only_folder_tells_publishs_way_out(tmp_path, monkeypatch):
    from xl_ratings.cli import main

    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    book = processed_sample(tmp_path, "gor")
    ro = tmp_path / "唯讀"
    ro.mkdir()
    real = os.open

    def fake_open(path, flags, *a, **k):
        if os.path.dirname(os.fspath(path)) == str(ro) and str(path).endswith(".xl-ratings.lock"):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", fake_open)
    from xl_ratings.publish.folder import publish_folder

    with pytest.raises(RatingInputError) as e:
        publish_folder(ro / "site", lambda folder: [])
    assert _ids(e.value) == ["publish.site_lock_cannot_create"]
    text = e.value.text
    assert text.param("folder") == str(ro)
    assert "--output" not in text.en and "--output" not in text.zh and "--site" in text.en
    assert list(ro.iterdir()) == []
    monkeypatch.setattr(os, "open", real)
    assert main(["publish", str(book), "--site", str(tmp_path / "site")]) == 0     # elsewhere: published
