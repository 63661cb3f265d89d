"""Messages: workbooks and their files as jobs meet them (names, kinds, templates)."""

from __future__ import annotations

from ...errors import message

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

REPORT_NAME = message(
    "workbooks.report_name",
    "the report workbook's name must end in .xlsx",
    "报告工作簿的文件名须以 .xlsx 结尾")
NEW_NAME = message(
    "workbooks.new_name",
    "the new workbook's name must end in .xlsx or .xlsm",
    "新工作簿的文件名须以 .xlsx 或 .xlsm 结尾")
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
