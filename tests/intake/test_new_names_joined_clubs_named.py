"""A new player's Chinese name is stored as people write it, and a name question names the club
as the workbook does (hostile tester, items 3 and 4).

* A crosstable or a club's report typing ``陳 大文`` (an ASCII space or the ideographic U+3000
  between surname and given name) made a player ``陳 大文``; now ``陳大文``, like a pairing
  program's file -- and ``龔 軍`` is the workbook's ``龔軍``.  A Latin name keeps its spaces,
  and a name of mixed scripts (``陳 David``) is left as typed.
* A question about a name ("the same person?") showed the source's club code (``KLN``); now the
  Clubs sheet's name with it (``九龍棋社 KLN``), the code alone when the Clubs sheet has no such code.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest
from import_writers import EVENT, write_report, write_rr_csv

from xl_ratings.errors import InputErrors
from xl_ratings.i18n.canonical import written_name
from xl_ratings.intake.plan import Options
from xl_ratings.jobs.importing import import_into

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
OPTIONS = Options(name="秋季公開賽", start=dt.date(2024, 5, 1), end=dt.date(2024, 5, 3))

#: the five players of EVENT as the officer's crosstable types them: (name, club)
TYPED = [("龔 軍", "KLN"), ("陳 大文", "KLN"), ("黃\u3000小明", "NT"), ("Chan Tai Man", "HKGA"), ("陳 David", "HKGA")]
STORED = ["龔軍", "陳大文", "黃小明", "Chan Tai Man", "陳 David"]


@pytest.mark.parametrize("typed, stored", [
    ("陳 大文", "陳大文"), ("陳\u3000大文", "陳大文"), (" 歐陽 　 小明 ", "歐陽小明"), ("阿依 · 古丽", "阿依·古丽"),
    ("Chan Tai Man", "Chan Tai Man"), ("陳 David", "陳 David"), ("David 陳", "David 陳"), ("區永健", "區永健")])
def test_a_name_as_people_write_it(typed, stored):
    assert written_name(typed) == stored


def _event(typed=TYPED):
    """EVENT with its players named and of clubs as ``typed`` (name: surname, then the rest)."""
    players = tuple(dataclasses.replace(p, surname=name.split(" ")[0], first=" ".join(name.split(" ")[1:]), club=club)
                    for p, (name, club) in zip(EVENT.players, typed))
    assert [p.name.strip() for p in players] == [n for n, _ in typed]
    return dataclasses.replace(EVENT, players=players)


def _crosstable(path: Path, typed=TYPED) -> Path:
    return write_rr_csv(path, _event(typed))


def _report(path: Path, typed=TYPED) -> Path:
    return write_report(path, _event(typed), ids=False)


def _players(book: Path) -> dict[str, tuple[str, str]]:
    ws = openpyxl.load_workbook(book)["Players"]
    head = [str(c.value).split()[-1] for c in ws[1]]
    i, n, c = head.index("id"), head.index("name"), head.index("club")
    return {r[i]: (r[n], r[c]) for r in ws.iter_rows(min_row=2, values_only=True) if r[i]}


@pytest.mark.parametrize("source", [_crosstable, _report], ids=["crosstable", "report"])
def test_new_chinese_names_lose_the_space_latin_and_mixed_keep_it(source, tmp_path):
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    before = _players(book)
    plan, _ = import_into(book, [str(source(tmp_path / f"autumn{'.csv' if source is _crosstable else '.xlsx'}"))],
                          options=OPTIONS)
    after = _players(book)
    new = {pid: v for pid, v in after.items() if pid not in before}
    assert sorted(name for name, _ in new.values()) == sorted(STORED[1:])
    assert dict(zip(STORED[1:], [c for _, c in TYPED[1:]])) == {
        name: {"九龍棋社": "KLN", "新界棋會": "NT", "香港圍棋協會": "HKGA"}[club] for name, club in new.values()}
    summary = plan.summaries[0]
    assert ("HK001", "龔軍", "name") in summary.matched, "龔 軍 is the workbook's 龔軍"
    assert sorted(name for _, name in summary.new_players) == sorted(STORED[1:])


def test_an_existing_player_written_without_the_space_is_matched_again(tmp_path):
    """The 陳大文 the first import made is the 陳　大文 of the next tournament's crosstable."""
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    import_into(book, [str(_crosstable(tmp_path / "a.csv"))], options=OPTIONS)
    first = _players(book)
    again = [("龔軍", "KLN"), ("陳\u3000大文", "KLN"), ("黃 小明", "NT"), ("Chan Tai Man", "HKGA"), ("陳 David", "HKGA")]
    later = Options(name="冬季公開賽", start=dt.date(2024, 11, 1), end=dt.date(2024, 11, 3))
    other = dataclasses.replace(_event(again), games=tuple(     # another tournament: other results
        dataclasses.replace(g, white_result={"1": "0", "0": "1"}.get(g.white_result, g.white_result))
        for g in EVENT.games))
    plan, _ = import_into(book, [str(write_rr_csv(tmp_path / "b.csv", other))], options=later)
    assert _players(book) == first, "no player made twice"
    ids = {name: pid for pid, (name, _) in first.items()}
    assert sorted(pid for pid, _, _ in plan.summaries[0].matched) == sorted(ids[n] for n in STORED)


def _question(tmp_path: Path, club: str):
    """An import of 王靜 from ``club``, while the workbook's 王靜 is of 新界棋會: the question."""
    book = tmp_path / "gor.xlsx"
    shutil.copy(ROOT / "gor.xlsx", book)
    typed = [("王 靜", club)] + TYPED[1:]
    with pytest.raises(InputErrors) as e:
        import_into(book, [str(_crosstable(tmp_path / "q.csv", typed))], options=OPTIONS)
    return [(x.text.id, dict(x.text.params)) for x in e.value.errors]


def _asked(params):
    return dict(params["question"].params)


def test_a_question_names_the_club_as_the_clubs_sheet_does(tmp_path):
    [(mid, params)] = _question(tmp_path, "KLN")
    assert mid == "imports.other_club"
    q = _asked(params)
    assert q["name"] == "王 靜" and q["club"] == "九龍棋社 KLN"
    assert q["candidates"] == "HK002 王靜 (新界棋會)"
    assert dict(params["answer"].params)["name"] == "王靜", "the answer as the officer types it back"


def test_a_code_the_clubs_sheet_does_not_know_is_shown_alone(tmp_path):
    [(mid, params)] = _question(tmp_path, "XYZ")
    assert mid == "imports.other_club_unknown_code"
    assert _asked(params)["club"] == "XYZ"


def test_a_club_written_by_its_name_is_shown_once(tmp_path):
    [(mid, params)] = _question(tmp_path, "九龍棋社")
    assert mid == "imports.other_club" and _asked(params)["club"] == "九龍棋社"
