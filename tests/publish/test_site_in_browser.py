"""The website in a real browser: Debian's chromium, headless, driven by Selenium.

Opens the fixture site from file:// and uses it as a visitor would: the list,
search, filters, sorting, a player page with its chart, the hostile name.
Skipped where chromium, chromium-driver or selenium is missing -- except in CI
(environment variable CI set), where it is required and fails instead.
"""

from __future__ import annotations

import shutil

import pytest
from needs import need_browser

from site_fixtures import HOSTILE, PLAYERS, SHOWN_DELTA, make_site
from xl_ratings.publish.site import render_site

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MINUS = "\u2212"


def require_browser() -> None:
    """Skip without chromium, chromium-driver or selenium; in CI (``CI`` set) fail instead."""
    need_browser()


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("browser") / "site"
    render_site(make_site(), out)
    return out


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for a in ARGS:
        options.add_argument(a)
    profile = tmp_path_factory.mktemp("chromium-profile")
    options.add_argument(f"--user-data-dir={profile}")
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.set_window_size(1280, 900)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def by(css):
    from selenium.webdriver.common.by import By
    return By.CSS_SELECTOR, css


def visible_rows(drv):
    return [r for r in drv.find_elements(*by("#ratings tbody tr")) if r.is_displayed()]


def visible_ids(drv):
    return sorted(r.find_elements(*by("td"))[2].text for r in visible_rows(drv))


def no_alert(drv):
    from selenium.common.exceptions import NoAlertPresentException
    with pytest.raises(NoAlertPresentException):
        drv.switch_to.alert  # noqa: B018


def open_index(drv, site_dir):
    drv.get((site_dir / "index.html").as_uri())
    assert drv.find_element(*by("#controls")).is_displayed()        # the script ran and showed the controls


def search(drv, text):
    from selenium.webdriver.common.keys import Keys
    box = drv.find_element(*by("#q"))
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    if text:
        box.send_keys(text)


def test_every_player_is_listed(driver, site_dir):
    open_index(driver, site_dir)
    no_alert(driver)
    rows = visible_rows(driver)
    assert len(rows) == len(PLAYERS)
    names = [r.find_elements(*by("td"))[1].text for r in rows]
    assert sorted(names) == sorted(p[0] for p in PLAYERS.values())
    assert HOSTILE in names                                              # shown as text, visible
    assert driver.find_element(*by("#count")).text == str(len(PLAYERS))
    assert driver.execute_script("return document.querySelectorAll('img').length") == 0


@pytest.mark.parametrize("query, ids", [
    ("陈静", ["S004"]), ("zhang", ["S003"]), ("zhang wei", ["S003"]), ("ZhangWei", ["S003"]),
    ("s011", ["S011"]), ("S01", ["S010", "S011", "S012"]), ("<script>", ["S010"]), ("wl", ["S001"]),
    ("nobody", []),
])
def test_search_narrows_the_list(driver, site_dir, query, ids):
    open_index(driver, site_dir)
    search(driver, query)
    assert visible_ids(driver) == ids
    assert driver.find_element(*by("#count")).text == str(len(ids))
    search(driver, "")
    assert len(visible_rows(driver)) == len(PLAYERS)


def test_filters_narrow_the_list(driver, site_dir):
    from selenium.webdriver.support.ui import Select

    open_index(driver, site_dir)
    club, status, sex = (Select(driver.find_element(*by(s))) for s in ("#f-club", "#f-status", "#f-sex"))
    club.select_by_value("静安棋院")
    jingan = sorted(pid for pid, p in PLAYERS.items() if p[3] == 0)
    assert visible_ids(driver) == jingan and len(jingan) == 6
    status.select_by_value("inactive")
    assert visible_ids(driver) == ["S011"]
    club.select_by_value("")
    status.select_by_value("pending")
    assert visible_ids(driver) == ["S012"]
    status.select_by_value("")
    sex.select_by_value("F")
    assert visible_ids(driver) == ["S004", "S006", "S008", "S012"]
    search(driver, "zhou")
    assert visible_ids(driver) == ["S008"]
    assert driver.find_element(*by("#count")).text == "1"


def _column(drv, i):
    return [r.find_elements(*by("td"))[i].text for r in visible_rows(drv)]


def _num(text):
    return float(text.replace(MINUS, "-")) if text else None


def test_numeric_header_sorts_numerically(driver, site_dir):
    open_index(driver, site_dir)
    heads = driver.find_elements(*by("#ratings thead th"))
    keys = [h.get_attribute("data-key") for h in heads]
    change = keys.index("change")
    heads[change].click()
    shown = _column(driver, change)
    values = [_num(t) for t in shown]
    numbers = [v for v in values if v is not None]
    assert numbers == sorted(numbers, reverse=True) and numbers[0] == 21 and numbers[-1] == -11
    assert values[-2:] == [None, None]                                   # blanks last
    assert shown != sorted(shown, reverse=True)                          # not a text sort ("+8" > "+21")
    assert heads[change].get_attribute("aria-sort") == "descending"
    heads[change].click()
    numbers = [_num(t) for t in _column(driver, change) if t]
    assert numbers == sorted(numbers) and heads[change].get_attribute("aria-sort") == "ascending"
    rating = keys.index("rating")
    heads[rating].click()
    ratings = [_num(t) for t in _column(driver, rating) if t]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) == 11
    name = keys.index("name")
    heads[name].click()
    assert len(visible_rows(driver)) == len(PLAYERS)


def test_player_page_from_the_list(driver, site_dir):
    open_index(driver, site_dir)
    driver.find_element(*by('#ratings a[href="players/s004.html"]')).click()
    assert driver.current_url.endswith("/players/s004.html")
    assert driver.find_element(*by("h1")).text == "陈静"
    chart = driver.find_element(*by("svg#chart"))
    assert chart.is_displayed() and chart.size["width"] > 600 and chart.size["height"] > 150
    points = chart.find_elements(*by("circle.pt"))
    assert len(points) == 3 and all(p.is_displayed() for p in points)
    assert not driver.find_element(*by("svg#chart-narrow")).is_displayed()
    # the change lines' numbers, as the fixture says
    table = next(t for t in driver.find_elements(*by("table")) if "等级分变动" in t.find_element(*by("caption")).text)
    heads = [h.text.split("\n")[0] for h in table.find_elements(*by("thead th"))]
    cells = [c.text for c in table.find_elements(*by("tbody tr"))[0].find_elements(*by("td"))]
    row = dict(zip(heads, cells))
    assert row["ΔR"] == SHOWN_DELTA[("S004", "E1")] == "+6.60"
    assert (row["得分"], row["期望得分"], row["K"], row["局数"]) == ("2½", "2.060", "15", "3")
    # numeric cells are right-aligned
    assert table.find_elements(*by("tbody td.n"))[0].value_of_css_property("text-align") == "right"
    # and the event link leads to the event page
    table.find_element(*by("a")).click()
    assert driver.current_url.endswith("/events/e1.html")


def test_hostile_name_stays_text(driver, site_dir):
    open_index(driver, site_dir)
    link = driver.find_element(*by('#ratings a[href="players/s010.html"]'))
    assert link.text == HOSTILE and link.is_displayed()
    link.click()
    no_alert(driver)
    assert driver.find_element(*by("h1")).text == HOSTILE
    assert driver.title.startswith(HOSTILE)
    assert driver.execute_script("return document.querySelectorAll('img, script').length") == 0
    driver.get((site_dir / "events" / "e1.html").as_uri())
    no_alert(driver)
    assert HOSTILE in driver.find_element(*by("main")).text


def test_phone_width_shows_the_narrow_chart(driver, site_dir):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        driver.get((site_dir / "players" / "s001.html").as_uri())
        narrow = driver.find_element(*by("svg#chart-narrow"))
        assert narrow.is_displayed() and not driver.find_element(*by("svg#chart")).is_displayed()
        assert len(narrow.find_elements(*by("circle.pt"))) == 3
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390   # no sideways page
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_list_is_complete_without_javascript(driver, site_dir):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get((site_dir / "index.html").as_uri())
        assert len(visible_rows(driver)) == len(PLAYERS)
        assert not driver.find_element(*by("#controls")).is_displayed()   # no dead controls
        assert driver.find_elements(*by("#ratings thead th button")) == []
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
