"""The fourth hostile round's import findings.

* H1: a crosstable player numbered in sequence, with results, whose name reads like a summary word
  (平均分 numbered 2) is a player: it was dropped as an "average" row, and the table then failed with
  numbering errors that never said why (or, with the numbering whole, its games were left out).
* H2: a Players row with an id (HK099) whose name reads 平均分 is a player: it was left out, so its
  games were refused and the next import of 平均分 entered a second player.
* H3: "a game listed once only" named the missing half "the mirror cell" in English in Chinese text.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from helpers import read_sheet, run_cli
from problem_ids import cli_problems, only

from xl_ratings.engine.totals import summary_row
from xl_ratings.i18n.catalogue import sources as S


def _hk_book(tmp_path: Path) -> Path:
    book = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", book) == 0
    return book


def _csv(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


RR = """序号,姓名,单位,段级,1,2,3
1,龔軍,九龍棋社,5D,,1,1
2,平均分,九龍棋社,1D,0,,1
3,王靜,新界棋會,4D,0,0,
合计,,,,,,
"""


def test_a_numbered_player_named_like_an_average_row_is_a_player(tmp_path, capsys):
    book = _hk_book(tmp_path)
    src = _csv(tmp_path / "rr.csv", RR)
    assert run_cli("import", src, "--into", book, "--start", "2026-10-24", "--end", "2026-10-24") == 0, \
        capsys.readouterr().err
    players = {r["name"]: r["id"] for r in read_sheet(book, "Players")}
    assert "平均分" in players and "合计" not in players
    games = [g for g in read_sheet(book, "Games") if g["event"] not in (None, "") and
             players["平均分"] in (g["player"], g["opponent"])]
    assert len(games) == 2


def test_summary_row_keeps_a_row_with_a_word_id():
    assert not summary_row("平均分", "HK099")
    assert not summary_row("合计", "SH039")
    assert summary_row("合计", None)
    assert summary_row("合计", "38")            # the count in the id column
    assert summary_row("平均分", "平均")
    assert summary_row("Sum", 12, has_id=True)
    assert not summary_row("林合计", None)


def test_a_players_row_with_an_id_named_like_an_average_is_matched_not_split(tmp_path, capsys):
    book = _hk_book(tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    last = max(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value)
    ws.cell(last + 1, 1, "HK099")
    ws.cell(last + 1, 2, "平均分")
    ws.cell(last + 1, 5, "九龍棋社")
    ws.cell(last + 1, 6, "1D")
    ws.cell(last + 2, 2, "合计")
    ws.cell(last + 2, 7, 87654)
    wb.save(book)
    src = _csv(tmp_path / "rr.csv", RR)
    assert run_cli("import", src, "--into", book, "--start", "2026-10-24", "--end", "2026-10-24") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "HK099 平均分" in out and "0 new player(s)" in out  # the stdout summary an officer reads
    assert [r["id"] for r in read_sheet(book, "Players") if r["name"] == "平均分"] == ["HK099"]


def test_the_mirror_cell_is_told_in_the_catalogue():
    msg = S.CT_MIRROR_CELL()
    assert msg.id == "sources.ct_mirror_cell"
    told = S.CT_LISTED_ONCE(cell="E5", says="1", other=msg)
    assert told.id == "sources.ct_listed_once"
    assert "对称位置的格子" in told.zh and "the mirror cell" in told.en  # the bilingual rendering is the point
    assert "the mirror cell" not in told.zh_in("zh-Hant") and "對稱位置的格子" in told.zh_in("zh-Hant")


# --------------------------------------------------------------------------- H4: an unknown --event, no dates
def test_an_unknown_event_id_without_dates_says_so(tmp_path, capsys):
    book = _hk_book(tmp_path)
    src = _csv(tmp_path / "rr.csv", RR)
    code, told = cli_problems("import", src, "--into", book, "--event", "hk26-x")
    assert code == 2
    p = only(told, "imports.unknown_event_no_dates", event="hk26-x")
    assert "HK26-O" in p.params["known"][1].values() and p.params["way"] == ("imports.no_dates", {}), p
    assert "賽事 hk26-x 不在 Events 表中" in capsys.readouterr().err     # the script is the point: traditional for a gor book


def test_no_dates_on_the_import_sheet_names_its_lines_not_options(tmp_path):
    from test_script_dispatch import replay, run_script

    from xl_ratings.xlsx.read import read_tables

    root = Path(__file__).resolve().parents[2] / "workbook_templates"
    tables = read_tables(root / "gor.xlsx")
    rows = [line.split(",") for line in RR.strip().splitlines()]
    tables["Import"] = [["赛事 event", "hk26-x"], []] + [[c or None for c in r] for r in rows]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    told = " ".join(str(v) for r in grids["Checks"] for v in r if v)
    # the Checks sheet holds the words only (no id): what it says, naming the Import sheet's lines, is the point
    assert "event hk26-x is not in the Events sheet" in told
    assert "開始 start" in told and "--start" not in told and "--event" not in told


# --------------------------------------------------------------------------- H5: a GBK file, a line valid UTF-8
def test_a_gbk_crosstable_whose_line_happens_to_be_utf8_is_read_as_gbk(tmp_path):
    from xl_ratings.importers.formats.common import CSV_ENCODINGS, decode_text

    text = ("成绩表\n序号,姓名,1,2,3\n1,莫洋,,1,1\n2,谢平,0,,1\n3,孟静,0,0,\n7 人,,\n")
    data = text.encode("gbk")
    assert "谢平".encode("gbk").decode("utf-8") == "лƽ"       # the trap: valid UTF-8, another name
    got = decode_text(data, CSV_ENCODINGS)
    assert got.text == text and not got.odd


def test_a_utf8_file_with_one_gbk_line_is_still_read_line_by_line():
    from xl_ratings.importers.formats.common import CSV_ENCODINGS, decode_text

    data = "序号,姓名\n1,莫洋\n".encode("utf-8") + "2,谢平静\n".encode("gbk")
    got = decode_text(data, CSV_ENCODINGS)
    assert got.text == "序号,姓名\n1,莫洋\n2,谢平静\n" and [n for n, _ in got.odd] == [3]


# --------------------------------------------------------------------------- H6: a title merged across the row
def test_a_title_merged_across_the_columns_names_the_event(tmp_path, capsys):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩表"
    ws.append(["2026冬季循環賽"])
    ws.merge_cells("A1:H1")
    ws.append(["序号", "姓名", "单位", "段级", 1, 2, 3, 4])
    ws.append([1, "龔軍", "九龍棋社", "5D", None, 1, 1, 0])
    ws.append([2, "宋豔", None, "2D", 0, None, 1, 1])
    ws.append([3, "王靜", "新界棋會", "4D", 0, 0, None, 1])
    ws.append([4, "鍾豔", "香港圍棋協會", "3D", 1, 0, 0, None])
    ws.merge_cells("C3:C4")
    src = tmp_path / "m.xlsx"
    wb.save(src)
    book = _hk_book(tmp_path)
    assert run_cli("import", src, "--into", book, "--start", "2026-12-19", "--end", "2026-12-20") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "has no title line" not in out and "column 'club'" in out  # the stdout notes an officer reads
    assert [e["name"] for e in read_sheet(book, "Events")][-1] == "2026冬季循環賽"
