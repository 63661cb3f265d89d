"""A published file that is not what we last wrote is never replaced without its backup
(issue 24, build 8): the rating list, the PDF, the JSON export.

Each folder we publish into keeps a record of what we wrote there last
(``.xl-ratings-published``: file name -> SHA-256).  Publishing again over the same
file replaces it; over a file changed by hand since (a visiting player added to the
list), its old bytes are kept as ``NAME.backup.EXT`` first and the officer is told.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import processed_sample, run_cli

import xl_ratings.publish.pdf as pdf_mod
from xl_ratings.files.atomic import Outputs
from xl_ratings.files.published import RECORD, backup_of, digest, publish_files, record_of
from xl_ratings.jobs.process import process
from xl_ratings.jobs.publish import publish


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    return processed_sample(tmp_path_factory.mktemp("published"), "gor")


def kept_ids(notes) -> list[tuple[str, str, str]]:
    return [(n.id, n.param("path"), n.param("backup")) for n in notes if n.id == "files.published_kept"]


def test_a_rating_list_edited_by_hand_is_kept_before_it_is_replaced(book, tmp_path):
    out = tmp_path / "egf_db.txt"
    first = publish(book, rating_list=str(out))
    written = out.read_bytes()
    assert kept_ids(first.notes) == [] and not backup_of(out).exists()
    assert record_of(tmp_path) == {"egf_db.txt": digest(written)}

    again = publish(book, rating_list=str(out))          # what we wrote: replaced, nothing to keep
    assert kept_ids(again.notes) == [] and not backup_of(out).exists() and out.read_bytes() == written

    visitor = b"99999999 Visitor Vincent                      HK  xxx      3d  --  2345  1 T260301\n"
    out.write_bytes(written + visitor)                   # a visiting player added by hand
    edited = out.read_bytes()
    third = publish(book, rating_list=str(out))
    assert kept_ids(third.notes) == [("files.published_kept", str(out), str(tmp_path / "egf_db.backup.txt"))]
    assert backup_of(out).read_bytes() == edited          # the officer's edit, byte for byte
    assert out.read_bytes() == written                    # the list as the workbook gives it
    assert record_of(tmp_path)["egf_db.txt"] == digest(written)


def test_the_command_line_says_which_backup_was_kept(book, tmp_path, capsys):
    out = tmp_path / "list.txt"
    assert run_cli("publish", str(book), "--rating-list", str(out)) == 0
    out.write_bytes(out.read_bytes() + b"99999999 Visitor Vincent                      HK  xxx      3d  --  2345\n")
    capsys.readouterr()
    assert run_cli("publish", str(book), "--rating-list", str(out)) == 0
    said = capsys.readouterr().out
    assert "list.backup.txt" in said and "舊版本" in said          # a Hong Kong workbook: traditional


def test_a_list_of_ours_from_before_the_record_is_kept_once(book, tmp_path):
    out = tmp_path / "egf_db.txt"
    publish(book, rating_list=str(out))
    (tmp_path / RECORD).unlink()                         # written by an earlier version: no record
    before = out.read_bytes()
    done = publish(book, rating_list=str(out))
    assert kept_ids(done.notes) == [] and not backup_of(out).exists()   # the same bytes: nothing lost
    out.write_bytes(before + b"\n")
    (tmp_path / RECORD).unlink()
    done = publish(book, rating_list=str(out))
    assert len(kept_ids(done.notes)) == 1 and backup_of(out).read_bytes() == before + b"\n"


def test_force_over_a_file_not_ours_keeps_it(book, tmp_path):
    out = tmp_path / "players.txt"
    out.write_text("the officer's own notes\n")
    assert run_cli("publish", str(book), "--rating-list", str(out)) == 2     # not ours: refused
    assert out.read_text() == "the officer's own notes\n"
    done = publish(book, rating_list=str(out), force=True)
    assert len(kept_ids(done.notes)) == 1 and backup_of(out).read_text() == "the officer's own notes\n"


NEW_PDF = f"%PDF-1.7\n% {pdf_mod.MARK} (new)\n%%EOF\n".encode()
ANNOTATED = f"%PDF-1.7\n% {pdf_mod.MARK} (with a note written on it)\n%%EOF\n".encode()


def test_a_pdf_annotated_since_is_kept(book, tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_mod, "print_workbook", lambda outcome, **kw: b"xlsx")
    monkeypatch.setattr(pdf_mod, "to_pdf", lambda xlsx, waiting=None: NEW_PDF)
    monkeypatch.setattr(pdf_mod, "to_pdfs", lambda books, waiting=None: [NEW_PDF] * len(books))   # the archive's
    pdf = tmp_path / "list.pdf"
    assert kept_ids(publish(book, pdf=str(pdf)).notes) == []
    assert kept_ids(publish(book, pdf=str(pdf)).notes) == []
    pdf.write_bytes(ANNOTATED)
    done = publish(book, pdf=str(pdf))
    assert kept_ids(done.notes) == [("files.published_kept", str(pdf), str(tmp_path / "list.backup.pdf"))]
    assert backup_of(pdf).read_bytes() == ANNOTATED


def test_a_json_export_edited_since_is_kept(book, tmp_path):
    out = tmp_path / "out.json"
    copy = tmp_path / "book.xlsx"
    copy.write_bytes(book.read_bytes())
    assert kept_ids(process(copy, json_path=str(out)).notes) == []
    data = json.loads(out.read_text())
    data["players"][0]["new"] = 9999
    out.write_text(json.dumps(data))
    edited = out.read_bytes()
    done = process(copy, json_path=str(out))
    assert kept_ids(done.notes) == [("files.published_kept", str(out), str(tmp_path / "out.backup.json"))]
    assert backup_of(out).read_bytes() == edited and json.loads(out.read_text())["players"][0]["new"] != 9999


def test_a_damaged_record_counts_as_none(tmp_path):
    target = tmp_path / "list.txt"
    target.write_bytes(b"old")
    (tmp_path / RECORD).write_bytes(b"\xff not json")
    tx = Outputs()
    done = publish_files(tx, [(target, b"new")])
    tx.commit()
    assert done.kept == [(target, tmp_path / "list.backup.txt")]
    assert (tmp_path / "list.backup.txt").read_bytes() == b"old" and target.read_bytes() == b"new"
    assert record_of(tmp_path) == {"list.txt": digest(b"new")}


def test_a_site_page_edited_by_hand_is_refused_with_the_way_out(book, tmp_path):
    from xl_ratings.errors import RatingInputError

    site = tmp_path / "site"
    publish(book, site=str(site))
    record = record_of(site)
    assert record["index.html"] == digest((site / "index.html").read_bytes()) and ".xl-ratings-site" not in record
    publish(book, site=str(site))                        # what we wrote: replaced
    page = site / "index.html"
    page.write_bytes(page.read_bytes().replace(b"</body>", b"<p>Notice: the club moves in May</p></body>"))
    edited = page.read_bytes()
    with pytest.raises(RatingInputError) as info:
        publish(book, site=str(site))
    err = info.value.errors[0] if hasattr(info.value, "errors") else info.value
    assert err.text.id == "publish.site_page_edited" and err.text.param("entries") == "index.html"
    assert page.read_bytes() == edited                   # nothing changed
    page.rename(tmp_path / "my-index.html")              # the way out: moved away
    publish(book, site=str(site))
    assert (site / "index.html").exists() and (tmp_path / "my-index.html").read_bytes() == edited


@pytest.mark.parametrize("record", ["deleted", "unreadable", "emptied"])
def test_a_page_edited_after_the_record_is_lost_is_still_refused(book, tmp_path, record):
    """The marker holds each page's SHA-256 too: deleting (or breaking) the record alone does not
    disable the guard."""
    from xl_ratings.errors import RatingInputError

    site = tmp_path / "site"
    publish(book, site=str(site))
    {"deleted": lambda p: p.unlink(), "unreadable": lambda p: p.write_bytes(b"\xff{not json"),
     "emptied": lambda p: p.write_text('{"files": {}}')}[record](site / RECORD)
    page = site / "players" / next(p.name for p in (site / "players").iterdir())
    page.write_bytes(page.read_bytes().replace(b"</body>", b"<p>my note</p></body>"))
    edited = page.read_bytes()
    with pytest.raises(RatingInputError) as info:
        publish(book, site=str(site))
    err = info.value.errors[0] if hasattr(info.value, "errors") else info.value
    assert err.text.id == "publish.site_page_edited" and err.text.param("entries") == f"players/{page.name}"
    assert page.read_bytes() == edited


def test_a_site_from_before_the_record_is_replaced_as_before(book, tmp_path):
    site = tmp_path / "site"
    publish(book, site=str(site))
    (site / RECORD).unlink()
    marker = site / ".xl-ratings-site"                   # as versions before 0.4 wrote it: names only
    marker.write_text("\n".join(line.split("\t")[0] for line in marker.read_text().splitlines()) + "\n")
    (site / "index.html").write_bytes(b"<html>edited</html>")
    publish(book, site=str(site))                        # no record: nothing says it was ours as written
    assert (site / "index.html").read_bytes() != b"<html>edited</html>" and (site / RECORD).exists()
