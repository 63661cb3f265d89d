"""Messages: the Excel surface (functions in cells, one-click scripts) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


# one click: what the officer cannot see (the command line refuses the same, xl_ratings.workbook.safety)
HIDDEN_ROWS = message(
    "excel.hidden_rows",
    "row(s) {rows} of {sheet} hidden (or filtered out): show them (clear the filter, or select the rows ▸ "
    "right-click ▸ Unhide) or delete them, then run again — what is processed must be what you see",
    "{sheet} 的第 {rows} 行被隐藏（或被筛选掉）：请显示这些行（清除筛选，或选中这些行 ▸ 右键 ▸ 取消隐藏）或删除它们，"
    "然后重新运行——处理的内容必须是看得见的内容")
HIDDEN_SHEET = message(
    "excel.hidden_sheet",
    "the sheet is hidden: unhide it (right-click a sheet tab ▸ Unhide) and run again — what is processed must "
    "be what you see",
    "工作表被隐藏：请取消隐藏（右键单击工作表标签 ▸ 取消隐藏）后重新运行——处理的内容必须是看得见的内容")
ROWS_NOT_CHECKED = message(
    "excel.rows_not_checked",
    "not checked for hidden or filtered-out rows: {engine} does not tell Python which rows are hidden; "
    "before relying on this list, clear every filter and unhide every row of the input sheets "
    "(Home ▸ Format ▸ Hide & Unhide ▸ Unhide Rows), or run xl-ratings process on the saved file, which checks them",
    "未检查隐藏或被筛选掉的行：{engine} 不向 Python 提供行是否隐藏的信息；使用此名单前，请清除输入工作表的所有筛选并"
    "取消隐藏所有行（开始 ▸ 格式 ▸ 隐藏和取消隐藏 ▸ 取消隐藏行），或对保存的文件运行 xl-ratings process（它会检查）")

# one click: what the officer is told at the end
PROCESSED = message(
    "excel.processed",
    "{system}: period(s) {periods} processed, {players} players on the list; the result sheets are written",
    "{system}：已处理周期 {periods}，名单共 {players} 名棋手；结果工作表已写入")
IMPORTED = message(
    "excel.imported",
    "{games} games imported into Players, Events and Games",
    "已导入 {games} 局到 Players、Events 和 Games")
PROBLEMS = message(
    "excel.problems",
    "{count} problem(s), nothing was processed: see the Checks sheet",
    "{count} 个问题，未作任何处理：请查看 Checks 工作表")
