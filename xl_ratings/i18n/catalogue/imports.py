"""Messages: importing tournament files and matching players (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message


# --------------------------------------------------------------------------- writing the rows
ROW_NOT_EMPTY = message(
    "imports.row_not_empty",
    "row {row} below the table already holds a value in a column the import writes; nothing was written: move that "
    "value, or delete it, and import again",
    "表格下方第 {row} 行在导入要写入的列中已有内容；未写入任何内容：请移走或删除该内容后再导入")
SHEET_FULL = message(
    "imports.sheet_full",
    "{rows} rows would be added from row {first} to row {last}, past a sheet's last row {limit} (Excel could not "
    "open the file); nothing was written: keep older records in another workbook, or import less",
    "将从第 {first} 行起添加 {rows} 行，直到第 {last} 行，超过工作表的最后一行 {limit}（Excel 将无法打开文件）；"
    "未写入任何内容：请把较早的记录保存到另一个工作簿，或少导入一些")

NEW_PLAYERS_NOT_MEMBERS = message(
    "imports.new_players_not_members",
    "{count} new player(s) entered as non-members (member = no): a tournament file does not say who is a "
    "member, and non-members owe the registration fee (Fees sheet); put yes in the member column for those "
    "who are members",
    "{count} 名新棋手按非会员录入（会员 = 否）：成绩文件不注明会员身份，非会员须缴登记费（见 Fees 表）；"
    "会员请在 Players 表的“会员”列填写“是”")
GAMES_PER_ROUND = message(
    "imports.games_per_round",
    "{games:game|games} (per round: {rounds})",
    "{games} 盘对局（每轮：{rounds}）")
GAMES_WITHOUT_ROUNDS = message(
    "imports.games_without_rounds",
    "{games:game|games}, without round numbers (the source numbers no rounds: a crosstable, or a list of games)",
    "{games} 盘对局，未注明轮次（来源没有轮次编号：交叉表或对局列表）")
GAMES_SOME_WITHOUT_ROUND = message(
    "imports.games_some_without_round",
    "{games:game|games} (per round: {rounds}; without a round number: {unnumbered})",
    "{games} 盘对局（每轮：{rounds}；未注明轮次：{unnumbered}）")
# --------------------------------------------------------------------------- players: the officer's answers
#: ``{q}`` in an answer's command: a double quote when the name holds a space (``--match "Robin Chauvin=ID"``:
#: typed bare, the shell would make two words of it), else nothing
ANSWER_OPTIONS = message(
    "imports.answer_options",
    "answer with --match {q}{name}=ID{q} (the same person as one of them) or --new {q}{name}{q} (another person); "
    "on the Import sheet, a line “match” {name}=ID or “new” {name} above the table",
    "请回答：--match {q}{name}=编号{q}（与其中一人是同一人）或 --new {q}{name}{q}（另一人）；在 Import（导入）表中，"
    "于表格上方加一行“对应 match” {name}=编号 或“新棋手 new” {name}")
OTHER_CLUB = message(
    "imports.other_club",
    "player {name} ({club}) has the name of {candidates}, of another club: the same person?",
    "棋手 {name}（{club}）与另一单位的 {candidates} 同名：是同一人吗？")
OTHER_CLUB_UNKNOWN_CODE = message(
    "imports.other_club_unknown_code",
    "player {name} ({club}) has the name of {candidates}, of another club; {club} is not a code, name or alias "
    "of the Clubs sheet: if it stands for their club, add it there (the next import matches by itself); if not,",
    "棋手 {name}（{club}）与另一单位的 {candidates} 同名；Clubs 表中没有 {club} 这个代码、名称或别名：如果它就是"
    "该单位，请在 Clubs 表中添加（以后导入会自动对应）；否则，")
SEVERAL_CANDIDATES = message(
    "imports.several_candidates",
    "player {name} ({club}) could be any of {candidates}: which one?",
    "棋手 {name}（{club}）可能是 {candidates} 中的任何一人：是哪一位？")
ID_NAMES_ANOTHER = message(
    "imports.id_names_another",
    "player {name} ({club}) carries the {column} of {id} {book_name}, a name entirely different: a wrong id (a "
    "report's sample?) or the same person? players named {name}: {others}.",
    "棋手 {name}（{club}）带有 {id} {book_name} 的 {column}，但姓名完全不同：编号错了（报表中的示例？）还是同一人？"
    "名为 {name} 的棋手：{others}。")
ANSWER_FORM = message(
    "imports.answer_form",
    "--match takes SOURCE_NAME=ID: the name as the source writes it, then the player's id in the workbook",
    "--match 的格式为 来源姓名=编号：先写来源文件中的姓名，再写工作簿中该棋手的编号")
ANSWER_UNKNOWN_ID = message(
    "imports.answer_unknown_id",
    "--match {name}={id}: the Players sheet has no player {id}",
    "--match {name}={id}：Players 表中没有编号为 {id} 的棋手")
ANSWER_NAMES_NOBODY = message(
    "imports.answer_names_nobody",
    "{option} {name}: no player of the imported files is called {name}; give the name as the file writes it",
    "{option} {name}：导入的文件中没有名为 {name} 的棋手；请按文件中的写法填写姓名")
ANSWER_TWICE = message(
    "imports.answer_twice",
    "{name} is answered twice ({answers}): give one answer per name",
    "{name} 有两个答复（{answers}）：每个姓名只能回答一次")
IMPORT_SHEET_ANSWER_EMPTY = message(
    "imports.import_sheet_answer_empty",
    "a line “{key}” above the table without its answer: write it beside the word, or in the next cell "
    "(match NAME=ID, new NAME)",
    "表格上方的“{key}”行没有答复：请写在该词后面或右边的单元格中（对应 match 姓名=编号，新棋手 new 姓名）")
ANSWER_NEW_EMPTY = message(
    "imports.answer_new_empty",
    "--new takes the name as the source writes it; it was given empty",
    "--new 后面应写来源文件中的姓名，现在是空的")
ANSWER_OPTIONS_CLUB = message(
    "imports.answer_options_club",
    "answer with --match \"{name} ({club})=ID\" (the same person as one of them) or --new \"{name} ({club})\" "
    "(another person), the club given: {name} is asked about in several clubs; on the Import sheet, a line "
    "“match” {name} ({club})=ID or “new” {name} ({club}) above the table",
    "请回答：--match \"{name} ({club})=编号\"（与其中一人是同一人）或 --new \"{name} ({club})\"（另一人），"
    "须写明单位：{name} 在多个单位中待答复；在 Import（导入）表中，于表格上方加一行“对应 match” {name} ({club})=编号 "
    "或“新棋手 new” {name} ({club})")
ANSWER_SEVERAL_CLUBS = message(
    "imports.answer_several_clubs",
    "{answer} answers players of several clubs: {players}; an answer is for one (name, club): give the club as "
    "the question shows it, e.g. --match \"{name} (CLUB)=ID\" or --new \"{name} (CLUB)\", one answer each",
    "{answer} 同时回答了不同单位的棋手：{players}；一条答复只对应一个（姓名，单位）：请按问题中的写法加上单位，例如 "
    "--match \"{name} (单位)=编号\" 或 --new \"{name} (单位)\"，每人一条")
ANSWER_NOT_ASKED = message(
    "imports.answer_not_asked",
    "{answer}: nobody was asked about: {players} matched by themselves, and an answer never changes that; leave "
    "the answer out (to change a match by name and club, correct the name or club in the Players sheet or the "
    "source; one by the Identities sheet, correct its row)",
    "{answer}：没有需要回答的问题：{players} 已自动对应，答复不会改变它；请删去这条答复（如要改变按姓名和单位的对应，"
    "请改正 Players 表或来源中的姓名或单位；如是 Identities 表的对应，请改正该行）")
ANSWER_OTHER_NAME = message(
    "imports.answer_other_name",
    "{answer}: {id} is {book_name}, a name entirely different from {name}: a typo in the id? nothing was written "
    "and nothing remembered. Give the right id; if {book_name} really is this person under another name, write "
    "the line yourself in the Identities sheet (spelling {name}, the club as the source writes it, id {id}) and import again",
    "{answer}：{id} 是 {book_name}，与 {name} 完全不同：编号写错了吗？未写入也未记住任何内容。请给出正确的编号；如 "
    "{book_name} 确实是此人（改过名），请亲自在 Identities 表中添加一行（写法 {name}，单位按来源的写法，编号 {id}）后再导入")
REMEMBERED_UNKNOWN_ID = message(
    "imports.remembered_unknown_id",
    "says {spelling} ({club}) is player {id}, but the Players sheet has no player {id}: correct the id, or delete "
    "the row (the import then asks again)",
    "此行说明 {spelling}（{club}）是棋手 {id}，但 Players 表中没有 {id}：请改正编号，或删除此行（导入时会重新询问）")
REMEMBERED_TWICE = message(
    "imports.remembered_twice",
    "{spelling} ({club}) is already remembered as player {other} (row {row}): delete the row that is wrong",
    "{spelling}（{club}）已在第 {row} 行对应为棋手 {other}：请删除错误的一行")

# --------------------------------------------------------------------------- players: one person, one player
ONE_NAME_TWO_PEOPLE = message(
    "imports.one_name_two_people",
    "players {first!r} ({first_at}) and {name!r} are both player {id}: two people with one name? give them "
    "different names, clubs or federation ids",
    "来源中的两名棋手 {first}（{first_at}）与 {name} 都对应 {id}：是否同名的两个人？请使名字、单位或会员号不同")
ONE_ID_TWO_PEOPLE = message(
    "imports.one_id_two_people",
    "players {first!r} ({first_at}) and {name!r} are both player {id}: the same federation id (or EGF PIN / FIDE "
    "id) given to two people? correct the id of one of them",
    "来源中的两名棋手 {first}（{first_at}）与 {name} 都对应 {id}：两人的会员号（或 EGF PIN / FIDE 编号）相同？请更正其中一人的编号")

# --------------------------------------------------------------------------- players: what a source gives
NAME_BLANK = message(
    "imports.name_blank",
    "the player's name is blank: type it (a player without a name is refused, as in the Players sheet)",
    "棋手姓名为空：请填写姓名（与 Players 表一样，没有姓名的棋手不予接受）")
LATIN_NAME_OF = message(
    "imports.latin_name_of",
    "player {name} ({club}) has the Latin name our rating lists give {candidates}: the same person?",
    "棋手 {name}（{club}）的拉丁姓名与我们等级分名单中 {candidates} 的拉丁姓名相同：是同一人吗？")
LATIN_CANDIDATE = message(
    "imports.latin_candidate",
    "{candidate} ({club}: {fits})",
    "{candidate}（{club}，相符之处：{fits}）")
FITS_CLUB = message("imports.fits_club", "the same club", "单位相同")
FITS_RANK = message("imports.fits_rank", "the same rank", "段级相同")
FITS_RATING = message("imports.fits_rating", "a rating close to theirs", "等级分相近")
RANK_UNKNOWN_NOT_GO = message(
    "imports.rank_unknown_not_go",
    "unknown rank; write it like 初段, 3段, 三段, 5级 or 无级 (Go's 3d or 5k are not this game's ranks)",
    "无法识别的段级（可写 初段、3段、三段、5级、无级 等；围棋的 3d、5k 不是本项目的段级）")
SAMPLE_GAMES_HELD = message(
    "imports.sample_games_held",
    "{same} of its {games} games",
    "示例 {games} 盘对局中的 {same} 盘")
SUMMARY_ID_NOT_KEPT = message(
    "imports.summary_id_not_kept",
    "the {column} {value} the source gives {name} was not kept on new player {new}: it is {id} {book_name}'s "
    "(you answered that {name} is another person)",
    "来源给 {name} 的 {column} {value} 未写入新棋手 {new}：它属于 {id} {book_name}（您已答复 {name} 是另一人）")
ANSWER_NAMES_NOBODY_ASKED = message(
    "imports.answer_names_nobody_asked",
    "{answer}: no player of the imported files is called {name}{club} (a typo?); the players asked about: "
    "{asked}",
    "{answer}：导入文件中没有名为 {name}{club} 的棋手（输入有误？）；待答复的棋手：{asked}")

# --------------------------------------------------------------------------- a source from another game
GO_FILE_NOT_GO_BOOK = message(
    "imports.go_file_not_go_book",
    "is a Go results file ({format}): Go results go only into a Go workbook (system gor); this workbook's system "
    "is {system}: {title}",
    "是围棋成绩文件（{format}）：围棋成绩只能导入围棋工作簿（gor 制度）；本工作簿的制度是 {system}：{title}")
TRF_NOT_GO_BOOK = message(
    "imports.trf_not_go_book",
    "is a FIDE TRF file, written by a chess pairing program (Swiss-Manager, Vega …): its games are not Go games, "
    "and this workbook's system is {system}: {title}",
    "是国际棋联 TRF 文件，由国际象棋编排程序（Swiss-Manager、Vega 等）生成：其对局不是围棋对局，而本工作簿的制度是 "
    "{system}：{title}")
HANDICAP_NOT_GO_BOOK = message(
    "imports.handicap_not_go_book",
    "a handicap game ({stones} stones): handicaps are Go's, and this workbook's system is {system}: {title}; "
    "import Go results into a Go workbook (system gor)",
    "让子对局（{stones} 子）：让子是围棋的规则，而本工作簿的制度是 {system}：{title}；请把围棋成绩导入围棋工作簿（gor 制度）")
GO_GRADE_NOT_GO_BOOK = message(
    "imports.go_grade_not_go_book",
    "{rank} is a Go grade (kyu and dan in Latin letters; {count} player(s) of this file have one): Go grades never "
    "become ranks of {system} ({title}); import Go results into a Go workbook (system gor), or, if these are "
    "{system} ranks, write them in Chinese as the workbook does and import again",
    "{rank} 是围棋段级（用拉丁字母写的级和段；本文件中有 {count} 名棋手如此）：围棋段级不能当作 {system}（{title}）"
    "的段级；请把围棋成绩导入围棋工作簿（gor 制度）；如确是 {system} 的段级，请按工作簿的写法（如三段、5级）填写后再导入")

REPORT_HOLDS_SAMPLE = message(
    "imports.report_holds_sample",
    "this club report still holds the sample that xl-ratings new report puts in it ({held}): its games would be "
    "rated as a real tournament. Delete the sample's rows (Event, Players, Games) and enter your event",
    "这份俱乐部成绩报表仍含有 xl-ratings new report 生成的示例（{held}）：其对局会被当作真实比赛计算。"
    "请删除示例各行（Event、Players、Games 表），填写你们的比赛")

# --------------------------------------------------------------------------- the same tournament twice
COMPARED_ROUNDS = message(
    "imports.compared_rounds",
    "pairs, rounds and results",
    "对手、轮次、结果")
COMPARED_PAIRS = message(
    "imports.compared_pairs",
    "the same players and result, whatever the round and colour",
    "对手和结果相同，不论轮次和执色")
# the way out, as the command line says it and as the Import sheet (one click) can follow it
WAY_REPLACE = message(
    "imports.way_replace",
    "to replace {event}'s games, import with --replace {event}",
    "如要替换 {event} 的对局，请加 --replace {event}")
WAY_REPLACE_SHEET = message(
    "imports.way_replace_sheet",
    "to replace {event}'s games, write {event} beside 替换 replace on the Import sheet and import again",
    "如要替换 {event} 的对局，请在 Import 表“替换 replace”一行填写 {event}，再导入一次")
WAY_DISTINCT = message(
    "imports.way_distinct",
    "add --distinct-from {event}",
    "加 --distinct-from {event}")
WAY_DISTINCT_SHEET = message(
    "imports.way_distinct_sheet",
    "add a line 不同于 distinct | {event} above the table on the Import sheet and import again",
    "在 Import 表的表格上方加一行：不同于 distinct | {event}，再导入一次")
WAY_RENAME_DISTINCT = message(
    "imports.way_rename_distinct",
    "give it its own name with --name and add --distinct-from {event}",
    "用 --name 给它另起名称，并加 --distinct-from {event}")
WAY_RENAME_DISTINCT_SHEET = message(
    "imports.way_rename_distinct_sheet",
    "give it its own name beside 名称 name on the Import sheet, add a line 不同于 distinct | {event} above the "
    "table and import again",
    "在 Import 表“名称 name”一行给它另起名称，并在表格上方加一行：不同于 distinct | {event}，再导入一次")
WAY_RENAME = message(
    "imports.way_rename",
    "give this tournament its own name with --name",
    "用 --name 给这项赛事另起名称")
WAY_RENAME_SHEET = message(
    "imports.way_rename_sheet",
    "give this tournament its own name beside 名称 name on the Import sheet",
    "在 Import 表“名称 name”一行给这项赛事另起名称")
# the options as the Import sheet writes them (the command line's: --replace, --distinct-from)
KEY_REPLACE_SHEET = message(
    "imports.key_replace_sheet",
    "替换 replace",
    "替换 replace")
KEY_DISTINCT_SHEET = message(
    "imports.key_distinct_sheet",
    "不同于 distinct",
    "不同于 distinct")
SAME_GAMES_AS_EVENT = message(
    "imports.same_games_as_event",
    "has the same games ({compared}) as event {event} ({name}, {dates}), already in the workbook: "
    "the same tournament, whatever its name and dates. Import it once; {replace}; if it really is another "
    "tournament with the very same games, {distinct}",
    "与工作簿中已有的赛事 {event}（{name}，{dates}）对局完全相同（{compared}）：无论名称和日期如何，都是同一赛事。"
    "请只导入一次；{replace}；如确实是对局完全相同的另一赛事，请{distinct}")
SAME_GAMES_AS_NAMED_EVENT = message(
    "imports.same_games_as_named_event",
    "has the name, dates and games ({compared}) of event {event} ({name}, {dates}), already in the "
    "workbook: the same tournament. Import it once; {replace}; if it really is another tournament with the very "
    "same games, {distinct}",
    "与工作簿中已有的赛事 {event}（{name}，{dates}）名称、日期和对局（{compared}）都相同：是同一赛事。请只导入一次；"
    "{replace}；如确实是对局完全相同的另一赛事，请{distinct}")
NEAR_EVENT = message(
    "imports.near_event",
    "has nearly the games of event {event} ({name}, {dates}), already in the workbook: {alike} of its {games} "
    "games are {event}'s ({compared}), {differ} more pair the same players with "
    "another result ({event} has {theirs} games) — the same tournament, corrected or continued? Import it once; "
    "{replace}; if it really is another tournament, {distinct}",
    "与工作簿中已有的赛事 {event}（{name}，{dates}）对局几乎相同：{games} 局中有 {alike} 局与 {event} 相同"
    "（{compared}），另有 {differ} 局对手相同而结果不同（{event} 共 {theirs} 局）——是更正或续赛的同一赛事吗？"
    "请只导入一次；{replace}；如确实是另一赛事，请{distinct}")
NEAR_NAMED_EVENT = message(
    "imports.near_named_event",
    "has the name and dates of event {event} ({name}, {dates}), already in the workbook, and nearly its games: "
    "{alike} of its {games} games are {event}'s ({compared}), {differ} more pair the same players with another "
    "result ({event} has {theirs} games) — the same tournament, corrected or continued? Import it once; "
    "{replace}; if it really is another tournament, {distinct}",
    "与工作簿中已有的赛事 {event}（{name}，{dates}）名称、日期相同，对局几乎相同：{games} 局中有 {alike} 局与 {event} "
    "相同（{compared}），另有 {differ} 局对手相同而结果不同（{event} 共 {theirs} 局）——是更正或续赛的同一赛事吗？"
    "请只导入一次；{replace}；如确实是另一赛事，请{distinct}")
DISTINCT_BUT_SAME_NAME = message(
    "imports.distinct_but_same_name",
    "{option} {event}: the source also has {event}'s name and dates ({name}, {dates}); {rename}",
    "{option} {event}：来源的名称和日期也与 {event}（{name}，{dates}）相同；请{rename}")
SAME_GAMES_AS_SOURCE = message(
    "imports.same_games_as_source",
    "has the games of {other}, also imported now ({alike} of {games} games alike: {compared}; {differ} more "
    "pair the same players with another result): the same tournament (a copy?); import it once",
    "与本次一同导入的 {other} 对局相同（{games} 局中 {alike} 局相同：{compared}；另有 {differ} 局对手相同而结果不同）："
    "是同一赛事（副本？），请只导入一次")
SUMMARY_RESEMBLES = message(
    "imports.summary_resembles",
    "{paired} of its {games} games pair the same players as event {event} ({name}, {dates}), on dates that "
    "overlap, but only {alike} with the same result: imported as another tournament, {new}. If it is {event} "
    "corrected, delete {new}'s rows from Events and Games, then {replace}",
    "{games} 局中有 {paired} 局的对手与赛事 {event}（{name}，{dates}）相同，日期也有重叠，但只有 {alike} 局结果相同："
    "已作为另一赛事 {new} 导入。如这是 {event} 的更正版，请删除 Events 和 Games 表中 {new} 的各行，然后{replace}")
SAME_NAME_AND_DATES = message(
    "imports.same_name_and_dates",
    "is the same tournament as {other} (same name and dates): import it once",
    "与 {other} 是同一赛事（名称和日期相同），请只导入一次")
NO_SUCH_EVENT = message(
    "imports.no_such_event",
    "{option} {event}: the Events sheet has no event {event}",
    "{option} {event}：Events 表中没有赛事 {event}")
REPLACE_OTHER_EVENT = message(
    "imports.replace_other_event",
    "{option} {event} names another event than the one this file repeats: its games are those of {other} "
    "({name}); {replace}",
    "{option} {event} 与本文件重复的赛事不符：本文件的对局属于 {other}（{name}）；{replace}")
EVENT_HAS_GAMES = message(
    "imports.event_has_games",
    "event {event} ({name}) is already in the workbook with {games} games; {replace}",
    "赛事 {event}（{name}）已在工作簿中，有 {games} 局对局；{replace}")
NO_DATES = message(
    "imports.no_dates",
    "the source gives no dates for the event: add the event (with its dates) to the Events sheet and import with "
    "--event ID, or give --start and --end",
    "来源中没有赛事日期：请先在 Events 表中添加该赛事（含日期）并用 --event 指定，或用 --start 和 --end 给出日期")
NO_DATES_SHEET = message(
    "imports.no_dates_sheet",
    "the source gives no dates for the event: fill in the lines 开始 start and 结束 end above the table on the "
    "Import sheet (or 赛事 event with the id of an event of the Events sheet that has its dates) and import again",
    "来源中没有赛事日期：请在 Import 表的表格上方填写 开始 start 和 结束 end 两行（或在 赛事 event 行填写 Events "
    "表中已有日期的赛事编号），再导入一次")
UNKNOWN_EVENT_NO_DATES = message(
    "imports.unknown_event_no_dates",
    "event {event} is not in the Events sheet (its events: {known}); {way}",
    "赛事 {event} 不在 Events 表中（表中的赛事：{known}）；{way}")
ONE_EVENT_OPTION = message(
    "imports.one_event_option",
    "{option} names one event, but {count} tournaments are imported ({sources}): import them one at a time with "
    "{option}",
    "{option} 只能指定一个赛事，但本次导入了 {count} 个赛事（{sources}）：请逐个导入")
DATE_OPTION_DIFFERS = message(
    "imports.date_option_differs",
    "{option} {day} differs from the date the source gives ({own}); {option} is for sources without dates: leave "
    "it out, or correct the source",
    "{option} {day} 与来源中的日期 {own} 不同；{option} 只用于没有日期的来源")

# --------------------------------------------------------------------------- the summary (dry run, after writing)
SUMMARY_REPLACING = message(
    "imports.summary_replacing",
    "replacing {event}'s {games} games",
    "替换 {event} 的 {games} 局对局")
DRY_RUN = message("imports.dry_run", "dry run: nothing was written", "仅预览，未写入")
SUMMARY_EVENT = message("imports.summary_event", "event", "赛事")
SUMMARY_NEW = message("imports.summary_new", "new", "新")
SUMMARY_EXISTING = message("imports.summary_existing", "already in the workbook", "工作簿中已有")
SUMMARY_NEW_PLAYERS = message("imports.summary_new_players", "new player(s)", "新棋手")
SUMMARY_MATCHED = message("imports.summary_matched", "matched", "已有棋手")
HOW_NAME = message("imports.how_name", "name", "姓名")
HOW_ID = message("imports.how_id", "id", "编号")
HOW_REMEMBERED = message("imports.how_remembered", "the Identities sheet", "Identities（对应）表")
HOW_ANSWER = message("imports.how_answer", "the officer's answer", "您的答复")
HOW_JUST_NOW = message("imports.how_just_now", "name (imported just now)", "姓名（本次导入）")
SUMMARY_POSSIBLE_MATCH = message(
    "imports.summary_possible_match",
    "possible match: {id} {book_name} ({book_club}) for {name} ({where}), entered as new player {new}; if they are "
    "the same person, import with --match {q}{name}={id}{q}",
    "可能是同一人：{id} {book_name}（{book_club}）与 {name}（{where}），后者作为新棋手 {new} 录入；如是同一人，"
    "请加 --match {q}{name}={id}{q} 导入")
SUMMARY_NEW_SAME_AS = message(
    "imports.summary_new_same_as",
    "{name} ({where}) entered as new player {new} by your answer, though {id} {book_name} ({book_club}) has the "
    "same name and club: check that they are two people",
    "{name}（{where}）按您的答复作为新棋手 {new} 录入，但 {id} {book_name}（{book_club}）的姓名和单位都相同："
    "请核对是否确为两人")
SUMMARY_CHAMPION_NOT_TOP = message(
    "imports.summary_champion_not_top",
    "the champion named is {champion}, with {points} point(s) in the games, but {top} scored {top_points}: "
    "kept as the source says (a tiebreak or a final apart may decide it); if it is a slip, correct the Events "
    "sheet's champion (shanghai's champion rule rates by it)",
    "指定的冠军是 {champion}，对局得分 {points}，但 {top} 得 {top_points} 分：暂按来源保留（可能由对局以外的"
    "决赛或小分决定）；如有误，请改正 Events 表中的冠军（上海规则的冠军条款据此计算）")
SUMMARY_CHAMPION_NO_GAMES = message(
    "imports.summary_champion_no_games",
    "the champion named is {champion}, who played no game in the file and is not imported: the event is "
    "written without a champion; if the champion is right, add the player and write the champion in the "
    "Events sheet (shanghai's champion rule rates by it)",
    "指定的冠军是 {champion}，但此人在文件中没有对局，未导入：赛事按无冠军写入；如冠军无误，请添加该棋手并在 "
    "Events 表中填写冠军（上海规则的冠军条款据此计算）")
SUMMARY_PLACE_NOT_BY_POINTS = message(
    "imports.summary_place_not_by_points",
    "the places listed are not those of the games: {name} is placed {place} with {points} point(s), above "
    "{other}, placed {other_place} with {other_points} ({count} player(s) placed above someone who scored more); "
    "the games are imported as they are, the places are not read: check the table",
    "所列名次与对局结果不符：{name} 名列第 {place}，得 {points} 分，却排在得 {other_points} 分、名列第 "
    "{other_place} 的 {other} 之前（共 {count} 名棋手排在得分更高者之前）；对局照原样导入，名次不读入：请核对该表")
SUMMARY_EVENT_DEFAULT = message(
    "imports.summary_event_default",
    "the event's {column} is not in the file nor given (--{option}): it is rated as {default}; a Checks line "
    "says so until it is filled in",
    "文件中没有赛事的{column}，也未指定（--{option}）：按 {default} 计算；填写之前，检查表会列出此事")
#: the Events columns :data:`SUMMARY_EVENT_DEFAULT` names, in each language (the Chinese: the sheet's label)
EVENT_CLASS = message("imports.event_class", "class", "级别")
EVENT_LEVEL = message("imports.event_level", "level", "等级")
SUMMARY_WITHOUT_GAMES = message(
    "imports.summary_without_games",
    "{count} player(s) without any game in the file, not imported (registered, never played): {names}",
    "{count} 名棋手在文件中没有任何对局，未导入（报了名但没有下棋）：{names}")
BYE_ROW = message(
    "imports.bye_row",
    "'{name}' is the pairing's bye, not a player: left out, and its {count} entry(ies) are byes, not games",
    "“{name}”是编排用的轮空，不是棋手：未导入，其 {count} 项为轮空，不算对局")
SUMMARY_UNKNOWN_CLUBS = message(
    "imports.summary_unknown_clubs",
    "clubs not in the Clubs sheet nor in Players: {clubs}; add each code to the Clubs sheet (code, name, aliases) "
    "so that its players are matched by club",
    "Clubs 表和 Players 表中都没有这些单位：{clubs}；请在 Clubs 表中添加（代码、名称、别名），以便按单位对应棋手")
SUMMARY_REMEMBERED = message(
    "imports.summary_remembered",
    "{count} answer(s) kept in the {sheet} sheet: the next import of these names from these clubs needs no answer",
    "{count} 条答复记入 {sheet} 表：以后导入这些单位的这些姓名时无需再回答")
SUMMARY_NAMES_DIFFER = message(
    "imports.summary_names_differ",
    "{name} matched {id} {book_name} by {how}, although the names differ: check it",
    "{name} 按{how}对应 {id} {book_name}，但姓名不同，请核对")
SUMMARY_RATING_DROPPED = message(
    "imports.summary_rating_dropped",
    "{name}: rating {rating} is not a {system} rating ({low}–{high}); not kept, the rank counts",
    "{name}：等级分 {rating} 不在 {system} 的范围（{low}–{high}）内，未录入，按段级计算")
SUMMARY_ID_COLUMN_MISSING = message(
    "imports.summary_id_column_missing",
    "the {column} of {count} new player(s) is not kept: the Players sheet has no {column} column (add one to keep "
    "it)",
    "Players 表没有 {column} 列，{count} 名新棋手的 {column} 未保存（添加该列即可保存）")
SUMMARY_COLOUR_COLUMN_MISSING = message(
    "imports.summary_colour_column_missing",
    "the colours of {count} game(s) are not kept: the Games sheet has no colour column (add a column headed "
    "'执色 colour' to keep them; the event pages then show who had Black and White)",
    "Games 表没有执色列，{count} 局的执色未保存（添加标题为“执色 colour”的列即可保存；赛事页面随即显示执黑、执白）")
SUMMARY_RANK_MAPPED = message(
    "imports.summary_rank_mapped",
    "{name}: {rank} is beyond the {system} ladder; entered as {shown}",
    "{name}：段级 {rank} 超出 {system} 段级表，按 {shown} 录入")
# ---- reading text sources (importers/formats/common.py)
EMPTY_FILE = message(
    "imports.empty_file",
    "the file is empty",
    "文件是空的")
NOT_TEXT_BECAUSE = message(
    "imports.not_text",
    "cannot read the file as text: {reason}",
    "无法作为文本读取：{reason}")
NOT_TEXT_NUL = message(
    "imports.not_text_nul",
    "the file holds NUL bytes: it is binary, not text (nor UTF-16 text, with or without a byte-order mark)",
    "文件含有 NUL 字节：是二进制文件，不是文本（也不是 UTF-16 文本，无论有无字节顺序标记）")
NOT_TEXT_UTF16_ODD = message(
    "imports.not_text_utf16_odd",
    "the file looks like UTF-16 text without a byte-order mark, but its length is an odd number of bytes "
    "(a byte is missing: the file may be cut short); save it again as UTF-8",
    "文件看似没有字节顺序标记的 UTF-16 文本，但其字节数为奇数（缺少一个字节：文件可能不完整）；请重新另存为 UTF-8")
READ_AS_UTF16 = message(
    "imports.read_as_utf16_without_bom",
    "read as {encoding}: UTF-16 without a byte-order mark, told from its bytes; if its names look wrong, "
    "save the file as UTF-8 and import it again",
    "已按 {encoding} 读取：没有字节顺序标记的 UTF-16，由文件的字节判断；如果姓名显示不对，"
    "请把文件另存为 UTF-8 后再导入")
NOT_TEXT_CONTROLS = message(
    "imports.not_text_controls",
    "the file holds control characters: it is binary, not text",
    "文件含有控制字符：是二进制文件，不是文本")
NOT_IN_ENCODINGS = message(
    "imports.not_in_encodings",
    "the file is not in any of the encodings {encodings}; save it as UTF-8",
    "文件不是以下任一编码：{encodings}；请另存为 UTF-8")
LINE_NOT_DECODABLE = message(
    "imports.line_not_decodable",
    "this line is not UTF-8 like the rest of the file, nor text in another encoding read here: "
    "its names cannot be read safely; save the file as UTF-8",
    "此行与文件其余部分不同，不是 UTF-8，也不是可识别的其他编码：无法可靠读取其中的姓名；请将文件另存为 UTF-8")
LINE_DECODED = message(
    "imports.line_decoded",
    "this line is not UTF-8 like the rest of the file: read as {encoding}; check the names on it",
    "此行与文件其余部分不同，不是 UTF-8：按 {encoding} 读取；请核对其中的姓名")
CODE_PAGE_DOUBT = message(
    "imports.code_page_doubt",
    "read as {encoding}, though its few Chinese characters read about as well in {other}; if its names look "
    "wrong, save the file as UTF-8 and import it again",
    "已按 {encoding} 读取，但其中为数不多的汉字按 {other} 读取也差不多通顺；如果姓名显示不对，"
    "请把文件另存为 UTF-8 后再导入")
LINE_TOO_LONG = message(
    "imports.csv_field_too_long",
    "a field starting on this line is longer than {limit:,} characters: not a crosstable cell "
    "(a quote \" left open?)",
    "从此行开始的一个字段超过 {limit:,} 个字符：不是交叉表的单元格（是否有未闭合的引号 \"？）")
CSV_DAMAGED = message(
    "imports.csv_damaged",
    "cannot read this line as CSV ({reason})",
    "无法按 CSV 读取此行（{reason}）")
