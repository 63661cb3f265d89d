"""The club's tournament report workbook (``xl-ratings new report``), FORMATS.md §1.

Sheets (names in English or Chinese):

* ``Event`` / ``赛事`` — key/value rows: name 名称, start 开始, end 结束,
  format 赛制, class 级别, level 等级, champion 冠军, organiser 主办, arbiter
  裁判, rounds 轮数.  A key may be bilingual ("名称 name").
* ``Players`` / ``棋手`` — no 编号, name 姓名, sex 性别, club 单位, rank 段级,
  rating 等级分, federation_id 会员号, optional egf_pin, fide_id.
* either ``Games`` / ``对局`` — round 轮次, date 日期, player 棋手, opponent 对手,
  result 结果, handicap 让子 (ids are the report's numbering; one row a game),
* or ``Crosstable`` / ``交叉表`` / ``成绩表`` — read by :mod:`.crosstable`; its
  numbers are the report's numbering.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from ...engine.cells import round_number
from ...engine.totals import summary_row
from ...errors import InputErrors, ResultError, Text, joined
from ...i18n.catalogue import identity as ID
from ...i18n.catalogue import sheets as SH
from ...i18n.catalogue import sources as S
from ...systems.game_result import parse_result
from . import crosstable
from .common import (Problems, as_float, as_int, cell_ref, clean, column_twins, fail, find_column, header_words,
                      key_text, only_words, parse_date, parse_sex, text)
from ..model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament
from .record import Format, Opened
from ...systems.report_sample import report_samples

SHEETS = {
    "event": ("event", "赛事", "比赛", "賽事"),
    "players": ("players", "棋手", "选手", "選手"),
    "games": ("games", "对局", "對局"),
    "crosstable": ("crosstable", "交叉表", "成绩表", "成績表"),
}
EVENT_KEYS = {
    "name": ("name", "名称", "名稱", "赛事名称", "比赛名称"),
    "start": ("start", "开始", "開始", "开始日期", "start date"),
    "end": ("end", "结束", "結束", "结束日期", "end date"),
    "format": ("format", "赛制", "賽制"),
    "class": ("class", "级别", "級別"),
    "level": ("level", "等级", "等級"),
    "champion": ("champion", "冠军", "冠軍"),
    "organiser": ("organiser", "organizer", "主办", "主辦", "主办单位"),
    "arbiter": ("arbiter", "裁判", "裁判长", "裁判長"),
    "rounds": ("rounds", "轮数", "輪數"),
}
PLAYER_COLS = {
    "no": ("no", "id", "number", "编号", "編號", "序号", "序號"),
    "name": ("name", "姓名"),
    "sex": ("sex", "性别", "性別"),
    "club": ("club", "单位", "單位", "俱乐部"),
    "rank": ("rank", "段级", "段級", "段位"),
    "rating": ("rating", "等级分", "等級分"),
    "federation_id": ("federation_id", "federation id", "会员号", "會員號"),
    "egf_pin": ("egf_pin", "egf pin", "egd pin", "pin"),
    "fide_id": ("fide_id", "fide id"),
    "country": ("country", "国家", "國家"),
}
GAME_COLS = {
    "round": ("round", "轮次", "輪次", "轮", "輪"),
    "date": ("date", "日期"),
    "player": ("player", "棋手"),
    "opponent": ("opponent", "对手", "對手"),
    "result": ("result", "结果", "結果"),
    "handicap": ("handicap", "让子", "讓子"),
    "colour": ("colour", "color", "执色", "執色"),
}
_FORMATS = {"round_robin": "round_robin", "round robin": "round_robin", "循环": "round_robin",
            "循环赛": "round_robin", "单循环": "round_robin", "双循环": "round_robin", "循環": "round_robin",
            "swiss": "swiss", "mcmahon": "swiss", "积分编排": "swiss", "积分编排制": "swiss", "瑞士制": "swiss",
            "麦克马洪": "swiss", "games": "games", "对局": "games",
            # the Hong Kong report's words (traditional)
            "循環賽": "round_robin", "單循環": "round_robin", "雙循環": "round_robin", "積分編排": "swiss",
            "積分編排制": "swiss", "麥克馬洪": "swiss", "對局": "games"}
_SCORE = {1.0: "1", 0.5: "0.5", 0.0: "0"}


def _sheet(tables: dict[str, list[list[Any]]], role: str, file: str = "") -> str | None:
    """The sheet of ``role``; another sheet named by the role's words alone (``Players`` and
    ``棋手``) is refused, both named: which one is meant is not known."""
    words = set(SHEETS[role])
    found = next((name for name in tables if header_words(name) & words), None)
    twin = next((name for name in tables if name != found and found is not None and only_words(name, words)), None)
    if twin is not None and found is not None:
        raise fail(file, SH.SHEET_TWICE(role=SHEETS[role][0].title(), first=found, second=twin,
                                        names=SH.NAMES_OR(names=joined(list(SHEETS[role][:-1])),
                                                          last=SHEETS[role][-1])), sheet=twin)
    return found




def _header(rows: list[list[Any]]) -> int:
    for i, row in enumerate(rows[:10]):
        if any(v is not None for v in row):
            return i
    return 0


def _event(rows: list[list[Any]], sheet: str, problems: Problems) -> dict[str, tuple[Any, int]]:
    out: dict[str, tuple[Any, int]] = {}
    for r, row in enumerate(rows):
        if not row or row[0] is None:
            continue
        words = header_words(row[0])
        value = clean(row[1]) if len(row) > 1 else None
        for key, aliases in EVENT_KEYS.items():
            if words & set(aliases):
                out[key] = (value, r)
                break
        else:
            if value is not None and not words & {"key", "项目", "項目", "value"}:
                out[text(row[0])] = (value, r)
    return out


def _players(rows: list[list[Any]], problems: Problems) -> tuple[list[ImportedPlayer], dict[str, str]]:
    h = _header(rows)
    header = rows[h] if rows else []
    cols: dict[str, int] = {}
    used: set[int] = set()
    for role, aliases in PLAYER_COLS.items():
        i = find_column(header, aliases, used)
        if i is not None:
            cols[role] = i
            used.add(i)
    column_twins(problems, header, cols, PLAYER_COLS, used, h)       # 单位 beside club: both named
    for need in ("no", "name"):
        if need not in cols:
            problems.error(S.RP_PLAYERS_COLUMN_MISSING(column=need), row=h + 1)
    if problems.errors:
        return [], {}
    players: list[ImportedPlayer] = []
    names: dict[str, str] = {}

    def get(row: list[Any], role: str) -> Any:
        c = cols.get(role)
        return row[c] if c is not None and c < len(row) else None

    totals: list[Any] = []
    for r in range(h + 1, len(rows)):
        row = rows[r]
        if not any(v is not None for v in row):
            continue
        no = get(row, "no")
        if summary_row(get(row, "name"), no, has_id=no is not None):
            totals.append(ID.SUMMARY_PLACED(name=str(get(row, "name") or no).strip(),
                                            where=dataclasses.replace(problems.where(r + 1), file=None).text()))
            continue        # 合计, 平均, 38 人, 注：…: never a player
        if no is None:
            problems.error(S.RP_NUMBER_MISSING(), value=get(row, "name"), row=r + 1, column=cell_ref(r, cols["no"]))
            continue
        key = key_text(no)
        if key in names:
            problems.error(S.CT_NUMBER_TWICE(number=key), value=no,
                           row=r + 1, column=cell_ref(r, cols["no"]))
            continue
        try:
            sex = parse_sex(get(row, "sex"))
        except ValueError:
            problems.error(S.CT_BAD_SEX(), value=get(row, "sex"),
                           row=r + 1, column=cell_ref(r, cols["sex"]))
            sex = None
        rating_cell = get(row, "rating")
        rating = as_float(rating_cell)
        if rating_cell is not None and rating is None:
            problems.error(S.CT_RATING_NOT_NUMBER(), value=rating_cell, row=r + 1,
                           column=cell_ref(r, cols["rating"]))
        name = text(get(row, "name"))
        names[key] = name
        players.append(ImportedPlayer(
            key=key, name=name, sex=sex, club=text(get(row, "club")), country=text(get(row, "country")),
            rank=text(get(row, "rank")) or None, rating=rating,
            federation_id=key_text(get(row, "federation_id")) or None,
            egf_pin=key_text(get(row, "egf_pin")) or None, fide_id=key_text(get(row, "fide_id")) or None,
            source=Source(problems.file, line=r + 1, cell=cell_ref(r, cols["name"]), sheet=problems.sheet,
                          cells=tuple((role, cell_ref(r, c)) for role, c in cols.items() if role != "no"))))
    if totals:
        problems.note(ID.SUMMARY_ROW_LEFT_OUT(rows=joined(totals, "; ", "；")), row=h + 2)
    return players, names


def _game_columns(rows: list[list[Any]], problems: Problems) -> tuple[int, dict[str, int]] | None:
    """The Games sheet's header row and its columns; None (reported) when a needed one is missing."""
    h = _header(rows)
    header = rows[h] if rows else []
    cols: dict[str, int] = {}
    used: set[int] = set()
    for role in ("opponent", "player", "round", "date", "result", "handicap", "colour"):
        i = find_column(header, GAME_COLS[role], used)
        if i is not None:
            cols[role] = i
            used.add(i)
    column_twins(problems, header, cols, GAME_COLS, used, h)
    for need in ("player", "opponent", "result"):
        if need not in cols:
            problems.error(S.RP_GAMES_COLUMN_MISSING(column=need), row=h + 1)
    return None if problems.errors else (h, cols)


def _game_result(res: Any, results: dict[Any, Any], problems: Problems, r: int,
                 c_res: int) -> tuple[str | None, bool]:
    """(a result cell in the sheet's vocabulary or None when it is not one -- reported --,
    whether the row is skipped: a forfeit scored as a draw -- noted)."""
    try:
        parsed = results.get(res) if isinstance(res, (str, int, float)) else None
        if parsed is None:
            parsed = parse_result(res)
            if isinstance(res, (str, int, float)):
                results[res] = parsed
    except ResultError:
        problems.error(S.RP_BAD_RESULT(), value=res, row=r + 1,
                       column=cell_ref(r, c_res))
        return None, False
    if parsed.forfeit and parsed.score == 0.5:
        problems.note(S.RP_FORFEIT_DRAW(result=res), row=r + 1, column=cell_ref(r, c_res))
        return None, True
    return ("+" if parsed.score == 1.0 else "-") if parsed.forfeit else _SCORE[parsed.score], False


def _game_round(cell: Any, rounds: int | None, limit: int, players: int, problems: Problems, r: int,
                c_round: int) -> tuple[int | None, bool]:
    """(the round of a game row, whether it is usable: a whole number from 1 up to ``limit``)."""
    rnd = round_number(cell)                 # 3, 第3轮, R3, Round 3 (as the Games sheet reads them)
    if rnd is None or rnd < 1:
        problems.error(S.RP_ROUND_NOT_WHOLE(), value=cell, row=r + 1, column=cell_ref(r, c_round))
        return rnd, False
    if rnd > limit:
        problems.error(S.RP_ROUND_BEYOND_ROUNDS(round=rnd, rounds=rounds) if rounds
                       else S.RP_ROUND_BEYOND_PLAYERS(round=rnd, players=players), value=cell, row=r + 1, column=cell_ref(r, c_round))
        return rnd, False
    return rnd, True


def _game_extras(row: list[Any], cols: dict[str, int], problems: Problems,
                 r: int) -> tuple[dt.date | None, float | None, str | None, bool]:
    """A game row's date, handicap and colour, and whether they are usable (problems reported)."""
    width = len(row)
    c_date, c_hc, c_col = (cols.get(k) for k in ("date", "handicap", "colour"))
    ok = True
    date = None
    if c_date is not None and c_date < width:
        try:
            date = parse_date(row[c_date])
        except ValueError:
            problems.error(S.RP_NOT_A_DATE(), value=row[c_date], row=r + 1, column=cell_ref(r, c_date))
            ok = False
    handicap = None
    if c_hc is not None and c_hc < width and row[c_hc] is not None:
        handicap = as_float(row[c_hc])
        if handicap is None:
            problems.error(S.RP_HANDICAP_NOT_NUMBER(), value=row[c_hc],
                           row=r + 1, column=cell_ref(r, c_hc))
            ok = False
    colour = None
    if c_col is not None and c_col < width and row[c_col] is not None:
        colour = {"w": "w", "b": "b", "白": "w", "黑": "b", "white": "w", "black": "b"}.get(
            text(row[c_col]).lower())
    return date, handicap, colour, ok


def _games(rows: list[list[Any]], keys: set[str], problems: Problems,
           rounds: int | None = None) -> list[ImportedGame]:
    """The Games sheet's games; ``rounds``: the event's declared number of rounds (else a
    round beyond twice the number of players -- a double round robin's -- is out of range)."""
    limit = rounds or 2 * max(len(keys), 1)
    found = _game_columns(rows, problems)
    if found is None:
        return []
    h, cols = found
    c_player, c_opp, c_res, c_round = cols["player"], cols["opponent"], cols["result"], cols.get("round")
    games: list[ImportedGame] = []
    seen: dict[tuple[int, frozenset[str]], int] = {}
    keyed: dict[Any, str] = {}          # cell value -> key, results: cell value -> Result (they repeat)
    results: dict[Any, Any] = {}
    for r in range(h + 1, len(rows)):
        row = rows[r]
        width = len(row)
        player = row[c_player] if c_player < width else None
        opp = row[c_opp] if c_opp < width else None
        res = row[c_res] if c_res < width else None
        if player is None and opp is None and res is None:
            continue
        ok = True
        pk = keyed.get(player) or keyed.setdefault(player, key_text(player) if player is not None else "")
        ok_key = keyed.get(opp) or keyed.setdefault(opp, key_text(opp) if opp is not None else "")
        for k, c, v in ((pk, c_player, player), (ok_key, c_opp, opp)):
            if k not in keys:
                problems.error(S.RP_NOT_ON_PLAYERS(number=key_text(v)), value=v, row=r + 1, column=cell_ref(r, c))
                ok = False
        if ok and pk == ok_key:
            problems.error(S.OG_MEETS_THEMSELF(player=pk), value=player, row=r + 1,
                           column=cell_ref(r, c_opp))
            ok = False
        result, skip = _game_result(res, results, problems, r, c_res)
        if skip:
            continue
        rnd = None
        if c_round is not None and c_round < width and row[c_round] is not None:
            rnd, round_ok = _game_round(row[c_round], rounds, limit, len(keys), problems, r, c_round)
            ok = ok and round_ok
        date, handicap, colour, extras_ok = _game_extras(row, cols, problems, r)
        if not (ok and extras_ok) or result is None:
            continue
        if rnd is not None:
            slot = (rnd, frozenset((pk, ok_key)))
            if slot in seen:
                problems.error(S.RP_GAME_TWICE(round=rnd, player=pk, opponent=ok_key, first=seen[slot], second=r + 1),
                               value=player, row=r + 1, column=cell_ref(r, c_player))
                continue
            seen[slot] = r + 1
        games.append(ImportedGame(round=rnd, date=date, player=pk, opponent=ok_key, result=result,
                                  handicap=handicap, colour=colour,
                                  source=Source(problems.file, line=r + 1, cell=cell_ref(r, c_player),
                                                sheet=problems.sheet)))
    return games


def _filled(rows: list[list[Any]]) -> bool:
    """Anything below the header row."""
    return any(v not in (None, "") for row in rows[1:] for v in row)


def _report_sheets(tables: dict[str, list[list[Any]]], file: str) -> tuple[str, str, str | None, str | None]:
    """The sheets of a report: Event, Players, and Games or Crosstable (refused when missing,
    or when both hold results)."""
    ev_name, pl_name = _sheet(tables, "event", file), _sheet(tables, "players", file)
    g_name, x_name = _sheet(tables, "games", file), _sheet(tables, "crosstable", file)
    missing: list[Text | str] = [w() for w, s in ((S.RP_SHEET_EVENT, ev_name), (S.RP_SHEET_PLAYERS, pl_name))
                                 if s is None]
    if g_name is None and x_name is None:
        missing.append(S.RP_SHEET_GAMES_OR_CROSSTABLE())
    if missing or ev_name is None or pl_name is None:   # nothing missing: both names are set
        raise fail(file, S.RP_SHEETS_MISSING(sheets=joined(missing)), value=", ".join(tables))
    if g_name is not None and x_name is not None and _filled(tables[x_name]):
        if _filled(tables[g_name]):     # two sources of the same results: which one is right?
            raise fail(file, S.RP_RESULTS_TWICE(games=g_name, crosstable=x_name), value=f"{g_name}, {x_name}")
        g_name = None                   # an empty Games sheet (the template's) next to a crosstable
    return ev_name, pl_name, g_name, x_name


def _crosstable_games(rows: list[list[Any]], file: str, x_name: str, names: dict[str, str],
                      notes: list[Text]) -> tuple[list[ImportedGame], str, Problems]:
    """A report's Crosstable sheet: its games, the event's format, and its problems (its players
    must be the Players sheet's, under the same names)."""
    x_problems = Problems(file, x_name)
    try:
        x = crosstable.parse_rows(rows, file, x_name)
    except InputErrors as exc:          # keep collecting the other sheets' problems
        x_problems.errors.extend(exc.errors)
        return [], "round_robin", x_problems
    notes.extend(x.notes)
    for xp in x.players:
        if xp.key not in names:
            x_problems.error(S.RP_CT_PLAYER_UNKNOWN(number=xp.key, name=xp.name), value=xp.key,
                             row=xp.source.line, column=xp.source.cell)
        elif xp.name and not xp.name.startswith("#") and names[xp.key] and xp.name != names[xp.key]:
            x_problems.error(S.RP_CT_PLAYER_NAME(number=xp.key, name=xp.name, players_name=names[xp.key]),
                             value=xp.name, row=xp.source.line, column=xp.source.cell)
    return x.games, x.event.format, x_problems


def _event_value(info: dict[str, tuple[Any, int]], key: str) -> tuple[Any, int | None]:
    v, r = info.get(key, (None, None))
    return v, r


def _event_fields(info: dict[str, tuple[Any, int]], names: dict[str, str], default_format: str,
                  ev_problems: Problems) -> tuple[dict[str, dt.date | None], str, str | None]:
    """The Event sheet's dates, format and champion (problems reported on the Event sheet)."""
    dates: dict[str, dt.date | None] = {}
    for k in ("start", "end"):
        v, r = _event_value(info, k)
        try:
            dates[k] = parse_date(v)
        except ValueError:
            ev_problems.error(S.RP_KEY_NOT_A_DATE(key=k), value=v, row=(r or 0) + 1, column=f"B{(r or 0) + 1}")
            dates[k] = None
    fmt_v, fmt_r = _event_value(info, "format")
    fmt = default_format
    if fmt_v is not None:
        given = _FORMATS.get(text(fmt_v).lower().replace("-", "_"))
        if given is None:
            ev_problems.error(S.RP_BAD_FORMAT(), value=fmt_v,
                              row=(fmt_r or 0) + 1, column=f"B{(fmt_r or 0) + 1}")
        else:
            fmt = given
    champ_v, champ_r = _event_value(info, "champion")
    champion = None
    if champ_v is not None:
        ck = key_text(champ_v)
        if ck in names:
            champion = ck
        else:
            by_name = [k for k, n in names.items() if n == text(champ_v)]
            if len(by_name) == 1:
                champion = by_name[0]
            else:
                ev_problems.error(S.RP_BAD_CHAMPION(), value=champ_v,
                                  row=(champ_r or 0) + 1, column=f"B{(champ_r or 0) + 1}")
    return dates, fmt, champion


def _champion_at(info: dict[str, tuple[Any, int]], file: str, sheet: str) -> Source:
    """The Event sheet's cell of the champion (its value, column B)."""
    _, r = _event_value(info, "champion")
    return Source(file, cell=f"B{(r or 0) + 1}", sheet=sheet)


def parse_report_tables(tables: dict[str, list[list[Any]]], file: str) -> Tournament:
    """Read a club report given as its sheets' rows (``{sheet name: rows}``)."""
    tables = {name: [[clean(v) for v in row] for row in rows] for name, rows in tables.items()}
    ev_name, pl_name, g_name, x_name = _report_sheets(tables, file)
    ev_problems = Problems(file, ev_name)
    info = _event(tables[ev_name], ev_name, ev_problems)
    pl_problems = Problems(file, pl_name)
    players, names = _players(tables[pl_name], pl_problems)
    problems_all = [ev_problems, pl_problems]
    notes: list[Text] = []
    if g_name is not None:
        g_problems = Problems(file, g_name)
        declared = as_int(info.get("rounds", (None, None))[0])
        games = _games(tables[g_name], set(names), g_problems, declared if declared and declared > 0 else None)
        problems_all.append(g_problems)
        default_format = "games"
    else:
        assert x_name is not None   # no Games sheet, and _report_sheets found a Crosstable sheet
        games, default_format, x_problems = _crosstable_games(tables[x_name], file, x_name, names, notes)
        problems_all.append(x_problems)
    dates, fmt, champion = _event_fields(info, names, default_format, ev_problems)
    errors = [e for p in problems_all for e in p.errors]
    if errors:
        raise InputErrors(errors)
    known = set(EVENT_KEYS)
    extra = {k: text(v) for k, (v, _) in info.items() if k not in known - {"organiser", "arbiter"} and v is not None}
    rounds = as_int(_event_value(info, "rounds")[0]) or max((g.round or 0 for g in games), default=0) or None
    event = ImportedEvent(name=text(_event_value(info, "name")[0]) or file, start=dates["start"], end=dates["end"],
                          format=fmt, cls=text(_event_value(info, "class")[0]) or None,
                          level=text(_event_value(info, "level")[0]) or None,
                          rounds=rounds, champion=champion, extra=extra,
                          champion_at=_champion_at(info, file, ev_name) if champion is not None else None)
    for p in problems_all:
        notes.extend(p.notes)
    return Tournament(event=event, players=players, games=games, notes=notes, format="report", source=file)


# --------------------------------------------------------------------------- the format's record

def sniff(opened: Opened) -> bool:
    """A workbook with the sheets Event and Players (English or Chinese names)."""
    names = opened.sheets or []
    roles = {r for r in ("event", "players") for n in names if header_words(n) & set(SHEETS[r])}
    return roles == {"event", "players"}


def load(opened: Opened) -> Tournament:
    if opened.sheets is None:
        raise fail(opened.file, S.REPORT_NOT_WORKBOOK())
    if not opened.sheets:
        raise fail(opened.file, S.WORKBOOK_NO_SHEETS())
    return parse_report_tables(opened.tables(opened.sheets), opened.file)


FORMAT = Format("report", "our club report workbook (`xl-ratings new report`)", "clubs",
                frozenset({"games", "ranks", "ratings", "handicaps", "ids", "clubs", "dates", "event"}), sniff, load,
                samples=report_samples)
