"""ELO_EXPECTED / GOR_EXPECTED: the column path (NumPy's kernels, or pure Python's in xlwings
Lite) gives what the cell-by-cell path gives, for every range an officer or a script can pass.

The column path only decides the common case (numbers within the bounds); anything else --
an error cell or a blank, text, TRUE/FALSE, an impossible rating, shapes that do not
broadcast -- it hands to the cell-by-cell path, which names the cell.  So over random
ranges holding such cells, each function with its column path must give the cell-by-cell
path's cells (bit for bit, float.hex, on both backends) or its error (the same message id, parameters
and words, English and Chinese).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from problem_ids import problems
from xl_ratings import udfs
from xl_ratings.errors import RatingInputError
from xl_ratings.excel import functions, kernels, kernels_pure, ranges
from xl_ratings.systems import gor, lianzhong, shanghai

BACKENDS = {"numpy": kernels, "pure": kernels_pure}

#: mostly plain numbers (the column path's case), then every kind of odd cell
_PLAIN = st.one_of(st.floats(100, 3500), st.integers(100, 3500))
_ODD = st.one_of(
    st.none(),                                              # blank, or an error cell (xlwings: None)
    st.sampled_from(["2300", " 2,300 ", "abc", "", "W", "1e3"]),   # text: the cell path reads or refuses it
    st.booleans(),                                          # TRUE/FALSE
    st.sampled_from([0, -5, 0.0, 99.5, 100, 3500.0, 3500.5, 4000, 4000.5, 1e6, 10 ** 400]),   # bounds, impossible
    st.sampled_from([math.inf, -math.inf, math.nan]),        # NaN (only from Python): blank on every path
)
_CELL = st.one_of(_PLAIN, _PLAIN, _PLAIN, _ODD)


@st.composite
def _range(draw, rows: int, cols: int):
    """A scalar, a column, a row or a block of ``rows`` × ``cols`` (stretched or not)."""
    kind = draw(st.sampled_from(["scalar", "full", "full", "row", "column", "one"]))
    cell = draw(st.sampled_from([_PLAIN, _PLAIN, _CELL]))   # most ranges all numbers, the column path's own
    if kind == "scalar":
        return draw(cell)
    r = {"full": rows, "row": 1, "column": rows, "one": 1}[kind]
    c = {"full": cols, "row": cols, "column": 1, "one": 1}[kind]
    cells = [[draw(cell) for _ in range(c)] for _ in range(r)]
    if cell is _PLAIN and draw(st.integers(0, 3)) == 0:      # one odd cell somewhere in a long range
        cells[draw(st.integers(0, r - 1))][draw(st.integers(0, c - 1))] = draw(_ODD)
    return cells


@st.composite
def _pair(draw):
    rows = draw(st.sampled_from([1, 2, 3, 7, 70]))          # 70: past NumPy's 64-row column shortcut
    cols = draw(st.sampled_from([1, 1, 2, 3]))
    a, b = draw(_range(rows, cols)), draw(_range(rows, cols))
    if draw(st.integers(0, 9)) == 0 and isinstance(b, list):    # shapes that do not broadcast
        b = b + [[draw(_PLAIN)] * len(b[0])]
    return a, b


def _outcome(fn, *args):
    """The cells, or the refusal as the officer reads it (id and parameters, both languages)."""
    try:
        return "cells", fn(*args)
    except RatingInputError as e:
        return "refused", (type(e).__name__, [(p.id, p.params) for p in problems(e)], str(e), e.problem_zh)


def _same(fast, careful) -> bool:
    """The same refusal, or the same cells bit for bit (float.hex) in the same shape."""
    if fast[0] != careful[0] or fast[0] == "refused":
        return fast == careful
    f, c = fast[1], careful[1]
    if isinstance(c, list) != isinstance(f, list):     # a 1×1 result is a value on both paths, or a spill on both
        return False
    if not isinstance(c, list):     # a single cell gives a single value (blank: "")
        if not isinstance(c, float):
            return f == c
        return isinstance(f, float) and f.hex() == c.hex()
    if [[v == "" for v in row] for row in f] != [[v == "" for v in row] for row in c]:
        return False
    pairs = [(x, y) for rf, rc in zip(f, c) for x, y in zip(rf, rc) if y != ""]
    return all(type(x) is float and x.hex() == y.hex() for x, y in pairs)


def _careful(monkeypatch):
    monkeypatch.setattr(functions, "_fast_binary", lambda *a, **k: None)


_HANDICAP = st.one_of(st.integers(-9, 9), st.none(), st.sampled_from([0.0, 2.0, -3.0, 1.5, 12, "2", True]))


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=_pair(), method=st.sampled_from(["fide", "logistic", None, " FIDE "]), h=_HANDICAP)
def test_the_column_path_gives_the_cell_by_cell_paths_cells_or_error(backend, pair, method, h, monkeypatch):
    a, b = pair
    with monkeypatch.context() as m:
        m.setattr(functions, "vector", BACKENDS[backend])
        fast = [_outcome(udfs.elo_expected, a, b, method), _outcome(udfs.gor_expected, a, b, h)]
        _careful(m)
        careful = [_outcome(udfs.elo_expected, a, b, method), _outcome(udfs.gor_expected, a, b, h)]
    for f, c in zip(fast, careful):
        assert _same(f, c), (f, c)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("call", ["logistic", "fide", "gor", "lianzhong_k"])
def test_a_column_of_plain_numbers_takes_the_column_path(backend, call, monkeypatch):
    """Else the property above would hold by never leaving the cell-by-cell path."""
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])

    def no_cell_by_cell(*args, **kwargs):
        raise AssertionError("went cell by cell")

    monkeypatch.setattr(functions, "elementwise", no_cell_by_cell)
    r, o = [[2300.0], [1500], [None], [2000.5]], [[2200.0], [1500.0], [1800.0], [2400]]
    got = (udfs.gor_expected(r, o, 2) if call == "gor" else udfs.lianzhong_k(r) if call == "lianzhong_k"
           else udfs.elo_expected(r, o, call))
    assert got[2] == [""] and len(got) == 4
    scalar = {"logistic": lianzhong.expected, "fide": lambda x, y: shanghai.expected_score(x - y),
              "gor": lambda x, y: gor.expected(x, y, 2.0), "lianzhong_k": lambda x, y: lianzhong.k_factor(x)}[call]
    for (x,), (y,), (v,) in zip(r, o, got):
        if x is not None:
            want = scalar(float(x), float(y))
            assert type(v) is type(want) and repr(v) == repr(want)     # bit for bit (repr round-trips a float)


# --------------------------------------------------------------------------- the pure kernels, bit for bit
_RATING = st.one_of(st.floats(0.001, 4000), st.integers(1, 4000).map(float),
                    st.integers(2, 7999).map(lambda k: k / 2))       # halves: the FIDE rounding's edge


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_RATING, _RATING), min_size=1, max_size=60))
def test_the_pure_elo_kernels_are_the_scalar_functions_bit_for_bit(pairs):
    rs, os = [a for a, _ in pairs], [b for _, b in pairs]
    fide = kernels_pure.fide_over(rs, os)
    assert [v.hex() for v in fide] == [shanghai.expected_score(a - b).hex() for a, b in pairs]
    assert kernels_pure.logistic_over(rs, os) == [lianzhong.expected(a, b) for a, b in pairs]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(100, 3500), st.floats(100, 3500)), min_size=1, max_size=60)
       .map(lambda ps: ps + [(a, a) for a, _ in ps[:2]]),             # equal ratings: 0.5 − ε/2
       st.integers(-9, 9).map(float))
def test_the_pure_gor_kernel_is_the_scalar_function_bit_for_bit(pairs, h):
    rs, os = [a for a, _ in pairs], [b for _, b in pairs]
    got = kernels_pure.gor_over(rs, os, h)
    assert [v.hex() for v in got] == [gor.expected(a, b, h).hex() for a, b in pairs]


def test_the_fide_tables_hold_every_difference_and_a_longer_one_is_still_right():
    up, down = kernels_pure.fide_tables()
    assert len(up) == len(down) == kernels_pure.FIDE_SPAN + 1 > 4000      # every difference of two ratings
    assert [v.hex() for v in up] == [shanghai.expected_score(float(k)).hex() for k in range(len(up))]
    assert [v.hex() for v in down] == [shanghai.expected_score(float(-k)).hex() for k in range(len(down))]
    assert up[0] == down[0] == 0.5 and up[400] == up[4000] and down[400] == down[4000]
    far = kernels_pure.fide_over([1e5, 1.0], [1.0, 1e5])             # only from Python: past the tables
    assert far == [shanghai.expected_score(1e5 - 1.0), shanghai.expected_score(1.0 - 1e5)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_nan_from_python_is_blank_on_both_backends_and_hides_no_impossible_rating(backend, monkeypatch):
    """A cell never holds NaN; a script may.  Both kernels take it as blank -- and the pure
    one no longer lets a NaN in the first row hide a rating past the highest below it."""
    monkeypatch.setattr(functions, "vector", BACKENDS[backend])
    nan = float("nan")
    got = udfs.elo_expected([[nan], [2300.0]], [[2200.0], [2200.0]], "fide")
    assert got == [[""], [0.64]]
    with pytest.raises(RatingInputError) as e:
        udfs.elo_expected([[nan], [5000.0]], [[2200.0], [2200.0]])
    assert problems(e.value)[0].id == "excel.udf_argument"


# --------------------------------------------------------------------------- the other functions, cell by cell
def _elementwise_as_it_was(func, args, fn, blank_ok=()):
    """The cell-by-cell loop before issue 28 (every cell's place made before its math): the reference."""
    grids = {k: ranges.as_grid(v, func, k) for k, v in args.items()}
    rows, cols = ranges.broadcast_shape(func, grids)
    if (rows, cols) == (1, 1) and not any(ranges.is_range(v) for v in args.values()):
        cells = {k: g[0][0] for k, g in grids.items()}
        if any(ranges.is_blank(cells[k]) for k in cells if k not in blank_ok):
            return ""
        return fn(pos="", **cells)
    out = []
    for i in range(rows):
        line = []
        for j in range(cols):
            cells = {k: g[i if len(g) > 1 else 0][j if len(g[0]) > 1 else 0] for k, g in grids.items()}
            if any(ranges.is_blank(cells[k]) for k in cells if k not in blank_ok):
                line.append("")
            else:
                line.append(fn(pos=ranges._where(i, j, (rows, cols)), **cells))
        out.append(line)
    return out


#: each argument's cells: (plain, with odd ones)
_COUNT = (st.integers(0, 60), st.one_of(st.integers(0, 60), st.sampled_from([-1, 2.5, "12", None, True, "x"])))
_SCORE = (st.sampled_from([1, 0.5, 0]), st.sampled_from([1, 0.5, 0, "W", "D", "L", "胜", "+", "-", "2", None, True]))
_RATED = (_PLAIN, _CELL)
_AWARDED = (st.none(), st.sampled_from([None, "特级大师", "一级大师", "大师", 3]))


@st.composite
def _ranges(draw, cells):
    rows, cols = draw(st.sampled_from([1, 2, 5, 40])), draw(st.sampled_from([1, 1, 2]))
    odd = draw(st.integers(0, 2))       # 0: every cell plain; 1: odd cells anywhere; 2: one odd cell
    out = []
    for plain, mixed in cells:
        kind = draw(st.sampled_from(["scalar", "full", "full", "column", "row"]))
        strat = mixed if odd == 1 else plain
        if kind == "scalar":
            out.append(draw(strat))
            continue
        r, c = (rows if kind != "row" else 1), (cols if kind != "column" else 1)
        out.append([[draw(strat) for _ in range(c)] for _ in range(r)])
    if odd == 2 and isinstance(out[0], list):
        g = out[0]
        g[draw(st.integers(0, len(g) - 1))][draw(st.integers(0, len(g[0]) - 1))] = draw(cells[0][1])
    return out


_CALLS = {
    "LIANZHONG_K": (udfs.lianzhong_k, [_RATED]),
    "SHANGHAI_K": (udfs.shanghai_k, [_COUNT, _COUNT, (st.one_of(st.none(), _PLAIN), st.one_of(st.none(), _CELL))]),
    "LIANZHONG_UPDATE": (udfs.lianzhong_update, [_RATED, _RATED, _SCORE, _COUNT, _COUNT]),
    "LIANZHONG_TITLE": (udfs.lianzhong_title, [_RATED, _COUNT, _AWARDED]),
    "RANK_STANDARD": (lambda v, c: udfs.rank_standard(v, "shanghai", c),
                      [(st.floats(1000, 3000), _CELL), (st.none(), st.sampled_from([None, "初段", "5级", "九段", "x"]))]),
}


@pytest.mark.parametrize("name", _CALLS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_cell_by_cell_functions_give_what_they_gave_cell_for_cell_error_for_error(name, data, monkeypatch):
    """The loop names a cell's place only when the cell is refused (then asks it again), and
    LIANZHONG_K has a column path: the same values, blanks and refusals (the same cell named,
    in both languages) as the loop as it was."""
    fn, cells = _CALLS[name]
    args = data.draw(_ranges(cells))
    now = _outcome(fn, *args)
    with monkeypatch.context() as m:
        m.setattr(functions, "elementwise", _elementwise_as_it_was)
        m.setattr(functions, "_fast_ratings", lambda *a, **k: None)     # LIANZHONG_K's column path
        before = _outcome(fn, *args)
    assert now == before
