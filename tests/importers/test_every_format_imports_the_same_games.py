"""``xl-ratings import`` end to end (issue 9): one tournament written as a club
report, a round-robin matrix (CSV and .xlsx), a Swiss table, an EGF h9 file,
a FIDE TRF16 file and an OpenGotha file imports to the same Games rows each
time and rates to identical results; players are matched; a repeated import is
refused unless --replace; --dry-run writes nothing; every other part of the
workbook stays byte for byte."""

from __future__ import annotations

import dataclasses
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli
from problem_ids import cli_problems, only
from import_writers import (EVENT, GOMOKU_RANKS, write_h9, write_opengotha, write_report, write_rr_csv, write_rr_xlsx,
                            write_swiss_csv, write_trf)

#: the same tournament without the handicap game (a chess-style file cannot say stones)
EVEN = dataclasses.replace(EVENT, games=tuple(dataclasses.replace(g, handicap=0) for g in EVENT.games))
DATES = ("--start", "2024-05-01", "--end", "2024-05-03", "--class", "B")

#: A FIDE TRF is a chess pairing program's file: never into a Go workbook (issue 17), so the
#: formats are compared in a Gomoku (shanghai) workbook too, against the same club report.
SYSTEM_OF = {"trf": "shanghai"}
WRITERS = {
    "report": (lambda p, d: write_report(p.with_suffix(".xlsx"), d), ()),
    "rr_csv": (lambda p, d: write_rr_csv(p.with_suffix(".csv"), d), DATES),
    "rr_xlsx": (lambda p, d: write_rr_xlsx(p.with_suffix(".xlsx"), d), DATES),
    "swiss_csv": (lambda p, d: write_swiss_csv(p.with_suffix(".csv"), d), DATES),
    "h9": (lambda p, d: write_h9(p.with_suffix(".h9"), d), ()),
    "trf": (lambda p, d: write_trf(p.with_suffix(".trf"), d), ("--class", "B")),
    "opengotha": (lambda p, d: write_opengotha(p.with_suffix(".xml"), d), ("--class", "B")),
}


def fresh_book(tmp_path: Path, name: str = "hk.xlsx", system: str = "gor") -> Path:
    book = tmp_path / name
    assert run_cli("new", system, book, "--empty") == 0
    return book


def norm(name: str) -> str:
    return re.sub(r"[\s,]+", " ", str(name)).strip().lower()


def games_of(book: Path) -> set[tuple]:
    """The imported games as (round, player, opponent, score, forfeit, handicap), one side each."""
    names = {r["id"]: norm(r["name"]) for r in read_sheet(book, "Players")}
    out = set()
    for g in read_sheet(book, "Games"):
        a, b = names[g["player"]], names[g["opponent"]]
        res = str(g["result"])
        forfeit = res in ("+", "-")
        score = {"+": 1.0, "-": 0.0}.get(res, None)
        score = float(g["result"]) if score is None else score
        h = float(g.get("handicap") or 0)
        if a > b:
            a, b, score, h = b, a, 1 - score, -h
        out.add((g.get("round"), a, b, score, forfeit, h))
    return out


def imported(tmp_path: Path, kind: str, d=EVEN, system: str | None = None) -> Path:
    write, extra = WRITERS[kind]
    system = system or SYSTEM_OF.get(kind, "gor")
    if system != "gor":
        d = dataclasses.replace(d, players=tuple(dataclasses.replace(p, rank=GOMOKU_RANKS[p.rank])
                                                 for p in d.players))
    src = write(tmp_path / f"src_{kind}_{system}", d)
    book = fresh_book(tmp_path, f"{kind}_{system}.xlsx", system)
    assert run_cli("import", src, "--into", book, *extra) == 0
    return book


def test_every_format_imports_the_same_games_and_rates_identically(tmp_path):
    results, games = {}, {}
    runs = [(kind, SYSTEM_OF.get(kind, "gor")) for kind in WRITERS] + [("report", "shanghai")]
    for kind, system in runs:
        book = imported(tmp_path, kind, system=system)
        g = games_of(book)
        games[kind] = {x[1:] for x in g} if kind.startswith("rr") else g   # a matrix has no rounds
        period = "2024" if system == "gor" else "2024H1"
        assert run_cli("process", book, "--period", period) == 0
        ratings = read_sheet(book, "Ratings")
        results[(kind, system)] = {norm(r["name"]): r["new"] for r in ratings}
    want = games["report"]
    assert len(want) == len(EVEN.games) == 6
    for kind, g in games.items():
        assert g == ({x[1:] for x in want} if kind.startswith("rr") else want), kind
    for (kind, system), r in results.items():
        first = results[("report", system)]
        assert len(first) == 5
        assert r == pytest.approx(first, abs=1e-9), (kind, system)
    # byes are not games; the forfeit is a forfeit
    assert sum(1 for x in want if x[4]) == 1


def test_handicaps_survive_where_the_format_has_them(tmp_path):
    for kind in ("report", "swiss_csv", "h9", "opengotha"):
        book = imported(tmp_path, kind, EVENT)
        hs = {x[5] for x in games_of(book)}
        assert hs == {0.0, 2.0} or hs == {0.0, -2.0}, kind


def test_players_are_matched_and_repeats_refused(tmp_path, capsys):
    book = imported(tmp_path, "h9")
    before = read_sheet(book, "Players")
    src = write_opengotha(tmp_path / "again.xml", EVEN)
    capsys.readouterr()
    # the same event (same name and dates) again: refused, nothing written
    data = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2 and book.read_bytes() == data
    only(told, "imports.same_games_as_named_event", event="E001", name="Spring Open 2024",
         dates="2024-05-01 … 2024-05-03")
    # --replace: the games replaced, the players matched by name (no new player)
    assert run_cli("import", src, "--into", book, "--replace") == 0
    out = capsys.readouterr().out
    assert "0 new player(s)" in out and "5 matched" in out  # the stdout summary an officer reads
    assert len(read_sheet(book, "Players")) == len(before)
    assert len(read_sheet(book, "Games")) == len(EVEN.games)


def test_dry_run_writes_nothing(tmp_path, capsys):
    book = fresh_book(tmp_path)
    data = book.read_bytes()
    src = write_opengotha(tmp_path / "t.xml", EVENT)
    assert run_cli("import", src, "--into", book, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "5 new player(s)" in out and "6 games" in out and "nothing was written" in out  # the stdout summary an officer reads
    assert book.read_bytes() == data and not (tmp_path / "hk.backup.xlsx").exists()


def test_import_changes_only_the_input_sheets(tmp_path):
    book = fresh_book(tmp_path)
    with zipfile.ZipFile(book) as z:
        before = {n: z.read(n) for n in z.namelist()}
    assert run_cli("import", write_h9(tmp_path / "t.h9", EVENT), "--into", book) == 0
    with zipfile.ZipFile(book) as z:
        after = {n: z.read(n) for n in z.namelist()}
    changed = {n for n in before if before[n] != after.get(n)}
    wb = openpyxl.load_workbook(book)
    assert set(after) == set(before)
    # Players, Events, Games, McMahon (the h9 is placed by MMS: its starting scores) and (for the date
    # format) styles.xml
    assert len(changed) <= 5, changed
    assert all(n.startswith("xl/worksheets/") or n == "xl/styles.xml" for n in changed)
    assert [r[0] for r in wb["Events"].iter_rows(min_row=2, values_only=True)] == ["E001"]


def test_bad_source_is_refused_with_its_line(tmp_path, capsys):
    book = fresh_book(tmp_path)
    src = write_h9(tmp_path / "t.h9", EVENT)
    text = src.read_text(encoding="utf-8").replace("3d", "3x", 1)   # an unknown grade
    src.write_text(text, encoding="utf-8")
    data = book.read_bytes()
    assert run_cli("import", src, "--into", book) == 2
    err = capsys.readouterr().err
    assert "t.h9" in err and "line" in err and book.read_bytes() == data


def test_crosstable_without_dates_says_how(tmp_path, capsys):
    book = fresh_book(tmp_path)
    src = write_rr_csv(tmp_path / "rr.csv", EVEN)
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    assert only(told, "imports.no_dates").file == str(src), told      # it says: give --start and --end


def test_appending_keeps_the_officers_formatting_and_grows_tables(tmp_path):
    """An empty row the officer had formatted keeps its style when rows are appended into it,
    and an Excel table over the Players sheet grows over the new players."""
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.table import Table

    book = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", book) == 0
    wb = openpyxl.load_workbook(book)
    players = wb["Players"]
    last = players.max_row
    players.add_table(Table(displayName="Roster", ref=f"A1:{openpyxl.utils.get_column_letter(players.max_column)}{last}"))
    games = wb["Games"]
    first_free = games.max_row + 1
    games.cell(first_free, 1).fill = PatternFill("solid", fgColor="FFFF00")
    games.row_dimensions[first_free].height = 30
    wb.save(book)
    assert run_cli("import", write_h9(tmp_path / "t.h9", EVENT), "--into", book) == 0
    wb = openpyxl.load_workbook(book)
    table = wb["Players"].tables["Roster"]
    assert table.ref.endswith(str(last + len(EVENT.players)))
    cell = wb["Games"].cell(first_free, 1)
    assert cell.value is not None and cell.fill.fgColor.rgb.endswith("FFFF00")
    assert wb["Games"].row_dimensions[first_free].height == 30


def test_options_never_silently_ignored_and_names_kept_as_written(tmp_path: Path, capsys) -> None:
    """--start/--end that contradict the source's dates and --event/--name over several
    tournaments are refused (nothing written); names, clubs and the event name keep every
    character (（）, ①, ™); a report row's date is named by its column, not the row's key cell."""
    book = fresh_book(tmp_path)
    h9 = write_h9(tmp_path / "ev.h9", EVENT)
    before = book.read_bytes()
    code, told = cli_problems("import", h9, "--into", book, "--start", "2024-06-01", "--end", "2024-06-03")
    assert code == 2
    p = only(told, "imports.date_option_differs", option="--start", day="2024-06-01", own="2024-05-01")
    assert p.file == str(h9) and p.value == "2024-06-01", p
    only(told, "imports.date_option_differs", option="--end", day="2024-06-03", own="2024-05-03")
    assert "--start 只用於沒有日期的來源" in capsys.readouterr().err    # the script is the point: a Hong Kong book, traditional
    csv = write_rr_csv(tmp_path / "rr.csv", EVENT)
    code, told = cli_problems("import", h9, csv, "--into", book, "--event", "E9", *DATES[:4])
    assert code == 2
    only(told, "imports.one_event_option", option="--event", count=2, sources=f"{h9}, {csv}")
    assert book.read_bytes() == before
    text = csv.read_text(encoding="utf-8")
    first = EVENT.players[0]
    csv.write_text(text.replace(first.name, "王 ①（少儿）™").replace(first.club, "静安棋社（少儿部）"),
                   encoding="utf-8")
    assert run_cli("import", csv, "--into", book, "--name", "全角杯（测试）", *DATES) == 0
    assert "王 ①（少儿）™" in {r["name"] for r in read_sheet(book, "Players")}
    assert "静安棋社（少儿部）" in {r["club"] for r in read_sheet(book, "Players")}
    assert "全角杯（测试）" in {r["name"] for r in read_sheet(book, "Events")}
    report = write_report(tmp_path / "rep.xlsx", EVENT)
    wb = openpyxl.load_workbook(report)
    wb["Games"]["B2"] = "2024-09-09"                  # outside the event's dates
    wb.save(report)
    capsys.readouterr()
    assert run_cli("import", report, "--into", fresh_book(tmp_path, "b2.xlsx")) == 2
    assert "sheet 'Games', row 2, column 'date': is outside the event's dates" in capsys.readouterr().err
