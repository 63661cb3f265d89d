"""Messages: files and folders (paths, outputs, backups, locks, workbook safety) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message

GAME_LIST_NEEDS_SYSTEM = message(
    "files.game_list_needs_system",
    "is a {suffix} file: it is read as a game list, which needs --system (shanghai, gor, lianzhong or peng); "
    "to use it as a workbook, open it in Excel or LibreOffice and save it as .xlsx",
    "是 {suffix} 文件：作为对局列表读取，需要指定 --system（shanghai、gor、lianzhong 或 peng）；"
    "若要作为工作簿使用，请在 Excel 或 LibreOffice 中另存为 .xlsx")
