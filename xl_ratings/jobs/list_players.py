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
whose players have games (each would restart at the start rating), and -- for a game-by-game
system, whose rule counts games -- a file with ratings but no games column (each would count 0).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.inputs import COLUMNS
from ..errors import InputErrors, RatingInputError, Where
from ..i18n.catalogue import sheets as S
from ..systems.base import System
from ..systems.records import Award, Player
from .list_tables import NUMERIC, cells_of, table_of

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
    raw: dict[Any, Any] = {}        # the file's text, parsed once: a ratings file is read twice
    table = table_of(path, "Players", errors, unknown, terms=system.terms, raw=raw, cells=False)
    header = table[0]
    rating_keys = tuple(c.key for c in system.sheets[0].columns)
    awards: list[list[Any]] = [["player", "award", "date"]]
    if unknown and "rating" not in header and "new" in _keys(unknown, rating_keys):
        return (*_from_ratings(path, system, rating_keys, errors, raw), True)
    table = cells_of(path, table)
    problems = [RatingInputError(S.PLAYERS_COLUMN_UNKNOWN(known=", ".join(COLUMNS["Players"][0])),
                                 where=Where(str(path), path.name, 1, col), value=col) for col in unknown]
    if "rating" not in header and "games" in header:
        j = header.index("games")
        played = [i for i, r in enumerate(table[1:], start=2) if isinstance(r[j], (int, float)) and r[j] > 0]
        if played:
            problems.append(RatingInputError(S.PLAYERS_GAMES_WITHOUT_RATING(count=len(played), row=played[0]),
                                             where=Where(str(path), path.name, 1, "rating")))
    if "rating" in header and "games" not in header and system.name in STATE_IN_RATINGS:
        j = header.index("rating")      # the rule counts games (lianzhong: rated after 20): never 0 for all, silently
        rated = [i for i, r in enumerate(table[1:], start=2) if isinstance(r[j], (int, float)) and not isinstance(r[j], bool)]
        if rated:
            problems.append(RatingInputError(S.PLAYERS_RATING_WITHOUT_GAMES(count=len(rated), row=rated[0]),
                                             where=Where(str(path), path.name, 1, "games")))
    if problems:
        raise InputErrors(problems)
    return table, awards, False


def _keys(columns: list[str], known: tuple[str, ...]) -> set[str]:
    from ..i18n.labels import header_key

    return {k for c in columns if (k := header_key(c, set(known)))}


def _from_ratings(path: Path, system: System, keys: tuple[str, ...], errors: list[RatingInputError] | None,
                  raw: dict[Any, Any] | None = None) -> tuple[list[list[Any]], list[list[Any]]]:
    """A ratings file (``--output``) as the players' state: see the module."""
    if system.name not in STATE_IN_RATINGS:
        raise InputErrors([RatingInputError(S.RATINGS_FILE_NOT_A_STATE(system=system.name),
                                            where=Where(str(path)))])
    table = table_of(path, "Players", errors, keys=keys, numeric=NUMERIC | {"new", "old", "change"}, raw=raw)
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
    if path.suffix.lower() in (".csv", ".txt"):     # our CSV writer's guard undone: '=X is =X again
        from ..files.encode import unguard

        text = [j for k, j in col.items() if k not in ("new", "old", "change", "games", "place", "period_games")]
        for j in text:      # (a column none of whose cells starts with the quote: left as it is)
            cells = "\n" + "\n".join(v for v in (r[j] for r in rows if j < len(r)) if v.__class__ is str)
            if "\n'" not in cells:
                continue
            for r in rows:
                if j < len(r):
                    r[j] = unguard(r[j])
    def column(k: str) -> list[Any]:
        j = col.get(k)
        return [r[j] for r in rows] if j is not None else [None] * len(rows)
    ids, titles = column("id"), column("title")
    players += map(list, zip(ids, column("name"), column("club"), column("new"), column("games"), column("honorary")))
    awards += [[pid, title, None] for pid, title in zip(ids, titles) if title in awarded and pid is not None]
    return players, awards


#: The Players columns a plain players table may have (read by :func:`plain_players`): a platform's
#: ``id, rating, games`` or a ratings file's state; any other column (sex, rank, member, an id of
#: :data:`~xl_ratings.engine.identity.EXTRA_COLUMNS` ...) goes to the Players reader.
PLAIN_COLUMNS = frozenset({"id", "name", "club", "rating", "games", "title"})
FIELDS = ("id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member", "rif", "wins",
          "row")


def plain_players(table: Sequence[Sequence[Any]], system: System) -> dict[str, Player] | None:
    """The players of a plain players table (header keys :data:`PLAIN_COLUMNS`, the header first,
    every row as long as it and holding a player: a printable id of ASCII letters and digits, no
    id repeated even but for its case, no total row, ratings numbers within the system's range,
    game counts whole and not negative, every text short of a cell's limit and a name wherever
    names are given) -- exactly what :func:`~xl_ratings.engine.inputs.read_players` reads from it
    (``tests/jobs/test_list_players_plain.py``), without the per-cell machinery of a sheet: about
    a tenth of its time on a platform's 10⁵ players.  None: any row that is not so, or another
    column -- the table is then read by ``read_players`` (and its problems told as ever)."""
    from ..engine.cells import MAX_CELL_CHARS
    from ..engine.inputs import NOT_MEMBER, SEXES
    from ..engine.totals import summary_row

    if not table:
        return None
    header = list(table[0])
    if not header or header[0] != "id" or len(set(header)) != len(header) \
            or not all(h.__class__ is str and h in PLAIN_COLUMNS for h in header):
        return None
    width = len(header)
    lo, hi = system.rating_range if system.rating_range is not None else (-math.inf, math.inf)
    at = {k: j for j, k in enumerate(header)}
    jn, jc, jr, jg, jt = (at.get(k) for k in ("name", "club", "rating", "games", "title"))
    named = jn is not None
    sex, member = SEXES.get(""), "" not in NOT_MEMBER
    limit = MAX_CELL_CHARS
    players: dict[str, Player] = {}
    folded: set[str] = set()
    finite = math.isfinite
    new = object.__new__
    assert [f.name for f in dataclasses.fields(Player)] == list(FIELDS)      # every field set below

    def text(v: Any) -> str | None:
        """Rows.text of a cell; None: a cell the Players reader must read."""
        if v is None:
            return ""
        if v.__class__ is not str or len(v) > limit:
            return None
        return v.strip()
    for i, row in enumerate(table[1:], start=2):
        if len(row) != width:
            return None
        pid = row[0]
        if pid.__class__ is not str or not (pid.isascii() and pid.isalnum()) or len(pid) > limit:
            return None
        low = pid.casefold()
        if low in folded:
            return None
        folded.add(low)
        name = row[jn] if jn is not None else None
        if summary_row(name, pid):
            return None
        called = text(name) if named else ""
        club = text(row[jc]) if jc is not None else ""
        title = text(row[jt]) if jt is not None else ""
        if called is None or club is None or title is None or (named and not called):
            return None
        rating: float | None = None
        if jr is not None and (v := row[jr]) is not None:
            if (v.__class__ is not float and v.__class__ is not int) or not finite(v) or not lo <= v <= hi:
                return None
            rating = float(v)
        games: int | None = None
        if jg is not None and (g := row[jg]) is not None:
            if (g.__class__ is not float and g.__class__ is not int) or not finite(g) or g < 0 \
                    or not float(g).is_integer():
                return None
            games = int(float(g))
        p = new(Player)         # a frozen dataclass's __init__ sets each field through object.__setattr__
        p.__dict__.update(id=pid, name=called or pid, sex=sex, club=club, rank=None, rating=rating, games=games,
                          events=None, peak=None, title=title, member=member, rif=None, wins=None, row=i)
        players[pid] = p
    return players


__all__ = ["PLAIN_COLUMNS", "STATE_IN_RATINGS", "plain_players", "players_table"]
