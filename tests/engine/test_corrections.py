"""Corrections (issue 9, 4; issue 11, 8): a result corrected in a published
period is never ignored: the next run names the period and the command;
``--from P`` re-rates P and every later period exactly as a run from scratch
on the corrected workbook would, and the Corrections sheet lists exactly
the players whose published ratings differ."""

from __future__ import annotations

import json
import shutil

import openpyxl
import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, read_sheet, run_cli, write_book
from problem_ids import cli_problems, problems

IDS = [f"P{i}" for i in range(8)]


@pytest.fixture(autouse=True)
def on_the_last_events_day(monkeypatch):
    """The command line's runs on 2027-03-01, the day of E3 (2027H1): every event played."""
    monkeypatch.setenv("XL_RATINGS_TODAY", "2027-03-01")


def tables():
    games = [list(GAMES)]
    n = 0
    for k, (ev, day) in enumerate([("E1", D(2026, 3, 1)), ("E2", D(2026, 9, 1)), ("E3", D(2027, 3, 1))]):
        for i, a in enumerate(IDS):
            for b in IDS[i + 1:]:
                n += 1
                games.append([ev, day, n, a, b, [1, 0.5, 0, 1, 0][(n + k) % 5], None])
    return {
        "Settings": [["key", "value"], ["system", "shanghai"]],
        "Players": [list(PLAYERS)] + [[p, f"棋手{p}", "F" if i % 3 == 0 else "M", "", "", 2150 + 41 * i,
                                        None, None, None, "", "yes"] for i, p in enumerate(IDS)],
        "Events": [list(EVENTS), ["E1", "春季赛", D(2026, 3, 1), D(2026, 3, 1), "round_robin", "", "", ""],
                   ["E2", "秋季赛", D(2026, 9, 1), D(2026, 9, 1), "round_robin", "", "", ""],
                   ["E3", "新春赛", D(2027, 3, 1), D(2027, 3, 1), "round_robin", "", "", ""]],
        "Games": games,
    }


def corrected(t):
    """One game of the first period changes its result (P0 – P3 becomes a win for P3)."""
    t = {k: [list(r) for r in v] for k, v in t.items()}
    row = next(r for r in t["Games"][1:] if r[0] == "E1" and r[3] == "P0" and r[4] == "P3")
    row[5] = 0 if row[5] != 0 else 1
    return t


def column(ws, key):
    """The 1-based column of a History header (labels read "中文 key")."""
    return next(i for i, c in enumerate(ws[1], start=1) if str(c.value).split()[-1] == key)


def two_periods(tmp_path, t=None):
    """The workbook with 2026H1 and 2026H2 processed one after the other, and its History."""
    book = write_book(t or tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    assert run_cli("process", book, "--period", "2026H2") == 0
    return book, ratings(book)


def ratings(path, sheet="History"):
    return {(r["period"], r["id"]): r["new"] for r in read_sheet(path, sheet)}


def test_a_changed_published_period_is_named_with_the_command(tmp_path, capsys):
    book = write_book(tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book) == 0          # 2026H1, 2026H2, 2027H1
    write_book(corrected(tables()), tmp_path / "new.xlsx")
    # the corrected Games sheet, with the History the first run wrote
    wb = openpyxl.load_workbook(book)
    fixed = openpyxl.load_workbook(tmp_path / "new.xlsx")
    ws = wb["Games"]
    for r, row in enumerate(fixed["Games"].iter_rows(values_only=True), start=1):
        for c, v in enumerate(row, start=1):
            ws.cell(r, c, v)
    wb.save(book)
    before = book.read_bytes()
    capsys.readouterr()
    code, told = cli_problems("process", book)
    err = capsys.readouterr().err
    assert code == 2 and [(p.id, p.params["period"], p.params["book"], p.sheet) for p in told] == [
        ("run.published_from_other_records", "2026H1", str(book), "History")]   # the command: --from 2026H1
    assert "周期 2026H1 公布后记录有改动" in err
    assert book.read_bytes() == before, "nothing written"


def test_from_rerates_exactly_as_from_scratch_and_lists_the_corrections(tmp_path):
    book = write_book(tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book) == 0
    published = ratings(book)
    # the same workbook, History included, with one game of 2026H1 corrected
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "E1" and row[3].value == "P0" and row[4].value == "P3":
            row[5].value = 0 if row[5].value != 0 else 1
    wb.save(book)
    assert run_cli("process", book, "--from", "2026H1", "--json", tmp_path / "out.json") == 0
    # a run from scratch on the corrected records
    scratch = write_book(corrected(tables()), tmp_path / "scratch.xlsx")
    assert run_cli("process", scratch) == 0
    assert ratings(book) == ratings(scratch)
    # the Corrections sheet: exactly the players whose published rating differs, per period
    want = {(k, v) for k, v in ratings(scratch).items() if published[k] != v}
    assert want, "the correction moves somebody"
    rows = read_sheet(book, "Corrections")
    assert {((r["period"], r["id"]), r["corrected"]) for r in rows} == want
    for r in rows:
        assert r["published"] == published[(r["period"], r["id"])]
        assert r["correction"] == pytest.approx(r["corrected"] - r["published"])
    reasons = {r["id"]: r["reason"] for r in rows if r["period"] == "2026H1"}
    assert reasons["P0"].endswith("records changed") and reasons["P3"].endswith("records changed")
    assert all(r["reason"].endswith("follows from other corrections") for r in rows if r["period"] != "2026H1")
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert {(c["period"], c["id"]) for c in data["corrections"]} == {k for k, _ in want}


def test_from_a_period_not_in_the_history(tmp_path, capsys):
    book = write_book(tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    capsys.readouterr()
    code, told = cli_problems("process", book, "--from", "2027H1")
    assert code == 2 and [(p.id, p.params) for p in told] == [
        ("run.from_not_in_history", {"period": "2027H1", "listed": "2026H1"})]


def test_rerunning_unchanged_records_corrects_nothing(tmp_path):
    book = write_book(tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book) == 0
    first = ratings(book)
    assert run_cli("process", book, "--from", "2026H1") == 0
    assert ratings(book) == first
    assert "Corrections" not in openpyxl.load_workbook(book).sheetnames   # no empty log started


def test_a_history_edited_or_cut_by_hand_is_refused(tmp_path, capsys):
    """The History is the ledger the next period starts from: a row edited by hand (a new
    rating +100) or deleted is found, never used silently."""
    book = write_book(tables(), tmp_path / "club.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    for edit in ("value", "old", "delete"):
        copy = tmp_path / f"{edit}.xlsx"
        shutil.copy(book, copy)
        wb = openpyxl.load_workbook(copy)
        ws = wb["History"]
        new = column(ws, "new")
        if edit == "value":
            ws.cell(2, new).value = ws.cell(2, new).value + 100
        elif edit == "old":             # the start of the History's first period typed over
            old = column(ws, "old")
            ws.cell(2, old).value = ws.cell(2, old).value + 1
        else:
            gone = ws.cell(3, column(ws, "id")).value
            ws.delete_rows(3)
        wb.save(copy)
        capsys.readouterr()
        data = copy.read_bytes()
        code, told = cli_problems("process", copy)
        assert code == 2, edit
        # hostile2 F15: which player's row is missing, not every row "edited"; the way out: --from 2026H1
        if edit == "delete":
            assert [(p.id, p.params["player"], p.params["period"]) for p in told] == [
                ("run.history_row_deleted_no_backup", gone, "2026H1")], told
        else:
            assert [(p.id, p.params["period"], p.params["rows"]) for p in told] == [
                ("run.history_rows_edited_no_backup", "2026H1", "2")], edit
        assert copy.read_bytes() == data
        # ... and the remedy it names works: --from re-rates the period from its records
        assert run_cli("process", copy, "--from", "2026H1") == 0, edit
        assert ratings(copy) == ratings(book), edit


@pytest.mark.parametrize("today", [D(2026, 11, 30), D(2027, 3, 1)], ids=["reprocessing-it", "a-new-period-too"])
def test_a_deleted_earlier_period_is_refused_not_silently_forgotten(tmp_path, capsys, today):
    """All the rows of the History's first period deleted: the next period's rows started from
    ratings the Players sheet does not give.  Going on would drop the first period's games
    without a word: refused, nothing written -- when the period after it is processed again
    (today in 2026H2) and when a new period is processed in the same run (today in 2027H1,
    whose first day is 2026-12-01: the History's first period is then kept, not re-rated).
    The way out the message names, --from the first period, gives back what was published."""
    from xl_ratings.errors import InputErrors
    from xl_ratings.jobs.process import process_workbook

    book = write_book(tables(), tmp_path / "club.xlsx")
    process_workbook(book, today=today)
    published = ratings(book)
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    for r in reversed([r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "2026H1"]):
        ws.delete_rows(r)
    wb.save(book)
    data = book.read_bytes()
    for rerate in (None, "2026H2"):
        with pytest.raises(InputErrors) as e:
            process_workbook(book, rerate_from=rerate, today=today)
        err = e.value.errors[0]
        (p, *_) = problems(e.value)
        assert (p.id, p.params["period"], p.params["first"]) == ("run.earlier_period_deleted", "2026H2", "2026H1")
        assert "更早周期的记录被删除" in err.problem_zh
        assert book.read_bytes() == data
    assert run_cli("publish", book, "--site", tmp_path / "site") == 2
    assert "更早周期的记录被删除" in capsys.readouterr().err
    process_workbook(book, rerate_from="2026H1", today=today)
    assert ratings(book) == published


def test_a_player_added_later_leaves_the_published_periods_as_they_were(tmp_path, capsys):
    """A new member added to the Players sheet after two periods were published (no games in
    them): the published lists replay as they were (publish works), --from corrects nothing
    and does not put the newcomer on the old lists; their first games count where played."""
    book, published = two_periods(tmp_path)
    wb = openpyxl.load_workbook(book)
    players = wb["Players"]
    row = [c.value for c in players[players.max_row]]
    players.append(["P9", "新人"] + row[2:])
    games = wb["Games"]
    for i, opp in enumerate(IDS[:3]):             # P9 plays three games in 2027H1 (event E3)
        games.append(["E3", D(2027, 3, 1), 100 + i, "P9", opp, 1, None])
    wb.save(book)
    capsys.readouterr()
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0, capsys.readouterr().err
    assert run_cli("process", book, "--from", "2026H1") == 0
    assert ratings(book) == published
    assert "Corrections" not in openpyxl.load_workbook(book).sheetnames   # no empty log started
    assert run_cli("process", book, "--period", "2027H1") == 0    # the newcomer's first games
    h = ratings(book)
    assert ("2027H1", "P9") in h and ("2026H1", "P9") not in h and ("2026H2", "P9") not in h
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0, capsys.readouterr().err


def test_a_name_or_club_corrected_needs_no_rerate_and_old_fingerprints_still_count(tmp_path, capsys):
    """A typo fixed in a player's name or club, or in an event's name, changes no number: the
    next run goes on (the fingerprint is of what ratings are computed from).  Rows written in
    the first fingerprint format (names included) are compared in that format: unchanged
    records pass, a changed game is still caught."""

    book, published = two_periods(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Players"]["B2"] = "棋手P0（更正）"
    wb["Players"]["D2"] = "新会"
    wb["Events"]["B2"] = "春季赛（更正）"
    wb.save(book)
    capsys.readouterr()
    assert run_cli("process", book, "--period", "2026H2") == 0, capsys.readouterr().err
    assert ratings(book) == published
    # the History as the first format wrote it: S…:P… with names, sealed R (exact values)
    legacy_history(book, "P")
    changed = tmp_path / "changed.xlsx"
    shutil.copy(book, changed)
    assert run_cli("process", book, "--period", "2026H2") == 0, capsys.readouterr().err
    wb = openpyxl.load_workbook(changed)
    for row in wb["Games"].iter_rows(min_row=2):
        if row[0].value == "E1" and row[3].value == "P0" and row[4].value == "P3":
            row[5].value = 0 if row[5].value != 0 else 1
    wb.save(changed)
    capsys.readouterr()
    code, told = cli_problems("process", changed, "--period", "2026H2")
    assert code == 2 and [(p.id, p.params["period"]) for p in told] == [("run.published_from_other_records", "2026H1")]


def legacy_history(book, kind):
    """Rewrite ``book``'s History cells as an earlier version wrote them: the settings part
    ``S`` (every Settings row), the player part ``kind`` (``P``: names included, ``Q``:
    exact numbers) and the ``R`` seal (exact values, the period's row count)."""
    from collections import Counter

    from xl_ratings.engine.fingerprint import period_digests
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.engine.ledger import Ledger, legacy_seal
    from xl_ratings.xlsx.read import read_workbook

    tables_, _ = read_workbook(book)
    records = read_records(tables_, str(book))
    ledger = Ledger.from_tables(tables_, records.system)
    digests = {q.label: period_digests(records, q, kind) for q in ledger.periods()}
    counts = Counter(e.period.label for e in ledger.entries)
    cells = {(e.period.label, e.id): f"{digests[e.period.label][e.id]}:{legacy_seal(e, counts[e.period.label])}"
             for e in ledger.entries}
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    col, c_id = column(ws, "inputs"), column(ws, "id")
    for r in range(2, ws.max_row + 1):
        key = (ws.cell(r, 1).value, ws.cell(r, c_id).value)
        if key in cells:
            assert ws.cell(r, col).value.split(":")[-1].startswith("Z")
            ws.cell(r, col).value = cells[key]
    wb.save(book)


def test_a_cut_row_rerated_brings_the_player_back(tmp_path, capsys):
    """A player's row of a later period cut by hand, then --from as the message says: the
    player is on that period's list again, from their earlier rating (not taken for a
    newcomer and dropped)."""
    book, published = two_periods(tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["History"]
    c_id = column(ws, "id")
    cut = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "2026H2" and ws.cell(r, c_id).value == "P2")
    ws.delete_rows(cut)
    wb.save(book)
    capsys.readouterr()
    assert run_cli("process", book) == 2
    assert "--from 2026H2" in capsys.readouterr().err
    assert run_cli("process", book, "--from", "2026H2") == 0
    assert ratings(book) == published


def test_a_newcomer_with_an_undated_award_stays_off_old_lists(tmp_path, capsys):
    """An award without a date belongs to no period: a player added later with one is still a
    newcomer for the periods published before; the old lists and their standards' counts
    replay as they were."""
    t = tables()
    t["Awards"] = [["player", "award", "date"]]
    book, _ = two_periods(tmp_path, t)
    standards = read_sheet(book, "Standards")
    wb = openpyxl.load_workbook(book)
    players = wb["Players"]
    row = [c.value for c in players[players.max_row]]
    players.append(["P9", "新人"] + row[2:])
    wb["Awards"].append(["P9", "初段", None])
    wb.save(book)
    capsys.readouterr()
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0, capsys.readouterr().err
    assert run_cli("process", book, "--from", "2026H1") == 0
    h = ratings(book)
    assert ("2026H1", "P9") not in h and ("2026H2", "P9") not in h
    assert read_sheet(book, "Standards") == standards
    assert "Corrections" not in openpyxl.load_workbook(book).sheetnames   # no empty log started
