"""The club report's samples (``xl-ratings new report``), kept where both the
template (:mod:`xl_ratings.authoring.templates`) and the import, which
refuses a report still holding its sample, read them."""

from __future__ import annotations

import datetime as dt
from typing import Any

_D1, _D2 = dt.date(2026, 4, 11), dt.date(2026, 4, 12)
#: A six-player round robin (Berger pairings), one forfeit (round 4: 5 did not come).
REPORT_SAMPLE: dict[str, list[tuple[Any, ...]]] = {
    "Event": [("name", "2026 年春季俱乐部等级分循环赛（示例）"), ("start", _D1), ("end", _D2),
              ("format", "round_robin"), ("class", "C"), ("level", "district"), ("champion", 1),
              ("organiser", "浦东五子棋协会"), ("arbiter", "周建国")],
    # three players the federation knows, by their id in its workbook (the Shanghai sample's
    # SH007, SH009, SH012: the same names, so an import matches them), and three new ones
    "Players": [(1, "林天佑", "男", "浦东五子棋协会", None, 2355, "SH007"),
                (2, "彭磊", "男", "复旦大学", None, 2325, "SH009"),
                (3, "张丽", "女", "浦东五子棋协会", "1级", 1960, None),
                (4, "薛博文", "男", "浦东五子棋协会", None, 2280, "SH012"),
                (5, "刘洋", "男", "静安少儿棋院", "5级", None, None),
                (6, "赵敏", "女", "徐汇棋院", "3级", 1880, None)],
    "Games": [(1, _D1, 1, 6, 1, None), (1, _D1, 2, 5, 1, None), (1, _D1, 3, 4, 0.5, None),
              (2, _D1, 6, 4, 0, None), (2, _D1, 5, 3, 0, None), (2, _D1, 1, 2, 1, None),
              (3, _D1, 2, 6, 1, None), (3, _D1, 3, 1, 0, None), (3, _D1, 4, 5, 1, None),
              (4, _D2, 6, 5, "+", None), (4, _D2, 1, 4, 1, None), (4, _D2, 2, 3, 0.5, None),
              (5, _D2, 3, 6, 1, None), (5, _D2, 4, 2, 0, None), (5, _D2, 5, 1, 0.5, None)],
}

#: The Hong Kong (GoR) report's sample: the same round robin in traditional Chinese, Go grades,
#: GoR and handicap games (the stones the player receives; negative: gives); the players the
#: federation knows by their id in the Hong Kong sample workbook (HK001, HK005, HK010).
REPORT_SAMPLE_GOR: dict[str, list[tuple[Any, ...]]] = {
    "Event": [("name", "2026年春季會內評分賽（示例）"), ("start", _D1), ("end", _D2),
              ("format", "round_robin"), ("class", "乙"), ("level", None), ("champion", 1),
              ("organiser", "九龍棋社"), ("arbiter", "陳志明")],
    "Players": [(1, "龔軍", "男", "九龍棋社", "5D", 2447.2, "HK001"),
                (2, "宋豔", "男", "九龍棋社", "2D", 2243.9, "HK005"),
                (3, "張美玲", "女", "九龍棋社", "1k", 1980, None),
                (4, "李豔", "男", "新界棋會", "3k", 1808.9, "HK010"),
                (5, "劉子軒", "男", "港島學界", "6k", None, None),
                (6, "何詠詩", "女", "九龍棋社", "4k", 1700, None)],
    "Games": [(1, _D1, 1, 6, 1, -4), (1, _D1, 2, 5, 1, -4), (1, _D1, 3, 4, 0.5, None),
              (2, _D1, 6, 4, 0, None), (2, _D1, 5, 3, 0, 4), (2, _D1, 1, 2, 1, -3),
              (3, _D1, 2, 6, 1, -4), (3, _D1, 3, 1, 0, 4), (3, _D1, 4, 5, 1, -3),
              (4, _D2, 6, 5, "+", None), (4, _D2, 1, 4, 1, -4), (4, _D2, 2, 3, 0.5, -3),
              (5, _D2, 3, 6, 1, -3), (5, _D2, 4, 2, 0, 4), (5, _D2, 5, 1, 0.5, 4)],
}
#: a report's sample by the federation's system (others: the simplified-Chinese sample)
REPORT_SAMPLES = {"gor": REPORT_SAMPLE_GOR}


def report_samples() -> list[dict[str, list[tuple[Any, ...]]]]:
    """Every report sample (each federation's)."""
    return [REPORT_SAMPLE, *REPORT_SAMPLES.values()]


__all__ = ["REPORT_SAMPLE", "REPORT_SAMPLES", "REPORT_SAMPLE_GOR", "report_samples"]
