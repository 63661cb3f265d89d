"""The Excel functions refuse impossible values with the function, argument and value, on the
cell path and on the fast (column) paths alike; a blank in gives a blank out (split out of
tests/test_trust.py, now tests/xlsx/test_reader_at_the_edges.py, section 3)."""

import pytest
from problem_ids import problems

from xl_ratings import udfs
from xl_ratings.excel.ranges import ArgumentError


#: (the call, the function, the argument, the value shown, the problem's id and parameters)
WHOLE, ABOVE_0 = ("excel.udf_whole_number", {}), ("excel.udf_rating_above_0", {})


@pytest.mark.parametrize("call,func,arg,shown,problem", [
    (lambda: udfs.elo_delta(2300, 2200, 1, -15), "ELO_DELTA", "k", -15, ("excel.udf_k_range", {"highest": 100})),
    (lambda: udfs.lianzhong_update(1500, 1500, 1, -1, 40), "LIANZHONG_UPDATE", "games", -1, WHOLE),
    (lambda: udfs.lianzhong_update(1500, 1500, 1, 10, 2.5), "LIANZHONG_UPDATE", "opponent_games", 2.5, WHOLE),
    (lambda: udfs.shanghai_k(12.5, 1, ""), "SHANGHAI_K", "games", 12.5, WHOLE),
    (lambda: udfs.gor_update(1000, 2000, 1, 1.5), "GOR_UPDATE", "handicaps", 1.5, ("excel.udf_stones", {"stones": 9})),
    (lambda: udfs.gor_update(1000, 2000, 1, 10), "GOR_UPDATE", "handicaps", 10, ("excel.udf_stones", {"stones": 9})),
    (lambda: udfs.gor_update(50, 2000, 1), "GOR_UPDATE", "rating", 50, ("excel.udf_below_gor_floor", {"floor": 100})),
    (lambda: udfs.gor_update(1000, 2000, 1, None, -1), "GOR_UPDATE", "weight", -1, ("excel.udf_weight_range", {})),
    (lambda: udfs.gor_expected(2000, 2000, 1.5), "GOR_EXPECTED", "handicap", 1.5, ("excel.udf_stones", {"stones": 9})),
    (lambda: udfs.elo_expected(-5, 2000), "ELO_EXPECTED", "rating", -5, ABOVE_0),
    (lambda: udfs.elo_expected(2000, 0), "ELO_EXPECTED", "opponent", 0, ABOVE_0),
    (lambda: udfs.lianzhong_title(1500, -3), "LIANZHONG_TITLE", "games", -3, WHOLE),
    (lambda: udfs.lianzhong_k(-1), "LIANZHONG_K", "rating", -1, ABOVE_0),
])
def test_excel_functions_refuse_impossible_values(call, func, arg, shown, problem):
    with pytest.raises(ArgumentError) as err:
        call()
    assert [(p.id, p.params) for p in problems(err.value)] == [
        ("excel.udf_argument", {"func": func, "arg": arg, "pos": "", "shown": f": {shown}", "problem": problem})]


def test_a_column_of_opponents_names_its_column():
    with pytest.raises(ArgumentError) as err:
        udfs.gor_update(1000, [[2000, 60]], [[1, 0]])
    assert [(p.id, p.params) for p in problems(err.value)] == [
        ("excel.udf_argument", {"func": "GOR_UPDATE", "arg": "opponents", "pos": ("excel.udf_column", {"column": 2}),
                                "shown": ": 60", "problem": ("excel.udf_below_gor_floor", {"floor": 100})})]


@pytest.mark.parametrize("fn,func,arg,bad", [
    (lambda col: udfs.elo_expected(col, 2000), "ELO_EXPECTED", "rating", -5),
    (lambda col: udfs.elo_expected(2000, col, "fide"), "ELO_EXPECTED", "opponent", 0),
    (lambda col: udfs.gor_expected(col, 2000), "GOR_EXPECTED", "rating", 99),
    (lambda col: udfs.gor_expected(2000, col, 2), "GOR_EXPECTED", "opponent", 50),
])
def test_fast_paths_refuse_the_same(fn, func, arg, bad):
    col = [[1500.0 + i] for i in range(200)]
    good = fn(col)
    assert len(good) == 200
    col[149] = [float(bad)]
    with pytest.raises(ArgumentError) as err:
        fn(col)
    (p,) = problems(err.value)
    assert (p.id, p.params["func"], p.params["arg"], p.params["pos"], p.params["shown"]) == (
        "excel.udf_argument", func, arg, ("excel.udf_row", {"row": 150}), f": {bad}")
    col[149] = [None]   # blank in, blank out
    assert fn(col)[149] == [""]
