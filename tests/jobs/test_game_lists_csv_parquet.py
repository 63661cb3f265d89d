"""CSV and Parquet game lists: the same rules and the same JSON export as a workbook."""

import csv
import json

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, run_cli, write_book
from problem_ids import cli_problems, only

#: every test on both kernels, pure and compiled (conftest.kernel)
pytestmark = pytest.mark.usefixtures("kernel")

ROWS = [["L1", D(2026, 1, 5), None, "P1", "P2", 1, None], ["L1", D(2026, 1, 6), None, "P3", "N1", "W", None],
        ["L1", D(2026, 1, 7), None, "N1", "N2", "1", None], ["L1", D(2026, 1, 8), None, "P2", "P3", "-", None],
        ["L1", D(2026, 1, 8), None, "P2", "P3", "½-½", None], ["L1", D(2026, 1, 9), None, "N1", "P1", 0.5, None]]
PLAYER_ROWS = [["P1", "甲", "M", "", "", 1500, 30, None, None, "", "yes"],
               ["P2", "乙", "M", "", "", 1600, 30, None, None, "", "yes"],
               ["P3", "丙", "M", "", "", 1450, 30, None, None, "", "yes"],
               ["N1", "丁", "M", "", "", 1500, 4, None, None, "", "yes"],
               ["N2", "戊", "M", "", "", None, None, None, None, "", "yes"]]


def workbook_json(tmp_path):
    book = write_book({"Settings": [["key", "value"], ["system", "lianzhong"]],
                       "Players": [PLAYERS] + PLAYER_ROWS,
                       "Events": [EVENTS, ["L1", "L1", D(2026, 1, 5), D(2026, 1, 9), "games", "", "", ""]],
                       "Games": [GAMES] + ROWS}, tmp_path / "book.xlsx")
    assert run_cli("process", book, "--period", "2026", "--output", tmp_path / "o.xlsx",
                   "--json", tmp_path / "book.json") == 0
    return json.loads((tmp_path / "book.json").read_text(encoding="utf-8"))


def write_lists(tmp_path):
    with open(tmp_path / "games.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event", "date", "player", "opponent", "result"])
        for e, d, _, p, q, r, _ in ROWS:
            w.writerow([e, d.isoformat(), p, q, r])
    with open(tmp_path / "players.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(PLAYERS)
        for row in PLAYER_ROWS:
            w.writerow(["" if v is None else v for v in row])


def same(a, b):
    assert [(p["id"], p["status"], p["games"], p["title"]) for p in a["players"]] == \
        [(p["id"], p["status"], p["games"], p["title"]) for p in b["players"]]
    for x, y in zip(a["players"], b["players"]):
        assert x["new"] == pytest.approx(y["new"], rel=1e-15)
    assert [(c["id"], c["games"], c["score"]) for c in a["changes"]] == \
        [(c["id"], c["games"], c["score"]) for c in b["changes"]]
    assert {c["rule"] for c in a["checks"]} == {c["rule"] for c in b["checks"]}


def test_csv_game_list_equals_workbook(tmp_path):
    expected = workbook_json(tmp_path)
    write_lists(tmp_path)
    assert run_cli("process", tmp_path / "games.csv", "--system", "lianzhong", "--players",
                   tmp_path / "players.csv", "--json", tmp_path / "list.json",
                   "--output", tmp_path / "ratings.csv") == 0
    same(json.loads((tmp_path / "list.json").read_text(encoding="utf-8")), expected)
    rows = list(csv.DictReader(open(tmp_path / "ratings.csv", encoding="utf-8-sig")))
    assert rows[0]["id"] == expected["players"][0]["id"]


def test_parquet_game_list_equals_workbook(tmp_path):
    pytest.importorskip("pyarrow", reason="the test extra installs pyarrow")
    import pandas as pd

    expected = workbook_json(tmp_path)
    write_lists(tmp_path)
    df = pd.read_csv(tmp_path / "games.csv", dtype={"result": str})
    df["date"] = pd.to_datetime(df["date"])
    df.to_parquet(tmp_path / "games.parquet")
    assert run_cli("process", tmp_path / "games.parquet", "--system", "lianzhong", "--players",
                   tmp_path / "players.csv", "--json", tmp_path / "pq.json") == 0
    same(json.loads((tmp_path / "pq.json").read_text(encoding="utf-8")), expected)


def test_game_list_errors_name_file_line_and_column(tmp_path, capsys):
    (tmp_path / "bad.csv").write_text("date,player,opponent,result\n2026-01-01,A,A,1\n2026-13-01,A,B,7\n",
                                      encoding="utf-8")
    code, told = cli_problems("process", tmp_path / "bad.csv", "--system", "lianzhong")
    assert code == 2
    bad = str(tmp_path / "bad.csv")
    p = only(told, "sheets.plays_themself")
    assert (p.file, p.row, p.column) == (bad, 2, "opponent")
    p = only(told, "sheets.cell_not_a_date")
    assert (p.file, p.row, p.column, p.value) == (bad, 3, "date", "2026-13-01")
    assert (only(told, "rules.result_not_accepted").row, only(told, "rules.result_not_accepted").column) == (3, "result")
    code, told = cli_problems("process", tmp_path / "bad.csv")
    assert code == 2
    only(told, "workbooks.game_list_needs_system", suffix=".csv")


def test_options_that_do_not_apply_are_refused(tmp_path, capsys):
    """--from on a game list, --system/--players/--events/--set on a workbook: refused
    with what they are for, never silently ignored; nothing written."""
    write_lists(tmp_path)
    code, told = cli_problems("process", tmp_path / "games.csv", "--system", "lianzhong", "--from", "2026",
                              "--json", tmp_path / "x.json")
    assert code == 2
    only(told, "run.only_for_workbook", option="--from")
    assert not (tmp_path / "x.json").exists()
    workbook_json(tmp_path)
    before = (tmp_path / "book.xlsx").read_bytes()
    code, told = cli_problems("process", tmp_path / "book.xlsx", "--system", "gor", "--players",
                              tmp_path / "players.csv", "--set", "k=20")
    assert code == 2
    for option in ("--system", "--players", "--set"):
        only(told, "run.only_for_game_list", option=option)
    assert not [p for p in told if p.has("run.only_for_game_list", option="--events")], told
    assert (tmp_path / "book.xlsx").read_bytes() == before


def test_a_bad_set_names_the_option_not_a_sheet(tmp_path, capsys):
    """A game list has no Settings sheet: a bad --set is reported against the option."""
    write_lists(tmp_path)
    code, told = cli_problems("process", tmp_path / "games.csv", "--system", "lianzhong", "--set", "k=20",
                              "--set", "zzz=1")
    assert code == 2
    p = only(told, "sheets.setting_given_as_option", option="--set zzz=…")      # told against the option
    assert p.params["problem"][0] == "sheets.setting_unknown" and p.params["problem"][1]["key"] == "zzz", p
    assert p.value == "1" and p.sheet is None and all(q.sheet != "Settings" for q in told), told


def test_a_null_in_a_parquet_list_is_blank_not_nan(tmp_path):
    """A null round in a Parquet list is no round (read whole, pandas made it NaN: two games
    of one pair on one day in free play were taken for the same game twice)."""
    pa = pytest.importorskip("pyarrow", reason="the test extra installs pyarrow")
    import pyarrow.parquet as pq

    from xl_ratings.systems import lianzhong
    from xl_ratings.jobs.game_list import load_game_list

    table = pa.table({"date": ["2026-01-05", "2026-01-05"], "round": pa.array([None, None], pa.string()),
                      "player": ["A", "A"], "opponent": ["B", "B"], "result": ["1", "0"]})
    pq.write_table(table, tmp_path / "g.parquet")
    records = load_game_list(tmp_path / "g.parquet", lianzhong.SYSTEM)
    assert [g.round for g in records.games] == [None, None]
    assert run_cli("process", tmp_path / "g.parquet", "--system", "lianzhong") == 0


# --------------------------------------------------------------------------- hostile2 F10
def _list(tmp_path, rows, name="g.csv", header=("event", "date", "round", "player", "opponent", "result")):
    path = tmp_path / name
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


@pytest.mark.parametrize("system", ["shanghai", "lianzhong"])
@pytest.mark.parametrize("first, second", [("A", "a"), ("sh007", "SH007"), ("Ab", "aB")])
def test_ids_differing_only_in_case_are_refused_in_a_game_list_without_players(tmp_path, capsys, system,
                                                                              first, second):
    """`a` and `A` were two players (each rated on half the games) without --players; a Players
    sheet holding SH007 and sh007 is refused, and so is such a list now."""
    path = _list(tmp_path, [["E1", "2026-01-05", 1, first, "B", 1], ["E1", "2026-01-05", 2, "C", first, 0],
                            ["E1", "2026-01-06", 1, "C", second, 1], ["E1", "2026-01-06", 2, second, "B", 1]])
    code, told = cli_problems("process", path, "--system", system, "--output", tmp_path / "o.csv")
    assert code == 2 and not (tmp_path / "o.csv").exists()
    assert [(p.id, p.params, p.row, p.column, p.value) for p in told] == [   # once; its message says: give --players
        ("sheets.list_ids_differ_only_in_case", {"id": second, "other": first, "row": 2}, 4, "opponent", second)], told
    assert told[0].file == str(path) and told[0].sheet != "Players", told


def test_an_id_of_a_game_list_differing_in_case_from_a_players_file_id_is_named(tmp_path, capsys):
    """With --players: "is not a player id of the Players sheet" named neither the file nor the
    id it differs from only in case."""
    path = _list(tmp_path, [["E1", "2026-01-05", 1, "P1", "p2", 1], ["E1", "2026-01-05", 2, "P3", "X9", 0]])
    write_lists(tmp_path)
    code, told = cli_problems("process", path, "--system", "lianzhong", "--players", tmp_path / "players.csv")
    assert code == 2
    players = str(tmp_path / "players.csv")
    assert [(p.id, p.params, p.row, p.column, p.value) for p in told] == [
        ("sheets.not_in_players_file_case", {"other": "P2", "file": players}, 2, "opponent", "p2"),
        ("sheets.not_in_players_file", {"file": players}, 3, "opponent", "X9")], told
    assert all(p.sheet != "Players" for p in told), told       # the file named, not a Players sheet


@pytest.mark.parametrize("value", ["x", "第0轮", "final", "2.5", "-3", "0"])
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_round_that_is_not_a_whole_number_is_refused_in_a_game_list(tmp_path, capsys, value, suffix):
    path = _list(tmp_path, [["E1", "2026-01-05", "1", "A", "B", 1], ["E1", "2026-01-05", value, "A", "C", 1]])
    if suffix == ".parquet":
        pd = pytest.importorskip("pandas")
        pytest.importorskip("pyarrow")
        pd.read_csv(path, dtype=str).to_parquet(path.with_suffix(".parquet"))
        path = path.with_suffix(".parquet")
    code, told = cli_problems("process", path, "--system", "lianzhong")
    assert code == 2
    assert [(p.id, p.file, p.row, p.column, p.value) for p in told] == [
        ("sheets.round_not_whole", str(path), 3, "round", value)], told


@pytest.mark.parametrize("value", ["第3轮", "第三轮", "R3", "Round 3"])
def test_a_round_written_the_chinese_or_english_way_is_read_in_a_game_list(tmp_path, capsys, value):
    """Hostile3 R3: game lists read rounds as the Games sheet and the crosstable headers do."""
    path = _list(tmp_path, [["E1", "2026-01-05", "1", "A", "B", 1], ["E1", "2026-01-05", value, "A", "C", 1]])
    assert run_cli("process", path, "--system", "lianzhong") == 0, capsys.readouterr().err


def test_a_game_lists_problems_come_in_row_order_within_and_across_groups(tmp_path, capsys):
    """The 1M-row list printed rows 51, 21, 31, 90 ...: each group of a rule and column is now
    in row order, the groups by their first row, the count of the rest after its group."""
    bad = {6: "round", 11: "result", 21: "date", 31: "round", 51: "result", 61: "date", 90: "player",
           100: "round", 150: "result", 71: "result", 80: "result", 95: "result", 120: "result"}
    column = {"round": 2, "result": 5, "date": 1, "player": 3}
    wrong = {"round": "2.5", "result": "7", "date": "2026-13-40", "player": ""}
    rows = []
    for i in range(2, 400):
        r = ["E1", "2026-01-05", str(1 + i % 9), f"P{i}", f"Q{i}", "1"]
        if i in bad:
            r[column[bad[i]]] = wrong[bad[i]]
        rows.append(r)
    assert run_cli("process", _list(tmp_path, rows), "--system", "lianzhong") == 2
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("  - ")]
    import re
    told = [(int(m.group(1)) if m.group(1) else None, m.group(2))
            for m in (re.search(r"(?:row (\d+), )?column '(\w+)'", ln) for ln in lines) if m]
    assert told == [(6, "round"), (31, "round"), (100, "round"), (11, "result"), (51, "result"), (71, "result"),
                    (80, "result"), (95, "result"), (None, "result"), (21, "date"), (61, "date"),
                    (90, "player")], told


# --------------------------------------------------------------------------- hostile2 F11
@pytest.mark.parametrize("system", ["shanghai", "lianzhong"])
def test_a_game_list_without_players_that_rates_nobody_says_so(tmp_path, capsys, system):
    """Every player made up and unrated: shanghai rated nobody and said nothing (0 checks)."""
    path = _list(tmp_path, [["E1", "2026-01-05", 1, "A", "B", 1], ["E1", "2026-01-06", 1, "B", "C", 1]])
    assert run_cli("process", path, "--system", system, "--output", tmp_path / "o.csv") == 0
    out = capsys.readouterr().out
    assert "0 active, 0 inactive, 3 pending" in out
    assert out.count("no player was rated: without --players every player of the list is new and unrated, and "
                     "games between unrated players are not counted; give --players") == 1, out
    assert "没有棋手获得等级分" in out
    capsys.readouterr()
    write_lists(tmp_path)                       # with ratings: rated, nothing said
    rated = _list(tmp_path, [["L1", "2026-01-05", 1, "P1", "P2", 1]], name="r.csv")
    assert run_cli("process", rated, "--system", system, "--players", tmp_path / "players.csv") == 0
    assert "no player was rated" not in capsys.readouterr().out    # the stdout summary an officer reads: its words


def test_a_gor_game_list_without_players_is_refused_in_one_line_naming_the_option(tmp_path, capsys):
    """The refusal pointed at a 'Players' sheet and rows that do not exist, one line per player."""
    path = _list(tmp_path, [["E1", "2026-01-05", 1, "A", "B", 1], ["E1", "2026-01-06", 1, "B", "C", 1]])
    code, told = cli_problems("process", path, "--system", "gor")
    assert code == 2
    assert [(p.id, p.params, p.file, p.sheet, p.row, p.value) for p in told] == [     # one line naming the option
        ("sheets.list_needs_players", {"system": "gor", "count": 3}, str(path), None, None, "--players")], told
    err = capsys.readouterr().err
    assert "請用 --players 給出棋手文件" in err                # the script is the point: gor, traditional Chinese


def test_a_players_csv_is_named_as_a_file_not_as_a_players_sheet(tmp_path, capsys):
    """Hostile3 M5: the problems of a --players CSV were told at "file casep.csv, sheet 'Players',
    row 3": a CSV has no sheet; the file and its row are named."""
    path = _list(tmp_path, [["E1", "2026-01-05", 1, "P1", "P2", 1], ["E1", "2026-01-05", 2, "P3", "N1", 0]])
    write_lists(tmp_path)
    players = tmp_path / "players.csv"
    rows = list(csv.reader(open(players, encoding="utf-8")))
    rows[0] += ["fide_id", "federation_id"]
    extra = {"P1": ["12AB", ""], "P2": ["", "P3"], "P3": ["", "M-7"], "N1": ["", "M-7"]}
    rows = [rows[0]] + [r + extra.get(r[0], ["", ""]) for r in rows[1:]]
    rows[2][5] = "abc"                          # P2's rating: not a number
    with open(players, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    code, told = cli_problems("process", path, "--system", "lianzhong", "--players", players)
    assert code == 2
    at = [(p.id, p.file, p.row, p.column) for p in told]
    assert at == [("publish.rl_bad_id", str(players), 2, "fide_id"), ("sheets.cell_not_a_number", str(players), 3, "rating"),
                  ("sheets.federation_id_of_another", str(players), 3, "federation_id"),
                  ("sheets.federation_id_shared", str(players), 5, "federation_id")], told
    assert told[0].params["fault"] == ("publish.rl_fault_characters", {"chars": "A B"}) and told[0].value == "12AB"
    assert told[1].value == "abc"
    assert told[2].has("sheets.federation_id_of_another", value="P3", player="P2", other="P3")
    assert told[3].has("sheets.federation_id_shared", value="M-7", first="P3", second="N1")
    assert all(not p.sheet for p in told), told            # a CSV has no sheet: no 'Players' sheet named
