"""The Excel surface carries only what xlwings Lite installs (issue 18, 1 and 2).

- ``xl_ratings.udfs``, ``xl_ratings.excel`` and the one-click scripts import, compute and
  process with the command line's packages blocked (pandas, openpyxl, calamine, rich,
  jinja2, pygments, pyarrow) -- with NumPy and without it (then the pure-Python kernels
  give the same numbers);
- xlwings finds the scripts and functions of the files an officer pastes into xlwings
  Lite, or puts into an xlwings Server project, the way each does: Lite reads main.py's
  text for ``@script`` functions, Server looks at the module.
"""

from __future__ import annotations

import ast
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_script_dispatch import replay, run_script

import udf_examples
import xl_ratings
from xl_ratings import udfs
from xl_ratings.excel import kernels, kernels_pure
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "workbook_templates"
CLI_ONLY = ["pandas", "openpyxl", "python_calamine", "rich", "jinja2", "pygments", "pyarrow", "markupsafe"]

BLOCK = """
import sys
BLOCKED = set(%r)
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Blocked())
"""

PROBE = BLOCK + """
import json
sys.path.insert(0, %r)
import udf_examples
from xl_ratings import udfs
import xl_ratings.excel, xl_ratings.excel.one_click
from xl_ratings.excel import functions
json.dump({"kernels": functions.vector.__name__, "results": udf_examples.evaluate(udfs),
           "loaded": sorted({m.split(".")[0] for m in sys.modules} & BLOCKED)}, sys.stdout, ensure_ascii=False)
"""


def close(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12)
    return a == b


@pytest.mark.parametrize("blocked,backend", [(CLI_ONLY, "xl_ratings.excel.kernels"),
                                             (CLI_ONLY + ["numpy"], "xl_ratings.excel.kernels_pure")])
def test_functions_without_the_command_lines_packages(blocked, backend):
    proc = subprocess.run([sys.executable, "-c", PROBE % (blocked, str(ROOT / "tests"))],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["kernels"] == backend and got["loaded"] == []
    for (name, args, want, tol), value in zip(udf_examples.EXAMPLES, got["results"]["examples"]):
        assert udf_examples.close(value, want, tol), (name, value, want)
    here = json.loads(json.dumps(udf_examples.evaluate(udfs), ensure_ascii=False))
    assert close(got["results"], here)


@pytest.mark.parametrize("system", ["gor", "peng"])
def test_one_click_without_the_command_lines_packages_nor_numpy(system, tmp_path):
    tables = read_tables(TEMPLATES / f"{system}.xlsx")
    _, plain = run_script("process_period", tables, f"{system}.xlsx", tmp_path)
    _, light = run_script("process_period", tables, f"{system}.xlsx", tmp_path,
                          prelude=BLOCK % (CLI_ONLY + ["numpy"]))
    assert light == plain and len(plain) > 20


# --- the files for xlwings Lite and xlwings Server ---------------------------------------------
ADDIN_FILES = ["xlwings_lite/main.py", "xlwings_lite/requirements.txt",
               "xlwings_server/custom_functions/xl_ratings_functions.py",
               "xlwings_server/custom_scripts/xl_ratings_scripts.py"]


def test_lites_requirements_name_this_versions_wheel():
    assert all((TEMPLATES / rel).exists() for rel in ADDIN_FILES)
    req = (TEMPLATES / "xlwings_lite" / "requirements.txt").read_text(encoding="utf-8").split()
    assert req == [f"https://YOUR-WEBSITE/xl_ratings-{xl_ratings.__version__}-py3-none-any.whl"], \
        "workbook_templates/xlwings_lite/requirements.txt: the wheel of this version"


def lite_script_names(source: str) -> list[str]:
    """The scripts xlwings Lite lists for a main.py: it parses the text with ``ast`` and takes the
    functions one of whose decorators reads "script" (xlwings-server, app/lite/main.py,
    ``get_xlwings_scripts``, the add-in's own reader)."""
    return [n.name for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and any("script" in ast.unparse(d) for d in n.decorator_list)]


def module_from(source: str, name: str):
    """A module made from a file's text, as xlwings Lite makes main.py one (``exec``)."""
    import importlib.util

    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    exec(source, module.__dict__)
    return module


META = """
import json, sys, importlib.util
from xlwings.server import custom_functions_meta, custom_scripts_meta
src = open(sys.argv[1], encoding="utf-8").read()
m = importlib.util.module_from_spec(importlib.util.spec_from_loader("main", loader=None))
exec(src, m.__dict__)
json.dump({"scripts": [s["function_name"] for s in custom_scripts_meta(m)],
           "functions": sorted(f["name"] for f in custom_functions_meta(m)["functions"])}, sys.stdout)
"""


@pytest.mark.parametrize("rel", ["xlwings_lite/main.py", "xlwings_server/custom_scripts/xl_ratings_scripts.py",
                                 "xlwings_server/custom_functions/xl_ratings_functions.py"])
def test_xlwings_finds_the_scripts_and_the_functions(rel):
    source = (TEMPLATES / rel).read_text(encoding="utf-8")
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    proc = subprocess.run([sys.executable, "-c", META, str(TEMPLATES / rel)], capture_output=True, text=True,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = json.loads(proc.stdout)
    scripts = ["process_period", "import_results", "rating_list_file"] if "functions" not in rel else []
    if rel.startswith("xlwings_lite"):   # Lite: from the text; Server: from the module
        assert lite_script_names(source) == scripts
    assert sorted(found["scripts"]) == sorted(scripts)
    assert found["functions"] == ([] if "scripts" in rel else sorted(n.upper() for n in udfs.__all__))


def test_the_old_main_py_of_the_readme_gave_lite_no_script():
    """Importing the scripts (what the README said) leaves main.py's text without an @script
    function: xlwings Lite showed no button.  The generated main.py writes them out, and each
    calls an entry point that lists problems on the Checks sheet."""
    old = ("from xl_ratings.udfs import *\n"
           "from xl_ratings.excel import process_period, import_results\n")
    assert lite_script_names(old) == []
    tree = ast.parse((TEMPLATES / "xlwings_lite" / "main.py").read_text(encoding="utf-8"))
    calls = {f.name: ast.unparse(f.body[-1]) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    assert calls == {"process_period": "excel.process_and_report(book)",
                     "import_results": "excel.import_and_report(book)",
                     "rating_list_file": "excel.rating_list_and_report(book)"}


def test_main_py_scripts_write_what_xl_ratings_excel_does(tmp_path):
    tables = read_tables(TEMPLATES / "lianzhong.xlsx")
    sheets, via_main = run_script("process_period", tables, "lianzhong.xlsx", tmp_path,
                                  module=TEMPLATES / "xlwings_lite" / "main.py")
    _, direct = run_script("process_period", tables, "lianzhong.xlsx", tmp_path)
    assert via_main == direct and "Ratings" in replay(sheets, via_main)


def test_main_pys_rating_list_script_writes_what_xl_ratings_excel_does(tmp_path):
    """Finding 15: the rating-list script was in neither main.py nor the Server module."""
    from helpers import processed_sample

    tables = read_tables(processed_sample(tmp_path, "gor"))
    sheets, via_main = run_script("rating_list_file", tables, "gor.xlsx", tmp_path,
                                  module=TEMPLATES / "xlwings_lite" / "main.py")
    _, direct = run_script("rating_list_file", tables, "gor.xlsx", tmp_path)
    assert via_main == direct
    assert "RatingListFile" in replay(sheets, via_main)


# --- the kernels: NumPy and pure Python, held to the scalar math ---------------------------------
def test_both_backends_refuse_what_the_cell_path_must_name():
    for backend in (kernels, kernels_pure):
        assert backend.numeric([[2300.0], [True]]) is None       # TRUE is not a rating
        assert backend.numeric([["2300"], [2200.0]]) is None     # text: the cell path reads it
        assert backend.numeric([[float("inf")]]) is None
        assert backend.numeric([[1.0], [None]]) is not None
    with pytest.raises(Exception, match="TRUE/FALSE"):
        udfs.elo_expected([[2300.0]] * 70 + [[True]], 2200)       # was 1.0 through NumPy
