import pytest

from xl_ratings.errors import ResultError, UnknownRankError
from xl_ratings.systems.ranks import Rank, parse_rank
from xl_ratings.systems.game_result import Result, parse_result


@pytest.mark.parametrize("text,rank", [
    ("初段", Rank.dan(1)), ("1段", Rank.dan(1)), ("一段", Rank.dan(1)), ("三段", Rank.dan(3)),
    ("3段", Rank.dan(3)), ("3d", Rank.dan(3)), ("3D", Rank.dan(3)), ("3 dan", Rank.dan(3)),
    ("九段", Rank.dan(9)), ("5k", Rank.kyu(5)), ("5 kyu", Rank.kyu(5)), ("5级", Rank.kyu(5)),
    ("五级", Rank.kyu(5)), ("十五级", Rank.kyu(15)), ("15級", Rank.kyu(15)), ("十级", Rank.kyu(10)),
    ("20k", Rank.kyu(20)), ("7D", Rank.dan(7)), ("无级", Rank.none()), ("無級", Rank.none()),
    (" 二段 ", Rank.dan(2))])
def test_rank_spellings(text, rank):
    assert parse_rank(text) == rank


@pytest.mark.parametrize("bad", ["", None, "十段x", "3x", "dan", "0段", "段", "abc", "十段", "10d", "31k"])
def test_unknown_rank_is_an_error_naming_the_value(bad):
    with pytest.raises(UnknownRankError) as e:
        parse_rank(bad)
    if bad:
        assert repr(bad) in str(e.value)


def test_rank_order_and_names():
    assert Rank.kyu(15) < Rank.kyu(1) < Rank.dan(1) < Rank.dan(9) and Rank.none() < Rank.kyu(20)
    assert [Rank.dan(n).chinese() for n in (1, 2, 9)] == ["初段", "二段", "九段"]
    assert Rank.kyu(10).chinese() == "10级" and Rank.kyu(5).go() == "5k" and Rank.dan(3).go() == "3D"
    assert Rank.dan(2).grid() == "二格" and Rank.kyu(10).grid() == "10级格"


@pytest.mark.parametrize("text,res", [
    (1, Result(1)), (0.5, Result(0.5)), (0, Result(0)), ("W", Result(1)), ("d", Result(.5)),
    ("L", Result(0)), ("胜", Result(1)), ("和", Result(.5)), ("负", Result(0)), ("1-0", Result(1)),
    ("½-½", Result(.5)), ("0-1", Result(0)), ("+", Result(1, True)), ("-", Result(0, True)),
    ("1*", Result(1, True)), ("0*", Result(0, True)), ("0.5*", Result(.5, True)), ("½", Result(.5))])
def test_result_spellings(text, res):
    assert parse_result(text) == res


@pytest.mark.parametrize("bad", ["2", 2, "win?", None, True, "1-1"])
def test_bad_results(bad):
    with pytest.raises(ResultError):
        parse_result(bad)
