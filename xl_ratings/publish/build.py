"""A processed workbook's facts -> the website model (:mod:`.site_model`).

Everything shown comes from the same facts and the same view as the result
sheets (:mod:`xl_ratings.view`): the list's columns are the Ratings sheet's,
words and ranks are spelled by the same :class:`~xl_ratings.view.sheets.Words`,
so the site can never disagree with the workbook.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from typing import Any

from ..engine.run import Outcome
from ..i18n import to_lang
from ..i18n.labels import ENGLISH, LABELS
from ..systems.base import Column as SheetColumn
from ..systems.base import PeriodFacts, Sheet
from ..view.page import LIST_NAMES, provisional
from ..view.sheets import STATUS, Words, ordered
from .site_model import Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text

#: Ratings-sheet columns the web list shows (in the sheet's order).
LIST_KEYS = ("place", "id", "name", "club", "sex", "rank", "annual", "new", "cumulative", "change", "games", "status",
             "standard", "title", "label", "honorary")
#: view display kind -> site column kind
KINDS = {"rating": "rating", "signed_rating": "change", "dec1": "decimal2", "dec2": "decimal2",
         "dec3": "decimal3", "signed2": "signed2", "date": "date"}
NUMERIC = {"rating", "change", "decimal2", "decimal3", "signed2", "int"}


class Builder:
    """Builds the :class:`Site` of one published period from an outcome that
    holds the facts of every processed period (oldest first)."""

    def __init__(self, outcome: Outcome, published: PeriodFacts, today: dt.date) -> None:
        self.out, self.facts, self.today = outcome, published, today
        self.system = outcome.system
        self.words = Words(self.system)
        self.players = outcome.records.players
        self.events = outcome.records.events
        self.slugs = _slugs(self.players)
        self.event_slugs = _slugs(self.events)
        self.links = {pid: Link(p.name, f"players/{self.slugs[pid]}.html") for pid, p in self.players.items()}
        self.results = [r for r in outcome.results if r.period.end <= published.period.end]
        self.periods = [r.period for r in self.results]
        self.event_links = {eid: Link(e.name, f"events/{self.event_slugs[eid]}.html")
                            for eid, e in self.events.items()}

    # ------------------------------------------------------------------ words
    def text(self, key: str) -> Text:
        zh = self.system.terms.get(key) or LABELS.get(key, key)
        return Text(to_lang(zh, self.system.lang), ENGLISH.get(key, key))

    def zh(self, simplified: str) -> str:
        return to_lang(simplified, self.system.lang)

    def column(self, col: SheetColumn, sample: list[Any]) -> Column:
        kind = KINDS.get(col.kind)
        if kind is None:
            filled = [v for v in sample if v is not None and v != ""]
            if filled and all(isinstance(v, int) and not isinstance(v, bool) for v in filled):
                kind = "int"
            else:
                kind = "text"
        return Column(col.key, self.text(col.key), kind, kind in NUMERIC)

    def cell(self, col: SheetColumn, line: Any) -> Any:
        src = col.source
        if src in ("name", "sex", "club"):
            p = self.players.get(line.id)
            if p is None:
                return ""
            if src == "name":
                return self.links[line.id]
            if src == "sex":
                return {"M": self.zh("男"), "F": self.zh("女")}.get(p.sex or "", "")
            return p.club
        if src == "event_name":
            return self.event_links.get(line.event, "")
        v = getattr(line, src, None)
        if col.kind in KINDS or col.kind in ("text", "num", "whole"):
            if isinstance(v, float) and col.kind in ("text", "num") and not v.is_integer():
                return f"{v:g}"
            if isinstance(v, float) and col.kind in ("text", "num", "whole"):
                return int(v)
            return v
        if col.kind == "money":
            return f"${v:,.0f}" if isinstance(v, (int, float)) else v
        return self.words.cell(col.kind, v)

    def table(self, sheet: Sheet, lines: list[Any], title: Text, skip: tuple[str, ...] = (),
              lead: list[tuple[Column, Any]] | None = None) -> Table:
        """A result sheet's lines as a table (``lead``: extra first columns, as (column, getter))."""
        cols = [c for c in sheet.columns if c.key not in skip]
        rows = []
        for line in lines:
            row = {c.key: self.cell(c, line) for c in cols}
            for column, get in lead or []:
                row[column.key] = get(line)
            rows.append(row)
        columns = [self.column(c, [r.get(c.key) for r in rows[:50]]) for c in cols]
        return Table(title, [c for c, _ in lead or []] + columns, rows)

    # ------------------------------------------------------------------ the list
    def sheet(self, name: str) -> Sheet | None:
        return next((s for s in self.system.sheets if s.name == name), None)

    def list_table(self) -> tuple[list[Column], list[dict[str, Any]]]:
        sheet = self.sheet("Ratings")
        assert sheet is not None
        cols = [c for c in sheet.columns if c.key in LIST_KEYS]
        rows = []
        listed = set()
        for line in self.facts.ratings:
            rows.append(self.list_row(cols, line))
            listed.add(line.id)
        pending = self.sheet("Pending")
        for p in ordered(pending, self.facts.pending, self.out) if pending else []:
            if p.id not in listed:
                row: dict[str, Any] = {c.key: None for c in cols}
                row.update(id=p.id, name=self.links[p.id], club=self.players[p.id].club,
                           status=self.words.status("pending"),
                           games=p.games)
                row.update(self.private(p.id, "pending"))
                rows.append(row)
        columns = [self.column(c, [r.get(c.key) for r in rows[:50]]) for c in cols]
        return columns, rows

    def list_row(self, cols: list[SheetColumn], line: Any) -> dict[str, Any]:
        row = {c.key: self.cell(c, line) for c in cols}
        row.update(self.private(line.id, line.status))
        return row

    def private(self, pid: str, status: str) -> dict[str, Any]:
        p = self.players[pid]
        return {"_slug": self.slugs[pid], "_search": _search(p.name, pid), "_club": p.club,
                "_sex": p.sex or "", "_status": status}

    # ------------------------------------------------------------------ pages
    def player_pages(self) -> list[PlayerPage]:
        entries: dict[str, dict[str, Any]] = defaultdict(dict)
        for e in self.out.ledger.entries:
            if e.period.end <= self.facts.period.end:
                entries[e.id][e.period.label] = e
        lines = {x.id: x for x in self.facts.ratings}
        changes = defaultdict(list)
        for r in self.results:
            for c in r.changes:
                changes[c.id].append((r.period.label, c))
        games = self.player_games()
        rating_sheet, change_sheet = self.sheet("Ratings"), self.sheet("Changes")
        assert rating_sheet is not None and change_sheet is not None
        extra = [c for c in rating_sheet.columns if c.key not in LIST_KEYS and c.key not in ("id",)]
        period_col = Column("period", self.text("period"))
        event_col = Column("event", self.text("event"))
        change_skip = ("id", "name", "event", "event_name")
        pages = []
        for pid, p in self.players.items():
            mine = entries.get(pid, {})
            last = mine.get(self.facts.period.label)
            line = lines.get(pid)
            status = line.status if line else (last.state.status if last else "pending")
            zh, en = STATUS.get(status, (status, status))
            summary = [(self.text(c.key), self.shown(c, line)) for c in extra if line is not None]
            summary = [(t, v) for t, v in summary if v not in ("", "None")]
            standard = ""
            if line is not None:
                for key in ("label", "title", "standard"):
                    col = next((c for c in rating_sheet.columns if c.key == key), None)
                    if col is not None:
                        standard = _shown(self.cell(col, line))
                        if standard:
                            break
            history = [HistoryPoint(q.label, q.end, mine[q.label].state.rating if q.label in mine else None)
                       for q in self.periods]
            periods = self.periods_table(mine)
            mine_changes = changes.get(pid, [])
            ctable = self.table(change_sheet, [c for _, c in mine_changes], self.text_pair("等级分变动", "Rating changes"),
                                skip=change_skip,
                                lead=[(period_col, _period_of(mine_changes)),
                                      (event_col, lambda c: self.event_links.get(c.event, c.event))])
            pages.append(PlayerPage(
                id=pid, slug=self.slugs[pid], name=p.name, search=_search(p.name, pid), club=p.club, sex=p.sex,
                status=status, status_label=Text(self.zh(zh), en),
                rating=last.state.rating if last else None, standard=standard,
                place=line.place if line else None, summary=summary, history=history, periods=periods,
                changes=ctable, games=self.games_table(games.get(pid, []))))
        return pages

    def shown(self, col: SheetColumn, line: Any) -> str:
        """A rating line's value as the site shows it (the renderer's own number format)."""
        from .site import format_value

        v = self.cell(col, line)
        kind = KINDS.get(col.kind)
        if kind is not None and isinstance(v, (int, float)):
            return str(format_value(v, kind, self.system.rating_decimals))
        return _shown(v)

    def text_pair(self, zh: str, en: str) -> Text:
        return Text(self.zh(zh), en)

    def periods_table(self, mine: dict[str, Any]) -> Table:
        keys = [("period", "text"), ("old", "rating"), ("new", "rating"), ("change", "change"),
                ("status", "text"), ("games", "int"), ("period_games", "int")]
        rows = []
        for q in self.periods:
            e = mine.get(q.label)
            if e is None:
                continue
            rows.append({"period": q.label, "old": e.old, "new": e.state.rating, "change": e.change,
                         "status": self.words.status(e.state.status), "games": e.state.games,
                         "period_games": e.state.period_games})
        return Table(self.text_pair("各周期等级分", "Ratings by period"),
                     [Column(k, self.text(k), kind, kind in NUMERIC) for k, kind in keys], rows)

    def player_games(self) -> dict[str, list[tuple[str, Any, str, float, bool]]]:
        """Each player's games of the published periods: (period, game, opponent, score, forfeit)."""
        out: dict[str, list[tuple[str, Any, str, float, bool]]] = defaultdict(list)
        for q, g in self.games_by_period():
            r = g.result
            out[g.player].append((q, g, g.opponent, r.score, r.forfeit))
            out[g.opponent].append((q, g, g.player, 1.0 - r.score, r.forfeit))
        return out

    def games_by_period(self) -> list[tuple[str, Any]]:
        found = []
        for g in self.out.records.games:
            ev = self.events.get(g.event)
            day = ev.end if ev is not None else g.date
            q = next((p for p in self.periods if p.contains(day) or p.contains(g.date)), None)
            if q is not None:
                found.append((q.label, g))
        return found

    def games_table(self, games: list[tuple[str, Any, str, float, bool]]) -> Table:
        handicap = any(g.handicap for _, g, _, _, _ in games)
        cols = [("period", "text"), ("date", "date"), ("event", "text"), ("round", "text"), ("opponent", "text"),
                ("result", "text")] + ([("handicap", "text")] if handicap else [])
        rows = []
        for q, g, opp, score, forfeit in sorted(games, key=lambda x: (x[1].date, x[1].row)):
            h = g.handicap if opp == g.opponent else -g.handicap
            rows.append({"period": q, "date": g.date, "event": self.event_links.get(g.event, g.event),
                         "round": _shown(g.round), "opponent": self.links.get(opp, opp),
                         "result": _result(score, forfeit, self.zh), "handicap": f"{h:+g}" if h else ""})
        return Table(self.text_pair("对局记录", "Games"),
                     [Column(k, self.text(k), kind, kind in NUMERIC) for k, kind in cols], rows)

    def event_pages(self) -> list[EventPage]:
        by_event: dict[str, list[tuple[str, Any]]] = defaultdict(list)
        for q, g in self.games_by_period():
            by_event[g.event].append((q, g))
        changes: dict[str, list[Any]] = defaultdict(list)
        for r in self.results:
            for c in r.changes:
                changes[c.event].append(c)
        change_sheet = self.sheet("Changes")
        assert change_sheet is not None
        pages = []
        for eid, games in by_event.items():
            ev = self.events[eid]
            period = games[0][0]
            facts = [(self.text("format"), self.zh({"round_robin": "循环赛", "swiss": "积分编排制",
                                                    "games": "对局"}.get(ev.format, ev.format)) +
                      f" {ev.format}"),
                     (self.text("class"), ev.cls or ""), (self.text("level"), ev.level or "")]
            if ev.champion and ev.champion in self.players:
                facts.append((self.text("champion"), self.players[ev.champion].name))
            facts = [(t, v) for t, v in facts if v]
            rows = [{"round": _shown(g.round), "date": g.date, "player": self.links.get(g.player, g.player),
                     "opponent": self.links.get(g.opponent, g.opponent),
                     "result": _result(g.result.score, g.result.forfeit, self.zh)}
                    for _, g in sorted(games, key=lambda x: (x[1].date, _round_key(x[1].round), x[1].row))]
            gcols = [Column("round", self.text("round")), Column("date", self.text("date"), "date"),
                     Column("player", self.text("player")), Column("opponent", self.text("opponent")),
                     Column("result", self.text("result"))]
            ctable = self.table(change_sheet, changes.get(eid, []), self.text_pair("等级分变动", "Rating changes"),
                                skip=("event", "event_name", "id"))
            pages.append(EventPage(
                id=eid, slug=self.event_slugs[eid], name=ev.name, start=ev.start, end=ev.end, period=period,
                facts=facts, crosstable=self.crosstable(ev, [g for _, g in games]) if ev.format == "round_robin"
                else None, games=Table(self.text_pair("对局", "Games"), gcols, rows), changes=ctable))
        return pages

    def crosstable(self, ev: Any, games: list[Any]) -> Table | None:
        cells: dict[tuple[str, str], list[str]] = defaultdict(list)
        score: dict[str, float] = defaultdict(float)
        for g in games:
            s = g.result.score
            cells[g.player, g.opponent].append(_mark(s, g.result.forfeit))
            cells[g.opponent, g.player].append(_mark(1 - s, g.result.forfeit))
            score[g.player] += s
            score[g.opponent] += 1 - s
        who = sorted(score, key=lambda p: (-score[p], p))
        if len(who) > 40:
            return None     # a crosstable that wide does not read; the games table has every result
        number = {p: i for i, p in enumerate(who, start=1)}
        cols = [Column("no", Text("序号", "No."), "int", True), Column("player", self.text("player"))]
        cols += [Column(f"c{number[p]}", Text(str(number[p]), ""), "text") for p in who]
        cols.append(Column("total", self.text_pair("总分", "Total"), "text", True))
        rows = []
        for p in who:
            row: dict[str, Any] = {"no": number[p], "player": self.links.get(p, p), "total": _half(score[p])}
            for q in who:
                row[f"c{number[q]}"] = "×" if p == q else " ".join(cells.get((p, q), []))
            rows.append(row)
        return Table(self.text_pair("循环赛成绩表", "Crosstable"), cols, rows)

    def other_tables(self) -> list[Table]:
        out = []
        for name in ("Inactive", "Pending", "Fees"):
            sheet = self.sheet(name)
            if sheet is None:
                continue
            lines = ordered(sheet, self.facts.lines(sheet.source), self.out)
            zh, en = LIST_NAMES[name]
            out.append(self.table(sheet, list(lines), self.text_pair(zh, en), skip=("id",)))
        return out

    def build(self) -> Site:
        period = self.facts.period
        columns, rows = self.list_table()
        standards_sheet = self.sheet("Standards")
        assert standards_sheet is not None
        title_zh, _, title_en = self.system.title.partition(" (")
        notes = [Text(self.zh("每名棋手的页面列出各周期的等级分、等级分变动表与全部对局。"),
                      "Each player's page lists every period's rating, the change-report lines and the games.")]
        return Site(
            lang=self.system.lang, federation=self.out.federation,
            title=Text(self.zh(LIST_NAMES["Ratings"][0]), LIST_NAMES["Ratings"][1]),
            system=Text(title_zh, title_en.rstrip(")").split(",")[0]), period=period.label,
            period_start=period.start, period_end=period.end, provisional=provisional(period, self.today),
            published=self.today, rating_decimals=self.system.rating_decimals, list_columns=columns,
            list_rows=rows, players=self.player_pages(), events=self.event_pages(),
            standards=self.table(standards_sheet, list(self.facts.standards),
                                 self.text_pair(*LIST_NAMES["Standards"])),
            others=self.other_tables(), periods=[q.label for q in self.periods], notes=notes)


def build_site(outcome: Outcome, period: str | None = None, today: dt.date | None = None) -> Site:
    """The website of ``period`` (default: the latest processed one)."""
    facts = outcome.last if period is None else next(r for r in outcome.results if r.period.label == period)
    return Builder(outcome, facts, today or dt.date.today()).build()


def _slugs(items: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    used: set[str] = set()
    for key in items:
        base = re.sub(r"[^A-Za-z0-9_-]+", "_", str(key)).strip("_").lower() or "x"
        slug, n = base, 1
        while slug in used:
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        out[key] = slug
    return out


def _search(name: str, pid: str) -> str:
    from pypinyin import lazy_pinyin

    syllables = lazy_pinyin(name)
    return " ".join([" ".join(syllables), "".join(syllables), "".join(s[:1] for s in syllables), pid]).lower()


def _shown(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, Link):
        return v.text
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else f"{v:g}"
    return str(v)


def _half(x: float) -> str:
    whole = int(x)
    return (str(whole) if whole or x == whole else "") + ("½" if x - whole == 0.5 else "") if x != 0 else "0"


def _mark(score: float, forfeit: bool) -> str:
    return ("+" if score == 1 else "−") if forfeit else {1.0: "1", 0.5: "½", 0.0: "0"}[score]


def _result(score: float, forfeit: bool, zh: Any) -> str:
    shown = {1.0: "1", 0.5: "½", 0.0: "0"}[score]
    return f"{shown} ({zh('弃权')} forfeit)" if forfeit else shown


def _round_key(v: Any) -> tuple[int, float | str]:
    try:
        return (0, float(v))
    except (TypeError, ValueError):
        return (1, str(v or ""))


def _period_of(pairs: list[tuple[str, Any]]) -> Any:
    label = {id(c): q for q, c in pairs}
    return lambda c: label.get(id(c), "")
