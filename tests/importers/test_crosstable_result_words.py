"""A crosstable's cells take every result word a Chinese officer writes, in both scripts --
胜/勝, 负/負, 和/平, 赢/贏, 输/輸 -- in a round robin and in a Swiss table ("2赢", "3w輸"), read as the
Games sheet reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from xl_ratings.importers.formats import crosstable

WIN, LOSS, DRAW = ("胜", "勝", "赢", "贏"), ("负", "負", "输", "輸"), ("和", "平")


def _parse(tmp_path: Path, text: str):
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    return crosstable.parse_csv(path)


@pytest.mark.parametrize("win", WIN)
@pytest.mark.parametrize("loss", LOSS)
def test_round_robin_words(tmp_path, win, loss):
    t = _parse(tmp_path, f"序号,姓名,1,2\n1,甲,×,{win}\n2,乙,{loss},×\n")
    assert [(g.player, g.opponent, g.result) for g in t.games if g.player == "1"] == [("1", "2", "1")]


@pytest.mark.parametrize("draw", DRAW)
def test_round_robin_draws(tmp_path, draw):
    t = _parse(tmp_path, f"序号,姓名,1,2\n1,甲,×,{draw}\n2,乙,{draw},×\n")
    assert {g.result for g in t.games} == {"0.5"}


@pytest.mark.parametrize("win,loss", list(zip(WIN, LOSS)))
def test_swiss_words(tmp_path, win, loss):
    t = _parse(tmp_path, f"序号,姓名,第1轮,第2轮\n1,甲,2w{win},3{win}\n2,乙,1b{loss},轮空\n3,丙,轮空,1{loss}\n")
    mine = sorted((g.round, g.opponent, g.result) for g in t.games if g.player == "1")
    assert mine == [(1, "2", "1"), (2, "3", "1")]
