"""One tournament once, by its content, whatever the format (issue 24, build 2).

The class, not the instance: the same round robin written by every importer's
program (TRF, round-robin crosstable, Swiss table, our club report, h9,
OpenGotha), with or without round numbers, its players written in another
script and spacing, colours swapped, on dates that overlap but differ -- goes
in once; a corrected re-send (one result changed, ``（更正）`` or
``(corrected)`` in the title) stops and names the event already there with
the way out, on the command line and on the Import sheet (one click); and a
genuinely different tournament of the same players on the same dates (another
round robin of a weekend festival, the same Berger pairings with other
results) goes in as a new event.  The refusals are asserted by message id and
parameters (the catalogue's words may change).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import read_sheet, run_cli
from import_writers import Def, G, P, rr_rows, write_h9, write_opengotha, write_report, write_rr_csv, \
    write_rr_xlsx, write_swiss_csv, write_trf

from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.i18n.catalogue import imports as M
from xl_ratings.intake.fingerprint import Fingerprint, likeness, resemblance
from xl_ratings.intake.into_book import split_import_sheet
from xl_ratings.intake.plan import Options
from xl_ratings.intake.repeats import same_name, without_correction
from xl_ratings.jobs.importing import import_into

D = dt.date

# --------------------------------------------------------------------------- one round robin, every format
#: Four players, three rounds (a Berger table), a draw and a forfeit; Chinese names (simplified).
SIMPLIFIED = (P("1", "张", "伟", "M", "一队", "三段", 2300, "8600011"), P("2", "李", "娜", "F", "二队", "1级", 2000, "8600022"),
              P("3", "陈", "强", "M", "一队", "二段", 2200, "8600033"), P("4", "刘", "洋", "M", "三队", "5级", 1600, "8600044"))
#: The same players as another program writes them: traditional characters, the surname apart or not.
TRADITIONAL = (P("1", "張", "偉", "M", "一队", "三段", 2300, "8600011"), P("2", "李", "娜", "F", "二队", "1级", 2000, "8600022"),
               P("3", "陳", "強", "M", "一队", "二段", 2200, "8600033"), P("4", "劉", "洋", "M", "三队", "5级", 1600, "8600044"))
BERGER = (G(1, "1", "4", "1"), G(1, "2", "3", "0.5"), G(2, "4", "3", "0"), G(2, "1", "2", "1"),
          G(3, "2", "4", "+"), G(3, "3", "1", "0"))
SPRING = Def("春季循环赛", D(2026, 3, 7), D(2026, 3, 9), SIMPLIFIED, BERGER)
GO_RANKS = {"三段": "3d", "1级": "1k", "二段": "2d", "5级": "5k"}
FLIP = {"1": "0", "0": "1", "0.5": "0.5", "+": "-", "-": "+"}


def go(d: Def) -> Def:
    """``d`` with Go grades (h9 and OpenGotha write them; Go files go only into a Go workbook)."""
    return dataclasses.replace(d, players=tuple(dataclasses.replace(p, rank=GO_RANKS[p.rank]) for p in d.players))


def swapped(d: Def) -> Def:
    """The same games with the colours swapped (each result from the other side)."""
    return dataclasses.replace(d, games=tuple(G(g.round, g.black, g.white, FLIP[g.white_result]) for g in d.games))


def changed(d: Def, k: int = 0, to: str = "0") -> Def:
    """``d`` with game ``k``'s result changed (a corrected re-send)."""
    games = list(d.games)
    games[k] = dataclasses.replace(games[k], white_result=to)
    return dataclasses.replace(d, games=tuple(games))


#: format -> (writer, whether it carries the event's dates; a crosstable needs --start/--end)
Writer = Callable[[Path, Def], Path]
FORMATS: dict[str, tuple[Writer, bool]] = {
    "trf": (write_trf, True),
    "rr_csv": (write_rr_csv, False),
    "rr_xlsx": (write_rr_xlsx, False),
    "swiss_csv": (write_swiss_csv, False),
    "report": (lambda p, d: write_report(p, d, ids=False), True),
    "report_crosstable": (lambda p, d: write_report(p, d, games=False, ids=False), True),
    "h9": (write_h9, True),
    "opengotha": (write_opengotha, True),
}
SUFFIX = {"trf": ".trf", "rr_csv": ".csv", "rr_xlsx": ".xlsx", "swiss_csv": ".csv", "report": ".xlsx",
          "report_crosstable": ".xlsx", "h9": ".h9", "opengotha": ".xml"}
ROUNDS = {"trf", "swiss_csv", "report", "h9", "opengotha"}        #: the formats numbering the rounds
GOMOKU = ("trf", "rr_csv", "swiss_csv", "report", "rr_xlsx", "report_crosstable")
GO = ("h9", "opengotha", "rr_csv", "report", "swiss_csv")


def write(tmp_path: Path, fmt: str, d: Def, tag: str) -> tuple[Path, tuple[str, ...]]:
    """The source file and the command-line options it needs (a crosstable's dates)."""
    writer, dated = FORMATS[fmt]
    path = writer(tmp_path / f"{tag}{SUFFIX[fmt]}", d)
    return path, () if dated else ("--start", str(d.start), "--end", str(d.end))


def book_for(tmp_path: Path, system: str) -> Path:
    book = tmp_path / f"{system}.xlsx"
    assert run_cli("new", system, book, "--empty") == 0
    return book


def planned(book: Path, src: Path, extra: tuple[str, ...] = (), **options) -> Any:
    """The plan of importing ``src`` (a dry run of the command line's job); raises its problems."""
    given = dict(zip(extra[::2], extra[1::2]))
    opts = Options(start=_day(given.get("--start")), end=_day(given.get("--end")), **options)
    return import_into(book, [str(src)], options=opts, dry_run=True)[0]


def refused(book: Path, src: Path, extra: tuple[str, ...] = (), **options) -> list[RatingInputError]:
    """The problems of importing ``src``; [] when it would go in."""
    try:
        planned(book, src, extra, **options)
    except InputErrors as e:
        return list(e.errors)
    return []


def _day(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def the(errors: list[RatingInputError]) -> RatingInputError:
    assert len(errors) == 1, [e.en for e in errors]
    return errors[0]


def pairs(formats: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each format once first and once second, after and before another."""
    return [(a, b) for a, b in zip(formats, formats[1:] + formats[:1])] + \
           [(b, a) for a, b in zip(formats, formats[1:] + formats[:1])]


CASES = [("shanghai", a, b) for a, b in pairs(GOMOKU)] + [("gor", a, b) for a, b in pairs(GO)]


@pytest.mark.parametrize("system, first, second", CASES, ids=[f"{s}-{a}-then-{b}" for s, a, b in CASES])
def test_the_same_round_robin_in_another_format_goes_in_once(tmp_path, system, first, second):
    """Imported once as ``first``; then as ``second`` -- other script and spacing, colours swapped,
    another title, dates a day later (overlapping) -- it is the same games: refused, naming the
    event, its dates and how the games were compared, with the way out."""
    book = book_for(tmp_path, system)
    d = go(SPRING) if system == "gor" else SPRING
    src, extra = write(tmp_path, first, d, "first")
    assert run_cli("import", src, "--into", book, *extra) == 0
    again = dataclasses.replace(swapped(d), name="春季循環賽 成績", players=tuple(
        dataclasses.replace(p, rank=q.rank) for p, q in zip(TRADITIONAL, d.players)),
        start=d.start + dt.timedelta(days=1), end=d.end + dt.timedelta(days=1))
    src2, extra2 = write(tmp_path, second, again, "again")
    before = book.read_bytes()
    err = the(refused(book, src2, extra2))
    assert err.text.id == M.SAME_GAMES_AS_EVENT.id, err.en
    assert err.text.param("event") == "E001" and err.text.param("name") == read_sheet(book, "Events")[0]["name"]
    rounds = first in ROUNDS and second in ROUNDS
    assert err.text.param("compared").id == (M.COMPARED_ROUNDS if rounds else M.COMPARED_PAIRS).id
    assert err.text.param("replace").id == M.WAY_REPLACE.id and err.text.param("distinct").id == M.WAY_DISTINCT.id
    assert err.where.file is not None and err.where.file.endswith(src2.name)
    assert run_cli("import", src2, "--into", book, *extra2) == 2 and book.read_bytes() == before
    assert len(read_sheet(book, "Games")) == 6


@pytest.mark.parametrize("system, first, second", [("shanghai", "trf", "rr_csv"), ("shanghai", "rr_csv", "report"),
                                                   ("shanghai", "report_crosstable", "trf"), ("gor", "h9", "rr_csv"),
                                                   ("gor", "opengotha", "h9")])
@pytest.mark.parametrize("title", ["{name}（更正）", "{name} (corrected)", "（更正）{name}"])
def test_a_corrected_resend_stops_naming_the_event_and_the_way_out_works(tmp_path, system, first, second, title):
    """The club's re-send: one result changed, "（更正）" in the title, the same dates: refused as
    the event already there (its name and dates, nearly its games: 5 of 6 alike, 1 other result);
    --replace replaces its games (nothing added), and the games are the corrected ones."""
    book = book_for(tmp_path, system)
    d = go(SPRING) if system == "gor" else SPRING
    src, extra = write(tmp_path, first, d, "first")
    assert run_cli("import", src, "--into", book, *extra) == 0
    fixed = dataclasses.replace(changed(d, 1, "1"), name=title.format(name=d.name))
    src2, extra2 = write(tmp_path, second, fixed, "fixed")
    err = the(refused(book, src2, extra2))          # a crosstable's title ("… 成绩表") names it

    assert err.text.id == M.NEAR_NAMED_EVENT.id, err.en
    assert {k: err.text.param(k) for k in ("event", "alike", "games", "theirs", "differ")} == \
        {"event": "E001", "alike": 5, "games": 6, "theirs": 6, "differ": 1}
    assert err.text.param("dates") == f"{d.start} … {d.end}"
    assert err.text.param("distinct").id == M.WAY_RENAME_DISTINCT.id
    assert run_cli("import", src2, "--into", book, *extra2, "--replace", "E001") == 0
    games = read_sheet(book, "Games")
    assert len(games) == 6 and len(read_sheet(book, "Events")) == 1
    assert _scores(games) == _scores_of(fixed, book) != _scores_of(d, book)


def test_a_corrected_resend_that_moves_the_dates_too_is_the_event_of_its_name(tmp_path):
    """The re-send corrects a result and the dates (a week later, not overlapping): its name, but
    for "（更正）", is the event's, so nearly its games are enough; another name on those dates
    would be another tournament."""
    book = book_for(tmp_path, "shanghai")
    assert run_cli("import", write_trf(tmp_path / "a.trf", SPRING), "--into", book) == 0
    week = dt.timedelta(days=7)
    moved = dataclasses.replace(changed(SPRING, 1, "1"), name="春季循环赛（更正）", start=SPRING.start + week,
                                end=SPRING.end + week)
    err = the(refused(book, write_trf(tmp_path / "moved.trf", moved)))
    assert err.text.id == M.NEAR_EVENT.id and (err.text.param("event"), err.text.param("alike")) == ("E001", 5)
    assert refused(book, write_trf(tmp_path / "other.trf", dataclasses.replace(moved, name="夏季循环赛"))) == []


def _scores(games: list[dict]) -> list[tuple]:
    """(pair, the lower id's score) of the Games rows."""
    score = {"1": 1.0, "0": 0.0, "0.5": 0.5, "+": 1.0, "-": 0.0, "1.0": 1.0, "0.0": 0.0}
    out = []
    for g in games:
        a, b, s = str(g["player"]), str(g["opponent"]), score[str(g["result"])]
        out.append((a, b, s) if a < b else (b, a, 1 - s))
    return sorted(out)


def _scores_of(d: Def, book: Path) -> list[tuple]:
    from xl_ratings.i18n.canonical import name_keys

    players = read_sheet(book, "Players")
    key = {p.key: next(b["id"] for b in players if name_keys(b["name"]) & name_keys(p.name)) for p in d.players}
    return _scores([{"player": key[g.white], "opponent": key[g.black], "result": g.white_result} for g in d.games])


@pytest.mark.parametrize("first, second", [("trf", "rr_csv"), ("rr_csv", "trf"), ("trf", "trf"), ("report", "swiss_csv")])
def test_a_resend_with_one_result_changed_under_another_name_is_refused_with_both_ways_out(tmp_path, first, second):
    """No word in the title says "corrected", and the dates overlap only: nearly the games is enough
    to stop; --distinct-from (it really is another tournament) imports it as a new event."""
    book = book_for(tmp_path, "shanghai")
    src, extra = write(tmp_path, first, SPRING, "first")
    assert run_cli("import", src, "--into", book, *extra) == 0
    other = dataclasses.replace(changed(SPRING, 3, "0"), name="Spring RR", end=SPRING.end + dt.timedelta(days=2),
                                start=SPRING.end)
    src2, extra2 = write(tmp_path, second, other, "other")
    err = the(refused(book, src2, extra2))
    assert err.text.id == M.NEAR_EVENT.id and err.text.param("event") == "E001", err.en
    assert (err.text.param("alike"), err.text.param("differ")) == (5, 1)
    assert err.text.param("replace").id == M.WAY_REPLACE.id and err.text.param("distinct").id == M.WAY_DISTINCT.id
    assert run_cli("import", src2, "--into", book, *extra2, "--distinct-from", "E001") == 0
    assert [e["event"] for e in read_sheet(book, "Events")] == ["E001", "E002"]
    assert len(read_sheet(book, "Games")) == 12


# --------------------------------------------------------------------------- not the same tournament
#: Another round robin of the same four players on the same weekend: the same Berger pairings, round
#: by round, and other results (3 of 6).
FESTIVAL_B = dataclasses.replace(SPRING, name="春季快棋赛", games=(
    G(1, "1", "4", "0"), G(1, "2", "3", "1"), G(2, "4", "3", "0"), G(2, "1", "2", "0.5"),
    G(3, "2", "4", "+"), G(3, "3", "1", "0")))


@pytest.mark.parametrize("first, second", [("trf", "trf"), ("rr_csv", "rr_csv"), ("trf", "rr_csv"),
                                           ("report", "swiss_csv"), ("rr_xlsx", "report_crosstable")])
def test_another_round_robin_of_the_same_players_on_the_same_dates_goes_in(tmp_path, first, second):
    """A weekend festival's two events: the same players, the same dates, the same pairings (in the
    same rounds, when numbered) -- but half the results differ: two tournaments, both imported; the
    summary names the event it resembles, with the way to replace it instead."""
    book = book_for(tmp_path, "shanghai")
    src, extra = write(tmp_path, first, SPRING, "a")
    assert run_cli("import", src, "--into", book, *extra) == 0
    src2, extra2 = write(tmp_path, second, FESTIVAL_B, "b")
    named = ("--name", FESTIVAL_B.name) if second == "swiss_csv" else ()       # a Swiss table has no title
    plan = planned(book, src2, extra2, name=named[1] if named else None)
    (note,) = [t for t in plan.summaries[0].told if t.id == M.SUMMARY_RESEMBLES.id]       # said, not refused
    assert {k: note.param(k) for k in ("event", "paired", "alike", "games", "new")} == \
        {"event": "E001", "paired": 6, "alike": 3, "games": 6, "new": "E002"}
    assert run_cli("import", src2, "--into", book, *extra2, *named) == 0
    assert [e["event"] for e in read_sheet(book, "Events")] == ["E001", "E002"]
    assert len(read_sheet(book, "Games")) == 12 and len(read_sheet(book, "Players")) == 4


def test_the_same_games_of_a_small_match_a_month_apart_are_two_events(tmp_path):
    """Two players' one-game match, the same winner, in March and in April: not one tournament
    (an exact copy counts whatever the dates from EXACT_MIN games on); on the same day it is."""
    pair = (SIMPLIFIED[0], SIMPLIFIED[1])
    march = Def("挑战赛", D(2026, 3, 7), D(2026, 3, 7), pair, (G(1, "1", "2", "1"),))
    book = book_for(tmp_path, "shanghai")
    assert run_cli("import", write_trf(tmp_path / "march.trf", march), "--into", book) == 0
    april = dataclasses.replace(march, name="挑战赛 四月", start=D(2026, 4, 4), end=D(2026, 4, 4))
    assert refused(book, write_trf(tmp_path / "april.trf", april)) == []
    same_day = dataclasses.replace(march, name="挑战赛 副本")
    assert the(refused(book, write_trf(tmp_path / "copy.trf", same_day))).text.id == M.SAME_GAMES_AS_EVENT.id


def test_two_sources_of_one_command_are_compared_so_too(tmp_path, capsys):
    """The TRF and its crosstable in one command: one tournament (refused, naming the first source);
    the festival's two round robins in one command: both imported."""
    book = book_for(tmp_path, "shanghai")
    before = book.read_bytes()
    trf, ct = write_trf(tmp_path / "a.trf", SPRING), write_rr_csv(tmp_path / "a.csv", swapped(SPRING))
    opts = Options(start=SPRING.start, end=SPRING.end)
    with pytest.raises(InputErrors) as e:
        import_into(book, [str(trf), str(ct)], options=opts, dry_run=True)
    err = the(list(e.value.errors))
    assert err.text.id == M.SAME_GAMES_AS_SOURCE.id and err.text.param("other").endswith("a.trf")
    assert (err.text.param("alike"), err.text.param("games"), err.text.param("compared").id) == \
        (6, 6, M.COMPARED_PAIRS.id)
    b = write_rr_csv(tmp_path / "b.csv", FESTIVAL_B)
    assert run_cli("import", trf, b, "--into", book, "--start", str(SPRING.start), "--end", str(SPRING.end)) == 0
    assert [e["event"] for e in read_sheet(book, "Events")] == ["E001", "E002"] and book.read_bytes() != before


# --------------------------------------------------------------------------- the rule itself
GAMES = [(1, "A", "B", 1), (1, "C", "D", 0.5), (2, "A", "C", 0), (2, "B", "D", "+"), (3, "A", "D", 1),
         (3, "B", "C", 0)]
MARCH, APRIL = (D(2026, 3, 7), D(2026, 3, 8)), (D(2026, 4, 4), D(2026, 4, 5))


def test_games_are_compared_without_their_rounds_and_the_rounds_said():
    rounds = Fingerprint.of(GAMES, *MARCH)
    no_rounds = Fingerprint.of([(None, b, a, {1: 0, 0: 1, 0.5: 0.5, "+": "-"}[x]) for _, a, b, x in GAMES], *MARCH)
    alike = likeness(no_rounds, rounds)
    assert alike is not None and alike.same_games and not alike.rounds and alike.alike == 6
    same = likeness(Fingerprint.of(list(reversed(GAMES)), *MARCH), rounds)
    assert same is not None and same.same_games and same.rounds
    renumbered = likeness(Fingerprint.of([(r + 1, a, b, x) for r, a, b, x in GAMES], *MARCH), rounds)
    assert renumbered is not None and renumbered.same_games and not renumbered.rounds     # another program's rounds
    corrected = likeness(Fingerprint.of([(1, "A", "B", 0)] + GAMES[1:], *MARCH), rounds)
    assert corrected is not None and corrected.rounds and (corrected.alike, corrected.differ) == (5, 1)


def test_nearly_the_same_needs_overlapping_dates_and_most_games_alike():
    one_off = [(1, "A", "B", 0)] + GAMES[1:]
    alike = likeness(Fingerprint.of(one_off, *MARCH), Fingerprint.of(GAMES, D(2026, 3, 8), D(2026, 3, 9)))
    assert alike is not None and (alike.same_games, alike.alike, alike.differ, alike.ours, alike.theirs) == \
        (False, 5, 1, 6, 6)
    assert likeness(Fingerprint.of(one_off, *APRIL), Fingerprint.of(GAMES, *MARCH)) is None      # another month
    two_off = [(1, "A", "B", 0), (1, "C", "D", 1)] + GAMES[2:]
    assert likeness(Fingerprint.of(two_off, *MARCH), Fingerprint.of(GAMES, *MARCH)) is None      # 4 of 6
    # the first rounds imported before, the whole event now: all of the smaller event's games
    first = likeness(Fingerprint.of(GAMES[:4], *MARCH), Fingerprint.of(GAMES, *MARCH))
    assert first is not None and (first.alike, first.ours, first.theirs) == (4, 4, 6)
    # a side event of two games also in the main one: fewer than NEAR_MIN alike
    assert likeness(Fingerprint.of(GAMES[:2] + [(1, "E", "F", 1)], *MARCH), Fingerprint.of(GAMES, *MARCH)) is None
    # a four-game event with one result changed: all but one alike is enough (80% would be 3.2)
    four = GAMES[:4]
    assert likeness(Fingerprint.of([(1, "A", "B", 0)] + four[1:], *MARCH), Fingerprint.of(four, *MARCH)) is not None
    # the exact copy counts whatever the dates
    assert likeness(Fingerprint.of(GAMES, *APRIL), Fingerprint.of(GAMES, *MARCH)) is not None


def test_the_same_players_on_the_same_dates_with_other_results_resemble():
    other = [(r, a, b, {1: 0, 0: 1, 0.5: 1, "+": "-"}[x]) if k < 3 else (r, a, b, x)
             for k, (r, a, b, x) in enumerate(GAMES)]
    a, b = Fingerprint.of(other, *MARCH), Fingerprint.of(GAMES, *MARCH)
    assert likeness(a, b) is None
    like = resemblance(a, b)
    assert like is not None and (like.alike, like.differ, like.ours) == (3, 3, 6)
    assert resemblance(Fingerprint.of(other, *APRIL), b) is None           # another month: nothing to say
    assert resemblance(b, b) is None                                        # one tournament: refused, not said


@pytest.mark.parametrize("title", ["春季赛（更正）", "春季賽(更正)", "春季赛 更正版", "【更正】春季赛", "春季赛 - 修正",
                                   "春季赛(corrected)", "春季赛 Corrected", "春季赛（訂正）"])
def test_a_corrected_title_is_the_events_own_name(title):
    assert same_name(title, "春季赛") and without_correction(title).replace(" ", "") in ("春季赛", "春季賽")
    assert not same_name(title, "秋季赛")


@pytest.mark.parametrize("name", ["Spring Final", "Update Cup", "更正杯", "春季赛 第二站", "Corrected"])
def test_a_name_holding_such_a_word_otherwise_is_kept(name):
    assert without_correction(name) == name


# --------------------------------------------------------------------------- the Import sheet (one click)
def test_the_import_sheet_says_distinct_and_replace():
    rows = [["名稱 name", "春季賽"], ["替換 replace", "e001"], ["不同於 distinct", "E002"], ["distinct E003"], [],
            ["序号", "姓名"]]
    options, table, skipped = split_import_sheet(rows)
    assert options.on_sheet and options.distinct_from == ("E002", "E003") and options.replace_event == "e001"
    assert skipped == 5 and table[0] == ["序号", "姓名"]
    assert not Options().on_sheet


def _one_click(tmp_path: Path, book: Path, meta: list[list], d: Def) -> tuple[dict, list[str]]:
    from test_script_dispatch import replay, run_script

    from xl_ratings.xlsx.read import read_tables

    tables = read_tables(book)
    tables["Import"] = meta + [[]] + [list(r) for r in rr_rows(d)]
    printed: list[str] = []
    sheets, actions = run_script("import_results", tables, book.name, tmp_path, printed=printed)
    return replay(sheets, actions), printed


def _problems(grids: dict) -> list[list]:
    """The problems one click listed on the Checks sheet (none: it wrote no Checks sheet)."""
    return [r for r in grids.get("Checks", []) if any(v not in (None, "") for v in r)][1:]


def test_one_click_refuses_a_corrected_resend_with_advice_the_import_sheet_can_follow(tmp_path):
    """The h9 imported from the command line; the club's corrected crosstable pasted into the
    Import sheet: refused on the Checks sheet, in the workbook's script, naming E001 and the
    Import sheet's own lines (never --replace/--distinct-from); following the advice works."""
    from xl_ratings.i18n import TRADITIONAL as HANT

    book = book_for(tmp_path, "gor")
    d = go(SPRING)
    assert run_cli("import", write_h9(tmp_path / "spring.h9", d), "--into", book) == 0
    fixed = changed(d, 1, "1")
    meta = [["名稱 name", "春季循環賽（更正）"], ["開始 start", str(d.start)], ["結束 end", str(d.end)]]
    grids, printed = _one_click(tmp_path, book, meta, fixed)
    assert "Checks" in grids, printed
    (line,) = _problems(grids)
    ev = {e["event"]: e for e in read_sheet(book, "Events")}["E001"]
    want = M.NEAR_NAMED_EVENT(
        event="E001", name=ev["name"], dates=f"{d.start} … {d.end}", alike=5, games=6, theirs=6, differ=1,
        compared=M.COMPARED_PAIRS(), replace=M.WAY_REPLACE_SHEET(event="E001"),
        distinct=M.WAY_RENAME_DISTINCT_SHEET(event="E001"))
    assert (line[0], line[1]) == (want.en_in(HANT), want.zh_in(HANT)), line
    assert "--replace" not in line[0] + line[1] and "--distinct-from" not in line[0] + line[1]
    assert "替換 replace" in line[0] and "不同於 distinct" in line[0]        # the words the Import sheet reads
    assert "nothing was imported" in printed[0]  # the one-click summary an officer reads
    # following it: 替換 replace | E001 replaces E001's games
    grids, printed = _one_click(tmp_path, book, meta + [["替換 replace", "E001"]], fixed)
    assert _problems(grids) == [] and "6 games imported" in printed[0], printed  # the one-click summary an officer reads
    assert not [r for r in grids["Events"] if any(v not in (None, "") for v in r)]      # no new event
    # or: another tournament, its own name and 不同於 distinct | E001
    other = [["名稱 name", "春季快棋賽"], meta[1], meta[2], ["不同於 distinct", "E001"]]
    grids, printed = _one_click(tmp_path, book, other, fixed)
    assert _problems(grids) == [] and "6 games imported" in printed[0], printed  # the one-click summary an officer reads
    written = [r for r in grids["Events"] if any(v not in (None, "") for v in r)]     # the cells one click wrote
    assert [r[0] for r in written] == ["E002"] and "春季快棋賽" in written[0]


def test_one_click_distinct_from_an_event_of_the_same_name_asks_for_its_own_name(tmp_path):
    book = book_for(tmp_path, "gor")
    d = go(SPRING)
    meta = [["名稱 name", d.name], ["開始 start", str(d.start)], ["結束 end", str(d.end)]]
    assert run_cli("import", write_rr_csv(tmp_path / "rr.csv", d), "--into", book, "--name", d.name,
                   "--start", str(d.start), "--end", str(d.end)) == 0
    grids, _ = _one_click(tmp_path, book, meta + [["不同於 distinct", "E001"]], d)
    (line,) = _problems(grids)
    ev = read_sheet(book, "Events")[0]
    want = M.DISTINCT_BUT_SAME_NAME(option=M.KEY_DISTINCT_SHEET(), event="E001", name=ev["name"],
                                    dates=f"{d.start} … {d.end}", rename=M.WAY_RENAME_SHEET())
    from xl_ratings.i18n import TRADITIONAL as HANT
    assert line[0] == want.en_in(HANT), line
