"""Colours and McMahon on the event pages (issue 26, item 2): import -> workbook -> site.

The Games sheet's optional colour column (执色 colour) holds the colour the row's player
had; every importer whose format carries colours fills it (h9, OpenGotha, TRF, the Swiss
crosstable, the club report), and the event page shows it: the wall list's ``12+/w2``
cells, B+ / W+ for Go, and a colour column in the games table.  A McMahon tournament's
starting scores (the optional McMahon sheet, from h9's MMS column or OpenGotha's rank,
bar and floor) order its wall list by MMS, SOS and SOSOS.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import openpyxl
import pytest

from helpers import read_sheet, run_cli, write_book
from import_writers import EVENT, GOMOKU_RANKS, report_tables, result_for, write_h9, write_opengotha, \
    write_swiss_csv, write_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "imports"
REAL_XML, REAL_H9 = DATA / "opengotha_TestPartEtLic.xml", DATA / "opengotha_TestPartEtLic.h9"


def _cells(html: str, table_id: str) -> tuple[list[str], list[list[str]]]:
    """(column keys, rows of cell texts) of the table with ``id``."""
    table = html.split(f'id="{table_id}"')[1].split("</table>")[0]
    keys = re.findall(r'data-key="([^"]+)"', table.split("</thead>")[0])
    body = table.split("<tbody>")[1]
    rows = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in body.split("</tr>") if "<td" in r]
    return keys, rows


def _games_table(html: str) -> tuple[list[str], list[list[str]]]:
    """The event page's games table (the one with a result column and a round column)."""
    for part in html.split("<table")[1:]:
        keys = re.findall(r'data-key="([^"]+)"', part.split("</thead>")[0])
        if "result" in keys and "opponent" in keys:
            body = part.split("<tbody>")[1].split("</table>")[0]
            return keys, [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
                          for r in body.split("</tr>") if "<td" in r]
    raise AssertionError("no games table")


def _report(path: Path) -> Path:
    """The club report of EVENT with a colour column (the row's player's colour)."""
    tables = report_tables(EVENT)
    rows = tables["Games"]
    rows[0].append("执色 colour")
    for row, g in zip(rows[1:], (g for g in EVENT.games)):
        row.append("黑" if str(row[2]) == g.black else "白")
    return write_book(tables, path)


GOMOKU = dataclasses.replace(EVENT, players=tuple(dataclasses.replace(p, rank=GOMOKU_RANKS[p.rank])
                                                  for p in EVENT.players),
                             games=tuple(dataclasses.replace(g, handicap=0) for g in EVENT.games))
#: format -> (writer, the workbook's system, the tournament written, extra options)
SOURCES = {
    "h9": (lambda p: write_h9(p.with_suffix(".h9")), "gor", EVENT, ()),
    "opengotha": (lambda p: write_opengotha(p.with_suffix(".xml")), "gor", EVENT, ("--class", "B")),
    "swiss_csv": (lambda p: write_swiss_csv(p.with_suffix(".csv")), "gor", EVENT,
                  ("--start", "2024-05-01", "--end", "2024-05-03", "--class", "B")),
    "report": (lambda p: _report(p.with_suffix(".xlsx")), "gor", EVENT, ()),
    "trf": (lambda p: write_trf(p.with_suffix(".trf"), GOMOKU), "shanghai", GOMOKU, ("--class", "B")),
}


def _norm(name: str) -> str:
    return re.sub(r"[\s,]+", " ", str(name)).strip().lower()


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_each_formats_colours_reach_the_games_sheet_and_the_wall_list(tmp_path, kind):
    write, system, d, extra = SOURCES[kind]
    book = tmp_path / "book.xlsx"
    assert run_cli("new", system, book, "--empty") == 0
    src = write(tmp_path / f"src_{kind}")
    assert run_cli("import", src, "--into", book, *extra) == 0
    key_of = {_norm(p.name): p.key for p in d.players}
    players = {r["id"]: key_of[_norm(r["name"])] for r in read_sheet(book, "Players")}
    games = read_sheet(book, "Games")
    assert len(games) == len(d.games) == 6
    want = {}            # (round, player key) -> (colour, opponent key, score mark, stones received)
    for g in d.games:
        for me, colour in ((g.white, "w"), (g.black, "b")):
            opp = g.black if me == g.white else g.white
            res = result_for(g, colour)
            stones = g.handicap if colour == "b" else -g.handicap
            want[(g.round, me)] = (colour, opp, {"1": "+", "0": "-", "0.5": "=", "+": "+!", "-": "-!"}[res], stones)
    for row in games:                                # the Games sheet: the colour of the row's player
        assert row["colour"] == want[(int(row["round"]), players[row["player"]])][0], row
    period = "2024" if system == "gor" else "2024H1"
    assert run_cli("process", book, "--period", period) == 0
    assert run_cli("publish", book, "--period", period, "--site", tmp_path / "site") == 0
    page = next((tmp_path / "site" / "events").glob("*.html")).read_text(encoding="utf-8")
    keys, rows = _cells(page, "standings")
    name_of = {r["id"]: r["name"] for r in read_sheet(book, "Players")}
    line = {int(r[0]): key_of[_norm(r[keys.index("player")])] for r in rows}
    number = {k: no for no, k in line.items()}
    go = system == "gor"
    for r in rows:
        me = line[int(r[0])]
        for rnd in range(1, d.rounds + 1):
            cell = r[keys.index(f"r{rnd}")]
            if (rnd, me) not in want:
                assert cell == "—"                  # the bye: no game recorded
                continue
            colour, opp, mark, stones = want[(rnd, me)]
            assert cell == f"{number[opp]}{mark}/{colour}{abs(stones) if go and stones else ''}", (kind, rnd, me)
    gkeys, grows = _games_table(page)
    assert gkeys[gkeys.index("player") + 1] == "colour"      # beside the player whose colour it is
    by_id = {n: pid for pid, n in name_of.items()}
    for r in grows:
        me = players[by_id[r[gkeys.index("player")]]]
        colour, _, mark, _ = want[(int(r[gkeys.index("round")]), me)]
        assert r[gkeys.index("colour")] == {"b": "● 黑", "w": "○ 白"}[colour]      # Go and Gomoku: the stones
        result = r[gkeys.index("result")]
        if "!" in mark:
            assert "forfeit" in result
        elif mark == "=":
            assert result == "½–½"
        elif go:                                     # B+ / W+: the winner's colour
            won_by = colour if mark == "+" else {"b": "w", "w": "b"}[colour]
            assert result == f"{won_by.upper()}+"
        else:
            assert result == ("1–0" if mark == "+" else "0–1")


def _tables(games_header: list, games: list[list]) -> dict[str, list[list]]:
    return {"Settings": [["key", "value"], ["system", "gor"]],
            "Players": [["id", "name", "rank", "rating"], ["A", "甲", "3D", 2300], ["B", "乙", "1D", 2100],
                        ["C", "丙", "2k", 1900]],
            "Events": [["event", "name", "start", "end", "format", "class"],
                       ["E", "E", dt.date(2026, 3, 1), dt.date(2026, 3, 2), "swiss", "A"]],
            "Games": [games_header] + games}


def test_a_colour_cell_is_read_checked_against_the_handicap_and_optional():
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.errors import InputErrors

    head = ["event", "round", "player", "opponent", "result", "handicap", "执色 colour"]
    rec = read_records(_tables(head, [["E", 1, "A", "B", 1, None, "白"], ["E", 2, "B", "C", 0, 2, "b"],
                                      ["E", 3, "C", "A", 1, None, None]]))
    assert rec.colours == {2: "w", 3: "b"}                       # 白 = w; blank: not known
    with pytest.raises(InputErrors) as e:
        read_records(_tables(head, [["E", 1, "A", "B", 1, None, "green"], ["E", 2, "B", "C", 0, 2, "w"],
                                    ["E", 3, "C", "A", 1, -1, "b"]]))
    got = [(x.text.id, x.where.row, x.where.column) for x in e.value.errors]
    assert got == [("sheets.not_a_colour", 2, "colour"), ("sheets.receives_so_black", 3, "colour"),
                   ("sheets.gives_so_white", 4, "colour")]
    older = read_records(_tables(head[:-1], [["E", 1, "A", "B", 1, None]]))     # no colour column: still read
    assert older.colours == {} and len(older.games) == 1


def test_an_older_workbook_without_the_colour_column_is_told_and_still_imports(tmp_path):
    from xl_ratings.importers.formats.h9 import parse
    from xl_ratings.intake.into_book import plan_import
    from xl_ratings.xlsx.read import read_workbook

    book = tmp_path / "old.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Games"]
    col = next(c.column for c in ws[1] if str(c.value).endswith("colour"))
    ws.delete_cols(col)
    del wb["McMahon"]                                              # nor a McMahon sheet
    wb.save(book)
    tables, _ = read_workbook(book)
    src = write_h9(tmp_path / "e.h9")
    plan = plan_import(tables, [parse(src)])
    told = [t.id for s in plan.summaries for t in s.told]
    assert "imports.summary_colour_column_missing" in told
    said = next(t for s in plan.summaries for t in s.told if t.id == "imports.summary_colour_column_missing")
    assert dict(said.params)["count"] == 6
    assert plan.appends["McMahon"].header is not None and len(plan.appends["McMahon"].rows) == 5   # made anew
    assert run_cli("import", src, "--into", book) == 0
    assert "colour" not in read_sheet(book, "Games")[0]
    assert {r["player"] for r in read_sheet(book, "McMahon")} == {r["id"] for r in read_sheet(book, "Players")}
    assert run_cli("process", book, "--period", "2024") == 0
    assert run_cli("publish", book, "--period", "2024", "--site", tmp_path / "site") == 0


# --------------------------------------------------------------------------- McMahon
def test_the_mcmahon_wall_list_is_ordered_by_mms_sos_and_sosos():
    from xl_ratings.publish.standings import standings
    from xl_ratings.systems.game_result import parse_result
    from xl_ratings.systems.records import Game

    d = dt.date(2026, 1, 1)
    games = [Game("E", d, 1, "a", "b", parse_result(1), 0.0, 2), Game("E", d, 2, "b", "c", parse_result(1), 0.0, 3),
             Game("E", d, 2, "a", "d", parse_result(0), 0.0, 4)]
    starts = {"a": 30.0, "b": 28.0, "c": 28.0, "d": 25.0}
    rounds, entries = standings(games, go=True, colours={2: "w", 3: "b"}, mcmahon=starts)
    by = {e.id: e for e in entries}
    # MMS: a 30+1, b 28+1, c 28, d 25+1; SOS: the opponents' MMS; SOSOS: the opponents' SOS
    assert {k: e.score for k, e in by.items()} == {"a": 31, "b": 29, "c": 28, "d": 26}
    assert {k: e.sos for k, e in by.items()} == {"a": 29 + 26, "b": 31 + 28, "c": 29, "d": 31}
    assert {k: e.second for k, e in by.items()} == {"a": 59 + 31, "b": 55 + 29, "c": 59, "d": 55}
    assert [e.id for e in entries] == ["a", "b", "c", "d"] and by["c"].points == 0
    assert by["a"].rounds == {"1": f"{by['b'].no}+/w", "2": f"{by['d'].no}-"}     # round 2's colour not known
    assert by["c"].rounds == {"2": f"{by['b'].no}-/w"}                           # b had Black


def test_mcmahon_from_opengotha_and_its_h9_give_the_programs_mms(tmp_path):
    """The real OpenGotha file and its own h9 export: the starting scores agree, and the wall
    list's MMS of every player is the MMS column OpenGotha wrote."""
    from xl_ratings.importers.formats.h9 import parse as parse_h9
    from xl_ratings.importers.formats.opengotha import parse as parse_og

    h9, og = parse_h9(REAL_H9), parse_og(REAL_XML)
    from_h9 = {_norm(p.name): p.mms for p in h9.players}
    from_og = {_norm(p.name): p.mms for p in og.players if _norm(p.name) in from_h9}
    assert len(from_h9) == 22 and from_og == from_h9 and set(from_h9.values()) == {27.0, 28.0}  # bar 2K, floor 3K
    written = {}                                     # the h9's MMS column, as OpenGotha wrote it
    for line in REAL_H9.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*\d+\s+(\S+)\s+(\S+)\s+\d+[kdKD]\s+\S+\s+\S+\s+(\d+)\s", line)
        if m:
            written[_norm(f"{m.group(1).replace('_', ' ')} {m.group(2)}")] = int(m.group(3))
    assert len(written) == 22
    book = tmp_path / "go.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    assert run_cli("import", REAL_XML, "--into", book, "--class", "A") == 0
    assert len(read_sheet(book, "McMahon")) == 22
    assert run_cli("process", book, "--period", "2017") == 0
    assert run_cli("publish", book, "--period", "2017", "--site", tmp_path / "site") == 0
    page = next((tmp_path / "site" / "events").glob("*.html")).read_text(encoding="utf-8")
    keys, rows = _cells(page, "standings")
    assert keys[:4] == ["no", "place", "player", "rank"] and keys[4] == "mms" and keys[-2:] == ["sos", "sosos"]
    mms = {_norm(r[keys.index("player")]): float(r[keys.index("mms")]) for r in rows}
    assert mms == {k: float(v) for k, v in written.items()}
    order = [(float(r[keys.index("mms")]), float(r[keys.index("sos")]), float(r[keys.index("sosos")])) for r in rows]
    assert order == sorted(order, reverse=True)


def test_a_mcmahon_event_needs_every_players_start():
    from xl_ratings.engine.inputs import read_records
    from xl_ratings.errors import InputErrors

    tables = _tables(["event", "round", "player", "opponent", "result"],
                     [["E", 1, "A", "B", 1], ["E", 2, "B", "C", 0]])
    tables["McMahon"] = [["event", "player", "mms"], ["E", "A", 30], ["E", "B", 28], ["E", "A", 29]]
    with pytest.raises(InputErrors) as e:
        read_records(tables)
    got = sorted((x.text.id, x.where.row, x.value) for x in e.value.errors)
    assert got == [("sheets.mcmahon_missing", None, "C"), ("sheets.mcmahon_twice", 4, "A")]
    tables["McMahon"] = tables["McMahon"][:3] + [["E", "C", 27]]
    assert read_records(tables).mcmahon == {"E": {"A": 30, "B": 28, "C": 27}}


def test_the_hong_kong_sample_has_a_mcmahon_open_and_swiss_events(tmp_path):
    """The sample's open is held by McMahon (MMS, SOS, SOSOS); its other Swiss events keep the
    Swiss form (score, SOS, SODOS); every game's colour is shown."""
    book = tmp_path / "gor.xlsx"
    assert run_cli("new", "gor", book) == 0
    assert run_cli("process", book, "--period", "2026") == 0
    assert run_cli("publish", book, "--period", "2026", "--site", tmp_path / "site") == 0
    events = tmp_path / "site" / "events"
    mc_keys, mc_rows = _cells((events / "hk26-o.html").read_text(encoding="utf-8"), "standings")
    sw_keys, sw_rows = _cells((events / "hk26-s.html").read_text(encoding="utf-8"), "standings")
    assert "mms" in mc_keys and mc_keys[-2:] == ["sos", "sosos"]
    assert "mms" not in sw_keys and sw_keys[-2:] == ["sos", "sodos"]
    starts = {r["player"]: r["mms"] for r in read_sheet(book, "McMahon")}
    ids = {r["name"]: r["id"] for r in read_sheet(book, "Players")}
    for r in mc_rows:
        score = float(r[mc_keys.index("score")].replace("½", ".5"))
        assert float(r[mc_keys.index("mms")].replace("½", ".5")) == starts[ids[r[mc_keys.index("player")]]] + score
    cells = [c for r in mc_rows + sw_rows for k, c in zip(mc_keys if r in mc_rows else sw_keys, r)
             if re.fullmatch(r"r\d+", k) and c != "—"]
    assert cells and all(re.fullmatch(r"\d+[+=-]!?/[bw]\d*", c) for c in cells)


def test_replacing_a_mcmahon_event_replaces_its_starting_scores(tmp_path):
    """--replace clears the event's McMahon rows with its games: one start per player, the new one."""
    book = tmp_path / "go.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    first = write_h9(tmp_path / "a.h9")
    assert run_cli("import", first, "--into", book) == 0
    before = {r["player"]: r["mms"] for r in read_sheet(book, "McMahon")}
    text = first.read_text(encoding="utf-8").replace(" 30  60 ", " 31  60 ")     # every start one higher
    second = tmp_path / "b.h9"
    second.write_text(text, encoding="utf-8")
    assert run_cli("import", second, "--into", book, "--replace", "E001") == 0
    after = [(r["player"], r["mms"]) for r in read_sheet(book, "McMahon") if r.get("player")]
    assert sorted(after) == sorted((p, m + 1) for p, m in before.items())
    assert run_cli("process", book, "--period", "2024") == 0
