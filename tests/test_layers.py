"""The rating math is importable without Excel, pandas or openpyxl (STYLE 1)."""

import subprocess
import sys


def test_math_imports_no_io_libraries():
    code = ("import sys; import xl_ratings.systems.shanghai, xl_ratings.systems.gor, "
            "xl_ratings.systems.lianzhong, xl_ratings.systems.peng, xl_ratings.ranks, "
            "xl_ratings.results; bad = [m for m in ('openpyxl', 'pandas', 'xlwings', 'numpy') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
