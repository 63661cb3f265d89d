"""The backup as the way out (the hostile review's "verify" items).

* A History refusal names the backup only when it is beside the workbook; without it,
  the message says so and offers a copy the officer keeps, or --from (every such refusal,
  process and publish).
* An import after a History refusal never replaces the backup that refusal offers as the
  way out: refused, the backup unchanged; once the History is put right, it imports.
* A LibreOffice-saved sample re-rated with --from: processed (no dead end), and no
  Corrections of rounding noise (-3.6e-12) on any system.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import openpyxl
import pytest
from helpers import processed_sample, read_sheet, run_cli
from problem_ids import cli_problems, only
from import_writers import Def, G, P, write_h9
from needs import need_soffice
from xl_ratings.systems import SYSTEMS



def _col(ws, key: str) -> int:
    return next(c.column for c in ws[1] if str(c.value).split()[-1] == key)


#: a History edited as the refusals of the ledger describe (the message id each gives)
EDITS = {
    "run.history_rows_edited": lambda ws: setattr(ws.cell(3, _col(ws, "new")), "value", 1234),
    "run.history_row_twice": lambda ws: [setattr(ws.cell(3, c), "value", ws.cell(2, c).value)
                                         for c in range(1, ws.max_column + 1)],
    "run.history_rows_unsealed": lambda ws: setattr(ws.cell(2, _col(ws, "inputs")), "value", None),
    "run.history_columns_missing": lambda ws: ws.delete_cols(_col(ws, "inputs")),
    "run.history_row_deleted": lambda ws: ws.delete_rows(3),
}


def edited_book(tmp_path, edit) -> object:
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    edit(wb["History"])
    wb.save(book)
    return book


def test_every_backup_clause_has_its_twin_without_a_backup():
    from xl_ratings.errors import CATALOGUE
    from xl_ratings.i18n.catalogue import load_all

    load_all()                      # every topic module loaded (alone, this test loads only some)
    twins = {mid[:-len("_no_backup")]: m for mid, m in CATALOGUE.items() if mid.endswith("_no_backup")}
    assert len(twins) == 7
    for mid, twin in twins.items():
        original = CATALOGUE[mid]
        assert twin.en != original.en and twin.zh != original.zh, mid
        # the catalogue's own words are the point: each twin says, in both languages, that there is none
        assert "there is no backup {backup} beside the workbook" in twin.en and "工作簿旁没有备份文件" in twin.zh


@pytest.mark.parametrize("mid", list(EDITS))
@pytest.mark.parametrize("command", ["process", "publish"])
def test_a_refusal_names_the_backup_only_when_it_is_there(tmp_path, capsys, mid, command):
    """Verify item: a refusal named a backup that does not exist."""
    book = edited_book(tmp_path, EDITS[mid])
    backup = book.with_name("gor.backup.xlsx")
    args = ("process", book) if command == "process" else ("publish", book, "--pdf", tmp_path / "x.pdf")
    code, told = cli_problems(*args)
    assert code == 2
    assert only(told, mid, backup="gor.backup.xlsx").sheet == "History"      # the clause that offers the backup
    assert not any(p.id.endswith("_no_backup") for p in told), told
    backup.unlink()
    code, told = cli_problems(*args)
    assert code == 2
    assert only(told, mid + "_no_backup", backup="gor.backup.xlsx").sheet == "History"   # its twin: no backup
    assert all(p.id.endswith("_no_backup") for p in told if p.id.startswith("run.history")), told


def _spring(tmp_path):
    d = Def("Winter 2026", dt.date(2026, 12, 5), dt.date(2026, 12, 5),
            (P("1", "龔", "軍", "M", "KLN", "5d", 0, ""), P("2", "王", "靜", "M", "NT", "4d", 0, "")),
            (G(1, "1", "2", "1"),))
    return write_h9(tmp_path / "winter.h9", d)


def test_an_import_after_a_history_refusal_keeps_the_backup_it_offers(tmp_path, capsys):
    """Verify item: an import after a History refusal overwrote the only backup the refusal
    offers as the way out."""
    book = edited_book(tmp_path, EDITS["run.history_rows_edited"])
    backup = book.with_name("gor.backup.xlsx")
    kept, before = backup.read_bytes(), book.read_bytes()
    src = _spring(tmp_path)
    assert run_cli("import", src, "--into", book, "--dry-run") == 0          # nothing written: allowed
    code, told = cli_problems("import", src, "--into", book)
    assert code == 2
    only(told, "run.import_would_replace_backup", backup="gor.backup.xlsx")
    assert only(told, "run.history_rows_edited", period="2025", backup="gor.backup.xlsx").sheet == "History"
    assert backup.read_bytes() == kept and book.read_bytes() == before
    assert run_cli("process", book, "--from", "2025") == 0                    # put right: the way out
    assert run_cli("import", src, "--into", book) == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_libreoffice_saved_sample_re_rated_from_its_first_period(tmp_path, capsys, system):
    """Verify items: a LibreOffice-saved sample was refused with --from while --from said
    "process your records first"; after --from, Corrections listed every player (-3.6e-12)."""
    soffice = need_soffice()
    book = processed_sample(tmp_path, system)
    out = tmp_path / "lo"
    subprocess.run([soffice, "--headless", "--convert-to", "xlsx", "--outdir", str(out), str(book)],
                   check=True, capture_output=True, timeout=180)
    saved = shutil.copy(out / book.name, tmp_path / f"saved_{system}.xlsx")
    first = min(str(r["period"]) for r in read_sheet(saved, "History"))
    capsys.readouterr()
    assert run_cli("process", saved, "--from", first) == 0, capsys.readouterr().err
    wb = openpyxl.load_workbook(saved)
    assert "Corrections" not in wb.sheetnames, "nothing corrected: no log started"
    assert run_cli("process", saved) == 0 and run_cli("publish", saved, "--pdf", tmp_path / "x.pdf") == 0
