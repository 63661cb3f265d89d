"""The Excel functions as plain Python: values, shapes, blanks, errors."""

import pytest

from xl_ratings import udfs
from xl_ratings.excel.ranges import ArgumentError
from xl_ratings.systems import gor, lianzhong, shanghai


def test_catalog_complete():
    names = {"ELO_EXPECTED", "ELO_DELTA", "SHANGHAI_K", "LIANZHONG_K", "LIANZHONG_UPDATE",
             "LIANZHONG_TITLE", "GOR_EXPECTED", "GOR_UPDATE", "PENG_ANNUAL", "PENG_CUMULATIVE",
             "PENG_BASE", "RANK_STANDARD", "RANK_RATING"}
    assert {n.upper() for n in udfs.__all__} == names
    for n in udfs.__all__:
        f = getattr(udfs, n)
        assert f.__doc__ and len(f.__doc__) > 20


def test_elo_expected_scalar_and_spill_shapes():
    assert udfs.elo_expected(2300, 2200, "fide") == 0.64
    assert udfs.elo_expected(1500, 1500) == 0.5
    col = udfs.elo_expected([[2300], [2200], [2100]], 2200, "fide")
    assert col == [[0.64], [0.5], [0.36]]
    row = udfs.elo_expected([[2300, 2200]], [[2200, 2300]], "logistic")
    assert len(row) == 1 and len(row[0]) == 2
    assert row[0][0] == pytest.approx(lianzhong.expected(2300, 2200))


@pytest.mark.parametrize("rating, opponent", [(2300, 2200), (2000, 2450), (1800, 1799), (2700, 2000)])
def test_elo_expected_and_elo_delta_agree_without_a_method(rating, opponent):
    """One default for the pair (the FIDE table, seed 001's): one game's ELO_DELTA is
    K·(W − ELO_EXPECTED), whichever way it went."""
    assert udfs.elo_expected(rating, opponent) == udfs.elo_expected(rating, opponent, "fide") == \
        shanghai.expected_score(rating - opponent)
    for w in (1, 0.5, 0):
        assert udfs.elo_delta(rating, opponent, w, 15) == pytest.approx(15 * (w - udfs.elo_expected(rating, opponent)))
    assert udfs.elo_expected(rating, opponent, "logistic") == pytest.approx(lianzhong.expected(rating, opponent))
    block = udfs.elo_expected([[2300], [2200]], [[2100, 2200, 2300]], "fide")
    assert block == [[shanghai.expected_score(2300 - o) for o in (2100, 2200, 2300)],
                     [shanghai.expected_score(2200 - o) for o in (2100, 2200, 2300)]]


def test_blank_in_blank_out_never_zero():
    assert udfs.elo_expected([[2300], [None], [""]], 2200) [1:] == [[""], [""]]
    assert udfs.gor_expected([[800], [None]], 800) == [[0.493], [""]]
    assert udfs.elo_expected(None, 2200) == ""


def test_elo_expected_text_numbers_and_errors():
    assert udfs.elo_expected("2300", "2200", "fide") == 0.64
    with pytest.raises(ArgumentError, match=r"ELO_EXPECTED: rating row 2: 'abc' is not a number"):
        udfs.elo_expected([[2300], ["abc"]], 2200)
    with pytest.raises(ArgumentError, match=r"ELO_EXPECTED: unknown method 'glicko'"):
        udfs.elo_expected(2300, 2200, "glicko")
    with pytest.raises(ArgumentError, match=r"opponent is 2×1 but the other ranges are 3×1"):
        udfs.elo_expected([[1], [2], [3]], [[1], [2]])


def test_elo_delta_tournament_and_per_row():
    assert udfs.elo_delta(2300, [[2200] * 4], [["W", "W", "W", "L"]], 15) == pytest.approx(6.6)
    # a forfeit is skipped (seed 001 §十)
    assert udfs.elo_delta(2300, [[2200] * 5], [["W", "W", "W", "L", "+"]], 15) == pytest.approx(6.6)
    per_row = udfs.elo_delta([[2300], [2200]], [[2200, 2200], [2300, None]], [[1, 0], [1, None]], 15)
    assert per_row[0][0] == pytest.approx(15 * (1 - 2 * 0.64))
    assert per_row[1][0] == pytest.approx(15 * (1 - 0.36))
    lg = udfs.elo_delta(1500, [[1500, 1600]], [[1, 0]], 32, "logistic")
    assert lg == pytest.approx(32 * (1 - 0.5 + 0 - lianzhong.expected(1500, 1600)))
    with pytest.raises(ArgumentError, match="ELO_DELTA: scores column 2 is empty but opponents is filled"):
        udfs.elo_delta(2300, [[2200, 2200]], [[1, None]], 15)
    with pytest.raises(ArgumentError, match="'X' result must be one of"):
        udfs.elo_delta(2300, [[2200]], [["X"]], 15)


def test_k_functions():
    assert udfs.shanghai_k([[0], [30], [5]], [[0], [2], [2]], [[None], [2300], [2450]]) == \
        [[25], [15], [10]]
    assert udfs.lianzhong_k([[1500, 2100, 2500, 2900]]) == [[32, 24, 16, 8]]
    with pytest.raises(ArgumentError, match="SHANGHAI_K: games: -1.0|SHANGHAI_K: games: -1"):
        udfs.shanghai_k(-1, 0, None)


def test_lianzhong_update_and_title():
    assert udfs.lianzhong_update(1500, 1500, "胜", 20, 20) == 1516
    assert udfs.lianzhong_update(1500, 1500, 0, 4, 40) == pytest.approx(1471.2)
    assert udfs.lianzhong_title([[2300], [1050], [2500]], [[20], [30], [5]]) == \
        [["二级大师"], ["九级棋士"], ["无称号"]]
    assert udfs.lianzhong_title(1900, 30, "一级大师") == "一级大师"
    with pytest.raises(ArgumentError, match="awarded"):
        udfs.lianzhong_title(1900, 30, "国家大师")


def test_gor_functions():
    assert udfs.gor_expected(800, 800) == pytest.approx(0.493)
    assert udfs.gor_expected(1850, 2400, 5) == pytest.approx(gor.expected(1850, 2400, 5))
    assert udfs.gor_expected([[1850], [2400]], [[2400], [1850]], [[5], [-5]]) == \
        [[pytest.approx(0.24766, abs=1e-5)], [pytest.approx(0.73834, abs=1e-5)]]
    assert udfs.gor_update(2300, 2400, 1) == pytest.approx(2313.54, abs=0.005)
    assert udfs.gor_update(1850, [[2400]], [["W"]], [[5]]) == pytest.approx(1874.83, abs=0.005)
    # class letters as weight; forfeit win not counted; absent player charged the loss
    assert udfs.gor_update(2300, 2400, 1, None, "乙") == pytest.approx(2300 + 0.75 * 13.542, abs=1e-3)
    assert udfs.gor_update(2300, 2400, "+") == 2300
    assert udfs.gor_update(2300, 2400, "-") == pytest.approx(2300 + gor.game_change(2300, 2400, 0))
    assert udfs.gor_update(120, [[900] * 3], [[0] * 3]) >= 100


def test_peng_functions():
    ops = [["无级"] * 4 + ["5级"] * 3 + ["1级", "三段", "三段", "5级"]]
    sc = [[1] * 9 + [0, 0]]
    assert udfs.peng_cumulative("无级", ops, sc, 31) == pytest.approx(60.2)
    assert udfs.peng_annual("无级", ops, sc) == pytest.approx(87.4)
    assert udfs.peng_annual("5段", [["9段", "九段", "8d", "八段", "七段"]], [[1, 1, 1, 1, 0]]) == \
        pytest.approx(1035.42)
    assert udfs.peng_annual("五段", [["九段"]], [[1]], 600) == 744
    assert udfs.peng_base([["四段"], ["五段"], ["无级"]]) == [[333.33], [571.42], [0]]
    with pytest.raises(ArgumentError, match=r"PENG_BASE: rank: '十一段'"):
        udfs.peng_base("十一段")
    with pytest.raises(ArgumentError, match=r"PENG_ANNUAL: opponent_ranks column 2: 'x' unknown rank"):
        udfs.peng_annual("五段", [["九段", "x"]], [[1, 0]])


def test_rank_functions():
    assert udfs.rank_standard(2330, "shanghai") == "三段"
    assert udfs.rank_standard(2190, "shanghai") == "2级"
    assert udfs.rank_standard(2330, "shanghai", "二段") == "三格"
    assert udfs.rank_standard(2350, "gor") == "3D" and udfs.rank_standard(1650, "GOR") == "5k"
    assert udfs.rank_standard(620, "peng") == "二段" and udfs.rank_standard(620, "peng", "初段") == "二格"
    assert udfs.rank_standard(60.2, "peng", "无级") == "10级格"
    assert udfs.rank_standard(2100, "lianzhong") == "三级大师"
    assert udfs.rank_rating("三段", "shanghai") == 2320 and udfs.rank_rating("3 dan", "gor") == 2300
    assert udfs.rank_rating("二段", "peng") == 600 and udfs.rank_rating("一级棋士", "lianzhong") == 1800
    assert udfs.rank_rating([["初段", "10级"]], "shanghai") == [[2240, 1840]]
    with pytest.raises(ArgumentError) as e:
        udfs.rank_rating("三段", "nonsense-system")
    assert str(e.value) == ("RANK_RATING: unknown system 'nonsense-system'; "
                            "use shanghai, gor, lianzhong or peng")
    with pytest.raises(ArgumentError, match="RANK_RATING: rank: '8D'"):
        udfs.rank_rating("8D", "gor")


# --------------------------------------------------------------------------- ratings past the highest
HUGE = 100000
COLUMN = [[2400]] * 70 + [[HUGE]]          # long enough for the column fast paths
#: (call, the argument named): every function, every rating argument, a cell and a column
PAST_THE_HIGHEST = [
    (lambda v: udfs.elo_expected(v, 2400), "rating"),
    (lambda v: udfs.elo_expected(2400, v, "logistic"), "opponent"),
    (lambda v: udfs.elo_delta(v, [[2400]] if not isinstance(v, list) else [[2400]] * len(v),
                              [[1]] if not isinstance(v, list) else [[1]] * len(v), 15), "rating"),
    (lambda v: udfs.elo_delta(2400, v, [[1]] * len(v) if isinstance(v, list) else 1, 15, "logistic"), "opponents"),
    (lambda v: udfs.shanghai_k(0, 0, v), "peak"),
    (lambda v: udfs.lianzhong_k(v), "rating"),
    (lambda v: udfs.lianzhong_update(v, 2400, 1, 20, 20), "rating"),
    (lambda v: udfs.lianzhong_update(2400, v, 1, 20, 20), "opponent"),
    (lambda v: udfs.lianzhong_title(v, 30), "rating"),
    (lambda v: udfs.gor_expected(v, 2400), "rating"),
    (lambda v: udfs.gor_expected(2400, v, 2), "opponent"),
    (lambda v: udfs.gor_update(v, [[2400]] * (len(v) if isinstance(v, list) else 1),
                               [[1]] * (len(v) if isinstance(v, list) else 1)), "rating"),
    (lambda v: udfs.gor_update(2400, v, [[1]] * len(v) if isinstance(v, list) else 1), "opponents"),
    (lambda v: udfs.rank_standard(v * 100, "gor"), "value"),
]


@pytest.mark.parametrize("call, name", PAST_THE_HIGHEST, ids=[f"{i}-{n}" for i, (_, n) in enumerate(PAST_THE_HIGHEST)])
@pytest.mark.parametrize("numpy", [True, False])
@pytest.mark.parametrize("shape", ["cell", "column"])
def test_a_rating_past_the_highest_is_refused_naming_the_argument(call, name, numpy, shape, monkeypatch):
    """Finding 14: GOR_EXPECTED(100000, 2400) was a raw OverflowError cell by cell and 0.986 by
    column: refused by every function, on every path, naming the argument and the cell."""
    from xl_ratings.excel import functions, kernels_pure

    if not numpy:
        monkeypatch.setattr(functions, "vector", kernels_pure)
    value = HUGE if shape == "cell" else COLUMN
    with pytest.raises(ArgumentError) as e:
        call(value)
    text = str(e.value)
    assert f": {name}" in text and "the highest rating it can be" in text, text
    assert "不可能这么高" in e.value.problem_zh
    if shape == "column" and name not in ("opponents",):
        assert "row 71" in text, text
