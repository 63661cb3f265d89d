"""Messages: publishing (website, PDF, rating lists) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message

PDF_NAME = message(
    "publish.pdf_name",
    "--pdf names the PDF to write: it must end in .pdf",
    "--pdf 是要写入的 PDF 文件，须以 .pdf 结尾")
SITE_IS_A_FILE = message(
    "publish.site_is_a_file",
    "--site names a folder for the website; this is a file",
    "--site 应为网站的文件夹，这是一个文件")
PUBLISH_NEEDS_TARGET = message(
    "publish.needs_target",
    "publish needs --site DIR, --pdf OUT.pdf and/or --rating-list OUT",
    "publish 需要 --site 文件夹、--pdf 文件 和/或 --rating-list 文件")
PRIVATE_UNKNOWN = message(
    "publish.private_unknown",
    "--include-private {given}: no such private field; the private fields are {fields}",
    "--include-private {given}：没有这个非公开字段；非公开字段为 {fields}")

# ------------------------------------------------------------------ rating lists for pairing programs
RL_LAYOUT_NOT_FOR_SYSTEM = message(
    "publish.rl_layout_not_for_system",
    "{system} ratings cannot fill the {layout} layout: OpenGotha and pairgoth read the rating of an EGD list as a "
    "Go rating (GoR: 2100 = 1 dan) and give each player the grade it stands for; use --layout {others}",
    "{system} 等级分无法写成 {layout} 格式：OpenGotha 与 pairgoth 把 EGD 名单中的分数当作围棋等级分"
    "（GoR：2100 = 业余初段）并据此推定段级；请用 --layout {others}")
RL_RATING_DOES_NOT_FIT = message(
    "publish.rl_rating_does_not_fit",
    "{count} rating(s) do not fit the rating column of the {layout} list (whole numbers from {low} to {high}): "
    "{players}; use --layout {others}",
    "{count} 个等级分超出 {layout} 名单等级分栏的范围（{low} 至 {high} 的整数）：{players}；请用 --layout {others}")
RL_NO_GRADE = message(
    "publish.rl_no_grade",
    "{count} player(s) have no grade for the egd list (their rating is below the lowest step of the rank "
    "standards, and pairing programs refuse an EGD line without a grade): {players}; use --layout {others}",
    "{count} 名棋手没有 egd 名单所需的段级（其等级分低于段级标准的最低一级，编排软件不接受没有段级的 EGD 行）："
    "{players}；请用 --layout {others}")
RL_NO_RATED_PLAYER = message(
    "publish.rl_no_rated_player",
    "period {period} has no rated player: there is no rating list to write for the pairing programs",
    "周期 {period} 没有已定级棋手：无可导出的编排名单")
RL_NO_LATIN_NAME = message(
    "publish.rl_no_latin_name",
    "the name {name} cannot be written in Latin letters, which the pairing programs read: give the player's "
    "romanisation in a latin_name column of the Players sheet (surname first, e.g. Kim, Minjun)",
    "姓名 {name} 无法转写为拉丁字母（编排软件只读拉丁字母）：请在 Players 表加 latin_name（英文姓名）列，"
    "填写其拼写，姓在前，如 Kim, Minjun")
RL_BAD_LATIN_NAME = message(
    "publish.rl_bad_latin_name",
    "a latin_name holds Latin letters, spaces and - ' . only, surname first (e.g. Chan, Tai Man); "
    "not these: {characters}",
    "英文姓名只能含拉丁字母、空格及 - ' .，姓在前（如 Chan, Tai Man）；不能含：{characters}")
RL_NAME_CHARACTERS = message(
    "publish.rl_name_characters",
    "the name {name} holds characters the rating list's format cannot hold: {characters} (the pairing programs "
    "read Latin letters, spaces and - ' . only): give the name as the list should write it in a latin_name "
    "column of the Players sheet (surname first, e.g. Chan, Tai Man)",
    "姓名 {name} 含有编排名单格式无法容纳的字符：{characters}（编排软件只读拉丁字母、空格及 - ' .）：请在 Players 表的 "
    "latin_name（英文姓名）列写出名单中应有的写法，姓在前，如 Chan, Tai Man")
RL_BAD_ID = message(
    "publish.rl_bad_id",
    "{column} {fault}; {rule}: correct it, or leave the cell blank when the player has none "
    "(0, - and N/A are read as none too)",
    "{column} {fault}；{rule}：请更正；棋手没有编号时请留空（0、- 与 N/A 也视为没有编号）")
RL_RULE_PIN = message(
    "publish.rl_rule_pin",
    "an EGD PIN is a number of 8 digits",
    "EGD 编号为 8 位数字")
RL_RULE_FIDE = message(
    "publish.rl_rule_fide",
    "a FIDE id is a number of 1 to 11 digits (the FIDE-id field of a TRF holds 11 characters)",
    "FIDE 编号为 1 至 11 位数字（TRF 的 FIDE 编号栏只有 11 个字符）")
RL_FAULT_LENGTH = message(
    "publish.rl_fault_length",
    "has {count} digits",
    "有 {count} 位数字")
RL_FAULT_NEGATIVE = message(
    "publish.rl_fault_negative",
    "is a negative number",
    "是负数")
RL_FAULT_FRACTION = message(
    "publish.rl_fault_fraction",
    "is not a whole number",
    "不是整数")
RL_FAULT_CHARACTERS = message(
    "publish.rl_fault_characters",
    "holds characters other than digits ({chars})",
    "含有数字以外的字符（{chars}）")
RL_DUPLICATE_ID = message(
    "publish.rl_duplicate_id",
    "{column} {value} is given to players {first} and {second}: a rating list names each player once; "
    "correct one of them",
    "{column} {value} 同时属于棋手 {first} 与 {second}：名单中每人只能出现一次，请更正其中一人")
RL_BAD_COUNTRY = message(
    "publish.rl_bad_country",
    "country is the federation's country code for the pairing programs: 2 or 3 letters, e.g. HK or HKG, CN or CHN",
    "country 为编排软件使用的国家或地区代码：2 或 3 个字母，如 HK 或 HKG、CN 或 CHN")
RL_WRONG_SUFFIX = message(
    "publish.rl_wrong_suffix",
    "--rating-list names the {layout} list to write: its name must end in {suffix}",
    "--rating-list 是要写入的 {layout} 名单文件，文件名须以 {suffix} 结尾")
RL_GENERATED_NAMES = message(
    "publish.rl_generated_names",
    "{count} of {total} names were romanised by pinyin (no latin_name in the Players sheet): {players}",
    "{total} 人中有 {count} 人的姓名按拼音自动转写（Players 表未填英文姓名）：{players}")
RL_CANTONESE_NAMES = message(
    "publish.rl_cantonese_names",
    "{count} of {total} names were romanised in Cantonese, as Hong Kong spells names (read by ToJyutping; "
    "no latin_name in the Players sheet; check them, the player's own spelling in latin_name wins): {players}",
    "{total} 人中有 {count} 人的姓名按粤语拼音、以香港拼写方式自动转写（由 ToJyutping 读音；Players 表未填英文姓名；"
    "请核对，填入英文姓名者以其为准）：{players}")
RL_DERIVED_IDS = message(
    "publish.rl_derived_ids",
    "{count} player(s) have no {column}: their {kind} is derived from their player id (stable; see "
    "docs/rating-lists.md)",
    "{count} 名棋手没有 {column}：其 {kind} 由棋手编号推导（固定不变，见 docs/rating-lists.md）")
RL_CLUB_CODES = message(
    "publish.rl_club_codes",
    "club codes of at most 4 characters made for the EGD list (no Clubs sheet code): {clubs}",
    "为 EGD 名单生成的单位代码（Clubs 表中没有 4 字符以内的代码）：{clubs}")
RL_NAMES_CUT = message(
    "publish.rl_names_cut",
    "names shortened to fit the {layout} name column: {players}",
    "为适应 {layout} 名单的姓名栏而截短的姓名：{players}")
RL_WRITTEN = message(
    "publish.rl_written",
    "rating list for pairing programs ({layout}, {period}): {path} — {count} players",
    "编排软件用等级分名单（{layout}，{period}）：{path} — {count} 人")
RL_SHEET_NOT_OURS = message(
    "publish.rl_sheet_not_ours",
    "the workbook has a sheet named {sheet} that xl-ratings did not write: rename or delete it, and run again",
    "工作簿已有名为 {sheet} 的工作表且不是本程序生成的：请改名或删除后再运行")
RL_BAD_LAYOUT = message(
    "publish.rl_bad_layout",
    "layout is egd, fide or csv",
    "格式须为 egd、fide 或 csv")
LAYOUT_NEEDS_RATING_LIST = message(
    "publish.layout_needs_rating_list",
    "--layout is the layout of --rating-list OUT: give both",
    "--layout 是 --rating-list 名单的格式：请同时给出")
SITE_WITHOUT_LIST = message(
    "publish.site_without_list",
    "website: no {layout} rating list: {why}",
    "网站：未提供 {layout} 名单：{why}")

# ---- the site folder (publish/folder.py)
SITE_IS_A_LINK = message(
    "publish.site_is_a_link",
    "cannot write the site here: it is a link; give the folder it points to",
    "无法写入网站：这是一个链接，请给出它指向的文件夹")
SITE_NOT_A_FOLDER = message(
    "publish.site_not_a_folder",
    "cannot write the site here: it exists and is not a folder",
    "无法写入网站：该路径已存在且不是文件夹")
SITE_FOLDER_NOT_OURS = message(
    "publish.site_folder_not_ours",
    "refusing to write the site into this folder: it is not empty and holds no previous xl_ratings site "
    "(no {marker} file); choose a new or empty folder",
    "拒绝写入网站：该文件夹不是空的，也不是以前生成的网站（没有 {marker} 文件）；请选择新的或空的文件夹")
SITE_ENTRY_IN_THE_WAY = message(
    "publish.site_entry_in_the_way",
    "the site folder holds {entries}, which xl_ratings did not write, where the new site writes its pages: "
    "move it away (or rename it) and publish again",
    "网站文件夹中的 {entries} 不是 xl_ratings 写的，而新网站要在此处写入页面：请将其移走（或改名）后重新发布")
SITE_PAGE_EDITED = message(
    "publish.site_page_edited",
    "the site folder's {entries} changed since xl-ratings wrote it (edited by hand?), and the new site writes it "
    "again: move it away (or rename it) to keep your edit, then publish again",
    "网站文件夹中的 {entries} 在 xl-ratings 写入后被改动过（手工编辑？），而新网站要重写它：如要保留改动，请将其"
    "移走（或改名）后重新发布")
SITE_BUSY = message(
    "publish.site_busy",
    "another xl-ratings run ({who}) is publishing into this folder; wait for it to finish (lock: {lock})",
    "另一个 xl-ratings 进程（{who}）正在发布到此文件夹，请等待其完成（锁文件：{lock}）")
SITE_LOCK_CANNOT_CREATE = message(
    "publish.site_lock_cannot_create",
    "cannot create the lock {lock}: no permission to write in the folder {folder} (read-only?); make it writable, "
    "or publish the site into another folder (--site)",
    "无法创建锁文件 {lock}：没有在文件夹 {folder} 中写入的权限（只读？）；请使其可写，或把网站发布到别的文件夹（--site）")
SLUG_UNSAFE = message(
    "publish.slug_unsafe",
    "{kind} {id}: the page name {slug} is not a safe file name (letters, digits, '.', '_' and '-'; "
    "not starting with '.'; not a name Windows reserves such as CON or LPT1)",
    "{kind} {id}：页面文件名 {slug} 不安全（只能用字母、数字、'.'、'_'、'-'，不能以 '.' 开头，"
    "也不能是 Windows 保留的名称，如 CON、LPT1）")
SLUG_TWICE = message(
    "publish.slug_twice",
    "{kind} {id}: the page name {slug} is used twice",
    "{kind} {id}：页面文件名 {slug} 重复")
LIBREOFFICE_TIMEOUT = message(
    "publish.libreoffice_timeout",
    "LibreOffice did not finish the PDF within {seconds} s; it was stopped (with every process it started)",
    "LibreOffice 未能在 {seconds} 秒内生成 PDF，已将其（连同它启动的所有进程）终止")
LIBREOFFICE_WAITING = message(
    "publish.libreoffice_waiting",
    "LibreOffice is making the PDF",
    "LibreOffice 正在生成 PDF")
LIBREOFFICE_MISSING = message(
    "publish.libreoffice_missing",
    "making a PDF needs LibreOffice, which is not installed: install LibreOffice: on Debian/Ubuntu "
    "'sudo apt-get install libreoffice-calc-nogui'; on Windows or macOS from https://www.libreoffice.org/download",
    "生成 PDF 需要 LibreOffice（未安装）：Debian/Ubuntu 可运行 sudo apt-get install libreoffice-calc-nogui，"
    "Windows/macOS 请从 https://www.libreoffice.org/download 下载")
LIBREOFFICE_FAILED = message(
    "publish.libreoffice_failed",
    "LibreOffice could not make the PDF ({detail})",
    "LibreOffice 无法生成 PDF（{detail}）")
PART_NOT_WRITTEN = message(
    "publish.part_not_written",
    "cannot write {target}: {reason}",
    "无法写入 {target}：{reason}")
