"""A slip in a known column's header is refused by one click as by the command line (the same
reader): at the header, on the Checks sheet, in the workbook's script (traditional for Hong Kong)."""

from __future__ import annotations

from pathlib import Path

from test_script_dispatch import replay, run_script

from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def test_one_click_refuses_a_mistyped_rating_header_in_traditional_chinese(tmp_path):
    tables = read_tables(ROOT / "gor.xlsx")
    head = list(tables["Players"][0])
    j = next(i for i, h in enumerate(head) if str(h).split()[-1] == "rating")
    head[j] = "棋力份"
    tables["Players"][0] = head
    sheets, actions = run_script("process_period", tables, "gor.xlsx", tmp_path)
    report = replay(sheets, actions)["Checks"]
    col = {str(h).split()[-1]: k for k, h in enumerate(report[0])}
    slips = [r for r in report[1:] if "is named like the column" in r[0]]
    assert [(r[col["sheet"]], r[col["row"]], r[col["column"]]) for r in slips] == [("Players", 1, "棋力份")]
    assert "名稱與本表缺少的列" in slips[0][1]          # the Hong Kong workbook's script
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"], "nothing processed"
