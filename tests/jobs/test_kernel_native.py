"""The compiled kernel's machine code loaded without numba (xl_ratings/jobs/list_native): the same
floats as the rulebook, bit for bit; a later process loads it without importing numba; a file
cut short, or arguments the code does not take, go to numba's kernel."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings

from test_list_kernel_equals_rulebook import by_kernel, by_objects, lists, numpy_array
from xl_ratings.jobs import list_native
from xl_ratings.systems.lianzhong import DEFAULTS, rate_block

pytest.importorskip("numba", reason="the compiled kernel needs numba: pip install 'xl_ratings[fast]'")


def _never():
    raise AssertionError("numba's kernel called: the machine code should have taken these arguments")


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    folder = tmp_path_factory.mktemp("numba-cache")
    old = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    try:
        path = list_native.save(rate_block)
        assert path is not None and path.parent == folder / "xl_ratings"
        yield folder
    finally:
        if old is None:
            os.environ.pop("NUMBA_CACHE_DIR", None)
        else:
            os.environ["NUMBA_CACHE_DIR"] = old


@pytest.fixture(scope="module")
def native(cache):
    got = list_native.native(rate_block, lambda: _never)
    assert got is not None
    return got


@settings(max_examples=300, deadline=None)
@given(lists)
def test_the_native_kernel_equals_the_rule_bit_for_bit(native, case):
    games, ratings, counts = case
    assert by_kernel(games, ratings, counts, native, numpy_array) == by_objects(games, ratings, counts)


def test_a_later_process_loads_it_without_numba(cache):
    code = ("import sys\n"
            "from xl_ratings.jobs.list_kernel import compiled, numba_available\n"
            "from xl_ratings.systems.lianzhong import rate_block\n"
            "assert numba_available()\n"
            "k = compiled(rate_block)\n"
            "print(k.__module__, 'numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, NUMBA_CACHE_DIR=str(cache)),
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["xl_ratings.jobs.list_native", "False"]


def test_a_file_cut_short_is_not_loaded(cache, tmp_path, monkeypatch):
    (path,) = (cache / "xl_ratings").glob("native-kernel-*.bin")
    cut = tmp_path / "xl_ratings" / path.name
    cut.parent.mkdir()
    cut.write_bytes(path.read_bytes()[:-100])
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(list_native, "folders", lambda kernel: [tmp_path / "xl_ratings"])
    monkeypatch.setattr(list_native, "_LOADED", {})
    assert list_native.native(rate_block, lambda: _never) is None


def test_another_kernel_is_not_taken():
    def twice(x):
        return 2 * x
    assert list_native.native(twice, lambda: twice) is None
    assert list_native.save(twice) is None


def _arrays(n_players, games):
    import numpy as np

    p = np.array([a for a, _ in games], dtype=np.int64)
    q = np.array([b for _, b in games], dtype=np.int64)
    score, forfeit = np.full(len(games), 1.0), np.zeros(len(games), dtype=np.bool_)
    rating, counts = np.full(n_players, 1500.0), np.full(n_players, 30, dtype=np.int64)
    zeros_i, zeros_f = (lambda: np.zeros(n_players, dtype=np.int64)), (lambda: np.zeros(n_players))
    kb = np.array([b for b, _ in DEFAULTS.k_table], dtype=np.float64)
    kv = np.array([k for _, k in DEFAULTS.k_table] + [DEFAULTS.k_table[-1][1]], dtype=np.float64)
    return [p, q, score, forfeit, rating, counts, zeros_i(), zeros_f(), zeros_f(), zeros_i(), zeros_f(), zeros_i(), 0,
            np.zeros(len(games), dtype=np.int64), 20, 400.0, 2 / 3, 41.0, kb, kv]


@pytest.mark.parametrize("change", ["scale 0", "lists", "an index out of range", "float counts"])
def test_arguments_it_does_not_take_go_to_numba(native_for_fallback, change):
    import numpy as np

    args = _arrays(3, [(0, 1), (1, 2)])
    if change == "scale 0":                 # the rulebook raises ZeroDivisionError: so must the kernel
        args[15] = 0.0
    elif change == "lists":
        args[:4] = [list(a) for a in args[:4]]
    elif change == "an index out of range":
        args[1] = np.array([1, 3], dtype=np.int64)
    else:
        args[5] = args[5].astype(np.float64)
    called = []
    kernel = native_for_fallback(lambda *a: called.append(a) or 7)
    assert kernel(*args) == 7 and len(called) == 1


@pytest.fixture
def native_for_fallback(cache, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))

    def make(fallback):
        got = list_native.native(rate_block, lambda: fallback)
        assert got is not None
        return got
    return make


def test_the_same_arguments_the_same_numbers_as_numbas_kernel(native):
    from xl_ratings.jobs.list_kernel import _numba

    a, b = _arrays(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)] * 7), _arrays(4, [(0, 1), (1, 2), (2, 3), (3, 0),
                                                                                (0, 2)] * 7)
    assert native(*a) == _numba(rate_block)(*b)
    assert all((x == y).all() if hasattr(x, "shape") else x == y for x, y in zip(a, b))
