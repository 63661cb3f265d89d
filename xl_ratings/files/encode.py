"""The two export formats as bytes: CSV (formula injection neutralised, UTF-8
with BOM for Excel) and JSON (UTF-8, Chinese as is, dates as ISO text).
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import numbers
from typing import Any, Iterable, Mapping, Sequence

#: A text cell starting with one of these is run as a formula by spreadsheets
#: (OWASP CSV injection: = + - @, tab, carriage return).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A CSV text cell starting with one of these gets a leading ``'``: a formula's first
#: character, and the quote itself -- so the guard is undone exactly (:func:`unguard`):
#: ``'abc`` is written ``''abc``, and reading back drops exactly one quote.
GUARDED_STARTS = FORMULA_STARTS + ("'",)


def formula_like(v: Any) -> bool:
    """Is ``v`` text that a spreadsheet would take for a formula?  Every writer
    keeps such text as text (inline strings, a quote prefix, a text cell)."""
    return isinstance(v, str) and v.startswith(FORMULA_STARTS)


def neutralise(value: Any) -> Any:
    """A CSV cell that Excel will not run as a formula (OWASP CSV injection).

    Text starting with ``= + - @``, tab or carriage return gets a leading
    ``'``, and so does text starting with ``'`` (the guard is reversible:
    :func:`unguard`); numbers (int, float -- negative ones too) stay numbers; None is an
    empty cell; dates are ISO text.
    """
    if value is None:
        return ""
    if isinstance(value, numbers.Real):          # int, float, Decimal, numpy numbers
        return value
    if isinstance(value, (_dt.date, _dt.datetime, _dt.time)):
        return value.isoformat()
    text = str(value)
    return "'" + text if text.startswith(GUARDED_STARTS) else text


def unguard(value: Any) -> Any:
    """A cell of a CSV file this package wrote, as it was before :func:`neutralise`: text
    starting with ``'`` loses exactly that one quote (``'=X`` is ``=X``, ``''a`` is ``'a``)."""
    return value[1:] if isinstance(value, str) and value.startswith("'") else value


def csv_bytes(header: Sequence[Any], rows: Iterable[Sequence[Any] | Mapping[str, Any]]) -> bytes:
    """The CSV file as bytes: UTF-8 with BOM (so Excel reads Chinese), cells neutralised."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([neutralise(h) for h in header])
    for row in rows:
        cells = [row.get(h) for h in header] if isinstance(row, Mapping) else row
        w.writerow([neutralise(v) for v in cells])
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def json_default(v: Any) -> Any:
    if hasattr(v, "isoformat"):
        return v.isoformat()
    raise TypeError(f"{type(v).__name__} cannot be written to JSON")


def json_bytes(obj: Any) -> bytes:
    """The JSON file as bytes: UTF-8, Chinese as is (``ensure_ascii=False``), dates as ISO text."""
    return (json.dumps(obj, ensure_ascii=False, indent=1, default=json_default) + "\n").encode("utf-8")
