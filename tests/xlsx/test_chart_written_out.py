"""The rating-history chart written out (xlsx/write.chart_xml) is byte for byte what openpyxl
writes for it (chart_xml_openpyxl), whatever the titles, names, sheet and axis range; what the
written-out form does not take is left to openpyxl."""

from __future__ import annotations

import random

import pytest

from xl_ratings.xlsx import write as W
from xl_ratings.xlsx.write import ChartSpec, chart_xml, chart_xml_openpyxl

WORDS = ["棋手", "棋力分 GoR", "A & B", "x<y>z", "O'Brien \"q\"", "Ĳ", "周期 period", "等级分变化 history", "a b"]
SHEETS = ["Chart", "图表", "A&B", "X<Y", "Ratings 2026"]
RANGES = [None, (1800.0, 2512.5), (1800, 2500), (0.1 + 0.2, 1e17), (-5.5, 0.0)]


def _spec(rnd: random.Random, text=None) -> ChartSpec:
    def t() -> str:
        return text() if text else rnd.choice(WORDS) + str(rnd.randint(0, 99))
    sheet, last, n = rnd.choice(SHEETS), rnd.randint(2, 30), rnd.randint(1, 13)
    cols = "BCDEFGHIJKLMNOPQ"[:n]
    return ChartSpec(t(), t(), t(), f"'{sheet}'!$A$2:$A${last}",
                     [(t(), f"'{sheet}'!${c}$2:${c}${last}") for c in cols], (0, 6),
                     rnd.choice(RANGES + [(rnd.uniform(0, 3000), rnd.uniform(0, 3000))]))


def _count_fallbacks(monkeypatch) -> list[int]:
    calls = [0]
    original = W.chart_xml_openpyxl

    def counted(spec):
        calls[0] += 1
        return original(spec)
    monkeypatch.setattr(W, "chart_xml_openpyxl", counted)
    return calls


def test_written_out_equals_openpyxl(monkeypatch):
    rnd = random.Random(28)
    specs = [_spec(rnd) for _ in range(300)]
    expected = [chart_xml_openpyxl(s) for s in specs]
    calls = _count_fallbacks(monkeypatch)
    got = [chart_xml(s) for s in specs]
    assert calls[0] == 0            # every one of these went the written-out way
    for spec, a, b in zip(specs, got, expected):
        assert a == b, spec.title


@pytest.mark.parametrize("odd", ["  padded  ", "tab\there", "line\nbreak", ""])
def test_what_it_does_not_take_goes_to_openpyxl(monkeypatch, odd):
    rnd = random.Random(7)
    spec = _spec(rnd)
    spec.series[0] = (odd, spec.series[0][1])
    expected = chart_xml_openpyxl(spec)
    calls = _count_fallbacks(monkeypatch)
    assert chart_xml(spec) == expected
    assert calls[0] == 1            # handed on to openpyxl


def test_a_one_cell_range_as_openpyxl_writes_it():
    spec = ChartSpec("t", "x", "y", "'Chart'!$A$2:$A$2", [("p", "'Chart'!$B$2:$B$2")], (0, 6), (1, 2))
    out = chart_xml(spec)
    assert b"<f>'Chart'!$A$2</f>" in out and b"<f>'Chart'!$B$2</f>" in out
    assert out == chart_xml_openpyxl(spec)
