"""Bad input: every problem at once, naming sheet, row, column and value; exit 2;
no traceback; nothing written; the input unchanged byte for byte."""

import hashlib
import re

from helpers import D, EVENTS, GAMES, PLAYERS, run_cli, write_book


def test_all_problems_reported_at_once(tmp_path, capsys):
    book = write_book({
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [PLAYERS,
                    ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["A", "甲2", "M", "", "", 2300, None, None, None, "", "yes"],   # duplicate id
                    ["B", "乙", "X", "", "十段x", "2200", None, None, None, "", "yes"]],  # sex, rank, text rating
        "Events": [EVENTS,
                   ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""],
                   ["E2", "无结束", D(2026, 3, 1), None, "swiss", "", "", ""]],          # no end date
        "Games": [GAMES,
                  ["E1", None, 1, "A", "Z", 1, None],                 # unknown player
                  ["E1", None, 2, "A", "A", 1, None],                 # self-play
                  ["E1", None, 3, "A", "B", "2-0", None],             # invalid result
                  ["E1", D(2026, 4, 1), 4, "B", "A", 1, None],        # outside the event's dates
                  ["E1", None, 5, "A", "B", 1, None],
                  ["E1", None, 5, "B", "A", 0, None],                 # the same game twice
                  ["E9", None, 1, "A", "B", 1, None]],                # unknown event
    }, tmp_path / "bad.xlsx")
    digest = hashlib.sha256(book.read_bytes()).hexdigest()
    assert run_cli("process", book, "--output", tmp_path / "out.xlsx", "--json", tmp_path / "o.json") == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    expected = [
        "sheet 'Players', row 3, column 'id': duplicate player id (first on row 2) (value: 'A')",
        "sheet 'Players', row 4, column 'sex': must be M/F or 男/女 (value: 'X')",
        "sheet 'Players', row 4, column 'rank': unknown rank",
        "sheet 'Players', row 4, column 'rating': must be a number (this cell holds text",
        "sheet 'Events', row 3, column 'end': is empty: a date is needed",
        "sheet 'Games', row 2, column 'opponent': is not a player id of the Players sheet (value: 'Z')",
        "sheet 'Games', row 3, column 'opponent': a player cannot play themself",
        "sheet 'Games', row 4, column 'result': result must be one of",
        "sheet 'Games', row 5, column 'date': is outside the event's dates",
        "sheet 'Games', row 7, column 'player': the same game is already on row 6",
        "sheet 'Games', row 8, column 'event': is not an event id of the Events sheet (value: 'E9')",
    ]
    for line in expected:
        assert line in err, line
    assert "bad.xlsx" in err
    assert not (tmp_path / "out.xlsx").exists() and not (tmp_path / "o.json").exists()
    assert hashlib.sha256(book.read_bytes()).hexdigest() == digest


def test_missing_sheets_and_columns(tmp_path, capsys):
    book = write_book({"Settings": [["key", "value"], ["system", "gor"]],
                       "Players": [["id", "名字"], ["A", "x"]]}, tmp_path / "thin.xlsx")
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "required sheet 'Events' is missing" in err and "required sheet 'Games' is missing" in err
    assert not (tmp_path / "thin.backup.xlsx").exists()


def test_not_a_workbook(tmp_path, capsys):
    f = tmp_path / "notes.xlsx"
    f.write_text("hello")
    assert run_cli("process", f) == 2
    err = capsys.readouterr().err
    assert "notes.xlsx" in err and "cannot be read as a workbook" in err and "Traceback" not in err
    assert run_cli("process", tmp_path / "missing.xlsx") == 2
    assert "file not found" in capsys.readouterr().err


def test_bad_period_and_unknown_setting(tmp_path, capsys):
    book = write_book({
        "Settings": [["key", "value"], ["system", "shanghai"], ["k_nwe", 30]],
        "Players": [PLAYERS, ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        "Events": [EVENTS, ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""]],
        "Games": [GAMES, ["E1", None, 1, "A", "B", 1, None]]}, tmp_path / "b.xlsx")
    assert run_cli("process", book) == 2
    assert "sheet 'Settings', row 3, column 'value': unknown setting 'k_nwe'" in capsys.readouterr().err
    book2 = write_book({
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [PLAYERS, ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        "Events": [EVENTS, ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""]],
        "Games": [GAMES, ["E1", None, 1, "A", "B", 1, None]]}, tmp_path / "c.xlsx")
    assert run_cli("process", book2, "--period", "2026") == 2
    assert "a shanghai period is written like 2026H1 or 2026H2" in capsys.readouterr().err


def test_formula_like_text_is_written_as_text(tmp_path):
    import openpyxl
    book = write_book({
        "Settings": [["key", "value"], ["system", "lianzhong"]],
        "Players": [PLAYERS, ["A", "=HYPERLINK(\"x\")", "M", "", "", 1500, 30, None, None, "", "yes"],
                    ["B", "@SUM(1)", "M", "", "", 1500, 30, None, None, "", "yes"]],
        "Events": [EVENTS, ["E1", "=1+1", D(2026, 3, 1), D(2026, 3, 2), "games", "", "", ""]],
        "Games": [GAMES, ["E1", None, 1, "A", "B", 1, None]]}, tmp_path / "f.xlsx")
    # openpyxl itself would store "=…" as a formula in the input; keep the inputs as text
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value.startswith("="):
                    c.data_type = "s"
    wb.save(book)
    assert run_cli("process", book, "--output", tmp_path / "o.xlsx") == 0
    import zipfile
    with zipfile.ZipFile(tmp_path / "o.xlsx") as z:
        sheets = b"".join(z.read(n) for n in z.namelist() if n.startswith("xl/worksheets/sheet"))
    assert b"<f>" not in sheets and b"<f " not in sheets


def test_every_validation_message_has_chinese(tmp_path, capsys):
    """All problems of the big bad workbook above are shown in Chinese too."""
    from xl_ratings.errors import InputErrors
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.i18n.catalogue import load_all

    tables = {
        "Settings": [["key", "value"], ["system", "nonsense"], ["k_nwe", 1]],
        "Players": [PLAYERS, ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["A", "甲", "Q", "", "x段", "t", -1, None, None, "", "maybe"]],
        "Events": [EVENTS, ["E1", "赛", D(2026, 3, 3), D(2026, 3, 2), "knockout", "", "", ""],
                   ["E2", "赛", D(2026, 3, 1), "soon", "swiss", "", "", ""]],
        "Games": [GAMES, ["E1", None, 1, "A", "Z", "?", None], ["E1", None, 2, "A", "A", 1, None],
                  ["E9", "x", 3, "", "A", 1, None]],
        "Points": [["player", "date", "kind", "points", "note"], ["A", D(2026, 1, 1), "gift", "5", ""]],
        "Awards": [["player", "award"], ["Q", "初段"]],
    }
    try:
        read_records(tables, "x.xlsx")
    except InputErrors as e:
        catalogue = load_all()
        missing = [err.problem for err in e.errors
                   if err.text.id not in catalogue or not re.search(r"[\u4e00-\u9fff]", err.problem_zh)]
        assert len(e.errors) >= 12
        assert missing == []
    else:
        raise AssertionError("expected problems")
