"""Publish a processed workbook: what it published, computed again and checked
against its History (never written), then the website or the PDF.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.perf import gc_paused
from ..engine.run import Outcome
from ..errors import InputErrors, RatingInputError
from ..files.atomic import Outputs
from ..files.paths import check_outputs, real_path, write_error
from ..i18n.catalogue import publish as M
from ..xlsx.read import read_workbook
from .common import check_workbook_name


def published_outcome(book: str | os.PathLike[str], period: str | None = None) -> Outcome:
    """What a processed workbook published: every period of its History computed
    again in memory and checked against it (never written)."""
    from .. import systems
    from ..engine.inputs import read_records
    from ..engine.ledger import Ledger
    from ..engine.run import replay

    given = Path(book)
    check_workbook_name(given)
    src = real_path(given)
    tables, problems = read_workbook(src)
    if problems:
        raise InputErrors(problems)
    with gc_paused():
        records = read_records(tables, str(given), date1904=tables.date1904)
        system = systems.get(records.system)
        ledger = Ledger.from_tables(tables, system, str(given), tables.date1904)
        return replay(records, ledger, str(given), period)


def check_publish_targets(inputs: Sequence[Path], site: str | None, pdf: str | None, force: bool) -> None:
    """Refuse, before anything is computed, a --pdf that is not a .pdf or would overwrite
    a file we did not write, and a --site that is a file."""
    from ..publish.pdf import is_our_pdf

    if pdf is not None:
        pdf_path = Path(pdf)
        if pdf_path.suffix.lower() != ".pdf":
            raise RatingInputError(M.PDF_NAME(), value=str(pdf_path))
        # the PDF inside a site folder this run makes (written after the site): nothing there yet
        in_new_site = site is not None and not os.path.lexists(site) and \
            pdf_path.parent.absolute() == Path(site).absolute()
        if not in_new_site:
            check_outputs(list(inputs), {"--pdf": pdf_path}, force=force, ours=is_our_pdf)
    if site is not None:
        site_dir = Path(site)
        if site_dir.exists() and not site_dir.is_dir():
            raise RatingInputError(M.SITE_IS_A_FILE(), value=str(site_dir))


def write_site(outcome: Outcome, folder: Path) -> list[Path]:
    """The website of ``outcome`` in ``folder`` (built beside it and swapped in)."""
    from ..publish.build import build_site
    from ..publish.site import render_site

    try:
        return render_site(build_site(outcome), folder)
    except RatingInputError:
        raise
    except ValueError as e:
        raise RatingInputError(str(e), value=str(folder)) from None   # its Chinese: i18n.messages
    except OSError as e:            # the site is built beside the folder and swapped in: nothing changed
        raise write_error(folder, e) from None


def write_pdf(outcome: Outcome, pdf: Path, waiting: Callable[[float], None] | None = None) -> Path:
    """The printable list of ``outcome`` as ``pdf`` (through LibreOffice), written atomically;
    ``waiting(seconds)`` is called while LibreOffice works (a progress display)."""
    from ..publish.pdf import print_workbook, to_pdf

    tx = Outputs()
    tx.add(pdf, to_pdf(print_workbook(outcome), waiting=waiting),
           like=pdf if pdf.is_file() and not pdf.is_symlink() else None)
    tx.commit()
    return pdf


@dataclass
class Published:
    """What ``publish`` wrote."""

    outcome: Outcome
    site_files: list[Path] = field(default_factory=list)
    pdf: Path | None = None


def publish(book: str | os.PathLike[str], *, period: str | None = None, site: str | None = None,
            pdf: str | None = None, force: bool = False,
            waiting: Callable[[float], None] | None = None) -> Published:
    """``xl-ratings publish``: the website and/or the PDF of a processed workbook
    (``waiting``: see :func:`write_pdf`)."""
    if site is None and pdf is None:
        raise RatingInputError(M.PUBLISH_NEEDS_TARGET())
    check_publish_targets([real_path(Path(book)), Path(book)], site, pdf, force)
    outcome = published_outcome(book, period)
    done = Published(outcome)
    if site is not None:
        done.site_files = write_site(outcome, Path(site))
    if pdf is not None:
        done.pdf = write_pdf(outcome, Path(pdf), waiting)
    return done

