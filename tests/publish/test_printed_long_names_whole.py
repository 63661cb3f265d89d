"""A long name on the printed list is printed whole, on as many lines as it takes: LibreOffice
lays a row out at the height the file gives it (it does not fit rows to wrapped text), so a name
wider than its column lost every line but the first, with no mark.  The printed workbook's rows
are as high as their wrapped text, every cell at its row's top; the workbook of results, which
Excel and LibreOffice lay out themselves on screen, is written as before."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile

import openpyxl
import pytest
from helpers import run_cli, sample_named
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish import pdf as printing
from xl_ratings.xlsx.write import LINE_HEIGHT, row_heights

LONG = {"shanghai": "王" * 120, "gor": ("Chan Tai Man " * 12).strip()}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("printed-long")
    return {system: sample_named(root, system, LONG[system]) for system in LONG}


def _rows(xlsx: bytes, sheet: int = 1) -> dict[int, str]:
    x = zipfile.ZipFile(io.BytesIO(xlsx)).read(f"xl/worksheets/sheet{sheet}.xml").decode()
    return {int(m.group(1)): m.group(0) for m in re.finditer(r'<row r="(\d+)"[^>]*>', x)}


@pytest.mark.parametrize("system", sorted(LONG))
def test_the_printed_row_is_as_high_as_its_lines(books, system):
    data = printing.print_workbook(published_outcome(books[system]))
    ws = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]          # the rating list
    at = next(c for row in ws.iter_rows() for c in row if c.value == LONG[system])
    width = ws.column_dimensions[at.column_letter].width
    assert at.alignment.wrap_text and at.alignment.vertical == "top"
    # as many lines as the name takes at the widest a character may be, and each cell of its row
    # at the top beside it
    factor = 1.5 if system == "shanghai" else 1.1        # a wide character, a Latin one
    need = -(-(factor * len(LONG[system])) // (width - 3))
    assert ws.row_dimensions[at.row].height >= need * LINE_HEIGHT > LINE_HEIGHT
    assert all(c.alignment.vertical == "top" for c in ws[at.row] if c.value is not None)
    heads = _rows(data)
    assert "ht=" in heads[at.row] and 'customHeight="1"' in heads[at.row]
    assert sum("ht=" in h for h in heads.values()) == 1           # the other rows: one line, as before


@pytest.mark.parametrize("system", sorted(LONG))
def test_the_workbook_of_results_is_written_as_before(books, system):
    """No row height in the result sheets Excel lays out itself."""
    wb = openpyxl.load_workbook(books[system])
    results = [ws for ws in wb.worksheets if ws.title in printing.PRINTED]
    assert len(results) == len(printing.PRINTED)
    for ws in results:
        assert not [r for r, d in ws.row_dimensions.items() if d.customHeight], ws.title


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="王abcW ", max_size=300), min_size=1, max_size=20), st.integers(10, 60))
def test_row_heights_never_cut_a_line(texts, width):
    """A row is given at least the lines its text takes at 1.1 units a character, 1.5 a wide one
    (LibreOffice's fonts: about 1 and 1.25); a text that fits one line gives the row no height."""
    rows = [["x", t] for t in texts]
    heights = row_heights(rows, [1], [0, width])
    for i, t in enumerate(texts, start=2):
        wide = t.count("王")
        lines = -(-(1.1 * (len(t) - wide) + 1.5 * wide) // (width - 3))
        if lines > 1:
            assert heights[i] == lines * LINE_HEIGHT
        else:
            assert i not in heights


@pytest.mark.parametrize("system", sorted(LONG))
def test_the_printed_list_holds_the_whole_name(books, system, tmp_path):
    """Through LibreOffice: every character of the name is on the page."""
    from needs import need_pdftotext, need_soffice

    need_soffice()
    pdftotext = need_pdftotext()
    pdf = tmp_path / "list.pdf"
    assert run_cli("publish", books[system], "--pdf", pdf) == 0
    text = subprocess.run([pdftotext, "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    if system == "shanghai":
        assert text.count("王") >= 120
    else:
        assert re.sub(r"\s+", " ", text).count("Chan Tai Man") >= 12
