"""A report's champion who played no game in the file (registered, never played): the player is
not imported, so the event is written without a champion -- the import says exactly that, at the
champion's cell (hostile tester: it said "kept as the source says" and wrote the cell empty)."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
from helpers import write_book
from import_writers import EVENT, report_tables

from xl_ratings.intake.plan import Options
from xl_ratings.jobs.importing import import_into

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
IDS = ("imports.summary_champion_no_games", "imports.summary_champion_not_top")


def test_a_champion_without_games_is_told_as_not_written(tmp_path):
    tables = report_tables(EVENT, ids=False)
    tables["Players"].append([6, "Zhou Ming", "男", "Shanghai", "2d", 2200, None])     # registered, never played
    tables["Event"] = [[r[0], 6] if str(r[0]).endswith("champion") else r for r in tables["Event"]]
    source = write_book(tables, tmp_path / "report.xlsx")
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    plan, _ = import_into(book, [str(source)], options=Options())
    told = [t for t in plan.summaries[0].told if t.id in IDS]
    assert [(t.id, dict(t.param("text").params)) for t in told] == [
        ("imports.summary_champion_no_games", {"champion": "6 Zhou Ming"})]
    where = {k: v for k, v in told[0].param("where").params if k != "file"}
    assert where == {"sheet": "Event", "row": 8, "column": "B"}
    ws = openpyxl.load_workbook(book)["Events"]
    head = [str(c.value).split()[-1] for c in ws[1]]
    assert ws.cell(ws.max_row, head.index("champion") + 1).value in (None, ""), "written without a champion, as told"
