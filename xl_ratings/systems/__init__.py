"""The four federation rulebooks, one module each, and their registry.

Each module holds the rulebook's math (pure functions and one frozen Params
dataclass with every default of SPEC.md), its period engine (typed facts,
no words), and one :class:`~xl_ratings.systems.base.System` record that
tells the rest of the package everything else it needs: ladder and naming,
start state, the fields kept in the History, result-sheet layouts, message
templates, language, sample data.  Standard library only.

Adding a federation: one new module with a ``SYSTEM`` record, and its name
in :data:`SYSTEMS` below (the module's name is the system's).

The registry imports a rulebook's module when that system is first asked
for: a run of one system (a platform's game list, lianzhong) does not import
the other three (docs/performance.md, "One read": some 30 ms of start-up).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from ..errors import RatingInputError
from .base import System

#: The systems' names, in the registry's order; each is the name of its module here.
SYSTEMS: tuple[str, ...] = ("shanghai", "gor", "lianzhong", "peng")


class Registry(Mapping[str, System]):
    """Name -> :class:`System`, as a dict of the four would be (:data:`SYSTEMS`' order), each
    rulebook's module imported when its system is first looked up."""

    def __getitem__(self, name: str) -> System:
        if not isinstance(name, str) or name not in SYSTEMS:
            raise KeyError(name)
        system: System = importlib.import_module(f"{__name__}.{name}").SYSTEM
        return system

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in SYSTEMS

    def __iter__(self) -> Iterator[str]:
        return iter(SYSTEMS)

    def __len__(self) -> int:
        return len(SYSTEMS)

    def __repr__(self) -> str:
        return f"Registry({', '.join(SYSTEMS)})"


REGISTRY: Mapping[str, System] = Registry()


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
        from ..i18n.catalogue import rules as M

        raise RatingInputError(M.UNKNOWN_SYSTEM(systems=f"{', '.join(SYSTEMS[:-1])} or {SYSTEMS[-1]}"), value=name)
    return found


__all__ = ["REGISTRY", "Registry", "SYSTEMS", "System", "find", "get"]
