"""xl-ratings in xlwings Lite (docs/excel.md): paste this file into the add-in's main.py,
and requirements.txt into its requirements.txt.

The Excel functions (=ELO_EXPECTED, =GOR_UPDATE, =RANK_STANDARD, ...) come with the
import below.  The three scripts are written out here: xlwings Lite lists the functions
of main.py decorated with @script as its buttons, reading this text.
"""

import xlwings as xw
from xlwings import script

from xl_ratings import excel
from xl_ratings.udfs import *  # noqa: F403 -- the Excel functions


@script
def process_period(book: xw.Book):
    """计算等级分 Process ratings: every period not yet processed; problems are listed on the Checks sheet."""
    excel.process_and_report(book)


@script
def import_results(book: xw.Book):
    """导入成绩 Import results: the crosstable pasted into the Import sheet (导入) is added to Players, Events and Games."""
    excel.import_and_report(book)


@script
def rating_list_file(book: xw.Book):
    """编排软件用等级分名单 Rating list file: the list OpenGotha, pairgoth and Swiss-Manager load, on the sheet RatingListFile."""
    excel.rating_list_and_report(book)
