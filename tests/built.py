"""The package as it is published: sdist and wheel built once per test session from this
checkout (``python -m build``, offline: ``--no-isolation`` uses the installed setuptools
and wheel), for tests/product/test_install.py and tests/excel/test_pyodide_runtime.py."""

from __future__ import annotations

import functools
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=1)
def dist() -> dict[str, Path]:
    """{"sdist": ..., "wheel": ...}: sdist first, then the wheel built from the unpacked sdist."""
    out = Path(tempfile.mkdtemp(prefix="xlr-dist-"))
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return {"sdist": next(out.glob("*.tar.gz")), "wheel": next(out.glob("*.whl"))}
