"""A Hong Kong (gor) workbook is told in traditional Chinese, everywhere (issue 15, Must show).

The language is chosen once per run -- the workbook's script -- and every message
of the run is in it: the command line (process with problems and without, import
with problems and without, publish), the Checks sheet, and one click (the scripts
through xlwings' own dispatch).  Every Chinese line printed or written is checked
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

from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.i18n.labels import LABELS, header_key
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[1] / "workbook_templates"
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
