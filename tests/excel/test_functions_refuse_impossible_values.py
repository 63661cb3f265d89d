"""The Excel functions refuse impossible values with the function, argument and value, on the
cell path and on the fast (column) paths alike; a blank in gives a blank out (split out of
tests/xlsx/test_trust.py (now tests/xlsx/test_reader_at_the_edges.py), section 3)."""

import pytest

from xl_ratings import udfs
from xl_ratings.excel.ranges import ArgumentError


@pytest.mark.parametrize("call,message", [
    (lambda: udfs.elo_delta(2300, 2200, 1, -15), "ELO_DELTA: k: -15 must be from 0 to 100"),
    (lambda: udfs.lianzhong_update(1500, 1500, 1, -1, 40), "LIANZHONG_UPDATE: games: -1 must be a whole number"),
    (lambda: udfs.lianzhong_update(1500, 1500, 1, 10, 2.5), "opponent_games: 2.5 must be a whole number"),
    (lambda: udfs.shanghai_k(12.5, 1, ""), "SHANGHAI_K: games: 12.5 must be a whole number"),
    (lambda: udfs.gor_update(1000, 2000, 1, 1.5), "GOR_UPDATE: handicaps: 1.5 must be a whole number of stones"),
    (lambda: udfs.gor_update(1000, 2000, 1, 10), "GOR_UPDATE: handicaps: 10 must be a whole number of stones"),
    (lambda: udfs.gor_update(50, 2000, 1), "GOR_UPDATE: rating: 50 is below the GoR floor of 100"),
    (lambda: udfs.gor_update(1000, [[2000, 60]], [[1, 0]]), "GOR_UPDATE: opponents column 2: 60 is below"),
    (lambda: udfs.gor_update(1000, 2000, 1, None, -1), "GOR_UPDATE: weight: -1 must be above 0"),
    (lambda: udfs.gor_expected(2000, 2000, 1.5), "GOR_EXPECTED: handicap: 1.5 must be a whole number of stones"),
    (lambda: udfs.elo_expected(-5, 2000), "ELO_EXPECTED: rating: -5 is not a possible rating"),
    (lambda: udfs.elo_expected(2000, 0), "ELO_EXPECTED: opponent: 0 is not a possible rating"),
    (lambda: udfs.lianzhong_title(1500, -3), "LIANZHONG_TITLE: games: -3 must be a whole number"),
    (lambda: udfs.lianzhong_k(-1), "LIANZHONG_K: rating: -1 is not a possible rating"),
])
def test_excel_functions_refuse_impossible_values(call, message):
    with pytest.raises(ArgumentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


@pytest.mark.parametrize("fn,bad,message", [
    (lambda col: udfs.elo_expected(col, 2000), -5.0, "ELO_EXPECTED: rating row 150: -5"),
    (lambda col: udfs.elo_expected(2000, col, "fide"), 0.0, "ELO_EXPECTED: opponent row 150: 0"),
    (lambda col: udfs.gor_expected(col, 2000), 99.0, "GOR_EXPECTED: rating row 150: 99"),
    (lambda col: udfs.gor_expected(2000, col, 2), 50.0, "GOR_EXPECTED: opponent row 150: 50"),
])
def test_fast_paths_refuse_the_same(fn, bad, message):
    col = [[1500.0 + i] for i in range(200)]
    good = fn(col)
    assert len(good) == 200
    col[149] = [bad]
    with pytest.raises(ArgumentError, match=message):
        fn(col)
    col[149] = [None]   # blank in, blank out
    assert fn(col)[149] == [""]
