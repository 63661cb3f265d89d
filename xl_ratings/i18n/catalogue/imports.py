"""Messages: importing tournament files and matching players (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


# ---- reading text sources (importers/_common.py)
EMPTY_FILE = message(
    "imports.empty_file",
    "the file is empty",
    "文件是空的")
NOT_TEXT = message(
    "imports.not_text",
    "cannot read the file as text",
    "无法作为文本读取")
NOT_TEXT_NUL = message(
    "imports.not_text_nul",
    "the file holds NUL bytes: it is binary (or UTF-16 without a byte-order mark), not text",
    "文件含有 NUL 字节：是二进制文件（或没有字节顺序标记的 UTF-16），不是文本")
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
LINE_TOO_LONG = message(
    "imports.csv_field_too_long",
    "a field starting on this line is longer than {limit:,} characters: not a crosstable cell "
    "(a quote \" left open?)",
    "从此行开始的一个字段超过 {limit:,} 个字符：不是交叉表的单元格（是否有未闭合的引号 \"？）")
CSV_DAMAGED = message(
    "imports.csv_damaged",
    "cannot read this line as CSV ({reason})",
    "无法按 CSV 读取此行（{reason}）")
