"""The LibreOffice extension as built (issue 27), without LibreOffice: the same bytes on every build,
the type library its IDL compiles to, the Function Wizard's help (the Excel surface's own English, and
Chinese), Excel's names mapped, and the code it carries running in a Python that has nothing else."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from defusedxml import ElementTree
from needs import need_sdk

from xl_ratings import udfs
from xl_ratings.excel.ranges import ArgumentError
from xl_ratings.cli import main as cli
from xl_ratings.libreoffice import build, names
from xl_ratings.libreoffice.functions import call, table

FUNCTIONS = Path(build.PACKAGE / "excel" / "functions.py")
OOR = "{http://openoffice.org/2001/registry}"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def test_the_extension_is_the_same_bytes_on_every_build(tmp_path):
    assert cli(["libreoffice", str(tmp_path / "a.oxt")]) == 0
    assert cli(["libreoffice", str(tmp_path / "b.oxt")]) == 0
    a, b = (tmp_path / "a.oxt").read_bytes(), (tmp_path / "b.oxt").read_bytes()
    assert a == b
    with zipfile.ZipFile(io.BytesIO(a)) as z:
        infos = z.infolist()
        names_ = [i.filename for i in infos]
        assert names_ == sorted(names_)
        assert {i.date_time for i in infos} == {build.FIXED_TIME}
        manifest = z.read("META-INF/manifest.xml").decode()
        for part in ("XRatings.rdb", build.COMPONENT, "CalcAddIns.xcu", "Addons.xcu", "Jobs.xcu",
                     "ProtocolHandler.xcu"):
            assert f'manifest:full-path="{part}"' in manifest and part in names_
        # what it carries: the Excel surface's pure Python and the three packages, no command-line code
        assert "pythonpath/xl_ratings/jobs/period.py" in names_ and "pythonpath/pypinyin/__init__.py" in names_
        assert "pythonpath/opencc/__init__.py" in names_ and "pythonpath/defusedxml/__init__.py" in names_
        assert not [n for n in names_ if n.startswith(("pythonpath/xl_ratings/xlsx/", "pythonpath/xl_ratings/publish/",
                                                        "pythonpath/xl_ratings/jobs/process"))]
        assert not [n for n in names_ if "__pycache__" in n or n.endswith(".pyc")]
        assert "7.4" in z.read("description.xml").decode()


def test_a_file_not_named_oxt_is_refused(tmp_path, capsys):
    assert cli(["libreoffice", str(tmp_path / "x.zip")]) == 2
    assert "must end in .oxt" in capsys.readouterr().err
    assert not (tmp_path / "x.zip").exists()


def test_the_type_library_is_the_idl_compiled(tmp_path):
    """XRatings.rdb is kept in the source (building needs no SDK); compiled again from the IDL the
    functions' table gives, it is the same file."""
    sdk = need_sdk()
    (tmp_path / "XRatings.idl").write_text(build.idl(), encoding="utf-8")
    subprocess.run([sdk, "/usr/lib/libreoffice/program/types.rdb", str(tmp_path / "XRatings.idl"),
                    str(tmp_path / "XRatings.rdb")], check=True, capture_output=True)
    assert (tmp_path / "XRatings.rdb").read_bytes() == build.RDB.read_bytes()


def _excel_help() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """Each function's first docstring line and its arguments' doc=, read from xl_ratings/excel/functions.py."""
    tree = ast.parse(FUNCTIONS.read_text(encoding="utf-8"))
    consts = {n.targets[0].id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
              and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Constant)}
    out = {}
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef) and any(isinstance(d, ast.Name) and d.id == "func"
                                                   for d in fn.decorator_list):
            args = []
            for d in fn.decorator_list:
                if isinstance(d, ast.Call):
                    doc = {k.arg: k.value for k in d.keywords}["doc"]
                    args.append((d.args[0].value, doc.value if isinstance(doc, ast.Constant) else consts[doc.id]))
            out[fn.name.upper()] = (ast.get_docstring(fn).split("\n")[0], args)
    return out


def test_the_wizard_help_is_the_excel_surfaces_own_text():
    excel = _excel_help()
    assert [f.name for f in table()] == [n.upper() for n in udfs.__all__] == list(excel)
    for f in table():
        doc, args = excel[f.name]
        assert f.help.en == doc, f.name
        assert [(a.name, a.help.en) for a in f.arguments] == args, f.name


def test_the_function_wizard_gets_names_compatibility_names_and_help_in_both_languages():
    root = ElementTree.fromstring(build.calc_addins_xcu().encode())
    service = root.find(f"./node[@{OOR}name='AddInInfo']/node")
    assert service.get(f"{OOR}name") == "org.xlratings.Functions"
    funcs = service.find("./node").findall("./node")
    assert [f.get(f"{OOR}name") for f in funcs] == [f.name for f in table()]
    for node, f in zip(funcs, table()):
        props = {p.get(f"{OOR}name"): p for p in node.findall("./prop")}
        assert [v.text for v in props["CompatibilityName"]] == [f.name]
        assert props["CompatibilityName"][0].get(LANG) == "en-US"
        desc = {v.get(LANG): v.text for v in props["Description"]}
        assert desc["en-US"] == f.help.en and desc["zh-CN"] == f.help.zh
        params = node.find("./node").findall("./node")
        assert [p.get(f"{OOR}name") for p in params] == sorted(a.key for a in f.arguments)
    # the buttons, in Calc only, both languages side by side
    addons = build.addons_xcu()
    assert "计算等级分 Process ratings" in addons and "导入成绩 Import results" in addons
    assert addons.count("org.xlratings:process") == 2 and "com.sun.star.sheet.SpreadsheetDocument" in addons


@pytest.mark.parametrize("typed, fixed", [
    ("=gor_update(2300;2400;1)", "=GOR_UPDATE(2300;2400;1)"),
    ("=_xll.gor_update(2300;2400;1)", "=GOR_UPDATE(2300;2400;1)"),
    ("=SUM(gor_expected(B1:B2;2400))+rank_rating(\"三段\";\"shanghai\")",
     "=SUM(GOR_EXPECTED(B1:B2;2400))+RANK_RATING(\"三段\";\"shanghai\")"),
    ("=\"gor_update(\"&gor_update(1)", "=\"gor_update(\"&GOR_UPDATE(1)"),
    ("=ORG.XLRATINGS.FUNCTIONS.GOR_UPDATE(1)", "=ORG.XLRATINGS.FUNCTIONS.GOR_UPDATE(1)"),
    ("=my_gor_update(1)", "=my_gor_update(1)"),
])
def test_excels_names_are_given_calcs(typed, fixed):
    assert names.renamed(typed, names.pattern([f.name for f in table()])) == fixed


def test_calcs_arguments_give_the_excel_functions_values():
    """What Calc hands the add-in (floats, texts, None, rows of cells) gives what xlwings gives the functions."""
    assert call("GOR_UPDATE", 2300.0, 2400.0, 1.0, None, None) == ((udfs.gor_update(2300.0, 2400.0, 1.0),),)
    col = ((1850.0,), (2000.0,), (None,))
    assert call("GOR_EXPECTED", col, 2400.0, 5.0) == tuple(
        (v,) for v in [r[0] for r in udfs.gor_expected([[1850.0], [2000.0], [None]], 2400.0, 5.0)])
    assert call("RANK_STANDARD", 2320.0, "shanghai", None) == (("三段",),)
    assert call("LIANZHONG_K", None) == (("",),)
    with pytest.raises(ArgumentError, match="weight"):
        call("GOR_UPDATE", 2300.0, 2400.0, 1.0, None, 75.0)


def test_the_code_it_carries_runs_in_a_bare_python(tmp_path):
    """The extension's pythonpath alone (no site-packages: no xlwings, NumPy, openpyxl, pandas) runs the
    toolbar's modules and every function, with the values of the checkout's."""
    oxt = build.write_oxt(tmp_path / "x.oxt")
    with zipfile.ZipFile(oxt) as z:
        z.extractall(tmp_path / "x")
    code = ("import json, sys; sys.path[:0] = [sys.argv[1]]\n"
            "from xl_ratings.libreoffice import calc, commands, functions, names\n"
            "commands._entry('process'); commands._entry('import'); commands._entry('rating_list')\n"
            "loaded = sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names))\n"
            "print(json.dumps({'loaded': loaded, 'gor': functions.call('GOR_UPDATE', 2300.0, 2400.0, 1.0, None, None),"
            " 'peng': functions.call('PENG_BASE', '四段')}, ensure_ascii=False))")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path / "x" / "pythonpath")],
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert set(got["loaded"]) <= {"xl_ratings", "xlwings", "pypinyin", "opencc", "defusedxml", "__main__"}
    assert got["gor"] == [[udfs.gor_update(2300.0, 2400.0, 1.0)]]
    assert got["peng"] == [[udfs.peng_base("四段")]]
