"""What a public page may show: the fields a federation keeps to itself.

The workbook holds what the officer needs -- who is a member, who owes a
registration fee, whose certificate is due.  A federation's printed list
shows none of it, so neither does anything ``publish`` writes (the website,
its downloads, the PDF), unless the officer asks for a field by name
(``xl-ratings publish --include-private member,fee``).  The page then says
nothing about the fields left out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable

from ..systems.base import Sheet
from .sheets import SheetView

#: Result-sheet columns kept off public pages unless asked for by name.
PRIVATE_FIELDS: tuple[str, ...] = ("member", "fee", "certificate")
#: Whole result sheets kept off public pages: the field that, asked for, shows them.
PRIVATE_SHEETS: dict[str, str] = {"Fees": "fee"}


def hidden_fields(included: Iterable[str] = ()) -> frozenset[str]:
    """The private fields left out when the officer asked for ``included``."""
    return frozenset(PRIVATE_FIELDS) - frozenset(included)


def unknown_fields(included: Iterable[str]) -> list[str]:
    """The names in ``included`` that are no private field (a typo the officer is told of)."""
    return [f for f in included if f not in PRIVATE_FIELDS]


def public_sheet(sheet: Sheet, hidden: Collection[str]) -> Sheet | None:
    """``sheet`` without its hidden columns; None for a sheet kept off public pages."""
    field = PRIVATE_SHEETS.get(sheet.name)
    if field is not None and field in hidden:
        return None
    if not any(c.key in hidden for c in sheet.columns):
        return sheet
    return dataclasses.replace(sheet, columns=tuple(c for c in sheet.columns if c.key not in hidden))


def public_view(view: SheetView, hidden: Collection[str]) -> SheetView | None:
    """A result sheet's cells without its hidden columns (the printed list); None for a
    sheet kept off public pages."""
    field = PRIVATE_SHEETS.get(view.name)
    if field is not None and field in hidden:
        return None
    keep = [i for i, k in enumerate(view.keys) if k not in hidden]
    if len(keep) == len(view.keys):
        return view
    return dataclasses.replace(
        view, keys=[view.keys[i] for i in keep], header=[view.header[i] for i in keep],
        rows=[[row[i] for i in keep] for row in view.rows], formats=[view.formats[i] for i in keep],
        hidden=[k for k in view.hidden if k not in hidden])
