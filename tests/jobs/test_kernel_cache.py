"""The compiled kernel's machine code cache (xl_ratings/jobs/list_kernel.compiled): where no folder
can be written, the kernel is compiled without a cache -- the same numbers, never a refusal."""

import pytest

from xl_ratings.jobs import list_kernel


def test_no_writable_cache_folder_compiles_without_one(monkeypatch):
    numba = pytest.importorskip("numba", reason="the compiled kernel needs numba: pip install 'xl_ratings[fast]'")
    import numpy as np
    from numba.core import caching

    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [])    # as if every folder were read-only

    def twice(x):
        out = 0.0
        for j in range(len(x)):
            out += 2.0 * x[j]
        return out
    with pytest.raises(RuntimeError, match="no locator"):  # numba's own error, not a catalogue message
        numba.njit(cache=True)(twice)
    monkeypatch.setattr(list_kernel, "_COMPILED", {})
    fast = list_kernel.compiled(twice)
    assert fast(np.array([0.5, 1.25])) == 3.5 == twice([0.5, 1.25])
