"""Settings rows moved by hand, each told once at its place (hostile tester B: F7, F8, F9, F10).

* F7 -- the sheet sorted with its header row among the rows (Data ▸ Sort without "the range has a
  header"): the one ``sheets.settings_reordered`` (its tables moved apart too), or, for a sheet
  without tables laid out as rows (peng), ``sheets.settings_header_moved`` at the header's row --
  not "'system' must be …" and two "required column … is missing (found: 3.0, 0.5)";
* F8 -- a table whose entries were moved away from under its column heads: "the table has no
  entries" at its key row, never "is empty (value: [])";
* F9 -- two tables' key rows swapped (lianzhong's ``titles`` and ``awarded_titles`` read the same
  kind of entries): refused at each heads row, naming the table whose heads they are;
* F10 -- a setting's row pasted among a table's entries: one problem at that row naming the
  table, not one "unknown setting '484'" per entry below it.

Every template (``xl-ratings new SYSTEM``), the command line and one click (the Settings reader
is shared).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from problem_ids import refused_with
from test_both_paths import click

from xl_ratings.systems import SYSTEMS
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def _rows(system: str) -> list[list]:
    ws = openpyxl.load_workbook(ROOT / f"{system}.xlsx")["Settings"]
    return [[c.value for c in r][:3] for r in ws.iter_rows()]


def _put(system: str, rows: list[list], dst: Path) -> Path:
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    ws = wb["Settings"]
    for i in range(1, max(ws.max_row, len(rows)) + 2):
        for j in range(1, 4):
            ws.cell(i, j).value = None
    for i, r in enumerate(rows, start=1):
        for j, v in enumerate(r, start=1):
            ws.cell(i, j).value = v
    wb.save(dst)
    return dst


def _tables(rows: list[list]) -> list[int]:
    """The 0-based positions of the tables' key rows."""
    return [i for i, r in enumerate(rows) if isinstance(r[1], str) and "table below" in r[1]]


def _excel_order(v):
    if isinstance(v, (int, float)):
        return (0, v, "")
    return (1, 0, str(v).casefold())


def _cli(book: Path) -> list[tuple]:
    return [(p.id, p.row, p.column, p.params) for p in refused_with(book)]


def _one_click(book: Path, tmp_path, monkeypatch) -> list[tuple]:
    _, _, got = click("process_period", read_tables(book), book.name, tmp_path, monkeypatch)
    return [(g[0], g[3], g[4], g[1]) for g in got]


@pytest.mark.parametrize("system", SYSTEMS)
def test_sorted_with_the_header_among_the_rows_is_one_problem(system, tmp_path):
    rows = _rows(system)
    filled = [r for r in rows if r[0] is not None]
    blank = [r for r in rows if r[0] is None]
    moved = sorted(filled, key=lambda r: _excel_order(r[0])) + blank
    book = _put(system, moved, tmp_path / f"{system}.xlsx")
    header = next(i for i, r in enumerate(moved, start=1) if r[0] == rows[0][0])
    assert header > 1
    got = _cli(book)
    assert len(got) == 1, got
    if _tables(rows):
        keys = sorted((i, r[0]) for i, r in enumerate(moved, start=1) if r in [rows[t] for t in _tables(rows)])
        assert got[0][:3] == ("sheets.settings_reordered", keys[0][0], "key"), got
        assert got[0][3]["tables"] == ", ".join(k for _, k in keys)
    else:
        assert got[0][:3] == ("sheets.settings_header_moved", header, "key"), got
        assert str(got[0][3]["row"]) == str(header)


def test_a_missing_columns_heads_are_shown_as_typed(tmp_path):
    """A sheet whose header row was sorted out of sight: the 'found' heads as typed (3, not 3.0)."""
    rows = _rows("lianzhong")
    body = [r for r in rows[1:] if r[0] is not None]
    book = _put("lianzhong", [[3, 0.5, None]] + body, tmp_path / "lianzhong.xlsx")
    got = [p for p in refused_with(book) if p.id == "sheets.column_missing"]
    assert got and all(p.params["found"] == ("errors.joined", {"p0": "3", "p1": "0.5"}) for p in got), got


@pytest.mark.parametrize("system", [s for s in SYSTEMS if _tables(_rows(s))])
def test_a_table_without_entries_is_named(system, tmp_path):
    """The last table's entries sorted away from under its heads (a partial sort): the table is named."""
    rows = _rows(system)
    k = _tables(rows)[-1]
    e = k + 2
    while e < len(rows) and rows[e][0] is not None:
        e += 1
    book = _put(system, rows[:k + 2] + [[None] * 3] * (e - k - 1) + rows[k + 2:e], tmp_path / f"{system}.xlsx")
    got = _cli(book)
    empty = [g for g in got if g[0] == "sheets.setting_table_empty"]
    assert [g[1:3] for g in empty] == [(k + 1, "value")], got
    assert empty[0][3] == {"key": rows[k][0], "system": system}
    assert all(g[0] != "sheets.cell_empty" for g in got), got
    assert {g[0] for g in got} <= {"sheets.setting_table_empty", "sheets.setting_table_gap"}, got


@pytest.mark.parametrize("system", [s for s in SYSTEMS if len(_tables(_rows(s))) >= 2])
def test_two_tables_key_rows_swapped_are_refused_at_their_heads(system, tmp_path):
    rows = _rows(system)
    a, b = _tables(rows)[-2:]
    rows[a], rows[b] = rows[b], rows[a]
    book = _put(system, rows, tmp_path / f"{system}.xlsx")
    got = _cli(book)
    assert [(g[0], g[1], g[2], g[3]["key"], g[3]["other"]) for g in got] == [
        ("sheets.setting_table_heads_of_other", a + 2, "key", rows[a][0], rows[b][0]),
        ("sheets.setting_table_heads_of_other", b + 2, "key", rows[b][0], rows[a][0])], got


def test_lianzhong_titles_swapped_were_read_silently_before(tmp_path):
    """The case that was accepted: both tables map a rating to a title."""
    rows = _rows("lianzhong")
    a = next(i for i, r in enumerate(rows) if r[0] == "titles")
    b = next(i for i, r in enumerate(rows) if r[0] == "awarded_titles")
    rows[a], rows[b] = rows[b], rows[a]
    got = _cli(_put("lianzhong", rows, tmp_path / "lianzhong.xlsx"))
    assert {(g[3]["key"], g[3]["other"]) for g in got} == {("awarded_titles", "titles"), ("titles", "awarded_titles")}


@pytest.mark.parametrize("system", [s for s in SYSTEMS if _tables(_rows(s))])
def test_a_setting_pasted_among_a_tables_entries_is_one_problem(system, tmp_path):
    rows = _rows(system)
    moved = rows[3]
    rest = rows[:3] + rows[4:]
    k = _tables(rest)[0]
    at = k + 4                      # below the table's second entry
    book = _put(system, rest[:at] + [moved] + rest[at:], tmp_path / f"{system}.xlsx")
    e = at + 1
    while e < len(rest) + 1 and (rest[:at] + [moved] + rest[at:])[e][0] is not None:
        e += 1
    got = _cli(book)
    assert got == [("sheets.setting_among_table_entries", at + 1, "key",
                    {"key": moved[0], "table": rest[k][0], "first": k + 3, "last": e})], got


@pytest.mark.parametrize("case", ["header", "pasted", "swapped"])
def test_one_click_tells_the_same(case, tmp_path, monkeypatch):
    rows = _rows("lianzhong")
    if case == "header":
        filled = [r for r in rows if r[0] is not None]
        rows = sorted(filled, key=lambda r: _excel_order(r[0]))
    elif case == "pasted":
        moved, rows = rows[3], rows[:3] + rows[4:]
        at = _tables(rows)[0] + 4
        rows = rows[:at] + [moved] + rows[at:]
    else:
        a, b = _tables(rows)[-2:]
        rows[a], rows[b] = rows[b], rows[a]
    book = _put("lianzhong", rows, tmp_path / "lianzhong.xlsx")
    cli = [(i, r, c, {k: str(v) for k, v in p.items()}) for i, r, c, p in _cli(book)]
    assert cli and _one_click(book, tmp_path, monkeypatch) == cli
