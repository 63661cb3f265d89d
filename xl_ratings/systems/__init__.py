"""The rating math of the four federation rulebooks, one module per system.

Pure Python: nothing here imports Excel, pandas or openpyxl.  Each module has
one frozen parameter object holding every default of SPEC.md, and pure
functions that take and return values.
"""

SYSTEMS = ("shanghai", "gor", "lianzhong", "peng")
