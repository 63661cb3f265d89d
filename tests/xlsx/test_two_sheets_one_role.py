"""Two sheets that are one role -- ``Players`` and ``棋手``, ``Games`` and ``games``, ``History``
and ``历史`` -- are refused, both named, never the first read silently (hostile6 F2b: a ``棋手``
sheet beside ``Players`` ignored without a word).  The names come from the code's table
(``SHEET_ALIASES``), so a name added there is covered here; through the reader of the records,
the command line, the import's layout, the Import sheet and the Clubs sheet of a rating list."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from problem_ids import cli_problems, problems, refused_with

from xl_ratings.engine import inputs
from xl_ratings.engine.cells import Tables, sheet_named
from xl_ratings.errors import InputErrors
from xl_ratings.i18n.labels import SHEET_ALIASES
from xl_ratings.intake.into_book import IMPORT_SHEETS, import_sheet
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
TWICE = "sheets.sheet_twice"


def name_pairs(role: str) -> list[tuple[str, str]]:
    """The role's key against each of its other names, and against itself in capitals and spaced."""
    names = [role] + [a for a in SHEET_ALIASES[role] if a.lower() != role.lower()]
    return [(role, n) for n in names[1:]] + [(role, role.upper()), (names[-1], f" {role.lower()} ")]


CASES = [pytest.param(role, a, b, id=f"{role}-{a.strip()}-{b.strip()}")
         for role in SHEET_ALIASES for a, b in name_pairs(role)]


def test_every_role_and_name_is_covered():
    values = [c.values for c in CASES]
    assert ("Players", "Players", "棋手") in values and ("History", "History", "历史") in values
    assert {v[0] for v in values} == set(SHEET_ALIASES)
    assert {"Settings", "Players", "Events", "Games", "History"} <= set(SHEET_ALIASES)


@pytest.mark.parametrize("role,first,second", CASES)
def test_two_sheets_of_one_role_are_refused_naming_both(role, first, second):
    tables = read_tables(ROOT / "shanghai.xlsx")
    own = next((n for n in tables if n.strip().lower() in {role.lower(), *SHEET_ALIASES[role]}), None)
    cells = tables.pop(own) if own is not None else [["x"]]
    names = [n for n in tables]
    tables = Tables({**tables, first: cells, second: [list(r) for r in cells]}, names + [first, second])
    with pytest.raises(InputErrors) as e:
        inputs.read_records(tables, "book.xlsx")
    told = problems(e.value)
    assert [(p.id, p.params["role"], p.params["first"], p.params["second"], p.sheet) for p in told] == \
        [(TWICE, role, first, second, second)]
    with pytest.raises(InputErrors) as e:       # every reader by name: the same refusal
        sheet_named(tables, role, "book.xlsx")
    assert [p.id for p in problems(e.value)] == [TWICE]


def test_every_pair_of_roles_doubled_is_told_at_once():
    tables = read_tables(ROOT / "shanghai.xlsx")
    tables = Tables({**tables, "棋手": tables["Players"], "对局": tables["Games"]})
    with pytest.raises(InputErrors) as e:
        inputs.read_records(tables, "book.xlsx")
    assert [(p.params["role"], p.params["first"], p.params["second"]) for p in problems(e.value)] == \
        [("Players", "Players", "棋手"), ("Games", "Games", "对局")]


def _copy_sheet(tmp_path: Path, source: str, name: str, processed: bool = False) -> Path:
    path = tmp_path / "book.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", path)
    if processed:
        assert cli_problems("process", path)[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb.copy_worksheet(wb[source])
    ws.title = name
    wb.save(path)
    return path


@pytest.mark.parametrize("source,name", [("Players", "棋手"), ("Games", "对局"), ("Settings", "设置"),
                                         ("Events", "賽事"), ("Players", "players ")])
def test_process_refuses_two_sheets_of_one_role(tmp_path, source, name):
    told = refused_with(_copy_sheet(tmp_path, source, name))
    assert [(p.id, p.params["role"], p.params["first"], p.params["second"]) for p in told] == \
        [(TWICE, source, source, name)]


def test_a_processed_workbook_with_a_second_history_is_refused(tmp_path):
    told = refused_with(_copy_sheet(tmp_path, "History", "历史", processed=True))
    assert [(p.id, p.params["role"], p.params["second"]) for p in told] == [(TWICE, "History", "历史")]


def test_hostile6_f2b_players_and_qishou(tmp_path):
    path = _copy_sheet(tmp_path, "Players", "棋手")
    wb = openpyxl.load_workbook(path)
    for r in range(2, wb["棋手"].max_row + 1):
        wb["棋手"].cell(r, 7).value = 1500
    wb.save(path)
    assert [p.id for p in refused_with(path)] == [TWICE]


def test_two_import_sheets_are_refused():
    with pytest.raises(InputErrors) as e:
        import_sheet({"Settings": [], "Import": [["x"]], "导入": [["y"]]})
    assert [(p.id, p.params["role"], p.params["first"], p.params["second"]) for p in problems(e.value)] == \
        [(TWICE, "Import", "Import", "导入")]
    assert import_sheet({"导入": [["y"]]}) == ("导入", [["y"]])
    assert IMPORT_SHEETS[0] == "import"
