"""Messages: importing tournament files and matching players (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


# --------------------------------------------------------------------------- writing the rows
ROW_NOT_EMPTY = message(
    "imports.row_not_empty",
    "row {row} below the table already holds a value in a column the import writes; nothing was written: move that "
    "value, or delete it, and import again",
    "表格下方第 {row} 行在导入要写入的列中已有内容；未写入任何内容：请移走或删除该内容后再导入")
SHEET_FULL = message(
    "imports.sheet_full",
    "{rows} rows would be added from row {first} to row {last}, past a sheet's last row {limit} (Excel could not "
    "open the file); nothing was written: keep older records in another workbook, or import less",
    "将从第 {first} 行起添加 {rows} 行，直到第 {last} 行，超过工作表的最后一行 {limit}（Excel 将无法打开文件）；"
    "未写入任何内容：请把较早的记录保存到另一个工作簿，或少导入一些")
