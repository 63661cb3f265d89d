"""Identity at the door (issue 17): one person is one player, one tournament counts once.

End to end, with files as the programs write them (tests/import_writers.py: the
h9 as OpenGotha writes it, surname and first name apart, club codes) into the
Hong Kong sample workbook (``xl-ratings new gor``: HK001 龔軍 of 九龍棋社 …, its
Clubs sheet giving the codes KLN, NT, HKI, HKGA):

* an h9 whose players exist under the workbook's spelling -- surname apart,
  simplified for traditional, invisible characters, club codes -- matches
  them all;
* the same tournament renamed (and dated otherwise), one source given twice, a
  copy of it, are refused; ``--replace`` replaces the event it repeats;
* a Go file (h9, OpenGotha, a handicap game) into a Gomoku workbook is refused,
  and a TRF into the Go workbook, each naming the workbook's system;
* a typo is pointed at (a possible match), never merged;
* the same name in another club stops the import with the candidates; the
  officer's ``--match`` is kept in the Identities sheet, and the next file of
  that club needs no answer (the command line and the one-click Import sheet).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli
from problem_ids import cli_problems, only, where
from import_writers import EVENT, Def, G, P, rr_rows, write_h9, write_opengotha, write_rr_csv, write_swiss_csv, \
    write_trf

from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.systems import SYSTEMS

D = dt.date
ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"

#: The sample's players as an h9 from a Go club's pairing program writes them.
GONG = P("1", "龔", "軍", "M", "KLN", "5d", 0, "")              # HK001 龔軍, 九龍棋社: surname apart, a code
WANG = P("2", "王", "静", "M", "NT", "4d", 0, "")               # HK002 王靜, 新界棋會: simplified 静
LIN = P("3", "林", "俊\u200b傑", "M", "HKI", "3d", 0, "")        # HK003 林俊傑, 港島學界: a zero-width space
#: HK004 鍾豔: a BOM, an alias (simplified 艳 would be a question: it stands for 豔 or 艷, issue 24;
#: tests/intake/test_name_folding.py)
ZHONG = P("4", "\ufeff鍾", "豔", "F", "圍協", "3d", 0, "")
ROUND_ROBIN = (G(1, "1", "2", "1"), G(1, "3", "4", "0"), G(2, "1", "3", "0.5"), G(2, "2", "4", "1"),
               G(3, "4", "1", "0"), G(3, "2", "3", "1"))
AUTUMN = Def("Autumn Open 2026", D(2026, 9, 5), D(2026, 9, 6), (GONG, WANG, LIN, ZHONG), ROUND_ROBIN)
SAMPLE_IDS = {"1": "HK001", "2": "HK002", "3": "HK003", "4": "HK004"}


def hk_book(tmp_path: Path, name: str = "hk.xlsx") -> Path:
    book = tmp_path / name
    assert run_cli("new", "gor", book) == 0
    return book


FLIP = {"1": "0", "0": "1", "0.5": "0.5", "+": "-", "-": "+"}


def oriented(rnd, a: str, b: str, result: str) -> tuple:
    """A game as compared: the lower id first, the result from its side."""
    return (rnd, a, b, result) if a < b else (rnd, b, a, FLIP[result])


def games_by_id(book: Path) -> set[tuple]:
    return {oriented(g["round"], g["player"], g["opponent"], str(g["result"])) for g in read_sheet(book, "Games")
            if str(g["event"]).startswith("E")}


def want_games(d: Def, ids: dict[str, str]) -> set[tuple]:
    return {oriented(g.round, ids[g.white], ids[g.black], g.white_result) for g in d.games}


def zh(text: str) -> str:
    """A message's Chinese as a Hong Kong workbook tells it (traditional)."""
    return to_lang(text, TRADITIONAL)


def test_an_h9_of_players_written_otherwise_matches_them_all(tmp_path, capsys):
    book = hk_book(tmp_path)
    players = len(read_sheet(book, "Players"))
    src = write_h9(tmp_path / "autumn.h9", AUTUMN)
    assert "龔 軍" in src.read_text(encoding="utf-8") and "\u200b" in src.read_text(encoding="utf-8")
    assert run_cli("import", src, "--into", book, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "0 new player(s)" in out and "4 matched" in out, out     # the stdout summary an officer reads
    assert "HK001 龔軍" in out and "HK004 鍾豔" in out
    assert "clubs not in the Clubs sheet" not in out          # KLN, NT, HKI are codes, 圍協 an alias
    assert run_cli("import", src, "--into", book) == 0
    assert len(read_sheet(book, "Players")) == players
    assert games_by_id(book) == want_games(AUTUMN, SAMPLE_IDS)


def test_the_same_tournament_renamed_and_redated_is_refused_and_replace_names_it(tmp_path, capsys):
    book = hk_book(tmp_path)
    assert run_cli("import", write_h9(tmp_path / "autumn.h9", AUTUMN), "--into", book) == 0
    events = read_sheet(book, "Events")
    renamed = dataclasses.replace(AUTUMN, name="2026 Autumn Open (final)", start=D(2026, 9, 12), end=D(2026, 9, 13))
    src = write_h9(tmp_path / "renamed.h9", renamed)
    before = book.read_bytes()
    capsys.readouterr()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.same_games_as_event", event="E001", name="Autumn Open 2026")
    assert p.params["compared"] == ("imports.compared_rounds", {}) and p.file == str(src), p
    assert p.params["replace"] == ("imports.way_replace", {"event": "E001"}), p
    assert zh("无论名称和日期如何，都是同一赛事") in capsys.readouterr().err     # the script is the point: traditional
    assert book.read_bytes() == before
    # the same games as a Swiss table from another program: the same tournament too
    table = write_swiss_csv(tmp_path / "autumn.csv", dataclasses.replace(AUTUMN, players=tuple(
        dataclasses.replace(p, club={"KLN": "九龍棋社", "NT": "新界棋會", "HKI": "港島學界"}.get(p.club, "香港圍棋協會"))
        for p in AUTUMN.players)))
    code, told = cli_problems("import", table, "--into", book, "--name", "x", "--start", "2026-10-01",
                              "--end", "2026-10-01")
    assert code == 2 and book.read_bytes() == before
    only(told, "imports.same_games_as_event", event="E001")
    # --replace: the event it repeats is replaced (named in the summary), nothing added; --replace
    # given before the source (the order of the docs' examples) is the same command
    assert run_cli("import", "--replace", src, "--into", book, "--dry-run") == 0
    assert "replacing E001's 6 games" in capsys.readouterr().out and book.read_bytes() == before
    assert run_cli("import", src, "--into", book, "--replace") == 0
    out = capsys.readouterr().out
    assert "replacing E001's 6 games" in out
    assert read_sheet(book, "Events") == events
    assert games_by_id(book) == want_games(AUTUMN, SAMPLE_IDS)


def test_a_corrected_result_is_the_same_tournament(tmp_path, capsys):
    book = hk_book(tmp_path)
    assert run_cli("import", write_h9(tmp_path / "autumn.h9", AUTUMN), "--into", book) == 0
    corrected = dataclasses.replace(AUTUMN, name="Autumn", games=(G(1, "1", "2", "0"),) + AUTUMN.games[1:])
    capsys.readouterr()
    code, told = cli_problems("import", write_h9(tmp_path / "corrected.h9", corrected), "--into", book)
    assert code == 2
    only(told, "imports.near_event", alike=5, games=6, theirs=6, differ=1, event="E001",
         compared=("imports.compared_rounds", {}))
    assert run_cli("import", tmp_path / "corrected.h9", "--into", book, "--replace", "E001") == 0
    assert games_by_id(book) == want_games(corrected, SAMPLE_IDS)


def test_one_source_given_twice_or_copied_is_refused(tmp_path, capsys):
    book = hk_book(tmp_path)
    before = book.read_bytes()
    src = write_h9(tmp_path / "autumn.h9", AUTUMN)
    copy = tmp_path / "copy of autumn.h9"
    copy.write_text(src.read_text(encoding="utf-8").replace("EV[Autumn Open 2026]", "EV[Autumn]"), encoding="utf-8")
    code, told = cli_problems("import", src, copy, "--into", book)
    assert code == 2
    assert only(told, "imports.same_games_as_source", other=str(src), alike=6, games=6).file == str(copy), told
    code, told = cli_problems("import", src, src, "--into", book)
    assert code == 2
    assert only(told, "imports.same_name_and_dates", other=str(src)).file == str(src), told
    # a crosstable given twice under two titles (new players: matched to each other, then refused)
    rr = write_rr_csv(tmp_path / "rr.csv", EVENT)
    rr2 = tmp_path / "rr2.csv"
    rr2.write_text(rr.read_text(encoding="utf-8-sig").replace("Spring Open 2024", "Spring"), encoding="utf-8")
    code, told = cli_problems("import", rr, rr2, "--into", book, "--start", "2026-05-01", "--end", "2026-05-03")
    assert code == 2
    p = only(told, "imports.same_games_as_source", other=str(rr), alike=6, games=6, differ=0)
    assert p.params["compared"] == ("imports.compared_pairs", {}) and p.file == str(rr2), p
    assert book.read_bytes() == before


def test_a_go_file_goes_only_into_a_go_workbook(tmp_path, capsys):
    gomoku = tmp_path / "sh.xlsx"
    assert run_cli("new", "shanghai", gomoku, "--empty") == 0
    before = gomoku.read_bytes()
    for src in (write_h9(tmp_path / "go.h9", EVENT), write_opengotha(tmp_path / "go.xml", EVENT)):
        code, told = cli_problems("import", src, "--into", gomoku)
        assert code == 2
        assert only(told, "imports.go_file_not_go_book", system="shanghai").file == str(src), told
    code, told = cli_problems("import", write_swiss_csv(tmp_path / "go.csv", EVENT), "--into", gomoku,
                              "--start", "2024-05-01", "--end", "2024-05-03")
    assert code == 2
    p = only(told, "imports.handicap_not_go_book", stones="2", system="shanghai")
    assert (p.file, p.line, p.column) == (str(tmp_path / "go.csv"), 2, "G"), p
    assert "让子是围棋的规则" in capsys.readouterr().err      # the script is the point: simplified for a Shanghai book
    assert gomoku.read_bytes() == before
    # a chess pairing program's TRF into the Go workbook: refused for what it is
    go = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", go, "--empty") == 0
    code, told = cli_problems("import", write_trf(tmp_path / "chess.trf", EVENT), "--into", go)
    assert code == 2
    assert [(p.id, p.params["system"]) for p in told] == [("imports.trf_not_go_book", "gor")], told


def test_a_typo_is_pointed_at_not_merged(tmp_path, capsys):
    book = hk_book(tmp_path)
    typo = P("4", "付", "天祐", "M", "NT", "1d", 0, "")          # HK034 付天佑 of 新界棋會, one character off
    stranger = P("3", "陈", "晓明", "M", "XYZ", "10k", 0, "")    # typed in simplified characters
    d = dataclasses.replace(AUTUMN, players=(GONG, WANG, stranger, typo))
    assert run_cli("import", write_h9(tmp_path / "typo.h9", d), "--into", book) == 0
    out = capsys.readouterr().out
    assert "2 new player(s)" in out and "2 matched" in out      # the stdout summary an officer reads (and below)
    assert "possible match: HK034 付天佑 (新界棋會) for 付天祐" in out and "--match 付天祐=HK034" in out, out
    assert "clubs not in the Clubs sheet nor in Players: XYZ (1)" in out
    assert "HK041 陈晓明" in out and "陳" not in out        # as written (the h9 surname space joined), not in the workbook's script
    new = {r["name"]: r for r in read_sheet(book, "Players") if r["id"] in ("HK041", "HK042")}
    assert set(new) == {"付天祐", "陈晓明"}
    assert new["付天祐"]["club"] == "新界棋會"           # the club as the workbook writes it, not NT


def other_club(tmp_path: Path, name: str, d: Def) -> Path:
    """HK001 龔軍 (九龍棋社) playing for 港島學界 (HKI)."""
    return write_h9(tmp_path / name, d)


def test_the_officers_match_is_remembered_for_that_club(tmp_path, capsys):
    book = hk_book(tmp_path)
    moved = dataclasses.replace(GONG, club="HKI")
    first = dataclasses.replace(AUTUMN, players=(moved, WANG, LIN, ZHONG))
    src = write_h9(tmp_path / "first.h9", first)
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.other_club")
    assert p.params["question"] == ("imports.other_club", {"name": "龔軍", "club": "港島學界 HKI",
                                                           "candidates": "HK001 龔軍 (九龍棋社)"}), p
    assert p.params["answer"][0] == "imports.answer_options" and p.params["answer"][1]["name"] == "龔軍", p
    assert (p.file, p.line, p.value) == (str(src), 11, "龔軍"), p
    assert zh("是同一人吗") in capsys.readouterr().err     # the script is the point: traditional on the Hong Kong workbook
    assert book.read_bytes() == before                   # stopped before writing
    assert run_cli("import", src, "--into", book, "--match", "龔軍=HK001") == 0
    out = capsys.readouterr().out
    assert "1 answer(s) kept in the Identities sheet" in out     # the stdout summary an officer reads
    kept = read_sheet(book, "Identities")
    assert [(r["spelling"], r["club"], r["id"]) for r in kept] == [("龔軍", "HKI", "HK001")]
    # the next file of that club: no answer needed
    later = Def("Winter Open 2026", D(2026, 11, 7), D(2026, 11, 7), (moved, WANG), (G(1, "1", "2", "1"),))
    assert run_cli("import", write_h9(tmp_path / "later.h9", later), "--into", book) == 0
    out = capsys.readouterr().out
    assert "0 new player(s)" in out and "HK001 龔軍 (the Identities sheet" in out     # the stdout summary
    assert len(read_sheet(book, "Identities")) == 1
    # --new: another person, remembered too; an answer naming nobody is refused
    other = dataclasses.replace(later, name="X", start=D(2026, 11, 8), end=D(2026, 11, 8),
                                games=(G(1, "1", "2", "0"),))
    code, told = cli_problems("import", write_h9(tmp_path / "x.h9", other), "--into", book, "--new", "Nobody")
    assert code == 2
    only(told, "imports.answer_names_nobody", option="--new", name="Nobody")


def test_the_answer_on_the_import_sheet_of_an_older_workbook(tmp_path):
    """One click: the officer's answer on a line above the pasted table; a workbook made
    before the Identities sheet existed gets one, with the answer in it."""
    from test_script_dispatch import replay, run_script
    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(ROOT / "gor.xlsx")
    tables.pop("Identities", None)
    moved = dataclasses.replace(GONG, club="港島學界")
    d = dataclasses.replace(AUTUMN, players=(moved, dataclasses.replace(WANG, club="新界棋會")), games=(
        G(1, "1", "2", "1"),))
    meta = [["名稱 name", "秋季賽"], ["開始 start", "2026-09-05"], ["結束 end", "2026-09-05"],
            ["對應 match", "龔軍=HK001"], []]
    tables["Import"] = meta + [list(r) for r in rr_rows(d)]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    kept = [r for r in grids["Identities"] if any(v not in (None, "") for v in r)]
    assert kept[0][:3] == ["來源寫法 spelling", "單位 club", "編號 id"]
    assert kept[1][:3] == ["龔 軍", "港島學界", "HK001"]


def test_ids_equal_but_for_case_are_refused(tmp_path, capsys):
    book = hk_book(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Players"].append(["hk001", "另一人", "M", "九龍棋社", "3k"])
    wb.save(book)
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert code == 2
    p = only(told, "sheets.id_differs_only_in_case", other="HK001", row=2)
    assert (p.sheet, p.row, p.column, p.value) == ("Players", 42, "id", "hk001"), p
    code, told = cli_problems("import", write_h9(tmp_path / "autumn.h9", AUTUMN), "--into", book)
    assert code == 2
    assert where(told, "sheets.id_differs_only_in_case") == [("Players", 42, "id")], told


def test_a_fide_name_matches_across_formats_in_a_gomoku_workbook(tmp_path, capsys):
    """"Zhang, Wei" (TRF) is the "Zhang Wei" a club report entered; another tournament, no new player."""
    from import_writers import write_report

    book = tmp_path / "sh.xlsx"
    assert run_cli("new", "shanghai", book, "--empty") == 0
    from import_writers import GOMOKU_EVENT as even

    assert run_cli("import", write_report(tmp_path / "spring.xlsx", even), "--into", book) == 0
    summer = dataclasses.replace(even, name="Summer Cup", start=D(2024, 7, 1), end=D(2024, 7, 3),
                                 games=(G(1, "1", "3", "1"), G(1, "2", "5", "0"), G(2, "1", "5", "0.5"),
                                        G(2, "3", "4", "1")), byes={})
    capsys.readouterr()
    assert run_cli("import", write_trf(tmp_path / "summer.trf", summer), "--into", book, "--class", "B") == 0
    out = capsys.readouterr().out
    assert "0 new player(s)" in out and "5 matched" in out, out      # the stdout summary an officer reads


@pytest.mark.parametrize("sheet", ["Clubs", "Identities"])
def test_every_template_has_the_clubs_and_identities_sheets(sheet):
    for system in SYSTEMS:
        for suffix in (".xlsx", ".xlsm"):
            wb = openpyxl.load_workbook(ROOT / f"{system}{suffix}")
            assert sheet in wb.sheetnames, (system, suffix)
            head = [c.value for c in wb[sheet][1]]
            keys = [str(h).split()[-1] for h in head if h]
            assert keys == (["code", "name", "aliases"] if sheet == "Clubs"
                            else ["spelling", "club", "id", "source", "date"])
            players = [str(c.value).split()[-1] for c in wb["Players"][1] if c.value]
            assert "federation_id" in players


def test_the_clubs_sheet_refuses_a_word_naming_two_clubs(tmp_path, capsys):
    book = hk_book(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Clubs"].append(["KLN", "九龍新會", None])
    wb.save(book)
    code, told = cli_problems("import", write_h9(tmp_path / "autumn.h9", AUTUMN), "--into", book)
    assert code == 2
    p = only(told, "sheets.club_word_twice", word="KLN", club="九龍棋社", row=3)
    assert (p.sheet, p.row, p.column) == ("Clubs", 6, "code"), p


def test_an_older_workbook_gets_an_identities_sheet_and_keeps_every_other_part(tmp_path):
    """Creating the Identities sheet in a workbook made before it existed: the answer is in
    it, and every part but the sheets written, the workbook's sheet list and styles is kept."""
    import zipfile

    book = hk_book(tmp_path)
    wb = openpyxl.load_workbook(book)
    del wb["Identities"]
    wb.save(book)
    with zipfile.ZipFile(book) as z:
        before = {n: z.read(n) for n in z.namelist()}
    moved = dataclasses.replace(GONG, club="HKI")
    src = write_h9(tmp_path / "a.h9", dataclasses.replace(AUTUMN, players=(moved, WANG, LIN, ZHONG)))
    assert run_cli("import", src, "--into", book, "--match", "龔軍=HK001") == 0
    assert [(r["spelling"], r["club"], r["id"]) for r in read_sheet(book, "Identities")] == [("龔軍", "HKI", "HK001")]
    assert openpyxl.load_workbook(book).sheetnames[-1] == "Identities"
    with zipfile.ZipFile(book) as z:
        after = {n: z.read(n) for n in z.namelist()}
    changed = {n for n in before if before[n] != after.get(n)}
    assert set(before) <= set(after)
    names = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml"}
    assert changed - names <= {n for n in before if n.startswith("xl/worksheets/sheet")}
    # Events, Games and McMahon (the h9 is placed by MMS); Players unchanged (no new player)
    assert len(changed - names) == 3


def test_the_way_out_of_a_repeated_tournament_is_one_that_works(tmp_path, capsys):
    """The source repeats E001's name, dates and games: the refusal's way out for another
    tournament names --name too (--distinct-from alone is refused, saying --name); following it
    imports a new event."""
    book = hk_book(tmp_path)
    src = write_h9(tmp_path / "autumn.h9", AUTUMN)
    assert run_cli("import", src, "--into", book) == 0
    capsys.readouterr()
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.same_games_as_named_event", event="E001", name="Autumn Open 2026")
    assert p.params["distinct"] == ("imports.way_rename_distinct", {"event": "E001"}), p    # --name and --distinct-from
    code, told = cli_problems("import", src, "--into", book, "--distinct-from", "E001")
    assert code == 2
    p = only(told, "imports.distinct_but_same_name", option="--distinct-from", event="E001")
    assert p.params["rename"] == ("imports.way_rename", {}) and "replace" not in p.params, p
    assert book.read_bytes() == before
    assert run_cli("import", src, "--into", book, "--distinct-from", "E001", "--name", "Autumn B") == 0
    assert "event 賽事 E002 Autumn B (new 新)" in capsys.readouterr().out
