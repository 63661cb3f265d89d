"""The static website (xl_ratings.publish.site), checked without a browser.

Every page is parsed with a strict nesting check; links, resources, escaping,
languages, number formats and the SVG chart are read back from the files.
"""

from __future__ import annotations

import dataclasses
import os
import datetime as dt
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from site_fixtures import CHANGES, HOSTILE, PLAYERS, SHOWN_DELTA, make_site, make_site_hant
from xl_ratings.publish import site as S
from xl_ratings.publish.site import MARKER, format_value, rating_chart_svg, render_site
from xl_ratings.publish.site_model import Column, HistoryPoint, Link, Table, Text

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
MINUS = "\u2212"


class Page(HTMLParser):
    """A strict reading of one page: tags must nest; tables, text and attributes collected."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self.tables: list[dict] = []
        self.svg_title = ""
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._in_svg_title = False
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append(f"unclosed: {self.stack}")

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "table":
            self.tables.append({"attrs": a, "caption": "", "head": [], "rows": [], "row_attrs": []})
        elif tag == "caption":
            self._caption = []
        elif tag == "tr" and self.tables:
            if "tbody" in self.stack:
                self.tables[-1]["rows"].append([])
                self.tables[-1]["row_attrs"].append(a)
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "title" and "svg" in self.stack:
            self._in_svg_title = True

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None and self.tables:
            text = " ".join("".join(self._cell).split())
            t = self.tables[-1]
            if "thead" in self.stack:
                t["head"].append(text)
            elif t["rows"]:
                t["rows"][-1].append(text)
            self._cell = None
        elif tag == "caption" and self._caption is not None:
            self.tables[-1]["caption"] = " ".join("".join(self._caption).split())
            self._caption = None
        elif tag == "title":
            self._in_svg_title = False

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "script":
            self.scripts.append(data)
            return
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._caption is not None:
            self._caption.append(data)
        if self._in_svg_title:
            self.svg_title += data

    # helpers
    def find(self, tag, **attrs):
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]

    def table(self, caption_part: str) -> dict:
        found = [t for t in self.tables if caption_part in t["caption"]]
        assert len(found) == 1, (caption_part, [t["caption"] for t in self.tables])
        return found[0]

    def rows(self, caption_part: str) -> list[dict[str, str]]:
        t = self.table(caption_part)
        return [dict(zip(t["head"], r)) for r in t["rows"]]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "public"
    files = render_site(make_site(), out)
    return out, files


@pytest.fixture(scope="module")
def pages(built):
    out, files = built
    return {p.relative_to(out).as_posix(): Page(p.read_text(encoding="utf-8")) for p in files if p.suffix == ".html"}


def test_files_written(built):
    out, files = built
    rel = sorted(p.relative_to(out).as_posix() for p in files)
    assert rel == sorted(
        [MARKER, "assets/site.css", "index.html", "standards.html", "lists.html", "events.html",
         "events/e1.html", "events/e2.html"] + [f"players/{pid.lower()}.html" for pid in PLAYERS])
    assert all(p.is_file() for p in files)
    assert [p.name for p in out.parent.iterdir()] == ["public"]       # no temporary folder left beside it


def test_every_page_parses_strictly(pages):
    assert len(pages) == 18
    for name, page in pages.items():
        assert page.errors == [], name
        assert page.find("html")[0]["lang"] == "zh-Hans", name
        assert page.find("meta", charset="utf-8"), name
        assert page.find("span", lang="en"), name


def test_links_resolve_and_nothing_external(built, pages):
    out, _ = built
    linked = set()
    for name, page in pages.items():
        base = (out / name).parent
        for tag, a in page.tags:
            for attr in ("href", "src", "xlink:href", "action", "srcset", "poster", "data"):
                v = a.get(attr)
                if v is None or (tag == "svg" and attr == "data"):
                    continue
                assert not re.match(r"^\s*(https?:)?//", v), (name, tag, v)
                assert not v.lower().startswith(("javascript:", "data:")), (name, tag, v)
                if attr != "href" or v.startswith("#"):
                    continue
                target = (base / unquote(urlsplit(v).path)).resolve()
                assert target.is_file(), f"{name}: <{tag} href={v!r}> -> 404"
                linked.add(target.relative_to(out.resolve()).as_posix())
        raw = (out / name).read_text(encoding="utf-8")
        assert "http://" not in raw and "https://" not in raw, name
        assert all("src" not in a for a in page.find("script")), name
        for t in ("img", "iframe", "object", "embed", "audio", "video", "font"):
            assert page.find(t) == [], (name, t)
    # every page is reachable by links, the stylesheet from every page
    assert set(pages) <= linked | {"index.html"}
    assert "assets/site.css" in linked
    for name, page in pages.items():
        css = [a["href"] for a in page.find("link") if a.get("rel") == "stylesheet"]
        assert css == [("../" if "/" in name else "") + "assets/site.css"], name
    css_text = (out / "assets" / "site.css").read_text(encoding="utf-8")
    assert "url(" not in css_text and "@import" not in css_text and "http" not in css_text
    assert "@font-face" not in css_text


def test_scripts_inline_only_and_no_network(pages):
    for name, page in pages.items():
        code = "".join(page.scripts)
        if name == "index.html":
            assert len(page.find("script")) == 1 and "getElementById" in code
        else:
            assert page.find("script") == [], name
        for word in ("fetch(", "XMLHttpRequest", "import(", "WebSocket", "alert", "eval(", "innerHTML"):
            assert word not in code, (name, word)


def test_hostile_name_is_text_everywhere(built, pages):
    out, _ = built
    seen = 0
    for name, page in pages.items():
        raw = (out / name).read_text(encoding="utf-8")
        assert "<script>alert" not in raw and "<img" not in raw and "onerror=alert(1)>" not in raw, name
        assert all(t not in ("img",) for t, _ in page.tags), name
        assert all("onerror" not in a for _, a in page.tags), name
        assert len(page.find("script")) <= 1
        if HOSTILE in "".join(page.text):
            seen += 1
    assert seen >= 5          # index, own page, E1, its opponents' pages, lists …
    own = pages["players/s010.html"]
    assert own.find("h1") and HOSTILE in "".join(own.text)
    raw = (out / "players/s010.html").read_text(encoding="utf-8")
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=alert(1)&gt; · " in raw
    assert HOSTILE in own.svg_title
    index = pages["index.html"]
    row = next(a for a in index.table("等级分表")["row_attrs"] if "s010" in (a.get("data-search") or ""))
    assert HOSTILE.lower() in row["data-search"]      # the JS reads this attribute, as text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;img" in (out / "index.html").read_text(encoding="utf-8")


def test_index_list_complete_without_javascript(pages):
    index = pages["index.html"]
    t = index.table("等级分表")
    assert len(t["rows"]) == len(PLAYERS)
    assert t["head"][:2] == ["名次 Place", "姓名 Name"]
    assert all(a.get("scope") == "col" for tag, a in index.tags if tag == "th")
    rows = index.rows("等级分表")
    first = rows[0]
    assert first["姓名 Name"] == "王立新" and first["等级分 Rating"] == "1904" and first["升降 Change"] == "+8"
    by_id = {r["编号 ID"]: r for r in rows}
    assert by_id["S002"]["升降 Change"] == MINUS + "11"
    assert by_id["S011"]["升降 Change"] == "0" and by_id["S011"]["名次 Place"] == ""
    assert by_id["S012"]["等级分 Rating"] == ""                       # pending, unrated
    # names link to the player pages; the controls are hidden until the script shows them
    hrefs = [a["href"] for a in index.find("a") if a.get("href", "").startswith("players/")]
    assert sorted(hrefs) == sorted(f"players/{p.lower()}.html" for p in PLAYERS)
    assert "hidden" in index.find("form", id="controls")[0]
    assert [a["value"] for a in index.find("option") if a.get("value")] == [
        "浦东五子棋俱乐部", "静安棋院", "F", "M", "active", "inactive", "pending"]
    # numeric columns are marked (right-aligned, sorted as numbers)
    numeric = [a.get("data-key") for tag, a in index.tags if tag == "th" and a.get("class") == "n"]
    assert numeric == ["place", "rating", "change", "games"]


def test_provisional_banner(pages, tmp_path):
    index = pages["index.html"]
    assert index.find("div", **{"class": "banner", "role": "note"})
    text = "".join(index.text)
    assert "暂定" in text and "Provisional" in text and "本周期截至 2026-05-31" in text
    assert "The period ends on 2026-05-31" in text
    render_site(make_site_hant(), tmp_path / "hk")
    raw = (tmp_path / "hk" / "index.html").read_text(encoding="utf-8")
    assert 'class="banner"' not in raw and "暫定" not in raw


def test_change_numbers_per_kind(pages):
    for (pid, eid), shown in SHOWN_DELTA.items():
        rows = pages[f"players/{pid.lower()}.html"].rows("等级分变动")
        row = next(r for r in rows if r["赛事 Event"].startswith("2026年上海" if eid == "E1" else "静安杯"))
        assert row["ΔR"] == shown, (pid, eid)
        n, ra, w, we, k, dr = CHANGES[(pid, eid)]
        assert row["局数 N"] == str(n) and row["K"] == str(k)
        assert row["期望得分 We"] == f"{we:.3f}"
        assert row["对手平均分 Mean opp."] == f"{ra:.2f}"
    row = pages["players/s004.html"].rows("等级分变动")[0]
    assert (row["得分 W"], row["期望得分 We"], row["对手平均分 Mean opp."]) == ("2½", "2.060", "1824.00")
    ev = {r["棋手 Player"]: r for r in pages["events/e2.html"].rows("等级分变动")}
    assert ev["刘洋"]["ΔR"] == MINUS + "15.00" and ev["刘洋"]["得分 W"] == "0"
    assert ev["杨帆"]["ΔR"] == "+20.50" and ev["杨帆"]["得分 W"] == "1½"
    cls = [a.get("class") for t, a in pages["events/e2.html"].tags if t == "td"]
    assert cls.count("n pos") >= 2 and cls.count("n neg") >= 1
    # the periods table: ratings (0 decimals here) and signed changes
    periods = pages["players/s004.html"].rows("各周期等级分")
    assert [(r["周期 Period"], r["原等级分 Old"], r["新等级分 New"], r["升降 Change"]) for r in periods] == [
        ("2025H1", "1748", "1760", "+12"), ("2025H2", "1760", "1772", "+12"), ("2026H1", "1772", "1779", "+7")]


def test_crosstable_and_event_games(pages):
    e2 = pages["events/e2.html"]
    cross = e2.rows("循环赛成绩表")
    assert [r["棋手 Player"] for r in cross] == ["张伟", "杨帆", "刘洋", "孙悦"]
    assert [r["1"] for r in cross] == ["×", "½", "0", "0"]
    assert [r["总分 Total"] for r in cross] == ["2½", "1½", "1", "1"]
    games = e2.rows("对局记录")
    assert len(games) == 6 and games[0]["结果 Result"] == "1" and games[0]["对手 Opponent"] == "刘洋"
    assert pages["events/e1.html"].tables and not any("循环赛成绩表" in t["caption"]
                                                      for t in pages["events/e1.html"].tables)
    facts = "".join(pages["events/e1.html"].text)
    assert "冠军" in facts and "王立新" in facts


def _svg(built, pid):
    out, _ = built
    raw = (out / "players" / f"{pid.lower()}.html").read_text(encoding="utf-8")
    m = re.search(r'<svg class="chart" id="chart".*?</svg>', raw, re.S)
    return m.group(0) if m else None


@pytest.mark.parametrize("pid", list(PLAYERS))
def test_chart_points_match_history(built, pid):
    svg = _svg(built, pid)
    rated = [v for v in PLAYERS[pid][6] if v is not None]
    if not rated:
        assert svg is None
        assert "暂无等级分记录" in (built[0] / "players" / f"{pid.lower()}.html").read_text(encoding="utf-8")
        return
    assert svg.count('<circle class="pt') == len(rated)
    assert svg.count("<title") == len(rated) + 1                      # each point's tooltip + the chart's title
    assert "nan" not in svg.lower() and "inf" not in svg.lower()
    for label in ("2025H1", "2025H2", "2026H1"):
        assert f">{label}</text>" in svg
    assert 'class="yl"' in svg and ">等级分</text>" in svg


def test_chart_gap_single_and_flat(built):
    gap = _svg(built, "S007")                                        # 1650, None, 1671
    assert gap.count('class="line"') == 0 and gap.count('class="gap"') == 1
    assert "2025H1 (2025-05-31): 1650</title>" in gap and "2026H1 (2026-05-31): 1671</title>" in gap
    one = _svg(built, "S008")
    assert one.count('<circle class="pt') == 1 and 'class="line"' not in one
    flat = _svg(built, "S011")
    cys = re.findall(r'<circle class="pt[^"]*" cx="[\d.]+" cy="([\d.]+)"', flat)
    assert len(cys) == 3 and len(set(cys)) == 1
    assert flat.count('class="line"') == 1
    full = _svg(built, "S001")
    ys = [float(v) for v in re.findall(r'<circle class="pt[^"]*" cx="[\d.]+" cy="([\d.]+)"', full)]
    assert ys[0] > ys[1] > ys[2]                                     # rising ratings: higher on screen


def test_chart_alone():
    pts = [HistoryPoint("2026", dt.date(2026, 12, 31), 2100.456)]
    svg = rating_chart_svg(pts, 2, label=Text("等級分", "GoR"), title="x")
    assert svg.count("<circle") == 1 and "2100.46</title>" in svg and 'text-anchor="middle"' in svg
    assert rating_chart_svg([HistoryPoint("2026", dt.date(2026, 12, 31), None)]) == ""
    many = [HistoryPoint(f"{y}-01-01..{y}-12-31", dt.date(y, 12, 31), 1500 + (y % 7) * 3) for y in range(1990, 2026)]
    svg = rating_chart_svg(many, 0)
    assert svg.count("<circle") == 36 and 3 < svg.count('class="xl') < 12     # x labels thinned to fit


@pytest.mark.parametrize("value, kind, decimals, shown", [
    (None, "rating", 0, ""), (1234.5, "rating", 0, "1235"), (1234.49, "rating", 0, "1234"),
    (2125.345, "rating", 2, "2125.35"), (1.005, "decimal2", 2, "1.01"), (7, "rating", 2, "7.00"),
    (12.4, "change", 0, "+12"), (-3.07, "change", 2, MINUS + "3.07"), (0, "change", 0, "0"),
    (-0.001, "change", 2, "0.00"), (0.0, "change", 2, "0.00"), (12.345, "change", 2, "+12.35"),
    (6.6, "signed2", 0, "+6.60"), (-11.0805, "signed2", 0, MINUS + "11.08"), (0.004, "signed2", 0, "0.00"),
    (2.5, "decimal2", 0, "2.50"), (0.7387, "decimal3", 0, "0.739"), (1.7385, "decimal3", 0, "1.739"),
    (9.0, "int", 2, "9"), (9.5, "int", 2, "10"), (True, "int", 0, "1"),
    (1, "score", 0, "1"), (0.5, "score", 0, "½"), (0, "score", 0, "0"), (2.5, "score", 0, "2½"),
    (0.25, "score", 0, "0.25"), (dt.date(2026, 3, 14), "date", 0, "2026-03-14"),
    (dt.datetime(2026, 3, 14, 10, 5), "date", 0, "2026-03-14"), ("三段", "text", 0, "三段"),
    ("1.2.3", "rating", 0, "1.2.3"), (Link("王", "players/a.html"), "text", 0, "王"),
    (float("nan"), "rating", 2, ""), (42, "text", 0, "42"),
])
def test_format_value(value, kind, decimals, shown):
    assert format_value(value, kind, decimals) == shown


def test_unknown_kind_is_refused(tmp_path):
    with pytest.raises(ValueError, match="unknown column kind 'percent'"):
        format_value(1, "percent")
    site = make_site()
    bad = dataclasses.replace(site, standards=Table(Text("x", "x"), [Column("a", Text("a", "a"), "percent")], []))
    with pytest.raises(ValueError, match="unknown kind 'percent'"):
        render_site(bad, tmp_path / "out")
    assert list(tmp_path.iterdir()) == []


def test_traditional_variant(tmp_path):
    site = make_site_hant()
    files = render_site(site, tmp_path / "hk")
    for p in files:
        if p.suffix == ".html":
            page = Page(p.read_text(encoding="utf-8"))
            assert page.errors == [] and page.find("html")[0]["lang"] == "zh-Hant", p
    index = Page((tmp_path / "hk" / "index.html").read_text(encoding="utf-8"))
    text = "".join(index.text)
    assert "搜尋" in text and "搜索" not in text and "週期" in text
    rows = {r["編號 ID"]: r for r in index.rows("等級分表")}
    expected = site.players[0].rating
    assert rows["S001"]["等級分 GoR"] == f"{expected:.2f}" and "." in rows["S001"]["等級分 GoR"]
    assert rows["S001"]["升降 Change"] == "+8.00"
    css = (tmp_path / "hk" / "assets" / "site.css").read_text(encoding="utf-8")
    assert 'html:lang(zh-Hant)' in css and '"Noto Sans CJK TC"' in css and '"Microsoft JhengHei"' in css


def test_stylesheet_has_cjk_fonts_phone_and_print(built):
    css = (built[0] / "assets" / "site.css").read_text(encoding="utf-8")
    assert '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC"' in css and '"Microsoft YaHei"' in css
    assert "@media (max-width: 640px)" in css
    print_css = css[css.index("@media print"):]
    assert "thead { display: table-header-group; }" in print_css and ".nav, .controls" in print_css
    assert "break-inside: avoid" in print_css


def test_no_other_lists(tmp_path):
    site = dataclasses.replace(make_site(), others=[])
    files = render_site(site, tmp_path / "s")
    assert not (tmp_path / "s" / "lists.html").exists()
    assert all("lists.html" not in p.read_text(encoding="utf-8") for p in files if p.suffix == ".html")


def test_refuses_a_foreign_folder(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.docx").write_text("precious")
    with pytest.raises(ValueError, match="not empty and holds no previous xl_ratings site"):
        render_site(make_site(), out)
    assert [p.name for p in out.iterdir()] == ["thesis.docx"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(ValueError, match="not a folder"):
        render_site(make_site(), afile)


def test_replaces_a_previous_site_and_uses_an_empty_folder(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    render_site(make_site(), out)                        # an empty folder is fine
    site = dataclasses.replace(make_site(), players=make_site().players[:3])
    files = render_site(site, out)                        # ours: replaced whole (old pages of ours go)
    assert len(list((out / "players").iterdir())) == 3
    assert (out / MARKER).is_file() and (out / MARKER) in files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert (out.stat().st_mode & 0o755) == 0o755          # readable by a web server, not mkdtemp's 0700
    # a file somebody else put into the site folder is never deleted: it stays where it is
    (out / "players" / "notes.html").write_text("mine")
    render_site(site, out)
    assert (out / "players" / "notes.html").read_text() == "mine"
    # ... and where the new site writes a page of its own, publishing is refused
    page = out / "players" / f"{make_site().players[4].slug}.html"
    page.write_text("mine too")
    with pytest.raises(ValueError, match="xl_ratings did not write, where the new site writes its pages"):
        render_site(make_site(), out)
    assert page.read_text() == "mine too" and (out / "players" / "notes.html").read_text() == "mine"
    assert len(list((out / "players").iterdir())) == 5


def test_failure_leaves_the_previous_site(tmp_path, monkeypatch):
    out = tmp_path / "site"
    render_site(make_site(), out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    calls = {"n": 0}
    real = S._write

    def flaky(path, text):
        calls["n"] += 1
        if calls["n"] == 10:
            raise OSError("disk full")
        real(path, text)

    monkeypatch.setattr(S, "_write", flaky)
    with pytest.raises(OSError, match="disk full"):
        render_site(make_site_hant(), out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


@pytest.mark.parametrize("slug", ["../evil", "a/b", ".hidden", "", "con sole", "x" * 200,
                                  # names Windows reserves, with any extension, in any case
                                  "con", "CON", "prn", "aux.html", "Nul", "com1", "COM9", "lpt0", "Lpt9.x"])
def test_unsafe_slugs_are_refused(tmp_path, slug):
    site = make_site()
    players = list(site.players)
    players[0] = dataclasses.replace(players[0], slug=slug)
    with pytest.raises(ValueError, match="not a safe file name"):
        render_site(dataclasses.replace(site, players=players), tmp_path / "s")
    assert not (tmp_path / "s").exists()


def test_duplicate_slugs_are_refused(tmp_path):
    site = make_site()
    players = list(site.players)
    players[1] = dataclasses.replace(players[1], slug=players[0].slug.upper())
    with pytest.raises(ValueError, match="used twice"):
        render_site(dataclasses.replace(site, players=players), tmp_path / "s")


def test_links_in_subfolders_get_the_prefix():
    t = Table(Text("t", "t"), [Column("a", Text("a", "a")), Column("b", Text("b", "b"), "rating", True)],
              [{"a": Link("<王>", "players/p1.html"), "b": 1500.5},
               {"a": Link("x", "#top"), "b": None}, {"a": Link("y", "https://example.org/"), "b": -2}])
    html = str(S.render_table(t, 0, "../"))
    assert '<a href="../players/p1.html">&lt;王&gt;</a>' in html
    assert '<a href="#top">x</a>' in html and '<a href="https://example.org/">y</a>' in html
    assert '<td class="n">1501</td>' in html and '<td class="n">' + MINUS + "2</td>" in html
    assert "<caption>" in html and '<th scope="col" class="n" data-key="b">b <span lang="en">b</span></th>' in html
    evil = str(S.render_table(Table(Text("t", ""), [Column("a", Text("a", ""))],
                                    [{"a": Link("x", " JavaScript:alert(1)")}, {"a": Link("y", "data:text/html,x")}])))
    assert evil.count('<a href="#">') == 2 and "alert" not in evil and "data:" not in evil
    empty = str(S.render_table(Table(Text("空", "Empty"), [Column("a", Text("a", ""))], []), 0))
    assert 'class="empty" colspan="1">无 <span lang="en">None</span>' in empty


def test_templates_autoescape():
    env = S._env()
    assert env.autoescape("page.html") is True
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    folder = Path(S.__file__).with_name("templates")
    assert {"base.html", "index.html", "player.html", "event.html", "tables.html", "list.js",
            "site.css"} <= {p.name for p in folder.iterdir()}


needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="writing in parallel needs os.fork")


@needs_fork
def test_parallel_writing_gives_the_same_site(tmp_path, monkeypatch):
    forks = []
    real_fork = os.fork

    def counting_fork():
        forks.append(1)
        return real_fork()

    monkeypatch.setattr(os, "fork", counting_fork)
    one = render_site(make_site(), tmp_path / "one", workers=1)
    assert forks == []
    three = render_site(make_site(), tmp_path / "three", workers=3)
    assert len(forks) == 2                                            # two workers beside this process
    rel = lambda files, root: {p.relative_to(root): p.read_bytes() for p in files}  # noqa: E731
    assert rel(one, tmp_path / "one") == rel(three, tmp_path / "three")


@needs_fork
@pytest.mark.parametrize("failing, error", [("e2.html", RuntimeError), ("s001.html", OSError)])
def test_a_failing_worker_fails_the_whole_site(tmp_path, monkeypatch, failing, error):
    real = S._write

    def flaky(path, text):
        if path.name == failing:
            raise OSError("disk full")
        real(path, text)

    monkeypatch.setattr(S, "_write", flaky)
    with pytest.raises(error, match="disk full"):
        render_site(make_site(), tmp_path / "site", workers=3)   # e2: a worker's page; s001: this process's
    assert list(tmp_path.iterdir()) == []


def test_workers_setting(monkeypatch):
    small = make_site()
    monkeypatch.delenv("XL_RATINGS_SITE_WORKERS", raising=False)
    assert S._workers(small, None) == 1                                # a small site: not worth a fork
    assert S._workers(small, 1) == 1
    monkeypatch.setenv("XL_RATINGS_SITE_WORKERS", "1")
    assert S._workers(small, None) == 1
    if hasattr(os, "fork"):
        assert S._workers(small, 3) == 3
        monkeypatch.setenv("XL_RATINGS_SITE_WORKERS", "2")
        assert S._workers(small, None) == 2
