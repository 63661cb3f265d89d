"""Every bad input we know of, what the officer sees, and that nothing is
damaged.  This test also produces the table of docs/reliability.md: run with
UPDATE_DOCS=1 to rewrite it; otherwise a difference fails the test."""

import hashlib
import os
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, run_cli, write_book

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reliability.md"
ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def base():
    return {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [PLAYERS, ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        "Events": [EVENTS, ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""]],
        "Games": [GAMES, ["E1", None, 1, "A", "B", 1, None]],
    }


def book_with(path, **changes):
    t = base()
    for sheet, rows in changes.items():
        if rows is None:
            t.pop(sheet)
        else:
            t[sheet] = rows
    return write_book(t, path)


def add_row(sheet, row):
    t = base()
    return {sheet: t[sheet] + [row]}


def edit_book(path, fn):
    book_with(path)
    wb = openpyxl.load_workbook(path)
    fn(wb)
    wb.save(path)
    return path


def rezip(path, edit):
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    edit(files)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    return path


def without_styles(files):
    """What a minimal writer saves: no styles part, nor its relationship and content type."""
    del files["xl/styles.xml"]
    files["xl/_rels/workbook.xml.rels"] = re.sub(rb"<Relationship [^>]*/styles\"[^>]*/>", b"",
                                                 files["xl/_rels/workbook.xml.rels"])
    files["[Content_Types].xml"] = re.sub(rb"<Override [^>]*styles\.xml\"[^>]*/>", b"", files["[Content_Types].xml"])


def bomb(files):
    files["xl/media/padding.bin"] = b"\0" * (40 * 2**20)


def laughs(files):
    name = next(n for n in files if n.startswith("xl/worksheets/sheet"))
    body = files[name].split(b"?>", 1)[1] if files[name].startswith(b"<?xml") else files[name]
    files[name] = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 '
                   b'"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' + body)


def merged(wb):
    wb["Games"].merge_cells("A1:B1")


def hidden(wb):
    wb["Players"].column_dimensions["F"].hidden = True


def far_value(wb):
    wb["Games"]["XFD1048576"] = "x"


def hidden_rows(wb):
    wb["Games"].row_dimensions[2].hidden = True


def hidden_sheet(wb):
    wb["Events"].sheet_state = "hidden"


def formula(wb):
    wb["Players"]["F3"] = "=F2-100"   # openpyxl stores no value: the file was never calculated


def ratings_sheet(wb):
    wb.create_sheet("RATINGS")["A1"] = "our own list"


def system(name):
    return [["key", "value"], ["system", name]]


def settings(*rows):
    return [["key", "value"], ["system", "shanghai"], *[list(r) for r in rows]]


def in_sheet(sheet, edit):
    """``edit(xml) -> xml`` applied to one sheet's part of the workbook."""
    def fn(files):
        from xl_ratings.xlsx.package import sheets_of
        part = next(x.part for x in sheets_of(files["xl/workbook.xml"], files["xl/_rels/workbook.xml.rels"])[0]
                    if x.name == sheet)
        files[part] = edit(files[part])
    return fn


def zero_height(xml):
    return xml.replace(b'<row r="2"', b'<row r="2" ht="0" customHeight="1"', 1)


def zero_width(xml):
    return xml.replace(b"<sheetData", b'<cols><col min="6" max="6" width="0" customWidth="1"/></cols><sheetData', 1)


def col_without_range(xml):
    return xml.replace(b"<sheetData", b'<cols><col width="9" hidden="1"/></cols><sheetData', 1)


def long_name(xml):
    return xml.replace("<t>乙</t>".encode(), b"<t>" + "长".encode() * 40_000 + b"</t>", 1)


def own_ratings_sheet(wb):
    wb.create_sheet("Ratings")["A1"] = "my own list"


def error_cell(xml):
    """The first player's rating a formula showing #DIV/0!, as Excel saves it."""
    return re.sub(rb'<c r="F2"[^>]*?(?:/>|>.*?</c>)', b'<c r="F2" t="e"><f>1/0</f><v>#DIV/0!</v></c>', xml, count=1, flags=re.S)


def text_formatted(wb):
    cell = wb["Players"]["F3"]
    cell.value, cell.number_format = "2200", "@"     # a rating typed into a cell formatted as Text


def latin(wb):
    ws = wb["Players"]
    ws.cell(1, ws.max_column + 1, "latin_name")
    ws.cell(2, ws.max_column, "陳大文")


def csv_file(p, text):
    p = p.with_suffix(".csv")
    p.write_text(text, encoding="utf-8")
    return p


CASES = [
    ("a text file named .xlsx", lambda p: (p.write_text("not a workbook"), p)[1], "not a zip package"),
    ("an empty file", lambda p: (p.write_bytes(b""), p)[1], "not a zip package"),
    ("a truncated workbook", lambda p: (p.write_bytes(book_with(p).read_bytes()[:1500]), p)[1],
     "damaged or truncated"),
    ("a password-protected workbook", lambda p: (p.write_bytes(bytes.fromhex("d0cf11e0a1b11ae1") + b"\0" * 512), p)[1],
     "password-protected"),
    ("a zip that is not a workbook", lambda p: (zipfile.ZipFile(p, "w").writestr("a.txt", "x"), p)[1],
     "xl/workbook.xml is missing"),
    ("a zip bomb (a part inflating 1000×)", lambda p: rezip(book_with(p), bomb), "possible zip bomb"),
    ("an XML entity attack (billion laughs)", lambda p: rezip(book_with(p), laughs), "declares a DTD or entities"),
    ("an empty workbook", lambda p: write_book({"Sheet": []}, p), "required sheet 'Settings' is missing"),
    ("a required sheet missing", lambda p: book_with(p, Games=None), "required sheet 'Games' is missing"),
    ("a required column missing", lambda p: book_with(p, Games=[GAMES[:5], ["E1", None, 1, "A", "B"]]),
     "required column 'result' is missing"),
    ("merged header cells", lambda p: edit_book(p, merged), "header cells are merged"),
    ("a hidden column", lambda p: edit_book(p, hidden), "columns are hidden"),
    ("an unknown player id", lambda p: book_with(p, **add_row("Games", ["E1", None, 2, "A", "Z", 1, None])),
     "is not a player id of the Players sheet"),
    ("an unknown event id", lambda p: book_with(p, **add_row("Games", ["E7", None, 2, "A", "B", 1, None])),
     "is not an event id of the Events sheet"),
    ("a duplicate player id", lambda p: book_with(p, **add_row("Players", ["A", "丙", "M", "", "", 2100, None, None, None, "", "yes"])),
     "duplicate player id"),
    ("a player playing themself", lambda p: book_with(p, **add_row("Games", ["E1", None, 2, "A", "A", 1, None])),
     "a player cannot play themself"),
    ("the same game twice", lambda p: book_with(p, **add_row("Games", ["E1", None, 1, "B", "A", 0, None])),
     "the same game is already on row 2"),
    ("an invalid result", lambda p: book_with(p, **add_row("Games", ["E1", None, 2, "B", "A", "2:0", None])),
     "result must be one of"),
    ("a rating typed as text", lambda p: book_with(p, **add_row("Players", ["C", "丙", "M", "", "", "2100", None, None, None, "", "yes"])),
     "must be a number (this cell holds text"),
    ("a date typed as text", lambda p: book_with(p, Events=[EVENTS, ["E1", "赛", D(2026, 3, 1), "3月2日", "round_robin", "", "", ""]]),
     "is not a date"),
    ("an event without an end date", lambda p: book_with(p, Events=[EVENTS, ["E1", "赛", D(2026, 3, 1), None, "round_robin", "", "", ""]]),
     "is empty: a date is needed"),
    ("a game outside its event's dates", lambda p: book_with(p, **add_row("Games", ["E1", D(2026, 5, 1), 2, "B", "A", 1, None])),
     "is outside the event's dates"),
    ("an unknown rank", lambda p: book_with(p, **add_row("Players", ["C", "丙", "M", "", "十段", 2100, None, None, None, "", "yes"])),
     "unknown rank"),
    ("an unknown setting", lambda p: book_with(p, Settings=[["key", "value"], ["system", "shanghai"], ["k_nwe", 30]]),
     "unknown setting 'k_nwe'"),
    ("an unknown rating system", lambda p: book_with(p, Settings=[["key", "value"], ["system", "elo"]]),
     "Settings 'system' must be shanghai, gor, lianzhong or peng"),
    ("a stray value far away in an input sheet (XFD1048576)", lambda p: edit_book(p, far_value),
     "makes the sheet's used range A1:XFD1048576"),
    ("hidden (or filtered-out) rows in an input sheet", lambda p: edit_book(p, hidden_rows),
     "row 2 of Games is hidden (or filtered out)"),
    ("a hidden input sheet", lambda p: edit_book(p, hidden_sheet), "the sheet is hidden"),
    ("a formula without a stored value (file never calculated)", lambda p: edit_book(p, formula),
     "formulas without a stored value"),
    ("an impossible rating (a typo)", lambda p: book_with(p, **add_row("Players", ["C", "丙", "M", "", "", 24000, None, None, None, "", "yes"])),
     "is not a possible shanghai rating"),
    ("a GoR below the floor of 100", lambda p: book_with(p, Settings=system("gor"), **add_row("Players", ["C", "丙", "M", "", "", 50, None, None, None, "", "yes"])),
     "is not a possible gor rating"),
    ("an unknown GoR tournament class", lambda p: book_with(p, Settings=system("gor"), Events=[EVENTS, ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "D", "", ""]]),
     "unknown tournament class"),
    ("an unknown Peng event level", lambda p: book_with(p, Settings=system("peng"), Events=[EVENTS, ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "moon", ""]]),
     "unknown event level"),
    ("a fractional or too large handicap", lambda p: book_with(p, Settings=system("gor"), Games=[GAMES, ["E1", None, 1, "A", "B", 1, 1.5]]),
     "handicap must be a whole number of stones from -9 to 9"),
    ("the same pair twice on a day, no round (round robin, Swiss)", lambda p: book_with(p, Games=[GAMES, ["E1", None, None, "A", "B", 1, None], ["E1", None, None, "B", "A", 1, None]]),
     "a pair meets at most once per round"),
    ("a user sheet named like a result sheet (RATINGS)", lambda p: edit_book(p, ratings_sheet),
     "this sheet's name is the result sheet 'Ratings'"),
    ("a .csv game list given without --system", lambda p: csv_file(p, "player,opponent,result\nA,B,1\n"),
     "--system"),
    ("an impossible setting (k_new = -25, or 250)", lambda p: book_with(p, Settings=settings(["k_new", -25])),
     "the setting 'k_new' must be above 0 and at most 100"),
    ("a setting that must be above nought (max_difference = 0)",
     lambda p: book_with(p, Settings=settings(["max_difference", 0])), "the setting 'max_difference' must be above 0"),
    ("a count setting that is not whole (new_games = 2.5)", lambda p: book_with(p, Settings=settings(["new_games", 2.5])),
     "the setting 'new_games' must be a whole number"),
    ("a setting given twice (a second system or k_new row)",
     lambda p: book_with(p, Settings=settings(["k_new", 20], ["k_new", 30])), "the setting 'k_new' is given twice"),
    ("a round number -1 or 1.5", lambda p: book_with(p, Games=[GAMES, ["E1", None, 1.5, "A", "B", 1, None]]),
     "a round is a whole number from 1"),
    ("a row of zero height in an input sheet", lambda p: rezip(book_with(p), in_sheet("Games", zero_height)),
     "row 2 of Games is hidden (or filtered out)"),
    ("a column of zero width in an input sheet", lambda p: rezip(book_with(p), in_sheet("Players", zero_width)),
     "columns are hidden"),
    ("a hidden column entry without min/max (a damaged file)",
     lambda p: rezip(book_with(p), in_sheet("Players", col_without_range)), "does not say which columns it hides"),
    ("a name of 40,000 characters (a cell holds 32,767)", lambda p: rezip(book_with(p), in_sheet("Players", long_name)),
     "holds 40,000 characters"),
    ("an officer's own sheet named like a result sheet (Ratings)", lambda p: edit_book(p, own_ratings_sheet),
     "was not written by xl-ratings (its first cell is 'my own list')"),
    ("a minimal workbook without a styles part", lambda p: rezip(book_with(p), without_styles),
     "the workbook has no styles part"),
    ("a cell showing an error (#DIV/0!, #N/A)", lambda p: rezip(book_with(p), in_sheet("Players", error_cell)),
     "the cell shows the error #DIV/0!"),
    ("a number typed into a cell formatted as Text", lambda p: edit_book(p, text_formatted), "formatted as Text"),
    ("a latin_name no pairing program's list can write", lambda p: edit_book(p, latin),
     "a latin_name holds Latin letters"),
]


def run_case(tmp_path, make, capsys, *extra):
    path = make(tmp_path / "case.xlsx") or tmp_path / "case.xlsx"
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    code = run_cli("process", path, *extra)
    err = capsys.readouterr().err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, "the input was changed"
    assert not (tmp_path / "case.backup.xlsx").exists()
    assert "Traceback" not in err
    return code, err


def first_line(err):
    """The first problem as the officer reads it: English, then its Chinese line."""
    raw = [ln.strip() for ln in err.splitlines() if ln.strip()]
    k = next((i for i, ln in enumerate(raw) if ln.startswith("- ")), None)
    text = raw[k][2:] if k is not None else raw[0]
    if k is not None and k + 1 < len(raw) and not raw[k + 1].startswith("- ") and " — " not in text:
        text += " — " + raw[k + 1]
    text = re.sub(r"(?:/[\w.-]+)+/(BOOK\.xlsx|case\.xlsx|SOURCE\.\w+|notes\.xlsx|list\.pdf)", r"\1", text)
    text = re.sub(r"file \S*case\.xlsx", "file BOOK.xlsx", text)
    text = re.sub(r"（进程 \d+）", "（进程 4242）", re.sub(r"\(process \d+\)", "(process 4242)", text)).replace("case.xlsx", "BOOK.xlsx").replace("case.backup.xlsx", "BOOK.backup.xlsx")
    text = re.sub(r"[^\s']*case\.csv", "GAMES.csv", text)
    return text.replace("|", "\\|")


@pytest.fixture(scope="module")
def table_rows():
    return []


@pytest.mark.parametrize("label,make,expect", CASES, ids=[c[0] for c in CASES])
def test_bad_input(tmp_path, capsys, label, make, expect, table_rows):
    code, err = run_case(tmp_path, make, capsys)
    assert code == 2 and expect in err, err
    table_rows.append((label, code, first_line(err)))


def test_open_in_excel_and_concurrent_run(tmp_path, capsys, table_rows):
    book = book_with(tmp_path / "case.xlsx")
    lock = tmp_path / "~$case.xlsx"
    lock.write_text("officer")
    code, err = run_case(tmp_path, lambda p: p, capsys)
    assert code == 2 and "the workbook is open in Excel" in err
    table_rows.append(("the workbook open in Excel (in place)", code, first_line(err)))
    lock.unlink()
    own = tmp_path / ".case.xlsx.xl-ratings.lock"
    from xl_ratings.files.lock import WorkbookLock

    with WorkbookLock(book):   # another run holds the lock
        code, err = run_case(tmp_path, lambda p: p, capsys)
    assert code == 2 and "another xl-ratings run" in err
    table_rows.append(("another xl-ratings run on the same workbook", code, first_line(err)))
    own.write_text("999999999 1")   # a stale lock (dead process) is taken over
    assert run_cli("process", book) == 0 and not own.exists()
    capsys.readouterr()


def test_out_of_order_period(tmp_path, capsys, table_rows):
    book = book_with(tmp_path / "case.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    capsys.readouterr()
    (tmp_path / "case.backup.xlsx").unlink()
    code, err = run_case(tmp_path, lambda p: p, capsys, "--period", "2027H1")
    assert code == 2 and "process 2026H2 first" in err
    table_rows.append(("a period processed out of order", code, first_line(err)))


def test_formula_text_is_processed_as_text(tmp_path, capsys, table_rows):
    book = book_with(tmp_path / "case.xlsx", Players=[PLAYERS, ["A", "@cmd|' /C calc'!A0", "M", "", "", 2300, None, None, None, "", "yes"],
                                                      ["B", "+1+1", "M", "", "", 2200, None, None, None, "", "yes"]])
    assert run_cli("process", book, "--output", tmp_path / "out.xlsx") == 0
    capsys.readouterr()
    with zipfile.ZipFile(tmp_path / "out.xlsx") as z:
        xml = b"".join(z.read(n) for n in z.namelist() if n.startswith("xl/worksheets/"))
    assert b"<f>" not in xml and "@cmd|".encode() in xml
    table_rows.append(("text that looks like a formula (=, +, -, @) in a name", 0,
                       "processed; written as text in the result sheets, never as a formula"))


def test_nan_in_a_game_list(tmp_path, capsys, table_rows):
    path = csv_file(tmp_path / "case.csv", "date,player,opponent,result,handicap\n2026-01-05,A,B,1,nan\n")
    code, err = run_case(tmp_path, lambda p: path, capsys, "--system", "lianzhong")
    assert code == 2 and "is not a number (NaN or infinity)" in err
    table_rows.append(("NaN or infinity in a CSV/Parquet game list", code, first_line(err)))


def test_processed_with_care(tmp_path, capsys, table_rows, monkeypatch):
    """Inputs that are processed, and what is done about them."""
    def stray(wb):
        wb.create_sheet("Notes")["XFD1048576"] = "x"
    assert run_cli("process", edit_book(tmp_path / "a.xlsx", stray), "--output", tmp_path / "a_out.xlsx") == 0
    table_rows.append(("a stray value at XFD1048576 in a sheet of the user's own", 0,
                       "processed; only the input sheets and the History are read"))
    from test_reader_at_the_edges import book_1904

    assert run_cli("process", book_1904(tmp_path), "--period", "2026H1") == 0
    table_rows.append(("a Mac workbook counting dates from 1904, dates typed as numbers", 0,
                       "processed; numbers in date cells read in the workbook's date system"))
    far = book_with(tmp_path / "f.xlsx", **add_row("Games", ["E1", None, 2, "B", "A", 1, None]))
    wb = openpyxl.load_workbook(far)
    wb["Events"].append(["E9", "明年", D(2099, 3, 1), D(2099, 3, 2), "round_robin", "", "", ""])
    wb["Games"].append(["E9", None, 1, "A", "B", 1, None])
    wb.save(far)
    assert run_cli("process", far, "--json", tmp_path / "f.json") == 0
    import json

    data = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert not data["period"].startswith("2099") and any(c["rule"] == "date.future" for c in data["checks"])
    table_rows.append(("a game dated after today (a typo, or a period not started)", 0,
                       "processed up to the period containing today, never a later one; a Checks line: "
                       "“a game dated after today: a typo?”"))
    capsys.readouterr()


def _cli_case(tmp_path, capsys, *args):
    """Run the command line; the workbook is never changed by a refusal."""
    book = tmp_path / "case.xlsx"
    before = book.read_bytes() if book.exists() else None
    code = run_cli(*args)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if before is not None:
        assert book.read_bytes() == before, "the workbook was changed"
    text = first_line(err)
    return code, re.sub(r"\S*/(SOURCE\.\w+|notes\.xlsx|site)", r"\1", text)


def test_import_publish_and_outputs(tmp_path, capsys, table_rows, monkeypatch):
    """Records in, lists out, and outputs that could destroy something."""
    from import_writers import EVENT, rr_rows, write_h9, write_opengotha, write_trf

    book = book_with(tmp_path / "case.xlsx")
    src = write_h9(tmp_path / "SOURCE.h9", EVENT)
    text = src.read_text(encoding="utf-8")
    src.write_text(re.sub(r"(\s)2\+/", r"\g<1>9+/", text, count=1), encoding="utf-8")
    code, err = _cli_case(tmp_path, capsys, "import", src, "--into", book)
    assert code == 2 and "9" in err
    table_rows.append(("import: an h9 file naming an opponent that is not in it", code, err))
    rows = [list(r) for r in rr_rows(EVENT)]
    rows[2][6] = 1                              # player 1 beat player 2 ... and 2 beat 1
    rows[3][5] = 1
    import csv
    with open(tmp_path / "SOURCE.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    code, err = _cli_case(tmp_path, capsys, "import", tmp_path / "SOURCE.csv", "--into", book,
                          "--start", "2026-03-01", "--end", "2026-03-02")
    assert code == 2 and "disagree" in err
    table_rows.append(("import: a crosstable whose two halves disagree", code, err))
    og = write_opengotha(tmp_path / "SOURCE.xml", EVENT)
    og.write_text(og.read_text(encoding="utf-8").replace("<Tournament", '<!DOCTYPE t [<!ENTITY x "y">]><Tournament', 1),
                  encoding="utf-8")
    code, err = _cli_case(tmp_path, capsys, "import", og, "--into", book)
    assert code == 2
    table_rows.append(("import: an OpenGotha file declaring entities", code, err))
    import openpyxl as _xl
    from import_writers import write_report
    both = write_report(tmp_path / "SOURCE.xlsx", EVENT)
    wb = _xl.load_workbook(both)
    ws = wb.create_sheet("交叉表")
    for row in rr_rows(EVENT)[1:]:
        ws.append(row)
    wb.save(both)
    code, err = _cli_case(tmp_path, capsys, "import", both, "--into", book)
    assert code == 2 and "both on sheet" in err
    table_rows.append(("import: a report with results on both Games and Crosstable", code, err))
    ok = write_trf(tmp_path / "SOURCE.trf", EVENT)      # a Gomoku workbook: not a Go file (issue 17)
    code, err = _cli_case(tmp_path, capsys, "import", book, "--into", book)
    assert code == 2
    table_rows.append(("import: the workbook given as a source", code, err))
    assert run_cli("import", ok, "--into", book) == 0
    capsys.readouterr()
    code, err = _cli_case(tmp_path, capsys, "import", ok, "--into", book)
    assert code == 2 and "--replace" in err
    table_rows.append(("import: the same event imported twice", code, err))
    code, err = _cli_case(tmp_path, capsys, "publish", book, "--site", tmp_path / "site")
    assert code == 2
    table_rows.append(("publish: a workbook not processed yet", code, err))
    assert run_cli("process", book, "--period", "2024H1") == 0
    capsys.readouterr()
    import datetime as _dt
    code, err = _cli_case(tmp_path, capsys, "process", book, "--period", "2099H1")
    assert code == 2 and "has not begun" in err
    table_rows.append(("a period that has not begun (2099H1)", code, err.replace(_dt.date.today().isoformat(), "TODAY")))
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0
    page = tmp_path / "site" / "index.html"
    page.write_bytes(page.read_bytes().replace(b"</body>", b"<p>my note</p></body>"))
    (tmp_path / "site" / ".xl-ratings-published").unlink()      # the record lost too: the marker still knows
    capsys.readouterr()
    code, err = _cli_case(tmp_path, capsys, "publish", book, "--site", tmp_path / "site")
    assert code == 2 and "index.html" in err and b"my note" in page.read_bytes()
    table_rows.append(("publish: a site page edited by hand since it was published", code, err))
    code, err = _cli_case(tmp_path, capsys, "process", book, "--json", book)
    assert code == 2
    table_rows.append(("--json naming the workbook itself", code, err))
    (tmp_path / "notes.xlsx").write_text("mine")
    code, err = _cli_case(tmp_path, capsys, "process", book, "--output", tmp_path / "notes.xlsx")
    assert code == 2 and (tmp_path / "notes.xlsx").read_text() == "mine"
    table_rows.append(("--output naming an existing file xl-ratings did not write", code, err))
    code, err = _cli_case(tmp_path, capsys, "process", book, "--from", "2023H2")
    assert code == 2
    table_rows.append(("--from a period the History does not hold", code, err))
    import xl_ratings.publish.pdf as pdf
    monkeypatch.setattr(pdf, "soffice", lambda: None)
    code, err = _cli_case(tmp_path, capsys, "publish", book, "--pdf", tmp_path / "list.pdf")
    assert code == 2 and "libreoffice" in err.lower()
    table_rows.append(("publish --pdf without LibreOffice installed", code, err))
    wb = openpyxl.load_workbook(book)
    cell = wb["Games"].cell(wb["Games"].max_row, 6)
    cell.value = 1 if cell.value != 1 else 0        # a published result changed afterwards
    wb.save(book)
    code, err = _cli_case(tmp_path, capsys, "process", book)
    assert code == 2 and "--from 2024H1" in err
    table_rows.append(("a result changed in a period already published", code, err))
    cell.value = 1 if cell.value != 1 else 0        # undone
    wb.save(book)
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    header = [c.value for c in ws[1]]
    col = next(i for i, h in enumerate(header, start=1) if str(h).endswith(" new"))
    ws.cell(2, col).value = ws.cell(2, col).value + 50   # a published rating typed over
    wb.save(book)
    code, err = _cli_case(tmp_path, capsys, "process", book)
    assert code == 2 and "--from 2024H1" in err
    table_rows.append(("a History row edited by hand", code, err))
    code, err = _cli_case(tmp_path, capsys, "import", ok, "--into", book, "--replace", "--start", "2020-01-01")
    assert code == 2 and "differs from the date the source gives" in err
    table_rows.append(("import: --start contradicting the source's dates", code, err))


#: the rows of :func:`test_files_at_their_edges`
EDGE_ROWS = 8


def _edge_book(tmp_path, ids=("A", "B")):
    t = base()
    t["Players"] = [PLAYERS] + [[i, n, "M", "", "", r, None, None, None, "", "yes"]
                                for i, n, r in zip(ids, ("甲", "乙"), (2300, 2200))]
    t["Games"] = [GAMES, ["E1", None, 1, ids[0], ids[1], 1, None]]
    return write_book(t, tmp_path / "case.xlsx")


def test_files_at_their_edges(tmp_path, capsys, table_rows, monkeypatch):
    """Issue 16: tournament files at their edges (sizes, encodings, places) and the site folder."""
    from import_writers import EVENT, rr_rows, write_h9, write_report_bomb

    book = book_with(tmp_path / "case.xlsx")
    bomb_src = write_report_bomb(tmp_path / "SOURCE.xlsx")
    code, err = _cli_case(tmp_path, capsys, "import", bomb_src, "--into", book)
    assert code == 2 and "possible zip bomb" in err
    table_rows.append(("import: a report workbook that is a zip bomb (40 MiB of zeros in 40 KB)", code, err))
    odd = tmp_path / "SOURCE.txt"
    odd.write_text("1 a 1d " * 28_000 + "\n", encoding="utf-8")     # 198 KB: took 133 s to refuse
    code, err = _cli_case(tmp_path, capsys, "import", odd, "--into", book)
    assert code == 2 and "cannot tell the format" in err
    table_rows.append(("import: 198 KB of text in no known format (format detection)", code, err))
    h9 = write_h9(tmp_path / "SOURCE.h9", EVENT)
    h9.write_bytes(h9.read_bytes().replace(b"Zhang Wei", "Zhang Wéi".encode())
                   .replace(b"; Generated by import_writers.py", "; CM[Café]".encode("cp1252")))
    go_book = tmp_path / "gor.xlsx"          # an h9 goes only into a Go workbook (issue 17)
    shutil.copyfile(ROOT / "gor.xlsx", go_book)
    code = run_cli("import", h9, "--into", go_book, "--dry-run")
    out = capsys.readouterr().out
    note = next(ln.strip()[2:] for ln in out.splitlines() if "not UTF-8" in ln)
    assert code == 0 and "Zhang Wéi" in out
    table_rows.append(("import: a UTF-8 h9 with one line in Windows-1252 (`; CM[Café]`)", code,
                       re.sub(r"\S*/(SOURCE\.\w+)", r"\1", note).replace("|", "\\|")))
    rows = [list(r) for r in rr_rows(EVENT)]
    rows[3][1] = "x" * 200_000
    import csv
    with open(tmp_path / "SOURCE.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    code, err = _cli_case(tmp_path, capsys, "import", tmp_path / "SOURCE.csv", "--into", book)
    assert code == 2 and "line 4" in err
    table_rows.append(("import: a CSV crosstable with a 200,000-character cell", code, err))
    # publishing
    book = _edge_book(tmp_path, ("CON", "lpt9"))
    assert run_cli("process", book, "--period", "2026H1") == 0
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site) == 0
    assert {"con_.html", "lpt9_.html"} <= {p.name for p in (site / "players").iterdir()}
    table_rows.append(("publish: player ids CON and LPT9 (names Windows reserves)", 0,
                       "pages players/con_.html and players/lpt9_.html"))
    (tmp_path / "photos").mkdir()
    (site / "photos").symlink_to(tmp_path / "photos", target_is_directory=True)
    (site / "uploads").mkdir()
    os.chmod(site, 0o700)
    capsys.readouterr()
    assert run_cli("publish", book, "--site", site) == 0
    assert (site / "photos").is_symlink() and (site / "uploads").is_dir() and (site.stat().st_mode & 0o777) == 0o700
    table_rows.append(("publish --site again: the folder holds a `photos` link and an empty `uploads/`, mode 0700",
                       0, "the site is replaced; `photos`, `uploads/` and mode 0700 kept"))
    (site / "list.pdf").write_bytes(b"%PDF-1.4\n% xl-ratings list shanghai 2026H1\n")
    (tmp_path / ".site.new-k2_x9abc").mkdir()
    assert run_cli("publish", book, "--site", site) == 0
    assert (site / "list.pdf").exists() and not (tmp_path / ".site.new-k2_x9abc").exists()
    table_rows.append(("publish --site: our PDF inside the site folder; a `.site.new-*` left by a killed run",
                       0, "the site is replaced, the PDF kept, the leftover removed"))
    fake = tmp_path / "soffice"
    fake.write_text("#!/bin/sh\nsleep 1000 &\nsleep 1000\n")
    fake.chmod(0o755)
    import xl_ratings.publish.pdf as pdf
    monkeypatch.setattr(pdf, "soffice", lambda: str(fake))
    monkeypatch.setattr(pdf, "TIMEOUT", 1.0)
    code, err = _cli_case(tmp_path, capsys, "publish", book, "--pdf", tmp_path / "list.pdf")
    assert code == 2 and "stopped" in err
    table_rows.append(("publish --pdf: LibreOffice hangs (and its worker with it)", code,
                       re.sub(r"(file|文件) \S*soffice", r"\1 soffice", err)))


def test_the_ledger_and_what_is_written(tmp_path, capsys, table_rows, monkeypatch):
    """Issue 16: the History as a client saves it or a hand edits it; the outputs that are not
    this workbook's own; what import keeps."""
    import shutil

    from import_writers import EVENT, write_h9, write_report
    from test_ledger_integrity import resave_numbers

    templates = Path(__file__).resolve().parents[2] / "workbook_templates"

    def said(*args):
        code, err = _cli_case(tmp_path, capsys, *args)
        return code, err.replace(str(tmp_path) + "/", "")

    def fresh(system="gor"):
        book = tmp_path / "case.xlsx"
        shutil.copy(templates / f"{system}.xlsx", book)
        assert run_cli("process", book, "--period", "2025") == 0 if system == "gor" else run_cli("process", book) == 0
        capsys.readouterr()
        (tmp_path / "case.backup.xlsx").unlink()
        return book

    def history(book, edit):
        wb = openpyxl.load_workbook(book)
        edit(wb["History"])
        wb.save(book)

    def col(ws, key):
        return next(i for i, c in enumerate(ws[1], start=1) if str(c.value).split()[-1] == key)

    book = fresh()
    resave_numbers(book, 15)
    assert run_cli("process", book, "--period", "2025") == 0
    capsys.readouterr()
    table_rows.append(("a processed workbook saved by LibreOffice (numbers with 15 significant digits)", 0,
                       "processed; the same results (the History's numbers are compared to 12 significant digits, "
                       "dates as dates)"))
    def setting(key, change):
        wb = openpyxl.load_workbook(book)
        ws = wb["Settings"]
        row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == key)
        ws.cell(row, 2).value = change(ws.cell(row, 2).value)
        wb.save(book)
    setting("federation", lambda v: f"{v}（更正）")
    assert run_cli("process", book, "--period", "2025") == 0
    table_rows.append(("the federation's name corrected in Settings after publishing", 0,
                       "processed; no re-rate asked (only the Settings that change numbers count)"))
    from test_corrections import tables as club      # not the bundled sample (forgotten when changed)

    book = write_book(club(), tmp_path / "case.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    wb = openpyxl.load_workbook(book)
    wb["Settings"].append(["k_new", 30])
    wb.save(book)
    capsys.readouterr()
    code, err = said("process", book, "--period", "2026H2")
    assert code == 2 and "--from 2026H1" in err
    table_rows.append(("a setting that changes numbers changed after publishing", code, err))

    book = fresh()

    def paste(ws):
        for c in range(1, ws.max_column + 1):
            ws.cell(3, c).value = ws.cell(2, c).value
    history(book, paste)
    code, err = said("process", book, "--period", "2025")
    assert code == 2 and "2 rows" in err
    table_rows.append(("a History row pasted over another player's row", code, err))
    book = fresh()
    history(book, lambda ws: setattr(ws.cell(2, col(ws, "inputs")), "value", None))
    code, err = said("process", book, "--period", "2025")
    assert code == 2 and "lost the seal" in err
    table_rows.append(("a History row's hidden inputs cell emptied", code, err))
    book = fresh()
    history(book, lambda ws: ws.delete_cols(col(ws, "inputs")))
    code, err = said("process", book, "--period", "2025")
    assert code == 2 and "inputs" in err
    table_rows.append(("the History's hidden columns removed (Excel's Document Inspector)", code, err))
    book = fresh("shanghai")

    def cut(ws):
        first = ws.cell(2, 1).value
        for r in reversed([r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == first]):
            ws.delete_rows(r)
    history(book, cut)
    code, err = said("process", book)
    assert code == 2 and "--from 2026H1" in err
    table_rows.append(("the History's first period deleted", code, err))

    (tmp_path / "elsewhere").mkdir()
    other = tmp_path / "OTHER.xlsx"
    shutil.copy(templates / "peng.xlsx", other)
    assert run_cli("process", other) == 0
    book = fresh()
    for option, target, label in (
            ("--output", other, "--output naming another federation's processed workbook"),
            ("--json", other, "--json naming a processed workbook"),
            ("--output", tmp_path / "elsewhere" / "case.backup.xlsx", "--output elsewhere/BOOK.backup.xlsx"),
            ("--json", tmp_path / "case.xlsx.xl-ratings.lock", "--json BOOK.xlsx.xl-ratings.lock")):
        before = other.read_bytes()
        code, err = said("process", book, "--period", "2025", option, target)
        assert code == 2 and other.read_bytes() == before
        table_rows.append((label, code, err))
    h9 = write_h9(tmp_path / "SOURCE.h9", EVENT)
    code, err = said("import", h9, "--into", book, "--output", other)
    assert code == 2
    table_rows.append(("import --output naming another federation's workbook", code, err))
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    ws.cell(ws.max_row + 2, 2).value = " "
    wb.save(book)
    assert run_cli("import", h9, "--into", book) == 0
    capsys.readouterr()
    table_rows.append(("import: a Games cell holding one space below the table", 0,
                       "imported; a row prepared below the table is reused: every cell not written is kept "
                       "(a helper column's formula too)"))
    report = write_report(tmp_path / "SOURCE.xlsx", EVENT)
    wb = openpyxl.load_workbook(report)
    ws = wb["Players"]
    ws.column_dimensions[next(c.column_letter for c in ws[1] if "rating" in str(c.value))].hidden = True
    wb.save(report)
    code, err = said("import", report, "--into", book)
    assert code == 2 and "hidden" in err
    table_rows.append(("import: a report whose ratings column is hidden", code, err))
    assert run_cli("process", book) == 0
    assert run_cli("process", book) == 0      # re-processed: a backup from before is kept
    capsys.readouterr()
    backup = tmp_path / "case.backup.xlsx"
    rezip(backup, lambda files: files.__setitem__("xl/workbook.xml", b"<broken"))
    code, err = said("process", book)
    assert code == 2 and "cannot be read" in err
    table_rows.append(("a backup that cannot be read, the last period processed again", code, err))
    demo = tmp_path / "demo"
    assert run_cli("demo", "--dir", demo) == 0
    wb = openpyxl.load_workbook(demo / "demo_gor.xlsx")
    wb["Players"]["B2"] = "my edit"
    wb.save(demo / "demo_gor.xlsx")
    capsys.readouterr()
    code, err = said("demo", "--dir", demo)
    assert code == 2
    table_rows.append(("demo run again over an edited demo workbook", code, err))


def _cell(message: str) -> str:
    """A message as a code span in a table cell: shown as printed, never a link (a URL in a
    message stays text: the docs link nowhere outside the repository)."""
    fence = "``" if "`" in message else "`"
    return fence + message.replace("|", "\\|") + fence


def test_docs_reliability_table(table_rows):
    assert len(table_rows) == len(CASES) + 8 + 16 + 16 + EDGE_ROWS, "run the whole module"
    lines = ["| bad input | exit | what the officer sees |", "|---|---:|---|"]
    lines += [f"| {a} | {b} | {_cell(c) if b else c} |" for a, b, c in table_rows]
    table = "\n".join(lines)
    text = PAGE.read_text(encoding="utf-8")
    start, end = "<!-- reliability:start -->", "<!-- reliability:end -->"
    new = re.sub(f"{re.escape(start)}.*?{re.escape(end)}", f"{start}\n{table}\n{end}", text, flags=re.S)
    if os.environ.get("UPDATE_DOCS"):
        PAGE.write_text(new, encoding="utf-8")
        return
    assert start in text, f"{PAGE} has no {start} … {end} markers for the table"
    assert new == text, "docs/reliability.md's table is stale: run UPDATE_DOCS=1 pytest tests/e2e/test_reliability.py"
