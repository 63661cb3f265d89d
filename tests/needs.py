"""Tests that need a program from Debian: skipped with the reason and the
install command on a machine without it -- and required (they fail) when the
environment variable ``CI`` is set, as ``.ci/run`` runs them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
LIBREOFFICE_NEEDS = "needs LibreOffice: apt-get install -y libreoffice-calc-nogui fonts-noto-cjk"
BROWSER_NEEDS = ("needs Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver; "
                 "pip install selenium")


def _missing(reason: str, missing: list[str]) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (missing: {', '.join(missing)}; required in CI)")
    pytest.skip(reason)


def need_soffice() -> str:
    """LibreOffice's command, or skip (fail in CI)."""
    if SOFFICE is None:
        _missing(LIBREOFFICE_NEEDS, ["soffice"])
    assert SOFFICE is not None
    return SOFFICE


def need_pdftotext() -> str:
    """Poppler's pdftotext (where the words of a PDF page lie), or skip (fail in CI)."""
    found = shutil.which("pdftotext")
    if found is None:
        _missing("needs poppler's pdftotext: apt-get install -y poppler-utils", ["pdftotext"])
    assert found is not None
    return found


def need_browser() -> None:
    """Debian's chromium, its driver and selenium, or skip (fail in CI)."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not (Path(p).is_file() and os.access(p, os.X_OK))]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium")
    if missing:
        _missing(BROWSER_NEEDS, missing)


BROWSER_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def open_chromium(profile: Path, width: int = 1280, height: int = 900):   # type: ignore[no-untyped-def]
    """Debian's chromium driven by Selenium, offline, with a fresh profile (needs :func:`need_browser`)."""
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for a in BROWSER_ARGS:
        options.add_argument(a)
    options.add_argument(f"--user-data-dir={profile}")
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.set_window_size(width, height)
    return drv


UNO_PYTHON = "/usr/bin/python3"
UNO_NEEDS = ("needs LibreOffice's Python bridge and component loader: apt-get install -y python3-uno "
             "libreoffice-calc-nogui")
SDK_NEEDS = "needs the LibreOffice SDK (unoidl-write): apt-get install -y libreoffice-dev"


def need_uno() -> str:
    """The Python that has LibreOffice's ``uno`` module (Debian's python3-uno), or skip (fail in CI)."""
    import subprocess

    ok = Path(UNO_PYTHON).is_file() and subprocess.run(
        [UNO_PYTHON, "-c", "import uno, unohelper"], capture_output=True).returncode == 0
    if not ok:
        _missing(UNO_NEEDS, ["python3-uno"])
    return UNO_PYTHON


def need_sdk() -> str:
    """The LibreOffice SDK's unoidl-write (Debian's libreoffice-dev), or skip (fail in CI)."""
    found = shutil.which("unoidl-write") or next(
        (p for p in ("/usr/lib/libreoffice/sdk/bin/unoidl-write",) if Path(p).is_file()), None)
    if found is None:
        _missing(SDK_NEEDS, ["unoidl-write"])
    assert found is not None
    return found


def office_env() -> dict[str, str]:
    """The environment for LibreOffice's own programs (soffice, unopkg, its Python): without the
    virtual environment the tests run in. LibreOffice embeds the system's Python, which takes an
    activated venv's ``python3`` on PATH (and VIRTUAL_ENV) for its home and then cannot start
    (a DeploymentException when the extension is registered)."""
    import sys

    env = dict(os.environ)
    venv = env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONHOME", None)
    env.pop("PYTHONPATH", None)
    ours = {str(Path(p) / "bin") for p in (venv, sys.prefix) if p} if (venv or sys.prefix != sys.base_prefix) else set()
    env["PATH"] = os.pathsep.join(d for d in env.get("PATH", "").split(os.pathsep) if d.rstrip("/") not in ours)
    return env
