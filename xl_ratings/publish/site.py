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
import math
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from .site_model import Column, EventPage, HistoryPoint, Link, PlayerPage, Site, Table, Text

__all__ = ["MARKER", "KINDS", "UI", "format_value", "rating_chart_svg", "render_table", "render_site"]

#: The file that marks a folder as a site written by :func:`render_site`.
MARKER = ".xl-ratings-site"

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
    if isinstance(value, Decimal):
        d = value
    elif isinstance(value, int):                  # also bool
        d = Decimal(int(value))
    else:
        f = float(value)
        if not math.isfinite(f):
            return ""
        d = Decimal(repr(f))
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


def bilingual(text: Text | None) -> Markup:
    """``中文 <span lang="en">English</span>`` (escaped); either part may be empty."""
    if text is None:
        return Markup("")
    zh, en = escape(text.zh or ""), escape(text.en or "")
    if zh and en:
        return Markup('%s <span lang="en">%s</span>') % (zh, en)
    if en:
        return Markup('<span lang="en">%s</span>') % en
    return Markup(zh)


def plain(text: Text | None) -> str:
    """Both languages as plain text (for ``<title>`` and attributes)."""
    if text is None:
        return ""
    return " ".join(p for p in (text.zh, text.en) if p)


# --------------------------------------------------------------------------- tables

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def _href(href: str, prefix: str) -> str:
    if not prefix or href.startswith(("#", "/")) or _SCHEME.match(href):
        return href
    return prefix + href


class _Cells:
    """Cell HTML makers for one rendering, with caches (a value's cell is built once)."""

    _LIMIT = 300_000

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals
        self._makers: dict[tuple[str, bool, str], Callable[[Any], str]] = {}

    def maker(self, column: Column, prefix: str) -> Callable[[Any], str]:
        key = (column.kind, bool(column.numeric), prefix)
        fn = self._makers.get(key)
        if fn is None:
            if column.kind not in KINDS:
                raise ValueError(f"column {column.key!r}: unknown kind {column.kind!r}; "
                                 f"use one of {', '.join(sorted(KINDS))}")
            fn = self._makers[key] = self._make(column.kind, bool(column.numeric), prefix)
        return fn

    def _make(self, kind: str, numeric: bool, prefix: str) -> Callable[[Any], str]:
        decimals = self.decimals
        base = "n" if numeric else ""
        signed = kind in ("change", "signed2")
        cache: dict[Any, str] = {}
        limit = self._LIMIT
        text_kind = kind == "text"
        cacheable = (str, Link, Text)

        def build(v: Any) -> str:
            if v is None or v == "":
                return "<td></td>"
            cls = base
            if isinstance(v, Link):
                inner = '<a href="%s">%s</a>' % (escape(_href(v.href, prefix)), escape(v.text))
            elif isinstance(v, Text):
                inner = str(bilingual(v))
            else:
                shown = format_value(v, kind, decimals)
                inner = str(escape(shown))
                if signed and not isinstance(v, str) and shown:
                    if shown[0] == "+":
                        cls = f"{base} pos".strip()
                    elif shown[0] == MINUS:
                        cls = f"{base} neg".strip()
            return f'<td class="{cls}">{inner}</td>' if cls else f"<td>{inner}</td>"

        def cell(v: Any) -> str:
            try:
                return cache[v]
            except KeyError:
                pass
            except TypeError:                       # unhashable
                return build(v)
            html = build(v)
            # 1 == 1.0 == True: only numeric kinds may share their cells
            if len(cache) < limit and (not text_kind or type(v) in cacheable):
                cache[v] = html
            return html

        return cell


def _head(columns: list[Column]) -> str:
    out = []
    for c in columns:
        cls = ' class="n"' if c.numeric else ""
        out.append(f'<th scope="col"{cls} data-key="{escape(c.key)}">{bilingual(c.label)}</th>')
    return "<thead><tr>" + "".join(out) + "</tr></thead>"


def _caption(table: Table) -> str:
    note = f'<span class="note">{bilingual(table.note)}</span>' if table.note else ""
    return f'<caption><span class="title">{bilingual(table.title)}</span>{note}</caption>'


def _rows(table: Table, cells: _Cells, prefix: str) -> Iterable[str]:
    makers = [(c.key, cells.maker(c, prefix)) for c in table.columns]
    for row in table.rows:
        get = row.get
        yield "<tr>" + "".join([fn(get(k)) for k, fn in makers]) + "</tr>"


def _empty_row(n: int, ui: dict[str, Text]) -> str:
    return f'<tr><td class="empty" colspan="{max(n, 1)}">{bilingual(ui["none"])}</td></tr>'


def _table_html(table: Table, cells: _Cells, prefix: str, ui: dict[str, Text], *,
                table_id: str = "", rows: Iterable[str] | None = None, css: str = "data") -> Markup:
    if rows is None:
        rows = _rows(table, cells, prefix)
    body = "\n".join(rows) or _empty_row(len(table.columns), ui)
    ident = f' id="{escape(table_id)}"' if table_id else ""
    return Markup(f'<div class="table-wrap"><table class="{css}"{ident}>{_caption(table)}'
                  f"{_head(table.columns)}<tbody>\n{body}\n</tbody></table></div>")


def render_table(table: Table, decimals: int = 2, prefix: str = "", lang: str = "zh-Hans") -> Markup:
    """One :class:`Table` as HTML (caption, ``<thead>``, cells formatted per column kind).

    ``prefix`` is put in front of the links' hrefs (``"../"`` for a page in a sub-folder).
    """
    return _table_html(table, _Cells(decimals), prefix, _ui(lang))


# --------------------------------------------------------------------------- the chart

def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(ticks - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def rating_chart_svg(history: list[HistoryPoint], decimals: int = 2, *,
                     label: Text | None = None, title: str = "",
                     width: int = 960, height: int = 320, ident: str = "chart") -> Markup:
    """The rating-history chart as inline SVG: x = the periods, y = the rating.

    One ``<circle class="pt">`` (with a ``<title>`` tooltip) per rated period;
    one ``<path class="line">`` per run of consecutive rated periods (a None
    breaks the line); y ticks at round numbers; a flat history gets a band
    around its value.  Empty markup when no period has a rating.  ``ident``
    names the ``<svg>`` (its id and class) when a page holds more than one.
    """
    pts = [(i, p) for i, p in enumerate(history) if p.rating is not None and math.isfinite(p.rating)]
    if not pts:
        return Markup("")
    n = len(history)
    values = [float(p.rating) for _, p in pts]
    lo, hi = min(values), max(values)
    span = hi - lo
    if span == 0:
        span = max(abs(hi) * 0.02, 10.0 ** -decimals * 10, 1.0)
        lo, hi = lo - span / 2, hi + span / 2
    step = _nice_step(span)
    y0 = math.floor(lo / step) * step
    y1 = math.ceil(hi / step) * step
    if y1 - y0 < step:
        y1 = y0 + step
    tick_places = 0 if float(step).is_integer() else max(0, -math.floor(math.log10(step)) + 1)
    widest = max(len(_fixed(y0, tick_places)), len(_fixed(y1, tick_places)))
    left, right, top, bottom = int(18 + 7.6 * widest), 30, 44, 56
    pw, ph = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (pw * i / (n - 1) if n > 1 else pw / 2)

    def y(v: float) -> float:
        return top + ph * (1 - (v - y0) / (y1 - y0))

    out: list[str] = []
    name = escape(title)
    ident = escape(ident)
    classes = "chart" if ident == "chart" else f"chart {ident}"
    out.append(f'<svg class="{classes}" id="{ident}" '
               f'viewBox="0 0 {width} {height}" width="100%" role="img" aria-labelledby="{ident}-title" '
               f'preserveAspectRatio="xMidYMid meet">')
    out.append(f'<title id="{ident}-title">{escape(plain(label))}{" · " if title else ""}{name}</title>')
    # grid and y labels
    out.append('<g class="grid">')
    v = y0
    k = 0
    while v <= y1 + step / 1e6 and k < 50:
        yy = y(v)
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{yy:.1f}" y2="{yy:.1f}"/>')
        out.append(f'<text class="yl" x="{left - 10}" y="{yy + 4:.1f}" text-anchor="end">'
                   f'{escape(_fixed(v, tick_places))}</text>')
        v = y0 + (k + 1) * step
        k += 1
    out.append("</g>")
    if label is not None:
        out.append(f'<text class="axis" x="{left - 10}" y="{top - 16}" text-anchor="end">'
                   f'{escape(label.zh)}</text>')
        out.append(f'<text class="axis" lang="en" x="{left - 4}" y="{top - 16}">{escape(label.en)}</text>')
    # x labels, thinned to fit
    longest = max(len(p.period) for p in history)
    room = max(1, int(pw / max(longest * 7.2 + 14, 1)) + 1)
    every = max(1, math.ceil(n / room))
    out.append('<g class="xaxis">')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{top + ph}" y2="{top + ph}"/>')
    shown = [i for i in range(n) if i % every == 0 or i == n - 1]
    if len(shown) > 1 and shown[-1] - shown[-2] < every:
        shown.pop(-2)
    for j, i in enumerate(shown):
        minor = " minor" if j % 2 == 1 and j != len(shown) - 1 else ""
        out.append(f'<line class="tick" x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{top + ph}" y2="{top + ph + 5}"/>')
        anchor = "middle"
        if n > 1 and i == 0 and x(i) - left < longest * 3.6:
            anchor = "start"
        out.append(f'<text class="xl{minor}" x="{x(i):.1f}" y="{top + ph + 22}" text-anchor="{anchor}">'
                   f"{escape(history[i].period)}</text>")
    out.append("</g>")
    # runs of consecutive rated periods
    runs: list[list[tuple[int, HistoryPoint]]] = []
    prev = None
    for i, p in pts:
        if prev is not None and i == prev + 1:
            runs[-1].append((i, p))
        else:
            runs.append([(i, p)])
        prev = i
    base_y = top + ph
    for a, b in zip(runs, runs[1:]):      # not rated in between: a dashed bridge
        (i, p), (j, q) = a[-1], b[0]
        out.append(f'<path class="gap" d="M {x(i):.1f} {y(float(p.rating)):.1f} '
                   f'L {x(j):.1f} {y(float(q.rating)):.1f}"/>')
    for run in runs:
        if len(run) < 2:
            continue
        coords = " L ".join(f"{x(i):.1f} {y(float(p.rating)):.1f}" for i, p in run)
        first, last = x(run[0][0]), x(run[-1][0])
        out.append(f'<path class="area" d="M {first:.1f} {base_y} L {coords} L {last:.1f} {base_y} Z"/>')
        out.append(f'<path class="line" d="M {coords}"/>')
    for j, (i, p) in enumerate(pts):
        shown_value = escape(_fixed(p.rating, decimals))
        last = j == len(pts) - 1
        cls = "pt last" if last else "pt"
        out.append(f'<circle class="{cls}" cx="{x(i):.1f}" cy="{y(float(p.rating)):.1f}" r="{6 if last else 4.5}">'
                   f"<title>{escape(p.period)} ({escape(p.end.isoformat())}): {shown_value}</title></circle>")
        if last:
            out.append(f'<text class="val" x="{x(i):.1f}" y="{y(float(p.rating)) - 14:.1f}" '
                       f'text-anchor="{"end" if n > 1 and i == n - 1 else "middle"}">{shown_value}</text>')
    out.append("</svg>")
    return Markup("\n".join(out))


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
    return _ENV


def _stylesheet() -> str:
    return Path(__file__).with_name("templates").joinpath("site.css").read_text(encoding="utf-8")


def _check_slugs(kind: str, pages: list[Any]) -> None:
    seen: set[str] = set()
    for p in pages:
        if not isinstance(p.slug, str) or not _SLUG.match(p.slug) or len(p.slug) > 150:
            raise ValueError(f"{kind} {p.id!r}: slug {p.slug!r} is not a safe file name "
                             "(letters, digits, '.', '_' and '-'; not starting with '.')")
        low = p.slug.lower()        # case-insensitive file systems (Windows, macOS)
        if low in seen:
            raise ValueError(f"{kind} {p.id!r}: slug {p.slug!r} is used twice")
        seen.add(low)


def _check_target(out_dir: Path) -> None:
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise ValueError(f"cannot write the site to {out_dir}: it exists and is not a folder")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).is_file():
        raise ValueError(f"refusing to write the site into {out_dir}: the folder is not empty and holds no "
                         f"previous xl_ratings site (no {MARKER} file); choose a new or empty folder")


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


def _list_rows(site: Site, cells: _Cells) -> Iterable[str]:
    makers = [(c.key, cells.maker(c, "")) for c in site.list_columns]
    for row in site.list_rows:
        slug = row.get("_slug")
        parts = []
        for key, fn in makers:
            v = row.get(key)
            if key == "name" and isinstance(v, str) and slug:
                v = Link(v, f"players/{slug}.html")
            parts.append(fn(v))
        search = " ".join(str(row.get(k) or "") for k in ("name", "_search"))
        attrs = (f' data-search="{escape(search.lower())}" data-club="{escape(row.get("_club") or "")}"'
                 f' data-sex="{escape(row.get("_sex") or "")}" data-status="{escape(row.get("_status") or "")}"')
        yield f"<tr{attrs}>" + "".join(parts) + "</tr>"


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
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def _build(site: Site, root: Path) -> list[str]:
    env = _env()
    ui = _ui(site.lang)
    cells = _Cells(site.rating_decimals)
    written: list[str] = []
    common = dict(site=site, ui=ui, has_others=bool(site.others))

    (root / "assets").mkdir()
    (root / "players").mkdir()
    (root / "events").mkdir()

    def put(rel: str, text: str) -> None:
        _write(root / rel, text)
        written.append(rel)

    put("assets/site.css", _stylesheet())

    # the rating list
    sexes = sorted({r.get("_sex") for r in site.list_rows if r.get("_sex")})
    put("index.html", env.get_template("index.html").render(
        common, root_prefix="", page="index",
        table=_table_html(Table(site.title, site.list_columns, site.list_rows), cells, "", ui,
                          table_id="ratings", rows=_list_rows(site, cells), css="data list"),
        clubs=sorted({r.get("_club") for r in site.list_rows if r.get("_club")}),
        sexes=[(s, ui["male"] if s == "M" else ui["female"] if s == "F" else Text(s, "")) for s in sexes],
        statuses=_status_options(site),
        club_label=_column_label(site, "club", ui["club"]),
        sex_label=_column_label(site, "sex", ui["sex"]),
        status_label=_column_label(site, "status", ui["status"]),
        total=len(site.list_rows),
        phone_hidden=[i + 1 for i, c in enumerate(site.list_columns) if c.key in _PHONE_HIDDEN],
    ))

    put("standards.html", env.get_template("tables.html").render(
        common, root_prefix="", page="standards", heading=site.standards.title,
        tables=[_table_html(site.standards, cells, "", ui)]))
    if site.others:
        put("lists.html", env.get_template("tables.html").render(
            common, root_prefix="", page="lists", heading=ui["other_lists"],
            tables=[_table_html(t, cells, "", ui) for t in site.others]))
    put("events.html", env.get_template("tables.html").render(
        common, root_prefix="", page="events", heading=ui["events"],
        tables=[_table_html(_events_table(site, ui), cells, "", ui)]))

    labels = {k: _column_label(site, k, ui[k]) for k in ("rating", "standard", "status", "place")}
    player_t = env.get_template("player.html")
    for p in site.players:
        chart = rating_chart_svg(p.history, site.rating_decimals, label=labels["rating"], title=p.name)
        if chart:   # a narrow one for phones: the same chart, drawn for a small screen (CSS shows one)
            chart += rating_chart_svg(p.history, site.rating_decimals, label=labels["rating"], title=p.name,
                                      width=420, height=300, ident="chart-narrow")
        put(f"players/{p.slug}.html", player_t.render(
            common, root_prefix="../", page="player", p=p, labels=labels,
            rating=format_value(p.rating, "rating", site.rating_decimals),
            place=format_value(p.place, "int"),
            sex=ui["male"] if p.sex == "M" else ui["female"] if p.sex == "F" else None,
            chart=chart,
            tables=[_table_html(t, cells, "../", ui) for t in (p.periods, p.changes, p.games)]))

    event_t = env.get_template("event.html")
    for e in site.events:
        tables = [_table_html(e.crosstable, cells, "../", ui, css="data cross")] if e.crosstable else []
        tables += [_table_html(t, cells, "../", ui) for t in (e.games, e.changes)]
        put(f"events/{e.slug}.html", event_t.render(
            common, root_prefix="../", page="event", e=e, dates=_dates(e.start, e.end), tables=tables))

    _write(root / MARKER, "This folder is a website written by xl_ratings (xl-ratings publish --site).\n"
                          "Publishing again replaces the whole folder.\n")
    written.append(MARKER)
    return written


def render_site(site: Site, out_dir: Path) -> list[Path]:
    """Write the website of ``site`` into ``out_dir``; return the files written (sorted).

    The site is built in a temporary folder beside ``out_dir`` and moved into
    place only when complete, so a failure leaves ``out_dir`` as it was.  A
    previous site (marked by a ``.xl-ratings-site`` file) is replaced whole;
    raises ``ValueError`` when ``out_dir`` exists, is not empty and is not one of
    ours, or when a page slug is not a safe file name.
    """
    out_dir = Path(out_dir).absolute()
    _check_target(out_dir)
    _check_slugs("player", site.players)
    _check_slugs("event", site.events)
    parent = out_dir.parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o777 & ~mask)    # mkdtemp makes it private; a site is meant to be read
        rels = _build(site, tmp)
        _check_target(out_dir)          # still ours? (someone may have written there meanwhile)
        old = None
        if out_dir.is_dir():
            if any(out_dir.iterdir()):
                old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=parent))
                os.rmdir(old)
                os.rename(out_dir, old)
            else:
                os.rmdir(out_dir)
        try:
            os.rename(tmp, out_dir)
        except BaseException:
            if old is not None:
                os.rename(old, out_dir)
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return sorted(out_dir / r for r in rels)
