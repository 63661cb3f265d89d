"""``peng`` -- Peng's Renju/Gomoku rating, 彭氏等级分 (seed 000).

Two scores per player (SPEC §4):

* cumulative (累积等级分) = starting basic score + Σ A(opponent)·D + C + bonus,
  D = 2 win / 1 draw / 0 loss, C = test points, bonus = awarded points; it never
  decreases and carries over from year to year.
* annual (年度等级分) = year-start base + Σ game points; a win adds 16 × the
  opponent's multiplier, a loss subtracts 16 × the player's own multiplier,
  a draw does half of each (SPEC's configurable default).  The base is the
  basic score for a kyu rank, basic ÷ coefficient truncated to 2 decimals and
  at least 200 for a dan rank, 0 for 无级.

The rank standard is the highest rank whose basic score ≤ the cumulative
score; while the committee has not certified it the player is called N格.

Ladder values marked ``# reconstructed`` were lost with the seed's tables
(SPEC §4); the others are stated in the seed.  All are editable.

Seed typos not followed: "四段2000÷6=333.23" (333.33), "七段16×7=113" (112),
"1×14.4=14.44" (14.4).  The seed writes "年初基础分×对局分" but both of its worked
examples *add*; we follow the examples.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ParameterError, RatingInputError, Where
from ..i18n.catalogue import checks as C
from ..i18n.catalogue import rules as M
from . import sample_kit
from .base import (ChangeLine, CheckLog, GameAudit, PeriodFacts, Phrase, RatingLine, Sheet, StandardLine, State,
                   System, audit_on, cols)
from .common import Tallies, placed, with_place
from .feed import GameFeed, MemoryFeed
from .lookup import same_length, truncate
from .period import YEARS, Period
from .ranks import Ladder, Rank, parse_rank
from .records import Event, Game, Player, Records


@dataclass(frozen=True)
class PengRank:
    """One rung of the ladder: basic score, coefficient A, annual multiplier."""

    rank: Rank
    basic: float
    coefficient: float
    multiplier: float
    stated: bool = True   #: False where the value is reconstructed (SPEC §4)


def _kyu(n: int, basic: float, a: float, mult: float, stated: bool) -> PengRank:
    return PengRank(Rank.kyu(n), basic, a, mult, stated)


# seed 000 (SPEC §4 table).  ``stated=False``: reconstructed values.
LADDER: tuple[PengRank, ...] = (
    PengRank(Rank.none(), 0, 1, 0.03125),
    _kyu(15, 10, 1.00, 0.04, True),
    _kyu(14, 20, 1.02, 0.05, False),          # reconstructed basic and A
    _kyu(13, 30, 1.04, 0.06, False),          # reconstructed
    _kyu(12, 40, 1.06, 0.07, False),          # reconstructed
    _kyu(11, 50, 1.08, 0.08, False),          # reconstructed
    _kyu(10, 60, 1.10, 0.09, False),          # reconstructed A
    _kyu(9, 70, 1.12, 0.1, False),            # reconstructed
    _kyu(8, 80, 1.14, 0.2, False),            # reconstructed
    _kyu(7, 90, 1.16, 0.3, False),            # reconstructed
    _kyu(6, 100, 1.18, 0.4, False),           # reconstructed
    _kyu(5, 110, 1.2, 0.5, True),
    _kyu(4, 130, 1.4, 0.6, False),            # reconstructed
    _kyu(3, 155, 1.6, 0.7, False),            # reconstructed
    _kyu(2, 180, 1.8, 0.8, False),            # reconstructed A
    _kyu(1, 200, 2, 0.9, True),
    PengRank(Rank.dan(1), 300, 3, 1, False),   # reconstructed A
    PengRank(Rank.dan(2), 600, 4, 2, False),   # reconstructed (seed: 620 ≥ 二段 standard)
    PengRank(Rank.dan(3), 1000, 5, 3, True),
    PengRank(Rank.dan(4), 2000, 6, 4, True),
    PengRank(Rank.dan(5), 4000, 7, 5, True),
    PengRank(Rank.dan(6), 7000, 8, 6, True),
    PengRank(Rank.dan(7), 10000, 9, 7, True),
    PengRank(Rank.dan(8), 20000, 10, 8, True),
    PengRank(Rank.dan(9), 50000, 20, 9, True),
)

# Event levels (seed 000 intro): which ranks a game of that level counts for.
# (lowest rank, highest rank) inclusive; None = open-ended.
EVENT_LEVELS: tuple[tuple[str, Rank | None, Rank | None], ...] = (
    ("national", Rank.dan(5), None),
    ("provincial", Rank.kyu(1), Rank.dan(4)),
    ("district", None, Rank.kyu(2)),
)
LEVEL_ALIASES = {"national": "national", "国家": "national", "全国": "national",
                 "world": "national", "世界": "national", "国际": "national",
                 "provincial": "provincial", "省": "provincial", "省市": "provincial",
                 "市": "provincial", "city": "provincial",
                 "district": "district", "区": "district", "县": "district", "区县": "district",
                 "county": "district", "國家": "national", "全國": "national", "國際": "national",
                 "區": "district", "縣": "district", "區縣": "district"}


@dataclass(frozen=True)
class PengParams:
    """Every default of SPEC §4; override any field (Settings sheet or Python)."""

    ladder_rows: tuple[PengRank, ...] = LADDER
    win_points: float = 2        #: D for the cumulative score
    draw_points: float = 1
    annual_win: float = 16       #: × opponent's multiplier
    annual_loss: float = 16      #: × own multiplier
    annual_draw_gain: float = 8  #: × opponent's multiplier (SPEC default; seed silent)
    annual_draw_loss: float = 8  #: × own multiplier
    dan_base_min: float = 200    #: a dan's year-start base is at least this
    base_decimals: int = 2       #: basic ÷ A truncated to this many decimals
    event_levels: tuple[tuple[str, Rank | None, Rank | None], ...] = EVENT_LEVELS
    ladder: Ladder = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladder",
                           Ladder(tuple((r.rank, r.basic) for r in self.ladder_rows), "peng"))

    def rung(self, rank: Any) -> PengRank:
        r = parse_rank(rank)
        for row in self.ladder_rows:
            if row.rank == r:
                return row
        self.ladder.value(r)  # raises UnknownRankError naming the ladder
        raise AssertionError


DEFAULTS = PengParams()


def basic(rank: Any, params: PengParams = DEFAULTS) -> float:
    return params.rung(rank).basic


def year_base(rank: Any, params: PengParams = DEFAULTS) -> float:
    """Year-start base of the annual score (无级 0; kyu basic; dan basic÷A ≥ 200)."""
    row = params.rung(rank)
    if row.rank.kind != "dan":
        return row.basic
    return max(params.dan_base_min, truncate(row.basic / row.coefficient, params.base_decimals))


def annual_points(rank: Any, opponent: Any, score: float, params: PengParams = DEFAULTS) -> float:
    """Annual points of one game: + 16·mult(opponent) for a win, − 16·mult(own) for a loss."""
    own, opp = params.rung(rank), params.rung(opponent)
    if score == 1:
        return params.annual_win * opp.multiplier
    if score == 0:
        return -params.annual_loss * own.multiplier
    return params.annual_draw_gain * opp.multiplier - params.annual_draw_loss * own.multiplier


def cumulative_points(opponent: Any, score: float, params: PengParams = DEFAULTS) -> float:
    """Cumulative points of one game: A(opponent)·D, D = 2/1/0 (never negative)."""
    d = params.win_points if score == 1 else params.draw_points if score == 0.5 else 0.0
    return params.rung(opponent).coefficient * d


def annual(rank: Any, opponents: Sequence[Any], scores: Sequence[float],
           base: float | None = None, params: PengParams = DEFAULTS) -> float:
    same_length(opponents, scores)
    start = year_base(rank, params) if base is None else base
    return start + sum(annual_points(rank, o, s, params)
                       for o, s in zip(opponents, scores, strict=True))


def cumulative(rank: Any, opponents: Sequence[Any], scores: Sequence[float], tests: float = 0,
               bonus: float = 0, start: float | None = None,
               params: PengParams = DEFAULTS) -> float:
    same_length(opponents, scores)
    first = basic(rank, params) if start is None else start
    return first + sum(cumulative_points(o, s, params)
                       for o, s in zip(opponents, scores, strict=True)) + tests + bonus


def standard(value: float, params: PengParams = DEFAULTS) -> Rank:
    """Highest rank whose basic score ≤ value (无级 below 15级)."""
    return params.ladder.standard(value) or Rank.none()


def label(value: float, certified: Any | None = None, params: PengParams = DEFAULTS) -> str:
    """The standard's name, or its 格 name when the certified rank is below it."""
    std = standard(value, params)
    if certified is not None and str(certified).strip():
        if parse_rank(certified) < std:
            return std.grid()
    return std.chinese()


def level_covers(level: str | None, rank: Any, params: PengParams = DEFAULTS) -> bool:
    """Does an event of ``level`` count for a player of ``rank``? Blank level: yes."""
    if level is None or not str(level).strip():
        return True
    key = LEVEL_ALIASES.get(str(level).strip().lower())
    if key is None:
        raise ParameterError(M.PENG_UNKNOWN_LEVEL(), value=level)
    r = parse_rank(rank)
    for name, low, high in params.event_levels:
        if name == key:
            return (low is None or r >= low) and (high is None or r <= high)
    return True


def check_event(ev: Event, params: PengParams) -> None:
    """An event whose level is not national, provincial or district (or their
    Chinese names) is refused: which ranks it counts for cannot be known."""
    level = str(ev.level or "").strip()
    if level and LEVEL_ALIASES.get(level.lower()) not in {name for name, _, _ in params.event_levels}:
        raise ParameterError(M.PENG_UNKNOWN_LEVEL(), value=ev.level, where=Where(column="level"))


# --------------------------------------------------------------------------- facts

@dataclass(frozen=True, slots=True)
class PengRatingLine(RatingLine):
    rank: Rank = field(default_factory=Rank.none)   #: certified rank at the period's end
    base: float = 0.0               #: year-start base of the annual score
    annual: float = 0.0             #: 年度等级分
    points: float = 0.0             #: test and bonus points of the period
    standard: Rank = field(default_factory=Rank.none)
    label: str = ""                 #: the standard's name, or its 格 name when not certified


@dataclass(frozen=True, slots=True)
class PengChangeLine(ChangeLine):
    rank: Rank = field(default_factory=Rank.none)   #: the rank the points were computed at
    annual: float = 0.0             #: annual points (``change`` holds the cumulative points)


@dataclass(frozen=True, slots=True)
class PengStandardLine(StandardLine):
    coefficient: float = 1.0
    multiplier: float = 0.0
    base: float = 0.0
    source: Phrase = field(default_factory=lambda: Phrase("source.seed"))


@dataclass
class PengState(State):
    rank: Rank = field(default_factory=Rank.none, metadata={"kind": "rank"})   #: certified rank
    annual: float | None = field(default=None, metadata={"kind": "dec2"})


# --------------------------------------------------------------------------- period engine

def start_state(p: Player, params: PengParams) -> PengState:
    rank = p.rank or Rank.none()
    cum = p.rating if p.rating is not None else params.rung(rank).basic
    return PengState(cum, p.games or 0, p.events or 0, cum, "active", rank=rank)


def _order(todo: list[Game]) -> None:
    """Date, then sheet row."""
    todo.sort(key=lambda g: (g.date, g.row))


def _games(games: Iterable[Game], records: Records, rank0: Mapping[str, Rank], annual: dict[str, float],
           cum: dict[str, float], games_n: dict[str, int], period_games: dict[str, int], params: PengParams,
           checks: CheckLog, trail: list[GameAudit] | None = None) -> Tallies:
    """Every game's annual and cumulative points, from the ranks held at the year's start
    (``trail``: each game's points from each side are added to it, for the player pages)."""
    players = records.players
    acc = Tallies()
    for g in games:
        ev = records.events[g.event]
        if g.result.forfeit:
            checks.add("peng.forfeit", "Games", g.row, player=g.player, opponent=g.opponent)
            if trail is not None:
                trail += [GameAudit(g.player, g.opponent, g.event, g.row, (), "forfeit"),
                          GameAudit(g.opponent, g.player, g.event, g.row, (), "forfeit")]
            continue
        for p, q, s in ((g.player, g.opponent, g.result.score), (g.opponent, g.player, 1 - g.result.score)):
            try:
                covered = level_covers(ev.level, rank0[p], params)
            except RatingInputError:
                checks.add("peng.unknown_level", "Events", ev.row, event=ev.name, level=ev.level)
                covered = True
            if not covered:
                checks.add("peng.level", "Games", g.row, player=players[p].name, rank=rank0[p],
                           event=ev.name, level=ev.level)
                if trail is not None:
                    trail.append(GameAudit(p, q, g.event, g.row, (), "level"))
                continue
            ap = annual_points(rank0[p], rank0[q], s, params)
            cp = cumulative_points(rank0[q], s, params)
            if trail is not None:
                trail.append(GameAudit(p, q, g.event, g.row, (      # in audit_columns' order
                    rank0[p], rank0[q], params.rung(rank0[q]).coefficient, cp, ap)))
            annual[p] += ap
            cum[p] += cp
            games_n[p] += 1
            period_games[p] += 1
            acc[p, g.event].add(s, change=ap, other=cp)
    return acc


def process(records: Records, states: Mapping[str, PengState], period: Period,
            params: PengParams, feed: GameFeed | None = None, checks: CheckLog | None = None) -> PeriodFacts:
    """A year: the annual score restarts from the base of the rank held on
    Jan 1; the cumulative score carries over and never decreases.  Ranks used
    for A and the multipliers are the certified ranks held at the year's
    start; a rank awarded during the year (Awards sheet) counts from the next
    year.  ``feed``: where the games come from (default: ``records.games``);
    ``checks``: the period's check log."""
    feed = feed if feed is not None else MemoryFeed(records)
    checks = checks if checks is not None else CheckLog()
    players = records.players
    rank0 = {pid: st.rank for pid, st in states.items()}
    cum: dict[str, float] = {}
    for pid, st in states.items():
        assert st.rating is not None   # start_state gives everyone a cumulative score
        cum[pid] = st.rating
    annual = {pid: year_base(rank0[pid], params) for pid in players}
    base = dict(annual)
    games_n = {pid: st.games for pid, st in states.items()}
    period_games: dict[str, int] = defaultdict(int)
    trail: list[GameAudit] | None = [] if audit_on(feed) else None
    acc = _games(feed.dated(period, _order), records, rank0, annual, cum, games_n, period_games, params, checks,
                 trail)
    extra_points: dict[str, float] = defaultdict(float)
    for e in records.points:
        if period.contains(e.date):
            cum[e.player] += e.points
            extra_points[e.player] += e.points
            checks.add(f"peng.{e.kind}", "Points", e.row, player=players[e.player].name, points=e.points,
                       note=e.note or e.kind)
    rank_end = dict(rank0)
    for a in records.awards:
        if a.date is None or period.contains(a.date):
            try:
                r = parse_rank(a.award)
                params.rung(r)
            except RatingInputError:
                checks.add("peng.award", "Awards", a.row, award=a.award)
                continue
            if r > rank_end[a.player]:
                rank_end[a.player] = r
    changes: list[ChangeLine] = [PengChangeLine(pid, ev, t.games, t.score, None, None, t.other,
                                                rank=rank0[pid], annual=t.change)
                                 for (pid, ev), t in acc.items()]
    new_states: dict[str, State] = {}
    lines: list[PengRatingLine] = []
    for pid in players:
        st = states[pid]
        status = "active" if period_games.get(pid) else "inactive"
        new_states[pid] = PengState(cum[pid], games_n[pid], st.events, max(st.peak or 0, cum[pid]), status,
                                    period_games.get(pid, 0), rank=rank_end[pid], annual=annual[pid])
        lines.append(PengRatingLine(pid, st.rating, cum[pid], status, games_n[pid], period_games.get(pid, 0),
                                    rank=rank_end[pid], base=base[pid], annual=annual[pid],
                                    points=extra_points.get(pid, 0.0), standard=standard(cum[pid], params),
                                    label=label(cum[pid], rank_end[pid], params)))
    ratings: list[RatingLine] = [with_place(x, place) for x, place in placed(lines, annual)]
    standards: list[StandardLine] = [
        PengStandardLine(r.rank, r.basic, sum(1 for x in lines if x.standard == r.rank), r.coefficient,
                         r.multiplier, year_base(r.rank, params),
                         Phrase("source.seed" if r.stated else "source.reconstructed"))
        for r in sorted(params.ladder_rows, key=lambda r: r.rank, reverse=True)]
    return PeriodFacts("peng", period, ratings, changes, checks.finish(), new_states, standards,
                       games=trail or [])



# --------------------------------------------------------------------------- words

WORDS: dict[str, str] = {      # the words of its sheets' cells (labels)
    "source.seed": "规则原文 stated",
    "source.reconstructed": "reconstructed 重建",
}


def _settings_rows(params: PengParams) -> list[tuple[str, Any, str]]:
    """Every rung of the ladder, editable in the Settings sheet: those the rulebook states,
    and those reconstructed where it is silent (said so)."""
    rows = []
    for r in params.ladder_rows:
        note = ("规则原文，可修改 as the rulebook states it, editable" if r.stated else
                "重建值（规则未列明），可修改 reconstructed (the rulebook is silent), editable")
        for attr in ("basic", "coefficient", "multiplier"):
            rows.append((f"{attr}.{r.rank.chinese()}", getattr(r, attr), note))
    return rows


def _setting(params: PengParams, key: str, value: Any) -> PengParams | None:
    """``basic.二段`` = 620, ``coefficient.初段`` = 3, ``multiplier.14级`` = 0.05:
    one rung of the ladder (marked as not the rulebook's when the value differs from it)."""
    import dataclasses

    attr, dot, rank_text = key.partition(".")
    if not dot or attr not in ("basic", "coefficient", "multiplier"):
        return None
    rank = parse_rank(rank_text)
    params.rung(rank)
    try:
        number = float(str(value).strip()) if isinstance(value, str) else float(value)
    except (TypeError, ValueError):
        raise ParameterError(M.MUST_BE_NUMBER(), value=value) from None
    rung: dict[str, Any] = {attr: number}   # one of the float fields named in ``attr``
    # the rulebook's own value typed again stays the rulebook's (the template writes every rung)
    rows = tuple(dataclasses.replace(r, **rung, stated=r.stated and getattr(r, attr) == number)
                 if r.rank == rank else r for r in params.ladder_rows)
    return dataclasses.replace(params, ladder_rows=rows)


def _standard_name(value: float, certified: Any = None) -> str:
    return label(value, certified)


# --------------------------------------------------------------------------- sample

#: The sample's club: the code a pairing program writes, the name the Players sheet writes.
CLUBS = (("PS", "彭氏连珠俱乐部", "彭氏"),)


def sample() -> dict[str, list[list[Any]]]:
    """A Renju club year: national, provincial and district events, tests and a bonus."""
    day = sample_kit.day
    f = sample_kit.SampleFederation(2026_000, "peng")
    ranks = ["七段", "六段", "五段", "五段", "四段", "三段", "三段", "二段", "初段", "初段", "1级", "2级", "3级",
             "4级", "5级", "5级", "6级", "8级", "10级", "12级", "15级", "无级", "无级", "无级"]
    basic_of = {"七段": 10000, "六段": 7000, "五段": 4000, "四段": 2000, "三段": 1000, "二段": 600, "初段": 300,
                "1级": 200, "2级": 180, "3级": 155, "4级": 130, "5级": 110, "6级": 100, "8级": 80, "10级": 60,
                "12级": 40, "15级": 10, "无级": 0}
    for i, rank in enumerate(ranks, start=1):
        pid = f"PG{i:03d}"
        strength = 2300 - 40 * i
        f.player(pid, strength, sex="M" if i % 3 else "F", club="彭氏连珠俱乐部", rank=rank,
                 rating=basic_of[rank] + round(f.rnd.uniform(0, 30), 1), games=None, events=None, peak=None,
                 title="", member="yes")
    ids = [p["id"] for p in f.players]
    specs = [("PG26-N", "2026全国连珠锦标赛", day(2026, 4, 3), day(2026, 4, 5), "national", ids[:5]),
             ("PG26-P", "2026省连珠赛", day(2026, 6, 6), day(2026, 6, 7), "provincial", ids[4:12]),
             ("PG26-D", "2026区县连珠赛", day(2026, 8, 8), day(2026, 8, 9), "district", ids[11:24]),
             ("PG26-O", "2026俱乐部公开赛", day(2026, 10, 10), day(2026, 10, 11), "", ids[5:24])]
    for eid, name, a, b, level, who in specs:
        ev = {"event": eid, "name": name, "start": a, "end": b, "format": "round_robin", "class": "",
              "level": level, "champion": None}
        f.events.append(ev)
        f.round_robin(ev, list(who), words=True)
    g = next(x for x in f.games if x["event"] == "PG26-O")
    g["result"] = "1*"
    f.points += [{"player": "PG022", "date": day(2026, 5, 1), "kind": "test", "points": 20, "note": "限时做题测试"},
                 {"player": "PG022", "date": day(2026, 9, 1), "kind": "test", "points": 11, "note": "不限时做题测试"},
                 {"player": "PG008", "date": day(2026, 11, 1), "kind": "bonus", "points": 50, "note": "推广连珠贡献"}]
    f.awards.append({"player": "PG009", "award": "二段", "date": day(2026, 12, 1)})
    return f.tables([["system", "peng"], ["federation", "彭氏连珠等级分 (示例)"]], CLUBS)


# --------------------------------------------------------------------------- the record

SYSTEM = System(
    name="peng",
    game="renju",
    title="彭氏连珠等级分 (Peng's Renju rating)",
    federation="彭氏连珠等级分",
    lang="zh-Hans",
    params_type=PengParams,
    state_type=PengState,
    calendar=YEARS,
    start_state=start_state,
    process=process,
    sheets=(
        Sheet("Ratings", "ratings", cols(
            "place", "id", "name", "club", "rank:rank", "base:dec2", "annual:dec2", "old:dec2",
            "cumulative=new:dec2", "change:signed2", "points:dec2", "standard:rank", "label", "status:status",
            "games", "period_games")),
        Sheet("Changes", "changes", cols(
            "id", "name", "event", "event_name", "rank:rank", "games", "score", "annual:signed2",
            "cumulative=change:signed2")),
        Sheet("Standards", "standards", cols(
            "rank:rank", "basic=rating", "coefficient", "multiplier", "base:dec2", "count", "source:phrase")),
    ),
    messages=C.PENG,
    words=WORDS,
    rank_name=Rank.chinese,
    standard_name=_standard_name,
    rank_rating=lambda rank: DEFAULTS.ladder.value(rank),
    sample=sample,
    history_title="累积等级分",
    ranked_by="annual",
    terms={"old": "原累积等级分", "new": "累积等级分", "change": "累积分变化"},
    json_players=("annual", "cumulative=new", "standard", "label"),
    json_changes=("annual",),
    input_sheets=("Points",),
    settings_rows=_settings_rows,
    setting=_setting,
    # cumulative scores: 无级 starts at 0; 九段's basic score is 50,000
    rating_range=(0, 1_000_000),
    check_event=check_event,
    pairing_layouts=("csv", "fide"),    # FIDE's 4-digit rating column holds cumulative scores below 10,000 only
    # each game's points (seed §2, §年度): A(opponent)·D to the cumulative, ±16·multiplier to the annual
    audit_columns=(("own_rank", "rank"), ("opponent_rank", "rank"), ("opponent_coefficient", "decimal2"),
                   ("game_cumulative", "signed2"), ("game_annual", "signed2")),
    audit_note=("累积分 = 对手系数 A × D（胜 2，和 1，负 0）；年度分：胜 +16 × 对手倍数，负 −16 × 本人倍数，"
                "和 +8 × 对手倍数 − 8 × 本人倍数；段级为年初所持。",
                "Cumulative points = the opponent's A × D (win 2, draw 1, loss 0); annual points: a win "
                "+16 × the opponent's multiplier, a loss −16 × one's own, a draw +8 × the opponent's − 8 × "
                "one's own; ranks as held on Jan 1."),
)
