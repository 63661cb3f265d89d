"""Helpers shared by the importers: bilingual messages, problem collection,
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
from pathlib import Path
from typing import AbstractSet, Any, Iterable

from ..engine.cells import date_of
from ..errors import InputErrors, RatingInputError, Where, show
from .model import ImportedGame, Source


# --------------------------------------------------------------------------- messages
def bilingual(en: str, zh: str) -> str:
    """One message in English followed by " — " and Chinese."""
    return f"{en} — {zh}"


class Problems:
    """Collects problems and notes while a file is read."""

    def __init__(self, file: str, sheet: str | None = None, *, lines: bool = False) -> None:
        self.file = file
        self.sheet = sheet
        self.lines = lines        #: a text file: locations are "line N"
        self.errors: list[RatingInputError] = []
        self.notes: list[str] = []

    def where(self, row: int | None = None, column: str | None = None) -> Where:
        return Where(file=self.file, sheet=self.sheet, row=row, column=column)

    def error(self, en: str, zh: str, *, value: Any = None, row: int | None = None,
              column: str | None = None) -> None:
        if value is not None:
            en += f" (value: {show(value)})"
        self.errors.append(RatingInputError(bilingual(en, zh), value=value, problem_zh=zh,
                                            where=self.where(row, column)))

    def note(self, en: str, zh: str, *, row: int | None = None, column: str | None = None) -> None:
        if self.lines:
            loc = ", ".join(p for p in (self.file, f"line {row}" if row is not None else "", column or "") if p)
        else:
            loc = self.where(row, column).describe()
        self.notes.append(f"{loc}: {bilingual(en, zh)}" if loc else bilingual(en, zh))

    def raise_if_any(self) -> None:
        if self.errors:
            raise InputErrors(self.errors)


def fail(file: str, en: str, zh: str, *, value: Any = None, row: int | None = None,
         column: str | None = None, sheet: str | None = None) -> InputErrors:
    """One file-level problem, ready to raise."""
    if value is not None:
        en += f" (value: {show(value)})"
    return InputErrors([RatingInputError(bilingual(en, zh), value=value, problem_zh=zh,
                                         where=Where(file=file, sheet=sheet, row=row, column=column))])


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


def as_int(value: Any) -> int | None:
    """1, 1.0, "1", " 01 " -> 1; anything else -> None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    text = str(value).strip()
    return int(text) if text.isdigit() else None


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
    """The bytes are not text in any encoding tried."""


def decode(data: bytes, encodings: Iterable[str]) -> str:
    """Decode with the first encoding that works; refuse binary data."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    if b"\x00" in data:
        raise NotText("the file holds NUL bytes: it is binary (or UTF-16 without a byte-order mark), not text")
    controls = sum(1 for b in data[:4096] if b < 32 and b not in (9, 10, 13, 12))
    if controls > max(2, len(data[:4096]) // 100):
        raise NotText("the file holds control characters: it is binary, not text")
    for enc in encodings:
        if enc == CHINESE:
            text = _chinese(data)
            if text is not None:
                return text
            continue
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    raise NotText("the file is not in any of the encodings " + ", ".join(e for e in encodings if e != CHINESE))


#: In an encodings list: Chinese text in GB18030/GBK (mainland) or Big5 (Hong Kong, Taiwan),
#: whichever reads as common characters; skipped when the bytes are neither.
CHINESE = "chinese"


def _common_share(text: str) -> float:
    """The share of a text's Chinese characters among the 3,755 most common (GB2312 level 1),
    traditional ones counted by their simplified form: wrongly decoded bytes give rare
    characters, kana, Greek or private-use ones."""
    from ..i18n import simplified

    chars = [c for c in simplified(text) if ord(c) > 0x7F and not c.isspace()]
    if not chars:
        return 0.0
    good = 0
    for c in chars:
        try:
            b = c.encode("gb2312")
        except UnicodeEncodeError:
            continue
        good += len(b) == 2 and 0xB0 <= b[0] <= 0xD7
    return good / len(chars)


def _chinese(data: bytes) -> str | None:
    """``data`` as GB18030 or Big5 text, whichever gives common Chinese characters (at
    least 60% of them); None when neither does (e.g. latin-1 accents: "J\xe9r\xe9my")."""
    best: tuple[float, str] | None = None
    for enc in ("gb18030", "big5hkscs"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        share = _common_share(text)
        if best is None or share > best[0]:
            best = (share, text)
    return best[1] if best is not None and best[0] >= 0.6 else None


def read_text(path: str | Path, encodings: Iterable[str]) -> str:
    path = Path(path)
    data = path.read_bytes()
    if not data.strip():
        raise fail(str(path), "the file is empty", "文件是空的")
    try:
        return decode(data, tuple(encodings))
    except NotText as exc:
        raise fail(str(path), f"cannot read the file as text: {exc}",
                   "无法作为文本读取（可能是二进制文件或编码不对；请存为 UTF-8 或 GB18030）") from None


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
    raw = unicodedata.normalize("NFKC", str(value)).strip()
    s = re.sub(r"\s*([./\-])\s*", r"\1", raw)        # "28. 07. 2005" -> "28.07.2005"
    s = re.sub(r"[T ]\d{1,2}:\d{2}(:\d{2})?$", "", s)  # a time part
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
_SKIPPED = {
    "W": ("played but not rated (W/D/L): not imported", "对局未计等级分（W/D/L），不导入"),
    "L": ("played but not rated (W/D/L): not imported", "对局未计等级分（W/D/L），不导入"),
    "D": ("played but not rated (W/D/L): not imported", "对局未计等级分（W/D/L），不导入"),
    "?": ("the result is unknown: not imported", "结果未知，不导入"),
    "F=": ("a forfeit scored as a draw: not a game, not imported", "弃权判和，不算对局，不导入"),
}


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
        loc = self.where.column or (f"line {self.where.row}" if self.where.row else "")
        return f"{loc} ({self.raw})" if loc else str(self.raw)


_CELL = re.compile(r"^[A-Z]{1,3}\d+$")


def _cell_name(h: Half) -> str:
    """"D7" in a table; "line 12, round 3" in a text file."""
    col = h.where.column
    if col and _CELL.match(col):
        return col
    line = f"line {h.where.row}" if h.where.row is not None else ""
    return ", ".join(p for p in (line, (col or "").split(" (")[0]) if p) or "?"


def check_pair(a: Half, b: Half, problems: Problems, what: str = "crosstable",
               what_zh: str = "交叉表") -> bool:
    """Do two halves tell the same game?  Reports every disagreement."""
    ok = True
    if b.score != COMPLEMENT.get(a.score):
        both_lose = a.score == b.score == "-"
        if both_lose:
            return True     # a double forfeit: the caller notes it
        problems.error(
            f"the two halves of the {what} disagree: {_cell_name(a)} says {a.raw}, "
            f"{_cell_name(b)} says {b.raw}",
            f"{what_zh}两处结果不一致：{_cell_name(a)} 为 {a.raw}，{_cell_name(b)} 为 {b.raw}",
            value=a.raw, row=a.where.row, column=a.where.column)
        ok = False
    if a.colour and b.colour and a.colour == b.colour:
        problems.error(
            f"both players have the same colour: {_cell_name(a)} says {a.raw}, {_cell_name(b)} says {b.raw}",
            f"双方执同一颜色：{_cell_name(a)} 为 {a.raw}，{_cell_name(b)} 为 {b.raw}",
            value=a.raw, row=a.where.row, column=a.where.column)
        ok = False
    if a.handicap is not None and b.handicap is not None and a.handicap != -b.handicap:
        problems.error(
            f"the two halves give different handicaps: {_cell_name(a)} says {a.raw}, "
            f"{_cell_name(b)} says {b.raw}",
            f"让子数不一致：{_cell_name(a)} 为 {a.raw}，{_cell_name(b)} 为 {b.raw}",
            value=a.raw, row=a.where.row, column=a.where.column)
        ok = False
    return ok


def game_from(a: Half, b: Half | None, problems: Problems) -> ImportedGame | None:
    """The game two agreeing halves describe, or None (with a note) if it is not a rated game."""
    if b is not None and a.score == b.score == "-":
        problems.note(f"round {a.round}: both players lost by forfeit ({_cell_name(a)}, {_cell_name(b)}): "
                      "not a game, not imported",
                      "双方均弃权，不算对局，不导入", row=a.where.row, column=a.where.column)
        return None
    if a.score in _SKIPPED:
        en, zh = _SKIPPED[a.score]
        rnd = f"round {a.round}: " if a.round is not None else ""
        problems.note(f"{rnd}{a.player} v {a.opponent} {a.raw}: {en}", zh,
                      row=a.where.row, column=a.where.column)
        return None
    colour = a.colour or ({"w": "b", "b": "w"}.get(b.colour) if b is not None and b.colour else None)
    handicap = a.handicap
    if handicap is None and b is not None and b.handicap is not None:
        handicap = -b.handicap or 0.0
    return ImportedGame(round=a.round, date=a.date or (b.date if b else None), player=a.player,
                        opponent=a.opponent, result=a.score, handicap=handicap, colour=colour,
                        source=a.source)


def pair_halves(halves: list[Half], keys: set[str], problems: Problems, *,
                what: str = "crosstable", what_zh: str = "交叉表") -> list[ImportedGame]:
    """Match each half with its mirror (same round, players swapped); one game per pair.

    Reports: an opponent that does not exist, a player meeting themself, a game
    listed once only, halves that disagree.
    """
    index: dict[tuple[int | None, str], Half] = {}
    usable: list[Half] = []
    for h in halves:
        if h.opponent not in keys:
            problems.error(f"round {h.round}: opponent number {h.opponent} does not exist",
                           f"第 {h.round} 轮：对手编号 {h.opponent} 不存在",
                           value=h.raw, row=h.where.row, column=h.where.column)
            continue
        if h.opponent == h.player:
            problems.error(f"round {h.round}: player {h.player} meets themself",
                           f"第 {h.round} 轮：棋手 {h.player} 与自己对局",
                           value=h.raw, row=h.where.row, column=h.where.column)
            continue
        slot = (h.round, h.player)
        if slot in index:
            problems.error(f"round {h.round}: player {h.player} has two games",
                           f"第 {h.round} 轮：棋手 {h.player} 有两盘对局",
                           value=h.raw, row=h.where.row, column=h.where.column)
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
            there = (f"{_cell_name(other)} says {other.raw}" if other is not None
                     else f"player {h.opponent} has no game in that round")
            there_zh = (f"{_cell_name(other)} 为 {other.raw}" if other is not None
                        else f"棋手 {h.opponent} 该轮没有对局")
            problems.error(
                f"round {h.round}: a game listed once only: {_cell_name(h)} says {h.raw} "
                f"(player {h.player} v {h.opponent}), but {there}",
                f"第 {h.round} 轮：对局只出现一次：{_cell_name(h)} 为 {h.raw}，但{there_zh}",
                value=h.raw, row=h.where.row, column=h.where.column)
            continue
        done.add((other.round, other.player))
        if check_pair(h, other, problems, what, what_zh):
            g = game_from(h, other, problems)
            if g is not None:
                games.append(g)
    return games
