"""Hostile user test of issue 26/28's game lists (round 4): what a careless officer's files do.

* a list or players file saved by an old Windows program ends in Ctrl-Z (DOS's end-of-file
  mark): read as the end, not refused as a ragged line or an id with an invisible character;
* a row deleted by hand from yesterday's ratings file restarts its player at the start
  rating: the run says which ids of the list the ratings file did not hold;
* another system's ratings file as --players: the refusal does not call it that system's
  file, nor name shanghai's tournaments and peaks for gor;
* XL_RATINGS_KERNEL with a typo, or compiled without numba, is refused, not ignored.
"""

import csv

import pytest

from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.jobs.game_stream import process_list
from xl_ratings.jobs.list_kernel import kernel_mode
from xl_ratings.systems import get as get_system

GAMES = ["date,player,opponent,result", "2025/3/1,A1,A2,1", "2025-3-2,A2,A3,0",
         "2025年3月3日,A3,A1,0.5", "45720,A1,A3,1"]
PLAYERS = ["id,name,rating,games", "A1,張三,2000,30", "A2,李四,1900,30", "A3,王五,1800,30"]


def write(path, lines, encoding="utf-8", tail=b""):
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding) + tail)
    return path


def ratings(path):
    with open(path, encoding="utf-8-sig") as f:
        return {r["id"]: (r["new"], r["games"]) for r in csv.DictReader(f)}


def test_ctrl_z_at_the_end_of_a_gbk_list_and_of_the_players_file(tmp_path):
    plain = process_list(write(tmp_path / "g.csv", GAMES, "gbk"), get_system("lianzhong"),
                         players=str(write(tmp_path / "p.csv", PLAYERS)), output=str(tmp_path / "a.csv"))
    assert plain[1]
    games = write(tmp_path / "gz.csv", GAMES, "gbk", b"\x1a")
    players = write(tmp_path / "pz.csv", PLAYERS, "utf-8-sig", b"\x1a")
    process_list(games, get_system("lianzhong"), players=str(players), output=str(tmp_path / "b.csv"))
    assert ratings(tmp_path / "b.csv") == ratings(tmp_path / "a.csv")
    assert ratings(tmp_path / "a.csv")["A1"][1] == "33"


def test_ctrl_z_in_the_middle_of_a_line_is_still_a_problem(tmp_path):
    games = write(tmp_path / "g.csv", GAMES[:2] + ["2025/3/2,A2\x1a"] + GAMES[2:])
    with pytest.raises(InputErrors) as e:
        process_list(games, get_system("lianzhong"), players=str(write(tmp_path / "p.csv", PLAYERS)))
    assert [x.text.id for x in e.value.errors] == ["sheets.ragged_row"]
    assert e.value.errors[0].where.line == 3


def test_a_row_deleted_from_the_ratings_file_is_told(tmp_path):
    system = get_system("lianzhong")
    day1 = tmp_path / "day1.csv"
    process_list(write(tmp_path / "g.csv", GAMES), system, players=str(write(tmp_path / "p.csv", PLAYERS)),
                 output=str(day1))
    with open(day1, encoding="utf-8-sig") as f:
        lines = f.read().splitlines()
    edited = write(tmp_path / "edited.csv", [ln for ln in lines if ",A2," not in ln])
    _, _, notes = process_list(write(tmp_path / "g2.csv", ["date,player,opponent,result", "2025/3/9,A1,A2,1"]),
                               system, players=str(edited), output=str(tmp_path / "day2.csv"))
    told = [n for n in notes if n.id == "run.list_new_players"]
    assert len(told) == 1
    assert dict(told[0].params) == {"count": 1, "file": str(edited), "ids": "A2"}
    assert ratings(tmp_path / "day2.csv")["A2"][1] == "1"     # restarted: what the note warns of
    _, _, quiet = process_list(write(tmp_path / "g3.csv", ["date,player,opponent,result", "2025/3/9,A1,A3,1"]),
                               system, players=str(day1), output=str(tmp_path / "day3.csv"))
    assert not [n for n in quiet if n.id == "run.list_new_players"]


@pytest.mark.parametrize("system", ["gor", "shanghai"])
def test_another_systems_ratings_file_is_not_called_its_own(tmp_path, system):
    day1 = tmp_path / "day1.csv"
    process_list(write(tmp_path / "g.csv", GAMES), get_system("lianzhong"),
                 players=str(write(tmp_path / "p.csv", PLAYERS)), output=str(day1))
    with pytest.raises(InputErrors) as e:
        process_list(write(tmp_path / "g2.csv", GAMES), get_system(system), players=str(day1))
    (err,) = e.value.errors
    assert err.text.id == "sheets.ratings_file_not_a_state"
    assert f"is a {system} ratings file" not in err.problem  # no wrong-system wording in the told words
    assert "peaks" not in err.problem and "lianzhong" in err.problem and "'rating'" in err.problem


@pytest.mark.parametrize("value", ["numba", "compield", "fast"])
def test_a_kernel_typo_is_refused(monkeypatch, value):
    monkeypatch.setenv("XL_RATINGS_KERNEL", value)
    with pytest.raises(RatingInputError) as e:
        kernel_mode()
    assert e.value.text.id == "run.kernel_unknown"
    assert dict(e.value.text.params)["value"] == value


def test_compiled_without_numba_is_refused(monkeypatch):
    import sys

    monkeypatch.setenv("XL_RATINGS_KERNEL", "compiled")
    monkeypatch.setitem(sys.modules, "numba", None)       # import numba: ImportError
    with pytest.raises(RatingInputError) as e:
        kernel_mode()
    assert e.value.text.id == "run.kernel_needs_numba"
    monkeypatch.setenv("XL_RATINGS_KERNEL", " Pure ")
    assert kernel_mode() == "pure"


def test_include_private_as_the_column_heads_say_it(tmp_path):
    """An officer types the Players sheet's head (會員, 登記費) and a Chinese comma: the fields."""
    from helpers import processed_sample

    from xl_ratings.cli import _field_names
    from xl_ratings.jobs.publish import publish

    assert _field_names("會員，登記費") == ["會員", "登記費"]
    assert _field_names(" member、Fee ,") == ["member", "Fee"]
    book = processed_sample(tmp_path, "gor")
    by_key = publish(book, site=tmp_path / "a", private=["member", "fee"])
    by_head = publish(book, site=tmp_path / "b", private=_field_names("會員，登記費"))
    assert sorted(p.relative_to(tmp_path / "a").as_posix() for p in by_key.site_files) == \
        sorted(p.relative_to(tmp_path / "b").as_posix() for p in by_head.site_files)
    assert (tmp_path / "b" / "lists.html").is_file()           # the fees list: asked for as 登記費
    with pytest.raises(RatingInputError) as e:
        publish(book, site=tmp_path / "c", private=["membre"])
    assert e.value.text.id == "publish.private_unknown"
    assert dict(e.value.text.params)["given"] == "membre"


def test_a_decimal_comma_result_in_a_semicolon_list(tmp_path):
    """Excel in a European locale saves ';' and writes a draw 0,5: the same as 0.5."""
    from xl_ratings.systems.game_result import parse_result

    assert parse_result("0,5").score == 0.5 and parse_result("0,5-0,5").score == 0.5
    players = str(write(tmp_path / "p.csv", PLAYERS))
    rows = ["date;player;opponent;result", "2025-03-01;A1;A2;1", "2025-03-02;A2;A3;{}"]
    for name, draw in (("dot", "0.5"), ("comma", "0,5")):
        process_list(write(tmp_path / f"{name}.csv", [r.format(draw) for r in rows]), get_system("lianzhong"),
                     players=players, output=str(tmp_path / f"{name}.out.csv"))
    assert ratings(tmp_path / "comma.out.csv") == ratings(tmp_path / "dot.out.csv")


def test_a_second_hand_edit_keeps_the_first_backup(tmp_path):
    """Edited by hand, published, edited again, published: both edits are kept (the first
    backup is the officer's and is never overwritten)."""
    from helpers import processed_sample

    from xl_ratings.jobs.publish import publish

    book = processed_sample(tmp_path, "gor")
    out = tmp_path / "list.txt"
    publish(book, rating_list=out)
    for visitor in ("Visitor One 1k", "Visitor Two 2k"):
        out.write_text(out.read_text(encoding="utf-8") + visitor + "\n", encoding="utf-8")
        done = publish(book, rating_list=out)
        assert [n.id for n in done.notes if n.id == "files.published_kept"] == ["files.published_kept"]
    assert "Visitor One 1k" in (tmp_path / "list.backup.txt").read_text(encoding="utf-8")
    second = (tmp_path / "list.backup-2.txt").read_text(encoding="utf-8")
    assert "Visitor Two 2k" in second and "Visitor One" not in second
    publish(book, rating_list=out)                       # nothing changed by hand: no third backup
    assert not (tmp_path / "list.backup-3.txt").exists()
