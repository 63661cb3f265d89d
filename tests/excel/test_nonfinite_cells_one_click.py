"""One click refuses a number cell holding NaN or an infinity as the command line does -- at its
cell, the same message, nothing processed: xlwings Lite's and Server's JSON may carry one (Python's
json reads ``NaN`` and ``Infinity``), and Calc holds NaN from a file a program wrote (its API gives
it as the float).  Calc's reader leaves such a value in a date-formatted cell as it is (it stopped
on it: ``int(nan)``)."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_script_dispatch import replay, run_script

from xl_ratings.excel.visibility import error_cells
from xl_ratings.i18n.catalogue import sheets as S
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def test_every_cell_is_looked_at():
    grid = [["id 编号", "rating 等级分", "note"], ["SH001", math.nan, "x"], ["SH002", 1500.0, -math.inf],
            ["SH003", math.inf, "#N/A"], ["SH004", 2.0, "nan"]]
    got = error_cells("book.xlsx", "Players", grid)
    assert [(e.text.id, e.where.row, e.where.column, e.text.param("shown")) for e in got] == [
        ("sheets.cell_not_finite", 2, "rating", "NaN"), ("sheets.cell_not_finite", 3, "note", "-inf"),
        ("sheets.cell_not_finite", 4, "rating", "inf"), ("workbooks.cell_shows_error", 4, "note", "#N/A")]


def _col(rows, key: str) -> int:
    return [str(h).split()[-1] for h in rows[0]].index(key)


@pytest.mark.parametrize("system,sheet,key,value", [
    ("shanghai", "Players", "rating", math.nan),       # the tester's SH001
    ("gor", "Events", "end", math.nan),                # Office.js: a date is a serial number
    ("shanghai", "Games", "round", -math.inf),
])
def test_xlwings_server_refuses_it_and_processes_nothing(tmp_path, system, sheet, key, value):
    tables = read_tables(ROOT / f"{system}.xlsx")
    col = _col(tables[sheet], key)
    tables[sheet] = [list(r) for r in tables[sheet]]
    tables[sheet][1][col] = value
    sheets, actions = run_script("process_period", tables, f"{system}.xlsx", tmp_path)
    report = replay(sheets, actions)["Checks"][1:]
    shown = "NaN" if value != value else "-inf" if value < 0 else "inf"
    words = S.CELL_NOT_FINITE(shown=shown).en
    assert [(r[2], r[3], r[4]) for r in report if words in str(r[0])] == [(sheet, 2, key)]
    assert len(report) == 1                  # nothing read on: no problem following from it
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"], "nothing processed"


class _Range:
    """The few calls of a Calc cell range :class:`xl_ratings.libreoffice.calc.Cells` reads through."""

    def __init__(self, data, date_columns):
        self.data, self.date_columns = data, date_columns

    def getDataArray(self):
        return tuple(tuple(r) for r in self.data)

    def queryFormulaCells(self, kind):
        return SimpleNamespace(getRangeAddresses=lambda: ())

    def getCellFormatRanges(self):
        rows = len(self.data)
        parts = [SimpleNamespace(NumberFormat=1, getRangeAddress=lambda c=c: SimpleNamespace(
            StartRow=0, EndRow=rows - 1, StartColumn=c, EndColumn=c)) for c in self.date_columns]
        return SimpleNamespace(getCount=lambda: len(parts), getByIndex=parts.__getitem__)


def test_calc_leaves_a_nonfinite_date_cell_to_be_refused():
    from xl_ratings.libreoffice.calc import Cells

    rng = _Range([[46034.0, math.nan], [-math.inf, 1e300], [46035.5, ""]], date_columns=[0, 1])
    doc = SimpleNamespace(NumberFormats=SimpleNamespace(getByKey=lambda k: SimpleNamespace(Type=2)),
                          NullDate=SimpleNamespace(Year=1899, Month=12, Day=30))
    cells = Cells(doc, SimpleNamespace(getCellRangeByPosition=lambda *a: rng))
    got = cells.read(1, 1, 3, 2)
    assert got[0][0] == dt.datetime(2026, 1, 12) and got[2][0] == dt.datetime(2026, 1, 13, 12)
    assert math.isnan(got[0][1]) and got[1][0] == -math.inf and got[1][1] == 1e300 and got[2][1] is None
    told = error_cells("book.ods", "Events", [["start", "end"], *got])
    assert [(e.text.id, e.where.row, e.where.column) for e in told] == [
        ("sheets.cell_not_finite", 2, "end"), ("sheets.cell_not_finite", 3, "start")]
