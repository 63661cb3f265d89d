"""Facts -> result sheets: what a person reads in the workbook.

One :class:`SheetView` per result sheet: header labels in the workbook's
language, rows of cell values (words, ranks spelled, status words), and a
number format per column.  Both workbook writers -- the file writer
(:mod:`xl_ratings.xlsx.results`) and the xlwings one-click writer
(:mod:`xl_ratings.excel.one_click`) -- write exactly these views.
"""

from __future__ import annotations

import datetime as dt
import keyword
from functools import lru_cache, partial
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, cast

from ..engine.periods import run_date
from ..engine.run import Outcome
from ..errors import CATALOGUE, RatingInputError, Where
from ..i18n import to_lang
from ..i18n.catalogue import checks as C
from ..i18n.catalogue import excel as E
from ..i18n.catalogue import sheets as M
from ..i18n.labels import CHART_TITLE, LABELS, label
from ..systems.base import Check, Column, PeriodFacts, Phrase, Sheet, System
from ..systems.records import Records
from ..systems.ranks import Rank
from .page import PageSetup, page_setup

#: Every result sheet, in the order they appear in a workbook.
RESULT_SHEETS = ("Ratings", "Changes", "Standards", "Inactive", "Pending", "Fees", "Corrections", "Checks",
                 "History", "Chart")


def result_sheet_clashes(file: str | None, names: Iterable[str]) -> list[RatingInputError]:
    """User sheets whose names differ from a result sheet's only in case
    (``RATINGS``, ``checks``): Excel allows no two such names in one
    workbook, and writing ours beside them would damage the file."""
    ours = {n.lower(): n for n in RESULT_SHEETS}
    problems = []
    for name in names:
        mine = ours.get(name.lower())
        if mine is not None and name != mine:
            problems.append(RatingInputError(M.RESULT_SHEET_CASE(sheet=mine), where=Where(file, name)))
    return problems


#: the Checks sheet's columns when one click lists problems (English, then the Chinese, in the workbook's script)
REPORT_HEADER = (E.HEAD_PROBLEM, E.HEAD_CHINESE, E.HEAD_SHEET, E.HEAD_ROW, E.HEAD_COLUMN, E.HEAD_VALUE)


def report_header(lang: str) -> list[str]:
    """The header of one click's list of problems on the Checks sheet, in ``lang``'s script."""
    return [f"{h().zh_in(lang)} {h().en}" for h in REPORT_HEADER]


@lru_cache(maxsize=1)
def _our_headers() -> frozenset[str]:
    """Every header cell xl-ratings writes ("中文 key", in each system's script and terms; one
    click's list of problems too)."""
    from ..systems import REGISTRY

    out = {report_header(system.lang)[0] for system in REGISTRY.values()}
    for system in REGISTRY.values():
        for key in set(LABELS) | set(system.terms):
            text = label(key, system)
            if text != key:
                out.add(text)
    return frozenset(out)


def written_by_us(first_cell: Any) -> bool:
    """Is a sheet whose first cell (A1) is ``first_cell`` one xl-ratings wrote?  Every result
    sheet starts with a header of ours ("名次 place", "周期 period"); an officer's own sheet
    of the same name does not."""
    return isinstance(first_cell, str) and first_cell.strip() in _our_headers()


def result_sheets_not_ours(file: str | None, first_cells: Mapping[str, Any]) -> list[RatingInputError]:
    """The sheets about to be replaced by result sheets (``first_cells``: name -> A1) that
    xl-ratings did not write: refused, or they would be lost (and the next backup without them)."""
    from ..i18n.catalogue import workbooks as M

    return [RatingInputError(M.RESULT_SHEET_NOT_OURS(sheet=name, first=repr("" if first is None else first)),
                             where=Where(file, name))
            for name, first in first_cells.items() if not written_by_us(first)]


STATUS = {"active": ("活跃", "active"), "inactive": ("不活跃", "inactive"), "pending": ("待定级", "pending")}


def number_format(kind: str, system: System) -> str | None:
    """The Excel number format of a display kind."""
    whole = system.rating_decimals == 0
    return {
        "rating": "0" if whole else "0.00",
        "signed_rating": "+0;-0;0" if whole else "+0.00;-0.00;0.00",
        "whole": "0", "dec1": "0.0", "dec2": "0.00", "dec3": "0.000",
        "signed2": "+0.00;-0.00;0.00", "date": "yyyy-mm-dd", "money": "$0",
    }.get(kind)


@dataclass
class ChartView:
    """The rating-history line chart: a grid (header row, one row per period) and its titles."""

    grid: list[list[Any]]           #: the sheet's cells from A1: header row, one row per period
    title: str
    x_title: str
    y_title: str
    number_format: str = "0"        #: of the values (the grid without its header row and period column)

    @property
    def anchor_row(self) -> int:
        """The chart's top row (1-based), two rows below the data."""
        return len(self.grid) + 3


@dataclass
class SheetView:
    """One result sheet as cells."""

    name: str
    keys: list[str]                 #: column keys (for tests and other views)
    header: list[str]               #: "中文 key" labels
    rows: list[list[Any]]
    formats: list[str | None]       #: Excel number format per column
    tab_color: str = "1F4E78"
    chart: ChartView | None = None  #: the Chart sheet: its rows are the chart's data, the chart below
    hidden: list[str] = field(default_factory=list)   #: columns kept out of sight (grouped, collapsed)
    page: PageSetup | None = None


class Words:
    """How one system's facts read: messages, ranks, status words, in its script."""

    def __init__(self, system: System) -> None:
        self.system = system
        self._texts: dict[str, str] = {}

    def text(self, zh: str) -> str:
        got = self._texts.get(zh)
        if got is None:             # (a word per cell of a long list: converted once)
            got = self._texts[zh] = to_lang(zh, self.system.lang)
        return got

    def term(self, key: str) -> str:
        """The Chinese word for column ``key`` in this system (GoR: 棋力分 …)."""
        return self.text(self.system.terms.get(key) or LABELS.get(key, key))

    def arg(self, v: Any) -> Any:
        if isinstance(v, Rank):
            return self.system.rank_name(v)
        if isinstance(v, Phrase):
            return self.phrase(v)
        if isinstance(v, dt.date):
            return v.isoformat()
        return v

    def fill(self, key: str, args: Mapping[str, Any]) -> str | None:
        """The system's word ``key`` (a label template: Chinese, English beside it) in its
        script, filled with ``args`` (names and other data are never converted)."""
        template = self.system.words.get(key)
        if template is None:
            return None
        return self.text(template).format(**{k: self.arg(v) for k, v in args.items()})

    def phrase(self, p: Phrase) -> str:
        return self.fill(p.key, p.args) or p.key

    def check(self, rule: str, args: Mapping[str, Any]) -> str:
        """A line of the Checks sheet: the rule's catalogue message (the rulebook's own, or one
        every rulebook shares: :mod:`xl_ratings.i18n.catalogue.checks`), Chinese in the system's
        script, then the English; names and other data as written."""
        entry = self.system.messages.get(rule) or CATALOGUE.get(rule)
        if set(args) == {"more", "total"}:   # the CheckLog's "and N more" line
            entry = C.MORE
        if entry is None:
            return rule
        return entry(**{k: self.arg(v) for k, v in args.items()}).checks_line(self.system.lang)

    def status(self, v: str) -> str:
        zh, en = STATUS.get(v, (v, v))
        return f"{self.text(zh)} {en}"

    def cell(self, kind: str, v: Any) -> Any:
        """A fact's value as the sheet shows it."""
        if kind == "status":
            return self.status(v) if v else v
        if kind == "rank":
            return "" if v is None else (self.system.rank_name(v) if isinstance(v, Rank) else v)
        if kind == "yes_blank":
            return self.text("是") if v else ""
        if kind == "yes_no":
            return self.text("是") if v else self.text("否")
        if kind == "phrase":
            return self.phrase(v) if isinstance(v, Phrase) else v
        if kind == "adjustment":
            return "" if v is None else f"{self.system.rank_name(v.rank)} → {v.rating:.0f}"
        if kind in self.system.words:
            return "" if v is None else self.fill(kind, {"value": v})
        return v


#: the column kinds whose cell is the fact's value as it is (:func:`_getter`'s ``plain``)
PLAIN_KINDS = frozenset(("text", "whole", "rating", "signed_rating", "dec1", "dec2", "dec3", "signed2", "date",
                         "money", "num"))


def _getter(col: Column, outcome: Outcome, words: Words) -> Callable[[Any], Any]:
    players, events = outcome.records.players, outcome.records.events
    src, kind = col.source, col.kind
    if src in ("name", "sex", "club"):
        def person(line: Any) -> Any:
            p = players.get(line.id)
            v = getattr(p, src, "") if p is not None else ""
            return v or ""
        return person
    if src == "event_name":
        return lambda line: events[line.event].name if line.event in events else ""
    cell = words.cell
    plain = kind in PLAIN_KINDS

    def value(line: Any) -> Any:
        v = getattr(line, src, None)
        return v if plain else cell(kind, v)
    return value


def ordered(sheet: Sheet, lines: Sequence[Any], outcome: Outcome) -> list[Any]:
    """The lines in the sheet's declared order (``-key``, ``pinyin:key``, ``key``)."""
    out = list(lines)
    for key in reversed(sheet.order):
        if key.startswith("pinyin:"):
            from pypinyin import lazy_pinyin

            attr = key[len("pinyin:"):]
            players = outcome.records.players

            def text(line: Any, attr: str = attr) -> str:
                if attr == "name":
                    p = players.get(line.id)
                    return p.name if p is not None else ""
                return str(getattr(line, attr, ""))
            out.sort(key=lambda line: lazy_pinyin(text(line)))
        elif key.startswith("-"):
            attr = key[1:]   # the sort runs at once: no late binding to guard against
            out.sort(key=lambda line: getattr(line, attr) or 0, reverse=True)
        else:
            attr = key
            out.sort(key=lambda line: str(getattr(line, attr)))
    return out


def _lookups(columns: Sequence[Column], outcome: Outcome | None, lines: int) -> dict[int, tuple[str, dict[str, Any]]]:
    """The columns :func:`_getter` reads from the records (a player's name, sex and club; an
    event's name), as tables: column -> (the line's key attribute, key -> the cell) -- where the
    sheet has more ``lines`` than the table has entries (else each line asks its getter)."""
    if outcome is None:
        return {}
    players, events = outcome.records.players, outcome.records.events
    out: dict[int, tuple[str, dict[str, Any]]] = {}
    for j, c in enumerate(columns):
        if c.source in ("name", "sex", "club") and lines > len(players):
            out[j] = ("id", {pid: getattr(p, c.source, "") or "" for pid, p in players.items()})
        elif c.source == "event_name" and lines > len(events):
            out[j] = ("event", {eid: e.name for eid, e in events.items()})
    return out


class _Worded(dict[Any, Any]):
    """A column's worded cells by value, each worded once (``word``: the value's cell)."""

    def __init__(self, word: Callable[[Any], Any]) -> None:
        super().__init__()
        self.word = word

    def __missing__(self, v: Any) -> Any:
        got = self[v] = self.word(v)
        return got


#: the classes of fact whose equal values are the same cell (no ``1 == 1.0 == True``, no ``0.0 == -0.0``)
_WORDED_ONCE = frozenset((str, type(None), bool, Rank))


def _rows(columns: Sequence[Column], getters: Sequence[Callable[[Any], Any]], lines: Sequence[Any],
          outcome: Outcome | None = None, words: Words | None = None) -> list[list[Any]]:
    """``[[g(line) for g in getters] for line in lines]``, a plain fact read straight off the
    line (one compiled row function for the sheet, no call per cell), a player's or an event's
    name looked up in a table of them (``outcome``'s records), a worded fact (status, rank, note:
    ``words``) worded once per distinct value of a class in ``_WORDED_ONCE``; a line without one
    of those attributes takes the getters, which give None for it."""
    def named(c: Column) -> bool:
        return (c.source not in ("name", "sex", "club", "event_name")
                and c.source.isidentifier() and not keyword.iskeyword(c.source))

    def plain(c: Column) -> bool:
        return c.kind in PLAIN_KINDS and named(c)
    tables = _lookups(columns, outcome, len(lines))
    worded = {j: _Worded(partial(words.cell, c.kind)) for j, c in enumerate(columns)
              if words is not None and j not in tables and c.kind not in PLAIN_KINDS and named(c)}

    def compiled(sample: Any) -> Callable[[Any], list[Any]]:
        # a plain fact the line's class has (a line of another class, or one without it: the getters)
        cells = [f"t{j}.get(line.{tables[j][0]}, '')" if j in tables
                 else f"line.{c.source}" if plain(c) and hasattr(sample, c.source)
                 else f"(m{j}[v] if (v := line.{c.source}).__class__ in ONCE else m{j}.word(v))"
                 if j in worded and hasattr(sample, c.source) else f"g{j}(line)"
                 for j, c in enumerate(columns)]
        namespace: dict[str, Any] = {f"g{j}": g for j, g in enumerate(getters)}
        namespace.update((f"t{j}", table) for j, (_, table) in tables.items())
        namespace.update((f"m{j}", memo) for j, memo in worded.items())
        namespace["ONCE"] = _WORDED_ONCE
        exec("def row(line):\n    return [" + ", ".join(cells) + "]\n"      # noqa: S102 -- attribute names
             "def every(lines):\n    return [[" + ", ".join(cells) + "] for line in lines]\n", namespace)
        return cast(Callable[[Any], list[Any]], namespace["row"])
    rows: dict[type, Callable[[Any], list[Any]]] = {}
    if lines and len(set(map(type, lines))) == 1 and type(lines[0]) is lines[0].__class__:
        # lines of one class: one comprehension over them all (a line without a fact: line by line, below)
        one = compiled(lines[0])
        rows[lines[0].__class__] = one
        try:
            return cast(list[list[Any]], one.__globals__["every"](lines))
        except AttributeError:
            pass
    out = []
    for line in lines:
        row = rows.get(line.__class__)
        if row is None:
            row = rows[line.__class__] = compiled(line)
        try:
            out.append(row(line))
        except AttributeError:
            out.append([g(line) for g in getters])
    return out


def fact_sheet(sheet: Sheet, facts: PeriodFacts, outcome: Outcome) -> SheetView:
    system = outcome.system
    words = Words(system)
    getters = [_getter(c, outcome, words) for c in sheet.columns]
    lines = ordered(sheet, facts.lines(sheet.source), outcome)
    rows = _rows(sheet.columns, getters, lines, outcome, words)
    return SheetView(sheet.name, [c.key for c in sheet.columns], [label(c.key, system) for c in sheet.columns],
                     rows, [number_format(c.kind, system) for c in sheet.columns])


def _check_event(check: Check, rows: Mapping[tuple[str, int], str]) -> str | None:
    """The event a Checks line is about: the event of the Games or Events row it points at,
    else the one its message names."""
    if check.row is not None:
        got = rows.get((check.sheet, check.row))
        if got is not None:
            return got
    named = check.args.get("event")
    return named if isinstance(named, str) else None


def checks_sheet(outcome: Outcome) -> SheetView:
    """Every check of every processed period: rule, period, event, where, what."""
    words = Words(outcome.system)
    records = outcome.records
    names = {eid: e.name for eid, e in records.events.items()}
    wanted = {c.row for res in outcome.results for c in res.checks if c.sheet == "Games"}
    rows_of: dict[tuple[str, int], str] = {("Events", e.row): e.name for e in records.events.values()}
    if wanted:
        rows_of.update((("Games", g.row), names.get(g.event, g.event)) for g in records.games if g.row in wanted)
    keys = ["rule", "period", "event", "sheet", "row", "message"]
    rows = [[c.rule, res.period.label, _check_event(c, rows_of), c.sheet, c.row, words.check(c.rule, dict(c.args))]
            for res in outcome.results for c in res.checks]
    return SheetView("Checks", keys, [label(k, outcome.system) for k in keys], rows, [None] * len(keys),
                     tab_color="C00000")


def history_sheet(outcome: Outcome) -> SheetView:
    system, ledger = outcome.system, outcome.ledger
    words = Words(system)
    keys = list(ledger.columns())
    kinds = ledger.kinds()
    ranks = [j for j, k in enumerate(keys) if kinds.get(k) == "rank"]
    every = itemgetter(*keys) if len(keys) > 1 else None
    rows = []
    for r in ledger.rows():
        if every is not None and len(r) == len(keys):        # each row has every column (Ledger.rows)
            try:
                row = list(every(r))
            except KeyError:
                row = [r.get(k) for k in keys]
        else:
            row = [r.get(k) for k in keys]
        for j in ranks:
            row[j] = words.cell("rank", row[j])
        rows.append(row)
    return SheetView("History", keys, [label(k, system) for k in keys], rows,
                     [number_format(kinds.get(k, "text"), system) for k in keys],
                     hidden=sorted(ledger.internal()))


def chart_sheet(outcome: Outcome) -> SheetView | None:
    """The rating-history chart on a sheet of its own, so that it prints whole
    on one page: the top players' ratings per period from A1, the chart below."""
    chart = history_chart(outcome)
    if chart is None:
        return None
    width = len(chart.grid[0])
    return SheetView("Chart", ["period"] + [f"p{i}" for i in range(1, width)], chart.grid[0],
                     [list(r) for r in chart.grid[1:]], [None] + [chart.number_format] * (width - 1),
                     chart=chart)


def joined(records: Records, among: Iterable[str] | None = None) -> dict[str, dt.date]:
    """The day each player's rating history starts, for those who came without a rating of their own.

    A player with a rating or counted games in the Players sheet was on the list before the
    workbook's first period: their history reads from its start (not in the result).  Anyone
    else joins with their first game, dated award or points entry (a player who has none has
    no history yet: ``date.max``).  The History still holds a row for every period (the start
    the rulebook gave them); the player page, its chart and the Chart sheet show the periods
    from the one they joined in.  ``among``: only these players' (the rest left out; none of them
    new: no game looked at)."""
    players = records.players
    new = [pid for pid, p in players.items() if p.rating is None and not p.games] if among is None else \
        [pid for pid in dict.fromkeys(among) if pid in players and players[pid].rating is None and not players[pid].games]
    if not new:
        return {}
    wanted = set(new)
    first: dict[str, dt.date] = {}
    for g in records.games:
        a, b = g.player, g.opponent
        if a in wanted and (a not in first or g.date < first[a]):
            first[a] = g.date
        if b in wanted and (b not in first or g.date < first[b]):
            first[b] = g.date
    for pid, day in [(a.player, a.date) for a in records.awards if a.date is not None] + \
            [(e.player, e.date) for e in records.points]:
        if pid in wanted and (pid not in first or day < first[pid]):
            first[pid] = day
    return {pid: first.get(pid, dt.date.max) for pid in new}


def history_wide(outcome: Outcome, top: int = 10) -> tuple[list[str], list[str], list[list[Any]]]:
    """(periods, player names, values[period][player]) for the rating-history chart.

    The ``top`` players by their latest rating (score for peng), over every
    period in the ledger.
    """
    ledger = outcome.ledger
    periods = [p.label for p in ledger.periods()]
    latest: dict[str, Any] = {}
    for e in ledger.entries:
        if e.id not in latest or e.period.end >= latest[e.id].period.end:
            latest[e.id] = e
    ranked = sorted((e for e in latest.values() if isinstance(e.state.rating, (int, float))),
                    key=lambda e: -e.state.rating)[:top]
    ids = [e.id for e in ranked]
    names = [str(e.name) for e in ranked]
    wanted = set(ids)
    since = joined(outcome.records, ids)
    value = {(e.period.label, e.id): e.state.rating for e in ledger.entries
             if e.id in wanted and e.period.end >= since.get(e.id, e.period.end)}
    return periods, names, [[value.get((p, pid)) for pid in ids] for p in periods]


def history_chart(outcome: Outcome) -> ChartView | None:
    """The top players' ratings per period, and the chart's titles; None when there is nothing to draw."""
    periods, names, values = history_wide(outcome)
    if not names:
        return None
    words = Words(outcome.system)
    period = words.term("period")
    grid: list[list[Any]] = [[f"{period} period"] + names]
    grid += [[p] + row for p, row in zip(periods, values)]
    what = words.text(outcome.system.history_title)
    return ChartView(grid, words.text(CHART_TITLE).format(what=what, count=len(names)), period, what)


REASONS = {"records": ("记录有改动", "records changed"), "settings": ("设置有改动", "Settings changed"),
           "earlier": ("随对手或更早周期的更正而变", "follows from other corrections"),
           "deleted": ("已不在棋手表中", "no longer in the Players sheet"),
           # a period still running was published provisional: new games are additions, not corrections
           "added": ("暂定期内新增记录", "added while the period runs (provisional)")}


def corrections_sheet(outcome: Outcome, today: dt.date | None = None) -> SheetView | None:
    """Every published rating that re-rating changed: published, corrected, difference, why
    (a period still running on the day of the run was published provisional: the engine tells its
    changed records as additions to it, ``added``, not as corrections)."""
    if outcome.corrections is None:
        return None
    system, words = outcome.system, Words(outcome.system)
    players = outcome.records.players
    keys = ["period", "id", "name", "published", "corrected", "correction", "reason"]
    rows: list[list[Any]] = []
    for c in outcome.corrections:
        zh, en = REASONS.get(c.reason, (c.reason, c.reason))
        rows.append([c.period, c.id, players[c.id].name if c.id in players else c.name, c.published, c.corrected,
                     c.difference, f"{words.text(zh)} {en}"])
    kinds = ["text", "text", "text", "rating", "rating", "signed_rating", "text"]
    return SheetView("Corrections", keys, [label(k, system) for k in keys], rows,
                     [number_format(k, system) for k in kinds], tab_color="C65911")


def result_sheets(outcome: Outcome, today: dt.date | None = None) -> list[SheetView]:
    """Every result sheet of the outcome, in workbook order, with its page setup."""
    facts = outcome.last
    by_name = {s.name: s for s in outcome.system.sheets}
    out = [fact_sheet(by_name[name], facts, outcome) for name in RESULT_SHEETS if name in by_name]
    corrections = corrections_sheet(outcome, today)
    if corrections is not None:
        out.append(corrections)
    out.append(checks_sheet(outcome))
    out.append(history_sheet(outcome))
    chart = chart_sheet(outcome)
    if chart is not None:
        out.append(chart)
    day = run_date(today)
    for v in out:
        v.page = page_setup(v.name, len(v.keys) - len(v.hidden), outcome.system, outcome.federation,
                            facts.period, day)
    return out
