"""Settings sheet -> the system's parameter object.

Any field of the system's parameter dataclass may be set by name in the
Settings sheet (``k_new`` = 30, ``epsilon`` = 0.014).  Tables are written as
``key:value`` pairs separated by commas (``con_table`` = ``100:116, 200:110,
…``; ``rank_standards`` = ``初段:2240, 二段:2280, …``).  For peng, one rung of
the ladder is set with ``basic.二段`` = 620, ``coefficient.初段`` = 3 or
``multiplier.14级`` = 0.05.  An unknown key or a bad value is an error that
names the Settings row.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import ParameterError, RatingInputError, Where
from .ranks import Rank, parse_rank
from .systems import gor, lianzhong, peng, shanghai

PARAMS = {"shanghai": shanghai.ShanghaiParams, "gor": gor.GorParams,
          "lianzhong": lianzhong.LianzhongParams, "peng": peng.PengParams}
RESERVED = {"system", "_rows", "federation", "name", "title", "language"}


def _scalar(default: Any, value: Any) -> Any:
    if isinstance(default, bool):
        t = str(value).strip().lower()
        if t in ("1", "true", "yes", "是", "y"):
            return True
        if t in ("0", "false", "no", "否", "n"):
            return False
        raise ValueError("must be yes or no")
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        if isinstance(value, bool):
            raise ValueError("must be a number")
        if isinstance(value, str):
            t = value.strip()
            if "/" in t:
                a, b = t.split("/", 1)
                return float(a) / float(b)
            value = float(t)
        v = float(value)
        return int(v) if isinstance(default, int) and v.is_integer() else v
    if isinstance(default, Rank):
        return parse_rank(value)
    return str(value).strip()


def _pairs(default: tuple, value: Any) -> tuple:
    parts = [p for p in str(value).replace("，", ",").replace("：", ":").split(",") if p.strip()]
    out = []
    for p in parts:
        if ":" not in p:
            raise ValueError(f"'{p.strip()}' is not a key:value pair")
        k, v = p.split(":", 1)
        out.append((_scalar(default[0][0], k.strip()), _scalar(default[0][1], v.strip())))
    if not out:
        raise ValueError("is empty")
    first = out[0][0]
    if isinstance(first, (int, float)):
        out.sort(key=lambda kv: kv[0])
    return tuple(out)


def params_from_settings(system: str, settings: dict[str, Any], file: str | None = None):
    """The parameter object of ``system`` with the Settings overrides applied."""
    cls = PARAMS[system]
    base = cls()
    names = {f.name: f for f in dataclasses.fields(cls) if f.init}
    changes: dict[str, Any] = {}
    rung_changes: dict[Rank, dict[str, float]] = {}
    errors = []
    rows = settings.get("_rows", {})
    for key, value in settings.items():
        if key in RESERVED or value is None or (isinstance(value, str) and not value.strip()):
            continue
        where = Where(file, "Settings", rows.get(key), "value")
        try:
            if system == "peng" and "." in key and key.split(".", 1)[0] in (
                    "basic", "coefficient", "multiplier"):
                attr, rank_text = key.split(".", 1)
                rank = parse_rank(rank_text)
                base.rung(rank)
                rung_changes.setdefault(rank, {})[attr] = float(_scalar(1.0, value))
                continue
            if key not in names:
                raise ParameterError(
                    f"unknown setting '{key}' for {system}; known: system, "
                    + ", ".join(sorted(n for n in names if n != "ladder_rows")))
            default = getattr(base, key)
            if isinstance(default, tuple) and default and isinstance(default[0], tuple) \
                    and len(default[0]) == 2:
                changes[key] = _pairs(default, value)
            elif isinstance(default, tuple):
                raise ParameterError(f"setting '{key}' cannot be changed in the Settings sheet")
            else:
                changes[key] = _scalar(default, value)
        except RatingInputError as e:
            errors.append(RatingInputError(e.problem, value=value, where=where))
        except (ValueError, TypeError) as e:
            errors.append(RatingInputError(f"setting '{key}': {e}", value=value, where=where))
    if errors:
        from .errors import InputErrors
        raise InputErrors(errors)
    if rung_changes:
        rows_new = []
        for r in base.ladder_rows:
            upd = rung_changes.get(r.rank)
            rows_new.append(dataclasses.replace(r, **upd, stated=False) if upd else r)
        changes["ladder_rows"] = tuple(rows_new)
    return dataclasses.replace(base, **changes) if changes else base
