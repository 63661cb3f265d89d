"""A crosstable's player whose name reads like a total (平均分, 合计) is a player wherever its row
stands -- the last row included -- when the table plays its number; a total row numbered after
the table (no column, no opponent cell names its number) is still left out, with its note."""

from __future__ import annotations

from pathlib import Path

import pytest

from xl_ratings.importers.formats import crosstable

RR_LAST = """序号,姓名,单位,段级,1,2,3
1,龔軍,九龍棋社,5D,,1,1
2,王靜,新界棋會,4D,0,,1
3,平均分,九龍棋社,1D,0,0,
"""

RR_TOTAL_NUMBERED = """序号,姓名,单位,段级,1,2,3
1,龔軍,九龍棋社,5D,,1,1
2,王靜,新界棋會,4D,0,,1
3,陳大文,九龍棋社,1D,0,0,
4,合计,,,0,1,2
"""

SWISS_LAST = """No,Name,Club,R1,R2
1,Chan Tai Man,HK,2w1,3b1
2,Lee Siu Ming,HK,1b0,4w1
3,Wong Ka Yan,HK,4w1,1w0
4,Total,HK,3b0,2b0
"""

SWISS_TOTAL_NUMBERED = """No,Name,Club,R1,R2
1,Chan Tai Man,HK,2w1,3b1
2,Lee Siu Ming,HK,1b0,bye
3,Wong Ka Yan,HK,bye,1w0
4,Total,,,
"""


def _read(tmp_path: Path, text: str):
    path = tmp_path / "table.csv"
    path.write_text(text, encoding="utf-8")
    return crosstable.parse_csv(path)


def _names(result) -> list[str]:
    return [p.name for p in result.players]


@pytest.mark.parametrize("table, last", [(RR_LAST, "平均分"), (SWISS_LAST, "Total")])
def test_the_last_player_named_like_a_total_is_a_player(tmp_path, table, last):
    result = _read(tmp_path, table)
    assert _names(result)[-1] == last
    number = str(len(result.players))
    mine = [g for g in result.games if number in (g.player, g.opponent)]
    assert len(mine) == 2


@pytest.mark.parametrize("table", [RR_TOTAL_NUMBERED, SWISS_TOTAL_NUMBERED])
def test_a_total_numbered_after_the_table_is_left_out(tmp_path, table):
    result = _read(tmp_path, table)
    assert len(result.players) == 3
    assert not {"合计", "Total"} & set(_names(result))
