"""GBK or Big5, regressions against 0.4.0 (a differential tester's cases):

* a GB18030 list whose only Chinese is its results (胜/负) and the id Ωmega reads as GB18030 --
  the result words read in one code page only (Big5 reads them 吨/蛹 and Ωmega 次mega);
* a Big5 players file and a Big5 list whose only non-ASCII text is the id Ωmega read alike (the
  GB18030 reading is the private-use "\\ue5a1mega"), and a list that cannot tell takes the code page
  of its players file that can: the ids keep matching;
* a UTF-16 list (Excel's "Unicode text") with CRLF line ends is read, not a traceback.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from problem_ids import cli_problems

from xl_ratings.errors import show
from xl_ratings.i18n.codepages import guess
from xl_ratings.jobs.csv_dialect import code_page_doubt, one_run, sniff, sniff_alone
from xl_ratings.jobs.list_file import ListFile

KNOWN = {"id", "name", "rating", "games", "date", "player", "opponent", "result"}
HEADER = "date,player,opponent,result\n"


def rated(folder: Path, games: str = "games.csv") -> dict[str, str]:
    """id -> new rating of the run's rating list."""
    with open(folder / "r.csv", encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    at = next(i for i, h in enumerate(head) if h.strip().lower() in ("id", "编号 id") or h.endswith(" id"))
    return {r[at]: r for r in rows[1:]}


def test_result_words_tell_a_gb18030_list(tmp_path):
    text = HEADER + "2026-03-02,Ωmega,B,胜\n2026-03-02,A,B,0\n2026-03-03,B,A,负\n"
    games = tmp_path / "day2.csv"
    games.write_bytes(text.encode("gb18030"))
    got = guess([text.encode("gb18030")])
    assert got is not None and (got.encoding, got.sure) == ("gb18030", True)
    dialect = sniff(games, KNOWN)
    assert (dialect.encoding, dialect.doubt) == ("gb18030", False)
    assert games.read_bytes().decode(dialect.python).splitlines()[1] == "2026-03-02,Ωmega,B,胜"
    (tmp_path / "players.csv").write_text("id,name,rating,games\nΩmega,O,1500,30\nA,A,1600,30\nB,B,1700,30\n",
                                          "utf-8")
    code, told = cli_problems("process", games, "--system", "lianzhong", "--players", tmp_path / "players.csv",
                              "--output", tmp_path / "r.csv")
    assert (code, told) == (0, [])
    assert set(rated(tmp_path)) == {"Ωmega", "A", "B"}


def test_big5_result_words_tell_a_big5_list(tmp_path):
    text = HEADER + "2026-03-02,Ωmega,B,勝\n2026-03-03,B,A,負\n"
    got = guess([text.encode("big5hkscs")])
    assert got is not None and (got.encoding, got.sure) == ("big5hkscs", True)


def test_one_result_word_decides_but_is_not_sure():
    got = guess([(HEADER + "2026-03-02,A,B,胜\n").encode("gb18030")])
    assert got is not None and (got.encoding, got.sure) == ("gb18030", False)


def test_unsure_prefers_gb18030_unless_big5_reads_clearly_better():
    # Big5 偉華 is GB18030 岸地: both read as common characters -- 0.4.0's GB18030 is kept, not sure
    got = guess([(HEADER + "2026-03-02,偉華,B,1\n").encode("big5")])
    assert got is not None and (got.encoding, got.sure) == ("gb18030", False)
    # Big5 陳,李 is GB18030 朝 and a private-use character: Big5 reads clearly better
    got = guess([(HEADER + "2026-03-02,陳,李,1\n").encode("big5")])
    assert got is not None and (got.encoding, got.sure) == ("big5hkscs", False)


def test_a_private_use_reading_of_an_id_is_the_wrong_one(tmp_path):
    games = tmp_path / "games.csv"
    games.write_bytes((HEADER + "2026-03-01,Ωmega,p10,1\n2026-03-02,p10,Ωmega,0.5\n").encode("big5"))
    dialect = sniff_alone(games, KNOWN)
    assert dialect.encoding == "big5hkscs"
    assert games.read_bytes().decode(dialect.python).splitlines()[1].split(",")[1] == "Ωmega"


def test_big5_players_and_list_read_alike_and_rate(tmp_path):
    (tmp_path / "games.csv").write_bytes((HEADER + "2026-03-01,Ωmega,p10,1\n2026-03-02,p10,Ωmega,0.5\n")
                                         .encode("big5"))
    (tmp_path / "players.csv").write_bytes("id,name,rating,games\np10,陳大文,1500,30\nΩmega,李小龍,1600,30\n"
                                           .encode("big5"))
    code, told = cli_problems("process", tmp_path / "games.csv", "--system", "lianzhong", "--players",
                              tmp_path / "players.csv", "--output", tmp_path / "r.csv")
    assert (code, told) == (0, [])
    rows = rated(tmp_path)
    assert set(rows) == {"Ωmega", "p10"}
    assert "李小龍" in rows["Ωmega"] and "陳大文" in rows["p10"]


HK = ["陳大文", "李小明", "張志強", "鍾偉", "黃嘉欣", "何家堃", "林天祐", "周潤發"]


def test_a_list_that_cannot_tell_takes_its_players_files_code_page(tmp_path):
    games, players = tmp_path / "games.csv", tmp_path / "players.csv"
    games.write_bytes((HEADER + "2026-03-01,偉華,國偉,1\n").encode("big5"))
    players.write_bytes(("id,name,rating,games\n偉華,陳大文,1500,30\n國偉,李小明,1600,30\n"
                         + "".join(f"P{i},{n},1500,30\n" for i, n in enumerate(HK))).encode("big5hkscs"))
    alone = sniff_alone(games, KNOWN)
    assert (alone.encoding, alone.doubt) == ("gb18030", True)           # 岸地 / 瓣岸: cannot tell
    assert sniff(games, KNOWN).encoding == "gb18030"                    # outside a run: as alone
    with one_run((games, players, None)):
        dialect = sniff(games, KNOWN)
        assert (dialect.encoding, dialect.doubt) == ("big5hkscs", False)
        assert code_page_doubt(games) is None
        assert ListFile(games).header == ["date", "player", "opponent", "result"]
    code, told = cli_problems("process", games, "--system", "lianzhong", "--players", players,
                              "--output", tmp_path / "r.csv")
    assert (code, told) == (0, [])
    assert {"偉華", "國偉"} <= set(rated(tmp_path))


def test_a_message_shows_a_private_use_character_escaped():
    assert show("\ue5a1mega") == "'⟨U+E5A1 PRIVATE USE⟩mega'"
    assert show("SH003\u200b") == "'SH003⟨U+200B ZERO WIDTH SPACE⟩'"
    assert show("陳大文") == "'陳大文'"


@pytest.mark.parametrize("sep", [",", "\t"])
@pytest.mark.parametrize("end", ["\r\n", "\n"])
@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_a_utf16_list_is_read_with_any_line_ends(tmp_path, sep, end, codec):
    rows = [["date", "player", "opponent", "result"], ["2026-03-01", "陳大文", "B", "1"],
            ["2026-03-02", "B", "陳大文", "0.5"]]
    text = "".join(sep.join(r) + end for r in rows)
    data = text.encode("utf-16") if codec == "utf-16" else b"\xfe\xff" + text.encode("utf-16-be")
    games = tmp_path / "games.csv"
    games.write_bytes(data)
    (tmp_path / "players.csv").write_text("id,name,rating,games\n陳大文,C,1500,30\nB,B,1700,30\n", "utf-8")
    dialect = sniff(games, KNOWN)
    assert (dialect.encoding, dialect.delimiter) == ("utf-16", sep)
    code, told = cli_problems("process", games, "--system", "lianzhong", "--players", tmp_path / "players.csv",
                              "--output", tmp_path / "r.csv")
    assert (code, told) == (0, [])
    utf16 = rated(tmp_path)
    games.write_text(text, "utf-8", newline="")
    assert cli_problems("process", games, "--system", "lianzhong", "--players", tmp_path / "players.csv",
                        "--output", tmp_path / "r.csv") == (0, [])
    assert set(utf16) == {"陳大文", "B"} and utf16 == rated(tmp_path)


def test_a_refused_run_tells_the_code_page_it_could_not_be_sure_of(tmp_path):
    games = tmp_path / "games.csv"
    games.write_bytes((HEADER + "2026-01-10,陳,李,x\n").encode("big5"))
    code, told = cli_problems("process", games, "--system", "shanghai", "--output", tmp_path / "out.csv")
    assert code == 2 and not (tmp_path / "out.csv").exists()
    assert [p.id for p in told].count("run.list_code_page_doubt") == 1
    assert any(p.has("run.list_code_page_doubt", file=str(games), encoding="Big5-HKSCS", other="GB18030 (GBK)")
               for p in told)
    assert len(told) == 2, told
