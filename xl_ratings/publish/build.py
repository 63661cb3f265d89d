"""A processed workbook's facts -> the website model (:mod:`.site_model`).

Everything shown comes from the same facts and the same view as the result
sheets (:mod:`xl_ratings.view`): the list's columns are the Ratings sheet's,
words and ranks are spelled by the same :class:`~xl_ratings.view.sheets.Words`,
so the site can never disagree with the workbook.
"""

from __future__ import annotations

import datetime as dt
import gc
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping
from typing import Any

from ..engine.perf import gc_paused
from ..engine.periods import run_date
from ..engine.run import Outcome
from ..i18n import TRADITIONAL, simplified, to_lang
from ..i18n.labels import ENGLISH, LABELS
from ..systems.base import Column as SheetColumn
from ..systems.base import PeriodFacts, Sheet
from ..view.numbers import format_number
from ..view.page import LIST_NAMES, provisional
from ..view.public import hidden_fields, public_sheet
from ..view.sheets import STATUS, Words, joined, ordered
from .folder import reserved_on_windows
from .standings import TIE_BREAKS, colour_of, game_result, own_result, standings
from .site_model import ArchivedList, Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text

#: Ratings-sheet columns the web list shows (in the sheet's order).
LIST_KEYS = ("place", "id", "name", "club", "sex", "rank", "annual", "new", "cumulative", "change", "games", "status",
             "standard", "title", "label", "honorary")
#: view display kind -> site column kind
KINDS = {"rating": "rating", "signed_rating": "change", "dec1": "decimal2", "dec2": "decimal2",
         "dec3": "decimal3", "signed2": "signed2", "date": "date"}
NUMERIC = {"rating", "change", "decimal2", "decimal3", "signed2", "int"}
#: the columns of a player's games a game-by-game rulebook adds (Chinese with the system's word for rating)
GAME_AUDIT = {"opponent_rating": ("对手{rating}（所用）", "opponent's rating used"),
              "game_expected": ("期望得分", "expected score"), "game_change": ("本局变动", "change"),
              "own_used": ("本人{rating}（所用）", "own rating used"),
              "own_before": ("赛前{rating}", "rating before"), "own_after": ("赛后{rating}", "rating after"),
              "game_k": ("K值", "K"), "game_factor": ("系数", "factor"),
              "own_rank": ("本人段级（所用）", "own rank used"), "opponent_rank": ("对手段级（所用）", "opponent's rank used"),
              "opponent_coefficient": ("对手系数 A", "opponent's A"),
              "game_cumulative": ("累积分", "cumulative points"), "game_annual": ("年度分", "annual points"),
              "game_note": ("说明", "note"), "computation": ("计算", "computation")}
#: why a game did not count for a player (:attr:`~xl_ratings.systems.base.GameAudit.note`)
AUDIT_NOTES = {"forfeit": ("未对弈，不计", "not played: not counted"),
               "both_unrated": ("双方均无等级分，不计", "both unrated: not counted"),
               "unrated_opponent": ("积分编排制中对手无等级分，不计", "Swiss event, unrated opponent: not counted"),
               "guest": ("非注册棋手，本人不计", "not registered: not rated"),
               "level": ("赛事级别不含本人段级，不计", "event level does not cover the rank: not counted")}


class Builder:
    """Builds the :class:`Site` of one published period from an outcome that
    holds the facts of every processed period (oldest first)."""

    def __init__(self, outcome: Outcome, published: PeriodFacts, today: dt.date,
                 private: Collection[str] = (), latin: Mapping[str, str] | None = None) -> None:
        self.out, self.facts, self.today = outcome, published, today
        self.latin = latin or {}                    #: the Players sheet's latin_name, by player
        self.hidden = hidden_fields(private)        #: private fields kept off the pages
        self._sheets = {s.name: public_sheet(s, self.hidden) for s in outcome.system.sheets}
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
        self.joined = joined(outcome.records)      #: a player's history starts with their first game
        # caches: a big site builds the same words, getters and column lists many thousand times
        self._texts: dict[str, Text] = {}
        self._getters: dict[int, tuple[SheetColumn, Callable[[Any], Any]]] = {}
        self._columns: dict[tuple[Column, ...], list[Column]] = {}
        self._statuses: dict[str, Any] = {}
        self._searches: dict[str, str] = {}
        self._games: list[tuple[str, Any]] | None = None
        self._pairs: dict[tuple[str, str], Text] = {}
        self._made: dict[tuple[str, str], Column] = {}
        self._plans: dict[tuple[int, tuple[str, ...]], tuple[Sheet, list[SheetColumn],
                                                              list[tuple[str, Callable[[Any], Any]]]]] = {}
        self._games_sorted = False
        self._rounds: dict[type, dict[Any, str]] = {int: {}, float: {}, str: {}}
        self._status_words: dict[str, str] = {}

    # ------------------------------------------------------------------ words
    def text(self, key: str) -> Text:
        got = self._texts.get(key)
        if got is None and key in GAME_AUDIT:
            rating = self.system.terms.get("rating") or "等级分"
            zh, en = GAME_AUDIT[key]
            got = self._texts[key] = Text(to_lang(zh.format(rating=rating), self.system.lang), en)
        if got is None:
            zh = self.system.terms.get(key) or LABELS.get(key, key)
            en = self.system.english_terms.get(key) or ENGLISH.get(key, key)
            got = self._texts[key] = Text(to_lang(zh, self.system.lang), en)
        return got

    def columns(self, columns: list[Column]) -> list[Column]:
        """One shared list per distinct list of columns (the renderer plans a table per list once)."""
        return self._columns.setdefault(tuple(columns), columns)

    def zh(self, simplified: str) -> str:
        return to_lang(simplified, self.system.lang)

    def column(self, col: SheetColumn, rows: list[dict[str, Any]]) -> Column:
        """The site column of ``col``; a kind the view does not map is "int" when the first 50 rows
        hold whole numbers only, else "text"."""
        kind = KINDS.get(col.kind)
        if kind is None:
            sample = [r.get(col.key) for r in rows[:50]]
            filled = [v for v in sample if v is not None and v != ""]
            if filled and all(isinstance(v, int) and not isinstance(v, bool) for v in filled):
                kind = "int"
            else:
                kind = "text"
        got = self._made.get((col.key, kind))
        if got is None:
            got = self._made[(col.key, kind)] = Column(col.key, self.text(col.key), kind, kind in NUMERIC)
        return got

    def getter(self, col: SheetColumn) -> Callable[[Any], Any]:
        """``line -> the cell of col`` (as :meth:`_cell`), with the column's branch chosen once."""
        got = self._getters.get(id(col))
        if got is not None and got[0] is col:
            return got[1]
        fn = self._make_getter(col)
        self._getters[id(col)] = (col, fn)
        return fn

    def _make_getter(self, col: SheetColumn) -> Callable[[Any], Any]:
        src, kind = col.source, col.kind
        players = self.players
        if src == "name":
            links = self.links
            return lambda line: links[line.id] if line.id in players else ""
        if src == "sex":
            sexes = {"M": self.zh("男"), "F": self.zh("女")}

            def sex(line: Any) -> Any:
                p = players.get(line.id)
                return "" if p is None else sexes.get(p.sex or "", "")
            return sex
        if src == "club":
            def club(line: Any) -> Any:
                p = players.get(line.id)
                return "" if p is None else p.club
            return club
        if src == "event_name":
            event_links = self.event_links
            return lambda line: event_links.get(line.event, "")
        if kind in KINDS:
            return lambda line: getattr(line, src, None)
        if kind in ("text", "num"):
            def text(line: Any) -> Any:
                v = getattr(line, src, None)
                if isinstance(v, float):
                    return int(v) if v.is_integer() else f"{v:g}"
                return v
            return text
        if kind == "whole":
            def whole(line: Any) -> Any:
                v = getattr(line, src, None)
                return int(v) if isinstance(v, float) else v
            return whole
        if kind == "status":
            statuses, cell = self._statuses, self.words.cell

            def status(line: Any) -> Any:
                v = getattr(line, src, None)
                if type(v) is not str:
                    return cell("status", v)
                got = statuses.get(v)
                if got is None:
                    got = statuses[v] = cell("status", v)
                return got
            return status
        return lambda line: self._cell(col, line)

    def _cell(self, col: SheetColumn, line: Any) -> Any:
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
        plan = self._plans.get((id(sheet), skip))
        if plan is None or plan[0] is not sheet:
            cols = [c for c in sheet.columns if c.key not in skip]
            plan = self._plans[(id(sheet), skip)] = (sheet, cols, [(c.key, self.getter(c)) for c in cols])
        _, cols, getters = plan
        rows = []
        if lead:
            for line in lines:
                row = {k: g(line) for k, g in getters}
                for column, get in lead:
                    row[column.key] = get(line)
                rows.append(row)
        else:
            rows = [{k: g(line) for k, g in getters} for line in lines]
        columns = [self.column(c, rows) for c in cols]
        return Table(title, self.columns([c for c, _ in lead or []] + columns), rows)

    # ------------------------------------------------------------------ the list
    def sheet(self, name: str) -> Sheet | None:
        """The result sheet ``name`` as the public pages show it (private columns left out; None
        for a sheet kept off them)."""
        return self._sheets.get(name)

    def list_table(self, facts: PeriodFacts | None = None) -> tuple[list[Column], list[dict[str, Any]]]:
        """The rating list of ``facts``' period (default: the published one)."""
        facts = facts or self.facts
        sheet = self.sheet("Ratings")
        assert sheet is not None
        cols = [c for c in sheet.columns if c.key in LIST_KEYS]
        rows = []
        listed = set()
        for line in facts.ratings:
            rows.append(self.list_row(cols, line))
            listed.add(line.id)
        pending = self.sheet("Pending")
        for p in ordered(pending, facts.pending, self.out) if pending else []:
            if p.id not in listed:
                row: dict[str, Any] = {c.key: None for c in cols}
                row.update(id=p.id, name=self.links[p.id], club=self.players[p.id].club,
                           status=self.words.status("pending"),
                           games=p.games)
                row.update(self.private(p.id, "pending"))
                rows.append(row)
        columns = [self.column(c, rows) for c in cols]
        return columns, rows

    def list_row(self, cols: list[SheetColumn], line: Any) -> dict[str, Any]:
        row = {c.key: self.getter(c)(line) for c in cols}
        row.update(self.private(line.id, line.status))
        return row

    def private(self, pid: str, status: str) -> dict[str, Any]:
        p = self.players[pid]
        return {"_slug": self.slugs[pid], "_search": self.search(pid), "_club": p.club,
                "_sex": p.sex or "", "_status": status}

    def search(self, pid: str) -> str:
        got = self._searches.get(pid)
        if got is None:
            got = self._searches[pid] = _search(self.players[pid].name, pid, self.latin.get(pid, ""),
                                                self.system.lang == "zh-Hant")
        return got

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
        standard_cols = [col for key in ("label", "title", "standard")
                         if (col := next((c for c in rating_sheet.columns if c.key == key), None)) is not None]
        event_links = self.event_links
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
                for col in standard_cols:
                    standard = _shown(self.getter(col)(line))
                    if standard:
                        break
            since = self.joined.get(pid)
            shown = [q for q in self.periods if since is None or q.end >= since]   # from their first game
            history = [HistoryPoint(q.label, q.end, mine[q.label].state.rating if q.label in mine else None)
                       for q in shown]
            periods = self.periods_table(mine, shown)
            mine_changes = changes.get(pid, [])
            ctable = self.table(change_sheet, [c for _, c in mine_changes], self.text_pair("等级分变动", "Rating changes"),
                                skip=change_skip,
                                lead=[(period_col, _period_of(mine_changes)),
                                      (event_col, lambda c: event_links.get(c.event, c.event))])
            pages.append(PlayerPage(
                id=pid, slug=self.slugs[pid], name=p.name, search=self.search(pid), club=p.club, sex=p.sex,
                status=status, status_label=self.text_pair(zh, en),
                rating=last.state.rating if last else None, standard=standard,
                place=line.place if line else None, summary=summary, history=history, periods=periods,
                changes=ctable, games=self.games_table(games.get(pid, [])),
                audit=self.audit_table(mine_changes, mine)))
        return pages

    def shown(self, col: SheetColumn, line: Any) -> str:
        """A rating line's value as the site shows it (the view's number format)."""
        v = self.getter(col)(line)
        kind = KINDS.get(col.kind)
        if kind is not None and isinstance(v, (int, float)):
            return format_number(v, kind, self.system.rating_decimals)
        return _shown(v)

    def text_pair(self, zh: str, en: str) -> Text:
        got = self._pairs.get((zh, en))
        if got is None:
            got = self._pairs[(zh, en)] = Text(self.zh(zh), en)
        return got

    def round_text(self, v: Any) -> str:
        """``_shown(v)`` of a game's round (remembered per type: 1, 1.0 and True may read differently)."""
        cache = self._rounds.get(type(v))
        if cache is None:
            return _shown(v)
        got = cache.get(v)
        if got is None:
            got = cache[v] = _shown(v)
        return got

    def status_word(self, status: str) -> str:
        got = self._status_words.get(status)
        if got is None:
            got = self._status_words[status] = self.words.status(status)
        return got

    def plain_columns(self, keys: list[tuple[str, str]]) -> list[Column]:
        return self.columns([Column(k, self.text(k), kind, kind in NUMERIC) for k, kind in keys])

    def periods_table(self, mine: dict[str, Any], periods: list[Any]) -> Table:
        keys = [("period", "text"), ("old", "rating"), ("new", "rating"), ("change", "change"),
                ("status", "text"), ("games", "int"), ("period_games", "int")]
        rows = []
        for q in periods:
            e = mine.get(q.label)
            if e is None:
                continue
            rows.append({"period": q.label, "old": e.old, "new": e.state.rating, "change": e.change,
                         "status": self.status_word(e.state.status), "games": e.state.games,
                         "period_games": e.state.period_games})
        return Table(self.text_pair("各周期等级分", "Ratings by period"), self.plain_columns(keys), rows)

    def player_games(self) -> dict[str, list[tuple[tuple[Any, ...], dict[str, Any], bool]]]:
        """Each player's games of the published periods, as rows of the games table:
        (order: date, event, round, row; row; handicap shown)."""
        out: dict[str, list[tuple[tuple[Any, ...], dict[str, Any], bool]]] = defaultdict(list)
        links, event_links, zh = self.links, self.event_links, self.zh
        results: dict[tuple[float, bool], str] = {}

        def result(score: float, forfeit: bool) -> str:
            got = results.get((score, forfeit))
            if got is None:
                got = results[(score, forfeit)] = own_result(score, forfeit, zh)
            return got
        found = self.games_by_period()
        order = _game_order
        try:    # in the order of each player's games table (stable: the same as sorting each table)
            found = sorted(found, key=lambda x: order(x[1]))
            self._games_sorted = True
        except TypeError:
            self._games_sorted = False
        audit = self.game_audit()
        facts = self.game_facts()
        for q, g in found:
            r = g.result
            score, forfeit = r.score, r.forfeit
            key = order(g)
            event = event_links.get(g.event, g.event)
            shown_round = self.round_text(g.round)
            player, opponent = g.player, g.opponent
            h = g.handicap
            row = {"period": q, "date": g.date, "event": event, "round": shown_round,
                   "opponent": links.get(opponent, opponent), "result": result(score, forfeit),
                   "handicap": _stones(h)}
            if audit is not None:
                row.update(audit(g.event, player, opponent, score, h, forfeit))
            elif facts is not None:
                row.update(facts(g.event, g.row, player, opponent))
            out[player].append((key, row, bool(h)))
            # from the opponent's side (a game against oneself is listed from the player's side twice)
            h = g.handicap if player == opponent else -g.handicap
            row = {"period": q, "date": g.date, "event": event, "round": shown_round,
                   "opponent": links.get(player, player), "result": result(1.0 - score, forfeit),
                   "handicap": _stones(h)}
            if audit is not None:
                row.update(audit(g.event, opponent, player, 1.0 - score, h, forfeit))
            elif facts is not None:
                row.update(facts(g.event, g.row, opponent, player))
            out[opponent].append((key, row, bool(h)))
        self._lines_add_up(out)
        return out

    def _lines_add_up(self, out: Mapping[str, list[tuple[tuple[Any, ...], dict[str, Any], bool]]]) -> None:
        """Each game's change as printed adds up: gor -- an event's game lines to its change-report
        line, each shown as the difference of the running sum rounded as the page rounds it;
        lianzhong -- the rating before + the change = the rating after, as printed.  Every shown
        change is within one unit of the last decimal of its rulebook value."""
        from decimal import Decimal

        from ..view.numbers import MINUS, fixed

        places = self.system.rating_decimals

        def shown(v: Any) -> Decimal:
            return Decimal(fixed(v, places).replace(MINUS, "-"))
        for rows in out.values():
            try:
                rows.sort(key=lambda x: x[0])
            except TypeError:
                pass
            running: dict[tuple[Any, Any], float] = {}
            for _, row, _ in rows:
                change = row.get("game_change")
                if not isinstance(change, (int, float)) or isinstance(change, bool):
                    continue
                before, after = row.get("own_before"), row.get("own_after")
                if isinstance(before, (int, float)) and isinstance(after, (int, float)):
                    row["game_change_exact"] = change                       # what the rulebook computed
                    row["game_change"] = shown(after) - shown(before)         # lianzhong: before + change = after
                    continue
                row["game_change_exact"] = change                       # what the rulebook computed
                k = (row.get("period"), row.get("event"))
                was = running.get(k, 0.0)
                running[k] = now = was + change
                row["game_change"] = shown(now) - shown(was)

    def game_audit(self) -> Callable[[str, str, str, float, float, bool], dict[str, Any]] | None:
        """``(event, player, opponent, score, handicap, forfeit) -> the game's opponent rating used,
        expected score and change`` where the rulebook rates game by game (:attr:`System.game_line`)."""
        line_of = self.system.game_line
        if line_of is None:
            return None
        lines = {(c.id, c.event): c for r in self.results for c in r.changes}
        params = self.out.params

        def audit(event: str, player: str, opponent: str, score: float, h: float, forfeit: bool) -> dict[str, Any]:
            own, other = lines.get((player, event)), lines.get((opponent, event))
            if own is None or other is None:
                return {}
            used, se, change = line_of(params, own, other, score, h, forfeit)
            return {"opponent_rating": used, "game_expected": se, "game_change": change}
        return audit

    def game_facts(self) -> Callable[[str, int | None, str, str], dict[str, Any]] | None:
        """``(event, row, player, opponent) -> the game's audit cells`` from the engine's
        per-game facts (:attr:`PeriodFacts.games`), where the system keeps them."""
        keys = [k for k, _ in self.system.audit_columns]
        if not keys:
            return None
        found = {(a.event, a.row, a.id, a.opponent): a for r in self.results for a in r.games}
        blank = dict.fromkeys(keys)
        notes = {k: self.text_pair(*v) for k, v in AUDIT_NOTES.items()}
        words = self.words

        def facts(event: str, row: int | None, player: str, opponent: str) -> dict[str, Any]:
            a = found.get((event, row, player, opponent))
            if a is None:
                return {**blank, "game_note": ""}
            cells = dict(zip(keys, a.values)) if a.values else dict(blank)
            for k, kind in self.system.audit_columns:
                if kind == "rank" and cells[k] is not None:
                    cells[k] = words.cell("rank", cells[k])
            note = notes.get(a.note)
            cells["game_note"] = "" if note is None else f"{note.zh} {note.en}"
            return cells
        return facts

    def audit_table(self, mine: list[tuple[str, Any]], entries: Mapping[str, Any]) -> Table | None:
        """Each event's computation as the rulebook does it (:attr:`System.audit_event`), then each
        period's sum: the old rating + the period's ΔR = the new one, as published."""
        explain = self.system.audit_event
        if explain is None:
            return None
        params, event_links = self.out.params, self.event_links
        rows: list[dict[str, Any]] = []
        by_period: dict[str, list[float]] = defaultdict(list)
        for q, c in mine:
            text = explain(params, c)
            if text:
                rows.append({"period": q, "event": event_links.get(c.event, c.event), "computation": text})
                by_period[q].append(c.change)
        if not rows:
            return None
        total = self.text_pair("本期合计", "period total")
        decimals = self.system.rating_decimals
        for q, changes in by_period.items():
            e = entries.get(q)
            if e is None or e.old is None or e.state.rating is None:
                continue
            raw = e.old + sum(changes)
            terms = " ".join(f"{'+' if x >= 0 else '−'} {abs(x):.2f}" for x in changes)
            text = f"{format_number(e.old, 'rating', decimals)} {terms} = {raw:.2f} → " \
                   f"{format_number(e.state.rating, 'rating', decimals)}".replace("-", "−")
            if e.state.status == "inactive":
                text += self.zh(" （不活跃：保持原等级分）") + " (inactive: kept)"
            elif round(raw, 6) != round(e.state.rating, 6) and abs(raw - e.state.rating) >= 0.5:
                text += self.zh(" （升段标准分）") + " (raised to a rank title's standard)"
            at = max(i for i, r in enumerate(rows) if r["period"] == q)
            rows.insert(at + 1, {"period": q, "event": f"{total.zh} {total.en}", "computation": text})
        return Table(self.text_pair("等级分变动的计算", "How each change was computed"),
                     self.plain_columns([("period", "text"), ("event", "text"), ("computation", "text")]), rows,
                     note=self.text_pair("每项赛事：对手平均分 = 对手所用等级分之和 ÷ 对局数 N；D = 本人所用等级分 − 平均分"
                                         "（四舍五入取整，超过 400 按 400 计）；PC 查 FIDE 表；We = N × PC；"
                                         "ΔR = K × (W − We)。本期合计：新等级分 = 原等级分 + 本期各项 ΔR 之和，四舍五入。",
                                         "Per event: the opponents' mean = the sum of the ratings used ÷ N games; "
                                         "D = own rating used − mean (rounded, above 400 counts as 400); PC from "
                                         "the FIDE table; We = N × PC; ΔR = K × (W − We). Period total: the new rating "
                                         "= the old + the sum of the period's ΔR, rounded half up."))

    def games_by_period(self) -> list[tuple[str, Any]]:
        if self._games is not None:
            return self._games
        found = []
        label_of: dict[tuple[dt.date, dt.date], str | None] = {}
        events, periods = self.events, self.periods
        for g in self.out.records.games:
            ev = events.get(g.event)
            day = ev.end if ev is not None else g.date
            try:
                label = label_of[(day, g.date)]
            except KeyError:
                q = next((p for p in periods if p.contains(day) or p.contains(g.date)), None)
                label = label_of[(day, g.date)] = None if q is None else q.label
            if label is not None:
                found.append((label, g))
        self._games = found
        return found

    def games_table(self, games: list[tuple[tuple[Any, ...], dict[str, Any], bool]]) -> Table:
        handicap = any(h for _, _, h in games)
        cols = [("period", "text"), ("date", "date"), ("event", "text"), ("round", "text"), ("opponent", "text"),
                ("result", "text")] + ([("handicap", "text")] if handicap else [])
        if self.system.game_line is not None:       # each game as the rulebook rated it: a player can audit it
            cols += [("opponent_rating", "rating"), ("game_expected", "decimal3"), ("game_change", "signed2")]
        elif self.system.audit_columns:
            cols += [(k, "text" if kind == "rank" else kind) for k, kind in self.system.audit_columns]
            if any(row.get("game_note") for _, row, _ in games):
                cols.append(("game_note", "text"))
        rows = [row for _, row, _ in (games if self._games_sorted else sorted(games, key=_first))]
        note = self.system.audit_note
        return Table(self.text_pair("对局记录", "Games"), self.plain_columns(cols), rows,
                     note=self.text_pair(*note) if note is not None and rows else None)

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
        links = self.links
        results: dict[tuple[float, bool, float, str | None], str] = {}
        go = self.system.game == "go"
        colours = self.out.records.colours          #: Games row -> the colour ``player`` had (the colour column)

        def result(score: float, forfeit: bool, handicap: float, colour: str | None) -> str:
            got = results.get((score, forfeit, handicap, colour))
            if got is None:
                got = results[(score, forfeit, handicap, colour)] = game_result(score, forfeit, handicap, go,
                                                                               self.zh, colour)
            return got
        gcols = [Column("round", self.text("round")), Column("date", self.text("date"), "date"),
                 Column("player", self.text("player")), Column("opponent", self.text("opponent")),
                 Column("result", self.text("result"))]
        # the colour the player (first column) had, where the Games sheet's colour column gives it;
        # Go: the stones the player received, − gave; each only where the event has some
        colour_col = Column("colour", self.text_pair("执色", "Colour"))
        handicap_col = Column("handicap", self.text("handicap"))
        colour_words = self.colour_words()
        pages = []
        for eid, games in by_event.items():
            ev = self.events[eid]
            period = games[0][0]
            shape = "mcmahon" if ev.format == "swiss" and self.out.records.mcmahon.get(eid) else ev.format
            zh, en = {"round_robin": ("循环赛", "round robin"), "swiss": ("积分编排制", "Swiss"),
                      "mcmahon": ("麦克马洪制", "McMahon"), "games": ("对局", "single games")}.get(shape, (shape, ""))
            facts = [(self.text("format"), f"{self.zh(zh)} {en}".strip()),
                     (self.text("class"), ev.cls or ""), (self.text("level"), ev.level or "")]
            if ev.champion and ev.champion in self.players:
                facts.append((self.text("champion"), self.players[ev.champion].name))
            facts = [(t, v) for t, v in facts if v]
            rows = [{"round": self.round_text(g.round), "date": g.date, "player": links.get(g.player, g.player),
                     "opponent": links.get(g.opponent, g.opponent),
                     "result": result(g.result.score, g.result.forfeit, g.handicap, colours.get(g.row)),
                     "handicap": _stones(g.handicap),
                     "colour": colour_words.get(colour_of(g.handicap, colours.get(g.row)) or "", "")}
                    for _, g in sorted(games, key=lambda x: _game_order(x[1]))]
            handicaps = any(g.handicap for _, g in games)
            coloured = bool(colours) and any(g.row in colours for _, g in games)
            # the colour beside the player it is of (B+ / W+ then says who won, on a phone too)
            shown = self.columns(gcols[:3] + ([colour_col] if coloured else []) + gcols[3:]
                                 + ([handicap_col] if handicaps else []))
            ctable = self.table(change_sheet, changes.get(eid, []), self.text_pair("等级分变动", "Rating changes"),
                                skip=("event", "event_name", "id"))
            pages.append(EventPage(
                id=eid, slug=self.event_slugs[eid], name=ev.name, start=ev.start, end=ev.end, period=period,
                facts=facts, crosstable=self.crosstable(ev, [g for _, g in games]) if ev.format == "round_robin"
                else None, games=Table(self.text_pair("对局", "Games"), shown, rows),
                changes=ctable,
                standings=self.wall_list([g for _, g in games], changes.get(eid, []),
                                         self.out.records.mcmahon.get(eid)) if ev.format == "swiss" else None))
        return pages

    def colour_words(self) -> dict[str, str]:
        """``b`` / ``w`` as a games table says them, short enough for a phone: ● 黑 / ○ 白, the
        stones (Xiangqi: 黑 black, 红 red for the first player)."""
        if self.system.game == "xiangqi":
            return {"b": f"{self.zh('黑')} black", "w": f"{self.zh('红')} red"}
        return {"b": f"● {self.zh('黑')}", "w": f"○ {self.zh('白')}"}

    def wall_list(self, games: list[Any], lines: list[Any], mcmahon: dict[str, float] | None = None) -> Table | None:
        """A Swiss event's standings as pairing programs print them (:mod:`.standings`); a McMahon
        event's (``mcmahon``: its starting scores) by MMS, SOS and SOSOS, as OpenGotha lists it."""
        go = self.system.game == "go"
        made = standings(games, go, self.out.records.colours, mcmahon)
        if made is None:
            return None
        rounds, entries = made
        own = {c.id: c.own for c in lines if hasattr(c, "own")}
        ranks = {e.id: self.words.cell("rank", self.players[e.id].rank) if e.id in self.players else ""
                 for e in entries}
        cols = [Column("no", self.text_pair("序号", "No."), "int", True),
                Column("place", self.text("place"), "int", True), Column("player", self.text("player"))]
        if any(ranks.values()):
            cols.append(Column("rank", self.text("rank")))
        if mcmahon is not None:      # the list's order, beside the name (a phone shows the first columns)
            cols.append(Column("mms", self.text_pair("麦克马洪分", "MMS"), "text", True))
        if own:
            cols.append(Column("rating", self.text_pair("赛前等级分", "Rating used"), "rating", True))
        cols.append(Column("score", self.text_pair("积分", "Score"), "text", True))
        cols += [Column(f"r{r}", Text(self.zh(f"第{r}轮"), f"R{r}"), "text") for r in rounds]
        first, second = TIE_BREAKS["mcmahon" if mcmahon is not None else "go" if go else "other"]
        cols += [Column(first[0], self.text_pair(first[1], first[2]), "text", True),
                 Column(second[0], self.text_pair(second[1], second[2]), "text", True)]
        rows = []
        for e in entries:
            row: dict[str, Any] = {"no": e.no, "place": e.place, "player": self.links.get(e.id, e.id),
                                   "rank": ranks.get(e.id, ""), "rating": own.get(e.id), "score": _half(e.points),
                                   "mms": _half(e.score),
                                   first[0]: _half(e.sos), second[0]: _half(e.second)}
            for r in rounds:
                row[f"r{r}"] = (e.rounds or {}).get(r, "—")
            rows.append(row)
        cells = [c for e in entries for c in (e.rounds or {}).values()]
        coloured = any("/" in c for c in cells)                  # what the cells show, said
        stones = go and any(g.handicap for g in games)
        red = self.system.game == "xiangqi"
        note = Text(self.zh("各轮：对手的序号、结果（+ 胜，= 和，- 负，! 弃权）") +
                    (self.zh("、执色（b 黑，w 红）") if coloured and red else self.zh("、执色（b 黑，w 白）") if coloured
                     else "") + (self.zh("与让子数") if stones else "") + self.zh("；— 该轮无对局记录。") +
                    (self.zh("麦克马洪分 = 起始分 + 积分；对手分 = 各对手的麦克马洪分之和，对手的对手分 = 各对手的对手分之和。")
                     if mcmahon is not None else ""),
                    "Each round: the opponent's line number and the result (+ win, = draw, - loss, ! forfeit)"
                    + ((", the colour (b Black, w Red)" if red else ", the colour (b Black, w White)") if coloured
                       else "") + (" and the handicap stones" if stones else "") + "; — no game recorded in that round."
                    + (" MMS = the starting McMahon score + the score; SOS = the sum of the opponents' MMS, "
                       "SOSOS = the sum of the opponents' SOS." if mcmahon is not None else ""))
        return Table(self.text_pair("名次表", "Standings"), self.columns(cols), rows, note=note)

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
        cols = [Column("no", self.text_pair("序号", "No."), "int", True), Column("player", self.text("player"))]
        cols += [Column(f"c{number[p]}", Text(str(number[p]), ""), "text") for p in who]
        cols.append(Column("total", self.text_pair("总分", "Total"), "text", True))
        rows = []
        for p in who:
            row: dict[str, Any] = {"no": number[p], "player": self.links.get(p, p), "total": _half(score[p])}
            for q in who:
                row[f"c{number[q]}"] = "×" if p == q else " ".join(cells.get((p, q), []))
            rows.append(row)
        return Table(self.text_pair("循环赛成绩表", "Crosstable"), self.columns(cols), rows)

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

    def archive(self, current: tuple[list[Column], list[dict[str, Any]]]) -> list[ArchivedList]:
        """Every processed period's list up to the published one (its own page each)."""
        slugs = archive_slugs(self.results)
        out = []
        for r in self.results:
            is_current = r is self.facts
            columns, rows = current if is_current else self.list_table(r)
            out.append(ArchivedList(r.period.label, slugs[r.period.label], r.period.start, r.period.end,
                                    columns, rows, is_current))
        return out

    def build(self) -> Site:
        period = self.facts.period
        columns, rows = self.list_table()
        standards_sheet = self.sheet("Standards")
        assert standards_sheet is not None
        title_zh, _, title_en = self.system.title.partition(" (")
        notes = [Text(self.zh("每名棋手的页面列出各周期的等级分、等级分变动表与全部对局。"),
                      "Each player's page lists every period's rating, the change-report lines and the games.")]
        rating_word = self.system.terms.get("rating")
        terms = {} if rating_word is None else {
            "rating": Text(self.zh(rating_word), "Rating"),
            "history": Text(self.zh(rating_word + "历史"), "Rating history")}
        return Site(
            lang=self.system.lang, federation=self.out.federation,
            title=Text(self.zh(LIST_NAMES["Ratings"][0]), LIST_NAMES["Ratings"][1]),
            system=Text(title_zh, title_en.rstrip(")").split(",")[0]), period=period.label,
            period_start=period.start, period_end=period.end, provisional=provisional(period, self.today),
            published=self.today, rating_decimals=self.system.rating_decimals, list_columns=columns,
            list_rows=rows, players=self.player_pages(), events=self.event_pages(),
            standards=self.table(standards_sheet, list(self.facts.standards),
                                 self.text_pair(*LIST_NAMES["Standards"])),
            others=self.other_tables(), periods=[q.label for q in self.periods], notes=notes, terms=terms,
            archive=self.archive((columns, rows)))


def build_site(outcome: Outcome, period: str | None = None, today: dt.date | None = None,
               private: Collection[str] = (), latin: Mapping[str, str] | None = None) -> Site:
    """The website of ``period`` (default: the latest processed one); ``private``: the private
    fields (:data:`xl_ratings.view.public.PRIVATE_FIELDS`) the officer asked to publish; ``latin``:
    the Players sheet's ``latin_name`` of each player (the search finds them by it)."""
    facts = outcome.last if period is None else next(r for r in outcome.results if r.period.label == period)
    with gc_paused():       # millions of small acyclic dicts and tuples: no full collections meanwhile
        builder = Builder(outcome, facts, run_date(today), private, latin)
        site = builder.build()
        builder._getters.clear()        # its closures refer to the builder: no cycle left behind
        _to_oldest_generation()
    return site


def _to_oldest_generation() -> None:
    """Move the objects made while the collector was paused to its oldest generation.

    They would otherwise all sit in the youngest one, and the first allocation
    after the pause would walk them (a big site: half a second), then walk them
    again one generation up.  ``gc.freeze()`` + ``gc.unfreeze()`` moves them
    without looking at them; reference counting frees them as usual.  Skipped
    when something is frozen already (unfreeze would let it go).
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def archive_slugs(results: list[PeriodFacts]) -> dict[str, str]:
    """Each period's name in the archive (``archive/<slug>.html``, its PDF ``<list>-<slug>.pdf``)."""
    return _slugs({r.period.label: r for r in results})


def _slugs(items: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    used: set[str] = set()
    for key in items:
        base = re.sub(r"[^A-Za-z0-9_-]+", "_", str(key)).strip("_").lower() or "x"
        if reserved_on_windows(base):   # CON, aux, Com1 …: a page Windows cannot hold gets a "_"
            base += "_"                 # (no other id ends in "_": they are stripped above)
        slug, n = base, 1
        while slug in used:
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        out[key] = slug
    return out


def _search(name: str, pid: str, latin: str = "", hong_kong: bool = False) -> str:
    """What the list's search finds a player by: the pinyin (with and without spaces, the
    initials), the id, the Players sheet's latin_name and (a Hong Kong workbook) the
    Cantonese spelling the rating lists give (陳大文: Chan Tai Man)."""
    from pypinyin import lazy_pinyin

    from ..engine.latin import fold_ascii, latin_name

    syllables = lazy_pinyin(name)
    words = [" ".join(syllables), "".join(syllables), "".join(s[:1] for s in syllables), pid]
    words += sorted({simplified(name), to_lang(name, TRADITIONAL)} - {name})   # typed in the other script: 龚军 finds 龔軍
    if latin.strip():
        words.append(fold_ascii(latin.replace(",", " ")))
    if hong_kong and not latin.strip():
        spelled = latin_name(name, cantonese=True)
        if spelled is not None and spelled.generated == "Cantonese":
            words.append(spelled.spaced())
    return " ".join(words).lower()


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


def _round_key(v: Any) -> tuple[int, float | str]:
    try:
        return (0, float(v))
    except (TypeError, ValueError):
        return (1, str(v or ""))


def _stones(h: float | None) -> str:
    """A handicap from the player's side: +2 (received two stones), −2 (gave two), blank for none."""
    return format_number(h, "change", 0) if h else ""


def _game_order(g: Any) -> tuple[Any, ...]:
    """Games in the order they were played: by date, then (one event's games of a day) by round."""
    return (g.date, g.event, _round_key(g.round), g.row)


def _first(item: tuple[Any, ...]) -> Any:
    return item[0]


def _period_of(pairs: list[tuple[str, Any]]) -> Any:
    label = {id(c): q for q, c in pairs}
    return lambda c: label.get(id(c), "")
