"""What importing tournaments into a workbook adds: the plan, before anything is written.

``plan_import(tables, tournaments)`` takes the workbook's sheets (tables of
cell values) and what the importers read (:class:`~.model.Tournament`), and
returns the rows to append to Players, Events and Games -- plus, with
``replace``, the Games rows of a re-imported event to clear.  Nothing here
touches a file: the workbook layer writes the plan into a file (zip patch,
every other part byte for byte), the Excel layer into an open workbook.

Players are matched as FORMATS.md says: by an id the source carries (the
federation id -- the workbook's own player id or a ``federation_id`` column
--, an EGF PIN or a FIDE id, when the Players sheet has that column), else by
exact name (and club, when both have one); no match makes a new player with a
new id and the rank or rating the source declares; several candidates are an
error listing them.  An event already in the workbook (the same id, or the
same name and dates) is refused unless ``replace``.

Before returning, the workbook as it would be is validated with the same
rules as processing (:func:`xl_ratings.engine.inputs.read_records`): every
problem at once, located in the *source* file (line or cell) where the row
came from it.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cells import blank, to_date, to_ident
from ..engine.inputs import COLUMNS, read_records
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.labels import header_key, sheet_key
from ..systems.base import System
from ..systems.ranks import Rank, parse_rank
from ..systems.records import Records
from .model import ImportedPlayer, Source, Tournament

#: Players columns that identify a player across federations (kept when the sheet has them).
ID_COLUMNS = ("federation_id", "egf_pin", "fide_id")


@dataclass(frozen=True)
class Options:
    """What the officer said on the command line (or in the Import sheet)."""

    event: str | None = None        #: the event id to use (an existing event without games, or a new one)
    replace: bool = False           #: replace the games of an event already in the workbook
    name: str | None = None         #: the event's name, when the source has none
    start: dt.date | None = None    #: the event's dates, when the source has none
    end: dt.date | None = None
    cls: str | None = None          #: the event's class (A/B/C, 甲/乙/丙), when the source has none
    level: str | None = None        #: the event's level (national/provincial/district), when the source has none


@dataclass
class Appended:
    """Rows to append to one input sheet."""

    sheet: str                      #: the sheet's name in the workbook
    header_row: int                 #: 1-based row of its header
    columns: dict[str, int]         #: column key -> 0-based column index
    rows: list[dict[str, Any]] = field(default_factory=list)   #: values by column key
    sources: list[Source | None] = field(default_factory=list)  #: where each row came from


@dataclass
class Summary:
    """One imported tournament, for the officer (``--dry-run`` and the message after writing)."""

    source: str
    format: str
    event: str                      #: the event id
    event_name: str
    new_event: bool
    new_players: list[tuple[str, str]] = field(default_factory=list)   #: (new id, name)
    matched: list[tuple[str, str, str]] = field(default_factory=list)  #: (book id, name, how)
    games_per_round: dict[str, int] = field(default_factory=dict)
    replaced: int = 0               #: games of the event cleared (``replace``)
    notes: list[str] = field(default_factory=list)


@dataclass
class Plan:
    """Everything an import adds to (and, with ``replace``, clears from) a workbook."""

    appends: dict[str, Appended]    #: by sheet key: Players, Events, Games
    clear: dict[str, list[int]]     #: by sheet key: 1-based rows to blank out
    summaries: list[Summary]
    lang: str = "zh-Hans"           #: the workbook's script: its messages are told in it

    @property
    def games(self) -> int:
        return len(self.appends["Games"].rows)


# --------------------------------------------------------------------------- sheets
def _find(tables: Mapping[str, Sequence[Sequence[Any]]], key: str) -> tuple[str, list[list[Any]]] | None:
    for name, t in tables.items():
        if sheet_key(name) == key:
            return name, [list(r) for r in t]
    return None


def _layout(tables: Mapping[str, Sequence[Sequence[Any]]], key: str,
            extra: Sequence[str] = ()) -> tuple[str, int, dict[str, int], list[list[Any]]]:
    """(sheet name, header row, column key -> index, data rows) of an input sheet."""
    found = _find(tables, key)
    if found is None:
        raise InputErrors([RatingInputError(f"required sheet '{key}' is missing", where=Where(None, key))])
    name, rows = found
    start = 0
    while start < len(rows) and all(blank(v) for v in rows[start]):
        start += 1
    known = set(COLUMNS[key][0]) | set(extra)
    columns: dict[str, int] = {}
    for j, h in enumerate(rows[start] if start < len(rows) else []):
        k = header_key(h, known)
        if k and k not in columns:
            columns[k] = j
    return name, start + 1, columns, rows[start + 1:]


def _next_ids(existing: Sequence[str], fallback: str) -> Any:
    """A generator of new ids continuing the workbook's pattern (SH038 -> SH039, 17 -> 18)."""
    pattern: Counter[tuple[str, int]] = Counter()
    numbers: dict[tuple[str, int], int] = {}
    for i in existing:
        m = re.fullmatch(r"(.*?)(\d+)", i)
        if m:
            key = (m.group(1), len(m.group(2)))
            pattern[key] += 1
            numbers[key] = max(numbers.get(key, 0), int(m.group(2)))
    if pattern:
        (prefix, width), _ = pattern.most_common(1)[0]
        n = numbers[(prefix, width)]
    else:
        prefix, width, n = fallback, 3, 0
    taken = set(existing)
    while True:
        n += 1
        candidate = f"{prefix}{n:0{width}d}"
        if candidate not in taken:
            taken.add(candidate)
            yield candidate


# --------------------------------------------------------------------------- matching
class Matcher:
    """The workbook's players, indexed for matching imported players (FORMATS.md)."""

    def __init__(self, records: Records, id_values: Mapping[str, Mapping[str, str]]) -> None:
        self.records = records
        self.by_column: dict[str, dict[str, list[str]]] = {col: defaultdict(list) for col in ID_COLUMNS}
        for pid, values in id_values.items():
            for col, v in values.items():
                self.by_column[col][v].append(pid)
        self.by_name: dict[str, list[str]] = defaultdict(list)
        self.by_id: dict[str, str] = {}            # an id as typed in a source: case and spaces do not count
        for pid, p in records.players.items():
            self.by_name[_norm(p.name)].append(pid)
            self.by_id[pid.strip().casefold()] = pid

    def match(self, p: ImportedPlayer) -> tuple[str | None, str, list[str]]:
        """(book id or None, how, candidates when ambiguous)."""
        players = self.records.players
        if p.federation_id and p.federation_id.strip().casefold() in self.by_id:
            return self.by_id[p.federation_id.strip().casefold()], "id", []
        for col, value in (("federation_id", p.federation_id), ("egf_pin", p.egf_pin), ("fide_id", p.fide_id)):
            if value:
                hits = self.by_column[col].get(str(value).strip(), [])
                if len(hits) == 1:
                    return hits[0], col, []
                if len(hits) > 1:
                    return None, col, hits
        hits = self.by_name.get(_norm(p.name), [])
        if p.club and len(hits) > 1:
            same_club = [h for h in hits if _norm(players[h].club) == _norm(p.club)]
            hits = same_club or hits
        elif p.club and len(hits) == 1 and players[hits[0]].club and \
                _norm(players[hits[0]].club) != _norm(p.club):
            return None, "name", []      # the same name in another club: another person
        if len(hits) == 1:
            return hits[0], "name", []
        if len(hits) > 1:
            return None, "name", hits
        return None, "", []


def _norm(text: str | None) -> str:
    """A name as compared: full-width forms, case, spaces and the comma of "Surname, First"
    (FIDE) do not count."""
    return re.sub(r"[\s,，]+", " ", unicodedata.normalize("NFKC", str(text or ""))).strip().casefold()


# --------------------------------------------------------------------------- the plan
def plan_import(tables: Mapping[str, Sequence[Sequence[Any]]], tournaments: Sequence[Tournament],
                options: Options = Options(), file: str | None = None) -> Plan:
    """The rows that importing ``tournaments`` adds to the workbook ``tables``;
    raises InputErrors (every problem, located in the source) when it cannot."""
    records = read_records(tables, file)
    system = records.system
    p_name, p_head, p_cols, p_rows = _layout(tables, "Players", ID_COLUMNS)
    e_name, e_head, e_cols, _ = _layout(tables, "Events")
    g_name, g_head, g_cols, g_rows = _layout(tables, "Games")
    id_values: dict[str, dict[str, str]] = {}
    for row in p_rows:
        if "id" in p_cols and p_cols["id"] < len(row) and not blank(row[p_cols["id"]]):
            pid = to_ident(row[p_cols["id"]])
            id_values[pid] = {c: to_ident(row[j]) for c in ID_COLUMNS if (j := p_cols.get(c)) is not None
                              and j < len(row) and not blank(row[j])}
    matcher = Matcher(records, id_values)
    new_player_ids = _next_ids(list(records.players), "P")
    new_event_ids = _next_ids(list(records.events), "E")
    appends = {"Players": Appended(p_name, p_head, p_cols), "Events": Appended(e_name, e_head, e_cols),
               "Games": Appended(g_name, g_head, g_cols)}
    clear: dict[str, list[int]] = {"Games": []}
    problems: list[RatingInputError] = []
    summaries = []
    games_of_event: dict[str, list[int]] = defaultdict(list)
    for g in records.games:
        games_of_event[g.event].append(g.row)
    added_names: dict[str, list[tuple[str, str]]] = {}   # name -> (club, new id): one person in several files
    seen: dict[tuple[str, Any, Any], str] = {}
    for t in tournaments:   # the same tournament twice in one command
        key = (_norm(t.event.name), t.event.start, t.event.end)
        if t.event.end is not None and key in seen:
            problems.append(RatingInputError(
                f"is the same tournament as {seen[key]} (same name and dates): import it once",
                where=Where(t.source), problem_zh=f"与 {seen[key]} 是同一赛事（名称和日期相同），请只导入一次"))
        seen.setdefault(key, t.source)
    several = len(tournaments) > 1
    for option, given in (("--event", options.event), ("--name", options.name)):
        if given and several:           # one event's id or name for several tournaments: which one?
            problems.append(RatingInputError(
                f"{option} names one event, but {len(tournaments)} tournaments are imported "
                f"({', '.join(t.source for t in tournaments)}): import them one at a time with {option}",
                value=given, problem_zh=f"{option} 只能指定一个赛事，但本次导入了 {len(tournaments)} 个赛事：请逐个导入"))
    for t in tournaments:
        for option, day, own in (("--start", options.start, t.event.start), ("--end", options.end, t.event.end)):
            if day is not None and own is not None and day != own:
                problems.append(RatingInputError(
                    f"{option} {day} differs from the date the source gives ({own}); {option} is for sources "
                    f"without dates: leave it out, or correct the source", where=Where(t.source), value=str(day),
                    problem_zh=f"{option} {day} 与来源中的日期 {own} 不同；{option} 只用于没有日期的来源"))
    if problems:
        raise InputErrors(problems)
    for t in tournaments:
        summary, rows = _one(t, records, system, matcher, options, new_player_ids, new_event_ids,
                             games_of_event, added_names, appends, problems, len(tournaments) > 1)
        if summary is not None:
            summaries.append(summary)
            clear["Games"] += rows
    if problems:
        raise InputErrors(problems)
    plan = Plan(appends, clear, summaries, system.lang)
    _validate(tables, plan, file)
    return plan


def _one(t: Tournament, records: Records, system: System, matcher: Matcher, options: Options,
         new_player_ids: Any,
         new_event_ids: Any, games_of_event: Mapping[str, list[int]],
         added_names: dict[str, list[tuple[str, str]]],
         appends: dict[str, Appended], problems: list[RatingInputError],
         several: bool) -> tuple[Summary | None, list[int]]:
    ev = t.event
    where = Where(t.source)
    name = ev.name if ev.name else (options.name or "")
    if options.name and not several:
        name = options.name
    start = ev.start or options.start
    end = ev.end or options.end
    dates = [g.date for g in t.games if g.date is not None]
    if end is None and dates:
        end = max(dates)
    if start is None and dates:
        start = min(dates)
    # the event: an existing one (by --event, or by the same name and dates), or a new one
    eid = options.event if options.event and not several else None
    existing = records.events.get(eid) if eid else next(
        (e for e in records.events.values() if _norm(e.name) == _norm(name) and e.end == end
         and (e.start == start or start is None or e.start is None)), None)
    cleared: list[int] = []
    new_event = existing is None
    if existing is not None:
        eid = existing.id
        if games_of_event.get(eid):
            if not options.replace:
                problems.append(RatingInputError(
                    f"event {eid} ({existing.name}) is already in the workbook with "
                    f"{len(games_of_event[eid])} games; import again with --replace to replace its games",
                    where=where, problem_zh=f"赛事 {eid} 已在工作簿中；如要替换其对局，请加 --replace"))
                return None, []
            cleared = list(games_of_event[eid])
        start, end = existing.start or start, existing.end
    else:
        if end is None:
            problems.append(RatingInputError(
                "the source gives no dates for the event: add the event (with its dates) to the Events "
                "sheet and import with --event ID, or give --start and --end",
                where=where, problem_zh="来源中没有赛事日期：请先在 Events 表中添加该赛事（含日期）并用 --event 指定，"
                                        "或用 --start 和 --end 给出日期"))
            return None, []
        eid = eid or next(new_event_ids)
    summary = Summary(t.source, t.format, eid, existing.name if existing else name, new_event,
                      replaced=len(cleared),
                      notes=[n for n in t.notes if not (options.name and "has no title line" in n)])
    # players
    ids: dict[str, str] = {}
    taken: dict[str, ImportedPlayer] = {}       # workbook or new id -> the source player it was given to
    dropped: Counter[str] = Counter()

    def claim(pid: str, p: ImportedPlayer) -> bool:
        """One workbook player per source player: two people of one source are never merged."""
        other = taken.get(pid)
        if other is not None:
            same_name = _norm(other.name) == _norm(p.name)
            why, why_zh = (("two people with one name? give them different names, clubs or federation ids",
                            "是否同名的两个人？请使名字、单位或会员号不同") if same_name else
                           ("the same federation id (or EGF PIN / FIDE id) given to two people? correct the "
                            "id of one of them", "两人的会员号（或 EGF PIN / FIDE 编号）相同？请更正其中一人的编号"))
            problems.append(RatingInputError(
                f"players {other.name!r} ({other.source.describe()}) and {p.name!r} are both player {pid}: {why}",
                value=p.name, where=_where(p.source),
                problem_zh=f"来源中的两名棋手 {other.name} 与 {p.name} 都对应 {pid}：{why_zh}"))
            return False
        taken[pid] = p
        return True

    for p in t.players:
        pid, how, candidates = matcher.match(p)
        if candidates:
            listed = "; ".join(f"{c} {records.players[c].name} ({records.players[c].club or '—'})" for c in candidates)
            problems.append(RatingInputError(
                f"player {p.name!r} matches several players of the workbook: {listed}; give the federation id "
                "in the source, or make the names differ", value=p.name, where=_where(p.source),
                problem_zh=f"棋手 {p.name} 与工作簿中多名棋手匹配：{listed}"))
            continue
        if pid is not None:
            if not claim(pid, p):
                continue
            ids[p.key] = pid
            book_name = records.players[pid].name
            summary.matched.append((pid, book_name, how))
            if how != "name" and _norm(book_name) != _norm(p.name):
                summary.notes.append(f"{p.name} matched {pid} {book_name} by {how}, although the names differ "
                                     "— 编号相同但姓名不同，请核对")
            continue
        twin = next((i for club, i in added_names.get(_norm(p.name), [])
                     if not club or not _norm(p.club) or club == _norm(p.club)), None)
        if twin is not None:
            if not claim(twin, p):
                continue
            ids[p.key] = twin
            summary.matched.append((twin, p.name, "name (imported just now)"))
            continue
        pid = next(new_player_ids)
        claim(pid, p)
        ids[p.key] = pid
        added_names.setdefault(_norm(p.name), []).append((_norm(p.club), pid))
        summary.new_players.append((pid, p.name))
        rank, note = _rank(p, system)
        if note:
            summary.notes.append(note)
        rating = p.rating
        low, high = system.rating_range
        if rating is not None and not low <= rating <= high:
            summary.notes.append(f"{p.name}: rating {rating:g} is not a {system.name} rating ({low:g}–{high:g}); "
                                 "not kept, the rank counts — 等级分不在范围内，未录入，按段级计算")
            rating = None
        row = {"id": pid, "name": p.name, "sex": p.sex, "club": p.club, "rank": rank, "rating": rating,
               "member": "yes"}
        kept = []
        for col in ID_COLUMNS:
            value = getattr(p, col)
            if value:
                if col in appends["Players"].columns:
                    row[col] = value
                else:
                    kept.append(col)
        for col in kept:
            dropped[col] += 1
        appends["Players"].rows.append(row)
        appends["Players"].sources.append(p.source)
    for col, n in dropped.items():
        summary.notes.append(f"the {col} of {n} new player(s) is not kept: the Players sheet has no {col} column "
                             f"(add one to keep it) — Players 表没有 {col} 列，{n} 名新棋手的 {col} 未保存")
    if new_event:
        champion = ids.get(ev.champion) if ev.champion else None
        appends["Events"].rows.append({"event": eid, "name": name, "start": start, "end": end,
                                       "format": ev.format, "class": ev.cls or options.cls,
                                       "level": ev.level or options.level, "champion": champion})
        appends["Events"].sources.append(Source(t.source))
    per_round: Counter[str] = Counter()
    for g in t.games:
        a, b = ids.get(g.player), ids.get(g.opponent)
        if a is None or b is None:
            continue     # an ambiguous player: reported above
        appends["Games"].rows.append({"event": eid, "date": g.date, "round": g.round, "player": a,
                                      "opponent": b, "result": _result(g.result), "handicap": g.handicap or None})
        appends["Games"].sources.append(g.source)
        per_round[str(g.round) if g.round is not None else "—"] += 1
    summary.games_per_round = dict(sorted(per_round.items(), key=lambda kv: _round_order(kv[0])))
    return summary, cleared


def _round_order(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (10**9, label)


def _result(r: str) -> Any:
    return {"1": 1, "0": 0, "0.5": 0.5}.get(r, r)


def _rank(p: ImportedPlayer, system: System) -> tuple[str | None, str | None]:
    """The rank as the workbook writes it, and a note when it had to be mapped onto
    the system's ladder (a professional grade; a rank beyond either end)."""
    if not p.rank:
        return None, None
    text = str(p.rank).strip()
    m = re.fullmatch(r"(\d+)\s*[pP]", text)
    try:
        rank = Rank.dan(9) if m else parse_rank(text)
    except RatingInputError:
        return text, None           # reported by the validation, at the source line
    on = _on_ladder(rank, system)
    if on is None or on == rank:
        return text, None
    shown = system.rank_name(on)
    return shown, (f"{p.name}: {text} is beyond the {system.name} ladder; entered as {shown} "
                   f"— 段级超出范围，按 {shown} 录入")


def _on_ladder(rank: Rank, system: System) -> Rank | None:
    """``rank``, or the nearest rank on the system's ladder (None: no ladder near)."""
    def ok(r: Rank) -> bool:
        try:
            system.rank_rating(r)
            return True
        except RatingInputError:
            return False
    if ok(rank):
        return rank
    step = 1 if rank.ordinal < 1 else -1        # a kyu below the ladder goes up, a dan above it down
    r = rank.ordinal
    for _ in range(40):
        r += step
        if r == -99:            # 无级 is not a kyu
            continue
        candidate = Rank(r)
        if ok(candidate):
            return candidate
    return None


def _where(src: Source | None, column: str | None = None) -> Where:
    if src is None:
        return Where()
    row = src.line
    if row is None and src.cell:
        m = re.search(r"(\d+)$", src.cell)
        row = int(m.group(1)) if m else None
    if src.cell and column and column not in _CELL_KEYS:
        return Where(src.file, src.sheet, row, column)    # the row's own column, not the row's key cell
    return Where(src.file, src.sheet, row, src.cell or column)


#: What a source's cell stands for: a game's players and result (a crosstable's result cell,
#: a report row's player cell); a game's date or handicap is named by its column.
_CELL_KEYS = {"player", "opponent", "result", "id", "name"}


# --------------------------------------------------------------------------- validation
def merged_tables(tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan) -> dict[str, list[list[Any]]]:
    """The workbook's tables as they would be after the import (cleared rows blank, rows appended)."""
    out = {name: [list(r) for r in t] for name, t in tables.items()}
    for key, app in plan.appends.items():
        rows = out[app.sheet]
        for r in plan.clear.get(key, []):
            if r - 1 < len(rows):
                rows[r - 1] = [None] * len(rows[r - 1])
        while rows and all(blank(v) for v in rows[-1]):
            rows.pop()
        width = max([len(r) for r in rows] + [max(app.columns.values(), default=0) + 1])
        for values in app.rows:
            line: list[Any] = [None] * width
            for k, v in values.items():
                j = app.columns.get(k)
                if j is not None:
                    line[j] = v
            rows.append(line)
    return out


def first_new_row(tables: Mapping[str, Sequence[Sequence[Any]]], app: Appended) -> int:
    """The 1-based row of the first appended row (after the last filled row)."""
    rows = [list(r) for r in tables[app.sheet]]
    while rows and all(blank(v) for v in rows[-1]):
        rows.pop()
    return len(rows) + 1


def _validate(tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan, file: str | None) -> None:
    """The workbook as it would be, checked as processing checks it (the records, the
    Settings, every player's start: a GoR player needs a rating or a rank)."""
    from ..engine.run import start_states

    merged = merged_tables(tables, plan)
    try:
        records = read_records(merged, file)
        start_states(records.system, records, records.params, file)
    except InputErrors as e:
        raise InputErrors([_relocate(err, tables, plan) for err in e.errors]) from None


def _relocate(err: RatingInputError, tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan) -> RatingInputError:
    """An error on an appended row, told in terms of the source (file, line or cell)."""
    w = err.where
    for key, app in plan.appends.items():
        if w.sheet != key or w.row is None:
            continue
        k = w.row - first_new_row(tables, app)
        if 0 <= k < len(app.sources):
            src = app.sources[k]
            if src is not None:
                return RatingInputError(err.problem, value=err.value, problem_zh=err.problem_zh,
                                        where=_where(src, w.column))
    return err


# --------------------------------------------------------------------------- the Import sheet
IMPORT_SHEETS = ("import", "导入", "導入")
META_KEYS = {"event": ("event", "赛事", "賽事", "赛事编号", "賽事編號"),
             "name": ("name", "名称", "名稱", "赛事名称", "賽事名稱"),
             "start": ("start", "开始", "開始", "开始日期", "開始日期"),
             "end": ("end", "结束", "結束", "结束日期", "結束日期"),
             "replace": ("replace", "替换", "替換")}


def import_sheet(tables: Mapping[str, Sequence[Sequence[Any]]]) -> tuple[str, list[list[Any]]] | None:
    """The workbook's Import sheet (导入), if any: (name, rows)."""
    for name, t in tables.items():
        if name.strip().lower() in IMPORT_SHEETS:
            return name, [list(r) for r in t]
    return None


def split_import_sheet(rows: list[list[Any]]) -> tuple[Options, list[list[Any]], int]:
    """Key/value lines above a pasted table (赛事/event, 名称/name, 开始/start,
    结束/end, 替换/replace) -> Options; the table's rows; rows skipped."""
    meta: dict[str, Any] = {}
    k = 0
    while k < len(rows):
        cells = [v for v in rows[k] if not blank(v)]
        if not cells:
            k += 1
            continue
        key = next((name for name, words in META_KEYS.items()
                    if any(str(cells[0]).strip().lower() == w or str(cells[0]).strip().lower().startswith(w + " ")
                           for w in words)), None)
        if key is None or len(cells) > 2:
            break
        meta[key] = cells[1] if len(cells) > 1 else None
        k += 1
    options = Options(
        event=to_ident(meta["event"]) if not blank(meta.get("event")) else None,
        replace=str(meta.get("replace") or "").strip().lower() in ("yes", "y", "true", "1", "是"),
        name=str(meta["name"]).strip() if not blank(meta.get("name")) else None,
        start=to_date(meta.get("start")), end=to_date(meta.get("end")))
    return options, rows[k:], k


