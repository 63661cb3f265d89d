"""A CSV game list, and its players (ratings) file, in UTF-16 without a byte-order mark is read like the
same file in UTF-8 or with its BOM (xl_ratings/jobs/csv_dialect.py, list_file.py, list_tables.py, the
one read of list_one_pass.py and its tail), and the officer is told the byte order was guessed.

``xl-ratings process games.csv --players players.csv``: the same ratings from UTF-8, UTF-16LE with its
BOM, UTF-16LE and UTF-16BE without one (Chinese ids and names, commas or tabs, LF or CRLF); the note
``run.list_utf16_without_bom`` names each file so read; a platform's list is still rated in one read
(its last line read from the file's tail in the right byte order), without pyarrow in pandas chunks;
a list cut to an odd length, or a binary named .csv, is refused, never read as garbage.
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from problem_ids import cli_problems
from xl_ratings.errors import InputErrors
from xl_ratings.jobs import list_file, list_one_pass
from xl_ratings.jobs.csv_dialect import sniff_alone
from xl_ratings.jobs.game_stream import process_list, rate_game_list
from xl_ratings.systems import get

CODECS = {"utf-8": ("utf-8", b""), "utf-16le+bom": ("utf-16-le", b"\xff\xfe"),
          "utf-16le": ("utf-16-le", b""), "utf-16be": ("utf-16-be", b"")}
GUESSED = {"utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE"}
NOTE = "run.list_utf16_without_bom"
IDS = ["陳大文", "李小明", "王一芳", "張偉", "诸葛亮", "B7", "Zhang Wéi", "𠀋田"] + [f"U{i}" for i in range(40)]


def csv_text(rows: list[list[str]], sep: str = ",", end: str = "\n") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator=end).writerows(rows)
    return out.getvalue()


def games_rows(n: int = 400, seed: int = 5) -> list[list[str]]:
    rnd = random.Random(seed)
    days = sorted(f"2025-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}" for _ in range(n))
    return [["date", "player", "opponent", "result"]] + [
        [d, *rnd.sample(IDS, 2), rnd.choice(["1", "0", "0.5", "1", "0"])] for d in days]


def players_rows() -> list[list[str]]:
    rnd = random.Random(1)
    return [["id", "name", "rating", "games"]] + [
        [pid, f"{pid}名", str(rnd.randint(1000, 2700)), str(rnd.choice([0, 5, 20, 40]))] for pid in IDS]


def write(path: Path, text: str, how: str) -> Path:
    codec, bom = CODECS[how]
    path.write_bytes(bom + text.encode(codec))
    return path


def rated(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


@pytest.mark.parametrize("sep,end", [(",", "\n"), ("\t", "\r\n")])
def test_a_list_and_its_players_file_read_the_same_in_every_utf(tmp_path, sep, end):
    games_text, players_text = csv_text(games_rows(), sep, end), csv_text(players_rows(), sep, end)
    outputs, told = {}, {}
    for how in CODECS:
        folder = tmp_path / how.replace("+", "_")
        folder.mkdir()
        games = write(folder / "games.csv", games_text, how)
        players = write(folder / "players.csv", players_text, how)
        d = sniff_alone(games, {"date", "player", "opponent", "result"})
        assert (d.encoding, d.delimiter) == ({"utf-8": "utf-8", "utf-16le+bom": "utf-16"}.get(how, CODECS[how][0]), sep)
        _, written, notes = process_list(games, get("lianzhong"), players=str(players),
                                         output=str(folder / "r.csv"))
        outputs[how] = rated(folder / "r.csv")
        told[how] = [(t.id, dict(t.params)) for t in notes if t.id == NOTE]
        if how in GUESSED:      # each file read so: named, its byte order said
            assert sorted(told[how], key=str) == sorted([(NOTE, {"file": str(games), "encoding": GUESSED[how]}),
                                                         (NOTE, {"file": str(players), "encoding": GUESSED[how]})],
                                                        key=str)
        else:
            assert told[how] == []
    want = outputs["utf-8"]
    assert len(want) == len(IDS) + 1 and {r[1] for r in want[1:]} == set(IDS)
    for how in CODECS:
        assert outputs[how] == want, how


def test_the_command_line_tells_the_guess_in_both_languages(tmp_path, capsys):
    games = write(tmp_path / "games.csv", csv_text(games_rows(30)), "utf-16be")
    players = write(tmp_path / "players.csv", csv_text(players_rows()), "utf-8")
    code, problems = cli_problems("process", games, "--system", "lianzhong", "--players", players,
                                  "--output", tmp_path / "r.csv")
    assert (code, problems) == (0, [])
    out = capsys.readouterr().out
    assert "read as UTF-16BE: UTF-16 without a byte-order mark" in out and "没有字节顺序标记的 UTF-16" in out
    assert out.count("UTF-16 without a byte-order mark") == 1       # the players file is UTF-8: not told


@pytest.fixture
def reads(monkeypatch):
    """How many times a list file was read, and whether the one read rated it."""
    got = {"reads": 0, "once": 0}
    read, blocks = list_file.ListFile.read, list_one_pass.EncodedOnce.blocks

    def counted(self, what):
        got["reads"] += 1
        return read(self, what)

    def once(self):
        got["once"] += 1
        return blocks(self)
    monkeypatch.setattr(list_file.ListFile, "read", counted)
    monkeypatch.setattr(list_one_pass.EncodedOnce, "blocks", once)
    return got


@pytest.mark.parametrize("how", ["utf-16le", "utf-16be", "utf-16le+bom"])
def test_a_platform_list_is_still_read_once_its_tail_in_the_right_byte_order(tmp_path, monkeypatch, reads, how):
    """Longer than the tail read for its last line (64 KiB): the last line's date and event are read
    from the file's end -- a NUL-led misreading would not be a date, and the list read the usual way."""
    monkeypatch.setattr(list_file, "CSV_BLOCK", 4096)
    rows = games_rows(5000)
    text = csv_text(rows)
    assert len(text.encode("utf-16-le")) > 2 * list_one_pass.TAIL
    players = write(tmp_path / "players.csv", csv_text(players_rows()), "utf-8")
    plain = write(tmp_path / "plain.csv", text, "utf-8")
    want = rate_game_list(plain, get("lianzhong"), players=str(players))
    assert (reads["reads"], reads["once"]) == (1, 1)
    games = write(tmp_path / "games.csv", text, how)
    got = rate_game_list(games, get("lianzhong"), players=str(players))
    assert (reads["reads"], reads["once"]) == (2, 2)        # read once, rated in that read
    a, b = got.outcome.last, want.outcome.last
    assert a.ratings == b.ratings and a.states == b.states and a.changes == b.changes
    assert len(a.changes) == len(IDS)


def test_without_pyarrow_a_utf16_list_is_read_by_pandas(tmp_path, monkeypatch):
    monkeypatch.setattr(list_file, "has_pyarrow", lambda: False)
    monkeypatch.setattr(list_file, "PANDAS_ROWS", 7)
    text, players_text = csv_text(games_rows(60)), csv_text(players_rows())
    results = {}
    for how in ("utf-8", "utf-16le", "utf-16be"):
        games = write(tmp_path / f"{how}.csv", text, how)
        players = write(tmp_path / f"p_{how}.csv", players_text, how)
        results[how] = rate_game_list(games, get("lianzhong"), players=str(players)).outcome.last.ratings
    assert results["utf-16le"] == results["utf-8"] == results["utf-16be"] and len(results["utf-8"]) == len(IDS)


def test_an_odd_length_list_or_a_binary_is_refused_not_read(tmp_path):
    players = write(tmp_path / "players.csv", csv_text(players_rows()), "utf-8")
    cut = tmp_path / "cut.csv"
    cut.write_bytes(csv_text(games_rows(30)).encode("utf-16-le")[:-1])
    rnd = random.Random(4)
    binary = tmp_path / "noise.csv"
    binary.write_bytes(b"PK\x03\x04" + rnd.randbytes(3000))
    half = tmp_path / "half.csv"        # UTF-16 for a megabyte and more, then not text
    half.write_bytes(csv_text(games_rows(40_000)).encode("utf-16-le") + b"\x00\xd8\x00\x00" + rnd.randbytes(998))
    for path in (cut, binary, half):
        # (the half's first megabyte is UTF-16: its reader decodes the rest strictly, and stops)
        assert sniff_alone(path, {"date"}).encoding.startswith("utf-16") == (path is half)
        with pytest.raises(InputErrors) as info:
            rate_game_list(path, get("lianzhong"), players=str(players), once=False)
        ids = [e.text.id for e in info.value.errors]
        assert ids and all(i in ("sheets.game_list_unreadable", "sheets.list_column_missing") for i in ids), (path, ids)
