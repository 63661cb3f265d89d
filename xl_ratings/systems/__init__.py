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


def get(name: str) -> System:
    """The system called ``name``; a RatingInputError listing the known ones otherwise."""
    key = str(name or "").strip().lower()
    if key not in REGISTRY:
        raise RatingInputError(M.UNKNOWN_SYSTEM(systems=f"{', '.join(SYSTEMS[:-1])} or {SYSTEMS[-1]}"), value=name)
    return REGISTRY[key]


__all__ = ["REGISTRY", "SYSTEMS", "System", "get"]
