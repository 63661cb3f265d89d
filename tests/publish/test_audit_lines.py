"""Issue 26: every system's player pages audit each line against the rulebook.

Each system's processed sample is published; on every player page the games'
audit columns are read back and added up as the rulebook adds them, and the
sums must be the published change report and list -- exactly, with the
rounding the rulebook applies.  The test is parametrised over the systems
registry: a system with no audit lines, or whose lines no checker below
reads, fails.
"""

from __future__ import annotations

from decimal import Decimal

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest
from helpers import processed_sample

from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish.build import build_site
from xl_ratings.publish.standings import own_result
from xl_ratings.systems import REGISTRY, lianzhong, shanghai
from xl_ratings.systems.lookup import round_half_away, round_half_up


@pytest.fixture(scope="module", params=sorted(REGISTRY))
def published(request, tmp_path_factory):
    name = request.param
    book = processed_sample(tmp_path_factory.mktemp(name), name)
    outcome = published_outcome(book)
    return name, outcome, build_site(outcome)


def _rows(site: Any, outcome: Any) -> dict[str, list[tuple[str, float, dict[str, Any]]]]:
    """Each player's audited games: (event id, own score, row)."""
    event_of = {f"events/{e.slug}.html": e.id for e in site.events}
    zh = lambda s: s  # noqa: E731 -- a traditional site's English words are the same
    scores = {own_result(s, False, zh).split(" ")[1]: s for s in (1.0, 0.5, 0.0)}     # win, draw, loss
    out = {}
    for page in site.players:
        out[page.id] = [(event_of[r["event"].href], scores[r["result"].split(" ")[1]], r) for r in page.games.rows]
    return out


def _lines(outcome: Any) -> dict[tuple[str, str], list[Any]]:
    found = defaultdict(list)
    for r in outcome.results:
        for c in r.changes:
            found[(c.id, c.event)].append(c)
    return found


def check_gor(outcome: Any, site: Any) -> int:
    lines, checked = _lines(outcome), 0
    for pid, games in _rows(site, outcome).items():
        total: dict[str, float] = defaultdict(float)
        for ev, _, r in games:
            if r["game_change"] is not None:
                total[ev] += r["game_change_exact"]         # what the rulebook computed (shown: rounded)
                assert abs(r["game_change"] - Decimal(repr(r["game_change_exact"]))) <= Decimal("0.01")
        for ev, change in total.items():
            (line,) = lines[(pid, ev)]
            if line.own + change >= outcome.params.floor:   # the floor (§2) stops a change at 100
                assert change == pytest.approx(line.change, abs=1e-9)
                checked += 1
    return checked


def check_lianzhong(outcome: Any, site: Any) -> int:
    """Game by game (§5–§6): the ratings before each game chain exactly from the period's old
    rating to its new one; each change is K·(W − We)·factor; the changes add up to the report."""
    params, lines, checked = outcome.params, _lines(outcome), 0
    ratings = {(x.id, r.period.label): x for r in outcome.results for x in r.ratings}
    for pid, games in _rows(site, outcome).items():
        by_period: dict[str, list[dict[str, Any]]] = defaultdict(list)
        total: dict[str, float] = defaultdict(float)
        for ev, score, r in games:
            if r["game_change"] is None:
                assert r["game_note"]                      # a game that did not count says why
                continue
            assert r["game_expected"] == lianzhong.expected(r["own_before"], r["opponent_rating"], params)
            assert r["game_k"] == lianzhong.k_factor(r["own_before"], params)
            assert r["game_change_exact"] == pytest.approx(r["game_k"] * (score - r["game_expected"]) * r["game_factor"],
                                                           abs=1e-9)
            assert abs(r["game_change"] - Decimal(repr(r["game_change_exact"]))) <= Decimal("0.01")   # shown
            by_period[r["period"]].append(r)
            total[ev] += r["game_change_exact"]
        for label, rows in by_period.items():
            x = ratings[(pid, label)]
            assert rows[0]["own_before"] == x.old
            for a, b in zip(rows, rows[1:]):
                assert b["own_before"] == a["own_after"] == a["own_before"] + a["game_change_exact"]   # exactly
            assert rows[-1]["own_after"] == x.new          # the list's rating (shown to 2 decimals)
            checked += 1
        for ev, change in total.items():
            (line,) = lines[(pid, ev)]
            assert change == pytest.approx(line.change, abs=1e-9)
    return checked


def check_shanghai(outcome: Any, site: Any) -> int:
    """Per event (§九): the counted games' opponent ratings give the line's mean; D, PC, We and
    ΔR follow; the period's ΔR added to the old rating, rounded half up, is the new one."""
    params, lines, checked = outcome.params, _lines(outcome), 0
    pages = {p.id: p for p in site.players}
    entries = {(e.id, e.period.label): e for e in outcome.ledger.entries}
    for pid, games in _rows(site, outcome).items():
        groups: dict[tuple[str, float], list[tuple[float, float]]] = defaultdict(list)
        for ev, score, r in games:
            if r["opponent_rating"] is None:
                continue
            groups[(ev, r["own_used"])].append((r["opponent_rating"], score))
        delta: dict[str, float] = defaultdict(float)
        for (ev, own), played in groups.items():
            line = next(c for c in lines[(pid, ev)] if c.own == own)
            n = len(played)
            mean = sum(o for o, _ in played) / n
            d = round_half_away(own - mean)
            we = n * shanghai.expected_score(d, params)
            assert (line.games, line.difference) == (n, d)
            assert line.opponent_mean == pytest.approx(mean, abs=1e-9)
            assert line.score == sum(s for _, s in played)
            assert line.expected == pytest.approx(we, abs=1e-12)
            assert line.change == pytest.approx(line.k * (line.score - we), abs=1e-9) or \
                (line.change == 0.0 and outcome.records.events[ev].champion == pid)
            label = next(q for q, c in ((q, c) for r in outcome.results for q, c in
                                        ((r.period.label, c) for c in r.changes)) if c is line)
            delta[label] += line.change
            audit = pages[pid].audit
            assert audit is not None
            page = f"/{ev.lower()}.html"
            shown = [a["computation"] for a in audit.rows if getattr(a["event"], "href", "").endswith(page)]
            assert any(f"We = {n} × " in t and f"{line.expected:.2f}" in t for t in shown)
        for label, change in delta.items():
            e = entries[(pid, label)]
            if e.old is not None and e.state.status == "active" and e.state.rating is not None:
                standard = e.state.rating
                assert standard == round_half_up(e.old + change) or standard > round_half_up(e.old + change)
                checked += standard == round_half_up(e.old + change)     # §十二 raises some to a title
                # the page's period total: old + each ΔR = the sum → the published rating
                (row,) = [a for a in pages[pid].audit.rows
                          if a["period"] == label and "period total" in str(a["event"])]
                shown = row["computation"].replace("−", "-")
                assert shown.startswith(f"{e.old:.0f} ") and f"= {e.old + change:.2f} → {standard:.0f}" in shown
    return checked


def check_peng(outcome: Any, site: Any) -> int:
    """Per game (§2, §年度): A(opponent)·D to the cumulative score, ±16·multiplier to the annual;
    per event they add up to the report, per year to the list (the cumulative with the tests'
    and bonus points)."""
    lines, checked = _lines(outcome), 0
    ratings = {(x.id, r.period.label): x for r in outcome.results for x in r.ratings}
    for pid, games in _rows(site, outcome).items():
        cum: dict[str, float] = defaultdict(float)
        annual: dict[str, float] = defaultdict(float)
        per_year: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for ev, score, r in games:
            if r["game_cumulative"] is None:
                assert r["game_note"]
                continue
            assert r["game_cumulative"] == r["opponent_coefficient"] * {1.0: 2, 0.5: 1, 0.0: 0}[score]
            cum[ev] += r["game_cumulative"]
            annual[ev] += r["game_annual"]
            per_year[r["period"]][0] += r["game_cumulative"]
            per_year[r["period"]][1] += r["game_annual"]
        for ev in cum:
            (line,) = lines[(pid, ev)]
            assert (cum[ev], annual[ev]) == (pytest.approx(line.change, abs=1e-9), pytest.approx(line.annual, abs=1e-9))
        for label, (c, a) in per_year.items():
            x = ratings[(pid, label)]
            assert x.new == pytest.approx(x.old + c + x.points, abs=1e-9)
            assert x.annual == pytest.approx(x.base + a, abs=1e-9)
            checked += 1
    return checked


#: how each system's lines add up (a system missing here has no audit a test reads: it fails)
CHECKS: dict[str, Callable[[Any, Any], int]] = {
    "gor": check_gor, "lianzhong": check_lianzhong, "shanghai": check_shanghai, "peng": check_peng}


def test_every_system_audits_each_game(published):
    name, outcome, site = published
    system = REGISTRY[name]
    assert system.game_line is not None or system.audit_columns, f"{name}: no per-game audit lines"
    audited = {"opponent_rating", "game_expected", "game_change"} if system.game_line else \
        {k for k, _ in system.audit_columns}
    counted = 0
    for page in site.players:
        keys = {c.key for c in page.games.columns}
        assert audited <= keys
        assert not page.games.rows or (page.games.note is not None and page.games.note.en)   # how they are computed
        counted += sum(1 for r in page.games.rows if any(r.get(k) is not None for k in audited))
    assert counted > 50


def test_the_lines_add_up_to_the_published_change(published):
    name, outcome, site = published
    assert name in CHECKS, f"{name}: no test adds its audit lines up"
    assert CHECKS[name](outcome, site) > 10

