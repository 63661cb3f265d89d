"""The committed templates are exactly what the code builds, and they work."""

import zipfile
from pathlib import Path

import pytest
from helpers import read_sheet, run_cli

from xl_ratings.authoring.regenerate import write_templates
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def read_me(path: Path) -> str:
    """Every text of a workbook's Read me sheet."""
    import openpyxl

    ws = openpyxl.load_workbook(path)["Read me"]
    return "\n".join(str(c.value) for row in ws.iter_rows() for c in row if c.value is not None)


def layout(path: Path) -> dict:
    """What a person sees in a template: sheets, cells, formats, fonts, fills,
    validations, widths, freeze panes; and for .xlsm the macro parts.  (Not the
    zip bytes: an openpyxl or xlwings upgrade may write the same thing
    differently.)"""
    import openpyxl

    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    seen = {}
    for ws in wb.worksheets:
        cells = [(c.coordinate, c.value, c.number_format, bool(c.font and c.font.b),
                  c.fill.fgColor.rgb if c.fill and c.fill.fill_type else None)
                 for row in ws.iter_rows() for c in row if c.value is not None]
        seen[ws.title] = {
            "cells": cells, "freeze": ws.freeze_panes,
            "sizes": [(c.coordinate, c.font.sz) for row in ws.iter_rows() for c in row
                      if c.value is not None and c.font and c.font.sz not in (None, 11)],
            "heights": {k: v.height for k, v in ws.row_dimensions.items() if v.height},
            "merged": sorted(str(m) for m in ws.merged_cells.ranges),
            "widths": {k: round(v.width, 1) for k, v in ws.column_dimensions.items() if v.width},
            "validations": sorted((dv.formula1, str(dv.sqref)) for dv in ws.data_validations.dataValidation)}
    if path.suffix == ".xlsm":
        with zipfile.ZipFile(path) as z:
            vba = z.read("xl/vbaProject.bin")
            drawings = [z.read(n) for n in z.namelist() if n.startswith("xl/drawings/drawing")]
        seen["_macro"] = (vba[:8], any(b'macro="[0]!SampleCall"' in d for d in drawings))
    return seen


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    d = tmp_path_factory.mktemp("tpl")
    write_templates(d)
    return d


@pytest.mark.parametrize("name", [f"{s}.{ext}" for s in SYSTEMS for ext in ("xlsx", "xlsm", "py")]
                         + ["report.xlsx", "report_gor.xlsx"])
def test_committed_template_matches_code(fresh, name):
    committed, built = ROOT / name, fresh / name
    assert committed.exists(), f"{name} missing: run python -m xl_ratings.authoring.regenerate"
    if name.endswith(".py"):
        assert committed.read_text() == built.read_text()
    else:
        assert layout(committed) == layout(built), \
            f"{name} drifted from the code: run python -m xl_ratings.authoring.regenerate"


@pytest.mark.parametrize("system", SYSTEMS)
def test_template_processes_and_has_read_me(system, tmp_path):
    out = tmp_path / "out.xlsx"
    assert run_cli("process", ROOT / f"{system}.xlsx", "--output", out) == 0
    assert read_sheet(out, "Ratings")
    import openpyxl
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    assert wb.sheetnames[0] == "Read me" and "xl-ratings process" in read_me(ROOT / f"{system}.xlsx")


def test_xlsm_has_xlwings_vba_and_button():
    with zipfile.ZipFile(ROOT / "shanghai.xlsm") as z:
        names = z.namelist()
        assert "xl/vbaProject.bin" in names
        ct = z.read("[Content_Types].xml").decode()
        assert "macroEnabled.main+xml" in ct
        drawing = next(z.read(n) for n in names if n.startswith("xl/drawings/drawing"))
        assert b'macro="[0]!SampleCall"' in drawing
        vba = z.read("xl/vbaProject.bin")
    assert vba.startswith(bytes.fromhex("d0cf11e0a1b11ae1")) and len(vba) > 10_000   # an OLE VBA project
    # a freshly made .xlsm carries the VBA project of the installed xlwings, byte for byte
    import xlwings

    from xl_ratings.xlsx.vba import vba_project
    src = Path(xlwings.__file__).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(src) as z:
        assert vba_project() == z.read("xl/vbaProject.bin")
    assert "from xl_ratings.excel import main" in (ROOT / "shanghai.py").read_text()


def test_new_command(tmp_path):
    assert run_cli("new", "peng", tmp_path / "club.xlsx", "--empty") == 0
    import openpyxl
    wb = openpyxl.load_workbook(tmp_path / "club.xlsx")
    assert wb["Players"].max_row == 1 and wb["Settings"]["B2"].value == "peng"
    assert run_cli("new", "peng", tmp_path / "club.xlsx") == 2          # exists: refused
    assert run_cli("new", "gor", tmp_path / "2026 club.xlsm") == 2      # not an importable name
    assert run_cli("new", "gor", tmp_path / "club_hk.xlsm") == 0
    assert (tmp_path / "club_hk.py").exists()


# --------------------------------------------------------------------------- what people read

def test_read_me_lays_out_for_excel_libreoffice_and_a4():
    """Column ≈ 100 characters, every paragraph's row as tall as its wrapped
    text, a larger title, blank rows between sections, A4 portrait fitted to
    the page width, nothing printed outside the print area."""
    import openpyxl

    from xl_ratings.authoring.templates import text_lines

    for name in [f"{s}.{ext}" for s in SYSTEMS for ext in ("xlsx", "xlsm")] + ["report.xlsx"]:
        ws = openpyxl.load_workbook(ROOT / name)["Read me"]
        widths = [ws.column_dimensions[c].width for c in "ABCD" if c in ws.column_dimensions]
        assert 90 <= sum(widths) <= 100, name
        assert ws.page_setup.paperSize == 9 and ws.page_setup.orientation == "portrait"
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1
        assert ws.page_setup.fitToHeight == 0
        assert ws.max_column <= len(widths) and ws.print_area.endswith(f"${ws.max_row}"), name
        assert ws["A1"].font.sz >= 14 and ws["A1"].font.b
        merged = {m.min_row for m in ws.merged_cells.ranges}
        blank = 0
        for r in range(1, ws.max_row + 1):
            cells = [c for c in ws[r] if c.value is not None]
            height = ws.row_dimensions[r].height
            assert height, f"{name} row {r} has no height"
            if not cells:
                blank += 1
                continue
            for c in cells:
                assert c.alignment.wrap_text, f"{name} {c.coordinate} does not wrap"
                width = sum(widths) if r in merged else widths[c.column - 1]
                assert height >= text_lines(str(c.value), width, c.font.sz) * c.font.sz * 1.3, \
                    f"{name} {c.coordinate}: row {r} too low for its text"
        assert blank >= 2, name   # between the sections


def test_read_me_example_setting_is_the_systems_own():
    import dataclasses

    from xl_ratings import systems
    for s in SYSTEMS:
        fields = {f.name for f in dataclasses.fields(systems.get(s).params_type)}
        for ext in ("xlsx", "xlsm"):
            text = read_me(ROOT / f"{s}.{ext}")
            shown = {f for f in fields if f"{f} = " in text}
            assert shown, f"{s}.{ext}: no parameter of {s} as the example"
            if "k_new" not in fields:
                assert "k_new" not in text


def test_xlsx_says_how_to_run_and_xlsm_mentions_the_button():
    for s in SYSTEMS:
        xlsx, xlsm = read_me(ROOT / f"{s}.xlsx"), read_me(ROOT / f"{s}.xlsm")
        assert "xl-ratings process THIS.xlsx" in xlsx and "process_period" in xlsx
        assert "button" not in xlsx.lower() and "按钮" not in xlsx and "按鈕" not in xlsx
        assert "button" in xlsm and ("按钮" in xlsm or "按鈕" in xlsm)
    # a fresh workbook too: `new … BOOK.xlsm` readies the template's Read me for the button
    import io

    import openpyxl

    from xl_ratings.authoring.macro import macro_workbook_bytes
    from xl_ratings.authoring.templates import build
    from xl_ratings.systems import REGISTRY
    book = macro_workbook_bytes(build("peng", with_sample=False), REGISTRY["peng"], with_sample=False)
    wb = openpyxl.load_workbook(io.BytesIO(book))
    text = " ".join(str(c.value) for row in wb["Read me"].iter_rows() for c in row if c.value)
    assert "button above" in text and "sample records" not in text


def test_events_name_is_the_events_name_and_old_headers_still_read(tmp_path):
    import openpyxl

    from xl_ratings.engine.inputs import COLUMNS
    from xl_ratings.i18n.labels import header_key, label
    for s in SYSTEMS:
        wb = openpyxl.load_workbook(ROOT / f"{s}.xlsx")
        events = [c.value for c in wb["Events"][1]]
        players = [c.value for c in wb["Players"][1]]
        assert ("名稱 name" if s == "gor" else "名称 name") in events
        assert ("姓名 name") in players
    assert label("name", sheet="Events") == "名称 name" and label("name") == "姓名 name"
    known = set(COLUMNS["Events"][0])
    for head in ("名称 name", "名稱 name", "姓名 name", "名称", "名稱", "姓名", "name", "Name (名称)"):
        assert header_key(head, known) == "name", head
    # a workbook made with the old template (姓名 name on Events) still processes
    wb = openpyxl.load_workbook(ROOT / "shanghai.xlsx")
    ws = wb["Events"]
    col = next(c for c in ws[1] if c.value == "名称 name")
    col.value = "姓名 name"
    old = tmp_path / "old.xlsx"
    wb.save(old)
    assert run_cli("process", old, "--output", tmp_path / "out.xlsx") == 0
    assert read_sheet(tmp_path / "out.xlsx", "Ratings")


def _chinese(text) -> bool:
    return isinstance(text, str) and any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_hong_kong_template_is_traditional_throughout():
    """Read me, Settings notes, headers, sample records, validation messages
    and the button: every Chinese text of the gor templates in traditional."""
    import re

    import openpyxl

    from xl_ratings.i18n import traditional
    from openpyxl.utils import get_column_letter

    from xl_ratings.i18n.names import traditional_name
    for ext in ("xlsx", "xlsm"):
        wb = openpyxl.load_workbook(ROOT / f"gor.{ext}")
        players = wb["Players"]
        name_col = next(c.column for c in players[1] if str(c.value).endswith("name"))
        names = {c.value for c in players[get_column_letter(name_col)][1:]}   # people's names: as HK writes them
        texts = [c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
                 if not (ws is players and c.column == name_col and c.row > 1)]
        texts += [t for ws in wb.worksheets for dv in ws.data_validations.dataValidation
                  for t in (dv.error, dv.errorTitle, dv.prompt, dv.formula1)]
        if ext == "xlsm":
            with zipfile.ZipFile(ROOT / "gor.xlsm") as z:
                texts += [t for n in z.namelist() if n.startswith("xl/drawings/drawing")
                          for t in re.findall(r"<a:t>([^<]*)</a:t>", z.read(n).decode())]
            assert "計算等級分  Process ratings" in texts
        chinese = [t for t in texts if _chinese(t)]
        assert len(chinese) > 50
        simplified = sorted({t for t in chinese if traditional(t) != t})
        simplified += sorted(n for n in names if traditional_name(n) != n)
        assert not simplified, f"gor.{ext}: simplified Chinese left: {simplified[:5]}"
        assert "范軍" in names and "範軍" not in names
        notes = [row[2] for row in wb["Settings"].iter_rows(min_row=2, values_only=True)]
        assert "默認值（規則規定） default, as the rulebook sets it" in notes
        assert not any("SPEC" in str(n) or "seed" in str(n) for n in notes)
    # and the simplified templates stay simplified
    assert "默认值（规则规定） default, as the rulebook sets it" in [
        row[2] for row in openpyxl.load_workbook(ROOT / "shanghai.xlsx")["Settings"].iter_rows(values_only=True)]


def test_federation_default_from_the_system_and_the_sample():
    from xl_ratings import systems
    from xl_ratings.authoring.templates import build

    def federation(wb):
        return next(r[1] for r in wb["Settings"].iter_rows(values_only=True) if r[0] == "federation")

    import openpyxl
    for s in SYSTEMS:
        system = systems.get(s)
        assert federation(build(s, with_sample=False)) == system.federation
        given = next(r[1] for r in system.sample()["Settings"] if r[0] == "federation")
        from xl_ratings.i18n import to_lang
        assert federation(openpyxl.load_workbook(ROOT / f"{s}.xlsx")) == to_lang(given, system.lang)


# --------------------------------------------------------------------------- the club's report

def test_report_template_reads_as_a_report():
    """report.xlsx, read as the importer reads it (python-calamine), gives
    the sample event, its six players and the fifteen games of the round
    robin, the forfeit as a forfeit."""
    import datetime as dt

    from python_calamine import CalamineWorkbook

    from xl_ratings.importers.detect import guess_format
    from xl_ratings.importers.formats.report import parse_report_tables

    path = ROOT / "report.xlsx"
    assert guess_format(path) == "report"
    book = CalamineWorkbook.from_path(str(path))
    tables = {n: book.get_sheet_by_name(n).to_python() for n in book.sheet_names}
    t = parse_report_tables(tables, str(path))
    assert t.event.name.startswith("2026 年春季") and t.event.format == "round_robin"
    assert (t.event.start, t.event.end) == (dt.date(2026, 4, 11), dt.date(2026, 4, 12))
    assert (t.event.cls, t.event.level, t.event.champion, t.event.rounds) == ("C", "district", "1", 5)
    assert t.event.extra == {"organiser": "浦东五子棋协会", "arbiter": "周建国"}
    assert [(p.key, p.name, p.sex) for p in t.players] == [
        ("1", "林天佑", "M"), ("2", "彭磊", "M"), ("3", "张丽", "F"), ("4", "薛博文", "M"),
        ("5", "刘洋", "M"), ("6", "赵敏", "F")]
    assert t.players[0].rating == 2355 and t.players[0].federation_id == "SH007"
    assert t.players[2].rank == "1级" and t.players[4].rating is None
    assert len(t.games) == 15 and not t.notes
    pairs = {frozenset((g.player, g.opponent)) for g in t.games}
    assert len(pairs) == 15                                    # everyone met everyone once
    assert [(g.round, g.player, g.opponent, g.result) for g in t.games if g.result in "+-"] == [(4, "6", "5", "+")]
    score = {p.key: 0.0 for p in t.players}
    for g in t.games:
        s = {"1": 1, "0.5": 0.5, "0": 0, "+": 1, "-": 0}[g.result]
        score[g.player] += s
        score[g.opponent] += 1 - s
    assert max(score, key=score.get) == t.event.champion


def test_report_template_keys_are_the_importers():
    import openpyxl

    from xl_ratings.importers.formats.common import header_words
    from xl_ratings.importers.formats.report import EVENT_KEYS, GAME_COLS, PLAYER_COLS
    from xl_ratings.authoring.templates import build_report

    for wb in (openpyxl.load_workbook(ROOT / "report.xlsx"), build_report(with_sample=False),
               openpyxl.load_workbook(ROOT / "report_gor.xlsx")):
        assert wb.sheetnames == ["Read me", "Event", "Players", "Games"]
        keys = [r[0] for r in wb["Event"].iter_rows(min_row=2, values_only=True)]
        assert [k.split()[0] for k in keys][:2] in (["名称", "开始"], ["名稱", "開始"])
        for key_cell, table in ([(k, EVENT_KEYS) for k in keys]
                                + [(c.value, PLAYER_COLS) for c in wb["Players"][1]]
                                + [(c.value, GAME_COLS) for c in wb["Games"][1]]):
            role = key_cell.split()[-1]
            assert header_words(key_cell) & set(table[role]), key_cell
    wb = openpyxl.load_workbook(ROOT / "report.xlsx")
    lists = {dv.formula1 for ws in wb.worksheets for dv in ws.data_validations.dataValidation}
    assert '"1,0.5,0,胜,和,负,W,D,L,+,-"' in lists and '"M,F,男,女"' in lists
    assert any("round_robin" in f for f in lists)
    dates = [dv for ws in wb.worksheets for dv in ws.data_validations.dataValidation if dv.type == "date"]
    assert {str(dv.sqref) for dv in dates} == {"B3 B4", "B2:B2000"}
    empty = build_report(with_sample=False)
    assert empty["Players"].max_row == 1 and empty["Games"].max_row == 1
    assert all(r[1] is None for r in empty["Event"].iter_rows(min_row=2, values_only=True))


@pytest.mark.parametrize("name, system", [("report.xlsx", "shanghai"), ("report_gor.xlsx", "gor")])
def test_a_reports_sample_ids_are_the_federation_workbooks(name, system, tmp_path, capsys):
    """Every federation id in a report's sample is a player of that system's sample workbook, under
    the same name (the id pattern is the workbook's: SH007, HK001) -- nobody is someone else.  The
    sample itself is never imported: a report still holding it is refused."""
    from python_calamine import CalamineWorkbook

    from xl_ratings.engine.sample import sample_records
    from xl_ratings.importers.formats.report import parse_report_tables

    book = CalamineWorkbook.from_path(str(ROOT / name))
    t = parse_report_tables({n: book.get_sheet_by_name(n).to_python() for n in book.sheet_names}, name)
    known = sample_records(system).players
    given = {p.federation_id: p.name for p in t.players if p.federation_id}
    assert len(given) == 3 and all(known[i].name == n for i, n in given.items())
    capsys.readouterr()
    assert run_cli("import", ROOT / name, "--into", ROOT / f"{system}.xlsx", "--dry-run") == 2
    assert "still holds the sample" in capsys.readouterr().err


def test_the_hong_kong_report_is_traditional_with_go_grades_and_handicaps(tmp_path, capsys):
    import openpyxl
    from python_calamine import CalamineWorkbook

    from xl_ratings.i18n import traditional
    from xl_ratings.importers.formats.report import parse_report_tables

    made = tmp_path / "spring.xlsx"
    assert run_cli("new", "report", made, "--system", "gor") == 0
    assert layout(made) == layout(ROOT / "report_gor.xlsx")
    wb = openpyxl.load_workbook(made)
    texts = [c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row]
    texts += [t for ws in wb.worksheets for dv in ws.data_validations.dataValidation
              for t in (dv.error, dv.errorTitle, dv.formula1)]
    chinese = [t for t in texts if _chinese(t)]
    assert len(chinese) > 30 and not [t for t in chinese if traditional(t) != t]
    assert "棋力分 rating" in [c.value for c in wb["Players"][1]]
    book = CalamineWorkbook.from_path(str(made))
    t = parse_report_tables({n: book.get_sheet_by_name(n).to_python() for n in book.sheet_names}, str(made))
    assert t.event.cls == "乙" and t.event.format == "round_robin" and len(t.games) == 15
    assert {p.rank for p in t.players} >= {"5D", "1k", "6k"}
    assert sum(1 for g in t.games if g.handicap) >= 10
    capsys.readouterr()
    assert run_cli("new", "gor", tmp_path / "hk.xlsx", "--system", "gor") == 2     # --system is for a report
    assert "--system gor is for a report" in capsys.readouterr().err
