"""A bulk job runs with the cyclic collector paused (engine.perf.gc_paused); when it resumes, the
objects the job made and kept are put into the oldest generation, so the next young collection does
not examine them all (60 ms after a 100,000-game period) -- and a cycle the job left behind is still
freed by a full collection; objects an application froze stay frozen."""

import gc
import weakref

from xl_ratings.engine.perf import gc_paused


class Node:
    def __init__(self):
        self.me = self          # a cycle: only the collector frees it


def test_what_a_paused_job_kept_is_old_and_its_cycles_are_still_freed():
    gc.collect()
    with gc_paused():
        assert not gc.isenabled()
        kept = [[i] for i in range(20000)]
        lost = weakref.ref(Node())
    assert gc.isenabled()
    young = {id(o) for o in gc.get_objects(generation=0)}
    assert id(kept) not in young and not any(id(x) in young for x in kept[::1000])
    assert gc.get_count()[0] < 100
    assert lost() is not None           # the cycle waits for a full collection...
    gc.collect()
    assert lost() is None               # ...which frees it


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
