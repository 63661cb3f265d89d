"""Messages: a run (periods, the History ledger, summaries, command-line notes) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message


# --- a game list's checks, summarised on the console (workbook/game_stream.py)
CHECKS_PER_RULE = message(
    "run.checks_per_rule",
    "checks per rule ({total:,} in all)",
    "检查项（按规则，共 {total:,} 项）")
CHECKS_OF_RULE = message(
    "run.checks_of_rule",
    "{rule}: {count:,} (rows {rows})",
    "{rule}：{count:,} 项（第 {rows} 行）")
EVERY_CHECK_LISTED = message(
    "run.every_check_listed",
    "every check is listed in {path}",
    "全部检查项列在 {path}")
