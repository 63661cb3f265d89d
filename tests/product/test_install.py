"""An install that is true (issue 18, 4): the sdist and the wheel build, pass ``twine check``,
carry the version, and the wheel installed on its own runs ``xl-ratings demo``; what it asks
pip for outside the browser is the command line's whole set, inside (Pyodide, sys_platform
"emscripten") only the Excel surface's."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from built import ROOT, dist
from packaging.markers import default_environment
from packaging.requirements import Requirement

import xl_ratings
from xl_ratings.systems import SYSTEMS

EXCEL_SURFACE = {"xlwings", "pypinyin", "opencc-python-reimplemented", "defusedxml"}


def test_version_is_one_and_the_changelog_can_name_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == xl_ratings.__version__
    assert dist()["wheel"].name == f"xl_ratings-{xl_ratings.__version__}-py3-none-any.whl"


def test_twine_check_passes_on_the_sdist_and_the_wheel():
    d = dist()
    proc = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(d["sdist"]), str(d["wheel"])],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.count("PASSED") == 2, proc.stdout + proc.stderr


def requirements(wheel: Path) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as z:
        meta = z.read(f"xl_ratings-{xl_ratings.__version__}.dist-info/METADATA").decode()
    return [Requirement(line.split(":", 1)[1].strip()) for line in meta.splitlines()
            if line.startswith("Requires-Dist:")]


def wanted(reqs: list[Requirement], **env: str) -> set[str]:
    """The names pip (or micropip) installs for these requirements on a platform."""
    environment = {**default_environment(), **env, "extra": ""}
    return {r.name.lower() for r in reqs if r.marker is None or r.marker.evaluate(environment)}


def test_the_browser_gets_the_excel_surface_only_and_the_desktop_everything():
    reqs = requirements(dist()["wheel"])
    pyodide = wanted(reqs, sys_platform="emscripten", platform_system="Emscripten")
    assert pyodide == EXCEL_SURFACE
    desktop = wanted(reqs)
    assert desktop >= EXCEL_SURFACE | {"openpyxl", "pandas", "numpy", "python-calamine", "rich", "jinja2"}
    assert wanted(reqs, sys_platform="win32", platform_system="Windows") == desktop


def lend_dependencies(py: Path) -> None:
    """Make the packages of the interpreter running the tests (a user's venv, the base Python, a
    ``--user`` site: wherever pip put them) importable in the new venv, after its own
    site-packages: one ``.pth`` line per folder. Lines naming a folder are added to ``sys.path``
    without running that folder's own ``.pth`` files, so the checkout's editable install is not
    seen, and the wheel installed into the new venv is what imports."""
    import site
    import sysconfig

    folders = [*site.getsitepackages(), site.getusersitepackages(),
               sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    folders = list(dict.fromkeys(f for f in folders if Path(f).is_dir()))
    own = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    (Path(own) / "_xlr_test_lent.pth").write_text("\n".join(folders) + "\n", encoding="utf-8")


def test_the_wheel_alone_runs_the_demo(tmp_path):
    """Installed from the file into a fresh environment (its dependencies lent from the tests'
    interpreter, wherever they were installed: a venv, as on Debian, or the base Python),
    the wheel has everything ``xl-ratings demo`` needs: no file of the checkout is used."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    lend_dependencies(py)
    pip = subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                          str(dist()["wheel"])], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-2000:]
    run = subprocess.run([str(py), "-c", "import sys, xl_ratings, xl_ratings.cli as c; print(xl_ratings.__file__); "
                          "sys.exit(c.main(['demo', '--dir', sys.argv[1]]))", str(tmp_path / "demo")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert str(venv) in run.stdout.splitlines()[0], "the wheel's copy ran, not the checkout"
    books = {p.name for p in (tmp_path / "demo").iterdir()}
    assert {f"demo_{s}.xlsx" for s in SYSTEMS} <= books, books
