"""A date cell holding a year typed alone (2026: Excel's 1905-07-18) is refused, saying it looks like
a year and to type the full date; a day before 1900-03-01 (a small number typed into a date cell:
3 is 1900-01-03) or after 2100-12-31 is refused too -- whether the cell holds a number, a date or
ISO text, in both of Excel's date systems; the History's own days (``--period all`` starts on
1900-01-01) are read as they are."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from problem_ids import cli_problems, problems, raised

from xl_ratings.engine.cells import FIRST_DAY, LAST_DAY, history_date, list_date, to_date
from xl_ratings.errors import RatingInputError

D = dt.date
ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def _one(v, date1904=False):
    (p,) = raised(to_date, v, date1904)
    return p.id, p.params


@pytest.mark.parametrize("v", [2026, 2026.0, 1900, 2100.0, dt.datetime(1905, 7, 18), D(1905, 7, 18)])
def test_a_year_typed_alone(v):
    got = _one(v)
    year = int(v) if isinstance(v, (int, float)) else 2026
    assert got[0] == "sheets.date_looks_like_a_year" and got[1]["year"] == year
    assert got[1]["day"] == (D(1899, 12, 30) + dt.timedelta(days=year)).isoformat()   # what Excel shows


def test_a_year_in_a_1904_workbook():
    assert _one(2026, True) == ("sheets.date_looks_like_a_year", {"year": 2026, "day": "1909-07-19"})
    assert _one(D(1909, 7, 19), True)[0] == "sheets.date_looks_like_a_year"
    assert to_date(D(1905, 7, 18), True) == D(1905, 7, 18)      # (a 1904 serial of 1,294: no year)


def test_around_the_years():
    assert to_date(1899) == D(1905, 3, 13) and to_date(2101) == D(1905, 10, 1)    # no year of the range
    assert to_date(46082) == D(2026, 3, 1) and to_date(46082.75) == D(2026, 3, 1)


@pytest.mark.parametrize("v,day", [(3, "1900-01-03"), (60, "1900-02-28"), (D(1900, 2, 28), "1900-02-28"),
                                   ("1899-12-31", "1899-12-31"), ("0001-01-01", "0001-01-01")])
def test_before_1900_03_01(v, day):
    assert _one(v) == ("sheets.date_too_early", {"day": day})


@pytest.mark.parametrize("v,day", [(73416, "2101-01-01"), (2958465, "9999-12-31"),
                                   (dt.datetime(9999, 12, 31), "9999-12-31"), ("2206-01-12", "2206-01-12")])
def test_after_2100(v, day):
    assert _one(v) == ("sheets.date_too_late", {"day": day, "last": "2100-12-31"})


def test_the_bounds_themselves_are_days():
    assert FIRST_DAY == to_date(61) == to_date("1900-03-01") == D(1900, 3, 1)
    assert LAST_DAY == to_date(73415) == to_date(dt.datetime(2100, 12, 31, 18)) == D(2100, 12, 31)


def test_text_that_is_a_year_is_no_date_as_before():
    assert _one("2026")[0] == "sheets.cell_not_a_date"
    assert _one(" 20261025 ")[0] == "sheets.cell_not_a_date"


def test_a_game_list_reads_its_dates_within_the_same_days():
    assert list_date("2026/3/1") == D(2026, 3, 1) and list_date("46082") == D(2026, 3, 1)
    assert [p.id for p in raised(list_date, "1899/3/1")] == ["sheets.date_too_early"]
    assert [p.id for p in raised(list_date, "2206年1月12日")] == ["sheets.date_too_late"]
    assert [p.id for p in raised(list_date, "99999")] == ["sheets.date_too_late"]
    assert [p.id for p in raised(list_date, 2026.0)] == ["sheets.date_looks_like_a_year"]


def test_the_history_reads_its_own_days():
    assert history_date(dt.datetime(1900, 1, 1)) == D(1900, 1, 1) and history_date(1) == D(1900, 1, 1)
    assert history_date("2999-12-31") == D(2999, 12, 31)
    with pytest.raises(RatingInputError):
        history_date(float("nan"))


def _book(tmp_path: Path, system: str, sheet: str, column: str, value) -> tuple[Path, int]:
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    ws = wb[sheet]
    col = next(i for i, c in enumerate(ws[1], 1) if c.value and str(c.value).split()[-1] == column)
    row = ws.max_row
    ws.cell(row, col).value = value          # its date format kept: Excel shows 1905-07-18
    wb.save(tmp_path / "b.xlsx")
    return tmp_path / "b.xlsx", row


@pytest.mark.parametrize("system,sheet,column", [
    ("shanghai", "Events", "start"),        # the tester's Events!C7
    ("gor", "Events", "start"), ("gor", "Events", "end"), ("shanghai", "Games", "date"),
    ("lianzhong", "Awards", "date"), ("peng", "Points", "date"),
])
def test_process_refuses_a_year_in_a_date_cell(tmp_path, system, sheet, column):
    book, row = _book(tmp_path, system, sheet, column, 2026)
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert code == 2 and not (tmp_path / "out.xlsx").exists()
    assert [(p.id, p.sheet, p.row, p.column, p.params["year"]) for p in told
            if p.id == "sheets.date_looks_like_a_year"] == [("sheets.date_looks_like_a_year", sheet, row, column, 2026)]
    assert [p.id for p in told] == ["sheets.date_looks_like_a_year"]


def test_process_refuses_a_far_game_date(tmp_path):
    book, row = _book(tmp_path, "shanghai", "Games", "date", dt.datetime(9999, 12, 31))
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert code == 2 and [(p.id, p.sheet, p.row, p.column) for p in told] == \
        [("sheets.date_too_late", "Games", row, "date")]


def test_the_period_all_still_reads_back(tmp_path):
    """(The History of ``--period all`` starts on 1900-01-01: read again, it is the program's own.)"""
    book = tmp_path / "b.xlsx"
    assert cli_problems("new", "lianzhong", book)[0] == 0
    assert cli_problems("process", book, "--period", "all")[0] == 0
    assert cli_problems("process", book, "--period", "all") == (0, [])
