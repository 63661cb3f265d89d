"""Messages: publishing (website, PDF, rating lists) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message

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
    "publish needs --site DIR and/or --pdf OUT.pdf",
    "publish 需要 --site 文件夹 和/或 --pdf 文件")

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
SITE_BUSY = message(
    "publish.site_busy",
    "another xl-ratings run ({who}) is publishing into this folder; wait for it to finish (lock: {lock})",
    "另一个 xl-ratings 进程（{who}）正在发布到此文件夹，请等待其完成（锁文件：{lock}）")
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
