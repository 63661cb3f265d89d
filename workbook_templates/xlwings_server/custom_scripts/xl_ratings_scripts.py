"""xl-ratings' one-click scripts in an xlwings Server project (docs/excel.md): put this file
into app/custom_scripts/ and add `from .xl_ratings_scripts import *` to that folder's __init__.py.

xlwings Server finds scripts on the module (xlwings.server.custom_scripts_meta), so they are
imported here; xlwings Lite reads main.py's text instead, which is why its main.py writes
them out."""

from xl_ratings.excel import import_results, process_period, rating_list_file

__all__ = ["process_period", "import_results", "rating_list_file"]
