"""A player's audit on a phone (390 px): every table of the player page -- the periods, the
changes, shanghai's computation, every game's line -- is stacked, a card per line with each value
under its column's head, so that no table is wider than the screen and nothing scrolls sideways
inside it; on a desktop (1280 px) the same tables are tables, their heads shown.

Every system of the registry, on its sample's player with the most games (Debian's chromium,
headless; skipped without it, required in CI)."""

from __future__ import annotations

import shutil

import pytest
from helpers import processed_sample, run_cli
from needs import open_chromium

from xl_ratings.systems import SYSTEMS

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    root = tmp_path_factory.mktemp("audit-phone")
    out = {}
    for system in SYSTEMS:
        (root / system).mkdir()
        book = processed_sample(root / system, system)
        assert run_cli("publish", book, "--site", root / system / "site") == 0
        pages = sorted((root / system / "site" / "players").glob("*.html"))
        out[system] = max(pages, key=lambda p: p.read_text(encoding="utf-8").count("<tr>"))
    return out


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium")
    drv = open_chromium(profile)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


MEASURE = r"""
return Array.from(document.querySelectorAll('table.data')).map(t => {
  const r = t.getBoundingClientRect(), wrap = t.parentElement;
  const cell = Array.from(t.querySelectorAll('tbody tr:first-child td')).find(td => td.textContent.trim());
  return {caption: t.querySelector('caption').textContent.trim().slice(0, 40), css: t.className,
          width: r.width, right: r.right, wrapScroll: wrap.scrollWidth, wrapClient: wrap.clientWidth,
          rows: t.querySelectorAll('tbody tr').length, cells: t.querySelectorAll('tbody td').length,
          headShown: t.querySelector('thead').getBoundingClientRect().height > 2,
          label: cell ? getComputedStyle(cell, '::before').content : null,
          labels: Array.from(t.querySelectorAll('tbody tr:first-child td')).map(
            td => getComputedStyle(td, '::before').content),
          heads: Array.from(t.querySelectorAll('thead th')).map(th => th.textContent.replace(/\s+/g, ' ').trim()),
          display: getComputedStyle(t).display};
});"""


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_audit_table_is_wider_than_a_phone(driver, sites, system):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        driver.get(sites[system].as_uri())
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        tables = driver.execute_script(MEASURE)
        games = [t for t in tables if "Games" in t["caption"]]
        assert games and games[0]["rows"] >= 2, tables          # the audit is there, with its lines
        for t in tables:
            assert "stack" in t["css"], t
            assert t["width"] <= viewport and t["right"] <= viewport, t      # no table wider than the phone
            assert t["wrapScroll"] <= t["wrapClient"], t                     # nothing scrolls inside its box
            assert not t["headShown"] and t["display"] == "block", t
            assert t["label"] and t["label"] not in ("none", '""'), t        # each value under its head
            once = [" ".join(dict.fromkeys(label.strip('"').split())) for label in t["labels"]]
            assert once == [" ".join(dict.fromkeys(h.split())) for h in t["heads"]], (t["heads"], once)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= viewport
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("system", SYSTEMS)
def test_on_a_desktop_the_audit_stays_a_table(driver, sites, system):
    driver.set_window_size(1280, 900)
    driver.get(sites[system].as_uri())
    tables = driver.execute_script(MEASURE)
    assert tables
    for t in tables:
        assert t["display"] == "table" and t["headShown"], t
        assert t["label"] in ("none", "normal"), t          # no head repeated in the cells


@pytest.mark.parametrize("system", SYSTEMS)
def test_on_a_desktop_no_player_table_is_cut_off(driver, sites, system):
    """Every player page of the sample at 1280 px: no table wider than its box (a long note or
    reason wraps, the heads of such a table wrap; nothing is cut off behind a hidden scroll)."""
    driver.set_window_size(1280, 900)
    wide = []
    for page in sorted(sites[system].parent.glob("*.html")):
        driver.get(page.as_uri())
        for t in driver.execute_script(MEASURE):
            if t["wrapScroll"] > t["wrapClient"]:
                wide.append((page.name, t["caption"], t["wrapScroll"], t["wrapClient"]))
    assert not wide, wide
