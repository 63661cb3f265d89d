"""The Corrections log's rows as written (hostile tester B, F3-F6, F14, F18).

Appended rows carry what the first rows carry: the ratings at full precision (published + correction
= corrected), the number formats the result sheet's writer gives those columns, never a negative zero;
they start below any merged range; the header is found below an officer's title, a lost header is told
as such (``workbooks.log_header_missing``), a head typed over is written again, a renamed log is told
(``workbooks.log_started_again``); a run correcting nothing starts no empty log; a row repeating the
log's last entry is not added again; the reason ``added`` is the same in the sheet and the JSON.  The
command line and one click write the same cells and formats.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import shutil
from pathlib import Path

import openpyxl
import pytest
from test_both_paths import click, written
from test_officer_cells_survive_every_run import _column, _first_period, _flip, _save, _snapshot
from test_script_dispatch import replay

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.period import corrections_kept
from xl_ratings.jobs.process import process_workbook
from xl_ratings.view.sheets import SheetView

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TODAY = dt.date(2027, 1, 15)                # every sample period over


def _book(system: str, tmp_path: Path, name: str = "book.xlsx") -> Path:
    """The template processed once, a published result then corrected and re-rated: the log's first rows."""
    book = Path(shutil.copy(ROOT / f"{system}.xlsx", tmp_path / name))
    _flip(book, 2)                          # the sample changed: these records are the officer's
    process_workbook(book, today=TODAY)
    _flip(book, 3)
    process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    return Path(book)


def _rows(path: Path):
    ws = openpyxl.load_workbook(path)["Corrections"]
    return ws, [[c for c in r] for r in ws.iter_rows(min_row=2)]


def _at(ws, key):
    return _column(ws, key) - 1


@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_appended_rows_are_written_as_the_first_ones(system, tmp_path):
    book = _book(system, tmp_path)
    ws, first = _rows(book)
    assert first, "the first re-rate logs its corrections"
    _flip(book, 4)
    second = process_workbook(book, rerate_from=_first_period(book), today=TODAY).outcome.corrections
    assert second
    ws, rows = _rows(book)
    added = rows[len(first):]
    p, c, d = _at(ws, "published"), _at(ws, "corrected"), _at(ws, "correction")
    want = [(x.id, x.published, x.corrected) for x in second]
    assert [(r[_at(ws, "id")].value, r[p].value, r[c].value) for r in added] == want, "full precision"
    for r in first + added:
        if r[p].value is not None and r[c].value is not None:
            assert math.isclose(r[p].value + r[d].value, r[c].value, abs_tol=1e-9)
            assert math.copysign(1.0, r[d].value) == 1.0 or r[d].value != 0, "never a negative zero"
            assert r[d].value != 0, "a correction of nothing is never logged"
    assert [[x.number_format for x in r[:7]] for r in added] == [[x.number_format for x in first[0][:7]]] * len(added)
    assert [x.alignment.indent for x in added[0][:7]] == [x.alignment.indent for x in first[0][:7]]


def test_a_rerun_correcting_nothing_starts_no_log(tmp_path):
    book = Path(shutil.copy(ROOT / "gor.xlsx", tmp_path / "book.xlsx"))
    _flip(book, 2)
    process_workbook(book, today=TODAY)
    done = process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    assert done.outcome.corrections == []
    assert "Corrections" not in openpyxl.load_workbook(book).sheetnames


def _edit(book: Path, change) -> None:
    wb = openpyxl.load_workbook(book)
    change(wb["Corrections"])
    _save(wb, book)


def test_rows_start_below_a_merge_past_the_log(tmp_path):
    book = _book("shanghai", tmp_path)
    _, first = _rows(book)
    last = len(first) + 1
    _edit(book, lambda ws: (ws.merge_cells(f"G{last}:G{last + 2}"), ws.merge_cells(f"H{last - 1}:H{last + 3}")))
    _flip(book, 4)
    process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    ws, rows = _rows(book)
    filled = [r[0].row for r in rows if r[1].value is not None]
    assert filled[len(first)] == last + 4, "below the merge H: nothing hidden under a merged cell"
    assert all(ws.cell(r, 7).value for r in filled), "every reason can be seen"


def test_a_title_above_the_header_is_no_refusal(tmp_path):
    book = _book("shanghai", tmp_path)
    _, first = _rows(book)
    _edit(book, lambda ws: (ws.insert_rows(1), ws.cell(1, 1, "更正记录 2026 (officer title)")))
    _flip(book, 4)
    second = process_workbook(book, rerate_from=_first_period(book), today=TODAY).outcome.corrections
    ws = openpyxl.load_workbook(book)["Corrections"]
    assert ws["A1"].value == "更正记录 2026 (officer title)"
    ids = [ws.cell(r, 2).value for r in range(len(first) + 3, ws.max_row + 1)]
    assert ids == [c.id for c in second]


@pytest.mark.parametrize("how", ["blanked", "deleted"])
def test_a_lost_header_is_told_as_such(how, tmp_path):
    book = _book("shanghai", tmp_path)
    _edit(book, (lambda ws: [setattr(c, "value", None) for c in ws[1]]) if how == "blanked"
          else (lambda ws: ws.delete_rows(1)))
    _flip(book, 4)
    data = book.read_bytes()
    with pytest.raises(InputErrors) as e:
        process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    got = [(x.text.id, dict(x.text.params)["row"], dict(x.text.params)["first"], x.where.sheet) for x in e.value.errors]
    assert got == [("workbooks.log_header_missing", 1, 2 if how == "blanked" else 1, "Corrections")]
    assert book.read_bytes() == data
    _flip(book, 4)                          # the correction taken back
    process_workbook(book, today=TODAY)     # the latest period again, correcting nothing: not refused
    assert [r[0] for r in openpyxl.load_workbook(book)["Corrections"].iter_rows(values_only=True)][:2] == \
        ([None, "2026H1"] if how == "blanked" else ["2026H1", "2026H1"]), "the log as it was"


def test_a_head_typed_over_is_written_again(tmp_path):
    book = _book("shanghai", tmp_path)
    _edit(book, lambda ws: (ws.cell(1, 7, "备注 note"), ws.cell(1, 8, "mine")))
    _flip(book, 4)
    process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    ws = openpyxl.load_workbook(book)["Corrections"]
    assert [ws.cell(1, j).value for j in (7, 8, 9)] == ["备注 note", "mine", "原因 reason"]
    assert ws.cell(1, 9).font.b and ws.cell(ws.max_row, 9).value


def test_a_renamed_log_is_told(tmp_path):
    book = _book("shanghai", tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Corrections"].title = "更正记录"
    _save(wb, book)
    _flip(book, 4)
    done = process_workbook(book, rerate_from=_first_period(book), today=TODAY)
    said = [(t.id, dict(t.params)) for t in done.notes if hasattr(t, "id")]
    assert ("workbooks.log_started_again", {"sheet": "Corrections", "old": "更正记录"}) in said


def test_the_last_entry_is_not_logged_again():
    view = SheetView("Corrections", ["period", "id", "name", "published", "corrected", "correction", "reason"],
                     ["周期 period", "编号 id", "姓名 name", "原公布 published", "更正后 corrected",
                      "更正幅度 correction", "原因 reason"],
                     [["2026", "P1", "甲", 2000.0, 2010.0, 10.0, "x"], ["2026", "P2", "乙", 1900.0, 1890.0, -10.0, "x"]],
                     ["", "", "", "0", "0", "+0;-0;0", None])
    old = [view.header, ["2026", "P1", "甲", 2000, 2010, 10, "x"], ["2026", "P2", "乙", 1900, 1880, -20, "x"]]
    log = corrections_kept([view], ["Corrections"], lambda name: old)
    assert log.appended is not None
    assert log.appended.cells() == {("Corrections", 4, j): v for j, v in enumerate(view.rows[1][:7], start=1)}


def test_sheet_and_json_tell_the_same_reason(tmp_path):
    """A game changed in a period still running (gor's 2026 on 2026-11-15): ``added`` in both."""
    book = Path(shutil.copy(ROOT / "gor.xlsx", tmp_path / "book.xlsx"))
    today = dt.date(2026, 11, 15)
    _flip(book, 2)
    process_workbook(book, today=today)
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    row = max(r for r in range(2, ws.max_row + 1) if ws.cell(r, 2).value and ws.cell(r, 2).value.year == 2026
              and ws.cell(r, _column(ws, "result")).value in (0, 1))
    _save(wb, book)
    _flip(book, row)
    out = tmp_path / "out.json"
    done = process_workbook(book, today=today, json_path=out)
    reasons = {c["id"]: c["reason"] for c in json.loads(out.read_text(encoding="utf-8"))["corrections"]}
    assert "added" in reasons.values() and "records" not in reasons.values()
    ws = openpyxl.load_workbook(book)["Corrections"]
    sheet = {ws.cell(r, 2).value: ws.cell(r, 7).value for r in range(2, ws.max_row + 1)}
    assert {i for i, r in reasons.items() if r == "added"} == {i for i, r in sheet.items() if "(provisional)" in r}
    assert len(done.outcome.corrections) == len(sheet)


def test_one_click_appends_the_same_cells_and_formats(tmp_path, monkeypatch):
    """A result of the latest period changed: one click and the command line add the same cells, with
    the same number formats as the log's first rows."""
    book = _book("gor", tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    last = max(r for r in range(2, ws.max_row + 1) if ws.cell(r, _column(ws, "result")).value in (0, 1))
    _save(wb, book)
    _flip(book, last)
    tables = _snapshot(book)
    before = len([r for r in tables["Corrections"] if any(v is not None for v in r)])
    formats: dict = {}
    sheets, actions, errors = click("process_period", tables, book.name, tmp_path, monkeypatch)
    assert errors == []
    replay(sheets, actions, formats)
    cells = {k: v for k, v in written(sheets, actions).items() if k[0] == "Corrections"}
    assert cells and min(r for _, r, _ in cells) == before + 1
    process_workbook(book)                  # today's date, as one click's
    ws = openpyxl.load_workbook(book)["Corrections"]
    by_file = {(r, c): ws.cell(r, c).value for r in range(before + 1, ws.max_row + 1) for c in range(1, 8)
               if ws.cell(r, c).value is not None}
    assert by_file == {(r, c): v for (_, r, c), v in cells.items()}
    clicked = formats.get("Corrections", {})
    for (r, c) in by_file:
        fmt = ws.cell(r, c).number_format
        assert clicked.get((r - 1, c - 1), "General") == fmt, (r, c)
        assert fmt == ws.cell(2, c).number_format
