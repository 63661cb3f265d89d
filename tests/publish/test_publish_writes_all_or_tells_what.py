"""``publish --pdf --site --rating-list``: every output made before any is written, every problem
told at once, and a write failing half-way told naming what was written.

* The PDFs (LibreOffice: the likely failure) are made first; the rating list and the PDFs are
  staged in temp files beside their targets, then the site is built and swapped in, then the
  staged files are put in place: LibreOffice failing, or a full disk while an archived PDF or the
  site is written, leaves every folder as it was (SHA-256 of every entry before and after).
* The records beside the outputs (``.xl-ratings-published``, the site's marker) are in the one check.
* A failure after the site is in place names what was written (``cli.problems_partly``), never
  "nothing was written".
* Every refusal at once (the main PDF's and the archived PDFs', the rating list's, the pages');
  a folder told once; a read-only disk told as such; a read-only page told with a way out that
  can be followed (its name is fixed).
* A link to a folder at an output's name is a folder; a link to a missing file is told so (and
  replaced with ``--force``, said).
* A past period asked for with ``--period`` is printed as its archive copy is (the archived footer).

LibreOffice is stood in for (as in tests/publish/test_every_output_one_rule.py): by a converter
returning a PDF marked as ours, or by one that fails.
"""

from __future__ import annotations

import errno
import hashlib
import io
import os
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from helpers import folder_tree, processed_sample
from problem_ids import problems

from xl_ratings import cli
from xl_ratings.errors import InputErrors, RatingInputError
from xl_ratings.files import atomic
from xl_ratings.files import messages as F
from xl_ratings.i18n.catalogue import cli as C
from xl_ratings.i18n.catalogue import publish as P
from xl_ratings.jobs.publish import publish
from xl_ratings.publish import pdf as printing
from xl_ratings.publish import site as site_writer


def fake_pdfs(calls: list[int]):
    def to_pdfs(books, timeout=None, waiting=None):
        calls.append(len(books))
        return [b"%PDF-1.4\n%" + printing.MARK.encode() + b" " + hashlib.sha256(b).hexdigest().encode()
                + b"\n%%EOF\n" for b in books]
    return to_pdfs


def stand_in(monkeypatch, calls: list[int], fail: bool = False) -> None:
    def failing(books, timeout=None, waiting=None):
        calls.append(len(books))
        raise InputErrors([RatingInputError(P.LIBREOFFICE_FAILED(detail="soffice crashed"))])
    convert = failing if fail else fake_pdfs(calls)
    monkeypatch.setattr(printing, "to_pdfs", convert)
    monkeypatch.setattr(printing, "to_pdf", lambda book, timeout=None, waiting=None: convert([book])[0])


@pytest.fixture
def book(tmp_path, monkeypatch):
    """A gor workbook of two periods (2025, 2026), processed; LibreOffice stood in for."""
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    (tmp_path / "out").mkdir()
    return processed_sample(tmp_path, "gor")


def run(root: Path, book: Path, force: bool = False, **kw):
    return publish(book, site=str(root / "site"), pdf=str(root / "out" / "list.pdf"),
                   rating_list=str(root / "out" / "ratings.txt"), force=force, **kw)


# --------------------------------------------------------------------------- 1. nothing written, or told what
def test_libreoffice_failing_writes_nothing(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls, fail=True)
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [p.id for p in problems(e.value)] == ["publish.libreoffice_failed"]
    assert calls == [2] and folder_tree(tmp_path) == before       # no rating list, no site
    assert not getattr(e.value, "written", None)


def test_a_full_disk_while_an_archived_pdf_is_written_changes_nothing(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    before = folder_tree(tmp_path)
    real = atomic.stage

    def stage(target, data, like):
        if Path(target).name == "list-2025.pdf":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(target, data, like)
    monkeypatch.setattr(atomic, "stage", stage)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [(p.id, p.params["target"]) for p in problems(e.value)] == \
        [("files.disk_full", str(tmp_path / "out" / "list-2025.pdf"))]
    assert folder_tree(tmp_path) == before                        # nor the rating list, nor the site, nor a temp file


def test_a_full_disk_in_the_middle_of_the_site_changes_nothing(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    before = folder_tree(tmp_path)

    def render_site(site, out_dir, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(site_writer, "render_site", render_site)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [p.id for p in problems(e.value)] == ["files.disk_full"]
    assert calls == [2] and folder_tree(tmp_path) == before       # the staged rating list and PDFs removed


def test_a_failure_after_the_site_is_in_place_names_what_was_written(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)

    def install(self, staged):
        self.discard(staged)
        raise atomic.file_error(F.WRITE_FAILED(target=str(staged[0][0]), reason="I/O error"))
    monkeypatch.setattr(atomic.Outputs, "install", install)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    out = tmp_path / "out"
    assert e.value.written == [str(tmp_path / "site")]      # type: ignore[attr-defined]
    assert e.value.not_written == [str(out / "ratings.txt"), str(out / "list.pdf"),   # type: ignore[attr-defined]
                                   str(out / "list-2025.pdf")]
    assert (tmp_path / "site" / "index.html").is_file() and not (out / "ratings.txt").exists()
    # the file's own "nothing was changed" is not true of the run: the reason alone
    assert [(p.id, p.params["target"], p.params["reason"]) for p in problems(e.value)] == \
        [("publish.part_not_written", str(out / "ratings.txt"), "I/O error")]
    err = io.StringIO()
    with redirect_stderr(err):
        assert cli._fail(e.value) == 2
    head = C.PROBLEMS_PARTLY(count=1, written=str(tmp_path / "site"),
                             not_written=", ".join(e.value.not_written))     # type: ignore[attr-defined]
    assert err.getvalue().splitlines()[0] == head.both(cli.RUN.lang)
    assert C.PROBLEMS(count=1).both(cli.RUN.lang) not in err.getvalue()


def test_a_read_only_record_beside_the_pdf_is_refused_before_libreoffice(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    (tmp_path / "rl").mkdir()
    publish(book, site=str(tmp_path / "site"), pdf=str(tmp_path / "out" / "l.pdf"))
    record = tmp_path / "out" / ".xl-ratings-published"
    os.chmod(record, 0o444)
    calls.clear()
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        publish(book, site=str(tmp_path / "site"), pdf=str(tmp_path / "out" / "l.pdf"),
                rating_list=str(tmp_path / "rl" / "x.txt"))
    assert [(p.id, p.params["path"]) for p in problems(e.value)] == [("files.output_read_only_fixed", str(record))]
    assert calls == [] and folder_tree(tmp_path) == before


def test_a_read_only_site_marker_is_in_the_one_check(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    run(tmp_path, book)
    marker = tmp_path / "site" / ".xl-ratings-site"
    os.chmod(marker, 0o444)
    calls.clear()
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [(p.id, p.params["option"]) for p in problems(e.value)] == [("files.output_read_only_fixed", "--site")]
    assert calls == [] and folder_tree(tmp_path) == before


# --------------------------------------------------------------------------- 2. every problem at once
def test_every_refusal_of_both_checks_is_told_in_one_run(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    run(tmp_path, book)
    out = tmp_path / "out"
    for p in (out / "list.pdf", out / "ratings.txt", out / "list-2025.pdf", tmp_path / "site" / "index.html"):
        os.chmod(p, 0o444)
    calls.clear()
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    told = sorted((p.id, p.params["path"]) for p in problems(e.value))
    assert told == sorted([("files.output_read_only", str(out / "list.pdf")),
                           ("files.output_read_only", str(out / "ratings.txt")),
                           ("files.output_read_only", str(out / "list-2025.pdf")),
                           ("files.output_read_only_fixed", str(tmp_path / "site" / "index.html"))])
    assert calls == [] and folder_tree(tmp_path) == before


def test_a_read_only_folder_is_told_once_whichever_options_write_there(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    os.chmod(tmp_path / "out", 0o555)
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, *a, **k: False if (
        os.path.realpath(path) == str(tmp_path / "out") and mode & os.W_OK) else real(path, mode, *a, **k))
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [(p.id, p.params["folder"]) for p in problems(e.value)] == \
        [("files.output_folder_not_writable", str(tmp_path / "out"))]
    assert calls == [] and folder_tree(tmp_path) == before


def test_a_read_only_disk_is_told_as_one(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    real = os.statvfs

    class ReadOnly:
        def __init__(self, st):
            self.st = st

        def __getattr__(self, name):
            return os.ST_RDONLY | self.st.f_flag if name == "f_flag" else getattr(self.st, name)
    monkeypatch.setattr(os, "statvfs", lambda p: ReadOnly(real(p)) if os.path.realpath(p) == str(tmp_path / "out")
                        else real(p))
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        run(tmp_path, book)
    assert [(p.id, p.params["folder"]) for p in problems(e.value)] == \
        [("files.output_folder_read_only_disk", str(tmp_path / "out"))]
    assert calls == [] and folder_tree(tmp_path) == before


def test_a_workbook_problem_is_told_with_the_outputs_problems(tmp_path, book, monkeypatch):
    """The outputs refused and the workbook not readable: both told (the second check needs the workbook)."""
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    with pytest.raises(RatingInputError) as e:
        publish(book, pdf=str(tmp_path / "out" / "list.txt"), period="1999")
    assert [p.id for p in problems(e.value)] == ["publish.pdf_name", "run.period_not_in_history"]
    assert calls == []


# --------------------------------------------------------------------------- 3. links
@pytest.mark.parametrize("force", [False, True])
def test_a_link_to_a_folder_is_a_folder(tmp_path, book, monkeypatch, force):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / "list-2025.pdf").symlink_to(tmp_path / "elsewhere")
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        publish(book, pdf=str(tmp_path / "out" / "list.pdf"), force=force)
    assert [(p.id, p.params["path"]) for p in problems(e.value)] == \
        [("files.output_not_a_file", str(tmp_path / "out" / "list-2025.pdf"))]
    assert calls == [] and folder_tree(tmp_path) == before


def test_a_link_to_a_missing_file_is_told_and_replaced_only_with_force(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    link = tmp_path / "out" / "list-2025.pdf"
    link.symlink_to(tmp_path / "gone.pdf")
    before = folder_tree(tmp_path)
    with pytest.raises(RatingInputError) as e:
        publish(book, pdf=str(tmp_path / "out" / "list.pdf"))
    assert [(p.id, p.params["target"]) for p in problems(e.value)] == \
        [("files.output_dangling_link", str(tmp_path / "gone.pdf"))]
    assert calls == [] and folder_tree(tmp_path) == before
    done = publish(book, pdf=str(tmp_path / "out" / "list.pdf"), force=True)
    assert [n.id for n in done.notes if n.id == "files.output_link_replaced"] == ["files.output_link_replaced"]
    assert not link.is_symlink() and link.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "gone.pdf").exists()           # the link's target is never written


# --------------------------------------------------------------------------- 4. a past period's footer
def test_a_past_period_is_printed_as_its_archive_copy(tmp_path, book, monkeypatch):
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    asked: list[tuple[str, bool]] = []
    real = printing.print_workbook

    def print_workbook(outcome, today=None, private=(), archived=False):
        asked.append((outcome.last.period.label, archived))
        return real(outcome, today, private, archived)
    monkeypatch.setattr(printing, "print_workbook", print_workbook)
    publish(book, pdf=str(tmp_path / "out" / "old.pdf"), period="2025")
    assert asked == [("2025", True)]
    asked.clear()
    publish(book, pdf=str(tmp_path / "out" / "now.pdf"), period="2026")
    assert asked == [("2026", False), ("2025", True)]
    asked.clear()
    publish(book, pdf=str(tmp_path / "out" / "cur.pdf"))
    assert asked == [("2026", False), ("2025", True)]


def test_a_past_periods_footer_is_the_archived_one(tmp_path, book, monkeypatch):
    """The footer of the list printed for --period 2025 is the archive copy's: as at the period's end."""
    calls: list[int] = []
    stand_in(monkeypatch, calls)
    footers: list[tuple[str, str, str]] = []
    real = printing.archived_footer

    def archived_footer(footer, outcome, today):
        got = real(footer, outcome, today)
        footers.append(got)
        return got
    monkeypatch.setattr(printing, "archived_footer", archived_footer)
    publish(book, pdf=str(tmp_path / "out" / "old.pdf"), period="2025")
    alone = list(footers)
    footers.clear()
    publish(book, pdf=str(tmp_path / "out" / "cur.pdf"))
    assert alone and alone == footers                     # the same footer, whichever way it is asked for
