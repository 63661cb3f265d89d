"""Trust at the edges, the reader's part: what the reader expands, what the officer cannot see,
formulas without a stored value, the messages about sheets and files, the workbook's date system.

(Once tests/test_trust.py; its impossible values are in tests/engine/test_impossible_values_refused.py,
tests/jobs/test_lists_refuse_nan_and_infinity.py and tests/excel/test_functions_refuse_impossible_values.py,
its time in tests/engine/test_today_bounds_the_periods.py; they import this module's helpers.)"""

import csv
import datetime as dt
import hashlib
import io
import json
import re
import zipfile

import openpyxl
import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, read_sheet, run_cli, write_book

from xl_ratings.engine.cells import MAX_CELLS, Tables
from xl_ratings.engine.run import run
from xl_ratings.errors import InputErrors
from xl_ratings.xlsx import safety
from xl_ratings.xlsx.read import read_workbook


def tables(system="shanghai", **changes):
    t = {
        "Settings": [["key", "value"], ["system", system]],
        "Players": [list(PLAYERS), ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        "Events": [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""]],
        "Games": [list(GAMES), ["E1", None, 1, "A", "B", 1, None], ["E1", None, 2, "B", "A", 0.5, None],
                  ["E1", None, 3, "A", "B", 0, None]],
    }
    for sheet, rows in changes.items():
        if rows is None:
            t.pop(sheet)
        else:
            t[sheet] = rows
    return t


def book(tmp_path, edit=None, name="t.xlsx", **changes):
    path = write_book(tables(**changes), tmp_path / name)
    if edit is not None:
        wb = openpyxl.load_workbook(path)
        edit(wb)
        wb.save(path)
    return path


def refused(path, capsys, *expect, args=()):
    """Processing ``path`` is refused (exit 2) with every ``expect`` in the message; nothing written."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    out = path.with_name(path.stem + "_out.xlsx")
    code = run_cli("process", path, "--output", out, *args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    for e in expect:
        assert e in err, (e, err)
    assert not out.exists()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    return err


def processed(path, capsys, *args):
    out = path.with_name(path.stem + "_out.xlsx")
    code = run_cli("process", path, "--output", out, *args)
    err = capsys.readouterr().err
    assert code == 0, err
    return out


def problems(fn):
    try:
        fn()
    except InputErrors as e:
        return e.errors
    raise AssertionError("expected problems")


# --------------------------------------------------------------------------- 1. size

def test_a_far_value_in_another_sheet_is_never_read(tmp_path, capsys):
    def far(wb):
        wb.create_sheet("Notes")["XFD1048576"] = "x"
    path = book(tmp_path, far)
    t, probs = read_workbook(path)
    assert "Notes" not in t and "Notes" in t.sheet_names and probs == []
    out = processed(path, capsys)
    assert "Notes" in openpyxl.load_workbook(out, read_only=True).sheetnames


@pytest.mark.parametrize("cell,shown,size", [
    ("XFD1048576", "XFD1048576", "17,179,869,184 cells"),   # far right and far down
    ("Z900000", "Z900000", "23,400,000 cells"),              # only the cell count is over
    ("XFD5", "XFD5", None),                                  # far right, few rows: within the limit
])
def test_a_far_value_in_an_input_sheet(tmp_path, capsys, cell, shown, size):
    def far(wb):
        wb["Games"][cell] = "x"
    path = book(tmp_path, far)
    if size is None:   # read, and reported as a bad row (its event 'x' is unknown)
        err = refused(path, capsys, "row 5, column 'event'")
        assert "used range" not in err
        return
    err = refused(path, capsys, f"sheet 'Games': a value at {shown} makes the sheet's used range A1:{shown}",
                  size, "delete it")
    assert "Traceback" not in err


def test_scan_counts_only_cells_holding_values(tmp_path):
    """A styled empty cell or a formula without a value far away expands nothing (as calamine reads it)."""
    head = (b'<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            b'<x:sheetData>')
    rows = [b'<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>id</x:t></x:is></x:c></x:row>',
            b'<x:row r="2" hidden="1"><x:c r="A2"><x:v>5</x:v></x:c></x:row>',
            b'<x:row r="3"><x:c r="B3"><x:f>A2+1</x:f></x:c></x:row>',
            b'<x:row r="1048576"><x:c r="XFD1048576" s="1"/></x:row>']
    z = zipfile.ZipFile(io.BytesIO(_zip({"s.xml": head + b"".join(rows) + b"</x:sheetData></x:worksheet>"})))
    scan = safety.scan_sheet(z, "s.xml")
    assert not scan.too_big() and scan.exact
    assert scan.hidden_rows == [2] and scan.formulas == [(3, 2)]
    big = safety.SheetScan()
    big.rows, big.cols = 1000, MAX_CELLS // 1000 + 1
    assert big.too_big()


def _zip(files):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n, d in files.items():
            z.writestr(n, d)
    return buf.getvalue()


def test_the_reader_reads_only_the_sheets_it_uses(tmp_path, monkeypatch):
    read = []
    import python_calamine

    original = python_calamine.CalamineWorkbook.get_sheet_by_name

    def spy(self, name):
        read.append(name)
        return original(self, name)
    monkeypatch.setattr(python_calamine.CalamineWorkbook, "get_sheet_by_name", spy)

    def extra(wb):
        wb.create_sheet("Notes")["A1"] = "=1+1"          # a formula without a value: not ours to judge
        wb.create_sheet("History")                        # the ledger is read
    read_workbook(book(tmp_path, extra))
    assert sorted(read) == ["Events", "Games", "History", "Players", "Settings"]


# --------------------------------------------------------------------------- 2. what the officer cannot see

def test_hidden_rows_are_refused(tmp_path, capsys):
    def hide(wb):
        for r in (3, 4):
            wb["Games"].row_dimensions[r].hidden = True
        wb["Games"].row_dimensions[9].hidden = True       # hidden but empty: nothing to see, no problem
        wb.create_sheet("Notes")["A3"] = "x"
        wb["Notes"].row_dimensions[3].hidden = True       # another sheet: not ours
    refused(book(tmp_path, hide), capsys,
            "sheet 'Games', row 3: rows 3–4 of Games are hidden (or filtered out): unhide them or delete them",
            "Games 的第 3–4 行被隐藏")


def test_filtered_rows_are_refused(tmp_path, capsys):
    def filtered(wb):
        ws = wb["Games"]
        ws.auto_filter.ref = "A1:G4"
        ws.auto_filter.add_filter_column(3, ["A"])
        ws.row_dimensions[3].hidden = True                # Excel hides the rows a filter leaves out
    path = book(tmp_path, filtered)
    with zipfile.ZipFile(path) as z:
        assert b"filterColumn" in z.read("xl/worksheets/sheet4.xml")
    refused(path, capsys, "row 3 of Games is hidden (or filtered out)")


@pytest.mark.parametrize("state,words", [("hidden", "the sheet is hidden: unhide it"),
                                         ("veryHidden", "the sheet is very hidden")])
def test_hidden_input_sheets_are_refused(tmp_path, capsys, state, words):
    def hide(wb):
        wb["Events"].sheet_state = state
    refused(book(tmp_path, hide), capsys, f"sheet 'Events': {words}", "what is processed must be what you see")


def test_a_hidden_sheet_of_the_user_is_fine(tmp_path, capsys):
    def hide(wb):
        wb.create_sheet("Notes").sheet_state = "hidden"
    processed(book(tmp_path, hide), capsys)


# --------------------------------------------------------------------------- 3. values the reader holds back

def events_with(cls="", level=""):
    return [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", cls, level, ""],
            ["E2", "空赛", D(2026, 4, 1), D(2026, 4, 2), "games", cls, level, ""]]


def with_formula_values(path, values):
    """Give formula cells a stored value, as Excel or LibreOffice save them."""
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    for part, data in files.items():
        if part.startswith("xl/worksheets/"):
            for ref, v in values.items():
                start = data.find(f'<c r="{ref}">'.encode())
                if start >= 0:
                    end = data.find(b"</c>", start)
                    cell = data[start:end]
                    data = data[:start] + cell.replace(b"<v />", f"<v>{v}</v>".encode()) + data[end:]
            files[part] = data
    path.write_bytes(_zip(files))
    return path


def test_formulas_without_a_stored_value_are_refused(tmp_path, capsys):
    def formulas(wb):
        wb["Players"]["F3"] = "=F2-100"
        wb["Games"]["F3"] = "=1-F2"
        wb["Games"]["F4"] = "=1-F3"
    path = book(tmp_path, formulas)
    refused(path, capsys,
            "sheet 'Players', row 3, column 'rating': formulas without a stored value in column F, row 3",
            "sheet 'Games', row 3, column 'result': formulas without a stored value in column F, rows 3–4",
            "open and save the file in Excel or LibreOffice, or type the values")
    # saved by a program that calculates: the stored value is used
    path2 = book(tmp_path, lambda wb: wb["Players"].__setitem__("F3", "=F2-100"), name="one.xlsx")
    with_formula_values(path2, {"F3": 2200})
    processed(path2, capsys, "--json", tmp_path / "o.json")
    players = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))["players"]
    assert next(p for p in players if p["id"] == "B")["old"] == 2200


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


# --------------------------------------------------------------------------- 4. messages

def test_a_missing_sheet_lists_the_sheets_found_and_the_names_accepted(tmp_path, capsys):
    def rename(wb):
        wb["Games"].title = "Partien"
    err = refused(book(tmp_path, rename), capsys,
                  "sheet 'Games': required sheet 'Games' is missing (sheets found: 'Settings', 'Players', "
                  "'Events', 'Partien'; name a sheet Games, 对局 or 對局 -- case does not matter)",
                  "缺少必需的工作表 'Games'（现有工作表：")
    assert "Traceback" not in err


def test_sheet_names_match_ignoring_case(tmp_path, capsys):
    t = tables()
    shouted = {" SETTINGS ": t["Settings"], "players": t["Players"], "EVENTS": t["Events"], "GAMES": t["Games"]}
    processed(write_book(shouted, tmp_path / "t.xlsx"), capsys)


@pytest.mark.parametrize("name", ["RATINGS", "checks", "history", "CHART"])
def test_a_user_sheet_named_like_a_result_sheet_is_refused(tmp_path, capsys, name):
    def add(wb):
        wb.create_sheet(name)["A1"] = "mine"
    refused(book(tmp_path, add), capsys, f"sheet '{name}': this sheet's name is the result sheet",
            "rename this sheet")


def test_a_csv_given_as_a_workbook(tmp_path):
    from xl_ratings.jobs.process import process_game_list, process_workbook

    path = write_csv(tmp_path / "games.csv", ["player", "opponent", "result"], [["A", "B", "1"]])
    for call in (lambda: process_workbook(path), lambda: process_game_list(path, None)):
        (err,) = problems(call)
        assert "it is read as a game list, which needs --system" in err.problem
        assert "save it as .xlsx" in err.problem and "另存为 .xlsx" in err.problem_zh


def test_no_python_exception_text_in_messages(tmp_path, capsys):
    path = book(tmp_path)
    path.write_bytes(path.read_bytes()[:1500])
    err = refused(path, capsys, "damaged or truncated")
    assert "File is not a zip file" not in err and "Error" not in err
    bad_csv = tmp_path / "bad.parquet"
    bad_csv.write_bytes(b"PAR1 not really")
    assert run_cli("process", bad_csv, "--system", "lianzhong") == 2
    err = capsys.readouterr().err
    assert "cannot be read as a Parquet file" in err and "Error" not in err and "xl-tmp" not in err


def test_rows_are_numbered_as_the_sheet_shows_them(tmp_path, capsys):
    """A table below a blank row or two keeps its row numbers."""
    games = [[None], [None], list(GAMES), ["E1", None, 1, "A", "Z", 1, None]]
    refused(book(tmp_path, Games=games), capsys, "sheet 'Games', row 4, column 'opponent'")


def test_new_messages_have_chinese(tmp_path):
    errors = problems(lambda: run(tables(
        Players=[list(PLAYERS), ["A", "甲", "M", "", "", 99999, None, None, None, "", "yes"],
                 ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        Games=[list(GAMES), ["E1", None, None, "A", "B", 1, 1.5], ["E1", None, None, "B", "A", 0, None]],
        Events=None)))
    errors += problems(lambda: run(tables(system="gor", Events=events_with(cls="Z"))))
    errors += problems(lambda: run(tables(system="peng", Events=events_with(level="moon"))))
    assert len(errors) >= 5
    assert [e.problem for e in errors if not re.search(r"[\u4e00-\u9fff]", e.problem_zh)] == []


# --------------------------------------------------------------------------- 5. dates

def book_1904(tmp_path, name="b1904.xlsx", serial_games=True):
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    wb.epoch = CALENDAR_MAC_1904
    day = (D(2026, 3, 1) - D(1904, 1, 1)).days   # typed as a plain number in a 1904 workbook
    t = tables(Games=[list(GAMES), ["E1", day if serial_games else D(2026, 3, 1), 1, "A", "B", 1, None]])
    t["Events"].append(["E2", "赛二", D(2026, 7, 1), D(2026, 7, 2), "round_robin", "", "", ""])
    t["Games"].append(["E2", None, 1, "B", "A", 1, None])
    for n, rows in t.items():
        ws = wb.create_sheet(n)
        for r in rows:
            ws.append(r)
    path = tmp_path / name
    wb.save(path)
    return path


def test_a_1904_workbook_reads_its_dates_right(tmp_path, capsys):
    path = book_1904(tmp_path)
    t, _ = read_workbook(path)
    assert t.date1904
    assert run_cli("process", path, "--period", "2026H1") == 0
    first = read_sheet(path, "History")
    assert {(r["period"], r["start"].date(), r["end"].date()) for r in first} == \
        {("2026H1", D(2025, 12, 1), D(2026, 5, 31))}
    assert run_cli("process", path, "--period", "2026H1") == 0   # the same period again
    assert read_sheet(path, "History") == first
    assert run_cli("process", path, "--period", "2026H2") == 0   # then the next
    capsys.readouterr()
    periods = [(r["period"], r["start"].date(), r["end"].date()) for r in read_sheet(path, "History")]
    assert sorted(set(periods)) == [("2026H1", D(2025, 12, 1), D(2026, 5, 31)),
                                    ("2026H2", D(2026, 6, 1), D(2026, 11, 30))]
    # the History is read back right: it follows from 2026H2, and --from finds 2026H2
    assert run_cli("process", path, "--from", "2026H2") == 0
    assert "re-processed 2026H2" in capsys.readouterr().out


def test_serial_numbers_follow_the_date_system():
    t = tables(Games=[list(GAMES), ["E1", 44620, 1, "A", "B", 1, None]])   # 2026-03-01 counted from 1904
    out = run(Tables(t, date1904=True), today=D(2026, 11, 1))
    assert out.records.games[0].date == D(2026, 3, 1)
    errors = problems(lambda: run(Tables(t), today=D(2026, 11, 1)))   # from 1900: 2022-02-28
    assert "is outside the event's dates" in errors[0].problem


def test_serials_of_early_1900_as_excel_and_the_readers_have_them(tmp_path):
    """Excel's 1900 system has a 1900-02-29 (serial 60): days before March 1900 are one serial
    lower than the epoch gives. Our serials equal openpyxl's, and a workbook with our cells reads
    back, in calamine, as the same days; 1904 workbooks have no such day."""
    from openpyxl.utils.datetime import CALENDAR_MAC_1904, to_excel
    from python_calamine import CalamineWorkbook

    from xl_ratings.engine.cells import EXCEL_EPOCH, date_of, serial_of
    from xl_ratings.xlsx.write import cell_xml as _cell

    days = [D(1900, 1, 1), D(1900, 2, 28), D(1900, 3, 1), D(1900, 3, 2), D(2026, 3, 1), D(9999, 12, 31)]
    assert [serial_of(d) for d in days] == [1, 59, 61, 62, 46082, 2958465] == [to_excel(d) for d in days]
    assert [serial_of(d, True) for d in days[2:]] == [to_excel(d, CALENDAR_MAC_1904) for d in days[2:]]
    assert [date_of(serial_of(d)) for d in days] == days and date_of(60) == D(1900, 2, 28)
    assert serial_of(D(1904, 1, 2), True) == 1 and date_of(1, True) == D(1904, 1, 2)
    assert serial_of(dt.datetime(1900, 1, 1, 12)) == 1.5 == to_excel(dt.datetime(1900, 1, 1, 12))
    wb = openpyxl.Workbook()
    for i, d in enumerate(days[:5], 1):
        wb.active.cell(i, 1, 0).number_format = "yyyy-mm-dd"
    wb.save(tmp_path / "b.xlsx")
    with zipfile.ZipFile(tmp_path / "b.xlsx") as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    style = re.search(r'<c r="A1" s="(\d+)"', sheet).group(1)
    rows = "".join(f'<row r="{i}">{_cell(f"A{i}", d, int(style), EXCEL_EPOCH)}</row>'
                   for i, d in enumerate(days[:5], 1))
    parts["xl/worksheets/sheet1.xml"] = re.sub(r"<sheetData>.*</sheetData>", f"<sheetData>{rows}</sheetData>",
                                               sheet, flags=re.S).encode()
    with zipfile.ZipFile(tmp_path / "b.xlsx", "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)
    cal = CalamineWorkbook.from_path(str(tmp_path / "b.xlsx")).get_sheet_by_index(0).to_python()
    assert [r[0] for r in cal] == days[:5]
    got = [r[0] for r in openpyxl.load_workbook(tmp_path / "b.xlsx").active.iter_rows(values_only=True)]
    assert [v.date() for v in got] == days[:5]


@pytest.mark.parametrize("system", ["gor", "lianzhong"])
def test_period_all_is_read_back_and_runs_again(tmp_path, capsys, system):
    """--period all starts on 1900-01-01: its History rows must read back as written (sealed),
    so the next run, --from all and publish work."""
    book = tmp_path / f"{system}.xlsx"
    assert run_cli("new", system, book) == 0
    assert run_cli("process", book, "--period", "all") == 0
    first = read_sheet(book, "History")
    assert {r["start"].date() for r in first} == {D(1900, 1, 1)}
    assert run_cli("process", book, "--period", "all") == 0
    assert run_cli("process", book, "--from", "all") == 0
    capsys.readouterr()
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0, capsys.readouterr().err
    assert [(r["id"], r["new"]) for r in read_sheet(book, "History")] == [(r["id"], r["new"]) for r in first]


def test_read_sheets_for_other_workbooks(tmp_path):
    """Any workbook (an import source): the sheets asked for, within the same limits."""
    from xl_ratings.xlsx.read import read_sheets

    def far(wb):
        wb.create_sheet("Notes")["XFD1048576"] = "x"
    path = book(tmp_path, far)
    t = read_sheets(path, ["Games"])
    assert list(t) == ["Games"] and "Notes" in t.sheet_names
    (err,) = problems(lambda: read_sheets(path))
    assert err.where.sheet == "Notes" and "a value at XFD1048576" in err.problem
