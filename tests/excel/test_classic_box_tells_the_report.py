"""The classic button (``main()``, RunPython) tells the officer what xlwings Lite's pane and
LibreOffice's window show -- the import's summary and checks too, not its first line only -- in
a message box of at most 1,000 characters, whole lines, the lines left out counted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from import_writers import EVENT, rr_rows
from test_import_one_click import META
from test_one_click_checks import MAIN_CALL
from test_script_dispatch import snapshot

from xl_ratings.excel.one_click import BOX, boxed
from xl_ratings.i18n import SIMPLIFIED, TRADITIONAL
from xl_ratings.i18n.catalogue import excel as M
from xl_ratings.xlsx.read import read_tables

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"

#: what import_and_report prints for the same snapshot (xlwings Lite's pane)
PRINTED = """
import contextlib, io, json, sys
import xlwings as xw
snap = json.load(open(sys.argv[1], encoding="utf-8"))
snap["version"] = xw.__version__
from xl_ratings.excel.one_click import import_and_report
said = io.StringIO()
with contextlib.redirect_stdout(said):
    import_and_report(xw.Book(json=snap))
sys.stdout.write(said.getvalue().strip())
"""


def _run(code: str, snap: dict, tmp_path: Path) -> str:
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    (tmp_path / "snap.json").write_text(json.dumps(snap, ensure_ascii=False, default=str), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "snap.json")], capture_output=True,
                          text=True, env=env, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_the_import_box_holds_the_summary_lite_prints(tmp_path):
    tables = read_tables(ROOT / "gor.xlsx")
    tables["Import"] = META + [list(r) for r in rr_rows(EVENT)]
    snap = snapshot(tables, "gor.xlsm")
    snap["book"]["active_sheet_index"] = list(tables).index("Import")
    printed = _run(PRINTED, snap, tmp_path)
    actions = json.loads(_run(MAIN_CALL, snap, tmp_path))
    said = [a["args"][0] for a in actions if a["func"] == "alert"]
    assert len(said) == 1
    assert len(printed.splitlines()) > 1          # a summary beside the "imported" line
    assert said[0] == boxed(printed, TRADITIONAL)
    assert said[0].splitlines()[0] == printed.splitlines()[0]
    assert len(said[0]) <= BOX


LINES = st.lists(st.text(alphabet=st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)),
                         max_size=400), min_size=1, max_size=60)


@settings(max_examples=300, deadline=None)
@given(LINES, st.sampled_from([SIMPLIFIED, TRADITIONAL]))
def test_boxed_keeps_whole_lines_and_counts_the_rest(lines, lang):
    told = "\n".join(lines)
    out = boxed(told, lang)
    assert len(out) <= BOX
    if len(told) <= BOX:
        assert out == told
        return
    got = out.split("\n")
    if len(lines) == 1:                 # one line longer than the box: its start, marked
        assert got == [got[0]] and got[0].endswith("…") and lines[0].startswith(got[0][:-1])
        return
    shown, tail = got[:-1], got[-1]
    # the lines shown are the report's first lines, whole (the first line's start, marked, when it
    # alone is too long), and the last line counts the ones left out
    assert shown and len(shown) < len(lines)
    assert tail == M.MORE_LINES(count=len(lines) - len(shown)).both(lang)
    if shown[0] != lines[0]:
        assert len(shown) == 1 and shown[0].endswith("…") and lines[0].startswith(shown[0][:-1])
    else:
        assert shown == lines[:len(shown)]
