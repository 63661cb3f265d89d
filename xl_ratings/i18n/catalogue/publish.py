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
