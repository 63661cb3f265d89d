"""Messages: the input sheets (Settings, Players, Events, Games, Awards, Points, History) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message


ID_DIFFERS_ONLY_IN_CASE = message(
    "sheets.id_differs_only_in_case",
    "duplicate player id: it differs from {other} (row {row}) only in upper and lower case, and a result file "
    "may write either; give one of the two players another id",
    "棋手编号重复：与第 {row} 行的 {other} 只有大小写不同，成绩文件可能写成任一种；请给其中一人换一个编号")
ID_INVISIBLE = message(
    "sheets.id_invisible",
    "holds an invisible character: {shown}; it looks like {id} but is another id to every other cell that says "
    "{id}: delete the character (retype the id)",
    "含有看不见的字符：{shown}；看起来是 {id}，但与其他单元格中的 {id} 不是同一个编号：请删除该字符（重新输入编号）")
TIME_NOT_DATE = message(
    "sheets.time_not_date",
    "is a time of day ({time}), not a date: Excel's dates begin on 1900-01-01, and a date before it (or a time "
    "typed alone) is kept as a time; write the day of the game, e.g. 2026-03-01",
    "是一天中的时间（{time}），不是日期：Excel 的日期从 1900-01-01 开始，更早的日期（或只输入时间）会被存为时间；"
    "请填写比赛的日期，如 2026-03-01")
PLAYER_WITHOUT_NAME = message(
    "sheets.player_without_name",
    "player {id} has no name: type it (every list shows it, and a rating list needs it in Latin letters)",
    "棋手 {id} 没有姓名：请填写（各名单都显示姓名，编排软件用的等级分名单还需要其拉丁字母写法）")
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
    "is not a date (write it as YYYY-MM-DD, e.g. 2026-03-01, and nothing else in the cell: text is read as a "
    "date only when written so, and a cell formatted as Text keeps what is typed as text; or clear the Text "
    "format and type the date again)",
    "不是日期（请按 YYYY-MM-DD 填写，如 2026-03-01，单元格中不要有其他内容：文本只有这样写才会读作日期，"
    "设为文本格式的单元格会把输入的内容保存为文本；也可以取消文本格式后重新输入日期）")
CELL_NOT_A_NUMBER = message(
    "sheets.cell_not_a_number",
    "must be a number (this cell holds text; retype it as a number)",
    "必须是数字（此单元格是文本，请重新输入为数字）")
#: a number cell holding NaN or an infinity (no spreadsheet program types one; a program wrote it):
#: never read as a blank, nor as a date -- in any cell of a sheet that is read (engine/cells.py,
#: xlsx/safety.py, excel/visibility.py)
CELL_NOT_FINITE = message(
    "sheets.cell_not_finite",
    "is not a number: the cell holds {shown}, a value a program wrote (NaN or infinity) that Excel cannot show; "
    "type the number (or the date), or clear the cell",
    "不是数字：此单元格存有 {shown}，这是程序写入的值（NaN 或无穷大），Excel 无法显示；请输入数字（或日期），或清空单元格")
#: a date cell holding a plain number that is a year (2026): Excel reads it as a day of 1905
DATE_LOOKS_LIKE_A_YEAR = message(
    "sheets.date_looks_like_a_year",
    "holds {year}, which looks like a year, not a date (as a date it is {day}); type the full date, "
    "e.g. {year}-06-01",
    "是 {year}，像是年份而不是日期（作为日期是 {day}）；请填写完整日期，如 {year}-06-01")
DATE_TOO_EARLY = message(
    "sheets.date_too_early",
    "is {day}, before 1900-03-01: no date of the records is so early (a small number typed into a date cell -- "
    "3 reads 1900-01-03 -- or a mistyped year); type the full date, e.g. 2026-03-01",
    "是 {day}，早于 1900-03-01：记录中的日期不会这么早（可能是在日期单元格中输入了小的数字——3 读作 1900-01-03——"
    "或年份输错）；请填写完整日期，如 2026-03-01")
DATE_TOO_LATE = message(
    "sheets.date_too_late",
    "is {day}, after {last}: too far ahead to be a date of the records (a mistyped year?); type the full date, "
    "e.g. 2026-03-01",
    "是 {day}，晚于 {last}：日期太远，不会是记录中的日期（年份输错？）；请填写完整日期，如 2026-03-01")
CELL_EMPTY_MERGED = message(
    "sheets.cell_empty_merged",
    "is empty: it lies in the merged cells {range}, whose value is kept in their first cell {first} alone, and "
    "none is there; type the value into {first}, or unmerge the cells (Home ▸ Merge & Center) and fill in each "
    "row's cell",
    "为空：它位于合并单元格 {range} 中，合并单元格的值只保存在第一个单元格 {first}，而那里没有值；请在 {first} 中"
    "输入，或取消合并（开始 ▸ 合并后居中）并填写每一行的单元格")
CELL_NUMBER_IN_TEXT_FORMAT = message(
    "sheets.cell_number_in_text_format",
    "must be a number: this cell is formatted as Text, so what is typed in it stays text (retyping alone does not "
    "help); set the cells' format to General or Number (Format Cells ▸ Number), then type the number again -- or, "
    "for a whole column, select it and run Data ▸ Text to Columns ▸ Finish",
    "必须是数字：此单元格的格式为“文本”，输入的内容都会保存为文本（仅重新输入没有用）；请把单元格格式改为“常规”"
    "或“数值”（设置单元格格式 ▸ 数字），再重新输入数字；整列可选中后点 数据 ▸ 分列 ▸ 完成")
# --------------------------------------------------------------------------- Settings
SETTING_TWICE = message(
    "sheets.setting_twice",
    "the setting '{key}' is given twice (rows {first} and {row}): only one can count; keep one row",
    "设置 '{key}' 出现了两次（第 {first} 行和第 {row} 行）：只能有一个有效；请只保留一行")
SETTING_ENTRY_TWICE = message(
    "sheets.setting_entry_twice",
    "the table '{key}' has the entry '{entry}' twice (rows {first} and {row}): only one can count; keep one row",
    "对照表 '{key}' 中 '{entry}' 出现了两次（第 {first} 行和第 {row} 行）：只能有一个有效；请只保留一行")
SETTING_TABLE_GAP = message(
    "sheets.setting_table_gap",
    "this row looks like an entry of the table '{key}' (its key is not a setting's name), but a blank row "
    "ended that table after row {end}: delete the blank row(s) to keep this row and those below it in the "
    "table -- or, if it is a setting, correct its name",
    "此行看似对照表 '{key}' 中的一项（键不是设置项名称），但第 {end} 行之后的空行已结束该表：请删除空行，"
    "使此行及其下各行留在表中；如果它是一个设置项，请改正其名称")
SETTING_TABLE_NO_KEY = message(
    "sheets.setting_table_no_key",
    "this row holds a table's column heads, but the row above them that names the table (its key, and the "
    "value '见下表 table below') is missing: put that row back (the template has it), or delete the table",
    "此行是对照表的列名，但其上方写明表名的行（键，值为“见下表 table below”）不见了：请补回该行（模板中有），"
    "或删除整个表")
SETTING_TABLE_EMPTY = message(
    "sheets.setting_table_empty",
    "the table '{key}' has no entries: its key row and its column heads are here, but no row of entries "
    "follows right below them (moved or deleted?). Put the entries back right below the column heads (undo, "
    "the backup xl-ratings keeps beside the workbook (.backup.xlsx), or a new workbook's Settings: xl-ratings "
    "new {system}) -- or delete the table's key row and column heads to use the rulebook's table",
    "对照表 '{key}' 没有任何条目：表名行和列名都在，但紧接其下没有条目行（被移走或删除了？）。请把条目放回列名正下方"
    "（撤销、xl-ratings 在工作簿旁保存的备份（.backup.xlsx），或新工作簿的设置表：xl-ratings new {system}）；"
    "或删除该表的表名行和列名行，以使用规则规定的表")
SETTING_AMONG_TABLE_ENTRIES = message(
    "sheets.setting_among_table_entries",
    "the setting '{key}' stands among the entries of the table '{table}' (its entries run from row {first} "
    "to row {last}): a table's entries follow its column heads without a break, so this row would end the "
    "table and the entries below it would be read as settings. Cut this row and paste it above the table, or "
    "below the blank row after it",
    "设置项 '{key}' 夹在对照表 '{table}' 的条目之间（条目从第 {first} 行到第 {last} 行）：表的条目须紧接列名、"
    "中间不断开，此行会截断该表，其下的条目会被当作设置项。请剪切此行，粘贴到该表上方，或表后空行之下")
SETTING_TABLE_HEADS_OF_OTHER = message(
    "sheets.setting_table_heads_of_other",
    "these are the column heads of the table '{other}' ({heads}), but the row above them names the table "
    "'{key}': were the tables' key rows swapped? Put each table's key row back right above its own column "
    "heads (a new workbook's Settings shows them: xl-ratings new {system})",
    "这是对照表 '{other}' 的列名（{heads}），但其上一行写的表名是 '{key}'：两个表的表名行被互换了？请把每个表的"
    "表名行放回它自己的列名正上方（新工作簿的设置表中可见：xl-ratings new {system}）")
SETTINGS_HEADER_MOVED = message(
    "sheets.settings_header_moved",
    "the Settings sheet's header row (项目 key | 值 value | 说明 note) is on row {row}, not above the settings "
    "(sorted with Data ▸ Sort with the header among the rows?): nothing of the Settings is read. Undo the sort "
    "(Ctrl+Z) while the workbook is still open, or move the header row back to the top -- and sort again with "
    "the range's first row as its header",
    "设置（Settings）表的表头行（项目 key | 值 value | 说明 note）在第 {row} 行，不在各设置项之上（用“数据 ▸ 排序”"
    "排序时把表头也排进去了？）：设置表未被读取。请在工作簿未关闭时撤销排序（Ctrl+Z），或把表头行移回最上面——"
    "再次排序时请将首行作为标题")
SETTINGS_REORDERED = message(
    "sheets.settings_reordered",
    "the Settings sheet's rows are out of their order (sorted with Data ▸ Sort?): the tables {tables} are "
    "laid out as rows -- the key row ('见下表 table below'), its column heads, then one row per entry -- and "
    "their rows no longer stand together, so no entry can be told to belong to its table; nothing of the "
    "Settings is read. Undo the sort (Ctrl+Z) while the workbook is still open, or copy the Settings sheet "
    "back from the backup xl-ratings keeps beside the workbook (.backup.xlsx) or from a new workbook "
    "(xl-ratings new {system}), then change the values you need; sort a table's entries only, never the sheet",
    "设置（Settings）表的行顺序被打乱了（用“数据 ▸ 排序”排过序？）：对照表 {tables} 按行排列——"
    "表名行（值为“见下表 table below”）、列名行、每项一行——这些行已不在一起，无法判断各项属于哪个表；"
    "设置表的内容均未读取。请在工作簿仍打开时撤销排序（Ctrl+Z），或从工作簿旁 xl-ratings 保留的备份"
    "（.backup.xlsx）或新工作簿（xl-ratings new {system}）中把设置表复制回来，再修改需要的值；"
    "只可对一个表内的各项排序，不要对整张表排序")
SETTING_NOT_WHOLE = message(
    "sheets.setting_not_whole",
    "the setting '{key}' must be a whole number (a count)",
    "设置 '{key}' 必须是整数（个数）")
SETTING_NOT_FINITE = message(
    "sheets.setting_not_finite",
    "the setting '{key}' must be a finite number",
    "设置 '{key}' 必须是有限的数")
SETTING_FROM_TO = message(
    "sheets.setting_from_to",
    "the setting '{key}' must be from {low} to {high}; correct the typo",
    "设置 '{key}' 必须在 {low} 到 {high} 之间；请更正")
SETTING_ABOVE_UPTO = message(
    "sheets.setting_above_upto",
    "the setting '{key}' must be above {low} and at most {high}; correct the typo",
    "设置 '{key}' 必须大于 {low} 且不超过 {high}；请更正")
SETTING_AT_LEAST = message(
    "sheets.setting_at_least",
    "the setting '{key}' must be at least {low}; correct the typo",
    "设置 '{key}' 必须不小于 {low}；请更正")
SETTING_ABOVE = message(
    "sheets.setting_above",
    "the setting '{key}' must be above {low}; correct the typo",
    "设置 '{key}' 必须大于 {low}；请更正")
SETTING_ORDER = message(
    "sheets.setting_order",
    "the setting '{low_key}' ({low}) must not be above '{high_key}' ({high})",
    "设置 '{low_key}'（{low}）不能大于 '{high_key}'（{high}）")

# --------------------------------------------------------------------------- what the officer sees
COLUMN_ENTRY_DAMAGED = message(
    "sheets.column_entry_damaged",
    "a hidden (or zero-width) column entry of this sheet does not say which columns it hides (its min and max are "
    "missing: the file is damaged); open the file in Excel or LibreOffice, unhide every column, and save it",
    "此工作表中一个隐藏（或宽度为零）的列条目没有说明隐藏哪些列（缺少 min 和 max：文件已损坏）；请用 Excel 或 "
    "LibreOffice 打开文件，取消隐藏所有列后保存")
CELL_TOO_LONG = message(
    "sheets.cell_too_long",
    "holds {chars} characters; a cell holds at most 32,767 (Excel cannot open a file with more): shorten it",
    "含 {chars} 个字符；一个单元格最多 32,767 个字符（否则 Excel 无法打开文件）：请缩短")

# --------------------------------------------------------------------------- Games
ROUND_NOT_WHOLE = message(
    "sheets.round_not_whole",
    "a round is a whole number from 1 (or left blank; 3, 第3轮, R3 and Round 3 are read as 3): "
    "write the round's number",
    "轮次应为从 1 开始的整数（或留空；3、第3轮、R3、Round 3 均读作 3）：请填写轮次的数字")
ROUNDS_NOT_WHOLE = message(
    "sheets.rounds_not_whole",
    "a round is a whole number from 1 (or left blank; 3, 第3轮, R3 and Round 3 are read as 3): "
    "{count} rows of this column hold something else (rows {rows}; the first shown): write each round's number",
    "轮次应为从 1 开始的整数（或留空；3、第3轮、R3、Round 3 均读作 3）：此列有 {count} 行不是（第 {rows} 行；"
    "所示为第一行）：请填写每一轮的数字")
# --- a game list read in batches (engine/stream.py, workbook/game_stream.py)
MORE_LIKE_THIS = message(
    "sheets.more_like_this",
    "and {count:,} more like the above in this column",
    "此列还有 {count:,} 个同类问题")
EVERY_PROBLEM_LISTED = message(
    "sheets.every_problem_listed",
    "every problem ({total:,} in all) is listed in {path}",
    "全部问题（共 {total:,} 个）列在 {path}")
LIST_CHANGED_WHILE_READ = message(
    "sheets.list_changed_while_read",
    "the file changed while it was being read (it is read more than once); nothing was written: run again "
    "once it is complete",
    "读取期间文件被修改（该文件需要读取多次）；未写入任何内容：请在文件完整后重新运行")
RAGGED_ROW = message(
    "sheets.ragged_row",
    "this line has {found} values where the header has {expected} columns (a comma too many or too few, "
    "or a quote not closed): correct the line",
    "此行有 {found} 个值，而表头有 {expected} 列（逗号多了或少了，或引号未闭合）：请改正此行")
SETTING_GIVEN_AS_OPTION = message(
    "sheets.setting_given_as_option",
    "{option}: {problem}",
    "选项 {option}：{problem}")
SETTING_YES_NO = message(
    "sheets.setting_yes_no",
    "must be yes or no",
    "须为 yes 或 no（是/否）")
SETTING_NOT_PAIR = message(
    "sheets.setting_not_pair",
    "{part!r} is not a key:value pair",
    "{part!r} 不是“键:值”形式")
SETTING_UNKNOWN = message(
    "sheets.setting_unknown",
    "unknown setting {key!r} for {system}; known: system, federation, country, {known}",
    "未知的设置项 {key!r}（{system}）；可用的有：system、federation、country、{known}")
SETTING_NOT_CHANGEABLE = message(
    "sheets.setting_not_changeable",
    "setting {key!r} cannot be changed in the Settings sheet",
    "设置项 {key!r} 不能在 Settings 表中修改")
GAME_LIST_UNREADABLE = message(
    "sheets.game_list_unreadable",
    "cannot be read as a {kind} file: it is damaged, or not {kind} (a CSV file is text: comma-separated, UTF-8, "
    "one header row)",
    "无法作为 {kind} 文件读取：文件已损坏或不是 {kind} 格式（CSV 文件是文本：逗号分隔，UTF-8，一行列名）")

# --------------------------------------------------------------------------- reading the input sheets (engine/inputs.py)
SHEET_MISSING_FOUND = message(
    "sheets.sheet_missing_found",
    "required sheet '{sheet}' is missing (sheets found: {found}; name a sheet {names} -- case does not matter)",
    "缺少必需的工作表 '{sheet}'（现有工作表：{found}；请将工作表命名为 {names}，不区分大小写）")
NAMES_OR = message("sheets.names_or", "{names} or {last}", "{names} 或 {last}")
NONE_FOUND = message("sheets.none_found", "none", "无")
SHEET_EMPTY = message(
    "sheets.sheet_empty",
    "the sheet is empty: the first row must hold the column names",
    "工作表为空：第一行须为列名")
COLUMN_NAME_SLIP = message(
    "sheets.column_name_slip",
    "the column '{header}' is named like the column '{column}', which this sheet lacks: if it is that "
    "column, head it '{column}' (else its values would be left out, as a column of your own); if it is a "
    "column of your own, give it a name of its own",
    "列 '{header}' 的名称与本表缺少的列 '{column}' 相近：如果就是该列，请把表头改为 '{column}'（否则其数值会被当作"
    "您自己的列而不读取）；如果是您自己的列，请另取一个名称")
COLUMN_TWICE = message(
    "sheets.column_twice",
    "columns {first} ('{first_header}') and {second} ('{second_header}') are both the column '{column}': only "
    "one can be read, and which one is meant is not known; keep one (delete the other, or give it a name of "
    "its own)",
    "第 {first} 列（'{first_header}'）和第 {second} 列（'{second_header}'）都是 '{column}' 列：只能读取其中一列，"
    "无法确定应读哪一列；请只保留一列（删除另一列，或另起一个名称）")
SHEET_TWICE = message(
    "sheets.sheet_twice",
    "the sheets '{first}' and '{second}' are both the {role} sheet (it may be named {names}): only one can be "
    "read, and which one is meant is not known; keep one (move the rows of the other into it, then delete "
    "the other sheet or give it a name of its own)",
    "工作表 '{first}' 和 '{second}' 都是 {role} 表（其名称可为 {names}）：只能读取其中一个，无法确定应读哪一个；"
    "请只保留一个（把另一个表的行移入其中，再删除另一个表或另起一个名称）")
COLUMN_MISSING = message(
    "sheets.column_missing",
    "required column '{column}' is missing (found: {found})",
    "缺少必需的列 '{column}'（现有的列：{found}）")
CELL_EMPTY_DATE = message("sheets.cell_empty_date", "is empty: a date is needed", "为空：需要日期")
CELL_NOT_A_COUNT = message("sheets.cell_not_a_count", "must be a whole number ≥ 0", "必须是不小于 0 的整数")
NOT_A_RATING = message(
    "sheets.not_a_rating",
    "is not a possible {system} rating (from {low} to {high}); correct the typo",
    "不是可能的 {system} 等级分（应在 {low} 到 {high} 之间）；请更正")
DUPLICATE_PLAYER_ID = message(
    "sheets.duplicate_player_id",
    "duplicate player id (first on row {row})",
    "棋手编号重复（首次出现在第 {row} 行）")
DUPLICATE_EVENT_ID = message(
    "sheets.duplicate_event_id",
    "duplicate event id (first on row {row})",
    "赛事编号重复（首次出现在第 {row} 行）")
SEX = message("sheets.sex", "must be M/F or 男/女", "性别须为 M/F 或 男/女")
MEMBER = message("sheets.member", "must be yes or no (是/否)", "须为 yes 或 no（是/否）")
FORMAT = message("sheets.format", "must be round_robin, swiss or games", "赛制须为 round_robin、swiss 或 games")
EVENT_STARTS_AFTER_END = message(
    "sheets.event_starts_after_end",
    "the event starts after it ends ({end})",
    "赛事开始日期晚于结束日期（{end}）")
NOT_A_PLAYER_ID = message("sheets.not_a_player_id", "is not a player id of the Players sheet", "不是 Players 表中的棋手编号")
NOT_A_PLAYER_ID_CASE = message(
    "sheets.not_a_player_id_case",
    "is not a player id of the Players sheet; {other} is (the same letters in other upper and lower case): "
    "write it as {other}",
    "不是 Players 表中的棋手编号；{other} 是（字母相同，只是大小写不同）：请写作 {other}")
NOT_A_PLAYER_ID_WIDTH = message(
    "sheets.not_a_player_id_width",
    "is not a player id of the Players sheet; {other} is (the same id typed in full-width characters, as a Chinese "
    "input method types them): write it as {other}",
    "不是 Players 表中的棋手编号；{other} 是（同一编号，但用了全角字符，中文输入法常如此输入）：请用半角写作 {other}")
NOT_A_PLAYER_ID_NAME = message(
    "sheets.not_a_player_id_name",
    "is not a player id of the Players sheet but the name of player {other}: write the id {other}",
    "不是 Players 表中的棋手编号，而是棋手 {other} 的姓名：请填写编号 {other}")
NOT_IN_PLAYERS_FILE = message(
    "sheets.not_in_players_file",
    "is not a player id of the players file {file} (--players)",
    "不是棋手文件 {file}（--players）中的棋手编号")
NOT_IN_PLAYERS_FILE_CASE = message(
    "sheets.not_in_players_file_case",
    "is not a player id of the players file {file} (--players); {other} is (the same letters in other upper and "
    "lower case): write it as {other}",
    "不是棋手文件 {file}（--players）中的棋手编号；{other} 是（字母相同，只是大小写不同）：请写作 {other}")
NOT_IN_PLAYERS_FILE_WIDTH = message(
    "sheets.not_in_players_file_width",
    "is not a player id of the players file {file} (--players); {other} is (the same id typed in full-width "
    "characters, as a Chinese input method types them): write it as {other}",
    "不是棋手文件 {file}（--players）中的棋手编号；{other} 是（同一编号，但用了全角字符，中文输入法常如此输入）：请用半角写作 {other}")
LIST_IDS_DIFFER_ONLY_IN_CASE = message(
    "sheets.list_ids_differ_only_in_case",
    "player id {id} differs from {other} (row {row}) only in upper and lower case: one player or two? A result "
    "file may write either. Write one player's id the same way on every row, or give --players with the players "
    "(ids that differ in more than case)",
    "棋手编号 {id} 与第 {row} 行的 {other} 只有大小写不同：是一名棋手还是两名？成绩文件可能写成任一种。请在每一行"
    "把同一棋手的编号写成一样，或用 --players 给出棋手（编号须不只是大小写不同）")
LIST_IDS_DIFFER_ONLY_IN_WIDTH = message(
    "sheets.list_ids_differ_only_in_width",
    "player ids {id} and {other} (row {row}) are the same but for full-width characters (as a Chinese input method "
    "types them): one player or two? Write one player's id the same way on every row, in half-width characters",
    "棋手编号 {id} 与第 {row} 行的 {other} 只有全角、半角之别（中文输入法常输入全角字符）：是一名棋手还是两名？请在每一行"
    "把同一棋手的编号写成一样，用半角字符")
NOT_AN_EVENT_ID = message("sheets.not_an_event_id", "is not an event id of the Events sheet", "不是 Events 表中的赛事编号")
POINT_KIND = message("sheets.point_kind", "must be test or bonus (测试/奖励)", "类别须为 test 或 bonus（测试/奖励）")
SYSTEM_UNKNOWN = message(
    "sheets.system_unknown",
    "Settings 'system' must be shanghai, gor, lianzhong or peng",
    "Settings 中的 system 须为 shanghai、gor、lianzhong 或 peng")

# --------------------------------------------------------------------------- Games (engine/games.py)
NOT_STONES = message(
    "sheets.not_stones",
    "handicap must be a whole number of stones from -{limit} to {limit} (negative: gives)",
    "让子数须为 -{limit} 到 {limit} 的整数（负数：让出）")
NO_ROUND_REPEAT = message(
    "sheets.no_round_repeat",
    "a pair meets at most once per round: the same pair already played on row {first} on this date, and no round is "
    "given; give the round numbers, or delete the repeat",
    "同一对棋手每轮至多对局一次：第 {first} 行已有同一天的同一对局，且未填轮次；请填写轮次，或删除重复的行")
SAME_GAME = message("sheets.same_game", "the same game is already on row {first}", "同一局已在第 {first} 行")
PLAYS_THEMSELF = message("sheets.plays_themself", "a player cannot play themself", "棋手不能与自己对局")
NOT_A_COLOUR = message(
    "sheets.not_a_colour",
    "colour is the colour the player (not the opponent) had: b (黑 Black) or w (白 White; red in Xiangqi); "
    "blank when not known",
    "执色是棋手（不是对手）所执的颜色：b（黑）或 w（白；象棋为红方）；不知道就留空")
MCMAHON_TWICE = message(
    "sheets.mcmahon_twice",
    "this player's starting McMahon score in {event} is already on row {first}: keep one row",
    "该棋手在 {event} 的麦克马洪起始分已在第 {first} 行：只保留一行")
MCMAHON_MISSING = message(
    "sheets.mcmahon_missing",
    "has a game in the McMahon event {event} (Games row {row}) but no starting McMahon score: add a row for "
    "this player (the wall list orders the event by McMahon score)",
    "在麦克马洪赛事 {event} 中有对局（Games 表第 {row} 行），但没有麦克马洪起始分：请为该棋手添加一行"
    "（名次表按麦克马洪分排序）")
RECEIVES_SO_BLACK = message(
    "sheets.receives_so_black",
    "the player receives {stones} handicap stones, so had Black (b): the player receiving stones has Black",
    "棋手受 {stones} 子，应执黑（b）：受子的一方执黑")
GIVES_SO_WHITE = message(
    "sheets.gives_so_white",
    "the player gives {stones} handicap stones, so had White (w): the player receiving stones has Black",
    "棋手让 {stones} 子，应执白（w）：受子的一方执黑")
OUTSIDE_EVENT_DATES = message(
    "sheets.outside_event_dates",
    "is outside the event's dates ({start} … {end})",
    "日期不在赛事日期范围内（{start} … {end}）")

# --------------------------------------------------------------------------- History rows (engine/ledger.py)
START_END_NEEDED = message("sheets.start_end_needed", "start and end dates are needed", "需要开始和结束日期")

# --------------------------------------------------------------------------- a CSV/Parquet game list (jobs/game_list.py, jobs/game_stream.py)
GAME_LIST_SUFFIX = message(
    "sheets.game_list_suffix",
    "a game list must be .csv or .parquet",
    "对局列表须为 .csv 或 .parquet 文件")
PARQUET_NEEDS_PYARROW = message(
    "sheets.parquet_needs_pyarrow",
    "reading Parquet needs pyarrow: pip install 'xl_ratings[parquet]'",
    "读取 Parquet 需要 pyarrow：pip install 'xl_ratings[parquet]'")
LIST_COLUMN_MISSING = message(
    "sheets.list_column_missing",
    "required column '{column}' is missing",
    "缺少必需的列 '{column}'")
LIST_NEEDS_DATE = message(
    "sheets.list_needs_date",
    "a game list without an events file needs a 'date' column",
    "没有赛事文件的对局列表须有 'date'（日期）列")
NOT_FINITE_ROWS = message(
    "sheets.not_finite_rows",
    "is not a number (NaN or infinity) in {rows}: leave the cell empty or write the number",
    "{rows}不是数字（NaN 或无穷大）：请留空或填写数字")
ROWS_AND_MORE = message(
    "sheets.rows_and_more",
    "rows {rows}, … ({count:,} rows)",
    "第 {rows} 行等（共 {count:,} 行）")
LIST_OUTPUT_CSV = message(
    "sheets.list_output_csv",
    "for a game list, --output is the rating list as .csv",
    "对局列表的 --output 是 .csv 格式的等级分名单")

# ---- a game list's --players file (jobs/list_players.py)
PLAYERS_COLUMN_UNKNOWN = message(
    "sheets.players_column_unknown",
    "is not a column of a players file (the Players sheet's columns: {known}): rename it, or delete the column",
    "不是棋手文件的列（Players 表的列：{known}）：请改名，或删除该列")
PLAYERS_GAMES_WITHOUT_RATING = message(
    "sheets.players_games_without_rating",
    "the file has no rating column, but {count:,} player(s) have games (first on row {row}): each would start "
    "at the start rating; give their ratings (a ratings file a run wrote with --output is read as it is)",
    "文件没有 rating（等级分）列，但有 {count:,} 名棋手已有对局数（第一个在第 {row} 行）：每人都会从起始等级分开始；"
    "请给出他们的等级分（用 --output 写出的等级分名单可直接读入）")
PLAYERS_RATING_WITHOUT_GAMES = message(
    "sheets.players_rating_without_games",
    "the file has a rating column but no games column, and {count:,} player(s) have ratings (first on row {row}): "
    "each would count 0 games and be rated as a new player; give their counted games in a games column (a "
    "ratings file a run wrote with --output is read as it is)",
    "文件有 rating（等级分）列但没有 games（对局数）列，而有 {count:,} 名棋手已有等级分（第一个在第 {row} 行）："
    "每人都会按 0 局计算、当作新棋手定级；请在 games 列给出其计数局数（用 --output 写出的等级分名单可直接读入）")
RATINGS_ROW_WITHOUT_RATING = message(
    "sheets.ratings_row_without_rating",
    "a player with {games:,} counted game(s) and no rating (new): the player would restart at the start rating; "
    "give the rating",
    "棋手已有 {games:,} 局计分对局，却没有等级分（new）：会从起始等级分重新开始；请填写等级分")
RATINGS_FILE_NOT_A_STATE = message(
    "sheets.ratings_file_not_a_state",
    "is a ratings file written by a run (--output: the rating in 'new'), and {system} cannot carry on from one: "
    "only lianzhong's ratings file holds the whole state its rule rates from; rate {system}'s periods in a "
    "workbook, whose History keeps what its rule needs, or rate the whole list at once, or give a players file "
    "with a 'rating' column",
    "是某次计算写出的等级分名单（--output：等级分在 'new' 列），{system} 不能从它接着计算：只有 lianzhong 的等级分名单"
    "含有其规则所需的全部状态；请在工作簿中逐期计算 {system}（History 保存规则所需的记录），或一次计算整个对局列表，"
    "或给出含 'rating' 列的棋手文件")

# ---- a game list without --players (jobs/game_stream.py)
LIST_NEEDS_PLAYERS = message(
    "sheets.list_needs_players",
    "{system} needs each player's rating or rank, and a game list alone gives none ({count} player(s)): give "
    "--players with a file of the players (the Players sheet's columns: id, name, rating or rank …)",
    "{system} 需要每名棋手的等级分或段级，而对局列表本身没有（{count} 名棋手）：请用 --players 给出棋手文件"
    "（Players 表的各列：id、name、rating 或段级 …）")

# --- the Players sheet's federation_id (engine/identity.py)
FEDERATION_ID_OF_ANOTHER = message(
    "sheets.federation_id_of_another",
    "federation_id {value} of player {player} is the id of another player, {other}: an import would take one "
    "for the other; correct it (or leave the cell blank when {player} has no federation id)",
    "棋手 {player} 的会员号 {value} 是另一位棋手 {other} 的编号：导入时会把两人混淆；请更正（{player} 没有会员号时请留空）")
FEDERATION_ID_SHARED = message(
    "sheets.federation_id_shared",
    "federation_id {value} is given to players {first} and {second}: a federation id is one player's "
    "(an import matches players by it); correct one of them, or leave the cell blank for a player without one "
    "(0, - and N/A are read as none too)",
    "会员号 {value} 同时属于棋手 {first} 与 {second}：会员号只属于一人（导入时据此认人）；请更正其中一人，"
    "没有会员号的棋手请留空（0、- 与 N/A 也视为没有）")
