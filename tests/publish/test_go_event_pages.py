"""The Hong Kong Go officer's path to the website (issue 17): handicaps on the event page,
an h9's round dates kept, one event's rounds in order on a player's page, a player's history
from their first game, new players from a file entered as non-members (and said so)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, read_sheet, run_cli, write_book
from import_writers import EVENT, GOMOKU_EVENT, write_h9

from xl_ratings.importers import h9
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish.build import build_site
from xl_ratings.view.sheets import history_wide, joined


def book(tmp_path):
    """A GoR workbook: a 2025 event (A, B), and a 2026 day of handicap games listed in the
    Games sheet against the order of their rounds; C comes with a rank only, first plays in 2026."""
    return write_book({
        "Settings": [["key", "value"], ["system", "gor"]],
        "Players": [list(PLAYERS),
                    ["A", "區志強", "M", "", "1d", 2100, None, None, None, "", "yes"],
                    ["B", "陳大文", "M", "", "2k", 1900, None, None, None, "", "yes"],
                    ["C", "張小明", "M", "", "3D", None, None, None, None, "", "yes"]],
        "Events": [list(EVENTS),
                   ["E25", "冬季賽", D(2025, 12, 6), D(2025, 12, 6), "swiss", "乙", "", ""],
                   ["E26", "會內手合賽", D(2026, 3, 7), D(2026, 3, 7), "swiss", "乙", "", ""]],
        "Games": [list(GAMES),
                  ["E25", None, 1, "A", "B", 1, None],
                  ["E26", None, 3, "C", "B", 1, -2],       # round 3 first in the sheet
                  ["E26", None, 2, "A", "C", 0, None],
                  ["E26", None, 1, "B", "A", 1, 2]],       # B receives two stones from A
    }, tmp_path / "hk.xlsx")


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    d = tmp_path_factory.mktemp("hk")
    path = book(d)
    assert run_cli("process", path) == 0
    assert run_cli("publish", path, "--site", d / "site") == 0
    return path, d / "site"


def rows_of(html: str, caption: str) -> list[list[str]]:
    """The cells (tags stripped) of the table whose caption holds ``caption``."""
    table = next(t for t in html.split("<table")[1:] if caption in t.split("</caption>")[0])
    body = table.split("<tbody>")[1].split("</tbody>")[0]
    return [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
            for r in body.split("</tr>") if "<td" in r]


def test_the_event_page_of_handicap_games_has_a_handicap_column(published):
    _, site = published
    page = (site / "events" / "e26.html").read_text(encoding="utf-8")
    head = page.split('class="title">對局')[1].split("</thead>")[0]
    assert 'data-key="handicap"' in head and "讓子" in head
    rows = rows_of(page, "Games")
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert [r[-1] for r in rows] == ["+2", "", "\u22122"]      # stones the first column's player received
    plain = (site / "events" / "e25.html").read_text(encoding="utf-8")
    assert 'data-key="handicap"' not in plain                   # no handicap game: no column


def test_a_players_games_of_one_day_are_in_round_order(published):
    _, site = published
    for pid in ("a", "b", "c"):
        rows = rows_of((site / "players" / f"{pid}.html").read_text(encoding="utf-8"), "Games")
        same_day = [int(r[3]) for r in rows if r[1] == "2026-03-07"]
        assert same_day == sorted(same_day) and len(same_day) == 2, pid


def test_a_players_history_starts_with_their_first_game(published):
    path, site = published
    assert {r["period"] for r in read_sheet(path, "History") if r["id"] == "C"} == {"2025", "2026"}
    c = (site / "players" / "c.html").read_text(encoding="utf-8")
    assert [r[0] for r in rows_of(c, "Ratings by period")] == ["2026"]
    assert "2025 (2025-12-31)" not in c and "2026 (2026-12-31)" in c        # no chart point in 2025
    a = (site / "players" / "a.html").read_text(encoding="utf-8")
    assert [r[0] for r in rows_of(a, "Ratings by period")] == ["2025", "2026"]
    assert "2025 (2025-12-31)" in a

    outcome = published_outcome(path)
    assert joined(outcome.records) == {"C": D(2026, 3, 7)}
    periods, names, values = history_wide(outcome)
    assert periods == ["2025", "2026"]
    col = names.index("張小明")
    assert values[0][col] is None and values[1][col] is not None
    assert all(v is not None for v in values[0][:col] + values[0][col + 1:])
    site_model = build_site(outcome)
    page = next(p for p in site_model.players if p.id == "C")
    assert [h.period for h in page.history] == ["2026"]


def test_an_h9s_round_dates_are_the_games_dates(tmp_path):
    per_round = tmp_path / "rounds.h9"
    write_h9(per_round)
    days = ",".join(EVENT.round_date(r).isoformat() for r in range(1, EVENT.rounds + 1))
    per_round.write_text(re.sub(r"DT\[[^\]]*\]", f"DT[{days}]", per_round.read_text(encoding="utf-8")),
                         encoding="utf-8")
    t = h9.parse(per_round)
    assert (t.event.start, t.event.end) == (EVENT.start, EVENT.end)
    assert {(g.round, g.date) for g in t.games} == {(r, EVENT.round_date(r)) for r in range(1, EVENT.rounds + 1)}

    two = h9.parse(write_h9(tmp_path / "two.h9"))              # DT[start,end] for three rounds: no round's date
    assert (two.event.start, two.event.end) == (EVENT.start, EVENT.end)
    assert {g.date for g in two.games} == {None}

    shuffled = tmp_path / "shuffled.h9"                       # dates out of order: not taken as round dates
    shuffled.write_text(re.sub(r"DT\[[^\]]*\]", f"DT[{EVENT.end},{EVENT.start},{EVENT.start}]",
                               per_round.read_text(encoding="utf-8")), encoding="utf-8")
    assert {g.date for g in h9.parse(shuffled).games} == {None}

    workbook = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", workbook, "--empty") == 0
    assert run_cli("import", per_round, "--into", workbook) == 0
    games = read_sheet(workbook, "Games")
    assert {(int(g["round"]), g["date"].date()) for g in games} == \
        {(r, EVENT.round_date(r)) for r in range(1, EVENT.rounds + 1)}


@pytest.mark.parametrize("system, member", [("gor", "no"), ("shanghai", None)])
def test_new_players_from_a_file_are_not_taken_for_members(tmp_path, capsys, system, member):
    workbook = tmp_path / "club.xlsx"
    assert run_cli("new", system, workbook, "--empty") == 0
    source = write_h9(tmp_path / "open.h9") if system == "gor" else None
    if source is None:
        from import_writers import write_trf
        source = write_trf(tmp_path / "open.trf")
    capsys.readouterr()
    assert run_cli("import", source, "--into", workbook) == 0
    out = capsys.readouterr().out
    players = read_sheet(workbook, "Players")
    assert len(players) == len(EVENT.players)
    assert {p.get("member") for p in players} == {member}
    said = f"{len(EVENT.players)} new player(s) entered as non-members (member = no)"
    assert (said in out) == (system == "gor")
    if system == "gor":
        assert "按非會員錄入" in out                                     # told in the workbook's script
        assert run_cli("process", workbook) == 0
        fees = read_sheet(workbook, "Fees")
        assert fees and all(f["fee"] > 0 for f in fees)             # non-members owe the fee


def test_a_crosstable_without_rounds_says_so_in_the_dry_run(tmp_path, capsys):
    from import_writers import write_rr_csv

    from xl_ratings.intake.summary import games_line

    assert games_line({"—": 15}) == ("15 games, without round numbers (the source numbers no rounds: a "
                                     "crosstable, or a list of games) — 15 盘对局，未注明轮次（来源没有轮次编号："
                                     "交叉表或对局列表）")
    assert games_line({"1": 2, "2": 2}).startswith("4 games (per round: 1: 2, 2: 2)")
    assert "without a round number: 1" in games_line({"1": 2, "—": 1})
    workbook = tmp_path / "club.xlsx"
    assert run_cli("new", "shanghai", workbook, "--empty") == 0
    rr = dataclasses.replace(GOMOKU_EVENT)          # Gomoku ranks: Go grades never go into a Gomoku workbook
    capsys.readouterr()
    assert run_cli("import", write_rr_csv(tmp_path / "rr.csv", rr), "--into", workbook, "--dry-run",
                   "--format", "crosstable", "--name", "春季赛", "--end", "2024-05-03") == 0
    out = capsys.readouterr().out
    assert "—:" not in out and "6 games, without round numbers" in out
