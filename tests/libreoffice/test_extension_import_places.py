"""Places as tables write them, through the installed LibreOffice extension's **导入成绩 Import
results**, in the real program: headless LibreOffice with the extension added by ``unopkg add``
(the module fixture of tests/libreoffice/test_libreoffice_calc.py), driven over UNO
(tests/lo_driver.py).

The extension imports the crosstable pasted into the Import sheet and nothing else (no file
picker: a file's name there is refused at its cell, with the command line as the way out).  An
eight-player round robin whose 名次 column holds 第1名, 第二名, 季军, 4=, T5, 6th, full-width ７ and
a cell ``x`` that is no place -- written into the Import sheet, typed into it in Calc cell by cell
(where ``1.`` and ``=2`` become numbers), or its CSV opened by LibreOffice and pasted there --
appends to Players, Events and Games the rows ``xl-ratings import`` of the CSV appends (the
champion the places name), and the report the extension shows tells the command line's champion
check, places check and unread-place note: the same messages and parameters, in the workbook's script (the
Hong Kong workbook's traditional Chinese), at the Import sheet's cell.  The CSV saved as .xlsx by
LibreOffice reads the same on the command line.  The report is shown whole: it runs past the
2,000 characters LibreOffice's message box was cut to, its checks and notes last.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import TEMPLATES, read_sheet
from import_writers import D, Def, G, P, rr_rows, write_rr_csv
from test_libreoffice_calc import _grid, office  # noqa: F401 -- the module's LibreOffice

from xl_ratings.errors import Where
from xl_ratings.i18n.catalogue import excel as X
from xl_ratings.i18n.labels import LABELS, header_key
from xl_ratings.i18n.text import CATALOGUE, Text
from xl_ratings.intake.plan import Options
from xl_ratings.jobs.importing import import_into

pytestmark = pytest.mark.libreoffice

CHAMPION, PLACES, UNREAD = ("imports.summary_champion_not_top", "imports.summary_place_not_by_points",
                            "sources.ct_place_not_read")
CHECKS = (CHAMPION, PLACES, UNREAD)
NAME, START, END = "秋季公开赛", "2024-09-01", "2024-09-02"
TABLE_ROW = 7           #: the template's Import sheet: its lines in rows 1-5 (values in column B), the table from row 7
NAMES = [("Zhang", "Wei"), ("Li", "Na"), ("Wang", "Fang"), ("Chen", "Jie"), ("Liu", "Yang"), ("Zhao", "Lei"),
         ("Sun", "Li"), ("Zhou", "Bo")]
RANKS = {"gor": ["3d", "2d", "1d", "1k", "2k", "3k", "5k", "10k"],
         "shanghai": ["三段", "二段", "一段", "1级", "2级", "3级", "5级", "10级"]}
#: every game won by the lower number: 1 Zhang Wei 7 points, 2 Li Na 6 … 8 Zhou Bo 0.  The places
#: name 2 Li Na champion (1 Zhang Wei scored more), place 5 Liu Yang above 4 Chen Jie, and ``x``
MIX = {2: "第1名", 1: "第二名", 3: "季军", 5: "4=", 4: "T5", 6: "6th", 7: "７", 8: "x"}
#: the same places as an officer types some into Calc: ``1.``, ``=2`` and ``=5`` become numbers there
#: (text in the CSV: 1. and =2 as tables write them), full-width ６ stays text
NUMBERLIKE = {2: "1.", 1: "=2", 3: "第三名", 5: "4=", 4: "=5", 6: "６", 7: "7th", 8: "x"}


def _event(system: str) -> Def:
    players = tuple(P(str(i), s, f, "M", "Club", RANKS[system][i - 1], 2400 - 50 * i, "")
                    for i, (s, f) in enumerate(NAMES, start=1))
    games = tuple(G(1, str(i), str(j), "1") for i, j in itertools.combinations(range(1, 9), 2))
    return Def(name="Autumn Open 2024", start=D(2024, 9, 1), end=D(2024, 9, 2), players=players, games=games)


def _table(system: str, places: dict[int, str]) -> list[list[Any]]:
    rows = rr_rows(_event(system))
    for r in rows[2:]:
        r[-1] = places[r[0]]
    return rows


#: column B of the Import sheet's lines 名称 name, 开始 start, 结束 end (rows 2-4)
LINES = [[None, NAME], [None, START], [None, END]]
#: a word of the unread-place note in the workbook's script (gor: Hong Kong, traditional)
SCRIPT = {"gor": "這些名次未讀入", "shanghai": "这些名次未读入"}


# ---------------------------------------------------------------------------- the command line
def _cli(system: str, source: Path, tmp_path: Path) -> tuple[Path, Any]:
    """``xl-ratings import SOURCE --into BOOK --name … --start … --end …``: the book and its summary."""
    book = tmp_path / f"cli-{source.stem}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    plan, _ = import_into(book, [str(source)], options=Options(name=NAME, start=dt.date.fromisoformat(START),
                                                               end=dt.date.fromisoformat(END)))
    return book, plan


Check = tuple[str, dict[str, str], dict[str, Any]]      #: (message id, its parameters as shown, where)


def _checks(plan: Any) -> list[Check]:
    """The champion and places checks and the unread-place note the summary tells: (id, parameters,
    where), the parameters as text (as the message shows them)."""
    out = []
    for t in plan.summaries[0].told + plan.summaries[0].notes:
        inner = t.param("text") if isinstance(t.param("text"), Text) else t
        if inner.id in CHECKS:
            where = t.param("where")
            at = {k: v for k, v in where.params if k != "file"} if isinstance(where, Text) else {}
            out.append((inner.id, {k: str(v) for k, v in inner.params}, at))
    return out


def _told_checks(told: str) -> list[Check]:
    """The same, read back from the words the extension shows: each line of a check's message
    matched against its catalogue template (the English, before the Chinese) -- its id, its
    parameters and the place it names."""
    out = []
    for line in told.splitlines():
        for id in CHECKS:
            en = CATALOGUE[id].en
            pattern = re.escape(en)
            for name in re.findall(r"\{(\w+)\}", en):
                pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<{name}>.+?)", 1)
            m = re.search(rf"^  - (?P<where>.*?): {pattern} — ", line)
            if m:
                place = m.group("where")
                at = {k: (int(v) if k in ("row", "line") else v) for k, v in re.findall(
                    r"(sheet|row|line|column) '?([^',]*)'?", place)}
                out.append((id, {k: v for k, v in m.groupdict().items() if k != "where"}, at))
    return out


def _at_sheet(checks: list[Check]) -> list[Check]:
    """The command line's checks of the CSV at the Import sheet's cells: line n of the CSV is row
    TABLE_ROW - 1 + n there, the same column."""
    return [(i, p, {"sheet": "Import", "row": at["line"] + TABLE_ROW - 1, "column": at["column"]})
            for i, p, at in checks]


def _assert_the_cli_read_the_places(checks: list[Check]) -> None:
    """What the command line tells of MIX: 2 Li Na the champion (6 points; 1 Zhang Wei scored 7),
    the places not by the points (5 Liu Yang placed 4 above 4 Chen Jie), and ``x`` not read -- one cell
    (were 第1名, 季军 or ７ not read, the note would count them and the champion go untold)."""
    assert [c[0] for c in checks] == [CHAMPION, PLACES, UNREAD], checks
    assert checks[0][1] == {"champion": "2 Li Na", "points": "6", "top": "1 Zhang Wei", "top_points": "7"}
    assert checks[1][1]["name"] == "5 Liu Yang" and checks[1][1]["count"] == "2", checks[1]
    assert checks[2][1] == {"count": "1", "value": "'x'"}
    assert checks[2][2] == {"line": 10, "column": "O"}      # 8 Zhou Bo's 名次, the CSV's tenth line


# ---------------------------------------------------------------------------- the workbook read back
def _cell(v: Any) -> Any:
    """A cell as both paths leave it: empty None, dates and numbers as Calc's numbers (day serials),
    Excel's text mark ' dropped."""
    if v is None or v == "":
        return None
    if isinstance(v, dt.datetime):
        v = v.date()
    if isinstance(v, dt.date):
        return float((v - dt.date(1899, 12, 30)).days)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return v[1:] if isinstance(v, str) and v.startswith("'") else v


def _appended(after: list[list[Any]], sheet: str, system: str) -> list[dict[str, Any]]:
    """The rows the import appended to ``sheet`` in Calc, keyed by column as :func:`helpers.read_sheet`."""
    rows = _grid(after)
    keys = [header_key(h, set(LABELS)) if h else None for h in rows[0]]
    filled = [r for r in rows[1:] if any(v not in (None, "") for v in r)]
    before = len(read_sheet(TEMPLATES / f"{system}.xlsx", sheet))
    return [{k: _cell(v) for k, v in zip(keys, r) if k} for r in filled[before:]]


def _assert_same_rows(got: dict[str, Any], cli: Path, system: str) -> None:
    for sheet in ("Players", "Events", "Games"):
        want = [{k: _cell(v) for k, v in r.items()} for r in read_sheet(cli, sheet)]
        want = want[len(read_sheet(TEMPLATES / f"{system}.xlsx", sheet)):]
        added = _appended(got["after"][sheet], sheet, system)
        assert len(added) == len(want) > 0, (sheet, len(added), len(want))
        for g, w in zip(added, want):
            assert {k: g.get(k) for k in w} == w, (sheet, g, w)
    games = read_sheet(cli, "Games")[len(read_sheet(TEMPLATES / f"{system}.xlsx", "Games")):]
    assert len(games) == 28             # the round robin's every game, once


def _champion(cli: Path) -> Any:
    players = {r["id"]: r["name"] for r in read_sheet(cli, "Players")}
    return players.get(read_sheet(cli, "Events")[-1]["champion"])


def _assert_told_as_the_cli(got: dict[str, Any], plan: Any, system: str) -> None:
    """The extension tells the command line's checks: read back, the same ids, parameters and cells
    (at the Import sheet's); and each line is the command line's message at that cell, word for word,
    its Chinese in the workbook's script."""
    told = got["told"][0]
    assert "games imported" in told, told
    assert _told_checks(told) == _at_sheet(_checks(plan)), told
    lines = told.splitlines()
    for t in plan.summaries[0].told + plan.summaries[0].notes:
        inner, at = t.param("text"), t.param("where")
        if isinstance(inner, Text) and inner.id in CHECKS:
            line = dict(at.params)["line"] + TABLE_ROW - 1
            here = Where(f"{system}.xlsx", "Import", line, dict(at.params)["column"])
            assert "  - " + inner.at(here).both(plan.lang) in lines, (inner.id, told)
    assert SCRIPT[system] in told, told



def _book(system: str, tmp_path: Path, table: list[list[Any]] | None) -> Path:
    """The template, the Import sheet's lines filled in (rows 2-4, column B) and ``table`` from row 7
    (None: the table is put there in Calc)."""
    book = tmp_path / f"{system}.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / f"{system}.xlsx")
    ws = wb["Import"]
    if table is not None:
        for r, v in ((2, NAME), (3, START), (4, END)):
            ws.cell(r, 2).value = v
        for i, row in enumerate(table):
            for j, v in enumerate(row):
                ws.cell(TABLE_ROW + i, j + 1).value = v
    wb.save(book)
    return book


# ---------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_places_in_the_import_sheet_are_read_and_told_as_the_command_line(office, system, tmp_path):  # noqa: F811
    csv = write_rr_csv(tmp_path / "rr.csv", _event(system), MIX)
    cli, plan = _cli(system, csv, tmp_path)
    checks = _checks(plan)
    _assert_the_cli_read_the_places(checks)
    assert _champion(cli) == "Li Na"

    got = office.ask(op="click", path=str(_book(system, tmp_path, _table(system, MIX))), commands=["import"])
    _assert_same_rows(got, cli, system)
    _assert_told_as_the_cli(got, plan, system)
    # the note names the cell: 8 Zhou Bo's 名次, row 16 of the Import sheet (the table from row 7), column O
    assert _told_checks(got["told"][0])[-1][2] == {"sheet": "Import", "row": 16, "column": "O"}
    assert got["after"]["Import"][15][14] == "x"


@pytest.mark.parametrize("places", [MIX, NUMBERLIKE], ids=["mix", "numberlike"])
def test_places_typed_into_calc_read_as_the_command_line_reads_the_csv(office, places, tmp_path):  # noqa: F811
    system = "shanghai"
    csv = write_rr_csv(tmp_path / "rr.csv", _event(system), places)
    cli, plan = _cli(system, csv, tmp_path)
    checks = _checks(plan)
    _assert_the_cli_read_the_places(checks)

    typed = [[None if v is None else str(v) for v in row] for row in _table(system, places)]
    got = office.ask(op="click", path=str(_book(system, tmp_path, None)), commands=["import"],
                     fill=[{"sheet": "Import", "row": 2, "typed": LINES},
                           {"sheet": "Import", "row": TABLE_ROW, "typed": typed}])
    shown = got["before"]["Import"]
    if places is NUMBERLIKE:            # Calc made numbers of them, as it does when the officer types them
        assert [shown[TABLE_ROW + n][14] for n in (1, 2, 4)] == [2.0, 1.0, 5.0], shown[TABLE_ROW + 1:]
    assert shown[TABLE_ROW + 7][14] == places[7] and shown[TABLE_ROW + 6][14] == places[6]   # text, as typed
    _assert_same_rows(got, cli, system)
    _assert_told_as_the_cli(got, plan, system)


def test_a_csv_opened_by_libreoffice_reads_as_the_command_line_reads_it(office, tmp_path):  # noqa: F811
    """The CSV opened in Calc (its Text Import: ``1.`` and ``=2`` become numbers) and pasted into the
    Import sheet, and saved by LibreOffice as .xlsx and imported by the command line: both as the CSV."""
    system = "gor"
    places = {**NUMBERLIKE, 6: "6th", 7: "７"}
    csv = write_rr_csv(tmp_path / "rr.csv", _event(system), places)
    cli, plan = _cli(system, csv, tmp_path)
    checks = _checks(plan)
    _assert_the_cli_read_the_places(checks)

    got = office.ask(op="click", path=str(_book(system, tmp_path, None)), commands=["import"],
                     fill=[{"sheet": "Import", "row": 2, "typed": LINES},
                           {"sheet": "Import", "row": TABLE_ROW, "pasted": str(csv)}])
    pasted = got["before"]["Import"]
    assert [pasted[TABLE_ROW + n][14] for n in (1, 2, 4, 7)] == [2.0, 1.0, 5.0, "７"]
    _assert_same_rows(got, cli, system)
    _assert_told_as_the_cli(got, plan, system)

    saved = tmp_path / "saved-by-lo.xlsx"
    office.ask(op="convert", path=str(csv), to=str(saved), filter="Calc MS Excel 2007 XML")
    assert [r[14].value for r in openpyxl.load_workbook(saved, data_only=True).active.iter_rows(min_row=3)] == \
        [2, 1, "第三名", 5, "4=", "6th", "７", "x"]      # numbers where Calc made numbers
    lo_cli, lo_plan = _cli(system, saved, tmp_path)
    assert [(i, p, {k: at[k] for k in ("row", "column")}) for i, p, at in _checks(lo_plan)] == \
        [(i, p, {"row": at["line"], "column": at["column"]}) for i, p, at in checks]
    for sheet in ("Players", "Events", "Games"):
        assert [{k: _cell(v) for k, v in r.items()} for r in read_sheet(lo_cli, sheet)] == \
            [{k: _cell(v) for k, v in r.items()} for r in read_sheet(cli, sheet)], sheet


def test_a_trf_named_in_the_import_sheet_is_refused_at_its_cell(office, tmp_path):  # noqa: F811
    """The extension opens no file: a TRF's name where the table goes is refused at that cell, in the
    workbook's script, with the command line (whose import checks the TRF's rank column) as the way
    out -- not read as a crosstable without places."""
    book = _book("gor", tmp_path, [[None, "spring.trf"]])
    got = office.ask(op="click", path=str(book), commands=["import"])
    assert got["told"][0].startswith(X.IMPORT_PROBLEMS(count=1).both("zh-Hant")), got["told"]
    checks = _grid(got["after"]["Checks"])
    want = X.IMPORT_SHEET_FILE_NAME()
    assert [(r[0], r[1], r[2], int(r[3]), r[4], r[5]) for r in checks[1:]] == [
        (want.en_in("zh-Hant"), want.zh_in("zh-Hant"), "Import", TABLE_ROW, "B", "spring.trf")], checks
    assert all(got["after"][s] == got["before"][s] for s in ("Players", "Events", "Games"))


def test_the_whole_report_is_shown_its_checks_and_notes_included(office, tmp_path):  # noqa: F811
    """The import's report runs past the 2,000 characters LibreOffice's message box was cut to, and
    its checks and notes come last (the unread-place note was never seen): the window the extension
    tells it in holds it whole, in a read-only field that scrolls (xl_ratings/libreoffice/report.py),
    and the click showed it there (no fall-back to the message box in LibreOffice's log)."""
    system = "gor"
    got = office.ask(op="click", path=str(_book(system, tmp_path, _table(system, MIX))), commands=["import"])
    told = got["told"][0]
    lines = told.splitlines()
    note = next(i for i, line in enumerate(lines) if [c[0] for c in _told_checks(line)] == [UNREAD])
    assert len("\n".join(lines[:note])) > 2000, len(told)
    assert office.ask(op="report", text=told) == {"shown": told, "read_only": True, "multi_line": True,
                                                  "scrolls": True}
    log = (office.folder / "soffice.log").read_text(errors="replace")
    assert "report.py" not in log, log[-3000:]
