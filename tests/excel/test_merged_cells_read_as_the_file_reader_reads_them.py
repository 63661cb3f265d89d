"""Merged cells in one click (issue 25): read as the command line reads them in the file -- each cell
of a merged range its value, with the same note; a merged header refused with the same problem --
where Excel tells them (classic Excel, LibreOffice); a Checks line saying they were not checked where
it cannot (xlwings Lite and Server)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from xl_ratings.errors import InputErrors
from xl_ratings.excel.visibility import merged_ranges
from xl_ratings.jobs.process import process_workbook
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


class _Cell:
    def __init__(self, row, column):
        self.row, self.column = row, column


class FakeSheet:
    """xlwings' Range.merge_cells and merge_area as classic Excel answers them (COM MergeCells: True
    when the whole range is merged, False when none of it is, None when part of it is)."""

    def __init__(self, merged):
        self.merged, self.calls = merged, 0        # ((r0, c0), (r1, c1)), 1-based

    def range(self, a, b=None):
        self.calls += 1
        b = b or a
        sheet = self

        class R:
            @property
            def merge_cells(self):
                cells = {(r, c) for r in range(a[0], b[0] + 1) for c in range(a[1], b[1] + 1)}
                inside = {x for x in cells if sheet._area(x) is not None}
                return True if inside == cells else False if not inside else None

            @property
            def merge_area(self):
                (r0, c0), (r1, c1) = sheet._area(a) or (a, a)
                area = _Cell(r0, c0)
                area.last_cell = _Cell(r1, c1)
                return area
        return R()

    def _area(self, cell):
        return next((m for m in self.merged if m[0][0] <= cell[0] <= m[1][0] and m[0][1] <= cell[1] <= m[1][1]), None)


def test_the_merged_ranges_excel_tells_are_found_in_a_few_calls():
    grid = [[None] * 6 for _ in range(400)]
    sheet = FakeSheet([((1, 1), (1, 6)), ((2, 3), (3, 3)), ((300, 2), (305, 4))])
    assert sorted(merged_ranges(sheet, grid)) == [((0, 0), (0, 5)), ((1, 2), (2, 2)), ((299, 1), (304, 3))]
    assert sheet.calls < 250                    # halving, not a call per cell (2,400 cells)
    none = FakeSheet([])
    assert merged_ranges(none, grid) == [] and none.calls == 1


def test_an_engine_that_cannot_tell_says_so():
    class Lite:
        def range(self, *a):
            raise NotImplementedError("Reading whether cells are merged synchronously isn't supported")
    assert merged_ranges(Lite(), [[1, 2]]) is None


def _merge(path: Path, sheet: str, cells: str) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for row in ws[cells][1:]:
        for c in row:
            c.value = None
    ws.merge_cells(cells)
    wb.save(path)


def _excel_prelude(sheet: str, ranges) -> str:
    """Excel telling one click the merged ranges (0-based) of ``sheet`` (as the COM object would)."""
    return ("import xl_ratings.excel.visibility as v\n"
            f"v.merged_ranges = lambda s, g: {ranges!r} if s.name == {sheet!r} else []\n")


def _club_column(path: Path) -> int:
    return next(c.column for c in openpyxl.load_workbook(path)["Players"][1] if str(c.value).split()[-1] == "club")


def test_a_merged_club_cell_is_read_as_its_value_with_the_file_readers_note(tmp_path):
    from test_script_dispatch import replay, run_script

    from xl_ratings.xlsx.read import read_workbook

    book = tmp_path / "gor.xlsx"
    book.write_bytes((ROOT / "gor.xlsx").read_bytes())
    col = _club_column(book)
    letter = openpyxl.utils.get_column_letter(col)
    _merge(book, "Players", f"{letter}2:{letter}3")
    by_file = read_workbook(book)[0]
    (note,) = by_file.notes
    printed: list[str] = []
    tables = read_tables(book)
    tables["Players"][2][col - 1] = None        # what Excel hands Python: the value in the first cell only
    sheets, actions = run_script("process_period", tables, "gor.xlsx", tmp_path, printed=printed,
                                 prelude=_excel_prelude("Players", [((1, col - 1), (2, col - 1))]))
    grids = replay(sheets, actions)
    assert "Ratings" in grids, printed
    assert note.id == "identity.merged_spread" and note.en.split(": ", 1)[1] in printed[0], printed
    assert not [r for r in grids.get("Checks", []) if r and r[0] == "excel.merges_not_checked"]


def test_a_merged_header_is_refused_as_the_command_line_refuses_it(tmp_path, monkeypatch):
    from test_both_paths import RECORD, told
    from test_script_dispatch import run_script

    book = tmp_path / "gor.xlsx"
    book.write_bytes((ROOT / "gor.xlsx").read_bytes())
    _merge(book, "Games", "A1:B1")
    with pytest.raises(InputErrors) as e:
        process_workbook(book)
    by_cli = [g for g in told(e.value, book) if g[0] == "workbooks.header_merged"]
    tables = read_tables(book)
    errors = tmp_path / "errors.json"
    monkeypatch.setenv("BOTH_PATHS_ERRORS", str(errors))
    run_script("process_period", tables, "gor.xlsx", tmp_path, prelude=RECORD + _excel_prelude("Games", [((0, 0), (0, 1))]))
    by_click = [g for g in json.loads(errors.read_text(encoding="utf-8")) if g[0] == "workbooks.header_merged"]
    assert by_click == by_cli and [(g[2], g[3], g[5]) for g in by_cli] == [("Games", 1, "A1:B1")]


def test_xlwings_lite_says_merged_cells_were_not_checked(tmp_path):
    from test_script_dispatch import replay, run_script

    sheets, actions = run_script("process_period", read_tables(ROOT / "gor.xlsx"), "gor.xlsx", tmp_path)
    checks = replay(sheets, actions)["Checks"]
    line = next(r for r in checks if r and r[0] == "excel.merges_not_checked")
    assert {"Players", "Games", "Clubs"} <= set(line[3].split(", ")) and "merged cells" in line[5], line
