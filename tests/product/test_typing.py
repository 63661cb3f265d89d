"""The package type-checks: ``python -m mypy xl_ratings`` with the settings
of ``pyproject.toml`` (strict for systems, engine and i18n) finds no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_no_error() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "xl_ratings"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"mypy failed:\n{done.stdout}\n{done.stderr}"
