"""The source formats: one module per format, each declaring one :class:`~.record.Format`
record, and the one registry below, which detection (:mod:`xl_ratings.importers.detect`),
the command line's ``--format`` choices, the import's checks (:mod:`xl_ratings.intake`),
the game lists' suffixes (:mod:`xl_ratings.jobs.common`) and the docs' formats table
(``tests/importers/test_formats.py``) read.

Adding a format: a module here with its parser and its ``FORMAT`` record (its sniff, its
parse, what it carries), and one line in :data:`REGISTRY`.  The order is the
command line's and the docs' order, and the order detection tries the formats in (a
``fallback`` format last).
"""

from __future__ import annotations

from . import crosstable, csv_games, h9, opengotha, parquet_games, report, trf
from .record import GAME_LIST, TOURNAMENT, Format, Opened

REGISTRY: dict[str, Format] = {f.name: f for f in (
    report.FORMAT,
    crosstable.FORMAT,
    h9.FORMAT,
    trf.FORMAT,
    opengotha.FORMAT,
    csv_games.FORMAT,
    parquet_games.FORMAT,
)}


def of_kind(kind: str = TOURNAMENT) -> tuple[Format, ...]:
    """The registered formats of ``kind`` (tournament files, or game lists), in registry order."""
    return tuple(f for f in REGISTRY.values() if f.kind == kind)


def names(kind: str = TOURNAMENT) -> tuple[str, ...]:
    """The names of the formats of ``kind``: the ``--format`` choices of ``xl-ratings import``."""
    return tuple(f.name for f in of_kind(kind))


def suffixes(kind: str = GAME_LIST) -> tuple[str, ...]:
    """The file names a format of ``kind`` is told by (the game lists': .csv, .txt, .parquet, .pq)."""
    return tuple(s for f in of_kind(kind) for s in f.suffixes)


def format_of(name: str) -> Format | None:
    """The record of the format a Tournament names (None: a format no module declares)."""
    return REGISTRY.get(name)


__all__ = ["Format", "GAME_LIST", "Opened", "REGISTRY", "TOURNAMENT", "format_of", "names", "of_kind", "suffixes"]
