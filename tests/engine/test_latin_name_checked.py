"""A ``latin_name`` the pairing programs' lists could not write is refused when the period is
processed, at its cell (not first at publish time), for every system's sample workbook; a good one
still goes through."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from helpers import TEMPLATES, players_column
from xl_ratings.errors import InputErrors
from xl_ratings.jobs.process import process_workbook
from xl_ratings.systems import SYSTEMS


def _with_latin_name(tmp_path: Path, system: str, value: str) -> tuple[Path, str, int]:
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    col = players_column(ws, "latin_name")
    row = next(r[0].row for r in ws.iter_rows(min_row=2) if r[0].value)
    pid = str(ws.cell(row, 1).value)
    ws.cell(row, col, value)
    wb.save(book)
    return book, pid, row


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("bad", ["陳大文", "Chan@HK, Tai Man", "Chan, 大文"])
def test_a_latin_name_no_list_can_write_is_refused_at_its_cell(tmp_path, system, bad):
    book, pid, row = _with_latin_name(tmp_path, system, bad)
    before = book.read_bytes()
    with pytest.raises(InputErrors) as got:
        process_workbook(book)
    errors = [e for e in got.value.errors if e.text.id == "publish.rl_bad_latin_name"]
    assert len(errors) == 1
    assert errors[0].value == bad and errors[0].where.column == "latin_name"
    assert errors[0].where.row == row
    assert book.read_bytes() == before          # nothing written


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_good_latin_name_is_processed(tmp_path, system):
    book, _, _ = _with_latin_name(tmp_path, system, "Chan, Tai Man")
    process_workbook(book)
