"""Rating periods and the calendars that define them (CONTRACT §3 ``--period``).

A system chooses one :class:`Calendar`:

* :data:`HALF_YEARS` (shanghai, seed 001 §二): ``2026H1`` = 2025-12-01 …
  2026-05-31, ``2026H2`` = 2026-06-01 … 2026-11-30;
* :data:`YEARS` (peng): a calendar year ``2026``;
* :data:`FLEXIBLE` (gor, lianzhong): a year, a range ``2026-01-01..2026-06-30``,
  or ``all``.

A tournament belongs to the period of its end date.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..errors import RatingInputError
from ..i18n.catalogue import rules as M

ALL_START = dt.date(1900, 1, 1)
ALL_END = dt.date(2999, 12, 31)


@dataclass(frozen=True, order=True)
class Period:
    """A rating period: its first and last day, and the label users type."""

    start: dt.date
    end: dt.date
    label: str

    def contains(self, day: dt.date) -> bool:
        return self.start <= day <= self.end


def half_year(year: int, half: int) -> Period:
    """Shanghai's periods: H1 = Dec 1 (previous year) – May 31, H2 = Jun 1 – Nov 30."""
    if half == 1:
        return Period(dt.date(year - 1, 12, 1), dt.date(year, 5, 31), f"{year}H1")
    return Period(dt.date(year, 6, 1), dt.date(year, 11, 30), f"{year}H2")


def year_period(year: int) -> Period:
    return Period(dt.date(year, 1, 1), dt.date(year, 12, 31), str(year))


def date_range(start: dt.date, end: dt.date) -> Period:
    return Period(start, end, f"{start.isoformat()}..{end.isoformat()}")


@dataclass(frozen=True)
class Calendar:
    """How a system divides time into periods.

    ``standard_only``: every period is one of the calendar's own (half years,
    years); otherwise custom ranges and ``all`` are accepted too.
    """

    name: str
    standard_only: bool
    hint: str   #: what a period looks like, for messages

    def parse(self, text: str, system: str = "") -> Period:
        """The period a user typed (``--period``), or a RatingInputError
        (``system`` names the system in the message)."""
        t = str(text).strip()
        a = M.A_SYSTEM_PERIOD(system=system) if system else M.A_PERIOD()
        if self.name == "half_years":
            m = re.fullmatch(r"(\d{4})\s*[Hh]([12])", t)
            if m:
                return half_year(int(m.group(1)), int(m.group(2)))
            raise RatingInputError(M.PERIOD_WRITTEN_LIKE(what=a, hint=self.hint), value=text)
        if re.fullmatch(r"\d{4}", t):
            return year_period(int(t))
        if self.standard_only:
            raise RatingInputError(M.PERIOD_IS_A_YEAR(what=a, hint=self.hint), value=text)
        if t.lower() == "all":
            return Period(ALL_START, ALL_END, "all")
        m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})", t)
        if m:
            try:
                first, last = dt.date.fromisoformat(m.group(1)), dt.date.fromisoformat(m.group(2))
            except ValueError:
                raise RatingInputError(M.PERIOD_BAD_RANGE(), value=text) from None
            if first > last:
                raise RatingInputError(M.PERIOD_RANGE_REVERSED(), value=text)
            return Period(first, last, t.replace(" ", ""))
        raise RatingInputError(M.PERIOD_FORMS(what=a), value=text)

    def of(self, day: dt.date) -> Period:
        """The calendar's period that ``day`` belongs to."""
        if self.name == "half_years":
            if day.month == 12:
                return half_year(day.year + 1, 1)
            return half_year(day.year, 1 if day.month <= 5 else 2)
        return year_period(day.year)

    def following(self, p: Period) -> Period:
        """The period right after ``p``: the calendar's next one, or the rest
        of the year after a custom range."""
        start = p.end + dt.timedelta(days=1)
        nxt = self.of(start)
        if nxt.start == start:
            return nxt
        return date_range(start, dt.date(start.year, 12, 31))


HALF_YEARS = Calendar("half_years", True, "2026H1 or 2026H2")
YEARS = Calendar("years", True, "2026")
FLEXIBLE = Calendar("flexible", False, "2026, 2026-01-01..2026-06-30 or all")
