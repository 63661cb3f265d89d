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

from typing import Any

#: the jobs modules the Excel surface imports: the pure use cases it shares with the command line
#: (tables of cells in, edits and problems out; they load under xlwings Lite and in LibreOffice), and
#: what they use (cell_words: the kind of cell a message names)
SHARED_JOBS = ("period", "book_import", "cell_words")

__all__ = ["SHARED_JOBS", "main", "process_book", "process_period", "import_book", "import_results", "process_and_report",
           "import_and_report", "rating_list_file", "rating_list_book", "rating_list_and_report"]


def __getattr__(name: str) -> Any:
    if name in ("rating_list_file", "rating_list_book", "rating_list_and_report"):     # the rating list for pairing programs
        from . import rating_list

        return getattr(rating_list, name)
    if name in __all__:
        from . import one_click

        return getattr(one_click, name)
    raise AttributeError(name)
