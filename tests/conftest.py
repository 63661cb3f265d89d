"""Fixtures shared by the game-list tests: the kernel a list is rated with."""

import pytest


@pytest.fixture(params=["pure", "compiled"])
def kernel(request, monkeypatch):
    """Each game-list test twice: the pure kernel and the compiled one (numba: in the test extras,
    so required where ``CI`` is set; skipped elsewhere without it, saying how to install it)."""
    if request.param == "compiled":
        from needs import _missing
        from xl_ratings.jobs.list_kernel import numba_available

        if not numba_available():
            _missing("the compiled kernel needs numba: pip install 'xl_ratings[fast]'", ["numba"])
    monkeypatch.setenv("XL_RATINGS_KERNEL", request.param)
    return request.param
