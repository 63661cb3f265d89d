"""A Parquet list read once reads its text columns as the file stores them -- Arrow dictionaries,
the distinct ids looked up and each row's index taken from them (issue 28, docs/performance.md
"One read") -- with exactly what the usual two reads give: new players of a ratings file met in
many batches, a file written without dictionaries, an unknown id or a blank one (the one read gives
up and the usual read tells it)."""

import datetime as dt
import random

import pytest
from test_day_by_day_equals_at_once import games_of, initial_state
from test_one_read_new_players import ratings_sheet as _sheet, same_as_usual as _same

from xl_ratings.engine.stream import TooManyProblems
from xl_ratings.jobs import list_file
from xl_ratings.jobs.game_stream import rate_game_list
from xl_ratings.jobs.list_one_pass import EncodedOnce, OnePassFeed
from xl_ratings.systems import find

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pytestmark = pytest.mark.usefixtures("kernel")
SYSTEM = find("lianzhong")
TODAY = dt.date(2026, 1, 1)


def _write(path, rows, **options):
    cols = list(zip(*rows)) if rows else [(), (), (), ()]
    table = pa.table({k: pa.array(list(c), pa.string()) for k, c in zip(("date", "player", "opponent", "result"),
                                                                           cols)})
    pq.write_table(table, path, **options)
    return path


def _both(path, players):
    once = rate_game_list(path, SYSTEM, players=str(players), today=TODAY)
    usual = rate_game_list(path, SYSTEM, players=str(players), today=TODAY, once=False)
    return once, usual


@pytest.fixture
def dictionaries(monkeypatch):
    """The batches the one read saw: each one's player and opponent column types."""
    seen = []
    index = EncodedOnce._index

    def spy(self, data, ids):
        seen.append((data.arrow("player").type, data.arrow("opponent").type))
        return index(self, data, ids)
    monkeypatch.setattr(EncodedOnce, "_index", spy)
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_new_players_in_many_parquet_batches_read_once_equal_two_reads(tmp_path, monkeypatch, dictionaries, seed):
    rnd = random.Random(seed)
    state = initial_state(tmp_path / "state.csv", rnd)
    games = games_of(rnd, dt.date(2025, 3, 1), 8, per_day=60, newcomers_from=1)
    path = _write(tmp_path / "g.parquet", games, row_group_size=100)     # a row group's dictionary spans batches
    monkeypatch.setattr(list_file, "PARQUET_ROWS", 37)
    once, usual = _both(path, state)
    assert isinstance(once.game_list.feed, OnePassFeed)       # read once, not fallen back
    assert len(dictionaries) >= len(games) // 37 and all(pa.types.is_dictionary(t) for t, _ in dictionaries)
    assert len(once.game_list.newcomers) >= 10
    _same(once, usual)


def test_a_parquet_file_without_dictionaries_gives_the_same(tmp_path, dictionaries):
    rnd = random.Random(5)
    state = initial_state(tmp_path / "state.csv", rnd)
    games = games_of(rnd, dt.date(2025, 6, 1), 4, per_day=50, newcomers_from=0)
    plain = _write(tmp_path / "plain.parquet", games, use_dictionary=False, row_group_size=70)
    coded = _write(tmp_path / "coded.parquet", games, row_group_size=70)
    a, b = _both(plain, state), _both(coded, state)
    assert isinstance(a[0].game_list.feed, OnePassFeed) and isinstance(b[0].game_list.feed, OnePassFeed)
    _same(*a)
    _same(*b)
    assert _sheet(a[0]) == _sheet(b[0])


def test_a_parquet_list_of_another_text_type_is_read_the_usual_way(tmp_path):
    """Only ``string`` columns are read as dictionaries: a ``large_string`` player column is not this
    shape's (as before) -- the usual read rates it, with its numbers."""
    rnd = random.Random(6)
    state = initial_state(tmp_path / "state.csv", rnd)
    games = games_of(rnd, dt.date(2025, 6, 1), 3, per_day=30, newcomers_from=9)
    cols = list(zip(*games))
    table = pa.table({"date": pa.array(cols[0]), "player": pa.array(cols[1], pa.large_string()),
                      "opponent": pa.array(cols[2], pa.large_string()), "result": pa.array(cols[3])})
    pq.write_table(table, tmp_path / "g.parquet")
    once, usual = _both(tmp_path / "g.parquet", state)
    assert not isinstance(once.game_list.feed, OnePassFeed)
    _same(once, usual)


@pytest.mark.parametrize("bad", ["X9", None], ids=["an id that is no player's", "a blank id"])
def test_an_unknown_or_blank_id_in_a_later_batch_is_told_as_the_usual_read_tells_it(tmp_path, monkeypatch, bad):
    """With a Players file (not a state) the id is a mistake: the one read, batches already rated,
    gives up and the usual read tells it -- the same problems."""
    (tmp_path / "p.csv").write_text("id,rating,games\n" + "".join(f"U{i:03d},{1500 + i},30\n" for i in range(30)),
                                    encoding="utf-8")
    rnd = random.Random(8)
    games = games_of(rnd, dt.date(2025, 6, 1), 3, per_day=40, newcomers_from=9)
    games[100][1] = bad
    path = _write(tmp_path / "g.parquet", games, row_group_size=50)
    monkeypatch.setattr(list_file, "PARQUET_ROWS", 20)
    told = []
    for once in (True, False):
        with pytest.raises(TooManyProblems) as e:
            rate_game_list(path, SYSTEM, players=str(tmp_path / "p.csv"), today=TODAY, once=once)
        told.append([(x.text.id, x.where.row, x.where.column, x.value, x.text.params) for x in e.value.errors])
    assert told[0] == told[1] and told[0]
    assert any(row == 102 for _, row, *_ in told[0])          # the game's row (header: row 1)
