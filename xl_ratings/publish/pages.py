"""The website's pages: the rating list, the other lists, a page per player and per event.

    write_pages(site, root, workers=None, write=write_file)   # -> the files written, relative

Jinja2 templates (``templates/``, autoescaped, every page extends
``base.html``); the tables come from :mod:`.html`, the chart from :mod:`.chart`.
Where the pages go, and whether they may, is :mod:`.site`'s business.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from .chart import CHART_SIZES, Charts
from .html import Cells, bilingual, esc, format_value, plain, ui_labels
from .pool import run_jobs
from .site_model import ArchivedList, Column, EventPage, Link, PlayerPage, Site, Table, Text

__all__ = ["env", "rows_count", "write_pages"]

TEMPLATES = Path(__file__).with_name("templates")

_ENV: jinja2.Environment | None = None


def env() -> jinja2.Environment:
    """The pages' Jinja2 environment (made once): autoescaped, ``t`` and ``plain`` for bilingual text."""
    global _ENV
    if _ENV is None:
        _ENV = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES)),
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
    return TEMPLATES.joinpath("site.css").read_text(encoding="utf-8")


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


def _list_table(site: Site, cells: Cells, columns: list[Column] | None = None,
                rows: list[dict[str, Any]] | None = None, prefix: str = "") -> Markup:
    """The rating list (default: the published period's; else an archived one, its page
    ``prefix`` deep): names linked to the player pages, each row tagged for search and filters."""
    rows = site.list_rows if rows is None else rows
    names = []
    for r in rows:
        v, slug = r.get("name"), r.get("_slug")
        names.append(Link(v, f"players/{slug}.html") if isinstance(v, str) and slug else v)
    row_open = [
        f'<tr data-search="{esc(" ".join(_plain_cell(r.get(k)) for k in ("name", "_search")).lower())}"'
        f' data-club="{esc(str(r.get("_club") or ""))}" data-sex="{esc(str(r.get("_sex") or ""))}"'
        f' data-status="{esc(str(r.get("_status") or ""))}">'
        for r in rows]
    return cells.table(Table(site.title, site.list_columns if columns is None else columns, rows), prefix,
                       table_id="ratings", css="data list", row_open=row_open, values={"name": names})


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


def rows_count(site: Site) -> int:
    """The table rows of every player and event page (what decides writing in several processes)."""
    n = 0
    for p in site.players:
        n += len(p.games.rows) + len(p.changes.rows) + len(p.periods.rows)
    for e in site.events:
        n += len(e.games.rows) + len(e.changes.rows)
    return n


#: ``write(path, text)``: how a page is written (given by :mod:`.site`)
Write = Callable[[Path, str], None]


class _Frames:
    """What every page of a kind shares: the header (navigation, banner) and the footer, built once.

    An older period's archived page (:meth:`record`) is dated as its record: its footer says
    "截至 as at <the period's end>", with no day of publication and no provisional banner (both
    belong to the current period), so that publishing the same workbook again, on another day,
    leaves the page as it was, byte for byte."""

    def __init__(self, site: Site, ui: dict[str, Text]) -> None:
        self.common: dict[str, Any] = dict(site=site, ui=ui, has_others=bool(site.others),
                                           has_archive=bool(site.archive), record=None)
        self._header = env().get_template("header.html")
        self._footer = env().get_template("footer.html")
        self.footer = Markup(self._footer.render(self.common))
        self._made: dict[tuple[str, str], dict[str, Any]] = {}

    def __call__(self, prefix: str, page: str) -> dict[str, Any]:
        got = self._made.get((prefix, page))
        if got is None:
            got = self._made[(prefix, page)] = dict(
                self.common, root_prefix=prefix, page=page, footer=self.footer,
                header=Markup(self._header.render(self.common, root_prefix=prefix, page=page)))
        return got

    def record(self, prefix: str, page: str, entry: ArchivedList) -> dict[str, Any]:
        """The frame of an older period's page: ``entry``'s period in the footer, dated as at its end."""
        if entry.current:
            return self(prefix, page)
        key = (prefix, page + "@record")
        header = self._made.get(key)
        if header is None:          # the header does not depend on the period: made once
            header = self._made[key] = dict(self.common, record=entry, root_prefix=prefix, page=page, header=Markup(
                self._header.render(self.common, record=entry, root_prefix=prefix, page=page)))
        return dict(header, record=entry, footer=Markup(self._footer.render(self.common, record=entry)))


def write_pages(site: Site, root: Path, write: Write, workers: int = 1) -> list[str]:
    """Write every page of ``site`` into ``root`` (an empty folder) with ``write``.

    Returns the files written, relative to ``root`` (``index.html``,
    ``players/p1.html`` …).  ``workers``: processes writing the player and
    event pages (:func:`.pool.choose_workers` chooses).
    """
    ui = {**ui_labels(site.lang), **site.terms}
    cells = Cells(site.rating_decimals, ui)
    frame = _Frames(site, ui)
    written: list[str] = []
    for sub in ("assets", "players", "events") + (("archive",) if site.archive else ()):
        (root / sub).mkdir()

    def put(rel: str, text: str) -> None:
        write(root / rel, text)
        written.append(rel)

    put("assets/site.css", _stylesheet())
    _write_lists(site, ui, cells, frame, put)
    _write_players_and_events(site, root, ui, cells, frame, write, workers)
    written += [f"players/{p.slug}.html" for p in site.players]
    written += [f"events/{e.slug}.html" for e in site.events]
    return written


def page_names(site: Site) -> list[str]:
    """The files :func:`write_pages` writes for ``site``, relative to the site's folder (known
    before anything is rendered: every one of them is checked before the site is written)."""
    names = ["assets/site.css", "index.html", "standards.html"] + (["lists.html"] if site.others else [])
    names.append("events.html")
    if site.archive:
        names += ["archive.html"] + [f"archive/{entry.slug}.html" for entry in site.archive]
    return names + [f"players/{p.slug}.html" for p in site.players] + [f"events/{e.slug}.html" for e in site.events]


def _write_lists(site: Site, ui: dict[str, Text], cells: Cells, frame: _Frames,
                 put: Callable[[str, str], None]) -> None:
    """The rating list (``index.html``), the standards, the other lists and the events."""
    sexes = sorted({str(r["_sex"]) for r in site.list_rows if r.get("_sex")})
    put("index.html", env().get_template("index.html").render(
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

    tables_t = env().get_template("tables.html")
    put("standards.html", tables_t.render(frame("", "standards"), heading=site.standards.title,
                                          tables=[cells.table(site.standards, "")]))
    if site.others:
        put("lists.html", tables_t.render(frame("", "lists"), heading=ui["other_lists"],
                                          tables=[cells.table(t, "") for t in site.others]))
    put("events.html", tables_t.render(frame("", "events"), heading=ui["events"],
                                       tables=[cells.table(_events_table(site, ui), "")]))
    if site.archive:
        _write_archive(site, ui, cells, frame, put)


def _write_archive(site: Site, ui: dict[str, Text], cells: Cells, frame: _Frames,
                   put: Callable[[str, str], None]) -> None:
    """Every period's list on a page of its own (``archive/<period>.html``), and their index."""
    cols = [Column("period", ui["period"]), Column("dates", ui["dates"]),
            Column("players", Text(ui["players"].zh.lstrip("名"), ui["players"].en), "int", True),
            Column("note", Text("", ""))] + ([Column("pdf", ui["printed"])]
                                             if site.pdf or any(e.pdf for e in site.archive) else [])
    rows = []
    for entry in reversed(site.archive):            # the latest first
        note: Any = ""
        if entry.current:
            note = Link(f"{ui['current'].zh} {ui['current'].en}", "index.html")
        pdf = _archived_pdf(site, entry)
        rows.append({"period": Link(entry.period, f"archive/{entry.slug}.html"),
                     "dates": _dates(entry.start, entry.end), "players": len(entry.rows), "note": note,
                     "pdf": Link("PDF", pdf) if pdf else ""})
    tables = [cells.table(Table(ui["archive"], cols, rows), "")]
    put("archive.html", env().get_template("tables.html").render(frame("", "archive"), heading=ui["archive"],
                                                                  tables=tables))
    page = env().get_template("archived.html")
    for entry in site.archive:
        put(f"archive/{entry.slug}.html", page.render(
            frame.record("../", "archived", entry), entry=entry, pdf=_archived_pdf(site, entry),
            table=_list_table(site, cells, entry.columns, entry.rows, "../")))


def _archived_pdf(site: Site, entry: ArchivedList) -> str | None:
    """The printed list of an archived period (site-relative): its own, or the site's for the current one."""
    return site.pdf if entry.current else entry.pdf


def _write_players_and_events(site: Site, root: Path, ui: dict[str, Text], cells: Cells, frame: _Frames,
                              write: Write, workers: int) -> None:
    """A page per player and per event, in ``workers`` processes."""
    charts = Charts(site.rating_decimals)
    # the labels of the player and event pages, as HTML, once
    L = {k: bilingual(v) for k, v in ui.items()}
    L.update({k: bilingual(_column_label(site, k, ui[k])) for k in ("rating", "standard", "status", "place")})
    L["title"] = bilingual(site.title)
    rating_label = _column_label(site, "rating", ui["rating"])
    player_t = env().get_template("player.html")
    player_frame = dict(frame("../", "player"), L=L)
    sex_label = {"M": L["male"], "F": L["female"]}
    event_t = env().get_template("event.html")
    event_frame = dict(frame("../", "event"), L=L)

    players_dir, events_dir = root / "players", root / "events"     # one Path join per page, not two

    def player_page(p: PlayerPage) -> None:
        # a wide chart, and a narrow one drawn for phones (the stylesheet shows one of them)
        chart = charts.svg(p.history, label=rating_label, title=p.name, sizes=CHART_SIZES)
        shown = [t for t in (p.periods, p.changes, p.audit, p.games) if t is not None]
        write(players_dir / f"{p.slug}.html", player_t.render(
            player_frame, p=p,
            rating=format_value(p.rating, "rating", site.rating_decimals),
            place=format_value(p.place, "int"),
            sex=sex_label.get(p.sex or ""),
            chart=chart,
            # every table of a player's audit stacks on a phone: each line a card, nothing scrolls sideways
            tables=[cells.table(t, "../", css="data stack audit" if t is p.audit else "data stack") for t in shown],
            stack_css=cells.stack_css(shown)))

    def event_page(e: EventPage) -> None:
        tables = [cells.table(e.standings, "../", css="data standings", table_id="standings")] \
            if e.standings else []
        tables += [cells.table(e.crosstable, "../", css="data cross")] if e.crosstable else []
        tables += [cells.table(t, "../") for t in (e.games, e.changes)]
        write(events_dir / f"{e.slug}.html",
              event_t.render(event_frame, e=e, dates=_dates(e.start, e.end), tables=tables))

    jobs: list[tuple[Callable[[Any], None], Any]] = (
        [(player_page, p) for p in site.players] + [(event_page, e) for e in site.events])
    run_jobs(jobs, workers)
