"""One click = the command line (issues 24, 5 and 25, 3): each guarantee run both ways.

The command line on a file (``xl_ratings.jobs``, as ``xl-ratings import``/``process`` call them)
and one click on the open workbook (``xw.Book(json=snapshot)`` + xlwings' own
``custom_scripts_call``, in a subprocess with ``XLWINGS_ON_SERVER`` and the test key, as
xlwings Server and Lite run it) go through the same use cases (``jobs/book_import``,
``jobs/period``): the same message ids and parameters, the same cells written, an officer's
helper column of formulas and own Checks sheet kept, the History's and the room's checks made.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import processed_sample
from import_writers import EVENT, rr_rows, write_rr_csv
from test_import_one_click import META
from test_script_dispatch import replay, run_script

from xl_ratings.errors import InputErrors
from xl_ratings.excel import JOBS
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.intake.plan import Options
from xl_ratings.jobs.book_import import SHEET_ADVICE, Block, Edits, import_edits, room_problems
from xl_ratings.jobs.importing import import_into
from xl_ratings.jobs.process import process_workbook
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
PATHS = ("command line", "one click")
OPTIONS = Options(name="春季公开赛", start=dt.date(2024, 5, 1), end=dt.date(2024, 5, 3))

#: code run first in the one-click subprocess: every problem one click reports, as ids and params
RECORD = """
import json, os
import xl_ratings.excel.one_click as _oc
_report = _oc.report
def _recording(book, err):
    errs = err.errors if hasattr(err, "errors") else [err]
    with open(os.environ["BOTH_PATHS_ERRORS"], "w", encoding="utf-8") as f:
        json.dump([[e.text.id, {k: str(v) for k, v in e.text.params}, e.where.sheet, e.where.row, e.where.column,
                    None if e.value is None else str(e.value), e.zh_in(getattr(err, "lang", "zh-Hans"))]
                   for e in errs], f, ensure_ascii=False)
    return _report(book, err)
_oc.report = _recording
"""


def click(script, tables, name, tmp_path, monkeypatch, printed=None):
    """Run a one-click script; (the snapshot's sheets, the actions sent back, the problems reported)."""
    errors = tmp_path / "errors.json"
    monkeypatch.setenv("BOTH_PATHS_ERRORS", str(errors))
    sheets, actions = run_script(script, tables, name, tmp_path, printed, prelude=RECORD)
    return sheets, actions, json.loads(errors.read_text(encoding="utf-8")) if errors.exists() else []


def told(err: InputErrors, book: Path | None = None):
    """The problems as the command line tells them: in the job's language, else the workbook's
    (as ``cli.Run.lang`` chooses it: :func:`xl_ratings.jobs.language.book_lang`)."""
    from xl_ratings.jobs.language import book_lang

    lang = getattr(err, "lang", None) or (book_lang(str(book), None) if book else "zh-Hans")
    return [[e.text.id, {k: str(v) for k, v in e.text.params}, e.where.sheet, e.where.row, e.where.column,
             None if e.value is None else str(e.value), e.zh_in(lang)] for e in err.errors]


def written(sheets, actions):
    """(sheet, row, column) -> value of every cell one click's actions write (1-based)."""
    names = [s["name"] for s in sheets]
    out = {}
    for a in actions:
        if a["func"] == "addSheet":
            names.insert(a["args"][0], a["args"][1])
        elif a["func"] == "setValues":
            for i, row in enumerate(a["values"]):
                for j, v in enumerate(row):
                    out[(names[a["sheet_position"]], a["start_row"] + i + 1, a["start_column"] + j + 1)] = v
    return out


def file_cells(path):
    """(sheet, row, column) -> value (a formula as its text) of every filled cell of a workbook."""
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.row, c.column): c.value for ws in wb for row in ws.iter_rows() for c in row
            if c.value is not None}


def norm(v):
    if isinstance(v, str) and v.startswith("'"):
        v = v[1:]
    if isinstance(v, dt.datetime):
        v = v.date()
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, str) and len(v) >= 19 and v[4] == "-" and v[10] == "T":
        return v[:10]                           # xlwings sends a date as ISO text
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return v


def with_helper_column(src: Path, dst: Path) -> Path:
    """The template with a helper column of formulas between Games' player and opponent, filled
    down past the table (rows the officer prepared), as officers keep a check beside their games."""
    wb = openpyxl.load_workbook(src)
    ws = wb["Games"]
    col = next(c.column for c in ws[1] if str(c.value).split()[-1] == "opponent")
    ws.insert_cols(col)
    ws.cell(1, col, "核对 check")
    for r in range(2, ws.max_row + 40):
        ws.cell(r, col, f'=IF(D{r}="","",D{r}&"?")')
    wb.save(dst)
    return _stored(dst)


def _stored(path: Path) -> Path:
    """The formulas with a stored value (as Excel saves them; openpyxl stores none): text, empty."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    for name, data in parts.items():
        if name.startswith("xl/worksheets/sheet"):
            xml = re.sub(r'<c r="([A-Z]+\d+)"((?: s="\d+")?)><f>(.*?)</f>(?:<v\s*/>|<v></v>)?</c>',
                         r'<c r="\1"\2 t="str"><f>\3</f><v></v></c>', data.decode("utf-8"))
            parts[name] = xml.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path


def cli_import(book: Path, tmp_path: Path):
    """``xl-ratings import`` of the Import sheet's crosstable (as a CSV): the cells it changed."""
    before = file_cells(book)
    import_into(book, [str(write_rr_csv(tmp_path / "rr.csv", EVENT))], options=OPTIONS)
    after = file_cells(book)
    return {k: v for k, v in after.items() if before.get(k) != v}, after


def click_tables(book: Path):
    tables = read_tables(book)
    tables["Import"] = META + [list(r) for r in rr_rows(EVENT)]
    return tables


# --------------------------------------------------------------------------- the same cells
def test_one_click_writes_the_cells_the_command_line_writes_and_keeps_a_helper_column(tmp_path, monkeypatch):
    book = with_helper_column(ROOT / "gor.xlsx", tmp_path / "gor.xlsx")
    tables = click_tables(book)
    sheets, actions, errors = click("import_results", tables, "gor.xlsx", tmp_path, monkeypatch)
    assert errors == []
    by_click = {k: norm(v) for k, v in written(sheets, actions).items() if k[0] != "Import"}
    shutil.copy(book, tmp_path / "cli.xlsx")
    changed, after = cli_import(tmp_path / "cli.xlsx", tmp_path)
    by_cli = {k: norm(v) for k, v in changed.items()}
    assert by_click == by_cli and len(by_cli) > 50
    helper = next(c for (s, r, c), v in after.items() if s == "Games" and r == 1 and str(v).endswith("check"))
    assert not [k for k in by_click if k[0] == "Games" and k[2] == helper], "the helper column is never written"
    rows = sorted({r for s, r, _ in by_click if s == "Games"})
    assert all(after[("Games", r, helper)] == f'=IF(D{r}="","",D{r}&"?")' for r in rows), "its formulas kept"
    assert not [a for a in actions if a["func"] in ("clearContents", "rangeClearContents", "sheetClear")]


def test_import_edits_are_cells_of_the_planned_columns_only():
    """The use case's edits: a block per run of neighbouring columns, a blank value no cell."""
    from xl_ratings.intake.plan import Appended, Plan

    app = Appended("Games", 1, {"event": 0, "player": 1, "opponent": 3, "result": 4})
    app.rows = [{"event": "E1", "player": "P1", "opponent": "P2", "result": "1"},
                {"event": "E1", "player": "P3", "opponent": "P4", "result": None}]
    edits = import_edits({"Games": [["event", "player", "check", "opponent", "result"]]},
                         Plan({"Games": app}, {}, []), {"Games": 2})
    assert edits.blocks == [Block("Games", 2, 1, (("E1", "P1"), ("E1", "P3"))), Block("Games", 2, 4, (("P2", "1"),)),
                            Block("Games", 3, 4, (("P4",),))]
    assert ("Games", 2, 3) not in edits.cells() and edits.cells()[("Games", 3, 4)] == "P4"
    assert Edits().cells() == {}


def test_the_room_check_is_the_use_cases():
    from xl_ratings.intake.plan import Appended, Plan

    app = Appended("Games", 1, {"event": 0})
    app.rows = [{"event": "E1"}] * 3
    full = room_problems(Plan({"Games": app}, {}, []), {"Games": 1_048_575})
    assert [(e.text.id, dict(e.text.params)["last"], e.where.sheet) for e in full] == \
        [("imports.sheet_full", "1,048,577", "Games")]


@pytest.mark.parametrize("path", PATHS)
def test_rows_past_a_sheets_last_row_are_refused(path, tmp_path, monkeypatch):
    """The room check (a sheet's last row, here made 3 rows below Games' table) on both paths."""
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    last = len([r for r in read_tables(book)["Games"] if any(v not in (None, "") for v in r)]) + 3
    if path == "command line":
        import xl_ratings.jobs.book_import as use_case

        monkeypatch.setattr(use_case, "MAX_ROWS", last)
        before = book.read_bytes()
        with pytest.raises(InputErrors) as e:
            import_into(book, [str(write_rr_csv(tmp_path / "rr.csv", EVENT))], options=OPTIONS)
        got = told(e.value)
        assert book.read_bytes() == before
    else:
        errors = tmp_path / "errors.json"
        monkeypatch.setenv("BOTH_PATHS_ERRORS", str(errors))
        sheets, actions = run_script("import_results", click_tables(book), "gor.xlsx", tmp_path,
                                     prelude=RECORD + f"import xl_ratings.jobs.book_import as u; u.MAX_ROWS = {last}\n")
        got = json.loads(errors.read_text(encoding="utf-8"))
        assert not [k for k in written(sheets, actions) if k[0] in ("Players", "Events", "Games")]
    assert [(g[0], g[1]["limit"], g[1]["first"], g[2]) for g in got] == \
        [("imports.sheet_full", str(last), str(last - 2), "Games")]


# --------------------------------------------------------------------------- the officer's Checks sheet
@pytest.mark.parametrize("path", PATHS)
def test_an_officers_own_checks_sheet_is_never_cleared(path, tmp_path, monkeypatch):
    """The command line's rule for a sheet a result would replace (is it ours?) is one click's for
    the sheet its problems go to: the officer's own Checks sheet is kept, the problems told."""
    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    mine = wb.create_sheet("Checks")
    mine["A1"], mine["A2"] = "my checks", "keep me"
    wb.save(book)
    if path == "command line":
        before = book.read_bytes()
        with pytest.raises(InputErrors) as e:
            process_workbook(book)
        got = told(e.value)
        assert book.read_bytes() == before
    else:
        printed: list[str] = []
        tables = read_tables(book)
        tables["Checks"] = [["my checks"], ["keep me"]]
        sheets, actions, got = click("process_period", tables, "gor.xlsx", tmp_path, monkeypatch, printed)
        position = [s["name"] for s in sheets].index("Checks")
        assert not [a for a in actions if a.get("sheet_position") == position], "the officer's sheet untouched"
        said = printed[0].splitlines()
        assert said[0].startswith("1 problem(s), nothing was done: your sheet named Checks was not written by "
                                  "xl-ratings (its first cell is 'my checks') and is kept as it is"), said
        assert "個問題" in said[0] and "see the Checks sheet" not in printed[0]  # the traditional-Chinese rendering is the point
        assert said[1].startswith("file gor.xlsx, sheet 'Checks': xl-ratings writes its results to a sheet named "
                                  "'Checks'") and "工作表 'Checks'：xl-ratings 將結果寫入" in said[1], said
    assert [(g[0], g[1]["sheet"], g[2]) for g in got] == [("workbooks.result_sheet_not_ours", "Checks", "Checks")]
    assert got[0][1]["first"] == "'my checks'"
    assert to_lang(got[0][6], TRADITIONAL) == got[0][6]


def test_a_sheet_named_checks_in_other_letters_is_kept_too(tmp_path, monkeypatch):
    """"checks" is the name Checks to Excel: never cleared, never a second sheet added beside it."""
    printed: list[str] = []
    tables = read_tables(ROOT / "gor.xlsx")
    tables["checks"] = [["my checks"]]
    sheets, actions, got = click("process_period", tables, "gor.xlsx", tmp_path, monkeypatch, printed)
    assert [g[0] for g in got] == ["sheets.result_sheet_case"]
    position = [s["name"] for s in sheets].index("checks")
    assert not [a for a in actions if a.get("sheet_position") == position or a["func"] == "addSheet"]
    assert "your sheet named Checks was not written by xl-ratings (its first cell is 'my checks')" in printed[0]


def test_one_clicks_own_list_of_problems_is_ours_the_next_time(tmp_path, monkeypatch):
    """A Checks sheet one click wrote its problems on is replaced by the next run (it was 'not ours')."""
    from xl_ratings.view.sheets import report_header, written_by_us

    assert all(written_by_us(report_header(lang)[0]) for lang in ("zh-Hans", TRADITIONAL))
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Checks"] = [report_header(TRADITIONAL), ["x", "y", "Games", 3, "opponent", "NOBODY"]]
    sheets, actions, errors = click("process_period", tables, "gor.xlsx", tmp_path, monkeypatch)
    assert errors == [] and "Ratings" in replay(sheets, actions)


# --------------------------------------------------------------------------- the History's check
@pytest.mark.parametrize("path", PATHS)
def test_an_import_on_a_refused_history_is_refused(path, tmp_path, monkeypatch):
    """Importing on a History the audit refuses would lose the way out: the command line's backup,
    one click's workbook as it is (it cannot be undone). The same History problem both ways."""
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    col = next(c.column for c in ws[1] if str(c.value).split()[-1] == "new")
    ws.cell(3, col, 1234)
    wb.save(book)
    if path == "command line":
        before = book.read_bytes()
        with pytest.raises(InputErrors) as e:
            import_into(book, [str(write_rr_csv(tmp_path / "rr.csv", EVENT))], options=OPTIONS)
        got = told(e.value)
        assert book.read_bytes() == before
        head, history = "run.import_would_replace_backup", "run.history_rows_edited"
    else:
        sheets, actions, got = click("import_results", click_tables(book), "gor.xlsx", tmp_path, monkeypatch)
        assert not [k for k in written(sheets, actions) if k[0] in ("Players", "Events", "Games")], "nothing imported"
        head, history = "excel.import_would_lose_history", "run.history_rows_edited_no_backup"
    assert [g[0] for g in got] == [head, history]
    assert got[1][1]["period"] == "2025" and got[1][2] == "History"
    assert all(to_lang(g[6], TRADITIONAL) == g[6] for g in got)


# --------------------------------------------------------------------------- advice the path can follow
@pytest.mark.parametrize("path", PATHS)
def test_the_same_tournament_twice_is_refused_with_a_way_out_of_its_path(path, tmp_path, monkeypatch):
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    import_into(book, [str(write_rr_csv(tmp_path / "rr.csv", EVENT))], options=OPTIONS)
    if path == "command line":
        with pytest.raises(InputErrors) as e:
            import_into(book, [str(write_rr_csv(tmp_path / "rr2.csv", EVENT))], options=OPTIONS)
        got = told(e.value)
    else:
        sheets, actions, got = click("import_results", click_tables(book), "gor.xlsx", tmp_path, monkeypatch)
        assert not [k for k in written(sheets, actions) if k[0] in ("Players", "Events", "Games")]
    assert got, "refused"
    ids = {g[0] for g in got}
    assert ids & {"imports.same_games_as_event", "imports.same_games_as_named_event", "imports.event_has_games",
                  "excel.sheet_event_has_games"}, ids
    for g in got:
        if path == "one click":     # the way out as the Import sheet's lines, never an option it cannot take
            assert "--replace" not in g[6] and "--distinct-from" not in g[6], g
        else:
            assert "--replace" in g[6], g
    assert to_lang(g[6].replace("春季公开赛", ""), TRADITIONAL) == g[6].replace("春季公开赛", "")  # names as written


def test_the_import_summary_advises_the_sheets_line(tmp_path, monkeypatch):
    """A possible match the summary points at: the command line says --match, the Import sheet its line."""
    from xl_ratings.i18n.catalogue import imports as M
    from xl_ratings.jobs.book_import import sheet_text

    said = M.SUMMARY_POSSIBLE_MATCH(id="HK001", book_name="陳大文", book_club="HKGA", name="陈大文", where="B7",
                                    new="HK040", q="")
    twin = sheet_text(said, TRADITIONAL)
    assert twin.id == "excel.sheet_summary_possible_match"
    assert dict(twin.params) == {k: v for k, v in said.params if k != "q"}     # (q: the command's quote)
    assert "--match" not in twin.both(TRADITIONAL) and "“對應 match” 陈大文=HK001" in twin.zh_in(TRADITIONAL)
    lined = sheet_text(M.NO_SUCH_EVENT(option="--replace", event="E9"), TRADITIONAL)
    assert lined.id == "imports.no_such_event" and dict(lined.params)["option"] == "替換 replace"


# --------------------------------------------------------------------------- every message placed
def test_a_bad_date_on_the_import_sheet_is_placed(tmp_path, monkeypatch):
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = [["名称 name", "春季公开赛"], ["开始 start", "2024-13-01"], ["结束 end", "2024-05-03"], []] + \
        [list(r) for r in rr_rows(EVENT)]
    _, _, got = click("import_results", tables, "gor.xlsx", tmp_path, monkeypatch)
    assert [g[:6] for g in got] == [["sheets.cell_not_a_date", {}, "Import", 2, "B", "2024-13-01"]]
    assert to_lang(got[0][6], TRADITIONAL) == got[0][6]


def test_the_rating_list_script_tells_a_hong_kong_workbook_in_traditional(tmp_path, monkeypatch):
    tables = read_tables(ROOT / "gor.xlsx")        # not processed: no list to make
    tables["RatingListFile"] = [["mine"]]
    _, _, got = click("rating_list_file", tables, "gor.xlsx", tmp_path, monkeypatch)
    assert got and all(to_lang(g[6], TRADITIONAL) == g[6] for g in got), got
    assert got[0][2] == "RatingListFile" and got[0][3] == 1 and got[0][4] == "C"


# --------------------------------------------------------------------------- processing: one use case
def _typos(wb):
    """A rating typed as text, an opponent who is not a player."""
    ws = wb["Players"]
    ws.cell(3, next(c.column for c in ws[1] if str(c.value).split()[-1] == "rating"), "abc")
    ws = wb["Games"]
    ws.cell(2, next(c.column for c in ws[1] if str(c.value).split()[-1] == "opponent"), "NOBODY")


def _clash(wb):
    wb.create_sheet("RATINGS")["A1"] = "mine"


def _officers_ratings(wb):
    wb.create_sheet("Ratings")["A1"] = "my list"


@pytest.mark.parametrize("spoil", [_typos, _clash, _officers_ratings], ids=["typos", "clash", "not-ours"])
def test_processing_refuses_the_same_problems_both_ways(spoil, tmp_path, monkeypatch):
    """Every refusal of processing, the same on both paths: ids, parameters, sheet, row, column, value
    and the Chinese in the workbook's script (jobs/period is the one use case)."""
    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    spoil(wb)
    wb.save(book)
    with pytest.raises(InputErrors) as e:
        process_workbook(book)
    by_cli = told(e.value)
    tables = read_tables(book)
    extra = openpyxl.load_workbook(book)
    for name in extra.sheetnames:
        if name not in tables:          # the sheets one click sees that the file reader does not read
            tables[name] = [list(r) for r in extra[name].iter_rows(values_only=True)]
    _, actions, by_click = click("process_period", tables, "gor.xlsx", tmp_path, monkeypatch)
    assert by_click == by_cli and by_cli
    assert all(to_lang(g[6].replace("abc", "").replace("NOBODY", ""), TRADITIONAL) ==
               g[6].replace("abc", "").replace("NOBODY", "") for g in by_cli)


# --------------------------------------------------------------------------- the rating list
@pytest.mark.parametrize("spoil", [None, _typos], ids=["unprocessed", "typos"])
def test_the_rating_list_refuses_the_same_problems_both_ways(spoil, tmp_path, monkeypatch):
    """``publish --rating-list`` and one click's ``rating_list_file``: the same replay of the History,
    the same refusals (ids, parameters, places), in the workbook's script."""
    from xl_ratings.jobs.publish import publish

    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    if spoil is not None:
        spoil(wb)
    wb.save(book)
    with pytest.raises(InputErrors) as e:
        publish(book, rating_list=str(tmp_path / "egf_db.txt"))
    by_cli = told(e.value, book)
    _, actions, by_click = click("rating_list_file", read_tables(book), "gor.xlsx", tmp_path, monkeypatch)
    assert by_click == by_cli and by_cli
    assert "RatingListFile" not in [a["args"][1] for a in actions if a["func"] == "addSheet"]


def test_hidden_rows_refuse_an_import_as_they_refuse_processing(tmp_path, monkeypatch):
    """Classic Excel on Windows tells which rows are hidden: one-click import refuses them, as the
    command line refuses them in the file (it used to import over them)."""
    from test_one_click_checks import HIDE_ROW_5

    errors = tmp_path / "errors.json"
    monkeypatch.setenv("BOTH_PATHS_ERRORS", str(errors))
    sheets, actions = run_script("import_results", click_tables(ROOT / "gor.xlsx"), "gor.xlsx", tmp_path,
                                 prelude=RECORD + HIDE_ROW_5)
    got = json.loads(errors.read_text(encoding="utf-8"))
    assert {g[0] for g in got} == {"excel.hidden_rows"} and {g[2] for g in got} >= {"Games", "Players"}
    assert not [k for k in written(sheets, actions) if k[0] in ("Players", "Events", "Games")]


def _replacing(path, tmp_path, monkeypatch):
    """(rows emptied, cells written) by a replacing import of the tournament already imported."""
    book = tmp_path / path.replace(" ", "_") / "gor.xlsx"
    book.parent.mkdir()
    shutil.copy(ROOT / "gor.xlsx", book)
    import_into(book, [str(write_rr_csv(book.parent / "rr.csv", EVENT))], options=OPTIONS)
    before = file_cells(book)
    if path == "command line":
        import_into(book, [str(write_rr_csv(book.parent / "rr2.csv", EVENT))],
                    options=Options(name=OPTIONS.name, start=OPTIONS.start, end=OPTIONS.end, replace=True))
        after = file_cells(book)
        emptied = {(s, r) for (s, r, c) in before if (s, r, c) not in after}
        wrote = {k: norm(v) for k, v in after.items() if before.get(k) != v}
    else:
        tables = click_tables(book)
        tables["Import"] = [*META[:3], [to_lang("替换 replace", TRADITIONAL), "yes"], []] + tables["Import"][4:]
        sheets, actions, errors = click("import_results", tables, "gor.xlsx", book.parent, monkeypatch)
        assert errors == []
        names = [s["name"] for s in sheets]
        cleared = [a for a in actions if "clear" in a["func"].lower()]
        emptied = {(names[a["sheet_position"]], a["start_row"] + 1 + i) for a in cleared for i in range(a["row_count"])}
        wrote = {k: norm(v) for k, v in written(sheets, actions).items() if k[0] != "Import" and before.get(k) != v}
    return emptied, wrote, {r for s, r, _ in before if s == "Games"}


def test_a_replacing_import_empties_and_writes_the_same_cells_both_ways(tmp_path, monkeypatch):
    """--replace and the Import sheet's line “替換 replace”: the event's old games emptied, the new ones
    written after the table, the same rows and cells both ways."""
    cli_emptied, cli_wrote, games = _replacing("command line", tmp_path, monkeypatch)
    click_emptied, click_wrote, _ = _replacing("one click", tmp_path, monkeypatch)
    assert click_emptied == cli_emptied and {s for s, _ in cli_emptied} == {"Games"}
    assert {r for _, r in cli_emptied} <= games and len(cli_emptied) > 3
    assert click_wrote == cli_wrote and {k[0] for k in cli_wrote} == {"Games"}
    assert all(r > max(games) for _, r, _ in cli_wrote)


# --------------------------------------------------------------------------- every job, both ways
def _process_by_cli(book: Path, tmp_path: Path) -> None:
    process_workbook(book)


def _import_by_cli(book: Path, tmp_path: Path) -> None:
    import_into(book, [str(write_rr_csv(tmp_path / "rr.csv", EVENT))], options=OPTIONS)


def _rating_list_by_cli(book: Path, tmp_path: Path) -> None:
    from xl_ratings.jobs.publish import publish

    publish(book, rating_list=str(tmp_path / "egf_db.txt"))


#: one click's job (its command, :data:`xl_ratings.excel.JOBS`) -> the command line's job that shares
#: its use case, run on the same spoiled workbook: a job of one click without an entry here fails
BY_CLI = {"process": _process_by_cli, "import": _import_by_cli, "rating_list": _rating_list_by_cli}


def test_every_one_click_job_has_a_both_paths_case():
    """The list of one click's jobs is the one the LibreOffice toolbar reads, each a script of the
    package with its use case in jobs/; each has its command-line twin here."""
    import importlib

    import xl_ratings.excel as excel
    from xl_ratings.libreoffice import build, commands

    assert [j.command for j in excel.JOBS] == list(BY_CLI) == list(commands.COMMANDS)
    assert [c for c, _ in build.COMMANDS] == list(commands.COMMANDS)       # a button for each
    for job in excel.JOBS:
        assert job.script in excel.__all__ and callable(getattr(excel, job.script)), job
        assert callable(getattr(excel, job.entry)), job
        module, function = job.use_case.split(".")
        assert module in excel.SHARED_JOBS and callable(getattr(importlib.import_module(f"xl_ratings.jobs.{module}"),
                                                                function)), job


@pytest.mark.parametrize("job", [j.command for j in JOBS])
def test_each_jobs_checks_are_the_same_on_both_paths(job, tmp_path, monkeypatch):
    """Every job of one click refuses a workbook with typos (a rating as text, an opponent who is not a
    player) exactly as its command-line twin does: ids, parameters, places, values, the Chinese."""
    script = next(j.script for j in JOBS if j.command == job)
    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    _typos(wb)
    wb.save(book)
    before = book.read_bytes()
    with pytest.raises(InputErrors) as e:
        BY_CLI[job](book, tmp_path)
    by_cli = told(e.value, book)
    assert book.read_bytes() == before
    tables = click_tables(book) if job == "import" else read_tables(book)
    sheets, actions, by_click = click(script, tables, "gor.xlsx", tmp_path, monkeypatch)
    assert by_click == by_cli
    assert [(g[0], g[2], g[3], g[4], g[5]) for g in by_cli] == [
        ("sheets.cell_not_a_number", "Players", 3, "rating", "abc"),
        ("sheets.not_a_player_id", "Games", 2, "opponent", "NOBODY")], by_cli
    assert not [k for k in written(sheets, actions) if k[0] in ("Players", "Events", "Games")]
