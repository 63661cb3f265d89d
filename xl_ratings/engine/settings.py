"""Settings sheet -> the system's parameter object.

Any field of the system's parameter dataclass may be set by name in the
Settings sheet (``k_new`` = 30, ``epsilon`` = 0.014).  Tables are written as
``key:value`` pairs separated by commas (``con_table`` = ``100:116, 200:110,
…``; ``rank_standards`` = ``初段:2240, 二段:2280, …``), or -- as the templates
lay them out for an officer to read -- as rows: the key with :data:`TABLE_BELOW`
as its value, a row of column heads (its note :data:`COLUMN_HEADS`), then one
row per entry (key, value), up to the next blank row (or a setting's name,
:func:`is_setting_name`).  A system may accept
keys of its own (peng: one rung of the ladder, ``basic.二段`` = 620).  An
unknown key, a bad value or an impossible one (:data:`LIMITS`: a negative K,
a count of 2.5, a rating no system has) is an error that names the Settings
row; so is a key given twice (:func:`xl_ratings.engine.inputs.read_settings`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InputErrors, ParameterError, RatingInputError, Text, Where
from ..i18n.catalogue import sheets as M
from ..systems.base import System
from ..systems.ranks import Rank, parse_rank
from .cells import not_finite_text

#: Settings keys that are not parameters of the rating system.
RESERVED = {"system", "_rows", "federation", "name", "title", "language", "country"}


@dataclass(frozen=True)
class Limit:
    """The values a parameter may take: from ``low`` (above it, when ``open_low``) to
    ``high``; ``"rating"`` stands for the end of the system's rating range."""

    low: float | str = 0.0
    high: float | str = math.inf
    open_low: bool = False


K = Limit(0, 100, open_low=True)            #: a K factor: FIDE's largest is 40
RATING = Limit("rating", "rating")          #: within the system's rating range
SHARE = Limit(0, 1)
COUNT1 = Limit(1)                           #: a count or a length of time that cannot be nought
POSITIVE = Limit(0, open_low=True)
#: Parameters with limits of their own; every other number must be finite and at least 0
#: (and a whole number where the default is one).
LIMITS: dict[str, Limit] = {
    "k_new": K, "k_established": K, "k_top": K, "k_first_rating": K,
    "max_difference": Limit(0, 1000, open_low=True),
    "k_top_rating": RATING, "provisional_men": RATING, "provisional_women": RATING, "women_floor": RATING,
    "start": RATING, "floor": RATING,
    "inactive_window_months": COUNT1, "first_rating_games": COUNT1, "first_rating_window_years": COUNT1,
    "rated_games": COUNT1, "scale": POSITIVE, "a_divisor": POSITIVE, "a_min": POSITIVE, "a_max": POSITIVE,
    "rr_min_rated_share": SHARE, "rank_event_max_unrated_share": SHARE, "rated_share": SHARE,
    "epsilon": Limit(0, 0.5), "stone_offset": SHARE, "base_decimals": Limit(0, 10),
}
#: The values of a key:value table's pairs.
PAIR_VALUES: dict[str, Limit] = {"k_table": K, "fide_table": SHARE, "con_table": POSITIVE, "class_weights": POSITIVE,
                                 "rank_standards": RATING, "rank_gor": RATING}
#: Pairs of parameters in order: the first never above the second.
ORDERED = (("a_min", "a_max"),)


#: The value of a table setting laid out as rows below its key (either script is read).
TABLE_BELOW = "见下表 table below"
#: The note of the row of column heads of a table laid out as rows.
COLUMN_HEADS = "列名 column heads"


#: the column heads of each table parameter laid out as rows (simplified; the key, then the value): the
#: templates write them (:mod:`xl_ratings.authoring.templates`), the reader tells one table's heads under
#: another's key (:func:`heads_of_other`)
TABLE_HEADS: dict[str, tuple[str, str]] = {
    "con_table": ("{rating} rating", "con"),
    "rank_gor": ("段级 rank", "{rating} rating"),
    "class_weights": ("赛事级别 class", "权重 weight"),
    "k_table": ("等级分低于 rating below", "K"),
    "titles": ("等级分不低于 rating from", "称号 title"),
    "awarded_titles": ("等级分不低于 rating from", "称号（仅授予） title (awarded only)"),
    "fide_table": ("分差 D 不超过 difference up to", "期望得分 PC expected score"),
    "rank_standards": ("段级 rank", "标准分 standard rating"),
}


def table_heads(system: System, key: str) -> set[tuple[str, str]]:
    """The column heads the templates write under ``key``'s table, in either script."""
    from ..i18n import SIMPLIFIED, TRADITIONAL, to_lang

    k_head, v_head = TABLE_HEADS.get(key, ("键 key", "值 value"))
    out = set()
    for lang in (SIMPLIFIED, TRADITIONAL):
        rating = to_lang(system.terms.get("rating") or "等级分", lang)
        out.add((to_lang(k_head, lang).format(rating=rating), to_lang(v_head, lang).format(rating=rating)))
    return out


def heads_of_other(system: System, key: str, heads: tuple[str, str], tables: Any) -> str | None:
    """The table (of ``tables``, keys) whose column heads ``heads`` are when they are not ``key``'s own:
    the key rows of two tables swapped.  None when they are ``key``'s, or no table's (heads
    the officer retitled, or of an earlier template, are theirs to word)."""
    mine = table_heads(system, key)
    if heads in mine:
        return None
    return next((o for o in tables if o != key and heads in table_heads(system, o) - mine), None)


def is_table_head(value: Any) -> bool:
    """Is ``value`` a Settings value saying that its table follows as rows (:data:`TABLE_BELOW`)?"""
    t = str(value or "").strip().lower()
    return t.startswith(("见下表", "見下表")) or "table below" in t


_NAME = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)+|[a-z]{3,}[a-z0-9]*")


def is_setting_name(key: str) -> bool:
    """Is ``key`` a setting's name (``country``, ``k_new``), never a table's entry (a number, a
    rank ``1k``/``初段``, a class ``A``/``甲``, ``∞``)?  A setting typed under a table without the
    blank row (appended at the sheet's end) ends the table."""
    return key in RESERVED or _NAME.fullmatch(key) is not None


def is_column_heads(note: Any) -> bool:
    """Is ``note`` the note of a table's row of column heads (:data:`COLUMN_HEADS`)?"""
    t = str(note or "").strip().lower()
    return t.startswith("列名") or "column heads" in t


def out_of_order(rows: list[tuple[int, str, Any, Any]]) -> list[str]:
    """The tables laid out as rows whose rows were moved apart -- the sheet sorted (Data ▸ Sort):
    each table's key row (:data:`TABLE_BELOW`) no longer right above its row of column heads,
    and a row of column heads standing under no table's key.  ``rows``: (row, key, value, note)
    of the sheet's filled rows, in the sheet's order.  Empty when the tables are in order (a
    table's row deleted is told as such, not as a sort)."""
    after = {i: (rows[n + 1] if n + 1 < len(rows) else None) for n, (i, *_) in enumerate(rows)}
    heads = [(i, k) for i, k, v, _ in rows if is_table_head(v)]
    apart = [k for i, k in heads if (nxt := after[i]) is None or nxt[0] != i + 1 or not is_column_heads(nxt[3])]
    under = {nxt[0] for i, _ in heads if (nxt := after[i]) is not None and nxt[0] == i + 1}
    stray = [i for i, k, v, note in rows if is_column_heads(note) and not is_table_head(v) and i not in under]
    return apart if apart and stray else []


def _shown(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:g}"


def check_limit(system: System, key: str, value: Any, limit: Limit | None = None, whole: bool = False) -> None:
    """Refuse an impossible parameter value (:class:`ParameterError` with the catalogue's words)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if not math.isfinite(value):
        raise ParameterError(M.SETTING_NOT_FINITE(key=key), value=value)
    if whole and not float(value).is_integer():
        raise ParameterError(M.SETTING_NOT_WHOLE(key=key), value=value)
    lim = limit or LIMITS.get(key, Limit())
    lo, hi = (system.rating_range[i] if b == "rating" else b for i, b in enumerate((lim.low, lim.high)))
    assert isinstance(lo, (int, float)) and isinstance(hi, (int, float))
    if (value > lo if lim.open_low else value >= lo) and value <= hi:
        return
    text: Text
    if lim.open_low:
        text = M.SETTING_ABOVE(key=key, low=_shown(lo)) if hi == math.inf else \
            M.SETTING_ABOVE_UPTO(key=key, low=_shown(lo), high=_shown(hi))
    else:
        text = M.SETTING_AT_LEAST(key=key, low=_shown(lo)) if hi == math.inf else \
            M.SETTING_FROM_TO(key=key, low=_shown(lo), high=_shown(hi))
    raise ParameterError(text, value=value)


def _scalar(default: Any, value: Any) -> Any:
    if isinstance(default, bool):
        t = str(value).strip().lower()
        if t in ("1", "true", "yes", "是", "y"):
            return True
        if t in ("0", "false", "no", "否", "n"):
            return False
        raise ParameterError(M.SETTING_YES_NO(), value=value)
    if isinstance(default, (int, float)):
        if isinstance(value, bool):
            raise ParameterError(M.CELL_NOT_A_NUMBER(), value=value)
        if isinstance(value, float) and value - value != 0:    # a cell holding NaN or an infinity (text "inf": below)
            raise ParameterError(not_finite_text(value))
        typed = value
        try:
            if isinstance(value, str):
                t = value.strip().replace("∞", "inf")      # a table's open end (k_table: ∞ → 8)
                if "/" in t:
                    a, b = t.split("/", 1)
                    value = float(a) / float(b)
                else:
                    value = float(t)
            v = float(value)
        except (TypeError, ValueError, ZeroDivisionError):
            raise ParameterError(M.CELL_NOT_A_NUMBER(), value=value) from None
        if v != v:                      # the text "nan" (or 0/0... as a fraction): no number
            raise ParameterError(M.CELL_NOT_A_NUMBER(), value=typed)
        return int(v) if isinstance(default, int) and v.is_integer() else v
    if isinstance(default, Rank):
        return parse_rank(value)
    return str(value).strip()


def _pairs(default: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    """A table setting: ``key:value, key:value …`` in one cell, or rows of (key, value)
    (a list: :class:`~xl_ratings.engine.inputs.TableRows`)."""
    out = []
    if isinstance(value, list):
        for k, v in value:
            if not str(k).strip() or v is None or not str(v).strip():
                raise ParameterError(M.SETTING_NOT_PAIR(part=f"{k}:{'' if v is None else v}"), value=f"{k}")
            out.append((_scalar(default[0][0], str(k).strip()), _scalar(default[0][1], v)))
    else:
        parts = [p for p in str(value).replace("，", ",").replace("：", ":").split(",") if p.strip()]
        for p in parts:
            if ":" not in p:
                raise ParameterError(M.SETTING_NOT_PAIR(part=p.strip()), value=value)
            k, v = p.split(":", 1)
            out.append((_scalar(default[0][0], k.strip()), _scalar(default[0][1], v.strip())))
    if not out:
        raise ParameterError(M.CELL_EMPTY(), value=value)
    if isinstance(out[0][0], (int, float)):
        out.sort(key=lambda kv: kv[0])
    return tuple(out)


def _table_rows(system: System, key: str, default: tuple[Any, ...], value: list[Any], file: str | None,
                option: str | None, errors: list[RatingInputError]) -> tuple[Any, ...]:
    """A table laid out as rows (:class:`~xl_ratings.engine.inputs.TableRows`): each entry read
    and checked on its own, a problem told at the entry's own row and cell."""
    rows: list[int] = list(getattr(value, "rows"))
    out: list[tuple[Any, Any]] = []
    first: dict[Any, int] = {}
    for n, (k, v) in enumerate(value):
        row = rows[n] if n < len(rows) else None
        column, cell = "key", k
        try:
            if not str(k).strip():
                raise ParameterError(M.CELL_EMPTY(), value=k)
            column, cell = "value", v
            if v is None or not str(v).strip():
                raise ParameterError(M.CELL_EMPTY(), value=v)
            column, cell = "key", k
            entry_key = _scalar(default[0][0], str(k).strip())
            column, cell = "value", v
            entry = (entry_key, _scalar(default[0][1], v))
            check_limit(system, key, entry[1], PAIR_VALUES.get(key))
        except RatingInputError as e:
            errors.append(_told(e, cell, Where(file, "Settings", row, column), option))
            continue
        # which one counts? neither: the officer says (a class is looked up whatever its case:
        # A and a are one entry, or the table's order would choose)
        same = entry[0].upper() if isinstance(entry[0], str) else entry[0]
        if same in first:
            errors.append(_told(ParameterError(M.SETTING_ENTRY_TWICE(
                key=key, entry=str(k).strip(), first=first[same], row=row), value=k), k,
                Where(file, "Settings", row, "key"), option))
            continue
        first[same] = row or 0
        out.append(entry)
    if not out and not errors:
        errors.append(_told(ParameterError(M.CELL_EMPTY(), value=None), None,
                            Where(file, "Settings", rows[0] if rows else None, "value"), option))
    if out and isinstance(out[0][0], (int, float)):
        out.sort(key=lambda kv: kv[0])
    return tuple(out)


def _is_pairs(default: Any) -> bool:
    return isinstance(default, tuple) and bool(default) and isinstance(default[0], tuple) and len(default[0]) == 2


def _settable(default: Any) -> bool:
    """A parameter the Settings sheet can change: a number, text, yes/no, or a key:value table."""
    if isinstance(default, tuple):
        return bool(default) and isinstance(default[0], tuple) and len(default[0]) == 2
    return True


def _told(e: RatingInputError, value: Any, where: Where, option: str | None) -> RatingInputError:
    """A problem with one setting, located at its Settings row -- or, for settings given as
    options (a game list's ``--set``), told against the option."""
    if option is None:
        return RatingInputError(e.text, value=value, where=where)
    return RatingInputError(M.SETTING_GIVEN_AS_OPTION(option=option, problem=e.text), value=value)


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
                raise ParameterError(M.SETTING_UNKNOWN(key=key, system=system.name, known=", ".join(
                    sorted(n for n in names if n != "ladder_rows" and _settable(getattr(base, n))))))
            default = getattr(base, key)
            if isinstance(default, tuple) and default and isinstance(default[0], tuple) \
                    and len(default[0]) == 2:
                heads: tuple[str, str] | None = getattr(value, "heads", None)
                other = heads_of_other(system, key, heads, [n for n in names if _is_pairs(getattr(base, n))]) \
                    if heads is not None else None
                if other is not None and heads is not None:
                    errors.append(RatingInputError(M.SETTING_TABLE_HEADS_OF_OTHER(
                        other=other, heads=" | ".join(heads), key=key, system=system.name), value=heads[0],
                        where=Where(file, "Settings", getattr(value, "head_row", None), "key")))
                    continue
                if isinstance(value, list) and getattr(value, "rows", None):
                    changes[key] = _table_rows(system, key, default, value, file, option, errors)
                    continue
                if isinstance(value, list) and not value:     # laid out as rows, but none follows its heads
                    raise ParameterError(M.SETTING_TABLE_EMPTY(key=key, system=system.name))
                changes[key] = _pairs(default, value)
                for _, v in changes[key]:
                    check_limit(system, key, v, PAIR_VALUES.get(key))
            elif isinstance(default, tuple):
                raise ParameterError(M.SETTING_NOT_CHANGEABLE(key=key))
            else:
                changes[key] = _scalar(default, value)
                check_limit(system, key, changes[key], whole=isinstance(default, int) and not isinstance(default, bool))
        except RatingInputError as e:
            errors.append(_told(e, None if isinstance(value, list) and not value else value, where, option))
    for low, high in ORDERED:
        if low in changes or high in changes:
            a, b = changes.get(low, getattr(base, low, None)), changes.get(high, getattr(base, high, None))
            if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a > b:
                key = low if low in changes else high
                errors.append(RatingInputError(M.SETTING_ORDER(low_key=low, low=_shown(a), high_key=high,
                                                               high=_shown(b)),
                                               value=settings.get(key), where=Where(file, "Settings", rows.get(key),
                                                                                   "value")))
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
