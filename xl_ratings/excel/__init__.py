"""The Excel surface: functions typed into cells (:mod:`.functions`, with
:mod:`.ranges` and the NumPy :mod:`.kernels`) and one-click processing
(:mod:`.one_click`).

``xl_ratings.excel.main`` (classic ``RunPython``) and
``xl_ratings.excel.process_period`` (xlwings Lite/Server ``@script``) keep the
names that templates, ribbon settings and users' ``main.py`` refer to.  They
load on first use, so that importing the functions alone stays light.
"""

from __future__ import annotations

from typing import Any

__all__ = ["main", "process_book", "process_period", "import_book", "import_results", "rating_list_file",
           "rating_list_book"]


def __getattr__(name: str) -> Any:
    if name in ("rating_list_file", "rating_list_book"):     # the rating list for pairing programs
        from . import rating_list

        return getattr(rating_list, name)
    if name in __all__:
        from . import one_click

        return getattr(one_click, name)
    raise AttributeError(name)
