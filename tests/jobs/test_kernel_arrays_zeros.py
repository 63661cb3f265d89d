"""KernelArrays' zeroed arrays, indices and values: the arrays and Python numbers its list-built
forms give (the lianzhong kernel's running totals and flags are made by ``zeros``)."""
import pytest

from xl_ratings.jobs.list_kernel import KernelArrays


def arrays(compiled: bool) -> KernelArrays:
    if compiled:
        pytest.importorskip("numpy")
    k = KernelArrays()
    k.compiled = compiled
    return k


@pytest.mark.parametrize("compiled", [False, True])
def test_zeros_are_the_arrays_of_a_list_of_zeros(compiled: bool) -> None:
    k = arrays(compiled)
    ints, floats = k.zeros(5), k.zeros(5, floats=True)
    want_i, want_f = k.ints([0] * 5), k.floats([0.0] * 5)
    assert type(ints) is type(want_i) and type(floats) is type(want_f)
    if compiled:
        assert ints.dtype == want_i.dtype and floats.dtype == want_f.dtype
    got_i, got_f = k.values(ints), k.values(floats)
    assert list(got_i) == [0] * 5 and [type(v) for v in got_i] == [int] * 5
    assert list(got_f) == [0.0] * 5 and [type(v) for v in got_f] == [float] * 5
    assert len(k.zeros(0)) == 0 and len(k.zeros(0, floats=True)) == 0
    grown = k.grow(k.zeros(2, floats=True), [1.5])
    assert list(k.values(grown)) == [0.0, 0.0, 1.5]


@pytest.mark.parametrize("compiled", [False, True])
def test_flagged_and_first_give_python_ints(compiled: bool) -> None:
    k = arrays(compiled)
    flags = k.zeros(6)
    flags[1], flags[4] = 1, 2
    assert list(k.flagged(flags)) == [1, 4] and all(type(j) is int for j in k.flagged(flags))
    touched = k.ints([3, 0, 5, 0])
    assert list(k.first(touched, 3)) == [3, 0, 5] and all(type(i) is int for i in k.first(touched, 3))
    assert list(k.first(touched, 0)) == []
