"""Lists out (issue 10): print-ready result sheets, the PDF through
LibreOffice, and the website published from a processed workbook -- all from
the same facts as the result sheets."""

from __future__ import annotations

import html.parser
import math
import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from helpers import D, EVENTS, GAMES, PLAYERS, processed_sample, read_sheet, run_cli, write_book
from needs import need_pdftotext, need_soffice, open_chromium
from xl_ratings.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2] / "workbook_templates"
HOSTILE = '<script>alert(1)</script>"><img src=x onerror=alert(1)>'


@pytest.fixture(scope="module")
def processed(tmp_path_factory):
    """Each system's sample, processed (a copy per system)."""
    d = tmp_path_factory.mktemp("processed")
    return {s: processed_sample(d, s) for s in SYSTEMS}


# --------------------------------------------------------------------------- page setup
@pytest.mark.parametrize("system", SYSTEMS)
def test_result_sheets_are_print_ready(processed, system):
    wb = openpyxl.load_workbook(processed[system])
    federation = next(r[1] for r in wb["Settings"].iter_rows(values_only=True) if r[0] == "federation")
    history = read_sheet(processed[system], "History")
    period = history[-1]["period"]
    for name in ("Ratings", "Changes", "Standards", "Checks", "History"):
        ws = wb[name]
        assert ws.page_setup.paperSize == 9, name                      # A4
        assert ws.sheet_properties.pageSetUpPr.fitToPage, name
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), name   # one page wide
        assert ws.print_title_rows == "$1:$1", name                     # header row on every page
        assert ws.oddHeader.left.text == federation
        assert f"— {period}" in ws.oddHeader.center.text
        assert ws.oddFooter.left.text.endswith(f"published {__import__('datetime').date.today()}")
        assert "&P" in ws.oddFooter.right.text and "&N" in ws.oddFooter.right.text
    assert wb["Ratings"].page_setup.orientation == "landscape"
    assert "Rating list" in wb["Ratings"].oddHeader.center.text
    assert wb["Standards"].page_setup.orientation == "portrait"
    chart = wb["Chart"]
    assert (chart.page_setup.fitToWidth, chart.page_setup.fitToHeight) == (1, 1)   # the chart on one page
    assert len(chart._charts) == 1
    # internal ledger columns are grouped and hidden; every shown History column has a Chinese label
    hist = wb["History"]
    header = [c.value for c in hist[1]]
    hidden = {header[i] for i in range(len(header))
              if hist.column_dimensions[openpyxl.utils.get_column_letter(i + 1)].hidden}
    assert {h.split()[-1] for h in hidden} >= {"inputs"}
    if system == "shanghai":
        assert {h.split()[-1] for h in hidden} == {"inputs", "pending_log"}
    assert all(re.match(r"^[^\x00-\x7f]+ \w+$", h) for h in header if h not in hidden), header


# --------------------------------------------------------------------------- PDF
def pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [p.extract_text() or "" for p in PdfReader(str(path)).pages]


def big_book(tmp_path: Path, n: int) -> Path:
    """A Shanghai round robin list of ``n`` players (several printed pages)."""
    ids = [f"P{i:03d}" for i in range(n)]
    games = [list(GAMES)]
    for i, a in enumerate(ids):
        for k in (1, 2, 3, 4, 5):
            b = ids[(i + k) % n]
            games.append(["E1", None, k * 1000 + i + 1, a, b, [1, 0.5, 0][(i + k) % 3], None])
    return write_book({
        "Settings": [["key", "value"], ["system", "shanghai"], ["federation", "测试协会"]],
        "Players": [list(PLAYERS)] + [[p, f"棋手{i}号", "M", "俱乐部", "", 2000 + i, None, None, None, "", "yes"]
                                      for i, p in enumerate(ids)],
        "Events": [list(EVENTS), ["E1", "大赛", D(2026, 3, 1), D(2026, 3, 9), "games", "", "", ""]],
        "Games": games}, tmp_path / "big.xlsx")


@pytest.mark.libreoffice
@pytest.mark.parametrize("system", SYSTEMS)
def test_pdf_of_each_sample(processed, system, tmp_path):
    need_soffice()
    pdf = tmp_path / "list.pdf"
    assert run_cli("publish", processed[system], "--pdf", pdf) == 0
    pages = pdf_pages(pdf)
    ratings = [t for t in pages if "Rating list" in t]
    rows = len(read_sheet(processed[system], "Ratings"))
    assert len(ratings) == 1 and rows <= 60, "a sample's list fits one page"
    # one page wide: the first and the last column on the page, and every player
    from xl_ratings.view.public import PRIVATE_FIELDS

    header = [c.value for c in openpyxl.load_workbook(processed[system])["Ratings"][1]
              if str(c.value).split()[-1] not in PRIVATE_FIELDS]      # the private ones are not printed
    # the heads print in two rows, the Chinese over the English (no raw keys): 名次 / place
    assert header[0].split()[0] in ratings[0] and header[-1].split()[0] in ratings[0] and "place" in ratings[0]
    assert "period_games" not in ratings[0]
    assert all(r["id"] in ratings[0] for r in read_sheet(processed[system], "Ratings"))
    assert any("Rank standards" in t for t in pages) and any("Rating changes" in t for t in pages)
    assert not any("Settings" in t or "项目 key" in t for t in pages), "input sheets are not printed"
    assert all(f"page {i} of {len(pages)}" in t for i, t in enumerate(pages, start=1))


@pytest.mark.libreoffice
def test_pdf_rating_list_pages_follow_the_row_count(tmp_path):
    need_soffice()
    n = 150
    book = big_book(tmp_path, n)
    assert run_cli("process", book) == 0
    pdf = tmp_path / "big.pdf"
    assert run_cli("publish", book, "--pdf", pdf) == 0
    pages = [t for t in pdf_pages(pdf) if "Rating list" in t]
    per_page = len(re.findall(r"P\d{3}", pages[0])) // 1
    assert per_page >= 20
    assert len(pages) == math.ceil(n / per_page)
    for t in pages:                                    # header row repeated, every column on each page
        assert "名次" in t and "段级调整" in t and "place" in t and "adjusted" in t
    shown = set(re.findall(r"P\d{3}", " ".join(pages)))
    assert len(shown) == n


def header_and_footer_words(pdf: Path, band: float = 58.0) -> list[list[tuple[float, float, float, float, str]]]:
    """Per page, the words (xMin, yMin, xMax, yMax, text) in the top and bottom ``band`` points."""
    import html
    import subprocess

    out = subprocess.run([need_pdftotext(), "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
    pages = []
    for page in re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.S):
        height = float(page[0])
        words = [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in word.findall(page[1])]
        pages.append([w for w in words if w[3] <= band or w[1] >= height - band])
    return pages


def collisions(words: list[tuple[float, float, float, float, str]]) -> list[tuple[str, str]]:
    """Words on the same line whose boxes overlap (parts of a header run into each other)."""
    bad = []
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            same_line = min(a[3], b[3]) - max(a[1], b[1]) > 2
            if same_line and min(a[2], b[2]) - max(a[0], b[0]) > 0.5:
                bad.append((a[4], b[4]))
    return bad


@pytest.mark.libreoffice
@pytest.mark.parametrize("system", SYSTEMS)
def test_pdf_header_parts_never_run_into_each_other_on_the_last_day(processed, system, tmp_path):
    """On the period's last day the list is still provisional (暂定), and the header says so on
    every page -- portrait pages included -- without its three parts overlapping."""
    from xl_ratings.jobs.publish import published_outcome
    from xl_ratings.publish.pdf import print_workbook, to_pdf

    need_soffice()
    outcome = published_outcome(processed[system])
    last_day = outcome.last.period.end
    pdf = tmp_path / "list.pdf"
    pdf.write_bytes(to_pdf(print_workbook(outcome, today=last_day)))
    texts = pdf_pages(pdf)
    assert texts and all("provisional" in t and f"→ {last_day.isoformat()}" in t for t in texts)
    from pypdf import PdfReader

    shapes = {p.mediabox.width < p.mediabox.height for p in PdfReader(str(pdf)).pages}
    assert shapes == {True, False}, "the sample prints portrait (standards) and landscape pages"
    bands = header_and_footer_words(pdf)
    assert len(bands) == len(texts)
    for n, words in enumerate(bands, start=1):
        assert words, f"page {n}: no header"
        assert collisions(words) == [], f"page {n}"
    after = tmp_path / "after.pdf"                       # the day after: final, no provisional line
    after.write_bytes(to_pdf(print_workbook(outcome, today=last_day + __import__("datetime").timedelta(days=1))))
    assert not any("provisional" in t for t in pdf_pages(after))


def test_pdf_without_libreoffice_says_how_to_install(processed, tmp_path, capsys, monkeypatch):
    import xl_ratings.publish.pdf as pdf

    monkeypatch.setattr(pdf, "soffice", lambda: None)
    assert run_cli("publish", processed["gor"], "--pdf", tmp_path / "x.pdf") == 2
    err = capsys.readouterr().err
    assert "needs LibreOffice" in err and "apt-get install libreoffice-calc-nogui" in err
    assert "libreoffice.org" in err and not (tmp_path / "x.pdf").exists()


# --------------------------------------------------------------------------- website
class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs, self.text = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("href", "src"):
            if a.get(k):
                self.hrefs.append(a[k])

    def handle_data(self, data):
        self.text.append(data)


def hostile_book(tmp_path: Path) -> Path:
    """The Shanghai sample with one player renamed to a hostile name."""
    book = tmp_path / "club.xlsx"
    shutil.copy(ROOT / "shanghai.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Players"]["B2"] = HOSTILE
    wb.save(book)
    assert run_cli("process", book) == 0
    return book


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("site")
    book = hostile_book(d)
    assert run_cli("publish", book, "--site", d / "site") == 0
    return book, d / "site"


def test_site_pages_and_links(site):
    book, root = site
    pages = sorted(root.rglob("*.html"))
    ratings = read_sheet(book, "Ratings")
    index = (root / "index.html").read_text(encoding="utf-8")
    for r in ratings:
        assert f">{r['id']}<" in index, r["id"]
    for page in pages:
        p = Links()
        text = page.read_text(encoding="utf-8")
        p.feed(text)
        assert "<script>alert" not in text and "onerror=alert(1)>" not in text
        for href in p.hrefs:
            assert not href.startswith(("http:", "https:", "//")), (page, href)
            target = href.split("#")[0]
            if target:
                assert (page.parent / target).resolve().exists(), (page, href)
    assert (root / "players").is_dir() and len(list((root / "players").glob("*.html"))) >= len(ratings)


def test_site_player_change_lines_equal_the_changes_sheet(site):
    book, root = site
    changes = [c for c in read_sheet(book, "Changes")]
    one = next(c for c in changes if c["games"] >= 3)
    pid = one["id"]
    page = (root / "players" / f"{pid.lower()}.html").read_text(encoding="utf-8")
    delta = f"{one['change']:+.2f}".replace("-", "\u2212")
    assert delta in page
    assert f"{one['expected']:.2f}" in page
    assert "<svg" in page


def test_site_in_a_browser(site, tmp_path):
    book, root = site
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    drv = open_chromium(tmp_path / "profile")
    try:
        drv.get((root / "index.html").as_uri())
        rows = [r for r in drv.find_elements(By.CSS_SELECTOR, "#ratings tbody tr") if r.is_displayed()]
        assert len(rows) == len(read_sheet(book, "Ratings")) + len(read_sheet(book, "Pending"))
        assert HOSTILE in drv.page_source.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"') \
            or HOSTILE.replace('"', "&quot;") in drv.page_source
        box = drv.find_element(By.CSS_SELECTOR, "#controls input[type=search], #controls input")
        box.send_keys("SH001")
        shown = [r for r in drv.find_elements(By.CSS_SELECTOR, "#ratings tbody tr") if r.is_displayed()]
        assert len(shown) == 1
        shown[0].find_element(By.CSS_SELECTOR, "a").click()
        assert drv.find_elements(By.CSS_SELECTOR, "svg")
        with pytest.raises(NoAlertPresentException):
            drv.switch_to.alert  # noqa: B018
    finally:
        drv.quit()


def test_publish_refuses_what_it_cannot_do(tmp_path, capsys):
    book = tmp_path / "new.xlsx"
    shutil.copy(ROOT / "peng.xlsx", book)
    assert run_cli("publish", book, "--site", tmp_path / "s") == 2
    assert "nothing is published yet" in capsys.readouterr().err
    assert run_cli("process", book) == 0
    (tmp_path / "notes.pdf").write_text("mine")
    assert run_cli("publish", book, "--pdf", tmp_path / "notes.pdf") == 2
    assert (tmp_path / "notes.pdf").read_text() == "mine"
    foreign = tmp_path / "docs"
    foreign.mkdir()
    (foreign / "a.txt").write_text("keep")
    capsys.readouterr()
    assert run_cli("publish", book, "--site", foreign) == 2
    assert (foreign / "a.txt").read_text() == "keep"
    assert run_cli("publish", book) == 2
    assert "publish needs --site DIR, --pdf OUT.pdf and/or --rating-list OUT" in capsys.readouterr().err


def test_site_on_a_full_disk_names_the_folder_and_keeps_the_old_site(processed, tmp_path, capsys, monkeypatch):
    """Disk full while the new site is written: the message names --site (not a temp folder)
    and the site already there stays whole."""
    import errno

    import xl_ratings.publish.site as site_mod

    site = tmp_path / "site"
    assert run_cli("publish", processed["peng"], "--site", site) == 0
    before = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    real_write = site_mod._write
    calls = {"n": 0}

    def full(path, text):                   # the tenth page of the new site hits a full disk
        calls["n"] += 1
        if calls["n"] == 10:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_write(path, text)
    monkeypatch.setattr(site_mod, "_write", full)
    capsys.readouterr()
    assert run_cli("publish", processed["peng"], "--site", site) == 2
    err = capsys.readouterr().err
    assert calls["n"] == 10
    assert f"cannot write {site}: the disk is full" in err and "磁盘已满" in err
    assert ".new-" not in err
    assert {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".site")] == []
