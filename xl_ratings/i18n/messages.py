"""Part B (issue 15): the Chinese of the English problems the older call sites still give.

Every message of the package has one catalogue id (:mod:`xl_ratings.i18n.catalogue`),
except in the modules another engineer was changing while the catalogue came in:
``engine/`` (inputs, settings, ledger, periods, run, fingerprint), ``xlsx/`` (read,
safety, append), ``files/`` and ``jobs/``.  Those still raise plain English -- or
re-wrap a catalogue message's English (``RatingInputError(e.problem, ...)``) --
and this table finds its Chinese by the English wording.  It goes, with
:func:`chinese` and :func:`chinese_of`, when they are moved to the catalogue
(a test lists these files as the only ones allowed to use it).
"""

from __future__ import annotations

import re
from typing import Any

from . import to_lang

# (English pattern, Chinese template); groups are carried over.
PATTERNS: tuple[tuple[str, str], ...] = (
    (r"^is empty$", "为空"),
    (r"^is empty: a date is needed$", "为空：需要日期"),
    (r"^is not a date", "不是日期（请输入日期，如 2026-03-01）"),
    (r"^must be a number", "必须是数字（此单元格是文本，请重新输入为数字）"),
    (r"^must be a whole number", "必须是不小于 0 的整数"),
    (r"^duplicate player id \(first on row (\d+)\)$", r"棋手编号重复（首次出现在第 \1 行）"),
    (r"^duplicate event id \(first on row (\d+)\)$", r"赛事编号重复（首次出现在第 \1 行）"),
    (r"^must be M/F or 男/女$", "性别须为 M/F 或 男/女"),
    (r"^must be yes or no", "须为 yes/no（是/否）"),
    (r"^must be round_robin, swiss or games$", "赛制须为 round_robin、swiss 或 games"),
    (r"^the event starts after it ends", "赛事开始日期晚于结束日期"),
    (r"^is not a player id of the Players sheet$", "不是 Players 表中的棋手编号"),
    (r"^is not an event id of the Events sheet$", "不是 Events 表中的赛事编号"),
    (r"^a player cannot play themself$", "棋手不能与自己对局"),
    (r"^is outside the event's dates", "日期不在赛事日期范围内"),
    (r"^the same game is already on row (\d+)$", r"同一局已在第 \1 行"),
    (r"^result must be one of", "结果须为 1、0.5、0、W/D/L、胜/和/负、1-0/½-½/0-1，弃权写 + 或 -"),
    (r"^result is empty$", "结果为空"),
    (r"^unknown rank", "无法识别的段级（可写 初段、3段、三段、5级、3d、5k 等）"),
    (r"^is not on the (\w+) ladder$", r"不在 \1 段级表中"),
    (r"^required sheet '(\w+)' is missing \(sheets found: (.*); name a sheet (.*) -- case",
     r"缺少必需的工作表 '\1'（现有工作表：\2；请将工作表命名为 \3，不区分大小写）"),
    (r"^required sheet '(\w+)' is missing", r"缺少必需的工作表 '\1'"),
    (r"^is not a possible (\w+) rating \(from (\S+) to (\S+)\)", r"不是可能的 \1 等级分（应在 \2 到 \3 之间），请改正"),
    (r"^handicap must be a whole number of stones from -(\d+) to (\d+)", r"让子数须为 -\1 到 \2 的整数（负数：让出）"),
    (r"^a pair meets at most once per round: the same pair already played on row (\d+)",
     r"同一对棋手每轮至多对局一次：第 \1 行已有同一天的同一对局，且未填轮次；请填写轮次，或删除重复的行"),
    (r"^is not a number \(NaN or infinity\)", "不是数字（NaN 或无穷大）：请留空或填写数字"),
    (r"^required column '(\w+)' is missing", r"缺少必需的列 '\1'"),
    (r"^the sheet is empty", "工作表为空：第一行须为列名"),
    (r"^Settings 'system' must be", "Settings 中的 system 须为 shanghai、gor、lianzhong 或 peng"),
    (r"^unknown setting '([^']+)'", r"未知的设置项 '\1'"),
    (r"^a GoR player needs a rating or a rank", "GoR 棋手需要棋力分或段级（表I）"),
    (r"^must be test or bonus", "类别须为 test 或 bonus（测试/奖励）"),
    (r"^there are no events to process$", "没有可处理的赛事"),
    (r"^file not found$", "找不到文件"),
    (r"^a (?:\w+ )?period is written like (\S+) or (\S+)$", r"周期写作 \1 或 \2"),
    (r"^a (?:\w+ )?period is a year, like (\S+)$", r"周期为年份，如 \1"),
    (r"^a (?:\w+ )?period is a year \(", "周期为年份（2026）、日期范围（2026-01-01..2026-06-30）或 all"),
    (r"^unknown rating system", "未知的评级系统，须为 shanghai、gor、lianzhong 或 peng"),
    (r"^must be yes or no$", "须为 yes/no（是/否）"),
    (r"^unknown tournament class", "未知的赛事级别，须为 A/B/C 或 甲/乙/丙"),
    (r"^unknown event level", "未知的赛事等级，须为 national、provincial 或 district"),
    (r"^the History sheet is not a ledger", "History 表不是 xl-ratings 写的台账（缺少 period、id、new 列）；请改名或删除"),
    (r"^start and end dates are needed$", "需要开始和结束日期"),
    (r"^is not a Lianzhong title", "不是联众称号（九级棋士 … 特级大师）"),
)


def chinese(problem: str, lang: str = "zh-Hans") -> str | None:
    """The Chinese text of an English problem, or None (already bilingual or unknown)."""
    zh = _simplified(problem)
    return None if zh is None else to_lang(zh, lang)


def chinese_of(err: Any, lang: str = "zh-Hans") -> str | None:
    """The Chinese text of a RatingInputError: its own, else the table's."""
    own = getattr(err, "problem_zh", None)
    if own:
        return to_lang(own, lang)
    return chinese(str(getattr(err, "problem", err)), lang)


def _simplified(problem: str) -> str | None:
    if re.search(r"[\u4e00-\u9fff]", problem) and " — " in problem:
        return None   # the message carries its Chinese already
    for pattern, zh in PATTERNS:
        m = re.search(pattern, problem)
        if m:
            return m.expand(zh)
    return None
