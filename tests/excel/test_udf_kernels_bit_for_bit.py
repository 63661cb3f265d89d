"""The NumPy column kernels are the scalar rulebook functions bit for bit, and a 1×1 result is a
value whichever path computes it.

Classic Excel computes a column with NumPy, xlwings Lite (no NumPy) with the pure kernels, and
one text cell sends a whole column cell by cell: the three must show the same digits, to the
last bit (float.hex), or a column changes its last digit when a cell elsewhere changes.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xl_ratings import udfs
from xl_ratings.excel import functions, kernels, kernels_pure
from xl_ratings.systems import gor, lianzhong, shanghai

BACKENDS = {"numpy": kernels, "pure": kernels_pure}

_RATING = st.one_of(st.floats(0.001, 4000), st.integers(1, 4000).map(float),
                    st.integers(2, 7999).map(lambda k: k / 2))       # halves: the FIDE rounding's edge
_GOR = st.one_of(st.floats(100, 3500), st.integers(100, 3500).map(float))


def _hex(values) -> list[str]:
    return [float(v).hex() for v in np.asarray(values).ravel()]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_RATING, _RATING), min_size=1, max_size=80))
def test_the_numpy_elo_kernels_are_the_scalar_functions_bit_for_bit(pairs):
    r = np.array([[a] for a, _ in pairs])
    o = np.array([[b] for _, b in pairs])
    assert _hex(kernels.elo_logistic(r, o)) == [lianzhong.expected(a, b).hex() for a, b in pairs]
    assert _hex(kernels.fide_pc(r - o)) == [shanghai.expected_score(a - b).hex() for a, b in pairs]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_GOR, _GOR), min_size=1, max_size=80)
       .map(lambda ps: ps + [(a, a) for a, _ in ps[:2]]),             # equal ratings: 0.5 − ε/2
       st.integers(-9, 9).map(float))
def test_the_numpy_gor_kernel_is_the_scalar_function_bit_for_bit(pairs, h):
    r = np.array([[a] for a, _ in pairs])
    o = np.array([[b] for _, b in pairs])
    assert _hex(kernels.gor_expected(r, o, h)) == [gor.expected(a, b, h).hex() for a, b in pairs]


def test_numpy_blocks_broadcast_bit_for_bit():
    """A row against a column (Excel's broadcasting) and blanks: the scalar function's bits, blank kept."""
    rs = [[1000.5, 2299.75, None, 3999.0]]
    os = [[1700.25], [2300.0], [998.0]]
    for method, scalar in (("logistic", lianzhong.expected), ("fide", lambda a, b: shanghai.expected_score(a - b))):
        got = udfs.elo_expected(rs, os, method)
        assert [[v if v == "" else v.hex() for v in row] for row in got] == \
            [["" if a is None else scalar(a, b[0]).hex() for a in rs[0]] for b in os]
    got = udfs.gor_expected([[998.0], [1500.5]], [[1700.0, 3500.0]], -2)
    assert [[v.hex() for v in row] for row in got] == \
        [[gor.expected(a, b, -2.0).hex() for b in (1700.0, 3500.0)] for a in (998.0, 1500.5)]


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(_GOR, _GOR), min_size=65, max_size=120), h=st.integers(-9, 9), data=st.data())
def test_one_text_cell_changes_no_other_rows_digits(backend, rows, h, data, monkeypatch):
    """With a text cell the column goes cell by cell; every other row keeps its bits (both backends)."""
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])
    r, o = [[a] for a, _ in rows], [[b] for _, b in rows]
    at = data.draw(st.integers(0, len(rows) - 1))
    texted = [list(x) for x in r]
    texted[at] = [str(r[at][0])]
    for call in (lambda x: udfs.elo_expected(x, o, "logistic"), lambda x: udfs.elo_expected(x, o, "fide"),
                 lambda x: udfs.gor_expected(x, o, h)):
        assert [v.hex() for (v,) in call(r)] == [v.hex() for (v,) in call(texted)]


# --------------------------------------------------------------------------- a 1×1 result is a value
#: every function with a column path, and a cell-by-cell one or two: (call, its arguments as single cells)
_CALLS = {
    "ELO_EXPECTED fide": (lambda *a: udfs.elo_expected(*a), (1500, 1600)),
    "ELO_EXPECTED logistic": (lambda *a: udfs.elo_expected(*a, "logistic"), (1500, 1600)),
    "GOR_EXPECTED": (lambda *a: udfs.gor_expected(*a), (1500, 1600)),
    "GOR_EXPECTED handicap": (lambda *a: udfs.gor_expected(*a), (1500, 1600, 2)),
    "LIANZHONG_K": (lambda *a: udfs.lianzhong_k(*a), (1500,)),
    "SHANGHAI_K": (lambda *a: udfs.shanghai_k(*a), (12, 1, 2300)),
    "LIANZHONG_TITLE": (lambda *a: udfs.lianzhong_title(*a), (2250, 30)),
}

#: the ways a single cell's value may come as a 1×1 range (or, for the first argument, as an empty one)
_ONE_BY_ONE = {
    "nested": lambda v: [[v]],
    "flat": lambda v: [v],
    "text": lambda v: [[str(v)]],
    "tuple": lambda v: ((v,),),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", _CALLS)
@pytest.mark.parametrize("form", _ONE_BY_ONE)
def test_a_one_by_one_range_gives_the_single_cells_value(backend, name, form, monkeypatch):
    """Whatever the cell holds and whichever path computes it, a 1×1 range gives what the single
    cell gives: a value (never a 1×1 spill), the same bits."""
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])
    fn, cells = _CALLS[name]
    single = fn(*cells)
    assert not isinstance(single, list) and single != ""
    for wrapped in range(len(cells)):       # each argument as a range in turn, then all of them
        args = [_ONE_BY_ONE[form](v) if i == wrapped else v for i, v in enumerate(cells)]
        got = fn(*args)
        assert type(got) is type(single) and repr(got) == repr(single), (args, got, single)
    got = fn(*[_ONE_BY_ONE[form](v) for v in cells])
    assert type(got) is type(single) and repr(got) == repr(single), (got, single)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", _CALLS)
@pytest.mark.parametrize("blank", [[], [[None]], [None], [[""]]], ids=["empty", "none", "flat-none", "empty-text"])
def test_a_blank_one_by_one_range_gives_a_blank_value(backend, name, blank, monkeypatch):
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])
    fn, cells = _CALLS[name]
    assert fn(blank, *cells[1:]) == ""
    assert fn(blank, *[[[v]] for v in cells[1:]]) == ""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_longer_range_still_spills(backend, monkeypatch):
    """The rule is about 1×1 results only: two cells spill, also when one of them is blank."""
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])
    assert udfs.elo_expected([[1500], [None]], [[1600]]) == [[0.36], [""]]
    assert udfs.elo_expected([[1500, 1700]], 1600) == [[0.36, 0.64]]
    assert udfs.lianzhong_k([[1500], [2100]]) == [[32], [24]]
    assert udfs.gor_expected([[1500]], [[1600], [1500]]) == [[gor.expected(1500.0, 1600.0)], [0.5 - 0.014 / 2]]
