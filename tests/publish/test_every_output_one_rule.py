"""One rule for every file ``publish`` writes (the main PDF's), checked before anything is written
and before LibreOffice runs: the printed list, each archived period's printed list beside it
(``list-2025.pdf``), the website's pages and the rating lists it offers, the rating list for
pairing programs (``--rating-list``).

Each output kind x each hostile case: a read-only file, a read-only folder, a folder at the
file's name, a link at the name pointing elsewhere, an officer's file that we did not write --
refused with the main PDF's message id (a website's page: the site's own, ``--force`` does not
take a page from the officer), nothing in the folder changed (SHA-256 of every entry before and
after), LibreOffice never started; a file written by us earlier is replaced.

LibreOffice is stood in for by a converter that returns a PDF marked as ours (the checks are the
point here; tests/publish/test_archive_pdfs.py prints through the real one).  Root may write in
a folder of mode 0555: a read-only folder is also told so by ``os.access`` (as
tests/files/test_read_only_folder_way_out.py does)."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from helpers import deny_writing, folder_tree, processed_sample
from problem_ids import problems

from xl_ratings.errors import RatingInputError
from xl_ratings.jobs.publish import publish
from xl_ratings.publish import pdf as printing

#: where each kind of output is, relative to the test's folder
KINDS = {
    "main_pdf": "out/list.pdf",
    "archive_pdf": "out/list-2025.pdf",
    "site_page": "site/index.html",
    "player_page": "site/players/{player}.html",
    "site_download": "site/downloads/ratings-egd.txt",
    "rating_list": "out/ratings.txt",
}
#: the refusal of a file that is not ours: a site's page is refused even with --force
NOT_OURS = {k: "files.output_not_ours" for k in KINDS} | {
    "site_page": "publish.site_page_edited", "player_page": "publish.site_page_edited",
    "site_download": "publish.site_page_edited"}
LINK_NOT_OURS = NOT_OURS | {k: "publish.site_entry_in_the_way" for k in ("site_page", "player_page", "site_download")}


def fake_pdfs(calls: list[int]):
    def to_pdfs(books, timeout=None, waiting=None):
        calls.append(len(books))
        return [b"%PDF-1.4\n%" + printing.MARK.encode() + b" " + hashlib.sha256(b).hexdigest().encode()
                + b"\n%%EOF\n" for b in books]
    return to_pdfs


@pytest.fixture
def published(tmp_path, monkeypatch):
    """A gor workbook of two periods, published once: every output there and ours."""
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    calls: list[int] = []
    monkeypatch.setattr(printing, "to_pdfs", fake_pdfs(calls))
    monkeypatch.setattr(printing, "to_pdf", lambda book, timeout=None, waiting=None: fake_pdfs(calls)([book])[0])
    (tmp_path / "out").mkdir()
    book = processed_sample(tmp_path, "gor")
    done = run(tmp_path, book)
    assert done.archived_pdfs == [tmp_path / "out" / "list-2025.pdf"] and calls == [2]
    player = sorted((tmp_path / "site" / "players").glob("*.html"))[0].stem
    calls.clear()
    return tmp_path, book, calls, player


def run(root: Path, book: Path, force: bool = False):
    return publish(book, site=str(root / "site"), pdf=str(root / "out" / "list.pdf"),
                   rating_list=str(root / "out" / "ratings.txt"), force=force)


def read_only_folder(monkeypatch, folder: Path) -> None:
    os.chmod(folder, 0o555)
    deny_writing(monkeypatch, folder)


def hostile(case: str, target: Path, root: Path, monkeypatch) -> str | None:
    """Make ``case`` at ``target``; the message id the run must refuse with (None: allowed)."""
    if case == "read_only_file":        # a site's page: its name is fixed ("choose another name" cannot be done)
        os.chmod(target, 0o444)
        return "files.output_read_only_fixed" if "site" in target.relative_to(root).parts else "files.output_read_only"
    if case == "read_only_folder":
        read_only_folder(monkeypatch, target.parent)
        return "files.output_folder_not_writable"
    if case == "folder_at_the_name":
        target.unlink()
        target.mkdir()
        (target / "keep.txt").write_text("the officer's", encoding="utf-8")
        return "files.output_not_a_file"
    if case == "link_elsewhere":
        (root / "elsewhere.txt").write_text("the officer's own notes", encoding="utf-8")
        target.unlink()
        target.symlink_to(root / "elsewhere.txt")
        return "link"
    if case == "officers_file":
        target.write_bytes(b"%PDF-1.4 the officer's own\n" if target.suffix == ".pdf" else b"the officer's own\n")
        return "not_ours"
    assert case == "ours_earlier"
    return None


CASES = ["read_only_file", "read_only_folder", "folder_at_the_name", "link_elsewhere", "officers_file",
         "ours_earlier"]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_output_is_refused_before_anything_by_one_rule(published, monkeypatch, kind, case):
    root, book, calls, player = published
    target = root / KINDS[kind].format(player=player)
    assert target.is_file()
    want = hostile(case, target, root, monkeypatch)
    want = {"link": LINK_NOT_OURS[kind], "not_ours": NOT_OURS[kind]}.get(want, want)     # type: ignore[arg-type]
    before = folder_tree(root)
    if want is None:
        run(root, book)
        assert calls == [2]                 # printed again: LibreOffice ran once for both PDFs
        # ours, unchanged since: replaced, no backup
        assert not [p for d in ("out", "site") for p in (root / d).rglob("*.backup*")]
        return
    with pytest.raises(RatingInputError) as e:
        run(root, book)
    told = problems(e.value)
    if want == "files.output_folder_not_writable":      # told once for the folder, whichever options write there
        assert [(p.id, p.params["folder"]) for p in told] == [(want, str(target.parent))], told
        return
    assert [p.id for p in told] == [want], told
    shown = told[0].params
    if want.startswith("files."):
        assert shown["path"] == str(target) and shown["option"] == ("--site" if kind.startswith(("site", "player"))
                                                                    else "--rating-list" if kind == "rating_list"
                                                                    else "--pdf")
    else:
        assert shown["entries"] == str(target.relative_to(root / "site"))
    assert calls == []                      # refused before LibreOffice
    assert folder_tree(root) == before             # nothing written, nothing changed


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_read_only_folder_changes_nothing(published, monkeypatch, kind):
    """(The read-only folder case of the test above, told once per option writing there.)"""
    root, book, calls, player = published
    target = root / KINDS[kind].format(player=player)
    read_only_folder(monkeypatch, target.parent)
    before = folder_tree(root)
    with pytest.raises(RatingInputError):
        run(root, book)
    assert calls == [] and folder_tree(root) == before


def test_an_archived_pdf_not_ours_is_replaced_with_force_its_bytes_kept(published):
    """As the main PDF: an officer's file at an archived PDF's name needs --force, and then is kept."""
    root, book, calls, _ = published
    archived = root / "out" / "list-2025.pdf"
    archived.write_bytes(b"%PDF-1.4 annotated by the officer\n")
    with pytest.raises(RatingInputError) as e:
        run(root, book)
    assert [(p.id, p.params["path"]) for p in problems(e.value)] == [("files.output_not_ours", str(archived))]
    done = run(root, book, force=True)
    backup = root / "out" / "list-2025.backup.pdf"
    assert backup.read_bytes() == b"%PDF-1.4 annotated by the officer\n" and printing.is_our_pdf(archived)
    assert [p.id for p in __import__("problem_ids").notes(done.notes)].count("files.published_kept") == 1


def test_a_site_page_not_ours_is_refused_even_with_force(published):
    """The site has no place for a page's backup: an officer's page is moved away by the officer."""
    root, book, calls, _ = published
    (root / "site" / "index.html").write_text("my own front page", encoding="utf-8")
    before = folder_tree(root)
    with pytest.raises(RatingInputError) as e:
        run(root, book, force=True)
    assert [(p.id, p.file) for p in problems(e.value)] == [("publish.site_page_edited", str(root / "site"))]
    assert calls == [] and folder_tree(root) == before


def test_every_refusal_is_told_at_once_and_a_read_only_folder_once(published, monkeypatch):
    """Several outputs in the way: all told in one refusal; a read-only site folder is told once,
    not once for every page in it."""
    root, book, calls, _ = published
    os.chmod(root / "out" / "list-2025.pdf", 0o444)
    (root / "site" / "downloads" / "ratings-egd.txt").write_text("my own list\n", encoding="utf-8")
    read_only_folder(monkeypatch, root / "site" / "players")
    with pytest.raises(RatingInputError) as e:
        run(root, book)
    told = sorted((p.id, p.params.get("folder") or p.params.get("path") or p.params.get("entries"))
                  for p in problems(e.value))
    assert told == sorted([("files.output_read_only", str(root / "out" / "list-2025.pdf")),
                           ("publish.site_page_edited", "downloads/ratings-egd.txt"),
                           ("files.output_folder_not_writable", str(root / "site" / "players"))])
    assert calls == []


def test_the_site_paths_are_the_files_the_site_writes(published):
    """The names checked beforehand are the names written (no page escapes the check)."""
    from xl_ratings.files.published import RECORD
    from xl_ratings.jobs.publish import latin_names, published_book, site_model
    from xl_ratings.publish.folder import MARKER
    from xl_ratings.publish.rating_list import site_downloads
    from xl_ratings.publish.site import site_paths

    root, book, _, _ = published
    outcome, tables = published_book(book)
    downloads, _ = site_downloads(outcome, tables, book=book)
    model = site_model(outcome, downloads, (), latin_names(tables), pdf="../out/list.pdf")
    written = {str(p.relative_to(root / "site")) for p in (root / "site").rglob("*") if p.is_file()}
    assert sorted(site_paths(model)) == sorted(written - {MARKER, RECORD})
    assert len(written) > 20 and any(p.startswith("downloads/") for p in written)


def test_a_new_site_in_a_read_only_folder_is_refused_before_anything(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    calls: list[int] = []
    monkeypatch.setattr(printing, "to_pdfs", fake_pdfs(calls))
    book = processed_sample(tmp_path, "gor")
    shared = tmp_path / "share"
    shared.mkdir()
    read_only_folder(monkeypatch, shared)
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        publish(book, site=str(shared / "site"), pdf=str(shared / "site" / "list.pdf"))
    assert {(p.id, p.params["folder"]) for p in problems(e.value)} == {("files.output_folder_not_writable",
                                                                         str(shared))}
    assert calls == [] and folder_tree(tmp_path) == before
    shutil.rmtree(shared, ignore_errors=True)


@pytest.mark.parametrize("how", ["file", "link"])
def test_a_file_or_a_link_where_a_sub_folder_goes_is_refused_once(published, how):
    """``players/`` a file (or a link to a folder elsewhere): refused once, not once per page."""
    root, book, calls, _ = published
    shutil.rmtree(root / "site" / "players")
    if how == "file":
        (root / "site" / "players").write_text("the officer's", encoding="utf-8")
    else:
        (root / "elsewhere").mkdir()
        (root / "site" / "players").symlink_to(root / "elsewhere")
    before = folder_tree(root)
    with pytest.raises(RatingInputError) as e:
        run(root, book)
    assert [(p.id, p.params["entries"]) for p in problems(e.value)] == [("publish.site_entry_in_the_way", "players")]
    assert calls == [] and folder_tree(root) == before
