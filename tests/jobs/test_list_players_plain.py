"""A plain players table read without the sheet reader (jobs/list_players.plain_players) gives
exactly the players engine/inputs.read_players gives, and anything else is left to read_players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.engine.inputs import Rows, read_players
from xl_ratings.jobs.list_players import plain_players
from xl_ratings.systems import find

SYSTEM = find("lianzhong")


def _read(table):
    errors: list = []
    players = read_players(Rows("Players", table, "p.csv", errors, sheet=None), SYSTEM)
    return players, errors


def _table(rng: random.Random, n: int, cols: list[str]) -> list[list]:
    rows: list[list] = [cols]
    for i in range(n):
        row = []
        for c in cols:
            if c == "id":
                row.append(rng.choice(["U", "p", "SH", ""]) + str(i))
            elif c == "name":
                row.append(rng.choice([f"N{i}", f"  陳{i} ", f"Li Wei {i}"]))
            elif c == "rating":
                row.append(rng.choice([None, 1400, 1862.0, rng.uniform(100, 4000), 2047.0597870209451]))
            elif c == "games":
                row.append(rng.choice([None, 0, 40, 7.0]))
            else:
                row.append(rng.choice([None, "", " 国家大师", "Club A"]))
        rows.append(row)
    return rows


@pytest.mark.parametrize("cols", [["id", "rating", "games"], ["id", "name", "club", "rating", "games", "title"],
                                  ["id", "name"], ["id", "games"], ["id"]])
def test_plain_tables_equal_read_players(cols):
    rng = random.Random(len(cols))
    table = _table(rng, 500, cols)
    got = plain_players(table, SYSTEM)
    want, errors = _read(table)
    assert not errors
    assert got is not None
    assert list(got) == list(want)          # the order the kernel encodes them in
    assert got == want                      # every field, types included (1400 -> 1400.0)
    assert [type(p.rating) for p in got.values()] == [type(p.rating) for p in want.values()]


#: a row that is not plain: read_players reads it (a problem, a total row, a column of its own)
NOT_PLAIN = [
    ("id", ["u1", 1500, 3]),            # the case twin of U1
    ("id", ["U1", 1500, 3]),            # repeated
    ("id", ["U 9", 1500, 3]),           # not a plain id
    ("id", ["U\u200b9", 1500, 3]),      # an invisible character
    ("id", [12345.0, 1500, 3]),         # a number
    ("id", ["合计", 1500, 3]),           # a total row
    ("rating", ["U9", "1500", 3]),      # text, not a number
    ("rating", ["U9", 5000, 3]),        # out of the range
    ("rating", ["U9", float("nan"), 3]),
    ("rating", ["U9", True, 3]),
    ("games", ["U9", 1500, -1]),
    ("games", ["U9", 1500, 2.5]),
    ("length", ["U9", 1500]),
]


@pytest.mark.parametrize("why,row", NOT_PLAIN, ids=[f"{w}-{i}" for i, (w, _) in enumerate(NOT_PLAIN)])
def test_anything_else_is_left_to_read_players(why, row):
    table = [["id", "rating", "games"], ["U1", 1500, 3], row]
    assert plain_players(table, SYSTEM) is None


def test_other_columns_and_missing_names_are_left_to_read_players():
    assert plain_players([["id", "rating", "sex"], ["U1", 1500, "M"]], SYSTEM) is None
    assert plain_players([["id", "latin_name"], ["U1", "Li"]], SYSTEM) is None
    assert plain_players([["rating", "id"], [1500, "U1"]], SYSTEM) is None
    assert plain_players([["id", "name"], ["U1", "  "]], SYSTEM) is None     # a player without a name
    _, errors = _read([["id", "name"], ["U1", "  "]])
    assert errors                                                            # told there


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["U", "u", "X", "SH0"]), st.integers(0, 30),
                          st.one_of(st.none(), st.integers(-5, 4100), st.floats(allow_nan=True, allow_infinity=True)),
                          st.one_of(st.none(), st.integers(-2, 50), st.floats(-1, 60))), max_size=20))
def test_whenever_plain_it_equals_read_players(rows):
    table = [["id", "rating", "games"]] + [[a + str(b), r, g] for a, b, r, g in rows]
    got = plain_players(table, SYSTEM)
    want, errors = _read(table)
    if got is not None:
        assert not errors
        assert list(got) == list(want) and got == want
