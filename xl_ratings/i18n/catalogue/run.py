"""Messages: a run (periods, the History ledger, summaries, command-line notes) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import Message, message

ONLY_FOR_WORKBOOK = message(
    "run.only_for_workbook",
    "{option} applies only to a workbook (it re-rates periods of its History); a game list keeps no History: "
    "each run rates the whole list",
    "{option} 只用于工作簿：它重新计算工作簿 History 中已处理的周期；比赛记录文件没有 History，每次都计算全部对局")
ONLY_FOR_GAME_LIST = message(
    "run.only_for_game_list",
    "{option} applies only to a CSV/Parquet game list; a workbook keeps it in its own sheets "
    "(the system and parameters in Settings, players in Players, events in Events)",
    "{option} 只用于 CSV/Parquet 比赛记录文件；工作簿的等级分制度和参数写在 Settings 表中，棋手在 Players 表中，"
    "赛事在 Events 表中")
SET_NEEDS_KEY_VALUE = message(
    "run.set_needs_key_value",
    "--set takes key=value",
    "--set 的格式为 键=值")

# --------------------------------------------------------------------------- the History (ledger)
HISTORY_NOT_LEDGER = message(
    "run.history_not_ledger",
    "the History sheet is not a ledger written by xl-ratings (columns period, id, new missing); rename or delete it",
    "History 工作表不是 xl-ratings 写入的记录（缺少 period、id、new 列）；请给它改名或删除它")
HISTORY_ROWS_EDITED = message(
    "run.history_rows_edited",
    "the History's rows of {period} are not as xl-ratings wrote them (rows {rows}: edited, or rows of the period "
    "deleted, by hand?); undo the edit (the backup {backup} holds an earlier version), or re-rate that period from "
    "its records with --from {period}",
    "History 中 {period} 的记录与程序写入的不符（第 {rows} 行，被手工修改或删除？）；请撤销修改（备份文件 {backup} "
    "保存着较早的版本），或用 --from {period} 根据记录重新计算该周期")
HISTORY_ROW_DELETED = message(
    "run.history_row_deleted",
    "the History's row of {player} for {period} was deleted (the period's other rows, rows {rows}, say it was "
    "there); undo the deletion (the backup {backup} holds an earlier version), or re-rate that period from its "
    "records with --from {period}",
    "History 中 {period} 的棋手 {player} 的记录被删除了（该周期的其他记录，第 {rows} 行，表明它原来在）；请撤销删除"
    "（备份文件 {backup} 保存着较早的版本），或用 --from {period} 根据记录重新计算该周期")
HISTORY_ROWS_UNSEALED = message(
    "run.history_rows_unsealed",
    "the History's rows of {period} have lost the seal xl-ratings wrote in their hidden 'inputs' cell (rows {rows}: "
    "the cell emptied, or rows pasted in?); undo the edit (the backup {backup} holds an earlier version), or re-rate "
    "that period from its records with --from {period}",
    "History 中 {period} 的记录丢失了程序写在隐藏的 inputs 单元格中的校验（第 {rows} 行：单元格被清空，或粘贴进来的行？）；"
    "请撤销修改（备份文件 {backup} 保存着较早的版本），或用 --from {period} 根据记录重新计算该周期")
HISTORY_ROW_TWICE = message(
    "run.history_row_twice",
    "player {player} has {count} rows in the History's period {period} (rows {rows}): a row pasted over another "
    "player's?; undo the paste (the backup {backup} holds an earlier version), or re-rate that period from its "
    "records with --from {period}",
    "棋手 {player} 在 History 的周期 {period} 中有 {count} 行（第 {rows} 行）：是否把一行粘贴到了另一名棋手的行上？"
    "请撤销粘贴（备份文件 {backup} 保存着较早的版本），或用 --from {period} 根据记录重新计算该周期")
HISTORY_COLUMNS_MISSING = message(
    "run.history_columns_missing",
    "the History lacks its column(s) {columns} (hidden columns removed, e.g. by Excel's Document Inspector?): "
    "the next period cannot start from it; restore the History from the backup {backup}, or re-rate every period "
    "from its records with --from {first}",
    "History 缺少 {columns} 列（隐藏的列被删除了？例如 Excel 的“文档检查器”会删除隐藏的列）：下一周期无法从中开始；"
    "请从备份文件 {backup} 恢复 History，或用 --from {first} 根据记录重新计算所有周期")
HISTORY_GAP = message(
    "run.history_gap",
    "the History holds no rows for {missing} (between {before} and {after}): the rows of a period deleted by hand?; "
    "restore them (the backup {backup} holds an earlier version), or re-rate from that period with --from {first}",
    "History 中没有 {missing} 的记录（在 {before} 与 {after} 之间）：是否手工删除了一个周期的记录？请恢复这些记录"
    "（备份文件 {backup} 保存着较早的版本），或用 --from {first} 从该周期起重新计算")
PUBLISHED_FROM_OTHER_SETTINGS = message(
    "run.published_from_other_settings",
    "period {period} was published from other records: the Settings that change the numbers changed since; re-rate "
    "it and the periods after it with: xl-ratings process {book} --from {period}",
    "周期 {period} 公布后记录有改动：影响计算结果的设置有改动；请用 xl-ratings process {book} --from {period} "
    "重新计算该周期及之后的周期")
PUBLISHED_FROM_OTHER_RECORDS = message(
    "run.published_from_other_records",
    "period {period} was published from other records: the games or records of {count} player(s) ({players}) "
    "changed since; re-rate it and the periods after it with: xl-ratings process {book} --from {period}",
    "周期 {period} 公布后记录有改动：{count} 名棋手（{players}）的对局或记录有改动；请用 xl-ratings process {book} "
    "--from {period} 重新计算该周期及之后的周期")
EARLIER_PERIOD_DELETED = message(
    "run.earlier_period_deleted",
    "the History's first period {period} was computed from ratings that are not the Players sheet's ({count} "
    "player(s): {players}, with unchanged records): the rows of an earlier period seem to be deleted from the History; "
    "restore them (the backup {backup} holds an earlier version), or re-rate from the first period with --from {first}",
    "History 的第一个周期 {period} 的起始等级分与棋手表不符（{count} 名棋手：{players}，记录未改动）：似乎有更早周期的记录"
    "被删除；请先恢复这些记录（备份文件 {backup} 保存着较早的版本），或用 --from {first} 从第一个周期起重新计算")
FROM_NOT_IN_HISTORY = message(
    "run.from_not_in_history",
    "--from {period}: that period is not in the History (processed periods: {listed})",
    "--from {period}：History 中没有该周期（已处理：{listed}）")
BACKUP_UNREADABLE = message(
    "run.backup_unreadable",
    "the backup {backup} cannot be read as a workbook, so it is not known what it holds (the version before a period "
    "was first processed?); it was left as it is and nothing was written: move it away (or delete it) and run again",
    "无法作为工作簿读取备份文件 {backup}，不知道其中保存了什么（某周期首次处理前的版本？）；它保持原样，未写入任何内容："
    "请把它移走（或删除）后再运行")
PUBLISHED_PLAYER_DELETED = message(
    "run.published_player_deleted",
    "period {period} was published with {count} player(s) who are no longer in the Players sheet "
    "({players}); put them back, or re-rate the period and the ones after it without them: "
    "xl-ratings process {book} --from {period}",
    "周期 {period} 公布时的 {count} 名棋手已不在 Players（棋手）表中（{players}）；请恢复这些棋手，"
    "或用 xl-ratings process {book} --from {period} 重新计算该周期及之后的周期")
ONLY_THE_SAMPLE_PROCESSED = message(
    "run.only_the_sample_processed",
    "nothing is published yet: the History holds only the sample's results ({periods}), and the sample "
    "records were deleted or changed since; process your records first: xl-ratings process {book}",
    "尚未发布：History 中只有示例的结果（{periods}），而示例记录已删除或改动；请先计算你的记录："
    "xl-ratings process {book}")

# --- a game list's checks, summarised on the console (jobs/game_stream.py): a head line, then its items
# (indented: the English starts the line)
CHECKS_PER_RULE = message(
    "run.checks_per_rule",
    "checks per rule ({total:,} in all)",
    "检查项（按规则，共 {total:,} 项）")
CHECKS_OF_RULE = message(
    "run.checks_of_rule",
    "  {rule}: {count:,} (rows {rows})",
    "{rule}：{count:,} 项（第 {rows} 行）")
EVERY_CHECK_LISTED = message(
    "run.every_check_listed",
    "  every check is listed in {path}",
    "全部检查项列在 {path}")

# --------------------------------------------------------------------------- which periods (engine/periods.py)
NO_EVENTS = message("run.no_events", "there are no events to process", "没有可处理的赛事")
NOTHING_YET = message(
    "run.nothing_yet",
    "nothing to process yet: the first event ends {end}, in period {period}, which has not started (today is "
    "{today}); check the dates (a typo in a year?): a period is processed once it has begun",
    "尚无可处理的周期：第一个赛事结束于 {end}，属于尚未开始的周期 {period}（今天是 {today}）；请检查日期"
    "（年份笔误？）：周期开始后才能处理")
PERIOD_NOT_BEGUN = message(
    "run.period_not_begun",
    "period {period} has not begun: it starts {start}, and today is {today}; a period is processed once it has "
    "begun (leave out --period to process every period up to today's)",
    "周期 {period} 尚未开始：它从 {start} 开始，今天是 {today}；周期开始后才能处理（不指定 --period 即处理到"
    "今天所在的周期为止）")
HISTORY_AHEAD = message(
    "run.history_ahead",
    "the History holds period {period}, which has not begun (it starts {start}, and today is {today}): it was "
    "processed ahead of time, and nothing of this period can follow it; delete that period's rows from the "
    "History (or restore the workbook from before that run), then process again",
    "History 中有尚未开始的周期 {period}（从 {start} 开始，今天是 {today}）：它被提前处理了，本周期的记录无法"
    "接在它之后；请从 History 中删除该周期的行（或恢复那次运行之前的工作簿），然后重新处理")
GAME_NOT_PLAYED_YET = message(
    "run.game_not_played_yet",
    "is dated {date}, after today ({today}): a game not yet played is not rated in period {period}; correct the "
    "date (a game without one takes its event's end date), or process once it has been played",
    "日期为 {date}，晚于今天（{today}）：尚未进行的对局不能计入周期 {period}；请更正日期（未填日期的对局取其"
    "赛事的结束日期），或在对局进行后再处理")
HISTORY_LATER = message(
    "run.history_later",
    "the History already holds period {later}, which overlaps or follows {period}; process periods in order "
    "(re-process only the latest, {latest})",
    "History 已有周期 {later}，它与 {period} 重叠或在其之后；请按顺序处理（只能重新处理最近的 {latest}）")
HISTORY_LATER_REDO = message(
    "run.history_later_redo",
    "the History already holds period {later}, after {period}: only the latest period ({latest}) is processed "
    "again by itself; to re-rate {period} and every period after it, run with --from {period}",
    "History 已有 {period} 之后的周期 {later}：只有最近的周期（{latest}）可以单独重新处理；如要重新计算 {period} "
    "及之后的所有周期，请用 --from {period}")
HISTORY_ENDS_BEFORE = message(
    "run.history_ends_before",
    "cannot process {period}: the History ends with {last}; {first}",
    "无法处理 {period}：History 止于 {last}；{first}")
PROCESS_FIRST = message("run.process_first", "process {period} first", "请先处理 {period}")
PROCESS_FROM_FIRST = message(
    "run.process_from_first",
    "process the period starting {start} first",
    "请先处理从 {start} 开始的周期")

# --------------------------------------------------------------------------- what was published (engine/run.py replay)
NOTHING_PUBLISHED = message(
    "run.nothing_published",
    "nothing is published yet: the History holds no processed period; run xl-ratings process first",
    "尚未发布：History 中没有已处理的周期；请先运行 xl-ratings process")
PERIOD_NOT_IN_HISTORY = message(
    "run.period_not_in_history",
    "period {period} is not in the History (processed periods: {listed})",
    "History 中没有周期 {period}（已处理的周期：{listed}）")
HISTORY_NOT_FROM_RECORDS = message(
    "run.history_not_from_records",
    "the History's period {period} is not what its records give (edited by hand, or processed by another version); "
    "re-rate it with: xl-ratings process {book} --from {period}",
    "History 中周期 {period} 的结果与其记录算出的不符（被手工修改，或由另一版本计算）；请用 xl-ratings process {book} "
    "--from {period} 重新计算")

# --------------------------------------------------------------------------- notes of a processed workbook (jobs/process.py)
REPROCESSED = message(
    "run.reprocessed",
    "re-processed {periods} (already in the History)",
    "已重新计算 {periods}（History 中已有）")
REPROCESSED_BACKUP_KEPT = message(
    "run.reprocessed_backup_kept",
    "re-processed {periods} (already in the History): its results were replaced; {backup} still holds the workbook "
    "as it was before {first} was first processed",
    "已重新计算 {periods}（History 中已有）：其结果已替换；{backup} 仍保存着 {first} 首次处理之前的工作簿")
PREVIOUS_VERSION_KEPT = message(
    "run.previous_version_kept",
    "previous version kept as {backup}",
    "上一版本保存为 {backup}")

# ---- the command line's options
OPTION_EMPTY = message(
    "run.option_empty",
    "{option} was given an empty value: give it one, or leave the option out",
    "{option} 的值是空的：请给出一个值，或去掉该选项")
ARGUMENT_EMPTY = message(
    "run.argument_empty",
    "{option} is empty: give the file's name",
    "{option} 是空的：请给出文件名")
JSON_NOT_JSON = message(
    "run.json_not_json",
    "--json {path}: the JSON export goes into a file named .json (this name is another kind of file's); "
    "e.g. --json results.json",
    "--json {path}：JSON 导出须写入 .json 文件（这个文件名属于另一种文件）；如 --json results.json")

# ---- a refusal whose way out is the backup, when there is no backup (jobs.common.told_backup)
#: (what a message says of the backup, what it says when there is none): English, then Chinese
BACKUP_CLAUSES = (
    (("the backup {backup} holds an earlier version", "备份文件 {backup} 保存着较早的版本"),
     ("there is no backup {backup} beside the workbook: an earlier copy you keep may hold it",
      "工作簿旁没有备份文件 {backup}：您另存的较早副本或许保存着")),
    (("restore the History from the backup {backup}", "请从备份文件 {backup} 恢复 History"),
     ("restore the History from an earlier copy you keep (there is no backup {backup} beside the workbook)",
      "请从您另存的较早副本恢复 History（工作簿旁没有备份文件 {backup}）")),
)


def _without_backup(m: Message) -> tuple[str, str]:
    """``m``'s texts with their clause about the backup told for a workbook without one."""
    en, zh = m.en, m.zh
    for (old_en, old_zh), (new_en, new_zh) in BACKUP_CLAUSES:
        en, zh = en.replace(old_en, new_en), zh.replace(old_zh, new_zh)
    return en, zh


# the same refusals, where the workbook has no backup (the same parameters)
HISTORY_ROWS_EDITED_NO_BACKUP = message("run.history_rows_edited_no_backup", *_without_backup(HISTORY_ROWS_EDITED))
HISTORY_ROW_DELETED_NO_BACKUP = message("run.history_row_deleted_no_backup", *_without_backup(HISTORY_ROW_DELETED))
HISTORY_ROWS_UNSEALED_NO_BACKUP = message("run.history_rows_unsealed_no_backup",
                                          *_without_backup(HISTORY_ROWS_UNSEALED))
HISTORY_ROW_TWICE_NO_BACKUP = message("run.history_row_twice_no_backup", *_without_backup(HISTORY_ROW_TWICE))
HISTORY_COLUMNS_MISSING_NO_BACKUP = message("run.history_columns_missing_no_backup",
                                            *_without_backup(HISTORY_COLUMNS_MISSING))
HISTORY_GAP_NO_BACKUP = message("run.history_gap_no_backup", *_without_backup(HISTORY_GAP))
EARLIER_PERIOD_DELETED_NO_BACKUP = message("run.earlier_period_deleted_no_backup",
                                           *_without_backup(EARLIER_PERIOD_DELETED))
IMPORT_WOULD_REPLACE_BACKUP = message(
    "run.import_would_replace_backup",
    "nothing was imported: the History is refused (the problems below), and importing now would replace the backup "
    "{backup}, the copy their way out names; put the History right first (from {backup}, or re-rate with --from), "
    "then import",
    "未导入任何内容：History 有问题（见下），现在导入会覆盖备份文件 {backup}，而它正是解决这些问题的办法；"
    "请先修正 History（从 {backup} 恢复，或用 --from 重新计算），再导入")
KERNEL_UNKNOWN = message(
    "run.kernel_unknown",
    "{env}={value!r} is neither pure nor compiled: set {env}=pure or {env}=compiled, or unset it (compiled where numba "
    "is installed)",
    "{env}={value!r} 既不是 pure 也不是 compiled：请设为 {env}=pure 或 {env}=compiled，或不设置（装有 numba 时用 compiled）")
KERNEL_NEEDS_NUMBA = message(
    "run.kernel_needs_numba",
    "{env}=compiled needs numba, which is not installed: pip install 'xl-ratings[fast]', or set {env}=pure",
    "{env}=compiled 需要 numba，但尚未安装：请 pip install 'xl-ratings[fast]'，或设为 {env}=pure")

LIST_NEW_PLAYERS = message(
    "run.list_new_players",
    "{count} player(s) of the list are not in the ratings file {file} (--players): each starts as a new "
    "player, at the start rating and no games: {ids} (a row deleted from the ratings file restarts its player)",
    "{count} 名列表中的棋手不在等级分文件 {file}（--players）中：均作为新棋手，从初始等级分、0 局开始：{ids}"
    "（从等级分文件中删掉的行，其棋手会重新开始）")

LIST_CODE_PAGE_DOUBT = message(
    "run.list_code_page_doubt",
    "{file}: read as {encoding}, though its few Chinese characters read about as well in {other}; if its "
    "names look wrong, save it as \"CSV UTF-8\" and run again",
    "{file}：已按 {encoding} 读取，但其中为数不多的汉字按 {other} 读取也差不多通顺；如果姓名显示不对，"
    "请把文件另存为“CSV UTF-8”后再运行")
LIST_UTF16_WITHOUT_BOM = message(
    "run.list_utf16_without_bom",
    "{file}: read as {encoding}: UTF-16 without a byte-order mark, told from its bytes; if its names look "
    "wrong, save it as \"CSV UTF-8\" and run again",
    "{file}：已按 {encoding} 读取：没有字节顺序标记的 UTF-16，由文件的字节判断；如果姓名显示不对，"
    "请把文件另存为“CSV UTF-8”后再运行")
LIST_NOBODY_RATED = message(
    "run.list_nobody_rated",
    "no player was rated: without --players every player of the list is new and unrated, and games between "
    "unrated players are not counted; give --players with the players' ratings",
    "没有棋手获得等级分：未给 --players 时列表中的棋手都是未定级的新棋手，而未定级棋手之间的对局不计算；"
    "请用 --players 给出棋手的等级分")
