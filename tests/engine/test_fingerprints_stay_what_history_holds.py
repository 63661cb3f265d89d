"""The History keeps each player's fingerprint of a period (:mod:`xl_ratings.engine.fingerprint`);
a later run recomputes it and compares.  Computing them column-wise must give the very digests the
one-game-at-a-time computation gave -- else every published workbook would be seen as changed.

Held two ways: against that computation itself (kept below, as it was), over the templates' records
and over records at the edges (-0.0, a forfeit, a game of another period's event dated inside, ids
that are not text, awards and points); and against the digests of the four templates' sample
records as the earlier versions wrote them into the History (a change of the templates' records
changes these: recompute them with the reference below, never with the code under test)."""

import dataclasses
import datetime as dt
import hashlib
import shutil
import zlib
from collections import defaultdict
from pathlib import Path

import pytest
from helpers import run_cli

from xl_ratings.engine.fingerprint import canon, canon12, params_digest, period_digests, settings_digest
from xl_ratings.engine.inputs import read_records
from xl_ratings.engine.ledger import Ledger
from xl_ratings.systems.game_result import Result
from xl_ratings.systems.period import Period
from xl_ratings.systems.records import Award, Game, PointsEntry
from xl_ratings.xlsx.read import read_workbook

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def _digest(text, size=6):
    return hashlib.blake2b(text.encode("utf-8"), digest_size=size).hexdigest()


def _h64(text):
    data = text.encode("utf-8")
    return (zlib.crc32(data) << 32) | zlib.crc32(data, 0x5BD1E995)


def reference_digests(records, period, kind="Y", settings=None):
    """period_digests as it was, one game at a time (xl-ratings 0.3 and the History it wrote)."""
    legacy = kind == "P"
    num = canon12 if kind == "Y" else repr
    events = records.events
    mask = (1 << 64) - 1
    games_sum = defaultdict(int)
    used_events = defaultdict(set)
    contains = period.contains
    in_period = {eid for eid, e in events.items() if contains(e.end)}
    days, rounds = {}, {}
    crc = zlib.crc32
    for ev, day, rnd, a, b, r, hc, _ in records.games:
        if ev not in in_period and not contains(day):
            continue
        d = days.get(day)
        if d is None:
            d = days[day] = day.isoformat()
        rd = rounds.get(rnd)
        if rd is None:
            rd = rounds[rnd] = canon(rnd)
        data = f"{ev}|{d}|{rd}|{a}|{b}|{r.score}|{r.forfeit}|{hc}".encode()
        h = (crc(data) << 32) | crc(data, 0x5BD1E995)
        games_sum[a] = (games_sum[a] + h) & mask
        games_sum[b] = (games_sum[b] + h) & mask
        used_events[a].add(ev)
        used_events[b].add(ev)
    for award in records.awards:
        if award.date is None or contains(award.date):
            games_sum[award.player] = (games_sum[award.player] + _h64(f"award|{award.award}|{award.date}")) & mask
    for e in records.points:
        if contains(e.date):
            games_sum[e.player] = (games_sum[e.player] + _h64(f"points|{e.date}|{e.kind}|{num(e.points)}")) & mask
    s = settings if settings is not None else "S" + settings_digest(records.settings)
    event_text = {eid: repr((e.id, e.name if legacy else None, e.start, e.end, e.format, e.cls or "A", e.level,
                             e.champion)) for eid, e in events.items()}
    out = {}
    for pid, p in records.players.items():
        if kind == "Y":
            rec = (p.sex, canon12(p.rank), canon12(p.rating), p.games, p.events,
                   canon12(p.peak), p.title, p.member, canon12(p.rif), p.wins)
        else:
            rec = (p.name if legacy else None, p.sex, p.club if legacy else None, p.rank, p.rating, p.games,
                   p.events, p.peak, p.title, p.member, p.rif, p.wins)
        evs = "\n".join(event_text[x] for x in sorted(used_events.get(pid, ())) if x in event_text)
        out[pid] = f"{s}:{kind}{_digest(f'{rec!r}|{games_sum.get(pid, 0)}|{evs}')}"
    return out


def template_records(system):
    path = TEMPLATES / f"{system}.xlsx"
    tables, _ = read_workbook(path)
    return read_records(tables, str(path))


def periods_of(records):
    days = sorted({g.date for g in records.games})
    return [Period(days[0], days[-1], "all"), Period(days[len(days) // 3], days[2 * len(days) // 3], "middle"),
            Period(days[0], days[0], "first day"), Period(dt.date(1990, 1, 1), dt.date(1990, 12, 31), "none")]


@pytest.mark.parametrize("system", ["shanghai", "gor", "peng", "lianzhong"])
def test_the_templates_records_give_the_digests_of_one_game_at_a_time(system):
    records = template_records(system)
    for period in periods_of(records):
        for kind in "YQP":
            assert period_digests(records, period, kind) == reference_digests(records, period, kind), (period, kind)


def test_records_at_the_edges_give_the_digests_of_one_game_at_a_time():
    records = template_records("shanghai")
    games = records.games
    zero, minus_zero = Result(0.0), Result(-0.0)          # equal, and written otherwise: 0.0 / -0.0
    assert zero == minus_zero and f"{minus_zero.score}" == "-0.0"
    edge = [g._replace(result=minus_zero) for g in games[:5]] + [g._replace(result=zero) for g in games[5:10]]
    edge += [g._replace(result=Result(1.0, True), handicap=-0.0) for g in games[10:15]]
    edge += [g._replace(round=r) for g, r in zip(games[15:21], [3, 3.0, "3", " 3", "第3轮", None])]
    other = next(e for e in records.events.values() if e.end > games[0].date)
    edge += [g._replace(event=other.id) for g in games[21:25]]      # another period's event, dated inside
    edge += list(games[25:])
    changed = dataclasses.replace(records, games=edge,
                                  awards=[Award(games[0].player, "初段", None), Award(games[1].player, "1段", games[1].date)],
                                  points=[PointsEntry(games[2].player, games[2].date, "bonus", 12.5)])
    for period in periods_of(changed) + [Period(games[0].date, games[0].date + dt.timedelta(days=40), "part")]:
        for kind in "YQP":
            assert period_digests(changed, period, kind) == reference_digests(changed, period, kind), (period, kind)
    # ids that are not text (records made by hand, not read from a sheet): written as an f-string writes them
    numbered = dataclasses.replace(records, games=[Game(7, g.date, g.round, g.player, g.opponent, g.result,
                                                        g.handicap, g.row) for g in games[:30]],
                                   events={**records.events, 7: dataclasses.replace(other, id=7)})
    period = periods_of(numbered)[0]
    assert period_digests(numbered, period) == reference_digests(numbered, period)


#: sha256 of "period kind id digest" lines of the templates' processed periods, as 0.3 wrote them
TEMPLATE_DIGESTS = {
    "shanghai": (228, "fb12742926bbd25b1596d0241b3bbef39bdd27fc6a04527b563b942437cb0949"),
    "gor": (240, "1b35bd7410e6609b48e0851d0919e8355cceccb47afbca874dfb5a0d6fc564ba"),
    "peng": (72, "35d5668a5306d3c5a463b60b39aa81541aa04f0bc72b6977ebfb14336970ab19"),
    "lianzhong": (90, "020dd158aeb75b12215c3addca0209968590ee91816d153a162a0cb21e227285"),
}


@pytest.mark.parametrize("system", sorted(TEMPLATE_DIGESTS))
def test_the_templates_digests_are_those_published_workbooks_hold(system, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-31")
    book = tmp_path / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    assert run_cli("process", book) == 0, capsys.readouterr().err
    tables, _ = read_workbook(book)
    records = read_records(tables, str(book))
    lines = []
    for q in Ledger.from_tables(tables, records.system).periods():
        for kind in "YQP":       # each format with its settings part, as the run compares them
            settings = params_digest(records.system.name, records.params) if kind == "Y" \
                else "S" + settings_digest(records.settings)
            digests = period_digests(records, q, kind, settings)
            lines += [f"{q.label} {kind} {pid} {v}" for pid, v in sorted(digests.items())]
    assert (len(lines), hashlib.sha256("\n".join(lines).encode()).hexdigest()) == TEMPLATE_DIGESTS[system]
