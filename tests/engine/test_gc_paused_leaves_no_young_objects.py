"""A bulk job runs with the cyclic collector paused (engine.perf.gc_paused); when it resumes, the
objects the job made and kept are put into the oldest generation, so the next young collection does
not examine them all (60 ms after a 100,000-game period) -- and a cycle the job left behind is still
freed by a full collection; objects an application froze stay frozen."""

import gc
import weakref

import pytest

from xl_ratings.engine.perf import gc_paused


@pytest.fixture(autouse=True)
def collector_on():
    """The collector running, nothing frozen, as in a fresh process (whatever an earlier test left)."""
    was, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.unfreeze()
    gc.enable()
    yield
    if frozen:
        gc.freeze()
    if not was:
        gc.disable()


class Node:
    def __init__(self):
        self.me = self          # a cycle: only the collector frees it


def test_what_a_paused_job_kept_is_old_and_its_cycles_are_still_freed():
    gc.collect()
    with gc_paused():
        assert not gc.isenabled()
        kept = [[i] for i in range(20000)]
        lost = weakref.ref(Node())
    assert gc.isenabled() and gc.get_count()[0] < 100
    young = {id(o) for o in gc.get_objects(generation=0)}
    assert id(kept) not in young and not any(id(x) in young for x in kept[::1000])
    gc.collect()
    assert lost() is None               # a full collection frees the cycle


def test_a_pause_inside_a_pause_resumes_nothing_and_frozen_objects_stay_frozen():
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            with gc_paused():
                pass
            assert not gc.isenabled()
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
