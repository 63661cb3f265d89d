"""One click reads places as the command line does (0.6.0): a crosstable pasted into the Import
sheet whose 名次 is written 冠军 / 亚军 / 第三名 …, run through xlwings' own script dispatch, writes
the same champion into the Events sheet as ``xl-ratings import`` of that crosstable -- the place
1 player (before 0.6.0 such places were ignored on both paths: no champion)."""

from __future__ import annotations

from pathlib import Path

from helpers import read_sheet, run_cli
from import_writers import EVENT, rr_rows, write_rr_csv
from test_script_dispatch import replay, run_script

from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
META = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]
#: 1 Zhang Wei (2 points) first, as the games say
PLACES = {1: "冠军", 3: "亚军", 4: "第三名", 2: "第4名", 5: "5th"}


def test_one_click_writes_the_champion_its_places_name_as_the_command_line(tmp_path):
    rows = [list(r) for r in rr_rows(EVENT)]
    for r in rows[2:]:
        r[-1] = PLACES.get(r[0])
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + rows
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    events = [r for r in replay(sheets, actions)["Events"] if any(v not in (None, "") for v in r)]

    book = tmp_path / "book.xlsx"
    book.write_bytes((ROOT / "gor.xlsx").read_bytes())
    assert run_cli("import", write_rr_csv(tmp_path / "rr.csv", EVENT, PLACES), "--into", book,
                   "--name", "春季公开赛", "--start", "2024-05-01", "--end", "2024-05-03") == 0
    want = read_sheet(book, "Events")[-1]
    champion_key = next(k for k in want if str(k).split()[-1] == "champion")
    players = {p[next(k for k in p if str(k).split()[-1] == "id")]: p for p in read_sheet(book, "Players")}
    champion = want[champion_key]
    assert champion and "Zhang Wei" in str(players[champion].values()), want
    assert champion in [str(v).lstrip("'") for v in events[-1]], (events[-1], champion)
