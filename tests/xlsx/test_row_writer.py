"""The compiled row writers of the result sheets (xlsx/write._row_writer: one per row shape)
write exactly what the general, cell-by-cell path writes, whatever the cells: text (wide,
empty, to escape, padded), numbers (whole, fractional, not finite), blanks, dates, dates with
times, booleans."""

from __future__ import annotations

import datetime as dt
import math
import random

import pytest

from xl_ratings.engine.cells import EXCEL_EPOCH, EXCEL_EPOCH_1904
from xl_ratings.xlsx import write as W
from xl_ratings.xlsx.write import SheetSpec, Styles, sheet_xml

STYLES_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
              '<numFmts count="0"/><fonts count="1"><font/></fonts><fills count="1"><fill/></fills>'
              '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
              '<cellXfs count="1"><xf/></cellXfs></styleSheet>')

CELLS = [lambda r: r.choice(["P0001", "棋手", "張三 Zhang", "a&b", "x<y", " padded", "", "tab\t", "Ĳ"]),
         lambda r: r.randint(-5, 3000), lambda r: r.uniform(-100, 3000), lambda r: r.choice([0.1 + 0.2, 1e17, -0.0]),
         lambda r: r.choice([math.inf, -math.inf, math.nan]), lambda r: None,
         lambda r: dt.date(2026, 1, 1) + dt.timedelta(days=r.randint(-40000, 400)),
         lambda r: dt.datetime(2026, 3, 1, r.randint(0, 23), r.randint(0, 59)), lambda r: r.choice([True, False])]


def _sheet(rnd: random.Random, width: int) -> SheetSpec:
    kinds = [rnd.randrange(len(CELLS)) for _ in range(width)]
    rows = []
    for _ in range(rnd.randint(1, 120)):
        # mostly the column's own kind, sometimes another: many row shapes
        rows.append([CELLS[k if rnd.random() < 0.8 else rnd.randrange(len(CELLS))](rnd) for k in kinds])
    formats = [rnd.choice([None, "0", "0.00", "yyyy-mm-dd", "+0;-0;0"]) for _ in range(width)]
    return SheetSpec("S", [f"h{j}" for j in range(width)], rows, formats)


@pytest.mark.parametrize("epoch", [EXCEL_EPOCH, EXCEL_EPOCH_1904])
def test_compiled_rows_equal_the_general_path(monkeypatch, epoch):
    rnd = random.Random(28)
    for _ in range(60):
        spec = _sheet(rnd, rnd.randint(1, 16))
        fast = sheet_xml(spec, Styles(STYLES_XML), None, epoch)
        with monkeypatch.context() as m:
            m.setattr(W, "_row_writer", lambda *a, **k: None)
            general = sheet_xml(spec, Styles(STYLES_XML), None, epoch)
        assert fast == general
