"""The officer's answers and the ids a source carries (the hostile review of issue 17).

* An answer (``--match``, ``--new``) is for the (spelling, club) the import asked
  about: it never changes a player the import matched by itself, and the
  Identities sheet remembers only what was asked.  One answer fitting players
  of several clubs is refused; the club named in the answer (``龚军 (HKGA)``)
  settles it.  A new player made so whose name and club are an existing
  player's is pointed out.
* ``--match NAME=ID`` whose names differ entirely (a typo in the id) stops,
  and nothing is remembered.
* An id (federation id, EGF PIN, FIDE id) naming a player of another name
  entirely is a question with the candidates, never a silent match; a club
  report still holding the template's sample is refused.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import TEMPLATES, read_sheet, run_cli
from problem_ids import cli_problems, only
from import_writers import Def, G, P, write_h9, write_report

D = dt.date
#: The hostile tester's spring.h9: the sample's 龔軍 (KLN, matched by name and club) and a
#: 龚军 of HKGA (the same name, another club: asked about).
GONG_KLN = P("1", "龔", "軍", "M", "KLN", "5d", 0, "")
GONG_HKGA = P("2", "龚军", "", "M", "HKGA", "5d", 0, "")
WANG = P("3", "王", "靜", "M", "NT", "4d", 0, "")
SPRING = Def("HK Spring 2026", D(2026, 4, 4), D(2026, 4, 5), (GONG_KLN, GONG_HKGA, WANG),
             (G(1, "1", "2", "1"), G(2, "2", "3", "1"), G(3, "3", "1", "0")))


def hk(tmp_path: Path, name: str = "hk.xlsx") -> Path:
    book = tmp_path / name
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    return book


def identities(book: Path) -> list[tuple]:
    return [(r["spelling"], r.get("club"), r["id"]) for r in read_sheet(book, "Identities")]


def game_ids(book: Path, event: str) -> set[str]:
    rows = [g for g in read_sheet(book, "Games") if g["event"] == event]
    return {g["player"] for g in rows} | {g["opponent"] for g in rows}


def test_an_answer_is_only_for_the_player_asked_about(tmp_path, capsys):
    """Finding 1: --new 龚军 made the KLN 龔 軍 (matched HK001 by name and club) a new player too,
    and the Identities sheet remembered it for ever."""
    book = hk(tmp_path)
    src = write_h9(tmp_path / "spring.h9", SPRING)
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.other_club")
    assert p.params["question"] == ("imports.other_club", {"name": "龚军", "club": "香港圍棋協會 HKGA",
                                                           "candidates": "HK001 龔軍 (九龍棋社)"}), p
    assert (p.file, p.line) == (str(src), 12), p
    assert run_cli("import", src, "--into", book, "--new", "龚军") == 0
    out = capsys.readouterr().out
    players = read_sheet(book, "Players")
    assert len(players) == 41 and players[-1]["name"] == "龚军"
    assert game_ids(book, "E001") == {"HK001", "HK002", players[-1]["id"]}
    assert identities(book) == [("龚军", "HKGA", players[-1]["id"])]      # only what was asked
    assert "HK001 龔軍 (name" in out


def test_an_answer_for_a_player_matched_by_himself_is_refused_with_the_reason(tmp_path, capsys):
    book = hk(tmp_path)
    zhong = P("2", "鍾", "艷", "F", "HKGA", "3d", 0, "")
    d = dataclasses.replace(SPRING, players=(GONG_KLN, zhong, WANG))
    src = write_h9(tmp_path / "s.h9", d)
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book, "--new", "龔軍")
    assert code == 2
    only(told, "imports.answer_not_asked", answer="--new 龔軍", players="龔軍 → HK001 (name)")   # the h9 space joined
    assert book.read_bytes() == before


def test_one_answer_for_two_clubs_is_refused_and_the_club_settles_it(tmp_path, capsys):
    book = hk(tmp_path)
    gong_nt = dataclasses.replace(GONG_HKGA, key="4", club="HKI")
    d = dataclasses.replace(SPRING, players=(GONG_KLN, GONG_HKGA, WANG, gong_nt),
                            games=SPRING.games + (G(1, "4", "3", "0"),))
    src = write_h9(tmp_path / "s.h9", d)
    code, told = cli_problems("import", src, "--into", book, "--new", "龚军")
    assert code == 2
    p = only(told, "imports.answer_several_clubs", answer="--new 龚军", name="龚军")
    assert "(HKGA," in p.params["players"] and "(HKI," in p.params["players"], p
    assert run_cli("import", src, "--into", book, "--new", "龚军 (HKGA)", "--new", "龚军（HKI）") == 0
    new = [p["id"] for p in read_sheet(book, "Players")[-2:]]
    assert sorted(identities(book)) == sorted([("龚军", "HKGA", new[0]), ("龚军", "HKI", new[1])])


def test_a_new_player_with_the_name_and_club_of_one_is_pointed_out(tmp_path, capsys):
    """Two players of one name and club in the workbook: the source's is asked about; made new
    by the answer, the summary points at the namesakes."""
    book = hk(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Players"].append(["HK099", "龔軍", None, "M", "九龍棋社", "3k"])
    wb.save(book)
    src = write_h9(tmp_path / "s.h9", SPRING)
    assert run_cli("import", src, "--into", book, "--new", "龔軍 (KLN)", "--new", "龚军 (HKGA)", "--dry-run") == 0
    out = capsys.readouterr().out
    assert "龔軍 (s.h9" not in out
    assert "entered as new player HK100 by your answer, though HK001 龔軍 (九龍棋社) has the same name and club" \
        in out, out


@pytest.mark.parametrize("typed", ["王靜=HK030", "王靜 (NT)=HK030"])
def test_a_match_naming_another_person_entirely_stops_and_is_not_remembered(tmp_path, capsys, typed):
    """Finding 5: --match 王靜=HK030 (HK030 is 白芳) was accepted and remembered."""
    book = hk(tmp_path)
    d = dataclasses.replace(SPRING, players=(GONG_KLN, dataclasses.replace(WANG, key="2", club="HKGA"), WANG),
                            games=(G(1, "1", "2", "1"), G(2, "2", "3", "1"), G(3, "3", "1", "0")))
    src = write_h9(tmp_path / "s.h9", d)
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book, "--match", typed)
    assert code == 2
    assert [(p.id, p.params) for p in told] == [("imports.answer_other_name", {     # nothing remembered
        "answer": f"--match {typed}", "id": "HK030", "book_name": "白芳", "name": "王靜"})], told
    assert "白芳 確實是此人" in capsys.readouterr().err         # the script is the point: traditional here
    assert book.read_bytes() == before


def test_a_match_one_character_off_or_by_the_latin_name_is_accepted(tmp_path, capsys):
    """Not entirely different: a typo of one character (王静 for 王靜 is the same key), the Latin name."""
    book = hk(tmp_path)
    one = (G(1, "1", "2", "1"),)
    d = dataclasses.replace(SPRING, players=(GONG_KLN, dataclasses.replace(GONG_HKGA, surname="王菁")), games=one)
    src = write_h9(tmp_path / "s.h9", d)
    assert run_cli("import", src, "--into", book, "--match", "王菁=HK002", "--dry-run") == 0
    d = dataclasses.replace(d, players=(GONG_KLN, dataclasses.replace(GONG_HKGA, surname="Wang Jing")))
    src = write_h9(tmp_path / "l.h9", d)
    assert run_cli("import", src, "--into", book, "--match", "Wang Jing=HK002", "--dry-run") == 0


# --------------------------------------------------------------------------- ids naming another person
def test_an_id_naming_another_person_is_a_question_with_the_candidates(tmp_path, capsys):
    """Finding 6: a report's federation ids overrode the names (龔軍's games to 周星星, only
    'names differ').  Every id column: federation id, EGF PIN, FIDE id."""
    book = hk(tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    ws["B2"] = "周星星"                        # HK001 is someone else in this federation
    wb.save(book)
    gong = P("1", "龔", "軍", "M", "九龍棋社", "5d", 2400, "")
    wang = P("2", "王", "靜", "M", "新界棋會", "4d", 2300, "")
    d = Def("Club event", D(2026, 4, 11), D(2026, 4, 11), (gong, wang), (G(1, "1", "2", "1"),))
    src = write_report(tmp_path / "club.xlsx", d)          # federation ids SH001, SH002: set to HK ids
    wb = openpyxl.load_workbook(src)
    wb["Players"]["G2"], wb["Players"]["G3"] = "HK001", "HK002"
    wb.save(src)
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.id_names_another")
    assert p.params["question"][1] | {"others": None} == {"name": "龔 軍", "club": "九龍棋社", "column": "id",
                                                          "id": "HK001", "book_name": "周星星", "others": None}, p
    assert (p.sheet, p.row, p.column) == ("Players", 2, "B"), p
    assert book.read_bytes() == before
    assert run_cli("import", src, "--into", book, "--new", "龔軍") == 0
    assert "HK001" not in game_ids(book, "E001")


@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_a_report_still_holding_the_sample_is_refused(tmp_path, capsys, system):
    book = tmp_path / "book.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    report = tmp_path / "r.xlsx"
    assert run_cli("new", "report", report, "--system", system) == 0
    before = book.read_bytes()
    code, told = cli_problems("import", report, "--into", book, "--dry-run")
    assert code == 2
    assert [p.id for p in told] == ["imports.report_holds_sample"] and told[0].file == str(report), told
    wb = openpyxl.load_workbook(report)           # renamed, the sample's games kept: still the sample
    wb["Event"]["B2"] = "Our own event"
    wb.save(report)
    code, told = cli_problems("import", report, "--into", book)
    assert code == 2
    only(told, "imports.report_holds_sample", held=("imports.sample_games_held", {"same": 15, "games": 15}))
    assert book.read_bytes() == before


# --------------------------------------------------------------------------- players without a game
def _idle_event() -> Def:
    from import_writers import EVENT

    idle = P("6", "Idle", "Person", "M", "Shanghai", "2d", 2771, "8600066", pin="12345678")
    games = tuple(dataclasses.replace(g, handicap=0) for g in EVENT.games)
    return dataclasses.replace(EVENT, players=EVENT.players + (idle,), games=games)


@pytest.mark.parametrize("writer, system", [("write_h9", "gor"), ("write_opengotha", "gor"), ("write_trf", "shanghai"),
                                            ("write_report", "gor"), ("write_rr_csv", "gor"),
                                            ("write_swiss_csv", "gor")])
def test_a_player_without_any_game_is_left_out_and_named(tmp_path, capsys, writer, system):
    """Finding 2: OpenGotha's registrants who never played joined the list as active rated
    players (Fan Hui 2771, 0 games).  Every importer: left out, named in the summary."""
    import import_writers

    book = tmp_path / "book.xlsx"
    assert run_cli("new", system, book, "--empty") == 0
    suffix = {"write_h9": ".h9", "write_opengotha": ".xml", "write_trf": ".trf", "write_report": ".xlsx"}
    src = getattr(import_writers, writer)(tmp_path / f"src{suffix.get(writer, '.csv')}", _idle_event())
    assert run_cli("import", src, "--into", book, "--start", "2024-05-01", "--end", "2024-05-03") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "without any game" in x)
    # the stdout summary an officer reads
    assert "1 player(s) without any game in the file, not imported (registered, never played): Idle" in line, line
    names = {p["name"] for p in read_sheet(book, "Players")}
    assert len(names) == 5 and not any("Idle" in n for n in names)


# --------------------------------------------------------------------------- Go grades
@pytest.mark.parametrize("writer", ["write_rr_csv", "write_swiss_csv", "write_report"])
def test_go_grades_never_become_ranks_of_another_system(tmp_path, capsys, writer):
    """Finding 17: a crosstable with ranks 3d/5k/10k imported into a Shanghai workbook wrote them
    into the Players' rank column (issue 17 item 6 says never)."""
    import import_writers
    from import_writers import EVENT

    even = dataclasses.replace(EVENT, games=tuple(dataclasses.replace(g, handicap=0) for g in EVENT.games))
    suffix = ".xlsx" if writer == "write_report" else ".csv"
    src = getattr(import_writers, writer)(tmp_path / f"go{suffix}", even)       # ranks 3d, 1k, 2d, 5k, 10k
    extra = () if writer == "write_report" else ("--start", "2024-05-01", "--end", "2024-05-03")
    for system in ("shanghai", "peng", "lianzhong"):
        book = tmp_path / f"{system}.xlsx"
        assert run_cli("new", system, book, "--empty") == 0
        before = book.read_bytes()
        code, told = cli_problems("import", src, "--into", book, *extra)
        assert code == 2
        only(told, "imports.go_grade_not_go_book", rank="3d", count=5, system=system)
        assert book.read_bytes() == before
    book = tmp_path / "gor.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    assert run_cli("import", src, "--into", book, *extra) == 0                  # a Go workbook takes them
    assert {p["rank"] for p in read_sheet(book, "Players")} == {"3d", "1k", "2d", "5k", "10k"}


# --------------------------------------------------------------------------- one click: the question and its answer
def _one_click(tmp_path, meta, printed):
    from import_writers import rr_rows
    from test_script_dispatch import replay, run_script

    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(TEMPLATES / "gor.xlsx")
    gong = P("1", "龚军", "", "M", "HKGA", "5d", 0, "")
    wang = P("2", "王", "靜", "M", "新界棋會", "4d", 0, "")
    d = Def("秋季賽", D(2026, 9, 5), D(2026, 9, 5), (gong, wang), (G(1, "1", "2", "1"),))
    tables["Import"] = meta + [[]] + [list(r) for r in rr_rows(d)]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path, printed=printed)
    return replay(sheets, actions), len(meta) + 2          # the grids, the table's first row


def test_the_one_click_question_its_place_and_the_summary(tmp_path):
    """Finding 24: the Checks line showed column "B7" and no value; the summary said "nothing was
    processed" for an import."""
    meta = [["名稱 name", "秋季賽"], ["開始 start", "2026-09-05"], ["結束 end", "2026-09-05"]]
    printed: list[str] = []
    grids, first = _one_click(tmp_path, meta, printed)
    checks = [r for r in grids["Checks"] if any(v not in (None, "") for v in r)]
    line = checks[1]
    assert "has the name of HK001" in line[0] and line[2] == "Import"  # the Checks sheet holds words only (no id)
    assert isinstance(line[3], (int, float)) and line[3] > first and line[4] == "B", line       # row, then letters
    assert line[5] == "龚军"                                                                  # the value asked about
    assert "nothing was imported" in printed[0] and "nothing was processed" not in printed[0], printed  # the summary an officer reads
    assert "未導入任何內容" in printed[0]


@pytest.mark.parametrize("cells", [["對應 match 龚军=HK001"], ["match 龚军=HK001"], ["match: 龚军=HK001"],
                                   ["對應 match", "龚军=HK001"], ["match", "龚军=HK001"]])
def test_an_answer_in_one_cell_or_two_is_taken(tmp_path, cells):
    """Finding 24: ``match 龚军=HK001`` in one cell was ignored without a word, and the question came back."""
    meta = [["名稱 name", "秋季賽"], ["開始 start", "2026-09-05"], ["結束 end", "2026-09-05"], cells]
    printed: list[str] = []
    grids, _ = _one_click(tmp_path, meta, printed)
    assert "1 game imported" in printed[0], printed  # the summary an officer reads
    kept = [r for r in grids["Identities"] if any(v not in (None, "") for v in r)]
    assert kept[-1][:3] == ["龚军", "HKGA", "HK001"]


def test_an_answer_line_without_its_answer_is_said(tmp_path):
    meta = [["名稱 name", "秋季賽"], ["開始 start", "2026-09-05"], ["結束 end", "2026-09-05"], ["對應 match"]]
    printed: list[str] = []
    grids, _ = _one_click(tmp_path, meta, printed)
    checks = [r for r in grids["Checks"] if any(v not in (None, "") for v in r)]
    assert "without its answer" in checks[1][0] and checks[1][2:5] == ["Import", 4, "A"], checks[1]  # Checks: words only
