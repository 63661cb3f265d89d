"""Run inside Pyodide by runner.mjs (top-level await): install the wheels as xlwings Lite
does (micropip, dependencies resolved from each wheel's metadata), then run the Excel
functions, xlwings' script reader and the one-click scripts of main.py; write /host/out.json."""

import ast
import contextlib
import importlib.util
import io
import json
import os
import platform
import sys

import micropip

os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
os.environ["XLWINGS_ON_SERVER"] = "true"   # as xlwings Lite sets it before xlwings is imported
job = json.load(open("/host/job.json", encoding="utf-8"))
out = {"python": platform.python_version(), "platform": sys.platform}
for wheel in job["install"]:   # xlwings first (Lite has it), then ours with its dependencies
    await micropip.install("emfs:/host/wheels/" + wheel, deps=True)  # noqa: F704 -- top-level await (Pyodide)
out["installed"] = sorted(micropip.list())

import xlwings as xw  # noqa: E402
from xlwings.server import custom_functions_meta, custom_scripts_call, custom_scripts_meta  # noqa: E402

sys.path.insert(0, "/host")
import udf_examples  # noqa: E402
from xl_ratings import udfs  # noqa: E402
from xl_ratings.excel import functions  # noqa: E402

out["kernels"] = functions.vector.__name__
out["udfs"] = udf_examples.evaluate(udfs)

source = open("/host/main.py", encoding="utf-8").read()
spec = importlib.util.spec_from_loader("main", loader=None)   # as xlwings Lite makes main.py a module
main = importlib.util.module_from_spec(spec)
exec(source, main.__dict__)
sys.modules["main"] = main
out["scripts_in_source"] = [n.name for n in ast.walk(ast.parse(source))
                            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                            and any("script" in ast.unparse(d) for d in n.decorator_list)]
out["scripts_meta"] = [m["function_name"] for m in custom_scripts_meta(main)]
out["functions_meta"] = sorted(f["name"] for f in custom_functions_meta(main)["functions"])

out["runs"] = []
for run in job["runs"]:
    snap = json.load(open("/host/" + run["snapshot"], encoding="utf-8"))
    snap["version"] = xw.__version__
    book = xw.Book(json=snap)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        await custom_scripts_call(main, run["script"], typehint_to_value={xw.Book: book})  # noqa: F704
    out["runs"].append({"actions": book.json()["actions"], "printed": printed.getvalue()})
out["heavy_modules"] = sorted({m.split(".")[0] for m in sys.modules} & set(job["heavy"]))
with open("/host/out.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, default=str)
