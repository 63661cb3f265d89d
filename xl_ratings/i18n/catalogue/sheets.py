"""Messages: the input sheets (Settings, Players, Events, Games, Awards, Points, History) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message


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
