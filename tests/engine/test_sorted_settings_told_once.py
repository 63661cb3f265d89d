"""A Settings sheet sorted with Data ▸ Sort is told once (hostile tester, item 5).

The Settings' tables are laid out as rows (a key row '见下表 table below', its column heads, one
row per entry).  Sorting the sheet moves them apart: which table an entry ``100`` or ``A``
belonged to can no longer be told (GoR's con_table and rank_gor both hold ratings), so the sheet
is not guessed at -- but it was told as some 60 problems, one per entry ("unknown setting
'100'").  Now it is one problem naming the tables and the way back (undo, the backup, a new
workbook's sheet), on both paths.  Sorting a table's own entries changes nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from test_both_paths import click, told

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.process import process_workbook
from xl_ratings.systems import SYSTEMS
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def _excel_order(v):
    """Excel's ascending order: numbers, then text (case aside), then booleans; blanks are last either way."""
    if isinstance(v, bool):
        return (2, v)
    if isinstance(v, (int, float)):
        return (0, v)
    return (1, str(v).casefold())


def _sorted(src: Path, dst: Path, column: int, descending: bool = False) -> dict[str, int]:
    """The Settings sheet sorted by ``column`` (1-based) below its header, as Data ▸ Sort does;
    the tables laid out as rows (key -> the row of its key line after the sort)."""
    wb = openpyxl.load_workbook(src)
    ws = wb["Settings"]
    width = ws.max_column
    rows = [[ws.cell(r, c).value for c in range(1, width + 1)] for r in range(2, ws.max_row + 1)]
    filled = [r for r in rows if r[column - 1] is not None]
    empty = [r for r in rows if r[column - 1] is None]
    filled.sort(key=lambda r: _excel_order(r[column - 1]), reverse=descending)
    for i, row in enumerate(filled + empty, start=2):
        for c, v in enumerate(row, start=1):
            ws.cell(i, c).value = v
    wb.save(dst)
    return {str(r[0]): i for i, r in enumerate(filled + empty, start=2)
            if r[1] is not None and "table below" in str(r[1])}


def _tables_of(system: str) -> list[str]:
    ws = openpyxl.load_workbook(ROOT / f"{system}.xlsx")["Settings"]
    return sorted(str(r[0]) for r in ws.iter_rows(min_row=2, values_only=True) if r[1] and "table below" in str(r[1]))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("column, descending", [(1, False), (1, True), (2, False), (3, True)],
                         ids=["key", "key-descending", "value", "note-descending"])
def test_a_sorted_settings_sheet_is_one_problem(system, column, descending, tmp_path):
    book = tmp_path / f"{system}.xlsx"
    heads = _sorted(ROOT / f"{system}.xlsx", book, column, descending)
    if not _tables_of(system):         # key/value rows alone: in any order, one meaning -- read as sorted
        shutil.copy(ROOT / f"{system}.xlsx", tmp_path / "plain.xlsx")
        assert process_workbook(book).outcome.params == process_workbook(tmp_path / "plain.xlsx").outcome.params
        return
    before = book.read_bytes()
    with pytest.raises(InputErrors) as e:
        process_workbook(book)
    assert book.read_bytes() == before
    got = [(x.text.id, dict(x.text.params), x.where.sheet, x.where.row, x.where.column) for x in e.value.errors]
    shown = [t for t in heads]          # the tables in the sheet's order now
    shown.sort(key=heads.get)
    assert got == [("sheets.settings_reordered", {"tables": ", ".join(shown), "system": system},
                    "Settings", heads[shown[0]], "key")], got
    assert sorted(shown) == _tables_of(system)


def test_a_tables_own_entries_sorted_are_read_as_they_are(tmp_path):
    """Descending con_table entries: the same table, the same ratings."""
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    head = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "con_table")
    first = head + 2
    last = next(r for r in range(first, ws.max_row + 2) if ws.cell(r, 1).value is None) - 1
    entries = [(ws.cell(r, 1).value, ws.cell(r, 2).value) for r in range(first, last + 1)]
    for r, (k, v) in zip(range(first, last + 1), reversed(entries)):
        ws.cell(r, 1).value, ws.cell(r, 2).value = k, v
    wb.save(book)
    shutil.copy(ROOT / "gor.xlsx", tmp_path / "plain.xlsx")
    mine = process_workbook(book).outcome
    plain = process_workbook(tmp_path / "plain.xlsx").outcome
    assert mine.params == plain.params
    assert [(e.id, e.state.rating) for e in mine.ledger.entries] == [(e.id, e.state.rating) for e in plain.ledger.entries]


@pytest.mark.parametrize("path", ["command line", "one click"])
def test_both_paths_tell_the_sort_once(path, tmp_path, monkeypatch):
    book = tmp_path / "gor.xlsx"
    heads = _sorted(ROOT / "gor.xlsx", book, 1)
    if path == "command line":
        with pytest.raises(InputErrors) as e:
            process_workbook(book)
        got = told(e.value, book)
    else:
        _, _, got = click("process_period", read_tables(book), "gor.xlsx", tmp_path, monkeypatch)
    assert [(g[0], g[2], g[3]) for g in got] == [("sheets.settings_reordered", "Settings", min(heads.values()))]
    assert "Ctrl+Z" in got[0][6] and "xl-ratings new gor" in got[0][6]
    assert "設" in got[0][6] and "设" not in got[0][6], "told in the Hong Kong workbook's traditional script"
