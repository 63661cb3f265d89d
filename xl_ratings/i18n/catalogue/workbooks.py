"""Messages: workbooks and their files as jobs meet them (names, kinds, templates)."""

from __future__ import annotations

from ..text import message

GAME_LIST_NEEDS_SYSTEM = message(
    "workbooks.game_list_needs_system",
    "is a {suffix} file: it is read as a game list, which needs --system (shanghai, gor, lianzhong or peng); "
    "to use it as a workbook, open it in Excel or LibreOffice and save it as .xlsx",
    "是 {suffix} 文件：作为对局列表读取，需要指定 --system（shanghai、gor、lianzhong 或 peng）；"
    "若要作为工作簿使用，请在 Excel 或 LibreOffice 中另存为 .xlsx")

XLSM_NAME_NOT_IDENTIFIER = message(
    "workbooks.xlsm_name_not_identifier",
    "classic xlwings runs 'import <workbook name>', so a .xlsm name must be a Python identifier "
    "(letters, digits, _; not starting with a digit), e.g. shanghai_2026.xlsm",
    "经典 xlwings 运行 'import <工作簿名>'，所以 .xlsm 文件名须为 Python 标识符"
    "（字母、数字、下划线，且不以数字开头），如 shanghai_2026.xlsm")
XLSM_NAME_KEYWORD = message(
    "workbooks.xlsm_name_keyword",
    "{name} is a word of the Python language: classic xlwings runs 'import {name}', which cannot run; choose "
    "another name, e.g. {name}_2026.xlsm",
    "{name} 是 Python 语言的保留字：经典 xlwings 运行 'import {name}'，无法执行；请换一个文件名，如 {name}_2026.xlsm")
XLSM_MODULE_STDLIB = message("workbooks.xlsm_module_stdlib", "of Python's standard library", "Python 标准库")
XLSM_MODULE_INSTALLED = message("workbooks.xlsm_module_installed", "installed for this Python", "本机 Python 已安装")
XLSM_NAME_SHADOWS = message(
    "workbooks.xlsm_name_shadows",
    "{name} is the name of a Python module ({what}): classic xlwings runs 'import {name}', which would load that "
    "module instead of {name}.py beside the workbook (or hide it from Python); choose another name, e.g. "
    "{name}_2026.xlsm",
    "{name} 是 Python 模块的名称（{what}）：经典 xlwings 运行 'import {name}'，会载入该模块而不是工作簿旁的 "
    "{name}.py（或使 Python 找不到该模块）；请换一个文件名，如 {name}_2026.xlsm")

REPORT_NAME = message(
    "workbooks.report_name",
    "the report workbook's name must end in .xlsx",
    "报告工作簿的文件名须以 .xlsx 结尾")
NEW_NAME = message(
    "workbooks.new_name",
    "the new workbook's name must end in .xlsx or .xlsm",
    "新工作簿的文件名须以 .xlsx 或 .xlsm 结尾")
NEW_REPLACED_KEPT = message(
    "workbooks.new_replaced_kept",
    "the file it replaced is kept as {backup}",
    "被替换的文件已保存为 {backup}")
EXISTS_USE_FORCE = message(
    "workbooks.exists_use_force",
    "the file already exists (use --force to overwrite)",
    "文件已存在（如要覆盖，请加 --force）")

# --------------------------------------------------------------------------- what is written
SHEET_TOO_LONG = message(
    "workbooks.sheet_too_long",
    "the result sheet {sheet} would hold {rows} rows, past a sheet's last row {limit} (Excel could not open the "
    "file); nothing was written",
    "结果工作表 {sheet} 将有 {rows} 行，超过工作表的最后一行 {limit}（Excel 将无法打开文件）；未写入任何内容")
RESULT_CELL_TOO_LONG = message(
    "workbooks.result_cell_too_long",
    "a value of {chars} characters would be written to the result sheet {sheet}; a cell holds at most 32,767 "
    "(Excel could not open the file); nothing was written: shorten it where it is typed (the input sheets)",
    "将向结果工作表 {sheet} 写入一个含 {chars} 个字符的值；一个单元格最多 32,767 个字符（Excel 将无法打开文件）；"
    "未写入任何内容：请在输入表中缩短它")
RESULT_SHEET_NOT_OURS = message(
    "workbooks.result_sheet_not_ours",
    "xl-ratings writes its results to a sheet named '{sheet}', and this one was not written by xl-ratings (its first "
    "cell is {first}): replacing it would lose it; rename your sheet (or move it to another workbook) and run again",
    "xl-ratings 将结果写入名为 '{sheet}' 的工作表，而此工作表不是 xl-ratings 写入的（其第一个单元格为 {first}）："
    "替换它会使其内容丢失；请给您的工作表改名（或移到另一个工作簿）后再运行")
LOG_HEADER_MISSING = message(
    "workbooks.log_header_missing",
    "the {sheet} sheet is xl-ratings' log of corrections, but its header row is missing (its rows start in row "
    "{first}): type its heads back into row {row} -- {heads} -- inserting a row above the log when there is no "
    "room, and run again (a new log is not started beside it)",
    "{sheet} 工作表是 xl-ratings 的更正记录，但缺少表头行（记录从第 {first} 行开始）：请把表头重新填入第 {row} 行"
    "——{heads}——（没有空行时在记录上方插入一行），然后再运行（不会另起一份记录）")
LOG_STARTED_AGAIN = message(
    "workbooks.log_started_again",
    "the workbook had no {sheet} sheet: a new log of corrections was started in it; the earlier log looks to be "
    "sheet '{old}' (renamed?) -- name it {sheet} again, with this run's rows below its own, to keep one log",
    "工作簿中没有 {sheet} 工作表：已新建一份更正记录；之前的记录似乎是工作表 '{old}'（已改名？）"
    "——如要只保留一份记录，请把它改回 {sheet}，并把本次的行移到它的记录下方")
DEMO_FOLDER_EDITED = message(
    "workbooks.demo_folder_edited",
    "{files} in {folder}: changed since demo wrote them, or not written by demo; nothing was written (they are "
    "kept as they are): give another folder with --dir, or move these files away",
    "{folder} 中的 {files}：在 demo 写入后被修改过，或不是 demo 写入的；未写入任何内容（这些文件保持原样）："
    "请用 --dir 指定另一个文件夹，或把这些文件移走")
REPORT_SYSTEM_ONLY = message(
    "workbooks.report_system_only",
    "--system {given} is for a report (xl-ratings new report BOOK.xlsx --system {given}); a federation's "
    "workbook takes its system as the first argument: xl-ratings new {given} BOOK.xlsx",
    "--system {given} 只用于报告（xl-ratings new report BOOK.xlsx --system {given}）；协会工作簿的制度写在第一个参数："
    "xl-ratings new {given} BOOK.xlsx")
DAMAGED_ZIP = message(
    "workbooks.damaged_zip",
    "cannot be read as a workbook: the file is damaged or truncated (copied or downloaded only in part?)",
    "无法作为工作簿读取：文件已损坏或不完整（只复制或下载了一部分？）")

# --------------------------------------------------------------------------- a workbook file refused before it is read
NOT_A_FILE = message(
    "workbooks.not_a_file",
    "is not a file",
    "不是文件")
WORKBOOK_TOO_BIG = message(
    "workbooks.workbook_too_big",
    "is {mib} MiB; the limit is {limit} MiB (use a CSV game list for larger data)",
    "文件为 {mib} MiB，上限为 {limit} MiB（更大的数据请用 CSV 对局列表）")
ENCRYPTED_OR_XLS = message(
    "workbooks.encrypted_or_xls",
    "is password-protected (encrypted) or an old .xls file: open it in Excel, remove the password, and save it as "
    ".xlsx/.xlsm",
    "有密码保护（已加密）或是旧版 .xls 文件：请在 Excel 中打开，取消密码，另存为 .xlsx/.xlsm")
IS_XLS = message(
    "workbooks.is_xls",
    "is an old Excel 97-2003 workbook (.xls), whatever its name says: xl-ratings reads .xlsx and .xlsm; open it in "
    "Excel or LibreOffice and save it as .xlsx (Excel Workbook)",
    "是旧版 Excel 97-2003 工作簿（.xls），与文件名无关：xl-ratings 读取 .xlsx 和 .xlsm；请在 Excel 或 LibreOffice 中打开，"
    "另存为 .xlsx（Excel 工作簿）")
IS_ENCRYPTED = message(
    "workbooks.is_encrypted",
    "is password-protected (encrypted): open it in Excel, remove the password (File > Info > Protect Workbook > "
    "Encrypt with Password, left empty) and save it",
    "有密码保护（已加密）：请在 Excel 中打开，取消密码（文件 > 信息 > 保护工作簿 > 用密码进行加密，清空密码），再保存")
IS_OPENDOCUMENT = message(
    "workbooks.is_opendocument",
    "is an OpenDocument spreadsheet (.ods), whatever its name says: xl-ratings reads .xlsx and .xlsm; save it as "
    ".xlsx (Excel 2007-365) -- in LibreOffice: File > Save As, file type Excel 2007-365",
    "是 OpenDocument 电子表格（.ods），与文件名无关：xl-ratings 读取 .xlsx 和 .xlsm；请另存为 .xlsx（Excel 2007-365）"
    "——在 LibreOffice 中：文件 > 另存为，文件类型选 Excel 2007-365")
IS_NUMBERS = message(
    "workbooks.is_numbers",
    "is an Apple Numbers file, whatever its name says: xl-ratings reads .xlsx and .xlsm; in Numbers: File > "
    "Export To > Excel, and use that file",
    "是 Apple Numbers 文件，与文件名无关：xl-ratings 读取 .xlsx 和 .xlsm；请在 Numbers 中：文件 > 导出为 > Excel，再使用导出的文件")
NOT_A_ZIP = message(
    "workbooks.not_a_zip",
    "cannot be read as a workbook (.xlsx/.xlsm): it is not a zip package",
    "无法作为工作簿（.xlsx/.xlsm）读取：它不是 zip 包")
NOT_AN_XLSX = message(
    "workbooks.not_an_xlsx",
    "cannot be read as a workbook: a zip file, but not an .xlsx/.xlsm (xl/workbook.xml is missing)",
    "无法作为工作簿读取：是 zip 文件，但不是 .xlsx/.xlsm（缺少 xl/workbook.xml）")
DECLARES_DTD = message(
    "workbooks.declares_dtd",
    "part {part} declares a DTD or entities; refused (XML entity attack protection)",
    "部件 {part} 含有 DTD 或实体声明；拒绝读取（防范 XML 实体攻击）")
XML_DAMAGED = message(
    "workbooks.xml_damaged",
    "cannot be read as a workbook: its XML is damaged; open it in Excel or LibreOffice and save it again",
    "无法作为工作簿读取：其 XML 已损坏；请用 Excel 或 LibreOffice 打开并重新保存")
WORKBOOK_DAMAGED = message(
    "workbooks.workbook_damaged",
    "cannot be read as a workbook (.xlsx/.xlsm): the file is damaged; open it in Excel or LibreOffice and save it "
    "again",
    "无法作为工作簿读取：文件已损坏；请用 Excel 或 LibreOffice 打开并重新保存")
OTHER_SPREADSHEET = message(
    "workbooks.other_spreadsheet",
    "is a {suffix} file: xl-ratings reads .xlsx and .xlsm workbooks; open it in Excel or LibreOffice and save it as "
    ".xlsx (Excel Workbook)",
    "是 {suffix} 文件：xl-ratings 读取 .xlsx 和 .xlsm 工作簿；请在 Excel 或 LibreOffice 中打开，另存为 .xlsx（Excel 工作簿）")
OUTPUT_SAME_KIND = message(
    "workbooks.output_same_kind",
    "--output must end in {suffix}, like the workbook",
    "--output 的扩展名须与工作簿相同（{suffix}）")

# --------------------------------------------------------------------------- what the officer cannot see (xlsx/safety.py)
SHEET_HIDDEN = message(
    "workbooks.sheet_hidden",
    "the sheet is hidden: unhide it (right-click a sheet tab ▸ Unhide) — what is processed must be what you see",
    "工作表被隐藏：请取消隐藏（右键单击工作表标签 ▸ 取消隐藏）——处理的内容必须是看得见的内容")
SHEET_VERY_HIDDEN = message(
    "workbooks.sheet_very_hidden",
    "the sheet is very hidden: make it visible in the VBA editor (the sheet's Visible property: -1 - xlSheetVisible) "
    "— what is processed must be what you see",
    "工作表被深度隐藏：请在 VBA 编辑器中将其 Visible 属性设为 -1 - xlSheetVisible——处理的内容必须是看得见的内容")
HEADER_MERGED = message(
    "workbooks.header_merged",
    "header cells are merged: unmerge them so each column has its own name",
    "标题单元格被合并：请取消合并，使每一列都有自己的名称")
HEADER_HIDDEN = message(
    "workbooks.header_hidden",
    "the header row is hidden: unhide it (what is processed must be what you see)",
    "标题行被隐藏：请取消隐藏（处理的内容必须是看得见的内容）")
COLUMNS_HIDDEN = message(
    "workbooks.columns_hidden",
    "columns are hidden ({columns}): unhide them (what is processed must be what you see)",
    "有隐藏的列（{columns}）：请取消隐藏（处理的内容必须是看得见的内容）")
COLUMN_N = message("workbooks.column_n", "column {n}", "第 {n} 列")
COLUMNS_N = message("workbooks.columns_n", "columns {first}–{last}", "第 {first}–{last} 列")
ROW_HIDDEN = message(
    "workbooks.row_hidden",
    "row {rows} of {sheet} is hidden (or filtered out): unhide it or delete it — what is processed must be what you "
    "see",
    "{sheet} 的第 {rows} 行被隐藏（或被筛选掉）：请取消隐藏或删除——处理的内容必须是看得见的内容")
ROWS_HIDDEN = message(
    "workbooks.rows_hidden",
    "rows {rows} of {sheet} are hidden (or filtered out): unhide them or delete them — what is processed must be "
    "what you see",
    "{sheet} 的第 {rows} 行被隐藏（或被筛选掉）：请取消隐藏或删除——处理的内容必须是看得见的内容")
USED_RANGE = message(
    "workbooks.used_range",
    "a value at {cell} makes the sheet's used range {used} ({size}): delete it (or delete the rows and columns "
    "beyond your table) and save",
    "{cell} 处的值使工作表的已用区域达到 {used}（{size}）：请删除它（或删除表格以外的行和列）后保存")
SIZE_ROWS = message("workbooks.size_rows", "{count} rows; the limit is {limit}", "{count} 行，上限 {limit}")
SIZE_COLUMNS = message("workbooks.size_columns", "{count} columns; the limit is {limit}", "{count} 列，上限 {limit}")
SIZE_CELLS = message("workbooks.size_cells", "{count} cells; the limit is {limit}", "{count} 个单元格，上限 {limit}")
FORMULAS_NO_VALUE = message(
    "workbooks.formulas_no_value",
    "formulas without a stored value in column {column}, {rows} (the file was saved by a program that does not "
    "calculate): open and save the file in Excel or LibreOffice, or type the values",
    "第 {column} 列{rows}的公式没有保存计算结果（文件是由不计算公式的程序保存的）：请用 Excel 或 LibreOffice "
    "打开并保存文件，或直接输入数值")
CELL_SHOWS_ERROR = message(
    "workbooks.cell_shows_error",
    "the cell shows the error {shown}: its formula cannot be computed, so its value is unknown (it is not a "
    "blank); correct the formula, or type the value, or clear the cell",
    "该格显示错误 {shown}：其公式无法计算，值不明（并非空白）；请改正公式、直接输入数值，或清空该格")
ROW_AT = message("workbooks.row_at", "row {rows}", "第 {rows} 行")
ROWS_AT = message("workbooks.rows_at", "rows {rows}", "第 {rows} 行")

# --------------------------------------------------------------------------- the tournament files given to import (jobs/importing.py)
SOURCE_IS_THE_WORKBOOK = message(
    "workbooks.source_is_the_workbook",
    "is the workbook itself: give the tournament files to import, and the workbook with --into",
    "这是工作簿本身：请给出要导入的成绩文件，并用 --into 指定工作簿")
SOURCE_TOO_BIG = message(
    "workbooks.source_too_big",
    "is {mib} MiB; a tournament file is at most {limit} MiB",
    "文件为 {mib} MiB；成绩文件最大为 {limit} MiB")
NO_STYLES_PART = message(
    "workbooks.no_styles_part",
    "the workbook has no styles part (it was saved by a program that writes a minimal file), so the result sheets "
    "cannot be added; open it in Excel or LibreOffice and save it again",
    "工作簿没有样式部件（由只写最简文件的程序保存），无法添加结果工作表；请用 Excel 或 LibreOffice 打开并重新保存")

# ---- new --force: the backup it would replace, the advice it can give (jobs/new.py)
NEW_BACKUP_PROCESSED = message(
    "workbooks.new_backup_processed",
    "the backup {backup} holds a processed workbook (its History: the published ratings); a new workbook "
    "never replaces it. Nothing was written: move {backup} away (or rename it) and run again",
    "备份文件 {backup} 保存着已处理的工作簿（其 History：已公布的等级分）；新建工作簿绝不替换它。未写入任何内容："
    "请把 {backup} 移走（或改名）后再运行")
NEW_BACKUP_NOT_A_TEMPLATE = message(
    "workbooks.new_backup_not_a_template",
    "the backup {backup} holds a workbook xl-ratings new did not write as it is (records typed in, another "
    "program's file?); a new workbook never replaces it. Nothing was written: move {backup} away (or rename it) "
    "and run again",
    "备份文件 {backup} 中的工作簿不是 xl-ratings new 原样写出的（录入了记录，或是别的程序的文件？）；新建工作簿"
    "绝不替换它。未写入任何内容：请把 {backup} 移走（或改名）后再运行")
NEW_OPEN_ELSEWHERE = message(
    "workbooks.new_open_elsewhere",
    "the workbook is open in {program} ({held}); close it first, or give the new workbook another name. If "
    "{program} is not running there (a crash leaves {lock} behind), delete {lock} beside the workbook and run again",
    "工作簿正在 {program} 中打开（{held}）；请先关闭，或给新工作簿另起一个名字。如该电脑上 {program} 并未运行"
    "（程序崩溃会留下 {lock}），请删除工作簿旁边的 {lock} 后再运行")
NEW_READ_ONLY = message(
    "workbooks.new_read_only",
    "the workbook is read-only: {path}; make it writable, or give the new workbook another name",
    "工作簿为只读：{path}；请使其可写，或给新工作簿另起一个名字")
NEW_LOCK_CANNOT_CREATE = message(
    "workbooks.new_lock_cannot_create",
    "cannot create the lock {lock} (read-only folder or no permission); make the folder writable, or make the new "
    "workbook in another folder",
    "无法创建锁文件 {lock}（文件夹只读或无权限）；请使文件夹可写，或在别的文件夹中新建工作簿")
NEW_FOLDER_NOT_WRITABLE = message(
    "workbooks.new_folder_not_writable",
    "cannot write in the folder {folder} (needed to save the workbook {name} safely); make it writable, or make the "
    "new workbook in another folder",
    "无法在文件夹 {folder} 中写入（安全保存工作簿 {name} 需要它）；请使其可写，或在别的文件夹中新建工作簿")
