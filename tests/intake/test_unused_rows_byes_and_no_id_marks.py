"""The third hostile round's import findings (hostile3_findings.md).

* R1: numbered but unused rows of a printed form (a number, no name, no result) are left out,
  as players without games are, in every table importer and on the Import sheet; only a blank
  name WITH results is refused (hostile2 F1, tests/intake/test_blank_names_odd_ids_and_answers.py).
* M1: zeros and "no id" marks ('-', '—', '无', '無', 'N/A', 'none') in any id column (federation_id /
  会员号 too) are no id on both sides: never written, never a question.
* M2: a 轮空 / 輪空 / BYE row is the pairing's bye: left out with its entries, noted.
* M3: the Latin-name question says per candidate what fits; its suggested answer is one accepted.
* M4: a TRF one-part name ("龔軍,") loses its comma.
"""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli, write_book
from problem_ids import cli_problems
from import_writers import GOMOKU_EVENT, rr_rows, swiss_rows

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def shanghai_book(tmp_path: Path, name: str = "s.xlsx") -> Path:
    book = tmp_path / name
    assert run_cli("new", "shanghai", book) == 0
    return book


# --------------------------------------------------------------------------- R1: unused numbered rows
def rr_with_slots(slots: int = 2) -> list[list]:
    """The crosstable of GOMOKU_EVENT on a printed form with ``slots`` numbered rows left empty."""
    rows = rr_rows(GOMOKU_EVENT)
    n = len(GOMOKU_EVENT.players)
    rows[1] = rows[1][:5 + n] + list(range(n + 1, n + slots + 1)) + rows[1][5 + n:]
    rows[2:] = [r[:5 + n] + [None] * slots + r[5 + n:] for r in rows[2:]]
    for k in range(n + 1, n + slots + 1):
        cells: list = [None] * (n + slots)
        cells[k - 1] = "×"
        rows.append([k, None, None, None, None] + cells + [None, None])
    return rows


def swiss_with_slots(slots: int = 2) -> list[list]:
    rows = swiss_rows(GOMOKU_EVENT)
    n = len(GOMOKU_EVENT.players)
    return rows + [[str(k)] + [""] * (len(rows[0]) - 1) for k in range(n + 1, n + slots + 1)]


def _csv(path: Path, rows: list[list], encoding: str = "utf-8-sig") -> Path:
    with open(path, "w", newline="", encoding=encoding) as f:
        csv.writer(f).writerows(rows)
    return path


def _xlsx(path: Path, rows: list[list]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩表"
    for row in rows:
        ws.append([0.5 if c == "½" else (int(c) if c in ("1", "0") else c) for c in row])
    wb.save(path)
    return path


SLOTS = {
    "crosstable csv": lambda p: _csv(p.with_suffix(".csv"), rr_with_slots()),
    "crosstable xlsx": lambda p: _xlsx(p.with_suffix(".xlsx"), rr_with_slots()),
    "swiss csv": lambda p: _csv(p.with_suffix(".csv"), swiss_with_slots(), "gb18030"),
}


@pytest.mark.parametrize("kind", sorted(SLOTS))
def test_unused_numbered_rows_of_a_form_are_left_out_not_refused(tmp_path, capsys, kind):
    book = shanghai_book(tmp_path)
    players, games = len(read_sheet(book, "Players")), len(read_sheet(book, "Games"))
    src = SLOTS[kind](tmp_path / "src")
    assert run_cli("import", src, "--into", book, "--start", "2024-05-01", "--end", "2024-05-03") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "2 player(s) without any game in the file, not imported" in out and "#6, #7" in out, out  # the stdout summary an officer reads
    rows = read_sheet(book, "Players")
    assert len(rows) - players == 5 and all(str(r.get("name") or "").strip() for r in rows), rows[players:]
    assert len(read_sheet(book, "Games")) - games == 6


def test_unused_numbered_rows_on_the_import_sheet_are_left_out(tmp_path):
    from test_script_dispatch import replay, run_script
    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(ROOT / "gor.xlsx")
    meta = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]
    rows = rr_with_slots()
    rows[2:] = [r[:3] + ["3d"] + r[4:] if r[1] else r for r in rows[2:]]
    tables["Import"] = meta + [list(r) for r in rows]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    shown = " ".join(str(v) for g in grids.values() for r in g for v in r if v)
    assert "棋手姓名為空" not in shown and "name is blank" not in shown, shown[:2000]  # the sheets hold words only
    assert len([r for r in grids["Players"][1:] if any(v not in (None, "") for v in r)]) >= 5


def test_a_blank_name_with_results_among_unused_rows_is_still_refused(tmp_path, capsys):
    rows = rr_with_slots()
    rows[4][1] = None                 # player 3 (who played) without a name
    book = shanghai_book(tmp_path)
    before = book.read_bytes()
    src = _csv(tmp_path / "src.csv", rows)
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    assert [(p.id, p.file, p.line, p.column) for p in told] == [("imports.name_blank", str(src), 5, "B")], told
    assert book.read_bytes() == before


# --------------------------------------------------------------------------- M1: "no id" marks in every id column
NO_ID = ["0", "00000", "-", "—", "无", "無", "N/A", "n/a", "none"]


def _set_ids(book: Path, column: str, rows: dict[int, str]) -> list[tuple[str, str, str]]:
    """Writes ``rows`` (sheet row -> value) into the Players sheet's ``column``; (id, name, club) of those rows."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    head = [str(c.value or "") for c in ws[1]]
    col = next((j + 1 for j, h in enumerate(head) if h.endswith(column)), None) or len(head) + 1
    ws.cell(1, col, ws.cell(1, col).value or column)
    for r, v in rows.items():
        ws.cell(r, col, v)
    wb.save(book)
    return [(ws.cell(r, 1).value, ws.cell(r, 2).value, ws.cell(r, 5).value) for r in rows]


@pytest.mark.parametrize("mark", NO_ID)
def test_a_no_id_mark_in_federation_id_is_no_id_on_both_sides(tmp_path, capsys, mark):
    book = shanghai_book(tmp_path)
    (_, name1, club1), (_, name2, club2) = _set_ids(book, "federation_id", {2: mark, 3: mark})
    src = _csv(tmp_path / "z.csv", [["序号", "姓名", "单位", "会员号", 1, 2, 3, 4],
                                    [1, name1, club1, mark, "×", 1, 1, 0], [2, "张伟", "复旦大学", mark, 0, "×", 1, 1],
                                    [3, "王五", "复旦大学", mark, 0, 0, "×", 1], [4, name2, club2, mark, 1, 0, 0, "×"]])
    assert run_cli("import", src, "--into", book, "--start", "2026-11-03", "--end", "2026-11-04") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "2 new player(s)" in out and "2 matched" in out, out  # the stdout summary
    new = [r for r in read_sheet(book, "Players") if r["name"] in ("张伟", "王五")]
    assert len(new) == 2 and all(r.get("federation_id") in (None, "") for r in new), new
    src2 = _csv(tmp_path / "z2.csv", [["序号", "姓名", "单位", "会员号", 1, 2, 3],
                                      [1, "张伟", "复旦大学", mark, "×", 1, 1], [2, "赵六", "复旦大学", mark, 0, "×", 1],
                                      [3, name2, club2, mark, 0, 0, "×"]])
    assert run_cli("import", src2, "--into", book, "--start", "2026-11-10", "--end", "2026-11-10") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "1 new player(s)" in out and "张伟 (name" in out and "could be any of" not in out, out  # the stdout summary


@pytest.mark.parametrize("column", ["federation_id", "egf_pin", "fide_id"])
@pytest.mark.parametrize("mark", ["-", "无", "N/A"])
def test_a_no_id_mark_in_a_report_id_column_is_never_written(tmp_path, capsys, column, mark):
    from import_writers import report_tables

    tables = report_tables(GOMOKU_EVENT, ids=False)
    tables["Players"][0] = tables["Players"][0][:6] + [column]
    tables["Players"][1:] = [r[:6] + [mark] for r in tables["Players"][1:]]
    src = write_book(tables, tmp_path / "report.xlsx")
    book = tmp_path / "g.xlsx"
    assert run_cli("new", "gor", book) == 0
    _set_ids(book, column, {})        # the column in the Players sheet
    assert run_cli("import", src, "--into", book) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "5 new player(s)" in out and "could be any of" not in out, out  # the stdout summary
    new = [r for r in read_sheet(book, "Players") if r["name"] in {p.name for p in GOMOKU_EVENT.players}]
    assert len(new) == 5 and all(r.get(column) in (None, "") for r in new), new


# --------------------------------------------------------------------------- M2: the bye row of a table
def rr_with_bye(name: str) -> list[list]:
    """GOMOKU_EVENT's crosstable with a 6th row, the Berger table's dummy, each player's bye a "+"."""
    rows = rr_with_slots(1)
    n = len(GOMOKU_EVENT.players)
    for r in rows[2:2 + n]:
        r[5 + n] = "+"
    rows[-1][1] = name
    rows[-1][5:5 + n] = ["-"] * n
    return rows


def swiss_with_bye(name: str) -> list[list]:
    """GOMOKU_EVENT's Swiss table with a BYE row: the free player meets "player 6" (a forfeit win) each round."""
    rows = swiss_rows(GOMOKU_EVENT)
    bye = [["6", name, "", "", ""] + [""] * GOMOKU_EVENT.rounds + ["0"]]
    for r, key in GOMOKU_EVENT.byes.items():
        row = next(x for x in rows[1:] if x[0] == key)
        row[4 + r] = "6+"
        bye[0][4 + r] = f"{key}-"
    return rows + bye


BYE_TABLES = {
    "crosstable csv": lambda p, name: _csv(p.with_suffix(".csv"), rr_with_bye(name)),
    "crosstable xlsx": lambda p, name: _xlsx(p.with_suffix(".xlsx"), rr_with_bye(name)),
    "swiss csv": lambda p, name: _csv(p.with_suffix(".csv"), swiss_with_bye(name), "gb18030"),
}


@pytest.mark.parametrize("name", ["轮空", "輪空", "BYE", "Bye", "bye", "(bye)"])
@pytest.mark.parametrize("kind", sorted(BYE_TABLES))
def test_the_bye_row_of_a_table_is_no_player_and_its_games_are_byes(tmp_path, capsys, kind, name):
    book = shanghai_book(tmp_path)
    players, games = len(read_sheet(book, "Players")), len(read_sheet(book, "Games"))
    src = BYE_TABLES[kind](tmp_path / "src", name)
    assert run_cli("import", src, "--into", book, "--start", "2024-05-01", "--end", "2024-05-03") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    count = 5 if kind.startswith("crosstable") else 3
    assert f"'{name}' is the pairing's bye, not a player: left out, and its {count} entry(ies) are byes" in out, out  # the stdout summary
    rows = read_sheet(book, "Players")
    assert len(rows) - players == 5 and not [r for r in rows if "轮空" in str(r["name"]) or "bye" in str(r["name"]).lower()]
    assert len(read_sheet(book, "Games")) - games == 6


# --------------------------------------------------------------------------- M4: a TRF one-part name
def test_a_trf_name_of_a_surname_only_loses_its_comma(tmp_path, capsys):
    from import_writers import write_trf

    one_part = {"1": "龔軍", "2": "Ng", "3": "Madonna", "4": "吕小娟", "5": "莫一"}
    d = dataclasses.replace(GOMOKU_EVENT, players=tuple(dataclasses.replace(p, surname=one_part[p.key], first="")
                                                        for p in GOMOKU_EVENT.players))
    src = write_trf(tmp_path / "cn.trf", d)
    assert "龔軍," in src.read_text(encoding="utf-8") and "Ng," in src.read_text(encoding="utf-8")
    book = shanghai_book(tmp_path)
    players = len(read_sheet(book, "Players"))
    assert run_cli("import", src, "--into", book) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "SH039 龔軍, SH040 Ng, SH041 Madonna, SH042" in out, out
    assert sorted(r["name"] for r in read_sheet(book, "Players")[players:]) == sorted(one_part.values())


# --------------------------------------------------------------------------- M3: the Latin-name question
Y_H9 = """; CL[B]
; EV[Autumn Cup]
; PC[HK,Hong Kong]
; DT[2026-11-01,2026-11-02]
; HA[h9]
;
; Pl Name                 Rk Co Club      MMS  SOS
   1 Yan Zixuan          4d HK KLN       30  60     2+/w0    3+/b0
   2 Yan Zixuan          2d HK HKGA      30  60     1-/b0    4+/w0
   3 Wang Jing           4d HK NTGA      30  60     4+/w0    1-/w0
   4 Chan Tai Man        1k HK KLN       30  60     3-/b0    2-/b0
"""


def test_the_latin_name_question_says_per_candidate_what_fits_and_suggests_an_accepted_answer(tmp_path, capsys):
    book = tmp_path / "g.xlsx"
    assert run_cli("new", "gor", book) == 0
    src = tmp_path / "y.h9"
    src.write_text(Y_H9, encoding="utf-8")
    assert run_cli("import", src, "--into", book) == 2
    err = capsys.readouterr().err
    # HK029 嚴梓萱 (九龍棋社 4D), HK032 閆梓萱 (香港圍棋協會 2D): both "Yan Zixuan"; each fits one of the two
    assert ("player Yan Zixuan (九龍棋社 KLN) has the Latin name our rating lists give HK029 嚴梓萱 (九龍棋社: the same club, "
            "the same rank); HK032 閆梓萱 (香港圍棋協會): the same person?") in err, err
    assert ("player Yan Zixuan (香港圍棋協會 HKGA) has the Latin name our rating lists give HK029 嚴梓萱 (九龍棋社); HK032 閆梓萱 "
            "(香港圍棋協會: the same club, the same rank): the same person?") in err, err
    assert "HK029 嚴梓萱（九龍棋社，相符之處：單位相同，段級相同）" in err, err
    assert 'answer with --match "Yan Zixuan (KLN)=ID"' in err and 'answer with --match "Yan Zixuan (HKGA)=ID"' in err
    assert 'answer with --match "Wang Jing=ID"' in err      # one club: the short answer is accepted (quoted: a space)
    # the suggested answers are accepted
    assert run_cli("import", src, "--into", book, "--match", "Yan Zixuan (KLN)=HK029",
                   "--match", "Yan Zixuan (HKGA)=HK032", "--match", "Wang Jing=HK002") == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "HK029" in out and "HK032" in out and "HK002" in out, out


def test_the_bye_row_and_no_id_marks_on_the_import_sheet(tmp_path):
    """One click: the same rules as the command line (the bye row left out, a 会员号 of 0 not written)."""
    from test_script_dispatch import replay, run_script
    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(ROOT / "gor.xlsx")
    meta = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]
    rows = rr_with_bye("輪空")
    n = len(GOMOKU_EVENT.players)
    rows[1] = rows[1][:5] + ["会员号"] + rows[1][5:]
    rows[2:] = [r[:3] + ["3d" if r[1] != "輪空" else None] + r[4:5] + ["0"] + r[5:] for r in rows[2:]]
    tables["Import"] = meta + [list(r) for r in rows]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    head = [str(h or "") for h in tables["Players"][0]]
    name_col = next(j for j, h in enumerate(head) if h.endswith("name"))
    fed_col = next((j for j, h in enumerate(head) if h.endswith("federation_id")), None)
    names = {p.name for p in GOMOKU_EVENT.players}
    new = [r for r in grids["Players"][1:] if len(r) > name_col and r[name_col] in names]
    assert len(new) == n, grids["Players"][-8:]
    assert not [r for r in grids["Players"] if "輪空" in [str(v) for v in r]]
    # one click writes only the cells it fills: a row may end before the column it leaves alone
    assert fed_col is None or all(len(r) <= fed_col or r[fed_col] in (None, "") for r in new), new
