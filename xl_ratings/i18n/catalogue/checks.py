"""Messages: the lines of the Checks sheet (see :mod:`xl_ratings.i18n.catalogue`).

A check's id is its rule id -- what the Checks sheet's ``rule`` column and the
JSON export's ``rule`` show (CONTRACT) -- so one entry serves each rule.  The
sheet shows a line as the Chinese, in the workbook's script, then the English
in brackets (:meth:`xl_ratings.i18n.text.Text.checks_line`).  Each rulebook takes
its own rules' entries as its ``System.messages`` (:data:`SHANGHAI`, :data:`GOR`,
:data:`LIANZHONG`, :data:`PENG`); the rules of the run itself (dates) and of one
click are every rulebook's.
"""

from __future__ import annotations

from ..text import Message, message


def _rules(*entries: Message) -> dict[str, Message]:
    return {m.id: m for m in entries}


# --------------------------------------------------------------------------- every rulebook (the run)
SAMPLE_FORGOTTEN = message(
    "checks.sample_forgotten",
    "the sample's results ({periods}) were removed from the History: the sample records were deleted or "
    "changed, and a sample is never published",
    "示例的结果（{periods}）已从 History 中删除：示例记录已删除或改动，示例结果不算已公布的等级分")
DATE_FUTURE = message(
    "date.future",
    "{event}: the game {player}–{opponent} is dated {date}, after today {today}: a typo?",
    "{event}：{player}–{opponent} 的对局日期 {date} 晚于今天 {today}，可能是笔误")
DATE_BEFORE_HISTORY = message(
    "date.before_history",
    "{games:game|games} of {event} ({date}) lie before the first processed period {period}: not rated; ratings "
    "before it come from the Players sheet",
    "{event}（{date}）的 {games} 盘对局早于第一个已处理周期 {period}，不计算等级分；该周期之前的等级分来自棋手表")
GAME_TYPED_TWICE = message(
    "games.typed_twice",
    "{event}: {player} and {opponent} meet here and on row {first} as well, while most pairs of this event meet "
    "once: one game typed twice (from both sides)? If so, delete one of the two rows; if they played again (a "
    "tie-break), nothing is wrong",
    "{event}：{player} 与 {opponent} 在本行和第 {first} 行都有对局，而本赛事多数棋手之间只对局一次：是否同一局录入了"
    "两次（从双方各录一次）？如是，请删除两行中的一行；如确为再次对局（加赛），则无误")
MORE = message(
    "checks.more",
    "… and {more} more ({total} in all)",
    "… 另有 {more} 条（共 {total} 条）")

# --------------------------------------------------------------------------- shanghai (seed 001)
SHANGHAI = _rules(
    message("shanghai.forfeit",
            "{event}: forfeit {player}–{opponent}: counts for neither",
            "{event}：弃权局 {player}–{opponent} 不计分"),
    message("shanghai.swiss_unrated",
            "{player} v unrated {opponent}: a Swiss game against an unrated opponent is not counted for the rated "
            "player",
            "{player} 对未定级 {opponent}：瑞士制不计"),
    message("shanghai.champion",
            "{player}: a champion loses no points ({change:+.2f} → 0)",
            "{player}：冠军不扣分（{change:+.2f} → 0）"),
    message("shanghai.award",
            "{award!r}: not a rank title on the ladder",
            "{award!r}：不是段级称号"),
    message("shanghai.non_registered",
            "{player}: non-registered: counted for opponents at the reference rating {rating:.0f} ({source}), "
            "no rating of their own",
            "{player}：非注册棋手，按参照等级分 {rating:.0f}（{source}）计算，本人不计等级分"),
    message("shanghai.inactive",
            "{player}: only {games:game|games} in 12 months: inactive, this period's change {change:+.2f} is not applied",
            "{player}：12个月内仅 {games} 局，不活跃，本期变化 {change:+.2f} 不计"),
    message("shanghai.first_rating_window",
            "{player}: pending games from before {cutoff} dropped: at most {years} years",
            "{player}：{cutoff} 之前的待定级对局不再累计（最多 {years} 年）"),
    message("shanghai.first_rating",
            "{player}: first rating {rating:.0f} ({games} games)",
            "{player}：首次获得等级分 {rating:.0f}（{games} 局）"),
    message("shanghai.rank_title",
            "{player}: rank title {rank}: rating raised from {old:.0f} to {new:.0f} (rulebook §12)",
            "{player}：获 {rank} 称号，等级分由 {old:.0f} 升至 {new:.0f}（规则第十二条）"),
    message("shanghai.rr_rated_share",
            "{event}: fewer than two thirds of the round robin's players are rated ({rated}/{players} rated)",
            "{event}：循环赛定级棋手不足三分之二（{rated}/{players} 已定级）"),
    message("shanghai.rr_small_unrated",
            "{event}: a round robin of fewer than {size} players has unrated players ({players} players, "
            "{unrated} unrated)",
            "{event}：不足 {size} 人的循环赛有未定级棋手（{players} 人，{unrated} 人未定级）"),
    message("shanghai.rank_event",
            "{event}: a rank event needs at least {min_players} players and at most 20% unrated ({players} "
            "players, {unrated} unrated)",
            "{event}：等级赛需至少 {min_players} 人且未定级不超过 20%（{players} 人，{unrated} 人未定级）"),
)

# --------------------------------------------------------------------------- gor (seed 002, Hong Kong)
GOR = _rules(
    message("gor.class",
            "{event}: unknown tournament class {cls!r}; use A/B/C or 甲/乙/丙; counted as A (1.0)",
            "{event}：未知的赛事级别 {cls!r}；请用 A/B/C 或 甲/乙/丙；按 A（1.0）计算"),
    message("gor.class_blank",
            "{event}: no tournament class given (Events sheet, column class): rated as class A, weight 1.0; "
            "if it is a B or C event, fill in its class and process again",
            "{event}：未填写赛事级别（Events 表 class 列）：按甲级（A，权重 1.0）计算；如属乙级或丙级，请填写后重新计算"),
    message("gor.forfeit",
            "{event}: forfeit {player}–{opponent}: the absent player is charged the loss, the winner's game is not "
            "counted",
            "{event}：不战胜 {player}–{opponent}：缺席者照样扣分，胜方不计"),
    message("gor.floor",
            "{event}: {player}: the GoR does not go below {floor:.0f} (floor)",
            "{event}：{player}：棋力分不低于 {floor:.0f}"),
)

# --------------------------------------------------------------------------- lianzhong
LIANZHONG = _rules(
    message("lianzhong.award",
            "{award!r}: only 特级大师 and 一级大师 are awarded in events",
            "{award!r}：只有特级大师、一级大师由比赛授予"),
    message("lianzhong.forfeit",
            "forfeit {player}–{opponent}: not rated",
            "弃权局 {player}–{opponent} 不计"),
    message("lianzhong.both_unrated",
            "{player}–{opponent}: both unrated: not counted",
            "{player}–{opponent}：双方均无级别，不计"),
)

# --------------------------------------------------------------------------- peng (seed 000)
PENG = _rules(
    message("peng.forfeit",
            "forfeit {player}–{opponent}: not counted",
            "弃权局 {player}–{opponent} 不计"),
    message("peng.unknown_level",
            "{event}: unknown event level {level!r}; use national, provincial or district",
            "{event}：未知的赛事级别 {level!r}；请用 national、provincial 或 district"),
    message("peng.level",
            "{player} ({rank}): the level of {event} ({level}) does not cover this rank: the game is not counted",
            "{player}（{rank}）：{event} 的级别（{level}）不含此段级，本局不计"),
    message("peng.test",
            "{player}: test {points:+g} ({note})",
            "{player}：测试 {points:+g}（{note}）"),
    message("peng.bonus",
            "{player}: bonus {points:+g} ({note})",
            "{player}：奖励 {points:+g}（{note}）"),
    message("peng.award",
            "{award!r}: not a rank",
            "{award!r}：不是段级"),
)
