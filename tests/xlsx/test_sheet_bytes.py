"""A result sheet's part as bytes (xlsx/write.sheet_bytes: the column writer's texts carried as
their UTF-8 bytes, its numbers each written once per distinct value) is the UTF-8 of what the
row writers and the general, cell-by-cell path write -- wide texts, texts that escape to a wide
character, 0.0 beside -0.0, 1 beside 1.0, blanks, dates."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904
from xl_ratings.xlsx import write as W
from xl_ratings.xlsx.write import SheetSpec, Styles, sheet_bytes

STYLES_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
              '<numFmts count="0"/><fonts count="1"><font/></fonts><fills count="1"><fill/></fills>'
              '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
              '<cellXfs count="1"><xf/></cellXfs></styleSheet>')

CELL = {
    "text": st.one_of(st.sampled_from(["P0001", "棋手", "é", "Ĳ", "\x01", "a&b", " 棋", "", "\U0001F600"]),
                      st.text(max_size=4)),
    "float": st.one_of(st.sampled_from([0.0, -0.0, 1.0, 2400.0, 0.1 + 0.2]),
                       st.floats(allow_nan=False, allow_infinity=False)),
    "number": st.one_of(st.integers(-3, 3), st.sampled_from([0.0, -0.0, 1.0, 2.5])),
    "int": st.integers(-10**6, 10**6),
    "date": st.dates(dt.date(1905, 1, 1), dt.date(2100, 12, 31)),
}


@st.composite
def sheets(draw: st.DrawFn) -> SheetSpec:
    width = draw(st.integers(1, 16))
    kinds = draw(st.lists(st.sampled_from(sorted(CELL)), min_size=width, max_size=width))
    blank = draw(st.lists(st.booleans(), min_size=width, max_size=width))
    rows = [[None if b and draw(st.booleans()) else draw(CELL[k]) for k, b in zip(kinds, blank)]
            for _ in range(draw(st.integers(1, 30)))]
    return SheetSpec("S", [f"列{j}" for j in range(width)], rows, [None] * width)


def _general(spec: SheetSpec, epoch: dt.date) -> bytes:
    with pytest.MonkeyPatch.context() as m:
        m.setattr(W, "_column_lines", lambda *a, **k: None)
        m.setattr(W, "_row_writer", lambda *a, **k: None)
        return sheet_bytes(SheetSpec(spec.name, spec.header, spec.rows, spec.formats), Styles(STYLES_XML), None,
                           epoch)


@pytest.mark.parametrize("epoch", [EXCEL_EPOCH, EXCEL_EPOCH_1904])
@settings(max_examples=200, deadline=None)
@given(spec=sheets())
def test_the_bytes_are_the_utf8_of_the_general_path(epoch: dt.date, spec: SheetSpec) -> None:
    fast = sheet_bytes(SheetSpec(spec.name, spec.header, spec.rows, spec.formats), Styles(STYLES_XML), None, epoch)
    assert fast == _general(spec, epoch)


def test_wide_texts_and_signed_zeros_by_columns() -> None:
    rows = [["棋手", 0.0, 1, "a&b"], ["é", -0.0, 1.0, "\x01"], ["P1", 2400.0, None, "棋"]]
    spec = SheetSpec("S", ["a", "b", "c", "d"], rows, [None] * 4)
    assert W._column_lines(W.columns_of(spec), ["A", "B", "C", "D"], [0] * 4, 0, utf8=True) is not None
    got = sheet_bytes(spec, Styles(STYLES_XML), None)
    assert got == _general(spec, EXCEL_EPOCH)
    text = got.decode("utf-8")
    assert '<c r="A2" t="inlineStr"><is><t>棋手</t></is></c><c r="B2"><v>0.0</v></c><c r="C2"><v>1</v></c>' in text
    assert '<c r="B3"><v>-0.0</v></c><c r="C3"><v>1.0</v></c><c r="D3" s="' in text
    assert 't="inlineStr"><is><t>\ufffd</t></is></c></row>' in text


@settings(max_examples=300, deadline=None)
@given(values=st.lists(st.one_of(CELL["text"], CELL["float"], CELL["number"], CELL["int"], CELL["date"], st.none(),
                                 st.booleans(), st.just(dt.datetime(2026, 1, 1, 12)),
                                 st.sampled_from(["棋手１２", "ｱ", "\u3000", "a\u0301"])), max_size=40))
def test_a_column_is_as_wide_as_its_widest_cell(values: list[object]) -> None:
    assert W._widest(values) == max(map(W.text_width, values), default=0)


@pytest.mark.parametrize("odd", [-0.0, 1, 2.5])
def test_a_repeating_number_column_with_an_odd_one(odd: float) -> None:
    # numbers that repeat are written once each: -0.0 among 0.0s, 1 among 1.0s stay as they are
    base = [0.0, 1.0, 0.0, 1.0, None, 0.0]
    rows = [[f"P{i}", v] for i, v in enumerate(base * 5 + [odd] + base)]
    spec = SheetSpec("S", ["id", "x"], rows, [None, None])
    got = sheet_bytes(spec, Styles(STYLES_XML), None)
    assert got == _general(spec, EXCEL_EPOCH)
    assert f'<c r="B32"><v>{odd!r}</v></c>'.encode() in got and b'<c r="B2"><v>0.0</v></c>' in got
