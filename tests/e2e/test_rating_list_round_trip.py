"""The rating list goes out and comes back (issue 20): a tournament run from the exported list
-- an OpenGotha file carrying its PINs, a TRF carrying its FIDE ids -- imports with every
player matched by that id, none created again; the website links the same list; one click
puts the same lines on a sheet."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from helpers import processed_sample, read_sheet, run_cli
from import_writers import Def, G, P, write_opengotha, write_trf
from list_parsers import fide_fixed, opengotha

from xl_ratings.jobs.importing import import_into
from xl_ratings.xlsx.read import read_tables

def tournament(players: list[P]) -> Def:
    """A three-round event of the listed players after the list's period."""
    n = len(players)            # even: a round robin's first three rounds (the circle method)
    keys = [p.key for p in players]
    pairs = []
    for r in range(3):
        pairs.append((r + 1, 0, 1 + r % (n - 1)))
        pairs += [(r + 1, 1 + (r + i) % (n - 1), 1 + (r - i) % (n - 1)) for i in range(1, n // 2)]
    games = tuple(G(r, keys[a], keys[b], "1" if (a + b) % 3 else "0") for r, a, b in pairs)
    return Def(name="After-list Open", start=dt.date(2027, 1, 9), end=dt.date(2027, 1, 11),
               players=tuple(players), games=games)


def round_trip(tmp_path: Path, system: str, players_of, write, column: str) -> None:
    """Export the system's own list, run a tournament of 8 of its players in a pairing program
    (``players_of``: the parsed list -> their P records; ``write``: the program's file), import
    it: every player matched by ``column``, none created, the games added between them."""
    from xl_ratings.engine.identity import derived_fide_ids, derived_pins, player_extras

    book = processed_sample(tmp_path, system)
    listed = tmp_path / "list.txt"
    assert run_cli("publish", book, "--rating-list", listed) == 0
    players = players_of(listed.read_bytes())[:8]
    source = write(tmp_path / "after", tournament(players))
    derive = derived_pins if column == "egf_pin" else derived_fide_ids
    book_id = {number: pid for pid, number in derive(player_extras(read_tables(book))).items()}
    expected = {book_id[p.pin or p.fide] for p in players}
    plan, _ = import_into(book, [str(source)], dry_run=True)
    s = plan.summaries[0]
    assert s.new_players == []
    assert {(pid, how) for pid, _, how in s.matched} == {(pid, column) for pid in expected}
    told = [t for t in s.told if t.id != "imports.summary_event_default"]     # (the class left blank: said)
    assert not told, [t.both() for t in told]        # the Latin name is the player's: none "differ"
    before = len(read_sheet(book, "Players"))
    assert run_cli("import", source, "--into", book) == 0
    assert len(read_sheet(book, "Players")) == before
    games = read_sheet(book, "Games")[-len(plan.appends["Games"].rows):]
    assert {g["player"] for g in games} | {g["opponent"] for g in games} <= expected


def egd_players(data: bytes) -> list[P]:
    """The players of an EGD list as OpenGotha registers them (egfPin, name, firstName, club, grade)."""
    return [P(str(i), p["name"], p["first"].replace("_", " "), "M", p["club"], p["grade"].strip().upper(),
              p["rating"], "", pin=p["pin"]) for i, p in enumerate(opengotha(data)[1], start=1)]


def fide_players(data: bytes) -> list[P]:
    """The players of a FIDE list as Swiss-Manager registers them (FIDE id, "Surname, First", sex, rating)."""
    return [P(str(i), *p["name"].split(", ", 1), p["sex"], "", "", int(p["srtng"]), p["id"])
            for i, p in enumerate(fide_fixed(data), start=1)]


def test_an_opengotha_tournament_from_the_egd_list_comes_back_to_its_players(tmp_path):
    round_trip(tmp_path, "gor", egd_players, lambda p, d: write_opengotha(p.with_suffix(".xml"), d), "egf_pin")


def test_a_trf_from_the_fide_list_comes_back_to_its_players(tmp_path):
    round_trip(tmp_path, "shanghai", fide_players, lambda p, d: write_trf(p.with_suffix(".trf"), d), "fide_id")


@pytest.mark.parametrize("form", [
    lambda s, f: (s, f),                                   # Long, Fang (the list's own)
    lambda s, f: (s.upper(), f),                           # LONG, Fang (Swiss-Manager's capitals)
    lambda s, f: (s.lower(), f.lower()),
    lambda s, f: (f, s),                                   # Fang, Long: the order swapped
    lambda s, f: (s.replace(" ", "_"), f.replace(" ", "_")),          # underscores (EGD)
    lambda s, f: (s, f.replace(" ", "-")),                 # a hyphen between the given names
])
def test_the_latin_name_counts_as_the_players_name_in_every_form(tmp_path, form):
    """Finding 21: a TRF carrying our FIDE ids and names warned "names differ" for every player.
    Each form the programs write the Latin name in is the player's name."""
    book = processed_sample(tmp_path, "shanghai")
    listed = tmp_path / "list.txt"
    assert run_cli("publish", book, "--rating-list", listed) == 0
    players = [P(p.key, *form(p.surname, p.first), p.sex, p.club, p.rank, p.rating, p.fide)
               for p in fide_players(listed.read_bytes())[:8]]
    plan, _ = import_into(book, [str(write_trf(tmp_path / "after.trf", tournament(players)))], dry_run=True)
    assert len(plan.summaries[0].matched) == 8
    told = [t for t in plan.summaries[0].told if t.id != "imports.summary_event_default"]
    assert not told, [t.both() for t in told]


def test_without_the_derived_ids_the_same_files_would_be_questions(tmp_path, monkeypatch):
    """The class of the bug the matching fixes: a PIN of our list is no column of the Players sheet.
    Without it the names -- our lists' Latin names, the ratings ours -- are questions, never
    silently new players (hostile2 F9)."""
    from xl_ratings.errors import InputErrors
    from xl_ratings.intake import matching

    book = processed_sample(tmp_path, "gor")
    listed = tmp_path / "egf_db.txt"
    assert run_cli("publish", book, "--rating-list", listed) == 0
    # the names in capitals, given name first, another club: still the same PINs
    players = [P(p.key, p.first.upper(), p.surname.upper(), "M", "NEW", "5k", p.rating, "", pin=p.pin)
               for p in egd_players(listed.read_bytes())[:4]]
    source = write_opengotha(tmp_path / "after.xml", tournament(players))
    plan, _ = import_into(book, [str(source)], dry_run=True)
    assert len(plan.summaries[0].matched) == 4
    assert not [t for t in plan.summaries[0].told
                if t.id != "imports.summary_event_default"]      # the names are ours: none "differ"
    monkeypatch.setattr(matching, "derived_pins", lambda extras: {})
    with pytest.raises(InputErrors) as got:
        import_into(book, [str(source)], dry_run=True)
    asked = [str(e) for e in got.value.errors]
    assert len(asked) == 4 and all("has the Latin name our rating lists give" in a for a in asked), asked
    assert all("a rating close to theirs" in a for a in asked)


# --------------------------------------------------------------------------- the website
def test_the_website_links_the_same_lists(tmp_path):
    book = processed_sample(tmp_path, "gor")
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site) == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    for layout, rel in (("egd", "downloads/ratings-egd.txt"), ("fide", "downloads/ratings-fide.txt"),
                        ("csv", "downloads/ratings-national.csv")):
        assert f'href="{rel}"' in index
        out = tmp_path / f"cli-{layout}{Path(rel).suffix}"
        assert run_cli("publish", book, "--rating-list", out, "--layout", layout) == 0
        assert (site / rel).read_bytes() == out.read_bytes()
    assert run_cli("publish", book, "--site", site) == 0          # published again: the lists are ours


def test_a_system_without_the_egd_layout_links_only_what_it_fills(tmp_path):
    book = processed_sample(tmp_path, "peng")
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site) == 0
    assert sorted(p.name for p in (site / "downloads").iterdir()) == ["ratings-national.csv"]


# --------------------------------------------------------------------------- one click
@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_one_click_puts_the_files_lines_on_a_sheet(tmp_path, system):
    from test_script_dispatch import replay, run_script

    book = processed_sample(tmp_path, system)
    out = tmp_path / "list.txt"
    assert run_cli("publish", book, "--rating-list", out) == 0
    want = out.read_bytes().decode("ascii").split("\r\n")[:-1]
    sheets, actions = run_script("rating_list_file", read_tables(book), book.name, tmp_path)
    grid = replay(sheets, actions)["RatingListFile"]
    got = [row[0] for row in grid if row and row[0] is not None]
    assert got == want
    assert grid[0][2].startswith("xl-ratings: rating list file")
    assert any(isinstance(r[2], str) and f"A1:A{len(want)}" in r[2] for r in grid if len(r) > 2)


def test_one_click_rating_list_sheet_of_a_gor_workbook_is_traditional_and_ours_again(tmp_path):
    """Hostile2 F14: RatingListFile!C1 said 编排软件用等级分名单文件 and C3 "period 周期" on a Hong Kong
    workbook; the sheet written in traditional Chinese is still recognised as ours the next time."""
    import re

    from test_script_dispatch import replay, run_script

    from xl_ratings.i18n import TRADITIONAL, to_lang

    book = processed_sample(tmp_path, "gor")
    sheets, actions = run_script("rating_list_file", read_tables(book), book.name, tmp_path)
    grid = replay(sheets, actions)["RatingListFile"]
    side = [r[2] for r in grid if len(r) > 2 and isinstance(r[2], str) and re.search(r"[\u4e00-\u9fff]", r[2])]
    assert side and [t for t in side if to_lang(t, TRADITIONAL) != t] == [], side
    assert grid[0][2] == "xl-ratings: rating list file — 編排軟件用等級分名單文件" and grid[2][2] == "period 週期"
    tables = dict(read_tables(book))
    tables["RatingListFile"] = [[None, None, c] for c in (grid[0][2], None, None)]     # the sheet, kept
    sheets, actions = run_script("rating_list_file", tables, book.name, tmp_path)
    again = replay(sheets, actions)["RatingListFile"]
    assert again[0][0] == grid[0][0] is not None and again[0][2] == grid[0][2]      # ours: written again


@pytest.mark.parametrize("system, script", [("gor", "zh-Hant"), ("shanghai", "zh-Hans"), ("peng", "zh-Hans")])
def test_one_click_tells_the_sheet_in_the_workbooks_chinese(tmp_path, system, script):
    """hostile2 F14: on a Hong Kong (gor) workbook C1 said 编排软件用等级分名单文件 and C3
    'period 周期' in simplified Chinese while the rest of the sheet was traditional. Every
    Chinese word of the sheet's column C is in the workbook's script; a sheet marked before
    (simplified C1) is still ours and is written again."""
    from test_script_dispatch import replay, run_script

    from xl_ratings.i18n import TRADITIONAL, to_lang
    from xl_ratings.i18n.labels import RATING_LIST_SHEET_MARK

    book = processed_sample(tmp_path, system)
    tables = dict(read_tables(book))
    for before in (None, [[None, None, RATING_LIST_SHEET_MARK], [None, None, "layout 格式", ""]]):
        if before is not None:
            tables["RatingListFile"] = before
        sheets, actions = run_script("rating_list_file", tables, book.name, tmp_path)
        grid = replay(sheets, actions)["RatingListFile"]
        told = [row[2] for row in grid if len(row) > 2 and isinstance(row[2], str) and row[2]]
        assert told[0] == to_lang(RATING_LIST_SHEET_MARK, script) and told[0].startswith("xl-ratings: rating list")
        assert told[2] == ("period 週期" if script == TRADITIONAL else "period 周期")
        chinese = [t for t in told if any("\u4e00" <= c <= "\u9fff" for c in t)]
        assert len(chinese) >= 5
        for t in chinese:
            if script == TRADITIONAL:
                assert to_lang(t, TRADITIONAL) == t, t            # nothing simplified left
            else:
                assert "週期" not in t and "編排" not in t, t


def test_one_click_never_replaces_an_officers_sheet_of_that_name(tmp_path):
    from test_script_dispatch import run_script

    book = processed_sample(tmp_path, "gor")
    tables = dict(read_tables(book))
    tables["RatingListFile"] = [["my notes"]]
    from test_script_dispatch import replay

    sheets, actions = run_script("rating_list_file", tables, book.name, tmp_path)
    grids = replay(sheets, actions)
    position = [sh["name"] for sh in sheets].index("RatingListFile")
    assert not [a for a in actions if a.get("sheet_position") == position]  # no action touches it: kept
    told = " ".join(str(c) for row in grids["Checks"] for c in row if c)     # the problem on the Checks sheet
    assert "RatingListFile" in told and "did not write: rename or delete it" in told


def test_the_sniff_knows_our_files_and_no_other(tmp_path, capsys):
    from xl_ratings.publish.rating_list import is_our_rating_list
    from xl_ratings.view.list_layouts import FIDE_HEADER

    book = processed_sample(tmp_path, "shanghai")
    out = tmp_path / "list.txt"
    for layout in ("fide", "csv"):
        target = out if layout == "fide" else tmp_path / "list.csv"
        assert run_cli("publish", book, "--rating-list", target, "--layout", layout) == 0
        assert is_our_rating_list(target)
        assert run_cli("publish", book, "--rating-list", target, "--layout", layout) == 0   # ours: replaced
    fide_download = tmp_path / "players_list_foa.txt"       # FIDE's own list: its header, not padded
    fide_download.write_bytes((FIDE_HEADER + "\r\n" + "1503014".ljust(162) + "\r\n").encode())
    egd_like = tmp_path / "egf_db.txt"
    egd_like.write_bytes(b"(29 Nov 2018)\r\n 13633719  Aagren Thomas   SE  Upp   6k  --  1484  1  T040529C\r\n")
    for foreign in (fide_download, egd_like):
        before = foreign.read_bytes()
        assert not is_our_rating_list(foreign)
        assert run_cli("publish", book, "--rating-list", foreign, "--layout", "fide") == 2
        assert foreign.read_bytes() == before
        assert "not written by xl-ratings" in capsys.readouterr().err
    assert run_cli("publish", book, "--rating-list", fide_download, "--layout", "fide", "--force") == 0
    assert run_cli("publish", book, "--rating-list", book) == 2          # the workbook itself: never


def test_adding_the_country_after_processing_keeps_the_history_valid(tmp_path):
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    wb["Settings"].append(["country", "MO"])
    wb.save(book)
    out = tmp_path / "egd.txt"
    assert run_cli("publish", book, "--rating-list", out) == 0
    assert {p["country"] for p in opengotha(out.read_bytes())[1]} == {"MO"}
