"""Messages of the files layer (a topic of the catalogue, :mod:`xl_ratings.i18n.catalogue`).

Declared here rather than in ``i18n/catalogue/`` because this layer imports
nothing of the package but :mod:`xl_ratings.errors`.
"""

from __future__ import annotations

from ..errors import message

OUTPUT_IS_A_BACKUP = message(
    "files.output_is_a_backup",
    "{option} {path}: this is the name of a workbook's backup (the way back to its previous version); choose "
    "another name",
    "{option} {path}：这是工作簿备份文件的名称（用于恢复上一版本）；请换一个文件名")
OUTPUT_IS_A_WORK_FILE = message(
    "files.output_is_a_work_file",
    "{option} {path}: this is the name of a lock or temporary file kept beside a workbook (by xl-ratings, Excel or "
    "LibreOffice); choose another name",
    "{option} {path}：这是工作簿旁边的锁文件或临时文件的名称（xl-ratings、Excel 或 LibreOffice 使用）；请换一个文件名")
OUTPUT_NOT_OURS = message(
    "files.output_not_ours",
    "{option} {path} already exists and was not written by xl-ratings for this workbook; choose another name or add "
    "--force to overwrite it",
    "{option} {path} 已存在，且不是本程序为这个工作簿生成的；请换一个文件名，或使用 --force 覆盖")
