"""xl-ratings' one-click scripts in an xlwings Server project (docs/excel.md): put this file
into app/custom_scripts/ and add `from .xl_ratings_scripts import *` to that folder's __init__.py."""

import xlwings as xw
from xlwings.server import script

from xl_ratings import excel

__all__ = ["process_period", "import_results"]


@script
def process_period(book: xw.Book):
    """计算等级分 Process ratings: every period not yet processed; problems are listed on the Checks sheet."""
    excel.process_and_report(book)


@script
def import_results(book: xw.Book):
    """导入成绩 Import results: the crosstable pasted into the Import sheet (导入) is added to Players, Events and Games."""
    excel.import_and_report(book)
