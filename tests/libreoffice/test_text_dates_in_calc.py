"""A date typed as text in a cell formatted as Text, in the real LibreOffice (the extension's
Process button): refused at its cell as the command line and one click refuse it (the same reader,
``engine.cells.to_date``: the whole ISO date YYYY-MM-DD only), the inputs unchanged."""

from __future__ import annotations

import openpyxl
import pytest
from helpers import TEMPLATES
from test_dates_typed_as_text import TYPED
from test_libreoffice_calc import _grid, _inputs, office  # noqa: F401 -- the module's LibreOffice

pytestmark = pytest.mark.libreoffice


def test_text_dates_are_refused_at_their_cells_in_calc(office, tmp_path):  # noqa: F811
    book = tmp_path / "shanghai.xlsx"
    wb = openpyxl.load_workbook(TEMPLATES / "shanghai.xlsx")
    for sheet, row, _, letter, text in TYPED:
        cell = wb[sheet][f"{letter}{row}"]
        cell.value, cell.number_format = text, "@"
    wb.save(book)
    got = office.ask(op="click", path=str(book), commands=["process"])
    assert "nothing was processed" in got["told"][0], got["told"]
    assert _inputs(got["after"]) == _inputs(got["before"])
    checks = _grid(got["after"]["Checks"])
    told = {(r[2], r[3], str(r[5])) for r in checks[1:] if "YYYY-MM-DD" in str(r)}
    assert told == {(s, r, text) for s, r, _, _, text in TYPED}, checks[:10]
