"""Messages: importing tournament files and matching players (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message



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
