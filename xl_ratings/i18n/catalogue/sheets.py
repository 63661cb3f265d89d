"""Messages: the input sheets (Settings, Players, Events, Games, Awards, Points, History) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


ID_DIFFERS_ONLY_IN_CASE = message(
    "sheets.id_differs_only_in_case",
    "duplicate player id: it differs from {other} (row {row}) only in upper and lower case, and a result file "
    "may write either; give one of the two players another id",
    "棋手编号重复：与第 {row} 行的 {other} 只有大小写不同，成绩文件可能写成任一种；请给其中一人换一个编号")
CLUB_NEEDS_NAME = message(
    "sheets.club_needs_name",
    "a club needs its name: the code and aliases are other ways to write it",
    "单位须填写名称：代码和别名是它的其他写法")
CLUB_WORD_TWICE = message(
    "sheets.club_word_twice",
    "{word} already names {club} (row {row}): a code, name or alias names one club only",
    "{word} 已用于第 {row} 行的 {club}：一个代码、名称或别名只能对应一个单位")
SHEET_MISSING = message(
    "sheets.sheet_missing",
    "required sheet '{sheet}' is missing",
    "缺少必需的工作表 '{sheet}'")
RESULT_SHEET_CASE = message(
    "sheets.result_sheet_case",
    "this sheet's name is the result sheet '{sheet}' in other letters: xl-ratings writes its results to '{sheet}', "
    "and a workbook cannot hold both; rename this sheet (or delete it)",
    "此工作表名与结果工作表 '{sheet}' 仅大小写不同：xl-ratings 把结果写入 '{sheet}'，工作簿不能同时含有两者；"
    "请给此工作表改名（或删除它）")
# ---- a cell (engine/cells.py)
CELL_EMPTY = message("sheets.cell_empty", "is empty", "为空")
CELL_NOT_A_DATE = message(
    "sheets.cell_not_a_date",
    "is not a date (write it as a date, e.g. 2026-03-01)",
    "不是日期（请输入日期，如 2026-03-01）")
CELL_NOT_A_NUMBER = message(
    "sheets.cell_not_a_number",
    "must be a number (this cell holds text; retype it as a number)",
    "必须是数字（此单元格是文本，请重新输入为数字）")
