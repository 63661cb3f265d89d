"""Periods are processed in order; a period before the History's last is refused with the way
out that works: ``--from P`` when P is in the History (it re-rates P and every period after),
never when it is not (``--from`` would be refused in turn)."""

from __future__ import annotations

from helpers import processed_sample, run_cli
from problem_ids import cli_problems


def test_an_earlier_period_is_refused_with_a_way_out_that_works(tmp_path, capsys):
    book = processed_sample(tmp_path, "shanghai")         # the sample's History: 2026H1, 2026H2
    capsys.readouterr()
    before = book.read_bytes()
    code, told = cli_problems("process", book, "--period", "2026H1")
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params) for p in told] == [   # the way out: --from 2026H1
        ("run.history_later_redo", {"later": "2026H2", "period": "2026H1", "latest": "2026H2"})], err
    assert "请用 --from 2026H1" in err and book.read_bytes() == before
    # the advice works
    assert run_cli("process", book, "--from", "2026H1", "--output", tmp_path / "again.xlsx") == 0
    capsys.readouterr()
    # a period the History never held: no --from advice (it would be refused)
    code, told = cli_problems("process", book, "--period", "2025H2")
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("run.history_later", {"later": "2026H2", "period": "2025H2", "latest": "2026H2"})] and "--from" not in err, err
    code, told = cli_problems("process", book, "--from", "2025H2", "--output", tmp_path / "no.xlsx")
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("run.from_not_in_history", {"period": "2025H2", "listed": "2026H1, 2026H2"})]
