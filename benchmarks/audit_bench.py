"""The per-game audit facts (issue 26): what keeping them costs the engines.

    python benchmarks/audit_bench.py [PLAYERS] [GAMES]

Runs each system's period engine on a federation-scale workbook (deterministic,
:mod:`bigbook`) from memory, with the feed asking for the per-game facts
(``MemoryFeed(records, audit=True)``: what the published replay does) and
without (every other run), side by side, and prints the CPU seconds (the best
of five) and their ratio.  Run it with ``PYTHONPATH`` at another checkout to
compare the path without facts with that checkout's.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bigbook import shanghai_tables  # noqa: E402

import datetime as dt  # noqa: E402

from xl_ratings.engine.inputs import read_records  # noqa: E402
from xl_ratings.engine.periods import plan  # noqa: E402
from xl_ratings.engine.run import start_states  # noqa: E402
from xl_ratings.systems.feed import MemoryFeed  # noqa: E402


def cpu(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    for system in ("shanghai", "lianzhong"):
        tables = shanghai_tables(players, games)
        tables["Settings"] = [["key", "value"], ["system", system]]
        records = read_records(tables)
        rulebook = records.system
        states = start_states(rulebook, records, records.params, None)
        period = plan(rulebook, records, [], None, None, dt.date(2100, 1, 1))[0]
        plain = MemoryFeed(records)
        kept = MemoryFeed(records, audit=True) if "audit" in MemoryFeed.__init__.__code__.co_varnames else None

        def run(feed):
            return lambda: rulebook.process(records, states, period, records.params, feed)
        t_plain = cpu(run(plain))
        line = f"{system:10s} {len(records.games):>8,} games  without facts {t_plain:6.3f} s"
        if kept is not None:
            facts = rulebook.process(records, states, period, records.params, kept)
            t_kept = cpu(run(kept))
            line += f"  with facts {t_kept:6.3f} s  ratio {t_kept / t_plain:4.2f}  ({len(facts.games):,} facts)"
        print(line)


if __name__ == "__main__":
    main()
