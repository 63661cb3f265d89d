"""Workbooks as an earlier version of xl-ratings wrote them (the History's ``S…:Q…:R…``
cells: every Settings row in the fingerprint, exact numbers, the ``R`` seal), to test that
they keep working (tests/engine/test_ledger_integrity.py).

    python tests/data/legacy/make_legacy.py

Exports the package as it was at commit ``COMMIT`` (``git archive``) and runs its command
line on each system's template with a fixed date; writes ``<system>.xlsx`` beside this file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

COMMIT = "05a0513"      #: the last commit before seals over 12 significant digits
TODAY = "2026-11-30"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
RUN = """
import datetime as dt, sys
from xl_ratings.jobs.process import process_workbook
process_workbook(sys.argv[1], output=sys.argv[2], today=dt.date.fromisoformat(sys.argv[3]))
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", COMMIT, "xl_ratings"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        env = dict(os.environ, PYTHONPATH=tmp)
        for system in ("shanghai", "gor", "lianzhong", "peng"):
            out = HERE / f"{system}.xlsx"
            out.unlink(missing_ok=True)
            subprocess.run([sys.executable, "-c", RUN, str(ROOT / "workbook_templates" / f"{system}.xlsx"), str(out),
                            TODAY], check=True, env=env, cwd=tmp)
            print("wrote", out)


if __name__ == "__main__":
    main()
