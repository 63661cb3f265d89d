"""Issue 26 in a real browser: the Hong Kong sample's website (headless chromium, Selenium).

The wall list of a Swiss event, a player's page with each game's audit, the
archive index and an archived list, on a desktop and on a phone, each
screenshotted (``XL_RATINGS_SCREENSHOTS=DIR`` keeps the PNGs to look at) and read
back: what a visitor sees, not only what the HTML holds.  The list's search finds
a player by the Latin name the federation typed.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from helpers import processed_sample, run_cli
from needs import open_chromium

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("hk-browser")
    book = processed_sample(d, "gor")
    assert run_cli("publish", book, "--site", d / "site") == 0
    return d / "site"


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium")
    drv = open_chromium(profile)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def shot(driver, name: str, tmp: Path) -> Path:
    """A screenshot of the window (kept in XL_RATINGS_SCREENSHOTS when set); it is a real PNG."""
    folder = Path(os.environ.get("XL_RATINGS_SCREENSHOTS") or tmp)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000
    return path


def css(driver, selector):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_wall_list_as_a_visitor_sees_it(driver, site, tmp_path, phone):
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        driver.get((site / "events" / "hk26-o.html").as_uri())
        table = css(driver, "table#standings")[0]
        assert table.is_displayed()
        heads = [th.text.split("\n")[0] for th in table.find_elements("css selector", "thead th")]
        assert heads[:3] == ["序號 No.", "名次 Place", "棋手 player"] or heads[0].startswith("序號"), heads
        rows = table.find_elements("css selector", "tbody tr")
        assert len(rows) == 28          # every player of the 2026 open
        first = [td.text for td in rows[0].find_elements("css selector", "td")]
        assert first[0] == "1" and first[1] == "1"
        assert all(c == "—" or c[0].isdigit() for c in first[6:11])
        assert "Standings" in driver.find_element("css selector", "#standings caption").text
        if phone:       # the page never scrolls sideways: the wide table scrolls in its own box
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        shot(driver, f"wall-list-{'phone' if phone else 'desktop'}", tmp_path)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_player_page_shows_each_games_audit(driver, site, tmp_path, phone):
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        driver.get((site / "players" / "hk001.html").as_uri())
        games = next(t for t in css(driver, "table.data") if "Games" in t.find_element("css selector", "caption").text)
        # on a phone the head is read by screen readers only: each cell shows its column's head itself
        heads = " ".join(th.get_attribute("textContent") for th in games.find_elements("css selector", "thead th"))
        assert "opponent's rating used" in heads and "expected score" in heads
        tds = games.find_elements("css selector", "tbody tr")[0].find_elements("css selector", "td")
        if phone:
            shown = [driver.execute_script("return getComputedStyle(arguments[0], '::before').content", td) for td in tds]
            assert "opponent's rating used" in " ".join(shown)
        cells = [td.text for td in tds]
        assert cells[5] in ("勝 win", "負 loss", "和 draw") and float(cells[-2]) <= 1
        if phone:
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        driver.execute_script("arguments[0].scrollIntoView()", games)
        shot(driver, f"player-{'phone' if phone else 'desktop'}", tmp_path)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_archive_index_and_an_old_list(driver, site, tmp_path, phone):
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        driver.get((site / "index.html").as_uri())
        css(driver, 'a[href="archive.html"]')[0].click()
        links = [a.text for a in css(driver, "main table a")]
        assert links[:2] == ["2026", "本期名單 current list"] and "2025" in links
        shot(driver, f"archive-{'phone' if phone else 'desktop'}", tmp_path)
        next(a for a in css(driver, "main table a") if a.text == "2025").click()
        assert "archive/2025.html" in driver.current_url
        assert "2025" in driver.find_element("css selector", "h1").text
        assert len(css(driver, "table#ratings tbody tr")) > 20
        if phone:
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_search_finds_a_latin_name(driver, site):
    """The Hong Kong spelling the lists give is searchable (龔軍: Kung Kwan)."""
    driver.get((site / "index.html").as_uri())
    box = css(driver, "#q")[0]
    box.send_keys("kung kwan")
    shown = [r for r in css(driver, "table#ratings tbody tr") if r.is_displayed()]
    assert [r.find_elements("css selector", "td")[2].text for r in shown] == ["龔軍"]
