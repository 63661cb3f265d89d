"""xlwings Lite's runtime, for real (issue 18, 3): Pyodide 314 (Python 3.14, platform
pyemscripten_2026_0_wasm32) from npm, run by this machine's Node, offline (every download
refused).  The wheel built from this checkout is installed as xlwings Lite installs a
requirements.txt line -- micropip, dependencies from the wheel's metadata -- beside xlwings'
own Pyodide wheel and the pure-Python wheels of the Excel surface (no NumPy, no pandas).
Then main.py of workbook_templates/xlwings_lite, made a module from its text as Lite does:

- xlwings' readers find its two scripts and the thirteen functions;
- the functions give the documented values, and CPython's (NumPy there, pure Python here);
- process_period on the four templates and import_results on a pasted crosstable send back
  the same actions as under CPython, through xlwings' own dispatch.

Needs Node and ``bash tests/pyodide/install.sh`` (npm + pip download, once, with network);
skipped with that reason elsewhere, required when CI is set (.ci/run installs them).
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess

import pytest
from built import ROOT, dist
from import_writers import EVENT, rr_rows
from needs import _missing
from test_script_dispatch import run_script, snapshot

import udf_examples
from xl_ratings import udfs
from xl_ratings.xlsx.read import read_tables
from xl_ratings.systems import SYSTEMS

CACHE = ROOT / ".cache" / "pyodide"
PYODIDE = CACHE / "node_modules" / "pyodide"
WHEELS = CACHE / "wheels"
TEMPLATES = ROOT / "workbook_templates"
MAIN = TEMPLATES / "xlwings_lite" / "main.py"
NEEDS = "needs Node and Pyodide 314 with the wheels of an xlwings Lite workbook: bash tests/pyodide/install.sh"
SURFACE = ["pypinyin", "opencc_python_reimplemented", "defusedxml"]
HEAVY = ["numpy", "pandas", "openpyxl", "python_calamine", "rich", "jinja2", "pygments", "pyarrow"]
IMPORT_META = [["名称 name", "春季公开赛"], ["开始 start", "2024-05-01"], ["结束 end", "2024-05-03"], []]


def wheel(prefix: str) -> str:
    found = sorted(WHEELS.glob(prefix + "-*.whl"))
    if not found:
        _missing(NEEDS, [f"{prefix} wheel in {WHEELS}"])
    return found[-1].name


def cases():
    """(script, book name, tables) of every run: the four templates processed, a crosstable imported."""
    out = [("process_period", f"{s}.xlsx", read_tables(TEMPLATES / f"{s}.xlsx"))
           for s in SYSTEMS]
    tables = read_tables(TEMPLATES / "gor.xlsx")
    tables["Import"] = IMPORT_META + [list(r) for r in rr_rows(EVENT)]
    return out + [("import_results", "gor.xlsx", tables)]


@pytest.fixture(scope="module")
def pyodide(tmp_path_factory):
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").exists():
        _missing(NEEDS, [p for p, ok in (("node", node), (str(PYODIDE), (PYODIDE / "pyodide.mjs").exists()))
                         if not ok])
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    host = tmp_path_factory.mktemp("pyodide-host")
    (host / "wheels").mkdir()
    ours = dist()["wheel"]
    names = {p: wheel(p) for p in ["micropip", "packaging", "xlwings"] + SURFACE}
    for n in names.values():
        shutil.copy(WHEELS / n, host / "wheels" / n)
    shutil.copy(ours, host / "wheels" / ours.name)
    for f in (ROOT / "tests" / "pyodide" / "driver.py", ROOT / "tests" / "udf_examples.py", MAIN):
        shutil.copy(f, host / f.name)
    runs = []
    for i, (script, book, tables) in enumerate(cases()):
        (host / f"snap{i}.json").write_text(json.dumps(snapshot(tables, book), ensure_ascii=False, default=str),
                                            encoding="utf-8")
        runs.append({"script": script, "snapshot": f"snap{i}.json"})
    job = {"bootstrap": [names["packaging"], names["micropip"]],
           "install": [names["xlwings"]] + [names[s] for s in SURFACE] + [ours.name],
           "runs": runs, "heavy": HEAVY}
    (host / "job.json").write_text(json.dumps(job), encoding="utf-8")
    proc = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "runner.mjs"), str(PYODIDE), str(host)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = json.loads((host / "out.json").read_text(encoding="utf-8"))
    out["pyodide"] = version
    return out


def test_it_is_xlwings_lites_runtime_and_installs_only_the_excel_surface(pyodide):
    assert pyodide["pyodide"].startswith("314.") and pyodide["python"].startswith("3.14")
    assert pyodide["platform"] == "emscripten"
    installed = {n.replace("_", "-") for n in pyodide["installed"]}
    assert {"xl-ratings", "xlwings", "pypinyin", "opencc-python-reimplemented", "defusedxml"} <= installed
    assert not installed & {h.replace("_", "-") for h in HEAVY}, installed
    assert pyodide["heavy_modules"] == []
    assert pyodide["kernels"] == "xl_ratings.excel.kernels_pure"


def test_xlwings_finds_the_scripts_and_functions_of_main_py(pyodide):
    # what Lite's buttons list
    assert pyodide["scripts_in_source"] == ["process_period", "import_results", "rating_list_file"]
    assert sorted(pyodide["scripts_meta"]) == ["import_results", "process_period", "rating_list_file"]
    assert pyodide["functions_meta"] == sorted(n.upper() for n in udfs.__all__)


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=1e-12)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def test_functions_give_the_documented_values_and_cpythons(pyodide):
    got = pyodide["udfs"]
    for (name, args, want, tol), value in zip(udf_examples.EXAMPLES, got["examples"]):
        assert udf_examples.close(value, want, tol), (name, args, value, want)
    cpython = json.loads(json.dumps(udf_examples.evaluate(udfs), ensure_ascii=False))   # NumPy's columns
    assert same(got, cpython)


@pytest.mark.parametrize("i", range(len(cases())), ids=[f"{s}-{b}" for s, b, _ in cases()])
def test_one_click_sends_back_cpythons_actions(pyodide, i, tmp_path):
    script, book, tables = cases()[i]
    printed = []
    _, actions = run_script(script, tables, book, tmp_path, printed, module=MAIN)
    got = pyodide["runs"][i]
    # the one difference by design: under Pyodide the Checks line names the engine, xlwings Lite
    cpython = json.loads(json.dumps(actions).replace("xlwings Lite / xlwings Server", "xlwings Lite"))
    assert len(actions) >= 3 and same(got["actions"], cpython)
    assert ("xlwings Lite does not tell Python" in json.dumps(got["actions"], ensure_ascii=False)) == \
        (script == "process_period")
    assert got["printed"] == printed[0] and " — " in printed[0]
