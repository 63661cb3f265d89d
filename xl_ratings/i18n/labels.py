"""Sheet and column names: English keys (always accepted) and Chinese labels.

Input sheets are read by column key, whatever the column order; a header
may be the English key, a Chinese label (simplified or traditional), or
both ("姓名 name").  Result sheets are written with "label key" headers in
the workbook's language (:func:`label`); a system may rename a term
(GoR: 棋力分 for the rating, ``System.terms``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Protocol

from . import to_lang, traditional


class Named(Protocol):
    """What :func:`label` needs of a system."""

    @property
    def lang(self) -> str: ...

    @property
    def terms(self) -> Any: ...


#: key -> simplified Chinese label (traditional: :func:`xl_ratings.i18n.to_lang`)
LABELS: dict[str, str] = {
    # inputs
    "key": "项目", "value": "值",
    "id": "编号", "name": "姓名", "sex": "性别",
    "club": "单位", "rank": "段级", "rating": "等级分",
    "games": "局数", "events": "赛事数", "peak": "最高分",
    "title": "称号", "member": "会员", "rif": "RIF等级分",
    "event": "赛事", "start": "开始", "end": "结束",
    "format": "赛制", "class": "级别", "level": "等级",
    "champion": "冠军", "date": "日期", "round": "轮次",
    "player": "棋手", "opponent": "对手", "result": "结果",
    "handicap": "让子", "colour": "执色", "award": "授予", "kind": "类别",
    "points": "分数", "note": "说明",
    # results
    "period": "周期", "place": "名次", "old": "原等级分",
    "new": "新等级分", "change": "变化", "status": "状态",
    "standard": "段级标准", "label": "称谓",
    "own": "本方计算分", "opponent_mean": "对手平均分",
    "difference": "分差D", "score": "得分W", "expected": "期望分We",
    "k": "K", "event_name": "赛事名称", "rule": "规则",
    "sheet": "工作表", "row": "行", "message": "说明",
    "annual": "年度等级分", "cumulative": "累积等级分",
    "wins": "有效胜局", "certificate": "可申请棋力证明",
    "fee": "登记费", "year": "年份", "honorary": "荣誉称号",
    "pending_games": "待定局数", "pending_change": "待定累计变化",
    "pending_since": "待定起始", "period_games": "本期局数",
    "pending_log": "待定记录",
    "basic": "基本分", "coefficient": "系数A", "multiplier": "年度倍数",
    "base": "年初基础分", "count": "人数", "source": "来源",
    "adjusted": "段级调整", "window_games": "12个月局数",
    "pending_events": "待定赛事数", "title_awarded": "授予称号", "inputs": "记录指纹",
    "egf_pin": "EGF编号", "fide_id": "FIDE编号", "latin_name": "英文姓名",
    "published": "原公布", "corrected": "更正后", "correction": "更正幅度", "reason": "原因",
    "weight": "权重",
    # the club's tournament report (``xl-ratings new report``)
    "no": "编号", "organiser": "主办单位", "arbiter": "裁判长", "federation_id": "会员号",
    # the Clubs and Identities sheets (read by import)
    "code": "代码", "aliases": "别名", "spelling": "来源写法",
    # the McMahon sheet (optional)
    "mms": "麦克马洪起始分",
}

#: sheet -> key -> simplified Chinese label, where a sheet's column means
#: something else than elsewhere: an event's name is its 名称, a person's 姓名.
#: Every label here is accepted as a header on every sheet (the input readers
#: do not say which sheet they read), and the general label stays accepted.
SHEET_LABELS: dict[str, dict[str, str]] = {
    "Events": {"name": "名称"},
    "Event": {"name": "名称"},       # the report's key/value sheet
    "Clubs": {"name": "名称"},
}

SHEET_ALIASES: dict[str, tuple[str, ...]] = {
    "Settings": ("settings", "设置", "設定", "参数", "參數"),
    "Players": ("players", "棋手", "棋手名单", "棋手名單"),
    "Events": ("events", "赛事", "賽事", "比赛", "比賽"),
    "Games": ("games", "对局", "對局"),
    "Awards": ("awards", "授予", "段级授予", "段級授予"),
    "Points": ("points", "加分", "积分", "積分"),
    "History": ("history", "历史", "歷史"),
    "Clubs": ("clubs", "单位", "單位", "俱乐部", "俱樂部"),
    "Identities": ("identities", "对应", "對應", "棋手对应", "棋手對應"),
    "McMahon": ("mcmahon", "麦克马洪", "麥克馬洪", "麦克马洪起始分", "麥克馬洪起始分"),
}

#: English spellings accepted for a key (the American ``color``).
KEY_SPELLINGS = {"color": "colour"}

_SPLIT = re.compile(r"[\s()（）/|:：\n]+")


def label(key: str, system: Named | None = None, sheet: str | None = None) -> str:
    """The header of column ``key`` (of ``sheet``): "中文 key" in the system's script."""
    zh = (SHEET_LABELS.get(sheet or "", {}).get(key)
          or (system.terms.get(key) if system is not None else None) or LABELS.get(key))
    if zh is None:
        return key
    if system is not None:
        zh = to_lang(zh, system.lang)
    return f"{zh} {key}" if zh != key else key


@lru_cache(maxsize=1)
def _by_label() -> dict[str, list[str]]:
    """Every Chinese label, in both scripts -> the keys it names."""
    out: dict[str, list[str]] = {}
    pairs = list(LABELS.items()) + [kv for labels in SHEET_LABELS.values() for kv in labels.items()]
    for key, zh in pairs:
        for text in {zh, traditional(zh)}:
            if key not in out.setdefault(text, []):
                out[text].append(key)
    return out


@lru_cache(maxsize=1)
def _ascii_labels() -> dict[str, list[str]]:
    """:func:`_by_label`'s ASCII entries (all an ASCII header can name), made without OpenCC."""
    out: dict[str, list[str]] = {}
    pairs = list(LABELS.items()) + [kv for labels in SHEET_LABELS.values() for kv in labels.items()]
    for key, zh in pairs:
        if zh.isascii() and key not in out.setdefault(zh, []):
            out[zh].append(key)
    return out


def header_key(text: Any, known: set[str], terms: Any = None) -> str | None:
    """The column key a header cell names, or None.

    Accepts the key itself, a Chinese label (simplified or traditional), a
    system's own term (``terms``: key -> label, e.g. GoR's 棋力分), or a
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
        part = KEY_SPELLINGS.get(part, part)
        if part in known:
            return part
    if raw.isascii():       # an ASCII text is its own traditional form: no conversion tables loaded
        by_label = _ascii_labels()
        own = {v: k for k, v in (terms or {}).items() if v.isascii()}
    else:
        by_label = _by_label()
        own = {traditional(v): k for k, v in (terms or {}).items()} | {v: k for k, v in (terms or {}).items()}
    for part in [raw] + _SPLIT.split(raw):
        if own.get(part) in known:
            return str(own[part])
        for key in by_label.get(part, ()):
            if key in known:
                return key
    return None


def _cjk(text: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" for c in text)


def near_key(text: Any, missing: Any, terms: Any = None) -> str | None:
    """The key of ``missing`` (columns a sheet lacks) that a header the reader does not know looks
    like a slip of (棋力份 for 棋力分, 等级份 for 等级分, ratng for rating), or None: a column
    of the officer's own that is named like none of them."""
    import difflib

    if text is None or not str(text).strip():
        return None
    parts = [p for p in {str(text).strip().lower(), *_SPLIT.split(str(text).strip().lower())} if p]
    for key in missing:
        words = {key, *(w for w, keys in _by_label().items() if key in keys)}
        words |= {v for k, v in (terms or {}).items() if k == key} | {traditional(v) for k, v in (terms or {}).items() if k == key}
        for part in parts:
            for word in words:
                cjk = _cjk(word)
                if cjk != _cjk(part) or len(part) < (2 if cjk else 4):
                    continue
                ratio = difflib.SequenceMatcher(None, part, word.lower()).ratio()
                if ratio >= (0.66 if cjk else 0.8):
                    return str(key)
    return None


def sheet_key(name: str) -> str | None:
    low = name.strip().lower()
    for key, aliases in SHEET_ALIASES.items():
        if low == key.lower() or low in aliases:
            return key
    return None


#: key -> English label (the web pages show Chinese first with English beside it).
ENGLISH: dict[str, str] = {
    "key": "setting", "value": "value", "id": "id", "name": "name", "sex": "sex", "club": "club",
    "rank": "rank", "rating": "rating", "games": "games", "events": "events", "peak": "peak",
    "title": "title", "member": "member", "rif": "RIF rating", "event": "event", "start": "start",
    "end": "end", "format": "format", "class": "class", "level": "level", "champion": "champion",
    "date": "date", "round": "round", "player": "player", "opponent": "opponent", "result": "result",
    "handicap": "handicap", "colour": "colour", "award": "award", "kind": "kind", "points": "points",
    "note": "note", "period": "period", "place": "place", "old": "old rating", "new": "new rating", "change": "change",
    "status": "status", "standard": "rank standard", "label": "standard name", "own": "own rating used",
    "opponent_mean": "mean opponent rating", "difference": "difference D", "score": "score W",
    "expected": "expected We", "k": "K", "event_name": "event", "rule": "rule", "sheet": "sheet",
    "row": "row", "message": "message", "annual": "annual score", "cumulative": "cumulative score",
    "wins": "valid wins", "certificate": "certificate", "fee": "fee", "year": "year",
    "honorary": "honorary title", "pending_games": "pending games", "pending_change": "pending change",
    "pending_since": "pending since", "period_games": "games this period", "pending_log": "pending log",
    "pending_events": "pending events", "title_awarded": "awarded title", "inputs": "records fingerprint",
    "egf_pin": "EGF PIN", "fide_id": "FIDE id", "latin_name": "Latin name",
    "published": "published", "corrected": "corrected", "correction": "correction", "reason": "reason",
    "basic": "basic score", "coefficient": "coefficient A", "multiplier": "annual multiplier",
    "base": "year-start base", "count": "players", "source": "source", "adjusted": "rank adjustment",
    "window_games": "games in 12 months", "weight": "weight",
    "no": "no.", "organiser": "organiser", "arbiter": "arbiter", "federation_id": "federation id",
    "code": "code", "aliases": "aliases", "spelling": "spelling in the source",
    "mms": "starting McMahon score",
}

#: Sheet furniture with words in both languages (labels, not messages: they name what a sheet
#: holds).  The History chart's title ({what}: the rating's word, {count}: the players drawn).
CHART_TITLE = "{what} — 前{count}名 (rating history)"
#: The first cell of the one-click rating-list sheet: it marks the sheet as ours (never an officer's).
RATING_LIST_SHEET_MARK = "xl-ratings: rating list file — 编排软件用等级分名单文件"
