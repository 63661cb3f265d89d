"""The pairing programs' own rating-list readers, transcribed line for line (issue 20).

* :func:`opengotha` -- OpenGotha's ``RatingList.parseFile`` for ``TYPE_EGF``
  (``info/vannier/gotha/RatingList.java``): ISO-8859-15, a date on any line
  holding ``(`` whose third word starts with ``20``, and every line of 10
  characters or more whose characters 1-8 are digits read as a player at fixed
  columns -- Java's ``substring`` throws past the end of the line and
  ``new Integer()`` on a blank GoR: both stop the reading (raised here too).
* :func:`pairgoth` -- pairgoth's ``EGFRatingsHandler.parsePayload``: the first
  line starting with ``(`` is the date (``dd MMM yyyy``, English; none: the
  list is refused), lines matching ``\\s+\\d+(?!.*\\(undefined\\)|Anonymous).*``
  are players, each matched whole by ``linePattern`` (one that does not is
  dropped with a logged error: counted here).  Both the pattern of its first
  versions and that of the latest (parentheses in surnames, digits in first
  names) are applied.
* :func:`fide_fixed` -- FIDE's TXT list read at the columns of its header, as
  the parsers that check the header and cut fixed substrings do (Perl
  ``Chess::FIDE``, the Go and Python readers of ``players_list_foa.txt``);
  :func:`fide_by_header` finds the columns from the header's words instead.
* :func:`national_csv` -- a national list read by column name
  (``header.index("ID_No")`` ...), as ToMaChess reads Swiss-Manager lists.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re

MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                                      "Nov", "Dec"), start=1)}
FIDE_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit "
               "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")


class JavaError(Exception):
    """Where OpenGotha's reader would throw (StringIndexOutOfBounds, NumberFormatException)."""


def _substring(s: str, a: int, b: int) -> str:
    if b > len(s) or a > b:
        raise JavaError(f"substring({a}, {b}) of a line of {len(s)} characters")
    return s[a:b]


def java_lines(data: bytes, charset: str) -> list[str]:
    """``BufferedReader.readLine`` over the whole file (a last line without its end counts)."""
    lines = re.split(r"\r\n|\r|\n", data.decode(charset))
    return lines[:-1] if lines and lines[-1] == "" else lines


def opengotha(data: bytes) -> tuple[str, list[dict]]:
    """(publication date string, rated players) as OpenGotha reads an EGF list."""
    date = ""
    players = []
    for line in java_lines(data, "iso8859_15"):
        if len(line) == 0:
            continue
        pos = line.find("(")
        if pos >= 0:
            part = line[pos:]
            elements = part.split(" ")
            if len(elements) >= 3 and len(elements[2]) >= 2 and elements[2][:2] == "20":
                date = _substring(part, 1, 12)
        if len(line) < 10:
            continue
        pin = _substring(line, 1, 9)
        if re.fullmatch(r"[0-9]*", pin):
            nf = _substring(line, 11, 48)
            name, first = nf, "x"
            pos = nf.find(" ")
            if pos > 0:
                name = nf[:pos].strip()
            if pos + 1 < len(nf):
                first = nf[pos + 1:].strip()
            country = _substring(line, 49, 52).strip()
            club = _substring(line, 53, 57).strip()
            raw = _substring(line, 71, 75).strip()
            if not re.fullmatch(r"[+-]?\d+", raw):
                raise JavaError(f"new Integer({raw!r})")
            grade = _substring(line, 60, 63)
            players.append(dict(pin=pin, name=name, first=first, country=country, club=club, rating=int(raw),
                                grade=grade))
    return date, players


_ATOM = r"[-._`'a-zA-ZÀ-ÿ]"
_NAME_ATOM, _FIRST_ATOM = r"[-._`'a-zA-ZÀ-ÿ()]", r"[-._`'a-zA-ZÀ-ÿ0-9]"


def _pattern(name: str, first: str) -> re.Pattern[str]:
    return re.compile(rf"\s+(?P<egf>\d{{8}})\s+(?P<name>{name}+)\s(?P<firstname>{first}+)?,?\s+(?P<country>[A-Z]{{2}})"
                      r"\s+(?P<club>\S{1,4})\s+(?P<rank>[1-9][0-9]?[kdp])\s+(?P<promotion>[1-9][0-9]?[kdp]|--)"
                      r"\s+(?P<rating>-?[0-9]+)\s+(?P<nt>[0-9]+)\s+(?P<last>\S+)\s*")


PAIRGOTH_PATTERNS = {"first versions": _pattern(_ATOM, _ATOM), "latest": _pattern(_NAME_ATOM, _FIRST_ATOM)}
_PLAYER_LINE = re.compile(r"\s+\d+(?!.*\(undefined\)|Anonymous).*")


def pairgoth(text: str, version: str = "first versions") -> tuple[dt.date, list[dict], list[str]]:
    """(list date, players, dropped lines) as pairgoth reads an EGF list (``payload.lines()``)."""
    lines = re.split(r"\r\n|\r|\n", text)
    dated = [ln for ln in lines if ln.startswith("(")]
    if not dated:
        raise ValueError("no (date) line: pairgoth refuses the list")
    day, mon, year = dated[0].strip().removeprefix("(").removesuffix(")").split(" ")
    if len(day) != 2 or mon not in MONTHS or len(year) != 4:
        raise ValueError(f"not dd MMM yyyy: {dated[0]!r}")
    date = dt.date(int(year), MONTHS[mon], int(day))
    players, dropped = [], []
    for ln in lines:
        if not _PLAYER_LINE.fullmatch(ln):
            continue
        m = PAIRGOTH_PATTERNS[version].fullmatch(ln)
        if m is None:
            dropped.append(ln)
            continue
        players.append({k: m.group(k) for k in ("egf", "name", "firstname", "country", "club", "rank", "rating")})
    return date, players, dropped


FIDE_COLUMNS = {"id": (0, 15), "name": (15, 76), "fed": (76, 79), "sex": (80, 84), "tit": (84, 89),
                "wtit": (89, 94), "otit": (94, 109), "foa": (109, 113), "srtng": (113, 119), "sgm": (119, 123),
                "sk": (123, 126), "rrtng": (126, 132), "rgm": (132, 136), "rk": (136, 139), "brtng": (139, 145),
                "bgm": (145, 149), "bk": (149, 152), "bday": (152, 158), "flag": (158, 162)}


def fide_fixed(data: bytes) -> list[dict]:
    """Players of a FIDE TXT list: the header checked, then fixed substrings (lines under 156 skipped)."""
    lines = java_lines(data, "ascii")
    if lines[0][:len(FIDE_HEADER)] != FIDE_HEADER:
        raise ValueError("FIDE file format is not valid")
    out = []
    for line in lines[1:]:
        if len(line) < 156:
            continue
        out.append({k: line[a:b].strip() for k, (a, b) in FIDE_COLUMNS.items()})
    return out


def fide_by_header(data: bytes) -> list[dict]:
    """The same list, its columns found from the header's words (a word's start to the next's)."""
    lines = java_lines(data, "ascii")
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", lines[0])]
    words = [(s, w) for s, w in words if w != "Number"]          # "ID Number" is one heading
    spans = [(w, s, words[i + 1][0] if i + 1 < len(words) else None) for i, (s, w) in enumerate(words)]
    return [{w: (line[s:e] if e else line[s:]).strip() for w, s, e in spans} for line in lines[1:]]


def national_csv(data: bytes) -> list[dict]:
    """A national list read by column name (UTF-8: a byte-order mark would break ``ID_No``)."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    header = rows[0]
    keys = ("ID_No", "Name", "Fed", "Sex", "Title", "Rtg_Nat", "Birthday")
    index = [header.index(k) for k in keys]
    return [{k: row[i] for k, i in zip(keys, index)} for row in rows[1:]]
