"""Messages: the Excel surface (functions in cells, one-click scripts) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message


# one click: what the officer cannot see (the command line refuses the same, xl_ratings.xlsx.safety)
HIDDEN_ROWS = message(
    "excel.hidden_rows",
    "row(s) {rows} of {sheet} hidden (or filtered out): show them (clear the filter, or select the rows ▸ "
    "right-click ▸ Unhide) or delete them, then run again — what is processed must be what you see",
    "{sheet} 的第 {rows} 行被隐藏（或被筛选掉）：请显示这些行（清除筛选，或选中这些行 ▸ 右键 ▸ 取消隐藏）或删除它们，"
    "然后重新运行——处理的内容必须是看得见的内容")
MERGES_NOT_CHECKED = message(
    "excel.merges_not_checked",
    "not checked for merged cells: {engine} does not tell Python which cells are merged, so a merged cell counts "
    "in its first row only (its other rows read as empty); before relying on this list, unmerge the cells of the "
    "input sheets (Home ▸ Merge & Center ▸ Unmerge Cells), or run xl-ratings process on the saved file, which reads "
    "each merged cell as its value",
    "未检查合并单元格：{engine} 不向 Python 提供哪些单元格被合并的信息，合并单元格只计入其第一行（其余各行读作空白）；"
    "使用此名单前，请取消输入工作表中的合并单元格（开始 ▸ 合并后居中 ▸ 取消单元格合并），或对保存的文件运行 "
    "xl-ratings process（它把合并单元格读作其值）")
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
MORE_LINES = message(
    "excel.more_lines",
    "… and {count} more line(s), not shown here (a message box holds 1,000 characters): xlwings Lite, "
    "LibreOffice and the command line show them all",
    "…… 另有 {count} 行未在此显示（消息框只容 1000 个字符）：xlwings Lite、LibreOffice 和命令行会全部显示")

IMPORTED = message(
    "excel.imported",
    "{games:game|games} imported into Players, Events and Games",
    "已导入 {games} 局到 Players、Events 和 Games")
IMPORT_PROBLEMS = message(
    "excel.import_problems",
    "{count} problem(s), nothing was imported: see the Checks sheet (a question about a player is answered on "
    "the Import sheet, a line above the table: match NAME=ID or new NAME)",
    "{count} 个问题，未导入任何内容：请查看 Checks 工作表（关于棋手的问题请在 Import（导入）表的表格上方加一行回答："
    "对应 match 姓名=编号，或 新棋手 new 姓名）")
LIST_PROBLEMS = message(
    "excel.list_problems",
    "{count} problem(s), no rating list was made: see the Checks sheet",
    "{count} 个问题，未生成等级分名单：请查看 Checks 工作表")
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
IMPORT_SHEET_FILE_NAME = message(
    "excel.import_sheet_file_name",
    "holds the name of a file, not a crosstable: one click cannot open files; open the file, copy its table and "
    "paste it into the Import sheet below the lines 赛事 event, 名称 name, 开始 start, 结束 end (from row 7, as the "
    "template shows), then import again -- or import the file itself with: xl-ratings import FILE --into WORKBOOK",
    "填的是文件名，而不是成绩表：一键导入不能打开文件；请打开该文件，复制其中的表格，粘贴到 Import（导入）表中 "
    "赛事 event、名称 name、开始 start、结束 end 几行的下方（如模板所示，从第 7 行起），再导入一次；或用命令行直接导入该"
    "文件：xl-ratings import FILE --into WORKBOOK")
# the Checks sheet's columns when one click lists problems
HEAD_PROBLEM = message("excel.head_problem", "problem", "问题")
HEAD_CHINESE = message("excel.head_chinese", "(Chinese)", "说明")
HEAD_SHEET = message("excel.head_sheet", "sheet", "工作表")
HEAD_ROW = message("excel.head_row", "row", "行")
HEAD_COLUMN = message("excel.head_column", "column", "列")
HEAD_VALUE = message("excel.head_value", "value", "值")

# ------------------------------------------------------------------ Excel functions (excel/functions.py, ranges.py)
# CONTRACT §1: a bad argument raises an error naming the function, the argument and the value
# ("RANK_RATING: unknown system 'x'; use …"); ``str()`` of the error is the English.
UDF_ARGUMENT = message("excel.udf_argument", "{func}: {arg}{pos}{shown} {problem}", "{func}：参数 {arg}{pos}{shown} {problem}")
UDF_ROW = message("excel.udf_row", " row {row}", " 第 {row} 行")
UDF_COLUMN = message("excel.udf_column", " column {column}", " 第 {column} 列")
UDF_CELL = message("excel.udf_cell", " row {row}, column {column}", " 第 {row} 行第 {column} 列")
UDF_BOOLEAN = message("excel.udf_boolean", "is TRUE/FALSE, not a number", "是 TRUE/FALSE，不是数字")
UDF_NOT_FINITE = message("excel.udf_not_finite", "is not a finite number", "不是有限的数字")
UDF_NOT_NUMBER = message("excel.udf_not_number", "is not a number", "不是数字")
UDF_SHAPES_DIFFER = message(
    "excel.udf_shapes_differ",
    "{func}: {name} is {shape} but the other ranges are {other}; give ranges of the same size, or a single cell",
    "{func}：{name} 是 {shape}，而其他区域是 {other}；请给出大小相同的区域，或单个单元格")
UDF_GAMES_SHAPE = message(
    "excel.udf_games_shape",
    "{func}: {name} is {shape} but {first} is {other}; each game needs one cell in each range",
    "{func}：{name} 是 {shape}，而 {first} 是 {other}；每局在每个区域中各占一个单元格")
UDF_PLAYERS_ROWS = message(
    "excel.udf_players_rows",
    "{func}: {players} players but {first} has {rows} rows; give one row of games per player",
    "{func}：有 {players} 名棋手，但 {first} 有 {rows} 行；请每名棋手一行对局")
UDF_EMPTY_BUT = message("excel.udf_empty_but", "is empty but {other} is filled", "为空，但 {other} 已填写")
UDF_UNKNOWN_CHOICE = message(
    "excel.udf_unknown_choice",
    "{func}: unknown {arg} {value}; use {listed}",
    "{func}：未知的 {arg} {value}；请用 {listed}")
UDF_RATING_ABOVE_0 = message(
    "excel.udf_rating_above_0",
    "is not a possible rating: it must be above 0",
    "不是可能的等级分：必须大于 0")
UDF_BELOW_GOR_FLOOR = message(
    "excel.udf_below_gor_floor",
    "is below the GoR floor of {floor:g}: no GoR is lower",
    "低于 GoR 下限 {floor:g}：没有更低的棋力分")
UDF_WHOLE_NUMBER = message("excel.udf_whole_number", "must be a whole number, 0 or more", "必须是不小于 0 的整数")
UDF_STONES = message(
    "excel.udf_stones",
    "must be a whole number of stones from -{stones} to {stones} (negative: gives)",
    "须为 -{stones} 到 {stones} 的整数子数（负数：让出）")
UDF_ARG_ROWS = message(
    "excel.udf_arg_rows",
    "{func}: {arg} has {rows} rows but there are {players} players; give one per player, or a single cell",
    "{func}：{arg} 有 {rows} 行，而棋手有 {players} 名；请每名棋手一个，或只给一个单元格")
UDF_EMPTY_ROWS = message(
    "excel.udf_empty_rows",
    "{func}: {arg} is a list of empty rows; give a range (rows of at least one cell) or a single value",
    "{func}：参数 {arg} 是由空行组成的列表；请给出区域（每行至少一个单元格）或单个值")
UDF_RAGGED = message(
    "excel.udf_ragged",
    "{func}: {arg} is not a rectangular range: its rows hold {widths} cells; give rows of the same length "
    "(a range), or a single value",
    "{func}：参数 {arg} 不是矩形区域：各行分别有 {widths} 个单元格；请给出长度相同的行（一个区域），或单个值")
UDF_K_RANGE = message(
    "excel.udf_k_range",
    "must be from 0 to {highest:g} (FIDE's largest K is 40; a typo?)",
    "须在 0 到 {highest:g} 之间（FIDE 最大的 K 为 40；输入错误？）")
UDF_PENG_POINTS = message(
    "excel.udf_peng_points",
    "must be from 0 to {highest:,.0f}: no Peng score is negative or higher (a typo?)",
    "须在 0 到 {highest:,.0f} 之间：彭氏等级分没有负数，也不会更高（输入错误？）")
UDF_NOT_AWARDED = message(
    "excel.udf_not_awarded",
    "is not an awarded title; use 特级大师 or 一级大师",
    "不是授予的称号；请用 特级大师 或 一级大师")
UDF_NOT_A_WEIGHT = message(
    "excel.udf_not_a_weight",
    "is not a weight or a class (A/B/C, 甲/乙/丙)",
    "不是权重或赛事级别（A/B/C、甲/乙/丙）")
UDF_WEIGHT_RANGE = message(
    "excel.udf_weight_range",
    "must be above 0 and at most 1: 1 for 甲/A, 0.75 for 乙/B, 0.5 for 丙/C (a typo?)",
    "须大于 0 且不大于 1：甲/A 为 1，乙/B 为 0.75，丙/C 为 0.5（输入错误？）")
RATING_TOO_HIGH = message(
    "excel.rating_too_high",
    "is above {highest:g}, the highest rating it can be (a typo?)",
    "高于 {highest:g}，等级分不可能这么高（输入错误？）")
RATING_TOO_LOW = message(
    "excel.rating_too_low",
    "is below {lowest:g}, the lowest rating it can be (a typo?)",
    "低于 {lowest:g}，等级分不可能这么低（输入错误？）")

# ------------------------------------------------------------------ one click: where the refusal is told
CHECKS_NOT_OURS = message(
    "excel.checks_not_ours",
    "{count} problem(s), nothing was done: your sheet named Checks was not written by xl-ratings (its first cell "
    "is {first}) and is kept as it is, so the problems are listed here; rename that sheet to have them listed on a "
    "Checks sheet",
    "{count} 个问题，未作任何处理：您名为 Checks 的工作表不是 xl-ratings 写入的（其第一个单元格为 {first}），保持原样"
    "未动，因此问题列在这里；如要把问题列在 Checks 工作表上，请给该工作表改名")
IMPORT_WOULD_LOSE_HISTORY = message(
    "excel.import_would_lose_history",
    "nothing was imported: the History is refused (the problems below), and one click cannot be undone; put the "
    "History right first (from an earlier copy you keep, or re-rate the saved file with xl-ratings process --from), "
    "then import",
    "未导入任何内容：History 有问题（见下），而一键操作无法撤销；请先修正 History（从您另存的较早副本恢复，"
    "或对保存的文件运行 xl-ratings process --from 重新计算），再导入")

# ------------------------------------------------------------------ the Import sheet's way out (one click)
# The twins of the command line's refusals whose advice names its options (imports.*): the same
# parameters, the way out told as lines above the table of the Import sheet (jobs/book_import.py).
SHEET_REPLACE_OTHER_EVENT = message(
    "excel.sheet_replace_other_event",
    "the line “replace” {event} names another event than the one this table repeats: its games are those of "
    "{other} ({name}); write “replace” {other}",
    "“替换 replace” {event} 与本表格重复的赛事不符：本表格的对局属于 {other}（{name}）；请改为“替换 replace” {other}")
SHEET_EVENT_HAS_GAMES = message(
    "excel.sheet_event_has_games",
    "event {event} ({name}) is already in the workbook with {games} games; to replace its games, add the line "
    "“replace” {event} above the table and run again",
    "赛事 {event}（{name}）已在工作簿中，有 {games} 局对局；如要替换其对局，请在表格上方加一行“替换 replace” {event} "
    "后再运行")
SHEET_ANSWER_FORM = message(
    "excel.sheet_answer_form",
    "a line “match” takes NAME=ID: the name as the table writes it, then the player's id in the workbook",
    "“对应 match”行的格式为 姓名=编号：先写表格中的姓名，再写工作簿中该棋手的编号")
SHEET_ANSWER_UNKNOWN_ID = message(
    "excel.sheet_answer_unknown_id",
    "the line “match” {name}={id}: the Players sheet has no player {id}",
    "“对应 match” {name}={id}：Players 表中没有编号为 {id} 的棋手")
SHEET_SUMMARY_POSSIBLE_MATCH = message(
    "excel.sheet_summary_possible_match",
    "possible match: {id} {book_name} ({book_club}) for {name} ({where}), entered as new player {new}; if they are "
    "the same person, import again into the workbook as it was before (not saved) with the line “match” "
    "{name}={id} above the table",
    "可能是同一人：{id} {book_name}（{book_club}）与 {name}（{where}），后者作为新棋手 {new} 录入；如是同一人，"
    "请在导入前的工作簿（未保存）中于表格上方加一行“对应 match” {name}={id} 后重新导入")
