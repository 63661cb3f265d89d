"""An older period's page of the website's archive (``archive/<period>.html``) is dated as its
record, as its printed list is: its footer says "截至 as at <the period's end>", the date its
History rows hold -- not "发布 published <today>", which would date the 2025 list as if it had
been published today -- and it carries no provisional banner (that is the current period's).
The current list's pages (the list, the archive's index, the current period's own archive
page, the player pages …) still say "published <today>".

Publishing the same workbook again on another day leaves every older period's page byte for
byte as it was, and keeps its file's modification time (an upload by date sends nothing).

Two samples with two processed periods each: gor (Hong Kong, traditional Chinese; its current
period still running on the day of the run: provisional) and shanghai (simplified; both periods
over).  The day of the run is ``XL_RATINGS_TODAY``, distinct from every period's end."""

from __future__ import annotations

import datetime as dt
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import processed_sample, read_sheet, run_cli

from xl_ratings.engine.periods import TODAY_VARIABLE
from xl_ratings.i18n import to_lang
from xl_ratings.publish.html import ui_labels

FIRST, LATER = dt.date(2026, 12, 5), dt.date(2026, 12, 20)
SYSTEMS = ("gor", "shanghai")
LANG = {"gor": "zh-Hant", "shanghai": "zh-Hans"}


class Page(HTMLParser):
    """What a reader sees of a page: its language, the footer's text and the dates it marks up
    (``<time datetime>``), and whether a provisional banner is shown."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.footer: list[str] = []
        self.footer_times: list[str] = []
        self.banner = False
        self.text: list[str] = []
        self._depth = 0          # inside <footer>
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if "banner" in (a.get("class") or "").split():
            self.banner = True
        if tag == "footer":
            self._depth += 1
        if tag == "time" and self._depth:
            self.footer_times.append(a.get("datetime") or "")

    def handle_endtag(self, tag):
        if tag == "footer":
            self._depth -= 1

    def handle_data(self, data):
        self.text.append(data)
        if self._depth:
            self.footer.append(data)

    @property
    def footer_text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.footer)).strip()

    @property
    def all_text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.text))


def read(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def words(label, end: dt.date) -> str:
    return f"{label.zh} {label.en} {end.isoformat()}"


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("archive-dates")
    out = {}
    for system in SYSTEMS:
        (root / system).mkdir()
        book = processed_sample(root / system, system)
        history = read_sheet(book, "History")
        ends = {}
        for r in history:          # the record's own dates
            end = r["end"]
            ends[str(r["period"])] = end.date() if isinstance(end, dt.datetime) else end
        assert len(ends) >= 2, (system, ends)          # an archive with an older period to date
        assert FIRST not in ends.values() and LATER not in ends.values()
        out[system] = book, ends
    return out


def publish(monkeypatch, book: Path, site: Path, today: dt.date) -> None:
    monkeypatch.setenv(TODAY_VARIABLE, today.isoformat())
    assert run_cli("publish", book, "--site", site) == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_older_periods_page_is_dated_at_its_end(system, books, tmp_path, monkeypatch):
    book, ends = books[system]
    site = tmp_path / "site"
    publish(monkeypatch, book, site, FIRST)
    ui = ui_labels(LANG[system])
    assert ui["as_at"].zh == to_lang("截至", LANG[system])        # the printed list's words, in the site's script
    current = max(ends, key=lambda p: ends[p])
    provisional = FIRST <= ends[current]
    older = [p for p in ends if p != current]
    assert older
    for period in older:
        page = read(site / "archive" / f"{period.lower()}.html")
        assert page.lang == LANG[system]
        foot = page.footer_text
        assert words(ui["as_at"], ends[period]) in foot, foot
        assert f"{ui['period'].zh} {ui['period'].en} {period}" in foot, foot
        assert page.footer_times == [ends[period].isoformat()], page.footer_times
        assert ui["published"].en not in foot and ui["published"].zh not in foot, foot
        assert FIRST.isoformat() not in page.all_text          # no day of this run anywhere on the page
        assert not page.banner                                 # the provisional banner is the current period's
        assert ui["provisional"].zh not in page.all_text

    # every page of the current list: published today (and provisional while its period runs)
    currents = [p for p in sorted(site.rglob("*.html"))
                if p.parent.name != "archive" or p.stem not in {o.lower() for o in older}]
    assert site / "index.html" in currents and site / "archive.html" in currents
    assert site / "archive" / f"{current.lower()}.html" in currents
    assert any(p.parent.name == "players" for p in currents)
    for path in currents:
        page = read(path)
        foot = page.footer_text
        assert words(ui["published"], FIRST) in foot, (path, foot)
        assert page.footer_times == [FIRST.isoformat()], (path, page.footer_times)
        assert ui["as_at"].en not in foot, (path, foot)
        assert page.banner == provisional, path
    if system == "gor":
        assert provisional          # the sample's current period still runs on the day: the banner is tested


@pytest.mark.parametrize("system", SYSTEMS)
def test_publishing_again_on_another_day_leaves_older_pages_as_they_were(system, books, tmp_path, monkeypatch):
    book, ends = books[system]
    site = tmp_path / "site"
    publish(monkeypatch, book, site, FIRST)
    current = max(ends, key=lambda p: ends[p])
    older = [site / "archive" / f"{p.lower()}.html" for p in ends if p != current]
    before = {p: p.read_bytes() for p in older}
    index = (site / "index.html").read_bytes()
    then = 1_700_000_000_000_000_000               # an old modification time, to see it kept
    for p in older + [site / "index.html"]:
        os.utime(p, ns=(then, then))

    publish(monkeypatch, book, site, LATER)
    assert (site / "index.html").read_bytes() != index      # the site was written again: today moved on
    assert LATER.isoformat() in read(site / "index.html").footer_text
    assert os.stat(site / "index.html").st_mtime_ns != then
    for p in older:
        assert p.read_bytes() == before[p], p
        assert os.stat(p).st_mtime_ns == then, p             # not rewritten: its date is the old one
