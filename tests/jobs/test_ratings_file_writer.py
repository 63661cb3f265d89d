"""The ratings file written column by column (jobs/game_stream.plain_text) is the csv module's text,
character for character: over random rows of numbers, blanks and text -- formula-like, quoted,
Chinese, line ends -- either the same text or None (then the csv module writes the block)."""

import datetime as dt
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.jobs.game_stream import csv_text, csv_writer, plain_text

TEXT = st.text(alphabet=st.sampled_from(list("aZ09 _.'中文=+-@\t\r\n,\";")), max_size=6)
CELLS = st.one_of(st.none(), st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True), TEXT,
                  st.sampled_from(["U1", "活跃 active", "", "-3", "=A1"]))
NUMBER = st.one_of(st.none(), st.integers(-10**6, 10**6), st.floats(-4000, 4000))
WORD = st.one_of(st.none(), st.sampled_from(["U1", "活跃 active", "", "-3", "=A1", "三级大师", "@x", "+1"]))


@st.composite
def plain_rows(draw):
    """Rows whose every column is numbers or words (and blanks), as a ratings file's are."""
    kinds = draw(st.lists(st.sampled_from([NUMBER, WORD]), min_size=2, max_size=6))
    rows = draw(st.lists(st.tuples(*kinds).map(list), max_size=30))
    return len(kinds), rows


def rows_of(cells):
    return st.integers(2, 6).flatmap(lambda w: st.lists(st.lists(cells, min_size=w, max_size=w), max_size=30).map(
        lambda rows: (w, rows)))


@settings(max_examples=400, deadline=None)
@given(rows_of(CELLS))
def test_the_text_is_the_csv_modules_or_none(case):
    width, rows = case
    got = plain_text(rows, width)
    assert got is None or got == csv_text(rows)


@settings(max_examples=200, deadline=None)
@given(plain_rows())
def test_plain_cells_are_written_column_by_column(case):
    """Not a test that cannot fail: rows of plain cells do take the columns' way."""
    width, rows = case
    got = plain_text(rows, width)
    assert got is not None and got == csv_text(rows)


def test_what_the_columns_way_leaves_to_the_csv_module():
    assert plain_text([["a,b", 1]], 2) is None                       # a separator: quoted
    assert plain_text([['say "x"', 1]], 2) is None                   # a quote
    assert plain_text([["\rx", 1]], 2) is None                       # a line end
    assert plain_text([[True, 1]], 2) is None                        # not an int
    assert plain_text([[dt.date(2025, 1, 2), 1]], 2) is None         # a date (ISO text by neutralise)
    assert plain_text([["x"]], 1) is None                            # one column: "" is written ""
    assert plain_text([["x", 1], ["y"]], 2) is None                  # rows of another length
    assert plain_text([["=1+1", 1400, 1871.0, None, -2.5e-05]], 5) == "'=1+1,1400,1871.0,,-2.5e-05\r\n"


def test_the_file_is_the_same_bytes_either_way():
    header = ["place", "id", "old", "new", "title"]
    rows = [[i + 1 if i % 7 else None, f"U{i}", 1400 if i % 3 else 1871.0, 1400 + i / 7, "三级大师"]
            for i in range(25_000)]
    rows[12_345][1] = "Wang, Li"        # one block by the csv module, the others by columns
    out = io.BytesIO()
    csv_writer(header, rows)(out)
    from xl_ratings.files.encode import csv_bytes

    assert out.getvalue() == csv_bytes(header, ()) + csv_text(rows).encode("utf-8")
