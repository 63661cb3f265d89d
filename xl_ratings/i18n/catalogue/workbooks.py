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
