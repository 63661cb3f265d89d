"""Messages: the Excel surface (functions in cells, one-click scripts) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


# one click: what the officer cannot see (the command line refuses the same, xl_ratings.xlsx.safety)
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
# ------------------------------------------------------------------ the rating list sheet (one click)
RL_SHEET_TITLE = message(
    "excel.rl_sheet_title",
    "Rating list for pairing programs, {layout} layout, period {period}: {count} players, lines {range}",
    "编排软件用等级分名单，{layout} 格式，周期 {period}：{count} 人，位于 {range}")
RL_SHEET_SAVE = message(
    "excel.rl_sheet_save",
    "To make the file: select {range}, copy, paste into a plain-text editor (Notepad, TextEdit in plain-text "
    "mode) and save it as {name}. Or run: xl-ratings publish BOOK.xlsx --rating-list {name} --layout {layout}",
    "生成文件：选中 {range}，复制，粘贴到纯文本编辑器（记事本；TextEdit 请用纯文本模式），另存为 {name}。"
    "或运行：xl-ratings publish BOOK.xlsx --rating-list {name} --layout {layout}")
RL_SHEET_LOAD_EGD = message(
    "excel.rl_sheet_load_egd",
    "OpenGotha: put the file in place of ratinglists/egf_db.txt in OpenGotha's folder, then in Players Manager "
    "click 'Use EGF rating list'. pairgoth: put the file on a web page and set ratings.egf to its address in "
    "pairgoth.properties.",
    "OpenGotha：用此文件替换 OpenGotha 文件夹中的 ratinglists/egf_db.txt，然后在 Players Manager 中点击 "
    "“Use EGF rating list”。pairgoth：把文件放到网页上，并在 pairgoth.properties 中将 ratings.egf 设为其网址。")
RL_SHEET_LOAD_FIDE = message(
    "excel.rl_sheet_load_fide",
    "Swiss-Manager, Vega: load the file as a rating list in FIDE's TXT layout (the CSV as a national list); "
    "see docs/rating-lists.md.",
    "Swiss-Manager、Vega：将文件作为 FIDE TXT 格式的等级分名单导入（CSV 作为全国名单导入）；"
    "见 docs/rating-lists.md。")
RL_SHEET_CHOOSE = message(
    "excel.rl_sheet_choose",
    "Another layout or period: change the two cells above (egd, fide or csv; a period such as 2026, blank for the "
    "latest) and run the script again.",
    "如需其他格式或周期：修改上方两格（egd、fide 或 csv；周期如 2026，留空为最新周期），再运行脚本。")
RL_SHEET_DONE = message(
    "excel.rl_sheet_done",
    "{layout} list of {period}: {count} players, lines in {range}",
    "{period} 的 {layout} 名单：{count} 名棋手，见 {range}")
USED_RANGE_TOO_BIG = message(
    "excel.used_range_too_big",
    "a value at {far} makes the sheet's used range A1:{far} ({cells:,} cells; the limit is {limit:,}): delete it",
    "{far} 处的内容使工作表的已用范围成为 A1:{far}（{cells:,} 个单元格，上限 {limit:,}）：请删除它")
NO_IMPORT_SHEET = message(
    "excel.no_import_sheet",
    "there is no Import sheet: add a sheet named Import (导入) and paste the crosstable into it",
    "没有 Import（导入）工作表：请新建名为“导入”的工作表并粘贴成绩表")
# the Checks sheet's columns when one click lists problems
HEAD_PROBLEM = message("excel.head_problem", "problem", "问题")
HEAD_CHINESE = message("excel.head_chinese", "(Chinese)", "说明")
HEAD_SHEET = message("excel.head_sheet", "sheet", "工作表")
HEAD_ROW = message("excel.head_row", "row", "行")
HEAD_COLUMN = message("excel.head_column", "column", "列")
HEAD_VALUE = message("excel.head_value", "value", "值")
