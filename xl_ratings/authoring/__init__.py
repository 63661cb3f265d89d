"""Template authoring: the workbooks a federation shares (``xl-ratings new``).

* :mod:`.templates` -- a system's workbook and the club's report, built with openpyxl;
* :mod:`.macro` -- a template as a macro-enabled .xlsm (buttons, ``BOOK.py``);
* :mod:`.regenerate` -- ``workbook_templates/`` rebuilt from code.
"""
