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
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections import Counter
from pathlib import Path

from ..errors import Where
from ._common import Half, H9_ENCODINGS, Problems, fail, pair_halves, parse_date, read_text
from .model import ImportedEvent, ImportedPlayer, Source, Tournament

_TAG = re.compile(r"\b([A-Z]{2})\[([^\]]*)\]")
_GRADE = re.compile(r"^(\d{1,2})\s*([kdp])$", re.I)
_ROUND = re.compile(r"^(?P<opp>\d+)(?P<sym>[+\-=?])(?:(?P<sep>[/!])(?P<col>[wb?])?(?P<h>\d+)?)?(?P<bang>!)?$",
                    re.I)
_LOOKS_LIKE_ROUND = re.compile(r"^\d+[^\d.,]")   # "12x/w", "12+/q": meant as a round entry
_BYES = {"+": ("a free win (bye)", "轮空得胜"), "-": ("a free round or absence", "轮空或缺席"),
         "=": ("a half-point bye", "轮空得半分"), "?": ("no game, result unknown", "无对局，结果未知")}


def _trailing_rounds(tokens: list[str]) -> int:
    k = 0
    for tok in reversed(tokens):
        if not _ROUND.match(tok):
            break
        k += 1
    return k


def parse_text(content: str, file: str) -> Tournament:
    problems = Problems(file, lines=True)
    tags: dict[str, str] = {}
    lines: list[tuple[int, list[str], bool]] = []     # (line number, tokens, has place)
    for no, raw in enumerate(content.splitlines(), start=1):
        body, _, comment = raw.partition(";")
        for m in _TAG.finditer(comment):
            tags.setdefault(m.group(1), m.group(2).strip())
        if not body.strip():
            continue
        tokens = body.split()
        lines.append((no, tokens, tokens[0].isdigit()))
    if not lines:
        raise fail(file, "no player lines found: not an EGF results file (h9)",
                   "没有找到棋手行：不是 EGF 成绩文件（h9）")
    # ---- the player part of each line: [place] surname first-name … grade country club
    parsed = []
    for no, tokens, has_place in lines:
        i = 1 if has_place else 0
        g = next((k for k in range(i, len(tokens)) if _GRADE.match(tokens[k])), None)
        if g is None or g == i:
            problems.error("cannot find the name and grade (like 3d, 12k, 1p) on this line",
                           "本行找不到姓名和段级（如 3d、12k、1p）", value=" ".join(tokens[:6]), row=no)
            continue
        parsed.append((no, tokens, has_place, i, g))
    rest_counts = Counter(len(t) - g - 1 for _, t, _, _, g in parsed)
    typical_rest = rest_counts.most_common(1)[0][0] if rest_counts else 0
    counts = Counter(_trailing_rounds(t[g + 3:]) for _, t, _, _, g in parsed)
    n_rounds = counts.most_common(1)[0][0] if counts else 0
    n = len(parsed)
    places = [int(t[0]) if hp else None for _, t, hp, _, _ in parsed]
    by_place = sorted(p for p in places if p is not None) == list(range(1, n + 1))
    if not by_place:
        problems.note("tied places are written blank or repeated: opponents are read as line positions",
                      "名次并列（空白或重复）：对手编号按行序读取")
    players: list[ImportedPlayer] = []
    halves: list[Half] = []
    byes: dict[int, list[tuple[str, str, str, int, str]]] = {}
    place_of: dict[str, int] = {}
    last_place = 0
    for pos, (no, tokens, has_place, i, g) in enumerate(parsed, start=1):
        key = str(places[pos - 1]) if by_place else str(pos)
        line_place = places[pos - 1]
        place = line_place if line_place is not None else last_place
        last_place = place
        place_of[key] = place
        names = [t.replace("_", " ") for t in tokens[i:g]]
        after = tokens[g + 1:]
        country = after[0] if after else ""
        club = after[1] if len(after) > 1 else ""
        pin = next((t for t in after[2:len(after) - n_rounds] if re.fullmatch(r"\d{8}", t)), None)
        players.append(ImportedPlayer(
            key=key, name=" ".join(names), sex=None, club=club, country=country, rank=tokens[g],
            rating=None, federation_id=None, egf_pin=pin, fide_id=None, source=Source(file, line=no)))
        entries = after[2:]
        have = _trailing_rounds(entries)
        if have < n_rounds and len(after) < typical_rest:
            problems.error(f"truncated line: {have} round results where the other lines have {n_rounds}",
                           f"行不完整：只有 {have} 轮结果，其他行有 {n_rounds} 轮",
                           value=" ".join(tokens[-3:]), row=no)
            continue
        for r, tok in enumerate(entries[len(entries) - n_rounds:], start=1):
            rm = _ROUND.match(tok)
            field = f"round {r}"
            if not rm:
                problems.error(f"round {r}: not a result; write it like 12+/w, 5-/b2, 7=, 0+",
                               f"第 {r} 轮：不是有效结果，应写作 12+/w、5-/b2、7=、0+",
                               value=tok, row=no, column=field)
                continue
            opp, sym = int(rm.group("opp")), rm.group("sym")
            if opp == 0:
                byes.setdefault(r, []).append((key, sym, tok, no, field))
                continue
            forfeit = rm.group("sep") == "!" or bool(rm.group("bang"))
            colour = (rm.group("col") or "").lower()
            colour = colour if colour in ("w", "b") else None
            stones = rm.group("h")
            if colour is not None:
                h = float(stones) if stones else 0.0
                handicap = h if colour == "b" else (-h if h else 0.0)
            else:
                handicap = None
            score = {"+": "1", "-": "0", "=": "0.5", "?": "?"}[sym]
            if forfeit:
                score = {"1": "+", "0": "-", "0.5": "F=", "?": "?"}[score]
            halves.append(Half(r, key, str(opp), score, colour, handicap, Where(file, None, no, field), tok,
                               Source(file, line=no)))
    keys = {p.key for p in players}
    games = pair_halves(halves, keys, problems, what="results file", what_zh="成绩文件")
    played = {h.round for h in halves if h.round is not None}   # every h9 half has its round
    for r in sorted(byes):
        if r not in played and len(byes[r]) == len(players):
            problems.note(f"round {r}: nobody played (every entry is a bye or absence)",
                          f"第 {r} 轮：无人对局（全部轮空或缺席）")
            continue
        for key, sym, tok, no, field in byes[r]:
            en, zh = _BYES[sym]
            problems.note(f"round {r}: player {key}: {en} ({tok}): not a game", f"{zh}，不算对局",
                          row=no, column=field)
    problems.raise_if_any()
    start, end, round_dates = _dates(tags.get("DT"), n_rounds, problems)
    if round_dates:
        games = [dataclasses.replace(g, date=round_dates.get(g.round) if g.round is not None else None)
                 for g in games]
    firsts = [k for k, p in place_of.items() if p == 1]
    event = ImportedEvent(
        name=tags.get("EV") or Path(file).stem, start=start, end=end, format="swiss",
        cls=(tags.get("CL") or None), rounds=max(played, default=0) or n_rounds, champion=firsts[0] if len(firsts) == 1 else None,
        extra={**{k: v for k, v in tags.items() if k not in ("EV", "CL", "DT")},
               "rounds_in_file": str(n_rounds)})
    return Tournament(event=event, players=players, games=games, notes=problems.notes, format="h9",
                      source=file)


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
        problems.note(f"the dates DT[{dt_tag}] are not understood", "日期无法识别")
        return None, None, {}
    if not days:
        return None, None, {}
    by_round = dict(enumerate(days, start=1)) if len(days) == rounds and days == sorted(days) else {}
    return min(days), max(days), by_round


def parse(source: str | Path) -> Tournament:
    """Read an EGF results file (h9/h10)."""
    return parse_text(read_text(source, H9_ENCODINGS), str(source))
