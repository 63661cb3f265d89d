"""The Import sheet holding a file's name or path instead of its crosstable (issue 25): one click
says so at that cell, with the way that works (paste the table; or import the file from the command
line), in the workbook's script -- not that the table has no number column."""

from __future__ import annotations

from pathlib import Path

import pytest

from xl_ratings.errors import InputErrors
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.jobs.book_import import file_named, sheet_tournament
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
META = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], [], [], []]


@pytest.mark.parametrize("typed", [r"C:\赛事\春季赛.h9", "/home/officer/rr.csv", "spring.TRF", r'"D:\a b\x.xlsx"',
                                   r"\\server\share\open.xml", "./results.txt"])
def test_a_file_name_where_the_table_goes_is_told_at_its_cell(typed):
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + [[None, typed]]
    with pytest.raises(InputErrors) as e:
        sheet_tournament(tables, "gor.xlsx")
    (err,) = e.value.errors
    assert (err.text.id, err.where.sheet, err.where.row, err.where.column) == \
        ("excel.import_sheet_file_name", "Import", 7, "B")
    assert err.value == typed.strip('"')
    lang = e.value.lang                     # told in the workbook's script (gor: Hong Kong, traditional)
    assert lang == TRADITIONAL and to_lang("一键导入不能打开文件", lang) in err.zh_line(lang)
    assert "xl-ratings import FILE --into WORKBOOK" in err.en_line(lang)


@pytest.mark.parametrize("cells", [[["序号", "姓名"]], [["Spring Open 2024"]], [["1", "x.h9"], ["2", "y"]], [[7]]])
def test_a_table_or_a_title_is_not_a_file_name(cells):
    assert file_named(cells, 6) is None


def test_one_click_lists_it_on_the_checks_sheet(tmp_path):
    from test_script_dispatch import replay, run_script

    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + [[r"C:\results\spring.h9"]]
    printed: list[str] = []
    sheets, actions = run_script("import_results", tables, "gor.xlsx", tmp_path, printed=printed)
    grids = replay(sheets, actions)
    lines = [r for r in grids["Checks"][1:] if any(v not in (None, "") for v in r)]
    assert len(lines) == 1 and lines[0][2:6] == ["Import", 7, "A", r"C:\results\spring.h9"], lines
    assert "one click cannot open files" in lines[0][0] and "nothing was imported" in printed[0]
