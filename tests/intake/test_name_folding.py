"""One person one player on the variants real files carry (issue 24 items 3 and 4).

Folding is exact: interpunct, apostrophe and width variants fold; traditional
characters fold to simplified ones one to one only (鍾 and 鐘 are two names; a
simplified 钟 beside either is a question); a blank club is unknown, never the same
club; a near miss in the same club is pointed out; ids are compared without case
(players, events, Identities); Clubs aliases split on every list separator; total,
average, count and note rows are never players.  Built on ``plan_import`` with
workbook tables and tournaments made here, and end to end through the command line.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import openpyxl
import pytest
from helpers import read_sheet, run_cli, write_book
from hypothesis import given
from hypothesis import strategies as st

from xl_ratings.engine.clubs import read_clubs
from xl_ratings.engine.inputs import read_records
from xl_ratings.engine.totals import summary_row
from xl_ratings.errors import InputErrors
from xl_ratings.i18n.canonical import canonical
from xl_ratings.intake.into_book import plan_import
from xl_ratings.importers.model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament
from xl_ratings.intake.plan import Options
from xl_ratings.systems.sample_kit import GIVEN, SURNAMES
from xl_ratings.xlsx.read import read_workbook, spread_merged

D = dt.date
PLAYERS = [["id", "name", "club", "rank", "rating"],
           ["HK001", "鍾偉", "九龍棋社", "3d", 2200],
           ["HK002", "於小明", "九龍棋社", "2d", 2100],
           ["HK003", "阿依·古丽", "新界棋會", "1d", 2000],
           ["HK004", "O'Brien Sean", "新界棋會", "1k", 1900],
           ["HK005", "龍芳", "港島學界", "2k", 1800],
           ["HK006", "陳大文", "港島學界", "3k", 1700],
           ["HK007", "張偉", "新界棋會", "4k", 1600]]
CLUBS = [["code", "name", "aliases"], ["KLN", "九龍棋社", "九龍，Kowloon Go Club、九龍棋會"],
         ["NT", "新界棋會", "新界,NT Go"], ["HKI", "港島學界", ""]]


def book(**sheets: list[list[Any]]) -> dict[str, list[list[Any]]]:
    tables = {"Settings": [["key", "value"], ["system", "gor"]], "Players": [list(r) for r in PLAYERS],
              "Events": [["event", "name", "start", "end", "format", "class"],
                         ["HK26-X", "Spring", D(2026, 3, 1), D(2026, 3, 2), "swiss", "B"]],
              "Games": [["event", "date", "round", "player", "opponent", "result"]],
              "Clubs": [list(r) for r in CLUBS]}
    tables.update(sheets)
    return tables


def source(*players: tuple[str, str], games: int | None = None, day: dt.date = D(2026, 9, 5)) -> Tournament:
    """A tournament of ``players`` (name, club), each playing the next one once."""
    src = Source("autumn.csv", line=1)
    ps = [ImportedPlayer(str(k), name, None, club, "", "5k", None, None, None, None,
                         Source("autumn.csv", line=k + 1)) for k, (name, club) in enumerate(players, 1)]
    n = len(ps) if games is None else games
    gs = [ImportedGame(1, day, str(k), str(k % len(ps) + 1), "1", None, None, src) for k in range(1, n)]
    return Tournament(ImportedEvent("Autumn", day, day, "swiss"), ps, gs, [], "autumn.csv",
                      "crosstable")


def asked(tables: dict, t: Tournament, **options: Any) -> list[tuple[str, dict]]:
    with pytest.raises(InputErrors) as e:
        plan_import(tables, [t], Options(**options))
    return [(err.text.id, _params(err.text)) for err in e.value.errors]


def _params(text: Any) -> dict:
    out = {}
    for k, v in text.params:
        if hasattr(v, "params"):
            out.update(_params(v))
        out[k] = v
    return out


def matched(tables: dict, t: Tournament, **options: Any) -> tuple[dict[str, str], Any]:
    plan = plan_import(tables, [t], Options(**options))
    s = plan.summaries[0]
    names = {pid: name for pid, name, _ in s.matched} | {pid: name for pid, name in s.new_players}
    return names, s


# --------------------------------------------------------------------------- script folding
def test_a_simplified_name_beside_an_ambiguous_traditional_one_is_a_question():
    found = asked(book(), source(("钟伟", "KLN"), ("张伟", "NT")))
    assert [i for i, _ in found] == ["identity.script_doubt"]
    assert "HK001 鍾偉" in found[0][1]["candidates"] and "钟 = " in found[0][1]["forms"]
    assert "鍾" in found[0][1]["forms"] and "鐘" in found[0][1]["forms"]


def test_two_traditional_spellings_are_two_names_and_a_one_to_one_fold_matches():
    names, s = matched(book(), source(("鐘偉", "KLN"), ("陈大文", "HKI"), ("张伟", "NT")))
    assert "HK006" in names and "HK007" in names          # 陳 and 張 are the one form of 陈 and 张
    new = [pid for pid, _ in s.new_players]
    assert len(new) == 1 and names[new[0]] == "鐘偉"      # 鐘 is not 鍾: a new player...
    told = [(t.id, dict(t.params)) for t in s.told]       # ...pointed at the namesake of the same club
    assert ("imports.summary_possible_match", "HK001") in [(i, p.get("id")) for i, p in told]


@pytest.mark.parametrize("written, other", [("于小明", "HK002"), ("游小明", None)])
def test_yu_and_you_are_asked_not_merged(written, other):
    if other is None:       # 游 is nobody's: 游/遊 are two surnames, and nobody is 遊小明 here
        names, s = matched(book(), source((written, "KLN"), ("张伟", "NT")))
        assert len(s.new_players) == 1
    else:
        found = asked(book(), source((written, "KLN"), ("张伟", "NT")))
        assert found[0][0] == "identity.script_doubt" and other in found[0][1]["candidates"]


def test_the_answer_to_a_script_question_is_taken_and_remembered():
    names, s = matched(book(), source(("钟伟", "KLN"), ("张伟", "NT")), match=("钟伟=hk001",))
    assert names["HK001"] == "鍾偉" and s.remembered == 1


# --------------------------------------------------------------------------- punctuation
@pytest.mark.parametrize("written", ["阿依・古丽", "阿依•古丽", "阿依 · 古丽", "阿依．古丽", "阿依･古丽"])
def test_interpunct_variants_are_one_name(written):
    names, s = matched(book(), source((written, "NT"), ("张伟", "NT")))
    assert "HK003" in names and not s.new_players


@pytest.mark.parametrize("written", ["O’Brien Sean", "O‘Brien Sean", "Oʼbrien sean", "Ｏ＇Ｂｒｉｅｎ Sean"])
def test_apostrophe_and_width_variants_are_one_name(written):
    names, s = matched(book(), source((written, "NT"), ("张伟", "NT")))
    assert "HK004" in names and not s.new_players


# --------------------------------------------------------------------------- clubs
def test_a_blank_club_is_not_the_same_club_when_the_source_gives_clubs():
    found = asked(book(), source(("张伟", ""), ("陈大文", "HKI"), ("龍芳", "HKI")))
    assert [i for i, _ in found] == ["identity.club_blank"] and "HK007" in found[0][1]["candidates"]


def test_a_source_without_any_club_matches_a_unique_name():
    names, s = matched(book(), source(("张伟", ""), ("陈大文", ""), ("龍芳", "")))
    assert {"HK005", "HK006", "HK007"} <= set(names) and not s.new_players


def test_a_blank_club_in_the_workbook_beside_another_clubs_namesake_is_asked():
    players = [list(r) for r in PLAYERS] + [["HK008", "張偉", None, "5k", 1500]]
    found = asked(book(Players=players), source(("张伟", "KLN"), ("陈大文", "HKI")))
    assert found[0][0] == "imports.several_candidates"
    assert "HK007" in found[0][1]["candidates"] and "HK008" in found[0][1]["candidates"]


@pytest.mark.parametrize("word", ["九龍", "Kowloon Go Club", "九龍棋會", "新界", "NT Go"])
def test_aliases_split_on_every_list_separator(word):
    clubs = read_clubs(book())
    assert clubs.find(word) is not None and clubs.find(word).code in ("KLN", "NT")


# --------------------------------------------------------------------------- near misses
def test_a_near_miss_in_the_same_club_is_pointed_out_whatever_its_sound():
    names, s = matched(book(), source(("龍芬", "HKI"), ("陈大文", "HKI")))     # 龍芬 typed for 龍芳
    new = [pid for pid, _ in s.new_players]
    assert len(new) == 1
    near = [dict(t.params) for t in s.told if t.id == "imports.summary_possible_match"]
    assert [p["id"] for p in near] == ["HK005"] and near[0]["new"] == new[0]


def test_a_near_miss_of_another_club_by_a_different_sound_is_not_pointed_out():
    names, s = matched(book(), source(("龍芬", "KLN"), ("陈大文", "HKI")))
    assert not [t for t in s.told if t.id == "imports.summary_possible_match"]


# --------------------------------------------------------------------------- ids without case
def test_an_event_id_in_another_case_is_the_event_with_its_class():
    t = source(("张伟", "NT"), ("陈大文", "HKI"), day=D(2026, 3, 1))
    plan = plan_import(book(), [t], Options(event="hk26-x"))
    assert plan.summaries[0].event == "HK26-X" and not plan.summaries[0].new_event
    assert not plan.appends["Events"].rows
    assert {r["event"] for r in plan.appends["Games"].rows} == {"HK26-X"}


def test_an_identities_row_with_the_id_in_lower_case_is_that_player():
    identities = [["spelling", "club", "id"], ["钟伟", "九龍棋社", "hk001"]]
    names, s = matched(book(Identities=identities), source(("钟伟", "KLN"), ("张伟", "NT")))
    assert names["HK001"] == "鍾偉" and ("HK001", "鍾偉", "remembered") in s.matched


def test_event_ids_equal_but_for_case_are_refused_and_a_games_row_is_told_the_id():
    events = [["event", "name", "start", "end"], ["HK26-X", "Spring", D(2026, 3, 1), D(2026, 3, 2)],
              ["hk26-x", "Copy", D(2026, 3, 1), D(2026, 3, 2)]]
    games = [["event", "date", "round", "player", "opponent", "result"],
             ["Hk26-X", D(2026, 3, 1), 1, "HK001", "HK002", "1"]]
    with pytest.raises(InputErrors) as e:
        read_records(book(Events=events, Games=games))
    got = {(err.text.id, err.where.sheet, err.where.row) for err in e.value.errors}
    assert ("identity.event_id_differs_only_in_case", "Events", 3) in got
    assert ("identity.not_an_event_id_case", "Games", 2) in got


# --------------------------------------------------------------------------- total rows
@pytest.mark.parametrize("name, ident, yes", [
    ("合计", None, True), ("合計", "", True), ("总计", None, True), ("小计：12", None, True), ("平均", None, True),
    ("Total", None, True), ("AVERAGE", None, True), ("Sum", None, True), ("38 人", None, True),
    ("共38人", None, True), ("38", None, True), ("注：未计入轮空", None, True), ("Note: byes not counted", None, True),
    ("", "合计", True), ("38", "HK009", False), ("Sum Ka Wai", None, False), ("张平均", None, False),
    ("注明", None, False), ("Totalinski", None, False)])
def test_total_average_count_and_note_rows(name, ident, yes):
    assert summary_row(name, ident) is yes


def test_total_rows_of_the_players_sheet_are_left_out_with_a_note():
    players = [list(r) for r in PLAYERS] + [["合计", "7 人", None, None, 13300], [None, "平均", None, None, 1900],
                                            [None, "注：等级分截至三月", None, None, None]]
    records = read_records(book(Players=players))
    assert set(records.players) == {f"HK00{k}" for k in range(1, 8)}
    assert [n.id for n in records.notes] == ["identity.summary_row_left_out"]
    shown = str(records.notes[0].params)
    assert "9" in shown and "10" in shown and "11" in shown


def test_total_rows_of_an_imported_table_are_never_players():
    t = source(("张伟", "NT"), ("陈大文", "HKI"), ("合计", ""), ("平均", ""), ("注：第3轮弃权", ""), games=2)
    names, s = matched(book(), t)
    assert set(names) == {"HK006", "HK007"} and not s.new_players
    assert [n.id for n in s.notes if n.id.startswith("identity.")] == ["identity.summary_row_left_out"]


def test_a_crosstable_ending_in_a_total_row_is_imported_without_it(tmp_path, capsys):
    from test_one_person_one_player import hk_book

    hk = hk_book(tmp_path)
    rows = [["No", "Name", "Club", "1", "2", "3", "Score"],
            [1, "龔軍", "KLN", "", "1", "1", 2], [2, "王靜", "NT", "0", "", "1", 1],
            [3, "林俊傑", "HKI", "0", "0", "", 0], [None, "合计", None, None, None, None, 3],
            [None, "3 人", None, None, None, None, None], [None, "注：第3轮无弃权", None, None, None, None, None]]
    csv = tmp_path / "rr.csv"
    csv.write_text("\n".join(",".join("" if v is None else str(v) for v in r) for r in rows), encoding="utf-8")
    assert run_cli("import", csv, "--into", hk, "--name", "Autumn", "--start", "2026-09-05", "--end",
                   "2026-09-05") == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "0 new player(s)" in out and "3 matched" in out, out  # the stdout summary an officer reads
    names = {r["name"] for r in read_sheet(hk, "Players")}
    assert not names & {"合计", "3 人", "注：第3轮无弃权"}


# --------------------------------------------------------------------------- merged cells
def test_a_merged_range_gives_its_value_to_every_cell():
    table = [["id", "club"], ["A", "KLN"], ["B", None], ["C", None], ["D", "NT"]]
    spread = spread_merged(table, [((1, 1), (3, 1))])
    assert [r[1] for r in table[1:]] == ["KLN", "KLN", "KLN", "NT"]
    assert spread == [("B2:B4", "KLN", 2, 2, 3)]
    far = [["x"]]
    assert spread_merged(far, [((0, 0), (1_000_000, 16_000))]) == [] and far == [["x"]]   # within the table only


def test_a_merged_club_cell_of_the_players_sheet_is_read_as_its_value_with_a_note(tmp_path):
    path = write_book(book(), tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    ws["C3"] = None
    ws.merge_cells("C2:C3")         # HK001 and HK002 of 九龍棋社: one merged club cell
    wb.save(path)
    tables, problems = read_workbook(path)
    records = read_records(tables, str(path))
    assert records.players["HK002"].club == "九龍棋社"
    note = tables.notes[0]
    assert [n.id for n in tables.notes] == ["identity.merged_spread"]
    assert _params(note)["count"] == 2 and _params(note)["cells"] == "C2:C3" and _params(note)["sheet"] == "Players"
    assert "row 2" in note.en and "club" in note.en


def test_a_club_report_ending_in_total_rows_reads_without_them():
    from import_writers import EVENT, report_tables

    from xl_ratings.importers import report

    tables = report_tables(EVENT)
    width = len(tables["Players"][0])
    tables["Players"] += [[None, "合计", None, None, None, None, None][:width], [None, "共4人"] + [None] * (width - 2),
                          ["注：等级分截至赛前"] + [None] * (width - 1)]
    t = report.parse_report_tables(tables, "club.xlsx")
    assert len(t.players) == len(EVENT.players) and not {"合计", "共4人"} & {p.name for p in t.players}
    note = next(n for n in t.notes if n.id == "identity.summary_row_left_out")
    assert "合计" in note.en and "共4人" in note.en and "注：等级分截至赛前" in note.en


def test_a_crosstable_total_row_with_numbers_in_its_cells_is_never_a_player():
    from xl_ratings.importers import crosstable

    rows = [["No", "Name", "Club", "1", "2", "3", "Score"],
            [1, "龔軍", "KLN", "", "1", "1", 2], [2, "王靜", "NT", "0", "", "1", 1],
            [3, "林俊杰", "HKI", "0", "0", "", 0], [4, "合计", None, 0, 1, 2, 3]]
    t = crosstable.parse_rows(rows, "rr.csv")
    assert [p.name for p in t.players] == ["龔軍", "王靜", "林俊杰"] and len(t.games) == 3
    note = next(n for n in t.notes if n.id == "identity.summary_row_left_out")
    assert "合计" in note.en and "row 5" in note.en


def test_a_merged_club_cell_of_an_imported_report_is_its_club(tmp_path):
    from import_writers import EVENT, write_report

    from xl_ratings.importers import detect
    from xl_ratings.xlsx.read import read_sheets

    path = write_report(tmp_path / "club.xlsx", EVENT)
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    club = ws["D2"].value
    for r in range(3, len(EVENT.players) + 2):
        ws.cell(r, 4).value = None
    ws.merge_cells(f"D2:D{len(EVENT.players) + 1}")        # one club for every player, as clubs send it
    wb.save(path)
    t = detect.load(path, read_sheets=lambda p, names: read_sheets(p, names, as_input=True))
    assert {p.club for p in t.players} == {club}
    note = next(n for n in t.notes if n.id == "identity.merged_spread")
    assert _params(note)["cells"] == f"D2:D{len(EVENT.players) + 1}" and _params(note)["value"] == club


def test_process_leaves_a_players_total_row_out_and_says_so(tmp_path, capsys):
    from xl_ratings.jobs.process import process_workbook

    path = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", path) == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"] if "Players" in wb.sheetnames else next(s for s in wb.worksheets if s.title.startswith("棋手"))
    last = ws.max_row
    ws.cell(last + 1, 1).value = "合计"
    ws.cell(last + 1, 2).value = f"{last - 1} 人"
    ws.cell(last + 2, 2).value = "平均"
    wb.save(path)
    done = process_workbook(path)
    assert "identity.summary_row_left_out" in [n.id for n in done.notes]
    shown = next(n for n in done.notes if n.id == "identity.summary_row_left_out").en
    assert f"row {last + 1}" in shown and f"row {last + 2}" in shown
    ratings = read_sheet(path, "Ratings")
    assert ratings and not {"合计", "平均", f"{last - 1} 人"} & {str(r.get("name")) for r in ratings}
    assert not {"合计"} & {str(r.get("id")) for r in ratings}


def test_a_champion_or_award_naming_a_player_in_another_case_is_told_the_id():
    events = [["event", "name", "start", "end", "champion"],
              ["HK26-X", "Spring", D(2026, 3, 1), D(2026, 3, 2), "hk001"]]
    awards = [["player", "award", "date"], ["Hk002", "冠军", D(2026, 3, 2)]]
    with pytest.raises(InputErrors) as e:
        read_records(book(Events=events, Awards=awards))
    got = {(err.text.id, err.where.sheet, err.text.param("other")) for err in e.value.errors}
    assert got == {("sheets.not_a_player_id_case", "Events", "HK001"), ("sheets.not_a_player_id_case", "Awards", "HK002")}


@given(st.sampled_from(SURNAMES), st.sampled_from(GIVEN), st.sampled_from(["", "HK001", None]))
def test_no_name_of_a_person_is_a_total_row(surname, given_name, ident):
    assert not summary_row(surname + given_name, ident)
    assert not summary_row(f"{given_name} {surname}", ident)


@given(st.sampled_from(SURNAMES), st.sampled_from(GIVEN), st.sampled_from(list("・•·‧･")), st.sampled_from(["", " "]))
def test_any_interpunct_with_or_without_spaces_is_one_name(surname, given_name, dot, space):
    assert canonical(f"{surname}{space}{dot}{space}{given_name}") == canonical(f"{surname}·{given_name}")
