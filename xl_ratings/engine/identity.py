"""Who a player is to the pairing programs: ids they carry, and clubs by code.

The rating list that OpenGotha, pairgoth and Swiss-Manager load
(:mod:`xl_ratings.view.rating_list`) names every player by a number those
programs keep and write back into their tournament files (OpenGotha's
``egfPin``, the TRF's FIDE-id field).  A player with an ``egf_pin`` or
``fide_id`` in the Players sheet keeps it; every other player gets a number
*derived* from the workbook's own player id:

* EGD PIN: 8 digits in 90000000–99999999 (the EGF's own PINs start with 1
  or 2, so a derived PIN is never an EGF member's);
* FIDE-style id: 10 digits in 1000000000–1999999999 (FIDE ids have at most
  9 digits; 10 digits still fit a 32-bit integer and the TRF's 11-column
  field).

A derived number is ``base + SHA-256(id, attempt) mod span``: the same id
always gives the same number.  Two ids that land on one number (or on a
real PIN of the sheet) are parted deterministically: players are taken in
the Players sheet's row order and a later one tries attempt 1, 2, ... until
its number is free -- so a player appended later (``import`` appends) never
takes the number of one listed before.  Export and import compute the
numbers over the same rows, which is how an imported tournament file finds
its players again (:mod:`xl_ratings.importers.into_book`).

Standard library only; tables of cell values in, plain values out.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RatingInputError, Where
from ..i18n.labels import header_key, sheet_key
from .cells import blank, to_ident

#: Optional Players columns that say who a player is outside the workbook.
EXTRA_COLUMNS = ("federation_id", "egf_pin", "fide_id", "latin_name")

PIN_BASE, PIN_SPAN = 90_000_000, 10_000_000            #: derived EGD PINs: 9xxxxxxx
FIDE_BASE, FIDE_SPAN = 1_000_000_000, 1_000_000_000    #: derived FIDE-style ids: 1xxxxxxxxx



@dataclass(frozen=True)
class Extras:
    """The optional identity columns of the Players sheet."""

    sheet: str = "Players"                                          #: the sheet's name in the workbook
    order: list[str] = field(default_factory=list)                  #: player ids, in row order
    rows: dict[str, int] = field(default_factory=dict)              #: id -> 1-based row
    values: dict[str, dict[str, str]] = field(default_factory=dict)  #: id -> column -> text

    def get(self, pid: str, column: str) -> str:
        return self.values.get(pid, {}).get(column, "")

    def real(self, column: str) -> dict[str, str]:
        """id -> the id of ``column`` (egf_pin, fide_id) the sheet gives."""
        return {pid: v[column] for pid, v in self.values.items() if v.get(column)}


def id_problems(extras: Extras, pids: Sequence[str], file: str | None) -> list[RatingInputError]:
    """The Players sheet's own EGD PINs and FIDE ids of ``pids`` checked, as a rating list needs
    them (``process`` and ``publish --rating-list`` alike): an EGD PIN is 8 digits, a FIDE id 1
    to 11 (the TRF's field), never 0 (an empty cell says "none"), each given to one player only."""
    from ..i18n.catalogue import publish as P

    problems = []
    for column, pattern, bad in (("egf_pin", r"[0-9]{8}", P.RL_BAD_ID(column="egf_pin", digits="8")),
                                 ("fide_id", r"[0-9]{1,11}", P.RL_BAD_FIDE_ID())):
        seen: dict[str, str] = {}
        for pid in pids:
            value = extras.get(pid, column)
            if not value:
                continue
            where = Where(file, extras.sheet, extras.rows.get(pid), column)
            if not re.fullmatch(pattern, value) or not value.strip("0"):
                zero = column == "egf_pin" and re.fullmatch(r"0+", value)
                problems.append(RatingInputError(P.RL_ZERO_PIN() if zero else bad, value=value, where=where))
            elif value in seen:
                problems.append(RatingInputError(P.RL_DUPLICATE_ID(column=column, value=value, first=seen[value],
                                                                   second=pid), where=where))
            seen.setdefault(value, pid)
    return problems


def _header(rows: Sequence[Sequence[Any]]) -> int:
    start = 0
    while start < len(rows) and all(blank(v) for v in rows[start]):
        start += 1
    return start


def player_extras(tables: Mapping[str, Sequence[Sequence[Any]]], file: str | None = None) -> Extras:
    """The Players sheet's ids and optional identity columns (blank cells left out); a cell
    refused (an invisible character in an id) is refused at its place in ``file``."""
    name = next((n for n in tables if sheet_key(n) == "Players"), None)
    if name is None:
        return Extras()
    rows = tables[name]
    start = _header(rows)
    if start >= len(rows):
        return Extras(name)
    known = set(EXTRA_COLUMNS) | {"id"}
    cols: dict[str, int] = {}
    for j, h in enumerate(rows[start]):
        k = header_key(h, known)
        if k and k not in cols:
            cols[k] = j
    out = Extras(name)
    if "id" not in cols:
        return out
    for i, row in enumerate(rows[start + 1:], start=start + 2):
        j = cols["id"]
        if j >= len(row) or blank(row[j]):
            continue
        pid = _ident(row[j], Where(file, name, i, "id"))
        if pid in out.rows:
            continue            # a duplicate id: the records reader reports it
        out.order.append(pid)
        out.rows[pid] = i
        values = {}
        for col in EXTRA_COLUMNS:
            c = cols.get(col)
            if c is not None and c < len(row) and not blank(row[c]):
                text = unicodedata.normalize("NFKC", _ident(row[c], Where(file, name, i, col)))   # 1２ is 12
                values[col] = text if col != "latin_name" else " ".join(text.split())
        out.values[pid] = values
    return out


def _ident(value: Any, where: Where) -> str:
    try:
        return to_ident(value)
    except RatingInputError as e:
        raise RatingInputError(e.text, where=where) from None       # the text shows the value


# --------------------------------------------------------------------------- derived ids
def _candidate(pid: str, attempt: int, base: int, span: int) -> str:
    digest = hashlib.sha256(f"{pid}\x00{attempt}".encode("utf-8")).digest()
    return str(base + int.from_bytes(digest[:8], "big") % span)


def derived_ids(order: Sequence[str], real: Mapping[str, str], base: int, span: int) -> dict[str, str]:
    """A number for every id of ``order`` without one in ``real``: stable, unique, never a real one."""
    taken = {str(v) for v in real.values()}
    out: dict[str, str] = {}
    for pid in order:
        if pid in real or pid in out:
            continue
        attempt = 0
        number = _candidate(pid, attempt, base, span)
        while number in taken:
            attempt += 1
            number = _candidate(pid, attempt, base, span)
        taken.add(number)
        out[pid] = number
    return out


def derived_pins(extras: Extras) -> dict[str, str]:
    """EGD PINs of the players without an ``egf_pin``."""
    return derived_ids(extras.order, extras.real("egf_pin"), PIN_BASE, PIN_SPAN)


def derived_fide_ids(extras: Extras) -> dict[str, str]:
    """FIDE-style ids of the players without a ``fide_id``."""
    return derived_ids(extras.order, extras.real("fide_id"), FIDE_BASE, FIDE_SPAN)


# --------------------------------------------------------------------------- names
def fold(text: str) -> str:
    """A club or person name as compared: NFKC, case, spaces and the two Chinese scripts do not count."""
    from ..i18n import simplified

    t = unicodedata.normalize("NFKC", str(text or ""))
    t = re.sub(r"\s+", "", t).casefold()
    return simplified(t) if not t.isascii() else t


