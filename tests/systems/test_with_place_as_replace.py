"""A rating line's place (systems/common.with_place: the class given its fields in order) is
exactly ``dataclasses.replace(line, place=...)`` for every rating line of every system's sample,
and a line class whose __init__ does not take every field positionally is left to replace()."""

from __future__ import annotations

import dataclasses

import pytest

from xl_ratings.engine.run import run_records
from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import REGISTRY
from xl_ratings.systems.base import RatingLine
from xl_ratings.systems.common import with_place


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_with_place_is_replace(system: str) -> None:
    lines = [x for r in run_records(sample_records(system)).results for x in r.ratings]
    assert lines
    for n, x in enumerate(lines, start=3):
        got = with_place(x, n)
        assert type(got) is type(x) and got == dataclasses.replace(x, place=n) and got.place == n


@dataclasses.dataclass(frozen=True)
class _KeywordLine(RatingLine):
    note: str = dataclasses.field(default="", kw_only=True)


def test_a_keyword_only_field_takes_replace() -> None:
    x = _KeywordLine("P1", 2000.0, 2010.0, "active", 10, 3, note="n")
    assert with_place(x, 4) == dataclasses.replace(x, place=4) == _KeywordLine("P1", 2000.0, 2010.0, "active", 10, 3,
                                                                              place=4, note="n")
