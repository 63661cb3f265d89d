"""A fact sheet's rows from one compiled row function per line class (view/sheets._rows: plain
facts read off the line, a player's name, sex and club and an event's name from tables of
them) are exactly the cells its getters give one by one -- for every result sheet of every
system's sample, lines of other classes and lines without a fact included."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from xl_ratings.engine.run import run_records
from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import REGISTRY
from xl_ratings.view.sheets import Words, _getter, _rows, ordered


@dataclass(frozen=True)
class _Odd:
    """A line of another class, without most facts (and a player who is not in the records)."""

    id: str
    event: str = "nowhere"


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_compiled_rows_are_the_getters_cells(system: str) -> None:
    outcome = run_records(sample_records(system))
    words = Words(outcome.system)
    seen = 0
    for facts in outcome.results:
        for sheet in outcome.system.sheets:
            getters = [_getter(c, outcome, words) for c in sheet.columns]
            lines = ordered(sheet, facts.lines(sheet.source), outcome)
            if lines:
                lines = lines + [_Odd("nobody"), _Odd(getattr(lines[0], "id", "x"))] + lines[:2]
            want = [[g(line) for g in getters] for line in lines]
            assert _rows(sheet.columns, getters, lines, outcome) == want
            assert _rows(sheet.columns, getters, lines) == want      # without the records' tables
            seen += len(lines)
    assert seen > 20
