"""The answer an import asks for (``--match NAME=ID``, ``--new NAME``) works typed as the message
writes it, also for a name with a space (a Latin name: ``Robin Chauvin``): the message quotes it
(``--match "Robin Chauvin=ID"``); bare, the shell made two words of it and the import failed."""

from __future__ import annotations

import shlex
import shutil

import openpyxl
import pytest

from helpers import TEMPLATES, run_cli


IDS = {"Robin Chauvin": "HK090", "Mateo Langer": "HK091", "Vincent Godivier": "HK092"}


def _book(tmp_path):
    book = tmp_path / "協會.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    for pid, name in (("HK090", "Chauvin Robin"), ("HK091", "Langer Mateo"), ("HK092", "Godivier Vincent")):
        wb["Players"].append([pid, name, None, "M", "69Ly", "2k", 1900])
    wb.save(book)
    return book


CSV = "No,Name,Club,1,2,3\n1,Robin Chauvin,69Ly,,1,1\n2,Mateo Langer,69Ly,0,,1\n3,Vincent Godivier,69Ly,0,0,\n"


def test_the_suggested_answers_run_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    book = _book(tmp_path)
    source = tmp_path / "club.csv"
    source.write_text(CSV, encoding="utf-8")
    base = ["import", str(source), "--into", str(book), "--start", "2026-11-20", "--end", "2026-11-20",
            "--class", "乙", "--dry-run"]
    assert run_cli(*base) == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "answer with --match" in ln]
    if not lines:
        pytest.skip("the import asked no question of these names")     # (a matching rule changed)
    answers = []
    for ln in lines:
        words = shlex.split(ln[ln.index("--match"):ln.index(" (the same person")])
        assert len(words) == 2 and words[0] == "--match" and words[1].endswith("=ID"), words
        name = words[1][:-3]
        assert " " in name
        answers += [words[0], words[1][:-2] + IDS[name]]        # ID replaced by the player's id, nothing else
        new = shlex.split(ln[ln.index("--new"):ln.index(" (another person)")])
        assert new == ["--new", name]
    assert run_cli(*base, *answers) == 0


def test_the_import_sheet_tells_its_line_without_the_commands_quote():
    """One click tells the possible match as the Import sheet's line: the quote is the command's only."""
    from xl_ratings.i18n import TRADITIONAL
    from xl_ratings.i18n.catalogue import imports as M
    from xl_ratings.jobs.book_import import sheet_text

    said = M.SUMMARY_POSSIBLE_MATCH(id="HK090", book_name="Chauvin Robin", book_club="69Ly", name="Robin Chauvin",
                                    where="B2", new="HK099", q='"')
    assert '--match "Robin Chauvin=HK090"' in said.en
    twin = sheet_text(said, TRADITIONAL)
    assert twin.id == "excel.sheet_summary_possible_match" and "q" not in dict(twin.params)
    assert "Robin Chauvin=HK090" in twin.en and '"' not in twin.en
