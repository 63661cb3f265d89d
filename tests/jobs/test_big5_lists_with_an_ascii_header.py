"""A game list and its players (rating) file saved in Big5 with an English, ASCII header
(``date,player,opponent,result``): the traditional names read as written, not as GB18030 (陳大文
was 朝ゅ); the same list in GBK still reads as GBK; UTF-8 first, with or without its BOM.  When
the names are too few to tell, the officer is told so, with the way out (save as CSV UTF-8)."""

from __future__ import annotations

import csv

import pytest
from helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.i18n.names import traditional_name
from xl_ratings.jobs.csv_dialect import code_page_doubt, sniff
from xl_ratings.systems.sample_kit import GIVEN, SURNAMES

HK = ["陳大文", "李小明", "張志強", "鍾偉", "黃嘉欣", "何家堃"]
MAINLAND = ["陈大文", "李小明", "张志强", "钟伟", "黄嘉欣", "刘洋"]
KNOWN = {"id", "name", "rank", "rating", "date", "player", "opponent", "result"}


def players_text(names: list[str]) -> str:
    return "id,name,rank,rating\r\n" + "".join(f"P{i},{n},3d,{2400 - 50 * i}\r\n" for i, n in enumerate(names))


def games_text(names: list[str]) -> str:
    rows = [(f"2026-11-{i % 9 + 1:02d}", f"P{i}", f"P{(i + 1) % len(names)}", "1") for i in range(len(names))]
    return "date,player,opponent,result\r\n" + "".join(",".join(r) + "\r\n" for r in rows)


def names_list(names: list[str]) -> str:
    """A game list naming the players in its rows (no ids): the names decide the code page."""
    rows = [(f"2026-11-{i % 9 + 1:02d}", a, b, "1") for i, (a, b) in enumerate(zip(names, names[1:] + names[:1]))]
    return "date,player,opponent,result\r\n" + "".join(",".join(r) + "\r\n" for r in rows)


@pytest.mark.parametrize("names, encoding, expected", [
    (HK, "big5hkscs", "big5hkscs"), (HK[:5], "big5", "big5hkscs"), (MAINLAND, "gbk", "gb18030"),
    (MAINLAND, "gb18030", "gb18030"), (HK, "utf-8", "utf-8"), (MAINLAND, "utf-8-sig", "utf-8")])
def test_the_names_decide_the_code_page_not_the_header(tmp_path, names, encoding, expected):
    for kind, text in (("players", players_text(names)), ("games", names_list(names))):
        path = tmp_path / f"{kind}.csv"
        path.write_bytes(text.encode(encoding))
        dialect = sniff(path, KNOWN)
        assert (dialect.encoding, dialect.doubt) == (expected, False), (kind, encoding, dialect)
        with open(path, encoding=dialect.python, newline="") as f:
            read = [row[1] for row in csv.reader(f)][1:]
        assert read == names, (kind, read)


def test_names_late_in_a_long_list_decide_too(tmp_path):
    """A list whose first megabyte is ASCII (ids, dates) and whose Big5 names come near its end."""
    path = tmp_path / "games.csv"
    filler = "".join(f"2026-01-01,X{i},Y{i},1\r\n" for i in range(60000))
    assert len(filler) > 1 << 20
    path.write_bytes(("date,player,opponent,result\r\n" + filler).encode() + names_list(HK).split("\r\n", 1)[1]
                     .encode("big5hkscs"))
    assert sniff(path, KNOWN).encoding == "big5hkscs"


def _process(folder, names, encoding):
    folder.mkdir()
    (folder / "players.csv").write_bytes(players_text(names).encode(encoding))
    (folder / "games.csv").write_bytes(games_text(names).encode(encoding))
    out = folder / "out.csv"
    assert run_cli("process", folder / "games.csv", "--system", "gor", "--players", folder / "players.csv",
                   "--output", out) == 0
    return {r["id"]: r["name"] for r in csv.DictReader(out.read_text(encoding="utf-8-sig").splitlines())}


@pytest.mark.parametrize("names, encoding", [(HK, "big5hkscs"), (MAINLAND, "gbk")])
def test_the_rating_list_keeps_the_names_as_written(tmp_path, monkeypatch, names, encoding):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    got = _process(tmp_path / "legacy", names, encoding)
    assert got == {f"P{i}": n for i, n in enumerate(names)}
    assert got == _process(tmp_path / "utf8", names, "utf-8")


def test_too_few_names_to_tell_are_told(tmp_path, capsys):
    """Two one-character names: Big5 taken, but not for sure -- the officer is told, with the way out."""
    games = tmp_path / "games.csv"
    games.write_bytes("date,player,opponent,result\r\n2026-01-10,陳,李,1\r\n".encode("big5"))
    assert code_page_doubt(games) == ("Big5-HKSCS", "GB18030 (GBK)")
    capsys.readouterr()
    assert run_cli("process", games, "--system", "shanghai", "--output", tmp_path / "out.csv") == 0
    out = capsys.readouterr().out
    # a kept words-only check: the note is printed to the console (stdout), never recorded by id
    assert "Big5-HKSCS" in out and "CSV UTF-8" in out and "已按 Big5-HKSCS 读取" in out


def test_a_list_read_for_sure_is_not_told(tmp_path):
    games = tmp_path / "games.csv"
    games.write_bytes(names_list(HK).encode("big5hkscs"))
    assert code_page_doubt(games) is None
    games.write_bytes(names_list(MAINLAND).encode("gbk"))
    assert code_page_doubt(games) is None


# --------------------------------------------------------------------------- any names, both ways
NAME = st.builds(lambda s, g1, g2: s + g1 + g2, st.sampled_from(SURNAMES), st.sampled_from(GIVEN),
                 st.sampled_from(GIVEN + [""]))


@settings(max_examples=60, deadline=None)
@given(names=st.lists(NAME, min_size=6, max_size=15, unique=True), hong_kong=st.booleans(),
       players_file=st.booleans())
def test_any_names_read_as_written_in_either_code_page(tmp_path_factory, names, hong_kong, players_file):
    written = [traditional_name(n) for n in names] if hong_kong else names
    text = players_text(written) if players_file else names_list(written)
    try:
        data = text.encode("big5hkscs" if hong_kong else "gbk")
    except UnicodeEncodeError:          # a character Big5 lacks: no Big5 file holds it
        return
    path = tmp_path_factory.mktemp("any") / "list.csv"
    path.write_bytes(data)
    dialect = sniff(path, KNOWN)
    assert dialect.encoding == ("big5hkscs" if hong_kong else "gb18030"), (written, dialect)
    assert data.decode(dialect.python).split("\r\n")[1].split(",")[1] == written[0]
