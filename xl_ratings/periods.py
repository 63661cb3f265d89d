"""Rating periods: what ``--period`` accepts, per system (CONTRACT §3).

* shanghai: ``2026H1`` = 2025-12-01 … 2026-05-31, ``2026H2`` = 2026-06-01 …
  2026-11-30 (seed 001 §二; a tournament belongs to the period of its end date);
* peng: a year ``2026``;
* gor, lianzhong: a year, a range ``2026-01-01..2026-06-30``, or ``all``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .errors import RatingInputError

ALL_START = dt.date(1900, 1, 1)
ALL_END = dt.date(2999, 12, 31)


@dataclass(frozen=True, order=True)
class Period:
    start: dt.date
    end: dt.date
    label: str

    def contains(self, day: dt.date) -> bool:
        return self.start <= day <= self.end


def shanghai_period(year: int, half: int) -> Period:
    if half == 1:
        return Period(dt.date(year - 1, 12, 1), dt.date(year, 5, 31), f"{year}H1")
    return Period(dt.date(year, 6, 1), dt.date(year, 11, 30), f"{year}H2")


def year_period(year: int) -> Period:
    return Period(dt.date(year, 1, 1), dt.date(year, 12, 31), str(year))


def parse_period(text: str, system: str) -> Period:
    t = str(text).strip()
    m = re.fullmatch(r"(\d{4})\s*[Hh]([12])", t)
    if system == "shanghai":
        if m:
            return shanghai_period(int(m.group(1)), int(m.group(2)))
        raise RatingInputError("a shanghai period is written like 2026H1 or 2026H2", value=text)
    if re.fullmatch(r"\d{4}", t):
        return year_period(int(t))
    if system == "peng":
        raise RatingInputError("a peng period is a year, like 2026", value=text)
    if t.lower() == "all":
        return Period(ALL_START, ALL_END, "all")
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})", t)
    if m:
        try:
            a, b = dt.date.fromisoformat(m.group(1)), dt.date.fromisoformat(m.group(2))
        except ValueError:
            raise RatingInputError("not a valid date range", value=text) from None
        if a > b:
            raise RatingInputError("the range starts after it ends", value=text)
        return Period(a, b, t.replace(" ", ""))
    raise RatingInputError(
        "a period is a year (2026), a range (2026-01-01..2026-06-30) or all", value=text)


def period_of(day: dt.date, system: str) -> Period:
    """The default period a date belongs to (shanghai half-year, else calendar year)."""
    if system == "shanghai":
        if day.month == 12:
            return shanghai_period(day.year + 1, 1)
        return shanghai_period(day.year, 1 if day.month <= 5 else 2)
    return year_period(day.year)


def next_period(p: Period, system: str) -> Period:
    return period_of(p.end + dt.timedelta(days=1), system)
