"""``xl-ratings new``: what it refuses and what it keeps (the hostile review of issues 15-18, 20).

* ``--force`` over an existing workbook replaces it as ``process`` does: the file as it
  was kept first as ``BOOK.backup.xlsx`` (a processed workbook's History included), never
  while Excel or LibreOffice has it open.
* A ``.xlsm`` name is the module its button imports (``import NAME``): a word of the
  language, or a module Python would load instead of ``NAME.py`` (the standard library,
  built-in and installed modules), is refused with the reason.
"""

from __future__ import annotations

import shutil
import sys

import openpyxl
import pytest
from helpers import TEMPLATES, processed_sample, run_cli
from problem_ids import cli_problems


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_new_force_keeps_the_workbook_it_replaces(tmp_path, capsys, suffix):
    """Finding 9: ``new gor processed.xlsx --force`` replaced a processed workbook, History
    included, with no backup."""
    book = processed_sample(tmp_path, "gor")
    if suffix == ".xlsm":
        shutil.copy(TEMPLATES / "gor.xlsm", tmp_path / "club.xlsm")
        book = tmp_path / "club.xlsm"
    before = book.read_bytes()
    capsys.readouterr()
    assert run_cli("new", "gor", book) == 2                        # without --force: refused
    assert "--force" in capsys.readouterr().err and book.read_bytes() == before
    assert run_cli("new", "gor", book, "--force", "--empty") == 0
    backup = book.with_name(f"{book.stem}.backup{suffix}")
    assert f"kept as {backup.name}" in capsys.readouterr().out  # the stdout line an officer reads
    assert backup.read_bytes() == before
    assert openpyxl.load_workbook(book)["Players"].max_row == 1      # the new one is empty
    if suffix == ".xlsx":
        assert "History" in openpyxl.load_workbook(backup).sheetnames


@pytest.mark.parametrize("second", [["gor"], ["gor", "--empty"], ["shanghai"], ["lianzhong", "--empty"]])
def test_new_force_never_replaces_a_backup_holding_a_processed_workbook(tmp_path, capsys, second):
    """Hostile2 F3: ``new gor BOOK --force`` twice (or for another system the second time) replaced
    BOOK.backup.xlsx -- the processed workbook -- with the first run's blank template."""
    book = processed_sample(tmp_path, "gor")
    processed = book.read_bytes()
    assert run_cli("new", "gor", book, "--force") == 0
    backup = tmp_path / "gor.backup.xlsx"
    assert backup.read_bytes() == processed
    template = book.read_bytes()
    capsys.readouterr()
    code, told = cli_problems("new", *second, book, "--force")
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params) for p in told] == [   # the way out: move it away
        ("workbooks.new_backup_processed", {"backup": "gor.backup.xlsx"})], err
    assert "備份文件 gor.backup.xlsx 保存着已處理的工作簿" in err or "备份文件 gor.backup.xlsx 保存着已处理的工作簿" in err
    assert backup.read_bytes() == processed and book.read_bytes() == template      # nothing written
    backup.rename(tmp_path / "kept.xlsx")                                           # the way out
    assert run_cli("new", *second, book, "--force") == 0


def test_new_force_over_a_workbook_whose_backup_is_processed_is_refused(tmp_path, capsys):
    """The backup a processed workbook left (``process`` made it) is not replaced either, even
    when the workbook itself is a fresh one."""
    book = processed_sample(tmp_path, "shanghai")
    shutil.copy(book, tmp_path / "shanghai.backup.xlsx")
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    before = (tmp_path / "shanghai.backup.xlsx").read_bytes()
    capsys.readouterr()
    code, told = cli_problems("new", "shanghai", book, "--force")
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("workbooks.new_backup_processed", {"backup": "shanghai.backup.xlsx"})]
    assert (tmp_path / "shanghai.backup.xlsx").read_bytes() == before


def test_new_force_keeps_a_backup_new_did_not_write_but_replaces_its_own_template(tmp_path, capsys):
    """A backup holding the officer's own records (never processed) is kept too; one holding a
    template new wrote (of any system, with or without the sample) is replaced."""
    book = tmp_path / "club.xlsx"
    assert run_cli("new", "peng", book) == 0
    assert run_cli("new", "gor", book, "--force", "--empty") == 0       # backup: peng's template
    assert run_cli("new", "gor", book, "--force") == 0                  # replaced: it was new's own
    backup = tmp_path / "club.backup.xlsx"
    assert openpyxl.load_workbook(backup)["Players"].max_row == 1        # gor --empty's template
    wb = openpyxl.load_workbook(backup)
    wb["Players"].append(["HK900", "陳大文"])                             # the officer's record
    wb.save(backup)
    before = backup.read_bytes()
    capsys.readouterr()
    code, told = cli_problems("new", "gor", book, "--force")
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("workbooks.new_backup_not_a_template", {"backup": "club.backup.xlsx"})]
    assert backup.read_bytes() == before
    backup.write_bytes(b"not a workbook")                                 # unreadable: kept as well
    assert run_cli("new", "gor", book, "--force") == 2
    assert backup.read_bytes() == b"not a workbook"


@pytest.mark.parametrize("lock", ["~$gor.xlsx", ".~lock.gor.xlsx#"])
def test_new_force_never_replaces_a_workbook_open_elsewhere(tmp_path, capsys, lock):
    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "gor.xlsx")
    (tmp_path / lock).write_bytes(b"someone,host,/tmp,01.01.2026 10:00,\n")
    before = book.read_bytes()
    code, told = cli_problems("new", "gor", book, "--force")
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params["lock"]) for p in told] == [("workbooks.new_open_elsewhere", lock)]
    assert "--output" not in err, err                 # new has no --output (hostile2 F15)
    assert book.read_bytes() == before and not (tmp_path / "gor.backup.xlsx").exists()


@pytest.mark.parametrize("name, why", [
    ("class", "a word of the Python language"), ("lambda", "a word of the Python language"),
    ("os", "of Python's standard library"), ("json", "of Python's standard library"),
    ("sys", "of Python's standard library"), ("xlwings", "installed for this Python"),
    ("xl_ratings", "installed for this Python"), ("openpyxl", "installed for this Python"),
])
def test_an_xlsm_name_python_would_not_import_as_the_workbooks_module_is_refused(tmp_path, capsys, name, why):
    """Finding 18: the classic button runs ``import NAME``: class.xlsm cannot run it, os.xlsm
    and xlwings.xlsm load another module."""
    book = tmp_path / f"{name}.xlsm"
    assert run_cli("new", "gor", book) == 2
    err = capsys.readouterr().err
    assert why in err and f"'import {name}'" in err and f"{name}_2026.xlsm" in err, err
    assert not book.exists() and not (tmp_path / f"{name}.py").exists()


@pytest.mark.parametrize("name", ["match", "club_2026", "hk"])
def test_an_xlsm_name_of_its_own_is_accepted_and_made_again(tmp_path, name):
    """A soft keyword (``match``) is a name Python imports; the workbook's own NAME.py, left by
    an earlier ``new``, is no other module."""
    book = tmp_path / f"{name}.xlsm"
    assert run_cli("new", "gor", book) == 0
    assert (tmp_path / f"{name}.py").exists()
    sys.path.insert(0, str(tmp_path))
    try:
        assert run_cli("new", "gor", book, "--force") == 0
    finally:
        sys.path.remove(str(tmp_path))


# --------------------------------------------------------------------------- options (finding 25)
COMMANDS = {
    "process": ["process", "BOOK"],
    "import": ["import", "SRC", "--into", "BOOK", "--event", "E9"],
    "publish": ["publish", "BOOK", "--pdf", "x.pdf"],
    "new": ["new", "gor", "NEW.xlsx"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_option_given_empty_is_refused_never_dropped(tmp_path, capsys, command):
    """``--from ''`` was silently no option at all; every option and argument of every command."""
    import argparse

    from xl_ratings.cli import build_parser

    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "BOOK.xlsx")
    base = [str(book) if a == "BOOK" else str(tmp_path / a) if a in ("SRC", "NEW.xlsx", "x.pdf") else a
            for a in COMMANDS[command]]
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    for action in sub._actions:
        if action.nargs == 0 or action.dest in ("help", "system") and command == "new":
            continue
        if action.option_strings:
            args = base + [action.option_strings[0], ""]
            want = f"{action.option_strings[0]} was given an empty value"
        else:
            args = [("" if a == base[k] and k == next(i for i, x in enumerate(base[1:], 1) if not x.startswith("-"))
                     else a) for k, a in enumerate(base)]
            want = "is empty: give the file's name"
        before = book.read_bytes()
        try:
            code = run_cli(*args)
        except SystemExit as e:         # argparse refuses a choice it does not know ('' is none)
            code, want = e.code, "invalid choice: ''"
        err = capsys.readouterr().err
        assert code == 2 and want in err, (args, err)
        assert book.read_bytes() == before


@pytest.mark.parametrize("name", ["out.xlsx", "out.csv", "out", "out.JSON.txt"])
def test_the_json_export_goes_only_into_a_json_file(tmp_path, capsys, name):
    book = shutil.copy(TEMPLATES / "gor.xlsx", tmp_path / "BOOK.xlsx")
    code, told = cli_problems("process", book, "--json", tmp_path / name)
    assert code == 2 and [(p.id, p.params) for p in told] == [("run.json_not_json", {"path": str(tmp_path / name)})]
    assert not (tmp_path / name).exists()
    assert run_cli("process", book, "--json", tmp_path / "out.JSON") == 0


# --------------------------------------------------------------------------- what the officer is told to type
@pytest.mark.parametrize("name", ["shanghai.xlsx", "gor.xlsx", "gor.xlsm", "lianzhong.xlsx", "peng.xlsx"])
def test_the_member_column_takes_what_the_import_tells_the_officer_to_type(name):
    """Finding 29: the import said to type 是 in 會員 (member), the validation allowed only yes,no."""
    import re

    from xl_ratings.engine.inputs import MEMBER_WORDS
    from xl_ratings.i18n.catalogue import imports as M

    wb = openpyxl.load_workbook(TEMPLATES / name, keep_vba=name.endswith(".xlsm"))
    ws = wb["Players"]
    col = next(c.column_letter for c in ws[1] if str(c.value).split()[-1] == "member")
    lists = [dv for dv in ws.data_validations.dataValidation if any(col in str(r) for r in dv.sqref.ranges)
             and dv.type == "list"]
    assert len(lists) == 1
    offered = lists[0].formula1.strip('"').split(",")
    told = set(re.findall(r"“(\w+)”", M.NEW_PLAYERS_NOT_MEMBERS.zh)) - {"会员"}
    told |= set(re.findall(r"put (\w+) in the member column", M.NEW_PLAYERS_NOT_MEMBERS.en))
    told.add("no")                                   # what the import writes for a new player
    assert told and told <= set(offered), (told, offered)
    assert set(offered) <= set(MEMBER_WORDS)           # and the reader takes every value offered
