"""The columnar kernel equals the rulebook, bit for bit (issue 28, build 1).

``lianzhong.rate_block`` -- the players as indices, the games as arrays -- run pure over
lists and compiled by numba over NumPy arrays, against ``lianzhong._rate`` (the games as
objects, the rule the golden tests hold): every rating, count, change-report sum and check
the same float.  Decided: bit for bit, not within a tolerance (the same IEEE operations in
the same order, ``10 ** x`` from the same C library)."""

import csv
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.systems import get
from xl_ratings.systems.common import CheckLog
from xl_ratings.systems.game_result import Result
from xl_ratings.systems.lianzhong import DEFAULTS, _rate, rate_block
from xl_ratings.systems.records import Game, Player

SCORES = [(1.0, False), (0.0, False), (0.5, False), (1.0, True), (0.0, True)]


def by_objects(games, ratings, counts):
    ids = [f"P{i}" for i in range(len(ratings))]
    rating, games_n = dict(zip(ids, ratings)), dict(zip(ids, counts))
    players = {pid: Player(pid, pid) for pid in ids}
    checks = CheckLog()
    todo = [Game("E", None, None, ids[a], ids[b], Result(s, f), 0.0, row)
            for row, (a, b, s, f) in enumerate(games, start=2)]
    acc = _rate(todo, rating, games_n, players, DEFAULTS, checks)
    lines = [(pid, t.games, t.score, t.expected, t.k, t.change) for (pid, _), t in acc.items()]
    return [rating[i] for i in ids], [games_n[i] for i in ids], lines, [(c.rule, c.row) for c in checks.finish()]


def by_kernel(games, ratings, counts, kernel, array):
    n = len(ratings)
    p, q = array([g[0] for g in games], "i"), array([g[1] for g in games], "i")
    score, forfeit = array([g[2] for g in games], "f"), array([g[3] for g in games], "b")
    r, g = array(list(ratings), "f"), array(list(counts), "i")
    tg, tk, touched = array([0] * n, "i"), array([0] * n, "i"), array([0] * n, "i")
    ts, te, tc = array([0.0] * n, "f"), array([0.0] * n, "f"), array([0.0] * n, "f")
    flags = array([0] * len(games), "i")
    kv = [k for _, k in DEFAULTS.k_table] + [DEFAULTS.k_table[-1][1]]
    nt = kernel(p, q, score, forfeit, r, g, tg, ts, te, tk, tc, touched, 0, flags, DEFAULTS.rated_games,
                DEFAULTS.scale, DEFAULTS.rated_share, DEFAULTS.unrated_numerator,
                array([b for b, _ in DEFAULTS.k_table], "f"), array(kv, "f"))
    lines = [(f"P{i}", int(tg[i]), float(ts[i]), float(te[i]), kv[int(tk[i])], float(tc[i]))
             for i in [int(x) for x in touched[:nt]]]
    rules = {1: "lianzhong.forfeit", 2: "lianzhong.both_unrated"}
    checks = [(rules[int(f)], row) for row, f in enumerate(flags, start=2) if f]
    return [float(x) for x in r], [int(x) for x in g], lines, checks


def pure(values, kind):
    return list(values)


def numpy_array(values, kind):
    import numpy as np

    return np.array(values, dtype={"i": np.int64, "f": np.float64, "b": np.bool_}[kind])


def kernels():
    out = [("pure", rate_block, pure)]
    try:
        from xl_ratings.jobs.list_kernel import compiled

        out.append(("compiled", compiled(rate_block), numpy_array))
    except ImportError:
        pass
    return out


lists = st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 2), st.sampled_from(SCORES)), max_size=150).map(
        lambda gs: [(a, b if b < a else b + 1, s, f) for a, b, (s, f) in gs]),
    st.lists(st.floats(100, 3200, allow_nan=False), min_size=n, max_size=n),
    st.lists(st.sampled_from([0, 1, 5, 18, 19, 20, 21, 40, 500]), min_size=n, max_size=n)))


@settings(max_examples=300, deadline=None)
@given(lists)
def test_the_kernel_equals_the_rule_bit_for_bit(case):
    games, ratings, counts = case
    expected = by_objects(games, ratings, counts)
    for name, kernel, array in kernels():
        assert by_kernel(games, ratings, counts, kernel, array) == expected, name


def test_the_compiled_kernel_is_tested_where_numba_is(kernel):
    """Not a skip in disguise: with numba the property above ran the compiled kernel too."""
    names = [k[0] for k in kernels()]
    assert names == (["pure", "compiled"] if kernel == "compiled" else names)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_platform_list_rated_pure_compiled_and_as_games_is_the_same(tmp_path, seed, monkeypatch):
    """End to end: a list in platform shape (date order, no events, no rounds) read once
    (jobs/list_one_pass) and through the columnar feed after a checking pass, on both kernels,
    and the same list with a round column (the games feed)."""
    from xl_ratings.jobs.game_stream import rate_game_list

    rnd = random.Random(seed)
    ids = [f"U{i}" for i in range(60)]
    rows = sorted((f"2025-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}", *rnd.sample(ids, 2),
                   rnd.choice(["1", "0", "0.5", "+", "-"])) for _ in range(2000))
    with open(tmp_path / "players.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "name", "rating", "games"])
        w.writerows([pid, pid, rnd.randint(1000, 2700), rnd.choice([0, 5, 19, 20, 40])] for pid in ids)
    runs = {}
    for name, extra in (("sorted", []), ("rounds", [""])):   # a round column (blank): the games feed
        with open(tmp_path / f"{name}.csv", "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["date", "player", "opponent", "result"] + ["round"] * len(extra))
            w.writerows(list(r) + extra for r in rows)
    lz = get("lianzhong")
    import xl_ratings.jobs.list_kernel as lk

    import xl_ratings.jobs.list_one_pass as lo

    used = []
    for cls in (lk.EncodedPeriod, lo.EncodedOnce):
        monkeypatch.setattr(cls, "blocks", lambda self, blocks=cls.blocks: used.append(
            (type(self).__name__, self.compiled)) or blocks(self))
    for mode in [k[0] for k in kernels()]:
        for once in (True, False):
            out = rate_game_list(tmp_path / "sorted.csv", lz, players=str(tmp_path / "players.csv"), kernel=mode,
                                 once=once)
            runs[mode, once] = out.outcome.last
    monkeypatch.setenv("XL_RATINGS_KERNEL", "pure")
    runs["games"] = rate_game_list(tmp_path / "rounds.csv", lz, players=str(tmp_path / "players.csv")).outcome.last
    expected = [("EncodedOnce", False), ("EncodedPeriod", False), ("EncodedOnce", True), ("EncodedPeriod", True)]
    assert used == expected[:2 * len(kernels())]        # read once, the columnar feed, then neither (rounds)
    first = runs["pure", True]
    for name, facts in runs.items():
        assert facts.ratings == first.ratings and facts.states == first.states, name
        assert facts.changes == first.changes and facts.checks == first.checks, name
    assert first.checks and len(first.changes) > 50
