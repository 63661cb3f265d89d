"""Messages: what the command line prints (``xl-ratings``; see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ..text import message

DESCRIPTION = message(
    "cli.description",
    "Ratings for board-game federations and clubs, in their Excel workbooks (shanghai, gor, lianzhong, peng)",
    "在 Excel 工作簿中计算棋类协会和俱乐部的等级分（shanghai、gor、lianzhong、peng）")
PROBLEMS = message(
    "cli.problems",
    "xl-ratings: {count} problem(s), nothing was written:",
    "{count} 个问题，未写入任何内容：")
PROBLEMS_PARTLY = message(
    "cli.problems_partly",
    "xl-ratings: {count} problem(s); written before it: {written}; not written: {not_written}:",
    "{count} 个问题；此前已写入：{written}；未写入：{not_written}：")
SUMMARY_HEAD = message(
    "cli.summary_head",
    "periods {periods}; {active} active, {inactive} inactive, {pending} pending; {changes} change lines; "
    "{checks} checks",
    "周期 {periods}；活跃 {active} 人，不活跃 {inactive} 人，待定级 {pending} 人；变动表 {changes} 行；"
    "检查 {checks} 条")
WRITTEN = message("cli.written", "written: {path}", "已写入：{path}")
PROCESSING = message("cli.processing", "processing", "正在计算")
# a game list's passes, on its progress bar
PASS_CHECKING = message("cli.pass_checking", "checking", "检查")
PASS_COUNTING = message("cli.pass_counting", "counting", "统计")
PASS_RATING = message("cli.pass_rating", "rating {period}", "计算 {period}")
PASS_RATING_EVENTS = message("cli.pass_rating_events", "rating the events", "逐个赛事计算")
PROGRESS_PERIOD = message("cli.progress_period", "period {period} ({n}/{total})", "周期 {period}（{n}/{total}）")
WEBSITE = message(
    "cli.website",
    "website: {count} files in {site}; open {index}",
    "网站：{count} 个文件，位于 {site}；请打开 {index}")
PDF_WRITTEN = message("cli.pdf_written", "printable list (PDF): {path}", "打印用名单（PDF）：{path}")
DATE_OPTION = message(
    "cli.date_option",
    "{option} must be a date like 2026-03-01",
    "{option} 须为日期，如 2026-03-01")
WITH_SAMPLE = message("cli.with_sample", ", with sample records", "，含示例记录")
CREATED = message("cli.created", "created {path} ({system}{sample})", "已创建 {path}（{system}{sample}）")
CREATED_REPORT = message(
    "cli.created_report",
    "created {path} (a club's tournament report{sample}): fill it in, send it to the federation, which runs: "
    "xl-ratings import {name} --into BOOK.xlsx",
    "已创建 {path}（俱乐部的赛事报告{sample}）：填好后发给协会，协会运行："
    "xl-ratings import {name} --into BOOK.xlsx")
DEMO_DONE = message(
    "cli.demo_done",
    "demo workbooks in {folder}/: open them in Excel or LibreOffice",
    "演示工作簿在 {folder}/ 中：请用 Excel 或 LibreOffice 打开")
INTERRUPTED = message(
    "cli.interrupted",
    "xl-ratings: interrupted; every file is as it was, or complete: nothing is ever half-written",
    "xl-ratings：已中断；文件保持原样或已完整写入，不会只写一半")
A_FILE = message("cli.a_file", "a file", "文件")
CANNOT_WRITE = message(
    "cli.cannot_write",
    "xl-ratings: cannot write {file}: it is open in another program or read-only; close it and try again",
    "xl-ratings：无法写入 {file}：文件被其他程序打开或为只读；请关闭后重试")
OS_ERROR = message(
    "cli.os_error",
    "xl-ratings: cannot read or write {file}: {reason}",
    "xl-ratings：无法读写 {file}：{reason}")
