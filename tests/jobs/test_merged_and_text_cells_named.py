"""Merged and Text-formatted cells named in messages, with the way out that works
(issue 24, build 10): a merged event cell of Games is "empty" because the merged
value is held by the first cell only -- told with the range; a number in a cell
formatted as Text stays text however often it is retyped -- told so, with
"change the format to General or Number, then type it again".  Both paths: the
command line (the file's merged ranges and styles) and one click (Excel's, through
xlwings)."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import TEMPLATES

from xl_ratings.engine.cells import Tables
from xl_ratings.errors import InputErrors, RatingInputError, Where
from xl_ratings.excel.cell_kinds import BookCellKinds
from xl_ratings.jobs.cell_words import with_cell_kinds
from xl_ratings.jobs.process import process_workbook
from xl_ratings.i18n.catalogue import sheets as M


def column_of(ws, key: str) -> int:
    return next(i for i, c in enumerate(ws[1], start=1) if str(c.value).split()[-1] == key)


def spoilt(tmp_path: Path) -> Path:
    """The Shanghai sample: Games rows 2-4's event cells merged with no value in the first (a
    merged range with its value is read as that value across it: issue 24, 3); a rating in a
    Text cell on Players row 4, and one typed as text in a General cell on row 5."""
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Games"]["A2"] = None
    wb["Games"].merge_cells("A2:A4")
    ws = wb["Players"]
    col = column_of(ws, "rating")
    ws.cell(4, col).number_format = "@"
    ws.cell(4, col).value = str(int(ws.cell(4, col).value))
    ws.cell(5, col).value = str(int(ws.cell(5, col).value))     # text, but in a General cell
    wb.save(book)
    return book


def refused(book: Path) -> list[RatingInputError]:
    before = book.read_bytes()
    with pytest.raises(InputErrors) as info:
        process_workbook(book)
    assert book.read_bytes() == before
    return info.value.errors


def test_the_command_line_names_the_merge_and_the_text_format(tmp_path):
    errors = refused(spoilt(tmp_path))
    told = [(e.where.sheet, e.where.row, e.where.column, e.text.id, dict(e.text.params)) for e in errors]
    for row in (2, 3, 4):
        assert ("Games", row, "event", M.CELL_EMPTY_MERGED.id, {"range": "A2:A4", "first": "A2"}) in told
    assert ("Players", 4, "rating", M.CELL_NUMBER_IN_TEXT_FORMAT.id, {}) in told
    assert ("Players", 5, "rating", M.CELL_NOT_A_NUMBER.id, {}) in told      # retyping does help there


def test_a_merged_cell_with_its_value_is_read_as_it(tmp_path):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Games"].merge_cells("A2:A4")                 # the value in A2, shown across A2:A4
    wb.save(book)
    process_workbook(book)                            # nothing is empty: no message at all


def test_an_empty_cell_outside_a_merge_is_just_empty(tmp_path):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Games"].merge_cells("C2:D2")            # a merge elsewhere in the sheet
    wb["Games"]["A5"] = None
    wb.save(book)
    errors = refused(book)
    assert [(e.where.row, e.text.id) for e in errors if e.where.column == "event"] == [(5, M.CELL_EMPTY.id)]


class FakeRange:
    def __init__(self, book: "FakeBook", sheet: str, row: int, col: int) -> None:
        self.row, self.column = row, col
        self.merge = book.merges.get(sheet)
        self.number_format = "@" if (sheet, row, col) in book.text else "General"

    @property
    def merge_cells(self) -> bool:
        return self.merge is not None and self.merge[0][0] <= self.row <= self.merge[1][0] \
            and self.merge[0][1] <= self.column <= self.merge[1][1]

    @property
    def merge_area(self) -> "FakeRange":
        area = FakeRange.__new__(FakeRange)
        area.row, area.column, area.merge = self.merge[0][0], self.merge[0][1], self.merge
        return area

    def get_address(self, row_absolute: bool, column_absolute: bool) -> str:
        (r0, c0), (r1, c1) = self.merge
        return f"{chr(64 + c0)}{r0}:{chr(64 + c1)}{r1}"


class FakeSheet:
    def __init__(self, book: "FakeBook", name: str) -> None:
        self.book, self.name = book, name

    def range(self, cell: tuple[int, int]) -> FakeRange:
        return FakeRange(self.book, self.name, *cell)


class FakeBook:
    """What one click asks of Excel through xlwings: merge areas and number formats."""

    def __init__(self) -> None:
        self.merges = {"Games": ((2, 1), (4, 1))}
        self.text = {("Players", 4, 7)}
        self.sheets = {n: FakeSheet(self, n) for n in ("Games", "Players")}


def test_one_click_names_them_too():
    tables = Tables({"Games": [["赛事 event", "日期 date"], ["E1", None], [None, None], [None, None]],
                     "Players": [["编号 id", "姓名 name", "", "", "", "", "等级分 rating"]] + [[None] * 7] * 4})
    tables.cell_kinds = BookCellKinds(FakeBook())
    err = InputErrors([RatingInputError(M.CELL_EMPTY(), where=Where("book.xlsx", "Games", 3, "event")),
                       RatingInputError(M.CELL_NOT_A_NUMBER(), value="2415",
                                        where=Where("book.xlsx", "Players", 4, "rating")),
                       RatingInputError(M.CELL_NOT_A_NUMBER(), value="2100",
                                        where=Where("book.xlsx", "Players", 5, "rating"))])
    told = with_cell_kinds(err, tables)
    assert [(e.text.id, dict(e.text.params), e.value) for e in told.errors] == [
        (M.CELL_EMPTY_MERGED.id, {"range": "A2:A4", "first": "A2"}, None),
        (M.CELL_NUMBER_IN_TEXT_FORMAT.id, {}, "2415"), (M.CELL_NOT_A_NUMBER.id, {}, "2100")]


def test_an_engine_that_cannot_tell_leaves_the_message():
    class Blind:
        sheets: dict = {}

    tables = Tables({"Games": [["赛事 event"], ["E1"], [None]]})
    tables.cell_kinds = BookCellKinds(Blind())
    err = InputErrors([RatingInputError(M.CELL_EMPTY(), where=Where("b.xlsx", "Games", 3, "event"))])
    assert with_cell_kinds(err, tables) is err
