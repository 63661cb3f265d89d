"""A Parquet game list (``xl-ratings process GAMES.parquet --system lianzhong``): the games of a
platform, typed columns under the Games sheet's headers (the ``parquet`` extra: pyarrow).

Read batch by batch by the use case that rates it (:class:`xl_ratings.jobs.list_file.ListFile`);
told by its file name.
"""

from __future__ import annotations

from .record import GAME_LIST, Format, never

FORMAT = Format("parquet", "a game list in a Parquet file, one row a game", "online platforms",
                frozenset({"games", "handicaps", "ids", "dates"}), never, None, kind=GAME_LIST,
                suffixes=(".parquet", ".pq"), reader="xl_ratings.jobs.list_file:ListFile")
