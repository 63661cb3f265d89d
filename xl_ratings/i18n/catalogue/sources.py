"""Messages: reading tournament files -- TRF, h9, OpenGotha, crosstables, club reports, format
detection (see :mod:`xl_ratings.i18n.catalogue`).  Matching the players and planning the import:
:mod:`.imports`."""

from __future__ import annotations

from ..text import message

# --------------------------------------------------------------------------- the halves of a game (_common.py)
WHAT_CROSSTABLE = message("sources.what_crosstable", "crosstable", "交叉表")
WHAT_TRF = message("sources.what_trf", "TRF file", "TRF 文件")
WHAT_RESULTS_FILE = message("sources.what_results_file", "results file", "成绩文件")
IN_ROUND = message("sources.in_round", "round {round}: {text}", "第 {round} 轮：{text}")
HALF_SAYS = message("sources.half_says", "{says} ({player} against {opponent})", "{says}（{player} 对 {opponent}）")
HALVES_DISAGREE = message(
    "sources.halves_disagree",
    "the two halves of the {what} disagree: {first} says {first_says}, {second} says {second_says}",
    "{what}两处结果不一致：{first} 为 {first_says}，{second} 为 {second_says}")
SAME_COLOUR = message(
    "sources.same_colour",
    "both players have the same colour: {first} says {first_says}, {second} says {second_says}",
    "双方执同一颜色：{first} 为 {first_says}，{second} 为 {second_says}")
HANDICAPS_DIFFER = message(
    "sources.handicaps_differ",
    "the two halves give different handicaps: {first} says {first_says}, {second} says {second_says}",
    "让子数不一致：{first} 为 {first_says}，{second} 为 {second_says}")
DOUBLE_FORFEIT = message(
    "sources.double_forfeit",
    "round {round}: both players lost by forfeit ({first}, {second}): not a game, not imported",
    "第 {round} 轮：双方均弃权（{first}，{second}），不算对局，不导入")
SKIPPED_GAME = message(
    "sources.skipped_game",
    "{player} v {opponent} {result}: {why}",
    "{player} 对 {opponent} {result}：{why}")
UNRATED_GAME = message(
    "sources.unrated_game",
    "played but not rated (W/D/L): not imported",
    "对局未计等级分（W/D/L），不导入")
UNKNOWN_RESULT = message(
    "sources.unknown_result",
    "the result is unknown: not imported",
    "结果未知，不导入")
FORFEIT_DRAW = message(
    "sources.forfeit_draw",
    "a forfeit scored as a draw: not a game, not imported",
    "弃权判和，不算对局，不导入")
NO_SUCH_OPPONENT = message(
    "sources.no_such_opponent",
    "round {round}: opponent number {opponent} does not exist",
    "第 {round} 轮：对手编号 {opponent} 不存在")
MEETS_THEMSELF = message(
    "sources.meets_themself",
    "round {round}: player {player} meets themself",
    "第 {round} 轮：棋手 {player} 与自己对局")
TWO_GAMES_IN_ROUND = message(
    "sources.two_games_in_round",
    "round {round}: player {player} has two games",
    "第 {round} 轮：棋手 {player} 有两盘对局")
LISTED_ONCE = message(
    "sources.listed_once",
    "round {round}: a game listed once only: {cell} says {says} (player {player} v {opponent}), but {there}",
    "第 {round} 轮：对局只出现一次：{cell} 为 {says}（棋手 {player} 对 {opponent}），但{there}")
THERE_SAYS = message("sources.there_says", "{cell} says {says}", "{cell} 为 {says}")
THERE_NO_GAME = message(
    "sources.there_no_game",
    "player {opponent} has no game in that round",
    "棋手 {opponent} 该轮没有对局")

# --------------------------------------------------------------------------- dates and byes (every format)
DATE_LEFT_BLANK = message(
    "sources.date_left_blank",
    "{what}: the date {date} is not understood; left blank",
    "{what}：日期 {date} 无法识别，留空")
ROUND_DATE = message("sources.round_date", "round {round} date", "第 {round} 轮日期")
START_DATE = message("sources.start_date", "start", "开始日期")
END_DATE = message("sources.end_date", "end", "结束日期")
BYE_NOT_A_GAME = message(
    "sources.bye_not_a_game",
    "round {round}: player {player}: {bye} ({raw}): not a game",
    "第 {round} 轮：棋手 {player}：{bye}（{raw}），不算对局")
BYE_HALF = message("sources.bye_half", "half-point bye", "轮空得半分")
BYE_FULL = message("sources.bye_full", "full-point bye", "轮空得一分")
BYE_PAIRING = message("sources.bye_pairing", "pairing-allocated bye", "编排轮空")
BYE_ZERO = message("sources.bye_zero", "zero-point bye (absent)", "缺席（零分轮空）")
NOT_PAIRED = message("sources.not_paired", "not paired", "未编排")
BYE_WON = message("sources.bye_won", "bye won by default", "轮空得分")
ABSENT_LOST = message("sources.absent_lost", "absent (lost by default)", "缺席（判负）")
BYE = message("sources.bye", "bye", "轮空")
ABSENT = message("sources.absent", "absent", "缺席")

# --------------------------------------------------------------------------- TRF (trf.py)
TRF_NOT_A_LINE = message(
    "sources.trf_not_a_line",
    "not a TRF line: each line starts with a 3-character code (001, 012, …)",
    "不是 TRF 行：每行应以三位代码开头（001、012 等）")
TRF_CODE_IGNORED = message(
    "sources.trf_code_ignored",
    "{count} line(s) with code {code} ({what}) ignored, first at line {first}",
    "忽略代码为 {code}（{what}）的 {count} 行，首行为第 {first} 行")
TRF_NO_PLAYERS = message(
    "sources.trf_no_players",
    "no player lines (001) found: not a TRF file",
    "没有找到棋手行（001）：不是 TRF 文件")
TRF_ROUND_OUT_OF_RANGE = message(
    "sources.trf_round_out_of_range",
    "round {round} is out of range: the file says XXR {rounds}",
    "第 {round} 轮超出范围：文件声明共 {rounds} 轮（XXR {rounds}）")
TRF_START_RANK_NOT_NUMBER = message(
    "sources.trf_start_rank_not_number",
    "the starting rank (columns 5–8) is not a number",
    "起始序号（第 5–8 列）不是数字")
TRF_START_RANK_TWICE = message(
    "sources.trf_start_rank_twice",
    "starting rank {key} appears twice",
    "起始序号 {key} 重复")
TRF_LINE_BEFORE_NAME = message(
    "sources.trf_line_before_name",
    "truncated line: a player line ends before the name (column 47)",
    "行不完整：棋手行在姓名（第 47 列）之前结束")
TRF_BLOCK_TRUNCATED = message(
    "sources.trf_block_truncated",
    "round {round}: truncated line: the round block ends before the result (column {column})",
    "第 {round} 轮：行不完整，本轮数据在结果（第 {column} 列）之前结束")
TRF_OPPONENT_NOT_RANK = message(
    "sources.trf_opponent_not_rank",
    "round {round}: the opponent (columns {first}–{last}) is not a starting rank",
    "第 {round} 轮：对手（第 {first}–{last} 列）不是起始序号")
TRF_BAD_COLOUR = message("sources.trf_bad_colour", "the colour must be w, b or -", "颜色应为 w、b 或 -")
TRF_BAD_BYE_RESULT = message(
    "sources.trf_bad_bye_result",
    "not a result; TRF results are 1 = 0 + - W D L H F U Z",
    "不是有效结果（应为 1 = 0 + - W D L H F U Z）")
TRF_BAD_RESULT = message(
    "sources.trf_bad_result",
    "not a result; a game is 1 = 0 + - W D L",
    "不是有效结果（对局结果应为 1 = 0 + - W D L）")

# --------------------------------------------------------------------------- EGF results files (h9.py)
BYE_FREE_WIN = message("sources.bye_free_win", "a free win (bye)", "轮空得胜")
BYE_OR_ABSENT = message("sources.bye_or_absent", "a free round or absence", "轮空或缺席")
NO_GAME_UNKNOWN = message("sources.no_game_unknown", "no game, result unknown", "无对局，结果未知")
H9_NO_NAME_GRADE = message(
    "sources.h9_no_name_grade",
    "cannot find the name and grade (like 3d, 12k, 1p) on this line",
    "本行找不到姓名和段级（如 3d、12k、1p）")
H9_BAD_RESULT = message(
    "sources.h9_bad_result",
    "not a result; write it like 12+/w, 5-/b2, 7=, 0+",
    "不是有效结果，应写作 12+/w、5-/b2、7=、0+")
H9_TIED_PLACES = message(
    "sources.h9_tied_places",
    "tied places are written blank or repeated: opponents are read as line positions",
    "名次并列（空白或重复）：对手编号按行序读取")
H9_LINE_TRUNCATED = message(
    "sources.h9_line_truncated",
    "truncated line: {have} round results where the other lines have {rounds}",
    "行不完整：只有 {have} 轮结果，其他行有 {rounds} 轮")
H9_NOBODY_PLAYED = message(
    "sources.h9_nobody_played",
    "round {round}: nobody played (every entry is a bye or absence)",
    "第 {round} 轮：无人对局（全部轮空或缺席）")
H9_DATES_NOT_UNDERSTOOD = message(
    "sources.h9_dates_not_understood",
    "the dates DT[{tag}] are not understood",
    "日期 DT[{tag}] 无法识别")
H9_NO_PLAYERS = message(
    "sources.h9_no_players",
    "no player lines found: not an EGF results file (h9)",
    "没有找到棋手行：不是 EGF 成绩文件（h9）")

# --------------------------------------------------------------------------- OpenGotha (opengotha.py)
XML_DTD_REFUSED = message(
    "sources.xml_dtd_refused",
    "the XML file declares a DTD or entities, which is refused for safety",
    "XML 文件含有 DTD 或实体声明，出于安全原因拒绝读取")
XML_VALUE_TOO_LONG = message(
    "sources.xml_value_too_long",
    "the attribute {attribute}= holds a value of {length:,} characters, more than the {limit:,} a value "
    "of this file can have: the file is damaged, or not an OpenGotha file; nothing of it was read",
    "属性 {attribute}= 的值长达 {length:,} 个字符，超过此类文件中一个值的上限 {limit:,}：文件已损坏，或不是 OpenGotha 文件；未读取其内容")
XML_TEXT_TOO_LONG = message(
    "sources.xml_text_too_long",
    "a text of {length:,} characters between two tags, more than the {limit:,} a value of this file can "
    "have: the file is damaged, or not an OpenGotha file; nothing of it was read",
    "两个标签之间的文本长达 {length:,} 个字符，超过此类文件中一个值的上限 {limit:,}：文件已损坏，或不是 OpenGotha 文件；未读取其内容")
XML_NOT_WELL_FORMED = message(
    "sources.xml_not_well_formed",
    "not well-formed XML (damaged, or not an OpenGotha file)",
    "XML 格式错误（文件已损坏，或不是 OpenGotha 文件）")
OG_WRONG_ROOT = message(
    "sources.og_wrong_root",
    "not an OpenGotha file: the root element is <{root}>, not <Tournament>",
    "不是 OpenGotha 文件：根元素是 <{root}>，不是 <Tournament>")
OG_PLAYER_WITHOUT_NAME = message("sources.og_player_without_name", "a player without a name", "棋手缺少姓名")
OG_SAME_KEY = message(
    "sources.og_same_key",
    "two players have the same key {key}",
    "两名棋手的关键字相同：{key}")
OG_NOT_A_PLAYER = message(
    "sources.og_not_a_player",
    "{attr} {player} is not among the players",
    "对局中的棋手 {player}（{attr}）不在名单中")
OG_MEETS_THEMSELF = message("sources.og_meets_themself", "player {player} meets themself", "棋手 {player} 与自己对局")
OG_ROUND_OUT_OF_RANGE = message(
    "sources.og_round_out_of_range",
    "round {round} is out of range (1..{rounds})",
    "轮次 {round} 超出范围（1..{rounds}）")
OG_TWO_GAMES = message(
    "sources.og_two_games",
    "round {round}: player {player} has two games (lines {first} and {second})",
    "第 {round} 轮：棋手 {player} 有两盘对局（第 {first} 行和第 {second} 行）")
OG_NOT_A_RESULT = message(
    "sources.og_not_a_result",
    "not an OpenGotha result (RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL, …)",
    "不是 OpenGotha 结果代码（RESULT_WHITEWINS、RESULT_BLACKWINS、RESULT_EQUAL 等）")
OG_SKIPPED = message(
    "sources.og_skipped",
    "round {round}: {white} (white) v {black}: {result}: {why}",
    "第 {round} 轮：{white}（白）对 {black}：{result}：{why}")
OG_DRAW_BY_DEFAULT = message(
    "sources.og_draw_by_default", "a draw by default (forfeit): not a game", "判和（未对弈），不算对局")
OG_BOTH_WIN = message("sources.og_both_win", "both players given a win: not a rated game", "双方均判胜，不计等级分")
OG_BOTH_LOSE = message("sources.og_both_lose", "both players given a loss: not a rated game", "双方均判负，不计等级分")
OG_BOTH_WIN_BY_DEFAULT = message(
    "sources.og_both_win_by_default", "both players win by default: not a game", "双方均不战而胜，不算对局")
OG_BOTH_LOSE_BY_DEFAULT = message(
    "sources.og_both_lose_by_default", "both players lose by default: not a game", "双方均弃权，不算对局")
OG_NO_RESULT = message("sources.og_no_result", "no result entered: not imported", "未录入结果，不导入")
OG_NOT_A_DATE = message("sources.og_not_a_date", "{attr} {date} is not a date", "{attr} {date} 不是日期，无法识别")
OG_BYE = message(
    "sources.og_bye",
    "round {round}: {player} has the bye: not a game",
    "第 {round} 轮：{player} 轮空，不算对局")

# --------------------------------------------------------------------------- which format (detect.py)
WORKBOOK_CANNOT_OPEN = message(
    "sources.workbook_cannot_open",
    "the workbook cannot be opened: {reason}",
    "无法打开该工作簿：{reason}")
ODS_NOT_READ = message(
    "sources.ods_not_read",
    "is an OpenDocument spreadsheet (.ods): save it as .xlsx (Excel 2007-365) -- in LibreOffice: File > Save As, "
    "file type Excel 2007-365 -- and import that file",
    "是 OpenDocument 电子表格（.ods）：请另存为 .xlsx（Excel 2007-365）——在 LibreOffice 中：文件 > 另存为，"
    "文件类型选 Excel 2007-365——再导入该文件")
ZIP_NOT_WORKBOOK = message("sources.zip_not_workbook", "a ZIP file that is not a workbook", "这是 ZIP 文件，不是工作簿")
XML_NOT_OPENGOTHA = message(
    "sources.xml_not_opengotha",
    "an XML or HTML file that is not an OpenGotha tournament (<Tournament>)",
    "XML/HTML 文件，但不是 OpenGotha 赛事文件（<Tournament>）")
FORMAT_UNKNOWN = message(
    "sources.format_unknown",
    "cannot tell the format of this file (expected TRF, h9, OpenGotha XML, a CSV crosstable or an .xlsx report)",
    "无法识别文件格式（应为 TRF、h9、OpenGotha XML、CSV 交叉表或 .xlsx 报表）")
WORKBOOK_NO_SHEETS = message("sources.workbook_no_sheets", "the workbook has no sheets", "工作簿没有工作表")
UNKNOWN_FORMAT_OPTION = message(
    "sources.unknown_format_option",
    "unknown format {format}; use one of {formats}",
    "未知格式 {format}；请用 {formats} 之一")
REPORT_NOT_WORKBOOK = message("sources.report_not_workbook", "a report must be an .xlsx workbook", "报表必须是 .xlsx 工作簿")
CANNOT_READ = message("sources.cannot_read", "cannot read the file ({reason})", "无法读取该文件（{reason}）")
DAMAGED_OR_NOT = message(
    "sources.damaged_or_not",
    "cannot read the file: it is damaged, or not a {format} file",
    "无法读取该文件：文件已损坏，或不是 {format} 文件")

# --------------------------------------------------------------------------- crosstables (crosstable.py)
NOT_A_RESULT = message("sources.not_a_result", "not a result", "不是有效结果")
BYE_OR_FREE_WIN = message("sources.bye_or_free_win", "a bye or a free win", "轮空或不战而胜")
ABSENT_OR_ZERO = message("sources.absent_or_zero", "absent or a zero-point bye", "缺席或轮空得零分")
CT_NO_NUMBER_COLUMN = message(
    "sources.ct_no_number_column",
    "no column numbers the players 1..n (序号)",
    "找不到给棋手编号 1..n 的列（序号）")
CT_NO_NUMBER_COLUMN_PLACE = message(
    "sources.ct_no_number_column_place",
    "no column numbers the players 1..n (序号): column {column} '{header}' is read as the places "
    "(not exactly 1..n, or not the numbers the round cells play); if it numbers the players as the "
    "opponents in the round cells do, rename it 序号 (No.)",
    "找不到给棋手编号 1..n 的列（序号）：第 {column} 列“{header}”按名次读取（不恰好是 1..n，或与各轮格中的对手编号不符）；"
    "若该列就是各轮格中对手所用的棋手编号，请将其改名为“序号”")
CT_NUMBER_TWICE = message("sources.ct_number_twice", "player number {number} appears twice", "棋手编号 {number} 重复")
CT_NO_PLAYER_ROWS = message("sources.ct_no_player_rows", "no numbered player rows found", "没有找到带编号的棋手行")
CT_BAD_SEX = message("sources.ct_bad_sex", "sex must be M/F or 男/女", "性别应为 M/F 或 男/女")
CT_RATING_NOT_NUMBER = message("sources.ct_rating_not_number", "rating must be a number", "等级分应为数字")
CT_ROUND_OUT_OF_RANGE = message(
    "sources.ct_round_out_of_range",
    "round {round} is out of range: the table has {rounds} round columns",
    "轮次 {round} 超出范围：表中只有 {rounds} 轮")
CT_NO_GAME = message(
    "sources.ct_no_game",
    "round {round}: player {player} has no game (blank)",
    "第 {round} 轮：棋手 {player} 该轮无对局（空白）")
CT_BAD_SWISS_RESULT = message(
    "sources.ct_bad_swiss_result",
    "not a result; write it like 12w1, 5b0, 7b½, 3w=, 9+ or 4-",
    "不是有效结果，应写作 12w1、5b0、7b½、3w=、9+ 或 4-")
CT_HEADER_NO_OPPONENT = message(
    "sources.ct_header_no_opponent",
    "column header {number}: opponent number {number} does not exist (players are numbered 1..{players})",
    "列标题 {number}：对手编号 {number} 不存在（棋手编号为 1..{players}）")
CT_RR_NUMBERS = message(
    "sources.ct_rr_numbers",
    "a round-robin matrix numbers its players 1..{players}; found {numbers}",
    "循环赛交叉表应按 1..{players} 编号；实际编号为 {numbers}")
CT_DIAGONAL = message(
    "sources.ct_diagonal",
    "player {player} meets themself: the diagonal cell must be blank",
    "棋手 {player} 与自己对局：对角线单元格应为空")
CT_CROSS_OFF_DIAGONAL = message(
    "sources.ct_cross_off_diagonal",
    "not a result (× belongs on the diagonal only)",
    "不是有效结果（× 只能用于对角线）")
CT_TWO_RESULTS = message(
    "sources.ct_two_results",
    "two results in one cell of a two-block double round robin",
    "双循环两栏表的一个单元格里有两个结果")
CT_BAD_RR_RESULT = message(
    "sources.ct_bad_rr_result",
    "not a result; write 1, 0, ½ (0.5 or =), + or -",
    "不是有效结果，应写 1、0、½（0.5 或 =）、+ 或 -")
CT_UNPLAYED = message(
    "sources.ct_unplayed",
    "players {first} and {second}: no result, unplayed: not a game",
    "棋手 {first} 与 {second}：未赛（无结果），不算对局")
CT_UNPLAYED_LEG = message(
    "sources.ct_unplayed_leg",
    "players {first} and {second} (game {game}): no result, unplayed: not a game",
    "棋手 {first} 与 {second}（第 {game} 局）：未赛（无结果），不算对局")
CT_LISTED_ONCE = message(
    "sources.ct_listed_once",
    "a game listed once only: {cell} says {says}, {other} is blank",
    "对局只出现一次：{cell} 为 {says}，{other} 为空")
CT_MIRROR_CELL = message("sources.ct_mirror_cell", "the mirror cell", "对称位置的格子")
CT_EMPTY = message("sources.ct_empty", "the table is empty", "表格是空的")
CT_PLACE_NOT_READ = message(
    "sources.ct_place_not_read",
    "{count} cell(s) of the place column do not hold a place (the first: {value}): those places are not "
    "read nor checked against the games; write a number such as 1, 1= or 第1名",
    "名次列有 {count} 格不是名次（第一个为 {value}）：这些名次未读入，也未与对局核对；请写数字，如 1、1= 或 第1名")
CT_NO_TITLE = message(
    "sources.ct_no_title",
    "the table has no title line: the event is named {name} (give --name to name it)",
    "表格没有标题行：赛事暂名为 {name}（可用 --name 指定名称）")

# --------------------------------------------------------------------------- a club's report (report.py)
RP_PLAYERS_COLUMN_MISSING = message(
    "sources.rp_players_column_missing",
    "the Players sheet has no '{column}' column",
    "棋手表（Players）缺少“{column}”列")
RP_GAMES_COLUMN_MISSING = message(
    "sources.rp_games_column_missing",
    "the Games sheet has no '{column}' column",
    "对局表（Games）缺少“{column}”列")
RP_NUMBER_MISSING = message("sources.rp_number_missing", "player number (no / 编号) is missing", "缺少棋手编号（编号）")
RP_BAD_RESULT = message(
    "sources.rp_bad_result",
    "not a result; write 1, 0.5, 0, W/D/L, 胜/和/负, + or -",
    "不是有效结果，应写 1、0.5、0、W/D/L、胜/和/负、+ 或 -")
RP_FORFEIT_DRAW = message(
    "sources.rp_forfeit_draw",
    "a forfeit scored as a draw ({result}): not a game",
    "弃权判和（{result}），不算对局")
RP_ROUND_NOT_WHOLE = message("sources.rp_round_not_whole", "round must be a whole number from 1", "轮次应为从 1 开始的整数")
RP_ROUND_BEYOND_ROUNDS = message(
    "sources.rp_round_beyond_rounds",
    "round {round} is out of range: the event has {rounds} rounds (Event sheet)",
    "轮次 {round} 超出范围：赛事共 {rounds} 轮（Event 表）")
RP_ROUND_BEYOND_PLAYERS = message(
    "sources.rp_round_beyond_players",
    "round {round} is out of range: the event has {players} players",
    "轮次 {round} 超出范围：赛事只有 {players} 名棋手")
RP_NOT_A_DATE = message("sources.rp_not_a_date", "not a date; write it like 2024-05-01", "不是有效日期，应写作 2024-05-01")
RP_KEY_NOT_A_DATE = message(
    "sources.rp_key_not_a_date",
    "{key} is not a date; write it like 2024-05-01",
    "{key} 不是有效日期，应写作 2024-05-01")
RP_HANDICAP_NOT_NUMBER = message("sources.rp_handicap_not_number", "handicap must be a number of stones", "让子数应为数字")
RP_NOT_ON_PLAYERS = message(
    "sources.rp_not_on_players",
    "player number {number} is not on the Players sheet",
    "棋手编号 {number} 不在棋手表中")
RP_GAME_TWICE = message(
    "sources.rp_game_twice",
    "round {round}: the game {player} v {opponent} is listed twice (rows {first} and {second}); each game is one row",
    "第 {round} 轮：对局 {player} 对 {opponent} 重复（第 {first} 行和第 {second} 行）；每盘对局只写一行")
RP_SHEET_EVENT = message("sources.rp_sheet_event", "Event", "Event（赛事）")
RP_SHEET_PLAYERS = message("sources.rp_sheet_players", "Players", "Players（棋手）")
RP_SHEET_GAMES_OR_CROSSTABLE = message(
    "sources.rp_sheet_games_or_crosstable", "Games or Crosstable", "Games（对局）或 Crosstable（交叉表）")
RP_SHEETS_MISSING = message(
    "sources.rp_sheets_missing",
    "the report lacks the sheet(s) {sheets}",
    "报表缺少工作表：{sheets}")
RP_RESULTS_TWICE = message(
    "sources.rp_results_twice",
    "the report has results both on sheet {games} and on sheet {crosstable}; keep one (delete the other sheet, "
    "or empty it) and import again",
    "报表的工作表「{games}」和「{crosstable}」都有成绩；请只保留一个（删除或清空另一个）后再导入")
RP_CT_PLAYER_UNKNOWN = message(
    "sources.rp_ct_player_unknown",
    "crosstable player {number} ({name}) is not on the Players sheet",
    "交叉表中的棋手 {number}（{name}）不在棋手表中")
RP_CT_PLAYER_NAME = message(
    "sources.rp_ct_player_name",
    "crosstable player {number} is {name} but the Players sheet says {players_name}",
    "交叉表棋手 {number} 为 {name}，棋手表为 {players_name}")
RP_BAD_FORMAT = message(
    "sources.rp_bad_format",
    "format must be round_robin, swiss or games (循环/积分编排/对局)",
    "赛制应为 round_robin、swiss 或 games（循环/积分编排/对局）")
RP_BAD_CHAMPION = message(
    "sources.rp_bad_champion",
    "the champion is neither a player number nor a name on the Players sheet",
    "冠军既不是棋手编号，也不是棋手表中的姓名")

# --------------------------------------------------------------------------- a player's place in a source (model.py)
AT_SHEET = message("sources.at_sheet", "sheet '{sheet}'", "工作表 '{sheet}'")
AT_CELL = message("sources.at_cell", "cell {cell}", "单元格 {cell}")
AT_LINE = message("sources.at_line", "line {line}", "第 {line} 行")
AT_LINE_COLUMN = message("sources.at_line_column", "line {line}, {column}", "第 {line} 行，{column}")
