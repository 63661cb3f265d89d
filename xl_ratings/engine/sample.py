"""The bundled sample's results in a History, recognised (issue 17).

A workbook made by ``xl-ratings new`` holds a system's sample records; its
Read me says: process them once to see the results, then delete them and
enter your own.  The sample's periods then stay in the History, computed
from records that are gone: the next run would count them as published
ratings (publishing refused, re-rating listing every sample player as a
correction).  They never were published, so a run forgets them:

    forgotten = forget_sample(records, ledger)   # -> the labels dropped from ``ledger``

A History period is the sample's when every row of it is a sample player's
(by id) and its fingerprint of the player's records (:mod:`.fingerprint`,
without the Settings part: the officer may have named the federation) is the
one the bundled sample gives.  It is forgotten only when the records no
longer give it (the sample was deleted or changed) and no period of the
officer's own follows or precedes it.  An officer's own results are never forgotten:
their fingerprints are not the sample's.
"""

from __future__ import annotations

import functools
from typing import Any

from ..i18n import TRADITIONAL, to_lang
from ..i18n.names import traditional_name
from ..systems import REGISTRY
from ..systems.base import System
from ..systems.period import Period
from ..systems.records import Records
from .fingerprint import Fingerprints, period_digests
from .inputs import read_records
from .ledger import Entry, Ledger

__all__ = ["forget_sample", "sample_in_script", "sample_records", "sample_tables"]

#: The columns of the sample that hold people's names (converted as names: :mod:`xl_ratings.i18n.names`).
NAME_COLUMNS = {"Players": ("name",), "Identities": ("spelling",)}


@functools.lru_cache(maxsize=8)
def sample_tables(system: str) -> dict[str, list[list[Any]]]:
    """The sample of the system named ``system`` (:func:`sample_in_script`), made once: shared, not
    to be changed."""
    return sample_in_script(REGISTRY[system])


def sample_in_script(rulebook: System) -> dict[str, list[list[Any]]]:
    """A system's sample as a new workbook holds it: text in the system's script, people's
    names as Hong Kong writes them in a traditional workbook (范 stays 范, not 範:
    :func:`~xl_ratings.i18n.names.traditional_name`)."""
    lang = rulebook.lang
    out = {}
    for sheet, rows in rulebook.sample().items():
        names = {j for j, k in enumerate(rows[0] if rows else ()) if k in NAME_COLUMNS.get(sheet, ())}
        out[sheet] = [[(traditional_name(v) if lang == TRADITIONAL and j in names and i else to_lang(v, lang))
                       if isinstance(v, str) else v for j, v in enumerate(row)] for i, row in enumerate(rows)]
    return out


@functools.lru_cache(maxsize=8)
def sample_records(system: str) -> Records:
    """The records of ``system``'s bundled sample (read by the same rules as a workbook)."""
    return read_records(sample_tables(system), f"sample {system}")


@functools.lru_cache(maxsize=8)
def _sample_ids(system: str) -> frozenset[str]:
    return frozenset(sample_records(system).players)


def _player_part(fingerprint: str | None) -> str | None:
    """``S…:Q…`` -> ``Q…`` (the Settings part left out)."""
    if not fingerprint or ":" not in fingerprint:
        return None
    return fingerprint.partition(":")[2]


def _is_sample(system: str, period: Period, entries: list[Entry]) -> bool:
    if not entries or not _sample_ids(system).issuperset(e.id for e in entries):
        return False
    kinds = {(_player_part(e.inputs) or "?")[0] for e in entries}    # the format each row was written in
    if len(kinds) != 1 or not kinds <= {"P", "Q", "Y"}:
        return False
    theirs = period_digests(sample_records(system), period, kinds.pop())
    return all(_player_part(e.inputs) is not None and _player_part(e.inputs) == _player_part(theirs.get(e.id))
               for e in entries)


def _still_given(records: Records, period: Period, entries: list[Entry]) -> bool:
    """Do the records still give these rows (every player there, their records unchanged)?"""
    fp = Fingerprints(records, period)
    return all(e.id in records.players and not fp.changed(e.id, e.inputs) for e in entries)


def forget_sample(records: Records, ledger: Ledger) -> list[str]:
    """Drop from ``ledger`` the sample's periods whose records are gone or changed; return their labels.

    Only a History whose periods are all the sample's (a period of the
    officer's own after them, or before them -- a sample game changed before
    the first run: the later periods start from its results -- keeps them,
    and the usual checks then say what changed)."""
    system = ledger.system.name
    if system not in REGISTRY:
        return []
    periods = ledger.periods()
    sample: list[Period] = []
    for q in reversed(periods):
        entries = ledger.entries_of(q.label)
        if not _is_sample(system, q, entries):
            break
        sample.append(q)
    if not sample or len(sample) < len(periods):
        # a period of the officer's before them: they were computed from its results, and are the
        # officer's too (published: a change to their records is refused, as any other)
        return []
    if all(_still_given(records, q, ledger.entries_of(q.label)) for q in sample):
        return []
    gone = {q.label for q in sample}
    ledger.entries = [e for e in ledger.entries if e.period.label not in gone]
    ledger.unsealed -= gone
    return [q.label for q in reversed(sample)]
