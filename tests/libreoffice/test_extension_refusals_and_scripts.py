"""Hostile tester's findings on the LibreOffice extension (issue 27), in the real program: one headless
LibreOffice for the module with the extension installed by ``unopkg add`` (the fixture of
tests/libreoffice/test_libreoffice_calc.py), driven over UNO (tests/lo_driver.py).

* a formula showing an error in an input sheet (a rating of ``=1/0``: #DIV/0!) is refused naming the
  cell -- it was read as an empty cell, and the player's rating made up from the rank;
* the rating list's refusal on a Hong Kong (gor) workbook is told in traditional Chinese, as Process's.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from helpers import TEMPLATES
from test_libreoffice_calc import _grid, _inputs, office  # noqa: F401 -- the module's LibreOffice

pytestmark = pytest.mark.libreoffice


@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_an_error_cell_in_the_players_sheet_is_refused_not_read_as_blank(office, system, tmp_path):  # noqa: F811
    book = tmp_path / f"{system}.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / f"{system}.xlsx")
    ws = wb["Players"]
    header = [str(c.value or "") for c in ws[1]]
    col = next(i for i, h in enumerate(header, start=1) if h.endswith(" rating"))
    ws.cell(2, col).value = "=1/0"               # a rating whose formula went wrong: #DIV/0!
    wb.save(book)
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "nothing was processed" in got["told"][0], got["told"]
    assert _inputs(got["after"]) == _inputs(got["before"])
    assert "Ratings" not in got["after"] or got["after"].get("Ratings") == got["before"].get("Ratings")
    checks = _grid(got["after"]["Checks"])
    assert any(r[2] == "Players" and r[3] == 2 and "#DIV/0!" in str(r[5]) for r in checks[1:]), checks[:4]
    if system == "gor":
        assert "未作任何處理" in got["told"][0]


def test_the_rating_lists_refusal_on_a_hong_kong_workbook_is_in_traditional_chinese(office, tmp_path):  # noqa: F811
    book = tmp_path / "gor.xlsx"
    openpyxl.load_workbook(TEMPLATES / "gor.xlsx").save(book)     # never processed: no list yet
    got = office.ask(op="click", path=str(book), commands=["rating_list"])
    told = got["told"][0]
    assert "no rating list was made" in told and "未生成等級分名單" in told, told
    assert "未生成等级分名单" not in told
    checks = _grid(got["after"]["Checks"])
    assert checks[0][0].startswith("問題"), checks[0]
    assert "History" in [r[2] for r in checks[1:]]
    assert _inputs(got["after"]) == _inputs(got["before"])


def test_process_clicked_twice_says_the_period_was_processed_again(office, tmp_path):  # noqa: F811
    book = tmp_path / "gor.xlsx"
    openpyxl.load_workbook(TEMPLATES / "gor.xlsx").save(book)
    got = office.ask(op="click", path=str(book), commands=["process", "process"])
    first, second = got["told"]
    assert "re-processed" not in first
    # the command line says it too ("re-processed 2026 (already in the History)"): the results were replaced
    assert "re-processed 2026 (already in the History)" in second and "已重新計算 2026（History 中已有）" in second, second
    assert _inputs(got["after"]) == _inputs(got["before"])


def _lacking_oxt(path):
    """The extension as a LibreOffice whose Python lacks what xl-ratings needs runs it (an older Python,
    a standard module missing): importing xl_ratings fails."""
    import zipfile

    from xl_ratings.libreoffice import build
    with zipfile.ZipFile(path, "w") as z:
        for name, data in build.entries():
            if name == "pythonpath/xl_ratings/__init__.py":
                data = b"raise ImportError(\"cannot import name 'UTC' from 'datetime'\")\n" + data
            z.writestr(name, data)
    path.chmod(0o644)
    return path


def test_a_libreoffice_python_lacking_what_xl_ratings_needs_installs_and_removes(tmp_path):
    from needs import need_soffice
    from test_libreoffice_calc import Office, _folder

    from xl_ratings.libreoffice import build
    need_soffice()
    lo = Office(_folder(), "")
    try:
        added = lo.unopkg("add", str(_lacking_oxt(lo.folder / "xl-ratings.oxt")))
        assert added.returncode == 0, added.stdout + added.stderr        # was: unopkg failed, a Python traceback
        assert "Traceback" not in added.stdout + added.stderr
        listed = lo.unopkg("list").stdout
        assert build.IDENTIFIER in listed and "is registered: yes" in listed
        assert lo.unopkg("remove", build.IDENTIFIER).returncode == 0
        assert build.IDENTIFIER not in lo.unopkg("list").stdout
    finally:
        shutil.rmtree(lo.folder, ignore_errors=True)


def test_a_libreoffice_python_lacking_what_xl_ratings_needs_says_why_on_a_click(tmp_path):
    from needs import need_soffice, need_uno, office_env
    from test_libreoffice_calc import Office, _folder

    from xl_ratings.i18n.catalogue import libreoffice as L
    soffice = need_soffice()
    lo = Office(_folder(), need_uno())
    proc = None
    try:
        assert lo.unopkg("add", str(_lacking_oxt(lo.folder / "xl-ratings.oxt"))).returncode == 0
        proc = subprocess.Popen([soffice, "--headless", "--invisible", "--norestore", "--nologo", lo.profile,
                                 f"--accept=pipe,name={lo.pipe};urp;"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                env=office_env())
        book = tmp_path / "gor.xlsx"
        openpyxl.load_workbook(TEMPLATES / "gor.xlsx").save(book)
        got = lo.ask(op="click", path=str(book), commands=["process"])
        told = got["told"][0]
        english = L.PYTHON_LACKS(python="X", problem="Y").en.split("(X)")[0]
        assert told.startswith(english) and "需要 Python 3.11" in told and "cannot import name 'UTC'" in told, told
        assert "Traceback" not in told
        assert _inputs(got["after"]) == _inputs(got["before"])
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(lo.folder, ignore_errors=True)


def test_the_components_buttons_are_the_commands():
    from xl_ratings.libreoffice import commands
    source = (Path(commands.__file__).parent / "component.py").read_text(encoding="utf-8")
    line = next(x for x in source.splitlines() if x.startswith("BUTTONS = "))
    assert ast.literal_eval(line.split("=", 1)[1].strip()) == commands.COMMANDS


class _Range:
    def __init__(self, rows):
        self.value = rows

    def options(self, **_):
        return self


class _Sheet:
    def __init__(self, name, rows):
        self.name, self.used_range = name, _Range(rows)


class _Book:
    def __init__(self, sheets):
        self.sheets = sheets


@pytest.mark.parametrize("system, words", [("gor", "遇到意外問題而停止"), ("shanghai", "遇到意外问题而停止")])
def test_an_unexpected_problem_is_told_in_the_workbooks_script(monkeypatch, system, words):
    from xl_ratings.libreoffice import commands

    book = _Book([_Sheet("Read me", [["x"]]), _Sheet("Settings", [["key", "value"], ["system", system]])])

    def broken(_book):
        raise RuntimeError("a bug")
    monkeypatch.setattr(commands, "is_spreadsheet", lambda doc: True)
    monkeypatch.setattr(commands, "Book", lambda doc: book)
    monkeypatch.setattr(commands, "_entry", lambda command: broken)
    told = commands.run("process", object())
    assert told.startswith("xl-ratings stopped on an unexpected problem") and "RuntimeError: a bug" in told
    assert words in told, told
