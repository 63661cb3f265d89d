"""The ledger's integrity (issue 16, 1): a real client's save is not tampering, a paste is not
silent, a History stripped of its seals or its hidden columns is refused with the way out,
only the Settings that change numbers ask for a re-rate, impossible or repeated Settings are
refused with the row -- and workbooks written by the earlier version keep working."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import D, run_cli, write_book
from test_corrections import column, on_the_last_events_day, ratings, tables  # noqa: F401 (autouse: E3 played)

from xl_ratings.errors import InputErrors
from xl_ratings.jobs.process import process_workbook
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.systems import SYSTEMS

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy"
TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
TODAY = D(2027, 3, 1)           #: 2026H1, 2026H2 and 2027H1 of test_corrections.tables() have started


def processed(tmp_path: Path, name: str = "club.xlsx") -> Path:
    book = write_book(tables(), tmp_path / name)
    process_workbook(book, today=TODAY)
    return book


def refused(book: Path, *, rerate: str | None = None) -> InputErrors:
    data = book.read_bytes()
    with pytest.raises(InputErrors) as e:
        process_workbook(book, rerate_from=rerate, today=TODAY)
    assert book.read_bytes() == data, "nothing written"
    return e.value


def history_rows(ws) -> dict[tuple[str, str], int]:
    c_id = column(ws, "id")
    return {(ws.cell(r, 1).value, ws.cell(r, c_id).value): r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value}


def edit_history(book: Path, fn) -> None:
    wb = openpyxl.load_workbook(book)
    fn(wb["History"])
    wb.save(book)


# --------------------------------------------------------------------------- a client's save
def resave_numbers(book: Path, digits: int) -> None:
    """Every number of the History as a spreadsheet that keeps ``digits`` significant digits
    writes it back (LibreOffice: 15; Excel: 17), dates as dates -- nothing else changed."""
    def fn(ws):
        for row in ws.iter_rows(min_row=2):
            for c in row:
                if isinstance(c.value, float):
                    c.value = float(f"{c.value:.{digits}g}")
    edit_history(book, fn)


def sample(tmp_path: Path, system: str) -> Path:
    """The system's sample workbook, processed (its History holds numbers of every kind)."""
    book = tmp_path / f"{system}.xlsx"
    process_workbook(TEMPLATES / f"{system}.xlsx", output=str(book), today=D(2026, 11, 30))
    return book


@pytest.mark.parametrize("digits", [15, 17])
@pytest.mark.parametrize("system", SYSTEMS)
def test_numbers_as_another_client_writes_them_are_not_an_edit(tmp_path, system, digits):
    """LibreOffice writes 15 significant digits (1272.130705178243 → 1272.13070517824), Excel
    17: the History is the same History -- published, processed again, same results."""
    book = sample(tmp_path, system)
    before = ratings(book)
    resave_numbers(book, digits)
    published_outcome(book)
    process_workbook(book, today=D(2026, 11, 30))
    assert ratings(book) == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_history_keeps_twelve_significant_digits(tmp_path, system):
    """What is stored is what any client writes back: 12 significant digits, so that a
    period restarted from the saved History starts exactly where one chained in memory did."""
    ws = openpyxl.load_workbook(sample(tmp_path, system))["History"]
    floats = [v for row in ws.iter_rows(min_row=2, values_only=True) for v in row if isinstance(v, float)]
    assert floats and all(float(f"{v:.12g}") == v for v in floats)


# --------------------------------------------------------------------------- pasted, stripped, cut
def paste_row(book: Path, src: tuple[str, str], dst: tuple[str, str]) -> None:
    """The History row ``src`` (period, id) copied, every cell, over the row ``dst``."""
    def paste(ws):
        rows = history_rows(ws)
        for c in range(1, ws.max_column + 1):
            ws.cell(rows[dst], c).value = ws.cell(rows[src], c).value
    edit_history(book, paste)


def test_a_row_pasted_over_another_players_row_is_refused(tmp_path):
    """Both rows sealed: the pasted row's own seal holds, but the period's list changed (one
    player twice, one gone) -- refused, naming the rows; --from re-rates it as it was."""
    book = processed(tmp_path)
    published = ratings(book)
    paste_row(book, ("2026H2", "P1"), ("2026H2", "P4"))
    e = refused(book)
    text = " ".join(x.problem for x in e.errors)
    assert "player P1 has 2 rows in the History's period 2026H2" in text and "--from 2026H2" in text
    assert any("粘贴" in (x.problem_zh or "") for x in e.errors)
    process_workbook(book, rerate_from="2026H2", today=TODAY)
    assert ratings(book) == published


def test_a_row_pasted_from_another_period_is_refused(tmp_path):
    book = processed(tmp_path)
    paste_row(book, ("2026H1", "P2"), ("2026H2", "P5"))
    text = " ".join(x.problem for x in refused(book).errors)
    assert "player P2 has 2 rows in the History's period 2026H1" in text


@pytest.mark.parametrize("how", ["emptied", "seal stripped"])
def test_a_row_without_its_seal_is_refused(tmp_path, how):
    """A History that has seals but misses one: the hidden ``inputs`` cell emptied, or its
    seal cut off -- a hand-edited row must not pass as unsealed."""
    book = processed(tmp_path)

    def strip(ws):
        col = column(ws, "inputs")
        r = history_rows(ws)[("2026H2", "P3")]
        cell = ws.cell(r, col)
        cell.value = None if how == "emptied" else ":".join(cell.value.split(":")[:-1])
        ws.cell(r, column(ws, "new")).value += 40
    edit_history(book, strip)
    e = refused(book)
    assert any("have lost the seal" in x.problem and "--from 2026H2" in x.problem for x in e.errors), e


def test_the_hidden_columns_removed_are_refused(tmp_path):
    """Excel's Document Inspector removes hidden columns: the History's ``inputs`` (and
    shanghai's pending log) -- the next period cannot start from it: refused with the way
    out; --from the first period re-rates it all from the records."""
    book = processed(tmp_path)
    published = ratings(book)

    def inspect(ws):
        for key in ("inputs", "pending_log"):
            ws.delete_cols(column(ws, key))
    edit_history(book, inspect)
    e = refused(book)
    text = e.errors[0].problem
    assert "lacks its column(s) pending_log, inputs" in text and "--from 2026H1" in text, text
    assert "文档检查器" in e.errors[0].problem_zh
    refused(book, rerate="2026H2")           # a later period's re-rate would start from it: refused too
    process_workbook(book, rerate_from="2026H1", today=TODAY)
    assert ratings(book) == published


def test_a_middle_period_deleted_is_named_with_the_way_out(tmp_path):
    """A period's rows deleted between two others: not "the History ends with 2026H1" (later
    rows are there) but what is wrong; --from the missing period re-rates from there."""
    book = processed(tmp_path)
    published = ratings(book)

    def cut(ws):
        for r in sorted((r for (p, _), r in history_rows(ws).items() if p == "2026H2"), reverse=True):
            ws.delete_rows(r)
    edit_history(book, cut)
    e = refused(book)
    text = e.errors[0].problem
    assert "holds no rows for 2026H2 (between 2026H1 and 2027H1)" in text and "--from 2026H2" in text, text
    assert "ends with" not in text
    with pytest.raises(InputErrors, match="holds no rows for 2026H2"):
        published_outcome(book)
    refused(book, rerate="2027H1")          # after the gap: the gap is still there
    process_workbook(book, rerate_from="2026H2", today=TODAY)
    assert ratings(book) == published


# --------------------------------------------------------------------------- Settings
def set_setting(book: Path, key: str, value) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    row = next((r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == key), ws.max_row + 1)
    ws.cell(row, 1).value, ws.cell(row, 2).value = key, value
    wb.save(book)


@pytest.mark.parametrize("key,value", [("federation", "上海市五子棋协会（更正）"), ("language", "en"),
                                       ("k_new", 25.0), ("k_new", "25")])
def test_what_changes_no_number_asks_for_no_rerate(tmp_path, key, value):
    """The federation's name, what is only printed, or a default typed out: no re-rate."""
    book = processed(tmp_path)
    before = ratings(book)
    set_setting(book, key, value)
    process_workbook(book, today=TODAY)
    assert ratings(book) == before
    published_outcome(book)


def test_a_setting_that_changes_numbers_says_so_in_both_languages(tmp_path):
    """k_new changed: every published period asks for a re-rate -- and the English and the
    Chinese say the same thing (the Chinese said "records of 38 players")."""
    book = processed(tmp_path)
    set_setting(book, "k_new", 30)
    e = refused(book)
    first = e.errors[0]
    assert "period 2026H1 was published from other records: the Settings that change the numbers changed" \
        in first.problem and "--from 2026H1" in first.problem
    assert "影响计算结果的设置有改动" in first.problem_zh and "名棋手" not in first.problem_zh


@pytest.mark.parametrize("key,value,words", [
    ("k_new", -25, "the setting 'k_new' must be above 0 and at most 100"),
    ("k_new", 250, "the setting 'k_new' must be above 0 and at most 100"),
    ("max_difference", 0, "the setting 'max_difference' must be above 0"),
    ("new_games", 2.5, "the setting 'new_games' must be a whole number"),
    ("provisional_men", 22000, "the setting 'provisional_men' must be from 1,000 to 3,000"),
    ("rr_min_rated_share", 1.5, "the setting 'rr_min_rated_share' must be from 0 to 1"),
    ("k_established", "inf", "must be a finite number"),
    ("k_table", "2000:32, 2400:-24", None),       # not shanghai's: unknown, as before
])
def test_impossible_settings_are_refused_with_the_row(tmp_path, capsys, key, value, words):
    t = tables()
    t["Settings"] = t["Settings"] + [[key, value]]
    book = write_book(t, tmp_path / "s.xlsx")
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    assert "sheet 'Settings', row 3, column 'value'" in err
    assert words is None or words in err, err
    assert "Traceback" not in err


def test_an_impossible_table_value_is_refused():
    from xl_ratings.engine.run import run
    from test_reader_at_the_edges import tables as small

    for system, key, value, words in (("lianzhong", "k_table", "2000:32, 2400:-24", "'k_table' must be above 0"),
                                      ("gor", "class_weights", "A:1, B:0", "'class_weights' must be above 0"),
                                      ("gor", "a_min", 250, "'a_min' (250) must not be above 'a_max' (200)")):
        t = small(system)
        t["Settings"] = t["Settings"] + [[key, value]]
        with pytest.raises(InputErrors, match=words.replace("(", r"\(").replace(")", r"\)")):
            run(t, today=D(2026, 12, 1))


@pytest.mark.parametrize("key", ["system", "k_new"])
def test_a_setting_given_twice_is_refused(tmp_path, capsys, key):
    """A second row silently won: now neither does, and both rows are named."""
    t = tables()
    t["Settings"] = t["Settings"] + [["k_new", 20], [key, "gor" if key == "system" else 30]]
    book = write_book(t, tmp_path / "s.xlsx")
    assert run_cli("process", book) == 2
    err = capsys.readouterr().err
    first = 2 if key == "system" else 3
    assert f"sheet 'Settings', row 4, column 'key': the setting '{key}' is given twice (rows {first} and 4)" in err
    assert "出现了两次" in err


# --------------------------------------------------------------------------- the earlier version
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_workbook_of_the_earlier_version_keeps_working(tmp_path, system):
    """Written by the earlier version (tests/data/legacy: every Settings row in the
    fingerprint, exact numbers, ``R`` seals): processed again and published; its rows are
    then written in today's format, after which a typo fixed in the federation's name
    needs no re-rate either."""
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(LEGACY / f"{system}.xlsx", book)
    ws = openpyxl.load_workbook(book)["History"]
    assert ws.cell(2, column(ws, "inputs")).value.startswith("S")
    before = {k: None if v is None else pytest.approx(v, rel=1e-10)        # 12 digits kept now
              for k, v in ratings(book).items()}
    published_outcome(book)
    process_workbook(book, today=D(2026, 11, 30))
    assert ratings(book) == before
    ws = openpyxl.load_workbook(book)["History"]
    cells = [ws.cell(r, column(ws, "inputs")).value for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value]
    assert all(c.startswith("X") and ":Y" in c and ":Z" in c for c in cells), cells[:3]
    set_setting(book, "federation", "更正后的名称")
    process_workbook(book, today=D(2026, 11, 30))
    published_outcome(book)


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_edit_in_a_workbook_of_the_earlier_version_is_still_found(tmp_path, system):
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(LEGACY / f"{system}.xlsx", book)

    def edit(ws):
        ws.cell(2, column(ws, "new")).value += 7
    edit_history(book, edit)
    with pytest.raises(InputErrors, match="are not as xl-ratings wrote them"):
        process_workbook(book, today=D(2026, 11, 30))
    with pytest.raises(InputErrors, match="are not as xl-ratings wrote them"):
        published_outcome(book)


def test_the_legacy_workbooks_are_as_the_earlier_version_wrote_them():
    """The fixtures are what they claim (tests/data/legacy/make_legacy.py regenerates them)."""
    for system in SYSTEMS:
        ws = openpyxl.load_workbook(LEGACY / f"{system}.xlsx")["History"]
        cell = ws.cell(2, column(ws, "inputs")).value
        parts = cell.split(":")
        assert [p[0] for p in parts] == ["S", "Q", "R"], cell


def test_a_players_rating_as_another_client_writes_it_is_not_a_changed_record(tmp_path):
    """The fingerprint of a player's records keeps numbers to 12 significant digits too: a
    rating typed with 17 digits and saved back by LibreOffice with 15 is the same record."""
    t = tables()
    t["Players"][1][5] = 2263.4567890123457
    book = write_book(t, tmp_path / "club.xlsx")
    process_workbook(book, today=TODAY)
    before = ratings(book)
    wb = openpyxl.load_workbook(book)
    wb["Players"]["F2"] = float(f"{2263.4567890123457:.15g}")
    wb.save(book)
    process_workbook(book, today=TODAY)
    assert ratings(book) == before


@pytest.mark.parametrize("which", [0, 1, -1])
def test_one_deleted_history_row_names_its_player(tmp_path, which):
    """Hostile2 F15: deleting one History row said every row of the period was edited ("rows 2,
    3, 4, 5 …: edited, or rows of the period deleted?"); now: whose row is missing. The first,
    a middle and the last row of a period (the last one's player on no other period's list
    either is found through the Players sheet)."""
    book = processed(tmp_path)
    found = {}

    def cut(ws):
        rows = sorted((r, pid) for (p, pid), r in history_rows(ws).items() if p == "2026H2")
        r, pid = rows[which]
        found["pid"] = pid
        ws.delete_rows(r)
    edit_history(book, cut)
    e = refused(book)
    texts = [x.problem for x in e.errors]
    assert any(f"the History's row of {found['pid']} for 2026H2 was deleted" in t for t in texts), texts
    assert not any("are not as xl-ratings wrote them" in t for t in texts), texts
    assert any(f"{found['pid']} 的记录被删除了" in x.problem_zh for x in e.errors)
