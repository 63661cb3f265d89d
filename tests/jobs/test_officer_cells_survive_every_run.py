"""Nothing the officer typed is ever lost by processing (hostile tester: "processing a period again
empties the Corrections sheet").

The Corrections sheet is the record of every published rating corrected: a run that corrects
nothing (the latest period processed again, as every plain ``process`` and every click does) kept
writing it afresh, empty; the officer's rows and notes in it went with it.  It is now a log: a
run's corrections are added below its rows, in the columns its header names; the rest of it (the
officer's notes, a formula) is never written.  And every sheet the officer keeps -- each input
sheet with a column of the officer's own, the Settings' notes, the Read me, the Import sheet, a
sheet of the officer's own -- is what it was after every run: processed twice, re-rated with
``--from``, on the command line and by one click.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl
from openpyxl.cell.cell import MergedCell
import pytest
from test_both_paths import _stored, click, written
from test_script_dispatch import replay

from xl_ratings.jobs.process import process_workbook
from xl_ratings.systems import SYSTEMS
from xl_ratings.view.sheets import RESULT_SHEETS
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TODAY = dt.date(2027, 1, 15)                # every sample period over: nothing runs provisional
OURS = set(RESULT_SHEETS) | {"History", "Chart", "Corrections", "Checks"}
NOTE = "经办人 handled by"


def _column(ws, key):
    return next(c.column for c in ws[1] if c.value is not None and str(c.value).split()[-1] == key)


def _flip(path: Path, row: int) -> None:
    """A game's result changed (a late correction): win <-> loss."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Games"]
    col = _column(ws, "result")
    ws.cell(row, col, 0 if ws.cell(row, col).value in (1, "1", "胜", "勝", "W", "1-0") else 1)
    _save(wb, path)


def _save(wb, path: Path) -> None:
    """Saved with the formulas' values stored, as Excel saves them (openpyxl stores none)."""
    wb.save(path)
    _stored(path)


def _officers_book(system: str, tmp_path: Path) -> Path:
    """The template with the officer's own cells in every sheet but ours: a column of notes (one a
    formula) beside every table, a note in the Settings' note column, a line in the Read me, a
    sheet of the officer's own."""
    book = tmp_path / f"{system}.xlsx"
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    for ws in wb:
        if ws.title in OURS:
            continue
        width = max((c.column for c in ws[1] if c.value is not None), default=0)
        col = width + 1
        filled = [r for r in range(1, ws.max_row + 1) if any(ws.cell(r, c).value is not None for c in range(1, col))]
        free = [r for r in filled if not isinstance(ws.cell(r, col), MergedCell)]
        for r in free:
            ws.cell(r, col, NOTE if r == 1 else f'="{ws.title}"&"·"&ROW()' if r == free[1] else f"{ws.title} {r}")
    mine = wb.create_sheet("Notes")
    mine["A1"], mine["A2"], mine["B2"] = "my notes", "call the arbiter", "=1+1"
    _save(wb, book)
    _flip(book, 2)                           # the sample changed: these records are the officer's
    return book


def _cells(path: Path, keep=lambda name: True):
    """(sheet, row, column) -> value (a formula as its text) of every filled cell of the sheets ``keep`` names."""
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.row, c.column): c.value for ws in wb if keep(ws.title) for row in ws.iter_rows()
            for c in row if c.value is not None}


def _officers(path: Path):
    return _cells(path, lambda name: name not in OURS)


def _log(path: Path):
    """The Corrections sheet's rows, as stored."""
    ws = openpyxl.load_workbook(path)["Corrections"]
    return [list(r) for r in ws.iter_rows(values_only=True)]


def _rows_of(done) -> list[tuple]:
    """A run's corrections as the Corrections sheet's (period, id, published, corrected)."""
    return [(c.period, c.id, c.published, c.corrected) for c in done.outcome.corrections]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_officer_cell_survives_processing_twice_and_rerating(system, tmp_path):
    book = _officers_book(system, tmp_path)
    process_workbook(book, today=TODAY)
    mine = _officers(book)
    assert ("Notes", 2, 2) in mine and any(k[0] == "Settings" and v == "Settings 3" for k, v in mine.items())
    process_workbook(book, today=TODAY)     # the latest period again
    assert _officers(book) == mine
    _flip(book, 3)                           # a published result corrected
    mine = _officers(book)
    first = process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    assert first.outcome.corrections, "the correction moves somebody"
    assert _officers(book) == mine
    log = _log(book)
    header = [str(h).split()[-1] for h in log[0]]
    at = {k: header.index(k) for k in ("period", "id", "published", "corrected")}
    assert [tuple(r[at[k]] for k in at) for r in log[1:]] == [
        (p, i, a, b) for p, i, a, b in _rows_of(first)], "at full precision, as the rating is stored"
    # the officer's note beside a correction, and a formula of theirs
    wb = openpyxl.load_workbook(book)
    ws = wb["Corrections"]
    note = len(log[0]) + 1
    ws.cell(1, note, NOTE)
    ws.cell(2, note, "told by phone")
    ws.cell(3, note, "=D3-E3")
    _save(wb, book)
    kept = _cells(book, lambda name: name == "Corrections")
    again = process_workbook(book, today=TODAY)             # nothing corrected: the log stays
    assert again.outcome.corrections == []
    assert _cells(book, lambda name: name == "Corrections") == kept
    assert process_workbook(book, rerate_from=_first_period(book), today=TODAY).outcome.corrections == []
    assert _cells(book, lambda name: name == "Corrections") == kept
    _flip(book, 4)
    mine = _officers(book)
    second = process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    assert second.outcome.corrections
    after = _cells(book, lambda name: name == "Corrections")
    assert {k: v for k, v in after.items() if k[1] <= len(log)} == kept     # every cell there before
    added = _log(book)[len(log):]
    assert [tuple(r[at[k]] for k in at) for r in added] == [
        (p, i, a, b) for p, i, a, b in _rows_of(second)], "the rows added: as the first ones"
    assert all(r[note - 1] is None for r in added), "the officer's column is never written"
    assert _officers(book) == mine


def _first_period(book: Path) -> str:
    ws = openpyxl.load_workbook(book)["History"]
    return str(ws.cell(2, 1).value)


def _snapshot(book: Path):
    """The tables one click sees: every sheet's values (the file reader's tables, and the others;
    but the Chart, whose chart the snapshot cannot hold)."""
    tables = read_tables(book)
    wb = openpyxl.load_workbook(book, data_only=True)
    for name in wb.sheetnames:
        if name not in tables and name != "Chart":
            tables[name] = [list(r) for r in wb[name].iter_rows(values_only=True)]
    return tables


@pytest.fixture(scope="module")
def corrected(tmp_path_factory):
    """A shanghai workbook re-rated once (Corrections: rows), with the officer's note beside them."""
    tmp = tmp_path_factory.mktemp("corrected")
    book = _officers_book("shanghai", tmp)
    process_workbook(book, today=TODAY)
    _flip(book, 3)
    process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    wb = openpyxl.load_workbook(book)
    ws = wb["Corrections"]
    ws.cell(1, ws.max_column + 1, NOTE)
    ws.cell(2, ws.max_column, "told by phone")
    _save(wb, book)
    return book


def test_one_click_keeps_the_corrections_and_every_officer_cell(corrected, tmp_path, monkeypatch):
    """The click the tester made: the latest period processed again corrects nothing -- the
    Corrections sheet is never cleared nor written, nor is any sheet of the officer's."""
    tables = _snapshot(corrected)
    sheets, actions, errors = click("process_period", tables, corrected.name, tmp_path, monkeypatch)
    assert errors == []
    names = [s["name"] for s in sheets]
    touched = set()
    for a in actions:
        if a["func"] == "addSheet":
            names.insert(a["args"][0], a["args"][1])
        elif a.get("sheet_position") is not None:
            touched.add(names[a["sheet_position"]])
    assert "Ratings" in touched and not touched - OURS, touched - OURS
    assert "Corrections" not in touched, "neither cleared nor written: its rows and the officer's note stay"
    assert "Corrections" in replay(sheets, actions)


def test_one_click_adds_its_corrections_below_the_rows_there(corrected, tmp_path, monkeypatch):
    """A game added to the latest period: its corrections added below, the rows there and the
    officer's column never written."""
    book = tmp_path / "book.xlsx"
    shutil.copy(corrected, book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    last = max(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value is not None)
    row = [ws.cell(last, c).value for c in range(1, ws.max_column + 1)]
    player, opponent = _column(ws, "player") - 1, _column(ws, "opponent") - 1
    row[player], row[opponent] = row[opponent], row[player]      # a return game, the same day
    row[_column(ws, "round") - 1] = None
    for c, v in enumerate(row, start=1):
        ws.cell(last + 1, c, v)
    _save(wb, book)
    tables = _snapshot(book)
    before = [list(r) for r in tables["Corrections"]]
    sheets, actions, errors = click("process_period", tables, book.name, tmp_path, monkeypatch)
    assert errors == []
    cells = {k: v for k, v in written(sheets, actions).items() if k[0] == "Corrections"}
    assert cells and min(r for _, r, _ in cells) == len(before) + 1, "below the rows there"
    note = len(before[0])
    assert not [k for k in cells if k[2] == note], "the officer's column is never written"
    process_workbook(book)                  # today's date, as one click's
    by_file = {(r, c): v for (_, r, c), v in _cells(book, lambda n: n == "Corrections").items() if r > len(before)}
    assert by_file == {(r, c): v for (_, r, c), v in cells.items()}, "the command line adds the same cells"
