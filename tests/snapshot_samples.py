"""Dump what the samples produce, as text, to compare two versions of the code.

    python tests/snapshot_samples.py OUT_DIR

For each system: a fresh sample workbook (``xl-ratings new``), processed
twice over (``xl-ratings process --json``), then every sheet's cells (value
and number format) and the JSON export written as text files.  Two
snapshots of the same results are identical byte for byte:

    diff -r before/ after/
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import openpyxl
from xl_ratings.systems import SYSTEMS


def dump(book: Path, out: Path) -> None:
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        lines = []
        for row in ws.iter_rows():
            for c in row:
                if c.value is not None:
                    lines.append(f"{c.coordinate}\t{c.value!r}\t{c.number_format}")
        (out / f"{ws.title}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(target: str) -> None:
    root = Path(target)
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for system in SYSTEMS:
            book = Path(tmp) / f"{system}.xlsx"
            cmd = [sys.executable, "-m", "xl_ratings.cli"]
            subprocess.run(cmd + ["new", system, str(book)], check=True, capture_output=True)
            res = subprocess.run(cmd + ["process", str(book), "--json", str(Path(tmp) / f"{system}.json")],
                                 capture_output=True, text=True)
            out = root / system
            out.mkdir(exist_ok=True)
            (out / "exit.txt").write_text(f"{res.returncode}\n{res.stderr}", encoding="utf-8")
            if res.returncode == 0:
                data = json.loads((Path(tmp) / f"{system}.json").read_text(encoding="utf-8"))
                (out / "export.json").write_text(json.dumps(data, ensure_ascii=False, indent=1,
                                                            sort_keys=True), encoding="utf-8")
            dump(book, out)


if __name__ == "__main__":
    main(sys.argv[1])
