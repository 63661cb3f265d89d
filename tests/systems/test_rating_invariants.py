"""Invariants of the rating math (Hypothesis)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.excel import kernels as vector
from xl_ratings.systems import gor, lianzhong, peng, shanghai

ratings = st.floats(min_value=0, max_value=3500, allow_nan=False)
scores = st.sampled_from([0.0, 0.5, 1.0])


@given(ratings, ratings)
def test_elo_logistic_in_unit_interval_and_symmetric(a, b):
    e = lianzhong.expected(a, b)
    assert 0 <= e <= 1 and not math.isnan(e)
    assert math.isclose(e + lianzhong.expected(b, a), 1.0, abs_tol=1e-12)


@given(st.floats(min_value=-4000, max_value=4000, allow_nan=False))
def test_fide_pc_symmetric_and_capped(d):
    pc = shanghai.expected_score(d)
    assert 0.08 - 1e-9 <= pc <= 0.92 + 1e-9
    # rounding half away from zero is symmetric, so PC(D) + PC(-D) = 1 everywhere
    assert math.isclose(pc + shanghai.expected_score(-d), 1.0, abs_tol=1e-9)


@given(st.floats(min_value=-1000, max_value=1000), st.floats(min_value=-1000, max_value=1000))
def test_fide_pc_monotone(d1, d2):
    lo, hi = sorted((d1, d2))
    assert shanghai.expected_score(lo) <= shanghai.expected_score(hi)


@given(ratings, st.lists(ratings, min_size=1, max_size=12), st.data())
def test_shanghai_delta_rises_with_score(own, opps, data):
    s1 = data.draw(st.lists(scores, min_size=len(opps), max_size=len(opps)))
    i = data.draw(st.integers(0, len(opps) - 1))
    s2 = list(s1)
    s2[i] = min(1.0, s2[i] + 0.5)
    assert shanghai.tournament_change(own, opps, s2, 15).change >= \
        shanghai.tournament_change(own, opps, s1, 15).change


@given(ratings, ratings, st.integers(-9, 9), scores)
def test_gor_expected_bounds_and_floor(r, o, h, s):
    e = gor.expected(r, o, h, s)
    assert 0 <= e <= 1 and not math.isnan(e)
    # the two sides' expectations add to 1 − ε (formula (2)), whatever the handicap
    e_other = gor.expected(o, r, -h, 1 - s)
    assert math.isclose(e + e_other, 1 - gor.DEFAULTS.epsilon, abs_tol=1e-9)
    assert gor.tournament_update(max(r, 100), [o], [s], [h]) >= 100


@given(ratings, st.lists(st.tuples(ratings, scores), min_size=1, max_size=10))
def test_gor_update_rises_with_score(r, games):
    opps = [o for o, _ in games]
    lo = gor.tournament_update(r, opps, [0.0] * len(opps), params=gor.GorParams(floor=-1e9))
    hi = gor.tournament_update(r, opps, [1.0] * len(opps), params=gor.GorParams(floor=-1e9))
    assert hi > lo


@given(ratings, ratings, scores, st.integers(0, 60), st.integers(0, 60))
def test_lianzhong_update_finite_and_zero_sum_when_both_rated(r, o, s, g, og):
    u = lianzhong.update(r, o, s, g, og)
    assert math.isfinite(u.rating)
    if g >= 20 and og >= 20 and lianzhong.k_factor(r) == lianzhong.k_factor(o):
        v = lianzhong.update(o, r, 1 - s, og, g)
        assert math.isclose(u.change + v.change, 0, abs_tol=1e-9)


rank_names = st.sampled_from([r.rank.chinese() for r in peng.LADDER])


@given(rank_names, st.lists(st.tuples(rank_names, scores), max_size=20))
def test_peng_cumulative_never_decreases(rank, games):
    ops = [o for o, _ in games]
    sc = [s for _, s in games]
    base = peng.basic(rank)
    assert peng.cumulative(rank, ops, sc) >= base
    if games:
        assert peng.cumulative(rank, ops, sc) >= peng.cumulative(rank, ops[:-1], sc[:-1])


@given(st.floats(min_value=0, max_value=100000))
def test_peng_standard_is_highest_basic_not_above(v):
    std = peng.standard(v)
    assert peng.basic(std) <= v
    higher = [r for r in peng.LADDER if r.rank > std]
    assert all(r.basic > v for r in higher)


@settings(max_examples=60)
@given(st.lists(st.tuples(st.floats(-200, 4000), st.floats(-200, 4000), st.integers(-9, 9)),
                min_size=1, max_size=30))
def test_vector_kernels_equal_scalar_math(rows):
    r = vector.np.array([[a] for a, _, _ in rows], dtype=float)
    o = vector.np.array([[b] for _, b, _ in rows], dtype=float)
    for (a, b, _), e in zip(rows, vector.elo_logistic(r, o).ravel()):
        assert math.isclose(e, lianzhong.expected(a, b), rel_tol=1e-12)
    for (a, b, _), e in zip(rows, vector.fide_pc(r - o).ravel()):
        assert e == shanghai.expected_score(a - b)
    for a, b, h in rows:
        ge = vector.gor_expected(vector.np.array([[a]]), vector.np.array([[b]]), float(h))[0][0]
        assert math.isclose(ge, gor.expected(a, b, h), rel_tol=1e-12, abs_tol=1e-15)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), scores, st.booleans()), max_size=60),
       st.lists(st.tuples(st.floats(1000, 2900), st.integers(0, 40)), min_size=8, max_size=8))
def test_lianzhong_engine_equals_game_by_game_reference(games, start):
    """The engine's inlined loop gives exactly lz.update's floats, game after game."""
    import datetime as dt

    from xl_ratings.systems.game_result import Result
    from xl_ratings.systems.lianzhong import LianzhongState, process
    from xl_ratings.systems.period import year_period
    from xl_ratings.systems.records import Event, Game, Player, Records

    ids = [f"P{i}" for i in range(8)]
    players = {p: Player(p, p) for p in ids}
    ev = Event("E", "E", dt.date(2026, 1, 1), dt.date(2026, 12, 31), "games")
    rows = [Game("E", dt.date(2026, 1, 1) + dt.timedelta(days=n), None, ids[a], ids[b],
                 Result(s, forfeit), 0.0, n + 2)
            for n, (a, b, s, forfeit) in enumerate(games) if a != b]
    records = Records(lianzhong.SYSTEM, {}, players, {"E": ev}, rows, params=lianzhong.DEFAULTS)
    states = {p: LianzhongState(r, n) for p, (r, n) in zip(ids, start)}
    result = process(records, states, year_period(2026), lianzhong.DEFAULTS)
    rating = {p: r for p, (r, _) in zip(ids, start)}
    count = {p: n for p, (_, n) in zip(ids, start)}
    for g in rows:
        if g.result.forfeit:
            continue
        p, q, s = g.player, g.opponent, g.result.score
        up = lianzhong.update(rating[p], rating[q], s, count[p], count[q])
        uq = lianzhong.update(rating[q], rating[p], 1 - s, count[q], count[p])
        if not up.counted:
            continue
        rating[p], rating[q] = up.rating, uq.rating
        count[p] += 1
        count[q] += 1
    assert {p: st.rating for p, st in result.states.items()} == rating
    assert {p: st.games for p, st in result.states.items()} == count


cells = st.one_of(st.none(), st.floats(50, 4000, allow_nan=False), st.integers(50, 4000),
                  st.floats(3400, 1e6, allow_nan=False))      # past the highest rating: refused alike


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(cells, cells), min_size=1, max_size=90), st.integers(-9, 9),
       st.sampled_from(["logistic", "fide"]))
def test_column_functions_equal_with_numpy_without_it_and_cell_by_cell(rows, h, method):
    """ELO_EXPECTED and GOR_EXPECTED over columns: the NumPy kernels, the pure-Python ones
    (xlwings Lite) and the scalar math cell by cell give the same cells (blank for blank);
    a rating below the floor or above the highest is refused by every path alike, naming it
    (GOR_EXPECTED(100000, 2400) was an OverflowError cell by cell and 0.986 by column)."""
    import pytest

    from xl_ratings import udfs
    from xl_ratings.excel import functions, kernels_pure
    from xl_ratings.excel.ranges import ArgumentError

    r = [[a] for a, _ in rows]
    o = [[b] for _, b in rows]

    def each(fn, *args):
        try:
            return fn(*args)
        except ArgumentError as e:
            return ("error", str(e))

    calls = [(udfs.elo_expected, r, o, method), (udfs.gor_expected, r, o, h)]
    with_numpy = [each(*c) for c in calls]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(functions, "vector", kernels_pure)
        pure = [each(*c) for c in calls]
    def math_or_none(fn, a, b):
        try:
            return fn(a, b)
        except OverflowError:
            return None

    scalar = [[["" if a is None or b is None else math_or_none(
        lianzhong.expected if method == "logistic" else lambda x, y: shanghai.expected_score(x - y), a, b)]
        for a, b in rows],
              [["" if a is None or b is None else math_or_none(lambda x, y: gor.expected(x, y, h), a, b)]
               for a, b in rows]]
    highest = (4000, 3500)
    for got in (with_numpy, pure):
        for k, (g, want) in enumerate(zip(got, scalar)):
            too_high = any(None not in row and max(row) > highest[k] for row in rows)   # blank in, blank out
            if isinstance(g, tuple):   # below the floor, above the highest: refused by every path alike
                assert g == with_numpy[k] == pure[k] and ("floor" in g[1] or "the highest rating" in g[1]), g
                assert too_high or "floor" in g[1]
                continue
            assert not too_high, g
            g = g if isinstance(g, list) else [[g]]   # a single cell gives a single value
            assert len(g) == len(want)
            for x, y in zip(g, want):
                assert x == y or math.isclose(x[0], y[0], rel_tol=1e-12, abs_tol=1e-15), (x, y)


_CELL = st.one_of(st.none(), st.floats(100, 3000), st.integers(100, 3000))


@st.composite
def _broadcast_pair(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 4))
    shape_a = (draw(st.sampled_from([1, rows])), draw(st.sampled_from([1, cols])))
    shape_b = (draw(st.sampled_from([1, rows])), draw(st.sampled_from([1, cols])))
    grid = lambda shape: [[draw(_CELL) for _ in range(shape[1])] for _ in range(shape[0])]   # noqa: E731
    return grid(shape_a), grid(shape_b)


@given(_broadcast_pair())
@settings(max_examples=200, deadline=None)
def test_pure_kernels_broadcast_as_numpy_does(pair):
    """The flat pure-Python grid (xlwings Lite's path) stretches a row or a column as NumPy
    and Excel do, keeps blanks blank, and gives the scalar function's own numbers, bit for bit."""
    from xl_ratings.excel import kernels, kernels_pure

    a, b = pair
    pa, pb = kernels_pure.numeric(a), kernels_pure.numeric(b)
    na, nb = kernels.numeric(a), kernels.numeric(b)
    assert (pa is None) == (na is None) and (pb is None) == (nb is None)
    assert pa is not None and pb is not None and na is not None and nb is not None
    for lowest in (100.0, 1500.0):
        assert kernels_pure.any_below(pa, lowest) == kernels.any_below(na, lowest)
        assert kernels_pure.any_below(pa, lowest, False) == kernels.any_below(na, lowest, False)
        assert kernels_pure.any_above(pa, lowest) == kernels.any_above(na, lowest)
    pure = kernels_pure.apply_binary(lianzhong.expected, pa, pb)
    rows, cols = max(len(a), len(b)), max(len(a[0]), len(b[0]))
    cell = lambda g, i, j: g[i if len(g) > 1 else 0][j if len(g[0]) > 1 else 0]   # noqa: E731
    want = [["" if cell(a, i, j) is None or cell(b, i, j) is None
             else lianzhong.expected(float(cell(a, i, j)), float(cell(b, i, j))) for j in range(cols)]
            for i in range(rows)]
    assert pure == want
    numpy_cells = kernels.apply_binary(kernels.elo_logistic, na, nb)
    assert [[v == "" for v in r] for r in numpy_cells] == [[v == "" for v in r] for r in want]
    assert all(math.isclose(x, y, rel_tol=1e-12) for rn, rw in zip(numpy_cells, want)
               for x, y in zip(rn, rw) if y != "")
