"""What every test folder shares (tests/README.md).

* ``tests/`` itself on ``sys.path``: the support modules (``helpers``, ``needs``, ``import_writers``
  ...) are imported by their names from any folder;
* every test folder on ``sys.path`` too: a test module is imported by its basename (pytest's default
  "prepend" import mode, no ``__init__.py``), so one test module may import another's helpers
  (``from test_script_dispatch import run_script``) wherever either stands -- which is why test
  basenames are unique across the folders (tests/product/test_layout.py checks it);
* the fixture of the game-list tests: the kernel a list is rated with.
"""

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
for _folder in [TESTS, *sorted(p for p in TESTS.iterdir() if p.is_dir() and any(p.glob("test_*.py")))]:
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))


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
