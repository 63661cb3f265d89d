"""Bad input in every format: every problem is reported at once, each message names
the file, the line or cell, and the value, in English and Chinese."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

import openpyxl
import pytest

import import_writers as W
from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.i18n import traditional
from xl_ratings.importers import crosstable, h9, load, opengotha, report, trf

CJK = re.compile(r"[\u4e00-\u9fff]")


def problems(fn: Callable[[], object]) -> list[RatingInputError]:
    with pytest.raises(InputErrors) as info:
        fn()
    assert info.value.errors
    return info.value.errors


def told(e: RatingInputError) -> str:
    """What the officer reads: the English, then the Chinese."""
    return f"{e} {e.zh_line('zh-Hans')}"


def find(errors: list[RatingInputError], *words: str) -> RatingInputError:
    hits = [e for e in errors if all(w in str(e) for w in words)]
    assert hits, f"no error with {words} among:\n" + "\n".join(map(str, errors))
    return hits[0]


def well_formed(err: RatingInputError, file: str, where: str, value: str) -> None:
    """Names the file, the line/cell and the value; a catalogue message: English, its Chinese beside it
    (the same place and value in Chinese)."""
    msg = str(err)
    assert file in msg and where in msg and value in msg, msg
    assert err.text is not None and CJK.search(err.text.zh), msg
    zh = err.zh_line("zh-Hans") or ""
    assert file in zh and value in zh and CJK.search(zh), zh
    assert err.where.file and file in err.where.file


# ------------------------------------------------------------------ crosstables
def test_rr_halves_disagree_names_both_cells() -> None:
    rows = [["No", "Name", 1, 2, 3, 4, 5],
            [1, "A", None, 1, 0, 1, 1],
            [2, "B", 0, None, 1, 1, 1],
            [3, "C", 1, 0, None, 1, 1],
            [4, "D", 0, 0, 0, None, 1],
            [5, "E", 0, 0, 0, 1, None]]      # D6 says 0 (vs 4)… G5 says 1: both won
    errors = problems(lambda: crosstable.parse_rows(rows, "club.xlsx", "Import"))
    e = find(errors, "disagree")
    well_formed(e, "club.xlsx", "G5", "1")
    assert "G5 says 1" in str(e) and "F6 says 1" in str(e) and "交叉表两处结果不一致" in told(e)
    assert e.where.sheet == "Import" and e.where.row == 5


def test_rr_every_problem_at_once() -> None:
    rows = [["No", "Name", 1, 2, 3, 9],
            [1, "A", "1", 1, "abc", None],
            [2, "B", 0, None, None, None],
            [3, "C", "½", None, None, None]]
    errors = problems(lambda: crosstable.parse_rows(rows, "rr.csv"))
    well_formed(find(errors, "opponent number 9 does not exist"), "rr.csv", "F1", "9")
    well_formed(find(errors, "meets themself"), "rr.csv", "C2", "1")
    well_formed(find(errors, "not a result"), "rr.csv", "E2", "abc")
    well_formed(find(errors, "listed once only"), "rr.csv", "C4", "½")
    assert len(errors) == 4


def test_swiss_errors() -> None:
    rows = [["No", "姓名", "R1", "R2", "R7"],
            ["1", "张三", "2w1", "9b0", "3b1"],
            ["2", "李四", "1b0", "2w1", "+"],
            ["3", "王五", "+", "1w1", "1wx"]]
    errors = problems(lambda: crosstable.parse_rows(rows, "swiss.csv"))
    well_formed(find(errors, "opponent number 9 does not exist"), "swiss.csv", "D2", "9b0")
    well_formed(find(errors, "player 2 meets themself"), "swiss.csv", "D3", "2w1")
    well_formed(find(errors, "listed once only"), "swiss.csv", "D4", "1w1")
    well_formed(find(errors, "round 7 is out of range"), "swiss.csv", "E1", "R7")


def test_swiss_bad_code_and_disagreeing_colours() -> None:
    rows = [["No", "Name", "R1", "R2"],
            ["1", "A", "2w1", "3q1"],
            ["2", "B", "1w0", "+"],
            ["3", "C", "+", "1b0"]]
    errors = problems(lambda: crosstable.parse_rows(rows, "s.csv"))
    well_formed(find(errors, "not a result"), "s.csv", "D2", "3q1")
    well_formed(find(errors, "same colour"), "s.csv", "C2", "2w1")


def test_swiss_handicap_halves_disagree() -> None:
    rows = [["No", "Name", "R1"], ["1", "A", "2b1h2"], ["2", "B", "1w0h3"]]
    e = find(problems(lambda: crosstable.parse_rows(rows, "h.csv")), "handicaps")
    well_formed(e, "h.csv", "C2", "2b1h2")


# ------------------------------------------------------------------ h9
H9 = """; EV[Test]
; CL[B]
   1 Zhang Wei      3d CN SH  3   2+/w0   3-/b0
   2 Li Na          1k CN BJ  2   1-/b0   3x/w0
   3 Wang Fang      2d CN SH  1   9+/b0
   4 Chen Jie       5k CN HZ  1   0+      1+/w0
   5 Liu Yang      10k CN SZ  0   5=/w0   0-
"""


def test_h9_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.h9"
    path.write_text(H9, encoding="utf-8")
    errors = problems(lambda: h9.parse(path))
    f = str(path)
    well_formed(find(errors, "not a result"), f, "line 4", "3x/w0")
    well_formed(find(errors, "truncated line"), f, "line 5", "9+/b0")
    well_formed(find(errors, "meets themself"), f, "line 7", "5=/w0")
    e = find(errors, "listed once only", "player 4 v 1")
    well_formed(e, f, "line 6", "1+/w0")
    assert "line 3, round 2 says 3-/b0" in str(e)


def test_h9_halves_disagree(tmp_path: Path) -> None:
    path = tmp_path / "d.h9"
    path.write_text("   1 Zhang Wei 3d CN SH  2+/w0\n   2 Li Na 1k CN BJ  1+/b0\n", encoding="utf-8")
    e = find(problems(lambda: h9.parse(path)), "disagree")
    well_formed(e, str(path), "line 1", "2+/w0")
    assert "line 2, round 1 says 1+/b0" in str(e) and "成绩文件两处结果不一致" in told(e)


# ------------------------------------------------------------------ TRF
def _trf_line(rank: int, name: str, rounds: list[str]) -> str:
    buf: list[str] = []
    for col, value in ((1, "001"), (5, f"{rank:>4}"), (15, name), (49, "2000"), (81, " 1.0"), (86, f"{rank:>4}")):
        W._put(buf, col, value)
    for r, block in enumerate(rounds):
        W._put(buf, 92 + 10 * r, block)
    return "".join(buf)


def test_trf_errors(tmp_path: Path) -> None:
    lines = ["012 Broken", "XXR 2",
             _trf_line(1, "A, a", ["   2 w 1", "   3 b X", "   2 w 1"]),
             _trf_line(2, "B, b", ["   1 b 1", "   9 w 0"]),
             _trf_line(3, "C, c", ["   4 w 1", "   1 w 0", "   2 w"]),
             "this is not a TRF line"]
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    errors = problems(lambda: trf.parse(path))
    f = str(path)
    well_formed(find(errors, "not a result"), f, "line 3", "3 b X")
    well_formed(find(errors, "out of range", "XXR 2"), f, "line 3", "2 w 1")
    well_formed(find(errors, "opponent number 9 does not exist"), f, "line 4", "9 w 0")
    well_formed(find(errors, "truncated line"), f, "round 3", "2 w")
    well_formed(find(errors, "not a TRF line"), f, "line 6", "this is not")
    e = find(errors, "disagree")
    well_formed(e, f, "line 3", "2 w 1")
    assert "line 4, round 1 says 1 b 1" in str(e)


def test_trf_truncated_player_line(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("012 T\n001    1      Zhang, W\n", encoding="utf-8")
    well_formed(find(problems(lambda: trf.parse(path)), "truncated line"), str(path), "line 2", "Zhang, W")


# ------------------------------------------------------------------ OpenGotha
def test_opengotha_refuses_dtd_and_entities(tmp_path: Path) -> None:
    path = tmp_path / "lol.xml"
    path.write_text('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n'
                    "<Tournament><Players/></Tournament>\n", encoding="utf-8")
    for fn in (lambda: opengotha.parse(path), lambda: load(path)):
        e = find(problems(fn), "DTD")
        well_formed(e, str(path), "line 2", "<!DOCTYPE")
        assert "安全" in told(e)


def test_opengotha_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201"><Players>
<Player name="Zhang" firstName="Wei" rank="3D" rating="2300"/>
<Player name="Li" firstName="Na" rank="1K" rating="2000"/>
</Players><Games>
<Game roundNumber="1" whitePlayer="ZHANGWEI" blackPlayer="WANGFANG" result="RESULT_WHITEWINS" handicap="0"/>
<Game roundNumber="9" whitePlayer="ZHANGWEI" blackPlayer="LINA" result="RESULT_WHITEWINS" handicap="0"/>
<Game roundNumber="2" whitePlayer="ZHANGWEI" blackPlayer="LINA" result="WHITE_WINS" handicap="0"/>
<Game roundNumber="3" whitePlayer="LINA" blackPlayer="LINA" result="RESULT_EQUAL" handicap="0"/>
</Games><TournamentParameterSet><GeneralParameterSet name="T" numberOfRounds="3"/></TournamentParameterSet>
</Tournament>
""", encoding="utf-8")
    errors = problems(lambda: opengotha.parse(path))
    f = str(path)
    well_formed(find(errors, "not among the players"), f, "line 6", "WANGFANG")
    well_formed(find(errors, "out of range"), f, "line 7", "9")
    well_formed(find(errors, "not an OpenGotha result"), f, "line 8", "WHITE_WINS")
    well_formed(find(errors, "meets themself"), f, "line 9", "LINA")
    assert len(errors) == 4


def test_opengotha_malformed_and_foreign_xml(tmp_path: Path) -> None:
    bad = tmp_path / "cut.xml"
    bad.write_text('<?xml version="1.0"?>\n<Tournament><Players>\n', encoding="utf-8")
    well_formed(find(problems(lambda: opengotha.parse(bad)), "not well-formed"), str(bad), "line", "")
    other = tmp_path / "other.xml"
    other.write_text('<?xml version="1.0"?>\n<Schedule/>\n', encoding="utf-8")
    well_formed(find(problems(lambda: opengotha.parse(other)), "not an OpenGotha file"), str(other), "", "Schedule")


# ------------------------------------------------------------------ report
def test_report_errors(tmp_path: Path) -> None:
    tables = W.report_tables()
    games = tables["Games"]
    games[1][3] = 9                 # opponent 9 is not a player        (D2)
    games[2][4] = "win?"            # not a result                      (E3)
    games[3][1] = "next Tuesday"    # not a date                        (B4)
    games[4][3] = games[4][2]       # meets themself                    (D5)
    tables["Event"][4][1] = "knockout"   # not a format                 (B5)
    games[5][0] = 10 ** 12          # a round no event has              (A6)
    errors = problems(lambda: report.parse_report_tables(tables, "club_report.xlsx"))
    f = "club_report.xlsx"
    well_formed(find(errors, "player number 9 is not on the Players sheet"), f, "D2", "9")
    well_formed(find(errors, "not a result"), f, "E3", "win?")
    well_formed(find(errors, "not a date"), f, "B4", "next Tuesday")
    well_formed(find(errors, "meets themself"), f, "D5", "")
    well_formed(find(errors, "format must be"), f, "B5", "knockout")
    well_formed(find(errors, "round 1000000000000 is out of range"), f, "A6", "1000000000000")
    assert {e.where.sheet for e in errors} == {"Games", "Event"}


def test_report_missing_sheet_and_duplicate_players() -> None:
    e = find(problems(lambda: report.parse_report_tables({"Event": [["name", "x"]]}, "r.xlsx")), "lacks")
    well_formed(e, "r.xlsx", "", "Event")
    tables = W.report_tables()
    tables["Players"][2][0] = 1
    well_formed(find(problems(lambda: report.parse_report_tables(tables, "r.xlsx")), "appears twice"),
                "r.xlsx", "A3", "1")


def test_report_with_both_games_and_crosstable() -> None:
    """Two sheets of results for one event: refused, never one silently dropped; an empty
    Games sheet (the template's, cleared) next to a crosstable is not a second source."""
    tables = W.report_tables()
    tables["Crosstable"] = W.report_tables(games=False)["Crosstable"]
    e = find(problems(lambda: report.parse_report_tables(tables, "r.xlsx")), "both on sheet Games and on sheet")
    well_formed(e, "r.xlsx", "", "Games, Crosstable")
    tables["Games"] = tables["Games"][:1]
    from_crosstable = report.parse_report_tables(tables, "r.xlsx")
    only_crosstable = report.parse_report_tables(W.report_tables(games=False), "r.xlsx")
    assert from_crosstable.games == only_crosstable.games and len(from_crosstable.games) > 0


# ------------------------------------------------------------------ files
def test_garbage_empty_and_wrong_encoding(tmp_path: Path) -> None:
    garbage = tmp_path / "noise.trf"
    garbage.write_bytes(bytes(range(256)) * 20 + os.urandom(500))
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    wrong = tmp_path / "latin.csv"
    wrong.write_bytes("No,Name,1\n1,Zh\xe4ng,\n".encode("utf-8")[:-1] + b"\xff\xfe\x80\x80\n")
    utf16 = tmp_path / "u16.csv"
    # (UTF-16 without a BOM is read now: tests/importers/test_utf16_without_bom.py; one cut short is not)
    utf16.write_bytes("No,Name,1\n1,Zhang,\n".encode("utf-16-le")[:-1])
    for path, word in ((garbage, "binary"), (empty, "empty"), (wrong, "encodings"), (utf16, "UTF-16")):
        errors = problems(lambda: load(path))
        assert len(errors) == 1
        well_formed(errors[0], str(path), str(path), "")
        assert word in str(errors[0])


def test_xlsx_that_is_not_a_workbook(tmp_path: Path) -> None:
    fake = tmp_path / "fake.xlsx"
    fake.write_bytes(b"PK\x03\x04" + os.urandom(200))
    well_formed(problems(lambda: load(fake))[0], str(fake), str(fake), "")


def test_unknown_format_name(tmp_path: Path) -> None:
    path = W.write_h9(tmp_path / "t.h9")
    well_formed(find(problems(lambda: load(path, format="pgn")), "unknown format"), str(path), "", "pgn")


def test_crosstable_workbook_sheet_choice(tmp_path: Path) -> None:
    """A crosstable workbook: the sheet named 交叉表/Import/成绩表 wins over the first sheet."""
    path = tmp_path / "x.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "说明"
    wb.active.append(["这是说明页"])
    ws = wb.create_sheet("成绩表")
    for row in W.rr_rows():
        ws.append(row)
    wb.save(path)
    t = load(path)
    assert t.format == "crosstable" and len(t.games) == len(W.EVENT.games)
    assert t.games[0].source.sheet == "成绩表"


# ------------------------------------------------------------------ encodings
def test_encodings_of_real_life(tmp_path: Path) -> None:
    """h9 from European programs in latin-1; TRF and CSV from Chinese Windows in GB18030."""
    h = tmp_path / "latin1.h9"
    h.write_bytes("   1 Rousseau J\xe9r\xe9my 12k FR 69Ly  2+/w0\n   2 Mathis L\xe9a 17k FR 69Ly  1-/b0\n"
                  .encode("latin-1"))
    assert load(h).player("1").name == "Rousseau Jérémy"
    t = tmp_path / "gb.trf"
    t.write_bytes(W.write_trf(tmp_path / "u.trf").read_text(encoding="utf-8")
                  .replace("Zhang, Wei", "张伟".ljust(10)).encode("gb18030"))
    assert load(t).player("1").name == "张伟"
    # Chinese h9 (GBK) and crosstables saved in Big5 (Hong Kong) or GBK: read as what they are
    for enc, names in (("gbk", ("张伟", "上海棋院")), ("big5", ("陳大文", "香港圍棋協會"))):
        h = tmp_path / f"{enc}.h9"
        h.write_bytes(f"   1 {names[0]} 3d CN {names[1]}  2+/w0\n   2 Rousseau Jeremy 2d FR 69Ly  1-/b0\n"
                      .encode(enc))
        assert load(h).player("1").name == names[0], enc
        c = tmp_path / f"{enc}.csv"
        rows = [["0.5" if v == "½" else ("" if v is None else v) for v in r] for r in W.rr_rows(W.EVENT)]
        rows[2][1] = names[0]                      # the first player (row 1: the title, 2: the header)
        text = "\n".join(",".join(str(v) for v in r) for r in rows) + "\n"
        c.write_bytes((traditional(text) if enc == "big5" else text).encode(enc))
        assert names[0] in {p.name for p in load(c).players}, enc
    # a title line above a table separated by semicolons (Excel where the decimal mark is a comma)
    c = tmp_path / "semi.csv"
    rows = W.rr_rows(W.EVENT)
    c.write_text("春季赛 成绩表\n" + "\n".join(";".join("" if v is None else str(v) for v in r)
                                              for r in rows[1:]) + "\n",
                 encoding="utf-8")
    assert len(load(c).games) == len(load(W.write_rr_csv(tmp_path / "comma.csv", W.EVENT)).games) > 0
