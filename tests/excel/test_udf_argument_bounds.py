"""The Excel functions' arguments within their systems' bounds, the empty/filled game cells named
right, huge values shown as typed, ranges from Python that are not rectangles (hostile2 F5, F6,
F7, F16): every function, every numeric argument, a cell and a column of players, with NumPy and
without it (xlwings Lite)."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xl_ratings import udfs
from xl_ratings.errors import show
from xl_ratings.excel import functions, kernels_pure
from xl_ratings.excel.ranges import ArgumentError


@pytest.fixture(params=[True, False], ids=["numpy", "pure"])
def numpy(request, monkeypatch):
    if not request.param:
        monkeypatch.setattr(functions, "vector", kernels_pure)
    return request.param


GAMES = [[2200, 2250]]
PENG_OPS, PENG_SC = [["九段", "初段"]], [[1, 0]]
#: every function with arguments that work: (function, kwargs, the largest |result| its system allows)
GOOD = {
    "ELO_EXPECTED": (udfs.elo_expected, dict(rating=2300, opponent=2200, method="fide"), 1),
    "ELO_DELTA": (udfs.elo_delta, dict(rating=2300, opponents=GAMES, scores=[[1, 0]], k=15), 2 * 100),
    "SHANGHAI_K": (udfs.shanghai_k, dict(games=10, events=1, peak=2300), 25),
    "LIANZHONG_K": (udfs.lianzhong_k, dict(rating=1500), 32),
    "LIANZHONG_UPDATE": (udfs.lianzhong_update, dict(rating=1500, opponent=1500, score=1, games=5,
                                                     opponent_games=30), 4000 + 32 * 41 / 20),
    "LIANZHONG_TITLE": (udfs.lianzhong_title, dict(rating=1500, games=30), None),
    "GOR_EXPECTED": (udfs.gor_expected, dict(rating=2300, opponent=2400, handicap=0), 1),
    "GOR_UPDATE": (udfs.gor_update, dict(rating=2300, opponents=[[2400, 2200]], scores=[[1, 0]],
                                         handicaps=[[0, 1]], weight=1), 3500 + 2 * 116),
    "PENG_ANNUAL": (udfs.peng_annual, dict(rank="五段", opponent_ranks=PENG_OPS, scores=PENG_SC, base=600),
                    1_000_000 + 2 * 16 * 9),
    "PENG_CUMULATIVE": (udfs.peng_cumulative, dict(rank="五段", opponent_ranks=PENG_OPS, scores=PENG_SC,
                                                   tests=5, bonus=3, start=2000), 3_000_000 + 2 * 2 * 20),
    "PENG_BASE": (udfs.peng_base, dict(rank="五段"), 2500),
    "RANK_STANDARD": (udfs.rank_standard, dict(value=2300, system="shanghai"), None),
    "RANK_RATING": (udfs.rank_rating, dict(rank="三段", system="shanghai"), 50_000),
}
#: every argument that takes a number: (function, argument, a cell of a game range?)
NUMERIC = [("ELO_EXPECTED", "rating", False), ("ELO_EXPECTED", "opponent", False),
           ("ELO_DELTA", "rating", False), ("ELO_DELTA", "opponents", True), ("ELO_DELTA", "k", False),
           ("SHANGHAI_K", "games", False), ("SHANGHAI_K", "events", False), ("SHANGHAI_K", "peak", False),
           ("LIANZHONG_K", "rating", False), ("LIANZHONG_UPDATE", "rating", False),
           ("LIANZHONG_UPDATE", "opponent", False), ("LIANZHONG_UPDATE", "games", False),
           ("LIANZHONG_UPDATE", "opponent_games", False), ("LIANZHONG_TITLE", "rating", False),
           ("LIANZHONG_TITLE", "games", False), ("GOR_EXPECTED", "rating", False),
           ("GOR_EXPECTED", "opponent", False), ("GOR_EXPECTED", "handicap", False),
           ("GOR_UPDATE", "rating", False), ("GOR_UPDATE", "opponents", True), ("GOR_UPDATE", "handicaps", True),
           ("GOR_UPDATE", "weight", False), ("PENG_ANNUAL", "base", False), ("PENG_CUMULATIVE", "tests", False),
           ("PENG_CUMULATIVE", "bonus", False), ("PENG_CUMULATIVE", "start", False),
           ("RANK_STANDARD", "value", False)]


GAME_ARGS = ("opponents", "opponent_ranks", "scores", "handicaps")


def call(name: str, **changed):
    fn, kwargs, _ = GOOD[name]
    return fn(**{**kwargs, **changed})


def with_value(name: str, arg: str, in_games: bool, v):
    if in_games:
        return call(name, **{arg: [[v, GOOD[name][1][arg][0][1]]]})
    return call(name, **{arg: v})


# --------------------------------------------------------------------------- F6: within the system's bounds
#: (function, argument, refused values, accepted values, words of the refusal)
BOUNDS = [
    ("GOR_UPDATE", "weight", [75, 1.01, 1e9, 1e308, 0, -0.5, -1e308], [1, 0.75, 0.5, 0.01],
     "must be above 0 and at most 1"),
    ("ELO_DELTA", "k", [100.5, 1e308, -1, -1e308], [0, 10, 40, 100], "must be from 0 to 100"),
    ("PENG_CUMULATIVE", "tests", [1e308, 1_000_001, -1, -1e308], [0, 31, 1_000_000], "must be from 0 to 1,000,000"),
    ("PENG_CUMULATIVE", "bonus", [1e308, 2e6, -50], [0, 50], "must be from 0 to 1,000,000"),
    ("PENG_CUMULATIVE", "start", [1e308, -1, -1e308], [0, 620, 1_000_000], "must be from 0 to 1,000,000"),
    ("PENG_ANNUAL", "base", [-1e308, -1, 1e308], [0, 200, 2500], "must be from 0 to 1,000,000"),
]


@pytest.mark.parametrize("name, arg, bad, good, words", BOUNDS, ids=[f"{b[0]}-{b[1]}" for b in BOUNDS])
@pytest.mark.parametrize("shape", ["cell", "column"])
def test_a_parameter_past_its_systems_bounds_is_refused_naming_it(name, arg, bad, good, words, shape, numpy):
    """F6: GOR_UPDATE's weight 75 multiplied the change by 75 (a GoR of 19 billion for 1e9);
    ELO_DELTA k=1e308 gave 6.4e307, PENG_CUMULATIVE tests/bonus 1e308 inf, PENG_ANNUAL a negative
    base. Refused, naming the function, the argument, the row of a column of players, the value."""
    fn, kwargs, _ = GOOD[name]
    head = "rank" if name.startswith("PENG") else "rating"

    def run(v):
        if shape == "cell":
            return fn(**{**kwargs, arg: v})
        column = {k: (val if k in ("method", "system") else [val[0]] * 3 if k in GAME_ARGS else [[val]] * 3)
                  for k, val in kwargs.items() if k != arg}
        column[head] = [[kwargs[head]]] * 3
        return fn(**column, **{arg: [[kwargs[arg]], [kwargs[arg]], [v]]})

    for v in bad:
        with pytest.raises(ArgumentError) as e:
            run(v)
        text = str(e.value)
        assert text.startswith(f"{name}: {arg}") and words in text, text
        assert f": {show(v)} " in text and len(max(re.findall(r"\d+", text), key=len)) < 16, text
        assert (" row 3" in text) == (shape == "column"), text
        assert "输入错误？）" in e.value.problem_zh
    for v in good:
        got = run(v)
        got = [row[0] for row in got] if shape == "column" else [got]
        assert all(isinstance(x, float | int) and math.isfinite(x) for x in got), got


def test_a_weight_of_one_and_its_classes_still_give_seed_002s_numbers():
    """The refusal above 1 leaves §6's weights as they were: 甲/A = 1, 乙/B = 0.75, 丙/C = 0.5."""
    full = udfs.gor_update(2300, 2400, 1) - 2300
    for w, factor in ((1, 1), ("A", 1), ("乙", 0.75), (0.75, 0.75), ("C", 0.5), (0.5, 0.5), ("1", 1)):
        assert udfs.gor_update(2300, 2400, 1, None, w) - 2300 == pytest.approx(factor * full)


def _finite_within(result, bound):
    cells = [c for row in result for c in row] if isinstance(result, list) else [result]
    for c in cells:
        if isinstance(c, str) or bound is None:
            continue
        assert math.isfinite(c) and abs(c) <= bound, c


ANY_NUMBER = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**20, 10**20),
                       st.sampled_from([1e308, -1e308, 75, 1e9, -1, 0, 0.5, 1, 100, 3500, 4000, 1e6]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ANY_NUMBER)
@pytest.mark.parametrize("name, arg, in_games", NUMERIC, ids=[f"{n}-{a}" for n, a, _ in NUMERIC])
def test_no_function_returns_inf_nan_or_a_number_past_its_system(name, arg, in_games, numpy, v):
    """Any number in any numeric argument: an ArgumentError naming it, or a finite result within what
    the system can give (a rating, an expectation, a K, a Peng score)."""
    try:
        result = with_value(name, arg, in_games, v)
    except ArgumentError as e:
        assert str(e).startswith(f"{name}: {arg}"), str(e)
        return
    _finite_within(result, GOOD[name][2])


# --------------------------------------------------------------------------- F5: the empty and the filled named right
GAME_FUNCTIONS = [("ELO_DELTA", "opponents", "scores"), ("GOR_UPDATE", "opponents", "scores"),
                  ("PENG_ANNUAL", "opponent_ranks", "scores"), ("PENG_CUMULATIVE", "opponent_ranks", "scores")]


@pytest.mark.parametrize("name, first, second", GAME_FUNCTIONS, ids=[g[0] for g in GAME_FUNCTIONS])
@pytest.mark.parametrize("empty", [None, "", float("nan"), "  "], ids=["none", "text", "nan", "spaces"])
def test_an_empty_game_cell_names_itself_and_the_filled_one(name, first, second, empty, numpy):
    """F5: "opponents column 2 is empty but opponents is filled": the argument told to be filled was
    the empty one. Each order: the empty argument, then the filled one."""
    fn, kwargs, _ = GOOD[name]
    for blank_arg, filled_arg in ((first, second), (second, first)):
        games = {first: [list(kwargs[first][0])], second: [list(kwargs[second][0])]}
        games[blank_arg][0][1] = empty
        with pytest.raises(ArgumentError) as e:
            fn(**{**kwargs, **games})
        assert str(e.value) == f"{name}: {blank_arg} column 2 is empty but {filled_arg} is filled"
        assert f"{blank_arg} 第 2 列 为空，但 {filled_arg} 已填写" in e.value.problem_zh


# --------------------------------------------------------------------------- F7: huge numbers as typed
@pytest.mark.parametrize("name, arg, in_games", NUMERIC, ids=[f"{n}-{a}" for n, a, _ in NUMERIC])
@pytest.mark.parametrize("huge", [1e308, -1e308, 1.5e20, 10**400])
def test_a_huge_number_is_shown_as_excel_shows_it(name, arg, in_games, huge, numpy):
    """F7: GOR_EXPECTED(1E+308, 100) told a 309-digit number; the officer typed 1E+308."""
    try:
        with_value(name, arg, in_games, huge)
    except ArgumentError as e:
        text = str(e)
        assert not re.search(r"\d{16}", text), text
        assert re.search(r"-?1(\.5)?E\+(308|20|400)", text), text
        return
    assert name in ("SHANGHAI_K", "LIANZHONG_UPDATE", "LIANZHONG_TITLE") and "games" in arg or "events" in arg


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True).filter(lambda v: v != v or v.is_integer()
                                                                         or abs(v) >= 1e15),
                st.integers(-10**500, 10**500)))
def test_show_never_writes_more_than_fifteen_digits_of_a_number(v):
    """A whole or huge number is shown with at most 15 significant digits, as Excel shows it
    (1E+308, 1.5E+20), and means the number it was (to those 15 digits)."""
    shown = show(v)
    assert len(shown) <= 22 and not re.search(r"\d{16}", shown), shown
    if (isinstance(v, int) or math.isfinite(v)) and abs(v) < 10**300:
        assert abs(Decimal(shown) - Decimal(v)) <= abs(Decimal(v)) * Decimal("1e-14"), shown
    if isinstance(v, float) and math.isfinite(v) and abs(v) < 1e15:
        assert shown == str(int(v))           # as before: 30.0 is 30


# --------------------------------------------------------------------------- F16: lists that are no range
RAGGED = [[[]], [[], []], [[1], []], [[], [1]], [[1, 2], [3]], [[1], 2], [[1], [2, 3], [4]]]


@pytest.mark.parametrize("name", sorted(GOOD))
@pytest.mark.parametrize("bad", RAGGED, ids=[str(r) for r in RAGGED])
def test_an_empty_or_ragged_list_is_refused_naming_the_argument(name, bad, numpy):
    """F16: U.gor_update([[]], [], None), U.peng_base([['-'], [], []]) … were IndexError tracebacks:
    every argument of every function (ranges, not choices) names itself."""
    fn, kwargs, _ = GOOD[name]
    for arg in kwargs:
        if arg in ("method", "system"):
            continue
        with pytest.raises(ArgumentError) as e:
            fn(**{**kwargs, arg: bad})
        text = str(e.value)
        assert text.startswith(f"{name}: {arg} ") and ("rectangular" in text or "empty rows" in text), text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.one_of(st.none(), st.floats(100, 3000), st.just("")), max_size=3), min_size=1,
                max_size=4), st.sampled_from(sorted(GOOD)))
def test_any_list_of_rows_gives_a_result_or_an_argument_error(numpy, rows, name):
    """Whatever nested list reaches any argument: a value or an ArgumentError, never another exception."""
    fn, kwargs, _ = GOOD[name]
    for arg in kwargs:
        if arg in ("method", "system"):
            continue
        try:
            fn(**{**kwargs, arg: rows})
        except ArgumentError:
            pass
