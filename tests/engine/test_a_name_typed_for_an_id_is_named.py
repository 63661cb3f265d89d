"""A name typed in the Games sheet where the player's id belongs (龔軍 for HK001: the officer
copied the name from the draw) is refused with the id to write, when one player has that name; a
name two players share is refused as before (no guess). Nothing is written."""

from __future__ import annotations

import datetime as dt
import hashlib
import shutil

import openpyxl
import pytest

from helpers import TEMPLATES
from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.jobs.process import process


def _book(tmp_path, rows, extra_players=()):
    book = tmp_path / "協會.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    wb = openpyxl.load_workbook(book)
    for p in extra_players:
        wb["Players"].append(p)
    for r in rows:
        wb["Games"].append(r)
    wb.save(book)
    return book


def _problems(book):
    with pytest.raises(RatingInputError) as e:
        process(book)
    errs = e.value.errors if isinstance(e.value, InputErrors) else [e.value]
    return [(x.text.id, dict(x.text.params), x.value, x.where.column if x.where else None) for x in errs]


def test_the_name_of_one_player_is_refused_with_the_id(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    wb = openpyxl.load_workbook(TEMPLATES / "gor.xlsx")
    players = {r[0]: r[1] for r in wb["Players"].iter_rows(min_row=2, values_only=True) if r[0]}
    pid, name = next(iter(players.items()))
    other = list(players)[1]
    book = _book(tmp_path, [["HK26-T", dt.datetime(2026, 11, 6), None, name, other, "勝", None]])
    before = hashlib.sha256(book.read_bytes()).hexdigest()
    assert _problems(book) == [("sheets.not_a_player_id_name", {"other": pid}, name, "player")]
    assert hashlib.sha256(book.read_bytes()).hexdigest() == before


def test_a_name_two_players_share_names_nobody(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    wb = openpyxl.load_workbook(TEMPLATES / "gor.xlsx")
    first = next(wb["Players"].iter_rows(min_row=2, values_only=True))
    twin = ["HK099", first[1], None, "M", "新界棋會", "3k", 1800]
    book = _book(tmp_path, [["HK26-T", dt.datetime(2026, 11, 6), None, "HK002", first[1], "輸", None]], [twin])
    assert _problems(book) == [("sheets.not_a_player_id", {}, first[1], "opponent")]
