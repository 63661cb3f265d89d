"""The one plain function behind every way of processing a period.

``run(tables, period)`` takes the workbook's sheets as tables of cell values
and returns an :class:`Outcome`: the facts of every processed period and the
updated ledger.  The command line, the xlwings Lite/Server ``@script`` and
classic ``RunPython`` ``main()`` all call it; the view layer
(:mod:`xl_ratings.view`) turns the outcome into sheets, JSON or HTML.

The History sheet is the ledger: each processed period adds one row per
player.  Re-processing a period replaces its rows; ratings at a period's
start come from the ledger when it has the period before, else from Players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import systems
from ..errors import InputErrors, RatingInputError, Where
from ..systems.base import PeriodFacts, State, System
from ..systems.records import Records
from .inputs import read_records
from .ledger import Entry, Ledger
from .perf import gc_paused
from .periods import check_order, plan
from .settings import params_from_settings

Progress = Callable[[str, int, int], None]


@dataclass
class Outcome:
    """Everything one run produces: what the view layer shows."""

    system: System
    records: Records
    params: Any
    results: list[PeriodFacts]      #: one per processed period, in order
    ledger: Ledger                  #: the History after the run

    @property
    def last(self) -> PeriodFacts:
        return self.results[-1]

    @property
    def federation(self) -> str:
        """The federation's name: the ``federation`` setting, else the system's default."""
        v = self.records.settings.get("federation")
        return str(v).strip() if v is not None and str(v).strip() else self.system.federation


def run(tables: Mapping[str, Sequence[Sequence[Any]]], period: str | None = None,
        file: str | None = None, progress: Progress | None = None) -> Outcome:
    """Process one period (or every unprocessed period) of a workbook given as tables."""
    with gc_paused():
        records = read_records(tables, file)
        system = systems.get(records.system)
        ledger = Ledger.from_tables(tables, system, file)
    return run_records(records, ledger, period, file, progress)


def run_records(records: Records, ledger: Ledger | None = None, period: str | None = None,
                file: str | None = None, progress: Progress | None = None) -> Outcome:
    """The same processing from records already read (a workbook, or a CSV/Parquet game list)."""
    with gc_paused():
        return _run(records, ledger, period, file, progress)


def start_states(system: System, records: Records, params: Any, file: str | None) -> dict[str, State]:
    """Every player's state before the first processed period, from the Players sheet."""
    errors = []
    states: dict[str, State] = {}
    for pid, pl in records.players.items():
        try:
            states[pid] = system.start_state(pl, params)
        except RatingInputError as e:
            column = "rank" if pl.rank is not None else "rating"
            errors.append(RatingInputError(e.problem, value=e.value, problem_zh=e.problem_zh,
                                           where=Where(file, "Players", pl.row, column)))
    if errors:
        raise InputErrors(errors)
    return states


def _run(records: Records, ledger: Ledger | None, period: str | None, file: str | None,
         progress: Progress | None) -> Outcome:
    system = systems.get(records.system)
    params = params_from_settings(system, records.settings, file)
    ledger = ledger if ledger is not None else Ledger(system)
    done = ledger.periods()
    todo = plan(system, records, done, period, file)
    base = start_states(system, records, params, file)
    results = []
    for n, p in enumerate(todo, start=1):
        if progress:
            progress(p.label, n, len(todo))
        check_order(system, p, done, file)
        prior = [q for q in done if q.end < p.start]
        states = dict(base)
        if prior:
            states.update({pid: st for pid, st in ledger.states_at(prior[-1]).items() if pid in states})
        facts = system.process(records, states, p, params)
        results.append(facts)
        ledger.record(p, [Entry.of(p, pid, records.players[pid].name, states[pid].rating, st)
                          for pid, st in facts.states.items()])
        done = ledger.periods()
    return Outcome(system, records, params, results, ledger)
