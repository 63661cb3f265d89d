"""What importing tournaments into a workbook adds: the plan, before anything is written.

``plan_import(tables, tournaments)`` takes the workbook's sheets (tables of
cell values) and what the importers read (:class:`~.model.Tournament`), and
returns the rows to append to Players, Events, Games and Identities -- plus,
with ``replace``, the Games rows of a re-imported event to clear.  Nothing
here touches a file: the workbook layer writes the plan into a file (zip
patch, every other part byte for byte), the Excel layer into an open workbook;
both call this one function, so both apply the same checks.

Players are matched as FORMATS.md says (:mod:`.matching`: the officer's
answers, ids, the Identities sheet, then name and club in their canonical
forms, clubs through the Clubs sheet); a player who could be several, or has
the name of another club's player, stops the import with the candidates
listed.  A tournament already in the workbook -- by its id, its name and
dates, or its games whatever its name (:mod:`.fingerprint`) -- is refused
unless it replaces that event; so is one given twice in one command.  A
source of another game is refused (h9, OpenGotha, handicaps: Go only).  The
steps, one source at a time, are :class:`.steps.Importing`'s.

Before returning, the workbook as it would be is validated with the same
rules as processing (:func:`xl_ratings.engine.inputs.read_records`): every
problem at once, located in the *source* file (line or cell) where the row
came from it.
"""

from __future__ import annotations

import dataclasses

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..engine.cells import blank, col_letter, column_twice, header_columns, sheet_named, to_date, to_ident
from ..engine.clubs import read_clubs
from ..engine.identity import player_extras
from ..engine.inputs import COLUMNS, read_records
from ..errors import InputErrors, RatingInputError, Where, joined
from ..i18n.canonical import canonical, name_keys
from ..i18n.catalogue import imports as M
from ..i18n.catalogue import sheets as SH
from ..i18n.labels import label
from ..systems.records import Records
from .answers import Answers
from .matching import ID_COLUMNS, Matcher, read_identities
from ..importers.model import Tournament
from .plan import Appended, Options, Plan, number_at_end, where_of
from .steps import Importing, new_player_member
from .summary import Summary

#: Where the officer's answers are kept (created by the import when the workbook has none).
IDENTITIES = "Identities"
#: Where a McMahon tournament's starting scores go (created when the workbook has no such sheet).
MCMAHON = "McMahon"


# --------------------------------------------------------------------------- sheets
def _find(tables: Mapping[str, Sequence[Sequence[Any]]], key: str) -> tuple[str, list[list[Any]]] | None:
    name = sheet_named(tables, key)     # two sheets of the role: refused, both named
    return (name, [list(r) for r in tables[name]]) if name is not None else None


def _layout(tables: Mapping[str, Sequence[Sequence[Any]]], key: str,
            extra: Sequence[str] = ()) -> tuple[str, int, dict[str, int], list[list[Any]]]:
    """(sheet name, header row, column key -> index, data rows) of an input sheet."""
    found = _find(tables, key)
    if found is None:
        raise InputErrors([RatingInputError(SH.SHEET_MISSING(sheet=key), where=Where(None, key))])
    name, rows = found
    start = 0
    while start < len(rows) and all(blank(v) for v in rows[start]):
        start += 1
    known = set(COLUMNS[key][0]) | set(extra)
    header = rows[start] if start < len(rows) else []
    keys, twice = header_columns(header, known)
    if twice:       # which column the rows go to is not known: refused, both named
        raise InputErrors([column_twice(header, t, None, name, start + 1) for t in twice])
    columns = {k: j for j, k in keys.items()}
    return name, start + 1, columns, rows[start + 1:]


def _identities_sheet(tables: Mapping[str, Sequence[Sequence[Any]]], system: Any) -> Appended:
    """Where answers are appended: the Identities sheet, or a new one (its header in the workbook's words)."""
    return _optional_sheet(tables, "Identities", IDENTITIES, system)


def _optional_sheet(tables: Mapping[str, Sequence[Sequence[Any]]], key: str, name: str, system: Any) -> Appended:
    """An optional input sheet rows are appended to: the workbook's, or a new one named ``name``
    (its header in the workbook's words), made only when rows are appended."""
    if _find(tables, key) is not None:
        sheet, head, cols, _ = _layout(tables, key)
        return Appended(sheet, head, cols)
    keys = COLUMNS[key][0]
    return Appended(name, 1, {k: j for j, k in enumerate(keys)}, header=[label(k, system) for k in keys])


def _rows_by_event(tables: Mapping[str, Sequence[Sequence[Any]]], key: str) -> dict[str, list[int]]:
    """event id -> the 1-based rows of an optional sheet keyed by event (the McMahon sheet)."""
    if _find(tables, key) is None:
        return {}
    _, head, cols, rows = _layout(tables, key)
    j = cols.get("event")
    out: dict[str, list[int]] = {}
    for k, row in enumerate(rows):
        if j is not None and j < len(row) and not blank(row[j]):
            out.setdefault(str(row[j]).strip(), []).append(head + 1 + k)
    return out



def _next_ids(existing: Sequence[str], fallback: str) -> Iterator[str]:
    """A generator of new ids continuing the workbook's pattern (SH038 -> SH039, 17 -> 18)."""
    pattern: Counter[tuple[str, int]] = Counter()
    numbers: dict[tuple[str, int], int] = {}
    for i in existing:
        split = number_at_end(i)
        if split:
            key = (split[0], len(split[1]))
            pattern[key] += 1
            numbers[key] = max(numbers.get(key, 0), int(split[1]))
    if pattern:
        (prefix, width), _ = pattern.most_common(1)[0]
        n = numbers[(prefix, width)]
    else:
        prefix, width, n = fallback, 3, 0
    taken = {i.casefold() for i in existing}       # SH039 is taken by sh039 too
    while True:
        n += 1
        candidate = f"{prefix}{n:0{width}d}"
        if candidate.casefold() not in taken:
            taken.add(candidate.casefold())
            yield candidate


# --------------------------------------------------------------------------- the plan
def plan_import(tables: Mapping[str, Sequence[Sequence[Any]]], tournaments: Sequence[Tournament],
                options: Options = Options(), file: str | None = None) -> Plan:
    """The rows that importing ``tournaments`` adds to the workbook ``tables``;
    raises InputErrors (every problem, located in the source) when it cannot."""
    records = read_records(tables, file)
    system = records.system
    options = events_as_written(records, options)
    clubs = read_clubs(tables, file)
    p_name, p_head, p_cols, p_rows = _layout(tables, "Players", ID_COLUMNS)
    appends = {"Players": Appended(p_name, p_head, p_cols),
               "Events": Appended(*_layout(tables, "Events")[:3]),
               "Games": Appended(*_layout(tables, "Games")[:3]),
               "Identities": _identities_sheet(tables, system),
               "McMahon": _optional_sheet(tables, "McMahon", MCMAHON, system)}
    problems = _option_problems(records, tournaments, options)
    remembered = read_identities(tables, file, problems)
    answers = Answers.read(options.match, options.new, records, problems)
    matcher = Matcher(records, _id_values(p_rows, p_cols), clubs, remembered, answers, file, player_extras(tables))
    problems += matcher.problems
    if problems:
        raise InputErrors(problems)
    state = Importing.start(records, system, matcher, options, appends, _next_ids(list(records.players), "P"),
                            _next_ids(list(records.events), "E"), len(tournaments) > 1)
    state.mcmahon_of_event = _rows_by_event(tables, "McMahon")
    summaries: list[Summary] = []
    for t in tournaments:
        summary = state.one(t)
        if summary is not None:
            summaries.append(summary)
    problems = _with_answers(state, matcher, tournaments)
    if problems:
        raise InputErrors(problems)
    if records.notes and summaries:         # the workbook's own rows left out (a Players total row)
        summaries[0].told[:0] = records.notes
    if new_player_member(system) == "no":
        for summary in summaries:
            if summary.new_players:
                summary.told.append(M.NEW_PLAYERS_NOT_MEMBERS(count=len(summary.new_players)))
    plan = Plan(appends, {"Games": state.clear, "McMahon": state.clear_mcmahon}, summaries, system.lang)
    _validate(tables, plan, file, go=system.game == "go")
    return plan


def _with_answers(state: Importing, matcher: Matcher, tournaments: Sequence[Tournament]) -> list[RatingInputError]:
    """The import's problems and the officer's answers': with questions open, an answer that
    can answer none (a typo) or fits several clubs is said first, and the clash it made
    (one answer for two clubs' players) left out."""
    if not state.problems:
        return matcher.answer_problems()
    players = [(name_keys(p.name, p.surname), matcher.clubs.key(matcher.club_of(p))) for t in tournaments
               for p in t.players]
    first = matcher.answers.while_asking(players, matcher.clubs.key, state.asked)
    several = [a.keys for a in matcher.answers.given if len({c for _, c, _ in matcher.answers.fits.get(a, [])}) > 1]
    clash = (M.ONE_NAME_TWO_PEOPLE.id, M.ONE_ID_TWO_PEOPLE.id)
    rest = [e for e in state.problems
            if not (e.text.id in clash and any(k & name_keys(str(e.value)) for k in several))]
    return first + rest


def _id_values(rows: list[list[Any]], cols: Mapping[str, int]) -> dict[str, dict[str, str]]:
    """Player id -> its federation id, EGF PIN and FIDE id, from the columns the Players sheet has."""
    out: dict[str, dict[str, str]] = {}
    for row in rows:
        if "id" in cols and cols["id"] < len(row) and not blank(row[cols["id"]]):
            out[to_ident(row[cols["id"]])] = {c: to_ident(row[j]) for c in ID_COLUMNS
                                              if (j := cols.get(c)) is not None and j < len(row) and not blank(row[j])}
    return out


def events_as_written(records: Records, options: Options) -> Options:
    """``options`` naming the workbook's events as the Events sheet writes their ids: ids are
    compared without case (``--event hk26-x`` is HK26-X, with its class), as player ids are."""
    ids = {eid.casefold(): eid for eid in records.events}

    def written(eid: str | None) -> str | None:
        return ids.get(eid.strip().casefold(), eid) if eid else eid
    return dataclasses.replace(options, event=written(options.event), replace_event=written(options.replace_event),
                               distinct_from=tuple(written(e) or e for e in options.distinct_from))


def _option_problems(records: Records, tournaments: Sequence[Tournament], options: Options) -> list[RatingInputError]:
    """What cannot be, whatever the players: one tournament twice by name and dates, an option
    for one event given for several, dates contradicting the source's, an event not in the workbook."""
    problems = []
    seen: dict[tuple[str, Any, Any], str] = {}
    for t in tournaments:   # the same tournament twice in one command
        key = (canonical(t.event.name), t.event.start, t.event.end)
        if t.event.end is not None and key in seen:
            problems.append(RatingInputError(M.SAME_NAME_AND_DATES(other=seen[key]), where=Where(t.source)))
        seen.setdefault(key, t.source)
    if len(tournaments) > 1:      # one event's id or name for several tournaments: which one?
        for option, given in (("--event", options.event), ("--name", options.name),
                              ("--replace", options.replace_event)):
            if given:
                problems.append(RatingInputError(M.ONE_EVENT_OPTION(
                    option=option, count=len(tournaments), sources=", ".join(t.source for t in tournaments)),
                    value=given))
    for t in tournaments:
        for option, day, own in (("--start", options.start, t.event.start), ("--end", options.end, t.event.end)):
            if day is not None and own is not None and day != own:
                problems.append(RatingInputError(M.DATE_OPTION_DIFFERS(option=option, day=day, own=own),
                                                 where=Where(t.source), value=str(day)))
    for option, events in (("--replace", [options.replace_event] if options.replace_event else []),
                           ("--distinct-from", list(options.distinct_from))):
        for eid in events:
            if eid not in records.events:
                problems.append(RatingInputError(M.NO_SUCH_EVENT(option=option, event=eid),
                                                 value=eid))
    return problems


# --------------------------------------------------------------------------- validation
def merged_tables(tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan) -> dict[str, list[list[Any]]]:
    """The workbook's tables as they would be after the import (cleared rows blank, rows appended)."""
    out = {name: [list(r) for r in t] for name, t in tables.items()}
    for key, app in plan.appends.items():
        rows = out.setdefault(app.sheet, [list(app.header or [])])
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
    if app.sheet not in tables:
        return app.header_row + 1          # a new sheet: below its header
    rows = [list(r) for r in tables[app.sheet]]
    while rows and all(blank(v) for v in rows[-1]):
        rows.pop()
    return len(rows) + 1


def _validate(tables: Mapping[str, Sequence[Sequence[Any]]], plan: Plan, file: str | None, go: bool) -> None:
    """The workbook as it would be, checked as processing checks it (the records, the
    Settings, every player's start: a GoR player needs a rating or a rank).  ``go``: a Go
    workbook (elsewhere an unknown rank's help shows no Go grade: 3d is refused there)."""
    from ..engine.run import start_states
    from ..i18n.catalogue import rules as R

    merged = merged_tables(tables, plan)
    try:
        records = read_records(merged, file)
        start_states(records.system, records, records.params, file)
    except InputErrors as e:
        errors = [_relocate(err, tables, plan) for err in e.errors]
        raise InputErrors([RatingInputError(M.RANK_UNKNOWN_NOT_GO(), value=err.value, where=err.where)
                           if not go and err.text.id == R.RANK_UNKNOWN.id else err for err in errors]) from None


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
                return err.moved(where_of(src, w.column))
    return err


# --------------------------------------------------------------------------- the Import sheet
IMPORT_SHEETS = ("import", "导入", "導入")
META_KEYS = {"event": ("event", "赛事", "賽事", "赛事编号", "賽事編號"),
             "name": ("name", "名称", "名稱", "赛事名称", "賽事名稱"),
             "start": ("start", "开始", "開始", "开始日期", "開始日期"),
             "end": ("end", "结束", "結束", "结束日期", "結束日期"),
             "replace": ("replace", "替换", "替換"),
             "match": ("match", "对应", "對應"),
             "new": ("new", "新棋手"),
             "distinct": ("distinct", "distinct from", "distinct-from", "不同于", "不同於")}
#: Keys that may stand on several lines (one answer a line; ``distinct``: one event a line).
REPEATED_KEYS = ("match", "new", "distinct")
_YES, _NO = ("yes", "y", "true", "1", "是"), ("", "no", "n", "false", "0", "否")


def import_sheet(tables: Mapping[str, Sequence[Sequence[Any]]]) -> tuple[str, list[list[Any]]] | None:
    """The workbook's Import sheet (导入), if any: (name, rows)."""
    found = [name for name in tables if name.strip().lower() in IMPORT_SHEETS]
    if len(found) > 1:      # which one holds the table meant is not known: refused, both named
        names = [IMPORT_SHEETS[0].title(), *IMPORT_SHEETS[1:]]
        raise InputErrors([RatingInputError(SH.SHEET_TWICE(
            role="Import", first=found[0], second=other,
            names=SH.NAMES_OR(names=joined(names[:-1]), last=names[-1])), where=Where(None, other))
            for other in found[1:]])
    return (found[0], [list(r) for r in tables[found[0]]]) if found else None


def _meta_key(cell: str) -> tuple[str | None, str]:
    """The key a line's first cell names (its words in either language, bilingual as the
    templates write them: "对应 match"), and what follows them in the cell (an answer typed in
    the same cell: "match 龚军=HK001"; after a colon too)."""
    text = cell.strip()
    for key, words in META_KEYS.items():
        rest, found = text, False
        while True:
            low = rest.lower()
            word = next((w for w in sorted(words, key=len, reverse=True) if low == w or
                         (low.startswith(w) and low[len(w):len(w) + 1] in (" ", ":", "：", "\t"))), None)
            if word is None:
                break
            found, rest = True, rest[len(word):].lstrip(" :：\t")
        if found:
            return key, rest
    return None, ""


def split_import_sheet(rows: list[list[Any]], problems: list[RatingInputError] | None = None) \
        -> tuple[Options, list[list[Any]], int]:
    """Key/value lines above a pasted table (赛事/event, 名称/name, 开始/start,
    结束/end, 替换/replace: yes or the event's id, and the officer's answers:
    对应/match NAME=ID, 新棋手/new NAME, 不同于/distinct EVENT, a line each) -> Options; the table's rows;
    rows skipped.  ``problems``: where an answer line without its answer is said (the table is
    then still read, its own problems told with it); without it, that line is raised at once."""
    meta: dict[str, Any] = {}
    places: dict[str, Where] = {}       # where each key's value is typed: a bad date is told there
    lines: dict[str, int] = {}          # the row of each key's line
    answers: dict[str, list[str]] = {k: [] for k in REPEATED_KEYS}
    k = 0
    while k < len(rows):
        cells = [v for v in rows[k] if not blank(v)]
        if not cells:
            k += 1
            continue
        key, rest = _meta_key(str(cells[0]))
        if key is None or len(cells) > 2:
            break
        value = cells[1] if len(cells) > 1 else (rest or None)     # "match 龚军=HK001" in one cell
        if key in REPEATED_KEYS:
            if blank(value):        # an answer line without its answer: said, never skipped
                empty = RatingInputError(M.IMPORT_SHEET_ANSWER_EMPTY(key=key), value=cells[0],
                                         where=Where(None, None, k + 1, "A"))
                if problems is None:
                    raise InputErrors([empty])
                problems.append(empty)
            else:
                answers[key].append(str(value).strip())
        else:
            if key in meta:         # which line counts is not known: refused, both rows named
                raise InputErrors([RatingInputError(SH.SETTING_TWICE(key=str(cells[0]).strip(), first=lines[key],
                                                                     row=k + 1), value=cells[0],
                                                    where=Where(None, None, k + 1, "A"))])
            meta[key], lines[key] = value, k + 1
            at = next(j for j, v in enumerate(rows[k]) if not blank(v)) + (1 if len(cells) > 1 else 0)
            at = next((j for j in range(at, len(rows[k])) if not blank(rows[k][j])), at)
            places[key] = Where(None, None, k + 1, col_letter(at + 1))
        k += 1
    dates = {}
    for key in ("start", "end"):
        try:
            dates[key] = to_date(meta.get(key))
        except RatingInputError as e:       # told where it is typed, with its value
            raise InputErrors([RatingInputError(e.text, value=meta.get(key), where=places[key])]) from None
    replace = str(meta.get("replace") or "").strip()
    options = Options(
        event=to_ident(meta["event"]) if not blank(meta.get("event")) else None,
        replace=replace.lower() not in _NO,
        replace_event=replace if replace.lower() not in _YES + _NO else None,
        name=str(meta["name"]).strip() if not blank(meta.get("name")) else None,
        start=dates["start"], end=dates["end"],
        match=tuple(answers["match"]), new=tuple(answers["new"]),
        distinct_from=tuple(to_ident(v) for v in answers["distinct"]), on_sheet=True)
    return options, rows[k:], k
