"""A very long name (a club's pasted full title, a name typed twice) wraps in every table of the
website, on a desktop's screen: no table is pushed wider than its box, no column is pushed off
the screen after it, and the page never scrolls sideways (Debian's chromium, headless; skipped
without it, required in CI).  Before, the list's wrapping rule named its second column, the id
since the place came first, and a 120-character name pushed every column after it away."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import run_cli, sample_named
from needs import open_chromium


DESKTOP = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
LONG = {"shanghai": "王" * 120, "gor": "Chan Tai Man " * 12 + "陳大文" * 30}


def _long_named(folder, system):
    """The sample with its first player's name made very long; processed and published."""
    book = sample_named(folder, system, LONG[system])
    assert run_cli("publish", book, "--site", folder / "site") == 0
    return folder / "site"


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    root = tmp_path_factory.mktemp("long-names")
    out = {}
    for system in LONG:
        (root / system).mkdir()
        out[system] = _long_named(root / system, system)
    return out


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium")
    drv = open_chromium(profile)
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", DESKTOP)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


MEASURE = r"""
const long = arguments[0];
return Array.from(document.querySelectorAll('table.data')).map(t => {
  const wrap = t.parentElement, r = t.getBoundingClientRect();
  const named = Array.from(t.querySelectorAll('tbody td')).find(td => td.textContent.includes(long));
  return {caption: t.querySelector('caption').textContent.trim().slice(0, 40), right: r.right,
          wrapScroll: wrap.scrollWidth, wrapClient: wrap.clientWidth,
          named: named ? named.getBoundingClientRect().height : 0,
          lines: named && named.querySelector('a') ? named.querySelector('a').getClientRects().length : 0};
});"""


@pytest.mark.parametrize("system", sorted(LONG))
@pytest.mark.parametrize("page", ["index.html", "players", "events"])
def test_a_long_name_wraps_and_pushes_no_column_away(driver, sites, system, page):
    site = sites[system]
    if page == "index.html":
        path = site / page
    else:       # an opponent's page and an event's page, naming them in a table (a link)
        named = re.compile(r"<td[^>]*><a [^>]*>" + re.escape(LONG[system][:30]))
        path = next(p for p in sorted((site / page).glob("*.html")) if named.search(p.read_text(encoding="utf-8")))
    driver.get(path.as_uri())
    viewport = driver.execute_script("return document.documentElement.clientWidth")
    tables = driver.execute_script(MEASURE, LONG[system][:30])
    assert any(t["named"] for t in tables), tables        # the long name is in a table of the page
    for t in tables:
        assert t["right"] <= viewport + 1, t               # no column pushed off the screen
        assert t["wrapScroll"] <= t["wrapClient"] + 1, t   # nothing scrolls sideways inside its box
    assert driver.execute_script("return document.documentElement.scrollWidth") <= viewport
    # it wraps: its link is laid out on several lines
    assert any(t["lines"] >= 2 for t in tables if t["named"]), tables
