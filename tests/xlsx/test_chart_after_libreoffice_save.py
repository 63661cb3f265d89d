"""The Chart sheet draws after a LibreOffice save (issue 24, build 10).

LibreOffice saves a workbook without its theme; a chart whose series take their
colours from the theme then draws no line at all once xl-ratings writes it again
(Excel, and LibreOffice itself, find no colour).  Every line of our chart carries
its own colour.  Proved by the real round trip: process, save in LibreOffice (no
theme left), process again, print the Chart sheet through LibreOffice, and count
each series' colour in the picture.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from helpers import TEMPLATES
from needs import need_pdftotext, need_soffice

from xl_ratings.jobs.process import process_workbook
from xl_ratings.xlsx.write import AXIS_COLOUR, SERIES_COLOURS

TODAY = dt.date(2026, 12, 1)


def chart_part(book: Path) -> str:
    with zipfile.ZipFile(book) as z:
        name = next(n for n in z.namelist() if n.startswith("xl/charts/chart"))
        return z.read(name).decode("utf-8")


def test_every_series_has_its_own_colour_written_in(tmp_path):
    book = tmp_path / "shanghai.xlsx"
    process_workbook(TEMPLATES / "shanghai.xlsx", output=str(book), today=TODAY)
    xml = chart_part(book)
    series = re.findall(r"<ser>.*?</ser>", xml, re.S)
    assert len(series) == 10
    for i, ser in enumerate(series):
        line = re.search(r"<spPr><a:ln w=\"28575\"><a:solidFill><a:srgbClr val=\"(\w+)\"", ser)
        marker = re.search(r"<marker>.*?<a:solidFill><a:srgbClr val=\"(\w+)\"", ser, re.S)
        assert line and marker and line.group(1) == marker.group(1) == SERIES_COLOURS[i]
    assert xml.count(f'<a:srgbClr val="{AXIS_COLOUR}"') == 2          # both axes' lines


def ppm_pixels(path: Path) -> tuple[int, int, bytes]:
    """A binary PPM (P6) as width, height and its RGB bytes."""
    data = path.read_bytes()
    head = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert head is not None
    return int(head.group(1)), int(head.group(2)), data[head.end():]


def colour_counts(rgb: bytes, colours: tuple[str, ...], tolerance: int = 40) -> dict[str, int]:
    """How many pixels are close to each colour."""
    want = [tuple(bytes.fromhex(c)) for c in colours]
    counts = dict.fromkeys(colours, 0)
    for i in range(0, len(rgb) - 2, 3):
        r, g, b = rgb[i], rgb[i + 1], rgb[i + 2]
        if r == g == b:         # white, black, greys: the page, the text and the axes
            continue
        for c, (wr, wg, wb) in zip(colours, want):
            if abs(r - wr) + abs(g - wg) + abs(b - wb) <= tolerance:
                counts[c] += 1
                break
    return counts


def soffice(args: list[str], profile: Path) -> None:
    proc = subprocess.run([need_soffice(), f"-env:UserInstallation={profile.as_uri()}", "--headless", *args],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.libreoffice
def test_the_chart_draws_after_a_libreoffice_save(tmp_path):
    need_soffice()
    need_pdftotext()                    # poppler-utils: pdftotext, pdfinfo and pdftoppm
    book = tmp_path / "shanghai.xlsx"
    process_workbook(TEMPLATES / "shanghai.xlsx", output=str(book), today=TODAY)
    soffice(["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(tmp_path / "saved"), str(book)],
            tmp_path / "profile")
    saved = tmp_path / "saved" / "shanghai.xlsx"
    with zipfile.ZipFile(saved) as z:
        assert not [n for n in z.namelist() if "theme" in n]          # LibreOffice kept no theme
    process_workbook(saved, today=TODAY)                              # the chart written again, into it
    soffice(["--convert-to", "pdf", "--outdir", str(tmp_path / "pdf"), str(saved)], tmp_path / "profile")
    pdf = tmp_path / "pdf" / "shanghai.pdf"
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True,
                                                           text=True).stdout).group(1))
    page = next(n for n in range(1, pages + 1) if "Rating history chart" in subprocess.run(
        ["pdftotext", "-f", str(n), "-l", str(n), str(pdf), "-"], capture_output=True, text=True).stdout)
    subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "50", str(pdf), str(tmp_path / "chart")],
                   check=True)
    _, _, rgb = ppm_pixels(next(tmp_path.glob("chart*.ppm")))
    counts = colour_counts(rgb, SERIES_COLOURS)
    assert all(n >= 20 for n in counts.values()), counts              # every player's line is drawn
