"""One click (xlwings Lite / Server, through xlwings' own dispatch on a ``xw.Book(json=snapshot)``)
refuses two sheets of one role and two headers of one column as the command line does: the
same reader (``read_book`` -> ``rate_workbook`` -> ``read_records``; the LibreOffice toolbar runs
the same ``rate_book`` on its xlwings-shaped adapter: tests/libreoffice/test_ambiguous_in_calc.py),
the same message ids and parameters, on the Checks sheet, and nothing processed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_script_dispatch import replay, run_script

from xl_ratings.engine.cells import col_letter
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"

#: run first in the subprocess: the problems rate_workbook refuses with, as (id, params), kept in a file
RECORD = """
import json, os
import xl_ratings.excel.one_click as _oc
from xl_ratings.errors import InputErrors as _IE
_rate = _oc.rate_workbook
def _recording(*a, **k):
    try:
        return _rate(*a, **k)
    except _IE as e:
        with open(os.environ["XLR_TOLD"], "w", encoding="utf-8") as f:
            json.dump([[x.text.id, {n: str(v) for n, v in x.text.params}, x.where.sheet] for x in e.errors], f,
                      ensure_ascii=False)
        raise
_oc.rate_workbook = _recording
"""


def _click(tables, tmp_path, monkeypatch):
    told = tmp_path / "told.json"
    monkeypatch.setenv("XLR_TOLD", str(told))
    sheets, actions = run_script("process_period", tables, "shanghai.xlsx", tmp_path, prelude=RECORD)
    assert "Ratings" not in [a["args"][1] for a in actions if a["func"] == "addSheet"], "nothing processed"
    checks = replay(sheets, actions)["Checks"]
    return json.loads(told.read_text(encoding="utf-8")), checks


def test_one_click_refuses_players_and_qishou(tmp_path, monkeypatch):
    tables = read_tables(ROOT / "shanghai.xlsx")
    tables["棋手"] = [list(r) for r in tables["Players"]]
    told, checks = _click(tables, tmp_path, monkeypatch)
    assert [(i, p["role"], p["first"], p["second"], s) for i, p, s in told] == \
        [("sheets.sheet_twice", "Players", "Players", "棋手", "棋手")]
    assert any("'Players' and '棋手' are both the Players sheet" in str(r[0]) for r in checks[1:])


@pytest.mark.parametrize("head", ["rating", "等级分"])
def test_one_click_refuses_a_second_rating_column(tmp_path, monkeypatch, head):
    tables = read_tables(ROOT / "shanghai.xlsx")
    players = [list(r) for r in tables["Players"]]
    first = next(j for j, h in enumerate(players[0]) if str(h).split()[-1] == "rating")
    players = [r + [head if i == 0 else 1500] for i, r in enumerate(players)]
    tables["Players"] = players
    told, checks = _click(tables, tmp_path, monkeypatch)
    assert [(i, p["column"], p["first"], p["second"], p["second_header"], s) for i, p, s in told] == \
        [("sheets.column_twice", "rating", col_letter(first + 1), col_letter(len(players[0])), head, "Players")]
    assert any("are both the column 'rating'" in str(r[0]) for r in checks[1:])

