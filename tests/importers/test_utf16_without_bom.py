"""A tournament file in UTF-16 without a byte-order mark is read, like the same file with its BOM
(xl_ratings/i18n/utf16.py; importers/formats/common.py, detect.py, trf.py, opengotha.py).

Each text format the importers read -- a crosstable CSV (round robin, Swiss), an EGF h9, a FIDE
TRF16, an OpenGotha XML (its encoding the parser's, but for UTF-16, decoded first) -- with Chinese
names, written in UTF-8, UTF-16LE with its BOM, UTF-16LE and UTF-16BE without one, reads to the
same event, players and games, detected or given by ``--format``; a file read as UTF-16 without
a BOM says so in a note (the byte order guessed); binaries are refused as before; an odd length is
told.  (A club report is a workbook only: no text to decode.)  ``xl-ratings import`` of such a
crosstable and TRF writes the same rows as of the UTF-8 file, and tells the note.
"""

from __future__ import annotations

import dataclasses
import io
import random
import zipfile
from pathlib import Path

import pytest

import import_writers as W
from helpers import read_sheet, run_cli
from problem_ids import notes, problems
from xl_ratings.importers import load

#: EVENT with Chinese names, clubs and title (王一芳: 一 is U+4E00, a NUL on the "wrong" side)
CN = dataclasses.replace(W.EVENT, name="上海春季赛 2024", players=tuple(
    dataclasses.replace(p, surname=s, first=f, club=c) for p, (s, f, c) in zip(
        W.EVENT.players, [("张", "伟", "上海"), ("李", "娜", "北京"), ("王", "一芳", "上海"), ("陈", "杰", "杭州"),
                          ("刘", "洋", "苏州")])))
CN_GOMOKU = dataclasses.replace(CN, players=tuple(dataclasses.replace(p, rank=W.GOMOKU_RANKS[p.rank])
                                                  for p in CN.players))
WRITERS = {
    "crosstable": lambda p: W.write_rr_csv(p.with_suffix(".csv"), CN),
    "swiss": lambda p: W.write_swiss_csv(p.with_suffix(".csv"), CN),
    "h9": lambda p: W.write_h9(p.with_suffix(".h9"), CN),
    "trf": lambda p: W.write_trf(p.with_suffix(".trf"), CN, line_end="\r\n"),
    "opengotha": lambda p: W.write_opengotha(p.with_suffix(".xml"), CN),
}
FORMAT = {"swiss": "crosstable"}
#: how each file is written: (codec, BOM)
CODECS = {"utf-8": ("utf-8", b""), "utf-16le+bom": ("utf-16-le", b"\xff\xfe"),
          "utf-16le": ("utf-16-le", b""), "utf-16be": ("utf-16-be", b"")}
GUESSED = {"utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE"}
NOTE = "imports.read_as_utf16_without_bom"


def source_text(path: Path) -> str:
    raw = path.read_bytes()
    for enc in ("utf-8-sig", "gb18030"):          # (the Swiss writer saves as Chinese Excel does)
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    raise AssertionError(path)


def rewrite(path: Path, text: str, how: str) -> Path:
    codec, bom = CODECS[how]
    path.write_bytes(bom + text.encode(codec))
    return path


def read(path: Path, fmt: str | None):
    t = load(path, fmt)
    told = notes(t.notes)
    return (t.event, t.players, t.games, t.format), [n for n in told if n.id != NOTE], [n for n in told if n.id == NOTE]


@pytest.mark.parametrize("forced", [False, True], ids=["detected", "--format"])
@pytest.mark.parametrize("kind", list(WRITERS))
def test_every_text_format_reads_the_same_in_utf8_and_utf16_with_or_without_bom(tmp_path, kind, forced):
    path = WRITERS[kind](tmp_path / "src")
    text = source_text(path)
    fmt = FORMAT.get(kind, kind) if forced else None
    (want, want_notes, none) = read(rewrite(path, text, "utf-8"), fmt)
    assert none == [] and len(want[2]) == len(CN.games)
    assert {p.name.replace(" ", "").replace(",", "") for p in want[1]} == {"张伟", "李娜", "王一芳", "陈杰", "刘洋"}
    for how in CODECS:
        got, got_notes, guessed = read(rewrite(path, text, how), fmt)
        assert got == want, how
        assert got_notes == want_notes, how
        if how in GUESSED:      # the byte order guessed: told once, for the file
            assert [(n.id, n.params, n.file) for n in guessed] == [(NOTE, {"encoding": GUESSED[how]}, str(path))]
        else:
            assert guessed == []


def test_opengotha_declaring_utf8_but_in_utf16_is_read(tmp_path):
    """A Windows tool that converts a file to UTF-16 keeps its ``encoding="UTF-8"`` declaration: the
    text is parsed as text, the declaration aside (with the BOM too)."""
    path = W.write_opengotha(tmp_path / "og.xml", CN)
    text = path.read_text("utf-8")
    assert 'encoding="UTF-8"' in text
    want = load(path)
    for how in ("utf-16le+bom", "utf-16le", "utf-16be"):
        got = load(rewrite(path, text, how))
        assert (got.players, got.games, got.event) == (want.players, want.games, want.event)


def _xlsx_bytes(tmp_path: Path) -> bytes:
    return W.write_rr_xlsx(tmp_path / "rr.xlsx", CN).read_bytes()


def _zip_bytes() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("a.csv", "1,张伟,1\n".encode("utf-16-le") * 100)
    return out.getvalue()


NOT_TEXT = ("imports.not_text", {"reason": ("imports.not_text_nul", {})})


@pytest.mark.parametrize("suffix", [".csv", ".h9", ".trf"])
def test_binaries_are_still_refused_as_binary(tmp_path, suffix):
    rnd = random.Random(suffix)
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\n\x00\x00\x00\n\x08\x02\x00\x00\x00" + rnd.randbytes(300)
    pdf = (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 301 >>\nstream\n\x00" + rnd.randbytes(300)
           + b"\nendstream")
    half = "1,张伟,1\n".encode("utf-16-le") * 40 + b"\x00\x00\x01\x00\x05\x00"   # UTF-16, then binary
    cases = {"png": png, "pdf": pdf, "random": bytes(range(256)) * 8 + rnd.randbytes(2000), "half": half}
    for what, data in cases.items():
        path = tmp_path / f"{what}{suffix}"
        path.write_bytes(data)
        for fmt in (None, {".csv": "crosstable", ".h9": "h9", ".trf": "trf"}[suffix]):
            told = problems_of(path, fmt)
            assert [(p.id, p.params) for p in told] == [NOT_TEXT], (what, fmt, told)
    # a zip is refused as a zip, an .xlsx renamed .csv read as the workbook it is (as before)
    path = tmp_path / f"z{suffix}"
    path.write_bytes(_zip_bytes())
    assert [p.id for p in problems_of(path, None)] == ["sources.zip_not_workbook"]
    renamed = tmp_path / "book.csv"
    renamed.write_bytes(_xlsx_bytes(tmp_path))
    assert len(load(renamed).games) == len(CN.games)


def problems_of(path: Path, fmt: str | None):
    try:
        load(path, fmt)
    except Exception as e:      # InputErrors
        return problems(e)
    raise AssertionError(f"{path} was read")


@pytest.mark.parametrize("kind", ["crosstable", "h9", "trf"])
def test_utf16_without_bom_of_odd_length_is_told(tmp_path, kind):
    path = WRITERS[kind](tmp_path / "src")
    data = source_text(path).encode("utf-16-le")
    path.write_bytes(data[:-1])
    for fmt in (None, kind):
        assert [(p.id, p.params) for p in problems_of(path, fmt)] == [
            ("imports.not_text", {"reason": ("imports.not_text_utf16_odd", {})})]


# ------------------------------------------------------------------ the command line
def book_rows(book: Path) -> tuple[list, list]:
    players = [{k: v for k, v in r.items() if k != "id"} for r in read_sheet(book, "Players")]
    return players, read_sheet(book, "Games")


@pytest.mark.parametrize("kind,system,extra", [
    ("crosstable", "gor", ("--start", "2024-05-01", "--end", "2024-05-03", "--class", "B")),
    ("trf", "shanghai", ("--class", "B"))])
def test_import_of_utf16_without_bom_writes_what_utf8_writes_and_tells_it(tmp_path, capsys, kind, system, extra):
    d = CN if system == "gor" else CN_GOMOKU
    src = (W.write_rr_csv(tmp_path / "src.csv", d) if kind == "crosstable"
           else W.write_trf(tmp_path / "src.trf", d, line_end="\r\n"))
    text = source_text(src)
    rows = {}
    for how in ("utf-8", "utf-16le", "utf-16be"):
        rewrite(src, text, how)
        book = tmp_path / f"{how}.xlsx"
        assert run_cli("new", system, book, "--empty") == 0
        capsys.readouterr()
        assert run_cli("import", src, "--into", book, *extra) == 0
        out = capsys.readouterr().out
        rows[how] = book_rows(book)
        said = "UTF-16 without a byte-order mark, told from its bytes"
        if how in GUESSED:      # told in both languages
            assert f"read as {GUESSED[how]}: {said}" in out and "没有字节顺序标记的 UTF-16" in out.replace(
                "沒有字節順序標記", "没有字节顺序标记")
        else:
            assert said not in out
    assert rows["utf-16le"] == rows["utf-8"] == rows["utf-16be"]
    assert len(rows["utf-8"][1]) >= len(d.games) and any("王一芳" in str(r.get("name", "")).replace(" ", "")
                                                         for r in rows["utf-8"][0])
