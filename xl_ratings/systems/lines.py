"""Lines built by the thousand: a period engine's change lines without the dataclass's
``__init__`` (a frozen dataclass sets each field through ``object.__setattr__``; a period of
100,000 games makes some 30,000 lines).

:func:`line_maker` gives a function that takes a line class's fields in their order and
returns the very object the class would (every field set, nothing else run), or the class
itself when it is not one it can build so (no slots, an ``__post_init__``, a field left out
of ``__init__``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def line_maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*fields)`` (all of them, positionally), each slot set by its own descriptor."""
    fields = dataclasses.fields(cls)     # type: ignore[arg-type]
    slots: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            slots[name] = klass.__dict__[name]
    if hasattr(cls, "__post_init__") or not all(f.init and not f.kw_only and f.name in slots for f in fields) \
            or set(slots) != {f.name for f in fields}:
        return cls
    names = [f.name for f in fields]
    space: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = []
    for i, name in enumerate(names):
        space[f"_set{i}"] = slots[name].__set__
        body.append(f"    _set{i}(line, {name})\n")
    # the argument names are the fields' own (identifiers: dataclasses made them so)
    source = f"def make({', '.join(names)}):\n    line = _new(_cls)\n{''.join(body)}    return line\n"
    exec(source, space)      # noqa: S102 -- the same kind of code dataclasses writes for __init__
    make: Callable[..., T] = space["make"]
    make.__doc__ = f"A {cls.__name__} of its fields in order (lines.line_maker)."
    return make


__all__ = ["line_maker"]
