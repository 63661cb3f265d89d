"""Impossible values in a workbook are refused at their cell, both languages, nothing written:
ratings outside the system's range, unknown gor classes and peng event levels (the systems'
``check_event`` hooks), a pair twice in one round, impossible handicaps (split out of
tests/xlsx/test_trust.py (now tests/xlsx/test_reader_at_the_edges.py), section 3)."""

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS
from test_reader_at_the_edges import book, events_with, processed, refused


@pytest.mark.parametrize("system,rating,shown", [
    ("shanghai", 24000, "is not a possible shanghai rating (from 1,000 to 3,000)"),
    ("shanghai", -5, "is not a possible shanghai rating"),
    ("shanghai", 0, "is not a possible shanghai rating"),
    ("gor", 50, "is not a possible gor rating (from 100 to 3,500)"),   # below the floor of 100
    ("lianzhong", 0, "is not a possible lianzhong rating"),
    ("peng", -1, "is not a possible peng rating (from 0 to 1,000,000)"),
])
def test_impossible_ratings_are_refused_with_the_row(tmp_path, capsys, system, rating, shown):
    players = [list(PLAYERS), ["A", "甲", "M", "", "1D", 2300 if system != "gor" else 2100, None, None, None, "", "yes"],
               ["B", "乙", "M", "", "1D", rating, None, None, None, "", "yes"]]
    err = refused(book(tmp_path, system=system, Players=players), capsys,
                  f"sheet 'Players', row 3, column 'rating': {shown}")
    assert "不是可能的" in err


def test_possible_ratings_at_the_edges(tmp_path, capsys):
    players = [list(PLAYERS), ["A", "甲", "M", "", "", 100, None, None, None, "", "yes"],
               ["B", "乙", "M", "", "", 3500, None, None, None, "", "yes"]]
    processed(book(tmp_path, system="gor", Players=players), capsys, "--period", "2026")
    peng = [list(PLAYERS), ["A", "甲", "M", "", "无级", 0, None, None, None, "", "yes"],
            ["B", "乙", "M", "", "无级", None, None, None, None, "", "yes"]]
    processed(book(tmp_path, system="peng", Players=peng, name="p.xlsx"), capsys)


@pytest.mark.parametrize("cls", ["A", "乙", "丙級", "c", ""])
def test_gor_classes_accepted(tmp_path, capsys, cls):
    processed(book(tmp_path, system="gor", Events=events_with(cls=cls)), capsys, "--period", "2026")


def test_gor_unknown_class_is_refused_not_counted_as_a(tmp_path, capsys):
    err = refused(book(tmp_path, system="gor", Events=events_with(cls="D")), capsys,
                  "sheet 'Events', row 2, column 'class': unknown tournament class", "(value: 'D')",
                  "sheet 'Events', row 3, column 'class'", args=("--period", "2026"))
    assert "未知的賽事級別" in err   # a Hong Kong workbook: its messages in traditional Chinese


@pytest.mark.parametrize("level,ok", [("national", True), ("省市", True), ("區縣", True), ("", True),
                                      ("world cup", False), ("national!", False)])
def test_peng_event_levels(tmp_path, capsys, level, ok):
    path = book(tmp_path, system="peng", Events=events_with(level=level))
    if ok:
        processed(path, capsys)
    else:
        refused(path, capsys, "sheet 'Events', row 2, column 'level': unknown event level", "未知的赛事等级")


def test_gor_check_event_is_a_hook_of_the_system():
    from xl_ratings.systems import REGISTRY

    assert REGISTRY["gor"].check_event is not None and REGISTRY["peng"].check_event is not None
    assert REGISTRY["shanghai"].check_event is None and REGISTRY["lianzhong"].check_event is None
    assert REGISTRY["gor"].rating_range == (100, 3500)


def test_same_pair_twice_without_a_round(tmp_path, capsys):
    games = [list(GAMES), ["E1", None, None, "A", "B", 1, None], ["E1", None, None, "B", "A", 0, None]]
    refused(book(tmp_path, Games=games), capsys,
            "sheet 'Games', row 3, column 'round': a pair meets at most once per round",
            "give the round numbers, or delete the repeat", "同一对棋手每轮至多对局一次")
    swiss = [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "swiss", "", "", ""]]
    refused(book(tmp_path, Events=swiss, Games=games, name="s.xlsx"), capsys, "a pair meets at most once per round")
    free = [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "games", "", "", ""]]
    processed(book(tmp_path, Events=free, Games=games, name="g.xlsx"), capsys)   # free play: may meet twice
    rounds = [list(GAMES), ["E1", None, 1, "A", "B", 1, None], ["E1", None, 2, "B", "A", 0, None]]
    processed(book(tmp_path, Games=rounds, name="r.xlsx"), capsys)
    other_day = [list(GAMES), ["E1", D(2026, 3, 1), None, "A", "B", 1, None],
                 ["E1", D(2026, 3, 2), None, "B", "A", 0, None]]
    processed(book(tmp_path, Games=other_day, name="d.xlsx"), capsys)


@pytest.mark.parametrize("stones", [1.5, 10, -10])
def test_impossible_handicaps_are_refused(tmp_path, capsys, stones):
    games = [list(GAMES), ["E1", None, 1, "A", "B", 1, stones]]
    refused(book(tmp_path, system="gor", Games=games), capsys,
            "sheet 'Games', row 2, column 'handicap': handicap must be a whole number of stones from -9 to 9",
            args=("--period", "2026"))
