"""Messages: the Excel surface (functions in cells, one-click scripts) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message


# ------------------------------------------------------------------ the rating list sheet (one click)
RL_SHEET_TITLE = message(
    "excel.rl_sheet_title",
    "Rating list for pairing programs, {layout} layout, period {period}: {count} players, lines {range}",
    "编排软件用等级分名单，{layout} 格式，周期 {period}：{count} 人，位于 {range}")
RL_SHEET_SAVE = message(
    "excel.rl_sheet_save",
    "To make the file: select {range}, copy, paste into a plain-text editor (Notepad, TextEdit in plain-text "
    "mode) and save it as {name}. Or run: xl-ratings publish BOOK.xlsx --rating-list {name} --layout {layout}",
    "生成文件：选中 {range}，复制，粘贴到纯文本编辑器（记事本；TextEdit 请用纯文本模式），另存为 {name}。"
    "或运行：xl-ratings publish BOOK.xlsx --rating-list {name} --layout {layout}")
RL_SHEET_LOAD_EGD = message(
    "excel.rl_sheet_load_egd",
    "OpenGotha: put the file in place of ratinglists/egf_db.txt in OpenGotha's folder, then in Players Manager "
    "click 'Use EGF rating list'. pairgoth: put the file on a web page and set ratings.egf to its address in "
    "pairgoth.properties.",
    "OpenGotha：用此文件替换 OpenGotha 文件夹中的 ratinglists/egf_db.txt，然后在 Players Manager 中点击 "
    "“Use EGF rating list”。pairgoth：把文件放到网页上，并在 pairgoth.properties 中将 ratings.egf 设为其网址。")
RL_SHEET_LOAD_FIDE = message(
    "excel.rl_sheet_load_fide",
    "Swiss-Manager, Vega: load the file as a rating list in FIDE's TXT layout (the CSV as a national list); "
    "see docs/rating-lists.md.",
    "Swiss-Manager、Vega：将文件作为 FIDE TXT 格式的等级分名单导入（CSV 作为全国名单导入）；"
    "见 docs/rating-lists.md。")
RL_SHEET_CHOOSE = message(
    "excel.rl_sheet_choose",
    "Another layout or period: change the two cells above (egd, fide or csv; a period such as 2026, blank for the "
    "latest) and run the script again.",
    "如需其他格式或周期：修改上方两格（egd、fide 或 csv；周期如 2026，留空为最新周期），再运行脚本。")
