"""Fuzz: odd and broken workbooks give a result or a clean error -- never a
traceback, never a damaged input.  A fixed, derandomised budget for CI."""

import datetime as dt
import hashlib
import io
import os
import zipfile

import openpyxl
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import D, EVENTS, GAMES, PLAYERS, write_book

from xl_ratings.cli import main
from xl_ratings.systems import SYSTEMS

# CI: 40 derandomised examples per test; FUZZ_EXAMPLES=3000 for a long random run
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)), deadline=None,
                derandomize=not os.environ.get("FUZZ_EXAMPLES"),
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

cell = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6),
    st.floats(-1e7, 1e7, allow_nan=False, allow_infinity=False),
    st.dates(dt.date(1990, 1, 1), dt.date(2030, 12, 31)),
    st.sampled_from(["", " ", "W", "胜", "½-½", "+", "-", "1*", "=1+1", "@x", "初段", "5k", "20k", "无级",
                     "A", "B", "C", "E1", "M", "F", "女", "swiss", "甲", "national", "2026-03-01",
                     "十段", "x" * 300, "\u0000bad", "1500"]),
    st.text(max_size=12))


def base(system):
    return {
        "Settings": [["key", "value"], ["system", system]],
        "Players": [list(PLAYERS), ["A", "甲", "M", "", "初段", 2300, 30, 3, None, "", "yes"],
                    ["B", "乙", "F", "", "5k", 2200, None, None, None, "", "no"],
                    ["C", "丙", "M", "", "无级", None, None, None, None, "", "yes"]],
        "Events": [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "A", "", "A"]],
        "Games": [list(GAMES), ["E1", None, 1, "A", "B", 1, None], ["E1", None, 2, "B", "C", "½-½", None],
                  ["E1", None, 3, "C", "A", "-", 2]],
    }


edit = st.tuples(st.sampled_from(["Settings", "Players", "Events", "Games"]),
                 st.integers(0, 4), st.integers(0, 11), cell)


def apply(tables, edits, drop_sheet, drop_col):
    for sheet, r, c, v in edits:
        rows = tables[sheet]
        while len(rows) <= r:
            rows.append([None] * len(rows[0]))
        while len(rows[r]) <= c:
            rows[r].append(None)
        if isinstance(v, str):   # openpyxl refuses control characters outright
            v = ILLEGAL_CHARACTERS_RE.sub("", v)
        rows[r][c] = v
    if drop_sheet:
        tables.pop(drop_sheet, None)
    if drop_col is not None and "Games" in tables:
        tables["Games"] = [row[:drop_col] + row[drop_col + 1:] for row in tables["Games"]]
    return tables


def check(path, tmp_path, capsys):
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    out = tmp_path / "out.xlsx"
    out.unlink(missing_ok=True)
    code = main(["process", str(path), "--output", str(out)])   # a traceback fails the test
    err = capsys.readouterr().err
    assert code in (0, 2), err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    if code == 0:
        wb = openpyxl.load_workbook(out, read_only=True)
        assert "Ratings" in wb.sheetnames
    else:
        assert not out.exists() and "problem" in err


@FUZZ
@given(system=st.sampled_from(SYSTEMS), edits=st.lists(edit, max_size=6),
       drop_sheet=st.sampled_from([None, None, None, "Events", "Games", "Settings"]),
       drop_col=st.sampled_from([None, None, 0, 3, 5]))
def test_fuzz_cells(tmp_path, capsys, system, edits, drop_sheet, drop_col):
    tables = apply(base(system), edits, drop_sheet, drop_col)
    path = write_book(tables, tmp_path / "f.xlsx")
    check(path, tmp_path, capsys)


@FUZZ
@given(system=st.sampled_from(SYSTEMS), cut=st.floats(0, 1), flips=st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=4))
def test_fuzz_bytes(tmp_path, capsys, system, cut, flips):
    good = write_book(base(system), tmp_path / "g.xlsx").read_bytes()
    data = bytearray(good[: max(1, int(len(good) * cut))] if cut < 0.97 else good)
    for where, byte in flips:
        data[int(where * (len(data) - 1))] = byte
    path = tmp_path / "f.xlsx"
    path.write_bytes(bytes(data))
    check(path, tmp_path, capsys)


@FUZZ
@given(part=st.sampled_from(["xl/workbook.xml", "xl/styles.xml", "[Content_Types].xml",
                             "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet2.xml"]),
       junk=st.sampled_from([b"", b"<", b"<x/>", b"\xff\xfe", b"<?xml version='1.0'?><a>"]))
def test_fuzz_parts(tmp_path, capsys, part, junk):
    good = write_book(base("gor"), tmp_path / "g.xlsx").read_bytes()
    zin = zipfile.ZipFile(io.BytesIO(good))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n in zin.namelist():
            z.writestr(n, junk if n == part else zin.read(n))
    path = tmp_path / "f.xlsx"
    path.write_bytes(buf.getvalue())
    check(path, tmp_path, capsys)


xml_edit = st.tuples(st.sampled_from(["hide_row", "far", "formula", "hide_sheet", "clash", "date1904", "serial"]),
                     st.sampled_from(["Settings", "Players", "Events", "Games", "Notes"]),
                     st.integers(1, 6),
                     st.sampled_from(["XFD1048576", "Z900000", "XFD3", "AA1", "H40", "A1048576"]))


@FUZZ
@given(system=st.sampled_from(SYSTEMS), edits=st.lists(xml_edit, max_size=4))
def test_fuzz_sheet_xml(tmp_path, capsys, system, edits):
    """Hidden rows and sheets, values far away, formulas without a value, the
    1904 date system, a user sheet named like a result sheet."""
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    tables = base(system)
    tables["Notes"] = [["a note"]]
    path = write_book(tables, tmp_path / "f.xlsx")
    wb = openpyxl.load_workbook(path)
    for what, sheet, r, cell in edits:
        ws = wb[sheet]
        if what == "hide_row":
            ws.row_dimensions[r].hidden = True
        elif what == "far" and (sheet == "Notes" or cell != "A1048576"):   # a million rows read: too slow here
            ws[cell] = "x"
        elif what == "formula":
            ws.cell(r, r, "=1+1")
        elif what == "hide_sheet" and sheet != "Notes":
            ws.sheet_state = "hidden" if r % 2 else "veryHidden"
        elif what == "clash":
            wb.create_sheet(["RATINGS", "checks", "History", "chart"][r % 4])
        elif what == "date1904":
            wb.epoch = CALENDAR_MAC_1904
        elif what == "serial":
            wb["Games"].cell(2, 2, 46082 - 1462 * (r % 2))   # 2026-03-01 in either date system
    wb.save(path)
    check(path, tmp_path, capsys)
