"""EGF tournament results file (``.h9``, ``.h10``), Go.

Format (the EGF rating-system page "Tournament table format", A. Cieply; and
what OpenGotha and Pairgoth actually write):

* ``;`` starts a comment.  Header comments carry tags ``; CL[A]`` (class),
  ``; EV[name]``, ``; PC[country,city]``, ``; DT[start,end]`` (or one date per round), ``; HA[h9]``,
  ``; KM[komi]``, ``; TM[minutes]``, ``; CM[comment]``.
* One line per player: place, surname, first name (several words joined with
  ``_``), grade (``3d``, ``12k``, ``1p``), country, club, then score columns
  that vary by program (MMS, SOS, SOSOS …; OpenGotha marks some ``389?``),
  then one entry per round, the same number on every line:
  ``<opponent><+|-|=|?>[/<w|b|?>[handicap]]`` (``35=``, ``23+/w``, ``11-/b5``);
  ``0+`` a free win, ``0-`` a free round / absence, ``0=`` a half-point bye.
* OpenGotha writes ``!`` in place of ``/`` for a game won or lost by default
  (forfeit): ``22+!w0``; ``?`` as the result of a game without a result.
* Tied players: OpenGotha leaves the place blank on the second and later lines
  of a tie, and the opponent numbers count **lines**, not places.  So the key
  of a player is the line's position (1, 2, …) unless the places are exactly
  1..n, in which case they are the same thing.
* Handicap: the stones given; the black player receives them.

The file is decoded line by line where needed (:func:`._common.decode_text`:
a UTF-8 file with one line in Windows-1252 keeps its UTF-8 names), and read
in one pass, in time linear in its size.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ...files.source import read_source
from ...i18n.catalogue import sources as S
from .common import (MAX_DIGITS, Half, H9_ENCODINGS, Problems, as_float, as_int, fail, pair_halves, parse_date,
                      person_name, read_source_text)
from ..model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament
from .record import Format, Opened

_GRADE = re.compile(r"(\d{1,2})\s*([kdp])", re.I)
_ROUND = re.compile(r"(?P<opp>\d+)(?P<sym>[+\-=?])(?:(?P<sep>[/!])(?P<col>[wb?])?(?P<h>\d+)?)?(?P<bang>!)?",
                    re.I)
_PIN = re.compile(r"\d{8}")
_BYES = {"+": S.BYE_FREE_WIN, "-": S.BYE_OR_ABSENT, "=": S.BYE_HALF, "?": S.NO_GAME_UNKNOWN}
_SCORE = {"+": "1", "-": "0", "=": "0.5", "?": "?"}
_FORFEIT = {"1": "+", "0": "-", "0.5": "F=", "?": "?"}


def _round_entry(tok: str) -> re.Match[str] | None:
    """A round entry (``12+/w``), its opponent number at most MAX_DIGITS long."""
    m = _ROUND.fullmatch(tok)
    return m if m is not None and len(m.group("opp")) <= MAX_DIGITS else None


def _trailing_rounds(tokens: list[str]) -> int:
    k = 0
    for tok in reversed(tokens):
        if not _round_entry(tok):
            break
        k += 1
    return k


def tags_of(comment: str) -> Iterator[tuple[str, str]]:
    """The ``XY[value]`` tags of a comment, in one pass (a value ends at the first ``]``)."""
    start = 0
    while True:
        k = comment.find("[", start)
        if k < 0:
            return
        end = comment.find("]", k + 1)
        if end < 0:
            return                      # no tag closes after this one
        name = comment[k - 2:k]
        if k >= 2 and len(name) == 2 and name.isascii() and name.isupper() and name.isalpha() and \
                (k == 2 or not (comment[k - 3].isalnum() or comment[k - 3] == "_")):
            yield name, comment[k + 1:end]
            start = end + 1
        else:
            start = k + 1


@dataclass
class _Line:
    """A player line: its number, its fields, where the name starts (after the place) and the grade."""

    no: int
    tokens: list[str]
    has_place: bool
    first: int
    grade: int


@dataclass
class _Read:
    """What the player lines give, as the lines are read."""

    players: list[ImportedPlayer] = field(default_factory=list)
    halves: list[Half] = field(default_factory=list)
    byes: dict[int, list[tuple[str, str, str, int, str]]] = field(default_factory=dict)
    place_of: dict[str, int] = field(default_factory=dict)
    scores: dict[str, list[str]] = field(default_factory=dict)     #: key -> the score columns' tokens


def score_columns(comment: str) -> list[str] | None:
    """The score columns a header comment names after the club (``; Pl Name Rk Co Club MMS SOS``
    -> ``["MMS", "SOS"]``, as OpenGotha and Pairgoth write it); None when it is no such line."""
    words = comment.split()
    upper = [w.upper() for w in words]
    if "NAME" not in upper or "CLUB" not in upper:
        return None
    return upper[upper.index("CLUB") + 1:]


def _split(content: str, problems: Problems) -> tuple[dict[str, str], list[_Line]]:
    """The header tags (and ``_scores``: the score columns the header comment names, space
    separated), and each player line with its name and grade found."""
    tags: dict[str, str] = {}
    parsed: list[_Line] = []
    for no, raw in enumerate(content.splitlines(), start=1):
        body, _, comment = raw.partition(";")
        for name, value in tags_of(comment):
            tags.setdefault(name, value.strip())
        if not body.strip() and "_scores" not in tags:
            named = score_columns(comment)
            if named is not None:
                tags["_scores"] = " ".join(named)
        if not body.strip():
            continue
        tokens = body.split()
        has_place = as_int(tokens[0]) is not None
        i = 1 if has_place else 0
        g = next((k for k in range(i, len(tokens)) if _GRADE.fullmatch(tokens[k])), None)
        if g is None or g == i:
            problems.error(S.H9_NO_NAME_GRADE(), value=" ".join(tokens[:6]), row=no)
            continue
        parsed.append(_Line(no, tokens, has_place, i, g))
    return tags, parsed


def _player(line: _Line, key: str, n_rounds: int, file: str) -> ImportedPlayer:
    tokens, g = line.tokens, line.grade
    after = tokens[g + 1:]
    pin = next((t for t in after[2:len(after) - n_rounds] if _PIN.fullmatch(t)), None)
    words = [t.replace("_", " ") for t in tokens[line.first:g]]
    name, latin = person_name(words[0], " ".join(words[1:])) if words else ("", None)   # 區 永健 -> 區永健
    return ImportedPlayer(
        key=key, name=name, latin_name=latin, sex=None,
        club=after[1] if len(after) > 1 else "", country=after[0] if after else "", rank=tokens[g],
        rating=None, federation_id=None, egf_pin=pin, fide_id=None, source=Source(file, line=line.no),
        surname=tokens[line.first].replace("_", " ") if line.first < g else None)


def _rounds(line: _Line, key: str, entries: list[str], problems: Problems, read: _Read) -> None:
    """The round entries of one player line: halves of games, and byes."""
    file = problems.file
    for r, tok in enumerate(entries, start=1):
        rm = _round_entry(tok)
        field_name = f"round {r}"
        if not rm:
            problems.error(S.IN_ROUND(round=r, text=S.H9_BAD_RESULT()),
                           value=tok, row=line.no, column=field_name)
            continue
        opp, sym = int(rm.group("opp")), rm.group("sym")
        if opp == 0:
            read.byes.setdefault(r, []).append((key, sym, tok, line.no, field_name))
            continue
        colour = (rm.group("col") or "").lower()
        colour = colour if colour in ("w", "b") else None
        handicap = None
        if colour is not None:
            h = float(rm.group("h")) if rm.group("h") else 0.0
            handicap = h if colour == "b" else (-h if h else 0.0)
        score = _SCORE[sym]
        if rm.group("sep") == "!" or rm.group("bang"):
            score = _FORFEIT[score]
        read.halves.append(Half(r, key, str(opp), score, colour, handicap, problems.where(line.no, field_name),
                                tok, Source(file, line=line.no)))


def _read_lines(parsed: list[_Line], problems: Problems) -> tuple[_Read, int]:
    """Players, halves and byes of every player line; and the number of rounds."""
    rest_counts = Counter(len(ln.tokens) - ln.grade - 1 for ln in parsed)
    typical_rest = rest_counts.most_common(1)[0][0] if rest_counts else 0
    counts = Counter(_trailing_rounds(ln.tokens[ln.grade + 3:]) for ln in parsed)
    n_rounds = counts.most_common(1)[0][0] if counts else 0
    places = [as_int(ln.tokens[0]) if ln.has_place else None for ln in parsed]
    by_place = sorted(p for p in places if p is not None) == list(range(1, len(parsed) + 1))
    if not by_place:
        problems.note(S.H9_TIED_PLACES())
    read = _Read()
    last_place = 0
    for pos, line in enumerate(parsed, start=1):
        key = str(places[pos - 1]) if by_place else str(pos)
        line_place = places[pos - 1]
        last_place = read.place_of[key] = line_place if line_place is not None else last_place
        read.players.append(_player(line, key, n_rounds, problems.file))
        after = line.tokens[line.grade + 1:]
        entries = after[2:]
        have = _trailing_rounds(entries)
        if have < n_rounds and len(after) < typical_rest:
            problems.error(S.H9_LINE_TRUNCATED(have=have, rounds=n_rounds), value=" ".join(line.tokens[-3:]), row=line.no)
            continue
        read.scores[key] = entries[:len(entries) - n_rounds]
        _rounds(line, key, entries[len(entries) - n_rounds:], problems, read)
    return read, n_rounds


_POINTS = {"1": 1.0, "0.5": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def mcmahon_starts(read: _Read, games: list[ImportedGame], names: str | None) -> dict[str, float]:
    """A McMahon tournament's starting scores: each player's MMS column (the header comment names
    it) less the points of the player's games in the file -- what the player's MMS holds besides
    the games (the start by rank, bar and floor, and any bye's points).  Empty unless MMS is the
    first score column (the placement's first criterion: a Swiss tournament's is NBW)."""
    columns = (names or "").split()
    if not columns or not columns[0].startswith("MMS"):     # placed by MMS first: a McMahon tournament
        return {}
    k = 0
    points: dict[str, float] = {}
    for g in games:
        points[g.player] = points.get(g.player, 0.0) + _POINTS.get(g.result, 0.0)
        points[g.opponent] = points.get(g.opponent, 0.0) + 1.0 - _POINTS.get(g.result, 0.0)
    out = {}
    for key, tokens in read.scores.items():
        final = as_float(tokens[k]) if k < len(tokens) else None
        if final is not None:
            out[key] = final - points.get(key, 0.0)
    return out


def _note_byes(read: _Read, played: set[int], problems: Problems) -> None:
    for r in sorted(read.byes):
        if r not in played and len(read.byes[r]) == len(read.players):
            problems.note(S.H9_NOBODY_PLAYED(round=r))
            continue
        for key, sym, tok, no, field_name in read.byes[r]:
            problems.note(S.BYE_NOT_A_GAME(round=r, player=key, bye=_BYES[sym](), raw=tok), row=no,
                          column=field_name)


def _dates(dt_tag: str | None, rounds: int, problems: Problems) -> tuple[dt.date | None, dt.date | None,
                                                                         dict[int, dt.date]]:
    """``DT[...]``: the event's first and last day, and each round's date when the tag lists one
    date per round in order (``DT[2026-03-07,2026-03-07,2026-03-08]``: rounds 1 and 2 on the 7th,
    round 3 on the 8th).  ``DT[start,end]`` for more than two rounds gives no round's date: the
    games then take the event's last day, as the Games sheet does with a blank date."""
    if dt_tag is None:
        return None, None, {}
    parts = [p.strip() for p in re.split(r"[,;]", dt_tag) if p.strip()]
    try:
        days = [d for p in parts if (d := parse_date(p)) is not None]
    except ValueError:
        problems.note(S.H9_DATES_NOT_UNDERSTOOD(tag=dt_tag))
        return None, None, {}
    if not days:
        return None, None, {}
    by_round = dict(enumerate(days, start=1)) if len(days) == rounds and days == sorted(days) else {}
    return min(days), max(days), by_round


def _event(tags: dict[str, str], read: _Read, played: set[int], n_rounds: int, problems: Problems,
           start: dt.date | None, end: dt.date | None) -> ImportedEvent:
    firsts = [k for k, p in read.place_of.items() if p == 1]
    return ImportedEvent(
        name=tags.get("EV") or Path(problems.file).stem, start=start, end=end, format="swiss",
        cls=(tags.get("CL") or None), rounds=max(played, default=0) or n_rounds,
        champion=firsts[0] if len(firsts) == 1 else None,
        extra={**{k: v for k, v in tags.items() if k not in ("EV", "CL", "DT", "_scores")},
               "rounds_in_file": str(n_rounds)})


def parse_text(content: str, file: str, problems: Problems | None = None) -> Tournament:
    """An h9 file's text read into a Tournament (``problems``: notes already made, e.g. on decoding)."""
    problems = problems or Problems(file, lines=True)
    tags, parsed = _split(content, problems)
    if not parsed and not problems.errors:
        raise fail(file, S.H9_NO_PLAYERS())
    read, n_rounds = _read_lines(parsed, problems)
    problems.names = {p.key: f"{p.key} {p.name}".strip() for p in read.players}
    games = pair_halves(read.halves, {p.key for p in read.players}, problems, what=S.WHAT_RESULTS_FILE())
    played = {h.round for h in read.halves if h.round is not None}   # every h9 half has its round
    _note_byes(read, played, problems)
    problems.raise_if_any()
    start, end, round_dates = _dates(tags.get("DT"), n_rounds, problems)
    if round_dates:
        games = [dataclasses.replace(g, date=round_dates.get(g.round) if g.round is not None else None)
                 for g in games]
    event = _event(tags, read, played, n_rounds, problems, start, end)
    starts = mcmahon_starts(read, games, tags.get("_scores"))
    players = [dataclasses.replace(p, mms=starts[p.key]) if p.key in starts else p for p in read.players]
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="h9",
                      source=file)


def parse_bytes(data: bytes, file: str) -> Tournament:
    """Read an EGF results file's bytes (h9/h10)."""
    decoded = read_source_text(data, file, H9_ENCODINGS)
    problems = Problems(file, lines=True)
    problems.decoded(decoded.odd, decoded.doubt, decoded.utf16_order)
    return parse_text(decoded.text, file, problems)


def parse(source: str | Path) -> Tournament:
    """Read an EGF results file (h9/h10)."""
    return parse_bytes(read_source(source), str(source))


# --------------------------------------------------------------------------- the format's record

_H9_TAGS = ("CL[", "EV[", "PC[", "DT[", "HA[", "KM[", "TM[")
_H9_GRADE = re.compile(r"\d{1,2}[kdpKDP]")
_H9_RESULT = re.compile(r"\d+[+\-=?](?:[/!][wbWB?]?\d*)?")


def looks_like_h9_player(line: str) -> bool:
    """An EGF player line: [place] name … grade (3d, 12k) at least one more field … a round (12+/w)."""
    tokens = line.split()
    if tokens and tokens[0].isdigit():
        tokens = tokens[1:]
    if len(tokens) < 4 or not _H9_RESULT.fullmatch(tokens[-1]):
        return False
    return any(_H9_GRADE.fullmatch(t) for t in tokens[1:-2])


def _h9_tag(line: str) -> bool:
    """``; EV[…]`` and the other EGF header tags."""
    s = line.lstrip()
    return s.startswith(";") and s[1:].lstrip().startswith(_H9_TAGS)


def sniff(opened: Opened) -> bool:
    """``;`` comment tags (``; EV[``, ``; CL[``), or EGF player lines for half the lines."""
    lines = opened.lines
    return opened.plain and (any(_h9_tag(ln) for ln in lines) or
                             sum(1 for ln in lines if looks_like_h9_player(ln)) >= max(1, len(lines) // 2))


def load(opened: Opened) -> Tournament:
    return parse_bytes(opened.data, opened.file)


FORMAT = Format("h9", "the EGF results file (`.h9`, `.h10`)", "Go pairing programs",
                frozenset({"games", "ranks", "handicaps", "ids", "clubs", "dates", "event"}), sniff, load, go=True)
