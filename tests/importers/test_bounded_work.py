"""Bounded work when reading tournament files (issue 16, "Hangs and crashes"):

* every zip we open (a report or crosstable workbook given to ``import``) meets
  the workbook's zip-bomb limits *before* anything in it is inflated;
* telling the format and parsing take time linear in the file: no regular
  expression that backtracks, no rescan (measured by how the work grows from
  n to 4n, :mod:`complexity`; the absolute speed is in ``benchmarks/import_bench.py``).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from complexity import assert_linear, needs_fork
from helpers import run_cli
from import_writers import opengotha_many, write_report_bomb
from problem_ids import cli_problems, only, problems, raises

from xl_ratings.errors import InputErrors
from xl_ratings.importers import guess_format, load
from xl_ratings.importers import crosstable, opengotha
from xl_ratings.importers.formats.common import parse_date
from xl_ratings.intake.into_book import _next_ids
from xl_ratings.xlsx.package import Package


# --------------------------------------------------------------------------- zip bombs
@pytest.fixture
def no_calamine(monkeypatch):
    """Nothing may hand the file to python-calamine (which inflates the shared strings on open)."""
    import python_calamine

    def refuse(*_a, **_k):
        raise AssertionError("the zip was opened by calamine before its limits were checked")
    monkeypatch.setattr(python_calamine.CalamineWorkbook, "from_path", refuse)


@pytest.mark.parametrize("part", ["xl/sharedStrings.xml", "xl/media/padding.bin"])
def test_a_zip_bomb_source_is_refused_before_anything_is_inflated(tmp_path, no_calamine, part):
    src = write_report_bomb(tmp_path / "report.xlsx", part)
    assert src.stat().st_size < 2**20
    for read in (guess_format, load):
        with pytest.raises(InputErrors) as info:
            read(src)
        (p,) = problems(info.value)[:1]
        assert p.has("files.zip_part_inflates", part=part) and p.file == str(src), p


def test_import_of_a_zip_bomb_says_so(tmp_path, capsys):
    book = tmp_path / "book.xlsx"
    assert run_cli("new", "shanghai", str(book)) == 0
    src = write_report_bomb(tmp_path / "report.xlsx")
    before = book.read_bytes()
    capsys.readouterr()
    code, told = cli_problems("import", str(src), "--into", str(book))
    assert code == 2 and "Traceback" not in capsys.readouterr().err
    assert only(told, "files.zip_part_inflates").file == str(src), told
    assert book.read_bytes() == before


def test_an_in_memory_package_meets_the_same_limits():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/big.bin", b"\0" * (8 * 2**20))
    with raises(InputErrors, "files.zip_part_inflates", part="xl/big.bin"):
        Package(buf.getvalue())


def test_a_source_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    import xl_ratings.importers.detect as detect

    big = tmp_path / "big.h9"
    big.write_bytes(b"; EV[x]\n" + b" " * 5000)
    monkeypatch.setattr(detect, "MAX_SOURCE_BYTES", 4096)
    with raises(InputErrors, "files.too_big", limit="0") as info:
        load(big)
    assert info.value.errors[0].where.file == str(big)


# --------------------------------------------------------------------------- linear time
def _text_file(tmp_path: Path, name: str, make_text):
    """make(n): a file holding ``make_text(n)``; its path."""
    def make(n: int) -> Path:
        p = tmp_path / f"{n}-{name}"
        p.write_text(make_text(n), encoding="utf-8")
        return p
    return make


def _refused(path: Path) -> None:
    try:
        load(path)
    except InputErrors:
        pass


# texts that made format detection or the h9 reader backtrack (each refused in the end)
PATHOLOGICAL = {
    "one long line of h9-like fields": lambda n: "1 a 1d " * (n // 7) + "\n",
    "blank lines, then a word": lambda n: "\n" * n + "x",
    "blanks and tabs before a comment": lambda n: (" \t" * (n // 2)) + "\n;x",
    "h9 tags that never close": lambda n: "; EV[x]\n; " + "AB[" * (n // 3) + "\n",
    "h9 player lines without a round": lambda n: "; EV[x]\n" + "1 a b 1d x y 1x\n" * (n // 16),
}


@needs_fork
@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_telling_the_format_and_reading_is_linear(tmp_path, name):
    assert_linear(_refused, _text_file(tmp_path, "f.txt", PATHOLOGICAL[name]), 40_000, name)


@needs_fork
def test_opengotha_reading_is_linear_in_the_players():
    """40,000 players took 51 s: each player's line was counted from the top of the file."""
    assert_linear(lambda data: opengotha.parse_bytes(data, "t.xml"), opengotha_many, 2_000, "OpenGotha")


def _swiss_rows(n: int) -> list[list[str]]:
    return [["No", "Name", "R1"]] + [[str(i), f"P{i}", f"{i + 1 if i % 2 else i - 1}{'w' if i % 2 else 'b'}"
                                      f"{1 if i % 2 else 0}"] for i in range(1, n + 1)]


@needs_fork
def test_a_crosstable_is_read_in_linear_time():
    """Each player number was looked for among all the numbers before it."""
    assert_linear(lambda rows: crosstable.parse_rows(rows, "t.csv"), _swiss_rows, 1_500, "Swiss table")


def _swiss_with_a_long_cell(n: int) -> list[list[str]]:
    rows = _swiss_rows(4)
    rows[4][2] = "3b0" + "\t" * n + "x"          # a round cell: tabs are kept, spaces removed
    return rows


def _fails(fn):
    def run(arg):
        try:
            fn(arg)
        except (ValueError, InputErrors):
            pass
    return run


@needs_fork
@pytest.mark.parametrize("what,fn,make", [
    ("a date cell of spaces", _fails(parse_date), lambda n: "2024" + " " * n + "x"),
    ("a Swiss cell of tabs", _fails(lambda rows: crosstable.parse_rows(rows, "t.csv")), _swiss_with_a_long_cell),
    ("a long numeric id", lambda ids: next(_next_ids(ids, "P")), lambda n: ["1" * n + "x"]),
], ids=["date", "swiss-cell", "id"])
def test_one_long_cell_costs_linear_time(what, fn, make):
    assert_linear(fn, make, 4_000, what)
