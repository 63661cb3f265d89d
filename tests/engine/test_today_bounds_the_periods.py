"""Time: a period that has not begun is never processed unasked and refused when asked for,
a game dated after today is refused in a period processed now and a check in a period not
begun; the period plan takes today (split out of tests/xlsx/test_trust.py, now
tests/xlsx/test_reader_at_the_edges.py, section 6)."""

import datetime as dt

from helpers import D
from test_reader_at_the_edges import problems, tables

from xl_ratings.engine.run import run


def future_tables():
    t = tables()
    t["Events"].append(["E2", "下期", D(2026, 7, 1), D(2026, 7, 2), "round_robin", "", "", ""])
    t["Games"].append(["E2", None, 1, "A", "B", 1, None])
    return t


def test_a_period_that_has_not_started_is_never_processed_unasked():
    out = run(future_tables(), today=D(2026, 4, 1))
    assert [r.period.label for r in out.results] == ["2026H1"]
    out = run(future_tables(), today=D(2026, 7, 3))
    assert [r.period.label for r in out.results] == ["2026H1", "2026H2"]
    (err,) = problems(lambda: run(future_tables(), "2026H2", today=D(2026, 4, 1)))   # asked for: refused
    assert err.text.id == "run.period_not_begun"
    assert dict(err.text.params) == {"period": "2026H2", "start": "2026-06-01", "today": "2026-04-01"}


def test_nothing_has_started_yet():
    (err,) = problems(lambda: run(tables(), today=D(2025, 6, 1)))
    assert err.text.id == "run.nothing_yet"
    assert dict(err.text.params) == {"end": "2026-03-02", "period": "2026H1", "today": "2025-06-01"}
    assert "--period" not in err.problem          # the way out is not a period that has not begun


def test_a_game_dated_after_today_in_a_period_processed_now_is_refused():
    t = tables()
    t["Events"][1][3] = D(2026, 5, 30)
    t["Games"].append(["E1", D(2026, 5, 20), 4, "A", "B", 1, None])
    errors = problems(lambda: run(t, today=D(2026, 5, 1)))
    # the dated game and the three that take the event's end date, in row order
    assert [(e.text.id, e.where.row, e.value) for e in errors] == [
        ("run.game_not_played_yet", 2, D(2026, 5, 30)), ("run.game_not_played_yet", 3, D(2026, 5, 30)),
        ("run.game_not_played_yet", 4, D(2026, 5, 30)), ("run.game_not_played_yet", 5, D(2026, 5, 20))]
    assert dict(errors[-1].text.params) == {"date": "2026-05-20", "today": "2026-05-01", "period": "2026H1"}
    assert (errors[-1].where.sheet, errors[-1].where.column) == ("Games", "date")
    assert [r.period.label for r in run(t, today=D(2026, 6, 1)).results] == ["2026H1"]   # once played


def test_a_game_dated_in_a_period_not_begun_is_a_check():
    from xl_ratings.view.export import export
    from xl_ratings.view.sheets import checks_sheet

    out = run(future_tables(), today=D(2026, 4, 1))       # E2 (July) waits for its period: told, not rated
    checks = [c for c in export(out)["checks"] if c["rule"] == "date.future"]
    assert len(checks) == 1 and checks[0]["row"] == 5 and "2026-07-02" in checks[0]["message"]
    assert "晚于今天 2026-04-01" in checks[0]["message"] and "a typo?" in checks[0]["message"]
    assert any("date.future" == r[0] for r in checks_sheet(out).rows)
    t = future_tables()
    t["Settings"][1][1] = "gor"
    t["Events"][2][2:4] = [D(2027, 1, 2), D(2027, 1, 3)]  # a year's period: next year's
    gor = run(t, today=D(2026, 4, 1))                     # traditional script for Hong Kong
    words = [c["message"] for c in export(gor)["checks"] if c["rule"] == "date.future"]
    assert words and "對局日期" in words[0]


def test_plan_takes_today():
    import inspect

    from xl_ratings.engine.periods import plan

    assert "today" in inspect.signature(plan).parameters
    assert dt.date.today() >= D(2026, 1, 1)
