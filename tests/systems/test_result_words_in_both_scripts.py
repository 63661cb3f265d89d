"""A result written in Chinese means the same in either script: a Hong Kong officer types 贏 and 輸
(traditional) where a Shanghai officer types 赢 and 输 -- both read, the same score, in a workbook
as in a game list (one parser). Before, 赢/输 were read and 贏/輸 refused."""

from __future__ import annotations

import pytest

from xl_ratings.i18n import TRADITIONAL, simplified, to_lang
from xl_ratings.systems.game_result import ResultError, parse_result

WORDS = {"胜": 1.0, "赢": 1.0, "和": 0.5, "平": 0.5, "负": 0.0, "输": 0.0}


@pytest.mark.parametrize("word, score", sorted(WORDS.items()))
def test_a_chinese_result_reads_alike_in_both_scripts(word, score):
    hant = to_lang(word, TRADITIONAL)
    assert simplified(hant) == word
    for written in {word, hant, f" {hant} ", f"{hant}*"}:
        result = parse_result(written)
        assert result.score == score and result.forfeit == written.endswith("*")


def test_a_word_that_is_no_result_is_still_refused():
    with pytest.raises(ResultError):
        parse_result("贏了")
