"""What a source format declares: one :class:`Format` record per format module.

A record says what the format is called (the ``--format`` value and the
Tournament's ``format``), what it carries (:data:`CARRIES`: games, ranks,
handicaps, ids ...), which rulebooks' games it can hold (:attr:`Format.go`),
how to tell it from a file's content (``sniff``) and how to read one
(``parse``), and the two cells of its row in the formats table of
``docs/importing.md`` (a test compares them).  :mod:`xl_ratings.importers.formats`
lists the records, in one registry that detection, the command line's choices,
the import's checks and the docs read.

A game list (CSV, Parquet: ``xl-ratings process GAMES.csv``) is a format too, of
the kind :data:`GAME_LIST`: it is told by its file name (``suffixes``), and read in
batches by the use case that rates it (``reader``: the entry point, ``module:name``;
the jobs layer, above this one, owns the reading).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model import Tournament

#: what a source can carry, as a format record declares it
CARRIES = frozenset({"games", "ranks", "ratings", "handicaps", "ids", "clubs", "dates", "event"})
TOURNAMENT = "tournament"       #: a file ``xl-ratings import`` reads into a workbook
GAME_LIST = "game list"         #: a list of games ``xl-ratings process`` rates in batches

#: how to read a workbook's sheets: ``(path, names) -> {name: cell values}``
SheetReader = Callable[[Path, list[str]], Mapping[str, list[list[Any]]]]


@dataclass
class Opened:
    """A source file as detection read it, once: its bytes, its sheet names when it is a
    workbook (None: it is not), and, for sniffing a text file, its start decoded and that
    start's non-blank lines (empty for a workbook or a format given by ``--format``)."""

    path: Path
    data: bytes
    sheets: list[str] | None
    read_sheets: SheetReader
    text: str = ""
    lines: list[str] = field(default_factory=list)
    #: what the sheet reader said of the sheets it read (its result's ``notes``: merged cells read as
    #: their value, :func:`xl_ratings.engine.merged.spread_merged`), for the Tournament's notes
    notes: list[Any] = field(default_factory=list)

    @property
    def file(self) -> str:
        return str(self.path)

    @property
    def xml(self) -> bool:
        """Text that is XML (it starts with ``<``, after a byte-order mark and blanks)."""
        return self.sheets is None and self.text.lstrip("\ufeff \t\r\n").startswith("<")

    @property
    def plain(self) -> bool:
        """Text that is not XML: what the line-based formats are told from."""
        return self.sheets is None and bool(self.text) and not self.xml

    def tables(self, names: list[str]) -> dict[str, list[list[Any]]]:
        """The workbook's sheets ``names``, as cell values (what the reader said kept in :attr:`notes`)."""
        read = self.read_sheets(self.path, names)
        self.notes.extend(getattr(read, "notes", ()))
        return dict(read)


def never(opened: Opened) -> bool:
    """The sniff of a format told by its file name only (a game list)."""
    return False


@dataclass(frozen=True)
class Format:
    """One source format (see the module)."""

    name: str                                           #: ``--format`` value; the Tournament's ``format``
    what: str                                           #: the docs' table: what the file is
    who: str                                            #: the docs' table: who writes it
    carries: frozenset[str]                             #: a subset of :data:`CARRIES`
    sniff: Callable[[Opened], bool]                     #: is ``opened`` of this format? (content only)
    parse: Callable[[Opened], Tournament] | None        #: the file read (None: read by ``reader``)
    kind: str = TOURNAMENT                              #: :data:`TOURNAMENT` or :data:`GAME_LIST`
    #: True: Go's files (grades, stones), rated only in a Go workbook; False: never in one; None: any
    go: bool | None = None
    #: tried only when no other format claims the file (a crosstable: any workbook or delimited text)
    fallback: bool = False
    suffixes: tuple[str, ...] = ()                      #: file names it is told by (a game list)
    reader: str = ""                                    #: ``module:name`` of a game list's reader
    #: samples a source of this format must not still hold (the report's: its rows as written)
    samples: Callable[[], list[dict[str, list[tuple[Any, ...]]]]] | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.name):
            raise ValueError(f"format name {self.name!r}: lower-case letters, digits and _")
        if not self.carries <= CARRIES:
            raise ValueError(f"format {self.name!r} carries {sorted(self.carries - CARRIES)}: not in CARRIES")
        if self.kind not in (TOURNAMENT, GAME_LIST) or (self.parse is None) != (self.kind == GAME_LIST):
            raise ValueError(f"format {self.name!r}: a tournament format parses, a game list names its reader")


__all__ = ["CARRIES", "Format", "GAME_LIST", "Opened", "SheetReader", "TOURNAMENT", "never"]
