"""Issue 26 (3): every archived period has its own printed list when the list is printed,
linked from its archive page and from the archive's index (one LibreOffice run for all)."""

from __future__ import annotations

import re
import subprocess

import pytest
from helpers import processed_sample, read_sheet, run_cli

from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish import pdf as printing


def test_an_archived_pdf_is_named_beside_the_current_one(tmp_path):
    assert printing.archived_pdf(tmp_path / "list.pdf", "2025") == tmp_path / "list-2025.pdf"
    assert printing.archived_pdf(tmp_path / "out" / "HK.PDF", "2026h1") == tmp_path / "out" / "HK-2026h1.PDF"


def test_an_archived_periods_print_is_that_periods_list(tmp_path):
    """The workbook printed for 2025 holds 2025's list (the History's), not the current one."""
    import io

    import openpyxl

    book = processed_sample(tmp_path, "gor")
    outcome = published_outcome(book)
    assert [r.period.label for r in outcome.results] == ["2025", "2026"]
    old = printing.period_outcome(outcome, "2025")
    assert old.last.period.label == "2025" and len(outcome.results) == 2      # the outcome is not changed
    wb = openpyxl.load_workbook(io.BytesIO(printing.print_workbook(old)))
    assert "2025" in wb.properties.title
    rows = list(wb["Ratings"].iter_rows(values_only=True))
    head = [str(h) for h in rows[0]]
    new = next(j for j, h in enumerate(head) if h.startswith("新") or h.endswith("new"))
    ident = next(j for j, h in enumerate(head) if "id" in h.lower() or "編號" in h or "编号" in h)
    history = {r["id"]: r["new"] for r in read_sheet(book, "History") if r["period"] == "2025"}
    listed = {r[ident]: r[new] for r in rows[2:] if r[ident]}
    assert listed and all(pytest.approx(history[pid], abs=0.006) == v for pid, v in listed.items())
    assert listed != {x.id: x.new for x in outcome.last.ratings}


@pytest.mark.libreoffice
def test_each_archived_period_gets_its_pdf_linked_from_its_page(tmp_path):
    from needs import need_pdftotext, need_soffice

    need_soffice()
    pdftotext = need_pdftotext()
    book = processed_sample(tmp_path, "gor")
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site, "--pdf", site / "list.pdf") == 0
    for name, period in (("list.pdf", "2026"), ("list-2025.pdf", "2025")):
        data = (site / name).read_bytes()
        assert data.startswith(b"%PDF") and printing.is_our_pdf(site / name)
        text = subprocess.run([pdftotext, "-l", "1", str(site / name), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert re.search(rf"—\s*{period}\b", text), (name, text[:300])         # the page header names its period
    archive = (site / "archive.html").read_text(encoding="utf-8")
    assert 'href="list.pdf"' in archive and 'href="list-2025.pdf"' in archive
    assert 'href="../list-2025.pdf"' in (site / "archive" / "2025.html").read_text(encoding="utf-8")
    assert 'href="../list.pdf"' in (site / "archive" / "2026.html").read_text(encoding="utf-8")
    # printed again: ours, replaced without a backup
    assert run_cli("publish", book, "--site", site, "--pdf", site / "list.pdf") == 0
    assert not list(site.glob("*.backup*"))
