"""A sample period computed from the officer's own results is the officer's (found while testing
the Corrections log): a sample game changed before the first run makes the first period the
officer's, and the later sample periods start from its ratings.  A later change to their records
made the run forget them -- a published period dropped from the History without a word of
correction.  Now only a History of sample periods alone is forgotten."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl

from xl_ratings.jobs.process import process_workbook

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TODAY = dt.date(2027, 1, 15)


def _games(book: Path, edit) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    edit(ws, {str(c.value).split()[-1]: c.column for c in ws[1] if c.value})
    wb.save(book)


def _history(book: Path) -> dict[tuple[str, str], float]:
    ws = openpyxl.load_workbook(book)["History"]
    head = [str(c.value).split()[-1] for c in ws[1]]
    p, i, n = head.index("period"), head.index("id"), head.index("new")
    return {(r[p], r[i]): r[n] for r in ws.iter_rows(min_row=2, values_only=True) if r[p]}


def test_a_sample_period_after_the_officers_own_is_never_forgotten(tmp_path):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", book)
    _games(book, lambda ws, col: ws.cell(2, col["result"], 1 - ws.cell(2, col["result"]).value))
    process_workbook(book, today=TODAY)
    before = _history(book)
    assert {p for p, _ in before} == {"2026H1", "2026H2"}

    def late_game(ws, col):                 # a game of the last period entered late
        last = max(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value)
        for c in range(1, ws.max_column + 1):
            ws.cell(last + 1, c, ws.cell(last, c).value)
        ws.cell(last + 1, col["round"]).value = None     # (ws.cell(r, c, None) would keep the copied round)
        ws.cell(last + 1, col["date"], ws.cell(last, col["date"]).value - dt.timedelta(days=1))
        ws.cell(last + 1, col["player"], ws.cell(last, col["opponent"]).value)
        ws.cell(last + 1, col["opponent"], ws.cell(last, col["player"]).value)
    _games(book, late_game)
    done = process_workbook(book, today=TODAY)
    assert done.outcome.forgotten == [] and done.outcome.reprocessed == ["2026H2"]
    after = _history(book)
    assert {p for p, _ in after} == {"2026H1", "2026H2"}
    assert {k: v for k, v in after.items() if k[0] == "2026H1"} == {k: v for k, v in before.items() if k[0] == "2026H1"}
    moved = {(c.period, c.id) for c in done.outcome.corrections}
    assert moved and moved == {k for k in after if k[0] == "2026H2" and after[k] != before.get(k)}
