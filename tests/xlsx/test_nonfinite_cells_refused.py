"""A number cell holding NaN or an infinity (``<v>NaN</v>``, ``<v>inf</v>``, ``<v>-INF</v>``: no
spreadsheet program types one; a program wrote it) is refused at its cell, in every column of every
sheet the reader reads -- never read as a blank (SH001, established at 2445, was rated as a new
player), never as the day 1899-12-30 (python-calamine's reading of NaN in a date-formatted cell), and
never a crash (python-calamine stops the process on minus infinity in a date-formatted cell).  The
run refuses the workbook and writes nothing."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from problem_ids import cli_problems, problems

from xl_ratings.errors import InputErrors
from xl_ratings.xlsx.read import read_sheets, read_workbook
from xl_ratings.xlsx.safety import not_finite_values, without_not_finite

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
SENTINEL = "12345.678"
TOKENS = {"NaN": "NaN", "inf": "inf", "-INF": "-inf"}     # as stored -> as the message names it


def _column(ws, key: str) -> str:
    from openpyxl.utils import get_column_letter

    heads = [c.value for c in ws[1]]
    return get_column_letter(next(i for i, h in enumerate(heads, 1) if h and str(h).split()[-1] == key))


def _setting_row(ws, key: str) -> int:
    return next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == key)


def raw_cell(system: str, sheet: str, ref: str, token: str, out: Path, head: tuple[str, str] | None = None) -> Path:
    """The template of ``system`` with cell ``ref`` of ``sheet`` a number cell storing ``token`` as it
    is (its style kept: a date-formatted cell stays one); ``head``: (ref, text) of a header typed too."""
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    wb[sheet][ref] = float(SENTINEL)
    if head:
        wb[sheet][head[0]] = head[1]
    tmp = out.with_suffix(".tmp.xlsx")
    wb.save(tmp)
    with zipfile.ZipFile(tmp) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        hits = 0
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.startswith("xl/worksheets/"):
                hits += data.count(b"<v>%s</v>" % SENTINEL.encode())
                data = data.replace(b"<v>%s</v>" % SENTINEL.encode(), b"<v>%s</v>" % token.encode())
            z.writestr(info, data)
    tmp.unlink()
    assert hits == 1
    return out


#: (system, sheet, column key or Settings key, row: 2, or None for the Settings key's row) -- every
#: column read as a number or a date (and the Settings' values)
NUMERIC = [
    ("shanghai", "Players", "rating"), ("shanghai", "Players", "games"), ("shanghai", "Players", "events"),
    ("shanghai", "Players", "peak"), ("shanghai", "Players", "rif"), ("shanghai", "Players", "federation_id"),
    ("shanghai", "Events", "start"), ("shanghai", "Events", "end"),
    ("shanghai", "Games", "date"), ("shanghai", "Games", "round"), ("shanghai", "Games", "result"),
    ("shanghai", "Games", "handicap"), ("shanghai", "Awards", "date"), ("shanghai", "Settings", "k_new"),
    ("gor", "Players", "rating"), ("gor", "Players", "wins"), ("gor", "Players", "egf_pin"),
    ("gor", "Games", "handicap"), ("gor", "McMahon", "mms"), ("gor", "Settings", "floor"),
    ("lianzhong", "Players", "games"), ("lianzhong", "Settings", "start"),
    ("peng", "Points", "date"), ("peng", "Points", "points"), ("peng", "Games", "result"),
]


def _ref(system: str, sheet: str, key: str) -> tuple[str, int, str]:
    """(cell, row, the column as problems name it) of ``key`` in the template's first record."""
    ws = openpyxl.load_workbook(ROOT / f"{system}.xlsx")[sheet]
    if sheet == "Settings":
        row = _setting_row(ws, key)
        return f"B{row}", row, "value"
    return f"{_column(ws, key)}2", 2, key


@pytest.mark.parametrize("token", TOKENS)
@pytest.mark.parametrize("system,sheet,key", NUMERIC)
def test_a_nonfinite_number_is_refused_at_its_cell(tmp_path, system, sheet, key, token):
    ref, row, column = _ref(system, sheet, key)
    bad = raw_cell(system, sheet, ref, token, tmp_path / "bad.xlsx")
    with pytest.raises(InputErrors) as e:
        read_workbook(bad)
    told = problems(e.value)
    assert [(p.id, p.sheet, p.row, p.column, p.params["shown"]) for p in told] == \
        [("sheets.cell_not_finite", sheet, row, column, TOKENS[token])]


@pytest.mark.parametrize("system,sheet,key,token", [
    ("shanghai", "Players", "rating", "NaN"),          # the tester's SH001: rated as a new player
    ("shanghai", "Players", "games", "-INF"), ("shanghai", "Players", "peak", "NaN"),
    ("shanghai", "Events", "end", "NaN"),              # read as 1899-12-30: 67 problems after it
    ("shanghai", "Events", "start", "-INF"),           # python-calamine stopped the process
    ("shanghai", "Games", "round", "NaN"), ("gor", "Games", "date", "-inf"),
    ("shanghai", "Settings", "k_new", "inf"),
])
def test_process_refuses_it_and_writes_nothing(tmp_path, system, sheet, key, token):
    ref, row, column = _ref(system, sheet, key)
    bad = raw_cell(system, sheet, ref, token, tmp_path / "bad.xlsx")
    before = bad.read_bytes()
    code, told = cli_problems("process", bad, "--output", tmp_path / "out.xlsx", "--json", tmp_path / "out.json")
    assert code == 2
    assert [(p.id, p.sheet, p.row, p.column) for p in told] == [("sheets.cell_not_finite", sheet, row, column)]
    assert not (tmp_path / "out.xlsx").exists() and not (tmp_path / "out.json").exists()
    code, told = cli_problems("process", bad)            # in place: the workbook as it was, no backup
    assert code == 2 and [p.id for p in told] == ["sheets.cell_not_finite"]
    assert bad.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["bad.xlsx"]


def test_any_cell_of_an_input_sheet_and_each_one(tmp_path):
    """A text column (the name), a column of the officer's own and a cell beyond the table: each told
    at its own cell, in the order of the sheet."""
    bad = raw_cell("shanghai", "Players", "P3", "nan", tmp_path / "a.xlsx", head=("P1", "备注"))
    wb_path = raw_cell_again(bad, "Players", "B2", "Infinity", tmp_path / "b.xlsx")
    wb_path = raw_cell_again(wb_path, "Games", "Z9", "+inf", tmp_path / "c.xlsx")
    with pytest.raises(InputErrors) as e:
        read_workbook(wb_path)
    assert [(p.id, p.sheet, p.row, p.column, p.params["shown"]) for p in problems(e.value)] == [
        ("sheets.cell_not_finite", "Players", 2, "name", "inf"),
        ("sheets.cell_not_finite", "Players", 3, "备注", "NaN"),
        ("sheets.cell_not_finite", "Games", 9, "Z", "inf")]


def raw_cell_again(book: Path, sheet: str, ref: str, token: str, out: Path) -> Path:
    """``book`` (holding raw cells already, which openpyxl cannot open) with one more: its XML edited."""
    with zipfile.ZipFile(book) as z:
        files = {n: z.read(n) for n in z.namelist()}
    part = _part(files, sheet)
    xml = files[part].decode()
    row = int(re.match(r"[A-Z]+(\d+)", ref).group(1))
    cell = f'<c r="{ref}" t="n"><v>{token}</v></c>'
    found = re.search(r'<c r="%s"[^>]*?(/>|>.*?</c>)' % ref, xml, re.S)
    if found:
        xml = xml.replace(found.group(0), cell)
    else:       # the row's end: the cell after the others
        m = re.search(r'(<row r="%d"[^>]*>.*?)(</row>)' % row, xml, re.S)
        xml = xml[:m.start(2)] + cell + xml[m.start(2):]
    files[part] = xml.encode()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    return out


def _part(files: dict[str, bytes], sheet: str) -> str:
    wbx, rels = files["xl/workbook.xml"].decode(), files["xl/_rels/workbook.xml.rels"].decode()
    rid = re.search(r'<sheet [^>]*name="%s"[^>]*r:id="(\w+)"' % sheet, wbx).group(1)
    target = (re.search(r'Id="%s"[^>]*Target="([^"]+)"' % rid, rels)
              or re.search(r'Target="([^"]+)"[^>]*Id="%s"' % rid, rels)).group(1)
    return "xl/" + target.lstrip("/").replace("xl/", "", 1)


def test_text_that_reads_nan_is_text(tmp_path):
    """A formula's text (t="str") and a shared string "NaN" are texts, not numbers: the workbook is
    read (and processed) as before."""
    book = tmp_path / "b.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Players"]["P1"], wb["Players"]["P2"] = "备注", "NaN"
    wb.save(book)
    with zipfile.ZipFile(book) as z:
        files = {n: z.read(n) for n in z.namelist()}
    part = _part(files, "Players")
    xml = re.sub(r'(<row r="2"[^>]*>.*?)(</row>)', r'\1<c r="Q2" t="str"><f>LOWER("NAN")</f><v>nan</v></c>\2',
                 files[part].decode(), count=1, flags=re.S)
    files[part] = xml.encode()
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    tables, found = read_workbook(book)
    assert found == [] and tables["Players"][1][15:17] == ["NaN", "nan"]
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert code == 0 and told == []


def test_other_sheets_read_refuse_it_too(tmp_path):
    """The History and an import source's sheets (read_sheets) are read by the same scan."""
    bad = raw_cell("shanghai", "Clubs", "D2", "NaN", tmp_path / "bad.xlsx")
    with pytest.raises(InputErrors) as e:
        read_sheets(bad, ["Clubs"])
    assert [(p.id, p.sheet, p.row, p.column) for p in problems(e.value)] == \
        [("sheets.cell_not_finite", "Clubs", 2, "D")]
    with pytest.raises(InputErrors):
        read_sheets(bad, ["Clubs"], as_input=True)
    assert read_sheets(bad, ["Players"])["Players"][1][0] == "SH001"      # a sheet without one: read


@pytest.mark.parametrize("prefixed", [False, True])
def test_the_scan_finds_what_python_calamine_reads_as_nonfinite(prefixed):
    """What Rust's float parser (python-calamine) reads as NaN or an infinity, in a number cell --
    and nothing else: a finite number with a long exponent, a formula's text, a shared string."""
    ns = "x:" if prefixed else ""
    cells = {
        "A1": ("", "NaN"), "B1": ("", "nan"), "C1": (' t="n"', "-INF"), "D1": ("", "+Infinity"),
        "E1": ("", "1e999"), "F1": ("", "-4.5E+308"), "G1": ("", "1" + "0" * 400),
        "H1": ("", "1e308"), "I1": ("", "1e-400"), "J1": ("", "2445"), "K1": (' t="str"', "nan"),
        "L1": (' t="s"', "7"), "M1": (' t="b"', "1"), "N1": (' t="e"', "#NUM!"), "O1": ("", "-12.5"),
    }
    body = "".join(f'<{ns}c r="{r}"{t}><{ns}v>{v}</{ns}v></{ns}c>' for r, (t, v) in cells.items())
    body = f'<{ns}row r="1">{body}</{ns}row>'.encode()
    found = [(r, c, x) for _, _, r, c, x in not_finite_values(body, prefixed)]
    assert [(r, c, str(x)) for r, c, x in found] == [
        (1, 1, "nan"), (1, 2, "nan"), (1, 3, "-inf"), (1, 4, "inf"), (1, 5, "inf"), (1, 6, "-inf"), (1, 7, "inf")]
    emptied = without_not_finite((f'<{ns}worksheet xmlns:x="s"><{ns}sheetData>'.encode() if prefixed
                                  else b"<worksheet><sheetData>") + body)
    assert list(not_finite_values(emptied, prefixed)) == [] and b"2445" in emptied and b">nan<" in emptied
    assert emptied.count(f"<{ns}v>".encode()) == len(cells) - 7
