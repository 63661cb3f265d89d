"""Dates written with a time of day as Excel and pairing programs write them, in English and
Chinese locales: read by the game lists (``list_date``) and by the importers (``parse_date``)."""

from __future__ import annotations

import datetime as dt

import pytest

from xl_ratings.engine.cells import list_date
from xl_ratings.errors import RatingInputError
from xl_ratings.importers.formats.common import parse_date

DAY = dt.date(2025, 3, 1)

#: year-first forms both readers take
WRITTEN = ["2025-03-01", "2025/3/1", "2025.3.1", "2025年3月1日", "2025年3月1号",
           "2025/3/1 14:30", "2025-03-01T14:30:00", "2025/3/1 2:30 PM", "2025/3/1 2:30 p.m.",
           "2025/3/1 14:30:15.5", "2025年3月1日 下午2:30", "2025年3月1日 上午10:05:09", "2025年3月1日 晚上8:00",
           "2025年3月1日 14时30分", "2025年3月1日 14時30分15秒", "2025年3月1日 14点", "2025年3月1日星期六",
           "2025年3月1日 星期六 下午2:30", "2025年3月1日 週六", "  2025年 3月 1日  "]


@pytest.mark.parametrize("text", WRITTEN)
def test_a_date_with_its_time_of_day_is_the_day(text):
    assert list_date(text) == DAY
    assert parse_date(text) == DAY


#: a time that is not one, or a word that is no time, stays refused (never read as some day)
NOT_DATES = ["2025年3月1日 下午", "2025/3/1 PM", "2025/3/1 25", "2025/3/1 14:", "2025年3月1日 星期八",
             "2025年3月1日 14时30", "2025/3/1 14:30 tomorrow"]


@pytest.mark.parametrize("text", NOT_DATES)
def test_a_broken_time_is_refused_not_guessed(text):
    with pytest.raises(RatingInputError):
        list_date(text)
    with pytest.raises(ValueError):
        parse_date(text)


def test_day_first_and_month_names_still_read_by_the_importers():
    assert parse_date("01.03.2025 14:30") == DAY
    assert parse_date("1.3.2025 2:30 pm") == DAY
    assert parse_date("March 1, 2025 14:30:00") == DAY
    assert parse_date("1 March 2025") == DAY


def test_a_long_line_of_spaces_and_digits_is_read_in_linear_time():
    # possessive quantifiers: no backtracking blow-up on a hostile cell
    with pytest.raises(RatingInputError):
        list_date("2025/3/1" + " " * 50_000 + "1")
