"""The day a player joins (view/sheets.joined) asked for some players only (the chart's top ten)
is what it is for them among all: every system's sample, new players, old ones, unknown ids."""

from __future__ import annotations

import pytest

from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import REGISTRY
from xl_ratings.view.sheets import joined


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_joined_among_some_is_joined_of_all(system: str) -> None:
    records = sample_records(system)
    full = joined(records)
    old = [pid for pid in records.players if pid not in full]
    some = list(full)[::2] + old[:3] + ["nobody"] + list(full)[:1]
    assert joined(records, some) == {pid: full[pid] for pid in some if pid in full}
    assert joined(records, old) == {}
    assert joined(records, list(records.players)) == full


def test_some_sample_has_new_players() -> None:
    assert any(joined(sample_records(s)) for s in REGISTRY)
