"""One click through xlwings' own script dispatch (xlwings Lite / Server):
``xw.Book(json=snapshot)`` + ``custom_scripts_call`` in a subprocess with the
test key writes the same result sheets as the command line -- every sheet,
cell by cell, number formats and the History chart included."""

import datetime as dt
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli

from xl_ratings.excel.visibility import INPUT_SHEETS, MERGE_SHEETS
from xl_ratings.xlsx.read import read_tables
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"

DISPATCH = textwrap.dedent("""
    import asyncio, contextlib, importlib.util, io, json, sys
    import xlwings as xw
    from xlwings.server import custom_scripts_call
    import xl_ratings.excel as excel
    if len(sys.argv) > 3:   # a main.py, made a module from its text as xlwings Lite does
        spec = importlib.util.spec_from_loader("main", loader=None)
        excel = importlib.util.module_from_spec(spec)
        exec(open(sys.argv[3], encoding="utf-8").read(), excel.__dict__)
        sys.modules["main"] = excel
    snap = json.load(open(sys.argv[1], encoding="utf-8"))
    snap["version"] = xw.__version__
    book = xw.Book(json=snap)
    printed = io.StringIO()   # what xlwings Lite shows in its output pane
    with contextlib.redirect_stdout(printed):
        asyncio.run(custom_scripts_call(excel, sys.argv[2], typehint_to_value={xw.Book: book}))
    json.dump({**book.json(), "printed": printed.getvalue()}, sys.stdout, ensure_ascii=False, default=str)
""")


def serial(v):
    """Office.js hands dates over as Excel serial numbers."""
    if isinstance(v, dt.datetime):
        v = v.date()
    if isinstance(v, dt.date):
        return (v - dt.date(1899, 12, 30)).days
    return v


def replay(snapshot_sheets, actions, formats=None, charts=None):
    """Apply the returned actions to sheet names and values (addSheet, setValues, clear);
    collect number formats (sheet -> {(row, col): format}) and charts (sheet -> [actions])."""
    names = [s["name"] for s in snapshot_sheets]
    values: dict[str, list] = {n: [] for n in names}
    for a in actions:
        if formats is not None and a["func"] == "setNumberFormat":
            fm = formats.setdefault(names[a["sheet_position"]], {})
            for i in range(a["start_row"], a["start_row"] + a["row_count"]):
                for j in range(a["start_column"], a["start_column"] + a["column_count"]):
                    fm[(i, j)] = a["args"][0]
        if charts is not None and a["func"].lower().find("chart") >= 0:
            charts.setdefault(names[a["sheet_position"]], []).append(a)
        if a["func"] == "addSheet":
            pos, name = a["args"]
            names.insert(pos, name)
            values[name] = []
        elif a["func"] == "setValues":
            name = names[a["sheet_position"]]
            grid = values[name]
            r0, c0 = a["start_row"], a["start_column"]
            for i, row in enumerate(a["values"]):
                while len(grid) <= r0 + i:
                    grid.append([])
                line = grid[r0 + i]
                while len(line) < c0 + len(row):
                    line.append(None)
                line[c0:c0 + len(row)] = row
        elif a["func"] in ("sheetClear", "sheetClearContents"):
            values[names[a["sheet_position"]]] = []
    return values


def snapshot(tables, book_name):
    """What Office.js sends Python for a workbook of ``tables`` (xw.Book(json=...))."""
    sheets = [{"name": n, "values": [[serial(v) for v in row] for row in rows] or [[]],
               "pictures": [], "tables": []} for n, rows in tables.items()]
    return {"version": None, "client": "Office.js",
            "book": {"name": book_name, "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": sheets}


def run_script(name, tables, book_name, tmp_path, printed=None, prelude="", module=None):
    """Run the @script ``name`` through xlwings' dispatch (xlwings Server, in a subprocess) on a
    snapshot of ``tables``; return the snapshot's sheets and the actions it sends back
    (``printed``: a list that gets what the script printed; ``prelude``: code run first;
    ``module``: a main.py whose scripts run, instead of xl_ratings.excel's)."""
    snap = snapshot(tables, book_name)
    sheets = snap["sheets"]
    (tmp_path / "snap.json").write_text(json.dumps(snap, ensure_ascii=False, default=str), encoding="utf-8")
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    proc = subprocess.run([sys.executable, "-c", prelude + DISPATCH, str(tmp_path / "snap.json"), name]
                          + ([str(module)] if module else []), capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    if printed is not None:
        printed.append(got["printed"])
    return sheets, got["actions"]


def dispatch(system, tmp_path):
    """Run process_period through xlwings' dispatch on the template's snapshot."""
    return run_script("process_period", read_tables(ROOT / f"{system}.xlsx"), f"{system}.xlsx", tmp_path)


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_script_dispatch_writes_same_rating_list(system, tmp_path):
    sheets, actions = dispatch(system, tmp_path)
    grids = replay(sheets, actions)
    got = grids["Ratings"]
    assert run_cli("process", ROOT / f"{system}.xlsx", "--output", tmp_path / "cli.xlsx") == 0
    cli = read_sheet(tmp_path / "cli.xlsx", "Ratings")
    head = got[0]
    id_col = head.index(next(h for h in head if h.endswith(" id")))
    new_col = head.index(next(h for h in head if h.endswith(" new")))
    lite = [(r[id_col], r[new_col]) for r in got[1:]]
    # same players, same order, same numbers (the file stores 16 significant digits)
    assert [i for i, _ in lite] == [r["id"] for r in cli]
    assert [v for _, v in lite] == [pytest.approx(r["new"], rel=1e-15) for r in cli]
    assert len(lite) >= 30
    assert "History" in grids and len(grids["History"]) > len(lite)


RESULT_SHEETS = ("Ratings", "Changes", "Standards", "Inactive", "Pending", "Fees", "Corrections", "Checks",
                 "History", "Chart")


def cli_cells(path, name):
    """(values grid, {(row, col): number format}) of a sheet written by the command line."""
    ws = openpyxl.load_workbook(path)[name]
    grid, formats = [], {}
    for row in ws.iter_rows():
        grid.append([serial(c.value) for c in row])
        for c in row:
            if c.value is not None and c.number_format != "General":
                formats[(c.row - 1, c.column - 1)] = c.number_format
    while grid and all(v is None for v in grid[-1]):
        grid.pop()
    return grid, formats


def same(a, b):
    if isinstance(a, str) and isinstance(b, int) and len(a) >= 10 and a[4] == "-":
        a = serial(dt.date.fromisoformat(a[:10]))   # xlwings sends dates as ISO text
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == pytest.approx(b, rel=1e-15)
    return (a if a != "" else None) == (b if b != "" else None)


@pytest.mark.parametrize("system", SYSTEMS)
def test_one_click_writes_the_same_sheets_as_the_command_line(system, tmp_path):
    """Both writers use one view: every result sheet, cell by cell and format by
    format, and the History chart (xlwings' chart API exists on both engines)."""
    sheets, actions = dispatch(system, tmp_path)
    formats, charts = {}, {}
    grids = replay(sheets, actions, formats, charts)
    assert run_cli("process", ROOT / f"{system}.xlsx", "--output", tmp_path / "cli.xlsx") == 0
    names = openpyxl.load_workbook(tmp_path / "cli.xlsx").sheetnames
    written = [n for n in names if n in RESULT_SHEETS]
    assert written == [n for n in grids if n in RESULT_SHEETS], "same result sheets, same order"
    # xlwings Server/Lite cannot say which rows are hidden: a Checks line naming the input sheets
    # says so, after the command line's own lines (which the command line, reading the file, checked)
    unchecked = [r for r in grids["Checks"] if r and r[0] == "excel.rows_not_checked"]
    col = {str(h).split()[-1]: j for j, h in enumerate(grids["Checks"][0])}     # "工作表 sheet" -> its column
    assert [r[col["sheet"]] for r in unchecked] == [", ".join(
        n for n in read_tables(ROOT / f"{system}.xlsx") if n in INPUT_SHEETS)]
    zh = "未檢查隱藏" if system == "gor" else "未检查隐藏"
    assert all(zh in r[col["message"]] and "not checked for hidden or filtered-out rows: xlwings" in r[col["message"]]
               for r in unchecked)
    # nor which cells are merged: a second line naming the sheets read as merged cells would be (issue 25)
    merges = [r for r in grids["Checks"] if r and r[0] == "excel.merges_not_checked"]
    assert [r[col["sheet"]] for r in merges] == [", ".join(
        n for n in read_tables(ROOT / f"{system}.xlsx") if n in MERGE_SHEETS)]
    assert all("not checked for merged cells: xlwings" in r[col["message"]] for r in merges)
    grids["Checks"] = grids["Checks"][:len(grids["Checks"]) - len(unchecked) - len(merges)]
    for name in written:
        want, want_formats = cli_cells(tmp_path / "cli.xlsx", name)
        got = [[serial(v) for v in row] for row in grids[name]]
        got = [row + [None] * (len(want[0]) - len(row)) for row in got]
        assert len(got) == len(want), name
        for i, (g, w) in enumerate(zip(got, want)):
            w = w + [None] * (len(g) - len(w))
            bad = [(j, x, y) for j, (x, y) in enumerate(zip(g, w)) if not same(x, y)]
            assert not bad, f"{name} row {i + 1}: {bad[:3]}"
        got_formats = {k: v for k, v in formats.get(name, {}).items() if k[0] < len(want) and
                       k[1] < len(want[k[0]]) and want[k[0]][k[1]] is not None}
        diff = {k: (got_formats.get(k), want_formats.get(k)) for k in set(got_formats) | set(want_formats)
                if got_formats.get(k) != want_formats.get(k)}
        assert not diff, f"{name}: {sorted(diff.items())[:5]}"
    # the History chart: one line chart, titled as in the file
    with __import__("zipfile").ZipFile(tmp_path / "cli.xlsx") as z:
        chart_xml = [z.read(n).decode() for n in z.namelist() if n.startswith("xl/charts/chart")]
    assert len(chart_xml) == 1 and "lineChart>" in chart_xml[0]
    added = [a for a in charts.get("Chart", []) if a["func"] == "addChart"]
    titles = [a["args"][-1] for a in charts.get("Chart", []) if a["func"] == "setChartTitle"]
    assert len(added) == 1 and len(titles) == 1 and titles[0] in chart_xml[0]

    # the page setup xlwings offers on this engine: a print area on every result sheet
    areas = {grids_name: a for grids_name, a in print_areas(sheets, actions).items()}
    assert set(written) <= set(areas)


def print_areas(snapshot_sheets, actions):
    names = [s["name"] for s in snapshot_sheets]
    out = {}
    for a in actions:
        if a["func"] == "addSheet":
            names.insert(a["args"][0], a["args"][1])
        elif a["func"] == "setPrintArea":
            out[names[a["sheet_position"]]] = a["args"][0]
    return out
