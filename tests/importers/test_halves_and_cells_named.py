"""A crosstable's problems name the players and the cells as cells: two halves that disagree say
whose each half is ("E2 says 1 (1 陈大文 against 2 龚军)"), a cell reference is told as a cell
("cell E2", never "column 'E2'"), a column headed by a number is named by its letter (never
"column '2.0'"), and a merged range is not told with its sheet twice ("成绩表 表 C3:C4")."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl

from problem_ids import cli_problems, only, problems

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
from xl_ratings.errors import RatingInputError
from xl_ratings.importers import load

MISMATCH = [["序号", "姓名", "单位", "1", "2", "3", "4"],
            ["1", "陈大文", "徐汇", "", "1", "1", "1"],
            ["2", "龚军", "徐汇", "1", "", "1", "1"],
            ["3", "张伟", "静安", "0", "0", "", "1"],
            ["4", "刘芳", "静安", "0", "0", "0", ""]]
CLEAN = [MISMATCH[0], MISMATCH[1], ["2", "龚军", "徐汇", "0", "", "1", "1"], *MISMATCH[3:]]


def _sheet(path, table):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩表"
    for row in table:
        ws.append([int(v) if v.isdigit() else (v or None) for v in row])     # the headers 1..4 as numbers
    return wb, ws


def test_two_halves_that_disagree_name_their_players_at_their_cells(tmp_path):
    source = tmp_path / "rr.csv"
    source.write_text("\n".join(",".join(r) for r in MISMATCH) + "\n", encoding="utf-8")
    try:
        load(str(source))
    except RatingInputError as err:
        told, errors = problems(err), getattr(err, "errors", [err])
    else:
        raise AssertionError("not refused")
    p = only(told, "sources.halves_disagree", first="E2", second="D3")
    assert p.params["first_says"] == ("sources.half_says", {"says": "1", "player": "1 陈大文", "opponent": "2 龚军"})
    assert p.params["second_says"] == ("sources.half_says", {"says": "1", "player": "2 龚军", "opponent": "1 陈大文"})
    place = dict(errors[0].where.text().params)
    assert place.get("cell") == "E2" and "column" not in place and place["line"] == 2


def test_a_column_that_is_a_name_stays_a_column():
    from xl_ratings.errors import Where
    assert dict(Where("f.csv", line=3, column="round 1").text().params)["column"] == "round 1"
    assert dict(Where("f.xlsx", "Games", 4, "D").text().params)["column"] == "D"
    assert dict(Where("f.xlsx", "成绩表", 3, "C3").text().params)["cell"] == "C3"


def test_a_column_headed_by_a_number_is_named_by_its_letter(tmp_path):
    wb, ws = _sheet(tmp_path, CLEAN)
    ws["F3"] = "=1-E4"                  # a formula saved without its value (openpyxl does not calculate)
    path = tmp_path / "ct.xlsx"
    wb.save(path)
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    code, told = cli_problems("import", path, "--into", book, "--dry-run", "--start", "2026-03-01", "--end", "2026-03-02")
    p = only(told, "workbooks.formulas_no_value", column="F")
    assert (p.sheet, p.row, p.column) == ("成绩表", 3, "F")


def test_a_merged_range_is_told_without_its_sheet_twice(tmp_path):
    from problem_ids import notes

    wb, ws = _sheet(tmp_path, CLEAN)
    ws.merge_cells("C2:C3")
    path = tmp_path / "ct.xlsx"
    wb.save(path)
    import datetime as dt

    from xl_ratings.intake.plan import Options
    from xl_ratings.jobs.importing import import_into

    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    plan, _ = import_into(book, [str(path)], options=Options(start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 2)),
                          dry_run=True)
    merged = [n for n in notes(plan.summaries[0].notes) if n.id == "identity.merged_spread"]
    assert [(n.params, n.sheet, n.row) for n in merged] == [({"cells": "C2:C3", "value": "徐汇", "count": 2}, "成绩表", 2)]
    told = next(t for t in plan.summaries[0].notes if "C2:C3" in t.en)
    assert told.zh_in("zh-Hans").count("成绩表") == 1 and told.en.count("成绩表") == 1
