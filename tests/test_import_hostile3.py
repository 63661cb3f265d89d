"""The third hostile round's import findings (hostile3_findings.md).

* R1: numbered but unused rows of a printed form (a number, no name, no result) are left out,
  as players without games are, in every table importer and on the Import sheet; only a blank
  name WITH results is refused (hostile2 F1, tests/test_import_hostile2.py).
"""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli
from import_writers import GOMOKU_EVENT, rr_rows, swiss_rows

ROOT = Path(__file__).resolve().parents[1] / "workbook_templates"


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
    assert "2 player(s) without any game in the file, not imported" in out and "#6, #7" in out, out
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
    assert "棋手姓名為空" not in shown and "name is blank" not in shown, shown[:2000]
    assert len([r for r in grids["Players"][1:] if any(v not in (None, "") for v in r)]) >= 5


def test_a_blank_name_with_results_among_unused_rows_is_still_refused(tmp_path, capsys):
    rows = rr_with_slots()
    rows[4][1] = None                 # player 3 (who played) without a name
    book = shanghai_book(tmp_path)
    before = book.read_bytes()
    assert run_cli("import", _csv(tmp_path / "src.csv", rows), "--into", book) == 2
    err = capsys.readouterr().err
    assert "line 5, column 'B': the player's name is blank" in err and "line 8" not in err, err
    assert book.read_bytes() == before
