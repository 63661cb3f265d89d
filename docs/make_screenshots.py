"""Screenshots of what a federation publishes, from the bundled Shanghai sample:
the sample workbook processed (``xl-ratings process``), then published as a
website (``xl-ratings publish --site``) and as a PDF (``--pdf``).

    python docs/make_screenshots.py [OUT_DIR]     # default: docs/

Writes site-index.png and site-player.png (1280 px wide, full page),
site-phone.png (390 px), site-print.png (the browser's print layout) and
pdf-ratings.png (the PDF's first page, through LibreOffice and pdftoppm);
and from the Hong Kong (GoR) sample: site-event-hk.png (an event page of
handicap games), site-standings.png and site-standings-phone.png (the wall list of
a Swiss event), site-player-hk.png (a player's games, each audited),
site-archive.png (every period's list), site-archived-hk.png (the footer of an older period's
page: as at its end), pdf-header-portrait.png (the top of a portrait page of the
PDF on the period's last day: the header with its provisional line), and for
docs/rating-lists.md list-site.png (the rating list page at its download
links) and list-egd.png (the EGD list file).  OpenGotha, pairgoth and
Swiss-Manager are not run here: no screenshot of theirs.
Needs Debian's chromium, chromium-driver, libreoffice-calc-nogui, poppler-utils
and a CJK font (fonts-noto-cjk); pip install selenium.
"""

from __future__ import annotations

import base64
import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from xl_ratings.cli import main as xl_ratings  # noqa: E402

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--force-color-profile=srgb"]


def driver(profile: Path) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ARGS:
        options.add_argument(a)
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def shoot(drv: webdriver.Chrome, url: str, out: Path, width: int, mobile: bool = False,
          max_height: int = 4000, selector: str | None = None, pad: int = 24) -> None:
    """The page at ``url`` (its top ``max_height`` pixels; or only the element ``selector``)."""
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile})
    drv.get(url)
    height = min(max_height, int(drv.execute_script("return document.documentElement.scrollHeight")))
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    args: dict = {"format": "png", "captureBeyondViewport": True}
    if selector:
        top, tall = drv.execute_script(f"const r = document.querySelector({selector!r}).getBoundingClientRect();"
                                       "return [r.top + window.scrollY, r.height];")
        args["clip"] = {"x": 0, "y": max(0, int(top) - pad), "width": width, "height": int(tall) + 2 * pad,
                        "scale": 1}
    shot = drv.execute_cdp_cmd("Page.captureScreenshot", args)
    out.write_bytes(base64.b64decode(shot["data"]))
    print(out)


def rating_list_shots(drv: webdriver.Chrome, tmp: Path, out: Path) -> None:
    """The gor sample published with its rating lists: the download links, and the EGD file."""
    book = tmp / "gor.xlsx"
    shutil.copy(ROOT / "workbook_templates" / "gor.xlsx", book)
    site_dir, listed = tmp / "gor-site", tmp / "egf_db.txt"
    assert xl_ratings(["process", str(book)]) == 0
    assert xl_ratings(["publish", str(book), "--site", str(site_dir), "--rating-list", str(listed)]) == 0
    head = "\n".join(listed.read_bytes().decode("ascii").split("\r\n")[:28])     # as a browser shows a .txt
    page = tmp / "egd.html"
    page.write_text("<!doctype html><meta charset=utf-8><title>egf_db.txt</title><pre id=f "
                    "style='font:13px/1.35 monospace;margin:16px'>" + html.escape(head) + "\n…</pre>", encoding="utf-8")
    shoot(drv, (site_dir / "index.html").as_uri(), out / "list-site.png", 1280, selector="#downloads")
    shoot(drv, page.as_uri(), out / "list-egd.png", 900, selector="#f")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else HERE
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        book = Path(tmp) / "shanghai.xlsx"
        shutil.copy(ROOT / "workbook_templates" / "shanghai.xlsx", book)
        site_dir = Path(tmp) / "site"
        assert xl_ratings(["process", str(book)]) == 0
        assert xl_ratings(["publish", str(book), "--site", str(site_dir), "--pdf", str(Path(tmp) / "list.pdf")]) == 0
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile",
                        str(Path(tmp) / "list.pdf"), str(out / "pdf-ratings")], check=True)
        index = (site_dir / "index.html").as_uri()
        player = (site_dir / "players" / "sh007.html").as_uri()
        drv = driver(Path(tmp) / "profile")
        try:
            rating_list_shots(drv, Path(tmp), out)
            shoot(drv, index, out / "site-index.png", 1280)
            shoot(drv, player, out / "site-player.png", 1280)
            shoot(drv, player, out / "site-phone.png", 390, mobile=True)
            drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            drv.get(index)
            pdf = drv.execute_cdp_cmd("Page.printToPDF", {"printBackground": True, "paperWidth": 8.27,
                                                          "paperHeight": 11.69, "preferCSSPageSize": True})
            pdf_path = Path(tmp) / "print.pdf"
            pdf_path.write_bytes(base64.b64decode(pdf["data"]))
            if shutil.which("pdftoppm"):
                subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile",
                                str(pdf_path), str(out / "site-print")], check=True)
                print(out / "site-print.png")
            hong_kong(drv, Path(tmp), out)
        finally:
            drv.quit()
    return 0


def hong_kong(drv: webdriver.Chrome, tmp: Path, out: Path) -> None:
    """The GoR sample: its event page of club handicap games, and a portrait PDF page's header
    as printed on the last day of the period (still provisional)."""
    from xl_ratings.jobs.publish import published_outcome
    from xl_ratings.publish.pdf import print_workbook, to_pdf

    book = tmp / "gor.xlsx"
    shutil.copy(ROOT / "workbook_templates" / "gor.xlsx", book)
    site_dir = tmp / "site-hk"
    assert xl_ratings(["process", str(book)]) == 0
    assert xl_ratings(["publish", str(book), "--site", str(site_dir)]) == 0
    shoot(drv, (site_dir / "events" / "hk26-t.html").as_uri(), out / "site-event-hk.png", 1280, max_height=1500)
    # issue 26: the wall list of a Swiss event, a player's audited games, the archive
    shoot(drv, (site_dir / "events" / "hk26-o.html").as_uri(), out / "site-standings.png", 1280, max_height=1400)
    shoot(drv, (site_dir / "events" / "hk26-o.html").as_uri(), out / "site-standings-phone.png", 390, mobile=True,
          max_height=1600)
    shoot(drv, (site_dir / "players" / "hk001.html").as_uri(), out / "site-player-hk.png", 1280,
          selector="main > section.block:last-of-type")
    shoot(drv, (site_dir / "archive.html").as_uri(), out / "site-archive.png", 1280)
    # an older period's page, dated as its record: the foot of its list and its footer
    shoot(drv, (site_dir / "archive" / "2025.html").as_uri(), out / "site-archived-hk.png", 1280,
          selector="footer.foot", pad=48)
    for name in ("site-standings", "site-standings-phone", "site-player-hk", "site-archive", "site-archived-hk"):
        print(out / f"{name}.png")
    outcome = published_outcome(book)
    pdf = tmp / "hk.pdf"
    pdf.write_bytes(to_pdf(print_workbook(outcome, today=outcome.last.period.end)))
    portrait = 2                                     # the rank standards: three columns, portrait
    subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", str(portrait), "-l", str(portrait), "-singlefile",
                    "-x", "0", "-y", "0", "-W", "910", "-H", "330", str(pdf), str(out / "pdf-header-portrait")],
                   check=True)
    print(out / "pdf-header-portrait.png")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
