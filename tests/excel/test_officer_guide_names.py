"""docs/excel.md, the officer's guide: every name a step tells the officer to type, click or
paste is the code's (issue 18, 5) -- the interpreter setting, the button's macro and texts,
the module beside the workbook, the UDF module, the Lite and Server files and scripts, the
wheel's name, the packages Lite installs, the functions and their documented values."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import xlwings
import xlwings.cli
from test_excel_light import ADDIN_FILES, lite_script_names
from test_install import EXCEL_SURFACE

import udf_examples
import xl_ratings
from xl_ratings import udfs
from xl_ratings.i18n.catalogue import excel as M
from xl_ratings.authoring import macro
from xl_ratings.xlsx import vba

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "excel.md").read_text(encoding="utf-8")
XLWINGS_VBA = (Path(xlwings.__file__).parent / "xlwings.bas").read_text(encoding="utf-8", errors="replace")


def test_the_interpreter_setting_is_what_xlwings_writes_and_the_buttons_read():
    for key in ("INTERPRETER_WIN", "INTERPRETER_MAC"):
        assert key in DOC and f'GetConfig("{key}"' in XLWINGS_VBA
    create = inspect.getsource(xlwings.cli.config_create)
    assert '"INTERPRETER_{}","{}"' in create and '"MAC" if sys.platform.startswith("darwin") else "WIN"' in create
    assert "config_create(None)" in inspect.getsource(xlwings.cli._addin_install)   # xlwings addin install
    assert "runpython_install(None)" in inspect.getsource(xlwings.cli._addin_install)   # macOS
    assert "xlwings addin install" in DOC and "xlwings config create --force" in DOC
    assert xlwings.USER_CONFIG_FILE.endswith(("xlwings.conf",))
    assert "%USERPROFILE%\\.xlwings\\xlwings.conf" in DOC
    assert "com.microsoft.Excel/Data/xlwings.conf" in DOC


def test_the_buttons_macro_and_module_are_the_templates():
    assert vba.MACRO == "[0]!SampleCall" and "**`SampleCall`**" in DOC
    for text in (vba.BUTTON_TEXT, vba.IMPORT_TEXT):
        zh, en = text.split("  ", 1)
        assert f"**{zh} {en}**" in DOC
    line = macro.module_source().splitlines()[-1].split("  #")[0]
    assert line == "from xl_ratings.excel import main" and f"`{line}`" in DOC
    assert 'RunPython "import club2026; club2026.main()"' in DOC
    assert "import BOOK; BOOK.main()" in (ROOT / "xl_ratings" / "xlsx" / "vba.py").read_text()


def test_the_udf_module_and_the_functions():
    assert "**`xl_ratings.udfs`**" in DOC and udfs.__name__ == "xl_ratings.udfs"
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([A-Z_]+)\(.*$", DOC, re.M)}
    assert set(rows) == {n.upper() for n in udfs.__all__}
    for name, args, want, _ in udf_examples.EXAMPLES:
        shown = f"{want:g}" if isinstance(want, float) else str(want)
        assert shown in rows[name.upper()], (name, shown)


def test_the_lite_and_server_files_and_scripts():
    files = {rel: (ROOT / "workbook_templates" / rel).read_text(encoding="utf-8") for rel in ADDIN_FILES}
    for rel in files:
        assert f"workbook_templates/{rel}" in DOC or rel.rsplit("/", 1)[-1] in DOC, rel
    for target in re.findall(r"\]\((\.\./[^)]+)\)", DOC):
        assert (ROOT / "docs" / target).resolve().exists(), target
    scripts = lite_script_names(files["xlwings_lite/main.py"])
    assert scripts == ["process_period", "import_results", "rating_list_file"]
    assert all(f"**`{s}`**" in DOC for s in scripts)
    assert "YOUR-WEBSITE" in files["xlwings_lite/requirements.txt"] and "`YOUR-WEBSITE`" in DOC
    assert "from .xl_ratings_functions import *" in DOC and "from .xl_ratings_scripts import *" in DOC
    assert f"`{M.ROWS_NOT_CHECKED.id}`" in DOC


def test_the_wheel_and_what_lite_installs():
    wheel = f"xl_ratings-{xl_ratings.__version__}-py3-none-any.whl"
    named = set(re.findall(r"xl_ratings-[\w.]+-py3-none-any\.whl", DOC))
    assert named == {wheel}
    table = DOC[DOC.index("| package | download | why |"):]
    table = table[:table.index("\n\n")]
    listed = {m for m in re.findall(r"^\| `([\w-]+)`", table, re.M)}
    assert listed == EXCEL_SURFACE, "the packages Lite installs, as the wheel's metadata says"
    install = (ROOT / "tests" / "pyodide" / "install.sh").read_text()
    for name in ("pypinyin", "opencc-python-reimplemented", "defusedxml"):
        version = re.search(rf"{name}==([\d.]+)", install).group(1)
        assert f"`{name}` {version.rsplit('.', 1)[0] if name == 'pypinyin' else version}" in table, name


def test_the_pictures_are_there():
    for png in re.findall(r"!\[[^]]*\]\(([^)]+\.png)\)", DOC):
        assert (ROOT / "docs" / png).stat().st_size > 5000, png
