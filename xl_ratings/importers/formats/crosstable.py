"""Crosstables (成绩表 / 交叉表) pasted into a sheet or saved as CSV.

Two kinds, told apart from the content (FORMATS.md §2):

* **Round-robin matrix** — one row and one column per player, numbered 1..n;
  the cell of row i, column j is i's result against j: ``1``, ``0``,
  ``½``/``0.5``/``=``, forfeits ``+``/``-``; blank on the diagonal and for
  unplayed games.  A double round robin has two results in a cell (``1 ½``) or
  two column blocks numbered 1..n each.
* **Swiss/McMahon table** — one row per player, one column per round; a cell
  names the opponent's number, the colour and the result (``12w1``, ``5b0``,
  ``7b½``, ``3w=``), ``9+`` / ``4-`` a forfeit win / loss, Go tables add the
  handicap (``12b1h2``: black received 2 stones); a bye or absence is ``+``,
  ``-``, ``=``, ``0`` or blank.

The header row is found by its words, in English or Chinese (姓名, 单位, 段级,
等级分, 名次, 序号 …).  Each game appears twice; both halves must agree.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import itertools
import re
from pathlib import Path
from typing import Any

from ...engine.cells import round_number
from ...engine.totals import note_text, summary_row, summary_word
from ...errors import ResultError, joined
from ...systems.game_result import parse_result
from ...files.source import read_source
from ...i18n.catalogue import identity as ID
from ...i18n.catalogue import imports as M
from ...i18n.catalogue import sources as S
from .common import (CSV_ENCODINGS, Decoded, Half, Problems, as_float, as_int, as_place, cell_ref, check_pair,
                      clean, column_letter as _letter, column_twins, fail, find_column, game_from, header_words, key_text,
                      pair_halves,
                      parse_sex, read_source_text, text)
from ..model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament
from .record import Format, Opened

# Header words (compared lower-case, whole cell or any of its words).
NUMBER = ("no", "nr", "#", "num", "number", "序号", "序號", "编号", "編號", "号", "號", "号码", "號碼",
          "snr", "start", "id")
NAME = ("name", "player", "players", "姓名", "名字", "棋手", "选手", "選手")
CLUB = ("club", "team", "单位", "單位", "俱乐部", "俱樂部", "队", "隊", "代表队", "代表隊")
RANK = ("rank", "grade", "rk", "段级", "段級", "段位", "级位", "級位", "棋力", "级别", "級別")
RATING = ("rating", "elo", "rtg", "gor", "等级分", "等級分")
PLACE = ("place", "pl", "pos", "position", "名次", "排名")
SEX = ("sex", "gender", "性别", "性別")
COUNTRY = ("country", "fed", "nation", "国家", "國家", "地区", "地區")
FED_ID = ("federation_id", "会员号", "會員號", "注册号", "註冊號")
EGF_PIN = ("egf_pin", "egfpin", "pin", "egd", "egdpin")
FIDE_ID = ("fide_id", "fideid", "fide")
#: Columns that are neither players' data nor games: scores and tie-breaks.
IGNORED = ("points", "pts", "score", "total", "sum", "总分", "總分", "积分", "積分", "得分", "分",
           "sos", "sosos", "sodos", "mms", "nbw", "sb", "tb", "buchholz", "bh", "对手分", "對手分",
           "累进分", "累進分", "胜局", "勝局", "胜", "勝", "负", "負", "和", "平", "wins", "%", "perf",
           "备注", "備註", "note", "notes", "remark")

#: Cells that mean "no game here" on a matrix diagonal.
_DIAGONAL = {"x", "×", "*", "—", "–", "/", "\\", "■", "#", "xx"}
#: Bye / absence cells in a Swiss table.
_BYES = {"+": S.BYE_OR_FREE_WIN, "-": S.ABSENT, "=": S.BYE_HALF, "0": S.ABSENT_OR_ZERO, "bye": S.BYE,
         "轮空": S.BYE, "輪空": S.BYE, "缺席": S.ABSENT, "free": S.BYE}

_RES = r"(?P<res>1|0|½|0\.5|1/2|=|\+|-|胜|負|负|和|勝|赢|输|贏|輸|平)"
# possessive quantifiers (*+, ++): a run of spaces or digits is taken whole, never tried again
# piece by piece (linear time on a 30,000-character cell)
_SWISS_COLOUR = re.compile(r"(?P<opp>\d++)\s*+(?P<col>[wb白黑])\s*+" + _RES +
                           r"\s*+(?:(?:h|让|讓)\s*+(?P<h>\d++))?\s*+(?P<star>\*)?", re.I)
_SWISS_PLAIN = re.compile(r"(?P<opp>\d++)\s*+(?P<res>½|=|\+|-|胜|負|负|和|勝|赢|输|贏|輸|平)\s*+(?P<star>\*)?")
_COLOURS = {"w": "w", "b": "b", "白": "w", "黑": "b"}


def _score(token: str, star: bool = False) -> str:
    """A result token -> a half score ("1" "0.5" "0" "+" "-"); ResultError if not one."""
    r = parse_result(token + ("*" if star else ""))
    if r.forfeit:
        if r.score == 0.5:
            return "F="
        return "+" if r.score == 1.0 else "-"
    return {1.0: "1", 0.5: "0.5", 0.0: "0"}[r.score]


def _swiss_score(res: str, star: bool) -> str:
    res = res.lower()
    if res in ("+", "-"):
        return res
    return _score(res, star)


# ------------------------------------------------------------------------------ layout
class _Layout:
    """Where things are in the table."""

    def __init__(self) -> None:
        self.header: int | None = None        # 0-based row index
        self.cols: dict[str, int] = {}
        self.rows: list[int] = []             # data row indices
        self.numbers: dict[int, int] = {}     # row index -> player number


#: the roles whose second column (单位 beside club) is refused: which one is meant is not known
TWINS = {"name": NAME, "club": CLUB, "rating": RATING, "rank": RANK, "sex": SEX, "fed_id": FED_ID,
         "egf_pin": EGF_PIN, "fide_id": FIDE_ID}


def _find_layout(grid: list[list[Any]], problems: Problems) -> _Layout:
    lay = _Layout()
    for r, row in enumerate(grid[:30]):
        if find_column(row, NAME) is not None and (find_column(row, NUMBER) is not None
                                                    or find_column(row, PLACE) is not None
                                                    or sum(1 for c in row if c is not None) >= 3):
            lay.header = r
            break
    header = grid[lay.header] if lay.header is not None else []
    used: set[int] = set()
    for role, aliases in (("name", NAME), ("number", NUMBER), ("place", PLACE), ("club", CLUB),
                          ("rating", RATING), ("sex", SEX), ("country", COUNTRY), ("fed_id", FED_ID),
                          ("egf_pin", EGF_PIN), ("fide_id", FIDE_ID), ("rank", RANK)):
        i = find_column(header, aliases, used)
        if i is not None:
            lay.cols[role] = i
            used.add(i)
    column_twins(problems, header, {r: lay.cols[r] for r in TWINS if r in lay.cols}, TWINS, used, lay.header or 0)
    start = (lay.header + 1) if lay.header is not None else 0
    if "number" not in lay.cols:
        # the first column numbered 1..n is the players' numbering
        for c in range(max((len(r) for r in grid), default=0)):
            if c in used:
                continue
            vals = [as_int(row[c]) for row in grid[start:] if c < len(row) and row[c] is not None]
            if vals and vals[0] == 1 and all(v is not None for v in vals[:2]):
                lay.cols["number"] = c
                break
    if "number" not in lay.cols:
        _number_by_place(grid, lay, start, problems)
    nc = lay.cols["number"]
    # a "rank" column holding places (numbers) is a place column
    if "rank" in lay.cols and "place" not in lay.cols:
        vals = [grid[r][lay.cols["rank"]] for r in range(start, len(grid)) if lay.cols["rank"] < len(grid[r])]
        if vals and all(v is None or as_place(v) is not None for v in vals):
            lay.cols["place"] = lay.cols.pop("rank")
    seen: set[int] = set()
    totals: list[int] = []
    held: list[int] = []        # numbered rows named like a total: players when the numbering goes on
    for r in range(start, len(grid)):
        row = grid[r]
        n = as_int(row[nc]) if nc < len(row) else None
        if _total_row(row, lay.cols.get("name"), nc, n is not None):
            (held if n is not None and n >= 1 else totals).append(r)   # 合计, 平均, 38 人, 注：…
            continue
        if n is None or n < 1:
            continue
        if n in seen:
            problems.error(S.CT_NUMBER_TWICE(number=n), value=n, row=r + 1, column=cell_ref(r, nc))
            continue
        seen.add(n)
        lay.rows.append(r)
        lay.numbers[r] = n
    _numbered_players(grid, lay, held, totals, seen, nc)
    if not lay.rows:
        raise fail(problems.file, S.CT_NO_PLAYER_ROWS(), sheet=problems.sheet)
    if totals:
        name_col = lay.cols.get("name")
        listed = joined([ID.SUMMARY_PLACED(name=_first_text(grid[r], name_col),
                                           where=dataclasses.replace(problems.where(r + 1), file=None).text())
                         for r in totals], "; ", "；")
        problems.note(ID.SUMMARY_ROW_LEFT_OUT(rows=listed), row=totals[0] + 1)
    return lay


def _number_by_place(grid: list[list[Any]], lay: _Layout, start: int, problems: Problems) -> None:
    """No 序号/No. column: a place or rank column (名次, Rk.: Swiss-Manager's layout) numbers the
    players when it is exactly 1..n, without a tie, and every opponent the table plays (a Swiss
    cell's, a round robin's numbered header) is one of them -- it then stays the places too.
    Else refused: told which column could be renamed 序号 when it numbers them."""
    header = grid[lay.header] if lay.header is not None else []
    for role in ("place", "rank"):
        c = lay.cols.get(role)
        if c is None:
            continue
        cells = [row[c] for row in grid[start:] if c < len(row) and row[c] is not None and str(row[c]).strip()]
        numbers = [as_int(v) for v in cells]
        n = len(numbers)
        if n and sorted(v for v in numbers if v is not None) == list(range(1, n + 1)):
            played = {k for i, h in enumerate(header) if i != c and (k := as_int(h)) is not None}
            for row in grid[start:]:
                for v in row:
                    if _is_swiss_cell(v):
                        t = "".join(str(v).split())
                        cell = _SWISS_COLOUR.fullmatch(t) or _SWISS_PLAIN.fullmatch(t)
                        if cell is not None and (k := as_int(cell.group("opp"))) is not None:
                            played.add(k)
            if played and played <= set(range(1, n + 1)):
                lay.cols["number"] = c
                return
        name = text(header[c]) if c < len(header) else ""

        raise fail(problems.file, S.CT_NO_NUMBER_COLUMN_PLACE(column=_letter(c), header=name), sheet=problems.sheet)
    raise fail(problems.file, S.CT_NO_NUMBER_COLUMN(), sheet=problems.sheet)


def _numbered_players(grid: list[list[Any]], lay: _Layout, held: list[int], totals: list[int],
                      seen: set[int], nc: int) -> None:
    """A numbered row named like a total (平均分 numbered 2) is a player of the table, not its total
    row, when the players after it go on from its number, or when the table plays its number (a
    round robin's column headed by it, a Swiss cell naming it as an opponent: the last player, 合计
    numbered 8 in a table of 8); the others are totals."""
    last = max(seen, default=0)
    played = _opponent_numbers(grid, lay, nc)
    for r in held:
        n = as_int(grid[r][nc])
        if n is not None and n not in seen and (n < last or n in played):
            seen.add(n)
            lay.rows.append(r)
            lay.numbers[r] = n
        else:
            totals.append(r)
    lay.rows.sort()
    totals.sort()


def _opponent_numbers(grid: list[list[Any]], lay: _Layout, nc: int) -> set[int]:
    """The numbers a table plays against: its numbered header cells (a round robin's columns) and
    the opponents of its players' Swiss cells ("12w1", "5+")."""
    header = grid[lay.header] if lay.header is not None else []
    numbers = {n for c, h in enumerate(header) if c != nc and (n := as_int(h)) is not None}
    for r in lay.rows:
        for v in grid[r]:
            if _is_swiss_cell(v):
                t = "".join(str(v).split())
                m = _SWISS_COLOUR.fullmatch(t) or _SWISS_PLAIN.fullmatch(t)
                if m is not None and (n := as_int(m.group("opp"))) is not None:
                    numbers.add(n)
    return numbers


def _first_text(row: list[Any], name_col: int | None) -> str:
    """A left-out row as the note shows it: its name cell, else its first filled cell."""
    if name_col is not None and name_col < len(row) and row[name_col] is not None and str(row[name_col]).strip():
        return str(row[name_col]).strip()
    return next((str(v).strip() for v in row if v is not None and str(v).strip()), "")


def _total_row(row: list[Any], name_col: int | None, number_col: int, numbered: bool) -> bool:
    """A table's total, average, count or note row (:func:`xl_ratings.engine.totals.summary_row`): its
    name cell, or the first filled cell of the row, says so."""
    name = row[name_col] if name_col is not None and name_col < len(row) else None
    first = next((v for v in row if v is not None and str(v).strip()), None)
    return summary_row(name, row[number_col] if numbered else None, has_id=numbered) \
        or (first is not None and first is not name and (summary_word(first) or note_text(first)))


def _players(grid: list[list[Any]], lay: _Layout, problems: Problems) -> list[ImportedPlayer]:
    players = []

    def get(r: int, role: str) -> Any:
        c = lay.cols.get(role)
        return grid[r][c] if c is not None and c < len(grid[r]) else None

    for r in lay.rows:
        n = lay.numbers[r]
        try:
            sex = parse_sex(get(r, "sex"))
        except ValueError:
            problems.error(S.CT_BAD_SEX(), value=get(r, "sex"),
                           row=r + 1, column=cell_ref(r, lay.cols["sex"]))
            sex = None
        rating_cell = get(r, "rating")
        rating = as_float(rating_cell)
        if rating_cell is not None and rating is None:
            problems.error(S.CT_RATING_NOT_NUMBER(), value=rating_cell,
                           row=r + 1, column=cell_ref(r, lay.cols["rating"]))
        rank = text(get(r, "rank")) or None
        name = text(get(r, "name"))       # blank: refused at its cell (never a made-up "#3")
        players.append(ImportedPlayer(
            key=str(n), name=name, sex=sex, club=text(get(r, "club")), country=text(get(r, "country")),
            rank=rank, rating=rating, federation_id=text(get(r, "fed_id")) or None,
            egf_pin=key_text(get(r, "egf_pin")) or None, fide_id=key_text(get(r, "fide_id")) or None,
            source=Source(problems.file, line=problems.line(r + 1), cell=cell_ref(r, lay.cols.get("name", lay.cols["number"])),
                          sheet=problems.sheet, cells=_cells(r, lay))))
    return players


#: a player row's columns as a problem names them (the import's words for them)
_CELL_ROLES = {"name": "name", "rank": "rank", "rating": "rating", "sex": "sex", "club": "club",
               "fed_id": "federation_id", "egf_pin": "egf_pin", "fide_id": "fide_id"}


def _cells(r: int, lay: _Layout) -> tuple[tuple[str, str], ...]:
    """Row ``r``'s own cell of each player column: a problem with one is placed there."""
    return tuple((_CELL_ROLES[role], cell_ref(r, c)) for role, c in lay.cols.items() if role in _CELL_ROLES)


def _free_columns(grid: list[list[Any]], lay: _Layout) -> list[int]:
    """Columns that may hold results: not a player-data column, not a score/tie-break column."""
    width = max(len(grid[r]) for r in lay.rows)
    header = grid[lay.header] if lay.header is not None else []
    taken = set(lay.cols.values())
    free = []
    for c in range(width):
        if c in taken:
            continue
        h = header[c] if c < len(header) else None
        if h is not None and as_int(h) is None and header_words(h) & set(IGNORED):
            continue
        if h is not None and isinstance(h, str) and round_number(h) is None and \
                header_words(h) & set(NAME + CLUB + RANK + RATING + PLACE):
            continue
        free.append(c)
    return free


def _is_rr_token(token: str) -> bool:
    try:
        _score(token)
        return True
    except ResultError:
        return False


def _is_swiss_cell(value: Any) -> bool:
    """"12w1", "5b½", "9+" — but not "1 ½" (two results of a double round robin)."""
    if not isinstance(value, str):
        return False
    parts = value.split()
    if len(parts) >= 2 and all(_is_rr_token(p) for p in parts):
        return False
    t = "".join(parts)
    return bool(_SWISS_COLOUR.fullmatch(t) or _SWISS_PLAIN.fullmatch(t))


# ------------------------------------------------------------------------------ Swiss
def _parse_swiss(grid, lay, free, problems, keys) -> tuple[list[ImportedGame], int]:
    header = grid[lay.header] if lay.header is not None else []
    rounds_cols = [c for c in free if any(c < len(grid[r]) and _is_swiss_cell(grid[r][c]) for r in lay.rows)]
    # numbered round headers (R1, 第1轮, 1 …) must count 1, 2, 3 …
    round_of: dict[int, int] = {}
    taken: set[int] = set()
    for i, c in enumerate(rounds_cols, start=1):
        h = header[c] if c < len(header) else None
        number = round_number(text(h)) if h is not None else None     # R1, 第1轮, 第一轮, Round 1 …
        rnd = i if number is None else number
        if rnd < 1 or rnd > len(rounds_cols) or rnd in taken:
            problems.error(S.CT_ROUND_OUT_OF_RANGE(round=rnd, rounds=len(rounds_cols)), value=h, row=(lay.header or 0) + 1, column=cell_ref(lay.header or 0, c))
            continue
        round_of[c] = rnd
        taken.add(rnd)
    halves: list[Half] = []
    for r in lay.rows:
        me = str(lay.numbers[r])
        for c, rnd in round_of.items():
            raw = grid[r][c] if c < len(grid[r]) else None
            ref = cell_ref(r, c)
            where = problems.where(r + 1, ref)
            src = Source(problems.file, line=problems.line(r + 1), cell=ref, sheet=problems.sheet)
            if raw is None:
                problems.note(S.CT_NO_GAME(round=rnd, player=me), row=r + 1, column=ref)
                continue
            t = text(raw).replace(" ", "")
            if isinstance(raw, (int, float)) and not isinstance(raw, bool):
                t = text(raw)
            low = t.lower()
            if low in _BYES:
                problems.note(S.BYE_NOT_A_GAME(round=rnd, player=me, bye=_BYES[low](), raw=t), row=r + 1, column=ref)
                continue
            m = _SWISS_COLOUR.fullmatch(t) or _SWISS_PLAIN.fullmatch(t)
            if not m or as_int(m.group("opp")) is None:
                problems.error(S.IN_ROUND(round=rnd, text=S.CT_BAD_SWISS_RESULT()), value=raw, row=r + 1, column=ref)
                continue
            gd = m.groupdict()
            try:
                score = _swiss_score(gd["res"], bool(gd.get("star")))
            except ResultError:
                problems.error(S.IN_ROUND(round=rnd, text=S.NOT_A_RESULT()), value=raw, row=r + 1, column=ref)
                continue
            colour = _COLOURS.get((gd.get("col") or "").lower())
            handicap = None
            if gd.get("h") is not None:
                stones = float(gd["h"])
                handicap = stones if colour == "b" else -stones if stones else 0.0
            opp = str(int(gd["opp"]))
            halves.append(Half(rnd, me, opp, score, colour, handicap, where, t, src))
    return pair_halves(halves, keys, problems), len(round_of)


# ------------------------------------------------------------------------------ round robin
def _rr_blocks(grid, lay, free, problems, n: int) -> list[dict[int, int]]:
    """Column blocks: each maps an opponent number to its column."""
    header = grid[lay.header] if lay.header is not None else []
    blocks: list[dict[int, int]] = []
    current: dict[int, int] = {}
    last = 0
    numbered: list[tuple[int, int]] = []
    for c in free:
        num = as_int(header[c]) if c < len(header) else None
        if num is not None:
            numbered.append((c, num))
    if numbered:
        for c, num in numbered:
            if num > n or num < 1:
                problems.error(S.CT_HEADER_NO_OPPONENT(number=num, players=n), value=header[c], row=lay.header + 1, column=cell_ref(lay.header, c))
                continue
            if num <= last and current:
                blocks.append(current)
                current = {}
            current[num] = c
            last = num
        if current:
            blocks.append(current)
        return blocks
    # no numbered header: the first n free columns after the number/name columns
    after = max(lay.cols.get("name", 0), lay.cols.get("number", 0))
    cols = [c for c in free if c > after]
    for b in range(len(cols) // n):
        blocks.append({j + 1: cols[b * n + j] for j in range(n)})
    return blocks


def _split_cell(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [text(value)]
    t = text(value)
    if t.lower() in _DIAGONAL:
        return ["×"]
    return [p for p in re.split(r"[\s,;、]+", t) if p]


def _parse_rr(grid, lay, free, problems, keys) -> tuple[list[ImportedGame], int]:
    numbers = sorted(lay.numbers.values())
    n = len(numbers)
    if numbers != list(range(1, n + 1)):
        problems.error(S.CT_RR_NUMBERS(players=n, numbers=numbers), value=numbers[-1])
    blocks = _rr_blocks(grid, lay, free, problems, n)
    row_of = {num: r for r, num in lay.numbers.items()}
    # halves[(leg, i, j)] = Half
    halves: dict[tuple[int, int, int], Half] = {}
    legs = 1
    for block_no, block in enumerate(blocks):
        for i in numbers:
            r = row_of[i]
            for j, c in block.items():
                raw = grid[r][c] if c < len(grid[r]) else None
                parts = _split_cell(raw)
                ref = cell_ref(r, c)
                if i == j:
                    if parts and parts != ["×"]:
                        problems.error(S.CT_DIAGONAL(player=i), value=raw, row=r + 1, column=ref)
                    continue
                if parts == ["×"]:
                    problems.error(S.CT_CROSS_OFF_DIAGONAL(), value=raw, row=r + 1, column=ref)
                    continue
                if len(blocks) > 1 and len(parts) > 1:
                    problems.error(S.CT_TWO_RESULTS(), value=raw, row=r + 1, column=ref)
                    continue
                legs = max(legs, len(parts))
                for k, token in enumerate(parts):
                    leg = block_no + k
                    try:
                        score = _score(token)
                    except ResultError:
                        problems.error(S.CT_BAD_RR_RESULT(), value=raw, row=r + 1, column=ref)
                        continue
                    halves[(leg, i, j)] = Half(None, str(i), str(j), score, None, None,
                                               problems.where(r + 1, ref), text(raw),
                                               Source(problems.file, line=problems.line(r + 1), cell=ref,
                                                      sheet=problems.sheet))
    legs = max(legs, len(blocks))
    games: list[ImportedGame] = []
    for leg in range(legs):
        for i in numbers:
            for j in numbers:
                if j <= i:
                    continue
                a, b = halves.get((leg, i, j)), halves.get((leg, j, i))
                if a is None and b is None:
                    problems.note(S.CT_UNPLAYED_LEG(first=i, second=j, game=leg + 1) if legs > 1
                                  else S.CT_UNPLAYED(first=i, second=j))
                    continue
                if a is None or b is None:
                    h = a or b
                    assert h is not None   # both missing is handled above
                    other_ref = _mirror_ref(blocks, leg, row_of, h)
                    problems.error(S.CT_LISTED_ONCE(cell=h.where.column, says=h.raw, other=other_ref), value=h.raw, where=h.where)
                    continue
                if check_pair(a, b, problems):
                    g = game_from(a, b, problems)
                    if g is not None:
                        # a double round robin: each leg is a round of its own (a pair meets once per round)
                        games.append(dataclasses.replace(g, round=leg + 1) if legs > 1 else g)
    return games, legs


def _mirror_ref(blocks, leg, row_of, h: Half) -> Any:
    block = blocks[min(leg, len(blocks) - 1)] if blocks else {}
    c = block.get(int(h.player))
    r = row_of.get(int(h.opponent))
    return cell_ref(r, c) if c is not None and r is not None else S.CT_MIRROR_CELL()


# ------------------------------------------------------------------------------ entry points
def parse_rows(rows: list[list[Any]], file: str, sheet: str | None = None, *,
               line_of: list[int] | None = None, problems: Problems | None = None) -> Tournament:
    """Read a crosstable given as rows of cell values (from a sheet or a CSV).

    ``line_of``: a CSV's rows -> the line each starts on (its places are then lines);
    ``problems``: notes already made (on decoding)."""
    problems = problems or Problems(file, sheet, line_of=line_of)
    grid = [[clean(v) for v in row] for row in rows]
    while grid and not any(v is not None for v in grid[-1]):
        grid.pop()
    if not grid:
        raise fail(file, S.CT_EMPTY(), sheet=sheet)
    lay = _find_layout(grid, problems)
    players = _players(grid, lay, problems)
    keys = {p.key for p in players}
    problems.names = {p.key: f"{p.key} {p.name}".strip() for p in players}
    free = _free_columns(grid, lay)
    swiss = any(_is_swiss_cell(grid[r][c]) for r in lay.rows for c in free if c < len(grid[r]))
    if swiss:
        games, rounds = _parse_swiss(grid, lay, free, problems, keys)
        fmt = "swiss"
    else:
        games, legs = _parse_rr(grid, lay, free, problems, keys)
        fmt = "round_robin"
        rounds = None
    problems.raise_if_any()
    champion = None
    places: dict[str, int] = {}
    place_at: dict[str, Source] = {}
    if "place" in lay.cols:
        col = lay.cols["place"]
        unread: list[tuple[int, Any]] = []
        for r in lay.rows:
            raw = grid[r][col] if col < len(grid[r]) else None
            place = as_place(raw)
            if place is not None and place >= 1:
                key = str(lay.numbers[r])
                places[key] = place
                place_at[key] = Source(problems.file, line=problems.line(r + 1), cell=cell_ref(r, col), sheet=sheet)
            elif raw is not None and str(raw).strip():
                unread.append((r, raw))
        if unread:          # never silently: a place the table writes that is not read is not checked
            r, raw = unread[0]
            problems.note(S.CT_PLACE_NOT_READ(count=len(unread), value=repr(str(raw).strip())),
                          row=r + 1, column=cell_ref(r, col).rstrip("0123456789"))
        firsts = [k for k, v in places.items() if v == 1]
        champion = firsts[0] if len(firsts) == 1 else None
    title = None
    if lay.header:
        for row in grid[:lay.header]:
            cells = [v for v in row if v is not None]
            if len(set(cells)) == 1 and isinstance(cells[0], str):     # one cell, or merged across the row
                title = cells[0]
                break
    name = title or (sheet if sheet and sheet.lower() not in ("import", "crosstable", "sheet1") else Path(file).stem)
    if not title:
        problems.note(S.CT_NO_TITLE(name=repr(name)))
    event = ImportedEvent(name=name, start=None, end=None, format=fmt, rounds=rounds, champion=champion,
                          champion_at=place_at.get(champion) if champion else None, places=places, place_at=place_at)
    return Tournament(event=event, players=players, games=games, notes=problems.notes,
                      format="crosstable", source=file)


def read_csv(data: bytes, file: str) -> tuple[list[list[str]], list[int], Decoded]:
    """A CSV's rows, the line each row starts on, and its decoding (UTF-8, or GBK/Big5 Chinese;
    line by line for a UTF-8 file with a line in another encoding)."""
    decoded = read_source_text(data, file, CSV_ENCODINGS)
    content = decoded.text
    # the separator: the one of , ; tab that most lines use (a title line above the table
    # has none; Excel writes ; where the decimal mark is a comma)
    lines = [ln for ln in itertools.islice(io.StringIO(content, newline=""), 50) if ln.strip()]
    delimiter = max(",;\t", key=lambda d: (sum(1 for ln in lines if d in ln), d == ","))
    reader = csv.reader(io.StringIO(content, newline=""), delimiter=delimiter)
    rows: list[list[str]] = []
    starts: list[int] = []
    last = 0
    try:
        for row in reader:
            starts.append(last + 1)
            rows.append(row)
            last = reader.line_num
    except csv.Error as exc:            # a field over the csv module's limit (a quote left open), a NUL …
        if "field larger than field limit" in str(exc):
            raise fail(file, M.LINE_TOO_LONG(limit=csv.field_size_limit()), line=last + 1) from None
        raise fail(file, M.CSV_DAMAGED(reason=str(exc)), line=last + 1) from None
    return rows, starts, decoded


def parse_csv_bytes(data: bytes, file: str) -> Tournament:
    """Read a crosstable saved as CSV (UTF-8 or GB18030); its places are lines."""
    rows, starts, decoded = read_csv(data, file)
    problems = Problems(file, line_of=starts)
    problems.decoded(decoded.odd, decoded.doubt, decoded.utf16_order)
    return parse_rows(rows, file, line_of=starts, problems=problems)


def parse_csv(path: str | Path) -> Tournament:
    """Read a crosstable saved as CSV (UTF-8 or GB18030)."""
    return parse_csv_bytes(read_source(path), str(path))


# --------------------------------------------------------------------------- the format's record

#: the sheet of a workbook a crosstable is read from, by its name (else the first sheet)
CROSSTABLE_SHEETS = ("import", "导入", "導入", "crosstable", "交叉表", "成绩表", "成績表")


def crosstable_sheet(names: list[str]) -> str:
    for n in names:
        if header_words(n) & set(CROSSTABLE_SHEETS):
            return n
    return names[0]


def sniff(opened: Opened) -> bool:
    """Any workbook (that is not a report: tried last), or delimited text (commas, semicolons, tabs)."""
    return opened.sheets is not None or (opened.plain and any(d in opened.text for d in (",", ";", "\t")))


def load(opened: Opened) -> Tournament:
    if opened.sheets is None:
        return parse_csv_bytes(opened.data, opened.file)
    if not opened.sheets:
        raise fail(opened.file, S.WORKBOOK_NO_SHEETS())
    sheet = crosstable_sheet(opened.sheets)
    return parse_rows(opened.tables([sheet])[sheet], opened.file, sheet)


FORMAT = Format("crosstable", "a round-robin matrix or a Swiss/McMahon table, in a sheet of an `.xlsx` or in a "
                "CSV file", "printed results (成绩表, 交叉表)",
                frozenset({"games", "ranks", "ratings", "handicaps", "ids", "clubs"}), sniff, load, fallback=True)
