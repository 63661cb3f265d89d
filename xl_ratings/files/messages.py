"""Messages of the files layer (a topic of the catalogue, :mod:`xl_ratings.i18n.catalogue`).

Declared here rather than in ``i18n/catalogue/`` because this layer imports
nothing of the package but :mod:`xl_ratings.errors`.
"""

from __future__ import annotations

from ..errors import message

# ---- reading a source within bounds (files/source.py)
NO_SUCH_FILE = message(
    "files.no_such_file",
    "file not found",
    "文件不存在")
NOT_A_REGULAR_FILE = message(
    "files.not_a_regular_file",
    "is not a regular file (a folder, a pipe or a device)",
    "不是普通文件（是文件夹、管道或设备）")
CANNOT_READ = message(
    "files.cannot_read",
    "cannot read the file ({reason})",
    "无法读取该文件（{reason}）")
TOO_BIG = message(
    "files.too_big",
    "is {mib} MiB; the limit is {limit} MiB",
    "文件为 {mib} MiB，上限为 {limit} MiB")
ZIP_DAMAGED = message(
    "files.zip_damaged",
    "cannot be read: the zip file is damaged or truncated (copied or downloaded only in part?)",
    "无法读取：zip 文件已损坏或不完整（只复制或下载了一部分？）")
ZIP_TOO_MANY_PARTS = message(
    "files.zip_too_many_parts",
    "has {parts} parts; the limit is {limit} (possible zip bomb)",
    "含 {parts} 个部件，上限为 {limit}（可能是 zip 炸弹）")
ZIP_PART_INFLATES = message(
    "files.zip_part_inflates",
    "part {part} inflates from {packed} to {size} bytes; refused as a possible zip bomb "
    "(limits: {part_limit} MiB per part, {ratio}× compression)",
    "部件 {part} 从 {packed} 字节解压为 {size} 字节，可能是 zip 炸弹，拒绝读取"
    "（上限：每个部件 {part_limit} MiB，压缩比 {ratio} 倍）")
ZIP_INFLATES = message(
    "files.zip_inflates",
    "inflates to {gib} GiB; the limit is {limit} GiB (possible zip bomb)",
    "解压后为 {gib} GiB，上限为 {limit} GiB（可能是 zip 炸弹）")
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
