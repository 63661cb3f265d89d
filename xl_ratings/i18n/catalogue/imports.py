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

NEW_PLAYERS_NOT_MEMBERS = message(
    "imports.new_players_not_members",
    "{count} new player(s) entered as non-members (member = no): a tournament file does not say who is a "
    "member, and non-members owe the registration fee (Fees sheet); put yes in the member column for those "
    "who are members",
    "{count} 名新棋手按非会员录入（会员 = 否）：成绩文件不注明会员身份，非会员须缴登记费（见 Fees 表）；"
    "会员请在 Players 表的“会员”列填写“是”")
GAMES_PER_ROUND = message(
    "imports.games_per_round",
    "{games} games (per round: {rounds})",
    "{games} 盘对局（每轮：{rounds}）")
GAMES_WITHOUT_ROUNDS = message(
    "imports.games_without_rounds",
    "{games} games, without round numbers (the source numbers no rounds: a crosstable, or a list of games)",
    "{games} 盘对局，未注明轮次（来源没有轮次编号：交叉表或对局列表）")
GAMES_SOME_WITHOUT_ROUND = message(
    "imports.games_some_without_round",
    "{games} games (per round: {rounds}; without a round number: {unnumbered})",
    "{games} 盘对局（每轮：{rounds}；未注明轮次：{unnumbered}）")
