"""Issue 26, 1: nothing private on a public page -- membership, fees, certificates stay in the
workbook unless the officer asks for them by name (``--include-private``).

Every system of the registry: its sample processed, the website written (with its
downloads) and the printed workbook made, and every file read for the private fields'
labels and values.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from helpers import processed_sample, run_cli
from xl_ratings.i18n import to_lang
from xl_ratings.i18n.labels import ENGLISH, LABELS
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish.pdf import print_workbook
from xl_ratings.systems import REGISTRY, SYSTEMS
from xl_ratings.view.public import PRIVATE_FIELDS, PRIVATE_SHEETS


def _private_words(system: str) -> list[str]:
    """The words that would show a private field on a page of ``system`` (its labels, both
    languages as the site writes them: 會員 member …)."""
    sys_ = REGISTRY[system]
    keys = {c.key for s in sys_.sheets for c in s.columns if c.key in PRIVATE_FIELDS}
    return [to_lang(LABELS[k], sys_.lang) for k in sorted(keys)]


def _site_text(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_bytes().decode("utf-8", errors="replace")
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("private")
    return {s: processed_sample(root / s, s) for s in SYSTEMS if (root / s).mkdir() is None}


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_private_field_in_any_public_file(books, tmp_path, system):
    site = tmp_path / "site"
    assert run_cli("publish", str(books[system]), "--site", str(site)) == 0
    files = _site_text(site)
    assert "index.html" in files and any(f.startswith("players/") for f in files)
    words = _private_words(system)
    for name, text in files.items():
        for word in words:
            assert word not in text, (name, word)
        assert not re.search(r"\$\d", text), name          # no fee amount ($1,200)
    sheets = {s.name for s in REGISTRY[system].sheets}
    for sheet, field in PRIVATE_SHEETS.items():
        if sheet in sheets:
            assert "lists.html" not in files or to_lang("登记费", REGISTRY[system].lang) not in files["lists.html"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_private_column_in_the_printed_list(books, system):
    import openpyxl

    data = print_workbook(published_outcome(books[system]))
    wb = openpyxl.load_workbook(io.BytesIO(data))
    headers = {c.value for ws in wb.worksheets for row in (1, 2) for c in ws[row] if c.value}   # both head rows
    assert "Fees" not in wb.sheetnames
    for word in _private_words(system):
        assert not any(word in str(h) for h in headers), (system, word)
    assert not {"member", "fee", "certificate"} & {str(h) for h in headers}


def test_the_officer_asks_for_a_private_field_by_name(books, tmp_path):
    """gor keeps membership, fees and certificates: asked for, they show; the rest stays off."""
    site = tmp_path / "site"
    assert run_cli("publish", str(books["gor"]), "--site", str(site), "--include-private", "member,fee") == 0
    files = _site_text(site)
    assert "lists.html" in files and "登記費" in files["lists.html"]
    pages = "".join(t for n, t in files.items() if n.startswith("players/"))
    assert "會員" in pages and "可申請棋力證明" not in pages
    data = print_workbook(published_outcome(books["gor"]), private=["member"])
    import openpyxl

    headers = [c.value for c in openpyxl.load_workbook(io.BytesIO(data))["Ratings"][1]]
    assert "會員" in headers and "登記費" not in headers       # the printed heads: the Chinese over the English


def test_an_unknown_private_field_is_refused_with_the_names(books, tmp_path, capsys):
    assert run_cli("publish", str(books["gor"]), "--site", str(tmp_path / "s"), "--include-private", "fees") == 2
    err = capsys.readouterr().err
    assert "--include-private fees" in err and "member, fee, certificate" in err
    assert not (tmp_path / "s").exists()
