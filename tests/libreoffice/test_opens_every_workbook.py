"""LibreOffice (headless) opens every produced workbook and every template,
and reads back the published ratings."""

import csv
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import read_sheet, run_cli
from needs import need_soffice
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
# all sheets (-1), UTF-8, raw values rather than as displayed
CSV = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"

pytestmark = pytest.mark.libreoffice


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    need_soffice()
    d = tmp_path_factory.mktemp("lo")
    files = []
    for s in SYSTEMS:
        out = d / f"out_{s}.xlsx"
        assert run_cli("process", ROOT / f"{s}.xlsx", "--output", out) == 0
        files.append(out)
        for ext in ("xlsx", "xlsm"):
            shutil.copy(ROOT / f"{s}.{ext}", d / f"tpl_{s}.{ext}")
            files.append(d / f"tpl_{s}.{ext}")
    profile = (d / "profile").as_uri()
    proc = subprocess.run([SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to",
                           CSV, "--outdir", str(d / "csv")] + [str(f) for f in files],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return d


@pytest.mark.parametrize("name", [f"tpl_{s}" for s in SYSTEMS] + [f"out_{s}" for s in SYSTEMS])
def test_libreoffice_opens(converted, name):
    sheets = {p.name[len(name) + 1:-4] for p in (converted / "csv").glob(f"{name}-*.csv")}
    assert {"Read me", "Settings", "Players", "Events", "Games"} <= sheets
    if name.startswith("out_"):
        assert {"Ratings", "Changes", "Standards", "Checks", "History"} <= sheets


@pytest.mark.parametrize("system", SYSTEMS)
def test_libreoffice_reads_published_ratings(converted, system):
    with open(converted / "csv" / f"out_{system}-Ratings.csv", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    id_col = next(i for i, h in enumerate(header) if h.endswith(" id"))
    key = "cumulative" if system == "peng" else "new"
    val_col = next(i for i, h in enumerate(header) if h.endswith(f" {key}"))
    lo = {r[id_col]: r[val_col] for r in rows[1:] if r[id_col]}
    ours = {r["id"]: r[key] for r in read_sheet(converted / f"out_{system}.xlsx", "Ratings")}
    assert set(lo) == set(ours) and len(ours) >= 20
    for pid, v in ours.items():
        if v is None:
            assert lo[pid] == ""
        else:
            assert float(lo[pid]) == pytest.approx(v, rel=1e-12)


def test_read_me_prints_on_one_a4_page(tmp_path):
    """Each Read me prints on one A4 portrait page in LibreOffice, every word of
    it on that page (its columns fitted to the page width, not spread over pages)."""
    import re

    import openpyxl
    from pypdf import PdfReader

    need_soffice()
    books = []
    for name in ("shanghai.xlsx", "gor.xlsm", "report.xlsx"):
        wb = openpyxl.load_workbook(ROOT / name)
        for ws in wb.worksheets[1:]:
            wb.remove(ws)
        books.append(tmp_path / f"{name.replace('.', '_')}.xlsx")
        wb.save(books[-1])
    profile = (tmp_path / "profile").as_uri()
    proc = subprocess.run([SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf",
                           "--outdir", str(tmp_path / "pdf")] + [str(b) for b in books],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    for book in books:
        pages = PdfReader(tmp_path / "pdf" / f"{book.stem}.pdf").pages
        assert len(pages) == 1, book.name
        box = pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (595, 842)   # A4 portrait
        printed = re.sub(r"\s+", "", pages[0].extract_text())
        ws = openpyxl.load_workbook(book)["Read me"]
        for row in ws.iter_rows():
            for c in row:
                if c.value:
                    assert re.sub(r"\s+", "", str(c.value)) in printed, f"{book.name} {c.coordinate}"


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory):
    """Each system's processed sample, opened in LibreOffice and saved as .xlsx, changing nothing."""
    import datetime as dt

    from xl_ratings.jobs.process import process_workbook

    need_soffice()
    d = tmp_path_factory.mktemp("lo_rt")
    for s in SYSTEMS:
        process_workbook(ROOT / f"{s}.xlsx", output=str(d / f"{s}.xlsx"), today=dt.date(2026, 11, 30))
    profile = (d / "profile").as_uri()
    proc = subprocess.run([SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to",
                           "xlsx:Calc MS Excel 2007 XML", "--outdir", str(d / "saved")]
                          + [str(d / f"{s}.xlsx") for s in SYSTEMS], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return d


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_workbook_saved_by_libreoffice_is_not_taken_for_an_edit(round_trip, system):
    """Issue 16: LibreOffice writes numbers with 15 significant digits; the seals compare what
    any client writes back.  Saved by LibreOffice, the workbook is published and processed
    again: accepted, the same results."""
    import datetime as dt

    from test_corrections import ratings
    from xl_ratings.jobs.process import process_workbook
    from xl_ratings.jobs.publish import published_outcome

    ours, saved = round_trip / f"{system}.xlsx", round_trip / "saved" / f"{system}.xlsx"
    assert saved.read_bytes() != ours.read_bytes()
    published_outcome(saved)
    process_workbook(saved, today=dt.date(2026, 11, 30))
    assert ratings(saved) == ratings(ours)
    assert read_sheet(saved, "Ratings") == read_sheet(ours, "Ratings")
