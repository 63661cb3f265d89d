"""The Excel surface: functions typed into cells (:mod:`.functions`, with
:mod:`.ranges` and the NumPy :mod:`.kernels`) and one-click processing
(:mod:`.one_click`).

``xl_ratings.excel.main`` (classic ``RunPython``), ``process_period``,
``import_results`` and ``rating_list_file`` (xlwings Lite/Server ``@script``), and
the plain entry points the scripts of ``main.py`` call (``process_and_report``,
``import_and_report``, ``rating_list_and_report``: input problems on the Checks sheet) keep the names that templates, ribbon
settings and users' ``main.py`` refer to.  They
load on first use, so that importing the functions alone stays light.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: the jobs modules the Excel surface imports: the pure use cases it shares with the command line
#: (tables of cells in, edits and problems out; they load under xlwings Lite and in LibreOffice), and
#: what they use (cell_words: the kind of cell a message names)
SHARED_JOBS = ("period", "book_import", "cell_words")


class OneClickJob(NamedTuple):
    """One of one click's jobs, every name it goes by."""

    command: str        #: the LibreOffice toolbar's command (``libreoffice.commands``)
    script: str         #: the xlwings Lite / Server script (``@script``), in this package's ``__all__``
    entry: str          #: the plain entry point the script, main.py and LibreOffice call
    use_case: str       #: the use case in ``jobs/`` it shares with the command line (module.function)
    cli: str            #: the command line's job that calls the same use case


#: Every job of one click, once: the LibreOffice toolbar and ``tests/jobs/test_both_paths.py`` read it (a job
#: added here without a both-paths case fails there).  Each runs through :func:`.one_click.in_book`
#: (problems on the Checks sheet) and the use case of ``jobs/`` the command line's job calls.
JOBS = (
    OneClickJob("process", "process_period", "process_and_report", "period.rate_workbook", "process"),
    OneClickJob("import", "import_results", "import_and_report", "book_import.import_workbook", "import"),
    OneClickJob("rating_list", "rating_list_file", "rating_list_and_report", "period.workbook_rating_list",
                "publish --rating-list"),
)

__all__ = ["JOBS", "OneClickJob", "SHARED_JOBS", "main", "process_book", "process_period", "import_book", "import_results", "process_and_report",
           "import_and_report", "rating_list_file", "rating_list_book", "rating_list_and_report"]


def __getattr__(name: str) -> Any:
    if name in ("rating_list_file", "rating_list_book", "rating_list_and_report"):     # the rating list for pairing programs
        from . import rating_list

        return getattr(rating_list, name)
    if name in __all__:
        from . import one_click

        return getattr(one_click, name)
    raise AttributeError(name)
