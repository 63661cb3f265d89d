"""A slip in a known column's header (棋力份 for 棋力分, 等级份, ratng) is refused at the header,
naming the column it looks like -- never read as a column of the officer's own, which left the
ratings out and then advised re-rating the published period from records without them (hostile
round, R1).  A column of the officer's own named like no column of ours is still kept and ignored."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from helpers import TEMPLATES, processed_sample
from xl_ratings.errors import InputErrors
from xl_ratings.i18n.labels import header_key
from xl_ratings.jobs.process import process_workbook
from xl_ratings.systems import REGISTRY, SYSTEMS


def _retitled(book: Path, key: str, title: str) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    terms = REGISTRY[wb["Settings"]["B2"].value].terms if wb["Settings"]["B2"].value in REGISTRY else None
    cell = next(c for c in ws[1] if header_key(c.value, {key}, terms) == key)
    cell.value = title
    wb.save(book)


def _slip(system: str) -> str:
    """The system's own rating word with its last character mistyped (棋力分 -> 棋力份)."""
    word = REGISTRY[system].terms.get("rating") or "等级分"
    return word[:-1] + "份"


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_mistyped_rating_header_is_refused_naming_the_column(tmp_path, system):
    book = processed_sample(tmp_path, system)       # a published period: the slip must not re-rate it
    slip = _slip(system)
    _retitled(book, "rating", slip)
    before = book.read_bytes()
    with pytest.raises(InputErrors) as got:
        process_workbook(book)
    slips = [e for e in got.value.errors if e.text.id == "sheets.column_name_slip"]
    assert [(e.where.sheet, e.where.row, e.where.column, e.text.param("header")) for e in slips] == \
        [("Players", 1, slip, slip)]
    assert str(slips[0].text.param("column")).endswith(" rating")
    assert [e.text.id for e in got.value.errors] == ["sheets.column_name_slip"]    # no advice to re-rate
    assert book.read_bytes() == before


@pytest.mark.parametrize("title", ["ratng", "Ratings", "等级份", "等級份"])
def test_slips_in_either_script_and_in_english(tmp_path, title):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    _retitled(book, "rating", title)
    with pytest.raises(InputErrors) as got:
        process_workbook(book)
    assert [e.text.param("header") for e in got.value.errors if e.text.id == "sheets.column_name_slip"] == [title]


@pytest.mark.parametrize("title", ["备注 notes", "电话 phone", "学校 school", "出生日期"])
def test_a_column_of_the_officers_own_is_kept_and_ignored(tmp_path, title):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    ws.cell(1, ws.max_column + 1, title)
    wb.save(book)
    process_workbook(book)
