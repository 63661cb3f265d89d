"""OpenGotha tournament file (``.xml``), Go.

Read from OpenGotha's own writer/reader (``ExternalDocument`` in the OpenGotha
sources) and the sample files it ships:

* ``<Tournament dataVersion=…>`` holds ``<Players>`` of ``<Player name=
  firstName= rank= grade= rating= club= country= egfPin= ffgLicence= agaId=
  registeringStatus= participating=…/>``, ``<Games>`` of ``<Game roundNumber=
  tableNumber= whitePlayer= blackPlayer= knownColor= handicap= result=/>``,
  ``<ByePlayer roundNumber= player=/>`` and ``<TournamentParameterSet>`` with
  ``<GeneralParameterSet name= shortName= beginDate= endDate= location=
  numberOfRounds= komi= basicTime= director=…/>``.
* Games name players by their *key string*: name + first name, spaces removed,
  upper case (``de Butler`` ``Tristan`` → ``DEBUTLERTRISTAN``); files with
  ``dataVersion`` ≤ 200 used an ASCII-folded canonical name, matched here too.
* Results: ``RESULT_WHITEWINS``, ``RESULT_BLACKWINS``, ``RESULT_EQUAL``;
  ``…_BYDEF`` variants are won/lost by default (forfeits);
  ``RESULT_BOTHWIN``/``RESULT_BOTHLOSE`` (and ``_BYDEF``) and
  ``RESULT_UNKNOWN`` are not rated games (noted, not imported).
* ``handicap`` is the number of stones; black receives them.

The file is parsed with ``defusedxml``; a DTD or entity declaration is refused.  Its encoding is
the parser's (the XML declaration, else UTF-8), but for UTF-16 -- with its byte-order mark, or
without one when its bytes say so (:func:`xl_ratings.i18n.utf16.decode`, noted) -- decoded first:
a file converted by a Windows tool may still declare ``encoding="UTF-8"``.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from pathlib import Path
from typing import Any

from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml import ElementTree as SafeET

from ...errors import Message
from ...files.source import MAX_XML_VALUE, long_xml_value, read_source
from ...i18n import utf16
from ...i18n.catalogue import imports as M
from ...i18n.catalogue import sources as S
from .common import Problems, as_float, as_int, fail, parse_date, person_name
from ..model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament
from .record import Format, Opened

#: result -> (white's result, note) ; note set = not imported
_RESULTS: dict[str, tuple[str | None, Message | None]] = {
    "RESULT_WHITEWINS": ("1", None),
    "RESULT_BLACKWINS": ("0", None),
    "RESULT_EQUAL": ("0.5", None),
    "RESULT_WHITEWINS_BYDEF": ("+", None),
    "RESULT_BLACKWINS_BYDEF": ("-", None),
    "RESULT_EQUAL_BYDEF": (None, S.OG_DRAW_BY_DEFAULT),
    "RESULT_BOTHWIN": (None, S.OG_BOTH_WIN),
    "RESULT_BOTHLOSE": (None, S.OG_BOTH_LOSE),
    "RESULT_BOTHWIN_BYDEF": (None, S.OG_BOTH_WIN_BY_DEFAULT),
    "RESULT_BOTHLOSE_BYDEF": (None, S.OG_BOTH_LOSE_BY_DEFAULT),
    "RESULT_UNKNOWN": (None, S.OG_NO_RESULT),
}


def key_string(name: str, first_name: str) -> str:
    """OpenGotha's player key: name + first name, spaces removed, upper case."""
    return (name + first_name).replace(" ", "").upper()


def _ascii_key(key: str) -> str:
    folded = unicodedata.normalize("NFKD", key)
    return "".join(c for c in folded if not unicodedata.combining(c)).encode("ascii", "ignore").decode().upper()


_TAGS = re.compile(r"<(Player|Game|ByePlayer)[\s/>]")


def _line_numbers(content: str) -> dict[str, list[int]]:
    """The 1-based line of each <Player>, <Game> and <ByePlayer> in document order, in one pass."""
    out: dict[str, list[int]] = {"Player": [], "Game": [], "ByePlayer": []}
    line, pos = 1, 0
    for m in _TAGS.finditer(content):
        line += content.count("\n", pos, m.start())
        pos = m.start()
        out[m.group(1)].append(line)
    return out


def _root(data: bytes | str, content: str, file: str) -> Any:
    """The <Tournament> element, parsed safely (no DTD, no entities; no attribute value or text
    longer than ``MAX_XML_VALUE``: :func:`_bounded`, before); ``data``: the file's bytes, or
    its text (an encoding its declaration names is then not the parser's)."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden):
        m = re.search(r"<!(DOCTYPE|ENTITY)", content)
        line = content.count("\n", 0, m.start()) + 1 if m else None
        raise fail(file, S.XML_DTD_REFUSED(), value=m.group(0) if m else None, line=line) from None
    except SafeET.ParseError as exc:
        line = getattr(exc, "position", (None, None))[0]
        raise fail(file, S.XML_NOT_WELL_FORMED(), line=line) from None
    if root.tag != "Tournament":
        raise fail(file, S.OG_WRONG_ROOT(root=root.tag), value=root.tag)
    return root


class _Keys:
    """The players' keys, and a game's player string resolved to one (the ASCII-folded key of old files)."""

    def __init__(self) -> None:
        self.by_key: dict[str, str] = {}
        self.by_ascii: dict[str, str] = {}

    def add(self, key: str) -> None:
        self.by_key[key] = key
        self.by_ascii.setdefault(_ascii_key(key), key)

    def resolve(self, k: str) -> str | None:
        if k in self.by_key:
            return k
        return self.by_ascii.get(_ascii_key(k))


def _players(root: Any, lines: list[int], problems: Problems, keys: _Keys) -> list[ImportedPlayer]:
    players: list[ImportedPlayer] = []
    for i, el in enumerate(root.iter("Player")):
        no = lines[i] if i < len(lines) else None
        name, first = el.get("name", "").strip(), el.get("firstName", "").strip()
        if not name:
            problems.error(S.OG_PLAYER_WITHOUT_NAME(), row=no, column="name")
            continue
        key = key_string(name, first)
        if key in keys.by_key:
            problems.error(S.OG_SAME_KEY(key=key), value=key, row=no, column="name")
            continue
        keys.add(key)
        shown, latin = person_name(name, first)     # 陳 大文 -> 陳大文; Chan Tai Man, also "Chan, Tai Man"
        players.append(ImportedPlayer(
            key=key, name=shown, latin_name=latin, sex=None, club=el.get("club", "").strip(),
            country=el.get("country", "").strip(), rank=(el.get("rank") or el.get("grade") or "").strip() or None,
            rating=as_float(el.get("rating")), federation_id=None,
            egf_pin=pin if (pin := (el.get("egfPin") or "").strip()).strip("0") else None,   # 0: no PIN
            fide_id=None, source=Source(problems.file, line=no), surname=name))
    return players


def _sides(el: Any, no: int | None, keys: _Keys, problems: Problems) -> tuple[str, str] | None:
    """A game's white and black player keys; None (reported) when one is unknown or both are one."""
    sides = {}
    for attr in ("whitePlayer", "blackPlayer"):
        raw = el.get(attr, "")
        k = keys.resolve(raw)
        if k is None:
            problems.error(S.OG_NOT_A_PLAYER(attr=attr, player=repr(raw)), value=raw, row=no, column=attr)
        sides[attr] = k
    w, b = sides["whitePlayer"], sides["blackPlayer"]
    if w is None or b is None:
        return None
    if w == b:
        problems.error(S.OG_MEETS_THEMSELF(player=w), value=w, row=no, column="blackPlayer")
        return None
    return w, b


def _games(root: Any, lines: list[int], n_rounds: int | None, keys: _Keys,
           problems: Problems) -> list[ImportedGame]:
    games: list[ImportedGame] = []
    seen: dict[tuple[int, str], int] = {}
    for i, el in enumerate(root.iter("Game")):
        no = lines[i] if i < len(lines) else None
        rnd = as_int(el.get("roundNumber"))
        if rnd is None or rnd < 1 or (n_rounds and rnd > n_rounds):
            problems.error(S.OG_ROUND_OUT_OF_RANGE(round=el.get("roundNumber"), rounds=n_rounds),
                           value=el.get("roundNumber"), row=no, column="roundNumber")
            continue
        sides = _sides(el, no, keys, problems)
        if sides is None:
            continue
        w, b = sides
        clash = [p for p in (w, b) if (rnd, p) in seen]
        if clash:
            problems.error(S.OG_TWO_GAMES(round=rnd, player=clash[0], first=seen[(rnd, clash[0])], second=no),
                           value=clash[0], row=no)
            continue
        seen[(rnd, w)] = seen[(rnd, b)] = no or 0
        result = el.get("result", "RESULT_UNKNOWN")
        if result not in _RESULTS:
            problems.error(S.OG_NOT_A_RESULT(), value=result, row=no, column="result")
            continue
        white_result, skip = _RESULTS[result]
        if skip:
            problems.note(S.OG_SKIPPED(round=rnd, white=w, black=b, result=result, why=skip()), row=no)
            continue
        assert white_result is not None   # _RESULTS gives a result wherever it gives no reason to skip
        stones = as_float(el.get("handicap")) or 0.0
        known = el.get("knownColor", "true").lower() != "false"
        games.append(ImportedGame(round=rnd, date=None, player=w, opponent=b, result=white_result,
                                  handicap=-stones if stones else 0.0, colour="w" if known else None,
                                  source=Source(problems.file, line=no)))
    return games


def _event(gp: dict[str, str], games: list[ImportedGame], data_version: int, problems: Problems) -> ImportedEvent:
    dates = {}
    for attr in ("beginDate", "endDate"):
        try:
            dates[attr] = parse_date(gp.get(attr))
        except ValueError:
            problems.note(S.OG_NOT_A_DATE(attr=attr, date=repr(gp.get(attr))))
            dates[attr] = None
    cls = next((v for k, v in gp.items() if "class" in k.lower() and v), None)
    extra = {k: v for k, v in gp.items() if k in ("shortName", "location", "komi", "basicTime", "director",
                                                   "size", "complementaryTimeSystem") and v}
    extra["dataVersion"] = str(data_version)
    played = max((g.round or 0 for g in games), default=0)
    return ImportedEvent(name=gp.get("name") or Path(problems.file).stem, start=dates["beginDate"],
                         end=dates["endDate"], format="swiss", cls=cls,
                         rounds=played or as_int(gp.get("numberOfRounds")), champion=None, extra=extra)


def rank_value(rank: str | None) -> int | None:
    """OpenGotha's rank as a number: 30K = -30 ... 1K = -1, 1D = 0 ... 9D = 8; None when it is none."""
    m = re.fullmatch(r"\s*(\d{1,2})\s*([kKdDpP])\s*", rank or "")
    if m is None:
        return None
    n = int(m.group(1))
    return -n if m.group(2) in "kK" else n - 1


def mcmahon_starts(root: Any, gp: dict[str, str], players: list[ImportedPlayer],
                   games: list[ImportedGame]) -> dict[str, float]:
    """A McMahon tournament's starting scores, as OpenGotha counts a player's MMS besides the games
    rated: the rank (clamped to the bar and the floor) above ``genMMZero``, the player's
    ``smmsCorrection``, each bye's points (``genMMS2ValueBye`` halves) and each round played by
    others but not by the player (``genMMS2ValueAbsent`` halves).  Empty when the tournament is
    not placed by MMS (its first placement criterion)."""
    first = next((c.get("name") for c in root.iter("PlacementCriterion") if c.get("number") == "1"), None)
    if first is None or not first.upper().startswith("MMS"):
        return {}
    zero, bar, floor = (rank_value(gp.get(k)) for k in ("genMMZero", "genMMBar", "genMMFloor"))
    zero = -30 if zero is None else zero
    bye_value = (as_float(gp.get("genMMS2ValueBye")) or 0.0) / 2
    absent_value = (as_float(gp.get("genMMS2ValueAbsent")) or 0.0) / 2
    byes: dict[str, int] = {}
    for el in root.iter("ByePlayer"):
        key = el.get("player", "")
        byes[key] = byes.get(key, 0) + 1
    rounds = max((g.round or 0 for g in games), default=0)
    played: dict[str, int] = {}
    for g in games:
        for key in (g.player, g.opponent):
            played[key] = played.get(key, 0) + 1
    correction = {key_string(el.get("name", "").strip(), el.get("firstName", "").strip()):
                  as_float(el.get("smmsCorrection")) or 0.0 for el in root.iter("Player")}
    out = {}
    for p in players:
        r = rank_value(p.rank)
        if r is None:
            continue
        if bar is not None:
            r = min(r, bar)
        if floor is not None:
            r = max(r, floor)
        bye = byes.get(p.key, 0)
        absent = max(0, rounds - played.get(p.key, 0) - bye)
        out[p.key] = r - zero + correction.get(p.key, 0.0) + bye * bye_value + absent * absent_value
    return out


def _utf16_text(data: bytes, problems: Problems) -> str | None:
    """The text of a file in UTF-16: with its byte-order mark, or without one when its bytes say so
    (:func:`xl_ratings.i18n.utf16.decode`, noted); None for any other file (or UTF-16 that does not
    decode: the parser says where)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    guessed = utf16.decode(data) if b"\x00" in data[:utf16.SAMPLE] else None
    if guessed is None:
        return None
    problems.decoded((), None, guessed[1])
    return guessed[0]


def _bounded(data: bytes | str, file: str) -> None:
    """Refuse a file holding an attribute value or a text longer than ``MAX_XML_VALUE`` (a 50 MB
    ``name=``), at its line, before it is decoded or parsed: the parser would build the value,
    and every step after it copy it (memory many times the file's size)."""
    long = long_xml_value(data)
    if long is None:
        return
    at, attribute, length = long
    line = (data.count(b"\n", 0, at) if isinstance(data, bytes) else data.count("\n", 0, at)) + 1
    head = data[at:at + 60]
    text = (S.XML_TEXT_TOO_LONG(length=length, limit=MAX_XML_VALUE) if attribute is None else
            S.XML_VALUE_TOO_LONG(attribute=attribute, length=length, limit=MAX_XML_VALUE))
    raise fail(file, text, value=head.decode("utf-8", "replace") if isinstance(head, bytes) else head, line=line)


def parse_bytes(data: bytes, file: str) -> Tournament:
    """Read an OpenGotha file's bytes: one XML parse, one pass for the lines, in linear time."""
    problems = Problems(file, lines=True)
    text = _utf16_text(data, problems)
    if text is not None:        # UTF-16: parsed as text (a declared encoding="UTF-8" aside)
        _bounded(text, file)
        content = text
        root = _root(text, text, file)
    else:                       # the parser reads the encoding from the XML declaration
        _bounded(data, file)
        content = data.decode("utf-8", errors="replace")
        root = _root(data, content, file)
    lines = _line_numbers(content)
    keys = _Keys()
    players = _players(root, lines["Player"], problems, keys)
    gps = root.find(".//GeneralParameterSet")
    gp = dict(gps.attrib) if gps is not None else {}
    games = _games(root, lines["Game"], as_int(gp.get("numberOfRounds")), keys, problems)
    blines = lines["ByePlayer"]
    for i, el in enumerate(root.iter("ByePlayer")):
        problems.note(S.OG_BYE(round=el.get("roundNumber"), player=el.get("player")), row=blines[i] if i < len(blines) else None)
    problems.raise_if_any()
    event = _event(gp, games, as_int(root.get("dataVersion")) or 0, problems)
    starts = mcmahon_starts(root, gp, players, games)
    players = [dataclasses.replace(p, mms=starts[p.key]) if p.key in starts else p for p in players]
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="opengotha",
                      source=file)


def parse(source: str | Path) -> Tournament:
    """Read an OpenGotha tournament file (.xml)."""
    data = read_source(source)
    if not data.strip():
        raise fail(str(source), M.EMPTY_FILE())
    return parse_bytes(data, str(source))


# --------------------------------------------------------------------------- the format's record

def sniff(opened: Opened) -> bool:
    """XML whose root is ``<Tournament``."""
    return opened.xml and re.search(r"<Tournament[\s>]", opened.text[:5000]) is not None


def load(opened: Opened) -> Tournament:
    return parse_bytes(opened.data, opened.file)


FORMAT = Format("opengotha", "an OpenGotha tournament file (`.xml`)", "OpenGotha",
                frozenset({"games", "ranks", "ratings", "handicaps", "ids", "clubs", "dates", "event"}), sniff, load,
                go=True)
