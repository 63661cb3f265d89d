"""What every rulebook provides (:class:`System`) and what its period engine
returns (:class:`PeriodFacts`): typed facts, no words, no formats.

A period engine is a pure function ``(records, states, period, params) ->
PeriodFacts``.  Its facts are typed lines (a rating line, a change line, a
pending line, a check) and each player's new :class:`State`.  Turning facts
into sheets, JSON or HTML -- labels, number formats, status words, Chinese
or English -- is the view layer's job (:mod:`xl_ratings.view`), driven by the
layouts a system declares here (:class:`Sheet`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from ..errors import Message
from .period import Calendar, Period
from .ranks import Rank
from .feed import GameFeed
from .rows import Award, Event, Game, Player, PointsEntry

# --------------------------------------------------------------------------- state


@dataclass
class State:
    """A player's record at a period boundary: one History (ledger) row.

    Systems extend it with the typed fields they keep in the History
    (:attr:`System.state_type`); every field after these is a ledger column.
    """

    rating: float | None
    games: int = 0                  #: counted games in total
    events: int = 0                 #: counted events in total
    peak: float | None = None
    status: str = "active"          #: active | inactive | pending
    period_games: int = 0           #: counted games of the period that ended with this state
    period_end: dt.date | None = None   #: that period's last day (None before the first period)


BASE_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State))


def ledger_fields(state_type: type[State]) -> tuple[dataclasses.Field[Any], ...]:
    """The fields a system keeps in the History beyond the common ones."""
    return tuple(f for f in dataclasses.fields(state_type) if f.name not in BASE_STATE_FIELDS)


# --------------------------------------------------------------------------- facts


@dataclass(frozen=True, slots=True)
class Check:
    """Something a SPEC rule flagged, for the officer to see (Checks sheet).

    ``rule`` names the rule (``shanghai.forfeit``): the id of its catalogue
    message (:attr:`System.messages`, :mod:`xl_ratings.i18n.catalogue.checks`),
    filled with ``args`` by the view.
    ``sheet`` and ``row`` point at the input row concerned.
    """

    rule: str
    sheet: str
    row: int | None
    args: Mapping[str, Any] = field(default_factory=dict)


class CheckLog:
    """Checks of one period, at most ``limit`` lines per rule.

    A platform's game list can flag a rule a million times (every game of
    two unrated players); the officer sees the first ``limit`` lines and one
    line with how many more there were (``args`` ``more`` and ``total``).

    ``sink``: called with every check, those beyond the limit too (a
    streamed game list writes the full list to a CSV file beside its output).
    """

    def __init__(self, limit: int = 1000, sink: Callable[[Check], None] | None = None) -> None:
        self.limit = limit
        self.sink = sink
        self.lines: list[Check] = []
        self.counts: dict[str, int] = {}

    def add(self, rule: str, sheet: str, row: int | None, **args: Any) -> None:
        n = self.counts[rule] = self.counts.get(rule, 0) + 1
        if n <= self.limit:
            check = Check(rule, sheet, row, args)
            self.lines.append(check)
            if self.sink is not None:
                self.sink(check)
        elif self.sink is not None:
            self.sink(Check(rule, sheet, row, args))

    def mark(self) -> int:
        """Where the next line goes: a place for :meth:`insert`."""
        return len(self.lines)

    def insert(self, at: int, rule: str, sheet: str, row: int | None, **args: Any) -> int:
        """A check placed at ``at`` (a :meth:`mark`), as if it had been added then (a rule
        decided once a stream of games has gone by); returns the place for the next one."""
        n = self.counts[rule] = self.counts.get(rule, 0) + 1
        check = Check(rule, sheet, row, args)
        if self.sink is not None:
            self.sink(check)
        if n <= self.limit:
            self.lines.insert(at, check)
            return at + 1
        return at

    def finish(self) -> list[Check]:
        for rule, n in self.counts.items():
            if n > self.limit:
                self.lines.append(Check(rule, "", None, {"more": n - self.limit, "total": n}))
        return self.lines


@dataclass(frozen=True, slots=True)
class RatingLine:
    """One player on the published list (or on its inactive / pending part)."""

    id: str
    old: float | None               #: rating at the period's start
    new: float | None               #: published at its end
    status: str                     #: active | inactive | pending
    games: int                      #: counted games in total after the period
    period_games: int               #: counted games of this period
    place: int | None = None

    @property
    def change(self) -> float | None:
        return None if self.new is None or self.old is None else self.new - self.old


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One line of the change report (等级分变动表): a player's games in one event."""

    id: str
    event: str
    games: int                      #: N
    score: float                    #: W
    expected: float | None          #: We (Σ S_E); None where the system has none
    k: float | None                 #: K (con) used; None where the system has none
    change: float                   #: unrounded ΔR


class GameAudit(NamedTuple):
    """One game from one player's side, as the rulebook counted it: what a player checks a
    line of their page against.  ``values``: the system's audit columns in their order
    (:attr:`System.audit_columns`), () when the game did not count; ``note``: why it did not
    count (a key of the audit notes: ``forfeit``, ``unrated_opponent``, ``both_unrated``,
    ``level``, ``guest``), "" when it counted.  A tuple: a published replay makes two per game."""

    id: str
    opponent: str
    event: str
    row: int | None                 #: the Games sheet row (with ``id``: which game)
    values: tuple[Any, ...]
    note: str = ""


def audit_on(feed: Any) -> bool:
    """Does ``feed`` ask the engine for its per-game facts (:attr:`PeriodFacts.games`)?"""
    return bool(getattr(feed, "audit", False))


@dataclass(frozen=True, slots=True)
class StandardLine:
    """One rung of the rank ladder (or title table) and how many players meet it."""

    rank: Rank | str                #: a rank, or a title (lianzhong)
    rating: float | None            #: its standard rating (None: below every other rung)
    count: int


@dataclass(frozen=True, slots=True)
class PendingLine:
    """A player with games towards a first rating."""

    id: str
    games: int                      #: counted games so far


@dataclass(frozen=True, slots=True)
class InactiveLine:
    """A rated player who kept the old rating for lack of games."""

    id: str
    rating: float | None
    window_games: int               #: counted games in the activity window


@dataclass
class PeriodFacts:
    """Everything a period engine found, as typed facts."""

    system: str
    period: Period
    ratings: list[RatingLine]       #: the published list, in order (placed first)
    changes: list[ChangeLine]
    checks: list[Check]
    states: dict[str, State]        #: each player's record at the period's end (History)
    standards: list[StandardLine] = field(default_factory=list)
    pending: list[PendingLine] = field(default_factory=list)
    inactive: list[InactiveLine] = field(default_factory=list)
    fees: list[Any] = field(default_factory=list)
    #: each game from each player's side as the rulebook counted it (:class:`GameAudit`), in the
    #: order the engine rated them; only when the feed asks for it (``feed.audit``: what was
    #: published, the player pages), empty otherwise (a game list of millions keeps none)
    games: list[GameAudit] = field(default_factory=list, compare=False, repr=False)

    def lines(self, source: str) -> Sequence[Any]:
        """The facts a result sheet shows (``Sheet.source``)."""
        return list(getattr(self, source))


# --------------------------------------------------------------------------- layouts


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words an engine chose without writing them: a key of the system's
    words (:attr:`System.words`) and its arguments (rendered by the view)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Column:
    """A column of a result sheet: a fact's field, and how its value reads.

    ``kind`` is a display kind that the view maps to a number format, an
    HTML format and words: ``text``, ``int``, ``rating`` (the system's
    published precision), ``signed_rating``, ``dec1``, ``dec2``, ``dec3``,
    ``signed2``, ``date``, ``money``, ``rank`` (spelled by the system),
    ``status``, ``yes_blank``, ``yes_no``, ``stated``.  Field ``name`` (and
    ``sex``, ``club``) of a player id, and ``event_name`` of an event id, are
    looked up by the view.  A kind that is a key of the system's words
    (:attr:`System.words`) renders the value with that template (``{value}``).
    """

    key: str
    kind: str = "text"
    field: str = ""     #: the fact's field, when it is not ``key``

    @property
    def source(self) -> str:
        return self.field or self.key


@dataclass(frozen=True)
class Sheet:
    """A result sheet: where its lines come from, its columns and its order.

    ``order``: sort keys applied by the view -- ``-key`` descending,
    ``pinyin:key`` by the pinyin of a text (seed 001 §二), ``key`` ascending.
    Empty: the engine's order.
    """

    name: str
    source: str
    columns: tuple[Column, ...]
    order: tuple[str, ...] = ()


def cols(*spec: str) -> tuple[Column, ...]:
    """``cols("place", "old:rating", "pending_games=games")`` -> Columns
    (``key[=field][:kind]``)."""
    out = []
    for s in spec:
        head, _, kind = s.partition(":")
        key, _, source = head.partition("=")
        out.append(Column(key, kind or "text", source))
    return tuple(out)


# --------------------------------------------------------------------------- system

class PeriodEngine(Protocol):
    """A rulebook's period: ``(records, states, period, params) -> PeriodFacts``.

    ``feed``: where the games come from (default: ``records.games``; a game
    list read in batches gives its own, :mod:`xl_ratings.systems.feed`);
    ``checks``: the period's check log (default: a new one)."""

    def __call__(self, records: Records, states: Mapping[str, Any], period: Period, params: Any,
                 feed: GameFeed | None = None, checks: CheckLog | None = None) -> PeriodFacts: ...



@dataclass(frozen=True)
class System:
    """Everything xl_ratings knows of one rulebook, in one record.

    Registered in :mod:`xl_ratings.systems`; nothing outside the system's
    own module asks which system it is.
    """

    name: str                                   #: shanghai | gor | lianzhong | peng
    game: str                                   #: the game rated: go | gomoku | renju | xiangqi
    title: str                                  #: the rulebook's name, Chinese (English)
    federation: str                             #: a default for the ``federation`` setting
    lang: str                                   #: zh-Hans | zh-Hant
    params_type: type                           #: the frozen Params dataclass
    state_type: type[State]                     #: State + the fields kept in the History
    calendar: Calendar
    start_state: Callable[[Player, Any], State]
    process: PeriodEngine
    sheets: tuple[Sheet, ...]                   #: result sheets beyond Checks and History
    messages: Mapping[str, Message]             #: check rule -> its catalogue message (i18n.catalogue.checks)
    rank_name: Callable[[Rank], str]            #: canonical spelling of a rank
    standard_name: Callable[[float, Any], str]  #: RANK_STANDARD(value, certified)
    rank_rating: Callable[[Any], float]         #: RANK_RATING(rank)
    sample: Callable[[], dict[str, list[list[Any]]]]
    terms: Mapping[str, str] = field(default_factory=dict)   #: label overrides (GoR: 棋力分 …)
    #: the English of a column where the rulebook says it otherwise (GoR: the expected result is
    #: S_E, the factor con -- not Elo's We and K)
    english_terms: Mapping[str, str] = field(default_factory=dict)
    #: the words of its sheets' cells, labels in Chinese with the English beside them (a key of
    #: :class:`Phrase`, or a column's kind): "暂定 provisional", "段级 {rank}"
    words: Mapping[str, str] = field(default_factory=dict)
    rating_decimals: int = 2                    #: 0: ratings are published as integers
    ranked_by: str = "new"                      #: the list's ranking value (peng: annual)
    json_players: tuple[str, ...] = ()          #: rating-line fields added to the JSON players
    json_changes: tuple[str, ...] = ()          #: change-line fields added to the JSON changes
    player_columns: tuple[str, ...] = ()        #: optional Players columns shown in the template
    input_sheets: tuple[str, ...] = ()          #: optional input sheets shown in the template
    settings_rows: Callable[[Any], list[tuple[str, Any, str]]] | None = None  #: extra template rows
    setting: Callable[[Any, str, Any], Any] | None = None   #: a Settings key the Params has no field for
    history_title: str = "等级分"                #: what the History chart draws (y axis)
    #: The ratings that can exist (inclusive): a Players rating, peak or RIF
    #: rating outside is refused with its row (a typo: 24000, 230, -5).
    rating_range: tuple[float, float] = (1, 4000)
    #: Refuse an Events row the rulebook cannot rate (an unknown class or
    #: level): raise a RatingInputError whose ``where.column`` names the
    #: column.  Called by the reader, with the Params, so the period engine
    #: never sees such an event.
    check_event: Callable[[Event, Any], None] | None = None
    #: The rating-list layouts the pairing programs can load from this system's
    #: numbers (``xl-ratings publish --rating-list``), the default first:
    #: ``egd`` (OpenGotha/pairgoth read its ratings as GoR), ``fide``, ``csv``.
    pairing_layouts: tuple[str, ...] = ("fide", "csv")
    #: One game as the rulebook rated it, for a player to audit a line: ``(params, the player's
    #: change line of the event, the opponent's, score, handicap received, forfeit)`` -> (the
    #: opponent's rating used, the expected score, the change).  None: the rulebook rates an
    #: event's games together (an opponents' mean), not game by game.
    #: Events columns the rulebook reads with a default when blank: (column, the default as told):
    #: an import that leaves one blank says so (gor: class -> A, weight 1.0).
    event_defaults: tuple[tuple[str, str], ...] = ()
    game_line: Callable[[Any, Any, Any, float, float, bool],
                        tuple[float | None, float | None, float | None]] | None = None
    #: The per-game audit columns the engine's :class:`GameAudit` facts carry (key, display kind:
    #: ``rating``, ``decimal3``, ``signed2``, ``rank``, ``decimal2``), in the order the player
    #: pages show them; () where the system has ``game_line`` or no audit.
    audit_columns: tuple[tuple[str, str], ...] = ()
    #: ``(params, a change line) -> the rulebook's computation of the line, in its own symbols``
    #: (shanghai: mean, D, PC(D), We = N·PC, ΔR = K·(W − We)), for an event rated as a whole;
    #: None: its games' audit columns add up to the line by themselves.
    audit_event: Callable[[Any, Any], str] | None = None
    #: How a game's audit columns are computed, in the rulebook's words (simplified Chinese,
    #: English): the note under a player's games table.
    audit_note: tuple[str, str] | None = None


@dataclass
class Records:
    """Everything the input sheets hold, validated.

    ``system`` is the rulebook itself, resolved once where the Settings sheet
    (or ``--system``) was read; ``params`` its parameters with the settings
    applied, parsed there once too.  ``games`` is empty for a game list read
    in batches: its games come from a feed (:mod:`xl_ratings.systems.feed`).
    """

    system: System
    settings: dict[str, Any]
    players: dict[str, Player]
    events: dict[str, Event]
    games: list[Game]
    awards: list[Award] = field(default_factory=list)
    points: list[PointsEntry] = field(default_factory=list)
    file: str | None = None
    params: Any = None
    #: what reading the sheets left out, said to the officer (a Players total row: :mod:`xl_ratings.engine.totals`)
    notes: list[Any] = field(default_factory=list)
    #: Games sheet row -> the colour ``player`` had (``b`` / ``w``), where the sheet's optional colour
    #: column gives it.  Shown on the event pages only: no rulebook rates colour, so it is not a
    #: field of :class:`Game` (which every kernel unpacks) nor of the History's fingerprints.
    colours: dict[int, str] = field(default_factory=dict)
    #: event -> player -> the McMahon score the player started with (the optional McMahon sheet):
    #: the events held by McMahon, for their wall lists; no rulebook rates it
    mcmahon: dict[str, dict[str, float]] = field(default_factory=dict)
