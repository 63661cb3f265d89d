"""One click through xlwings' own script dispatch (xlwings Lite / Server):
``xw.Book(json=snapshot)`` + ``custom_scripts_call`` in a subprocess with the
test key writes the same rating list as the command line."""

import datetime as dt
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import read_sheet, run_cli

from xl_ratings.workbook.read import read_tables

ROOT = Path(__file__).resolve().parents[1] / "workbook_templates"

DISPATCH = textwrap.dedent("""
    import asyncio, json, sys
    import xlwings as xw
    from xlwings.server import custom_scripts_call
    import xl_ratings.excel as excel
    snap = json.load(open(sys.argv[1], encoding="utf-8"))
    snap["version"] = xw.__version__
    book = xw.Book(json=snap)
    asyncio.run(custom_scripts_call(excel, "process_period", typehint_to_value={xw.Book: book}))
    json.dump(book.json(), sys.stdout, ensure_ascii=False, default=str)
""")


def serial(v):
    """Office.js hands dates over as Excel serial numbers."""
    if isinstance(v, dt.datetime):
        v = v.date()
    if isinstance(v, dt.date):
        return (v - dt.date(1899, 12, 30)).days
    return v


def replay(snapshot_sheets, actions):
    """Apply the returned actions to sheet names and values (addSheet, setValues, clear)."""
    names = [s["name"] for s in snapshot_sheets]
    values: dict[str, list] = {n: [] for n in names}
    for a in actions:
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


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_script_dispatch_writes_same_rating_list(system, tmp_path):
    tables = read_tables(ROOT / f"{system}.xlsx")
    sheets = [{"name": n, "values": [[serial(v) for v in row] for row in rows] or [[]],
               "pictures": [], "tables": []} for n, rows in tables.items()]
    snap = {"version": None, "client": "Office.js",
            "book": {"name": f"{system}.xlsx", "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": sheets}
    (tmp_path / "snap.json").write_text(json.dumps(snap, ensure_ascii=False), encoding="utf-8")
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    proc = subprocess.run([sys.executable, "-c", DISPATCH, str(tmp_path / "snap.json")],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    actions = json.loads(proc.stdout)["actions"]
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
