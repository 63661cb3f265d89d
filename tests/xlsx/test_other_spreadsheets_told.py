"""Every command that opens a workbook tells another program's spreadsheet by its content, whatever
its name, with the way out: an OpenDocument file renamed .xlsx was "a zip file, but not an
.xlsx/.xlsm (xl/workbook.xml is missing)" under process and publish, while import named it; an
Apple Numbers file likewise; an OLE file is told an .xls or encrypted when its directory says.
One function (files/source.spreadsheet_kind) for the workbook and for an import's source."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from problem_ids import cli_problems
from xl_ratings.files.source import ole_kind, spreadsheet_kind

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def _ods(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", "<office:document-content/>")
        z.writestr("META-INF/manifest.xml", "<manifest/>")
    return path


def _numbers(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("Index/Document.iwa", b"\0\1\2")
        z.writestr("Metadata/Properties.plist", b"plist")
    return path


def _ole(path: Path, entry: str) -> Path:
    """A compound file whose first directory sector (sector 0, at 512) holds ``entry``."""
    head = bytearray(512)
    head[:8] = bytes.fromhex("d0cf11e0a1b11ae1")
    head[30:32] = (9).to_bytes(2, "little")          # 512-byte sectors
    head[48:52] = (0).to_bytes(4, "little")          # the directory starts at sector 0
    directory = bytearray(512)
    directory[:20] = "Root Entry".encode("utf-16-le")
    directory[128:128 + 2 * len(entry)] = entry.encode("utf-16-le")
    path.write_bytes(bytes(head) + bytes(directory) + b"\0" * 1024)
    return path


def _commands(book: Path, tmp_path: Path) -> list[tuple]:
    src = tmp_path / "t.csv"
    src.write_text("序号,姓名,1,2\n1,甲,,1\n2,乙,0,\n", encoding="utf-8")
    return [("process", book), ("publish", book, "--rating-list", tmp_path / "list.csv"),
            ("import", src, "--into", book, "--dry-run", "--start", "2026-03-01", "--end", "2026-03-02")]


@pytest.mark.parametrize("make, id", [(_ods, "workbooks.is_opendocument"), (_numbers, "workbooks.is_numbers")])
def test_a_zip_of_another_program_is_named_by_every_command(make, id, tmp_path):
    book = make(tmp_path / "club.xlsx")
    for args in _commands(book, tmp_path):
        code, told = cli_problems(*args)
        assert code == 2 and [(p.id, p.file) for p in told] == [(id, str(book))], (args, told)


@pytest.mark.parametrize("entry, id", [("Workbook", "workbooks.is_xls"), ("EncryptedPackage", "workbooks.is_encrypted"),
                                       ("Other", "workbooks.encrypted_or_xls")])
def test_an_ole_file_is_told_by_its_directory(entry, id, tmp_path):
    book = _ole(tmp_path / "club.xlsx", entry)
    for args in _commands(book, tmp_path)[:2]:
        code, told = cli_problems(*args)
        assert code == 2 and [p.id for p in told] == [id], (args, told)


def test_the_one_function_and_an_import_source(tmp_path):
    with zipfile.ZipFile(TEMPLATES / "shanghai.xlsx") as z:
        assert spreadsheet_kind(z) is None
    with zipfile.ZipFile(_ods(tmp_path / "a.zip")) as z:
        assert spreadsheet_kind(z) == "ods"
    with open(_ole(tmp_path / "x.xls", "Workbook"), "rb") as f:
        assert ole_kind(f) == "xls"
    book = tmp_path / "shanghai.xlsx"
    shutil.copy(TEMPLATES / "shanghai.xlsx", book)
    code, told = cli_problems("import", _ods(tmp_path / "r.xlsx"), "--into", book, "--dry-run")
    assert code == 2 and [p.id for p in told] == ["sources.ods_not_read"]
