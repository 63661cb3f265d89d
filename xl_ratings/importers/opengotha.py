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

The file is parsed with ``defusedxml``; a DTD or entity declaration is refused.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml import ElementTree as SafeET

from ..files.source import read_source
from ..i18n.catalogue import imports as M
from ._common import Problems, as_float, as_int, fail, parse_date, refusal
from .model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament

#: result -> (white's result, note) ; note set = not imported
_RESULTS: dict[str, tuple[str | None, tuple[str, str] | None]] = {
    "RESULT_WHITEWINS": ("1", None),
    "RESULT_BLACKWINS": ("0", None),
    "RESULT_EQUAL": ("0.5", None),
    "RESULT_WHITEWINS_BYDEF": ("+", None),
    "RESULT_BLACKWINS_BYDEF": ("-", None),
    "RESULT_EQUAL_BYDEF": (None, ("a draw by default (forfeit): not a game", "判和（未对弈），不算对局")),
    "RESULT_BOTHWIN": (None, ("both players given a win: not a rated game", "双方均判胜，不计等级分")),
    "RESULT_BOTHLOSE": (None, ("both players given a loss: not a rated game", "双方均判负，不计等级分")),
    "RESULT_BOTHWIN_BYDEF": (None, ("both players win by default: not a game", "双方均不战而胜，不算对局")),
    "RESULT_BOTHLOSE_BYDEF": (None, ("both players lose by default: not a game", "双方均弃权，不算对局")),
    "RESULT_UNKNOWN": (None, ("no result entered: not imported", "未录入结果，不导入")),
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


def _root(data: bytes, content: str, file: str) -> Any:
    """The <Tournament> element, parsed safely (no DTD, no entities)."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden):
        m = re.search(r"<!(DOCTYPE|ENTITY)", content)
        line = content.count("\n", 0, m.start()) + 1 if m else None
        raise fail(file, "the XML file declares a DTD or entities, which is refused for safety",
                   "XML 文件含有 DTD 或实体声明，出于安全原因拒绝读取",
                   value=m.group(0) if m else None, line=line) from None
    except SafeET.ParseError as exc:
        line = getattr(exc, "position", (None, None))[0]
        raise fail(file, "not well-formed XML (damaged, or not an OpenGotha file)", "XML 格式错误",
                   line=line) from None
    if root.tag != "Tournament":
        raise fail(file, f"not an OpenGotha file: the root element is <{root.tag}>, not <Tournament>",
                   "不是 OpenGotha 文件：根元素不是 <Tournament>", value=root.tag)
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
            problems.error("a player without a name", "棋手缺少姓名", row=no, column="name")
            continue
        key = key_string(name, first)
        if key in keys.by_key:
            problems.error(f"two players have the same key {key}", f"两名棋手的关键字相同：{key}",
                           value=key, row=no, column="name")
            continue
        keys.add(key)
        players.append(ImportedPlayer(
            key=key, name=f"{name} {first}".strip(), sex=None, club=el.get("club", "").strip(),
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
            problems.error(f"{attr} {raw!r} is not among the players", f"对局中的棋手 {raw!r} 不在名单中",
                           value=raw, row=no, column=attr)
        sides[attr] = k
    w, b = sides["whitePlayer"], sides["blackPlayer"]
    if w is None or b is None:
        return None
    if w == b:
        problems.error(f"player {w} meets themself", f"棋手 {w} 与自己对局", value=w, row=no,
                       column="blackPlayer")
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
            problems.error(f"round {el.get('roundNumber')} is out of range (1..{n_rounds})",
                           f"轮次 {el.get('roundNumber')} 超出范围（1..{n_rounds}）",
                           value=el.get("roundNumber"), row=no, column="roundNumber")
            continue
        sides = _sides(el, no, keys, problems)
        if sides is None:
            continue
        w, b = sides
        clash = [p for p in (w, b) if (rnd, p) in seen]
        if clash:
            problems.error(f"round {rnd}: player {clash[0]} has two games (lines {seen[(rnd, clash[0])]} and {no})",
                           f"第 {rnd} 轮：棋手 {clash[0]} 有两盘对局", value=clash[0], row=no)
            continue
        seen[(rnd, w)] = seen[(rnd, b)] = no or 0
        result = el.get("result", "RESULT_UNKNOWN")
        if result not in _RESULTS:
            problems.error("not an OpenGotha result (RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL, …)",
                           "不是 OpenGotha 结果代码", value=result, row=no, column="result")
            continue
        white_result, skip = _RESULTS[result]
        if skip:
            problems.note(f"round {rnd}: {w} (white) v {b}: {result}: {skip[0]}", skip[1], row=no)
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
            problems.note(f"{attr} {gp.get(attr)!r} is not a date", "日期无法识别")
            dates[attr] = None
    cls = next((v for k, v in gp.items() if "class" in k.lower() and v), None)
    extra = {k: v for k, v in gp.items() if k in ("shortName", "location", "komi", "basicTime", "director",
                                                   "size", "complementaryTimeSystem") and v}
    extra["dataVersion"] = str(data_version)
    played = max((g.round or 0 for g in games), default=0)
    return ImportedEvent(name=gp.get("name") or Path(problems.file).stem, start=dates["beginDate"],
                         end=dates["endDate"], format="swiss", cls=cls,
                         rounds=played or as_int(gp.get("numberOfRounds")), champion=None, extra=extra)


def parse_bytes(data: bytes, file: str) -> Tournament:
    """Read an OpenGotha file's bytes: one XML parse, one pass for the lines, in linear time."""
    problems = Problems(file, lines=True)
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
        problems.note(f"round {el.get('roundNumber')}: {el.get('player')} has the bye: not a game",
                      "轮空，不算对局", row=blines[i] if i < len(blines) else None)
    problems.raise_if_any()
    event = _event(gp, games, as_int(root.get("dataVersion")) or 0, problems)
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="opengotha",
                      source=file)


def parse(source: str | Path) -> Tournament:
    """Read an OpenGotha tournament file (.xml)."""
    data = read_source(source)
    if not data.strip():
        raise refusal(str(source), M.EMPTY_FILE())
    return parse_bytes(data, str(source))
