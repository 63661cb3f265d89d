"""Issue 26: what a federation publishes around the numbers -- standings, an archive, names as
people write them, honest lists, defaults said, the printed list.

The Hong Kong (gor) sample is published as a site; each point is read back from the
files: the wall list against the games, each game's audit against the change report, the
archive against the History, the EGD/FIDE lists through the pairing programs' own
parsers (:mod:`list_parsers`).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import shutil
from collections import defaultdict
from pathlib import Path

import openpyxl
import pytest

from helpers import processed_sample, read_sheet, run_cli
from import_writers import EVENT, P, write_h9, write_opengotha, write_rr_csv
from list_parsers import fide_fixed, opengotha, pairgoth
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish.build import build_site
from xl_ratings.publish.standings import game_result, own_result, standings
from xl_ratings.systems import gor
from xl_ratings.systems import SYSTEMS

CELL = re.compile(r"(\d+)([+=-])(!?)(?:/([bw])(\d*))?")     # 12+/w2, 7=/w (an even game)


@pytest.fixture(scope="module")
def hk(tmp_path_factory):
    """The processed gor sample and its website."""
    d = tmp_path_factory.mktemp("hk")
    book = processed_sample(d, "gor")
    assert run_cli("publish", book, "--site", d / "site") == 0
    return book, d / "site"


def _cells(html: str, table_id: str) -> tuple[list[str], list[list[str]]]:
    """(column keys, rows of cell texts) of the table with ``id``."""
    table = html.split(f'id="{table_id}"')[1].split("</table>")[0]
    keys = re.findall(r'data-key="([^"]+)"', table.split("</thead>")[0])
    body = table.split("<tbody>")[1]
    rows = [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in body.split("</tr>") if "<td" in r]
    return keys, rows


# --------------------------------------------------------------------------- 2. standings, results, audits
def test_the_wall_list_is_the_games_read_as_standings(hk):
    book, site = hk
    outcome = published_outcome(book)
    # a Swiss event (HK26-O, the open, is held by McMahon: tests/publish/test_wall_list_colours.py)
    ev = next(e for e in outcome.records.events.values() if e.format == "swiss" and e.id == "HK26-S")
    games = [g for g in outcome.records.games if g.event == ev.id]
    keys, rows = _cells((site / "events" / "hk26-s.html").read_text(encoding="utf-8"), "standings")
    assert keys[:6] == ["no", "place", "player", "rank", "rating", "score"] and keys[-2:] == ["sos", "sodos"]
    rounds = [k for k in keys if re.fullmatch(r"r\d+", k)]
    assert rounds == [f"r{r}" for r in sorted({int(g.round) for g in games})]
    names = {p.name: pid for pid, p in outcome.records.players.items()}
    line = {int(r[0]): names[r[2]] for r in rows}            # line number -> player
    score = defaultdict(float)
    for g in games:
        score[g.player] += g.result.score
        score[g.opponent] += 1 - g.result.score
    places = [int(r[1]) for r in rows]
    assert places == sorted(places) and places[0] == 1
    for r in rows:
        pid = line[int(r[0])]
        assert float(r[5].replace("½", ".5") or 0) == score[pid]
        for key, cell in zip(keys, r):
            if key not in rounds or cell == "—":
                continue
            m = CELL.fullmatch(cell)
            assert m, cell
            opp, mark = line[int(m.group(1))], m.group(2)
            game = next(g for g in games if str(int(g.round)) == key[1:] and {g.player, g.opponent} == {pid, opp})
            s = game.result.score if game.player == pid else 1 - game.result.score
            assert mark == {1.0: "+", 0.5: "=", 0.0: "-"}[s]
            assert bool(m.group(3)) == game.result.forfeit
    sos = {line[int(r[0])]: float(r[keys.index("sos")].replace("½", ".5")) for r in rows}
    first = line[1]
    assert sos[first] == sum(score[g.opponent if g.player == first else g.player]
                             for g in games if first in (g.player, g.opponent))


def test_results_are_written_as_players_read_them():
    zh = lambda s: s  # noqa: E731
    assert [game_result(s, False, 0, False, zh) for s in (1.0, 0.5, 0.0)] == ["1–0", "½–½", "0–1"]
    assert game_result(1.0, False, 2, True, zh) == "B+"        # the player received two stones: Black, won
    assert game_result(0.0, False, 2, True, zh) == "W+"
    assert game_result(1.0, False, -3, True, zh) == "W+"       # gave three stones: White, won
    assert game_result(1.0, True, 0, True, zh) == "+– (弃权 forfeit)"
    assert own_result(1.0, False, zh) == "胜 win" and own_result(0.0, True, zh) == "负 loss (弃权 forfeit)"


def test_the_wall_list_of_go_games_names_colour_and_handicap():
    from xl_ratings.systems.game_result import parse_result
    from xl_ratings.systems.records import Game

    d = dt.date(2026, 1, 1)
    games = [Game("E", d, 1, "a", "b", parse_result(1), 2.0), Game("E", d, 2, "a", "c", parse_result(0.5)),
             Game("E", d, 2, "b", "c", parse_result(0), -1.0)]
    rounds, entries = standings(games, go=True)
    by = {e.id: e for e in entries}
    assert rounds == ["1", "2"] and [e.id for e in entries] == ["a", "c", "b"]
    assert by["a"].rounds == {"1": f"{by['b'].no}+/b2", "2": f"{by['c'].no}="}
    assert by["b"].rounds == {"1": f"{by['a'].no}-/w2", "2": f"{by['c'].no}-/w1"}
    assert (by["a"].score, by["a"].sos, by["a"].second) == (1.5, 1.5, 0.0)    # SODOS: b scored 0
    assert (by["c"].sos, by["c"].second) == (1.5, 0.0)


def test_a_players_games_audit_each_line(hk):
    """gor rates game by game: the page's opponent GoR, S_E and change per game add up to the change report."""
    book, _ = hk
    outcome = published_outcome(book)
    site = build_site(outcome)
    lines = {(c.id, c.event): c for r in outcome.results for c in r.changes}
    checked = 0
    for page in site.players:
        keys = [c.key for c in page.games.columns]
        assert keys[-3:] == ["opponent_rating", "game_expected", "game_change"]
        total: dict[str, float] = defaultdict(float)
        for row in page.games.rows:
            event = next(e for e, link in ((e, f"events/{e.lower()}.html") for e in outcome.records.events)
                         if link == row["event"].href)
            if row["game_change"] is not None:
                total[event] += row["game_change_exact"]      # the rulebook's value (shown: rounded to add up)
        for event, change in total.items():
            line = lines[(page.id, event)]
            if line.own + change < outcome.params.floor:      # the floor (§2): the change stops at 100
                assert line.own + line.change == pytest.approx(min(line.own, outcome.params.floor)) or \
                    line.own + line.change == pytest.approx(outcome.params.floor)
            else:
                assert change == pytest.approx(line.change, abs=1e-9)
            checked += 1
    assert checked > 40
    row = site.players[0].games.rows[0]
    opponent = next(pid for pid, p in outcome.records.players.items() if p.name == row["opponent"].text)
    assert row["opponent_rating"] == lines[(opponent, "HK26-O")].own
    own = lines[(site.players[0].id, "HK26-O")].own
    assert row["game_expected"] == pytest.approx(gor.expected(own, row["opponent_rating"], 0, 1.0, outcome.params))


# --------------------------------------------------------------------------- 3. archive
def test_every_period_has_its_list_page_linked_from_the_index(hk):
    book, site = hk
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="archive.html"' in index and "本期名單" in index and "current list" in index
    archive = (site / "archive.html").read_text(encoding="utf-8")
    assert 'href="archive/2025.html"' in archive and 'href="archive/2026.html"' in archive
    assert archive.index("2026.html") < archive.index("2025.html")          # the latest first
    history = [r for r in read_sheet(book, "History") if r["period"] == "2025"]
    old = (site / "archive" / "2025.html").read_text(encoding="utf-8")
    assert "這是 2025 週期結束時公布的名單" in old and 'href="../index.html"' in old
    keys, rows = _cells(old, "ratings")
    ids = [r[keys.index("id")] for r in rows]
    assert set(ids) <= {r["id"] for r in history} and len(ids) == len(set(ids)) > 20
    rating = {r["id"]: r["new"] for r in history}
    for r in rows:
        shown = r[keys.index("new")].replace("\u2212", "-")
        if shown:
            assert float(shown) == pytest.approx(round(rating[r[keys.index("id")]], 2))
    assert 'href="../players/' in old


@pytest.mark.libreoffice
def test_the_printed_list_is_linked_where_it_is_published(hk, tmp_path):
    from needs import need_soffice

    need_soffice()
    book, _ = hk
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site, "--pdf", site / "list.pdf") == 0
    assert 'href="list.pdf"' in (site / "index.html").read_text(encoding="utf-8")
    assert 'href="list.pdf"' in (site / "archive.html").read_text(encoding="utf-8")     # the current period's
    assert (site / "list.pdf").read_bytes().startswith(b"%PDF")


# --------------------------------------------------------------------------- 4. names, 5. honest lists
HK_EVENT = EVENT.__class__(
    name="港島公開賽", start=EVENT.start, end=EVENT.end,
    players=(P("1", "區", "永健", "M", "港島", "3d", 2300, "", "12345678"),
             P("2", "陳", "大文", "M", "港島", "1k", 2000, ""),
             P("3", "Chan", "Tai Man", "M", "港島", "2d", 2200, ""),
             P("4", "歐陽", "震華", "M", "九龍", "5k", 1600, ""),
             P("5", "李", "小龍", "M", "九龍", "10k", 1100, "")),
    games=EVENT.games, byes=EVENT.byes)


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """A new Hong Kong workbook, one OpenGotha tournament imported, a player who never played
    (certified 4D, rated at the 2D standard) typed in, processed."""
    d = tmp_path_factory.mktemp("names")
    book = d / "hk.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    assert run_cli("import", write_opengotha(d / "t.xml", HK_EVENT), "--into", book, "--class", "A") == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    head = [c.value for c in ws[1]]
    row = [None] * len(head)
    for key, value in (("id", "HKX1"), ("name", "何不下"), ("rank", "4D"), ("rating", 2250)):
        row[next(i for i, h in enumerate(head) if str(h).endswith(key))] = value
    ws.append(row)
    wb.save(book)
    assert run_cli("process", book) == 0
    return book


def test_names_from_the_pairing_file_are_joined_and_latin_names_kept(imported):
    players = {r["name"]: r for r in read_sheet(imported, "Players")}
    assert {"區永健", "陳大文", "歐陽震華", "李小龍", "Chan Tai Man"} <= set(players)
    assert players["Chan Tai Man"]["latin_name"] == "Chan, Tai Man"       # the source's surname, kept apart
    assert not players["區永健"].get("latin_name")


def test_h9_and_trf_names_are_joined_too(tmp_path):
    from xl_ratings.importers import h9, trf
    from import_writers import write_trf

    t = h9.parse(write_h9(tmp_path / "t.h9", HK_EVENT))
    assert [p.name for p in t.players][:4] == ["區永健", "陳大文", "Chan Tai Man", "歐陽震華"]
    assert t.players[2].latin_name == "Chan, Tai Man" and t.players[0].latin_name is None
    t = trf.parse(write_trf(tmp_path / "t.trf", HK_EVENT))
    assert [p.name for p in t.players][:2] == ["區永健", "陳大文"]


def test_the_lists_read_back_with_hong_kong_names(imported, tmp_path):
    egd = tmp_path / "egd.txt"
    assert run_cli("publish", imported, "--rating-list", egd) == 0
    data = egd.read_bytes()
    _, players = opengotha(data)
    names = {(p["name"], p["first"]) for p in players}
    assert {("Au", "Wing_Kin"), ("Chan", "Tai_Man"), ("Au_Yeung", "Chan_Wa"), ("Lee", "Siu_Lung")} <= names
    for version in ("first versions", "latest"):
        _, read, dropped = pairgoth(data.decode("ascii"), version)
        assert dropped == [] and len(read) == len(players)
    text = data.decode("ascii")
    assert "Names romanised by Cantonese" in text and "Pinyin:" not in text
    fide = tmp_path / "fide.txt"
    assert run_cli("publish", imported, "--rating-list", fide, "--layout", "fide") == 0
    assert {"Au, Wing Kin", "Chan, Tai Man"} <= {p["name"] for p in fide_fixed(fide.read_bytes())}


def test_no_made_up_date_or_grade(imported, tmp_path):
    egd = tmp_path / "egd.txt"
    assert run_cli("publish", imported, "--rating-list", egd) == 0
    text = egd.read_bytes().decode("ascii")
    line = next(ln for ln in text.split("\r\n") if " Ho " in ln)
    assert line.split()[-1] == "--"                                   # never played: no last appearance
    assert line[57:63].strip() == "4d"                                # the certified 4D, not the standard
    played = next(ln for ln in text.split("\r\n") if "Au Wing_Kin" in ln)
    assert played.split()[-1] == "T240503"                            # the tournament's last day
    assert "Grade: the certified rank of the federation's Players sheet, 6 players" in text
    _, read, dropped = pairgoth(text, "latest")
    assert dropped == [] and any(p["name"] == "Ho" and p["rank"] == "4d" for p in read)


def test_the_search_finds_players_by_latin_name(imported, tmp_path):
    site = tmp_path / "site"
    assert run_cli("publish", imported, "--site", site) == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    searches = re.findall(r'data-search="([^"]*)"', index)
    assert any("chan tai man" in s for s in searches)                 # the latin_name typed
    assert any("區永健" in s and "au wing kin" in s for s in searches)  # the Hong Kong spelling
    assert "英文姓名" in index


# --------------------------------------------------------------------------- 6. defaults said, additions
def test_a_missing_class_is_said_on_import_and_in_checks(tmp_path, capsys):
    book = tmp_path / "hk.xlsx"
    assert run_cli("new", "gor", book, "--empty") == 0
    capsys.readouterr()
    assert run_cli("import", write_opengotha(tmp_path / "t.xml", HK_EVENT), "--into", book) == 0
    out = capsys.readouterr().out
    assert "the event's class is not in the file nor given (--class): it is rated as A (1.0)" in out
    assert run_cli("process", book) == 0
    checks = [r for r in read_sheet(book, "Checks")]
    assert any("no tournament class given" in str(r) and "港島公開賽" in str(r) for r in checks), checks


def test_a_running_period_tells_additions_not_corrections():
    """The engine tells a running period's changed records as ``added`` (the JSON says the same:
    tests/jobs/test_corrections_log_as_written.py); the sheet labels each reason."""
    from xl_ratings.engine.run import Correction
    from xl_ratings.view.sheets import corrections_sheet

    class Out:
        system = gor.SYSTEM
        records = type("R", (), {"players": {}})()
        period = type("Q", (), {"label": "2026", "end": dt.date(2026, 12, 31)})()
        results = [type("F", (), {"period": period})()]
        corrections = [Correction("2026", "HK1", 2000.0, 2010.0, "added", "甲"),
                       Correction("2026", "HK2", 2000.0, 2010.0, "records", "乙")]

    view = corrections_sheet(Out())
    assert view is not None
    assert view.rows[0][-1] == "暫定期內新增記錄 added while the period runs (provisional)"
    assert view.rows[1][-1] == "記錄有改動 records changed"


# --------------------------------------------------------------------------- 8. the chart's axis
def test_the_history_chart_axis_fits_its_data(hk):
    import zipfile

    book, _ = hk
    with zipfile.ZipFile(book) as z:
        chart = next(z.read(n).decode() for n in z.namelist() if n.startswith("xl/charts/chart"))
    low, high = (float(x) for x in (re.search(r'<(?:c:)?min val="([^"]+)"', chart).group(1),
                                     re.search(r'<(?:c:)?max val="([^"]+)"', chart).group(1)))
    values = [v for r in read_sheet(book, "History") if (v := r["new"]) is not None]
    assert 0 < low < high and high - low < 3000
    assert low <= min(values) and high >= max(values) or low > 0          # the drawn top-10 lie inside


# --------------------------------------------------------------------------- 7. words
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_parameter_is_on_the_settings_sheet_and_reads_back(system):
    """The template shows every parameter, tables too (con_table, rank_gor …), and the sheet
    read back gives the rulebook's parameters exactly; no jargon in any cell."""
    from xl_ratings import systems
    from xl_ratings.authoring.templates import settings_rows
    from xl_ratings.engine.settings import params_from_settings

    sys_ = systems.get(system)
    rows = settings_rows(sys_)
    assert params_from_settings(sys_, {k: v for k, v, _ in rows}) == sys_.params_type()
    keys = {k for k, _, _ in rows}
    if system == "gor":
        assert {"con_table", "rank_gor", "class_weights"} <= keys
        con = next(v for k, v, _ in rows if k == "con_table")
        assert con.startswith("100:116, 200:110, 300:105")
    wb = openpyxl.load_workbook(Path(__file__).resolve().parents[2] / "workbook_templates" / f"{system}.xlsx")
    for ws in wb.worksheets:
        for row in ws.iter_rows(values_only=True):
            for v in row:
                assert not (isinstance(v, str) and re.search(r"\bseed\b|SPEC", v)), (ws.title, v)


def test_a_hong_kong_page_is_in_one_script(hk):
    """Every Chinese word of every page is traditional: OpenCC changes none of them."""
    from xl_ratings.i18n import to_lang
    from xl_ratings.i18n.names import KEPT_SURNAMES, traditional_name

    _, site = hk
    for page in site.rglob("*.html"):
        text = re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))
        words = set(re.findall(r"[\u4e00-\u9fff]+", text))
        # a name whose surname is written as Hong Kong writes it (范軍, not OpenCC's 範軍)
        names = {w for w in words if w[0] in KEPT_SURNAMES and traditional_name(w) == w}
        assert {w for w in words - names if to_lang(w, "zh-Hant") != w} == set(), page.name
        assert not re.search(r"\bseed\b|SPEC", text), page.name


# --------------------------------------------------------------------------- 8. print
@pytest.mark.libreoffice
def test_the_printed_list_is_portrait_and_says_no_raw_key(hk, tmp_path):
    import subprocess

    from pypdf import PdfReader

    from needs import need_soffice

    need_soffice()
    book, _ = hk
    pdf = tmp_path / "list.pdf"
    assert run_cli("publish", book, "--pdf", pdf) == 0
    reader = PdfReader(str(pdf))
    first = reader.pages[0]
    assert float(first.mediabox.width) < float(first.mediabox.height)          # the list: portrait
    text = first.extract_text()
    assert "名次" in text and "place" in text and "this period" in text       # two head rows, no keys
    assert "period_games" not in text and "會員" not in text and "fee" not in text
    assert all(f"HK0{n:02d}" in text for n in range(1, 41))                   # every player on the page
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
                       check=True)
        assert any(p.stat().st_size > 5000 for p in tmp_path.glob("p*.png"))
