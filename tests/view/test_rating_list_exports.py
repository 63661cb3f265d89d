"""Ratings back out (issue 20): the rating list pairing programs load.

Every exported file is read back the way the programs read it
(:mod:`list_parsers`: OpenGotha's fixed columns, pairgoth's line pattern,
FIDE's header and columns, the national CSV by column name) and compared
with the Ratings sheet of the processed workbook: every rated player once,
the same rating, ids unique, the date line, names in Latin letters.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers import processed_sample, read_sheet, run_cli
from list_parsers import (PAIRGOTH_PATTERNS, JavaError, fide_by_header, fide_fixed, national_csv, opengotha,
                          pairgoth)

from xl_ratings.engine.identity import derived_fide_ids, derived_pins, player_extras
from xl_ratings.engine.latin import latin_name
from xl_ratings.view.list_layouts import Entry, csv_text, egd_name, egd_text, fide_name, fide_text
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.xlsx.read import read_tables
from xl_ratings.systems import SYSTEMS

LAYOUTS = ("egd", "fide", "csv")
#: what each system's numbers can fill (the others are refused, with the reason)
FILLS = {"gor": {"egd", "fide", "csv"}, "shanghai": {"fide", "csv"}, "lianzhong": {"fide", "csv"},
         "peng": {"csv"}}    # peng's sample has a cumulative score of 10,054: no 4-digit FIDE column holds it
LATIN = re.compile(r"[A-Za-z][A-Za-z'. _-]*")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
BY_HEADER = {"id": "ID", "name": "Name", "fed": "Fed", "sex": "Sex", "tit": "Tit", "srtng": "SRtng", "sgm": "SGm",
             "sk": "SK", "rrtng": "RRtng", "bday": "B-day", "flag": "Flag"}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    d = tmp_path_factory.mktemp("lists")
    return {s: processed_sample(d, s) for s in SYSTEMS}


def half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


def rated(book: Path) -> dict[str, dict]:
    """The Ratings sheet's rated players (active and inactive): id -> row."""
    rows = read_sheet(book, "Ratings")
    return {r["id"]: r for r in rows if str(r["status"]).split()[-1] in ("active", "inactive")}


def rating_of(row: dict) -> float:
    return row["new"] if "new" in row else row["cumulative"]      # peng's list is its cumulative score


def expected(book: Path):
    tables = read_tables(book)
    extras = player_extras(tables)
    outcome = published_outcome(book)
    players = {pid: p for pid, p in outcome.records.players.items()}
    hong_kong = outcome.system.lang == "zh-Hant"        # a Hong Kong workbook: names in Cantonese
    names = {pid: latin_name(p.name, extras.get(pid, "latin_name"), cantonese=hong_kong)
             for pid, p in players.items()}
    pins = {**derived_pins(extras), **extras.real("egf_pin")}
    fide = {**derived_fide_ids(extras), **extras.real("fide_id")}
    return names, pins, fide, players


def list_date(book: Path) -> dt.date:
    return min(published_outcome(book).last.period.end + dt.timedelta(days=1), dt.date.today())


def export(book: Path, out: Path, *args: str) -> int:
    return run_cli("publish", book, "--rating-list", out, *args)


# --------------------------------------------------------------------------- every system, every layout
@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_reads_as_its_program_reads_it(books, system, layout, tmp_path, capsys):
    book = books[system]
    out = tmp_path / ("list.csv" if layout == "csv" else "list.txt")
    code = export(book, out, "--layout", layout)
    if layout not in FILLS[system]:
        assert code == 2 and not out.exists()
        err = capsys.readouterr().err
        assert ("GoR" in err and "--layout" in err) if layout == "egd" else ("PG001 10054" in err and "csv" in err)
        return
    assert code == 0
    data = out.read_bytes()
    assert data.isascii() and b"\r\n" in data
    sheet = rated(book)
    names, pins, fide, players_of = expected(book)
    if layout == "egd":
        date, players = opengotha(data)
        day = list_date(book)
        assert date == f"{day:%d} {MONTHS[day.month - 1]} {day.year}"
        ids = {p["pin"]: p for p in players}
        assert len(ids) == len(players) == len(sheet)               # every rated player once, PINs unique
        by_pin = {pins[pid]: pid for pid in sheet}
        for pin, p in ids.items():
            pid = by_pin[pin]
            assert p["rating"] == half_up(rating_of(sheet[pid]))
            assert (p["name"], p["first"] or "") == (names[pid].surname.replace(" ", "_"),
                                                     names[pid].given.replace(" ", "_") or "x")
            rank = players_of[pid].rank      # the certified rank of the Players sheet, else the standard
            certified = f"{rank.number}{'d' if rank.kind == 'dan' else 'k'}" if rank is not None else None
            assert p["grade"].strip() == (certified or str(sheet[pid]["standard"]).lower())
            assert p["country"] == "HK" and 1 <= len(p["club"]) <= 4
    elif layout == "fide":
        players = fide_fixed(data)
        assert [{k: r[h] for k, h in BY_HEADER.items()} for r in fide_by_header(data)] == \
            [{k: p[k] for k in BY_HEADER} for p in players]         # the header's words stand where we read
        assert all(len(line) == 162 for line in data.decode().split("\r\n")[1:-1])
        assert len({p["id"] for p in players}) == len(players) == len(sheet)
        by_id = {fide[pid]: pid for pid in sheet}
        for p in players:
            pid = by_id[p["id"]]
            assert int(p["srtng"]) == half_up(rating_of(sheet[pid]))
            surname, _, given = p["name"].partition(", ")
            assert (surname, given) == (names[pid].surname, names[pid].given)
            inactive = str(sheet[pid]["status"]).endswith("inactive")
            woman = players_of[pid].sex == "F"
            assert p["flag"] == ("w" if woman else "") + ("i" if inactive else "")
            assert p["fed"] == ("HKG" if system == "gor" else "CHN")
            title = {"特级大师": "GM", "一级大师": "IM", "二级大师": "FM", "三级大师": "CM"}
            assert p["tit"] == title.get(str(sheet[pid].get("title") or ""), "")
        if system == "shanghai":
            assert sum(p["flag"].endswith("i") for p in players) == 2      # the sample's two inactive players
    else:
        players = national_csv(data)
        assert len({p["ID_No"] for p in players}) == len(players) == len(sheet)
        by_id = {fide[pid]: pid for pid in sheet}
        for p in players:
            pid = by_id[p["ID_No"]]
            assert int(p["Rtg_Nat"]) == half_up(rating_of(sheet[pid]))
            assert p["Name"] == f"{names[pid].surname}, {names[pid].given}".rstrip(", ")
    for p in (players if layout != "egd" else []):
        name = p.get("name") or p.get("Name")
        assert LATIN.fullmatch(name.replace(",", "")), name


@pytest.mark.parametrize("version", list(PAIRGOTH_PATTERNS))
def test_the_egd_list_reads_as_pairgoth_reads_it(books, tmp_path, version):
    """pairgoth needs the date line first of the lines starting with '(' and drops a line its pattern
    refuses: none is dropped, and it reads what OpenGotha reads."""
    out = tmp_path / "egd.txt"
    assert export(books["gor"], out) == 0          # gor's own layout: egd
    date, players, dropped = pairgoth(out.read_bytes().decode("ascii"), version)
    assert dropped == [] and date == list_date(books["gor"])
    _, og = opengotha(out.read_bytes())
    assert [(p["egf"], p["name"], p["firstname"] or "", int(p["rating"]), p["club"], p["country"])
            for p in players] == [(p["pin"], p["name"], "" if p["first"] == "x" else p["first"], p["rating"],
                                   p["club"], p["country"]) for p in og]
    assert len(players) == len(rated(books["gor"]))


def test_the_egd_header_lines_are_never_read_as_players(books, tmp_path):
    """Neither program takes a header line for a player: OpenGotha reads any line whose characters
    1-8 are digits (and stops on one too short), pairgoth any line starting blank-digit; only the
    date line holds a '(' (OpenGotha takes the date from any such line)."""
    out = tmp_path / "egd.txt"
    assert export(books["gor"], out) == 0
    lines = out.read_bytes().decode("ascii").split("\r\n")[:-1]
    players = [ln for ln in lines if len(ln) >= 10 and ln[1:9].isdigit()]
    assert len(players) == len(rated(books["gor"]))
    for ln in lines:
        if ln in players:
            continue
        assert not re.match(r"\s+\d", ln), ln
        assert "(" not in ln or re.fullmatch(r"\(\d\d [A-Z][a-z]{2} \d{4}\)", ln), ln
    assert lines[0].startswith("xl-ratings rating list")


def test_a_line_without_a_rating_at_71_75_stops_opengotha():
    """The transcribed reader fails where OpenGotha fails (a guard against a reader that passes all)."""
    with pytest.raises(JavaError):
        opengotha(b" 12345678  Surname First                        HK  ABC    3d   --\r\n")
    with pytest.raises(ValueError, match="no \\(date\\) line"):
        pairgoth(" 12345678  Surname First  HK  ABC  3d  --  2000  1  T260101\r\n")


@pytest.mark.parametrize("system, default, suffix", [("gor", "egd", ".txt"), ("shanghai", "fide", ".txt"),
                                                     ("lianzhong", "fide", ".txt"), ("peng", "csv", ".csv")])
def test_the_default_layout_is_the_systems(books, system, default, suffix, tmp_path, capsys):
    out = tmp_path / f"list{suffix}"
    assert export(books[system], out) == 0
    assert f"({default}," in capsys.readouterr().out
    wrong = tmp_path / ("list.csv" if suffix == ".txt" else "list.txt")
    assert export(books[system], wrong, "--layout", default) == 2 and not wrong.exists()
    assert f"must end in {suffix}" in capsys.readouterr().err


# --------------------------------------------------------------------------- any line the writer can make
word = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.-"), min_size=1, max_size=14)
part = st.builds(lambda first, rest: " ".join([first, *rest]),
                 st.text(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"), min_size=1,
                         max_size=20), st.lists(word, max_size=3))
entries = st.builds(
    Entry, id=st.just("P1"), surname=part, given=st.one_of(st.just(""), part), generated=st.sampled_from(["", "pinyin", "Cantonese"]),
    sex=st.sampled_from(["M", "F", ""]), rating=st.integers(-999, 9999), inactive=st.booleans(),
    pin=st.from_regex(r"[0-9]{8}", fullmatch=True), fide=st.from_regex(r"[1-9][0-9]{0,13}", fullmatch=True),
    country2=st.sampled_from(["HK", "CN", "TW"]), country3=st.sampled_from(["HKG", "CHN", "TPE"]),
    club=st.from_regex(r"[!-'*-~]{1,4}", fullmatch=True), grade=st.sampled_from(["20k", "1k", "1d", "7d", "9p"]),
    title=st.sampled_from(["", "GM", "IM"]), games=st.integers(0, 999), k=st.integers(0, 99),
    events=st.integers(0, 99999), last=st.one_of(st.none(), st.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31))))


@settings(max_examples=100, deadline=None)
@given(st.lists(entries, min_size=1, max_size=5), st.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31)))
def test_any_line_reads_back_the_same_in_every_reader(listed, day):
    """Whatever name (Latin letters, - ' .), club code, grade and rating the writer is given, OpenGotha,
    both pairgoth patterns and the FIDE readers read back exactly that, and a CSV reader too."""
    text = egd_text(listed, "test", day, ["Pinyin: 90000001 90000002"])
    _, og = opengotha(text.encode("ascii"))
    for version in PAIRGOTH_PATTERNS:
        date, pg, dropped = pairgoth(text, version)
        assert dropped == [] and date == day and len(pg) == len(listed)
    assert len(og) == len(listed)
    for e, o, g in zip(listed, og, pg):
        name, cut = egd_name(e)
        surname, _, first = name.partition(" ")
        assert (o["pin"], o["name"], o["rating"], o["club"], o["country"]) == (e.pin, surname, e.rating, e.club,
                                                                               e.country2)
        assert (g["name"], g["firstname"] or "", g["rank"], int(g["rating"])) == (surname, first, e.grade, e.rating)
        whole = e.surname.replace(" ", "_") + (" " + e.given.replace(" ", "_") if e.given else "")
        assert len(name) <= (37 if first else 36) and (cut or name == whole)
    fide = fide_fixed(fide_text(listed).encode("ascii"))
    assert [(p["id"], p["name"], int(p["srtng"])) for p in fide] == [(e.fide, fide_name(e)[0], e.rating)
                                                                       for e in listed]
    rows = national_csv(csv_text(listed).encode("ascii"))
    assert [(r["ID_No"], r["Name"], int(r["Rtg_Nat"])) for r in rows] == [
        (e.fide, fide_name(e, 10**6)[0], e.rating) for e in listed]


def test_an_egd_list_refuses_players_without_a_grade_saying_so(books):
    """A rating inside the EGD column's range but below the lowest rank standard has no grade:
    told as such (not as a rating outside -999..9999); a rating outside the range as that."""
    import dataclasses

    from xl_ratings.errors import InputErrors
    from xl_ratings.jobs.publish import published_book
    from xl_ratings.view.rating_list import _refuse_layout

    outcome, _ = published_book(books["gor"])
    one = Entry("P1", "Li", "Lei", False, "M", 1800, False, "90000001", "", "HK", "HKG", "HK", "2k", "", 3, 20, 1,
                dt.date(2026, 1, 1))
    ungraded = [dataclasses.replace(one, id=f"P{i}", grade="") for i in range(2, 9)]
    too_high = dataclasses.replace(one, id="P9", rating=12000)
    _refuse_layout("egd", outcome, [one], "b.xlsx")                     # a graded player in range: listed
    with pytest.raises(InputErrors) as e:
        _refuse_layout("egd", outcome, [one, *ungraded, too_high], "b.xlsx")
    assert [x.text.id for x in e.value.errors] == ["publish.rl_rating_does_not_fit", "publish.rl_no_grade"]
    out, none = (x.text.en for x in e.value.errors)
    assert "1 rating(s) do not fit" in out and "P9 12000" in out and "P2" not in out
    assert none.startswith("7 player(s) have no grade for the egd list") and "P2 1800, P3 1800" in none
    assert "P8" not in none and none.endswith("…; use --layout fide, csv")
