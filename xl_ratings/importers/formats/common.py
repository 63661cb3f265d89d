"""Helpers shared by the importers: problem collection (catalogue messages),
text decoding, dates, table headers and the pairing of the two halves of a game.

Every problem is collected (not raised at once) so that a parser reports all of
them in one :class:`~xl_ratings.errors.InputErrors`.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import AbstractSet, Any, Iterable, Mapping, Sequence

from ...engine.cells import TIME_OF_DAY, WEEKDAY, date_of
from ...errors import InputErrors, RatingInputError, Text, Where
from ...i18n.catalogue import imports as M
from ...i18n.catalogue import sheets as SH
from ...i18n.catalogue import sources as S
from ...i18n import utf16
from ..model import ImportedGame, Source


# --------------------------------------------------------------------------- messages
class Problems:
    """Collects problems and notes while a file is read.

    ``lines``: a text file (h9, TRF, OpenGotha XML, CSV), whose places are
    lines (``Where(line=N)``), never rows; ``line_of``: for a table read from a
    text file (a CSV), record number (1-based) -> the line it starts on."""

    def __init__(self, file: str, sheet: str | None = None, *, lines: bool = False,
                 line_of: Sequence[int] | None = None) -> None:
        self.file = file
        self.sheet = sheet
        self.line_of = line_of
        self.lines = lines or line_of is not None
        self.errors: list[RatingInputError] = []
        self.notes: list[Text] = []
        #: player key -> the player as a problem names them ("4 刘芳"), once the players are read
        self.names: dict[str, str] = {}

    def line(self, row: int | None) -> int | None:
        """The line of a text file's record ``row`` (a CSV record may span lines)."""
        if row is not None and self.line_of is not None and 1 <= row <= len(self.line_of):
            return self.line_of[row - 1]
        return row

    def where(self, row: int | None = None, column: str | None = None) -> Where:
        if self.lines:
            return Where(file=self.file, sheet=self.sheet, line=self.line(row), column=column)
        return Where(file=self.file, sheet=self.sheet, row=row, column=column)

    def error(self, text: Text, *, value: Any = None, row: int | None = None,
              column: str | None = None, where: Where | None = None) -> None:
        """A problem at ``row``/``column`` (a text file's line: :meth:`where`), or at ``where``."""
        self.errors.append(RatingInputError(text, value=clip(value), where=where or self.where(row, column)))

    def note(self, text: Text, *, row: int | None = None, column: str | None = None,
             where: Where | None = None) -> None:
        """Something the officer should know (skipped on purpose, read in another encoding), with its place."""
        self.notes.append(text.at(where or self.where(row, column)))

    def decoded(self, odd: Iterable[tuple[int, str]], doubt: tuple[str, str] | None = None,
                utf16_order: str | None = None) -> None:
        """Note each line read in another encoding than the rest of the file (:func:`decode_text`),
        a Chinese code page that could not be told for sure (``doubt``: read, other), and a file read
        as UTF-16 without a byte-order mark (``utf16_order``: its codec, told from its bytes)."""
        if utf16_order is not None:
            self.note(M.READ_AS_UTF16(encoding=utf16.NAMES.get(utf16_order, utf16_order)))
        if doubt is not None:
            self.note(M.CODE_PAGE_DOUBT(encoding=ENCODING_NAMES.get(doubt[0], doubt[0]),
                                        other=ENCODING_NAMES.get(doubt[1], doubt[1])))
        for no, enc in odd:
            self.note(M.LINE_DECODED(encoding=ENCODING_NAMES.get(enc, enc)), row=no)

    def raise_if_any(self) -> None:
        if self.errors:
            raise InputErrors(self.errors)


#: an encoding as a message names it
ENCODING_NAMES = {"cp1252": "Windows-1252 (Western)", "latin-1": "ISO 8859-1 (Western)",
                  "gb18030": "GB18030 (Chinese)", "big5hkscs": "Big5 (traditional Chinese)", "UTF-8": "UTF-8",
                  "GB18030": "GB18030 (Chinese)"}

#: the longest value a message shows whole (a 200,000-character cell is shown by its start)
SHOWN_CHARS = 60


def clip(value: Any) -> Any:
    """A value as a message shows it: long text cut to its start ("…" and its length)."""
    if isinstance(value, str) and len(value) > SHOWN_CHARS:
        return f"{value[:SHOWN_CHARS]}… ({len(value):,} characters)"
    return value


def fail(file: str, text: Text, *, value: Any = None, row: int | None = None,
         column: str | None = None, sheet: str | None = None, line: int | None = None) -> InputErrors:
    """One file-level problem, ready to raise (``line``: a text file's line)."""
    return InputErrors([RatingInputError(text, value=clip(value),
                                         where=Where(file=file, sheet=sheet, row=row, column=column, line=line))])


# --------------------------------------------------------------------------- cells
@functools.lru_cache(maxsize=4096)
def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def cell_ref(row_index: int, col_index: int) -> str:
    """0-based indices -> "D7"."""
    return f"{column_letter(col_index)}{row_index + 1}"


def clean(value: Any) -> Any:
    """A cell as read: strings stripped, empty -> None.  Full-width forms are folded only in
    text that is then plain ASCII (numbers, results, ids, dates typed full-width: "１－０",
    "Ｐ００３"); names and other text keep every character as written (（示例）, ①, ™)."""
    t = type(value)
    if t is int or value is None:
        return value
    if t is float:
        return None if value != value else value      # NaN
    if isinstance(value, str):
        if value.isascii():
            return value.strip() or None
        folded = unicodedata.normalize("NFKC", value).strip()
        if folded.isascii():
            return folded or None
        return value.replace("\u3000", " ").strip() or None
    if isinstance(value, float) and value != value:   # NaN
        return None
    return value


#: the longest whole number read from a cell or a token (longer: not a number we use)
MAX_DIGITS = 18


def as_int(value: Any) -> int | None:
    """1, 1.0, "1", " 01 " -> 1; anything else -> None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    text = str(value).strip()
    # ASCII digits only ("²" is a digit to isdigit, not to int), and no number longer than any id
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS else None


#: a place as results tables write it: 1, "1", "1.", "1=" or "=1" and "T1" (tied), "1st", "第1名", "第 1 位",
#: full-width digits ("第１名")
_PLACE = re.compile(r"(?:第\s*)?(?:=|T\s*)?(\d{1,6})\s*(?:\.|=|st|nd|rd|th|名|位)?", re.IGNORECASE)


#: a place in Chinese numerals (第三名, 第十二名: up to 99), and the medals' names
_CN_PLACE = re.compile(r"第?\s*([一二三四五六七八九十两]{1,3})\s*[名位]?")
_CN_DIGIT = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_MEDALS = {"冠军": 1, "冠軍": 1, "亚军": 2, "亞軍": 2, "季军": 3, "季軍": 3}


def _chinese_number(t: str) -> int | None:
    """一 … 九十九 (十二, 二十, 二十一); else None."""
    if "十" not in t:
        return _CN_DIGIT[t] if len(t) == 1 and t in _CN_DIGIT else None
    tens, _, ones = t.partition("十")
    if len(tens) > 1 or len(ones) > 1 or "十" in ones:
        return None
    n = (_CN_DIGIT.get(tens, 0) if tens else 1) * 10
    if tens and not n or ones and ones not in _CN_DIGIT:
        return None
    return n + (_CN_DIGIT[ones] if ones else 0)


def as_place(value: Any) -> int | None:
    """A place (1 = the winner) as a table writes it -- see :data:`_PLACE`, in Chinese numerals
    (第三名) or a medal's name (冠军 1, 亚军 2, 季军 3) -- else None."""
    n = as_int(value)
    if n is not None or not isinstance(value, str):
        return n
    t = unicodedata.normalize("NFKC", value).strip()
    m = _PLACE.fullmatch(t)
    if m:
        return int(m.group(1))
    if t in _MEDALS:
        return _MEDALS[t]
    m = _CN_PLACE.fullmatch(t)
    return _chinese_number(m.group(1)) if m else None


def as_float(value: Any) -> float | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        return None


def key_text(value: Any) -> str:
    """A player number as a key: 3.0 -> "3"; an empty cell -> ""."""
    if value is None:
        return ""
    n = as_int(value)
    return str(n) if n is not None else str(value).strip()


def text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


# --------------------------------------------------------------------------- text files
class NotText(Exception):
    """The bytes are not text in any encoding tried (``text``: why, in both languages;
    ``line``: the line that is not, in a file whose other lines are)."""

    def __init__(self, text: Text, line: int | None = None) -> None:
        super().__init__(text.en)
        self.text, self.line = text, line


@dataclass(frozen=True)
class Decoded:
    """A text file's content: ``odd`` lists the lines (number, encoding) read in another
    encoding than the rest of the file (a UTF-8 file with a line typed in Windows-1252)."""

    text: str
    odd: tuple[tuple[int, str], ...] = ()
    #: (the Chinese code page read, the other) when the few Chinese characters read about as well in both
    doubt: tuple[str, str] | None = None
    #: ``utf-16-le`` or ``utf-16-be``: read as UTF-16 without a byte-order mark, told from its bytes
    #: (:mod:`xl_ratings.i18n.utf16`)
    utf16_order: str | None = None


def not_text(exc: NotText) -> Text:
    """"cannot read the file as text", and why, in both languages."""
    return M.NOT_TEXT_BECAUSE(reason=exc.text)


def refuse_binary(data: bytes, size: int | None = None) -> None:
    """Refuse bytes that are binary, not text (NUL bytes, control characters); ``data``: the whole
    file, or its start when ``size`` is the file's length.  Bytes with the NUL pattern of UTF-16
    without a byte-order mark but of an odd length are told so (:func:`xl_ratings.i18n.utf16.odd_length`)."""
    if b"\x00" in data:
        raise NotText(M.NOT_TEXT_UTF16_ODD() if utf16.odd_length(data, size) else M.NOT_TEXT_NUL())
    controls = sum(1 for b in data[:4096] if b < 32 and b not in (9, 10, 13, 12))
    if controls > max(2, len(data[:4096]) // 100):
        raise NotText(M.NOT_TEXT_CONTROLS())


def decode_text(data: bytes, encodings: Sequence[str]) -> Decoded:
    """The text of a file in the first of ``encodings`` (UTF-8 first) that reads it; refuse binary data.

    A file that is UTF-8 but for some lines (a comment typed in another editor,
    one player added by hand) is read line by line: its UTF-8 lines as UTF-8
    -- never the whole file in a legacy encoding, which would turn every
    accented or Chinese name into another name -- and each other line in the
    first other encoding that reads it (Chinese only when it reads as common
    Chinese characters); a line that none reads is refused with its number.

    UTF-16 with its byte-order mark is read as such; UTF-16 without one when its bytes say so,
    and strictly (:func:`xl_ratings.i18n.utf16.decode`: the NUL pattern, an even length, strict
    decoding, no control character), the codec kept for a note.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return Decoded(data.decode("utf-16"))
    guessed = utf16.decode(data) if b"\x00" in data else None
    if guessed is not None:
        return Decoded(guessed[0], utf16_order=guessed[1])
    refuse_binary(data)
    try:
        return Decoded(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        pass
    others = [e for e in encodings if e not in ("utf-8", "utf-8-sig")]
    lines = data.splitlines(keepends=True)
    if not any(not ln.isascii() and utf8_or_none(ln) is not None for ln in lines):
        # one legacy encoding for the whole file, as its program wrote it (Chinese when two characters
        # or more read as common ones: "ÀA" in Windows-1252 is one character of GBK)
        whole = _legacy(data, others, least=2)
        if whole is None:
            raise NotText(M.NOT_IN_ENCODINGS(encodings=", ".join(e for e in encodings if e != CHINESE)))
        return Decoded(whole[0], doubt=code_page_doubt(data, whole[1]))
    texts = [utf8_or_none(ln[3:] if no == 1 and ln.startswith(b"\xef\xbb\xbf") else ln)
             for no, ln in enumerate(lines, start=1)]
    throughout = _chinese_throughout(data, lines, texts, others)
    if throughout is not None:
        return Decoded(throughout)
    # GB18030 reads almost anything: never alone.  The other lines tell the language: a file whose
    # UTF-8 lines are Western (Café, Müller) reads an odd line as Western text first -- "Él" in
    # Windows-1252 is also one common character of Big5 -- and a Chinese file as Chinese first.
    chinese = any(_is_cjk(c) for t in texts if t is not None for c in t)
    order = [e for e in others if e != "gb18030"]
    if not chinese:
        order.sort(key=lambda e: e == CHINESE)
    out: list[str] = []
    odd: list[tuple[int, str]] = []
    for no, (ln, text) in enumerate(zip(lines, texts), start=1):
        if text is None:
            got = _legacy(ln, order, least=2)     # Chinese: two characters or more read as common ones
            if got is None:
                raise NotText(M.LINE_NOT_DECODABLE(), line=no)
            text = got[0]
            odd.append((no, got[1]))
        out.append(text)
    return Decoded("".join(out), tuple(odd))


def _chinese_throughout(data: bytes, lines: list[bytes], texts: list[str | None],
                        others: Sequence[str]) -> str | None:
    """A GBK or Big5 file some lines of which merely happen to be valid UTF-8 (谢平 in GBK reads
    as UTF-8 "лƽ"): the whole file in that encoding, when none of its UTF-8 lines reads as Chinese
    in UTF-8, its other lines are more and read as Chinese, and the whole file reads as common
    Chinese characters.  None otherwise."""
    if CHINESE not in others:
        return None
    utf8 = [t for ln, t in zip(lines, texts) if t is not None and not ln.isascii()]
    legacy = [ln for ln, t in zip(lines, texts) if t is None]
    if any(_is_cjk(c) for t in utf8 for c in t) or len(legacy) <= len(utf8) \
            or _chinese(b"".join(legacy), least=2) is None:
        return None         # a UTF-8 file (Chinese, or Western: "Zhang Wéi") with a line of another
    got = _chinese(data, least=2)
    return got[0] if got is not None else None


def _is_cjk(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"


def utf8_or_none(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _legacy(data: bytes, encodings: Sequence[str], least: int = 1) -> tuple[str, str] | None:
    """(text, encoding) in the first of ``encodings`` that reads ``data``; None if none does
    (``least``: the Chinese characters a text needs to be taken for Chinese)."""
    for enc in encodings:
        if enc == CHINESE:
            got = _chinese(data, least)
            if got is not None:
                return got
            continue
        if enc == "latin-1":        # Western text as Windows writes it (’ “ ” € …), else ISO 8859-1
            try:
                return data.decode("cp1252"), "cp1252"
            except UnicodeDecodeError:
                pass
        try:
            return data.decode(enc), enc
        except UnicodeDecodeError:
            continue
    return None


#: In an encodings list: Chinese text in GB18030/GBK (mainland) or Big5 (Hong Kong, Taiwan),
#: whichever reads as common characters; skipped when the bytes are neither.
CHINESE = "chinese"


def _chinese(data: bytes, least: int = 1) -> tuple[str, str] | None:
    """(``data`` as GB18030 or Big5 text, the encoding), whichever reads the whole of it as the more
    plausible Chinese text (:func:`xl_ratings.i18n.codepages.guess`: common characters, one script
    -- never the first line alone); None when neither reads as Chinese (at least ``least`` characters
    and a plausibility of 0.6: not latin-1 accents, "J\\xe9r\\xe9my")."""
    from ...i18n.codepages import CANDIDATES, guess

    readers = tuple(e for e in CANDIDATES if _reads_whole(data, e))
    got = guess([data], readers) if readers else None
    if got is None or got.chars < max(1, least) or got.score < 0.6:
        return None
    return data.decode(got.encoding), got.encoding


def code_page_doubt(data: bytes, encoding: str) -> tuple[str, str] | None:
    """(``encoding``, the other Chinese code page) when ``data`` were read as Chinese in
    ``encoding`` but read about as well in the other (a few short names); else None."""
    from ...i18n.codepages import CANDIDATES, guess

    if encoding not in CANDIDATES:
        return None
    readers = tuple(e for e in CANDIDATES if _reads_whole(data, e))
    got = guess([data], readers) if len(readers) > 1 else None
    if got is None or got.sure:
        return None
    return encoding, next(e for e in CANDIDATES if e != encoding)


def _reads_whole(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def read_source_text(data: bytes, file: str, encodings: Sequence[str]) -> Decoded:
    """A text source's content (:func:`decode_text`), or InputErrors naming the file (and the line)."""
    if not data.strip():
        raise fail(file, M.EMPTY_FILE())
    try:
        return decode_text(data, encodings)
    except NotText as exc:
        raise fail(file, not_text(exc), line=exc.line) from None


#: UTF-8 (with or without a BOM) first everywhere.  GB18030 for Chinese CSV and TRF;
#: latin-1 last for TRF and h9.  Plain GB18030 not for h9: EGF files are European, and
#: latin-1 bytes such as "J\xe9r\xe9my" are also valid GB18030 (silently wrong) -- CHINESE
#: takes GB18030 or Big5 only when the text reads as common Chinese characters.
TEXT_ENCODINGS = ("utf-8-sig", "gb18030", "latin-1")   #: TRF
H9_ENCODINGS = ("utf-8-sig", CHINESE, "latin-1")       #: h9 / h10: Chinese only when it reads as Chinese
CSV_ENCODINGS = ("utf-8-sig", CHINESE, "gb18030")      #: Chinese CSV: GBK or Big5


# --------------------------------------------------------------------------- dates
_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y%m%d", "%d.%m.%Y", "%y/%m/%d", "%y-%m-%d",
                 "%y.%m.%d", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y年%m月%d日")


_TIME_PART = re.compile(r"(?:\s*+" + WEEKDAY + r")?(?:(?:\s++|T)(?:" + TIME_OF_DAY + r"))?$")

#: the longest text read as a date ("September 30, 2026 14:30:00" and more)
MAX_DATE_CHARS = 40


def parse_date(value: Any) -> dt.date | None:
    """A date as written in any source; None for blank; ValueError if unreadable."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if 20000 <= value <= 80000:                  # an Excel serial day
            return date_of(value)
        raise ValueError(f"not a date: {value!r}")
    raw = str(value).strip()
    if len(raw) > MAX_DATE_CHARS:                    # no date is this long (and no regex sees it)
        raise ValueError(f"not a date: {raw[:MAX_DATE_CHARS]!r}…")
    raw = unicodedata.normalize("NFKC", raw)
    s = re.sub(r"\s*([./\-年月])\s*", r"\1", raw)    # "28. 07. 2005" -> "28.07.2005", "2025年 3月" too
    s = _TIME_PART.sub("", s)                       # a time part: 14:30, 2:30 PM, 下午2:30, 14时30分, 星期六
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(s, fmt).date()
        except ValueError:
            continue
    m = re.fullmatch(r"(\d{4})\D(\d{1,2})\D(\d{1,2})\D?", s)
    if m:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    raise ValueError(f"not a date: {raw!r}")


# --------------------------------------------------------------------------- headers
def header_words(value: Any) -> set[str]:
    """The words of a header cell: "姓名 Name" -> {"姓名 name", "姓名", "name"}."""
    t = text(clean(value)).lower().rstrip(".:：")
    if not t:
        return set()
    parts = {t, t.replace(" ", "").replace("_", "")}
    parts.update(p.strip(" .:：()（）") for p in re.split(r"[\s/|()（）]+", t))
    parts.update(p.replace("_", " ") for p in list(parts))
    return {p for p in parts if p}


def find_column(header: list[Any], aliases: Iterable[str], used: AbstractSet[int] = frozenset()) -> int | None:
    words = {a.lower() for a in aliases}
    for i, cell in enumerate(header):
        if i not in used and header_words(cell) & words:
            return i
    return None


def only_words(cell: Any, aliases: Iterable[str]) -> bool:
    """Is the header cell (or sheet name) nothing but words of ``aliases`` ("单位", "Club",
    "单位 club") -- never "club notes" or "Players (2)", a column or sheet of the officer's own?"""
    words = {a.lower() for a in aliases}
    t = text(clean(cell)).lower().rstrip(".:：")
    parts = [q for p in re.split(r"[\s/|()（）]+", t) if (q := p.strip(" .:：()（）"))]
    return bool(parts) and (t in words or all(p in words for p in parts))


def column_twins(problems: "Problems", header: list[Any], cols: Mapping[str, int],
                 aliases: Mapping[str, Iterable[str]], used: AbstractSet[int], header_row: int) -> None:
    """Tell (``problems``) each column found (``cols``: role -> index) whose role another column
    not read names alone (单位 and club): which one is meant is not known, both are named."""
    for role, i in cols.items():
        twin = next((j for j, h in enumerate(header) if j not in used and j != i and role in aliases
                     and only_words(h, aliases[role])), None)
        if twin is not None:
            problems.error(SH.COLUMN_TWICE(column=role, first=column_letter(i), first_header=text(clean(header[i])),
                                           second=column_letter(twin), second_header=text(clean(header[twin]))),
                           value=header[twin], row=header_row + 1, column=cell_ref(header_row, twin))


# --------------------------------------------------------------------------- sex
_SEX = {"m": "M", "male": "M", "man": "M", "男": "M", "f": "F", "w": "F", "female": "F",
        "woman": "F", "女": "F"}


def parse_sex(value: Any) -> str | None:
    t = text(clean(value)).lower()
    if not t:
        return None
    if t in _SEX:
        return _SEX[t]
    raise ValueError(t)


# --------------------------------------------------------------------------- game halves
#: A half's score, from its player's side: played "1" "0.5" "0"; forfeits "+" "-";
#: "F=" a forfeit counted as a draw; "W" "D" "L" played but unrated; "?" unknown.
COMPLEMENT = {"1": "0", "0": "1", "0.5": "0.5", "+": "-", "-": "+", "F=": "F=",
              "W": "L", "L": "W", "D": "D", "?": "?"}
_SKIPPED = {"W": S.UNRATED_GAME, "L": S.UNRATED_GAME, "D": S.UNRATED_GAME, "?": S.UNKNOWN_RESULT,
            "F=": S.FORFEIT_DRAW}


@dataclass(frozen=True)
class Half:
    """One player's record of one game, as a table or file line gives it."""

    round: int | None
    player: str
    opponent: str
    score: str                 #: a COMPLEMENT key
    colour: str | None
    handicap: float | None     #: stones this player receives
    where: Where
    raw: Any
    source: Source
    date: dt.date | None = None

    def label(self) -> str:
        loc = self.where.column or (f"line {self.line}" if self.line else "")
        return f"{loc} ({self.raw})" if loc else str(self.raw)

    @property
    def line(self) -> int | None:
        """The half's line (a text file) or row (a sheet)."""
        return self.where.line if self.where.line is not None else self.where.row


_CELL = re.compile(r"^[A-Z]{1,3}\d+$")


def _cell_name(h: Half) -> str | Text:
    """"D7" in a table; "line 12, column 'round 3'" in a text file."""
    col = h.where.column
    if col and _CELL.match(col):
        return col
    column = (col or "").split(" (")[0]
    if h.line is None:
        return column or "?"
    return S.AT_LINE_COLUMN(line=h.line, column=column) if column else S.AT_LINE(line=h.line)


def check_pair(a: Half, b: Half, problems: Problems, what: Text | None = None) -> bool:
    """Do two halves tell the same game?  Reports every disagreement (``what``: the kind of
    source, in words; a crosstable by default)."""
    ok = True

    def says(h: Half) -> Any:
        """What the half says, and whose it is ("1 (1 陈大文 against 2 龚军)") once the players are known."""
        player, opponent = problems.names.get(h.player), problems.names.get(h.opponent)
        return S.HALF_SAYS(says=h.raw, player=player, opponent=opponent) if player and opponent else h.raw

    def said() -> dict[str, Any]:       # named only when there is something to say
        return {"first": _cell_name(a), "first_says": says(a), "second": _cell_name(b), "second_says": says(b)}
    if b.score != COMPLEMENT.get(a.score):
        both_lose = a.score == b.score == "-"
        if both_lose:
            return True     # a double forfeit: the caller notes it
        problems.error(S.HALVES_DISAGREE(what=what or S.WHAT_CROSSTABLE(), **said()), value=a.raw, where=a.where)
        ok = False
    if a.colour and b.colour and a.colour == b.colour:
        problems.error(S.SAME_COLOUR(**said()), value=a.raw, where=a.where)
        ok = False
    if a.handicap is not None and b.handicap is not None and a.handicap != -b.handicap:
        problems.error(S.HANDICAPS_DIFFER(**said()), value=a.raw, where=a.where)
        ok = False
    return ok


def game_from(a: Half, b: Half | None, problems: Problems) -> ImportedGame | None:
    """The game two agreeing halves describe, or None (with a note) if it is not a rated game."""
    if b is not None and a.score == b.score == "-":
        problems.note(S.DOUBLE_FORFEIT(round=a.round, first=_cell_name(a), second=_cell_name(b)), where=a.where)
        return None
    if a.score in _SKIPPED:
        why = _SKIPPED[a.score]()
        game = S.SKIPPED_GAME(player=a.player, opponent=a.opponent, result=a.raw, why=why)
        problems.note(game if a.round is None else S.IN_ROUND(round=a.round, text=game), where=a.where)
        return None
    colour = a.colour or ({"w": "b", "b": "w"}.get(b.colour) if b is not None and b.colour else None)
    handicap = a.handicap
    if handicap is None and b is not None and b.handicap is not None:
        handicap = -b.handicap or 0.0
    return ImportedGame(round=a.round, date=a.date or (b.date if b else None), player=a.player,
                        opponent=a.opponent, result=a.score, handicap=handicap, colour=colour,
                        source=a.source)


def pair_halves(halves: list[Half], keys: set[str], problems: Problems, *,
                what: Text | None = None) -> list[ImportedGame]:
    """Match each half with its mirror (same round, players swapped); one game per pair.

    Reports: an opponent that does not exist, a player meeting themself, a game
    listed once only, halves that disagree.
    """
    index: dict[tuple[int | None, str], Half] = {}
    usable: list[Half] = []
    for h in halves:
        if h.opponent not in keys:
            problems.error(S.NO_SUCH_OPPONENT(round=h.round, opponent=h.opponent), value=h.raw, where=h.where)
            continue
        if h.opponent == h.player:
            problems.error(S.MEETS_THEMSELF(round=h.round, player=h.player), value=h.raw, where=h.where)
            continue
        slot = (h.round, h.player)
        if slot in index:
            problems.error(S.TWO_GAMES_IN_ROUND(round=h.round, player=h.player), value=h.raw, where=h.where)
            continue
        index[slot] = h
        usable.append(h)
    games: list[ImportedGame] = []
    done: set[tuple[int | None, str]] = set()
    for h in usable:
        if (h.round, h.player) in done:
            continue
        done.add((h.round, h.player))
        other = index.get((h.round, h.opponent))
        if other is None or other.opponent != h.player:
            there = (S.THERE_SAYS(cell=_cell_name(other), says=other.raw) if other is not None
                     else S.THERE_NO_GAME(opponent=h.opponent))
            problems.error(S.LISTED_ONCE(round=h.round, cell=_cell_name(h), says=h.raw, player=h.player,
                                         opponent=h.opponent, there=there), value=h.raw, where=h.where)
            continue
        done.add((other.round, other.player))
        if check_pair(h, other, problems, what):
            g = game_from(h, other, problems)
            if g is not None:
                games.append(g)
    return games


# --------------------------------------------------------------------------- names as people write them
#: Chinese, Japanese and Korean letters: a name of these is written without spaces (陳大文)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002ebef]")
_CJK_ONLY = re.compile(r"(?:[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
                       r"\U00020000-\U0002ebef·・]|\s)+")


def person_name(surname: str, given: str = "") -> tuple[str, str | None]:
    """A player's name from the surname and given name a pairing program's file keeps apart:
    (the name as people write it, the Latin name when it is one).

    Chinese, Japanese or Korean parts are joined without the space the file puts between
    them (``區``, ``永健`` -> ``區永健``); Latin names keep it (``Chan``, ``Tai Man`` ->
    ``Chan Tai Man``) and are also given as ``Surname, Given`` (``Chan, Tai Man``), the
    ``latin_name`` the Players sheet keeps."""
    from ...engine.latin import written

    parts = [p.strip() for p in (surname, given) if p and p.strip()]
    if parts and all(_CJK_ONLY.fullmatch(p) for p in parts):
        return "".join("".join(p.split()) for p in parts), None
    name = " ".join(parts)
    if _CJK.search(name) or not parts:
        return name, None
    s, g = surname.strip(), given.strip()
    latin = f"{s}, {g}" if s and g else (s or g)
    return name, (latin if written(latin) is not None else None)


def one_field_name(text: str) -> tuple[str, str | None]:
    """A name written in one field (a TRF's ``Surname, Given``, ``區 永健``): as
    :func:`person_name`, the part before a comma the surname (else the first word, for a
    Latin name)."""
    text = text.strip(" ,，")
    if "," in text or "，" in text:
        surname, _, given = text.replace("，", ",").partition(",")
        name, latin = person_name(surname, given)
        return (name if latin is None else text), latin
    if _CJK_ONLY.fullmatch(text):
        return "".join(text.split()), None
    words = text.split()
    if _CJK.search(text) or len(words) < 2:
        return text, (text if words and not _CJK.search(text) and _latin_ok(text) else None)
    return text, f"{words[0]}, {' '.join(words[1:])}" if _latin_ok(text) else None


def _latin_ok(text: str) -> bool:
    from ...engine.latin import written

    return written(text) is not None
