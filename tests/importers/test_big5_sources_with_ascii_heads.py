"""Tournament files in Big5 (Hong Kong) or GBK (the mainland) whose first lines are ASCII -- a
crosstable CSV with an English header, an h9 with its ``;`` header lines, a TRF with its tags --
read their names as written: the code page is judged by the names, all of them together, never by
the first line (Big5 陳大文 read as GB18030 was 朝ゅ; a TRF's Big5 name read as Windows-1252)."""

from __future__ import annotations

import csv
import dataclasses
import io

import pytest
from import_writers import EVENT, rr_rows, write_h9, write_trf

from xl_ratings.importers import crosstable, h9, trf

HK = ("陳", "大文"), ("李", "小明"), ("張", "志強"), ("鍾", "偉"), ("黃", "嘉欣")
MAINLAND = ("陈", "大文"), ("李", "小明"), ("张", "志强"), ("钟", "伟"), ("黄", "嘉欣")
CASES = [(HK, "big5hkscs"), (HK, "big5"), (MAINLAND, "gbk"), (MAINLAND, "gb18030")]


def event(names):
    return dataclasses.replace(EVENT, players=tuple(dataclasses.replace(p, surname=s, first=f)
                                                    for p, (s, f) in zip(EVENT.players, names)))


def joined(t) -> set[str]:
    return {p.name.replace(" ", "") for p in t.players}


@pytest.mark.parametrize("names, encoding", CASES)
def test_a_crosstable_csv_with_an_english_header(names, encoding):
    rows = [list(r) for r in rr_rows(event(names))]
    rows[0] = [EVENT.name]                                        # the heads in English alone
    rows[1] = ["No", "Name", "Club", "Rank", "Rating"] + rows[1][5:-2] + ["Pts", "Place"]
    rows[2:] = [["0.5" if c == "½" else "x" if c == "×" else c for c in r] for r in rows[2:]]
    buf = io.StringIO()
    csv.writer(buf).writerows(rows)
    assert buf.getvalue().split("\n", 1)[0].isascii()
    t = crosstable.parse_csv_bytes(buf.getvalue().encode(encoding), "ct.csv")
    assert joined(t) == {s + f for s, f in names}


@pytest.mark.parametrize("names, encoding", CASES)
def test_an_h9_with_ascii_header_lines(tmp_path, names, encoding):
    text = write_h9(tmp_path / "x.h9", event(names)).read_text(encoding="utf-8")
    t = h9.parse_bytes(text.encode(encoding), "x.h9")
    assert joined(t) == {s + f for s, f in names}


@pytest.mark.parametrize("names, encoding", CASES)
def test_a_trf_laid_out_in_bytes(tmp_path, names, encoding):
    """As a Chinese TRF writer lays it out: each name's bytes in columns 15-47 (two bytes a character)."""
    marks = [(chr(ord("A") + i) * len(s.encode(encoding)), chr(ord("a") + i) * len(f.encode(encoding)))
             for i, (s, f) in enumerate(names)]
    data = write_trf(tmp_path / "x.trf", event(marks)).read_bytes()
    for (ms, mf), (s, f) in zip(marks, names):
        data = data.replace(f"{ms}, {mf}".encode(), f"{s}, {f}".encode(encoding))
    t = trf.parse_bytes(data, "x.trf")
    assert {p.name.replace(" ", "").replace(",", "") for p in t.players} == {s + f for s, f in names}


def test_western_accents_in_a_trf_stay_western(tmp_path):
    """Jérémy in Windows-1252 is no Chinese text: read as written, in either code page's stead."""
    d = dataclasses.replace(EVENT, players=(dataclasses.replace(EVENT.players[0], surname="Lefèvre", first="Jérémy"),
                                            *EVENT.players[1:]))
    data = write_trf(tmp_path / "x.trf", d).read_text(encoding="utf-8").encode("cp1252")
    t = trf.parse_bytes(data, "x.trf")
    assert any("Jérémy" in p.name and "Lefèvre" in p.name for p in t.players), [p.name for p in t.players]


@pytest.mark.parametrize("fmt", ["crosstable", "h9", "trf"])
def test_too_few_characters_to_tell_are_told(tmp_path, fmt):
    """One-character names of two players: the code page is taken, and the officer told it was a
    guess (imports.code_page_doubt), with the way out; many names: no such note."""
    few = (("陳", ""), ("李", ""), ("A", "x"), ("B", "y"), ("C", "z"))
    for names, doubtful in ((few, True), (HK, False)):
        d = event(names)
        if fmt == "crosstable":
            rows = [list(r) for r in rr_rows(d)]
            rows[0] = [EVENT.name]
            rows[1] = ["No", "Name", "Club", "Rank", "Rating"] + rows[1][5:-2] + ["Pts", "Place"]
            rows[2:] = [["0.5" if c == "½" else "x" if c == "×" else c for c in r] for r in rows[2:]]
            buf = io.StringIO()
            csv.writer(buf).writerows(rows)
            t = crosstable.parse_csv_bytes(buf.getvalue().encode("big5"), "ct.csv")
        elif fmt == "h9":
            text = write_h9(tmp_path / "x.h9", d).read_text(encoding="utf-8")
            t = h9.parse_bytes(text.encode("big5"), "x.h9")
        else:
            marks = [(chr(ord("A") + i) * len(s.encode("big5")), chr(ord("a") + i) * len(f.encode("big5")))
                     for i, (s, f) in enumerate(names)]
            data = write_trf(tmp_path / "x.trf", event(marks)).read_bytes()
            for (ms, mf), (s, f) in zip(marks, names):
                data = data.replace(f"{ms}, {mf}".encode(), f"{s}, {f}".encode("big5"))
            t = trf.parse_bytes(data, "x.trf")
        told = [n for n in t.notes if "imports.code_page_doubt" in _ids(n)]
        assert bool(told) == doubtful, (fmt, names, [str(n) for n in t.notes])


def _ids(text) -> set[str]:
    out = {text.id}
    for _, v in text.params:
        if hasattr(v, "params"):
            out |= _ids(v)
    return out
