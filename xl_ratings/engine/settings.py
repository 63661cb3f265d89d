"""Settings sheet -> the system's parameter object.

Any field of the system's parameter dataclass may be set by name in the
Settings sheet (``k_new`` = 30, ``epsilon`` = 0.014).  Tables are written as
``key:value`` pairs separated by commas (``con_table`` = ``100:116, 200:110,
…``; ``rank_standards`` = ``初段:2240, 二段:2280, …``).  A system may accept
keys of its own (peng: one rung of the ladder, ``basic.二段`` = 620).  An
unknown key or a bad value is an error that names the Settings row.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InputErrors, ParameterError, RatingInputError, Where
from ..systems.base import System
from ..systems.ranks import Rank, parse_rank

#: Settings keys that are not parameters of the rating system.
RESERVED = {"system", "_rows", "federation", "name", "title", "language"}


def _scalar(default: Any, value: Any) -> Any:
    if isinstance(default, bool):
        t = str(value).strip().lower()
        if t in ("1", "true", "yes", "是", "y"):
            return True
        if t in ("0", "false", "no", "否", "n"):
            return False
        raise ParameterError("must be yes or no", value=value)
    if isinstance(default, (int, float)):
        if isinstance(value, bool):
            raise ParameterError("must be a number", value=value)
        try:
            if isinstance(value, str):
                t = value.strip()
                if "/" in t:
                    a, b = t.split("/", 1)
                    value = float(a) / float(b)
                else:
                    value = float(t)
            v = float(value)
        except (TypeError, ValueError, ZeroDivisionError):
            raise ParameterError("must be a number", value=value) from None
        return int(v) if isinstance(default, int) and v.is_integer() else v
    if isinstance(default, Rank):
        return parse_rank(value)
    return str(value).strip()


def _pairs(default: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    parts = [p for p in str(value).replace("，", ",").replace("：", ":").split(",") if p.strip()]
    out = []
    for p in parts:
        if ":" not in p:
            raise ParameterError(f"'{p.strip()}' is not a key:value pair", value=value)
        k, v = p.split(":", 1)
        out.append((_scalar(default[0][0], k.strip()), _scalar(default[0][1], v.strip())))
    if not out:
        raise ParameterError("is empty", value=value)
    if isinstance(out[0][0], (int, float)):
        out.sort(key=lambda kv: kv[0])
    return tuple(out)


def _settable(default: Any) -> bool:
    """A parameter the Settings sheet can change: a number, text, yes/no, or a key:value table."""
    if isinstance(default, tuple):
        return bool(default) and isinstance(default[0], tuple) and len(default[0]) == 2
    return True


def _told(e: RatingInputError, value: Any, where: Where, option: str | None) -> RatingInputError:
    """A problem with one setting, located at its Settings row -- or, for settings given as
    options (a game list's ``--set``), told against the option."""
    if option is None:
        return RatingInputError(e.problem, value=value, where=where, problem_zh=e.problem_zh)
    from ..i18n.messages import chinese_of

    zh = chinese_of(e)
    return RatingInputError(f"{option}: {e.problem}", value=value, problem_zh=f"{option}：{zh}" if zh else None)


def params_from_settings(system: System, settings: Mapping[str, Any], file: str | None = None,
                         named: Callable[[str], str] | None = None) -> Any:
    """The parameter object of ``system`` with the Settings overrides applied.

    ``named``: the settings were given as options, not read from a Settings
    sheet; ``named(key)`` is the option that gave ``key`` (``--set k=…``),
    which a problem with it names."""
    cls = system.params_type
    base = cls()
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    changes: dict[str, Any] = {}
    own: list[tuple[str, Any, Where]] = []
    errors: list[RatingInputError] = []
    rows = settings.get("_rows", {})
    for key, value in settings.items():
        if key in RESERVED or value is None or (isinstance(value, str) and not value.strip()):
            continue
        where = Where(file, "Settings", rows.get(key), "value")
        option = named(key) if named is not None else None
        try:
            if key not in names:
                if system.setting is not None and system.setting(base, key, value) is not None:
                    own.append((key, value, where))
                    continue
                raise ParameterError(
                    f"unknown setting '{key}' for {system.name}; known: system, federation, "
                    + ", ".join(sorted(n for n in names if n != "ladder_rows" and _settable(getattr(base, n)))))
            default = getattr(base, key)
            if isinstance(default, tuple) and default and isinstance(default[0], tuple) \
                    and len(default[0]) == 2:
                changes[key] = _pairs(default, value)
            elif isinstance(default, tuple):
                raise ParameterError(f"setting '{key}' cannot be changed in the Settings sheet")
            else:
                changes[key] = _scalar(default, value)
        except RatingInputError as e:
            errors.append(_told(e, value, where, option))
    if errors:
        raise InputErrors(errors)
    params = dataclasses.replace(base, **changes) if changes else base
    for key, value, where in own:
        assert system.setting is not None
        try:
            params = system.setting(params, key, value)
        except RatingInputError as e:
            raise InputErrors([_told(e, value, where, named(key) if named is not None else None)]) from None
    return params
