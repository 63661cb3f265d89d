"""A Swiss table numbered by its 名次 / Rk. column (Swiss-Manager's "Rk." layout: the opponents in
the round cells are the rank numbers) is read, that column numbering the players and staying
their places; a place column with ties, or one the round cells do not play, is refused naming
it, with the way out (rename it 序号).  It was refused: "no column numbers the players 1..n"."""

from __future__ import annotations

import pytest

from problem_ids import only, raised
from xl_ratings.importers.formats import crosstable

ROUNDS = [["陈大文", "徐汇", "2w1", "3b1"], ["龚军", "徐汇", "1b0", "4w1"],
          ["张伟", "静安", "4w1", "1w0"], ["刘芳", "静安", "3b0", "2b0"]]


def _table(head: str, places: list[str], rounds=ROUNDS) -> list[list[str]]:
    return [[head, "Name", "Club", "1.Rd", "2.Rd"]] + [[p, *r] for p, r in zip(places, rounds)]


@pytest.mark.parametrize("head", ["名次", "Rk.", "排名", "Place"])
def test_a_place_column_exactly_1_to_n_numbers_the_players(head):
    t = crosstable.parse_rows(_table(head, ["1", "2", "3", "4"]), "sw.csv")
    assert [(p.key, p.name) for p in t.players] == [("1", "陈大文"), ("2", "龚军"), ("3", "张伟"), ("4", "刘芳")]
    assert sorted((g.round, g.player, g.opponent, g.result) for g in t.games) == [
        (1, "1", "2", "1"), (1, "3", "4", "1"), (2, "1", "3", "1"), (2, "2", "4", "1")]
    assert t.event.places == {"1": 1, "2": 2, "3": 3, "4": 4} and t.event.champion == "1"


def test_the_champion_check_still_reads_those_places(tmp_path):
    """1 陈大文 ranked first with 1 point, 2 龚军 scored 2: told (a warning), at the place cell."""
    import csv
    import datetime as dt
    import shutil
    from pathlib import Path

    from xl_ratings.intake.plan import Options
    from xl_ratings.jobs.importing import import_into

    rounds = [["陈大文", "徐汇", "2w0", "3b1"], ["龚军", "徐汇", "1b1", "4w1"], *ROUNDS[2:]]
    source = tmp_path / "sw_rk.csv"
    with open(source, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(_table("Rk.", ["1", "2", "3", "4"], rounds))
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(Path(__file__).resolve().parents[2] / "workbook_templates" / "shanghai.xlsx", book)
    plan, _ = import_into(book, [str(source)], options=Options(start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 2)),
                          dry_run=True)
    told = [t for t in plan.summaries[0].told if t.id == "imports.summary_champion_not_top"]
    assert [dict(t.param("text").params)["top_points"] for t in told] == ["2"]
    assert dict(told[0].param("where").params)["column"] == "A"


@pytest.mark.parametrize("places, rounds", [
    (["1", "1=", "3", "4"], ROUNDS),                                   # a tie: places, not numbers
    (["1", "第2名", "3", "4"], ROUNDS),
    (["1", "2", "3", "4"], [[*r[:2], "9w1", r[3]] for r in ROUNDS]),    # an opponent 9 the column has not
])
def test_otherwise_refused_naming_the_column(places, rounds):
    told = raised(crosstable.parse_rows, _table("名次", places, rounds), "sw.csv")
    only(told, "sources.ct_no_number_column_place", column="A", header="名次")


def test_a_number_column_still_wins_over_the_places():
    rows = [["序号", "名次", "姓名", "第1轮"], ["1", "2", "甲", "2b0"], ["2", "1", "乙", "1w1"]]
    t = crosstable.parse_rows(rows, "sw.csv")
    assert {p.key: p.name for p in t.players} == {"1": "甲", "2": "乙"} and t.event.places == {"1": 2, "2": 1}
