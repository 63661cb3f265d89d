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
