"""A hostile tester's import / identity findings (round 2), each across every importer it touches.

* F1: a player row with a blank name is refused at its row and column, in every importer
  (crosstable CSV and xlsx, Swiss table, club report, TRF, one click) -- never a new
  player called "#3";
* F2: an id read by import (federation_id / 会员号, egf_pin, fide_id) holding an invisible
  character is refused at its cell, the character shown, as the Games sheet does;
* F8: ``--new NAME`` never writes on the new player the id the officer just refuted;
* F9: a source name equal to the Latin name our rating lists give a player is a question
  (club, rank or rating in common) or a possible match, never silently a new player;
* F12: a FIDE id or EGF PIN of zeros is no id, on both sides;
* F13: an .ods file is named as such, with the way out;
* F15: answers naming nobody while a question is open, a crosstable's rank column.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from helpers import read_sheet, run_cli
from problem_ids import cli_problems, only
from import_writers import GOMOKU_EVENT, rr_rows, write_report, write_rr_csv, write_rr_xlsx, write_swiss_csv, \
    write_trf

D = dt.date
ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"


def shanghai_book(tmp_path: Path, name: str = "s.xlsx") -> Path:
    book = tmp_path / name
    assert run_cli("new", "shanghai", book) == 0
    return book


def players_of(book: Path) -> list[dict]:
    return read_sheet(book, "Players")


def blank_third(d=GOMOKU_EVENT):
    """The event with player 3's name left blank."""
    return dataclasses.replace(d, players=tuple(dataclasses.replace(p, surname="", first="") if p.key == "3" else p
                                                for p in d.players))


def _blank_trf(path: Path) -> Path:
    write_trf(path, GOMOKU_EVENT)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines = [ln[:14] + " " * 33 + ln[47:] if ln.startswith("001    3") else ln for ln in lines]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


#: (writer, the place of player 3's name: line or row, column)
BLANK_NAME = {
    "crosstable csv": (lambda p: write_rr_csv(p.with_suffix(".csv"), blank_third()), (None, None, 5, "B")),      # (sheet, row, line, column)
    "crosstable xlsx": (lambda p: write_rr_xlsx(p.with_suffix(".xlsx"), blank_third()), ("交叉表", 5, None, "B")),
    "swiss csv": (lambda p: write_swiss_csv(p.with_suffix(".csv"), blank_third()), (None, None, 4, "B")),
    "club report": (lambda p: write_report(p.with_suffix(".xlsx"), blank_third(), ids=False),
                    ("Players", 4, None, "B")),
    "trf": (lambda p: _blank_trf(p.with_suffix(".trf")), (None, None, 12, "name")),
}


@pytest.mark.parametrize("kind", sorted(BLANK_NAME))
def test_a_blank_name_is_refused_at_its_place_in_every_importer(tmp_path, capsys, kind):
    book = shanghai_book(tmp_path)
    before = book.read_bytes()
    write, place = BLANK_NAME[kind]
    src = write(tmp_path / "src")
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.name_blank")
    assert (p.file, p.sheet, p.row, p.line, p.column) == (str(src), *place), p
    assert "#3" not in capsys.readouterr().err and book.read_bytes() == before


@pytest.mark.parametrize("kind, place", [("h9", ("sources.h9_no_name_grade", 13, None)),
                                         ("xml", ("sources.og_player_without_name", 6, "name"))])
def test_the_go_files_refuse_a_blank_name_too(tmp_path, capsys, kind, place):
    from import_writers import EVENT, write_h9, write_opengotha

    book = shanghai_book(tmp_path)
    before = book.read_bytes()
    write = write_h9 if kind == "h9" else write_opengotha
    code, told = cli_problems("import", write(tmp_path / f"src.{kind}", blank_third(EVENT)), "--into", book)
    assert code == 2
    mid, line, column = place
    p = only(told, mid)
    assert (p.line, p.column) == (line, column), p
    assert "#3" not in capsys.readouterr().err and book.read_bytes() == before


def test_a_blank_name_on_the_import_sheet_is_refused(tmp_path):
    from test_script_dispatch import replay, run_script
    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(ROOT / "gor.xlsx")
    meta = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]
    d = dataclasses.replace(blank_third(GOMOKU_EVENT), players=tuple(
        dataclasses.replace(p, rank="3d") for p in blank_third(GOMOKU_EVENT).players))
    tables["Import"] = meta + [list(r) for r in rr_rows(d)]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    assert not [r for r in grids["Players"] if any(v not in (None, "") for v in r)]     # nothing written
    shown = " ".join(str(v) for g in grids.values() for r in g for v in r if v)
    assert "棋手姓名為空" in shown or "name is blank" in shown, shown[:2000]    # the sheets hold words only (no id)


# --------------------------------------------------------------------------- F2: invisible characters in ids
HIDDEN = {"zero-width space": "\u200b", "BOM": "\ufeff", "soft hyphen": "\u00ad", "left-to-right mark": "\u200e"}


@pytest.mark.parametrize("column", ["会员号", "egf_pin", "fide_id"])
@pytest.mark.parametrize("char", sorted(HIDDEN))
def test_an_id_with_an_invisible_character_is_refused_at_its_cell(tmp_path, capsys, column, char):
    book = shanghai_book(tmp_path)
    before = book.read_bytes()
    value = {"会员号": "SH003", "egf_pin": "12345678", "fide_id": "8600011"}[column]
    hidden = value[:2] + HIDDEN[char] + value[2:]
    src = tmp_path / "x.csv"
    src.write_text(f"序号,姓名,单位,{column},1,2,3\n1,龙芳,徐汇少体校,,,1,1\n2,张伟,复旦大学,{hidden},0,,1\n"
                   f"3,王五,复旦大学,,0,0,\n", encoding="utf-8")
    code, told = cli_problems("import", src, "--into", book, "--start", "2026-10-03", "--end", "2026-10-04")
    assert code == 2
    p = only(told, "sheets.id_invisible")
    assert p.params["id"] == value, p                       # "it looks like {value}"
    assert p.params["shown"].startswith(f"{value[:2]}⟨U+{ord(HIDDEN[char]):04X} "), p
    assert (p.file, p.line, p.column) == (str(src), 3, "D"), p
    assert book.read_bytes() == before


def test_an_invisible_character_in_a_report_id_is_refused_at_its_cell(tmp_path, capsys):
    book = shanghai_book(tmp_path)
    src = write_report(tmp_path / "r.xlsx", GOMOKU_EVENT, ids=False)
    wb = openpyxl.load_workbook(src)
    wb["Players"]["G3"] = "SH0\u200b03"
    wb.save(src)
    code, told = cli_problems("import", src, "--into", book, "--dry-run")
    assert code == 2
    p = only(told, "sheets.id_invisible", shown="SH0⟨U+200B ZERO WIDTH SPACE⟩03")
    assert p.params["id"] == "SH003", p
    assert (p.sheet, p.row, p.column) == ("Players", 3, "G"), p


# --------------------------------------------------------------------------- F12: ids of zeros
@pytest.mark.parametrize("zeros", ["0", "00000"])
def test_a_fide_id_of_zeros_is_no_id_on_both_sides(tmp_path, capsys, zeros):
    book = tmp_path / "g.xlsx"
    assert run_cli("new", "gor", book) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    col = ws.max_column + 1
    ws.cell(1, col, "fide_id")
    ws.cell(2, col, 0)          # HK001 龔軍
    ws.cell(4, col, "000")      # HK003 林俊杰
    wb.save(book)
    src = tmp_path / "f.csv"
    src.write_text(f"序号,姓名,单位,段级,fide_id,1,2,3\n1,龔小明,A,3d,{zeros},,1,1\n2,王大力,B,3d,{zeros},0,,1\n"
                   "3,丙三,C,3d,,0,0,\n", encoding="utf-8")
    assert run_cli("import", src, "--into", book, "--start", "2026-10-03", "--end", "2026-10-04") == 0, \
        capsys.readouterr().err
    out = capsys.readouterr().out
    assert "3 new player(s)" in out, out        # the stdout summary an officer reads
    new = [r for r in players_of(book) if r["name"] in ("龔小明", "王大力")]
    assert len(new) == 2 and all(r.get("fide_id") in (None, "") for r in new), new


# --------------------------------------------------------------------------- F8: --new keeps no refuted id
def test_new_does_not_keep_the_refuted_id(tmp_path, capsys):
    book = tmp_path / "s.xlsx"
    assert run_cli("new", "shanghai", book) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    if not any(str(c.value or "").split()[-1:] == ["federation_id"] for c in ws[1]):   # (a column twice is refused)
        ws.cell(1, ws.max_column + 1, "federation_id")
    wb.save(book)
    sh003 = next(r for r in players_of(book) if r["id"] == "SH003")["name"]
    src = tmp_path / "x2.csv"
    src.write_text("序号,姓名,单位,会员号,1,2,3,4\n1,龙芳,徐汇少体校,,,1,1,0\n2,张伟,复旦大学,SH003,0,,1,1\n"
                   "3,王五,复旦大学,,0,0,,1\n4,吕娟,浦东五子棋协会,,1,0,0,\n", encoding="utf-8")
    opts = ("--start", "2026-11-03", "--end", "2026-11-04")
    code, told = cli_problems("import", src, "--into", book, *opts)
    assert code == 2
    p = only(told, "imports.id_names_another")
    assert p.params["question"][1]["id"] == "SH003" and p.params["question"][1]["book_name"] == sh003, p
    assert (p.file, p.line, p.column) == (str(src), 3, "B"), p
    assert run_cli("import", src, "--into", book, *opts, "--new", "张伟") == 0
    out = capsys.readouterr().out
    # the stdout summary an officer reads
    assert f"the federation_id SH003 the source gives 张伟 was not kept on new player" in out, out
    assert f"it is SH003 {sh003}'s" in out
    zhang = [r for r in players_of(book) if r["name"] == "张伟"]
    assert len(zhang) == 1 and zhang[0].get("federation_id") in (None, ""), zhang


# --------------------------------------------------------------------------- F9: our own Latin names
def _trf(path: Path, names: list[tuple[str, int]]) -> Path:
    """Two players by name only (no id), one game: as an arbiter adds late entries."""
    from import_writers import _put

    lines = ["012 RT Test2", "042 2026/11/01", "052 2026/11/02", "XXR 1"]
    for i, (name, rating) in enumerate(names, start=1):
        buf: list[str] = []
        for col, value in ((1, "001"), (5, f"{i:>4}"), (10, "m"), (15, name), (49, f"{rating:>4}"), (54, "CHN"),
                           (70, "1990/01/01"), (81, " 1.0"), (86, f"{i:>4}"),
                           (92, f"{3 - i:>4} {'w' if i == 1 else 'b'} {'1' if i == 1 else '0'}")):
            _put(buf, col, value)
        lines.append("".join(buf))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _book_with_latin(tmp_path: Path, latin: dict[str, str] | None = None) -> Path:
    book = shanghai_book(tmp_path)
    if latin:
        wb = openpyxl.load_workbook(book)
        ws = wb["Players"]
        col = next((c.column for c in ws[1] if str(c.value or "").split()[-1:] == ["latin_name"]), None)
        if col is None:             # (the template's own column, else one added: a column twice is refused)
            col = ws.max_column + 1
            ws.cell(1, col, "latin_name")
        for row in range(2, ws.max_row + 1):
            ws.cell(row, col, latin.get(ws.cell(row, 1).value))
        wb.save(book)
    return book


def _name(book: Path, pid: str) -> str:
    return next(r for r in players_of(book) if r["id"] == pid)["name"]


def test_our_pinyin_latin_name_is_a_possible_match_not_silently_new(tmp_path, capsys):
    book = _book_with_latin(tmp_path)
    from xl_ratings.engine.latin import latin_name

    latin = {pid: latin_name(_name(book, pid), "") for pid in ("SH004", "SH003")}
    names = [(f"{latin[pid].surname}, {latin[pid].given}", 1000) for pid in ("SH004", "SH003")]
    src = _trf(tmp_path / "rt.trf", names)
    code = run_cli("import", src, "--into", book, "--dry-run")
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert code == 0, text
    for pid, (name, _) in zip(("SH004", "SH003"), names):
        club = next(r for r in players_of(book) if r["id"] == pid)["club"]
        # imported (exit 0): the summary's words an officer reads are the point
        assert f"possible match: {pid} {_name(book, pid)} ({club}) for {name} (" in text, text
        assert f'import with --match "{name}={pid}"' in text      # quoted: the name holds a space


def test_a_latin_name_column_with_the_rating_close_is_a_question(tmp_path, capsys):
    book = _book_with_latin(tmp_path, {"SH004": "Xu, Zixuan"})
    rating = next(r for r in players_of(book) if r["id"] == "SH004").get("rating")
    rating = int(rating) if rating not in (None, "") else 1600
    src = _trf(tmp_path / "rt.trf", [("Xu, Zixuan", rating), ("Nobody, Else", 1000)])
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    p = only(told, "imports.latin_name_of")
    q = p.params["question"][1]
    assert (q["name"], q["club"]) == ("Xu, Zixuan", "—") and (p.file, p.line) == (str(src), 5), p
    assert q["candidates"][1]["p0"][1]["candidate"] == f"SH004 {_name(book, 'SH004')}", p
    assert p.params["answer"][0] == "imports.answer_options" and book.read_bytes() == before    # --match ...
    assert run_cli("import", src, "--into", book, "--match", "Xu, Zixuan=SH004") == 0
    assert "SH004" in capsys.readouterr().out
    assert not [r for r in players_of(book) if r["name"] == "Xu, Zixuan"]


def test_the_id_question_counts_our_latin_name(tmp_path, capsys):
    book = _book_with_latin(tmp_path, {"SH004": "Xu, Zixuan"})
    src = tmp_path / "x.csv"
    src.write_text("序号,姓名,单位,会员号,1,2\n1,\"Xu, Zixuan\",A,SH003,,1\n2,王五,B,,0,\n", encoding="utf-8")
    code, told = cli_problems("import", src, "--into", book, "--start", "2026-10-03", "--end", "2026-10-04")
    assert code == 2
    p = only(told, "imports.id_names_another")
    assert p.params["question"][1]["others"] == f"SH004 {_name(book, 'SH004')} (复旦大学)", p      # players named Xu, Zixuan
    assert p.params["question"][1]["id"] == "SH003" and (p.line, p.column) == (2, "B"), p


# --------------------------------------------------------------------------- F13: .ods
def test_an_ods_file_is_named_with_the_way_out(tmp_path, capsys):
    import zipfile

    book = shanghai_book(tmp_path)
    ods = tmp_path / "r3.ods"
    with zipfile.ZipFile(ods, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", "<office:document-content/>")
    for name in ("r3.ods", "r3.xlsx"):          # told from its content, whatever its extension
        given = ods.rename(tmp_path / name)
        ods = given
        code, told = cli_problems("import", given, "--into", book, "--dry-run")
        assert code == 2
        assert [(p.id, p.file) for p in told] == [("sources.ods_not_read", str(given))], told


# --------------------------------------------------------------------------- F15
def test_a_rank_problem_in_a_crosstable_names_the_rank_column(tmp_path, capsys):
    book = shanghai_book(tmp_path)
    d = dataclasses.replace(GOMOKU_EVENT, players=tuple(dataclasses.replace(p, rank="3d") if p.key == "1" else p
                                                         for p in GOMOKU_EVENT.players))
    code, told = cli_problems("import", write_rr_csv(tmp_path / "gr.csv", d), "--into", book)
    assert code == 2
    p = only(told, "imports.go_grade_not_go_book", rank="3d", count=1, system="shanghai")
    assert (p.line, p.column, p.value) == (3, "D", "3d"), p                 # the rank column named


# --------------------------------------------------------------------------- F15: answers while a question is open
def _asked_book(tmp_path: Path):
    from test_one_person_one_player import AUTUMN, GONG, LIN, WANG, ZHONG, hk_book
    from import_writers import write_h9

    book = hk_book(tmp_path)
    moved = dataclasses.replace(GONG, club="HKI")        # HK001 龔軍 is of 九龍棋社 (KLN): a question
    src = write_h9(tmp_path / "first.h9", dataclasses.replace(AUTUMN, players=(moved, WANG, LIN, ZHONG)))
    return book, src


@pytest.mark.parametrize("answer, typo", [("龔君=HK001", "龔君"), ("龔軍 (KLN)=HK001", "龔軍 (KLN)")])
def test_an_answer_naming_nobody_is_refused_while_a_question_is_open(tmp_path, capsys, answer, typo):
    book, src = _asked_book(tmp_path)
    before = book.read_bytes()
    code, told = cli_problems("import", src, "--into", book, "--match", answer)
    assert code == 2
    p = only(told, "imports.answer_names_nobody_asked", answer=f"--match {answer}", asked="龔軍 (HKI)")
    assert p.params["name"] + p.params["club"] == typo, p
    assert only(told, "imports.other_club").params["question"][1]["candidates"] == "HK001 龔軍 (九龍棋社)"  # still asked
    assert book.read_bytes() == before


def test_an_answer_id_in_another_case_is_the_id(tmp_path, capsys):
    book, src = _asked_book(tmp_path)
    assert run_cli("import", src, "--into", book, "--match", "龔軍=hk001") == 0, capsys.readouterr().err
    kept = read_sheet(book, "Identities")
    assert [(r["spelling"], r["club"], r["id"]) for r in kept] == [("龔軍", "HKI", "HK001")]


def test_an_answer_without_the_club_fitting_several_clubs_is_refused(tmp_path, capsys):
    from test_one_person_one_player import AUTUMN, GONG, WANG, ZHONG, hk_book
    from import_writers import G, write_h9

    book = hk_book(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Players"].append(["HK099", "龔軍", None, "M", "新界棋會", "2D", None, None, None, None, None, "yes"])  # of NT
    wb.save(book)
    a, b = dataclasses.replace(GONG, club="HKI"), dataclasses.replace(GONG, key="3", club="HKGA")
    d = dataclasses.replace(AUTUMN, players=(a, WANG, b, ZHONG),
                            games=(G(1, "1", "2", "1"), G(1, "3", "4", "0"), G(2, "1", "3", "0.5")))
    src = write_h9(tmp_path / "b.h9", d)
    code, told = cli_problems("import", src, "--into", book, "--match", "龔軍=HK001")
    assert code == 2
    p = only(told, "imports.answer_several_clubs", answer="--match 龔軍=HK001", name="龔軍")
    assert "(HKI, " in p.params["players"] and "(HKGA, " in p.params["players"], p
    assert len(told) == 1, told                              # not also "two people with one name"


def test_the_sample_refusal_counts_the_games_in_words(tmp_path, capsys):
    book = shanghai_book(tmp_path)
    report = tmp_path / "r.xlsx"
    assert run_cli("new", "report", report, "--system", "shanghai") == 0
    wb = openpyxl.load_workbook(report)
    wb["Event"]["B2"] = "Our own event"
    wb.save(report)
    games = len([r for r in read_sheet(report, "Games") if r.get("round") not in (None, "")])
    code, told = cli_problems("import", report, "--into", book, "--dry-run")
    assert code == 2
    only(told, "imports.report_holds_sample", held=("imports.sample_games_held", {"same": games, "games": games}))
    assert f"/{games})" not in capsys.readouterr().err       # counted in words, not as a fraction


@pytest.mark.parametrize("system", ["peng", "shanghai", "lianzhong"])
def test_an_unknown_rank_outside_go_suggests_no_go_grade(tmp_path, capsys, system):
    book = tmp_path / "b.xlsx"
    assert run_cli("new", system, book) == 0
    d = dataclasses.replace(GOMOKU_EVENT, players=tuple(dataclasses.replace(p, rank="3-dan") if p.key == "2" else p
                                                         for p in GOMOKU_EVENT.players))
    code, told = cli_problems("import", write_rr_csv(tmp_path / "r.csv", d), "--into", book, "--start", "2026-05-01",
                              "--end", "2026-05-03")
    assert code == 2
    assert [(p.id, p.line, p.column, p.value) for p in told] == [("imports.rank_unknown_not_go", 4, "D", "3-dan")], told
    assert "3d, 3 dan" not in capsys.readouterr().err       # the suggestion is the words: no Go grade suggested


def test_an_empty_match_line_does_not_hide_the_tables_problems(tmp_path):
    """One click: a 對應 match line left empty is said together with the table's own problems."""
    from test_script_dispatch import replay, run_script
    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(ROOT / "gor.xlsx")
    meta = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"],
            ["对应 match"], []]
    d = blank_third(dataclasses.replace(GOMOKU_EVENT, players=tuple(dataclasses.replace(p, rank="3d")
                                                                    for p in GOMOKU_EVENT.players)))
    tables["Import"] = meta + [list(r) for r in rr_rows(d)]
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path)
    grids = replay(sheets, actions)
    shown = " ".join(str(v) for g in grids.values() for r in g for v in r if v)
    # the sheets hold words only (no id)
    assert "match" in shown and ("沒有答覆" in shown or "without its answer" in shown), shown[:3000]
    assert "棋手姓名為空" in shown or "name is blank" in shown, shown[:3000]    # words only on the sheets
