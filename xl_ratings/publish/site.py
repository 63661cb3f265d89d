"""The static website: a :class:`~.site_model.Site` turned into HTML files.

    render_site(site, Path("public"))   # -> the files written

The renderer knows nothing of rating systems: every label, column and value
comes from the ``Site``; only the site's own furniture (navigation, search box,
"provisional" banner …) has its labels here (:data:`UI`), in simplified and
traditional Chinese with English alongside.

Pages: ``index.html`` (the rating list, with search, filters and sorting in a
little inline JavaScript; complete without it), ``players/<slug>.html``,
``events/<slug>.html``, ``events.html``, ``standards.html`` and, when there are
other lists, ``lists.html``; one stylesheet ``assets/site.css``.  Every link is
relative, nothing is loaded from elsewhere: the site works from ``file://``.

Safety: Jinja2 autoescaping is on for every template; the big tables and the
SVG chart are built in Python with :func:`markupsafe.escape` on every value.

Conventions on the ``Site`` (see also docs/site.md):
- ``Link.href`` is relative to the site's root (``players/p1.html``,
  ``events/e1.html``); pages in sub-folders get ``../`` put in front.  An href
  with a scheme (``https:``), an absolute path or a fragment is left as is.
- In ``Site.list_rows`` a plain string in the column keyed ``name`` is linked to
  ``players/<_slug>.html``; a :class:`Link` is shown as given.
- The search, club, sex and status filters use ``_search``, ``_club``, ``_sex``
  and ``_status``; filter labels come from the list column keyed ``club`` /
  ``sex`` / ``status`` when there is one.
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import math
import os
import re
import threading
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

import jinja2
from markupsafe import Markup, escape

from .folder import MARKER, publish_folder, reserved_on_windows
from .site_model import Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text

__all__ = ["MARKER", "KINDS", "UI", "format_value", "rating_chart_svg", "render_table", "render_site"]

#: The file that marks a folder as a site written by :func:`render_site`.

#: Column kinds (see :class:`~.site_model.Column`).
KINDS = frozenset({"text", "int", "rating", "change", "decimal2", "decimal3", "signed2", "date", "score"})

MINUS = "\u2212"   # typographic minus: −3.07

# --------------------------------------------------------------------------- numbers

_QUANT = {n: Decimal(1).scaleb(-n) for n in range(0, 10)}


def _fixed(value: Any, places: int) -> str:
    """``value`` rounded half away from zero to ``places`` decimals (like Excel's ROUND, 四舍五入).

    Rounds the shortest decimal form of a float (``1.005`` -> ``1.01``), writes
    negatives with a typographic minus and never shows ``−0``.
    """
    if type(value) is int:
        text = str(value) if places == 0 else f"{value}.{'0' * places}"
        return MINUS + text[1:] if value < 0 else text
    if isinstance(value, Decimal):
        d = value
    elif isinstance(value, int):                  # bool, numpy integers
        return _fixed(int(value), places)
    else:
        f = float(value)
        if not math.isfinite(f):
            return ""
        r = repr(f)
        dot = r.find(".")
        # only a tie in the shortest form (1.005, 2.5) rounds differently from format()
        if "e" in r or dot < 0 or len(r) - dot - 1 != places + 1 or r[-1] != "5":
            text = format(f, f".{places}f")
            if text[0] == "-":
                text = text[1:] if not text.strip("-0.") else MINUS + text[1:]
            return text
        d = Decimal(r)
    d = d.quantize(_QUANT[places], rounding=ROUND_HALF_UP)
    text = format(d, "f")
    if text[0] == "-":
        text = text[1:] if d == 0 else MINUS + text[1:]
    return text


def _signed(text: str) -> str:
    if not text or text[0] == MINUS or not text.strip("0."):
        return text
    return "+" + text


def _score(value: Any) -> str:
    f = float(value)
    if f == 0.5:
        return "½"
    if f.is_integer():
        return str(int(f))
    if (2 * f).is_integer() and f > 0:
        return f"{int(f)}½"
    return _fixed(f, 2)


def format_value(value: Any, kind: str = "text", decimals: int = 2) -> str:
    """The text shown for ``value`` in a column of ``kind`` (see :class:`~.site_model.Column`).

    ``decimals`` is ``Site.rating_decimals`` (used by ``rating`` and ``change``).
    None shows as ``""``; a :class:`Link` as its text; a string as is (already
    formatted); numbers are rounded half up.  Raises ``ValueError`` for an
    unknown kind.
    """
    if value is None:
        return ""
    if isinstance(value, Link):
        return value.text
    if isinstance(value, Text):
        return f"{value.zh} {value.en}".strip()
    if isinstance(value, str):
        return value
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.isoformat()
    if kind == "rating":
        return _fixed(value, decimals)
    if kind == "change":
        return _signed(_fixed(value, decimals))
    if kind == "signed2":
        return _signed(_fixed(value, 2))
    if kind == "decimal2":
        return _fixed(value, 2)
    if kind == "decimal3":
        return _fixed(value, 3)
    if kind == "int":
        return _fixed(value, 0)
    if kind == "score":
        return _score(value)
    if kind in ("text", "date"):
        return str(value)
    raise ValueError(f"unknown column kind {kind!r}; use one of {', '.join(sorted(KINDS))}")


# --------------------------------------------------------------------------- site furniture

#: Labels of the site's own furniture, by language: ``(Chinese, English)``.
UI: dict[str, dict[str, tuple[str, str]]] = {
    "zh-Hans": {
        "events": ("赛事", "Events"),
        "other_lists": ("其他名单", "Other lists"),
        "search": ("搜索", "Search"),
        "search_hint": ("姓名、拼音或编号", "name, pinyin or ID"),
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
        "provisional": ("暂定", "Provisional"),
        "period_ends": ("本周期截至 {date}，等级分可能还会变动", "The period ends on {date}; ratings may still change."),
        "none": ("无", "None"),
        "event": ("赛事", "Event"),
        "games": ("对局", "Games"),
        "id": ("编号", "ID"),
        "sort": ("点击列标题排序", "click a column header to sort"),
        "made": ("由 xl_ratings 生成", "made with xl_ratings"),
        "back": ("返回等级分表", "Back to the list"),
    },
    "zh-Hant": {
        "events": ("賽事", "Events"),
        "other_lists": ("其他名單", "Other lists"),
        "search": ("搜尋", "Search"),
        "search_hint": ("姓名、拼音或編號", "name, pinyin or ID"),
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
        "published": ("發佈日期", "Published"),
        "provisional": ("暫定", "Provisional"),
        "period_ends": ("本週期截至 {date}，等級分可能還會變動", "The period ends on {date}; ratings may still change."),
        "none": ("無", "None"),
        "event": ("賽事", "Event"),
        "games": ("對局", "Games"),
        "id": ("編號", "ID"),
        "sort": ("點擊欄目標題排序", "click a column header to sort"),
        "made": ("由 xl_ratings 生成", "made with xl_ratings"),
        "back": ("返回等級分表", "Back to the list"),
    },
}


def _ui(lang: str) -> dict[str, Text]:
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


def _href(href: str, prefix: str) -> str:
    """A link's href on a page whose folder is ``prefix`` (never a script URL)."""
    if href.strip().lower().replace("\t", "").replace("\n", "").startswith(_UNSAFE_SCHEMES):
        return "#"
    if not prefix or href.startswith(("#", "/")) or _SCHEME.match(href):
        return href
    return prefix + href


def _esc(text: str) -> str:
    """HTML-escape a str exactly as :func:`markupsafe.escape` does (faster for the hot paths)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))


class _Cells:
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

    def _build(self, v: Any, kind: str, numeric: bool, prefix: str) -> str:
        if v is None or v == "":
            return "<td></td>"
        cls = "n" if numeric else ""
        if isinstance(v, Link):
            inner = f'<a href="{_esc(_href(v.href, prefix))}">{_esc(v.text)}</a>'
        elif isinstance(v, Text):
            inner = str(bilingual(v))
        else:
            shown = format_value(v, kind, self.decimals)
            inner = _esc(shown)
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
             row_open: list[str] | None = None, values: dict[str, list[Any]] | None = None) -> str:
        """The rows of a table (without ``<tbody>``); ``row_open``: each row's own ``<tr …>``."""
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
        if row_open is None:
            return "<tr>" + "</tr>\n<tr>".join(map("".join, zip(*cols))) + "</tr>"
        return "</tr>\n".join(map("".join, zip(row_open, *cols))) + "</tr>"

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
        """A whole :class:`Table`: caption (title and note), head and body, in a scrolling box."""
        note = f'<span class="note">{bilingual(table.note)}</span>' if table.note else ""
        ident = f' id="{_esc(table_id)}"' if table_id else ""
        return Markup(f'<div class="table-wrap"><table class="{css}"{ident}><caption><span class="title">'
                      f'{bilingual(table.title)}</span>{note}</caption>{self.head(table.columns)}<tbody>\n'
                      f'{self.body(table.columns, table.rows, prefix, row_open, values)}\n</tbody></table></div>')


def render_table(table: Table, decimals: int = 2, prefix: str = "", lang: str = "zh-Hans") -> Markup:
    """One :class:`Table` as HTML (caption, ``<thead>``, cells formatted per column kind).

    ``prefix`` is put in front of the links' hrefs (``"../"`` for a page in a sub-folder).
    """
    return _Cells(decimals, _ui(lang)).table(table, prefix)


# --------------------------------------------------------------------------- the chart

#: the rating-history chart on a player page: wide, and narrow for phones
_CHART_SIZES = ((960, 320, "chart"), (420, 300, "chart-narrow"))


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(ticks - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


class _Charts:
    """Rating-history charts for one rendering; the parts that many players share are built once."""

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals
        self._frames: dict[tuple, tuple] = {}
        self._values: dict[float, str] = {}

    def value(self, v: float) -> str:
        s = self._values.get(v)
        if s is None:
            s = self._values[v] = _esc(_fixed(v, self.decimals))
        return s

    def _frame(self, history: list[HistoryPoint], y0: float, y1: float, step: float, places: int,
               label: Text | None, width: int, height: int) -> tuple:
        """Grid, y labels, x axis and x labels; x positions and the points' tooltip prefixes."""
        key = (tuple((p.period, p.end) for p in history), y0, y1, step, label, width, height)
        frame = self._frames.get(key)
        if frame is not None:
            return frame
        n = len(history)
        widest = max(len(_fixed(y0, places)), len(_fixed(y1, places)))
        left, right, top, bottom = int(18 + 7.6 * widest), 30, 44, 56
        pw, ph = width - left - right, height - top - bottom
        xs = [left + (pw * i / (n - 1) if n > 1 else pw / 2) for i in range(n)]
        out = ['<g class="grid">']
        k = 0
        v = y0
        while v <= y1 + step / 1e6 and k < 50:
            yy = top + ph * (1 - (v - y0) / (y1 - y0))
            out.append(f'<line x1="{left}" x2="{width - right}" y1="{yy:.1f}" y2="{yy:.1f}"/>'
                       f'<text class="yl" x="{left - 10}" y="{yy + 4:.1f}" text-anchor="end">'
                       f'{escape(_fixed(v, places))}</text>')
            k += 1
            v = y0 + k * step
        out.append("</g>")
        if label is not None:
            out.append(f'<text class="axis" x="{left - 10}" y="{top - 16}" text-anchor="end">{escape(label.zh)}</text>'
                       f'<text class="axis" lang="en" x="{left - 4}" y="{top - 16}">{escape(label.en)}</text>')
        # x labels, thinned to fit
        longest = max(len(p.period) for p in history)
        room = max(1, int(pw / max(longest * 7.2 + 14, 1)) + 1)
        every = max(1, math.ceil(n / room))
        shown = [i for i in range(n) if i % every == 0 or i == n - 1]
        if len(shown) > 1 and shown[-1] - shown[-2] < every:
            shown.pop(-2)
        out.append(f'<g class="xaxis"><line x1="{left}" x2="{width - right}" y1="{top + ph}" y2="{top + ph}"/>')
        for j, i in enumerate(shown):
            minor = " minor" if j % 2 == 1 and j != len(shown) - 1 else ""
            anchor = "start" if n > 1 and i == 0 and xs[i] - left < longest * 3.6 else "middle"
            out.append(f'<line class="tick" x1="{xs[i]:.1f}" x2="{xs[i]:.1f}" y1="{top + ph}" y2="{top + ph + 5}"/>'
                       f'<text class="xl{minor}" x="{xs[i]:.1f}" y="{top + ph + 22}" text-anchor="{anchor}">'
                       f"{escape(history[i].period)}</text>")
        out.append("</g>")
        tips = [f"{escape(p.period)} ({escape(p.end.isoformat())})" for p in history]
        frame = ("\n".join(out), [f"{x:.1f}" for x in xs], tips, top, ph, top + ph)
        if len(self._frames) < 20_000:
            self._frames[key] = frame
        return frame

    def svg(self, history: list[HistoryPoint], *, label: Text | None = None, title: str = "",
            sizes: tuple[tuple[int, int, str], ...] = ((960, 320, "chart"),)) -> Markup:
        """The chart drawn at each of ``sizes`` (width, height, id), one ``<svg>`` after the other."""
        pts = [(i, float(p.rating)) for i, p in enumerate(history)
               if p.rating is not None and math.isfinite(p.rating)]
        if not pts:
            return Markup("")
        n = len(history)
        lo = min(v for _, v in pts)
        hi = max(v for _, v in pts)
        span = hi - lo
        if span == 0:
            span = max(abs(hi) * 0.02, 10.0 ** -self.decimals * 10, 1.0)
            lo, hi = lo - span / 2, hi + span / 2
        step = _nice_step(span)
        y0 = math.floor(lo / step) * step
        y1 = math.ceil(hi / step) * step
        if y1 - y0 < step:
            y1 = y0 + step
        places = 0 if float(step).is_integer() else max(0, -math.floor(math.log10(step)) + 1)
        # runs of consecutive rated periods; a dashed bridge over the periods without a rating
        runs: list[list[int]] = []
        prev = -2
        for i, _ in pts:
            if i == prev + 1:
                runs[-1].append(i)
            else:
                runs.append([i])
            prev = i
        shown = [self.value(v) for _, v in pts]
        name = f'{_esc(plain(label))}{" · " if title else ""}{_esc(title)}'
        last = pts[-1][0]
        anchor = "end" if n > 1 and last == n - 1 else "middle"
        out = []
        for width, height, ident in sizes:
            frame, xs, tips, top, ph, base_y = self._frame(history, y0, y1, step, places, label, width, height)
            scale = ph / (y1 - y0)
            ys = {i: f"{top + (y1 - v) * scale:.1f}" for i, v in pts}
            ident = _esc(ident)
            classes = "chart" if ident == "chart" else f"chart {ident}"
            out.append(f'<svg class="{classes}" id="{ident}" viewBox="0 0 {width} {height}" width="100%" '
                       f'role="img" aria-labelledby="{ident}-title" preserveAspectRatio="xMidYMid meet">'
                       f'<title id="{ident}-title">{name}</title>')
            out.append(frame)
            for a, b in zip(runs, runs[1:]):
                out.append(f'<path class="gap" d="M {xs[a[-1]]} {ys[a[-1]]} L {xs[b[0]]} {ys[b[0]]}"/>')
            for run in runs:
                if len(run) > 1:
                    coords = " L ".join([f"{xs[i]} {ys[i]}" for i in run])
                    out.append(f'<path class="area" d="M {xs[run[0]]} {base_y} L {coords} L {xs[run[-1]]} {base_y} Z"/>'
                               f'<path class="line" d="M {coords}"/>')
            out.append("".join([f'<circle class="pt" cx="{xs[i]}" cy="{ys[i]}" r="4.5"><title>{tips[i]}: {v}</title>'
                                "</circle>" for (i, _), v in zip(pts[:-1], shown)]))
            out.append(f'<circle class="pt last" cx="{xs[last]}" cy="{ys[last]}" r="6"><title>{tips[last]}: '
                       f'{shown[-1]}</title></circle><text class="val" x="{xs[last]}" '
                       f'y="{float(ys[last]) - 14:.1f}" text-anchor="{anchor}">{shown[-1]}</text></svg>')
        return Markup("\n".join(out))


def rating_chart_svg(history: list[HistoryPoint], decimals: int = 2, *,
                     label: Text | None = None, title: str = "",
                     width: int = 960, height: int = 320, ident: str = "chart") -> Markup:
    """The rating-history chart as inline SVG: x = the periods, y = the rating.

    One ``<circle class="pt">`` (with a ``<title>`` tooltip) per rated period;
    one ``<path class="line">`` per run of consecutive rated periods (a None
    breaks the line; a dashed ``<path class="gap">`` bridges it); y ticks at
    round numbers; a flat history gets a band around its value.  Empty markup
    when no period has a rating.  ``ident`` names the ``<svg>`` (its id and
    class) when a page holds more than one.
    """
    return _Charts(decimals).svg(history, label=label, title=title, sizes=((width, height, ident),))


# --------------------------------------------------------------------------- pages

_SLUG = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._\-]*$")

_ENV: jinja2.Environment | None = None


def _env() -> jinja2.Environment:
    global _ENV
    if _ENV is None:
        here = Path(__file__).with_name("templates")
        _ENV = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(here)),
            autoescape=jinja2.select_autoescape(["html", "htm", "svg", "xml"], default_for_string=True,
                                                default=True),
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            undefined=jinja2.StrictUndefined,
        )
        _ENV.globals.update(t=bilingual, plain=plain)
        _ENV.filters.update(t=bilingual, plain=plain)
    return _ENV


def _stylesheet() -> str:
    return Path(__file__).with_name("templates").joinpath("site.css").read_text(encoding="utf-8")


def _check_slugs(kind: str, pages: list[Any]) -> None:
    from ..errors import RatingInputError
    from ..i18n.catalogue import publish as M

    seen: set[str] = set()
    for p in pages:
        if not isinstance(p.slug, str) or not _SLUG.match(p.slug) or len(p.slug) > 150 or \
                reserved_on_windows(p.slug):
            raise RatingInputError(M.SLUG_UNSAFE(kind=kind, id=repr(p.id), slug=repr(p.slug)))
        low = p.slug.lower()        # case-insensitive file systems (Windows, macOS)
        if low in seen:
            raise RatingInputError(M.SLUG_TWICE(kind=kind, id=repr(p.id), slug=repr(p.slug)))
        seen.add(low)


def _status_options(site: Site) -> list[tuple[str, Text]]:
    labels: dict[str, Text] = {}
    for p in site.players:
        labels.setdefault(p.status, p.status_label)
    present = []
    for r in site.list_rows:
        s = r.get("_status")
        if s and s not in present:
            present.append(s)
    order = {"active": 0, "inactive": 1, "pending": 2}
    present.sort(key=lambda s: (order.get(s, 9), s))
    return [(s, labels.get(s, Text(s, ""))) for s in present]


def _column_label(site: Site, key: str, fallback: Text) -> Text:
    for c in site.list_columns:
        if c.key == key:
            return c.label
    return fallback


def _plain_cell(v: Any) -> str:
    if isinstance(v, (Link, Text)):
        return format_value(v)
    return "" if v is None else str(v)


def _list_table(site: Site, cells: _Cells) -> Markup:
    """The rating list: names linked to the player pages, each row tagged for search and filters."""
    rows = site.list_rows
    names = []
    for r in rows:
        v, slug = r.get("name"), r.get("_slug")
        names.append(Link(v, f"players/{slug}.html") if isinstance(v, str) and slug else v)
    row_open = [
        f'<tr data-search="{_esc(" ".join(_plain_cell(r.get(k)) for k in ("name", "_search")).lower())}"'
        f' data-club="{_esc(str(r.get("_club") or ""))}" data-sex="{_esc(str(r.get("_sex") or ""))}"'
        f' data-status="{_esc(str(r.get("_status") or ""))}">'
        for r in rows]
    return cells.table(Table(site.title, site.list_columns, rows), "", table_id="ratings", css="data list",
                       row_open=row_open, values={"name": names})


#: list columns left out on a phone's screen (all filterable or searchable: the table stays scrollable)
_PHONE_HIDDEN = frozenset({"id", "club", "sex", "status"})


def _events_table(site: Site, ui: dict[str, Text]) -> Table:
    cols = [Column("name", ui["event"]), Column("dates", ui["dates"]), Column("period", ui["period"]),
            Column("games", ui["games"], "int", True)]
    evs = sorted(site.events, key=lambda e: (e.end, e.start or e.end, e.name), reverse=True)
    rows = [{"name": Link(e.name, f"events/{e.slug}.html"), "dates": _dates(e.start, e.end),
             "period": e.period, "games": len(e.games.rows)} for e in evs]
    return Table(ui["events"], cols, rows)


def _dates(start: dt.date | None, end: dt.date) -> str:
    if start is None or start == end:
        return end.isoformat()
    return f"{start.isoformat()} – {end.isoformat()}"


def _write(path: Path, text: str) -> None:
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-8"))


def _rows_count(site: Site) -> int:
    n = 0
    for p in site.players:
        n += len(p.games.rows) + len(p.changes.rows) + len(p.periods.rows)
    for e in site.events:
        n += len(e.games.rows) + len(e.changes.rows)
    return n


def _workers(site: Site, workers: int | None) -> int:
    """How many processes write the player and event pages.

    ``None`` (automatic): one per CPU (at most 4) for a big site (≥ 40,000 table
    rows) where ``os.fork`` exists and this process runs a single thread (a fork
    copies only the calling thread); otherwise 1.  ``XL_RATINGS_SITE_WORKERS``
    overrides the automatic choice.
    """
    if workers is None:
        env = os.environ.get("XL_RATINGS_SITE_WORKERS", "").strip()
        if env.isdigit():
            workers = int(env)
        elif _rows_count(site) >= 40_000:
            try:
                cpus = len(os.sched_getaffinity(0))
            except (AttributeError, OSError):
                cpus = os.cpu_count() or 1
            workers = min(cpus, 4)
        else:
            workers = 1
    if workers > 1 and (not hasattr(os, "fork") or threading.active_count() > 1):
        workers = 1
    return max(1, workers)


def _run_jobs(jobs: list[tuple[Callable[[Any], None], Any]], workers: int) -> None:
    """Run ``fn(arg)`` for every job; with ``workers`` > 1 in forked processes (jobs dealt in turn).

    A worker that fails sends its error back; the first error is raised here
    (as ``RuntimeError``, with the worker's message) once every worker is done.
    """
    if workers <= 1 or len(jobs) < 2 * workers:
        for fn, arg in jobs:
            fn(arg)
        return
    children: list[tuple[int, int]] = []
    # keep the shared objects' pages shared (no copy on the collector's write); no gc.collect() first:
    # a full collection of a big site's objects costs a second or more and frees next to nothing
    gc.freeze()
    try:
        for w in range(1, workers):
            r, wfd = os.pipe()
            pid = os.fork()
            if pid == 0:              # the worker
                os.close(r)
                code = 0
                try:
                    for fn, arg in jobs[w::workers]:
                        fn(arg)
                except BaseException as exc:     # report it to the parent, whatever it is
                    code = 1
                    try:
                        os.write(wfd, f"{type(exc).__name__}: {exc}".encode("utf-8", "replace")[:4000])
                    except BaseException:
                        pass
                finally:
                    os._exit(code)
            os.close(wfd)
            children.append((pid, r))
        error: BaseException | None = None
        try:
            for fn, arg in jobs[0::workers]:
                fn(arg)
        except BaseException as exc:
            error = exc
        messages = []
        for pid, r in children:
            with os.fdopen(r, "rb") as fh:
                msg = fh.read().decode("utf-8", "replace")
            _, status = os.waitpid(pid, 0)
            if status != 0:
                messages.append(msg or f"worker {pid} ended with status {status}")
        if error is not None:
            raise error
        if messages:
            raise RuntimeError("writing the website failed: " + "; ".join(messages))
    finally:
        gc.unfreeze()


def _build(site: Site, root: Path, workers: int | None = None) -> list[str]:
    env = _env()
    ui = {**_ui(site.lang), **site.terms}
    cells = _Cells(site.rating_decimals, ui)
    charts = _Charts(site.rating_decimals)
    written: list[str] = []
    common = dict(site=site, ui=ui, has_others=bool(site.others))
    header_t, footer_t = env.get_template("header.html"), env.get_template("footer.html")
    footer = Markup(footer_t.render(common))
    chrome: dict[tuple[str, str], dict[str, Any]] = {}

    def frame(prefix: str, page: str) -> dict[str, Any]:
        """What every page of a kind shares: the header (navigation, banner) and the footer, built once."""
        got = chrome.get((prefix, page))
        if got is None:
            got = chrome[(prefix, page)] = dict(
                common, root_prefix=prefix, page=page, footer=footer,
                header=Markup(header_t.render(common, root_prefix=prefix, page=page)))
        return got

    for sub in ("assets", "players", "events"):
        (root / sub).mkdir()

    def put(rel: str, text: str) -> None:
        _write(root / rel, text)
        written.append(rel)

    put("assets/site.css", _stylesheet())

    # the rating list
    sexes = sorted({str(r["_sex"]) for r in site.list_rows if r.get("_sex")})
    put("index.html", env.get_template("index.html").render(
        frame("", "index"),
        table=_list_table(site, cells),
        clubs=sorted({str(r["_club"]) for r in site.list_rows if r.get("_club")}),
        sexes=[(s, ui["male"] if s == "M" else ui["female"] if s == "F" else Text(s, "")) for s in sexes],
        statuses=_status_options(site),
        club_label=_column_label(site, "club", ui["club"]),
        sex_label=_column_label(site, "sex", ui["sex"]),
        status_label=_column_label(site, "status", ui["status"]),
        total=len(site.list_rows),
        phone_hidden=[i + 1 for i, c in enumerate(site.list_columns) if c.key in _PHONE_HIDDEN],
    ))

    tables_t = env.get_template("tables.html")
    put("standards.html", tables_t.render(frame("", "standards"), heading=site.standards.title,
                                          tables=[cells.table(site.standards, "")]))
    if site.others:
        put("lists.html", tables_t.render(frame("", "lists"), heading=ui["other_lists"],
                                          tables=[cells.table(t, "") for t in site.others]))
    put("events.html", tables_t.render(frame("", "events"), heading=ui["events"],
                                       tables=[cells.table(_events_table(site, ui), "")]))

    # the labels of the player and event pages, as HTML, once
    L = {k: bilingual(v) for k, v in ui.items()}
    L.update({k: bilingual(_column_label(site, k, ui[k])) for k in ("rating", "standard", "status", "place")})
    L["title"] = bilingual(site.title)
    rating_label = _column_label(site, "rating", ui["rating"])
    player_t = env.get_template("player.html")
    player_frame = dict(frame("../", "player"), L=L)
    sex_label = {"M": L["male"], "F": L["female"]}
    event_t = env.get_template("event.html")
    event_frame = dict(frame("../", "event"), L=L)

    players_dir, events_dir = root / "players", root / "events"     # one Path join per page, not two

    def player_page(p: PlayerPage) -> None:
        # a wide chart, and a narrow one drawn for phones (the stylesheet shows one of them)
        chart = charts.svg(p.history, label=rating_label, title=p.name, sizes=_CHART_SIZES)
        _write(players_dir / f"{p.slug}.html", player_t.render(
            player_frame, p=p,
            rating=format_value(p.rating, "rating", site.rating_decimals),
            place=format_value(p.place, "int"),
            sex=sex_label.get(p.sex or ""),
            chart=chart,
            tables=[cells.table(t, "../") for t in (p.periods, p.changes, p.games)]))

    def event_page(e: EventPage) -> None:
        tables = [cells.table(e.crosstable, "../", css="data cross")] if e.crosstable else []
        tables += [cells.table(t, "../") for t in (e.games, e.changes)]
        _write(events_dir / f"{e.slug}.html",
               event_t.render(event_frame, e=e, dates=_dates(e.start, e.end), tables=tables))

    jobs: list[tuple[Callable[[Any], None], Any]] = (
        [(player_page, p) for p in site.players] + [(event_page, e) for e in site.events])
    _run_jobs(jobs, _workers(site, workers))
    written += [f"players/{p.slug}.html" for p in site.players]
    written += [f"events/{e.slug}.html" for e in site.events]

    written.append(MARKER)
    # the marker lists every file of the site: publishing again replaces them, and refuses to
    # remove a file someone else put into the folder
    _write(root / MARKER, "This folder is a website written by xl_ratings (xl-ratings publish --site).\n"
                          "Publishing again replaces the files listed below (and refuses when the folder "
                          "holds others).\n\n" + "\n".join(written) + "\n")
    return written


def render_site(site: Site, out_dir: Path, *, workers: int | None = None) -> list[Path]:
    """Write the website of ``site`` into ``out_dir``; return the files written (sorted).

    The site is built in a staging folder beside ``out_dir`` and swapped in when
    complete (:mod:`.folder`): a failure leaves ``out_dir`` as it was; the
    folder keeps its mode and every entry xl_ratings did not write; a previous
    site (marked by a ``.xl-ratings-site`` file) is replaced whole.  Raises
    :class:`~xl_ratings.errors.RatingInputError` (a ``ValueError``) when
    ``out_dir`` is a file, a link, or a folder of other things that is not one
    of ours, or when a page slug is not a safe file name.

    ``workers``: processes writing the player and event pages (None: automatic,
    see :func:`_workers`; 1: this process only).
    """
    out_dir = Path(out_dir).absolute()
    _check_slugs("player", site.players)
    _check_slugs("event", site.events)

    def build(root: Path) -> list[str]:
        # no cyclic garbage collection while writing: the pages make millions of short-lived acyclic
        # objects (reference counting frees them), and each full collection would walk the whole
        # site (a big one: a second or more, several times over); see also _run_jobs
        collecting = gc.isenabled()
        gc.disable()
        try:
            return _build(site, root, workers)
        finally:
            if collecting:
                gc.enable()

    rels = publish_folder(out_dir, build)
    return sorted(out_dir / r for r in rels)
