"""Platform-scale Lianzhong game lists for the benchmarks (deterministic).

    python benchmarks/gamelist.py GAMES PLAYERS OUT_PREFIX   # writes OUT_PREFIX.csv, .parquet, _players.csv
"""

from __future__ import annotations

import datetime as dt
import sys

import numpy as np


def make(games: int, players: int, prefix: str) -> None:
    import pandas as pd

    rng = np.random.default_rng(4)
    a = rng.integers(0, players, games)
    b = (a + rng.integers(1, players, games)) % players
    days = np.sort(rng.integers(0, 365, games))
    res = rng.choice(np.array(["1", "0", "0.5"]), games, p=[0.45, 0.45, 0.10])
    start = np.datetime64(dt.date(2026, 1, 1))
    ids = np.char.add("U", np.arange(players).astype(str))
    df = pd.DataFrame({"date": (start + days).astype("datetime64[D]").astype(str),
                       "player": ids[a], "opponent": ids[b], "result": res})
    df.to_csv(f"{prefix}.csv", index=False)
    try:
        df.to_parquet(f"{prefix}.parquet", index=False)
    except ImportError:
        pass
    rated = rng.random(players) < 0.8
    pl = pd.DataFrame({"id": ids, "rating": np.where(rated, rng.integers(1200, 2600, players), np.nan),
                       "games": np.where(rated, 40, rng.integers(0, 19, players))})
    pl.to_csv(f"{prefix}_players.csv", index=False)


if __name__ == "__main__":
    make(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
