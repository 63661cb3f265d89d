"""What a player reads on the published player page adds up, in the numbers as shown
(two decimals), not only unrounded (tests/publish/test_audit_lines.py checks those):

- gor: an event's game lines (本局變動 change) sum to its change-report line (變化 change);
- lianzhong: each game's rating before + its change = the rating after, as printed.

Found by hand on the samples: gor HK004's 2026全港公開賽 shows +4.96 +0.29 +1.12 −3.33 +1.75
−6.00 = −1.21 over a line of −1.22 (35 of the sample's 108 event lines are off by 0.01-0.02);
lianzhong 179 of 788 game lines print before + change ≠ after.  Each line is rounded on its
own.  Now each game's shown change is the difference of the rounded running sums
(publish/build.py, ``_lines_add_up``): the lines add up, each within 0.01 of its rulebook value
(tests/publish/test_audit_lines.py checks that and the unrounded values).
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from pathlib import Path

import pytest
from helpers import processed_sample, run_cli



def _tables(page: str) -> list[tuple[list[str], list[dict[str, str]]]]:
    out = []
    # a player's tables: "data stack h…" (stacked on a phone)
    for tb in re.findall(r'<table class="data(?: [^"]*)?">(.*?)</table>', page, re.S):
        head, _, body = tb.partition("</thead>")
        keys = re.findall(r'data-key="([^"]+)"', head)
        rows = [dict(zip(keys, (html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
                                for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tr, re.S))))
                for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
        out.append((keys, rows))
    return out


def _cents(text: str | None) -> int | None:
    """A printed number in hundredths (−1.22 → -122), None for a blank or a word."""
    t = (text or "").replace("−", "-").replace("+", "").replace(",", "")
    return round(float(t) * 100) if re.fullmatch(r"-?\d+(\.\d+)?", t) else None


def _pages(tmp_path: Path, system: str) -> list[tuple[str, list[tuple[list[str], list[dict[str, str]]]]]]:
    book = processed_sample(tmp_path, system)
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site) == 0
    pages = [(p.name, _tables(p.read_text(encoding="utf-8"))) for p in sorted((site / "players").glob("*.html"))]
    assert len(pages) > 20
    return pages


def test_gor_game_lines_add_up_to_the_event_line_as_printed(tmp_path):
    off, checked = [], 0
    for name, tables in _pages(tmp_path, "gor"):
        games = next((r for k, r in tables if "game_change" in k), [])
        events = next((r for k, r in tables if "event" in k and "k" in k and "change" in k), [])
        sums: dict[tuple[str, str], int] = defaultdict(int)
        for r in games:
            c = _cents(r.get("game_change"))
            if c is not None:
                sums[(r["period"], r["event"])] += c
        for r in events:
            c, key = _cents(r.get("change")), (r["period"], r["event"])
            own = _cents(r.get("own"))
            if c is not None and key in sums and own is not None and own + sums[key] < 100_00:
                continue            # the floor of 100 (§2) stops the change: the line says so, not the games
            if c is not None and key in sums:
                checked += 1
                if sums[key] != c:
                    off.append((name, key, sums[key], c))
    assert checked > 50
    assert off == []


def test_lianzhong_before_plus_change_is_after_as_printed(tmp_path):
    off, checked = [], 0
    for name, tables in _pages(tmp_path, "lianzhong"):
        for r in next((r for k, r in tables if "own_after" in k), []):
            b, c, a = (_cents(r.get(k)) for k in ("own_before", "game_change", "own_after"))
            if None not in (b, c, a):
                checked += 1
                if b + c != a:       # type: ignore[operator]
                    off.append((name, r["date"], r["own_before"], r["game_change"], r["own_after"]))
    assert checked > 200
    assert off == []
