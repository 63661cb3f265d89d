"""A game list's ``--players`` file: the Players sheet's columns, or the ratings file a run wrote.

An online platform rates every day: yesterday's ratings and game counts plus
today's games.  The ratings file a run writes (``--output ratings.csv``, the
Ratings sheet's columns) is therefore read back as the players' state:

* ``new`` is the rating, ``games`` the counted games (the rule's ``n``);
* lianzhong's ``title``: an awarded title (特级大师, 一级大师) is kept as
  awarded -- never lost, as the rulebook says -- and a rating title (四级棋士)
  is not an input (the rating gives it again); ``honorary`` is the honorary
  title (国家大师), kept as entered;
* ``place``, ``old``, ``change``, ``status`` and ``period_games`` are what
  the run said, not state.

The floats are written and read back exactly (the shortest text that reads
as the same float), and a game list carries its states from period to period
as they are (no History rounding), so rating day 1, then day 2 from day 1's
ratings file, gives the very numbers of rating both days at once
(``tests/test_day_by_day.py``).  Only a game-by-game system's ratings file
holds its whole state: another system's is refused, saying why.

A players file is never read silently wrong: a column that is not one of the
Players sheet's is refused, named, and so is a file without a rating column
whose players have games (each would restart at the start rating).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.inputs import COLUMNS
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import sheets as S
from ..systems.base import System
from ..systems.records import Award
from .list_tables import NUMERIC, table_of

#: The systems whose ratings file (``--output``) is the whole state their rule needs:
#: the rating, the counted games and the titles (game by game: lianzhong).
STATE_IN_RATINGS = frozenset({"lianzhong"})


def players_table(path: Path, system: System,
                  errors: list[RatingInputError] | None = None) -> tuple[list[list[Any]], list[list[Any]], bool]:
    """The ``--players`` file as a Players table, an Awards table (the awarded titles of a
    ratings file), and whether it is a ratings file (the players' state: an id of the list
    that it does not hold is a new player); refused (:class:`InputErrors`) when it would be
    read wrong."""
    unknown: list[str] = []
    table = table_of(path, "Players", errors, unknown, terms=system.terms)
    header = table[0]
    rating_keys = tuple(c.key for c in system.sheets[0].columns)
    awards: list[list[Any]] = [["player", "award", "date"]]
    if unknown and "rating" not in header and "new" in _keys(unknown, rating_keys):
        return (*_from_ratings(path, system, rating_keys, errors), True)
    problems = [RatingInputError(S.PLAYERS_COLUMN_UNKNOWN(known=", ".join(COLUMNS["Players"][0])),
                                 where=Where(str(path), path.name, 1, col), value=col) for col in unknown]
    if "rating" not in header and "games" in header:
        j = header.index("games")
        played = [i for i, r in enumerate(table[1:], start=2) if isinstance(r[j], (int, float)) and r[j] > 0]
        if played:
            problems.append(RatingInputError(S.PLAYERS_GAMES_WITHOUT_RATING(count=len(played), row=played[0]),
                                             where=Where(str(path), path.name, 1, "rating")))
    if problems:
        raise InputErrors(problems)
    return table, awards, False


def _keys(columns: list[str], known: tuple[str, ...]) -> set[str]:
    from ..i18n.labels import header_key

    return {k for c in columns if (k := header_key(c, set(known)))}


def _from_ratings(path: Path, system: System, keys: tuple[str, ...],
                  errors: list[RatingInputError] | None) -> tuple[list[list[Any]], list[list[Any]]]:
    """A ratings file (``--output``) as the players' state: see the module."""
    if system.name not in STATE_IN_RATINGS:
        raise InputErrors([RatingInputError(S.RATINGS_FILE_NOT_A_STATE(system=system.name),
                                            where=Where(str(path)))])
    table = table_of(path, "Players", errors, keys=keys, numeric=NUMERIC | {"new", "old", "change"})
    header, rows = table[0], table[1:]
    col = {k: header.index(k) for k in header}
    awarded = {t for _, t in system.params_type().awarded_titles}
    players: list[list[Any]] = [["id", "name", "club", "rating", "games", "title"]]
    awards: list[list[Any]] = [["player", "award", "date"]]

    def get(r: list[Any], k: str) -> Any:
        return r[col[k]] if k in col else None
    problems = [RatingInputError(S.RATINGS_ROW_WITHOUT_RATING(games=int(get(r, "games"))), value=get(r, "id"),
                                 where=Where(str(path), path.name, i, "new"))
                for i, r in enumerate(rows, start=2)
                if get(r, "new") is None and isinstance(get(r, "games"), (int, float)) and get(r, "games") > 0]
    if problems:
        raise InputErrors(problems)
    for r in rows:
        title, honorary = get(r, "title"), get(r, "honorary")
        players.append([get(r, "id"), get(r, "name"), get(r, "club"), get(r, "new"), get(r, "games"), honorary])
        if title in awarded and get(r, "id") is not None:
            awards.append([get(r, "id"), title, None])
    return players, awards


__all__ = ["STATE_IN_RATINGS", "players_table"]
