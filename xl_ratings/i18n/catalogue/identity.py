"""Messages: who a player is -- names in two scripts, blank clubs, near misses, rows that are not
players, merged cells read as their value (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message

SCRIPT_DOUBT = message(
    "identity.script_doubt",
    "player {name} ({club}) differs from {candidates} only by the script, where a simplified character "
    "stands for several traditional ones ({forms}; two of them are compared as written): the same person?",
    "棋手 {name}（{club}）与 {candidates} 只差简繁写法，而其中的简体字对应多个繁体字（{forms}；"
    "繁体写法按原样比较）：是同一人吗？")
CLUB_BLANK = message(
    "identity.club_blank",
    "player {name} has no club in the source, whose other players have one, and has the name of {candidates}: "
    "a blank club is not the same club: the same person?",
    "棋手 {name} 在来源中没有单位（来源中其他棋手都有），与 {candidates} 同名：单位空白不等于同一单位："
    "是同一人吗？")
SUMMARY_ROW_LEFT_OUT = message(
    "identity.summary_row_left_out",
    "{rows}: a total, average, count or note row, not a player: left out, never rated",
    "{rows}：合计、平均、人数或备注行，不是棋手：已略去，不计算等级分")
SUMMARY_ROW_AT = message(
    "identity.summary_row_at",
    "“{name}” ({where}, {games} game(s))",
    "“{name}”（{where}，{games} 盘对局）")
MERGED_SPREAD = message(
    "identity.merged_spread",
    "cells {cells} are merged: read as their value “{value}” in each of the {count} rows they span",
    "单元格 {cells} 已合并：其值“{value}”按所跨的 {count} 行逐行读取")
EVENT_ID_DIFFERS_ONLY_IN_CASE = message(
    "identity.event_id_differs_only_in_case",
    "duplicate event id: it differs from {other} (row {row}) only in upper and lower case, and ids are compared "
    "without case; give one of the two events another id",
    "赛事编号重复：与第 {row} 行的 {other} 只有大小写不同，而编号比较时不分大小写；请给其中一项赛事换一个编号")
NOT_AN_EVENT_ID_CASE = message(
    "identity.not_an_event_id_case",
    "is not an event id of the Events sheet; {other} is (the same letters in other upper and lower case): "
    "write it as {other}",
    "不是 Events 表中的赛事编号；{other} 是（字母相同，只是大小写不同）：请写作 {other}")
SUMMARY_SHEET_ROW = message(
    "identity.summary_sheet_row",
    "row {row} “{name}”",
    "第 {row} 行“{name}”")
SUMMARY_PLACED = message(
    "identity.summary_placed",
    "“{name}” ({where})",
    "“{name}”（位于 {where}）")
