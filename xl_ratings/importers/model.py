"""The neutral model every importer produces.

A parser reads one source (a TRF file, an h9 file, an OpenGotha XML file, a
crosstable, a club report) into one :class:`Tournament`.  Nothing here knows a
rating system or the workbook: the ``import`` command turns a Tournament into
rows of the Players / Events / Games sheets (CONTRACT §2).

Conventions
-----------
* ``key`` is the source's own player identifier (start rank in TRF, line
  position in h9, the name key in OpenGotha, the row number in a crosstable,
  the report's numbering).  Games name players by key.
* ``ImportedGame.result`` is from ``player``'s side in the sheet vocabulary:
  ``"1"``, ``"0.5"``, ``"0"``, ``"+"`` (won by forfeit), ``"-"`` (lost by
  forfeit).
* ``handicap`` is the stones ``player`` receives (negative: gives); ``None``
  when the source cannot say (chess-style formats), ``0.0`` for an even game.
* Each game is listed once, not once per player.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..errors import Text, joined
from ..i18n.catalogue import sources as S

#: The result vocabulary of the Games sheet, from the player's side.
RESULTS = ("1", "0.5", "0", "+", "-")
_OPPOSITE = {"1": "0", "0": "1", "0.5": "0.5", "+": "-", "-": "+"}
_OTHER_COLOUR = {"w": "b", "b": "w"}

FORMATS = ("round_robin", "swiss", "games")


@dataclass(frozen=True)
class Source:
    """Where a value came from: 1-based ``line`` for text files; ``cell`` (e.g. "D7") and ``sheet`` for tables."""

    file: str
    line: int | None = None
    cell: str | None = None
    sheet: str | None = None
    #: a table row's other cells, by what they hold (("rank", "D7"), ("fide_id", "E7")): a problem
    #: with the rank or an id is placed at its own cell, not at the row's name cell
    cells: tuple[tuple[str, str], ...] = ()

    def text(self) -> Text:
        """The place in words, both languages ("club.xlsx, sheet 'Players', cell B7")."""
        parts: list[Text | str] = [self.file]
        if self.sheet:
            parts.append(S.AT_SHEET(sheet=self.sheet))
        if self.cell:
            parts.append(S.AT_CELL(cell=self.cell))
        elif self.line is not None:
            parts.append(S.AT_LINE(line=self.line))
        return joined(parts, ", ", "，")

    def describe(self) -> str:
        return self.text().en


@dataclass(frozen=True)
class ImportedPlayer:
    key: str
    name: str
    sex: str | None
    club: str
    country: str
    rank: str | None          #: as written: "3d", "12k", "初段"
    rating: float | None
    federation_id: str | None
    egf_pin: str | None
    fide_id: str | None
    source: Source
    surname: str | None = None  #: the part of ``name`` that is the surname, when the source says (h9, OpenGotha)
    latin_name: str | None = None   #: ``Surname, Given`` when the source writes the name in Latin letters
    #: a McMahon tournament's starting McMahon score of the player (h9's MMS column less the points of
    #: the games; OpenGotha's by rank, bar and floor, byes and absences included); None: not McMahon
    mms: float | None = None


@dataclass(frozen=True)
class ImportedGame:
    round: int | None
    date: dt.date | None
    player: str
    opponent: str
    result: str               #: one of RESULTS, from ``player``'s side
    handicap: float | None    #: stones ``player`` receives (negative: gives)
    colour: str | None        #: "w" / "b" for ``player``
    source: Source

    @property
    def forfeit(self) -> bool:
        return self.result in ("+", "-")

    def flipped(self) -> "ImportedGame":
        """The same game seen from the opponent's side."""
        return ImportedGame(
            round=self.round, date=self.date, player=self.opponent, opponent=self.player,
            result=_OPPOSITE[self.result],
            handicap=None if self.handicap is None else (-self.handicap or 0.0),
            colour=_OTHER_COLOUR.get(self.colour or "", None), source=self.source)


@dataclass(frozen=True)
class ImportedEvent:
    name: str
    start: dt.date | None
    end: dt.date | None
    format: str                       #: "round_robin" | "swiss" | "games"
    cls: str | None = None            #: A/B/C… (EGF class, 甲/乙/丙)
    level: str | None = None
    rounds: int | None = None
    champion: str | None = None       #: a player key
    extra: dict[str, str] = field(default_factory=dict)
    champion_at: Source | None = None     #: the cell that names the champion (a report's, a crosstable's place 1)
    #: player key -> the place the source lists (a crosstable's 名次 column), and the cell of each
    places: dict[str, int] = field(default_factory=dict)
    place_at: dict[str, Source] = field(default_factory=dict)


@dataclass(frozen=True)
class Tournament:
    event: ImportedEvent
    players: list[ImportedPlayer]
    games: list[ImportedGame]
    notes: list[Text]         #: what was skipped on purpose (each at its place)
    format: str               #: which parser: trf | h9 | opengotha | crosstable | report
    source: str               #: the file read

    def player(self, key: str) -> ImportedPlayer:
        for p in self.players:
            if p.key == key:
                return p
        raise KeyError(key)
