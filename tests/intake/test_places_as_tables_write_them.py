"""Places as results tables write them are read and checked against the games (left out in 0.5.0).

A crosstable's 名次 written ``第1名``, ``1=`` (tied), ``1st`` or in full-width digits was silently
ignored: its champion and places were not checked, and its champion not written.  A place cell
that is no place is told, never dropped without a word.  A TRF's rank column (the final places,
columns 86-89) is checked as a crosstable's is, at the player's line.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from import_writers import EVENT, write_rr_csv, write_trf

from xl_ratings.importers.formats.common import as_place
from xl_ratings.intake.plan import Options
from xl_ratings.jobs.importing import import_into

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
OPTIONS = Options(name="Spring", start=dt.date(2024, 5, 1), end=dt.date(2024, 5, 3))
# EVENT's points in its games: 1 Zhang Wei 2, 3 Wang Fang 1.5, 4 Chen Jie 1.5, 2 Li Na 1, 5 Liu Yang 0
CHAMPION, PLACES, UNREAD = ("imports.summary_champion_not_top", "imports.summary_place_not_by_points",
                            "sources.ct_place_not_read")


@pytest.mark.parametrize("written, place", [
    ("1", 1), (" 12 ", 12), (3, 3), (3.0, 3), ("第1名", 1), ("第 2 名", 2), ("第３名", 3), ("1=", 1),
    ("=4", 4), ("T5", 5), ("2nd", 2), ("11TH", 11), ("3.", 3), ("4位", 4),
    ("第一名", 1), ("第三名", 3), ("第十名", 10), ("十二", 12), ("第二十名", 20), ("第九十九名", 99), ("冠军", 1),
    ("亞軍", 2), ("季军", 3),
    ("", None), ("abc", None), ("1-2", None), ("十十", None), ("第一百名", None), ("二十十", None), ("零", None),
    (2.5, None), (True, None), (None, None)])
def test_a_place_as_tables_write_it(written, place):
    assert as_place(written) == place


@given(st.integers(min_value=1, max_value=999_999))
def test_every_written_form_of_a_place_reads_back(n):
    for form in (n, str(n), f"第{n}名", f"{n}=", f"={n}", f"T{n}", f"{n}.",
                 str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))):
        assert as_place(form) == n, form


def _crosstable(path: Path, places: dict[int, object]) -> Path:
    return write_rr_csv(path, EVENT, places)


def _import(tmp_path: Path, source: Path):
    """``source`` imported into a new workbook: a crosstable into gor's, a TRF (chess's) into shanghai's."""
    system = "shanghai" if source.suffix == ".trf" else "gor"
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(ROOT / f"{system}.xlsx", book)
    plan, _ = import_into(book, [str(source)], options=OPTIONS if source.suffix == ".csv" else Options())
    return plan.summaries[0]


def _said(t):
    inner, where = t.param("text"), t.param("where")
    return t.id, dict(inner.params), {k: v for k, v in where.params if k != "file"}


def test_places_written_as_chinese_places_are_checked(tmp_path):
    s = _import(tmp_path, _crosstable(tmp_path / "rr.csv", {3: "第1名", 1: "第2名", 4: "第3名", 2: "第4名",
                                                            5: "第5名"}))
    told = [_said(t) for t in s.told if t.id in (CHAMPION, PLACES, UNREAD)]
    assert told == [(CHAMPION, {"champion": "3 Wang Fang", "points": "1.5", "top": "1 Zhang Wei",
                                "top_points": "2"}, {"line": 5, "column": "L"})]


def test_places_in_chinese_numerals_and_medals_are_checked(tmp_path):
    s = _import(tmp_path, _crosstable(tmp_path / "rr.csv", {1: "亚军", 3: "冠军", 4: "季军", 2: "第四名",
                                                            5: "第五名"}))
    assert [t.id for t in s.told if t.id in (CHAMPION, PLACES, UNREAD)] == [CHAMPION]
    assert [t.id for t in s.notes if t.id == UNREAD] == []


@given(st.integers(min_value=1, max_value=99))
def test_every_chinese_numeral_place_reads_back(n):
    digits = "一二三四五六七八九"
    tens, ones = divmod(n, 10)
    word = (("" if tens == 1 else digits[tens - 1]) + "十" if tens else "") + (digits[ones - 1] if ones else "")
    assert as_place(f"第{word}名") == n, word


def test_tied_places_by_the_points_are_read_and_not_told(tmp_path):
    s = _import(tmp_path, _crosstable(tmp_path / "rr.csv", {1: "1", 3: "2=", 4: "2=", 2: "4", 5: "5th"}))
    assert [t.id for t in s.told if t.id in (CHAMPION, PLACES, UNREAD)] == []


def test_a_place_cell_that_is_no_place_is_told(tmp_path):
    s = _import(tmp_path, _crosstable(tmp_path / "rr.csv", {1: "1", 3: "冠军?", 4: "3", 2: "x", 5: "5"}))
    told = [_said(t) for t in s.notes if t.id == UNREAD]
    assert told == [(UNREAD, {"count": 2, "value": "'x'"}, {"line": 4, "column": "L"})]


def _trf(path: Path, places: dict[str, int]) -> Path:
    """EVENT as a TRF whose rank column (86-89) holds ``places``."""
    write_trf(path, EVENT)
    lines = path.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("001"):
            key = str(int(line[4:8]))
            lines[i] = line[:85] + f"{places[key]:>4}" + line[89:]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_a_trf_written_by_the_points_is_not_told(tmp_path):
    s = _import(tmp_path, write_trf(tmp_path / "t.trf", EVENT))
    assert [t.id for t in s.told if t.id in (CHAMPION, PLACES)] == []


def test_a_trfs_places_against_the_points_are_told_at_the_players_line(tmp_path):
    # 2 Li Na (1 point, every round played) placed 2nd, above 3 Wang Fang (1.5); TRF names are "Li, Na"
    s = _import(tmp_path, _trf(tmp_path / "t.trf", {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}))
    told = [_said(t) for t in s.told if t.id in (CHAMPION, PLACES)]
    assert told == [(PLACES, {"name": "2 Li, Na", "place": 2, "points": "1", "other": "3 Wang, Fang",
                              "other_place": 3, "other_points": "1.5", "count": 1}, {"line": 11})]


def test_a_trfs_first_place_who_scored_less_is_told_as_the_champion(tmp_path):
    s = _import(tmp_path, _trf(tmp_path / "t.trf", {"2": 1, "1": 2, "3": 3, "4": 4, "5": 5}))
    told = [_said(t) for t in s.told if t.id in (CHAMPION, PLACES)]
    assert told[0] == (CHAMPION, {"champion": "2 Li, Na", "points": "1", "top": "1 Zhang, Wei", "top_points": "2"},
                       {"line": 11})
