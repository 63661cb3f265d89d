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

from ...errors import InputErrors
from ...files.source import read_source
from ...errors import Text
from ...i18n import utf16
from ...i18n.catalogue import imports as M
from ...i18n.catalogue import sources as S
from .common import (Half, NotText, Problems, TEXT_ENCODINGS, as_float, as_int, pair_halves, parse_date, read_source_text,
                      code_page_doubt, not_text, fail, one_field_name, refuse_binary, utf8_or_none)
from ..model import ImportedEvent, ImportedPlayer, Source, Tournament
from .record import Format, Opened

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
_BYE = {"H": S.BYE_HALF, "F": S.BYE_FULL, "U": S.BYE_PAIRING, "Z": S.BYE_ZERO, "": S.NOT_PAIRED,
        "+": S.BYE_WON, "-": S.ABSENT_LOST, "=": S.BYE_HALF, "1": S.BYE, "0": S.ABSENT}


def _field(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1:b].strip()


def _date(value: str, problems: Problems, no: int, what: Text) -> dt.date | None:
    try:
        return parse_date(value)
    except ValueError:
        problems.note(S.DATE_LEFT_BLANK(what=what, date=repr(value)), row=no)
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
    ranks: dict[str, tuple[int, int]] = {}     # a player's place (its TRF rank) and its line
    keys: set[str] = set()
    ignored: dict[str, list[int]] = {}
    max_round = 0
    for no, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        m = _CODE.match(line)
        if not m:
            problems.error(S.TRF_NOT_A_LINE(), value=line[:20], row=no)
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
                    d = _date(chunk, problems, no, S.ROUND_DATE(round=r))
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
        problems.note(S.TRF_CODE_IGNORED(count=len(nos), code=code, what=what, first=nos[0]), row=nos[0])
    if not players:
        problems.error(S.TRF_NO_PLAYERS())
    if xxr is not None:
        for h in halves:
            if h.round is not None and h.round > xxr:
                problems.error(S.TRF_ROUND_OUT_OF_RANGE(round=h.round, rounds=xxr), value=h.raw, where=h.where)
    halves = [Half(h.round, h.player, h.opponent, h.score, h.colour, h.handicap, h.where, h.raw, h.source,
                   round_dates.get(h.round) if h.round is not None else None) for h in halves]
    problems.names = {p.key: f"{p.key} {p.name}".strip() for p in players}
    games = pair_halves(halves, {p.key for p in players}, problems, what=S.WHAT_TRF())
    problems.raise_if_any()
    start = _date(info["start"], problems, info_line["start"], S.START_DATE()) if "start" in info else None
    end = _date(info["end"], problems, info_line["end"], S.END_DATE()) if "end" in info else None
    kind = info.get("type", "").lower()
    fmt = "round_robin" if any(w in kind for w in ("robin", "berger", "rundenturnier", "循环", "循環")) \
        else "swiss"
    listed = {p.key for p in players}
    places = {k: r for k, (r, _) in ranks.items() if r >= 1 and k in listed}
    place_at = {k: Source(file, line=no) for k, (_, no) in ranks.items() if k in places}
    firsts = [k for k, r in places.items() if r == 1]
    event = ImportedEvent(
        name=info.get("name") or Path(file).stem, start=start or (min(round_dates.values()) if round_dates else None),
        end=end or (max(round_dates.values()) if round_dates else None), format=fmt,
        rounds=xxr or max_round or None, champion=firsts[0] if len(firsts) == 1 else None,
        champion_at=place_at.get(firsts[0]) if len(firsts) == 1 else None, places=places, place_at=place_at,
        extra={k: v for k, v in info.items() if k not in ("name", "start", "end")})
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="trf",
                      source=file)


def _player_line(line: str, no: int, file: str, problems: Problems, players: list[ImportedPlayer],
                 halves: list[Half], ranks: dict[str, tuple[int, int]], keys: set[str],
                 decode_text: FieldText = _same) -> int:
    start = _field(line, 5, 8)
    if as_int(start) is None:
        problems.error(S.TRF_START_RANK_NOT_NUMBER(), value=line[4:8], row=no, column="start rank")
        return 0
    key = str(int(start))
    if key in keys:
        problems.error(S.TRF_START_RANK_TWICE(key=key), value=key, row=no, column="start rank")
        return 0
    if len(line.rstrip()) < 47:
        problems.error(S.TRF_LINE_BEFORE_NAME(), value=line.strip(), row=no)
        return 0
    sex_raw = _field(line, 10, 10).lower()
    sex = {"m": "M", "w": "F", "f": "F"}.get(sex_raw)
    rating = as_float(_field(line, 49, 52))
    fide = _field(line, 58, 68)
    rank = _field(line, 86, 89)
    if as_int(rank) is not None:
        ranks[key] = (int(rank), no)
    keys.add(key)
    # "龔軍," (a surname only, as Swiss-Manager writes it): "龔軍"; "陳, 大文": "陳大文"
    name, latin = one_field_name(decode_text(no, _field(line, 15, 47)))
    players.append(ImportedPlayer(
        key=key, name=name, latin_name=latin, sex=sex, club="",
        country=_field(line, 54, 56), rank=None,
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
            problems.error(S.TRF_BLOCK_TRUNCATED(round=r, column=99 + 10 * (r - 1)), value=block.strip(), row=no,
                           column=col)
            continue
        opp, colour, res = block[0:4].strip(), block[5:6].strip().lower(), block[7:8].strip().upper()
        where = problems.where(no, col)
        raw = block.strip()
        if opp and as_int(opp) is None:
            problems.error(S.TRF_OPPONENT_NOT_RANK(round=r, first=92 + 10 * (r - 1), last=95 + 10 * (r - 1)),
                           value=raw, row=no, column=col)
            continue
        if colour not in ("w", "b", "-", ""):
            problems.error(S.IN_ROUND(round=r, text=S.TRF_BAD_COLOUR()), value=raw, row=no, column=col)
            continue
        if not opp or int(opp) == 0:
            if res in _BYE:
                problems.note(S.BYE_NOT_A_GAME(round=r, player=key, bye=_BYE[res](), raw=raw), row=no, column=col)
                last = r
            else:
                problems.error(S.IN_ROUND(round=r, text=S.TRF_BAD_BYE_RESULT()), value=raw, row=no, column=col)
            continue
        if res not in _PLAYED:
            problems.error(S.IN_ROUND(round=r, text=S.TRF_BAD_RESULT()), value=raw, row=no, column=col)
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
    its other lines are read byte for byte, each noted.  UTF-16 (with its byte-order mark, or
    without one when its bytes say so: :func:`xl_ratings.i18n.utf16.decode`, noted) is read by
    characters -- before UTF-8, which ASCII text in UTF-16 also is (its NULs)."""
    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        guessed = utf16.decode(data)
        if guessed is not None:
            problems = Problems(file, lines=True)
            problems.decoded((), None, guessed[1])
            return parse_text(guessed[0], file, problems=problems)
        try:        # (NULs are UTF-8 too: refused here, not read as lines of a TRF)
            refuse_binary(data)
        except NotText as exc:
            raise fail(file, not_text(exc)) from None
    try:
        return parse_text(data.decode("utf-8-sig"), file)
    except UnicodeDecodeError:
        pass
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return parse_text(read_source_text(data, file, TEXT_ENCODINGS).text, file)
    if not data.strip():
        raise fail(file, M.EMPTY_FILE())
    try:
        refuse_binary(data)
    except NotText as exc:
        raise fail(file, not_text(exc)) from None
    lines = data.splitlines(keepends=True)
    utf8 = {no for no, ln in enumerate(lines, start=1) if not ln.isascii() and utf8_or_none(ln) is not None}
    if utf8:
        return _parse_mixed(lines, utf8, file)
    legacy = [ln for ln in lines if not ln.isascii()]
    chinese = _code_page(legacy)
    problems = Problems(file, lines=True)
    if chinese is not None:
        problems.decoded((), code_page_doubt(b"".join(legacy), chinese))
    try:   # columns counted in bytes
        return parse_text(data.decode("latin-1"), file, lambda no, text: _text_of_bytes(text, chinese)[0], problems)
    except InputErrors as by_bytes:
        try:   # a Chinese program that padded its columns by characters
            return parse_text(data.decode(chinese or "gb18030"), file)
        except (UnicodeDecodeError, InputErrors):
            raise by_bytes from None


def _parse_mixed(lines: list[bytes], utf8: set[int], file: str) -> Tournament:
    """A UTF-8 file with lines in another encoding: UTF-8 lines by characters, the others byte for byte."""
    problems = Problems(file, lines=True)
    parts: list[str] = []
    by_bytes: set[int] = set()
    legacy = [ln for no, ln in enumerate(lines, start=1) if no not in utf8 and not ln.isascii()]
    chinese = _code_page(legacy)
    if chinese is not None:
        problems.decoded((), code_page_doubt(b"".join(legacy), chinese))
    for no, ln in enumerate(lines, start=1):
        text = utf8_or_none(ln[3:] if no == 1 and ln.startswith(b"\xef\xbb\xbf") else ln)
        if text is None:
            by_bytes.add(no)
            text = ln.decode("latin-1")
        parts.append(text)
    noted: set[int] = set()

    def field_text(no: int, text: str) -> str:
        if no not in by_bytes:
            return text
        got, enc = _text_of_bytes(text, chinese)
        if enc is not None and no not in noted:
            noted.add(no)
            problems.decoded([(no, enc)])
        return got
    return parse_text("".join(parts), file, field_text, problems)


def _code_page(lines: list[bytes]) -> str | None:
    """The Chinese code page the non-ASCII, non-UTF-8 lines of a TRF file are in, judged over all
    of them together (:func:`xl_ratings.i18n.codepages.guess`: a name alone is too short to tell
    GBK from Big5): ``gb18030`` or ``big5hkscs``; None when they do not read as Chinese text
    (Western accents, Jérémy in Windows-1252)."""
    from ...i18n.codepages import CANDIDATES, guess

    data = b"".join(lines)
    readers = tuple(e for e in CANDIDATES if _reads(data, e))
    got = guess([data], readers) if readers and data else None
    return got.encoding if got is not None and got.chars >= 2 and got.score >= 0.6 else None


def _reads(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def _text_of_bytes(field: str, chinese: str | None = None) -> tuple[str, str | None]:
    """A field read byte for byte (latin-1) in its real encoding, and that encoding (None: ASCII):
    UTF-8 when it is, the file's Chinese code page when it has one (``chinese``: GB18030 or Big5,
    :func:`_code_page`), else GB18030 Chinese, else Windows-1252 (else ISO 8859-1: never a
    replaced byte)."""
    raw = field.encode("latin-1")
    if raw.isascii():
        return field, None
    text = utf8_or_none(raw)
    if text is not None:
        return text, "UTF-8"
    if chinese is not None:
        try:
            return raw.decode(chinese), chinese
        except UnicodeDecodeError:
            pass
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


# --------------------------------------------------------------------------- the format's record

_TRF_LINE = re.compile(r"(?:\d{3}|XX[A-Z]|###)(?: |$)")


def sniff(opened: Opened) -> bool:
    """Lines that start with a 3-character code and a space (``001 ``, ``012 ``), players among them."""
    lines = opened.lines
    if not opened.plain or not lines:
        return False
    coded = sum(1 for ln in lines if _TRF_LINE.match(ln))
    return coded >= max(1, len(lines) * 0.8) and any(ln.startswith("001 ") for ln in lines)


def load(opened: Opened) -> Tournament:
    return parse_bytes(opened.data, opened.file)


FORMAT = Format("trf", "the FIDE Tournament Report File (TRF16)",
                "Swiss-Manager, Vega, JaVaFo, bbpPairings, lichess",
                frozenset({"games", "ratings", "ids", "dates", "event"}), sniff, load, go=False)
