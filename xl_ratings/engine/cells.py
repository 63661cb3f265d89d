"""Cell values as sheets give them: blank, dates, numbers, ids.

The one place that decides what a blank cell is and how a serial number
becomes a date (both date systems of Excel: 1900 and Mac's 1904).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from ..errors import InputErrors, RatingInputError, Text, Where, joined, visibly
from ..i18n.catalogue import sheets as M
from ..i18n.labels import SHEET_ALIASES, header_key, sheet_key

#: The most a sheet that is read may hold, counted from A1 to the farthest
#: cell holding a value (its used range): Excel's own rows and columns, and
#: 20 million cells (a sheet of a million games has seven million).  The file
#: reader checks them before a sheet is expanded (:mod:`xl_ratings.xlsx.safety`).
MAX_ROWS = 1_048_576
MAX_COLS = 16_384
MAX_CELLS = 20_000_000
#: The most characters a cell holds (Excel's limit; a file with more does not open).
MAX_CELL_CHARS = 32_767

#: Day 0 of Excel's 1900 date system (1899-12-30, Lotus' leap-year bug included).
EXCEL_EPOCH = dt.date(1899, 12, 30)
#: Day 0 of the 1904 date system (old Mac Excel workbooks: ``<workbookPr date1904="1"/>``).
EXCEL_EPOCH_1904 = dt.date(1904, 1, 1)


def epoch(date1904: bool = False) -> dt.date:
    return EXCEL_EPOCH_1904 if date1904 else EXCEL_EPOCH


#: In the 1900 system serial 60 is 1900-02-29, a day that never was (Lotus' bug, kept by Excel):
#: serials 1-59 are 1900-01-01 .. 1900-02-28, one day less than EXCEL_EPOCH + n.
_LEAP_BUG_SERIAL = 61
_LEAP_BUG_DAY = dt.date(1900, 3, 1)


def serial_of(day: dt.date | dt.datetime, date1904: bool = False) -> float:
    """A date (or date and time) as the serial number Excel stores: the one
    inverse of :func:`date_of` (and of what calamine and openpyxl read)."""
    if isinstance(day, dt.datetime):
        start = dt.datetime.combine(epoch(date1904), dt.time())
        serial = (day - start).total_seconds() / 86400
        return serial - 1 if not date1904 and day.date() < _LEAP_BUG_DAY else serial
    days = (day - epoch(date1904)).days
    return days - 1 if not date1904 and day < _LEAP_BUG_DAY else days


def date_of(serial: float, date1904: bool = False) -> dt.date:
    """The day of an Excel serial number (60, the 1900-02-29 that never was, reads 1900-02-28
    as calamine and openpyxl have it)."""
    n = int(serial)
    if not date1904 and n < _LEAP_BUG_SERIAL:
        n = n + 1 if n < 60 else 60
    return epoch(date1904) + dt.timedelta(days=n)


class Tables(dict[str, Sequence[Sequence[Any]]]):
    """Sheets as tables of cell values, by sheet name -- and what the file
    says beyond its cells: every sheet name it has (``sheet_names``, read or
    not: the reader reads only the sheets xl-ratings uses) and its date
    system (``date1904``: serial numbers count from 1904-01-01).

    A plain dict of tables works wherever Tables does (names: its keys; the
    1900 date system).
    """

    def __init__(self, tables: Mapping[str, Sequence[Sequence[Any]]] | None = None,
                 sheet_names: Iterable[str] | None = None, date1904: bool = False) -> None:
        super().__init__(tables or {})
        self.sheet_names: list[str] = list(sheet_names) if sheet_names is not None else list(self)
        self.date1904 = date1904
        #: what reading the file did that the officer should know (merged cells read as their value)
        self.notes: list[Any] = []
        #: what the file says of a cell beyond its value -- inside a merged range, formatted as Text --
        #: for the messages (``merge_of``, ``text_formatted``: :class:`xl_ratings.xlsx.cell_kinds.CellKinds`)
        self.cell_kinds: Any = None
        #: by sheet: its merged ranges, 0-based ((first row, column), (last row, column)) (:func:`read_sheets`)
        self.merged: dict[str, list[Any]] = {}


def sheet_names_of(tables: Mapping[str, Any]) -> list[str]:
    """Every sheet name of the file the tables come from."""
    names = getattr(tables, "sheet_names", None)
    return list(names) if names is not None else list(tables)


def date1904_of(tables: Mapping[str, Any]) -> bool:
    """Does the file the tables come from count dates from 1904?"""
    return bool(getattr(tables, "date1904", False))


def blank(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip()) or (
        isinstance(v, float) and math.isnan(v))


def filled(row: Sequence[Any]) -> bool:
    """Does the row hold anything? (fast when the first cell is filled, as it nearly always is)  A
    NaN is something: a value no reader takes for a blank (:func:`not_finite`), never a row left out."""
    if row:
        v = row[0]
        if v is not None and v != "" and not (type(v) is str and v.isspace()):
            return True
    return not all(blank(v) and v == v for v in row)




def to_ident(v: Any) -> str:
    """An id cell as text (1.0 -> "1"); blank, longer than a cell holds, or holding an
    invisible character (a zero-width space, a BOM, a direction mark: the id would differ
    from the same id typed elsewhere while looking the same) is an error."""
    if blank(v):
        raise RatingInputError(not_finite_text(v) if isinstance(v, float) else M.CELL_EMPTY())   # NaN: no blank
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        if v - v != 0:                  # an infinity
            raise RatingInputError(not_finite_text(v))
    text = str(v).strip()
    if len(text) > MAX_CELL_CHARS:
        raise RatingInputError(M.CELL_TOO_LONG(chars=f"{len(text):,}"))
    if not text.isprintable() and invisible(text):
        raise RatingInputError(M.ID_INVISIBLE(shown=visibly(text), id=visible(text)))
    return text


def invisible(text: str) -> list[str]:
    """The invisible characters of ``text`` (format and control characters: U+200B zero-width
    space, U+FEFF BOM, direction marks, soft hyphen, tabs and line ends inside)."""
    import unicodedata

    return [c for c in text if unicodedata.category(c) in ("Cf", "Cc")]


def visible(text: str) -> str:
    """``text`` without its invisible characters."""
    import unicodedata

    return "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cc"))


#: The one text a workbook's date cell reads as a date: the ISO date YYYY-MM-DD (2026-03-01), the
#: whole cell (spaces around it aside), a time of day after it allowed as ISO writes it
#: (2026-03-01 14:30, 2026-03-01T14:30:00).  Nothing else: no trailing text (2026-10-25 改期,
#: 2026-10-251), no range (2026-10-25~2026-12-02), no week date (2026-W43-7), no basic form
#: (20261025), no hour alone (2026-10-25T09) -- what Python's fromisoformat would also take.
ISO_DATE_TEXT = re.compile(r"\s*+(\d{4})-(\d{2})-(\d{2})"
                           r"(?:(?:\s++|T)([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:[.,]\d{1,9})?)?)?\s*+")


def iso_date_text(text: str) -> dt.date | None:
    """The day of ``text`` written as :data:`ISO_DATE_TEXT` (the whole text); None when it is
    not written so; not a day of the calendar (2026-02-30) is an error."""
    m = ISO_DATE_TEXT.fullmatch(text)
    if m is None:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        raise RatingInputError(M.CELL_NOT_A_DATE()) from None


#: The days a date cell may hold: from 1900-03-01 (before it Excel counts a 1900-02-29 that never
#: was, and a small number typed into a date cell -- a round, 3 -- reads as one of those days) to
#: 2100-12-31 (a day later is a mistyped year).  Text, serials and dates are held to them alike.
FIRST_DAY = dt.date(1900, 3, 1)
LAST_DAY = dt.date(2100, 12, 31)
#: A plain number from 1900 to 2100 in a date cell is a year typed alone (2026 reads 1905-07-18):
#: the serials of those years, and the days they read as in each date system.
YEARS = (1900, 2100)
_YEAR_DAYS = {d1904: (date_of(YEARS[0], d1904), date_of(YEARS[1] + 1, d1904)) for d1904 in (False, True)}


def not_finite(v: Any) -> bool:
    """Is ``v`` a number that is none: NaN, an infinity (a cell a program wrote: no spreadsheet
    program types one)?  Never a blank, never a value."""
    return isinstance(v, float) and v - v != 0


def not_finite_text(v: Any) -> Any:
    """The refusal of a cell holding NaN or an infinity (:func:`not_finite`), the value named as a
    program writes it: ``NaN``, ``inf``, ``-inf``."""
    return M.CELL_NOT_FINITE(shown="NaN" if v != v else "inf" if v > 0 else "-inf")


def _day(day: dt.date, date1904: bool, number: bool) -> dt.date:
    """``day`` as a date cell's value: within :data:`FIRST_DAY` .. :data:`LAST_DAY`; ``number``:
    the cell held a number (or a date Excel keeps as one), and a year typed alone is refused."""
    if number:
        lo, hi = _YEAR_DAYS[date1904]
        if lo <= day < hi:
            raise RatingInputError(M.DATE_LOOKS_LIKE_A_YEAR(year=int(serial_of(day, date1904)),
                                                            day=day.isoformat()))
    if day < FIRST_DAY:
        raise RatingInputError(M.DATE_TOO_EARLY(day=day.isoformat()))
    if day > LAST_DAY:
        raise RatingInputError(M.DATE_TOO_LATE(day=day.isoformat(), last=LAST_DAY.isoformat()))
    return day


def to_date(v: Any, date1904: bool = False, within: bool = True) -> dt.date | None:
    """A date cell: a date, an Excel serial number or text written as :data:`ISO_DATE_TEXT`
    (the whole cell); blank -> None; any other text is an error, and so is NaN or an
    infinity (:func:`not_finite`) -- and, ``within`` (an officer's cell, not the History's own
    days: ``--period all`` starts on 1900-01-01), a year typed alone (2026: :data:`YEARS`) and
    a day before :data:`FIRST_DAY` or after :data:`LAST_DAY`."""
    if blank(v):
        if isinstance(v, float):        # NaN: never a blank
            raise RatingInputError(not_finite_text(v))
        return None
    if isinstance(v, dt.datetime):
        return _day(v.date(), date1904, True) if within else v.date()
    if isinstance(v, dt.date):
        return _day(v, date1904, True) if within else v
    if isinstance(v, (int, float)) and not isinstance(v, bool) and 1 <= v < 2958466:
        if not within:
            return date_of(v, date1904)
        if YEARS[0] <= v < YEARS[1] + 1:
            raise RatingInputError(M.DATE_LOOKS_LIKE_A_YEAR(year=int(v), day=date_of(v, date1904).isoformat()))
        return _day(date_of(v, date1904), date1904, False)
    if isinstance(v, str) and len(v) <= 64:
        day = iso_date_text(v)
        if day is not None:
            return _day(day, date1904, False) if within else day
    if isinstance(v, dt.time):          # Excel's day 0 or 1 (1899-12-30/31), or a time typed alone
        raise RatingInputError(M.TIME_NOT_DATE(time=v.strftime("%H:%M")))
    if not_finite(v):
        raise RatingInputError(not_finite_text(v))
    raise RatingInputError(M.CELL_NOT_A_DATE())


def history_date(v: Any, date1904: bool = False) -> dt.date | None:
    """A date cell of the History: :func:`to_date` without the bounds of an officer's dates (the
    History's are the program's own: ``--period all`` starts on 1900-01-01)."""
    return to_date(v, date1904, within=False)


#: A date as a text file writes it: 2025-03-01, 2025-3-1, 2025/3/1, 2025.3.1, 2025年3月1日 (a time
#: of day after it, as Excel writes a date and time in English and Chinese locales: 2025/3/1 14:30,
#: 2025-03-01T14:30:00, 2025/3/1 2:30 PM, 2025年3月1日 下午2:30, 2025年3月1日 14时30分; a weekday
#: after a Chinese date: 2025年3月1日 星期六 / 週六).
#: Hours 0-23, minutes and seconds 0-59 (2025/3/1 24:00 and 14:60 are no time of day).
TIME_OF_DAY = (r"(?:(?:上午|下午|中午|晚上|凌晨)\s*+)?(?:[01]?\d|2[0-3])(?::[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?"
               r"|\s*+[时時点點]\s*+(?:[0-5]?\d\s*+分(?:\s*+[0-5]?\d\s*+秒)?)?)(?:\s*+(?:[AaPp]\.?[Mm]\.?))?")
#: a weekday written after a Chinese date (2025年3月1日 星期六, 週六)
WEEKDAY = r"(?:星期|礼拜|禮拜|週|周)[一二三四五六日天]"
_TIME_TEXT = r"(?:(?:\s++|T)(?:" + TIME_OF_DAY + r"))?"
_DATE_TEXT = re.compile(r"\s*+(\d{4})\s*+(?:([-/.])\s*+(\d{1,2})\s*+\2\s*+(\d{1,2})|年\s*+(\d{1,2})\s*+月\s*+(\d{1,2})"
                        r"\s*+[日号號]?(?:\s*+" + WEEKDAY + r")?)" + _TIME_TEXT + r"\s*+")
#: An Excel serial written as text (a date column exported as numbers): five digits, 10000
#: (1927-05-18) to 99999, a fraction (the time of day) allowed -- never a year ("2025") or a count.
_SERIAL_TEXT = re.compile(r"\s*+([1-9]\d{4})(?:\.\d+)?\s*+")


def list_date(v: Any) -> dt.date | None:
    """A date of a game list (CSV text as Chinese Excel saves it, or a Parquet value): what
    :func:`to_date` reads, and the text forms of :data:`_DATE_TEXT` and :data:`_SERIAL_TEXT`."""
    if v.__class__ is not str:
        return to_date(v)
    m = _DATE_TEXT.fullmatch(v)
    if m is not None:
        y = int(m.group(1))
        mo, d = (m.group(3), m.group(4)) if m.group(2) else (m.group(5), m.group(6))
        try:
            day = dt.date(y, int(mo), int(d))
        except ValueError:
            raise RatingInputError(M.CELL_NOT_A_DATE()) from None
        return _day(day, False, False)
    m = _SERIAL_TEXT.fullmatch(v)
    if m is not None:
        return _day(date_of(float(v)), False, False)
    return to_date(v)


def sheet_number(v: Any) -> float | None:
    """A number cell; blank -> None; text (even "1500") is an error: retype it; NaN and the
    infinities are no numbers (:func:`not_finite`), never a blank."""
    if blank(v):
        if isinstance(v, float):        # NaN
            raise RatingInputError(not_finite_text(v))
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise RatingInputError(M.CELL_NOT_A_NUMBER())
    if not math.isfinite(v):
        raise RatingInputError(not_finite_text(float(v)))
    return float(v)




#: A round as officers and pairing programs write it: 3, 第3轮/第3輪, 第三轮, R3, Rd.3, Round 3, 3rd, 3局
#: (possessive quantifiers: linear time on a long cell).
_ROUND = re.compile(r"(?:(?:r|rd|rnd|round)\s*+\.?\s*+|第\s*+)?([0-9]++|[〇零一二两兩三四五六七八九十]++)"
                    r"\s*+(?:轮|輪|局|r|st|nd|rd|th)?\.?", re.I)
_CN_DIGITS = {c: i for i, cs in enumerate(("〇零", "一", "二两兩", "三", "四", "五", "六", "七", "八", "九")) for c in cs}


def _chinese_number(text: str) -> int | None:
    """一 … 九十九 (十三, 二十, 二十三); None for anything else."""
    if "十" not in text:
        return _CN_DIGITS.get(text) if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    if len(tens) > 1 or len(ones) > 1 or (tens and tens not in _CN_DIGITS) or (ones and ones not in _CN_DIGITS):
        return None
    return (_CN_DIGITS[tens] if tens else 1) * 10 + (_CN_DIGITS[ones] if ones else 0)


def round_number(v: Any) -> int | None:
    """The number of a round as written in a Games sheet, a game list or a crosstable's header
    (3, 3.0, '3', 第3轮, 第3輪, 第三轮, R3, Rd.3, Round 3, 3rd); None when it is not one
    (blank, 'final', 'x', 2.5, TRUE).  The number may be 0 or negative: the caller tells."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        return int(v) if math.isfinite(v) and float(v).is_integer() else None
    import unicodedata

    text = unicodedata.normalize("NFKC", str(v)).strip()
    if not text or len(text) > 40:
        return None
    try:
        n = float(text)             # '7', ' 7 ', '3.0', '-1'
    except ValueError:
        pass
    else:
        return int(n) if math.isfinite(n) and n.is_integer() else None
    m = _ROUND.fullmatch(text)
    if m is None:
        return None
    number = m.group(1)
    return int(number) if number.isdigit() else _chinese_number(number)


def col_letter(n: int) -> str:
    """Column number -> letters: 1 -> A, 27 -> AA."""
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def spans(numbers: list[int], limit: int = 8) -> str:
    """[5, 6, 7, 9] -> "5–7, 9" (at most ``limit`` spans, then "…")."""
    out: list[str] = []
    nums = sorted(set(numbers))
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else f"{nums[i]}–{nums[j]}")
        i = j + 1
    return ", ".join(out[:limit]) + (", …" if len(out) > limit else "")


# --------------------------------------------------------------------------- headers and sheet names
#: (key, first column, second column) -- 0-based -- of two headers naming one column
Twice = tuple[str, int, int]


def header_columns(header: Sequence[Any], known: Collection[str], terms: Mapping[str, str] | None = None,
                   *, stop_at_blank: bool = False) -> tuple[dict[int, str], list[Twice]]:
    """A header row's columns by key (column index -> key), and the headers naming a column
    another header names already (``rating`` twice, ``Rating`` and ``rating``, ``等级分`` and
    ``rating``, ``等级分 rating`` and ``rating``): which one is meant is not known, so a reader
    refuses them (:func:`column_twice`) -- never the first taken silently.  ``stop_at_blank``:
    the columns end at the first blank header (the History: its chart's data stands to the right)."""
    wanted: set[str] = known if isinstance(known, set) else set(known)
    keys: dict[int, str] = {}
    first: dict[str, int] = {}
    twice: list[Twice] = []
    for j, h in enumerate(header):
        if stop_at_blank and blank(h):
            break
        k = header_key(h, wanted, terms)
        if k is None:
            continue
        if k in first:
            twice.append((k, first[k], j))
        else:
            first[k] = j
            keys[j] = k
    return keys, twice


def _typed(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v).strip()


def column_twice(header: Sequence[Any], twice: Twice, file: str | None, sheet: str | None,
                 row: int | None = 1) -> RatingInputError:
    """The refusal of two headers naming one column: both named, by letter and as typed."""
    key, a, b = twice
    return RatingInputError(M.COLUMN_TWICE(column=key, first=col_letter(a + 1), first_header=_typed(header[a]),
                                           second=col_letter(b + 1), second_header=_typed(header[b])),
                            value=_typed(header[b]), where=Where(file, sheet, row, key))


def accepted_names(key: str) -> Text | str:
    """The names a sheet may have: "Games, 对局 or 對局" (case does not matter)."""
    names = [key] + [a for a in SHEET_ALIASES.get(key, ()) if a.lower() != key.lower()]
    return M.NAMES_OR(names=joined(names[:-1]), last=names[-1]) if len(names) > 1 else names[0]


def sheets_twice(names: Iterable[str], file: str | None, roles: Collection[str] | None = None
                 ) -> list[RatingInputError]:
    """Two sheets of one role (``Players`` and ``棋手``, ``Games`` and ``games ``): refused, both
    named -- which one is meant is not known (``roles``: only these roles looked at)."""
    seen: dict[str, str] = {}
    out = []
    for name in names:
        key = sheet_key(name)
        if key is None or (roles is not None and key not in roles):
            continue
        if key in seen:
            out.append(RatingInputError(M.SHEET_TWICE(role=key, first=seen[key], second=name,
                                                      names=accepted_names(key)), where=Where(file, name)))
        else:
            seen[key] = name
    return out


def sheet_named(names: Iterable[str], key: str, file: str | None = None) -> str | None:
    """The sheet of role ``key`` among ``names`` (None: there is none); two of that role are
    refused (:func:`sheets_twice`), never the first taken silently."""
    listed = list(names)
    twice = sheets_twice(listed, file, (key,))
    if twice:
        raise InputErrors(twice)
    return next((n for n in listed if sheet_key(n) == key), None)
