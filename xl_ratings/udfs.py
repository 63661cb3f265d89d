"""Excel functions of xl_ratings (CONTRACT §1) -- the module users name.

The classic xlwings ribbon's *UDF Modules* setting (``xl_ratings.udfs``) and
xlwings Lite's ``from xl_ratings.udfs import *`` use this name; the
functions live in :mod:`xl_ratings.excel.functions`.
"""

from .excel.functions import *  # noqa: F403
from .excel.functions import __all__  # noqa: F401
