"""xl_ratings -- a spreadsheet-native rating add-in for board-game federations.

Layers:

* :mod:`xl_ratings.systems` -- the pure rating math of the four rulebooks
  (``shanghai``, ``gor``, ``lianzhong``, ``peng``); no Excel, pandas or openpyxl.
* :mod:`xl_ratings.udfs` -- the Excel functions (xlwings).
* :mod:`xl_ratings.cli` -- the ``xl-ratings`` command line.
"""

__version__ = "0.7.0"
