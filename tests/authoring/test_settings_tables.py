"""Issue 26 (7): the Settings sheet shows table parameters (con_table, rank_gor, K tables …)
as tables an officer reads -- one row per entry under labelled columns -- and reads back
what it writes, and what older workbooks hold (``key:value, …`` in one cell)."""

from __future__ import annotations

import dataclasses
import io

import openpyxl
import pytest

from xl_ratings import systems
from xl_ratings.authoring.templates import build, settings_tables
from xl_ratings.engine.inputs import read_settings
from xl_ratings.engine.settings import COLUMN_HEADS, TABLE_BELOW, params_from_settings
from xl_ratings.errors import InputErrors


def _rows(wb: openpyxl.Workbook) -> list[list]:
    """The Settings sheet as a saved file gives it back."""
    buf = io.BytesIO()
    wb.save(buf)
    ws = openpyxl.load_workbook(io.BytesIO(buf.getvalue()))["Settings"]
    return [list(r) for r in ws.iter_rows(values_only=True)]


def _read(system, rows):
    errors: list = []
    settings = read_settings({"Settings": rows}, "book.xlsx", errors)
    if errors:
        raise InputErrors(errors)
    return params_from_settings(system, settings, "book.xlsx")


def _tables(params) -> dict:
    return {f.name: getattr(params, f.name) for f in dataclasses.fields(params)
            if f.init and isinstance(getattr(params, f.name), tuple) and getattr(params, f.name)
            and all(isinstance(p, tuple) and len(p) == 2 for p in getattr(params, f.name))}


@pytest.mark.parametrize("name", sorted(systems.REGISTRY))
def test_each_table_is_laid_out_as_rows_and_reads_back(name):
    system = systems.get(name)
    rows = _rows(build(name))
    defaults = system.params_type()
    tables = _tables(defaults)
    if not tables:      # peng: its ladder has rows of its own already (basic.二段 = 620, one value a row)
        assert system.settings_rows is not None and system.settings_rows(defaults)
    for key, pairs in tables.items():
        head = next(i for i, r in enumerate(rows) if r[0] == key)
        assert rows[head][1] == TABLE_BELOW or rows[head][1].startswith("見下表")
        assert rows[head - 1] == [None, None, None]                   # a blank row before each table
        heads = rows[head + 1]
        assert heads[2] in (COLUMN_HEADS, "列名 column heads") and heads[0] and heads[1]
        entries = rows[head + 2: head + 2 + len(pairs)]
        assert len(entries) == len(pairs)
        for (k, v), (ck, cv, note) in zip(pairs, entries):         # one row per entry, in order
            assert cv == v and note is None
            if isinstance(k, float) and k == float("inf"):
                assert ck == "∞"
            elif isinstance(k, (int, float)):
                assert ck == k                                       # a number, not text
        after = head + 2 + len(pairs)
        assert after == len(rows) or rows[after] == [None, None, None]
    # no cell wraps a table any more
    assert not any(isinstance(v, str) and v.count(":") > 2 for r in rows for v in r[:2])
    assert _read(system, rows) == defaults


def test_the_column_heads_name_what_the_officer_reads():
    gor = {t.key: t for t in settings_tables(systems.get("gor"))}
    assert gor["con_table"].heads == ("棋力分 rating", "con")
    assert gor["rank_gor"].heads[0] == "段級 rank" and gor["rank_gor"].entries[0] == ("1k", 2000)
    lz = {t.key: t for t in settings_tables(systems.get("lianzhong"))}
    assert lz["k_table"].heads == ("等级分低于 rating below", "K")
    assert lz["k_table"].entries[-1] == ("∞", 8)


def test_an_edited_row_changes_the_parameter():
    system = systems.get("gor")
    rows = _rows(build("gor"))
    i = next(i for i, r in enumerate(rows) if r[0] == 100 and r[1] == 116)   # con_table's first entry
    rows[i][1] = 120
    params = _read(system, rows)
    assert params.con_table[0] == (100, 120) and params.con_table[1:] == system.params_type().con_table[1:]
    # an entry added at the end of a table, and one deleted
    j = next(i for i, r in enumerate(rows) if r[0] == "rank_gor")
    rows[j + 2:j + 3] = []
    params = _read(system, rows)
    assert len(params.rank_gor) == len(system.params_type().rank_gor) - 1


def test_a_bad_entry_names_its_table_row():
    system = systems.get("lianzhong")
    rows = _rows(build("lianzhong"))
    head = next(i for i, r in enumerate(rows) if r[0] == "k_table")
    rows[head + 2][1] = "many"
    with pytest.raises(InputErrors) as e:
        _read(system, rows)
    (err,) = e.value.errors
    # at the entry's own row and cell (rows[head + 2] is sheet row head + 3), not the table's key row
    assert (err.where.sheet, err.where.row, err.where.column) == ("Settings", head + 3, "value")
    assert err.text.id.endswith("cell_not_a_number") and err.value == "many"


def test_older_workbooks_tables_in_one_cell_still_read():
    """A workbook written before: ``con_table`` = ``100:116, 200:110, …`` in its value cell."""
    from xl_ratings.authoring.templates import settings_rows

    system = systems.get("gor")
    old = [["key", "value", "note"]] + [[k, v, n] for k, v, n in settings_rows(system)]
    assert any(r[0] == "con_table" and str(r[1]).startswith("100:116, 200:110") for r in old)
    assert _read(system, old) == system.params_type()
    edited = [[k, "100:120, 2700:10" if k == "con_table" else v, n] for k, v, n in old]
    assert _read(system, edited).con_table == ((100, 120), (2700, 10))


def test_a_table_ends_at_the_blank_row_or_a_settings_name():
    """Settings typed after a table's blank row are settings again, not entries; so is one
    appended right under the last table (an officer adds ``country`` at the sheet's end)."""
    system = systems.get("lianzhong")
    rows = [r for r in _rows(build("lianzhong")) if r[0] != "start"] + [[None, None, None], ["start", 1500, None]]
    assert _read(system, rows).start == 1500
    rows = [r for r in _rows(build("lianzhong")) if r[0] != "start"] + [["start", 1500, None]]
    assert _read(system, rows).start == 1500
    gor = systems.get("gor")
    rows = _rows(build("gor")) + [["country", "MO", None]]
    errors: list = []
    settings = read_settings({"Settings": rows}, "book.xlsx", errors)
    assert errors == [] and settings["country"] == "MO"
    assert _read(gor, rows) == gor.params_type()


@pytest.mark.parametrize("name", sorted(systems.REGISTRY))
def test_the_committed_templates_read_back_as_the_rulebook(name):
    """The templates as the command line reads them (its own xlsx reader): the rulebook's
    parameters exactly, the tables laid out as rows."""
    from pathlib import Path

    from xl_ratings.engine.inputs import read_records
    from xl_ratings.xlsx.read import read_workbook

    book = Path(__file__).resolve().parents[2] / "workbook_templates" / f"{name}.xlsx"
    tables, problems = read_workbook(book)
    assert problems == []
    records = read_records(tables, str(book))
    assert records.params == systems.get(name).params_type()
    laid_out = [k for k, v in records.settings.items() if isinstance(v, list)]
    assert sorted(laid_out) == sorted(_tables(systems.get(name).params_type()))
