"""A fact sheet's worded cells (status, rank, yes/no, a note) worded once per distinct value
(view/sheets._rows given the words) are exactly the cells the getters give one by one -- for every
result sheet of every system's sample, and for values that are equal but read otherwise
(1, 1.0 and True; 0.0 and -0.0), a blank, a rank and a text in one column."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from xl_ratings.engine.run import run_records
from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import REGISTRY
from xl_ratings.systems.base import Column
from xl_ratings.systems.ranks import Rank
from xl_ratings.view.sheets import Words, _getter, _rows, ordered


@dataclass(frozen=True)
class _Line:
    id: str
    champion: Any = None
    member: Any = None
    standard: Any = None


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_worded_once_are_the_getters_cells(system: str) -> None:
    outcome = run_records(sample_records(system))
    words = Words(outcome.system)
    seen = 0
    for facts in outcome.results:
        for sheet in outcome.system.sheets:
            getters = [_getter(c, outcome, words) for c in sheet.columns]
            lines = ordered(sheet, facts.lines(sheet.source), outcome)
            want = [[g(line) for g in getters] for line in lines]
            assert _rows(sheet.columns, getters, lines, outcome, Words(outcome.system)) == want
            seen += len(lines)
    assert seen > 20


def test_equal_values_that_read_otherwise() -> None:
    outcome = run_records(sample_records("shanghai"))
    words = Words(outcome.system)
    columns = [Column("id"), Column("champion", "note.champion"), Column("member", "yes_no"),
               Column("standard", "rank")]
    notes = [1, 1.0, True, None, 0.0, -0.0, 2.5, 1, True, -0.0, None, 0.0]
    members = [1, 1.0, True, None, "x", "", 0, False, 0.0, True, None, "x"]
    ranks = [Rank(3), None, "x", Rank(-2), Rank(3), None, "x", Rank(3), Rank(1), None, Rank(-2), "y"]
    lines = [_Line(f"P{i}", n, m, r) for i, (n, m, r) in enumerate(zip(notes, members, ranks))]
    getters = [_getter(c, outcome, words) for c in columns]
    got = _rows(columns, getters, lines, outcome, Words(outcome.system))
    assert got == [[g(line) for g in getters] for line in lines]
    assert [r[1] for r in got][3:6] == ["", "冠军不扣分 (champion: +0.00 → 0)", "冠军不扣分 (champion: -0.00 → 0)"]
    assert got[0][3] == outcome.system.rank_name(Rank(3)) == got[7][3] and got[2][3] == "x"


class _Loose:
    """Lines of one class, one of them without a fact."""

    def __init__(self, pid: str, **facts: Any) -> None:
        self.id = pid
        self.__dict__.update(facts)


def test_lines_of_one_class_one_without_a_fact() -> None:
    outcome = run_records(sample_records("shanghai"))
    words = Words(outcome.system)
    columns = [Column("id"), Column("name"), Column("member", "yes_no"), Column("games", "whole")]
    pids = list(outcome.records.players)[:3]
    lines = [_Loose(pids[0], member=True, games=3), _Loose(pids[1], games=4), _Loose("nobody", member=False, games=5)]
    getters = [_getter(c, outcome, words) for c in columns]
    want = [[g(line) for g in getters] for line in lines]
    assert want[1][2] == words.cell("yes_no", None) and want[2][1] == ""
    assert _rows(columns, getters, lines, outcome, Words(outcome.system)) == want
    assert _rows(columns, getters, lines[::-1], outcome, Words(outcome.system)) == want[::-1]
