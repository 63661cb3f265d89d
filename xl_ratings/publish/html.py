"""HTML for the website: the site's own labels (:data:`UI`), bilingual text, and the tables.

    render_table(table, decimals=2, prefix="../")   # one Table as <table> markup

Every value is escaped here (:func:`esc`, :func:`markupsafe.escape`); numbers
are shown as :func:`xl_ratings.view.numbers.format_number` writes them.
"""

from __future__ import annotations

import functools
import hashlib
import re
from operator import itemgetter
from typing import Any, cast

from markupsafe import Markup, escape

from ..view.numbers import KINDS, MINUS, format_number
from .site_model import Column, Link, Table, Text

__all__ = ["UI", "Cells", "bilingual", "esc", "format_value", "link_href", "plain", "render_table", "ui_labels"]


def format_value(value: Any, kind: str = "text", decimals: int = 2) -> str:
    """The text shown for ``value`` in a column of ``kind`` (see :class:`~.site_model.Column`).

    A :class:`Link` shows as its text, a :class:`Text` as both languages;
    anything else as :func:`~xl_ratings.view.numbers.format_number` writes it.
    """
    if isinstance(value, Link):
        return value.text
    if isinstance(value, Text):
        return f"{value.zh} {value.en}".strip()
    return format_number(value, kind, decimals)


# --------------------------------------------------------------------------- site furniture

#: Labels of the site's own furniture, by language: ``(Chinese, English)``.
UI: dict[str, dict[str, tuple[str, str]]] = {
    "zh-Hans": {
        "events": ("赛事", "Events"),
        "other_lists": ("其他名单", "Other lists"),
        "search": ("搜索", "Search"),
        "search_hint": ("姓名、拼音、英文姓名或编号", "name, pinyin, Latin name or ID"),
        "all": ("全部", "All"),
        "male": ("男", "Male"),
        "female": ("女", "Female"),
        "club": ("俱乐部", "Club"),
        "sex": ("性别", "Sex"),
        "status": ("状态", "Status"),
        "shown": ("显示", "shown"),
        "players": ("名棋手", "players"),
        "rating": ("等级分", "Rating"),
        "standard": ("段位", "Standard"),
        "place": ("名次", "Place"),
        "unrated": ("未定级", "Unrated"),
        "history": ("等级分历史", "Rating history"),
        "no_history": ("暂无等级分记录", "No rating yet"),
        "period": ("周期", "Period"),
        "dates": ("日期", "Dates"),
        "published": ("发布日期", "Published"),
        "as_at": ("截至", "As at"),
        "provisional": ("暂定", "Provisional"),
        "period_ends": ("本周期截至 {date}，等级分可能还会变动", "The period ends on {date}; ratings may still change."),
        "none": ("无", "None"),
        "event": ("赛事", "Event"),
        "games": ("对局", "Games"),
        "id": ("编号", "ID"),
        "sort": ("点击列标题排序", "click a column header to sort"),
        "made": ("由 xl_ratings 生成", "made with xl_ratings"),
        "back": ("返回等级分表", "Back to the list"),
        "downloads": ("编排软件用等级分名单", "Rating list for pairing programs"),
        "archive": ("历届名单", "Archive"),
        "current": ("本期名单", "current list"),
        "archived_note": ("这是 {period} 周期结束时公布的名单。现行名单：", "The list as published at the end of period {period}. The current list:"),
        "printed": ("打印版名单", "Printed list"),
    },
    "zh-Hant": {
        "events": ("賽事", "Events"),
        "other_lists": ("其他名單", "Other lists"),
        "search": ("搜尋", "Search"),
        "search_hint": ("姓名、拼音、英文姓名或編號", "name, pinyin, Latin name or ID"),
        "all": ("全部", "All"),
        "male": ("男", "Male"),
        "female": ("女", "Female"),
        "club": ("會屬", "Club"),
        "sex": ("性別", "Sex"),
        "status": ("狀態", "Status"),
        "shown": ("顯示", "shown"),
        "players": ("名棋手", "players"),
        "rating": ("等級分", "Rating"),
        "standard": ("段位", "Standard"),
        "place": ("名次", "Place"),
        "unrated": ("未定級", "Unrated"),
        "history": ("等級分歷史", "Rating history"),
        "no_history": ("暫無等級分記錄", "No rating yet"),
        "period": ("週期", "Period"),
        "dates": ("日期", "Dates"),
        "published": ("發布日期", "Published"),
        "as_at": ("截至", "As at"),
        "provisional": ("暫定", "Provisional"),
        "period_ends": ("本週期截至 {date}，等級分可能還會變動", "The period ends on {date}; ratings may still change."),
        "none": ("無", "None"),
        "event": ("賽事", "Event"),
        "games": ("對局", "Games"),
        "id": ("編號", "ID"),
        "sort": ("點擊欄目標題排序", "click a column header to sort"),
        "made": ("由 xl_ratings 生成", "made with xl_ratings"),
        "back": ("返回等級分表", "Back to the list"),
        "downloads": ("編排軟件用等級分名單", "Rating list for pairing programs"),
        "archive": ("歷屆名單", "Archive"),
        "current": ("本期名單", "current list"),
        "archived_note": ("這是 {period} 週期結束時公布的名單。現行名單：", "The list as published at the end of period {period}. The current list:"),
        "printed": ("打印版名單", "Printed list"),
    },
}


def ui_labels(lang: str) -> dict[str, Text]:
    hant = "hant" in lang.lower() or lang.lower().rsplit("-", 1)[-1] in ("hk", "tw", "mo")
    return {k: Text(*v) for k, v in UI["zh-Hant" if hant else "zh-Hans"].items()}


@functools.lru_cache(maxsize=8192)
def bilingual(text: Text | None) -> Markup:
    """``中文 <span lang="en">English</span>`` (escaped); either part may be empty."""
    if text is None:
        return Markup("")
    zh, en = escape(text.zh or ""), escape(text.en or "")
    if zh and en:
        return Markup(f'{zh} <span lang="en">{en}</span>')
    if en:
        return Markup(f'<span lang="en">{en}</span>')
    return Markup(zh)


def plain(text: Text | None) -> str:
    """Both languages as plain text (for ``<title>`` and attributes)."""
    if text is None:
        return ""
    return " ".join(p for p in (text.zh, text.en) if p)


# --------------------------------------------------------------------------- tables

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")


def link_href(href: str, prefix: str) -> str:
    """A link's href on a page whose folder is ``prefix`` (never a script URL)."""
    if href.strip().lower().replace("\t", "").replace("\n", "").startswith(_UNSAFE_SCHEMES):
        return "#"
    if not prefix or href.startswith(("#", "/")) or _SCHEME.match(href):
        return href
    return prefix + href


def esc(text: str) -> str:
    """HTML-escape a str exactly as :func:`markupsafe.escape` does (faster for the hot paths)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))


_TAG = re.compile(r"<[^>]*>")
#: a text longer than this takes a stacked row's whole width (a reason, a computation)
WIDE = 18
#: the phone's width, at most, where a ``stack`` table is stacked (as the style sheet's phones)
PHONE = "(max-width: 640px)"


@functools.lru_cache(maxsize=1 << 16)     # a site's cells repeat (an event's link on every game's line)
def wide_cell(td: str) -> str:
    """A ``<td>`` of words longer than :data:`WIDE` marked ``wide``: on a phone's stacked rows it
    takes the card's whole width."""
    if len(_TAG.sub("", td)) <= WIDE:
        return td
    if td.startswith('<td class="'):
        return f'<td class="wide {td[11:]}'
    return f'<td class="wide"{td[3:]}'


def css_string(text: str) -> str:
    """``text`` as a CSS string's inside: quotes, backslashes, line ends and ``<`` escaped (never
    ``</style>`` in a page)."""
    return "".join(c if c.isalnum() or c in " ()·:/-_.,'" or ord(c) > 127 else f"\\{ord(c):x} " for c in text)


class Cells:
    """Table HTML for one rendering.

    Every table body is built column by column: a value's ``<td>`` is built
    once (:meth:`_build`, which escapes it) and then looked up, so a big site
    costs little more than dictionary look-ups and joins.  Text columns are
    looked up by object identity first (a :class:`Link` shared by many rows
    is hashed once), then by value.
    """

    _LIMIT = 400_000          # cells kept per cache
    _CACHEABLE = (str, Link, Text)

    def __init__(self, decimals: int, ui: dict[str, Text]) -> None:
        self.decimals = decimals
        self.ui = ui
        self._caches: dict[tuple[str, bool, str], dict[Any, str]] = {}
        self._by_id: dict[str, dict[int, str]] = {}      # prefix -> id(value) -> cell (text columns)
        self._alive: list[Any] = []                      # what _by_id refers to: ids stay unique
        self._heads: dict[Any, str] = {}
        self._plans: dict[tuple[int, str], list[tuple[str, str, bool, dict, dict | None]]] = {}
        self._stacks: dict[tuple[tuple[str, str], ...], tuple[str, str]] = {}

    def _build(self, v: Any, kind: str, numeric: bool, prefix: str) -> str:
        if v is None or v == "":
            return "<td></td>"
        cls = "n" if numeric else ""
        if isinstance(v, Link):
            inner = f'<a href="{esc(link_href(v.href, prefix))}">{esc(v.text)}</a>'
        elif isinstance(v, Text):
            inner = str(bilingual(v))
        else:
            shown = format_value(v, kind, self.decimals)
            inner = esc(shown)
            if kind in ("change", "signed2") and not isinstance(v, str) and shown:
                if shown[0] == "+":
                    cls = f"{cls} pos".strip()
                elif shown[0] == MINUS:
                    cls = f"{cls} neg".strip()
        return f'<td class="{cls}">{inner}</td>' if cls else f"<td>{inner}</td>"

    def _plan(self, columns: list[Column], prefix: str) -> list[tuple[str, str, bool, dict, dict | None]]:
        """For each column: key, kind, numeric, its cell cache and (text columns) its cache by identity."""
        plan = self._plans.get((id(columns), prefix))
        if plan is None:
            plan = []
            for c in columns:
                kind, numeric = c.kind, bool(c.numeric)
                if kind not in KINDS:
                    raise ValueError(f"column {c.key!r}: unknown kind {kind!r}; use one of {', '.join(sorted(KINDS))}")
                cache = self._caches.setdefault((kind, numeric, prefix), {})
                by_id = self._by_id.setdefault(prefix, {}) if kind == "text" and not numeric else None
                plan.append((c.key, kind, numeric, cache, by_id))
            self._plans[(id(columns), prefix)] = plan
            self._alive.append(columns)
        return plan

    def _column(self, step: tuple[str, str, bool, dict, dict | None], values: list[Any], prefix: str) -> list[str]:
        """The ``<td>`` of one column in every row."""
        _, kind, numeric, cache, by_id = step
        out: list[Any]
        if by_id is not None:
            out = list(map(by_id.get, map(id, values)))
        else:
            try:
                out = list(map(cache.get, values))
            except TypeError:                          # an unhashable value: no look-ups for this column
                out = [None] * len(values)
        if None in out:
            text_kind = kind == "text"
            find = out.index
            i = -1
            try:
                while True:
                    i = find(None, i + 1)              # the misses only (a C-level scan between them)
                    v = values[i]
                    try:
                        html = cache.get(v)
                    except TypeError:
                        html = None
                    if html is None:
                        html = self._build(v, kind, numeric, prefix)
                        # 1 == 1.0 == True: only numeric kinds may share the cells of numbers
                        if len(cache) < self._LIMIT and (not text_kind or type(v) in self._CACHEABLE):
                            try:
                                cache[v] = html
                            except TypeError:
                                pass
                    out[i] = html
                    if by_id is not None and len(by_id) < self._LIMIT:
                        by_id[id(v)] = html
                        self._alive.append(v)
            except ValueError:
                pass
        return cast("list[str]", out)   # every miss filled above

    def body(self, columns: list[Column], rows: list[dict[str, Any]], prefix: str,
             row_open: list[str] | None = None, values: dict[str, list[Any]] | None = None,
             labelled: bool = False) -> str:
        """The rows of a table (without ``<tbody>``); ``row_open``: each row's own ``<tr …>``;
        ``labelled``: for a phone's stacked rows (the style sheet's ``table.stack``), a long text
        marked ``wide`` (:func:`wide_cell`)."""
        plan = self._plan(columns, prefix)
        if not rows:
            return f'<tr><td class="empty" colspan="{max(len(columns), 1)}">{bilingual(self.ui["none"])}</td></tr>'
        if not plan:
            return "<tr></tr>" * len(rows)
        given = values or {}
        cols = []
        for step in plan:
            k = step[0]
            vals = given.get(k)
            if vals is None:
                try:
                    vals = list(map(itemgetter(k), rows))
                except KeyError:                       # a row without this key: an empty cell
                    vals = [r.get(k) for r in rows]
            cols.append(self._column(step, vals, prefix))
        if labelled:
            cols = [list(map(wide_cell, col)) if not c.numeric else col for c, col in zip(columns, cols)]
        if row_open is None:
            return "<tr>" + "</tr>\n<tr>".join(map("".join, zip(*cols))) + "</tr>"
        return "</tr>\n".join(map("".join, zip(row_open, *cols))) + "</tr>"

    def _stack(self, columns: list[Column]) -> tuple[str, str]:
        """A stacked table's class (named after its columns' heads: the same on every page) and
        the rules that put each column's head above its values on a phone."""
        got = self._stacks.get(key := tuple((c.label.zh, c.label.en) for c in columns))
        if got is None:
            heads = [" ".join(dict.fromkeys(p for p in pair if p)) for pair in key]      # "K", not "K K"
            name = "h" + hashlib.sha256("\x1f".join(heads).encode("utf-8")).hexdigest()[:10]
            rules = "".join(f'table.{name} td:nth-child({i})::before{{content:"{css_string(h)}"}}'
                            for i, h in enumerate(heads, 1) if h)
            got = self._stacks[key] = (name, rules)
        return got

    def stack_css(self, tables: list[Table]) -> Markup:
        """The phone's rules of the stacked ``tables`` of a page (for a ``<style>`` in its head)."""
        rules = dict.fromkeys(self._stack(t.columns)[1] for t in tables)
        return Markup(f"@media {PHONE}{{{''.join(rules)}}}") if rules else Markup("")

    def head(self, columns: list[Column]) -> str:
        html = self._heads.get(id(columns))
        if html is not None:
            return html
        html = self._heads.get(key := tuple(columns))
        if html is None:
            out = []
            for c in columns:
                if c.kind not in KINDS:
                    raise ValueError(f"column {c.key!r}: unknown kind {c.kind!r}; use one of {', '.join(sorted(KINDS))}")
                cls = ' class="n"' if c.numeric else ""
                out.append(f'<th scope="col"{cls} data-key="{escape(c.key)}">{bilingual(c.label)}</th>')
            html = self._heads[key] = "<thead><tr>" + "".join(out) + "</tr></thead>"
        self._heads[id(columns)] = html
        self._alive.append(columns)
        return html

    def table(self, table: Table, prefix: str, *, table_id: str = "", css: str = "data",
              row_open: list[str] | None = None, values: dict[str, list[Any]] | None = None) -> Markup:
        """A whole :class:`Table`: caption (title and note), head and body, in a scrolling box; a
        table whose ``css`` has ``stack`` is stacked on a phone, each row a card of labelled cells
        (the labels: :meth:`stack_css`, in the page's head)."""
        note = f'<span class="note">{bilingual(table.note)}</span>' if table.note else ""
        ident = f' id="{esc(table_id)}"' if table_id else ""
        labelled = "stack" in css.split()
        if labelled:
            css = f"{css} {self._stack(table.columns)[0]}"
        return Markup(f'<div class="table-wrap"><table class="{css}"{ident}><caption><span class="title">'
                      f'{bilingual(table.title)}</span>{note}</caption>{self.head(table.columns)}<tbody>\n'
                      f'{self.body(table.columns, table.rows, prefix, row_open, values, labelled)}\n'
                      f'</tbody></table></div>')


def render_table(table: Table, decimals: int = 2, prefix: str = "", lang: str = "zh-Hans") -> Markup:
    """One :class:`Table` as HTML (caption, ``<thead>``, cells formatted per column kind).

    ``prefix`` is put in front of the links' hrefs (``"../"`` for a page in a sub-folder).
    """
    return Cells(decimals, ui_labels(lang)).table(table, prefix)
