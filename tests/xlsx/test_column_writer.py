"""A result sheet written column by column (xlsx/write._column_lines: the whole sheet at once)
gives exactly the XML of the row writers (one per row shape) and of the general, cell-by-cell
path -- for columns of one type with blanks beside them, numbers whole and fractional in one
column, texts to escape, padded, wide or empty, dates in both epochs -- and check_limits finds
a text too long for a cell whichever way it looks."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from problem_ids import problems

from xl_ratings.engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904, MAX_CELL_CHARS
from xl_ratings.errors import InputErrors
from xl_ratings.i18n.catalogue import workbooks as M
from xl_ratings.xlsx import write as W
from xl_ratings.xlsx.write import SheetSpec, Styles, check_limits, sheet_xml

STYLES_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
              '<numFmts count="0"/><fonts count="1"><font/></fonts><fills count="1"><fill/></fills>'
              '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
              '<cellXfs count="1"><xf/></cellXfs></styleSheet>')

TEXT = st.one_of(st.sampled_from(["P0001", "棋手", "張三 Zhang", "a&b", "x<y", "y>x", " padded", "padded ",
                                  "", "tab\t", "Ĳ", "a < b", "\u3000wide", "\x01ctl", "<", " "]),
                 st.text(max_size=6))
KINDS = {
    "text": TEXT,
    "int": st.integers(-10**6, 10**6),
    "float": st.floats(allow_nan=False, allow_infinity=False, width=64),
    "number": st.one_of(st.integers(-3000, 3000), st.floats(-1e6, 1e6)),
    "date": st.dates(dt.date(1905, 1, 1), dt.date(2100, 12, 31)),
    "odd": st.one_of(st.booleans(), st.just(float("inf")), st.just(float("nan")),
                     st.just(dt.datetime(2026, 3, 1, 12, 30))),
}


@st.composite
def sheets(draw: st.DrawFn) -> SheetSpec:
    width = draw(st.integers(1, 8))
    kinds = draw(st.lists(st.sampled_from(sorted(KINDS)), min_size=width, max_size=width))
    blanks = draw(st.lists(st.booleans(), min_size=width, max_size=width))
    n = draw(st.integers(1, 25))
    rows = []
    for _ in range(n):
        row = []
        for k, blank in zip(kinds, blanks):
            if k == "odd" and draw(st.booleans()):
                row.append(draw(KINDS["float"]))       # now and then a column of mixed types
            elif blank and draw(st.booleans()):
                row.append(None)
            else:
                row.append(draw(KINDS[k]))
        rows.append(row)
    formats = draw(st.lists(st.sampled_from([None, "0", "0.00", "yyyy-mm-dd", "+0;-0;0"]),
                            min_size=width, max_size=width))
    return SheetSpec("S", [f"h{j}" for j in range(width)], rows, formats)


def _xml(spec: SheetSpec, epoch: dt.date, *off: str) -> str:
    with pytest.MonkeyPatch.context() as m:
        for name in off:
            m.setattr(W, name, lambda *a, **k: None)
        fresh = SheetSpec(spec.name, spec.header, spec.rows, spec.formats)
        return sheet_xml(fresh, Styles(STYLES_XML), None, epoch)


@pytest.mark.parametrize("epoch", [EXCEL_EPOCH, EXCEL_EPOCH_1904])
@settings(max_examples=250, deadline=None)
@given(spec=sheets())
def test_columns_write_what_the_rows_write(epoch: dt.date, spec: SheetSpec) -> None:
    by_columns = _xml(spec, epoch)
    by_rows = _xml(spec, epoch, "_column_lines")
    general = _xml(spec, epoch, "_column_lines", "_row_writer")
    assert by_columns == by_rows == general


def test_a_sheet_of_one_type_per_column_is_written_by_columns() -> None:
    # the path the big result sheets take (ids, names, ratings, a blank where a player has none)
    rows = [["P1", "棋手", 2400.0, 9, None, dt.date(2026, 5, 31)], ["P2", "a&b", 2100, 3, 1.5, None]]
    spec = SheetSpec("S", ["id", "name", "rating", "games", "x", "day"], rows, [None] * 6)
    cols = W.columns_of(spec)
    assert cols is not None
    lines = W._column_lines(cols, ["A", "B", "C", "D", "E", "F"], [0, 0, 0, 0, 0, 0], 7)
    assert lines == [
        '<row r="2"><c r="A2" t="inlineStr"><is><t>P1</t></is></c><c r="B2" t="inlineStr"><is><t>棋手</t></is></c>'
        '<c r="C2"><v>2400.0</v></c><c r="D2"><v>9</v></c><c r="F2" s="7"><v>46173</v></c></row>',
        '<row r="3"><c r="A3" t="inlineStr"><is><t>P2</t></is></c><c r="B3" t="inlineStr"><is><t>a&amp;b</t></is></c>'
        '<c r="C3"><v>2100</v></c><c r="D3"><v>3</v></c><c r="E3"><v>1.5</v></c></row>']


@pytest.mark.parametrize("column", [0, 1])
def test_a_text_too_long_is_found_by_columns(column: int) -> None:
    long = "x" * (MAX_CELL_CHARS + 1)
    rows = [["a", 1.0], ["b", 2.0], ["c", None]]
    rows[1] = [long, 2.0] if column == 0 else ["b", long]    # a column of texts; a column of numbers and a text
    spec = SheetSpec("S", ["h0", "h1"], rows, [None, None])
    with pytest.raises(InputErrors) as e:
        check_limits([spec])
    (got,) = problems(e.value)
    assert got.has(M.RESULT_CELL_TOO_LONG.id, sheet="S", chars=f"{MAX_CELL_CHARS + 1:,}")
    assert (got.row, got.column) == (3, f"h{column}")
    check_limits([SheetSpec("S", ["h0", "h1"], [["a", "x" * MAX_CELL_CHARS]], [None, None])])
