"""Nothing is rated before it has happened (issue 24, build 9): a period that has not
begun is refused, and so is a game dated after today in a period processed now --
naming today's date, on the command line and in one click.  The engine takes today's
date as a parameter (``today=``); the command line and one click use the real date.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import TEMPLATES, processed_sample, read_sheet, run_cli
from test_script_dispatch import replay, run_script

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.process import process_workbook
from xl_ratings.xlsx.read import read_tables

D = dt.date


def test_a_period_not_begun_is_refused_on_the_command_line(tmp_path, capsys):
    book = processed_sample(tmp_path, "shanghai")
    before = book.read_bytes()
    capsys.readouterr()
    assert run_cli("process", str(book), "--period", "2099H1") == 2
    err = capsys.readouterr().err
    assert "period 2099H1 has not begun" in err and f"today is {D.today().isoformat()}" in err
    assert f"今天是 {D.today().isoformat()}" in err
    assert book.read_bytes() == before                       # nothing written, the History unchanged


def test_the_engine_takes_today(tmp_path):
    book = tmp_path / "gor.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    with pytest.raises(InputErrors) as info:
        process_workbook(book, period="2026", today=D(2025, 12, 31))
    (err,) = info.value.errors
    assert err.text.id == "run.period_not_begun"
    assert dict(err.text.params) == {"period": "2026", "start": "2026-01-01", "today": "2025-12-31"}


def test_a_history_processed_ahead_is_refused_with_its_way_out(tmp_path):
    """A History written by an earlier version with ``--period 2028``: refused, and the way
    out (delete that period's rows) works."""
    book = tmp_path / "gor.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    process_workbook(book, today=D(2026, 12, 1))
    process_workbook(book, period="2027", today=D(2027, 1, 2))      # as if processed ahead of time
    with pytest.raises(InputErrors) as info:
        process_workbook(book, today=D(2026, 12, 1))
    (err,) = info.value.errors
    assert err.text.id == "run.history_ahead" and err.where.sheet == "History"
    assert dict(err.text.params) == {"period": "2027", "start": "2027-01-01", "today": "2026-12-01"}
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    col = [c.value for c in ws[1]].index(next(c.value for c in ws[1] if str(c.value).endswith("period")))
    for row in range(ws.max_row, 1, -1):
        if str(ws.cell(row, col + 1).value) == "2027":
            ws.delete_rows(row)
    wb.save(book)
    done = process_workbook(book, today=D(2026, 12, 1))
    assert [r.period.label for r in done.outcome.results] == ["2026"]
    assert "2027" not in {str(r["period"]) for r in read_sheet(book, "History")}


def future_game(tables, day: dt.date):
    """The gor sample with one more event, on ``day``, and a game of it."""
    events, games = tables["Events"], tables["Games"]
    ev_head = [str(h).split()[-1] for h in events[0]]
    row = [None] * len(ev_head)
    for k, v in {"event": "FUT", "name": "Future open", "start": day, "end": day, "format": "swiss",
                 "class": "B"}.items():
        row[ev_head.index(k)] = v
    events.append(row)
    g_head = [str(h).split()[-1] for h in games[0]]
    first = dict(zip(g_head, games[1]))
    game = [None] * len(g_head)
    for k, v in {"event": "FUT", "date": day, "round": 1, "player": first["player"], "opponent": first["opponent"],
                 "result": 1}.items():
        game[g_head.index(k)] = v
    games.append(game)
    return tables, len(games)


def tomorrow_this_year() -> dt.date:
    day = D.today() + dt.timedelta(days=1)
    if day.year != D.today().year:
        pytest.skip("today is the last day of the year: tomorrow is in a period not begun")
    return day


def test_a_game_not_played_yet_is_refused_on_the_command_line(tmp_path, capsys):
    day = tomorrow_this_year()
    tables, row = future_game(read_tables(TEMPLATES / "gor.xlsx"), day)
    book = tmp_path / "gor.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    for name in ("Events", "Games"):
        ws = wb[name]
        ws.append(tables[name][-1])
    wb.save(book)
    before = book.read_bytes()
    capsys.readouterr()
    assert run_cli("process", str(book)) == 2
    err = capsys.readouterr().err
    assert f"row {row}, column 'date'" in err and f"after today ({D.today().isoformat()})" in err
    assert book.read_bytes() == before


def test_a_game_not_played_yet_is_refused_in_one_click(tmp_path):
    day = tomorrow_this_year()
    tables, row = future_game(read_tables(TEMPLATES / "gor.xlsx"), day)
    printed: list[str] = []
    sheets, actions = run_script("process_period", tables, "gor.xlsx", tmp_path, printed)
    report = replay(sheets, actions)["Checks"]
    late = [r for r in report[1:] if r[2] == "Games" and r[3] == row]
    assert late and late[0][4] == "date" and D.today().isoformat() in late[0][0]
    assert D.today().isoformat() in late[0][1] and "晚於今天" in late[0][1]     # traditional: a Hong Kong book
    assert any("問題" in str(line) or "problem" in str(line) for line in printed)   # told: nothing processed


def test_many_games_not_played_yet_are_counted_and_the_first_told(monkeypatch):
    import xl_ratings.engine.periods as periods
    from test_reader_at_the_edges import run, tables

    monkeypatch.setattr(periods, "MAX_TOLD", 2)
    t = tables()
    t["Events"][1][3] = D(2026, 5, 30)          # three games, each taking the event's end date
    with pytest.raises(InputErrors) as info:
        run(t, today=D(2026, 5, 1))
    err = info.value
    assert err.total == 3
    told, more = err.told()
    assert [e.text.id for e in told] == ["run.game_not_played_yet"] * 2 + ["errors.more"] and more is None
    assert dict(told[-1].text.params) == {"more": 1, "total": 3}
