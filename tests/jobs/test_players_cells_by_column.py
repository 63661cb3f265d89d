"""A players (or ratings) file's cells read column by column (jobs/list_tables._cells_read) are the
cells read one by one as before: numbers by csv_value, an empty cell blank -- on random tables."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.jobs.list_tables import NUMERIC, _cells_read, csv_value

CELL = st.one_of(st.sampled_from(["", "1400", "1871.0", " 12 ", "20", "1e3", "x", "-", "nan", "inf", "0x10",
                                  "张三", "U1"]), st.text(max_size=4), st.none())
COLUMNS = st.lists(st.sampled_from(["id", "name", "rating", "games", "new", "title", "club", "old"]),
                   min_size=1, max_size=6, unique=True)


def one_by_one(columns, rows, numeric):
    idx = [j for j, c in enumerate(columns) if c in numeric]
    for r in rows:
        for j in idx:
            r[j] = csv_value(r[j])
        for j, v in enumerate(r):
            if v == "":
                r[j] = None
    return rows


@settings(max_examples=300, deadline=None)
@given(COLUMNS.flatmap(lambda cols: st.tuples(st.just(cols), st.lists(
    st.lists(CELL, min_size=len(cols), max_size=len(cols)), max_size=20))))
def test_the_same_cells_as_one_by_one(case):
    columns, rows = case
    numeric = NUMERIC | {"new", "old"}
    got = _cells_read(columns, copy.deepcopy(rows), numeric)
    want = one_by_one(columns, copy.deepcopy(rows), numeric)
    assert got == want
    assert [[type(v) for v in r] for r in got] == [[type(v) for v in r] for r in want]   # 1400.0, not "1400"


def test_a_ratings_file_read_back():
    columns = ["id", "old", "new", "games", "title"]
    rows = [["U1", "1400", "1871.0", "25", ""], ["U2", "", "1400", "3", "三级大师"], ["U3", "1400", "nan", "0", ""]]
    assert _cells_read(columns, rows, NUMERIC | {"new", "old"}) == [
        ["U1", 1400.0, 1871.0, 25.0, None], ["U2", None, 1400.0, 3.0, "三级大师"], ["U3", 1400.0, "nan", 0.0, None]]
