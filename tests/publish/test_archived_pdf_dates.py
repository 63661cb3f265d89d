"""An archived period's printed list is dated as its record: the list as at the period's end
(the date its History rows hold), and the day this copy was printed beside it -- not "published
<the print date>", which would date a 2025 list as if it had been published today.  The current
list still says "published <today>"."""

from __future__ import annotations

import datetime as dt
import io
import re
import subprocess

import openpyxl
import pytest
from helpers import processed_sample, read_sheet, run_cli

from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish import pdf as printing
from xl_ratings.systems import SYSTEMS

TODAY = dt.date(2026, 12, 1)


def footers(xlsx: bytes) -> dict[str, str]:
    wb = openpyxl.load_workbook(io.BytesIO(xlsx))
    return {ws.title: ws.oddFooter.left.text or "" for ws in wb.worksheets}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("archived-dates")
    out = {}
    for system in SYSTEMS:
        (root / system).mkdir()
        out[system] = processed_sample(root / system, system)
    return out


def test_an_archived_lists_footer_is_its_periods_end_and_the_print_day(books):
    """Every system whose sample has older periods (a one-period sample has no archive to date);
    at least one system must have them, so the test cannot pass on nothing."""
    archived = 0
    for system in SYSTEMS:
        book = books[system]
        outcome = published_outcome(book)
        ends = {r["period"]: r["end"] for r in read_sheet(book, "History")}      # the record's own dates
        for facts in outcome.results[:-1]:
            archived += 1
            label = facts.period.label
            end = ends[label].date() if isinstance(ends[label], dt.datetime) else ends[label]
            old = printing.period_outcome(outcome, label)
            feet = footers(printing.print_workbook(old, today=TODAY, archived=True))
            assert "Ratings" in feet and set(feet) <= {"Ratings", "Standards", "Changes"}
            for sheet, foot in feet.items():
                assert f"as at {end.isoformat()}" in foot and f"printed {TODAY.isoformat()}" in foot, \
                    (system, sheet, foot)
                assert "published" not in foot, foot
        current = footers(printing.print_workbook(outcome, today=TODAY))
        assert all(f"published {TODAY.isoformat()}" in f and "printed" not in f for f in current.values()), current
    assert archived, "no sample has an older period to archive"


def test_the_archived_footer_is_bilingual_and_keeps_the_page_numbers(books):
    """Chinese then English, as the current list's footer; the page numbers kept."""
    for system in SYSTEMS:
        outcome = published_outcome(books[system])
        foot = printing.archived_footer(("", "", "page"), outcome, TODAY)
        assert foot[2] == "page" and foot[0].startswith("截至 as at ")
        assert ("打印 printed" in foot[0]), foot


@pytest.mark.libreoffice
def test_the_printed_archive_reads_back_its_own_date(tmp_path, monkeypatch):
    """Read back from the PDFs LibreOffice printed: every page of the archived list carries its
    period's end and the print day, the current list its publication day."""
    from needs import need_pdftotext, need_soffice

    need_soffice()
    pdftotext = need_pdftotext()
    book = processed_sample(tmp_path, "gor")
    today = dt.date.today()
    assert run_cli("publish", book, "--pdf", tmp_path / "list.pdf") == 0
    ends = {r["period"]: r["end"] for r in read_sheet(book, "History")}
    end = ends["2025"].date() if isinstance(ends["2025"], dt.datetime) else ends["2025"]

    def pages(name: str) -> list[str]:
        text = subprocess.run([pdftotext, "-layout", str(tmp_path / name), "-"], capture_output=True, text=True,
                              check=True).stdout
        return [p for p in text.split("\f") if p.strip()]

    archived = pages("list-2025.pdf")
    assert len(archived) >= 2
    for page in archived:
        flat = re.sub(r"\s+", " ", page)
        assert f"as at {end.isoformat()}" in flat and f"printed {today.isoformat()}" in flat, flat[-300:]
        assert f"published {today.isoformat()}" not in flat
    for page in pages("list.pdf"):
        flat = re.sub(r"\s+", " ", page)
        assert f"published {today.isoformat()}" in flat and "as at" not in flat, flat[-300:]
