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

SITE_NAME_TOO_LONG = message(
    "files.site_name_too_long",
    "the website folder's name is {size} bytes long, and the names made beside it while it is written (the new "
    "site built beside it, the old one moved aside, the lock of xl-ratings) add up to {extra} bytes to it: past "
    "the {limit}-byte limit of a file name here. Nothing was done: give a folder name of at most {most} bytes "
    "(about {chars} Chinese characters)",
    "网站文件夹名长 {size} 字节，写入时在它旁边创建的名称（旁边新建的网站、移开的旧网站、xl-ratings 的锁）最多再加 "
    "{extra} 字节：超过此处文件名 {limit} 字节的上限。未作任何处理：请使用不超过 {most} 字节的文件夹名"
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
NOT_A_SOURCE_FILE = message(
    "files.not_a_source_file",
    "is {kind}, not a file to import: give the tournament file itself (saved on disk)",
    "是{kind}，不是可导入的文件：请给出保存在磁盘上的成绩文件本身")
NOT_A_GAME_LIST_FILE = message(
    "files.not_a_game_list_file",
    "is {kind}, not a game list file: give the file itself (saved on disk)",
    "是{kind}，不是对局列表文件：请给出保存在磁盘上的文件本身")
# ---- what a path is, when it is not a regular file (files/paths.py kind_of)
KIND_FOLDER = message("files.kind_folder", "a folder", "文件夹")
KIND_PIPE = message("files.kind_pipe", "a pipe (FIFO)", "管道（FIFO）")
KIND_DEVICE = message("files.kind_device", "a device", "设备")
KIND_SOCKET = message("files.kind_socket", "a socket", "套接字")
KIND_OTHER = message("files.kind_other", "not a regular file", "不是普通文件")

# ---- the workbook's own path (files/paths.py real_path, check_writable)
LINK_TO_MISSING = message(
    "files.link_to_missing",
    "is a link to a missing file ({target})",
    "是指向不存在的文件（{target}）的链接")
LINK_LOOP = message(
    "files.link_loop",
    "is a loop of symbolic links",
    "是循环的符号链接")
CANNOT_OPEN = message(
    "files.cannot_open",
    "cannot be opened: {reason}",
    "无法打开：{reason}")
NOT_A_WORKBOOK_FILE = message(
    "files.not_a_workbook_file",
    "is {kind}, not a workbook file",
    "是{kind}，不是工作簿文件")
CHANGED_WHILE_OPENED = message(
    "files.changed_while_opened",
    "changed while it was being opened (a moving link?); run again",
    "在打开时被更改（链接被改动？）；请再运行一次")
WORKBOOK_READ_ONLY = message(
    "files.workbook_read_only",
    "the workbook is read-only: {path}; make it writable, or write the results elsewhere with --output",
    "工作簿为只读：{path}；请使其可写，或用 --output 把结果写到别处")
FOLDER_NOT_WRITABLE = message(
    "files.folder_not_writable",
    "cannot write in the folder {folder} (needed to save the workbook {name} safely); write the results elsewhere "
    "with --output",
    "无法在文件夹 {folder} 中写入（安全保存工作簿 {name} 需要它）；请用 --output 把结果写到别处")

# ---- notes: the workbook reached through links (files/paths.py link_note)
THROUGH_A_LINK = message(
    "files.through_a_link",
    "{given} is reached through a link: its real file {real} is the one updated",
    "{given} 是链接：已更新它指向的文件 {real}")
HARD_LINKS = message(
    "files.hard_links",
    "{real} has {links} names (hard links): only this name gets the new version",
    "{real} 有 {links} 个名称（硬链接）：只有这个名称得到新版本")

# ---- outputs, checked before anything is written (files/paths.py check_outputs)
# an output no option names, in the messages' {option} place (an option itself is shown as typed)
OUTPUT_BACKUP = message("files.output_backup", "the backup", "备份文件")
OUTPUT_PROBLEMS = message("files.output_problems", "the problems file", "问题清单文件")
OUTPUT_CHECKS = message("files.output_checks", "the checks file", "检查清单文件")
OUTPUT_CANNOT_WRITE = message(
    "files.output_cannot_write",
    "cannot write {option} {path}: {reason}",
    "无法写入 {option} {path}：{reason}")
OUTPUT_IS_AN_INPUT = message(
    "files.output_is_an_input",
    "{option} {path} is the same file as the input {input}: it would be overwritten; choose another name",
    "{option} {path} 与输入文件 {input} 是同一个文件，会被覆盖；请换一个文件名")
OUTPUTS_ONE_FILE = message(
    "files.outputs_one_file",
    "{first} and {option} are the same file {path}; choose different names",
    "{first} 与 {option} 是同一个文件 {path}；请用不同的文件名")
OUTPUT_FOLDER_MISSING = message(
    "files.output_folder_missing",
    "the folder of {option} {path} does not exist ({folder})",
    "{option} {path} 的文件夹不存在（{folder}）")
OUTPUT_FOLDER_NOT_WRITABLE = message(
    "files.output_folder_not_writable",
    "cannot write {option} {path}: no permission to write in the folder {folder}",
    "无法写入 {option} {path}：没有在文件夹 {folder} 中写入的权限")
OUTPUT_NOT_A_FILE = message(
    "files.output_not_a_file",
    "{option} {path} is {kind}, not a file; choose another name",
    "{option} {path} 是{kind}，不是文件；请换一个文件名")
OUTPUT_READ_ONLY = message(
    "files.output_read_only",
    "{option} {path} is read-only; choose another name or make it writable",
    "{option} {path} 为只读；请换一个文件名，或使其可写")
OUTPUT_READ_ONLY_FIXED = message(
    "files.output_read_only_fixed",
    "{option} {path} is read-only, and its name is fixed (xl-ratings names it): make it (or its folder) writable, "
    "or choose another {option} folder",
    "{option} {path} 为只读，且其名称固定（由 xl-ratings 命名）：请使其（或其文件夹）可写，或为 {option} 另选文件夹")
OUTPUT_FOLDER_READ_ONLY_DISK = message(
    "files.output_folder_read_only_disk",
    "cannot write {option} {path}: the folder {folder} is on a read-only disk (mounted read-only); choose a folder "
    "on another disk",
    "无法写入 {option} {path}：文件夹 {folder} 位于只读磁盘（以只读方式挂载）；请选择其他磁盘上的文件夹")
OUTPUT_DANGLING_LINK = message(
    "files.output_dangling_link",
    "{option} {path} is a link to a missing file ({target}); choose another name, or add --force to replace the "
    "link (its target is never written)",
    "{option} {path} 是指向不存在的文件（{target}）的链接；请换一个文件名，或使用 --force 替换该链接（不会写入其目标）")
OUTPUT_LINK_REPLACED = message(
    "files.output_link_replaced",
    "{option} {path} was a link to a missing file ({target}): replaced by the file (--force)",
    "{option} {path} 原为指向不存在的文件（{target}）的链接：已替换为文件（--force）")

# ---- writing (files/paths.py write_error, files/atomic.py)
DISK_FULL = message(
    "files.disk_full",
    "cannot write {target}: the disk is full: nothing was changed",
    "无法写入 {target}：磁盘已满，未作任何修改")
FILE_TOO_LARGE = message(
    "files.file_too_large",
    "cannot write {target}: the file is larger than this disk or this account may write (a FAT32 USB stick takes "
    "at most 4 GB a file; or a limit on file size): nothing was changed; write it to another disk",
    "无法写入 {target}：文件超过此磁盘或此账户允许的大小（FAT32 U 盘单个文件最多 4 GB；或有文件大小限制）：未作任何修改；"
    "请写到另一个磁盘")
NO_WRITE_PERMISSION = message(
    "files.no_write_permission",
    "cannot write {target} (read-only or no permission, or open in another program): nothing was changed",
    "无法写入 {target}（只读、无写入权限，或已被其他程序打开）：未作任何修改")
WRITE_FAILED = message(
    "files.write_failed",
    "cannot write {target}: {reason}: nothing was changed",
    "无法写入 {target}：{reason}：未作任何修改")
TARGET_READ_ONLY = message(
    "files.target_read_only",
    "cannot write {target}: the file is read-only; nothing was changed",
    "无法写入 {target}：文件为只读；未作任何修改")
TARGET_IS_A_FOLDER = message(
    "files.target_is_a_folder",
    "cannot write {target}: it is a folder; nothing was changed",
    "无法写入 {target}：它是文件夹；未作任何修改")
FOLDER_NOT_SAVED = message(
    "files.folder_not_saved",
    "{targets} written, but the disk reported an error ({reason}) while saving the folder {folder}: check the files",
    "{targets} 已写入，但保存文件夹 {folder} 时磁盘报告错误（{reason}）：请检查这些文件")
CHANGED_WHILE_PROCESSED = message(
    "files.changed_while_processed",
    "the workbook changed while it was being processed; nothing was written; run again",
    "工作簿在处理期间被修改，未写入任何内容；请再运行一次")
THE_WRITE_FAILED = message("files.the_write_failed", "the write failed", "写入失败")
NOT_UNDONE = message(
    "files.not_undone",
    "cannot write {target}: {reason}; these files were already written and could not be undone: {files}; run again",
    "无法写入 {target}：{reason}；以下文件已写入且无法撤销：{files}；请再运行一次")

# ---- the lock beside the workbook (files/lock.py)
LOCK_HELD_BY_THIS_RUN = message(
    "files.lock_held_by_this_run",
    "the lock {lock} is already held by this run",
    "锁文件 {lock} 已被本次运行持有")
LOCK_KEEPS_CHANGING = message(
    "files.lock_keeps_changing",
    "cannot take the lock {lock}: it keeps changing; run again",
    "无法获取锁文件 {lock}：它不断变化；请再运行一次")
LOCK_BUSY = message(
    "files.lock_busy",
    "another xl-ratings run ({who}) is processing this workbook; wait for it to finish (lock: {lock})",
    "另一个 xl-ratings 运行（{who}）正在处理此工作簿；请等它结束（锁文件：{lock}）")
PROCESS_N = message("files.process_n", "process {pid}", "进程 {pid}")
ANOTHER_PROCESS = message("files.another_process", "another process", "另一个进程")
LOCK_NOT_A_FILE = message(
    "files.lock_not_a_file",
    "the lock {lock} is not a regular file (a link, pipe or device) or has other names (hard links); remove it",
    "锁文件 {lock} 不是普通文件（是链接、管道或设备），或有其他名称（硬链接）；请删除它")
LOCK_CANNOT_CREATE = message(
    "files.lock_cannot_create",
    "cannot create the lock {lock} (read-only folder or no permission); write the results elsewhere with --output, "
    "or make the folder writable",
    "无法创建锁文件 {lock}（文件夹只读或无权限）；请用 --output 把结果写到别处，或使文件夹可写")
LOCK_CANNOT_OPEN = message(
    "files.lock_cannot_open",
    "cannot open the lock {lock}: {reason}",
    "无法打开锁文件 {lock}：{reason}")

# ---- a published file replaced (files/published.py)
PUBLISHED_KEPT = message(
    "files.published_kept",
    "{path} was not what xl-ratings wrote there last (changed by hand since, or written before "
    "xl-ratings kept a record): its old version is kept as {backup}; the new file does not have those "
    "changes (a player added by hand belongs in the Players sheet)",
    "{path} 不是 xl-ratings 上次写入的内容（之后被手工修改过，或写于 xl-ratings 开始记录之前）：旧版本已保存为 "
    "{backup}；新文件不含这些修改（手工添加的棋手应写进 Players 表）")


# ---- the operating system's reasons, in each language (files/source.py os_reason): its own words are English
OS_NO_PERMISSION = message("files.os_no_permission", "no permission", "没有权限")
OS_READ_ONLY_DISK = message("files.os_read_only_disk", "the disk or folder is read-only", "磁盘或文件夹为只读")
OS_DISK_FULL = message("files.os_disk_full", "the disk is full", "磁盘已满")
OS_NO_SUCH_FILE = message("files.os_no_such_file", "no such file or folder", "文件或文件夹不存在")
OS_IS_A_FOLDER = message("files.os_is_a_folder", "it is a folder", "这是一个文件夹")
OS_NOT_A_FOLDER = message("files.os_not_a_folder", "a part of the path is not a folder", "路径中有一部分不是文件夹")
OS_NAME_TOO_LONG = message("files.os_name_too_long", "the name is too long", "名称过长")
OS_BUSY = message("files.os_busy", "it is in use by another program", "正被其他程序使用")
OS_LINK_LOOP = message("files.os_link_loop", "too many symbolic links", "符号链接过多")
OS_IO_ERROR = message("files.os_io_error", "the disk could not be read or written (a damaged disk or a removed "
                      "drive?)", "无法读写磁盘（磁盘损坏或已被拔出？）")
OS_TOO_MANY_FILES = message("files.os_too_many_files", "too many files are open", "打开的文件过多")
OS_EXISTS = message("files.os_exists", "a file of that name already exists", "同名文件已存在")
OS_OTHER = message("files.os_other", "{reason} (error {code})", "系统错误 {code}：{reason}")
OS_READ_ERROR = message("files.os_read_error", "a read error", "读取出错")
