"""The LibreOffice extension in the real program (issue 27): installed with ``unopkg add`` into a
fresh profile, one headless LibreOffice for the module, driven over UNO (tests/lo_driver.py, run by
the Python that has ``uno``).

* a workbook of formulas written as Excel writes them recalculates to exactly the Python values;
* the toolbar's Process on each sample workbook writes the command line's result sheets, cell by cell,
  number formats included;
* Import on the Import sheet appends what ``xl-ratings import`` appends; the rating list's lines are
  the command line's;
* bad input and hidden rows: the input sheets untouched, the problems on the Checks sheet;
* the extension installs and removes cleanly.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import openpyxl
import pytest
from helpers import TEMPLATES, read_sheet, run_cli
from import_writers import EVENT, rr_rows, write_rr_csv
from needs import need_soffice, need_uno, office_env
from openpyxl.worksheet.formula import ArrayFormula
from test_import_one_click import META, norm
from test_script_dispatch import RESULT_SHEETS, cli_cells, same, serial

from xl_ratings import systems, udfs
from xl_ratings.excel.ranges import ArgumentError
from xl_ratings.libreoffice import build

DRIVER = Path(__file__).resolve().parents[1] / "lo_driver.py"
INPUT_SHEETS = ("Settings", "Players", "Events", "Games", "Awards", "Points", "Clubs", "Identities")
pytestmark = pytest.mark.libreoffice


def _as_user(folder: Path) -> list[str]:
    """unopkg refuses a user's installation to root: run it as nobody (the profile is in a folder it may write)."""
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", f"HOME={folder}"]


class Office:
    def __init__(self, folder: Path, uno_python: str) -> None:
        self.folder, self.python = folder, uno_python
        self.profile = f"-env:UserInstallation=file://{folder}/profile"
        self.pipe = f"xlr{uuid.uuid4().hex[:12]}"

    def unopkg(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*_as_user(self.folder), "unopkg", *args, self.profile],
                              capture_output=True, text=True, timeout=180, env=office_env())

    def ask(self, **request: object) -> object:
        out = subprocess.run([self.python, str(DRIVER)], input=json.dumps({"pipe": self.pipe, **request}),
                             capture_output=True, text=True, timeout=300, env=office_env())
        assert out.returncode == 0 and out.stdout, out.stderr[-3000:]
        return json.loads(out.stdout)


def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="xl-ratings-lo-"))
    folder.chmod(0o777)
    return folder


def _started(office: Office, soffice: str, log) -> subprocess.Popen:   # type: ignore[type-arg]
    """soffice answering on the office's pipe. LibreOffice 7.4's first start on a profile that
    unopkg has just filled sometimes aborts ("DeploymentException", signal 6); a second start
    finds the extension registered: up to three starts, each asked over UNO that it answers."""
    for _ in range(3):
        proc = subprocess.Popen([soffice, "--headless", "--invisible", "--norestore", "--nologo", office.profile,
                                 f"--accept=pipe,name={office.pipe};urp;"], stdout=log, stderr=subprocess.STDOUT,
                                env=office_env())
        try:
            ping = subprocess.run([office.python, str(DRIVER)], input=json.dumps({"pipe": office.pipe, "op": "ping"}),
                                  capture_output=True, text=True, timeout=120, env=office_env())
            if ping.returncode == 0 and proc.poll() is None:
                return proc
        except subprocess.TimeoutExpired:
            pass
        proc.kill()
        proc.wait()
    log.flush()
    pytest.fail("LibreOffice did not start three times: " + (office.folder / "soffice.log").read_text()[-2000:])


@pytest.fixture(scope="module")
def office():
    soffice = need_soffice()
    office = Office(_folder(), need_uno())
    oxt = build.write_oxt(office.folder / "xl-ratings.oxt")
    oxt.chmod(0o644)
    added = office.unopkg("add", str(oxt))
    assert added.returncode == 0, added.stdout + added.stderr
    log = open(office.folder / "soffice.log", "w")
    proc = _started(office, soffice, log)
    try:
        yield office
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(office.folder, ignore_errors=True)


# ---------------------------------------------------------------------------- the functions in cells
#: (cell, formula as Excel stores it, the Python call with what xlwings would hand it)
INPUTS = {"C2": 2200, "D2": 2200, "E2": 2200, "F2": 2200, "C3": 1, "D3": 1, "E3": 1, "F3": 0,
          "C5": "九段", "D5": "九段", "E5": "八段", "F5": "八段", "G5": "七段",
          "C6": 1, "D6": 1, "E6": 1, "F6": 1, "G6": 0,
          "C8": 2400, "D8": 2300, "E8": 2200, "C9": "胜", "D9": "和", "E9": "负",
          "B10": 1850, "B11": 2000}
ROW4 = [[2200.0] * 4]
CASES = [
    ("A1", "=ELO_EXPECTED(2300,2200)", lambda: udfs.elo_expected(2300.0, 2200.0)),
    ("A2", '=ELO_EXPECTED(2300,2200,"logistic")', lambda: udfs.elo_expected(2300.0, 2200.0, "logistic")),
    ("A3", "=ELO_DELTA(2300,C2:F2,C3:F3,15)", lambda: udfs.elo_delta(2300.0, ROW4, [[1.0, 1.0, 1.0, 0.0]], 15.0)),
    ("A4", '=SHANGHAI_K(12,1,"")', lambda: udfs.shanghai_k(12.0, 1.0, None)),
    ("A5", "=LIANZHONG_K(2100)", lambda: udfs.lianzhong_k(2100.0)),
    ("A6", "=LIANZHONG_UPDATE(1500,1500,0,4,40)", lambda: udfs.lianzhong_update(1500.0, 1500.0, 0.0, 4.0, 40.0)),
    ("A7", "=LIANZHONG_TITLE(2250,30)", lambda: udfs.lianzhong_title(2250.0, 30.0)),
    ("A8", "=GOR_EXPECTED(1850,2400,5)", lambda: udfs.gor_expected(1850.0, 2400.0, 5.0)),
    ("A9", "=GOR_UPDATE(2300,2400,1)", lambda: udfs.gor_update(2300.0, 2400.0, 1.0)),
    ("A10", '=PENG_ANNUAL("五段",C5:G5,C6:G6)',
     lambda: udfs.peng_annual("五段", [["九段", "九段", "八段", "八段", "七段"]], [[1.0, 1.0, 1.0, 1.0, 0.0]])),
    ("A11", '=PENG_CUMULATIVE("初段",C5:G5,C6:G6,31)',
     lambda: udfs.peng_cumulative("初段", [["九段", "九段", "八段", "八段", "七段"]], [[1.0, 1.0, 1.0, 1.0, 0.0]], 31.0)),
    ("A12", '=PENG_BASE("四段")', lambda: udfs.peng_base("四段")),
    ("A13", '=RANK_STANDARD(620,"peng","初段")', lambda: udfs.rank_standard(620.0, "peng", "初段")),
    ("A14", '=RANK_RATING("三段","shanghai")', lambda: udfs.rank_rating("三段", "shanghai")),
    ("A15", '=RANK_STANDARD(2320,"shanghai")', lambda: udfs.rank_standard(2320.0, "shanghai")),
    ("A16", "=GOR_UPDATE(2300,C8:E8,C9:E9)",
     lambda: udfs.gor_update(2300.0, [[2400.0, 2300.0, 2200.0]], [["胜", "和", "负"]])),
    ("A17", "=_xll.GOR_UPDATE(2300,2400,1)", lambda: udfs.gor_update(2300.0, 2400.0, 1.0)),
    ("A18", "=SHANGHAI_K(12,1,B18)", lambda: udfs.shanghai_k(12.0, 1.0, None)),   # an empty peak: never rated
    ("A19", "=SUM(GOR_EXPECTED(1850,2400,5),1)", lambda: udfs.gor_expected(1850.0, 2400.0, 5.0) + 1),
]
ARRAY = ("H10:H12", "=GOR_EXPECTED(B10:B12,2400)",
         lambda: udfs.gor_expected([[1850.0], [2000.0], [None]], 2400.0))
ERROR = ("A20", "=GOR_UPDATE(2300,2400,1,,75)", lambda: udfs.gor_update(2300.0, 2400.0, 1.0, None, 75.0))


def test_a_workbook_typed_in_excel_computes_the_python_values(office, tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "F"
    for cell, v in INPUTS.items():
        ws[cell] = v
    for cell, formula, _ in CASES + [ERROR]:
        ws[cell] = formula                      # as Excel stores a UDF: its plain name (an XLL's: _xll.NAME)
    ws["H10"] = ArrayFormula(ARRAY[0], ARRAY[1])     # an array formula (LibreOffice 7.4 does not spill)
    wb.save(tmp_path / "f.xlsx")
    cells = [c for c, _, _ in CASES] + ["H10", "H11", "H12", ERROR[0]]
    got = dict(zip(cells, office.ask(op="recalc", path=str(tmp_path / "f.xlsx"), sheet="F", cells=cells)))
    for cell, formula, python in CASES:
        want = python()
        g = got[cell]
        assert g["error"] == 0, (cell, formula, g)
        if isinstance(want, str):
            assert g["text"] == want, (cell, formula, g)
        else:
            assert g["value"] == want, (cell, formula, g)         # exactly: the same float
    assert [got[c]["value"] for c in ("H10", "H11")] == [r[0] for r in ARRAY[2]()[:2]], [got[c] for c in ("H10", "H11", "H12")]
    assert got["H12"]["text"] == "" and ARRAY[2]()[2] == [""]      # blank in, blank out
    assert got[ERROR[0]]["error"] == 519 and got[ERROR[0]]["text"] == "#VALUE!"   # refused, as in Excel
    with pytest.raises(ArgumentError, match="weight"):
        ERROR[2]()
    assert got["A9"]["formula"].startswith("=ORG.XLRATINGS.FUNCTIONS.GOR_UPDATE(")   # Calc's name for it


def test_the_function_wizard_and_the_buttons_are_there(office):
    from xl_ratings.libreoffice.functions import table

    got = office.ask(op="config", functions=[f.name for f in table()])
    assert sorted(got["wizard"]) == sorted(f.name for f in table())
    for f in table():
        description, args = got["wizard"][f.name]
        assert description == f.help.en
        assert [a[:2] for a in args] == [[a.name, a.help.en] for a in f.arguments], f.name
    title, items = got["menu"]
    assert title == "等级分 Ratings"
    urls = [["org.xlratings:process", "计算等级分 Process ratings"], ["org.xlratings:import", "导入成绩 Import results"],
            ["org.xlratings:rating_list", "编排软件用等级分名单 Rating list for pairing programs"]]
    assert items == urls and got["toolbar"] == urls


# ---------------------------------------------------------------------------- the toolbar
def _grid(rows):
    """Calc's cells as the command line's file reads back (trailing empty rows and cells dropped)."""
    out = [[None if v == "" else v for v in r] for r in rows]
    while out and all(v is None for v in out[-1]):
        out.pop()
    return out


def _same_sheet(name, got_rows, want):
    got = _grid(got_rows)
    assert len(got) == len(want), (name, len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        width = max(len(g), len(w))
        g, w = g + [None] * (width - len(g)), w + [None] * (width - len(w))
        bad = [(j, x, y) for j, (x, y) in enumerate(zip(g, w)) if not same(x, y)]
        assert not bad, f"{name} row {i + 1}: {bad[:3]}"


@pytest.mark.parametrize("system", systems.SYSTEMS)
def test_process_writes_the_command_lines_result_sheets(office, system, tmp_path):
    book, cli = tmp_path / f"{system}.xlsx", tmp_path / "cli.xlsx"
    assert run_cli("new", system, book) == 0
    assert run_cli("process", book, "--output", cli) == 0
    got = office.ask(op="click", path=str(book), commands=["process"], formats=list(RESULT_SHEETS))
    assert got["told"][0].startswith(f"{system}: period(s) ") and "result sheets are written" in got["told"][0]
    names = openpyxl.load_workbook(cli).sheetnames
    written = [n for n in names if n in RESULT_SHEETS]
    assert [n for n in got["after"] if n in RESULT_SHEETS] == written and "Ratings" in written
    assert [n for n in got["after"] if n not in RESULT_SHEETS] == [n for n in names if n not in RESULT_SHEETS]
    for name in written:
        want, want_formats = cli_cells(cli, name)
        _same_sheet(name, got["after"][name], want)
        shown = {tuple(map(int, k.split(","))): v for k, v in got["formats"].get(name, {}).items()}
        # the same formats (Calc writes a date code's keywords in capitals: YYYY-MM-DD)
        diff = {k: (shown.get(k), f) for k, f in want_formats.items() if (shown.get(k) or "").lower() != f.lower()}
        assert not diff, f"{name}: {sorted(diff.items())[:5]}"
    for name in got["before"]:
        if name not in RESULT_SHEETS:
            assert got["after"][name] == got["before"][name], f"{name} changed"
    if system == "gor":
        assert "已處理週期" in got["told"][0]          # the Hong Kong workbook: traditional Chinese


def test_the_rating_list_lines_are_the_command_lines(office, tmp_path):
    book = tmp_path / "gor.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    processed = tmp_path / "done.xlsx"
    assert run_cli("process", book, "--output", processed) == 0
    assert run_cli("publish", processed, "--rating-list", tmp_path / "list.txt") == 0
    got = office.ask(op="click", path=str(book), commands=["process", "rating_list"])
    column_a = [r[0] if r[0] is not None else "" for r in _grid(got["after"]["RatingListFile"])]
    want = (tmp_path / "list.txt").read_text(encoding="utf-8").splitlines()
    assert column_a[:len(want)] == want and len(want) > 10
    assert not any(column_a[len(want):])
    assert "RatingListFile!A1:A" in got["told"][1]


def test_import_on_the_import_sheet_appends_what_the_command_line_appends(office, tmp_path):
    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / "gor.xlsx")
    ws = wb["Import"]
    ws.delete_rows(1, ws.max_row)
    for r in META + [list(r) for r in rr_rows(EVENT)]:
        ws.append(r)
    wb.save(book)
    got = office.ask(op="click", path=str(book), commands=["import"])
    assert "games imported" in got["told"][0]
    csv = write_rr_csv(tmp_path / "rr.csv", EVENT)
    cli = tmp_path / "cli.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", cli)
    assert run_cli("import", csv, "--into", cli, "--name", "春季公开赛", "--start", "2024-05-01",
                   "--end", "2024-05-03") == 0
    for sheet in ("Players", "Events", "Games"):
        before = len(read_sheet(TEMPLATES / "gor.xlsx", sheet))
        new_want = read_sheet(cli, sheet)[before:]
        rows = [r for r in _grid(got["after"][sheet])[1:] if any(v is not None for v in r)]
        added = rows[before:]
        assert len(added) == len(new_want) > 0, sheet
        for g, w in zip(added, new_want):
            shown = {norm(v) for v in g if v is not None}
            shown |= {norm(serial_date(v)) for v in g if isinstance(v, float)}
            assert {norm(v) for v in w.values() if v is not None} <= shown, (sheet, w, g)


def serial_date(v: float) -> object:
    import datetime as dt
    return dt.date(1899, 12, 30) + dt.timedelta(days=int(v)) if 20000 < v < 80000 else v


def _inputs(sheets):
    return {n: rows for n, rows in sheets.items() if n in INPUT_SHEETS}


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_bad_input_leaves_the_input_sheets_and_lists_the_problems_on_checks(office, system, tmp_path):
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Players"]["F2"] = "fifteen hundred"          # a rating typed as text
    wb["Games"]["E2"] = "NOBODY"                     # an opponent who is not a player
    wb.save(book)
    from xl_ratings.errors import InputErrors
    from xl_ratings.jobs.process import process
    with pytest.raises(InputErrors) as cli_err:
        process(book, output=tmp_path / "never.xlsx")
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "problem(s), nothing was processed: see the Checks sheet" in got["told"][0]
    assert _inputs(got["after"]) == _inputs(got["before"])
    assert not [n for n in got["after"] if n in RESULT_SHEETS and n != "Checks" and n not in got["before"]]
    checks = _grid(got["after"]["Checks"])
    listed = {(r[2], int(r[3]) if r[3] is not None else None) for r in checks[1:]}
    assert listed == {(e.where.sheet, e.where.row) for e in cli_err.value.errors}
    assert got["active"] == "Checks"
    if system == "gor":             # the Hong Kong workbook: its problems in traditional Chinese
        assert "未作任何處理" in got["told"][0] and any("棋手編號" in str(r[1]) for r in checks[1:])


def test_hidden_rows_are_refused_as_classic_excel_refuses_them(office, tmp_path):
    book = tmp_path / "peng.xlsx"
    shutil.copy(TEMPLATES / "peng.xlsx", book)
    got = office.ask(op="click", path=str(book), commands=["process"], hide=[["Games", 3], ["Games", 4]])
    assert "nothing was processed" in got["told"][0]
    checks = _grid(got["after"]["Checks"])
    assert any("row(s) 3–4 of Games hidden" in str(r[0]) or "row(s) 3-4 of Games hidden" in str(r[0])
               for r in checks), checks[:3]
    assert _inputs(got["after"]) == _inputs(got["before"])


def test_the_extension_installs_and_removes_cleanly(tmp_path):
    need_soffice()
    office = Office(_folder(), "")
    try:
        oxt = build.write_oxt(office.folder / "xl-ratings.oxt")
        oxt.chmod(0o644)
        assert office.unopkg("add", str(oxt)).returncode == 0
        listed = office.unopkg("list")
        assert build.IDENTIFIER in listed.stdout and "is registered: yes" in listed.stdout
        removed = office.unopkg("remove", build.IDENTIFIER)
        assert removed.returncode == 0, removed.stderr
        assert build.IDENTIFIER not in office.unopkg("list").stdout
    finally:
        shutil.rmtree(office.folder, ignore_errors=True)


def test_merged_cells_are_read_as_the_command_line_reads_them(office, tmp_path):
    """Calc tells one click its merged ranges (issue 25): a club merged down two players' rows is each
    one's club, with the file reader's note, the Ratings sheet the command line's; a merged header is
    refused with the command line's problem."""
    book, cli = tmp_path / "gor.xlsx", tmp_path / "cli.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    col = next(c.column for c in ws[1] if str(c.value).split()[-1] == "club")
    letter = openpyxl.utils.get_column_letter(col)
    assert ws.cell(2, col).value != ws.cell(3, col).value
    ws.cell(3, col).value = None
    ws.merge_cells(f"{letter}2:{letter}3")
    wb.save(book)
    assert run_cli("process", book, "--output", cli) == 0
    got = office.ask(op="click", path=str(book), commands=["process"], formats=[])
    assert f"sheet 'Players', row 2, column 'club': cells {letter}2:{letter}3 are merged: read as their value" \
        in "\n".join(got["told"]), got["told"]
    want, _ = cli_cells(cli, "Ratings")
    _same_sheet("Ratings", got["after"]["Ratings"], want)
    assert not [r for r in _grid(got["after"].get("Checks", [])) if "not checked for merged cells" in str(r[0])]
    wb = openpyxl.load_workbook(TEMPLATES / "gor.xlsx")
    wb["Games"]["B1"] = None
    wb["Games"].merge_cells("A1:B1")
    wb.save(book)
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "nothing was processed" in got["told"][0]
    assert any("header cells are merged" in str(r[0]) and r[5] == "A1:B1" for r in _grid(got["after"]["Checks"]))
