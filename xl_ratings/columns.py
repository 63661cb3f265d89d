"""Sheet and column names: English keys (always accepted) and Chinese labels.

Input sheets are read by column key, whatever the column order; a header
may be the English key, a Chinese label, or both ("姓名 name").  Result
sheets are written with "label key" headers in the workbook's language:
simplified Chinese for shanghai / lianzhong / peng, traditional for gor.
"""

from __future__ import annotations

import re
from typing import Any

LANG = {"shanghai": "zh-Hans", "lianzhong": "zh-Hans", "peng": "zh-Hans", "gor": "zh-Hant"}

# key -> (simplified, traditional)
LABELS: dict[str, tuple[str, str]] = {
    # inputs
    "key": ("项目", "項目"), "value": ("值", "值"),
    "id": ("编号", "編號"), "name": ("姓名", "姓名"), "sex": ("性别", "性別"),
    "club": ("单位", "單位"), "rank": ("段级", "段級"), "rating": ("等级分", "棋力分"),
    "games": ("局数", "局數"), "events": ("赛事数", "賽事數"), "peak": ("最高分", "最高分"),
    "title": ("称号", "稱號"), "member": ("会员", "會員"), "rif": ("RIF等级分", "RIF等級分"),
    "event": ("赛事", "賽事"), "start": ("开始", "開始"), "end": ("结束", "結束"),
    "format": ("赛制", "賽制"), "class": ("级别", "級別"), "level": ("等级", "等級"),
    "champion": ("冠军", "冠軍"), "date": ("日期", "日期"), "round": ("轮次", "輪次"),
    "player": ("棋手", "棋手"), "opponent": ("对手", "對手"), "result": ("结果", "結果"),
    "handicap": ("让子", "讓子"), "award": ("授予", "授予"), "kind": ("类别", "類別"),
    "points": ("分数", "分數"), "note": ("说明", "說明"),
    # results
    "period": ("周期", "期間"), "place": ("名次", "名次"), "old": ("原等级分", "原棋力分"),
    "new": ("新等级分", "新棋力分"), "change": ("变化", "變化"), "status": ("状态", "狀態"),
    "standard": ("段级标准", "段級標準"), "label": ("称谓", "稱謂"),
    "own": ("本方计算分", "本方計算分"), "opponent_mean": ("对手平均分", "對手平均分"),
    "difference": ("分差D", "分差D"), "score": ("得分W", "得分W"), "expected": ("期望分We", "期望分SE"),
    "k": ("K", "con"), "event_name": ("赛事名称", "賽事名稱"), "rule": ("规则", "規則"),
    "sheet": ("工作表", "工作表"), "row": ("行", "行"), "message": ("说明", "說明"),
    "annual": ("年度等级分", "年度等級分"), "cumulative": ("累积等级分", "累積等級分"),
    "wins": ("有效胜局", "有效勝局"), "certificate": ("可申请棋力证明", "可申請棋力證明"),
    "fee": ("登记费", "登記費"), "year": ("年份", "年份"), "honorary": ("荣誉称号", "榮譽稱號"),
    "pending_games": ("待定局数", "待定局數"), "pending_change": ("待定累计变化", "待定累計變化"),
    "pending_since": ("待定起始", "待定起始"), "period_games": ("本期局数", "本期局數"),
    "pending_log": ("待定记录", "待定記錄"),
    "basic": ("基本分", "基本分"), "coefficient": ("系数A", "係數A"), "multiplier": ("年度倍数", "年度倍數"),
    "base": ("年初基础分", "年初基礎分"), "count": ("人数", "人數"), "source": ("来源", "來源"),
    "adjusted": ("段级调整", "段級調整"), "window_games": ("12个月局数", "12個月局數"),
    "weight": ("权重", "衡重"),
}

SHEET_ALIASES: dict[str, tuple[str, ...]] = {
    "Settings": ("settings", "设置", "設定", "参数", "參數"),
    "Players": ("players", "棋手", "棋手名单", "棋手名單"),
    "Events": ("events", "赛事", "賽事", "比赛", "比賽"),
    "Games": ("games", "对局", "對局"),
    "Awards": ("awards", "授予", "段级授予", "段級授予"),
    "Points": ("points", "加分", "积分", "積分"),
    "History": ("history", "历史", "歷史"),
}

_SPLIT = re.compile(r"[\s()（）/|:：\n]+")


def label(key: str, system: str) -> str:
    pair = LABELS.get(key)
    if pair is None:
        return key
    zh = pair[1] if LANG.get(system) == "zh-Hant" else pair[0]
    return f"{zh} {key}" if zh != key else key


def header_key(text: Any, known: set[str]) -> str | None:
    """The column key a header cell names, or None.

    Accepts the key itself, a Chinese label (simplified or traditional), or a
    combination like "姓名 name" / "name (姓名)".
    """
    if text is None:
        return None
    raw = str(text).strip()
    if not raw:
        return None
    low = raw.lower()
    if low in known:
        return low
    for part in _SPLIT.split(low):
        if part in known:
            return part
    for key in known:
        pair = LABELS.get(key)
        if pair and (raw in pair or any(p in pair for p in _SPLIT.split(raw))):
            return key
    return None


def sheet_key(name: str) -> str | None:
    low = name.strip().lower()
    for key, aliases in SHEET_ALIASES.items():
        if low == key.lower() or low in aliases:
            return key
    return None
