"""Screenshots of the website, rendered from the test fixture (tests/site_fixtures.py).

    python docs/make_screenshots.py [OUT_DIR]     # default: docs/

Writes site-index.png and site-player.png (1280 px wide, full page), and for
checking the small-screen and print layouts site-phone.png (390 px) and
site-print.png (first page of Chrome's PDF, through pdftoppm when installed).
Needs Debian's chromium and chromium-driver, selenium, and a CJK font
(apt-get install chromium chromium-driver fonts-noto-cjk; pip install selenium).
"""

from __future__ import annotations

import base64
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

from site_fixtures import make_site  # noqa: E402
from xl_ratings.publish.site import render_site  # noqa: E402

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
          max_height: int = 4000) -> None:
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile})
    drv.get(url)
    height = min(max_height, int(drv.execute_script("return document.documentElement.scrollHeight")))
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    shot = drv.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    out.write_bytes(base64.b64decode(shot["data"]))
    print(out)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else HERE
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(tmp) / "site"
        render_site(make_site(), site_dir)
        index = (site_dir / "index.html").as_uri()
        player = (site_dir / "players" / "s004.html").as_uri()
        drv = driver(Path(tmp) / "profile")
        try:
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
        finally:
            drv.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
