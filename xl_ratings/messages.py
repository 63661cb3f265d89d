"""The Chinese side of every input problem (the English text is the source).

The command line and the one-click Checks sheet show both: the workbook's
language (Chinese) and English.  A message without a translation here is
shown in English only; a test keeps this table complete for the validation
messages.
"""

from __future__ import annotations

import re

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
    (r"^required sheet '(\w+)' is missing$", r"缺少必需的工作表 '\1'"),
    (r"^required column '(\w+)' is missing", r"缺少必需的列 '\1'"),
    (r"^the sheet is empty", "工作表为空：第一行须为列名"),
    (r"^Settings 'system' must be", "Settings 中的 system 须为 shanghai、gor、lianzhong 或 peng"),
    (r"^unknown setting '([^']+)'", r"未知的设置项 '\1'"),
    (r"^a GoR player needs a rating or a rank", "GoR 棋手需要棋力分或段级（表I）"),
    (r"^must be test or bonus", "类别须为 test 或 bonus（测试/奖励）"),
    (r"^there are no events to process$", "没有可处理的赛事"),
    (r"^file not found$", "找不到文件"),
    (r"^a shanghai period is written like", "上海的周期写作 2026H1 或 2026H2"),
    (r"^a peng period is a year", "彭氏的周期为年份，如 2026"),
    (r"^a period is a year", "周期为年份（2026）、日期范围（2026-01-01..2026-06-30）或 all"),
)


def chinese(problem: str) -> str | None:
    """The Chinese text of an English problem, or None (already bilingual or unknown)."""
    if re.search(r"[\u4e00-\u9fff]", problem) and " — " in problem:
        return None   # the message carries its Chinese already
    for pattern, zh in PATTERNS:
        m = re.search(pattern, problem)
        if m:
            return m.expand(zh)
    return None
