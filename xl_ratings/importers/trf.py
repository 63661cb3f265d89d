"""FIDE Tournament Report File (TRF16, also TRF-x / TRF26 player lines).

What Swiss-Manager, Vega, JaVaFo, bbpPairings and lichess write; also used for
Xiangqi and other games run with chess pairing programs.  Fixed columns
(FIDE handbook C.04 Annex 2, "TRF16"):

=========  ===============================================================
``001``    player: start rank 5–8, sex 10 (``m``/``w``), title 11–13, name
           15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth
           70–79, points 81–84, rank 86–89; from column 92 one 10-column
           block per round: opponent 4, colour 1 (``w``/``b``/``-``), result 1
``012``    name; ``022`` city; ``032`` federation; ``042``/``052`` start/end;
           ``092`` type; ``102`` chief arbiter; ``132`` round dates at the
           round-block columns (``YY/MM/DD``)
``XXR``    number of rounds (JaVaFo's extension); ``XXC`` first colour
``###``    a comment (TRF26)
=========  ===============================================================

Results: ``1`` ``=`` ``0`` played; ``+`` ``-`` forfeits; ``W`` ``D`` ``L``
played but unrated (not imported, noted); ``H`` ``F`` ``U`` ``Z`` (and blank)
byes.  Quirks met in real files: lines ending in CR only; dates written
``28. 07. 2005`` or ``May 29, 2020`` (lichess); byes with a blank opponent
instead of ``0000``; ``0000 - +`` for a pairing-allocated bye.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Callable

from ..errors import InputErrors
from ..files.source import read_source
from ..i18n.catalogue import imports as M
from ._common import (Half, NotText, Problems, TEXT_ENCODINGS, as_float, as_int, pair_halves, parse_date, read_source_text,
                      not_text, refusal, refuse_binary)
from .model import ImportedEvent, ImportedPlayer, Source, Tournament

_CODE = re.compile(r"^([0-9]{3}|[A-Z]{3}|###)(?:\s|$)")
_TAGS = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end",
         "062": "players", "072": "rated players", "082": "teams", "092": "type", "102": "arbiter",
         "112": "deputy arbiter", "122": "time control", "142": "rounds", "152": "initial colour",
         "162": "scoring", "172": "starting rank method", "182": "pairing system", "192": "tiebreaks",
         "202": "tiebreak definition", "212": "encoded time control", "222": "time control"}
_IGNORED = {"XXC": "first colour", "XXS": "scoring", "XXA": "acceleration", "XXP": "forbidden pairs",
            "XXY": "bye", "DAT": "extra player data", "013": "team", "310": "team", "240": "team round",
            "260": "team pairing", "250": "team", "300": "team", "320": "team", "330": "team",
            "801": "team results", "802": "team results", "352": "colour sequence", "362": "team scoring"}
_PLAYED = {"1": "1", "=": "0.5", "0": "0", "+": "+", "-": "-", "W": "W", "D": "D", "L": "L"}
_BYE = {"H": ("half-point bye", "轮空得半分"), "F": ("full-point bye", "轮空得一分"),
        "U": ("pairing-allocated bye", "编排轮空"), "Z": ("zero-point bye (absent)", "缺席（零分轮空）"),
        "": ("not paired", "未编排"), "+": ("bye won by default", "轮空得分"),
        "-": ("absent (lost by default)", "缺席（判负）"), "=": ("half-point bye", "轮空得半分"),
        "1": ("bye", "轮空"), "0": ("absent", "缺席")}


def _field(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1:b].strip()


def _date(value: str, problems: Problems, no: int, what: str) -> dt.date | None:
    try:
        return parse_date(value)
    except ValueError:
        problems.note(f"{what}: the date {value!r} is not understood; left blank",
                      f"{what}：日期 {value!r} 无法识别，留空", row=no)
        return None


#: (line number, a field as read) -> its text: fields of lines read byte for byte are decoded on their own
FieldText = Callable[[int, str], str]


def _same(no: int, text: str) -> str:
    return text


def parse_text(content: str, file: str, decode_text: FieldText = _same,
               problems: Problems | None = None) -> Tournament:
    problems = problems or Problems(file, lines=True)
    info: dict[str, str] = {}
    info_line: dict[str, int] = {}
    round_dates: dict[int, dt.date] = {}
    xxr: int | None = None
    players: list[ImportedPlayer] = []
    halves: list[Half] = []
    ranks: dict[str, int] = {}
    keys: set[str] = set()
    ignored: dict[str, list[int]] = {}
    max_round = 0
    for no, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        m = _CODE.match(line)
        if not m:
            problems.error("not a TRF line: each line starts with a 3-character code (001, 012, …)",
                           "不是 TRF 行：每行应以三位代码开头（001、012 等）", value=line[:20], row=no)
            continue
        code = m.group(1)
        if code == "###":
            continue
        if code == "001":
            max_round = max(max_round, _player_line(line, no, file, problems, players, halves, ranks, keys,
                                                    decode_text))
        elif code == "132":
            for r in range(1, (len(line) - 91) // 10 + 2):
                chunk = line[91 + 10 * (r - 1): 91 + 10 * r].strip()
                if chunk:
                    d = _date(chunk, problems, no, f"round {r} date")
                    if d:
                        round_dates[r] = d
        elif code in _TAGS:
            value = decode_text(no, line[4:].strip())
            if code == "112" and "deputy arbiter" in info:
                info["deputy arbiter"] += "; " + value
            elif value:
                info[_TAGS[code]] = value
                info_line[_TAGS[code]] = no
        elif code == "XXR":
            xxr = as_int(line[4:].strip())
        else:
            ignored.setdefault(code, []).append(no)
    for code, nos in ignored.items():
        what = _IGNORED.get(code, "unknown code")
        problems.note(f"{len(nos)} line(s) with code {code} ({what}) ignored, first at line {nos[0]}",
                      f"忽略代码为 {code} 的 {len(nos)} 行", row=nos[0])
    if not players:
        problems.error("no player lines (001) found: not a TRF file", "没有找到棋手行（001）：不是 TRF 文件")
    if xxr is not None:
        for h in halves:
            if h.round is not None and h.round > xxr:
                problems.error(f"round {h.round} is out of range: the file says XXR {xxr}",
                               f"第 {h.round} 轮超出范围：文件声明共 {xxr} 轮",
                               value=h.raw, where=h.where)
    halves = [Half(h.round, h.player, h.opponent, h.score, h.colour, h.handicap, h.where, h.raw, h.source,
                   round_dates.get(h.round) if h.round is not None else None) for h in halves]
    games = pair_halves(halves, {p.key for p in players}, problems, what="TRF file", what_zh="TRF 文件")
    problems.raise_if_any()
    start = _date(info["start"], problems, info_line["start"], "start") if "start" in info else None
    end = _date(info["end"], problems, info_line["end"], "end") if "end" in info else None
    kind = info.get("type", "").lower()
    fmt = "round_robin" if any(w in kind for w in ("robin", "berger", "rundenturnier", "循环", "循環")) \
        else "swiss"
    firsts = [k for k, r in ranks.items() if r == 1]
    event = ImportedEvent(
        name=info.get("name") or Path(file).stem, start=start or (min(round_dates.values()) if round_dates else None),
        end=end or (max(round_dates.values()) if round_dates else None), format=fmt,
        rounds=xxr or max_round or None, champion=firsts[0] if len(firsts) == 1 else None,
        extra={k: v for k, v in info.items() if k not in ("name", "start", "end")})
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="trf",
                      source=file)


def _player_line(line: str, no: int, file: str, problems: Problems, players: list[ImportedPlayer],
                 halves: list[Half], ranks: dict[str, int], keys: set[str], decode_text: FieldText = _same) -> int:
    start = _field(line, 5, 8)
    if as_int(start) is None:
        problems.error("the starting rank (columns 5–8) is not a number", "起始序号（第 5–8 列）不是数字",
                       value=line[4:8], row=no, column="start rank")
        return 0
    key = str(int(start))
    if key in keys:
        problems.error(f"starting rank {key} appears twice", f"起始序号 {key} 重复", value=key, row=no,
                       column="start rank")
        return 0
    if len(line.rstrip()) < 47:
        problems.error("truncated line: a player line ends before the name (column 47)",
                       "行不完整：棋手行在姓名（第 47 列）之前结束", value=line.strip(), row=no)
        return 0
    sex_raw = _field(line, 10, 10).lower()
    sex = {"m": "M", "w": "F", "f": "F"}.get(sex_raw)
    rating = as_float(_field(line, 49, 52))
    fide = _field(line, 58, 68)
    rank = _field(line, 86, 89)
    if as_int(rank) is not None:
        ranks[key] = int(rank)
    keys.add(key)
    players.append(ImportedPlayer(
        key=key, name=decode_text(no, _field(line, 15, 47)), sex=sex, club="", country=_field(line, 54, 56), rank=None,
        rating=rating if rating else None, federation_id=None, egf_pin=None,
        fide_id=fide if fide.strip("0") else None, source=Source(file, line=no)))
    last = 0
    body = line.rstrip()
    r = 0
    while 91 + 10 * r < len(body):
        r += 1
        block = body[91 + 10 * (r - 1): 91 + 10 * r]
        col = f"round {r} (columns {92 + 10 * (r - 1)}–{99 + 10 * (r - 1)})"
        if not block.strip():
            continue
        if len(block) < 8:
            problems.error(f"round {r}: truncated line: the round block ends before the result (column "
                           f"{99 + 10 * (r - 1)})", f"第 {r} 轮：行不完整，缺少结果",
                           value=block.strip(), row=no, column=col)
            continue
        opp, colour, res = block[0:4].strip(), block[5:6].strip().lower(), block[7:8].strip().upper()
        where = problems.where(no, col)
        raw = block.strip()
        if opp and as_int(opp) is None:
            problems.error(f"round {r}: the opponent (columns {92 + 10 * (r - 1)}–{95 + 10 * (r - 1)}) "
                           "is not a starting rank", f"第 {r} 轮：对手不是起始序号", value=raw, row=no, column=col)
            continue
        if colour not in ("w", "b", "-", ""):
            problems.error(f"round {r}: the colour must be w, b or -", f"第 {r} 轮：颜色应为 w、b 或 -",
                           value=raw, row=no, column=col)
            continue
        if not opp or int(opp) == 0:
            if res in _BYE:
                en, zh = _BYE[res]
                problems.note(f"round {r}: player {key}: {en} ({raw}): not a game", f"{zh}，不算对局",
                              row=no, column=col)
                last = r
            else:
                problems.error(f"round {r}: not a result; TRF results are 1 = 0 + - W D L H F U Z",
                               f"第 {r} 轮：不是有效结果（应为 1 = 0 + - W D L H F U Z）",
                               value=raw, row=no, column=col)
            continue
        if res not in _PLAYED:
            problems.error(f"round {r}: not a result; a game is 1 = 0 + - W D L",
                           f"第 {r} 轮：不是有效结果（对局结果应为 1 = 0 + - W D L）",
                           value=raw, row=no, column=col)
            continue
        halves.append(Half(r, key, str(int(opp)), _PLAYED[res], colour if colour in ("w", "b") else None,
                           None, where, raw, Source(file, line=no)))
        last = r
    return last


def parse(source: str | Path) -> Tournament:
    """Read a FIDE TRF16 file (:func:`parse_bytes`)."""
    return parse_bytes(read_source(source), str(source))


def parse_bytes(data: bytes, file: str) -> Tournament:
    """Read a FIDE TRF16 file's bytes.

    TRF is fixed-column: UTF-8 files are read as UTF-8; any other file is read
    byte for byte (latin-1, so that column 15 is the 15th byte) and its texts
    (names, event, city) decoded afterwards: UTF-8 when they are, Chinese
    (GB18030) when the bytes are Chinese, else Windows-1252 (Jérémy, Aléx).
    A UTF-8 file with some lines in another encoding keeps its UTF-8 lines
    (never decoded as a whole in a legacy encoding: every name would change);
    its other lines are read byte for byte, each noted."""
    try:
        return parse_text(data.decode("utf-8-sig"), file)
    except UnicodeDecodeError:
        pass
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return parse_text(read_source_text(data, file, TEXT_ENCODINGS).text, file)
    if not data.strip():
        raise refusal(file, M.EMPTY_FILE())
    try:
        refuse_binary(data)
    except NotText as exc:
        raise refusal(file, not_text(exc)) from None
    lines = data.splitlines(keepends=True)
    utf8 = {no for no, ln in enumerate(lines, start=1) if not ln.isascii() and _utf8(ln) is not None}
    if utf8:
        return _parse_mixed(lines, utf8, file)
    try:   # columns counted in bytes
        return parse_text(data.decode("latin-1"), file, lambda no, text: _text_of_bytes(text)[0])
    except InputErrors as by_bytes:
        try:   # a Chinese program that padded its columns by characters
            return parse_text(data.decode("gb18030"), file)
        except (UnicodeDecodeError, InputErrors):
            raise by_bytes from None


def _utf8(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _parse_mixed(lines: list[bytes], utf8: set[int], file: str) -> Tournament:
    """A UTF-8 file with lines in another encoding: UTF-8 lines by characters, the others byte for byte."""
    problems = Problems(file, lines=True)
    parts: list[str] = []
    by_bytes: set[int] = set()
    for no, ln in enumerate(lines, start=1):
        text = _utf8(ln[3:] if no == 1 and ln.startswith(b"\xef\xbb\xbf") else ln)
        if text is None:
            by_bytes.add(no)
            text = ln.decode("latin-1")
        parts.append(text)
    noted: set[int] = set()

    def field_text(no: int, text: str) -> str:
        if no not in by_bytes:
            return text
        got, enc = _text_of_bytes(text)
        if enc is not None and no not in noted:
            noted.add(no)
            problems.decoded([(no, enc)])
        return got
    return parse_text("".join(parts), file, field_text, problems)


def _text_of_bytes(field: str) -> tuple[str, str | None]:
    """A field read byte for byte (latin-1) in its real encoding, and that encoding (None: ASCII):
    UTF-8 when it is, GB18030 Chinese, else Windows-1252 (else ISO 8859-1: never a replaced byte)."""
    raw = field.encode("latin-1")
    if raw.isascii():
        return field, None
    text = _utf8(raw)
    if text is not None:
        return text, "UTF-8"
    if _looks_chinese(raw):
        try:
            return raw.decode("gb18030"), "GB18030"
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return field, "latin-1"


def _looks_chinese(raw: bytes) -> bool:
    """GB2312/GBK Chinese comes in byte pairs, both high (the names' characters: 0xA1–0xFE
    after a lead byte); a Western accent is one high byte among ASCII letters (J\xe9r\xe9my)."""
    i = 0
    while i < len(raw):
        if raw[i] < 0x80:
            i += 1
            continue
        if i + 1 >= len(raw) or raw[i + 1] < 0xA1:
            return False
        i += 2
    return True
