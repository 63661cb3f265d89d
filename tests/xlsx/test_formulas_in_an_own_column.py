"""A formula without a stored value (a file saved by a program that does not calculate) is refused
at its cell when the tool reads its column -- and left alone in a column of the officer's own (a
helper column under a header that names none of the sheet's columns): the tool never reads it.
(One click reads what Excel calculated: no formula is ever without its value there.)"""

import json

import openpyxl
from helpers import D, EVENTS, GAMES, PLAYERS, run_cli, write_book
from problem_ids import refused_with


def tables():
    return {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [list(PLAYERS), ["A", "甲", "M", "", "", 2300, None, None, None, "", "yes"],
                    ["B", "乙", "M", "", "", 2200, None, None, None, "", "yes"]],
        "Events": [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "round_robin", "", "", ""]],
        "Games": [list(GAMES), ["E1", None, 1, "A", "B", 1, None], ["E1", None, 2, "B", "A", 0.5, None],
                  ["E1", None, 3, "A", "B", 0, None]],
    }


def book(tmp_path, edit, name="t.xlsx"):
    path = write_book(tables(), tmp_path / name)
    wb = openpyxl.load_workbook(path)
    edit(wb)
    wb.save(path)          # openpyxl stores a formula without its value
    return path


def helper_columns(wb):
    """A check beside the games and a note beside the players, each a formula in every row."""
    games, players = wb["Games"], wb["Players"]
    g, p = games.max_column + 1, players.max_column + 1
    games.cell(1, g, "核对 check")
    for r in range(2, games.max_row + 1):
        games.cell(r, g, f'=IF(D{r}="","",D{r}&"?")')
    players.cell(1, p, "备注 my note")
    for r in range(2, players.max_row + 1):
        players.cell(r, p, f"=A{r}&B{r}")
    return g, p


def test_a_helper_column_of_formulas_without_values_is_left_alone(tmp_path, capsys):
    path = book(tmp_path, helper_columns)
    out = tmp_path / "out.xlsx"
    code = run_cli("process", path, "--output", out, "--json", tmp_path / "o.json")
    assert code == 0, capsys.readouterr().err
    ratings = {p["id"]: p["new"] for p in json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))["players"]}
    # the same ratings as the workbook without the helper columns
    plain = write_book(tables(), tmp_path / "plain.xlsx")
    assert run_cli("process", plain, "--output", tmp_path / "plain_out.xlsx", "--json", tmp_path / "p.json") == 0
    assert ratings == {p["id"]: p["new"] for p in
                       json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["players"]}
    wb = openpyxl.load_workbook(out)
    assert wb["Games"].cell(2, 8).value == '=IF(D2="","",D2&"?")', "the officer's formulas kept"


def test_a_formula_without_a_value_in_a_column_read_is_still_refused_at_its_cell(tmp_path):
    def edit(wb):
        helper_columns(wb)
        wb["Games"]["F3"] = "=1-F2"               # the result column: read
        wb["Players"]["F3"] = "=F2-100"           # the rating column: read
    told = [(p.id, p.params, p.sheet, p.row, p.column) for p in refused_with(book(tmp_path, edit))
            if p.id == "workbooks.formulas_no_value"]     # (the result read as blank is refused too)
    assert told == [
        ("workbooks.formulas_no_value", {"column": "F", "rows": ("workbooks.row_at", {"rows": "3"})},
         "Players", 3, "rating"),
        ("workbooks.formulas_no_value", {"column": "F", "rows": ("workbooks.row_at", {"rows": "3"})},
         "Games", 3, "result")]


def test_a_column_named_in_a_systems_word_or_a_slip_counts_as_read(tmp_path):
    """棋力分 is GoR's rating (read under that word wherever a system writes it), 等级份 a slip of
    等级分; a column without a header is not the officer's own either: their formulas refused."""
    def edit(wb):
        ws = wb["Players"]
        first = ws.max_column + 1
        for col, head in enumerate(("棋力分", "等级份", None), start=first):
            ws.cell(1, col, head)
            ws.cell(2, col, "=1+1")
        ws.cell(3, first + 2, "x")               # the headless column holds something
    told = [(p.id, p.params.get("column"), p.row) for p in refused_with(book(tmp_path, edit))
            if p.id == "workbooks.formulas_no_value"]
    assert told == [("workbooks.formulas_no_value", "L", 2), ("workbooks.formulas_no_value", "M", 2),
                    ("workbooks.formulas_no_value", "N", 2)]


def test_a_games_column_named_like_a_players_column_is_the_officers_own(tmp_path, capsys):
    """The columns read are the sheet's own: a rating (棋力分) beside the games is nobody's."""
    def edit(wb):
        ws = wb["Games"]
        ws.cell(1, 8, "棋力分")
        for r in range(2, ws.max_row + 1):
            ws.cell(r, 8, f"=F{r}*100")
    assert run_cli("process", book(tmp_path, edit), "--output", tmp_path / "out.xlsx") == 0, \
        capsys.readouterr().err
