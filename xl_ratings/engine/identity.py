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
its players again (:mod:`xl_ratings.intake.into_book`).

Standard library only; tables of cell values in, plain values out.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputErrors, RatingInputError, Text, Where
from .cells import blank, column_twice, header_columns, sheet_named, to_ident
from .totals import summary_row

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


#: What officers and pairing programs write for "this player has no id" (compared case-folded, NFKC).
NO_ID_MARKS = frozenset({"-", "--", "—", "——", "–", "/", "无", "無", "没有", "沒有", "n/a", "na", "none", "nil",
                         "null"})


def no_id(value: Any) -> bool:
    """Is ``value`` a "no id" marker in an id column (``federation_id``, ``egf_pin``, ``fide_id``, or
    an imported source's id): blank, zeros (``0``, ``00000``, ``0.0``), ``-``, ``—``, ``无``/``無``,
    ``N/A``, ``none`` (any case).  Read as a blank cell everywhere: no id."""
    if blank(value):
        return True
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return value == 0
    text = unicodedata.normalize("NFKC", str(value)).strip()
    return not text or text.casefold() in NO_ID_MARKS or re.fullmatch(r"0+(\.0*)?", text) is not None


def id_text(value: Any) -> str:
    """An id cell's text as compared: NFKC (``１２`` is ``12``), and a whole number written as
    text with a ``.0`` ending (``'8600011.0'``, left by a CSV round trip) that number."""
    text = unicodedata.normalize("NFKC", str(value)).strip()
    whole = re.fullmatch(r"([0-9]+)\.0+", text)
    return whole.group(1) if whole else text


def _id_fault(value: str, digits: tuple[int, int]) -> Text | None:
    """What is wrong with ``value`` as an id of ``digits`` (fewest, most) digits; None: nothing."""
    from ..i18n.catalogue import publish as P

    if re.fullmatch(r"[0-9]+", value):
        low, high = digits
        return None if low <= len(value) <= high else P.RL_FAULT_LENGTH(count=str(len(value)))
    if re.fullmatch(r"-[0-9]+(\.[0-9]+)?", value):
        return P.RL_FAULT_NEGATIVE()
    if re.fullmatch(r"[0-9]*\.[0-9]+|[0-9]+[.,][0-9]+", value):
        return P.RL_FAULT_FRACTION()
    others = sorted({c for c in value if not ("0" <= c <= "9")}, key=value.index)
    return P.RL_FAULT_CHARACTERS(chars=" ".join(others[:5]))


def id_problems(extras: Extras, pids: Sequence[str], file: str | None) -> list[RatingInputError]:
    """The Players sheet's own EGD PINs and FIDE ids of ``pids`` checked, as a rating list needs
    them (``process`` and ``publish --rating-list`` alike): an EGD PIN is 8 digits, a FIDE id 1
    to 11 (the TRF's field), each given to one player only; "no id" markers (:func:`no_id`) were
    read as blank already.  A bad value is told what is wrong with it, and the way out."""
    from ..i18n.catalogue import publish as P

    problems = []
    for column, digits, rule in (("egf_pin", (8, 8), P.RL_RULE_PIN()), ("fide_id", (1, 11), P.RL_RULE_FIDE())):
        seen: dict[str, str] = {}
        for pid in pids:
            value = extras.get(pid, column)
            if not value:
                continue
            where = Where(file, extras.sheet, extras.rows.get(pid), column)
            fault = _id_fault(value, digits)
            if fault is not None:
                problems.append(RatingInputError(P.RL_BAD_ID(column=column, fault=fault, rule=rule),
                                                 value=value, where=where))
            elif value in seen:
                problems.append(RatingInputError(P.RL_DUPLICATE_ID(column=column, value=value, first=seen[value],
                                                                   second=pid), where=where))
            seen.setdefault(value, pid)
    return problems + _federation_id_problems(extras, pids, file) + _latin_name_problems(extras, pids, file)


def _latin_name_problems(extras: Extras, pids: Sequence[str], file: str | None) -> list[RatingInputError]:
    """A ``latin_name`` the pairing programs' lists could not write (陳大文, Chan@HK) is told when
    the period is processed, at its cell, not first when a list is published."""
    from ..i18n.catalogue import publish as P
    from .latin import shown_characters, unwritable, written

    problems = []
    for pid in pids:
        value = extras.get(pid, "latin_name")
        if value and written(value) is None:
            problems.append(RatingInputError(P.RL_BAD_LATIN_NAME(characters=shown_characters(unwritable(value))),
                                             value=value,
                                             where=Where(file, extras.sheet, extras.rows.get(pid), "latin_name")))
    return problems


def _federation_id_problems(extras: Extras, pids: Sequence[str], file: str | None) -> list[RatingInputError]:
    """A ``federation_id`` is one player's (an import matches players by it): never two players'
    (hostile3 M1), never another player's workbook id (M5: SH004 carrying SH003's id), both named."""
    from ..i18n.catalogue import sheets as S

    problems = []
    ids = {pid.casefold(): pid for pid in extras.order}
    seen: dict[str, str] = {}
    for pid in pids:
        value = extras.get(pid, "federation_id")
        if not value:
            continue
        where = Where(file, extras.sheet, extras.rows.get(pid), "federation_id")
        other = ids.get(value.casefold())
        if other is not None and other != pid:
            problems.append(RatingInputError(S.FEDERATION_ID_OF_ANOTHER(value=value, player=pid, other=other),
                                             where=where))
        elif value.casefold() in seen:
            problems.append(RatingInputError(S.FEDERATION_ID_SHARED(value=value, first=seen[value.casefold()],
                                                                    second=pid), where=where))
        seen.setdefault(value.casefold(), pid)
    return problems


def _header(rows: Sequence[Sequence[Any]]) -> int:
    start = 0
    while start < len(rows) and all(blank(v) for v in rows[start]):
        start += 1
    return start


def player_extras(tables: Mapping[str, Sequence[Sequence[Any]]], file: str | None = None) -> Extras:
    """The Players sheet's ids and optional identity columns (blank cells left out); a cell
    refused (an invisible character in an id) is refused at its place in ``file``."""
    name = sheet_named(tables, "Players", file)
    if name is None:
        return Extras()
    rows = tables[name]
    start = _header(rows)
    if start >= len(rows):
        return Extras(name)
    keys, twice = header_columns(rows[start], set(EXTRA_COLUMNS) | {"id", "name"})
    if twice:           # which is meant is not known (as the Players reader refuses it)
        raise InputErrors([column_twice(rows[start], t, file, name, start + 1) for t in twice])
    cols = {k: j for j, k in keys.items()}
    out = Extras(name)
    if "id" not in cols:
        return out
    if not any(col in cols for col in EXTRA_COLUMNS):     # only ids: each a word such as SH039, once?
        ids = _plain_ids(rows[start + 1:], cols["id"])
        if ids is not None:
            out.order.extend(ids)
            out.rows.update(zip(ids, range(start + 2, start + 2 + len(ids))))
            out.values.update(zip(ids, ({} for _ in ids)))
            return out
    for i, row in enumerate(rows[start + 1:], start=start + 2):
        j = cols["id"]
        if j >= len(row) or blank(row[j]):
            continue
        called = row[cols["name"]] if "name" in cols and cols["name"] < len(row) else None
        if summary_row(called, row[j]):         # a total row (合计, 38 人): not a player
            continue
        pid = _ident(row[j], Where(file, name, i, "id"))
        if pid in out.rows:
            continue            # a duplicate id: the records reader reports it
        out.order.append(pid)
        out.rows[pid] = i
        values = {}
        for col in EXTRA_COLUMNS:
            c = cols.get(col)
            if c is None or c >= len(row) or blank(row[c]):
                continue
            text = _ident(row[c], Where(file, name, i, col))
            if col == "latin_name":
                values[col] = " ".join(unicodedata.normalize("NFKC", text).split())
            elif not no_id(text):           # 0, -, 无, N/A: no id, as a blank cell
                values[col] = id_text(text)     # 1２ is 12, '8600011.0' is 8600011
        out.values[pid] = values
    return out


def _plain_ids(body: Sequence[Sequence[Any]], j: int) -> list[str] | None:
    """The ids of column ``j`` of every row of ``body`` as :func:`player_extras` reads them, when each
    is a text :func:`~.cells.to_ident` takes as it is but for spaces around it, that is a word such as
    SH039 (never a total row: :func:`~.totals.words_never_summary`), and none is repeated; else None."""
    from operator import itemgetter

    from .cells import MAX_CELL_CHARS
    from .totals import words_never_summary

    if not body or min(map(len, body)) <= j:
        return None
    cells = list(map(itemgetter(j), body))
    if set(map(type, cells)) != {str}:
        return None
    ids = list(map(str.strip, cells))
    if "" in ids or max(map(len, ids)) > MAX_CELL_CHARS or not all(map(str.isprintable, ids)) \
            or len(set(ids)) != len(ids) or not words_never_summary(cells):
        return None
    return ids


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


