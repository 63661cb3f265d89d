"""Messages: a run (periods, the History ledger, summaries, command-line notes) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message

ONLY_FOR_WORKBOOK = message(
    "run.only_for_workbook",
    "{option} applies only to a workbook (it re-rates periods of its History); a game list keeps no History: "
    "each run rates the whole list",
    "{option} 只用于工作簿：它重新计算工作簿 History 中已处理的周期；比赛记录文件没有 History，每次都计算全部对局")
ONLY_FOR_GAME_LIST = message(
    "run.only_for_game_list",
    "{option} applies only to a CSV/Parquet game list; a workbook keeps it in its own sheets "
    "(the system and parameters in Settings, players in Players, events in Events)",
    "{option} 只用于 CSV/Parquet 比赛记录文件；工作簿的等级分制度和参数写在 Settings 表中，棋手在 Players 表中，"
    "赛事在 Events 表中")
SET_NEEDS_KEY_VALUE = message(
    "run.set_needs_key_value",
    "--set takes key=value",
    "--set 的格式为 键=值")
PUBLISHED_PLAYER_DELETED = message(
    "run.published_player_deleted",
    "period {period} was published with {count} player(s) who are no longer in the Players sheet "
    "({players}); put them back, or re-rate the period and the ones after it without them: "
    "xl-ratings process {book} --from {period}",
    "周期 {period} 公布时的 {count} 名棋手已不在 Players（棋手）表中（{players}）；请恢复这些棋手，"
    "或用 xl-ratings process {book} --from {period} 重新计算该周期及之后的周期")
ONLY_THE_SAMPLE_PROCESSED = message(
    "run.only_the_sample_processed",
    "nothing is published yet: the History holds only the sample's results ({periods}), and the sample "
    "records were deleted or changed since; process your records first: xl-ratings process {book}",
    "尚未发布：History 中只有示例的结果（{periods}），而示例记录已删除或改动；请先计算你的记录："
    "xl-ratings process {book}")
