"""One click applies the command line's checks where the engine lets it see them
(issue 18, 6), and tells the officer in the workbook's language.

- input problems reach the workbook: listed on the Checks sheet, which xlwings
  Lite/Server send back only when the script does not raise;
- hidden or filtered-out rows: classic Excel on Windows tells them through the
  COM object (a COM-shaped stand-in here: there is no Excel on this machine);
  xlwings Lite/Server cannot, and a Checks line says so;
- the Chinese of every message in the workbook's script (traditional on the
  Hong Kong GoR workbook).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from import_writers import EVENT, rr_rows
from test_import_one_click import META
from test_script_dispatch import replay, run_script, snapshot

from xl_ratings import systems
from xl_ratings.excel import visibility
from xl_ratings.i18n import to_lang
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
INPUT = ("Settings", "Players", "Events", "Games", "Awards", "Points")


def spoil(tables):
    """A rating typed as text and an opponent who is not a player."""
    players = tables["Players"]
    col = [str(h).split()[-1] for h in players[0]].index("rating")
    players[2] = list(players[2])
    players[2][col] = "abc"
    games = tables["Games"]
    gcol = [str(h).split()[-1] for h in games[0]].index("opponent")
    games[1] = list(games[1])
    games[1][gcol] = "NOBODY"
    return tables


@pytest.mark.parametrize("system", ["shanghai", "gor"])
def test_problems_reach_the_checks_sheet_in_the_workbooks_script(system, tmp_path):
    printed = []
    sheets, actions = run_script("process_period", spoil(read_tables(ROOT / f"{system}.xlsx")),
                                 f"{system}.xlsx", tmp_path, printed)
    grids = replay(sheets, actions)
    report = grids["Checks"]
    lang = systems.get(system).lang
    assert report[0][:2] == [to_lang("问题 problem", lang), to_lang("说明 (Chinese)", lang)]
    problems = {(r[2], r[4]): r for r in report[1:]}
    assert set(problems) >= {("Players", "rating"), ("Games", "opponent")}
    for row in report[1:]:
        assert row[1] and to_lang(row[1], lang) == row[1], row   # the Chinese in the workbook's script
    if system == "gor":
        assert any("數字" in r[1] for r in report[1:]), report   # traditional: 必須是數字
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"], "nothing processed"
    assert "problem(s), nothing was processed: see the Checks sheet" in printed[0]
    assert to_lang("个问题，未作任何处理", lang) in printed[0]


def test_a_good_run_says_what_it_did_in_the_workbooks_script(tmp_path):
    printed = []
    run_script("process_period", read_tables(ROOT / "gor.xlsx"), "gor.xlsx", tmp_path, printed)
    assert "gor: period(s) " in printed[0] and "players on the list" in printed[0]
    assert "已處理周期" in printed[0] or "已處理週期" in printed[0], printed[0]


HIDE_ROW_5 = ("import xl_ratings.excel.visibility as v\n"
              "v.visible_rows = lambda api, last: set(range(1, last + 1)) - {5}   # Excel (COM): row 5 hidden\n")


def test_hidden_rows_told_by_excel_are_refused_like_the_command_line(tmp_path):
    tables = read_tables(ROOT / "shanghai.xlsx")
    sheets, actions = run_script("process_period", tables, "shanghai.xlsx", tmp_path, prelude=HIDE_ROW_5)
    grids = replay(sheets, actions)
    report = grids["Checks"][1:]
    hidden = {r[2]: r for r in report if "hidden (or filtered out)" in r[0]}
    # every input sheet with a value on row 5, none without
    want = {n for n in INPUT if n in tables and len(tables[n]) >= 5 and any(v not in (None, "") for v in tables[n][4])}
    assert set(hidden) == want and "Games" in want
    assert all(r[3] == 5 and "row(s) 5 of" in r[0] and "第 5 行被隐藏" in r[1] for r in hidden.values())
    assert not any(r[0] == "excel.rows_not_checked" for r in grids["Checks"])
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"]


# --- the COM object as Excel on Windows has it (Range, Cells, SpecialCells(12).Areas) ---------
class Area:
    def __init__(self, first, count):
        self.Row = first
        self.Rows = type("Rows", (), {"Count": count})()


class Areas:
    def __init__(self, runs):
        self.runs = [Area(a, b) for a, b in runs]
        self.Count = len(self.runs)

    def Item(self, k):
        return self.runs[k - 1]


class Column:
    def __init__(self, hidden, last):
        self.hidden, self.last = hidden, last

    def SpecialCells(self, kind):
        assert kind == visibility.XL_CELL_TYPE_VISIBLE
        runs, r = [], 1
        while r <= self.last:
            if r in self.hidden:
                r += 1
                continue
            start = r
            while r <= self.last and r not in self.hidden:
                r += 1
            runs.append((start, r - start))
        if not runs:
            raise RuntimeError("(-2146827284, 'OLE error', (0, 'Microsoft Excel', 'No cells were found.'))")
        return type("Visible", (), {"Areas": Areas(runs)})()


class ComSheet:
    def __init__(self, hidden=(), last=10):
        self.hidden, self.last = set(hidden), last

    def Cells(self, r, c):
        return (r, c)

    def Range(self, a, b):
        assert a == (1, 1) and b == (self.last, 1)
        return Column(self.hidden, self.last)


class Sheet:
    def __init__(self, api, visible=True, name="Games"):
        self.api, self._visible, self.name = api, visible, name

    @property
    def visible(self):
        if isinstance(self._visible, Exception):
            raise self._visible
        return self._visible


GRID = [["event", "player"]] + [["E1", f"P{i}"] for i in range(2, 10)] + [[None, None]]


@pytest.mark.parametrize("hidden,want", [((), ""), ((5,), "5"), ((3, 4, 5, 8), "3–5, 8"),
                                         ((10,), ""), (range(1, 11), "1–9")])
def test_visible_rows_through_com(hidden, want):
    """Hidden rows holding values are named in spans; an empty hidden row is not a problem;
    every row hidden ("No cells were found") is every row."""
    found, checked = visibility.problems("club.xlsm", Sheet(ComSheet(hidden)), GRID)
    assert checked
    assert [e.problem for e in found] == ([f"row(s) {want} of Games hidden (or filtered out): show them (clear "
                                           "the filter, or select the rows ▸ right-click ▸ Unhide) or delete "
                                           "them, then run again — what is processed must be what you see"]
                                          if want else [])


def test_engines_without_row_visibility_are_unchecked_but_a_hidden_sheet_is_still_refused():
    for api in ({"name": "Games", "values": []}, object()):   # Lite/Server (a dict), Mac (appscript)
        found, checked = visibility.problems("club.xlsx", Sheet(api), GRID)
        assert (found, checked) == ([], False)
    found, checked = visibility.problems("club.xlsx", Sheet({"values": []}, visible=False), GRID)
    assert not checked and [e.where.sheet for e in found] == ["Games"] and "sheet is hidden" in found[0].problem
    found, _ = visibility.problems("club.xlsx", Sheet({}, visible=KeyError("visibility")), GRID)
    assert found == []   # the engine does not say: nothing invented


MAIN_CALL = """
import json, sys
import xlwings as xw
snap = json.load(open(sys.argv[1], encoding="utf-8"))
snap["version"] = xw.__version__
book = xw.Book(json=snap)
xw.Book.caller = staticmethod(lambda: book)   # classic RunPython: the workbook that called
from xl_ratings.excel import main
main()
json.dump(book.json()["actions"], sys.stdout, ensure_ascii=False, default=str)
"""


def test_the_classic_button_tells_the_officer_in_a_message_box(tmp_path):
    """main() (the .xlsm buttons): problems on the Checks sheet and a message box saying so,
    in the workbook's script; clicked on the Import sheet, it imports."""
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    bad = snapshot(spoil(read_tables(ROOT / "gor.xlsx")), "gor.xlsm")
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + [list(r) for r in rr_rows(EVENT)]
    importing = snapshot(tables, "gor.xlsm")
    importing["book"]["active_sheet_index"] = list(tables).index("Import")
    said = []
    for snap in (bad, importing):
        (tmp_path / "snap.json").write_text(json.dumps(snap, ensure_ascii=False, default=str), encoding="utf-8")
        proc = subprocess.run([sys.executable, "-c", MAIN_CALL, str(tmp_path / "snap.json")], capture_output=True,
                              text=True, env=env)
        assert proc.returncode == 0, proc.stderr[-2000:]
        actions = json.loads(proc.stdout)
        said.append([a["args"][0] for a in actions if a["func"] == "alert"])
    assert len(said[0]) == 1 and said[0][0].startswith("2 problem(s), nothing was processed") and "個問題" in said[0][0]
    assert len(said[1]) == 1 and "games imported into Players, Events and Games" in said[1][0], said[1]
    assert "已導入" in said[1][0]


@pytest.mark.parametrize("command", ["process", "import"])
def test_the_command_line_tells_hidden_rows_in_the_workbooks_script_too(command, tmp_path, capsys):
    """A problem found while reading the file (a hidden row), alone, on the Hong Kong workbook:
    its Chinese in traditional characters, like every other problem (it was simplified)."""
    import openpyxl
    from helpers import run_cli
    from import_writers import write_rr_csv

    book = tmp_path / "hk.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    wb["Games"].row_dimensions[3].hidden = True
    wb.save(book)
    args = ["process", book] if command == "process" else \
        ["import", write_rr_csv(tmp_path / "rr.csv", EVENT), "--into", book, "--name", "春季", "--start",
         "2024-05-01", "--end", "2024-05-03"]
    assert run_cli(*args) == 2
    err = capsys.readouterr().err
    assert "row 3 of Games is hidden" in err and "隱藏" in err and "隐藏" not in err, err
