"""A platform's list checked and rated in one read (xl_ratings/jobs/list_one_pass.py).

What the one read finds wrong -- or any list not in its shape -- is read again the usual way
from the start, so the problems are told exactly as before (the same ids, rows, columns,
values and counts) and nothing is written; a list without problems gives the numbers of
the usual two reads.  Each case runs on both kernels (the ``kernel`` fixture), with small
CSV blocks so that a problem late in the file comes after batches already rated and checks
already told.
"""

import csv
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xl_ratings.engine.stream import TooManyProblems  # noqa: E402
from xl_ratings.errors import InputErrors  # noqa: E402
from xl_ratings.jobs import list_file, list_one_pass  # noqa: E402
from xl_ratings.jobs.game_stream import process_list, rate_game_list  # noqa: E402
from xl_ratings.systems import get  # noqa: E402

IDS = [f"U{i}" for i in range(60)]


def _rows(seed: int = 5, n: int = 3000) -> list[list[str]]:
    rnd = random.Random(seed)
    days = sorted(f"2025-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}" for _ in range(n))
    return [[d, *rnd.sample(IDS, 2), rnd.choice(["1", "0", "0.5", "1", "0", "+", "-"])] for d in days]


def _write(path: Path, rows: list[list[str]], header=("date", "player", "opponent", "result")) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


def _players(path: Path, ids=IDS) -> Path:
    rnd = random.Random(1)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "name", "rating", "games"])
        w.writerows([pid, pid, rnd.randint(1000, 2700), rnd.choice([0, 5, 19, 20, 40])] for pid in ids)
    return path


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(list_file, "CSV_BLOCK", 4096)      # some 100 batches of a 3,000-game list


@pytest.fixture
def reads(monkeypatch):
    """How many times a list file was read, and whether the one read rated it."""
    got = {"reads": 0, "once": 0}
    read = list_file.ListFile.read

    def counted(self, what):
        got["reads"] += 1
        return read(self, what)
    monkeypatch.setattr(list_file.ListFile, "read", counted)
    blocks = list_one_pass.EncodedOnce.blocks

    def once(self):
        got["once"] += 1
        return blocks(self)
    monkeypatch.setattr(list_one_pass.EncodedOnce, "blocks", once)
    return got


def _told(err: InputErrors) -> list[tuple]:
    return [(e.text.id, e.where.file, e.where.row, e.where.line, e.where.column, e.value, e.text.params)
            for e in err.errors]


def _both(path: Path, players: Path, kernel: str) -> tuple:
    """The list rated with the one read tried, and the usual way only: each a result or what it told."""
    out = []
    for once in (True, False):
        try:
            got = rate_game_list(path, get("lianzhong"), players=str(players), kernel=kernel, once=once)
            out.append(("rated", got.outcome.last, got.check_counts, got.game_list.newcomers))
        except InputErrors as e:
            out.append(("refused", type(e).__name__, _told(e), getattr(e, "total", None)))
    return tuple(out)


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_a_platform_list_is_read_once_with_the_numbers_of_two_reads(tmp_path, kernel, reads, small_blocks, fmt):
    path = _write(tmp_path / "games.csv", _rows())
    if fmt == "parquet":
        import pyarrow.csv as pcsv
        import pyarrow.parquet as pq

        table = pcsv.read_csv(path, convert_options=pcsv.ConvertOptions(
            column_types={k: "string" for k in ("date", "player", "opponent", "result")}))
        pq.write_table(table, tmp_path / "games.parquet", row_group_size=500)
        path = tmp_path / "games.parquet"
    players = _players(tmp_path / "players.csv")
    once = rate_game_list(path, get("lianzhong"), players=str(players), kernel=kernel)
    assert (reads["reads"], reads["once"]) == (1, 1)
    usual = rate_game_list(path, get("lianzhong"), players=str(players), kernel=kernel, once=False)
    assert reads["reads"] == 3          # the usual way: a checking pass, then rating
    a, b = once.outcome.last, usual.outcome.last
    assert a.ratings == b.ratings and a.states == b.states and a.changes == b.changes and a.checks == b.checks
    assert once.check_counts == usual.check_counts and sum(once.check_counts.values()) > 100
    assert len(a.changes) == 60 and a.changes[0].games > 0


def _defect(name: str, rows: list[list[str]]) -> list[list[str]]:
    """The list with one kind of mistake (or shape) late in it, and once more in the middle."""
    rows = [list(r) for r in rows]
    for at in (len(rows) // 2, len(rows) - 7):
        r = rows[at]
        if name == "unknown id":
            r[1] = "U999"
        elif name == "blank opponent":
            r[2] = ""
        elif name == "spaces around an id":
            r[1] = f" {r[1]} "
        elif name == "bad result":
            r[3] = "x"
        elif name == "nan result":
            r[3] = "nan"
        elif name == "bad date":
            r[0] = "2025-13-45"
        elif name == "blank date":
            r[0] = ""
        elif name == "plays themself":
            r[2] = r[1]
        elif name == "out of date order":
            r[0] = "2025-01-01"
        elif name == "next year":
            r[0] = "2026-01-02"
    return rows


DEFECTS = ["unknown id", "blank opponent", "spaces around an id", "bad result", "nan result", "bad date",
           "blank date", "plays themself", "out of date order", "next year"]


@pytest.mark.parametrize("defect", DEFECTS)
def test_what_the_one_read_cannot_pass_is_told_as_the_usual_read_tells_it(tmp_path, kernel, small_blocks, defect):
    path = _write(tmp_path / "games.csv", _defect(defect, _rows()))
    players = _players(tmp_path / "players.csv")
    first, second = _both(path, players, kernel)
    assert first == second
    if defect in ("out of date order", "next year", "spaces around an id", "blank date"):
        assert first[0] == "rated"          # not mistakes: rated the usual way, the same numbers
        # (a blank date is the event's last day)
    else:
        assert first[0] == "refused" and first[2], first


def test_a_ragged_line_and_a_blank_line(tmp_path, kernel, small_blocks):
    rows = _rows()
    path = tmp_path / "games.csv"
    _write(path, rows)
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text.insert(900, "\r\n")                                  # a blank line: no game, the rows keep their numbers
    text.insert(2500, "2025-12-01,U1,U2,1,extra\r\n")         # line 2501, of the wrong length
    path.write_text("".join(text), encoding="utf-8")
    first, second = _both(path, _players(tmp_path / "players.csv"), kernel)
    assert first == second and first[0] == "refused"
    assert [(t[0], t[3]) for t in first[2]] == [("sheets.ragged_row", 2501)]


def test_a_new_player_of_a_ratings_file_is_told(tmp_path, kernel, small_blocks):
    """Day 2 of the platform recipe: yesterday's ratings file as --players, a new account today."""
    lz = get("lianzhong")
    rows = _rows()
    day1 = _write(tmp_path / "day1.csv", [r for r in rows if r[0] < "2025-07-01"])
    out = tmp_path / "ratings1.csv"
    process_list(day1, lz, players=str(_players(tmp_path / "players.csv")), output=str(out))
    later = [r for r in rows if r[0] >= "2025-07-01"]
    later[-3][2] = "NEW1"
    day2 = _write(tmp_path / "day2.csv", later)
    first, second = _both(day2, out, kernel)
    assert first == second and first[0] == "rated" and first[3] == ("NEW1",)


def test_nothing_written_when_a_late_row_is_bad_and_checks_told_once(tmp_path, kernel, small_blocks, monkeypatch):
    """All or nothing: the batches rated before a bad row write nothing; and a list the one read
    gives up on after telling checks (a date out of order near its end) writes each check once."""
    lz = get("lianzhong")
    players = str(_players(tmp_path / "players.csv"))
    bad = _write(tmp_path / "bad.csv", _defect("unknown id", _rows()))
    out = tmp_path / "out.csv"
    with pytest.raises(TooManyProblems):
        process_list(bad, lz, players=players, output=str(out))
    assert not out.exists() and not (tmp_path / "out.checks.csv").exists()

    late = _write(tmp_path / "late.csv", _defect("out of date order", _rows()))
    process_list(late, lz, players=players, output=str(tmp_path / "a.csv"))
    monkeypatch.setattr(list_one_pass, "one_pass", lambda *a, **k: None)       # the usual way only
    process_list(late, lz, players=players, output=str(tmp_path / "b.csv"))
    a, b = (tmp_path / "a.checks.csv").read_bytes(), (tmp_path / "b.checks.csv").read_bytes()
    assert a == b and a.count(b"\n") > 100
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
