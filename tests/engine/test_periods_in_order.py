"""Periods are processed in order; a period before the History's last is refused with the way
out that works: ``--from P`` when P is in the History (it re-rates P and every period after),
never when it is not (``--from`` would be refused in turn)."""

from __future__ import annotations

from helpers import processed_sample, run_cli


def test_an_earlier_period_is_refused_with_a_way_out_that_works(tmp_path, capsys):
    book = processed_sample(tmp_path, "shanghai")         # the sample's History: 2026H1, 2026H2
    capsys.readouterr()
    before = book.read_bytes()
    assert run_cli("process", book, "--period", "2026H1") == 2
    err = capsys.readouterr().err
    assert "only the latest period (2026H2) is processed again by itself; to re-rate 2026H1 and every period " \
           "after it, run with --from 2026H1" in err, err
    assert "请用 --from 2026H1" in err and book.read_bytes() == before
    # the advice works
    assert run_cli("process", book, "--from", "2026H1", "--output", tmp_path / "again.xlsx") == 0
    capsys.readouterr()
    # a period the History never held: no --from advice (it would be refused)
    assert run_cli("process", book, "--period", "2025H2") == 2
    err = capsys.readouterr().err
    assert "process periods in order (re-process only the latest, 2026H2)" in err and "--from" not in err, err
    assert run_cli("process", book, "--from", "2025H2", "--output", tmp_path / "no.xlsx") == 2
    assert "that period is not in the History" in capsys.readouterr().err
