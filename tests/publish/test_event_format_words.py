"""An event page says its format in words, in the workbook's script -- 循環賽 round robin,
積分編排制 Swiss, 麥克馬洪制 McMahon (an event with starting scores) -- never the Events sheet's
raw key (round_robin, swiss)."""

from __future__ import annotations

import re

from helpers import processed_sample
from xl_ratings.jobs.publish import publish
from xl_ratings.systems import SYSTEMS


def _format_fact(page: str) -> str:
    m = re.search(r"<dt>(?:賽制|赛制) .*?</dt><dd>([^<]+)</dd>", page)
    assert m, page[:2000]
    return m.group(1).strip()


def test_the_hong_kong_events_say_their_format_in_words(tmp_path):
    book = processed_sample(tmp_path, "gor")
    publish(book, site=str(tmp_path / "site"))
    events = tmp_path / "site" / "events"
    said = {p.stem: _format_fact(p.read_text(encoding="utf-8")) for p in events.glob("*.html")}
    assert said["hk26-o"] == "麥克馬洪制 McMahon"          # the sample's open has starting scores
    assert said["hk26-s"] == "積分編排制 Swiss"
    assert set(said.values()) <= {"麥克馬洪制 McMahon", "積分編排制 Swiss", "循環賽 round robin", "對局 single games"}


def test_no_event_page_shows_a_raw_format_key(tmp_path):
    for system in SYSTEMS:
        (tmp_path / system).mkdir()
        book = processed_sample(tmp_path / system, system)
        publish(book, site=str(tmp_path / system / "site"))
        for page in (tmp_path / system / "site" / "events").glob("*.html"):
            fact = _format_fact(page.read_text(encoding="utf-8"))
            assert fact.split(" ", 1)[1] in ("round robin", "Swiss", "McMahon", "single games"), (system, fact)
            assert "_" not in fact and fact.split(" ", 1)[0] not in ("swiss", "games")
