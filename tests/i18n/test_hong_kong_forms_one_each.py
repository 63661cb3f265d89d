"""Hong Kong's traditional text writes each word in one form (docs/architecture.md "Hong Kong's
forms"): 發布 and 公布 as the HK government writes them (OpenCC's s2hk gave 發佈 or 發布 and 公佈
by phrase), 週期, and one form of each variant pair -- in the catalogue, the labels, the committed
templates' text and the website's own traditional strings."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import openpyxl
import pytest

from xl_ratings.i18n import TRADITIONAL, traditional
from xl_ratings.i18n.catalogue import load_all
from xl_ratings.i18n.labels import LABELS, SHEET_LABELS
from xl_ratings.publish.html import UI
from xl_ratings.systems import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "xl_ratings"
#: the forms chosen, and the variants of the same word that must not appear beside them
CHOSEN = {"發布": ("發佈",), "公布": ("公佈",), "週期": ()}
#: variant characters of one word: whichever Hong Kong's text writes, it writes it alone
PAIRS = [("帳", "賬"), ("綫", "線"), ("裏", "裡"), ("爲", "為"), ("衞", "衛"), ("峯", "峰"), ("羣", "群"),
         ("麪", "麵"), ("啓", "啟"), ("敍", "敘"), ("衆", "眾"), ("户", "戶"), ("臺", "台")]
CJK = re.compile(r"[\u3400-\u9fff]")


def catalogue_texts() -> list[str]:
    return [traditional(m.zh) for m in load_all().values()]


def label_texts() -> list[str]:
    out = [traditional(v) for v in LABELS.values()]
    out += [traditional(v) for labels in SHEET_LABELS.values() for v in labels.values()]
    out += [traditional(v) for s in REGISTRY.values() if s.lang == TRADITIONAL for v in s.terms.values()]
    return out


def template_texts() -> list[str]:
    out = []
    for book in sorted((ROOT / "workbook_templates").glob("*.xlsx")):
        wb = openpyxl.load_workbook(book, read_only=True)
        if not any(isinstance(c, str) and "棋力分" in c for ws in wb.worksheets for row in ws.iter_rows(values_only=True)
                   for c in row):
            continue                    # the Hong Kong (GoR) template and the report for it are traditional
        out += [c for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for c in row
                if isinstance(c, str) and CJK.search(c)]
    return out


def site_texts() -> list[str]:
    """The website's own words in traditional script: its hand-written Hong Kong furniture, and
    every Chinese string of the publish layer as the site converts it."""
    out = [zh for zh, _ in UI[TRADITIONAL].values()]
    for path in sorted((PKG / "publish").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CJK.search(node.value):
                out.append(traditional(node.value))
    return out


SOURCES = {"catalogue": catalogue_texts, "labels": label_texts, "templates": template_texts, "site": site_texts}


@pytest.fixture(scope="module")
def everything() -> dict[str, list[str]]:
    return {name: read() for name, read in SOURCES.items()}


def test_the_texts_are_there(everything):
    """The check reads what it must: the templates' Hong Kong text and the site's among them."""
    assert all(everything.values()), {k: len(v) for k, v in everything.items()}
    assert any("棋力分" in t for t in everything["templates"])
    assert any("發布" in t for t in everything["site"]) and any("公布" in t for t in everything["catalogue"])


@pytest.mark.parametrize("chosen", CHOSEN)
def test_each_chosen_form_alone(everything, chosen):
    found = {(name, t) for name, texts in everything.items() for t in texts for v in CHOSEN[chosen] if v in t}
    assert not found, found


@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
def test_one_form_of_each_variant_pair(everything, pair):
    used = {c: [(name, t) for name, texts in everything.items() for t in texts if c in t][:3] for c in pair}
    assert not all(used.values()), used


def test_the_conversion_itself_writes_the_chosen_forms():
    assert traditional("发布日期") == "發布日期" and traditional("已公布的等级分") == "已公布的等級分"
    assert traditional("周期结束时公布的名单") == "週期結束時公布的名單"


@pytest.fixture(scope="module")
def hk_site(tmp_path_factory):
    """The processed Hong Kong (gor) sample: its website's pages and its workbook's text, as written."""
    from helpers import processed_sample, run_cli

    d = tmp_path_factory.mktemp("hk_forms")
    book = processed_sample(d, "gor")
    assert run_cli("publish", book, "--site", d / "site") == 0
    pages = [p.read_text(encoding="utf-8") for p in sorted((d / "site").rglob("*.html"))]
    wb = openpyxl.load_workbook(book, read_only=True)
    cells = [c for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for c in row
             if isinstance(c, str) and CJK.search(c)]
    return pages, cells


def test_the_published_site_and_workbook_write_one_form_each(hk_site):
    pages, cells = hk_site
    text = "\n".join(pages + cells)
    assert "發布" in text and "週期" in text            # what is checked is there
    for chosen, others in CHOSEN.items():
        assert not [o for o in others if o in text], (chosen, others)
    for pair in PAIRS:
        assert not all(c in text for c in pair), pair
