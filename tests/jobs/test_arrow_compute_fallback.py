"""The one read calls pyarrow's compute functions through its private module (no wrapper of each
function made at start-up); a pyarrow whose private module is missing or lacks what is called
gives the public module instead -- the same functions, never an AttributeError mid-run."""

from __future__ import annotations

import sys
import types

import pytest

pa = pytest.importorskip("pyarrow", reason="pyarrow (pip install pyarrow) -- the game lists' reader")

from xl_ratings.jobs.list_file import arrow_compute, empty_of  # noqa: E402


def test_the_private_module_when_it_has_what_is_called():
    pc = arrow_compute()
    assert all(hasattr(pc, n) for n in ("call_function", "CastOptions", "SetLookupOptions"))
    assert empty_of(pa.array(["a", "", "b", ""])).to_pylist() == [False, True, False, True]


@pytest.mark.parametrize("private", [None, types.ModuleType("pyarrow._compute")])
def test_the_public_module_when_the_private_one_is_missing_or_bare(monkeypatch, private):
    import pyarrow.compute

    monkeypatch.setitem(sys.modules, "pyarrow._compute", private)     # None: import fails
    if private is not None:
        monkeypatch.setattr(pa, "_compute", private)
    assert arrow_compute() is pyarrow.compute
    assert empty_of(pa.array(["", "x"])).to_pylist() == [True, False]
