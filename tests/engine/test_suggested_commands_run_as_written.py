"""A command a message tells the officer to run works when typed (or pasted) as written, also for a
workbook whose name holds a space (``協會 棋力.xlsx``, as Windows users name files): the name is quoted.
Unquoted, ``xl-ratings process 改動 測試.xlsx --from 2025`` is two arguments and fails."""

from __future__ import annotations

import shlex
import shutil

import openpyxl
import pytest

from helpers import TEMPLATES, run_cli


@pytest.mark.parametrize("name, typed", [
    ("club.xlsx", ["club.xlsx"]),
    ("改動 測試.xlsx", ["改動 測試.xlsx"]),
    ("報告(1).xlsx", ["報告(1).xlsx"]),
    ("a$b c.xlsx", ["a$b c.xlsx"]),
    ("it's mine.xlsx", ["it's mine.xlsx"]),
])
def test_a_file_name_is_one_word_of_the_command(name, typed):
    from xl_ratings.i18n.text import command_word

    assert shlex.split(f"xl-ratings process {command_word(name)} --from 2025") == \
        ["xl-ratings", "process", *typed, "--from", "2025"]
    assert (command_word(name) == name) == (name == "club.xlsx")     # quoted only when it must be


def _suggested(err: str, verb: str) -> list[str]:
    """The command the (English) message suggests, as the shell splits it."""
    line = next(ln for ln in err.splitlines() if f"xl-ratings {verb} " in ln and "文件" not in ln)
    cmd = line[line.index(f"xl-ratings {verb} "):]
    return shlex.split(cmd)


def test_the_from_command_of_a_stale_history_runs_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    monkeypatch.chdir(tmp_path)
    book = tmp_path / "改動 測試.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Players"].append(["HK099", "陳大文", None, "M", "九龍棋社", "3k", 1800])   # records of its own: no sample
    wb.save(book)
    assert run_cli("process", book.name) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    ws["F2"] = 1 if ws["F2"].value != 1 else 0          # a corrected result of a published period
    wb.save(book)
    capsys.readouterr()
    assert run_cli("process", book.name) == 2
    argv = _suggested(capsys.readouterr().err, "process")
    assert argv[:3] == ["xl-ratings", "process", book.name] and argv[3] == "--from"
    assert run_cli(*argv[1:]) == 0


def test_the_import_command_new_report_suggests_names_the_report_whole(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "report", "春季 報告.xlsx", "--system", "gor") == 0
    argv = _suggested(capsys.readouterr().out, "import")
    assert argv[:3] == ["xl-ratings", "import", "春季 報告.xlsx"] and argv[3] == "--into"
