"""A crosstable names its event by its title line; "2026 新界盃 成績表" (results table) is the event
2026 新界盃: the word the table adds is not written into the Events sheet (and onto the site's
event pages), as it is not compared either. A title that is nothing but such a word is kept, and
--name still names the event as given."""

from __future__ import annotations

import datetime as dt
import shutil

import openpyxl
import pytest

from helpers import TEMPLATES
from xl_ratings.intake.plan import Options
from xl_ratings.jobs.importing import import_into

GRID = [["序號", "姓名", "單位", "段級", "1", "2", "3", "總分"],
        [1, "王靜", "新界棋會", "4D", None, 1, "½", 1.5], [2, "鍾豔", "香港圍棋協會", "3D", 0, None, 1, 1],
        [3, "郝嘉怡", "新界棋會", "1D", "½", 0, None, 0.5]]


def _event_name(tmp_path, title, **options):
    book = tmp_path / "協會.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    src = tmp_path / "新界盃.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成績"
    for r in [[title], [], *GRID]:
        ws.append(r)
    wb.save(src)
    plan, written = import_into(book, [str(src)], dry_run=True, options=Options(
        start=dt.date(2026, 11, 21), end=dt.date(2026, 11, 21), cls="乙", **options))
    assert written == []
    return plan.appends["Events"].rows[0]["name"]


@pytest.mark.parametrize("title, name", [
    ("2026 新界盃 成績表", "2026 新界盃"), ("2026新界盃成绩表", "2026新界盃"), ("2026 新界盃 交叉表", "2026 新界盃"),
    ("Spring Open - results", "Spring Open"), ("2026 新界盃", "2026 新界盃"), ("成績表", "成績表"),
    ("新界盃成績賽", "新界盃成績賽"),
])
def test_the_title_without_the_tables_word(tmp_path, monkeypatch, title, name):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    assert _event_name(tmp_path, title) == name


def test_a_name_given_is_written_as_given(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    assert _event_name(tmp_path, "2026 新界盃 成績表", name="新界盃 成績表") == "新界盃 成績表"
