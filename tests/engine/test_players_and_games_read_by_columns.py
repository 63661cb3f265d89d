"""The Players sheet read column by column (``engine.inputs``: each distinct cell once) gives exactly
what the row-by-row reader gives -- the same players, field for field and type for type (a rating of
-0.0 stays -0.0) -- and leaves every sheet with a problem to that reader, so each problem is told as
before; the Games sheet's repeated games are found either way round, and a sheet without dates
takes each event's last day."""

from __future__ import annotations

import datetime as dt

import pytest
from problem_ids import problems

from xl_ratings.engine import inputs
from xl_ratings.engine.cells import Tables
from xl_ratings.errors import InputErrors

SETTINGS = [["key", "value"], ["system", "shanghai"]]
HEAD = ["id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member"]
EVENTS = [["event", "name", "start", "end", "format"], ["E1", "赛事", 46030.0, 46031.0, "round_robin"],
          ["E2", "赛事2", 46040.0, 46040.0, "swiss"]]


def _player(k: int, **cells: object) -> list[object]:
    row: dict[str, object] = {"id": f"P{k:03d}", "name": f"棋手{k}", "sex": "MF"[k % 2], "club": f"俱乐部{k % 3}",
                              "rank": ["", "3d", "1k"][k % 3], "rating": 1500.0 + 10 * k, "games": "",
                              "events": float(k % 4), "peak": "", "title": "", "member": ["yes", "", "否"][k % 3]}
    row.update(cells)
    return [row[h] for h in HEAD]


def _games(*rows: list[object]) -> list[list[object]]:
    return [["event", "date", "round", "player", "opponent", "result", "handicap"], *[list(r) for r in rows]]


GAMES = _games(["E1", "", 1.0, "P000", "P001", 1.0, ""], ["E1", "", 1.0, "P002", "P003", 0.5, ""],
               ["E1", "", 2.0, "P000", "P002", 0.0, ""], ["E2", "", 1.0, "P001", "P003", 1.0, ""])


def _tables(players: list[list[object]], games: list[list[object]] = GAMES) -> Tables:
    return Tables({"Settings": SETTINGS, "Players": [HEAD, *players], "Events": EVENTS, "Games": games},
                  ["Settings", "Players", "Events", "Games"])


def _read(tables: Tables, monkeypatch: pytest.MonkeyPatch, by_rows: bool) -> tuple[object, list[object]]:
    """(the players as (field, type) pairs, or None; the problems) -- ``by_rows``: the column reader off."""
    with monkeypatch.context() as m:
        if by_rows:
            m.setattr(inputs, "_players_at_once", lambda *a: None)
        try:
            records = inputs.read_records(tables, "book.xlsx")
        except InputErrors as e:
            return None, problems(e)
    return [[(v, type(v)) for v in vars(p).values()] for p in records.players.values()], []


CLEAN = [_player(k) for k in range(6)]
VARIANTS = {
    "clean": CLEAN,
    "ratings -0.0, integer floats, blanks": [_player(0, rating=""), _player(1, games=3.0, peak=2000.0),
                                             _player(2, member=" YES "), _player(3, sex=" f "), _player(4), _player(5)],
    "an id with spaces": [_player(0, id=" P000 "), *CLEAN[1:]],
    "an id twice": [*CLEAN, _player(0, name="又一个")],
    "ids differing in case": [*CLEAN, _player(6, id="p000")],
    "a number as an id": [*CLEAN, _player(6, id=7.0)],
    "a blank id": [*CLEAN, _player(6, id="  ")],
    "an id with an invisible character": [*CLEAN, _player(6, id="P0\u200b06")],
    "a sex that is none": [*CLEAN, _player(6, sex="X")],
    "a rank that is none": [*CLEAN, _player(6, rank="9x")],
    "a member word that is none": [*CLEAN, _player(6, member="maybe")],
    "a player without a name": [*CLEAN, _player(6, name=" ")],
    "a rating out of range": [*CLEAN, _player(6, rating=24000.0)],
    "a rating typed as text": [*CLEAN, _player(6, rating="1500")],
    "a count that is not whole": [*CLEAN, _player(6, games=2.5)],
    "a negative count": [*CLEAN, _player(6, events=-1.0)],
    "a count that is not finite": [*CLEAN, _player(6, games=float("inf"))],
    "a boolean cell": [*CLEAN, _player(6, title=True)],
    "a text past a cell's limit": [*CLEAN, _player(6, title="长" * 32768)],
    "a total row": [*CLEAN, _player(6, id="", name="合计")],
}


FINE = ("clean", "ratings -0.0, integer floats, blanks", "an id with spaces", "a number as an id", "a boolean cell",
        "a total row")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_column_reader_gives_what_the_row_reader_gives(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = _tables(VARIANTS[variant])
    by_columns, by_rows = _read(tables, monkeypatch, False), _read(tables, monkeypatch, True)
    assert by_columns == by_rows
    if variant == "clean":
        assert by_columns[0] is not None and len(by_columns[0]) == 6
    elif variant not in FINE:
        assert by_columns[1], "a problem told"     # every other variant holds one


def test_a_clean_sheet_is_read_by_columns_keeping_each_cells_own_value(monkeypatch: pytest.MonkeyPatch) -> None:
    players = [_player(0, rating=-0.0, games=0.0), *CLEAN[1:]]
    errors: list = []
    rows = inputs.Rows("Players", [HEAD, *players], "book.xlsx", errors)
    read = inputs._players_at_once(rows, None, True)
    assert read is not None and not errors and list(read) == [f"P{k:03d}" for k in range(6)]
    p0 = read["P000"]
    assert str(p0.rating) == "-0.0" and p0.games == 0 and type(p0.games) is int and p0.member is True
    assert (read["P001"].sex, read["P001"].rank.ordinal, read["P002"].member) == ("F", 3, False)
    assert rows._records is None        # no row made a record of its own


@pytest.mark.parametrize("second", [["E1", "", 1.0, "P000", "P001", 0.0, ""], ["E1", "", 1.0, "P001", "P000", 0.0, ""]])
def test_a_game_twice_is_told_whichever_player_is_first(second: list[object]) -> None:
    with pytest.raises(InputErrors) as e:
        inputs.read_records(_tables(CLEAN, _games(*GAMES[1:], second)), "book.xlsx")
    told = problems(e.value)
    assert [(p.id, p.row) for p in told] == [("sheets.same_game", 6)] and told[0].params["first"] == 2


def test_a_player_against_themself_is_told_once() -> None:
    with pytest.raises(InputErrors) as e:
        inputs.read_records(_tables(CLEAN, _games(*GAMES[1:], ["E2", "", 2.0, "P004", "P004", 1.0, ""])), "book.xlsx")
    assert [(p.id, p.row, p.column) for p in problems(e.value)] == [("sheets.plays_themself", 6, "opponent")]


def test_games_without_dates_are_on_their_events_last_day() -> None:
    records = inputs.read_records(_tables(CLEAN), "book.xlsx")
    assert [g.date for g in records.games] == [dt.date(2026, 1, 9)] * 3 + [dt.date(2026, 1, 18)]
    assert [g.player for g in records.games] == ["P000", "P002", "P000", "P001"]


@pytest.mark.parametrize("variant", ["clean", "an id with spaces", "an id twice", "a number as an id", "a blank id",
                                     "a total row", "an id with an invisible character"])
def test_the_players_ids_are_read_at_once_as_row_by_row(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from xl_ratings.engine import identity

    tables = _tables(VARIANTS[variant])

    def extras() -> object:
        try:
            e = identity.player_extras(tables, "book.xlsx")
        except Exception as err:  # noqa: BLE001 -- the refusal is compared
            return problems(err) if isinstance(err, InputErrors) else (type(err), str(err))
        return (e.sheet, e.order, e.rows, e.values)
    at_once = extras()
    with monkeypatch.context() as m:
        m.setattr(identity, "_plain_ids", lambda *a: None)
        assert extras() == at_once
    if variant == "clean":
        assert at_once == ("Players", [f"P{k:03d}" for k in range(6)], {f"P{k:03d}": k + 2 for k in range(6)},
                           {f"P{k:03d}": {} for k in range(6)})


@pytest.mark.parametrize("repeat", [["E1", "", 2.0, "P000", "P002", 1.0, ""], ["E1", "", 2.0, "P002", "P000", 1.0, ""]])
@pytest.mark.parametrize("events_in_runs", [True, False])
def test_a_game_twice_is_told_whether_or_not_each_events_rows_are_together(repeat: list[object],
                                                                          events_in_runs: bool) -> None:
    e1 = [GAMES[1], GAMES[2], GAMES[3], repeat]              # the repeat of row 4's game on row 5
    rows = [*e1, GAMES[4]] if events_in_runs else [e1[0], GAMES[4], *e1[1:]]
    with pytest.raises(InputErrors) as e:
        inputs.read_records(_tables(CLEAN, _games(*rows)), "book.xlsx")
    told = problems(e.value)
    assert [p.id for p in told] == ["sheets.same_game"]
    assert (told[0].row, told[0].params["first"]) == ((5, 4) if events_in_runs else (6, 5))


@pytest.mark.parametrize("events_in_runs", [True, False])
def test_the_same_pair_in_other_rounds_and_events_is_no_repeat(events_in_runs: bool) -> None:
    again = [["E1", "", 3.0, "P001", "P000", 0.5, ""], ["E2", "", 2.0, "P000", "P001", 1.0, ""]]
    rows = [*GAMES[1:4], again[0], GAMES[4], again[1]] if events_in_runs else [*GAMES[1:], *again]
    assert len(inputs.read_records(_tables(CLEAN, _games(*rows)), "book.xlsx").games) == 6
