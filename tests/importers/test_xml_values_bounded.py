"""An XML file we read holds no attribute value or text longer than MAX_XML_VALUE: an OpenGotha
file with a 50 MB ``name=`` is refused at its line, naming the attribute, before the parser
builds the value (it took 15 s and 880 MB, then said "the source gives no dates"); so are the
workbook package's own parts.  The scan itself: files/source.long_xml_value."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from import_writers import opengotha_many
from problem_ids import cli_problems, only, raised
from xl_ratings.files.source import MAX_XML_VALUE, long_xml_value
from xl_ratings.importers.formats import opengotha

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def _og(name: str, first: str = "F") -> bytes:
    return ('<?xml version="1.0"?>\n<Tournament dataVersion="201">\n<Players>\n'
            '<Player name="A" firstName="B" rank="1D"/>\n'
            f'<Player name="{name}" firstName="{first}" rank="1D"/>\n</Players>\n<Games/>\n</Tournament>\n').encode()


def test_a_long_attribute_is_refused_at_its_line_before_the_parse(monkeypatch):
    def no_parse(*a, **k):
        raise AssertionError("parsed")
    monkeypatch.setattr(opengotha.SafeET, "fromstring", no_parse)
    told = raised(opengotha.parse_bytes, _og("A" * 3_000_000), "big.xml")
    p = only(told, "sources.xml_value_too_long", attribute="name", length=3_000_000, limit=MAX_XML_VALUE)
    assert (p.file, p.line) == ("big.xml", 5) and p.value.startswith("AAAA")


def test_the_same_in_utf16_and_for_another_attribute_and_for_text():
    told = raised(opengotha.parse_bytes, b"\xff\xfe" + _og("N", "Z" * 9000).decode().encode("utf-16-le"), "u.xml")
    assert only(told, "sources.xml_value_too_long", attribute="firstName", length=9000).line == 5
    text = _og("N").replace(b"<Games/>", b"<Games>" + b"x" * 20_000 + b"</Games>")
    assert only(raised(opengotha.parse_bytes, text, "t.xml"), "sources.xml_text_too_long", length=20_000).line == 7


def test_the_limit_itself_and_what_does_not_count():
    def at(n: int) -> bytes:
        return b'<a><b v="' + b"v" * n + b'"/></a>'
    assert long_xml_value(at(MAX_XML_VALUE)) is None
    assert long_xml_value(at(MAX_XML_VALUE + 1)) == (9, "v", MAX_XML_VALUE + 1)
    many = b"<a " + b" ".join(b'k%d="%d"' % (i, i) for i in range(3000)) + b"/>"     # a long tag of short values
    spaced = b"<a>" + b" \n" * 20_000 + b"<b/></a>"                                 # whitespace between elements
    comment = b"<a><!-- " + b"c" * 20_000 + b" --></a>"
    assert [long_xml_value(d) for d in (many, spaced, comment)] == [None, None, None]
    assert long_xml_value(b"<a><![CDATA[" + b"x" * 20_000 + b"]]></a>") == (12, None, 20_000)
    assert long_xml_value(opengotha_many(5000)) is None
    assert opengotha.parse_bytes(opengotha_many(50), "ok.xml").players        # a real file still reads


def test_a_workbook_part_with_a_long_value_is_damaged(tmp_path):
    book = tmp_path / "b.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    with zipfile.ZipFile(book) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b"<workbook ", b'<workbook x="' + b"a" * 200_000 + b'" ', 1)
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in parts.items():
            z.writestr(n, d)
    code, told = cli_problems("process", book)
    assert code == 2 and [p.id for p in told] == ["workbooks.xml_damaged"]
