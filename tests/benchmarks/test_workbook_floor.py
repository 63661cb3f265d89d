"""benchmarks/workbook_floor.py measures what it says it measures (its timings are not tested):

* its two writers of the result sheets write, from the cells read back out of ours' output, the
  very ``<sheetData>`` bytes ours wrote (so its XML step is the work of the same output);
* its least rating is the system's arithmetic: SPEC's worked examples come out of it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import workbook_floor as floor  # noqa: E402

from xl_ratings.cli import main  # noqa: E402
from xl_ratings.systems import gor, shanghai  # noqa: E402


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_the_floor_writes_the_result_sheets_ours_wrote(system, tmp_path, monkeypatch):
    from workbook_bench import book

    path = book(system, 300, 3000, tmp_path)
    out = tmp_path / "out.xlsx"
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-31")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["process", str(path), "--output", str(out)]) == 0
    sheets = floor.result_sheets(path, out)
    assert {"Ratings", "Changes", "History"} <= {name for name, _, _ in sheets}
    assert not {"Players", "Events", "Games"} & {name for name, _, _ in sheets}    # untouched by ours
    per_cell = floor.sheets_xml(sheets)
    per_row = floor.lean_xml(floor.by_columns(sheets), [b""] * len(sheets))
    assert sum(len(cells) for _, rows, _ in sheets for _, cells in rows) > 3000
    for (name, rows, ours), a, b in zip(sheets, per_cell, per_row):
        assert a == ours, name
        assert b == ours, name


def test_the_least_gor_is_the_egf_formula():
    """SPEC §2 例2: A 2300 beats B 2400 (a = 90): A +13.54, B −11.08; class B weighs 0.75."""
    recs = ([(2300.0, "M", "1d"), (2400.0, "M", "1d")], [(dt.date(2026, 3, 1), "A")],
            [(0, 1.0, 0, 1, 1.0, 0.0)])
    xs, ys = gor.DEFAULTS.con_columns
    a, b = floor.least_gor(recs, xs, ys)
    assert round(a - 2300, 2) == 13.54 and round(b - 2400, 2) == -11.08
    a2, b2 = floor.least_gor((recs[0], [(dt.date(2026, 3, 1), "B")], recs[2]), xs, ys)
    assert a2 - 2300 == pytest.approx((a - 2300) * 0.75) and b2 - 2400 == pytest.approx((b - 2400) * 0.75)


def test_the_least_shanghai_is_the_fide_table_change():
    """SPEC §1's worked check: 2300 (established: K 15) against four opponents averaging 2200,
    3/4: D 100, PC 0.64, We 2.56, ΔR = +6.6 -> 2307; and a woman below 2240 counted at 2240
    against a man, for her own expectation and for his."""
    players = [(2300.0, "M", ""), (2100.0, "M", ""), (2150.0, "M", ""), (2250.0, "M", ""), (2300.0, "M", ""),
               (2100.0, "F", ""), (2300.0, "M", "")]
    games = [(0, 1.0, 0, 1, 1.0), (0, 2.0, 0, 2, 1.0), (0, 3.0, 3, 0, 0.5), (0, 4.0, 4, 0, 0.5),
             (1, 1.0, 5, 6, 1.0)]
    table = shanghai.pc_table(shanghai.DEFAULTS)
    assert table is not None
    events = [(dt.date(2026, 3, 1), ""), (dt.date(2026, 3, 2), "")]
    new = floor.least_shanghai((players, events, games), table, shanghai.DEFAULTS.max_difference)
    pc = shanghai.expected_score
    assert new[0] == 2307                                   # 2300 + 15·(3 − 4·0.64), half up
    assert new[1] == math.floor(2100 + 15 * (0 - pc(2100 - 2300)) + 0.5)
    assert new[5] == math.floor(2100 + 15 * (1 - pc(2240 - 2300)) + 0.5) == 2109     # she counts as 2240
    assert new[6] == math.floor(2300 + 15 * (0 - pc(2300 - 2240)) + 0.5) == 2291
