"""Who a player is to the pairing programs (issue 20): derived ids, Latin names,
club codes, and what the officer's own columns change."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from helpers import processed_sample, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from list_parsers import fide_fixed, opengotha

from xl_ratings.engine import identity
from xl_ratings.engine.identity import derived_ids, player_extras
from xl_ratings.engine.latin import latin_name
from xl_ratings.view.list_layouts import Entry, egd_name, fide_name



# --------------------------------------------------------------------------- derived ids
ids = st.lists(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8),
               unique=True, max_size=60)


@settings(max_examples=150, deadline=None)
@given(ids, st.data())
def test_derived_ids_are_unique_stable_and_never_a_real_one(order, data):
    real = {pid: data.draw(st.sampled_from(["90000001", "12345678", "99999999"])) for pid in order[:3]}
    got = derived_ids(order, real, identity.PIN_BASE, identity.PIN_SPAN)
    assert set(got) == set(order) - set(real)
    numbers = list(got.values())
    assert len(set(numbers)) == len(numbers) and not set(numbers) & set(real.values())
    assert all(len(n) == 8 and n.startswith("9") for n in numbers)
    # a player appended later never takes the number of one listed before
    more = derived_ids(order + ["appended-1", "appended-2"], real, identity.PIN_BASE, identity.PIN_SPAN)
    assert all(more[pid] == n for pid, n in got.items())
    assert derived_ids(order, real, identity.PIN_BASE, identity.PIN_SPAN) == got


def test_colliding_ids_are_parted_in_row_order():
    """In a space of 3 numbers, 3 players still get 3 numbers; the first keeps its first choice."""
    order = ["SH001", "SH002", "SH003"]
    got = derived_ids(order, {}, 500, 3)
    assert sorted(got.values()) == ["500", "501", "502"]
    assert got["SH001"] == identity._candidate("SH001", 0, 500, 3)
    with_real = derived_ids(order[:2], {"X": got["SH001"]}, 500, 3)   # a real PIN takes that number
    assert got["SH001"] not in with_real.values()


def test_derived_fide_ids_have_ten_digits_beyond_fide_s_own():
    got = derived_ids([f"P{i}" for i in range(500)], {}, identity.FIDE_BASE, identity.FIDE_SPAN)
    assert all(len(n) == 10 and n.startswith("1") and int(n) < 2**31 for n in got.values())


# --------------------------------------------------------------------------- Latin names
@pytest.mark.parametrize("name, given, surname, first, generated", [
    ("张三丰", "", "Zhang", "Sanfeng", True),
    ("欧阳修", "", "Ouyang", "Xiu", True),          # a two-character surname stays whole
    ("單雄信", "", "Shan", "Xiongxin", True),        # traditional; 单 as a surname is Shan
    ("曾国藩", "", "Zeng", "Guofan", True),
    ("吕布", "", "Lyu", "Bu", True),                # ü as Chinese passports write it
    ("龔 軍", "", "Gong", "Jun", True),              # a space between the characters (as h9 writes)
    ("陳大文", "Chan, Tai Man", "Chan", "Tai Man", False),   # the officer's Cantonese
    ("陳大文", "AU YEUNG, Ka Ming", "AU YEUNG", "Ka Ming", False),
    ("陳大文", "Chan Tai_Man", "Chan", "Tai Man", False),
    ("Jérémy Łukasz", "", "Jeremy", "Lukasz", False),    # Latin names folded to ASCII
    ("김민준", "Kim, Minjun", "Kim", "Minjun", False),
])
def test_latin_names(name, given, surname, first, generated):
    got = latin_name(name, given)
    assert got is not None and (got.surname, got.given, got.generated == "pinyin") == (surname, first, generated)


@pytest.mark.parametrize("name, given", [("김민준", ""), ("さくら", ""), ("陳大文", "陳, 大文"), ("x", "Chan1 Tai")])
def test_a_name_without_latin_letters_has_none(name, given):
    assert latin_name(name, given) is None


def _entry(surname: str, given: str) -> Entry:
    import datetime as dt
    return Entry("P1", surname, given, False, "M", 2000, False, "90000001", "1000000001", "HK", "HKG", "ABC", "1d",
                 "", 1, 0, 1, dt.date(2026, 1, 1))


def test_names_in_each_layout_and_cut_to_their_columns():
    assert egd_name(_entry("Au Yeung", "Ka Ming")) == ("Au_Yeung Ka_Ming", False)
    assert fide_name(_entry("Au Yeung", "Ka Ming")) == ("Au Yeung, Ka Ming", False)
    name, cut = egd_name(_entry("Wolfeschlegelsteinhausen", "Hubert Blaine Adolph"))
    assert cut and len(name) == 37 and name.startswith("Wolfeschlegelsteinhausen Hubert")


@pytest.mark.parametrize("surname", ["A" * 36, "A" * 37, "Abcdefghij Klmnopqrst Uvwxyzabcd Efghijk"])
def test_a_long_surname_alone_still_reads_in_pairgoth(surname):
    """pairgoth's pattern takes one blank after the surname, then needs another before the country:
    a surname alone is cut at 36 columns (37 was dropped by pairgoth, read by OpenGotha)."""
    import datetime as dt

    from list_parsers import pairgoth

    from xl_ratings.view.list_layouts import egd_text

    e = _entry(surname, "")
    _, players, dropped = pairgoth(egd_text([e], "t", dt.date(2026, 1, 1), []))
    assert dropped == [] and len(players) == 1 and len(players[0]["name"]) <= 36
    _, og = opengotha(egd_text([e], "t", dt.date(2026, 1, 1), []).encode("ascii"))
    assert og[0]["name"] == players[0]["name"]


# --------------------------------------------------------------------------- the officer's columns
def _column(ws, key: str) -> int:
    from xl_ratings.i18n.labels import LABELS, header_key

    for c in ws[1]:
        if header_key(c.value, set(LABELS) | {"latin_name"}) == key:
            return c.column
    ws.cell(1, ws.max_column + 1, key)
    return ws.max_column


def enriched(tmp_path: Path, **edits) -> Path:
    """The gor sample, processed, then given what an officer adds: Latin names, EGF PINs, a Clubs
    sheet, the country (none of which changes a rating: the History stays valid)."""
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    rows = {str(r[0].value): r[0].row for r in ws.iter_rows(min_row=2) if r[0].value}
    for key, values in edits.get("players", {}).items():
        col = _column(ws, key)
        for pid, v in values.items():
            ws.cell(rows[pid], col, v)
    if "clubs" in edits:
        clubs = wb.create_sheet("Clubs")
        for r in edits["clubs"]:
            clubs.append(r)
    if "country" in edits:
        wb["Settings"].append(["country", edits["country"]])
    wb.save(book)
    return book


def test_the_officers_pins_names_clubs_and_country_are_used(tmp_path):
    book = enriched(tmp_path, players={"egf_pin": {"HK001": 12345678, "HK002": "23456789"},
                                       "latin_name": {"HK001": "Kung, Kwan", "HK002": "WONG Ching"},
                                       "name": {"HK003": "김민준"}, },
                    clubs=[["code", "name", "aliases"], ["KLN", "九龍棋社", "九龙棋社; Kowloon Go Club"],
                           ["TOOLONG", "新界棋會", ""]],
                    country="TW")
    # a Korean name without a Latin one: refused, with the row and the way out
    out = tmp_path / "egd.txt"
    assert run_cli("publish", book, "--rating-list", out) == 2 and not out.exists()
    book = enriched(tmp_path, players={"egf_pin": {"HK001": 12345678, "HK002": "23456789"},
                                       "latin_name": {"HK001": "Kung, Kwan", "HK002": "WONG Ching",
                                                      "HK003": "Kim, Minjun"}, "name": {"HK003": "김민준"}},
                    clubs=[["code", "name", "aliases"], ["KLN", "九龍棋社", "九龙棋社; Kowloon Go Club"],
                           ["TOOLONG", "新界棋會", ""]],
                    country="TW")
    assert run_cli("publish", book, "--rating-list", out) == 0
    _, players = opengotha(out.read_bytes())
    by_pin = {p["pin"]: p for p in players}
    assert (by_pin["12345678"]["name"], by_pin["12345678"]["first"]) == ("Kung", "Kwan")
    assert (by_pin["23456789"]["name"], by_pin["23456789"]["first"]) == ("WONG", "Ching")
    assert any((p["name"], p["first"]) == ("Kim", "Minjun") for p in players)
    assert {p["country"] for p in players} == {"TW"}
    clubs = {p["club"] for p in players}
    assert "KLN" in clubs and "TOOLONG" not in clubs and all(len(c) <= 4 for c in clubs)
    text = out.read_bytes().decode("ascii")
    assert "12345678" not in text.split("Cantonese:")[1].split("\r\n")[0]     # not listed as generated
    fide = tmp_path / "fide.txt"
    assert run_cli("publish", book, "--rating-list", fide, "--layout", "fide") == 0
    assert {p["fed"] for p in fide_fixed(fide.read_bytes())} == {"TPE"}


def test_a_korean_name_without_latin_name_is_refused_at_its_row(tmp_path, capsys):
    book = enriched(tmp_path, players={"name": {"HK003": "김민준"}})
    assert run_cli("publish", book, "--rating-list", tmp_path / "egd.txt") == 2
    err = capsys.readouterr().err
    assert "sheet 'Players', row" in err and "column 'name'" in err and "latin_name" in err and "김민준" in err
    # the website is still published, without the lists, and says why
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0
    assert "website: no EGD rating list:" in capsys.readouterr().out
    assert not (tmp_path / "site" / "downloads").exists()
    assert "downloads/" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


BAD_IDS = [       # hostile3 R2: each value told what is wrong with it, and the way out
    ("egf_pin", {"HK001": "1234", "HK002": None}, "egf_pin has 4 digits; an EGD PIN is a number of 8 digits"),
    ("egf_pin", {"HK001": "12345678", "HK002": "12345678"}, "is given to players HK001 and HK002"),
    ("fide_id", {"HK001": "12AB", "HK002": None}, "fide_id holds characters other than digits (A B)"),
    ("fide_id", {"HK001": 123456789012, "HK002": None}, "fide_id has 12 digits; a FIDE id is a number of 1 to 11 "
                                                        "digits (the FIDE-id field of a TRF holds 11 characters)"),
    ("egf_pin", {"HK001": "١٢٣٤٥٦٧٨", "HK002": None}, "egf_pin holds characters other than digits (١ ٢"),
    ("fide_id", {"HK001": -5, "HK002": None}, "fide_id is a negative number; a FIDE id"),
    ("fide_id", {"HK001": 12.5, "HK002": None}, "fide_id is not a whole number; a FIDE id"),
    ("fide_id", {"HK001": "8 600 011", "HK002": None}, "fide_id holds characters other than digits ( )"),
    ("fide_id", {"HK001": "abc", "HK002": None}, "fide_id holds characters other than digits (a b c)"),
    ("egf_pin", {"HK001": 123456789012, "HK002": None}, "egf_pin has 12 digits; an EGD PIN is a number of 8 digits: "
                                                        "correct it, or leave the cell blank when the player has none"),
]


@pytest.mark.parametrize("column, values, words", BAD_IDS)
def test_a_bad_or_shared_id_is_refused(tmp_path, capsys, column, values, words):
    book = enriched(tmp_path, players={column: values})
    layout = "egd" if column == "egf_pin" else "fide"
    out = tmp_path / "list.txt"
    assert run_cli("publish", book, "--rating-list", out, "--layout", layout) == 2 and not out.exists()
    err = capsys.readouterr().err
    assert words in err and f"column '{column}'" in err


@pytest.mark.parametrize("column, values, words", BAD_IDS)
def test_process_refuses_the_ids_a_rating_list_would_refuse(tmp_path, capsys, column, values, words):
    """Hostile2 F12: process accepted fide_id 0, -5, 12.5, 'abc', 12 digits and egf_pin 0 / 12
    digits; publish --rating-list was the first to refuse them, after the period was published.
    One check (engine/identity.id_problems) for both."""
    book = enriched(tmp_path, players={column: values})
    before = book.read_bytes()
    capsys.readouterr()
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    row = 3 if "given to players" in words else 2          # a shared id: at its second player's row
    assert words in err and f"sheet 'Players', row {row}, column '{column}'" in err, err
    assert book.read_bytes() == before


def test_a_bad_country_names_its_settings_row(tmp_path, capsys):
    book = enriched(tmp_path, country="Hong Kong")
    assert run_cli("publish", book, "--rating-list", tmp_path / "egd.txt") == 2
    err = capsys.readouterr().err
    assert "sheet 'Settings'" in err and "2 or 3 letters" in err


def test_extras_read_both_header_forms():
    tables = {"Players": [["编号 id", "英文姓名", "EGF编号 egf_pin"], ["P1", " Chan,  Tai Man ", "１２３４５６７８"],
                          ["P2", None, None]]}
    got = player_extras(tables)
    assert got.order == ["P1", "P2"] and got.rows == {"P1": 2, "P2": 3}
    assert got.values["P1"] == {"latin_name": "Chan, Tai Man", "egf_pin": "12345678"} and got.values["P2"] == {}


@pytest.mark.parametrize("column", ["federation_id", "egf_pin", "fide_id"])
@pytest.mark.parametrize("command", ["process", "publish"])
def test_an_invisible_character_in_an_id_column_is_refused_at_its_place(tmp_path, capsys, column, command):
    """Hostile2 F15: publish --rating-list refused `SH003<U+200B>` in federation_id with no file,
    sheet, row or column."""
    book = enriched(tmp_path, players={column: {"HK002": "12345678\u200b"}})
    capsys.readouterr()
    args = ["publish", book, "--rating-list", tmp_path / "l.txt"] if command == "publish" else ["process", book]
    assert run_cli(*args) == 2
    err = capsys.readouterr().err
    assert f"file {book}, sheet 'Players', row 3, column '{column}': holds an invisible character: " \
           "12345678⟨U+200B ZERO WIDTH SPACE⟩" in err, err
    assert not (tmp_path / "l.txt").exists()


NO_IDS = [0, "0", "00000000", 0.0, "0.0", "-", "—", "——", "无", "無", "没有", "N/A", "n/a", "None", " NONE ", "－", "null"]


@pytest.mark.parametrize("marker", NO_IDS)
def test_no_id_markers_are_read_as_blank(marker):
    from xl_ratings.engine.identity import no_id

    assert no_id(marker) and no_id(None) and no_id("")
    for an_id in ("8600011", "12345678", "SH003", "N/A1", "0x", "-5", "12.5", 1, 8600011.0):
        assert not no_id(an_id), an_id


@pytest.mark.parametrize("column", ["egf_pin", "fide_id", "federation_id"])
def test_process_and_publish_read_no_id_markers_as_blank(tmp_path, capsys, column):
    """Hostile3 R2: process refused a whole period over egf_pin '-' / 0 / 无 / N/A (and fide_id
    '8600011.0'), which it processed before, and import read as no id.  Now a marker is a blank
    cell (the rating list derives an id, as for a blank one), '8600011.0' is 8600011."""
    markers = {f"HK00{i + 1}": m for i, m in enumerate(["-", 0, "无", "N/A", "—", "none", "00000000"])}
    real = "86000110" if column == "egf_pin" else "8600011"
    book = enriched(tmp_path, players={column: {**markers, "HK009": real + ".0"}})
    capsys.readouterr()
    assert run_cli("process", book) == 0, capsys.readouterr().err
    extras = player_extras({"Players": [list(r) for r in openpyxl.load_workbook(book)["Players"].values]})
    assert all(extras.get(pid, column) == "" for pid in markers) and extras.get("HK009", column) == real
    if column == "federation_id":
        return
    layout = "egd" if column == "egf_pin" else "fide"
    out = tmp_path / "list.txt"
    assert run_cli("publish", book, "--rating-list", out, "--layout", layout) == 0, capsys.readouterr().err
    from xl_ratings.engine.identity import FIDE_BASE, PIN_BASE, derived_fide_ids, derived_pins

    derived = (derived_pins if column == "egf_pin" else derived_fide_ids)(extras)
    text = out.read_text(encoding="utf-8")
    assert set(markers) <= set(derived) and all(derived[p] in text for p in markers)
    assert all(int(derived[p]) >= (PIN_BASE if column == "egf_pin" else FIDE_BASE) for p in markers)
    assert real in text and real + ".0" not in text


@pytest.mark.parametrize("values, words, row", [
    ({"HK002": "HK001"}, "federation_id HK001 of player HK002 is the id of another player, HK001: an import would "
                         "take one for the other", 3),
    ({"HK002": "hk003"}, "federation_id hk003 of player HK002 is the id of another player, HK003", 3),
    ({"HK001": "M-7", "HK003": "M-7"}, "federation_id M-7 is given to players HK001 and HK003: a federation id is "
                                       "one player's", 4),
])
def test_a_federation_id_of_another_player_or_of_two_is_refused_naming_both(tmp_path, capsys, values, words, row):
    """Hostile3 M5 / M1: process accepted SH004 carrying SH003's id as its federation_id, and one
    federation_id on two players; an import then took one player for the other."""
    book = enriched(tmp_path, players={"federation_id": values})
    capsys.readouterr()
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert f"sheet 'Players', row {row}, column 'federation_id': {words}" in err, err


def test_a_federation_id_that_is_the_players_own_id_is_accepted(tmp_path, capsys):
    book = enriched(tmp_path, players={"federation_id": {"HK001": "HK001", "HK002": "M-2"}})
    capsys.readouterr()
    assert run_cli("process", book) == 0, capsys.readouterr().err
