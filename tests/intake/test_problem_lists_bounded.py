"""Every list an officer reads is bounded, and every reader linear (issue 24, build 7).

A damaged 1 MB TRF gave 40,000 problems, each printed (200,000 lines, 20 s).  Now
every list -- problems on the command line and on one click's Checks sheet, an
import's notes and possible matches, a job's notes -- tells the first
:data:`~xl_ratings.errors.SHOWN_PROBLEMS` one by one and then one line with how
many more, counted exactly (``errors.more``: ``more``, ``total``).  The near-miss
search of an import no longer compares every new player with the club's (an
OpenGotha file of 16,000 players of one club took 68 s; 8,000: 3.8 s).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from complexity import assert_linear, needs_fork
from helpers import run_cli

from xl_ratings.errors import MORE, SHOWN_PROBLEMS, InputErrors, RatingInputError, Where, bounded
from xl_ratings.excel.one_click import report
from xl_ratings.i18n.catalogue import sheets as M
from xl_ratings.importers import load
from xl_ratings.intake.summary import Summary, summary_lines

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from import_bench import swiss_pairings, write_trf  # noqa: E402


def test_bounded_tells_the_first_and_counts_the_rest():
    assert bounded(list(range(5))) == ([0, 1, 2, 3, 4], None)
    shown, more = bounded(list(range(250)))
    assert shown == list(range(SHOWN_PROBLEMS)) and more is not None
    assert more.id == MORE.id and dict(more.params) == {"more": 150, "total": 250}
    assert more.en == "… and 150 more (250 in all)" and more.zh == "… 另有 150 条（共 250 条）"
    shown, more = bounded(list(range(10)), 3, total=1000)         # a part of a longer list
    assert shown == [0, 1, 2] and dict(more.params) == {"more": 997, "total": 1000}


@pytest.fixture(scope="module")
def damaged(tmp_path_factory) -> tuple[Path, int]:
    """A TRF of 700 players with a byte in twenty changed, and how many problems it has."""
    path = tmp_path_factory.mktemp("damaged") / "damaged.trf"
    write_trf(path, 700, swiss_pairings(700, 7))
    data = bytearray(path.read_bytes())
    rng = random.Random(24)
    for _ in range(len(data) // 20):
        data[rng.randrange(len(data))] = rng.randrange(32, 127)
    path.write_bytes(bytes(data))
    with pytest.raises(InputErrors) as info:
        load(path)
    assert info.value.total > 10 * SHOWN_PROBLEMS
    return path, info.value.total


def test_the_command_line_prints_the_first_problems_and_the_count(damaged, tmp_path, capsys):
    path, total = damaged
    book = tmp_path / "book.xlsx"
    assert run_cli("new", "shanghai", str(book), "--empty") == 0
    capsys.readouterr()
    assert run_cli("import", str(path), "--into", str(book)) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(f"xl-ratings: {total} problem(s)")
    assert sum(1 for line in lines if line.startswith("  - ")) == SHOWN_PROBLEMS
    more = total - SHOWN_PROBLEMS
    assert lines[-1] == f"  … and {more:,} more ({total:,} in all) — … 另有 {more:,} 条（共 {total:,} 条）"
    assert len(lines) <= 2 * SHOWN_PROBLEMS + 2


class FakeSheet:
    def __init__(self, name: str) -> None:
        self.name, self.cells = name, None

    def clear(self) -> None:
        self.cells = None

    def __getitem__(self, ref: str) -> "FakeSheet":
        return self

    @property
    def value(self) -> Any:
        return self.cells

    @value.setter
    def value(self, rows: Any) -> None:
        self.cells = rows

    def activate(self) -> None:
        pass


class FakeSheets(list):
    def __getitem__(self, key: Any) -> Any:
        return next(s for s in self if s.name == key) if isinstance(key, str) else super().__getitem__(key)

    def add(self, name: str) -> FakeSheet:
        self.append(FakeSheet(name))
        return self[-1]


class FakeBook:
    def __init__(self) -> None:
        self.sheets = FakeSheets()


def test_one_clicks_checks_sheet_lists_the_first_problems_and_the_count():
    errors = [RatingInputError(M.CELL_EMPTY(), where=Where("b.xlsx", "Games", r, "event")) for r in range(2, 352)]
    book = FakeBook()
    report(book, InputErrors(errors))
    rows = book.sheets["Checks"].cells
    assert len(rows) == 1 + SHOWN_PROBLEMS + 1          # the header, the first problems, the count
    assert [r[3] for r in rows[1:-1]] == list(range(2, 2 + SHOWN_PROBLEMS))
    assert rows[-1][:2] == ["… and 250 more (350 in all)", "… 另有 250 条（共 350 条）"]


def test_an_imports_notes_are_bounded_too():
    from xl_ratings.i18n.catalogue import sources as S

    s = Summary("t.xml", "opengotha", "E1", "Open", True,
                notes=[S.OG_BYE(round=1, player=f"P{i}") for i in range(400)])
    lines = summary_lines(s, "zh-Hans")
    notes = [line for line in lines if line.startswith("  - ")]
    assert len(notes) == SHOWN_PROBLEMS + 1 and notes[-1] == "  - … and 300 more (400 in all) — … 另有 300 条（共 400 条）"


def _club_of(n: int) -> list[Any]:
    """``n`` new players of one club and one rank, with Latin names as a Hong Kong club's list
    romanises them (``Chan Tai Man``, of 340 syllables: 8 characters or more, each compared
    before with every player of the club)."""
    from xl_ratings.importers.model import ImportedPlayer, Source

    rng = random.Random(n)
    syllables = [i + f for i in ("", "ch", "f", "h", "k", "kw", "l", "m", "n", "ng", "p", "s", "sh", "t", "ts",
                                 "w", "y") for f in ("a", "ai", "an", "ang", "au", "e", "ei", "i", "in", "ing", "o",
                                                     "oi", "on", "ong", "u", "un", "ung", "ui", "ik", "ok")]
    out = []
    for i in range(n):
        name = " ".join(rng.choice(syllables).title() for _ in range(3))
        out.append(ImportedPlayer(key=str(i), name=name, sex=None, club="Club", country="HK", rank="1d",
                                  rating=None, federation_id=None, egf_pin=None, fide_id=None,
                                  source=Source("t.xml", line=i), surname=name.split()[0]))
    return out


def _near_misses(players: list[Any]) -> int:
    from xl_ratings.intake.matching import _NearIndex, source_rank
    from xl_ratings.i18n.canonical import name_keys

    index, found = _NearIndex(), 0
    for p in players:
        keys, rank = name_keys(p.name, p.surname), source_rank(p)
        found += len(index.close(keys, "club", rank))
        index.add(p.key, keys, "club", rank)
    return found


@needs_fork
def test_the_near_miss_search_is_linear_in_a_club():
    assert_linear(_near_misses, _club_of, 2_000, "near misses of one club's new players")
