"""The new officer's path (issue 17): ``new`` gives a workbook with the sample; the Read me
says "process them once to see the results, then delete them and enter your own" --
and that works: the next run forgets the sample's results, ``publish`` and ``--from`` see
only the officer's own.  An officer's own results are never forgotten, and a published
player deleted from the Players sheet is refused, then listed by name when re-rated."""

from __future__ import annotations

import dataclasses
import datetime as dt

import openpyxl
import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, read_sheet, run_cli, write_book
from problem_ids import cli_problems

from xl_ratings.engine.sample import forget_sample, sample_records
from xl_ratings.i18n.labels import LABELS, header_key
from xl_ratings.systems import SYSTEMS

INPUTS = ("Players", "Events", "Games", "Awards", "Points", "McMahon")


def _rows(ws) -> list[list]:
    return [list(r) for r in ws.iter_rows(min_row=2, values_only=True) if any(v is not None for v in r)]


def _col(ws, key: str) -> int:
    return next(i for i, c in enumerate(ws[1]) if header_key(str(c.value), set(LABELS)) == key)


def replace_the_sample(book, federation: str = "我们的协会") -> str:
    """Do what the Read me says: delete every sample row of the input sheets and enter our own
    records -- the players of the sample's last event under new ids and names, and that
    event's games.  Returns the new event's id."""
    wb = openpyxl.load_workbook(book)
    events, games, players = wb["Events"], wb["Games"], wb["Players"]
    last = max(_rows(events), key=lambda r: (r[_col(events, "end")], r[0]))
    eid = last[0]
    ev_games = [r for r in _rows(games) if r[_col(games, "event")] == eid]
    who = {r[_col(games, k)] for r in ev_games for k in ("player", "opponent")}
    own_players = [r for r in _rows(players) if r[_col(players, "id")] in who]
    for name in INPUTS:
        if name in wb.sheetnames:
            wb[name].delete_rows(2, wb[name].max_row)
    for r in own_players:
        r[_col(players, "id")] = "X" + r[_col(players, "id")]
        r[_col(players, "name")] = "新" + str(r[_col(players, "name")])
        players.append(r)
    last[0], last[_col(events, "name")] = "X" + eid, "我们的比赛"
    if last[_col(events, "champion")]:
        last[_col(events, "champion")] = "X" + last[_col(events, "champion")]
    events.append(last)
    for r in ev_games:
        r[_col(games, "event")] = "X" + eid
        for k in ("player", "opponent"):
            r[_col(games, k)] = "X" + r[_col(games, k)]
        games.append(r)
    settings = wb["Settings"]
    for row in settings.iter_rows(min_row=2):
        if row[0].value == "federation":        # the officer names the federation: still the sample's results
            row[1].value = federation
    wb.save(book)
    return "X" + eid


def periods(book) -> set[str]:
    return {r["period"] for r in read_sheet(book, "History")}


@pytest.mark.parametrize("system", SYSTEMS)
def test_process_the_sample_then_delete_it_and_enter_your_own(tmp_path, capsys, system):
    book = tmp_path / "club.xlsx"
    assert run_cli("new", system, book) == 0
    assert run_cli("process", book) == 0
    sample_periods = periods(book)
    assert sample_periods and {r["id"] for r in read_sheet(book, "History")} <= set(sample_records(system).players)
    assert run_cli("publish", book, "--site", tmp_path / "sample-site") == 0     # the sample, published as is

    replace_the_sample(book)
    capsys.readouterr()
    code, told = cli_problems("publish", book, "--site", tmp_path / "too-early")   # not processed yet: says so
    capsys.readouterr()
    assert code == 2 and [(p.id, p.params["book"]) for p in told] == [   # the way out: xl-ratings process BOOK
        ("run.only_the_sample_processed", str(book))], told

    assert run_cli("process", book) == 0
    out = capsys.readouterr().out
    assert "the sample's results" in out and ("示例的结果" in out or "示例的結果" in out)
    history = read_sheet(book, "History")
    assert history and all(r["id"].startswith("X") for r in history)
    own = periods(book)
    checks = read_sheet(book, "Checks")
    assert [c["rule"] for c in checks].count("checks.sample_forgotten") == 1
    line = next(c for c in checks if c["rule"] == "checks.sample_forgotten")
    assert all(p in line["message"] for p in sample_periods)

    assert run_cli("publish", book, "--site", tmp_path / "site") == 0
    assert (tmp_path / "site" / "index.html").read_text(encoding="utf-8").count("新") >= 2

    first = min(own)
    assert run_cli("process", book, "--from", first) == 0                  # re-rating: our players only
    corrections = read_sheet(book, "Corrections") if "Corrections" in openpyxl.load_workbook(book).sheetnames \
        else []
    assert all(str(c["id"]).startswith("X") for c in corrections)
    assert periods(book) == own


def test_the_sample_processed_and_kept_is_never_forgotten(tmp_path):
    book = tmp_path / "club.xlsx"
    assert run_cli("new", "gor", book) == 0
    assert run_cli("process", book) == 0
    before = read_sheet(book, "History")
    assert run_cli("publish", book, "--site", tmp_path / "site") == 0
    assert run_cli("process", book, "--from", "2025") == 0
    assert read_sheet(book, "History") == before
    assert "checks.sample_forgotten" not in {c["rule"] for c in read_sheet(book, "Checks")}


def test_an_officers_own_results_are_never_forgotten(tmp_path, capsys):
    """One game of the sample changed before the first run: those results are the officer's
    (not the sample's); deleting the records afterwards is refused, naming the period."""
    book = tmp_path / "club.xlsx"
    assert run_cli("new", "shanghai", book) == 0
    wb = openpyxl.load_workbook(book)
    games = wb["Games"]
    cell = games.cell(2, _col(games, "result") + 1)
    cell.value = 0 if cell.value in (1, "1") else 1
    wb.save(book)
    assert run_cli("process", book) == 0
    replace_the_sample(book)
    capsys.readouterr()
    code, told = cli_problems("process", book)
    capsys.readouterr()
    assert code == 2 and [(p.id, p.params["period"], p.params["book"]) for p in told] == [   # --from 2026H1
        ("run.published_player_deleted", "2026H1", str(book))], told


def test_forget_sample_only_drops_a_run_of_sample_periods_at_the_end():
    """The engine's rule on its own: the sample's periods go only when the records no longer
    give them; a period of the officer's own after them keeps them."""
    from xl_ratings.engine.ledger import Entry, Ledger
    from xl_ratings.engine.run import run_records
    from xl_ratings.systems import REGISTRY

    records = sample_records("gor")
    done = run_records(records, Ledger(REGISTRY["gor"]), today=D(2026, 12, 31))
    labels = [q.label for q in done.ledger.periods()]
    assert labels == ["2025", "2026"]
    kept = Ledger(REGISTRY["gor"], done.ledger.entries)
    assert forget_sample(records, kept) == [] and len(kept.entries) == len(done.ledger.entries)

    empty = dataclasses.replace(records, players={}, events={}, games=[], awards=[], points=[])
    gone = Ledger(REGISTRY["gor"], done.ledger.entries)
    assert forget_sample(empty, gone) == ["2025", "2026"] and gone.entries == []

    mine = Ledger(REGISTRY["gor"], done.ledger.entries)
    q = done.ledger.periods()[-1]
    later = type(q)(dt.date(2027, 1, 1), dt.date(2027, 12, 31), "2027")
    mine.entries.append(Entry(later, "ME1", "我", 1500.0, done.ledger.entries[-1].state, 0.0, "S1:Qabc"))
    assert forget_sample(empty, mine) == [] and len(mine.entries) == len(done.ledger.entries) + 1


def published_with_a_bystander(tmp_path):
    """A shanghai workbook processed for 2026H1 with P9, rated, who played no game."""
    ids = [f"P{i}" for i in range(6)]
    games = [list(GAMES)]
    n = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            n += 1
            games.append(["E1", D(2026, 3, 1), n, a, b, [1, 0.5, 0][n % 3], None])
    players = [list(PLAYERS)] + [[p, f"棋手{p}", "M", "", "", 2000 + 30 * i, None, None, None, "", "yes"]
                                 for i, p in enumerate(ids)]
    players.append(["P9", "旁观者", "F", "", "", 2100, 40, None, None, "", "yes"])
    book = write_book({"Settings": [["key", "value"], ["system", "shanghai"]], "Players": players,
                       "Events": [list(EVENTS), ["E1", "春季赛", D(2026, 3, 1), D(2026, 3, 1), "round_robin",
                                                 "", "", ""]],
                       "Games": games}, tmp_path / "club.xlsx")
    assert run_cli("process", book, "--period", "2026H1") == 0
    assert "P9" in {r["id"] for r in read_sheet(book, "History")}
    return book


def test_a_published_player_deleted_from_players_is_refused_then_listed_by_name(tmp_path, capsys):
    book = published_with_a_bystander(tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "P9")
    ws.delete_rows(row)
    wb.save(book)
    capsys.readouterr()
    for command in (("process", book, "--period", "2026H2"), ("publish", book, "--site", tmp_path / "site")):
        code, told = cli_problems(*command)
        err = capsys.readouterr().err
        assert code == 2 and [(p.id, p.params) for p in told] == [("run.published_player_deleted", {
            "period": "2026H1", "count": 1, "players": "P9 旁观者", "book": str(book)})], told
        assert "已不在 Players" in err
    assert run_cli("process", book, "--from", "2026H1") == 0
    fixed = {c["id"]: c for c in read_sheet(book, "Corrections")}
    assert fixed["P9"]["name"] == "旁观者" and "no longer in the Players sheet" in fixed["P9"]["reason"]
    assert fixed["P9"]["published"] is not None and fixed["P9"]["corrected"] is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_checks_name_the_period_and_the_event_and_no_line_twice(tmp_path, system):
    book = tmp_path / "club.xlsx"
    assert run_cli("new", system, book) == 0
    assert run_cli("process", book) == 0
    checks = read_sheet(book, "Checks")
    assert checks
    done = periods(book)
    assert all(c["period"] in done for c in checks)
    lines = [(c["period"], c.get("event"), c["sheet"], c["row"], c["message"]) for c in checks]
    assert len(lines) == len(set(lines))
    on_games = [c for c in checks if c["sheet"] in ("Games", "Events") and c["row"]]
    assert on_games and all(c.get("event") for c in on_games)
    if system == "gor":
        floor = [c for c in checks if c["rule"] == "gor.floor"]
        assert len(floor) >= 2 and len({c["event"] for c in floor}) == len(floor)
        assert all(c["event"] in c["message"] for c in floor)
