"""Sorting a Settings table's own entries changes no fingerprint (hostile tester B, F2).

A table laid out as rows under its key (``rank_standards``, ``class_weights``, ``rank_gor``) is a
mapping: a rank or a class to its value, looked up by key.  Sorting its entries with Data ▸ Sort
-- which the docs allow -- changes no number, but the ``X`` part of the History's fingerprints
took the entries in the sheet's order: the next ``process`` refused ("the Settings that change
the numbers changed … use --from") and the ``--from`` corrected nothing.  Now the digest takes a
mapping in one order (the system's own table's, so a History written by 0.5.0 from a template's
order is the same digest), a row written from a sheet in another order is still matched as read,
and a real change of an entry's value is still caught.  (A table keyed by numbers is put in the
keys' order when read: its sort never changed a digest.)
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import openpyxl
import pytest

from xl_ratings.engine.fingerprint import Fingerprints, params_digest
from xl_ratings.errors import InputErrors
from xl_ratings.jobs.process import process_workbook
from xl_ratings.systems import SYSTEMS, find

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"

#: (system, table): the templates' tables keyed by text
MAPPINGS = [("shanghai", "rank_standards"), ("gor", "class_weights"), ("gor", "rank_gor")]


def _own(system: str, dst: Path) -> Path:
    """The template with one game's result flipped: the officer's own records, not the sample
    (the sample's History is forgotten once its records change, whatever changed)."""
    wb = openpyxl.load_workbook(ROOT / f"{system}.xlsx")
    ws = wb["Games"]
    r = ws.cell(3, 6).value
    ws.cell(3, 6).value = {1: 0, 0: 1, "胜": "负", "负": "胜"}.get(r, 0 if r != 0 else 1)
    wb.save(dst)
    return dst


def _entries(ws, table: str) -> tuple[int, int]:
    """The first and last row of ``table``'s entries."""
    key = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == table)
    end = key + 2
    while end <= ws.max_row and ws.cell(end, 1).value is not None:
        end += 1
    return key + 2, end - 1


def _sort_entries(book: Path, table: str, descending: bool = True, change: float | None = None) -> None:
    """``table``'s entries sorted by their key (Data ▸ Sort on the entries alone); ``change``
    added to the first entry's value after the sort (a real change)."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    a, b = _entries(ws, table)
    rows = [[ws.cell(r, c).value for c in (1, 2, 3)] for r in range(a, b + 1)]
    rows.sort(key=lambda v: str(v[0]), reverse=descending)
    for r, v in zip(range(a, b + 1), rows):
        for c in (1, 2, 3):
            ws.cell(r, c).value = v[c - 1]
    if change is not None:
        ws.cell(a, 2).value = float(ws.cell(a, 2).value) + change
    wb.save(book)


@pytest.mark.parametrize("system, table", MAPPINGS)
def test_sorting_a_mapping_tables_entries_needs_no_rerate(system, table, tmp_path):
    book = _own(system, tmp_path / "own.xlsx")
    first = process_workbook(book).outcome
    assert first.results and not first.forgotten
    done = first.ledger.periods()
    _sort_entries(book, table)
    again = process_workbook(book).outcome        # refused before: "the Settings … changed, use --from"
    assert again.ledger.periods() == done and not again.forgotten and not again.corrections
    assert getattr(again.params, table) != getattr(first.params, table)     # the entries read in their new order
    assert params_digest(system, again.params) == params_digest(system, first.params)
    assert params_digest(system, again.params, as_read=True) != params_digest(system, first.params, as_read=True)


@pytest.mark.parametrize("system, table", MAPPINGS)
def test_a_real_change_in_a_sorted_table_is_still_caught(system, table, tmp_path):
    book = _own(system, tmp_path / "own.xlsx")
    process_workbook(book)
    _sort_entries(book, table, change=0.25 if table == "class_weights" else 30)
    with pytest.raises(InputErrors) as e:
        process_workbook(book)
    ids = {x.text.id for x in e.value.errors}
    assert ids == {"run.published_from_other_settings"}, e.value.errors


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_templates_order_is_the_digest_0_5_0_wrote(system):
    """Every system's own parameters: the one-order digest is the as-read one (what a History
    written from a template's Settings holds)."""
    params = find(system).params_type()
    assert params_digest(system, params) == params_digest(system, params, as_read=True)


@pytest.mark.parametrize("system, table", MAPPINGS)
def test_a_row_written_from_another_order_is_matched_as_read(system, table, tmp_path):
    """An officer's table in an order of their own, processed by 0.5.0 (the ``X`` part as read):
    still the same Settings, unsorted."""
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.xlsx.read import read_tables

    book = _own(system, tmp_path / "own.xlsx")
    _sort_entries(book, table)
    records = read_records(read_tables(str(book)), str(book))
    period = find(system).calendar.of(max(ev.end for ev in records.events.values()))
    fp = Fingerprints(records, period)
    pid, now = next(iter(fp.now.items()))
    old = params_digest(system, records.params, as_read=True)
    assert old != now.split(":")[0]                       # the sheet's order is not the one order
    assert fp.changed(pid, old + ":" + now.split(":", 1)[1]) is None
    assert fp.changed(pid, now) is None
    other = dataclasses.replace(records.params, **{table: tuple(
        (k, v + 1) if n == 0 else (k, v) for n, (k, v) in enumerate(getattr(records.params, table)))})
    assert fp.changed(pid, params_digest(system, other, as_read=True) + ":" + now.split(":", 1)[1]) == "settings"


def test_a_class_given_twice_in_another_case_is_refused(tmp_path):
    """``a`` and ``A`` are one class to GoR's look-up: with both, the table's order would choose."""
    from problem_ids import refused_with

    book = tmp_path / "gor.xlsx"
    wb = openpyxl.load_workbook(ROOT / "gor.xlsx")
    ws = wb["Settings"]
    a, b = _entries(ws, "class_weights")
    ws.insert_rows(b + 1)
    ws.cell(b + 1, 1).value, ws.cell(b + 1, 2).value = "a", 0.9
    wb.save(book)
    got = [(p.id, p.row, p.column) for p in refused_with(book)]
    assert got == [("sheets.setting_entry_twice", b + 1, "key")], got
