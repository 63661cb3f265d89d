"""Writers for the import round-trip tests: one tournament, written in every format.

``EVENT`` below is the single definition: five players, three rounds, a bye
each round, a draw, a forfeit (2 beats 5 by default in round 2) and a
handicap game (4 receives two stones from 1 and wins).  Each writer renders it
as a real program or a club would, so that parse(write(EVENT)) can be compared
with EVENT.
"""

from __future__ import annotations

import csv
import datetime as dt
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

import openpyxl

D = dt.date


@dataclass(frozen=True)
class P:
    key: str
    surname: str
    first: str
    sex: str
    club: str
    rank: str
    rating: int
    fide: str
    pin: str = ""          #: EGF PIN (OpenGotha's egfPin)

    @property
    def name(self) -> str:
        return f"{self.surname} {self.first}"


@dataclass(frozen=True)
class G:
    round: int
    white: str
    black: str
    white_result: str      #: "1" "0.5" "0" "+" "-" from white's side
    handicap: int = 0      #: stones black receives


@dataclass(frozen=True)
class Def:
    name: str
    start: dt.date
    end: dt.date
    players: tuple[P, ...]
    games: tuple[G, ...]
    byes: dict[int, str] = field(default_factory=dict)   #: round -> player key

    @property
    def rounds(self) -> int:
        return max(g.round for g in self.games)

    def round_date(self, r: int) -> dt.date:
        return self.start + dt.timedelta(days=r - 1)

    def player(self, key: str) -> P:
        return next(p for p in self.players if p.key == key)

    def entry(self, key: str, r: int) -> tuple[G, str, str] | None:
        """(game, opponent key, colour) of player ``key`` in round r, or None (bye)."""
        for g in self.games:
            if g.round == r and key in (g.white, g.black):
                return (g, g.black, "w") if key == g.white else (g, g.white, "b")
        return None


EVENT = Def(
    name="Spring Open 2024", start=D(2024, 5, 1), end=D(2024, 5, 3),
    players=(P("1", "Zhang", "Wei", "M", "Shanghai", "3d", 2300, "8600011"),
             P("2", "Li", "Na", "F", "Beijing", "1k", 2000, "8600022"),
             P("3", "Wang", "Fang", "F", "Shanghai", "2d", 2200, "8600033"),
             P("4", "Chen", "Jie", "M", "Hangzhou", "5k", 1600, "8600044"),
             P("5", "Liu", "Yang", "M", "Suzhou", "10k", 1100, "8600055")),
    games=(G(1, "1", "2", "1"), G(1, "3", "4", "0.5"),
           G(2, "1", "4", "0", handicap=2), G(2, "2", "5", "+"),
           G(3, "5", "1", "0"), G(3, "3", "2", "1")),
    byes={1: "5", 2: "3", 3: "4"})

#: Go grades never become Gomoku ranks (issue 17): what a Gomoku federation's sources write instead.
GOMOKU_RANKS = {"3d": "三段", "1k": "1级", "2d": "二段", "5k": "5级", "10k": "10级"}
#: :data:`EVENT` as a Gomoku (or Xiangqi) club writes it: its ranks, no handicap stones (Go's).
GOMOKU_EVENT = dataclasses.replace(
    EVENT, players=tuple(dataclasses.replace(p, rank=GOMOKU_RANKS[p.rank]) for p in EVENT.players),
    games=tuple(dataclasses.replace(g, handicap=0) for g in EVENT.games))

_FLIP = {"1": "0", "0": "1", "0.5": "0.5", "+": "-", "-": "+"}


def result_for(g: G, colour: str) -> str:
    return g.white_result if colour == "w" else _FLIP[g.white_result]


def handicap_for(g: G, colour: str) -> int:
    """Stones the player of this colour receives (negative: gives)."""
    return g.handicap if colour == "b" else -g.handicap


# ---------------------------------------------------------------- crosstables
def rr_rows(d: Def = EVENT) -> list[list]:
    n = len(d.players)
    rows: list[list] = [[f"{d.name} 成绩表"],
                        ["序号 No", "姓名 Name", "单位 Club", "段级 Rank", "等级分 Rating"]
                        + list(range(1, n + 1)) + ["积分 Pts", "名次 Place"]]
    for p in d.players:
        cells: list = [None] * n
        pts = 0.0
        for g in d.games:
            if p.key in (g.white, g.black):
                colour = "w" if p.key == g.white else "b"
                opp = g.black if colour == "w" else g.white
                res = result_for(g, colour)
                cells[int(opp) - 1] = {"0.5": "½"}.get(res, res)
                pts += {"1": 1, "0.5": 0.5, "+": 1}.get(res, 0)
        cells[int(p.key) - 1] = "×"
        rows.append([int(p.key), p.name, p.club, p.rank, p.rating] + cells + [pts, None])
    return rows


def write_rr_csv(path: Path, d: Def = EVENT, places: dict[int, object] | None = None) -> Path:
    """The round robin as a CSV crosstable; ``places``: its last column (名次), player number -> the cell."""
    rows = rr_rows(d)
    if places is not None:
        for r in rows[2:]:
            r[-1] = places.get(r[0])
    with open(path, "w", newline="", encoding="utf-8-sig") as f:
        csv.writer(f).writerows(rows)
    return path


def write_rr_xlsx(path: Path, d: Def = EVENT, sheet: str = "交叉表") -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = sheet
    for row in rr_rows(d):
        ws.append([0.5 if c == "½" else (int(c) if c in ("1", "0") else c) for c in row])
    wb.save(path)
    return path


def swiss_rows(d: Def = EVENT) -> list[list]:
    rows: list[list] = [["No", "姓名", "单位", "段级", "等级分"]
                        + [f"第{r}轮" for r in range(1, d.rounds + 1)] + ["积分"]]
    for p in d.players:
        cells = []
        for r in range(1, d.rounds + 1):
            e = d.entry(p.key, r)
            if e is None:
                cells.append("+")
                continue
            g, opp, colour = e
            res = result_for(g, colour)
            if res in ("+", "-") and r % 2:          # both spellings of a forfeit: 9+ and 9w+
                cells.append(f"{opp}{res}")
                continue
            h = f"h{g.handicap}" if g.handicap else ""
            cells.append(f"{opp}{colour}{ {'0.5': '½'}.get(res, res) }{h}".replace(" ", ""))
        rows.append([p.key, p.name, p.club, p.rank, p.rating] + cells + [""])
    return rows


def write_swiss_csv(path: Path, d: Def = EVENT) -> Path:
    with open(path, "w", newline="", encoding="gb18030") as f:    # as Chinese Excel saves CSV
        csv.writer(f).writerows(swiss_rows(d))
    return path


# ---------------------------------------------------------------- h9
def write_h9(path: Path, d: Def = EVENT) -> Path:
    """As OpenGotha writes it: `!` for a game won by default, `0+` for a bye."""
    lines = ["; CL[B]", f"; EV[{d.name}]", "; PC[CN,Shanghai]", f"; DT[{d.start},{d.end}]", "; HA[h9]",
             "; KM[7.5]", "; TM[90]", "; Generated by import_writers.py", ";",
             "; Pl Name                 Rk Co Club      MMS  SOS"]
    for p in d.players:
        entries = []
        for r in range(1, d.rounds + 1):
            e = d.entry(p.key, r)
            if e is None:
                entries.append("0+")
                continue
            g, opp, colour = e
            res = result_for(g, colour)
            sym = {"1": "+", "0": "-", "0.5": "=", "+": "+", "-": "-"}[res]
            sep = "!" if res in ("+", "-") else "/"
            entries.append(f"{opp}{sym}{sep}{colour}{g.handicap}")
        lines.append(f"{p.key:>4} {p.surname} {p.first:<14} {p.rank:>3} CN {p.club:<9} 30  60  "
                     + " ".join(f"{x:>8}" for x in entries))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def standing(d: Def = EVENT) -> dict[str, int]:
    """Each player's place as a pairing program writes it: by the points of the games (a forfeit
    counts), then the key -- :data:`EVENT`: 1 Zhang Wei 2, 3 Wang Fang 1.5, 4 Chen Jie 1.5, 2 Li Na 1,
    5 Liu Yang 0."""
    points = {p.key: 0.0 for p in d.players}
    for g in d.games:
        w = {"1": 1.0, "+": 1.0, "0.5": 0.5, "0": 0.0, "-": 0.0}[g.white_result]
        points[g.white] += w
        points[g.black] += 1.0 - w
    order = sorted(points, key=lambda k: (-points[k], int(k)))
    return {k: n for n, k in enumerate(order, start=1)}


# ---------------------------------------------------------------- TRF16
def _put(buf: list[str], col: int, value: str) -> None:
    """Write value so that it starts at 1-based column col."""
    need = col - 1 + len(value)
    if len(buf) < need:
        buf.extend(" " * (need - len(buf)))
    buf[col - 1:need] = list(value)


def write_trf(path: Path, d: Def = EVENT, line_end: str = "\n") -> Path:
    lines = [f"012 {d.name}", "022 Shanghai", "032 CHN", f"042 {d.start:%Y/%m/%d}", f"052 {d.end:%Y/%m/%d}",
             f"062 {len(d.players)}", "092 Individual: Swiss-System", "102 Chief Arbiter"]
    places = standing(d)
    buf: list[str] = []
    _put(buf, 1, "132")
    for r in range(1, d.rounds + 1):
        _put(buf, 92 + 10 * (r - 1), f"{d.round_date(r):%y/%m/%d}")
    lines.append("".join(buf))
    for p in d.players:
        buf = []
        _put(buf, 1, "001")
        _put(buf, 5, f"{p.key:>4}")
        _put(buf, 10, "m" if p.sex == "M" else "w")
        _put(buf, 15, f"{p.surname}, {p.first}"[:33])
        _put(buf, 49, f"{p.rating:>4}")
        _put(buf, 54, "CHN")
        _put(buf, 58, f"{p.fide:>11}")
        _put(buf, 70, "1990/01/01")
        _put(buf, 81, " 0.0")
        _put(buf, 86, f"{places[p.key]:>4}")
        for r in range(1, d.rounds + 1):
            e = d.entry(p.key, r)
            col = 92 + 10 * (r - 1)
            if e is None:
                _put(buf, col, "0000 - U")
                continue
            g, opp, colour = e
            res = result_for(g, colour)
            _put(buf, col, f"{opp:>4} {colour} {'=' if res == '0.5' else res}")
        lines.append("".join(buf))
    lines.append(f"XXR {d.rounds}")
    path.write_text(line_end.join(lines) + line_end, encoding="utf-8", newline="")
    return path


# ---------------------------------------------------------------- OpenGotha
def og_key(p: P) -> str:
    return (p.surname + p.first).replace(" ", "").upper()


def write_opengotha(path: Path, d: Def = EVENT) -> Path:
    results = {"1": "RESULT_WHITEWINS", "0": "RESULT_BLACKWINS", "0.5": "RESULT_EQUAL",
               "+": "RESULT_WHITEWINS_BYDEF", "-": "RESULT_BLACKWINS_BYDEF"}
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           '<Tournament dataVersion="201" gothaMinorVersion="3" gothaVersion="349">', "<Players>"]
    for p in d.players:
        out.append(f'<Player agaId="" club={quoteattr(p.club)} country="CN" egfPin="{p.pin}" '
                   f'firstName={quoteattr(p.first)} '
                   f'grade="{p.rank.upper()}" name={quoteattr(p.surname)} participating="11111111111111111111" '
                   f'rank="{p.rank.upper()}" rating="{p.rating}" registeringStatus="FIN" smmsCorrection="0"/>')
    out += ["</Players>", "<Games>"]
    for i, g in enumerate(d.games, start=1):
        out.append(f'<Game blackPlayer="{og_key(d.player(g.black))}" handicap="{g.handicap}" knownColor="true" '
                   f'result="{results[g.white_result]}" roundNumber="{g.round}" tableNumber="{i}" '
                   f'whitePlayer="{og_key(d.player(g.white))}"/>')
    out.append("</Games>")
    for r, k in d.byes.items():
        out.append(f'<ByePlayer player="{og_key(d.player(k))}" roundNumber="{r}"/>')
    out += ["<TournamentParameterSet>",
            f'<GeneralParameterSet basicTime="90" beginDate="{d.start}" endDate="{d.end}" komi="7.5" '
            f'location="Shanghai" name={quoteattr(d.name)} numberOfRounds="{d.rounds}" shortName="spring"/>',
            "</TournamentParameterSet>", "</Tournament>"]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- club report
def report_tables(d: Def = EVENT, games: bool = True, ids: bool = True) -> dict[str, list[list]]:
    """``ids``: the federation ids SH001 … (the players' numbers): a workbook whose SH001 is
    another person refuses them (leave them out to import into the Shanghai sample)."""
    event = [["项目 key", "内容 value"], ["名称 name", d.name], ["开始 start", d.start], ["结束 end", d.end],
             ["赛制 format", "swiss" if games else "round_robin"], ["级别 class", "B"], ["等级 level", "provincial"],
             ["冠军 champion", 1], ["主办 organiser", "Shanghai Go Club"], ["裁判 arbiter", "Zhou Li"]]
    players = [["编号 no", "姓名 name", "性别 sex", "单位 club", "段级 rank", "等级分 rating", "会员号 federation_id"]]
    for p in d.players:
        players.append([int(p.key), p.name, "男" if p.sex == "M" else "女", p.club, p.rank, p.rating,
                        f"SH{p.key:0>3}" if ids else None])
    tables: dict[str, list[list]] = {"Event": event, "Players": players}
    if games:
        rows = [["轮次 round", "日期 date", "棋手 player", "对手 opponent", "结果 result", "让子 handicap"]]
        for g in d.games:
            # written from black's side in handicap games (the receiver), else from white's
            if g.handicap:
                rows.append([g.round, d.round_date(g.round), int(g.black), int(g.white),
                             result_for(g, "b"), g.handicap])
            else:
                rows.append([g.round, d.round_date(g.round), int(g.white), int(g.black), g.white_result, 0])
        tables["Games"] = rows
    else:
        tables["Crosstable"] = rr_rows(d)[1:]
    return tables


def write_report(path: Path, d: Def = EVENT, games: bool = True, ids: bool = True) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in report_tables(d, games, ids).items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


# ---------------------------------------------------------------- large and hostile inputs
def opengotha_many(n: int) -> bytes:
    """An OpenGotha file of ``n`` players paired in one round (for timing the reader)."""
    players = "".join(f'<Player name="N{i}" firstName="F{i}" rank="1D" rating="2000" club="C"/>\n'
                      for i in range(n))
    games = "".join(f'<Game roundNumber="1" whitePlayer="N{i}F{i}" blackPlayer="N{i + 1}F{i + 1}" '
                    f'result="RESULT_WHITEWINS" handicap="0"/>\n' for i in range(0, n - 1, 2))
    return (f'<?xml version="1.0"?>\n<Tournament dataVersion="201">\n<Players>\n{players}</Players>\n'
            f'<Games>\n{games}</Games>\n<TournamentParameterSet><GeneralParameterSet name="T" '
            f'numberOfRounds="1"/></TournamentParameterSet>\n</Tournament>\n').encode()


def write_report_bomb(path: Path, part: str = "xl/sharedStrings.xml", d: Def = EVENT) -> Path:
    """A club report whose ``part`` inflates 1000× (40 MiB of zeros: about 40 KB on disk)."""
    import zipfile

    write_report(path, d)
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts[part] = b"\0" * (40 * 2**20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in parts.items():
            z.writestr(n, data)
    return path

