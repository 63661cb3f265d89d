"""The use cases: process, import, publish, new, demo, a game list's run -- the only layer
that combines files, xlsx, engine, view, importers and publish.  The command line and
one click call the same jobs (one click: :mod:`.period`, which loads under xlwings Lite).

Import-free on purpose: one click imports :mod:`.period` under Pyodide, where the other
jobs' packages (calamine, openpyxl, pandas) are not installed.
"""
