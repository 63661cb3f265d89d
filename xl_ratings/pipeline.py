"""The one plain function behind every way of processing a period.

``run(tables, period)`` takes the workbook's sheets as tables of cell values
and returns every result sheet as data.  The command line (openpyxl files),
the xlwings Lite/Server ``@script`` and classic ``RunPython`` ``main()`` all
call it and differ only in how they read and write cells.

The History sheet is the ledger: each processed period adds one row per
player.  Re-processing a period replaces its rows; ratings at a period's
start come from the ledger when it has the period before, else from Players.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .columns import header_key, sheet_key
from .engine import ENGINES, START_STATE
from .engine.common import PeriodResult, Table, checks_table
from .errors import InputErrors, RatingInputError, Where
from .model import Inputs, State
from .perf import gc_paused
from .periods import Period, next_period, parse_period, period_of
from .reader import blank, read_inputs, to_date
from .settings import params_from_settings

LEDGER_COLUMNS = ["period", "start", "end", "id", "name", "old", "new", "change", "status", "games",
                  "events", "peak", "period_games"]
LEDGER_EXTRAS = {"shanghai": ["pending_games", "pending_change", "pending_since", "pending_events",
                              "pending_log"],
                 "gor": ["wins"], "lianzhong": ["title_awarded"], "peng": ["rank", "annual"]}
RESULT_SHEETS = ("Ratings", "Changes", "Standards", "Inactive", "Pending", "Fees", "Checks", "History")


@dataclass
class Outcome:
    """Everything one run produces."""

    system: str
    results: list[PeriodResult]
    ledger: list[dict[str, Any]]
    sheets: dict[str, Table] = field(default_factory=dict)   #: result sheets, in order

    @property
    def last(self) -> PeriodResult:
        return self.results[-1]

    def json(self) -> dict[str, Any]:
        """The JSON export of the last processed period (CONTRACT §3)."""
        r = self.last
        return {"system": self.system, "period": r.period.label, "players": r.json_players,
                "changes": r.json_changes,
                "checks": [{"rule": c.rule, "sheet": c.sheet, "row": c.row, "message": c.message}
                           for c in r.checks]}


# --------------------------------------------------------------------------- ledger
def read_ledger(tables: Mapping[str, Sequence[Sequence[Any]]], system: str,
                file: str | None = None) -> list[dict[str, Any]]:
    name = next((n for n in tables if sheet_key(n) == "History"), None)
    if name is None:
        return []
    rows = [list(r) for r in tables[name]]
    if not rows:
        return []
    known = set(LEDGER_COLUMNS) | set(LEDGER_EXTRAS[system])
    keys: dict[int, str] = {}
    for j, h in enumerate(rows[0]):
        if blank(h):
            break   # the chart data stands to the right of a blank column
        k = header_key(h, known)
        if k:
            keys[j] = k
    if not {"period", "id", "new"} <= set(keys.values()):
        raise InputErrors([RatingInputError(
            "the History sheet is not a ledger written by xl-ratings (columns period, id, new missing); "
            "rename or delete it", where=Where(file, name, 1))])
    out = []
    errors = []
    for i, r in enumerate(rows[1:], start=2):
        rec = {k: (r[j] if j < len(r) else None) for j, k in keys.items()}
        if blank(rec.get("period")) or blank(rec.get("id")):
            continue
        try:
            rec["start"], rec["end"] = to_date(rec.get("start")), to_date(rec.get("end"))
            if "pending_since" in rec:
                rec["pending_since"] = to_date(rec.get("pending_since"))
        except RatingInputError as e:
            errors.append(RatingInputError(e.problem, where=Where(file, name, i)))
            continue
        if rec["start"] is None or rec["end"] is None:
            errors.append(RatingInputError("start and end dates are needed", where=Where(file, name, i)))
            continue
        rec["id"] = str(int(rec["id"])) if isinstance(rec["id"], float) and rec["id"].is_integer() \
            else str(rec["id"]).strip()
        rec["period"] = str(rec["period"]).strip()
        st = str(rec.get("status") or "active").split()[-1].lower()
        rec["status"] = st if st in ("active", "inactive", "pending") else "active"
        out.append(rec)
    if errors:
        raise InputErrors(errors)
    return out


def _num(v: Any, default: float | None = None) -> float | None:
    return default if blank(v) else float(v)


def ledger_state(rec: dict[str, Any], system: str) -> State:
    extra = {k: rec.get(k) for k in LEDGER_EXTRAS[system]}
    for k in ("pending_games", "pending_events", "wins"):
        if k in extra:
            extra[k] = int(_num(extra[k], 0))
    if "pending_change" in extra:
        extra["pending_change"] = _num(extra["pending_change"], 0.0)
    if "annual" in extra:
        extra["annual"] = _num(extra["annual"])
    for k in ("title_awarded", "rank", "pending_log"):
        if k in extra:
            extra[k] = "" if blank(extra[k]) else str(extra[k])
    extra["period_games"] = int(_num(rec.get("period_games"), 0))   # counted games of that period
    extra["period_end"] = rec["end"]
    return State(_num(rec.get("new")), int(_num(rec.get("games"), 0)), int(_num(rec.get("events"), 0)),
                 _num(rec.get("peak")), rec["status"], extra)


def ledger_periods(ledger: list[dict[str, Any]]) -> list[Period]:
    seen = {}
    for r in ledger:
        seen[r["period"]] = Period(r["start"], r["end"], r["period"])
    return sorted(seen.values())


def _check_order(p: Period, done: list[Period], system: str, file: str | None) -> None:
    later = [q for q in done if q.label != p.label and q.end >= p.start]
    if later:
        raise InputErrors([RatingInputError(
            f"the History already holds period {later[-1].label}, which overlaps or follows {p.label}; "
            f"process periods in order (re-process only the latest, {done[-1].label}) — "
            f"History 已有 {later[-1].label}，请按顺序处理",
            where=Where(file, "History"))])
    prior = [q for q in done if q.end < p.start]
    if prior and prior[-1].end + dt.timedelta(days=1) != p.start:
        gap = next_period(prior[-1], system) if system in ("shanghai", "peng") else None
        first = gap.label if gap else f"the period from {prior[-1].end + dt.timedelta(days=1)}"
        raise InputErrors([RatingInputError(
            f"cannot process {p.label}: the History ends with {prior[-1].label}; process {first} first "
            f"— 请先处理 {first}", where=Where(file, "History"))])


def _following(p: Period, system: str) -> Period:
    """The period right after ``p``: the next standard period, or the rest of
    the year after a custom range."""
    nxt = next_period(p, system)
    if nxt.start == p.end + dt.timedelta(days=1):
        return nxt
    start = p.end + dt.timedelta(days=1)
    end = dt.date(start.year, 12, 31)
    return Period(start, end, f"{start.isoformat()}..{end.isoformat()}")


def plan_periods(inputs: Inputs, done: list[Period], period: str | None, file: str | None) -> list[Period]:
    """The periods to process: the one asked for, else every period from the
    ledger's end (or the first event) to the last event; with nothing new,
    the latest period again."""
    if period:
        try:
            return [parse_period(period, inputs.system)]
        except RatingInputError as e:
            raise InputErrors([e.located(file=file)]) from None
    ends = sorted(ev.end for ev in inputs.events.values())
    if not ends:
        raise InputErrors([RatingInputError("there are no events to process", where=Where(file, "Events"))])
    p = _following(done[-1], inputs.system) if done else period_of(ends[0], inputs.system)
    if p.start > ends[-1]:
        return [done[-1]]
    plan = []
    while p.start <= ends[-1]:
        plan.append(p)
        p = _following(p, inputs.system)
    return plan


# --------------------------------------------------------------------------- run
def run(tables: Mapping[str, Sequence[Sequence[Any]]], period: str | None = None,
        file: str | None = None, progress: Callable[[str, int, int], None] | None = None) -> Outcome:
    """Process one period (or every unprocessed period) of a workbook given as tables."""
    with gc_paused():
        inputs = read_inputs(tables, file)
    return run_inputs(inputs, read_ledger(tables, inputs.system, file), period, file, progress)


def run_inputs(inputs: Inputs, ledger: list[dict[str, Any]] | None = None, period: str | None = None,
               file: str | None = None,
               progress: Callable[[str, int, int], None] | None = None) -> Outcome:
    """The same processing from records already read (a workbook, or a CSV/Parquet game list)."""
    with gc_paused():
        return _run_inputs(inputs, ledger, period, file, progress)


def _run_inputs(inputs: Inputs, ledger: list[dict[str, Any]] | None, period: str | None,
                file: str | None, progress: Callable[[str, int, int], None] | None) -> Outcome:
    system = inputs.system
    params = params_from_settings(system, inputs.settings, file)
    ledger = list(ledger or [])
    done = ledger_periods(ledger)
    plan = plan_periods(inputs, done, period, file)
    starter = START_STATE[system]
    errors = []
    base_states: dict[str, State] = {}
    for pid, pl in inputs.players.items():
        try:
            base_states[pid] = starter(pl, params)
        except RatingInputError as e:
            errors.append(RatingInputError(e.problem, value=e.value,
                                           where=Where(file, "Players", pl.row, "rank")))
    if system == "gor":
        for pid, st in base_states.items():
            if st.rating is None:
                pl = inputs.players[pid]
                errors.append(RatingInputError("a GoR player needs a rating or a rank (表I)",
                                               where=Where(file, "Players", pl.row, "rating")))
    if errors:
        raise InputErrors(errors)
    results = []
    for n, p in enumerate(plan, start=1):
        if progress:
            progress(p.label, n, len(plan))
        _check_order(p, [q for q in done], system, file)
        prior = [q for q in done if q.end < p.start]
        states = dict(base_states)
        if prior:
            for rec in ledger:
                if rec["period"] == prior[-1].label and rec["id"] in states:
                    states[rec["id"]] = ledger_state(rec, system)
        result = ENGINES[system](inputs, states, p, params)
        results.append(result)
        ledger = [r for r in ledger if r["period"] != p.label] + ledger_rows(result, inputs)
        done = ledger_periods(ledger)
    out = Outcome(system, results, ledger)
    out.sheets = result_sheets(out)
    return out


def as_stored(v: Any) -> Any:
    """A float as the workbook file stores it (openpyxl writes 16 significant
    digits), so that a period chained in memory starts exactly where a period
    restarted from the saved History would."""
    return float("%.16g" % v) if isinstance(v, float) else v


def ledger_rows(result: PeriodResult, inputs: Inputs) -> list[dict[str, Any]]:
    rows = []
    for pid, st in result.states.items():
        old = result.olds.get(pid)
        rec = {"period": result.period.label, "start": result.period.start, "end": result.period.end,
               "id": pid, "name": inputs.players[pid].name, "old": old, "new": st.rating,
               "change": (st.rating - old) if st.rating is not None and old is not None else None,
               "status": st.status, "games": st.games, "events": st.events, "peak": st.peak,
               "period_games": st.extra.get("period_games", 0)}
        for k in LEDGER_EXTRAS[result.system]:
            rec[k] = st.extra.get(k)
        rows.append({k: as_stored(v) for k, v in rec.items()})
    return rows


def result_sheets(out: Outcome) -> dict[str, Table]:
    r = out.last
    sheets = {"Ratings": r.ratings, "Changes": r.changes}
    for name in ("Standards", "Inactive", "Pending", "Fees"):
        if name in r.extra:
            sheets[name] = r.extra[name]
    sheets["Checks"] = checks_table([c for res in out.results for c in res.checks])
    cols = LEDGER_COLUMNS + LEDGER_EXTRAS[out.system]
    ledger = sorted(out.ledger, key=lambda x: (x["end"], x["id"]))
    sheets["History"] = Table(cols, ledger, {"start": "yyyy-mm-dd", "end": "yyyy-mm-dd",
                                             "pending_since": "yyyy-mm-dd", "old": "0.00",
                                             "new": "0.00", "change": "+0.00;-0.00;0.00",
                                             "peak": "0.00", "pending_change": "0.00",
                                             "annual": "0.00"})
    return sheets


def history_wide(out: Outcome, top: int = 10) -> tuple[list[str], list[str], list[list[Any]]]:
    """(periods, player names, values[period][player]) for the rating-history chart.

    The ``top`` players by their latest rating (score for peng), over every
    period in the ledger.
    """
    periods = [p.label for p in ledger_periods(out.ledger)]
    latest: dict[str, dict[str, Any]] = {}
    for rec in out.ledger:
        latest[rec["id"]] = rec if rec["id"] not in latest or rec["end"] >= latest[rec["id"]]["end"] \
            else latest[rec["id"]]
    ranked = sorted((r for r in latest.values() if isinstance(r.get("new"), (int, float))),
                    key=lambda r: -r["new"])[:top]
    ids = [r["id"] for r in ranked]
    names = [str(r["name"]) for r in ranked]
    wanted = set(ids)
    value = {(x["period"], x["id"]): x["new"] for x in out.ledger if x["id"] in wanted}
    return periods, names, [[value.get((p, pid)) for pid in ids] for p in periods]
