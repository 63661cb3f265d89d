"""Speed helpers that do not change any result."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a bulk job.

    Reading 100,000 games and writing the result sheets allocates millions of
    small acyclic objects (tuples, lists, strings); each allocation burst
    triggers full collections that scan every live object again.  Pausing
    the collector for the job cut a 5,000-player / 100,000-game period from
    1.87 s to 1.42 s (benchmarks/run.py).  Reference counting still frees
    everything as usual; the collector resumes afterwards.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            _to_oldest()
            gc.enable()


def _to_oldest() -> None:
    """Put every object the collector tracks into its oldest generation, unexamined.

    Re-enabled, the collector's next young collection would otherwise examine every
    object the job made that is still alive (all of them young: no collection ran) --
    the workbook's tables and records, 60 ms after a 100,000-game period.  They are
    long-lived; in the oldest generation a full collection still examines them (and frees
    any cycle among them).  ``gc.freeze`` then ``gc.unfreeze`` moves them there: unless
    objects are frozen already (by an application that forks), which are left as they are."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
