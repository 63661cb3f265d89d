"""A Hong Kong (gor) workbook is told in traditional Chinese, everywhere (issue 15, Must show).

The language is chosen once per run -- the workbook's script -- and every message
of the run is in it: the command line (process with problems and without, import
with problems and without, publish and its refusals, a game list with problems, a
workbook file refused -- read-only, open in Excel, locked, its History edited), the
Checks sheet, and one click (the scripts through xlwings' own dispatch: processed,
problems, sheets it must not replace -- refused in the command line's own words).  Every Chinese line printed or written is checked
with OpenCC: converting it to traditional (``s2hk``) changes nothing -- no
simplified-only character is left -- and such lines exist.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import run_cli
from import_writers import EVENT, rr_rows, write_h9
from test_script_dispatch import replay, run_script

from xl_ratings.files.lock import WorkbookLock
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.i18n.labels import LABELS, header_key
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
CJK = re.compile(r"[\u3400-\u9fff]")


def chinese(lines: list[str]) -> list[str]:
    return [ln for ln in lines if CJK.search(ln)]


def traditional_only(text: str | list[str], at_least: int = 1) -> list[str]:
    """The Chinese lines of ``text``, each already traditional: s2hk changes none of them."""
    lines = chinese(text.splitlines() if isinstance(text, str) else [str(x) for x in text])
    assert len(lines) >= at_least, f"expected Chinese lines, got: {text!r}"[:2000]
    simplified = [ln for ln in lines if to_lang(ln, TRADITIONAL) != ln]
    assert simplified == [], "lines with simplified characters:\n" + "\n".join(simplified)
    return lines


def test_the_check_sees_simplified_text():
    """Guards against a check that passes everything."""
    with pytest.raises(AssertionError, match="simplified"):
        traditional_only(["HK001 王静: 首次获得等级分"])
    with pytest.raises(AssertionError, match="expected Chinese"):
        traditional_only(["written: gor.xlsx"])
    assert traditional_only(["HK001 王靜：首次獲得等級分"]) == ["HK001 王靜：首次獲得等級分"]


def _book(tmp_path: Path) -> Path:
    book = tmp_path / "hk.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    return book


def _broken(tmp_path: Path) -> Path:
    """The sample with three input problems: a result no one writes, an unknown player, a date that is none."""
    book = _book(tmp_path)
    wb = openpyxl.load_workbook(book)
    games = wb["Games"]
    keys = [header_key(c.value, set(LABELS)) for c in games[1]]
    first = [c.value for c in games[2]]
    for key, value in (("result", "X"), ("opponent", "NOBODY"), ("date", "someday")):
        games.append([value if k == key else v for k, v in zip(keys, first)])
    wb.save(book)
    return book


def _checks_lines(book: Path) -> list[str]:
    ws = openpyxl.load_workbook(book, data_only=True)["Checks"]
    return [str(v) for row in ws.iter_rows(values_only=True) for v in row if isinstance(v, str)]


# ------------------------------------------------------------------ the command line
def test_process_tells_a_gor_workbook_in_traditional_chinese(tmp_path, capfd):
    book = _book(tmp_path)
    assert run_cli("process", book) == 0
    out = capfd.readouterr()
    traditional_only(out.out + out.err, at_least=3)      # the summary, the table's words, written
    checks = traditional_only(_checks_lines(book), at_least=2)
    assert any("棋力分" in ln or "不戰勝" in ln for ln in checks), checks   # the rules' own lines

    (tmp_path / "broken").mkdir()
    assert run_cli("process", _broken(tmp_path / "broken")) == 2
    out = capfd.readouterr()
    lines = traditional_only(out.err, at_least=3)        # the head line and each problem's Chinese
    assert any("個問題" in ln for ln in lines), lines


def test_import_tells_a_gor_workbook_in_traditional_chinese(tmp_path, capfd):
    book = _book(tmp_path)
    good = write_h9(tmp_path / "spring.h9", EVENT)
    bad = tmp_path / "bad.h9"
    bad.write_text(good.read_text(encoding="utf-8").replace("/w0", "/q0", 1), encoding="utf-8")
    # refused before the workbook is opened: the run still tells it in the workbook's script
    assert run_cli("import", bad, "--into", book) == 2
    out = capfd.readouterr()
    lines = traditional_only(out.err, at_least=3)
    assert any("不是有效結果" in ln for ln in lines), lines
    assert run_cli("import", good, "--into", book) == 0
    out = capfd.readouterr()
    lines = traditional_only(out.out, at_least=5)        # summary, notes (byes), clubs, written
    assert any("輪空" in ln for ln in lines) and any("新棋手" in ln for ln in lines), lines


def test_publish_tells_a_gor_workbook_in_traditional_chinese(tmp_path, capfd):
    book = _book(tmp_path)
    assert run_cli("process", book) == 0
    capfd.readouterr()
    assert run_cli("publish", book, "--site", tmp_path / "site", "--rating-list", tmp_path / "list.txt") == 0
    out = capfd.readouterr()
    lines = traditional_only(out.out, at_least=3)        # the rating list's notes, the website
    assert any("網站" in ln for ln in lines), lines
    assert run_cli("publish", book, "--rating-list", tmp_path / "list.txt", "--layout", "csv") == 2   # a .csv
    traditional_only(capfd.readouterr().err, at_least=2)


def test_new_and_errors_before_any_workbook_is_read_are_told_in_its_script(tmp_path, capfd):
    assert run_cli("new", "gor", tmp_path / "hk.xlsx") == 0
    traditional_only(capfd.readouterr().out)
    assert run_cli("process", tmp_path / "hk.xlsx", "--output", tmp_path / "out.csv") == 2
    traditional_only(capfd.readouterr().err, at_least=2)


def test_option_refusals_of_a_gor_workbook_are_traditional_and_use_one_term(tmp_path, capfd):
    """Hostile2 F14: the --json refusal (and any refusal of an option) was told before the
    workbook's script was known: simplified; History 已有周期 beside History 中沒有該週期."""
    book = shutil.copy(ROOT / "gor.xlsx", tmp_path / "hk.xlsx")
    for args in (["process", book, "--json", tmp_path / "hk.txt"], ["process", book, "--from", ""],
                 ["import", tmp_path / "x.h9", "--into", book, "--event", ""],
                 ["publish", book, "--period", "", "--pdf", tmp_path / "x.pdf"]):
        assert run_cli(*args) == 2, args
        err = capfd.readouterr().err
        assert "個問題" in err, err
        traditional_only(err, at_least=2)
    assert run_cli("process", book) == 0
    capfd.readouterr()
    told = []
    for args in (["--period", "2020"], ["--from", "2099"]):
        assert run_cli("process", book, *args) == 2
        told += traditional_only(capfd.readouterr().err, at_least=2)
    said = "".join(told)
    assert "已有週期" in said and "沒有該週期" in said and "周期" not in said, said


def test_the_workbook_decides_the_script_not_an_option_given_with_it(tmp_path, capfd):
    """``--system gor`` given (wrongly) with a Shanghai workbook: the refusal is told in the
    Shanghai workbook's simplified Chinese; the same option with a Hong Kong one, traditional."""
    assert run_cli("new", "shanghai", tmp_path / "sh.xlsx") == 0 and run_cli("new", "gor", tmp_path / "hk.xlsx") == 0
    capfd.readouterr()
    assert run_cli("process", tmp_path / "sh.xlsx", "--system", "gor") == 2
    err = capfd.readouterr().err
    assert "--system 只用于" in err and to_lang("--system 只用于", TRADITIONAL) not in err, err
    assert run_cli("process", tmp_path / "hk.xlsx", "--system", "shanghai") == 2
    traditional_only(capfd.readouterr().err, at_least=2)


def _refused(capfd, *args) -> list[str]:
    """A command refused (exit 2, nothing else printed): its traditional Chinese lines."""
    assert run_cli(*args) == 2
    out = capfd.readouterr()
    assert out.out == ""
    return traditional_only(out.err, at_least=2)       # the head line and each problem's Chinese


def test_a_refused_workbook_file_is_told_in_its_script(tmp_path, capfd):
    """Refused before any period is read -- read-only, open in Excel, another run's lock -- or
    by the History's audit: the workbook's own script, every line."""
    book = _book(tmp_path)
    book.chmod(0o444)
    lines = _refused(capfd, "process", book)
    assert any(to_lang("工作簿为只读", TRADITIONAL) in ln for ln in lines), lines
    book.chmod(0o644)

    office = book.with_name("~$" + book.name)
    office.write_bytes(b"")
    lines = _refused(capfd, "process", book)
    assert any(to_lang("工作簿正在 Excel 中打开", TRADITIONAL) in ln for ln in lines), lines
    office.unlink()

    with WorkbookLock(book):                                  # another run holds the workbook
        lines = _refused(capfd, "process", book)
    assert any(to_lang("正在处理此工作簿", TRADITIONAL) in ln for ln in lines), lines

    assert run_cli("process", book) == 0
    capfd.readouterr()
    wb = openpyxl.load_workbook(book)
    history = wb["History"]
    new = next(c.column for c in history[1] if header_key(c.value, set(LABELS)) == "new")
    history.cell(2, new).value += 7                           # a published rating edited by hand
    wb.save(book)
    lines = _refused(capfd, "process", book)
    assert any(to_lang("与程序写入的不符", TRADITIONAL) in ln for ln in lines), lines


def test_a_game_list_with_problems_is_told_in_the_systems_script(tmp_path, capfd):
    games = tmp_path / "games.csv"
    games.write_text("player,opponent,result,date\nA,B,1,2026-03-01\nA,A,1,2026-03-01\nB,C,X,2026-03-02\n"
                     "C,A,0,someday\n", encoding="utf-8")
    lines = _refused(capfd, "process", games, "--system", "gor")
    assert len(lines) >= 4 and any(to_lang("棋手不能与自己对局", TRADITIONAL) in ln for ln in lines), lines
    games.write_text("player,result\nA,1\n", encoding="utf-8")          # columns missing
    lines = _refused(capfd, "process", games, "--system", "gor")
    assert any(to_lang("缺少必需的列", TRADITIONAL) in ln for ln in lines), lines


def test_publish_refusals_are_told_in_the_workbooks_script(tmp_path, capfd):
    book = _book(tmp_path)
    lines = _refused(capfd, "publish", book)                             # no target
    assert any("--site" in ln for ln in lines), lines
    lines = _refused(capfd, "publish", book, "--site", tmp_path / "site")   # nothing processed yet
    assert any(to_lang("尚未发布", TRADITIONAL) in ln for ln in lines), lines
    assert run_cli("process", book) == 0
    capfd.readouterr()
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    _refused(capfd, "publish", book, "--site", tmp_path / "notes.txt")   # a file, not a folder
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "index.html").write_text("<p>mine</p>", encoding="utf-8")
    _refused(capfd, "publish", book, "--site", theirs)                   # a folder we did not write
    _refused(capfd, "publish", book, "--pdf", tmp_path / "list.txt")     # not a .pdf


# ------------------------------------------------------------------ one click (xlwings Lite / Server)
def test_one_click_tells_a_gor_workbook_in_traditional_chinese(tmp_path):
    printed: list[str] = []
    sheets, actions = run_script("process_period", read_tables(ROOT / "gor.xlsx"), "gor.xlsx", tmp_path, printed)
    traditional_only(printed[0])
    checks = replay(sheets, actions)["Checks"]
    traditional_only([v for row in checks for v in row if isinstance(v, str)], at_least=2)


def test_one_click_problems_and_import_are_told_in_traditional_chinese(tmp_path):
    tables = read_tables(_broken(tmp_path))
    printed: list[str] = []
    sheets, actions = run_script("process_period", tables, "hk.xlsx", tmp_path, printed)
    traditional_only(printed[0])                          # "N problems: see the Checks sheet"
    report = replay(sheets, actions)["Checks"]
    lines = traditional_only([v for row in report for v in row if isinstance(v, str)], at_least=3)
    assert any("問題" in ln for ln in lines), lines     # the header, in the workbook's script

    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = [["名稱 name", "春季公開賽"], ["開始 start", "2024-05-01"], ["結束 end", "2024-05-03"], []] \
        + [list(r) for r in rr_rows(EVENT)]
    printed = []
    run_script("import_results", tables, "gor.xlsx", tmp_path, printed)
    lines = traditional_only(printed[0], at_least=3)      # imported, the summary, its notes
    assert any("已導入" in ln for ln in lines), lines


def test_one_click_refuses_what_the_command_line_refuses_in_the_same_words(tmp_path, capfd):
    """One use case (:mod:`xl_ratings.jobs.period`) for both: a sheet named like a result sheet
    in other letters, and a result sheet xl-ratings did not write, are refused by one click and
    by the command line alike -- the same problems, in traditional Chinese."""
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Ratings"] = [["my own list"], ["HK001", 2100]]
    tables["changes"] = [["notes"]]
    printed: list[str] = []
    sheets, actions = run_script("process_period", tables, "hk.xlsx", tmp_path, printed)
    assert to_lang("2 个问题", TRADITIONAL) in traditional_only(printed[0])[0]
    grids = replay(sheets, actions)
    ratings = [s["name"] for s in sheets].index("Ratings")
    assert [a for a in actions if a.get("sheet_position") == ratings] == []   # the officer's sheet untouched
    report = [row for row in grids["Checks"][1:] if row]
    one_click = sorted((row[2], row[1]) for row in report)
    traditional_only([zh for _, zh in one_click], at_least=2)

    book = tmp_path / "hk.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    for name, rows in (("Ratings", tables["Ratings"]), ("changes", tables["changes"])):
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(book)
    lines = _refused(capfd, "process", book)
    # the same problems, word for word in Chinese (the command line puts the place before each)
    places = {sheet: to_lang(f"文件 {book}，工作表 '{sheet}'：", TRADITIONAL) for sheet, _ in one_click}
    assert sorted(ln.strip() for ln in lines[1:]) == sorted(places[sheet] + zh for sheet, zh in one_click)
