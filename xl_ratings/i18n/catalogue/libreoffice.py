"""Messages: the LibreOffice extension -- its toolbar and menu, the Function Wizard's help for the
functions in cells (the English is the Excel surface's own text, :mod:`xl_ratings.excel.functions`:
a test keeps them equal), and what building it says (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message

# ------------------------------------------------------------------ the toolbar and menu
CMD_PROCESS = message("lo.cmd_process", "Process ratings", "计算等级分")
CMD_IMPORT = message("lo.cmd_import", "Import results", "导入成绩")
CMD_LIST = message("lo.cmd_rating_list", "Rating list for pairing programs", "编排软件用等级分名单")
MENU = message("lo.menu", "Ratings", "等级分")
NOT_CALC = message(
    "lo.not_calc",
    "xl-ratings works on a spreadsheet: open the federation's workbook in LibreOffice Calc and click again",
    "xl-ratings 只处理电子表格：请在 LibreOffice Calc 中打开协会的工作簿后再点击")
PYTHON_LACKS = message(
    "lo.python_lacks",
    "xl-ratings cannot run in this LibreOffice's Python ({python}): it needs Python 3.11 or later with its standard "
    "modules; on Linux install python3-uno for the system's Python 3.11 or later, elsewhere a LibreOffice whose "
    "Python is 3.11 or later ({problem})",
    "xl-ratings 无法在此 LibreOffice 的 Python（{python}）中运行：需要 Python 3.11 或更高版本及其标准模块；"
    "Linux 上请为系统的 Python 3.11 或更高版本安装 python3-uno，其他系统请使用自带 Python 3.11 或更高版本的 LibreOffice（{problem}）")
FAILED = message(
    "lo.failed",
    "xl-ratings stopped on an unexpected problem, nothing was written: {problem}",
    "xl-ratings 遇到意外问题而停止，未写入任何内容：{problem}")
# ------------------------------------------------------------------ building the extension
BUILT = message(
    "lo.built",
    "wrote {path}: the LibreOffice extension (13 functions, the toolbar and menu); install it with "
    "unopkg add {path} or a double click, tested with LibreOffice {tested}",
    "已写入 {path}：LibreOffice 扩展（13 个函数、工具栏和菜单）；用 unopkg add {path} 或双击安装，"
    "已在 LibreOffice {tested} 上测试")
NOT_OXT = message(
    "lo.not_oxt",
    "the extension's file name must end in .oxt (LibreOffice installs only that)",
    "扩展的文件名必须以 .oxt 结尾（LibreOffice 只安装这种文件）")
MISSING_PACKAGE = message(
    "lo.missing_package",
    "the extension carries {package}, which is not installed here: pip install {package}",
    "扩展需要携带 {package}，但此处未安装：pip install {package}")

# ------------------------------------------------------------------ the functions in the Function Wizard
F_ELO_EXPECTED = message(
    "lo.f.elo_expected", "Expected score of a player against an opponent (Elo). Spills over ranges.",
    "棋手对对手的预期得分（Elo）。可用于区域。")
F_ELO_DELTA = message(
    "lo.f.elo_delta", "Unrounded rating change ΔR over a set of games (a tournament).",
    "一组对局（一次比赛）的未取整等级分变化 ΔR。")
F_SHANGHAI_K = message(
    "lo.f.shanghai_k",
    "K of the Shanghai rating for a tournament: 25 while new (<3 events and <30 games), 15, or 10 once the peak "
    "reached 2400.",
    "上海等级分一次比赛的 K 值：新棋手（少于 3 次比赛且少于 30 局）为 25，否则 15，最高分达到 2400 后为 10。")
F_LIANZHONG_K = message(
    "lo.f.lianzhong_k",
    "K of the Lianzhong rating from the player's own rating: 32 below 2000, 24 below 2400, 16 below 2800, else 8.",
    "联众等级分按棋手自身等级分的 K 值：低于 2000 为 32，低于 2400 为 24，低于 2800 为 16，否则为 8。")
F_LIANZHONG_UPDATE = message(
    "lo.f.lianzhong_update",
    "The player's new Lianzhong rating after one game (rated/unrated mixing of seed 004 §5–§7).",
    "一局后棋手新的联众等级分（seed 004 §5–§7 的有分/无分混合规则）。")
F_LIANZHONG_TITLE = message(
    "lo.f.lianzhong_title", "Lianzhong title (称号) for a rating: 九级棋士 … 二级大师, 无称号 under 20 games.",
    "等级分对应的联众称号：九级棋士 … 二级大师，不足 20 局为无称号。")
F_GOR_EXPECTED = message(
    "lo.f.gor_expected",
    "Expected result S_E of the player (GoR, seed 002 formulas (1) and (2)); equal ratings give 0.5 − ε/2.",
    "棋手的预期结果 S_E（GoR，seed 002 公式 (1) 和 (2)）；等级分相同时为 0.5 − ε/2。")
F_GOR_UPDATE = message(
    "lo.f.gor_update", "New GoR after a tournament: every game from the same start rating, summed, floor 100.",
    "一次比赛后的新 GoR：每局都从同一起始等级分计算后求和，下限 100。")
F_PENG_ANNUAL = message(
    "lo.f.peng_annual",
    "Peng annual score (年度等级分): base + 16×opponent's multiplier per win − 16×own multiplier per loss.",
    "彭氏年度等级分：基数 + 每胜 16×对手倍数 − 每负 16×自身倍数。")
F_PENG_CUMULATIVE = message(
    "lo.f.peng_cumulative",
    "Peng cumulative score (累积等级分): start + Σ A(opponent)×(2 win, 1 draw, 0 loss) + tests + bonus.",
    "彭氏累积等级分：起始分 + Σ A(对手)×（胜 2、和 1、负 0）+ 测试分 + 奖励分。")
F_PENG_BASE = message(
    "lo.f.peng_base", "Year-start base of the Peng annual score for a rank (四段 333.33, 五段 571.42 …).",
    "某段级的彭氏年度等级分年初基数（四段 333.33，五段 571.42 …）。")
F_RANK_STANDARD = message(
    "lo.f.rank_standard",
    "The highest rank whose standard the value meets: shanghai 三段/5级, gor 3D/5k, peng 二段 (or 二格), "
    "lianzhong a title.",
    "该数值达到标准的最高段级：shanghai 三段/5级，gor 3D/5k，peng 二段（或 二格），lianzhong 为称号。")
F_RANK_RATING = message(
    "lo.f.rank_rating",
    "The standard rating of a rank (shanghai, gor), its basic score (peng), or a title's minimum rating "
    "(lianzhong).",
    "段级的标准等级分（shanghai、gor）、基本分（peng），或称号的最低等级分（lianzhong）。")

# ------------------------------------------------------------------ their arguments
A_RATINGS = message("lo.a.ratings", "a rating, or a range of ratings", "一个等级分，或一个等级分区域")
A_OPPONENT_RATINGS = message("lo.a.opponent_ratings", "the opponent's rating, or a range of them",
                             "对手的等级分，或其区域")
A_METHOD = message(
    "lo.a.method",
    "\"fide\" (default, as ELO_DELTA): the FIDE table, difference capped at 400; "
    "\"logistic\": 1/(1+10^((opp−own)/400))",
    "\"fide\"（默认，与 ELO_DELTA 相同）：FIDE 表，分差上限 400；\"logistic\"：1/(1+10^((对手−自身)/400))")
A_START_RATING = message("lo.a.start_rating", "the player's rating at the start (a cell, or a column of players)",
                         "棋手的起始等级分（一个单元格，或一列棋手）")
A_OPPONENTS = message("lo.a.opponents", "the opponents' ratings (one row per player when rating is a column)",
                      "对手的等级分（rating 为一列时每名棋手一行）")
A_ELO_SCORES = message(
    "lo.a.elo_scores",
    "the player's results, same shape as opponents: 1, 0.5, 0, W/D/L, 胜/和/负; forfeits (+, -, 1*) are skipped",
    "棋手的结果，形状与 opponents 相同：1、0.5、0、W/D/L、胜/和/负；弃权（+、-、1*）不计")
A_K = message("lo.a.k", "the K factor (a cell, or one per player)", "K 值（一个单元格，或每名棋手一个）")
A_LOGISTIC_METHOD = message(
    "lo.a.delta_method", "\"fide\" (default): K·(ΣW − N·PC(R − mean opp)); \"logistic\": K·Σ(W − E)",
    "\"fide\"（默认）：K·(ΣW − N·PC(R − 对手平均))；\"logistic\"：K·Σ(W − E)")
A_GAMES_BEFORE = message("lo.a.games_before", "rated games counted before the tournament", "比赛前已计的有效对局数")
A_EVENTS_BEFORE = message("lo.a.events_before", "rated tournaments counted before the tournament",
                          "比赛前已计的有效比赛次数")
A_PEAK = message("lo.a.peak", "the highest rating the player has had (blank: never rated)",
                 "棋手曾有的最高等级分（空白：从未有分）")
A_RATING_BEFORE = message("lo.a.rating_before", "the player's rating before the game", "棋手赛前的等级分")
A_OPPONENT_BEFORE = message("lo.a.opponent_before", "the opponent's rating before the game", "对手赛前的等级分")
A_SCORE = message(
    "lo.a.score",
    "the player's result: 1, 0.5, 0, W/D/L, 胜/和/负 (a forfeit leaves the rating unchanged)",
    "棋手的结果：1、0.5、0、W/D/L、胜/和/负（弃权时等级分不变）")
A_GAMES = message("lo.a.games", "the player's counted games before this one (rated from 20)",
                  "本局之前棋手已计的对局数（满 20 局起定级）")
A_OPPONENT_GAMES = message("lo.a.opponent_games", "the opponent's counted games before this one",
                           "本局之前对手已计的对局数")
A_TITLE_GAMES = message("lo.a.title_games", "the player's counted games (no title under 20)",
                        "棋手已计的对局数（不足 20 局无称号）")
A_AWARDED = message("lo.a.awarded", "a title awarded in official events (特级大师, 一级大师), kept for ever",
                    "正式比赛中授予的称号（特级大师、一级大师），永久保留")
A_GOR = message("lo.a.gor", "the player's GoR", "棋手的 GoR")
A_OPPONENT_GOR = message("lo.a.opponent_gor", "the opponent's GoR", "对手的 GoR")
A_HANDICAP = message("lo.a.handicap",
                     "stones the player receives (negative: gives); blank or 0 for even games",
                     "棋手受的子数（负数：让子）；分先对局为空白或 0")
A_START_GOR = message("lo.a.start_gor", "the GoR at the tournament's start (a cell, or a column of players)",
                      "比赛开始时的 GoR（一个单元格，或一列棋手）")
A_OPPONENTS_GOR = message("lo.a.opponents_gor", "the opponents' GoR (one row per player when rating is a column)",
                          "对手的 GoR（rating 为一列时每名棋手一行）")
A_GOR_SCORES = message(
    "lo.a.gor_scores",
    "the player's results: 1, 0.5, 0, W/D/L, 胜/和/负; + (won by forfeit) is not counted, - (absent) counts as a loss",
    "棋手的结果：1、0.5、0、W/D/L、胜/和/负；+（对手弃权获胜）不计，-（缺席）按负计")
A_HANDICAPS = message("lo.a.handicaps",
                      "stones the player received in each game (negative: gave); blank for even games",
                      "棋手每局受的子数（负数：让子）；分先对局为空白")
A_WEIGHT = message("lo.a.weight", "tournament weight: 1 (甲/A), 0.75 (乙/B), 0.5 (丙/C), or the class letter",
                   "比赛权重：1（甲/A）、0.75（乙/B）、0.5（丙/C），或级别字母")
A_RANK_JAN1 = message("lo.a.rank_jan1",
                      "the player's rank held on Jan 1 (初段, 5级, 无级 …), or a column of players",
                      "棋手 1 月 1 日所持段级（初段、5级、无级 …），或一列棋手")
A_OPPONENT_RANKS = message("lo.a.opponent_ranks",
                           "the opponents' ranks (one row per player when rank is a column)",
                           "对手的段级（rank 为一列时每名棋手一行）")
A_PENG_SCORES = message("lo.a.peng_scores",
                        "the player's results: 1, 0.5, 0, W/D/L, 胜/和/负; forfeits are skipped",
                        "棋手的结果：1、0.5、0、W/D/L、胜/和/负；弃权不计")
A_BASE = message("lo.a.base",
                 "year-start base; blank: the base of rank (kyu: basic score; dan: basic÷A, at least 200)",
                 "年初基数；空白：rank 的基数（级位：基本分；段位：基本分÷A，至少 200）")
A_RANK = message("lo.a.rank", "the player's rank (初段, 5级, 无级 …), or a column of players",
                 "棋手的段级（初段、5级、无级 …），或一列棋手")
A_TESTS = message("lo.a.tests", "points from timed and untimed problem-solving tests (C)",
                  "限时和不限时解题测试的得分（C）")
A_BONUS = message("lo.a.bonus", "points awarded for special contributions", "因特殊贡献授予的分数")
A_START = message("lo.a.start", "cumulative score before these games; blank: the basic score of rank",
                  "这些对局之前的累积分；空白：rank 的基本分")
A_RANKS = message("lo.a.ranks", "a rank (初段, 5级, 无级 …) or a range of ranks", "一个段级（初段、5级、无级 …）或段级区域")
A_VALUE = message("lo.a.value", "a rating (or a Peng cumulative score), or a range of them",
                  "一个等级分（或彭氏累积分），或其区域")
A_SYSTEM = message("lo.a.system", "shanghai, gor, lianzhong or peng", "shanghai、gor、lianzhong 或 peng")
A_CERTIFIED = message("lo.a.certified",
                      "the rank certified so far; below the standard the name becomes N格 (e.g. 二格)",
                      "迄今认证的段级；未达标准时名称变为 N格（例如 二格）")
A_RANK_OR_TITLE = message("lo.a.rank_or_title",
                          "a rank (三段, 5级, 3D, 5k …; a title for lianzhong), or a range of them",
                          "一个段级（三段、5级、3D、5k …；lianzhong 为称号），或其区域")
