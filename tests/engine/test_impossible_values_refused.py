"""Impossible values in a workbook are refused at their cell, both languages, nothing written:
ratings outside the system's range, unknown gor classes and peng event levels (the systems'
``check_event`` hooks), a pair twice in one round, impossible handicaps (split out of
tests/test_trust.py, now tests/xlsx/test_reader_at_the_edges.py, section 3)."""

import pytest
from helpers import D, EVENTS, GAMES, PLAYERS
from problem_ids import only, refused_with, where
from test_reader_at_the_edges import book, events_with, processed


@pytest.mark.parametrize("system,rating,low,high", [
    ("shanghai", 24000, "1,000", "3,000"),
    ("shanghai", -5, "1,000", "3,000"),
    ("shanghai", 0, "1,000", "3,000"),
    ("gor", 50, "100", "3,500"),   # below the floor of 100
    ("lianzhong", 0, "100", "4,000"),
    ("peng", -1, "0", "1,000,000"),
])
def test_impossible_ratings_are_refused_with_the_row(tmp_path, capsys, system, rating, low, high):
    players = [list(PLAYERS), ["A", "甲", "M", "", "1D", 2300 if system != "gor" else 2100, None, None, None, "", "yes"],
               ["B", "乙", "M", "", "1D", rating, None, None, None, "", "yes"]]
    told = refused_with(book(tmp_path, system=system, Players=players))
    p = only(told, "sheets.not_a_rating", system=system, low=low, high=high)
    assert (p.sheet, p.row, p.column, p.value) == ("Players", 3, "rating", rating) and len(told) == 1
    assert "不是可能的" in capsys.readouterr().err    # told in Chinese too


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
    told = refused_with(book(tmp_path, system="gor", Events=events_with(cls="D")), "--period", "2026")
    assert [(p.id, p.value) for p in told] == [("rules.gor_unknown_class", "D")] * 2
    assert where(told) == [("Events", 2, "class"), ("Events", 3, "class")]
    assert "未知的賽事級別" in capsys.readouterr().err   # a Hong Kong workbook: its messages in traditional Chinese


@pytest.mark.parametrize("level,ok", [("national", True), ("省市", True), ("區縣", True), ("", True),
                                      ("world cup", False), ("national!", False)])
def test_peng_event_levels(tmp_path, capsys, level, ok):
    path = book(tmp_path, system="peng", Events=events_with(level=level))
    if ok:
        processed(path, capsys)
    else:
        told = refused_with(path)
        assert [(p.id, p.value) for p in told] == [("rules.peng_unknown_level", level)] * 2
        assert where(told) == [("Events", 2, "level"), ("Events", 3, "level")]
        assert "未知的赛事等级" in capsys.readouterr().err


def test_gor_check_event_is_a_hook_of_the_system():
    from xl_ratings.systems import REGISTRY

    assert REGISTRY["gor"].check_event is not None and REGISTRY["peng"].check_event is not None
    assert REGISTRY["shanghai"].check_event is None and REGISTRY["lianzhong"].check_event is None
    assert REGISTRY["gor"].rating_range == (100, 3500)


def test_same_pair_twice_without_a_round(tmp_path, capsys):
    games = [list(GAMES), ["E1", None, None, "A", "B", 1, None], ["E1", None, None, "B", "A", 0, None]]
    told = refused_with(book(tmp_path, Games=games))
    assert [(p.id, p.params, p.sheet, p.row, p.column) for p in told] == [
        ("sheets.no_round_repeat", {"first": 2}, "Games", 3, "round")]
    assert "同一对棋手每轮至多对局一次" in capsys.readouterr().err
    swiss = [list(EVENTS), ["E1", "赛", D(2026, 3, 1), D(2026, 3, 2), "swiss", "", "", ""]]
    told = refused_with(book(tmp_path, Events=swiss, Games=games, name="s.xlsx"))
    assert [(p.id, p.row) for p in told] == [("sheets.no_round_repeat", 3)]
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
    told = refused_with(book(tmp_path, system="gor", Games=games), "--period", "2026")
    assert [(p.id, p.params, p.sheet, p.row, p.column, p.value) for p in told] == [
        ("sheets.not_stones", {"limit": 9}, "Games", 2, "handicap", stones)]
