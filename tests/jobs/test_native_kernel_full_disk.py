"""The native kernel's file on a full disk: nothing half-written is left in the cache folder,
and the run goes on (numba's kernel, the same numbers)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from xl_ratings.jobs import list_native

numba = pytest.importorskip("numba", reason="the native kernel's file is written by numba (pip install numba)")


def test_a_full_disk_leaves_no_temp_file(tmp_path, monkeypatch):
    from xl_ratings.systems.lianzhong import rate_block

    monkeypatch.setattr(list_native, "folders", lambda kernel: [tmp_path / "cache"])
    real = Path.write_bytes

    def full(self, data):
        real(self, data[: len(data) // 2])          # half of it written, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    assert list_native.save(rate_block) is None
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == []
