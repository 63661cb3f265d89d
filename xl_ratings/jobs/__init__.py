"""The use cases: process, import, publish, new, demo, a game list's run -- the only layer
that combines files, xlsx, engine, view, importers and publish.  The command line and
one click call the same jobs (one click: the pure use cases :mod:`.period` and
:mod:`.book_import`, which load under xlwings Lite and in LibreOffice:
:data:`xl_ratings.excel.SHARED_JOBS`).

Import-free on purpose: one click imports those under Pyodide, where the other jobs'
packages (calamine, openpyxl, pandas) are not installed.
"""
