"""Messages: the rulebooks -- ranks, results, periods, systems and their parameters (imported by
``systems/``; see :mod:`xl_ratings.i18n.catalogue`).  The Checks sheet's lines: :mod:`.checks`."""

from __future__ import annotations

from ..text import message

# --------------------------------------------------------------------------- ranks (ranks.py)
RANK_EMPTY = message("rules.rank_empty", "rank is empty", "段级为空")
RANK_UNKNOWN = message(
    "rules.rank_unknown",
    "unknown rank; write it like 初段, 3段, 三段, 5级, 3d, 3 dan, 5k or 5 kyu",
    "无法识别的段级（可写 初段、3段、三段、5级、3d、3 dan、5k、5 kyu 等）")
RANK_NOT_ON_LADDER = message("rules.rank_not_on_ladder", "is not on the {ladder} ladder", "不在 {ladder} 段级表中")

# --------------------------------------------------------------------------- results (game_result.py)
RESULT_NOT_ACCEPTED = message(
    "rules.result_not_accepted",
    "result must be one of 1, 0.5, 0, W/D/L, 胜/和/负, 1-0/½-½/0-1, + / - (forfeit), or a result followed by *",
    "结果须为 1、0.5、0、W/D/L、胜/和/负、1-0/½-½/0-1 之一，弃权写 + 或 -，或在结果后加 *")
RESULT_EMPTY = message("rules.result_empty", "result is empty", "结果为空")

# --------------------------------------------------------------------------- periods (period.py)
A_PERIOD = message("rules.a_period", "a period", "周期")
A_SYSTEM_PERIOD = message("rules.a_system_period", "a {system} period", "{system} 的周期")
PERIOD_WRITTEN_LIKE = message("rules.period_written_like", "{what} is written like {hint}", "{what}写作 {hint}")
PERIOD_IS_A_YEAR = message("rules.period_is_a_year", "{what} is a year, like {hint}", "{what}为年份，如 {hint}")
PERIOD_FORMS = message(
    "rules.period_forms",
    "{what} is a year (2026), a range (2026-01-01..2026-06-30) or all",
    "{what}为年份（2026）、日期范围（2026-01-01..2026-06-30）或 all")
PERIOD_BAD_RANGE = message("rules.period_bad_range", "not a valid date range", "不是有效的日期范围")
PERIOD_RANGE_REVERSED = message("rules.period_range_reversed", "the range starts after it ends", "日期范围的开始晚于结束")

# --------------------------------------------------------------------------- systems and parameters
UNKNOWN_SYSTEM = message(
    "rules.unknown_system",
    "unknown rating system; use {systems}",
    "未知的评级系统，须为 {systems}")
RANGES_DIFFER = message(
    "rules.ranges_differ",
    "the ranges of one set of games differ in length",
    "同一组对局的各区域长度不同")
MUST_BE_NUMBER = message("rules.must_be_number", "must be a number", "必须是数字")
GOR_UNKNOWN_CLASS = message(
    "rules.gor_unknown_class",
    "unknown tournament class; use A/B/C or 甲/乙/丙 (甲級/乙級/丙級)",
    "未知的赛事级别，须为 A/B/C 或 甲/乙/丙（甲級/乙級/丙級）")
GOR_NEEDS_RATING = message(
    "rules.gor_needs_rating",
    "a GoR player needs a rating or a rank (表I)",
    "GoR 棋手需要棋力分或段级（表I）")
LIANZHONG_NOT_A_TITLE = message(
    "rules.lianzhong_not_a_title",
    "is not a Lianzhong title (九级棋士 … 特级大师)",
    "不是联众称号（九级棋士 … 特级大师）")
PENG_UNKNOWN_LEVEL = message(
    "rules.peng_unknown_level",
    "unknown event level; use national, provincial or district (国家/省市/区县)",
    "未知的赛事等级，须为 national、provincial 或 district（国家/省市/区县）")
