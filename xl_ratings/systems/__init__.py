"""The four federation rulebooks, one module each, and their registry.

Each module holds the rulebook's math (pure functions and one frozen Params
dataclass with every default of SPEC.md), its period engine (typed facts,
no words), and one :class:`~xl_ratings.systems.base.System` record that
tells the rest of the package everything else it needs: ladder and naming,
start state, the fields kept in the History, result-sheet layouts, message
templates, language, sample data.  Standard library only.

Adding a federation: one new module with a ``SYSTEM`` record, and one line
in :data:`REGISTRY` below.
"""

from __future__ import annotations

from ..errors import RatingInputError
from ..i18n.catalogue import rules as M
from . import gor, lianzhong, peng, shanghai
from .base import System

REGISTRY: dict[str, System] = {s.name: s for s in (
    shanghai.SYSTEM,
    gor.SYSTEM,
    lianzhong.SYSTEM,
    peng.SYSTEM,
)}

SYSTEMS: tuple[str, ...] = tuple(REGISTRY)


def find(name: object) -> System | None:
    """The system a name given by a user names (a Settings cell, ``--system``, an Excel
    argument: case and spaces aside), or None: the one way a name becomes a rulebook, at
    the boundary where the name comes in; past it, the :class:`System` itself is passed on."""
    return REGISTRY.get(str(name or "").strip().lower())


def get(name: str | System) -> System:
    """The system called ``name`` (a System: itself); a RatingInputError listing the known ones otherwise."""
    if isinstance(name, System):
        return name
    found = find(name)
    if found is None:
        raise RatingInputError(M.UNKNOWN_SYSTEM(systems=f"{', '.join(SYSTEMS[:-1])} or {SYSTEMS[-1]}"), value=name)
    return found


__all__ = ["REGISTRY", "SYSTEMS", "System", "find", "get"]
