"""A game list and its players file as Hong Kong's Excel saves a CSV ("CSV (逗號分隔)": Big5, CRLF),
headers in traditional Chinese, are read as they are: the same ratings as the same files in UTF-8.
Before, they were read as GB18030 -- their header words garbled ('絪腹'), then refused as missing
columns, the encoding never named."""

from __future__ import annotations

from helpers import run_cli
from xl_ratings.jobs.csv_dialect import sniff

PLAYERS = "編號,姓名,段級,等級分\r\nHK001,龔軍,5D,2447\r\nHK002,王靜,4D,2386\r\nHK003,何家堃,3k,1800\r\n"
GAMES = "日期,棋手,對手,結果\r\n2026/11/1,HK001,HK002,勝\r\n2026/11/2,HK003,HK002,負\r\n2026/11/3,HK003,HK001,和\r\n"


def _run(folder, encoding, monkeypatch):
    folder.mkdir()
    (folder / "players.csv").write_bytes(PLAYERS.encode(encoding))
    (folder / "games.csv").write_bytes(GAMES.encode(encoding))
    out = folder / "out.csv"
    assert run_cli("process", folder / "games.csv", "--system", "gor", "--players", folder / "players.csv",
                   "--output", out) == 0
    return out.read_text(encoding="utf-8-sig")


def test_big5_files_give_the_utf8_files_ratings(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    big5 = _run(tmp_path / "big5", "big5hkscs", monkeypatch)
    utf8 = _run(tmp_path / "utf8", "utf-8", monkeypatch)
    assert big5 == utf8 and "何家堃" in big5


def test_the_dialect_is_big5_only_when_its_header_says_so(tmp_path):
    known = {"id", "name", "rank", "rating", "date", "player", "opponent", "result"}
    for text, encoding, expected in [(PLAYERS, "big5hkscs", "big5hkscs"), (GAMES, "big5hkscs", "big5hkscs"),
                                     ("编号,姓名,段级,等级分\r\nSH001,龙芳,,2400\r\n", "gbk", "gb18030"),
                                     (PLAYERS, "utf-8", "utf-8")]:
        path = tmp_path / f"{encoding}.csv"
        path.write_bytes(text.encode(encoding))
        assert sniff(path, known).encoding == expected, (text, encoding)
