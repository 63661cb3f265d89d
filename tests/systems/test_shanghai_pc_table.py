"""Shanghai's change lines from the PC table (systems/shanghai.pc_table: PC(D) of every rounded
D, looked up once per set of parameters, and group_change written out in _event_changes) are
exactly those of group_change and _pc computed line by line -- the ratings, change lines and
states of every period, to the last bit, whatever the cap on D and the K factors."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.engine.run import run_records
from xl_ratings.engine.sample import sample_records
from xl_ratings.systems import shanghai
from xl_ratings.systems.shanghai import DEFAULTS, ShanghaiParams, _pc, pc_table


@pytest.mark.parametrize("cap", [0, 1, 17, 400, 735, 2000])
def test_the_table_holds_pc_of_every_difference(cap: int) -> None:
    params = ShanghaiParams(max_difference=cap)
    table = pc_table(params)
    assert table is not None and len(table) == 2 * cap + 1
    assert [table[d + cap] for d in range(-cap, cap + 1)] == [_pc(d, params) for d in range(-cap, cap + 1)]
    assert table[0] == _pc(-cap - 50, params) and table[-1] == _pc(cap + 50, params)   # beyond the cap


def test_a_cap_too_large_or_not_whole_takes_the_line_by_line_path() -> None:
    assert pc_table(ShanghaiParams(max_difference=10**7)) is None
    assert pc_table(dataclasses.replace(DEFAULTS, max_difference=400.5)) is None     # type: ignore[arg-type]


def _outcome(records, table: bool):
    with pytest.MonkeyPatch.context() as m:
        if not table:
            m.setattr(shanghai, "pc_table", lambda params: None)
        return run_records(records)


@settings(max_examples=40, deadline=None)
@given(cap=st.sampled_from([0, 3, 25, 120, 400, 1000]), k_new=st.sampled_from([25, 32.5]),
       k_established=st.sampled_from([15, 10.25]))
def test_the_table_rates_as_line_by_line(cap: int, k_new: float, k_established: float) -> None:
    base = sample_records("shanghai")
    params = dataclasses.replace(base.params, max_difference=cap, k_new=k_new, k_established=k_established)
    records = dataclasses.replace(base, params=params)
    fast, slow = _outcome(records, True), _outcome(records, False)
    assert fast.results and any(r.changes for r in fast.results)
    for a, b in zip(fast.results, slow.results, strict=True):
        assert a.changes == b.changes
        assert a.ratings == b.ratings
        assert a.states == b.states
        assert a.checks == b.checks
