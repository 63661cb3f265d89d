"""The records a rating officer keeps, by one name: the rows (:mod:`.rows`: players,
events, games, awards, points) and :class:`~.base.Records`, which gathers them with the
rulebook that rates them (defined beside :class:`~.base.System`, which names it).
"""

from .base import Records
from .rows import Award, Event, Game, Player, PointsEntry

__all__ = ["Award", "Event", "Game", "Player", "PointsEntry", "Records"]
