"""What is processed and what is written (issue 16, 2-4): what the officer sees is what is
processed (rows of zero height, columns of zero width); an output never overwrites what
xl-ratings did not write for this workbook; import keeps the officer's cells; every limit of
a sheet is checked before writing."""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import D, GAMES, run_cli
from import_writers import GOMOKU_EVENT as EVENT
from import_writers import write_report
from problem_ids import cli_problems, only, raises, refused_with
from test_reader_at_the_edges import book, refused, tables

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.importing import import_into
from xl_ratings.jobs.process import process_workbook

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def rezip(path: Path, edit) -> Path:
    """``path`` with its parts changed by ``edit(name, bytes) -> bytes``."""
    with zipfile.ZipFile(path) as z:
        files = {n: edit(n, z.read(n)) for n in z.namelist()}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    path.write_bytes(buf.getvalue())
    return path


def games_part(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        from xl_ratings.xlsx.package import sheets_of
        listed, _ = sheets_of(z.read("xl/workbook.xml"), z.read("xl/_rels/workbook.xml.rels"))
    return next(s.part for s in listed if s.name == "Games")


# --------------------------------------------------------------------------- 2. what is seen
def set_row_height(path: Path, sheet_part: str, row: int, height: str) -> Path:
    """``ht`` written as a program may write it (openpyxl leaves a height of 0 out)."""
    return rezip(path, lambda n, d: re.sub(rb'<row r="%d"' % row, b'<row r="%d" ht="%s" customHeight="1"'
                                           % (row, height.encode()), d, count=1) if n == sheet_part else d)


@pytest.mark.parametrize("height", ["0", "0.0", "0.5", "2", ".4"])
def test_rows_too_low_to_see_are_hidden_rows(tmp_path, capsys, height):
    """A row of zero height (or 2 points) shows nothing: refused like a hidden row."""
    path = book(tmp_path)
    told = refused_with(set_row_height(path, games_part(path), 3, height))
    assert [(p.id, p.params, p.sheet, p.row) for p in told] == [
        ("workbooks.row_hidden", {"rows": "3", "sheet": "Games"}, "Games", 3)]


def test_a_row_of_ordinary_height_is_fine(tmp_path, capsys):
    from test_reader_at_the_edges import processed

    def ordinary(wb):
        wb["Games"].row_dimensions[3].height = 12
    processed(book(tmp_path, ordinary), capsys)


@pytest.mark.parametrize("width", ["0", "0.2"])
def test_columns_too_narrow_to_see_are_hidden_columns(tmp_path, capsys, width):
    path = book(tmp_path)
    part = games_part(path)
    rezip(path, lambda n, d: d.replace(b"<sheetData", b'<cols><col min="6" max="6" width="%s" customWidth="1"/></cols>'
                                       b"<sheetData" % width.encode(), 1) if n == part else d)
    told = refused_with(path)
    assert [(p.id, p.params, p.sheet, p.row) for p in told] == [
        ("workbooks.columns_hidden", {"columns": ("workbooks.column_n", {"n": 6})}, "Games", 1)]


def test_a_header_row_of_zero_height_is_hidden(tmp_path, capsys):
    path = book(tmp_path)
    told = refused_with(set_row_height(path, games_part(path), 1, "0"))
    assert [(p.id, p.sheet, p.row) for p in told] == [("workbooks.header_hidden", "Games", 1)]


def test_a_hidden_column_entry_without_its_columns_is_a_problem_not_a_traceback(tmp_path, capsys):
    """The schema requires min and max; a file without them is damaged: said, with the sheet."""
    path = book(tmp_path)
    part = games_part(path)
    rezip(path, lambda n, d: d.replace(b"<sheetData", b'<cols><col width="9" hidden="1"/></cols><sheetData', 1)
          if n == part else d)
    told = refused_with(path)
    assert [(p.id, p.sheet, p.value) for p in told] == [
        ("sheets.column_entry_damaged", "Games", '<col width="9" hidden="1"/>')]
    err = capsys.readouterr().err
    assert "文件已损坏" in err and "Traceback" not in err


def test_a_report_source_with_a_hidden_column_is_refused(tmp_path, capsys):
    """A report's hidden column (its ratings) must not be imported: refused, naming it."""
    src = write_report(tmp_path / "report.xlsx", EVENT, ids=False)
    wb = openpyxl.load_workbook(src)
    ws = wb["Players"]
    col = next(c.column_letter for c in ws[1] if "rating" in str(c.value).lower())
    ws.column_dimensions[col].hidden = True
    wb.save(src)
    target = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    data = Path(target).read_bytes()
    code, told = cli_problems("import", src, "--into", target)
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params, p.sheet) for p in told] == [
        ("workbooks.columns_hidden", {"columns": ("workbooks.column_n", {"n": 6})}, "Players")], err
    assert "Traceback" not in err
    assert Path(target).read_bytes() == data


def test_a_report_source_with_rows_of_zero_height_is_refused(tmp_path, capsys):
    src = write_report(tmp_path / "report.xlsx", EVENT, ids=False)
    set_row_height(src, games_part(src), 3, "0")
    target = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    code, told = cli_problems("import", src, "--into", target)
    assert code == 2 and [(p.id, p.params) for p in told] == [("workbooks.row_hidden", {"rows": "3", "sheet": "Games"})]


# --------------------------------------------------------------------------- 3. what is ours
def processed_copy(tmp_path: Path, system: str, name: str) -> Path:
    """A federation's processed workbook (written in place: it is a workbook of its own)."""
    path = shutil.copy(ROOT / f"{system}.xlsx", tmp_path / name)
    process_workbook(path, today=D(2026, 11, 30))
    return Path(path)


@pytest.mark.parametrize("option", ["--output", "--json"])
def test_another_federations_processed_workbook_is_not_ours(tmp_path, capsys, option):
    """``process A --json B.xlsx`` and ``--output B.xlsx`` overwrote B, another federation's
    processed workbook, without --force or a backup."""
    a = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "A.xlsx")
    b = processed_copy(tmp_path, "gor", "B.xlsx")
    data = b.read_bytes()
    code, told = cli_problems("process", a, option, b)
    assert code == 2
    if option == "--json":          # a workbook's name is no JSON file's: refused before anything else
        assert [(p.id, p.params) for p in told] == [("run.json_not_json", {"path": str(b)})]
    else:                           # the way out: another name, or --force
        assert [(p.id, p.params) for p in told] == [("files.output_not_ours", {"option": "--output", "path": str(b)})]
    assert b.read_bytes() == data


def test_import_output_over_another_federations_workbook_is_refused(tmp_path, capsys):
    from import_writers import write_h9

    a = shutil.copy(ROOT / "gor.xlsx", tmp_path / "A.xlsx")
    b = processed_copy(tmp_path, "gor", "B.xlsx")
    data = b.read_bytes()
    code, told = cli_problems("import", write_h9(tmp_path / "t.h9", EVENT), "--into", a, "--output", b)
    assert code == 2 and [(p.id, p.params) for p in told] == [("files.output_not_ours", {"option": "--output", "path": str(b)})]
    assert b.read_bytes() == data


def test_this_workbooks_own_output_is_ours_until_it_becomes_a_workbook_of_its_own(tmp_path, capsys):
    """``--output`` writes a workbook that says which workbook it came from: the next
    ``--output`` of that workbook may replace it -- not after it was processed in place
    (adopted as a workbook of its own), nor from another workbook."""
    a = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "A.xlsx")
    other = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "other.xlsx")
    out = tmp_path / "out.xlsx"
    assert run_cli("process", a, "--output", out) == 0
    assert run_cli("process", a, "--output", out) == 0           # its own earlier output
    assert run_cli("process", other, "--output", out) == 2       # not other's
    assert run_cli("process", out) == 0                          # adopted: processed in place
    assert run_cli("process", a, "--output", out) == 2
    assert run_cli("process", a, "--output", out, "--force") == 0
    capsys.readouterr()


@pytest.mark.parametrize("name,words", [("elsewhere/BOOK.backup.xlsx", "the name of a workbook's backup"),
                                        # a lock's name for --json: no .json file, refused as such first
                                        ("BOOK.xlsx.xl-ratings.lock", "the JSON export goes into a file named .json"),
                                        (".BOOK.xlsx.xl-ratings.lock", "the JSON export goes into a file named .json"),
                                        ("~$BOOK.xlsx", "the name of a lock or temporary file")])
def test_outputs_named_like_a_backup_or_a_lock_are_refused(tmp_path, capsys, name, words):
    a = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "A.xlsx")
    (tmp_path / "elsewhere").mkdir()
    target = tmp_path / name
    option = "--output" if name.endswith(".xlsx") else "--json"
    assert run_cli("process", a, option, target, "--force") == 2
    err = capsys.readouterr().err
    assert words in err and "--force" not in err.split(words)[1][:80]
    assert not target.exists()


@pytest.mark.parametrize("sheet", ["Chart", "Checks", "Pending", "Ratings", "Corrections", "Changes"])
def test_an_officers_own_sheet_named_like_a_result_sheet_is_refused(tmp_path, capsys, sheet):
    """Replaced silently before, and the next backup no longer held it."""
    path = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    process_workbook(path, today=D(2026, 11, 30))                 # Corrections: written when re-rating
    wb = openpyxl.load_workbook(path)
    if sheet in wb.sheetnames:
        del wb[sheet]
    ws = wb.create_sheet(sheet)
    ws["A1"], ws["B1"] = "my notes", "do not lose"
    wb.save(path)
    data = Path(path).read_bytes()
    args = ("--from", "2026H1") if sheet == "Corrections" else ()
    assert run_cli("process", path, *args) == 2
    err = capsys.readouterr().err
    assert f"sheet '{sheet}'" in err and "was not written by xl-ratings (its first cell is 'my notes')" in err
    assert "替换它会使其内容丢失" in err
    assert Path(path).read_bytes() == data


def shared_a1(path: Path, sheet: str) -> Path:
    """Cell A1 of ``sheet`` as Excel and LibreOffice write text: a shared string (the
    workbook gets a shared-strings part holding it)."""
    with zipfile.ZipFile(path) as z:
        from xl_ratings.xlsx.package import sheets_of
        part = next(s.part for s in sheets_of(z.read("xl/workbook.xml"), z.read("xl/_rels/workbook.xml.rels"))[0]
                    if s.name == sheet)
        m = re.search(rb'<c r="A1"([^>]*?) t="inlineStr"><is><t>([^<]*)</t></is></c>', z.read(part))
    assert m is not None and "xl/sharedStrings.xml" not in zipfile.ZipFile(path).namelist()

    def edit(name, d):
        if name == part:
            return d.replace(m.group(0), b'<c r="A1"%s t="s"><v>0</v></c>' % m.group(1), 1)
        if name == "xl/_rels/workbook.xml.rels":
            return d.replace(b"</Relationships>", b'<Relationship Id="rIdSst" Type="http://schemas.openxmlformats.org/'
                             b'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                             b"</Relationships>")
        if name == "[Content_Types].xml":
            return d.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                             b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
        return d
    rezip(path, edit)
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("xl/sharedStrings.xml", b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/'
                   b'spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>' + m.group(2) + b"</t></si></sst>")
    return path


@pytest.mark.parametrize("first,ours", [(None, True), ("my notes", False)])
def test_the_first_cell_is_read_from_a_shared_string_too(tmp_path, capsys, first, ours):
    """Our sheets are known by their first cell, a header of ours -- also when it is a shared
    string (what Excel and LibreOffice write)."""
    from xl_ratings.xlsx.read import first_cells

    path = processed_copy(tmp_path, "gor", "hk.xlsx")
    if first is not None:
        wb = openpyxl.load_workbook(path)
        wb["Ratings"]["A1"] = first
        wb.save(path)
    shared_a1(path, "Ratings")
    assert first_cells(path, ["Ratings"])["Ratings"] == (first or "名次 place")
    assert run_cli("process", path) == (0 if ours else 2)
    assert ("its first cell is 'my notes'" in capsys.readouterr().err) is not ours


def test_import_keeps_every_other_cell_of_a_reused_row(tmp_path, capsys):
    """Rows prepared below the table (a helper column's formula, a stray space in a column the
    import writes): the rows are reused, the formulas kept -- and recalculated on opening."""
    path = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Games"]
    n = ws.max_row
    for r in range(n + 1, n + 9):
        ws.cell(r, 10).value = f'=IF(D{r}="","",D{r}&"-"&E{r})'
    ws.cell(n + 3, 2).value = " "
    wb.save(path)
    part = games_part(Path(path))
    rezip(Path(path), lambda name, d: re.sub(rb'<c r="(J\d+)"><f>(.*?)</f><v\s*/?>(?:</v>)?</c>',
                                             rb'<c r="\1" t="str"><f>\2</f><v></v></c>', d) if name == part else d)
    src = write_report(tmp_path / "report.xlsx", EVENT, ids=False)
    assert run_cli("import", src, "--into", path) == 0, capsys.readouterr().err
    ws = openpyxl.load_workbook(path)["Games"]
    for r in range(n + 1, n + 9):
        assert ws.cell(r, 10).value == f'=IF(D{r}="","",D{r}&"-"&E{r})', r
    added = [[c.value for c in ws[r]][:6] for r in range(n + 1, n + 7)]
    assert all(row[0] and row[3] and row[4] for row in added), added
    with zipfile.ZipFile(path) as z:
        assert b'fullCalcOnLoad="1"' in z.read("xl/workbook.xml")


def test_import_with_a_space_below_the_table_is_no_traceback(tmp_path, capsys):
    path = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Games"]
    ws.cell(ws.max_row + 3, 2).value = " "
    wb.save(path)
    src = write_report(tmp_path / "report.xlsx", EVENT, ids=False)
    assert run_cli("import", src, "--into", path) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_demo_never_overwrites_an_edited_demo_workbook(tmp_path, capsys):
    """Run again, demo rewrites what it left as it was; an edited workbook (or a file it did not
    write) stops it before anything is written."""
    folder = tmp_path / "demo"
    assert run_cli("demo", "--dir", folder) == 0
    assert run_cli("demo", "--dir", folder) == 0                 # unedited: rewritten
    edited = folder / "demo_gor.xlsx"
    wb = openpyxl.load_workbook(edited)
    wb["Players"]["B2"] = "my edit"
    wb.save(edited)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    capsys.readouterr()
    assert run_cli("demo", "--dir", folder) == 2
    err = capsys.readouterr().err
    assert "demo_gor.xlsx" in err and "--dir" in err and "demo_shanghai.xlsx" not in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    other = tmp_path / "mine"
    other.mkdir()
    (other / "demo_peng.xlsx").write_bytes(b"my own file")
    assert run_cli("demo", "--dir", other) == 2
    assert (other / "demo_peng.xlsx").read_bytes() == b"my own file"
    capsys.readouterr()


# --------------------------------------------------------------------------- 4. limits
def test_import_never_writes_past_a_sheets_last_row(tmp_path, capsys, monkeypatch):
    """Past row 1,048,576 Excel cannot open the file: refused before writing (the limit made
    small here: a sheet of a million rows is not needed to show the check)."""
    from xl_ratings.jobs import book_import     # the import use case both paths share checks it

    path = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    last = len(openpyxl.load_workbook(path)["Games"]["A"])
    monkeypatch.setattr(book_import, "MAX_ROWS", last + 3)
    data = Path(path).read_bytes()
    src = write_report(tmp_path / "report.xlsx", EVENT, ids=False)
    with raises(InputErrors, "imports.sheet_full", rows=6, first=last + 1, last=last + 6, limit=f"{last + 3:,}"):
        import_into(path, [str(src)], dry_run=True)
    code, told = cli_problems("import", src, "--into", path)
    assert code == 2
    only(told, "imports.sheet_full", rows=6, first=last + 1, last=last + 6, limit=f"{last + 3:,}")
    assert Path(path).read_bytes() == data


def test_a_result_sheet_past_the_last_row_is_refused_before_writing(monkeypatch):
    from xl_ratings.xlsx import write

    spec = write.SheetSpec("History", ["a"], [[1]] * 10, [None])
    monkeypatch.setattr(write, "MAX_ROWS", 10)
    with raises(InputErrors, "workbooks.sheet_too_long", sheet="History", rows=11, limit=10):
        write.check_limits([spec])


def long_text(path: Path, sheet: str, marker: str, chars: int, shared: bool = False) -> Path:
    """The cell holding ``marker`` made ``chars`` characters long, as a program that does not
    know a cell's limit writes it (openpyxl and python-calamine both cut at 32,767)."""
    with zipfile.ZipFile(path) as z:
        from xl_ratings.xlsx.package import sheets_of
        part = next(s.part for s in sheets_of(z.read("xl/workbook.xml"), z.read("xl/_rels/workbook.xml.rels"))[0]
                    if s.name == sheet)
    long = (marker * (chars // len(marker) + 1))[:chars].encode()
    return rezip(path, lambda n, d: d.replace(f"<t>{marker}</t>".encode(), b"<t>" + long + b"</t>", 1)
                 if n == part else d)


def test_a_name_longer_than_a_cell_holds_is_refused(tmp_path, capsys):
    """40,000 characters: beyond the 32,767 a cell holds (a file written by a program, not
    typed; read, it would be cut without a word): refused with its cell."""
    players = tables()["Players"]
    players[2][1] = "长名"
    path = long_text(book(tmp_path, Players=players), "Players", "长名", 40_000)
    told = refused_with(path)
    assert {(p.id, p.params["chars"], p.sheet, p.row, p.column, p.value) for p in told} == \
        {("sheets.cell_too_long", "40,000", "Players", 3, "name", None)}, told     # the 40,000 not echoed


def test_an_id_longer_than_a_cell_holds_is_refused_in_games(tmp_path, capsys):
    games = [list(GAMES), ["E1", None, 1, "A", "Bxx", 1, None]]
    path = long_text(book(tmp_path, Games=games), "Games", "Bxx", 33_000)
    refused(path, capsys, "sheet 'Games', row 2, column 'opponent': holds 33,000 characters")


def test_a_long_shared_string_is_found_too():
    """A shared string past the limit (Excel and LibreOffice write text as shared strings)."""
    from xl_ratings.xlsx import safety

    sst = (b'<?xml version="1.0"?><sst xmlns="x"><si><t>a</t></si><si><r><t>' + b"b" * 20_000 + b"</t></r><r><t>"
           + b"c" * 20_000 + b"</t></r></si><si><t>d</t></si></sst>")
    sheet = (b'<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s">'
             b'<v>1</v></c><c r="B2" t="s"><v>2</v></c></row></sheetData></worksheet>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("xl/workbook.xml", b"<workbook/>")
        z.writestr("xl/_rels/workbook.xml.rels", b'<Relationships><Relationship Id="r1" Type="http://x/sharedStrings" '
                                                 b'Target="sharedStrings.xml"/></Relationships>')
        z.writestr("xl/sharedStrings.xml", sst)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
    z = zipfile.ZipFile(buf)
    long = safety.long_shared_strings(z)
    assert long == {1: 40_000}
    assert safety.scan_sheet(z, "xl/worksheets/sheet1.xml", long_strings=long).long_cells == [(2, 1, 40_000)]


def test_a_result_cell_past_its_limit_is_refused_before_writing():
    from xl_ratings.xlsx import write

    spec = write.SheetSpec("Checks", ["rule", "message"], [["x", "y" * 32_768]], [None, None])
    with raises(InputErrors, "workbooks.result_cell_too_long", chars="32,768", sheet="Checks"):
        write.check_limits([spec])


@pytest.mark.parametrize("value", [-1, 0, 1.5, "-1", "2.5", "x", "第0轮", "final", "决赛", "R", True])
def test_impossible_round_numbers_are_refused(tmp_path, capsys, value):
    games = [list(GAMES), ["E1", None, value, "A", "B", 1, None]]
    err = refused(book(tmp_path, Games=games), capsys,
                  "sheet 'Games', row 2, column 'round': a round is a whole number from 1 (or left blank; "
                  "3, 第3轮, R3 and Round 3 are read as 3): write the round's number", "轮次")
    assert "typo" not in err


@pytest.mark.parametrize("value", [3, "第3轮", "第3輪", "第三轮", "第 3 輪", "R3", "Rd.3", "Round 3", "3rd", "３"])
def test_rounds_written_the_chinese_or_english_way_are_round_numbers(tmp_path, capsys, value):
    """Hostile3 R3: a Games sheet with rounds 第3輪 (processed before) was refused, one message
    per row; the crosstable importer reads the same 第3轮 headers (one parser: cells.round_number)."""
    from test_reader_at_the_edges import processed

    from xl_ratings.engine.cells import round_number

    assert round_number(value) == 3
    games = [list(GAMES), ["E1", None, value, "A", "B", 1, None], ["E1", None, 4, "A", "B", 0, None]]
    processed(book(tmp_path, Games=games), capsys)


def test_rounds_that_are_not_numbers_are_refused_once_per_column(tmp_path, capsys):
    """209 rows of 'final' were 209 problems (419 lines): one problem for the column, its count,
    its first rows and first value."""
    games = [list(GAMES)] + [["E1", None, "final" if k % 2 else "x", "A", "B", 1, None] for k in range(40)]
    err = refused(book(tmp_path, Games=games), capsys,
                  "sheet 'Games', row 2, column 'round': a round is a whole number from 1",
                  "40 rows of this column hold something else (rows 2–41; the first shown)", "(value: 'x')",
                  "此列有 40 行不是（第 2–41 行")
    assert err.count("column 'round'") == 1, err


@pytest.mark.parametrize("value", [1, 3.0, "7", " 7 ", None, ""])
def test_possible_round_numbers(tmp_path, capsys, value):
    from test_reader_at_the_edges import processed

    games = [list(GAMES), ["E1", None, value, "A", "B", 1, None]]
    processed(book(tmp_path, Games=games), capsys)


def test_an_unreadable_backup_is_refused_not_taken_for_one_without_periods(tmp_path, capsys):
    """Re-processing a period keeps a backup that holds none of the re-processed periods (the
    version before it was first processed); a backup that cannot be read was taken for such
    a one -- and kept, the note saying it held that version.  Now: refused, nothing written."""
    path = shutil.copy(ROOT / "shanghai.xlsx", tmp_path / "book.xlsx")
    process_workbook(path, today=D(2026, 11, 30))
    backup = tmp_path / "book.backup.xlsx"
    rezip(backup, lambda n, d: b"<broken" if n == "xl/workbook.xml" else d)
    data, kept = Path(path).read_bytes(), backup.read_bytes()
    code, told = cli_problems("process", path)
    assert code == 2
    only(told, "run.backup_unreadable", backup="book.backup.xlsx")
    assert Path(path).read_bytes() == data and backup.read_bytes() == kept
    backup.unlink()
    assert run_cli("process", path) == 0
    capsys.readouterr()
