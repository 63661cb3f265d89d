"""xl-ratings' Excel functions in an xlwings Server project (docs/excel.md): put this file
into app/custom_functions/ and add `from .xl_ratings_functions import *` to that folder's __init__.py."""

from xl_ratings.udfs import *  # noqa: F403
from xl_ratings.udfs import __all__  # noqa: F401
