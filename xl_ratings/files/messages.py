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

# ---- a workbook's name (files/paths.py)
NAME_TOO_LONG = message(
    "files.name_too_long",
    "the workbook's name is {size} bytes long, and the files kept beside it while it is worked on (its backup, "
    "the lock of xl-ratings, LibreOffice's lock, Excel's owner file) add up to {extra} bytes to it: past the "
    "{limit}-byte limit of a file name here. Nothing was done: rename the workbook to at most {most} bytes "
    "(about {chars} Chinese characters)",
    "工作簿文件名长 {size} 字节，处理时放在它旁边的文件（备份、xl-ratings 的锁、LibreOffice 的锁、Excel 的所有者文件）"
    "最多再加 {extra} 字节：超过此处文件名 {limit} 字节的上限。未作任何处理：请把工作簿改名为不超过 {most} 字节"
    "（约 {chars} 个汉字）")

# ---- the workbook open in Excel or LibreOffice (files/office.py)
OFFICE_LOCK_OPEN = message(
    "files.office_lock_open",
    "the workbook is open in {program} ({held}); close it first, or write the results elsewhere with --output. "
    "If {program} is not running there (a crash leaves {lock} behind), delete {lock} beside the workbook and run "
    "again",
    "工作簿正在 {program} 中打开（{held}）；请先关闭，或用 --output 把结果写到别处。如该电脑上 {program} 并未运行"
    "（程序崩溃会留下 {lock}），请删除工作簿旁边的 {lock} 后再运行")
OFFICE_LOCK_STALE = message(
    "files.office_lock_stale",
    "{lock} says the workbook is open in {program} on this computer ({who}), but {program} is not running here: "
    "the lock is stale, left by a crash. Delete {lock} beside the workbook and run again (xl-ratings never "
    "deletes it itself)",
    "{lock} 表示工作簿正在本电脑的 {program} 中打开（{who}），但本电脑上 {program} 并未运行：这是程序崩溃留下的"
    "过期锁文件。请删除工作簿旁边的 {lock} 后再运行（xl-ratings 不会自行删除）")
NOT_A_WORKBOOK_FILE = message(
    "files.not_a_workbook_file",
    "is {kind}, not a workbook file",
    "是{kind}，不是工作簿文件")
NOT_A_SOURCE_FILE = message(
    "files.not_a_source_file",
    "is {kind}, not a file to import: give the tournament file itself (saved on disk)",
    "是{kind}，不是可导入的文件：请给出保存在磁盘上的成绩文件本身")
# what a path is when it is no regular file (the {kind} of the two above; files.paths.kind_of)
KIND_FOLDER = message("files.kind_folder", "a folder", "文件夹")
KIND_PIPE = message("files.kind_pipe", "a pipe (FIFO)", "管道（FIFO）")
KIND_DEVICE = message("files.kind_device", "a device", "设备")
KIND_SOCKET = message("files.kind_socket", "a socket", "套接字")
KIND_OTHER = message("files.kind_other", "not a regular file", "非普通文件")
