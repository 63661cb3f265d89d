"""A CSV game list (``xl-ratings process GAMES.csv --system lianzhong``): a platform's games,
more than a worksheet holds, one row a game under the Games sheet's headers.

Read in batches by the use case that rates it (:class:`xl_ratings.jobs.list_file.ListFile`:
pyarrow's streaming CSV reader, else pandas in chunks); told by its file name.
"""

from __future__ import annotations

from .record import GAME_LIST, Format, never

FORMAT = Format("csv", "a game list in a CSV file, one row a game", "online platforms",
                frozenset({"games", "handicaps", "ids", "dates"}), never, None, kind=GAME_LIST,
                suffixes=(".csv", ".txt"), reader="xl_ratings.jobs.list_file:ListFile")
