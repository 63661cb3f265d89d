"""A game list, players or events file (CSV or Parquet) with two headers of one column --
``result`` twice (pandas would read the second as ``result.1``, a column of no key), ``Result``
and ``结果``, ``rating`` and ``等级分`` -- is refused, both columns named by letter and header, on
every path that reads it: the list read in batches (:class:`~xl_ratings.jobs.list_file.ListFile`,
csv module or pyarrow), the list read whole (:func:`~xl_ratings.jobs.list_tables.list_frame`,
pandas) and its fast path (the csv module), and ``xl-ratings process games.csv --players p.csv``."""

from __future__ import annotations

from pathlib import Path

import pytest
from problem_ids import cli_problems, problems

from xl_ratings.engine.inputs import COLUMNS
from xl_ratings.errors import InputErrors
from xl_ratings.jobs.list_file import ListFile
from xl_ratings.jobs.list_tables import list_frame, table_of

TWICE = "sheets.column_twice"
PLAYERS = ["id,name,rating,games", "A1,a,2000,30", "A2,b,1900,30", "A3,c,1800,30"]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    return path


def games(head: str) -> list[str]:
    return [head, "2025-03-01,A1,A2,1,0", "2025-03-02,A2,A3,0,1"]


HEADS = [("date,player,opponent,result,result", "result", "result"),
         ("date,player,opponent,Result,结果", "Result", "结果"),
         ("date,player,opponent,result,結果 result", "result", "結果 result"),
         ("日期,棋手,对手,结果,Result ", "结果", "Result")]


def _told(e: pytest.ExceptionInfo) -> list[tuple]:
    return [(p.id, p.params["column"], p.params["first"], p.params["first_header"], p.params["second"],
             p.params["second_header"]) for p in problems(e.value)]


@pytest.mark.parametrize("head,first,second", HEADS)
def test_the_list_read_in_batches_refuses_two_result_columns(tmp_path, head, first, second):
    with pytest.raises(InputErrors) as e:
        ListFile(write(tmp_path / "g.csv", games(head)))
    assert _told(e) == [(TWICE, "result", "D", first, "E", second)]


@pytest.mark.parametrize("head,first,second", HEADS)
def test_the_list_read_whole_refuses_two_result_columns(tmp_path, head, first, second):
    path = write(tmp_path / "g.csv", games(head))
    with pytest.raises(InputErrors) as e:
        list_frame(path, COLUMNS["Games"][0])
    assert _told(e) == [(TWICE, "result", "D", first, "E", second)]
    with pytest.raises(InputErrors) as e:       # the csv module's fast path, then pandas'
        table_of(path, "Games")
    assert _told(e) == [(TWICE, "result", "D", first, "E", second)]


def test_a_parquet_list_with_two_result_columns_is_refused(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    path = tmp_path / "g.parquet"
    pq.write_table(pa.table({"date": ["2025-03-01"], "player": ["A1"], "opponent": ["A2"], "result": ["1"],
                             "结果": ["0"]}), path)
    with pytest.raises(InputErrors) as e:
        ListFile(path)
    assert _told(e) == [(TWICE, "result", "D", "result", "E", "结果")]
    with pytest.raises(InputErrors) as e:
        list_frame(path, COLUMNS["Games"][0])
    assert _told(e) == [(TWICE, "result", "D", "result", "E", "结果")]


@pytest.mark.parametrize("head,first,second", HEADS)
def test_process_refuses_the_game_list(tmp_path, head, first, second):
    code, told = cli_problems("process", write(tmp_path / "g.csv", games(head)), "--system", "lianzhong",
                              "--players", write(tmp_path / "p.csv", PLAYERS), "--output", tmp_path / "o.csv")
    assert code == 2
    assert [(p.id, p.params["first_header"], p.params["second_header"]) for p in told] == [(TWICE, first, second)]
    assert not (tmp_path / "o.csv").exists()


@pytest.mark.parametrize("extra", ["rating", "等级分", "Rating"])
def test_process_refuses_a_players_file_with_two_rating_columns(tmp_path, extra):
    players = [PLAYERS[0] + "," + extra] + [r + ",1500" for r in PLAYERS[1:]]
    code, told = cli_problems("process", write(tmp_path / "g.csv", games("date,player,opponent,result,note")),
                              "--system", "lianzhong", "--players", write(tmp_path / "p.csv", players),
                              "--output", tmp_path / "o.csv")
    assert code == 2
    assert [(p.id, p.params["column"], p.params["first"], p.params["second"], p.params["second_header"])
            for p in told] == [(TWICE, "rating", "C", "E", extra)]


def test_a_column_of_ones_own_in_a_list_is_still_read_past(tmp_path):
    code, told = cli_problems("process", write(tmp_path / "g.csv", games("date,player,opponent,result,备注")),
                              "--system", "lianzhong", "--players", write(tmp_path / "p.csv", PLAYERS),
                              "--output", tmp_path / "o.csv")
    assert code == 0, told
