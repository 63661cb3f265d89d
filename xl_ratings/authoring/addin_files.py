"""The files an officer pastes into xlwings Lite, or drops into an xlwings Server
project, generated here (``workbook_templates/xlwings_lite/``, ``.../xlwings_server/``;
a test compares the committed files with these).

xlwings Lite finds the scripts of ``main.py`` by reading its *text*: a function
decorated with ``@script`` is a script (the add-in parses the source with
``ast``), so the two scripts are written out in the file, not imported.  Each
calls a public entry point of :mod:`xl_ratings.excel` that lists input problems
on the Checks sheet (``process_and_report``, ``import_and_report``).  The Excel
functions are found on the module itself (``from xl_ratings.udfs import *``).

Standard library only: this module writes text.
"""

from __future__ import annotations

WHEEL = "xl_ratings-{version}-py3-none-any.whl"
#: where the officer puts the wheel's web address (docs/excel.md, "xlwings Lite")
WHEEL_URL = "https://YOUR-WEBSITE/" + WHEEL

SCRIPTS = '''

@script
def process_period(book: xw.Book):
    """计算等级分 Process ratings: every period not yet processed; problems are listed on the Checks sheet."""
    excel.process_and_report(book)


@script
def import_results(book: xw.Book):
    """导入成绩 Import results: the crosstable pasted into the Import sheet (导入) is added to Players, Events and Games."""
    excel.import_and_report(book)
'''

LITE_MAIN = '''"""xl-ratings in xlwings Lite (docs/excel.md): paste this file into the add-in's main.py,
and requirements.txt into its requirements.txt.

The Excel functions (=ELO_EXPECTED, =GOR_UPDATE, =RANK_STANDARD, ...) come with the
import below.  The two scripts are written out here: xlwings Lite lists the functions
of main.py decorated with @script as its buttons, reading this text.
"""

import xlwings as xw
from xlwings import script

from xl_ratings import excel
from xl_ratings.udfs import *  # noqa: F403 -- the Excel functions
''' + SCRIPTS

SERVER_FUNCTIONS = '''"""xl-ratings' Excel functions in an xlwings Server project (docs/excel.md): put this file
into app/custom_functions/ and add `from .xl_ratings_functions import *` to that folder's __init__.py."""

from xl_ratings.udfs import *  # noqa: F403
from xl_ratings.udfs import __all__  # noqa: F401
'''

SERVER_SCRIPTS = '''"""xl-ratings' one-click scripts in an xlwings Server project (docs/excel.md): put this file
into app/custom_scripts/ and add `from .xl_ratings_scripts import *` to that folder's __init__.py."""

import xlwings as xw
from xlwings.server import script

from xl_ratings import excel

__all__ = ["process_period", "import_results"]
''' + SCRIPTS


def addin_files(version: str) -> dict[str, str]:
    """Path (under ``workbook_templates/``) -> text, for the package of ``version``."""
    return {
        "xlwings_lite/main.py": LITE_MAIN,
        "xlwings_lite/requirements.txt": WHEEL_URL.format(version=version) + "\n",
        "xlwings_server/custom_functions/xl_ratings_functions.py": SERVER_FUNCTIONS,
        "xlwings_server/custom_scripts/xl_ratings_scripts.py": SERVER_SCRIPTS,
    }
