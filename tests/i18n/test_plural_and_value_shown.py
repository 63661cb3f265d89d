"""English counts read right for one ("only 1 game in 12 months", "1 game imported"; Chinese has
no plural), and a refused value is shown even when the place's words hold the same digits (a
result 2 at row 2 was told without "(value: 2)")."""

from __future__ import annotations

import shutil

import openpyxl
import pytest

from helpers import TEMPLATES
from problem_ids import refused_with
from xl_ratings.errors import VALUE_SHOWN, RatingInputError, Where, show
from xl_ratings.i18n.catalogue import excel as X
from xl_ratings.i18n.catalogue import imports as M
from xl_ratings.i18n.catalogue import checks as C
from xl_ratings.i18n.catalogue import rules as R


@pytest.mark.parametrize("n, word", [(1, "1 game "), (2, "2 games "), (0, "0 games ")])
def test_counts_of_games(n, word):
    inactive = C.SHANGHAI["shanghai.inactive"](player="甲", games=n, change=-3.0)
    assert f"only {word}in 12 months" in inactive.en and f"仅 {n} 局" in inactive.zh
    assert X.IMPORTED(games=n).en.startswith(word) and M.GAMES_PER_ROUND(games=n, rounds="1: 1").en.startswith(word)
    assert M.GAMES_WITHOUT_ROUNDS(games=n).en.startswith(word.strip() + ",")
    assert C.DATE_BEFORE_HISTORY(games=n, event="E1", date="2026-01-01", period="2026H1").en.startswith(word)


def test_other_formats_stay_an_ints():
    assert VALUE_SHOWN(value=1234).en == "value: 1234"


@pytest.mark.parametrize("row, value", [(2, 2), (3, "3"), (2, 0.7)])
def test_the_value_is_shown_whatever_the_place_says(row, value):
    err = RatingInputError(R.RESULT_NOT_ACCEPTED(), value=value, where=Where("b.xlsx", "Games", row, "result"))
    assert err.en_line("zh-Hans").endswith(f"({VALUE_SHOWN(value=show(value)).en})")
    assert err.zh_line("zh-Hans").endswith(f"（{VALUE_SHOWN(value=show(value)).zh}）")


def test_a_result_2_in_the_games_sheet(tmp_path, capsys):
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Games"]["F2"] = 2
    wb.save(book)
    told = refused_with(book)
    assert [(p.row, p.column, p.value) for p in told] == [(2, "result", 2)]
    assert f"({VALUE_SHOWN(value='2').en})" in capsys.readouterr().err       # as the command line tells it
