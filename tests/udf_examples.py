"""The Excel functions' documented examples (docs/excel.md, the README's table) and
column cases that take the fast paths, as data: run by CPython with NumPy, by
CPython with NumPy blocked, and under real Pyodide (tests/excel/test_pyodide_runtime.py copies
this file in).  Standard library only.

``EXAMPLES``: (function, arguments, documented value, tolerance).
``COLUMNS``: (function, arguments) whose results are compared between engines.
"""

W4 = [["W", "W", "W", "L"]]
PENG_OPS = [["九段", "九段", "八段", "八段", "七段"]]
SEED000_OPS = [["无级"] * 4 + ["5级"] * 3 + ["1级", "三段", "三段", "5级"]]
SEED000_SCORES = [[1] * 9 + [0, 0]]

EXAMPLES = [
    ("elo_expected", (2300, 2200), 0.64, 0),                  # the FIDE table by default (as ELO_DELTA)
    ("elo_expected", (2300, 2200, "logistic"), 0.640, 0.0005),
    ("elo_delta", (2300, [[2200] * 4], W4, 15), 6.6, 1e-9),
    ("shanghai_k", (12, 1, ""), 25, 0),
    ("lianzhong_k", (2100,), 24, 0),
    ("lianzhong_update", (1500, 1500, 0, 4, 40), 1471.2, 1e-9),
    ("lianzhong_title", (2250, 30), "二级大师", None),
    ("gor_expected", (1850, 2400, 5), 0.2477, 0.00005),
    ("gor_update", (2300, 2400, 1), 2313.54, 0.005),
    ("peng_annual", ("五段", PENG_OPS, [[1, 1, 1, 1, 0]]), 1035.42, 0.005),
    ("peng_cumulative", ("无级", SEED000_OPS, SEED000_SCORES, 31), 60.2, 1e-9),
    ("peng_base", ("四段",), 333.33, 0),
    ("rank_standard", (620, "peng", "初段"), "二格", None),
    ("rank_rating", ("三段", "shanghai"), 2320, 0),
]

_RATINGS = [[1400.0 + 7.5 * i] for i in range(150)]        # > 64 rows: the column fast path
_OPPONENTS = [[2600.0 - 5.25 * i] for i in range(150)]
_GOR = [[100.0 + 16.5 * i] for i in range(150)]

COLUMNS = [
    ("elo_expected", (_RATINGS, 2200)),
    ("elo_expected", (_RATINGS, _OPPONENTS, "fide")),
    ("elo_expected", ([[2300, 2200, None]], [[2100], [2400]])),           # a row against a column: spills 2×3
    ("elo_expected", (_RATINGS[:3] + [[None]] + _RATINGS[3:70], 1900, "fide")),   # a blank inside
    ("gor_expected", (_GOR, 2100)),
    ("gor_expected", (_GOR, _GOR[::-1], 3)),
    ("gor_expected", (_GOR, 1500, -2)),
    ("lianzhong_k", (_RATINGS,)),
    ("rank_standard", (_RATINGS, "shanghai")),
]


def close(got, want, tol):
    """Equal (text, whole numbers) or within ``tol`` (numbers)."""
    if tol is None or isinstance(want, str):
        return got == want
    return isinstance(got, (int, float)) and abs(got - want) <= tol


def evaluate(udfs):
    """Every example's and column case's result: {"examples": [...], "columns": [...]}."""
    return {"examples": [getattr(udfs, name)(*args) for name, args, _, _ in EXAMPLES],
            "columns": [getattr(udfs, name)(*args) for name, args in COLUMNS]}
