"""Two headers that name one column -- the same key twice, in another case or with spaces, an
English key and its Chinese label (either script), a system's own word (GoR's 棋力分), or the
"等级分 rating" the templates and result sheets write -- are refused, both columns named by letter
and header, in every input sheet's reader (``engine.inputs.Rows``: Settings, Players, Events,
Games, Awards, Points, McMahon, Clubs, Identities), never the first read silently (hostile6 F2a:
a second ``rating`` column of 1500s ignored without a word).  The spellings come from the code's
own tables (``COLUMNS``, ``LABELS``, ``SHEET_LABELS``, ``KEY_SPELLINGS``, the systems' terms), so
a label added there is covered here.  A column of the officer's own (a note) is still kept and
ignored; the History, read back, refuses a column twice too, and a workbook processed twice
(its own result sheets read back) is not refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from problem_ids import cli_problems, problems, refused_with

from xl_ratings.engine import inputs
from xl_ratings.engine.cells import col_letter, header_columns
from xl_ratings.engine.ledger import Ledger
from xl_ratings.errors import InputErrors
from xl_ratings.i18n import traditional
from xl_ratings.i18n.labels import KEY_SPELLINGS, LABELS, SHEET_LABELS, header_key
from xl_ratings.systems import SYSTEMS, get as get_system
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TWICE = "sheets.column_twice"
SYSTEMS_ALL = [get_system(name) for name in SYSTEMS]


def spellings(sheet: str, key: str) -> list[str]:
    """Every header the code's tables let name ``key`` on ``sheet``: the key in other cases and
    with spaces, each Chinese label in both scripts, a system's own word, an English spelling,
    and the bilingual "label key" the templates write -- those the reader takes for ``key``."""
    labels = {LABELS.get(key)} | {t.get(key) for t in SHEET_LABELS.values()}
    labels |= {s.terms.get(key) for s in SYSTEMS_ALL}
    labels = {z for z in labels if z} | {traditional(z) for z in labels if z}
    out = [key, key.upper(), f" {key.title()} ", *sorted(labels), *(f"{z} {key}" for z in sorted(labels)),
           *(w for w, k in KEY_SPELLINGS.items() if k == key)]
    known = set(inputs.COLUMNS[sheet][0])
    terms = {k: v for s in SYSTEMS_ALL for k, v in s.terms.items()}
    return [h for h in dict.fromkeys(out) if header_key(h, known, terms) == key or header_key(h, known) == key]


def pairs(sheet: str, key: str) -> list[tuple[str, str]]:
    """The key against each other spelling, and the bilingual header against a Chinese label."""
    heads = spellings(sheet, key)
    out = [(key, h) for h in heads if h != key]
    both = [h for h in heads if " " in h.strip() and h.strip() != key]
    chinese = [h for h in heads if not h.isascii() and " " not in h]
    if both and chinese:
        out.append((both[0], chinese[-1]))
    return out


CASES = [pytest.param(sheet, key, a, b, id=f"{sheet}-{key}-{a.strip()}-{b.strip()}")
         for sheet, (known, _) in inputs.COLUMNS.items() for key in known for a, b in pairs(sheet, key)]


def test_the_spellings_come_from_the_tables():
    assert ("Players", "rating", "rating", "等级分") in [c.values for c in CASES]
    assert ("Players", "rating", "rating", "等級分") in [c.values for c in CASES]
    assert ("Events", "name", "name", "名称") in [c.values for c in CASES]
    assert ("Games", "colour", "colour", "color") in [c.values for c in CASES]
    assert ("Players", "rating", "rating", "棋力分") in [c.values for c in CASES]     # GoR's own word
    assert {c.values[0] for c in CASES} == set(inputs.COLUMNS)
    for sheet, (known, _) in inputs.COLUMNS.items():       # every column has a Chinese label to clash with
        for key in known:
            assert any(not h.isascii() for h in spellings(sheet, key)), (sheet, key)


@pytest.mark.parametrize("sheet,key,first,second", CASES)
def test_two_headers_of_one_column_are_refused_naming_both(sheet, key, first, second):
    known, required = inputs.COLUMNS[sheet]
    header = [k for k in required if k != key] + [first, "备注 remarks", second]
    a, b = header.index(first), header.index(second)
    errors: list = []
    rows = inputs.Rows(sheet, [header, ["x"] * len(header)], "book.xlsx", errors,
                       terms={k: v for s in SYSTEMS_ALL for k, v in s.terms.items()})
    told = [p for p in problems(InputErrors(errors)) if p.id == TWICE]
    assert len(told) == 1, problems(InputErrors(errors))
    assert told[0].params == {"column": key, "first": col_letter(a + 1), "first_header": first.strip(),
                              "second": col_letter(b + 1), "second_header": second.strip()}
    assert (told[0].sheet, told[0].row, told[0].column) == (sheet, 1, key)
    assert rows.column(key) == a
    assert not any(p.id == "sheets.column_name_slip" for p in problems(InputErrors(errors)))


def test_the_header_is_told_on_its_own_row_below_blank_rows():
    errors: list = []
    inputs.Rows("Players", [[None, None], ["id", "编号", "备注"], ["P1", "P1", ""]], "b.xlsx", errors)
    assert [(p.id, p.row, p.params["first"], p.params["second"]) for p in problems(InputErrors(errors))] == \
        [(TWICE, 2, "A", "B")]


def test_three_headers_of_one_column_are_each_told_against_the_first():
    keys, twice = header_columns(["rating", "id", "等级分", "Rating "], {"id", "rating"})
    assert keys == {0: "rating", 1: "id"}
    assert twice == [("rating", 0, 2), ("rating", 0, 3)]


def test_columns_of_the_officers_own_are_kept_and_ignored():
    keys, twice = header_columns(["id", "备注", "notes", "rating", "my column"], set(inputs.COLUMNS["Players"][0]))
    assert twice == [] and keys == {0: "id", 3: "rating"}


def _book(tmp_path: Path, edit, name="book.xlsx") -> Path:
    path = tmp_path / name
    shutil.copy(ROOT / "shanghai.xlsx", path)
    wb = openpyxl.load_workbook(path)
    edit(wb)
    wb.save(path)
    return path


def _add_column(sheet: str, head: str, value=None):
    def edit(wb):
        ws = wb[sheet]
        col = ws.max_column + 1
        ws.cell(1, col).value = head
        for r in range(2, ws.max_row + 1):
            ws.cell(r, col).value = value
    return edit


@pytest.mark.parametrize("sheet,head,key", [("Players", "rating", "rating"), ("Players", "等級分", "rating"),
                                             ("Events", "名称", "name"), ("Games", "结果", "result"),
                                             ("Games", "Player", "player"), ("Settings", "值", "value")])
def test_process_refuses_a_second_column_of_a_key(tmp_path, sheet, head, key):
    book = _book(tmp_path, _add_column(sheet, head, 1500))
    told = refused_with(book)
    hit = [p for p in told if p.id == TWICE]
    assert len(hit) == 1 and hit[0].sheet == sheet and hit[0].params["column"] == key
    assert hit[0].params["second_header"] == head
    ws = openpyxl.load_workbook(ROOT / "shanghai.xlsx")[sheet]
    assert hit[0].params["second"] == col_letter(ws.max_column + 1)
    assert header_key(ws.cell(1, openpyxl.utils.column_index_from_string(hit[0].params["first"])).value,
                      {key}) == key


def test_hostile6_f2a_the_second_rating_column_is_refused(tmp_path):
    book = _book(tmp_path, _add_column("Players", "rating", 1500))
    told = refused_with(book)
    assert [(p.id, p.params["first_header"], p.params["second_header"]) for p in told] == \
        [(TWICE, "等级分 rating", "rating")]


def test_a_note_column_of_the_officers_own_is_still_kept(tmp_path):
    book = _book(tmp_path, _add_column("Players", "备注 remarks", "x"))
    code, told = cli_problems("process", book, "--output", tmp_path / "out.xlsx")
    assert code == 0, told


def test_a_workbook_processed_twice_reads_its_own_result_sheets(tmp_path):
    book = _book(tmp_path, lambda wb: None)
    assert cli_problems("process", book)[0] == 0
    assert "History" in openpyxl.load_workbook(book).sheetnames
    code, told = cli_problems("process", book)
    assert code == 0 and not [p for p in told if p.id in (TWICE, "sheets.sheet_twice")]
    tables = read_tables(book)
    assert header_columns(tables["History"][0], {h.split()[-1] for h in tables["History"][0] if h})[1] == []


def test_the_history_read_back_refuses_a_column_twice(tmp_path):
    book = _book(tmp_path, lambda wb: None)
    assert cli_problems("process", book, "--output", tmp_path / "done.xlsx")[0] == 0
    tables = read_tables(tmp_path / "done.xlsx")
    history = [list(r) for r in tables["History"]]
    head = history[0]
    j = next(i for i, h in enumerate(head) if str(h).split()[-1] == "new")
    end = next((i for i, h in enumerate(head) if h in (None, "")), len(head))
    for r in history:
        r.insert(end, r[j] if len(r) > j else None)
    history[0][end] = "新等级分"
    with pytest.raises(InputErrors) as e:
        Ledger.parse(history, get_system("shanghai"), "done.xlsx", "History")
    assert [(p.id, p.params["column"], p.params["first"], p.params["second"]) for p in problems(e.value)] == \
        [(TWICE, "new", col_letter(j + 1), col_letter(end + 1))]
