"""Game lists as Chinese Excel writes them (issue 24, build 6): dates written 2025/3/1,
2025-3-1, 2025年3月1日 or as serials; UTF-8 with or without its BOM, GBK; commas, tabs or
';'; rows numbered as the file numbers its lines; a list spanning periods rated period by
period."""

import json

import pytest
from helpers import run_cli

from xl_ratings.jobs.game_list import load_game_list
from xl_ratings.jobs.game_stream import rate_game_list
from xl_ratings.systems import get as get_system

#: every test on both kernels, pure and compiled (conftest.kernel)
pytestmark = pytest.mark.usefixtures("kernel")

LZ = get_system("lianzhong")
GAMES = [("2025-03-01", "甲", "乙", "1"), ("2025-03-02", "乙", "丙", "0"), ("2025-03-02", "丙", "甲", "0.5"),
         ("2025-03-05", "甲", "丙", "1")]
PLAYERS = "id,name,rating,games\n甲,甲,1500,30\n乙,乙,1600,30\n丙,丙,1450,25\n"


def write(path, rows, *, header=("date", "player", "opponent", "result"), sep=",", encoding="utf-8",
          blank_after=()):
    lines = [sep.join(header)]
    for k, r in enumerate(rows):
        lines.append(sep.join(r))
        if k in blank_after:
            lines.append("")
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return path


def ratings(tmp_path, games, players=PLAYERS, *, whole=False, players_encoding="utf-8"):
    pfile = tmp_path / "players.csv"
    pfile.write_bytes(players.encode(players_encoding))
    if whole:
        from xl_ratings.engine.run import run_records

        out = run_records(load_game_list(games, LZ, players=str(pfile)), None, None, str(games), history=False)
    else:
        out = rate_game_list(games, LZ, players=str(pfile)).outcome
    return [(x.id, x.new, x.games) for x in out.last.ratings]


@pytest.mark.parametrize("whole", [False, True], ids=["in batches", "read whole"])
@pytest.mark.parametrize("form", ["{y}/{m}/{d}", "{y}-{m}-{d}", "{y}年{m}月{d}日", "{y}/{m}/{d} 14:30", "serial"])
def test_dates_as_chinese_excel_writes_them(tmp_path, form, whole):
    import datetime as dt

    expected = ratings(tmp_path, write(tmp_path / "iso.csv", GAMES), whole=whole)

    def written(iso):
        d = dt.date.fromisoformat(iso)
        if form == "serial":
            return str((d - dt.date(1899, 12, 30)).days)
        return form.format(y=d.year, m=d.month, d=d.day)
    rows = [(written(d), p, q, r) for d, p, q, r in GAMES]
    assert ratings(tmp_path, write(tmp_path / "g.csv", rows), whole=whole) == expected
    assert expected[0][2] > 30     # the games were rated


@pytest.mark.parametrize("whole", [False, True], ids=["in batches", "read whole"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gbk", "gb18030"])
@pytest.mark.parametrize("sep", [",", "\t", ";"])
def test_encodings_and_separators_are_sniffed(tmp_path, encoding, sep, whole):
    expected = ratings(tmp_path, write(tmp_path / "plain.csv", GAMES), whole=whole)
    games = write(tmp_path / "g.csv", GAMES, sep=sep, encoding=encoding)
    players = PLAYERS.replace(",", sep)
    assert ratings(tmp_path, games, players, whole=whole, players_encoding=encoding) == expected


@pytest.mark.parametrize("whole", [False, True], ids=["in batches", "read whole"])
def test_rows_are_numbered_as_the_file_numbers_its_lines(tmp_path, capsys, whole):
    """Blank lines (and a line of separators alone) hold no game and shift no row number."""
    rows = GAMES[:2] + [("2025-03-03", "甲", "甲", "1")] + GAMES[2:] + [("2025/2/30", "甲", "乙", "1")]
    path = tmp_path / "g.csv"
    lines = ["date,player,opponent,result", ",".join(rows[0]), "", ",,,", ",".join(rows[1]), "", ",".join(rows[2]),
             ",".join(rows[3]), ",".join(rows[4]), "", "", ",".join(rows[5])]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    if whole:
        from xl_ratings.errors import InputErrors

        with pytest.raises(InputErrors) as e:
            load_game_list(path, LZ, players=str(tmp_path / "players.csv"))
        found = sorted((x.where.row, x.where.column) for x in e.value.errors)
    else:
        assert run_cli("process", path, "--system", "lianzhong", "--players", tmp_path / "players.csv") == 2
        err = capsys.readouterr().err
        found = [(7, "opponent"), (12, "date")] if ("row 7, column 'opponent'" in err and
                                                      "row 12, column 'date'" in err) else err
    assert found == [(7, "opponent"), (12, "date")]


SPANNING = [("2024-11-03", "甲", "乙", "1"), ("2024-12-30", "乙", "丙", "0"), ("2025-01-02", "丙", "甲", "0.5"),
            ("2025-02-05", "甲", "丙", "1"), ("2024-12-31", "甲", "丙", "0")]


@pytest.mark.parametrize("whole", [False, True], ids=["in batches", "read whole"])
@pytest.mark.parametrize("ordered", [True, False], ids=["in date order", "out of order"])
def test_a_list_spanning_periods_is_rated_period_by_period(tmp_path, whole, ordered):
    """No event column, games of 2024 and 2025: both years rated, in turn (it used to rate
    2025 alone and drop 2024's games with exit 0)."""
    from xl_ratings.engine.run import run_records

    games = sorted(SPANNING) if ordered else SPANNING
    path = write(tmp_path / "g.csv", games)
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    if whole:
        out = run_records(load_game_list(path, LZ, players=str(tmp_path / "players.csv")), None, None, str(path),
                          history=False)
    else:
        out = rate_game_list(path, LZ, players=str(tmp_path / "players.csv")).outcome
    assert [r.period.label for r in out.results] == ["2024", "2025"]
    assert sum(x.games for x in out.last.ratings) == 30 + 30 + 25 + 2 * len(SPANNING)
    assert {c.event for c in out.results[0].changes} == {"games 2024"}
    assert {c.event for c in out.results[1].changes} == {"games 2025"}
    # each year as its own list, the second from the first's ratings: the same numbers
    first = write(tmp_path / "y1.csv", [g for g in sorted(SPANNING) if g[0] < "2025"])
    after = {x.id: x for x in rate_game_list(first, LZ, players=str(tmp_path / "players.csv")).outcome.last.ratings}
    state = "id,name,rating,games\n" + "".join(f"{p},{p},{after[p].new!r},{after[p].games}\n" for p in after)
    second = write(tmp_path / "y2.csv", [g for g in sorted(SPANNING) if g[0] >= "2025"])
    assert ratings(tmp_path, second, state) == [(x.id, x.new, x.games) for x in out.last.ratings]


def test_a_list_in_one_period_keeps_its_one_event(tmp_path, capsys):
    path = write(tmp_path / "g.csv", GAMES)
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    assert run_cli("process", path, "--system", "lianzhong", "--players", tmp_path / "players.csv",
                   "--json", tmp_path / "o.json") == 0
    assert {c["event"] for c in json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))["changes"]} == {"games"}


def test_a_gbk_list_whose_chinese_comes_late_is_read_as_gbk(tmp_path, monkeypatch):
    """Ids, dates and results in ASCII for the first megabyte (here: the first kilobyte), a
    Chinese name after: the windows sampled further on tell GBK."""
    import xl_ratings.jobs.csv_dialect as cd

    monkeypatch.setattr(cd, "SNIFF_BYTES", 1024)
    monkeypatch.setattr(cd, "WINDOW_BYTES", 256)
    players = "id,name,rating,games\nAA,AA,1500,30\nBB,BB,1500,30\n甲,甲,1500,30\n乙,乙,1600,30\n丙,丙,1450,25\n"
    filler = [("2025-03-01", "AA", "BB", "0.5")] * 200
    games = write(tmp_path / "g.csv", filler + GAMES, encoding="gbk")
    assert cd.sniff(games, ["player"]).encoding == "gb18030"
    got = dict((pid, n) for pid, _, n in ratings(tmp_path, games, players, players_encoding="gbk"))
    assert got["甲"] == 33 and got["AA"] == 230
