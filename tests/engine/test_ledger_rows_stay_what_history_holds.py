"""The History's rows and seals are stored in published workbooks: a later run reads each row's
``Z`` seal and compares it with the seal of the row's values.  Laying the rows out and sealing
them column by column (:meth:`Ledger.rows`, :func:`~xl_ratings.engine.ledger.seals`,
:meth:`Ledger.record_columns`) must give the very rows, values and seals the row-at-a-time code
gave -- else every published History would be seen as edited.

Held against that code itself, kept below as it was (``reference_*``), over the ledgers of the
four templates processed and over states at the edges: -0.0, NaN, blanks, whole numbers,
a float subclass (NumPy's), dates, texts with outer spaces, ranks."""

import dataclasses
import datetime as dt
import hashlib
import math
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from helpers import run_cli

from xl_ratings.engine.fingerprint import canon12, canon12_column, rounded
from xl_ratings.engine.inputs import read_records
from xl_ratings.engine.ledger import Entry, Ledger, members, seal, seals
from xl_ratings.systems import get
from xl_ratings.systems.period import Period
from xl_ratings.systems.ranks import parse_rank
from xl_ratings.xlsx.read import read_workbook

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def reference_stored(e):
    """Ledger._stored as it was, one entry at a time."""
    st = e.state
    values = {f.name: rounded(getattr(st, f.name)) for f in dataclasses.fields(st)}
    return Entry(e.period, e.id, e.name, rounded(e.old), type(st)(**values), rounded(e.change), e.inputs)


def reference_seal(e, period_members):
    values = [e.period.label, e.period.start, e.period.end, e.id, e.old, e.change] + \
        [getattr(e.state, f.name) for f in dataclasses.fields(e.state) if f.name != "period_end"] + \
        [e.inputs or "", period_members]
    return "Z" + hashlib.blake2b("|".join(map(canon12, values)).encode("utf-8"), digest_size=6).hexdigest()


def reference_rows(ledger):
    """Ledger.rows as it was, one entry at a time."""
    ids = defaultdict(list)
    for e in ledger.entries:
        ids[e.period.label].append(e.id)
    digest = {label: members(v) for label, v in ids.items()}
    extra = [f.name for f in dataclasses.fields(ledger.system.state_type)
             if f.name not in ("rating", "games", "events", "peak", "status", "period_games", "period_end")]
    out = []
    for e in sorted(ledger.entries, key=lambda x: (x.period.end, x.id)):
        st = e.state
        rec = {"period": e.period.label, "start": e.period.start, "end": e.period.end, "id": e.id,
               "name": e.name, "old": e.old, "new": st.rating, "change": e.change, "status": st.status,
               "games": st.games, "events": st.events, "peak": st.peak, "period_games": st.period_games}
        for name in extra:
            rec[name] = getattr(st, name)
        rec["inputs"] = ":".join(x for x in (e.inputs, reference_seal(e, digest[e.period.label])) if x)
        out.append(rec)
    return out


def same(a, b):
    """Equal, and written alike: the same type, -0.0 not 0.0, NaN where NaN."""
    if isinstance(a, float) and isinstance(b, float):
        return type(a) is type(b) and (a == b and math.copysign(1, a) == math.copysign(1, b)
                                       or math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def stored_like_the_reference(ledger, period, entries):
    ledger.record(period, entries)
    want = [reference_stored(e) for e in entries]
    got = ledger.entries[-len(entries):]
    for g, w in zip(got, want):
        assert type(g) is Entry and type(g.state) is type(w.state)
        assert same(dataclasses.asdict(g.state), dataclasses.asdict(w.state)), (g, w)
        assert all(same(getattr(g, k), getattr(w, k)) for k in ("id", "name", "old", "change", "inputs"))
        assert g.period == w.period


@pytest.mark.parametrize("system", ["shanghai", "gor", "peng", "lianzhong"])
def test_the_templates_history_rows_and_seals_are_those_of_one_row_at_a_time(system, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-31")
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    assert run_cli("process", book) == 0, capsys.readouterr().err
    tables, _ = read_workbook(book)
    records = read_records(tables, str(book))
    ledger = Ledger.from_tables(tables, records.system)        # its seals read and checked: seals()
    assert ledger.periods() and len(ledger.entries) > 20
    rows = ledger.rows()
    want = reference_rows(ledger)
    assert len(rows) == len(want) and all(same(a, b) for a, b in zip(rows, want))
    assert ledger.table() == [list(r.values()) for r in want]
    # stored again, period by period: the entries the row-at-a-time copy made
    for q in ledger.periods():
        stored_like_the_reference(ledger, q, [dataclasses.replace(e) for e in ledger.entries_of(q.label)])
    assert all(same(a, b) for a, b in zip(ledger.rows(), reference_rows(ledger)))


class Float(float):
    """A float of another type (NumPy's float64 is one)."""


def edge_entries(system_name):
    system = get(system_name)
    st_type = system.state_type
    p = Period(dt.date(2026, 1, 1), dt.date(2026, 6, 30), " 2026H1 ")
    olds = [1500.123456789012, -0.0, 0.0, float("nan"), None, 1e300, Float(1234.56789012345678), 7.0, 1e-7, -2.5]
    out = []
    for k, old in enumerate(olds):
        fields = {"rating": [1612.3456789012345, -0.0, None, float("nan"), 0.1 + 0.2][k % 5],
                  "games": k, "events": k % 3, "peak": [None, 2000.0, Float(3.3)][k % 3],
                  "status": ["active", " inactive ", "pending"][k % 3], "period_games": k * 2,
                  "period_end": p.end}
        for f in dataclasses.fields(st_type):
            if f.name not in fields and f.type in ("float | None", "float"):
                fields[f.name] = [None, -0.0, 12.345678901234567, float("nan")][k % 4]
            elif f.name not in fields and f.type in ("int | None", "int"):
                fields[f.name] = [None, 3, 0][k % 3] if "None" in f.type else k
            elif f.name not in fields and "date" in f.type:
                fields[f.name] = [None, dt.date(2025, 3, 4)][k % 2]
            elif f.name not in fields and f.type == "str | None":
                fields[f.name] = [None, " a:b ", "2026-01-01:3:1:12.5:"][k % 3]
            elif f.name not in fields and "Rank" in f.type:
                fields[f.name] = [None, parse_rank("3段")][k % 2]
        st = st_type(**fields)
        new = st.rating
        change = None if new is None or old is None else new - old
        out.append(Entry(p, [f"P{k:03d}", f" P{k:03d} ", f"張{k}"][k % 3], f"name {k}", old, st, change,
                         [None, "", "X1a2b:Yc3d4"][k % 3]))
    return p, out


@pytest.mark.parametrize("system", ["shanghai", "gor", "peng", "lianzhong"])
def test_values_at_the_edges_are_stored_and_sealed_as_one_row_at_a_time(system):
    p, entries = edge_entries(system)
    ledger = Ledger(get(system))
    stored_like_the_reference(ledger, p, entries)
    digest = members(e.id for e in ledger.entries)
    assert seals(ledger.entries, {p.label: digest}) == [reference_seal(e, digest) for e in ledger.entries]
    assert seals(entries, {p.label: digest}) == [reference_seal(e, digest) for e in entries] == \
        [seal(e, digest) for e in entries]
    assert all(same(a, b) for a, b in zip(ledger.rows(), reference_rows(ledger)))
    assert seals([], {}) == []


@pytest.mark.parametrize("column", [
    [1612.3456789012345, -0.0, 0.0, float("nan"), float("-inf"), 1e300, -1e-300, 0.1 + 0.2],
    [None, 1500.0, -0.0, None, float("nan")], [None, None], [],
    [" a ", "b", "", "  "], [None, " x", "y "], [0, 3, -7, 10**20], [None, 4, 0],
    [True, False, 1, 0.0], [dt.date(2026, 1, 2), dt.date(1999, 12, 31)], [None, dt.date(2026, 1, 2)],
    [dt.datetime(2026, 1, 2), dt.datetime(2026, 1, 2, 3, 4), dt.date(2026, 1, 1)],
    [Float(2.5), 2.5, Float(-0.0)], [parse_rank("3段"), None], [(1, 2.0), "t", None]])
def test_a_column_is_written_as_each_value_alone(column):
    assert canon12_column(column) == [canon12(v) for v in column]
