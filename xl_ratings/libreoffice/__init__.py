"""The LibreOffice front end: a Calc extension (``xl-ratings libreoffice OUT.oxt``).

* :mod:`.functions` -- the 13 Excel functions as Calc add-in functions (their table, the
  conversion of Calc's arguments and results);
* :mod:`.calc` -- the open Calc document seen through the few calls of xlwings' ``Book`` that
  one click makes, so that the toolbar runs one click's own code (:mod:`xl_ratings.excel.one_click`,
  :mod:`xl_ratings.excel.rating_list`: the command line's use cases) on the document;
* :mod:`.commands` -- the toolbar's and menu's commands; :mod:`.report` -- the window their report is shown in;
* :mod:`.build` -- the ``.oxt`` itself, byte-identical on every build.

Everything the extension runs is the Excel surface's pure Python (what xlwings Lite installs), in
LibreOffice's own Python; :mod:`.build` alone runs in the command line's.
"""
