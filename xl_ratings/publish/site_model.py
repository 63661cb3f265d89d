"""What the static website shows: plain values, ready to render.

This is the contract between the view layer (which builds a :class:`Site`
from a processed workbook's facts) and the renderer (:mod:`.site`), which
turns it into HTML files.  The renderer knows nothing of rating systems:
every column, label and value it shows comes from here.

Texts come in pairs: ``zh`` (simplified, or traditional Chinese for the
Hong Kong workbooks -- see ``Site.lang``) and ``en``.  Numbers are raw
(float/int, unrounded); ``Column.kind`` says how to show them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Text:
    """A label in the site's Chinese and in English."""

    zh: str
    en: str


@dataclass(frozen=True)
class Column:
    """One table column.

    ``kind`` decides the display:
    - ``text``: as is (a :class:`Link` becomes an <a>);
    - ``int``: a whole number;
    - ``rating``: a rating, ``Site.rating_decimals`` decimals (shanghai 0, others 2);
    - ``change``: signed, ``Site.rating_decimals`` decimals (+12 / −3, +12.35 / −3.07); 0 shows as 0;
    - ``decimal2`` / ``decimal3``: 2 or 3 decimals (scores, expected scores, K, ΔR);
    - ``signed2``: signed, 2 decimals (an unrounded ΔR: +6.60 / −11.08);
    - ``date``: ISO date (2026-03-14);
    - ``score``: a game score 1 / ½ / 0.
    None shows as an empty cell.
    """

    key: str
    label: Text
    kind: str = "text"
    numeric: bool = False   #: right-aligned, sorted as a number


@dataclass(frozen=True)
class Link:
    """A cell value that links to another page of the site.

    ``href`` is relative to the site's root (``players/p1.html``,
    ``events/e1.html``); the renderer puts ``../`` in front on pages in
    sub-folders.  Reusing one Link per player/event makes rendering faster.
    """

    text: str
    href: str


@dataclass(frozen=True)
class Table:
    """A titled table: columns and rows (dicts keyed by ``Column.key``)."""

    title: Text
    columns: list[Column]
    rows: list[dict[str, Any]]
    note: Text | None = None   #: a sentence under the title (what the table is, which rule)


@dataclass(frozen=True)
class HistoryPoint:
    """One period of a player's rating history (the SVG chart's points)."""

    period: str            #: label, e.g. "2026H1", "2026", "2026-01-01..2026-06-30"
    end: dt.date           #: the period's last day (x axis)
    rating: float | None   #: published at the end of the period; None = not rated then


@dataclass(frozen=True)
class PlayerPage:
    """One player: the list line, the history, the changes and the games."""

    id: str                 #: as in the workbook; also the page name: players/<slug>.html
    slug: str               #: a file-system-safe unique name for the page (given, not computed by the renderer)
    name: str
    search: str             #: extra search text: pinyin (with and without spaces), initials, id
    club: str
    sex: str | None         #: "M" / "F" / None
    status: str             #: "active" / "inactive" / "pending"
    status_label: Text      #: 活跃 / active …
    rating: float | None    #: the current (latest period's) published value; None = not yet rated
    standard: str           #: rank standard or title (三段, 2D, 二级大师, 二格 …), may be ""
    place: int | None
    summary: list[tuple[Text, str]]   #: extra facts shown at the top, already formatted (e.g. 累积等级分 1234.50)
    history: list[HistoryPoint]       #: every processed period, oldest first
    periods: Table                    #: one row per processed period (period, old, new, change, status, games …)
    changes: Table                    #: change-report lines of this player, all periods (event linked)
    games: Table                      #: the player's games, all periods (opponent and event linked)
    audit: Table | None = None        #: each event's computation where the rulebook rates an event as a whole


@dataclass(frozen=True)
class EventPage:
    id: str
    slug: str
    name: str
    start: dt.date | None
    end: dt.date
    period: str
    facts: list[tuple[Text, str]]     #: format, class/level, champion … already formatted
    crosstable: Table | None          #: round robin: players × players matrix; None otherwise
    games: Table                      #: every game (players linked)
    changes: Table                    #: the event's change-report lines (players linked)
    standings: Table | None = None    #: Swiss/McMahon: the wall list (place, score, each round, tie-breaks)


@dataclass(frozen=True)
class Download:
    """A file the rating list page offers: the list in a layout pairing programs load."""

    path: str                  #: inside the site, e.g. downloads/ratings-egd.txt
    label: Text                #: EGD 格式名单 / EGD list
    programs: str              #: the programs that load it (OpenGotha, pairgoth)
    data: bytes
    players: int
    date: dt.date              #: the list's date


@dataclass(frozen=True)
class ArchivedList:
    """One period's rating list as it was published at its end (the archive: ``archive/<slug>.html``)."""

    period: str
    slug: str                  #: the page name, file-system safe
    start: dt.date
    end: dt.date
    columns: list[Column]
    rows: list[dict[str, Any]] #: as ``Site.list_rows``
    current: bool              #: the period the site publishes
    pdf: str | None = None     #: this period's printed list inside the site (an older period's own PDF)


@dataclass(frozen=True)
class Site:
    """Everything the website shows, for one published period."""

    lang: str                  #: "zh-Hans" or "zh-Hant" (the html lang of the Chinese texts); English is "en"
    federation: str            #: e.g. 上海市五子棋协会; shown on every page
    title: Text                #: the rating list's title, e.g. 等级分表 / Rating list
    system: Text               #: the rating system's name (上海市五子棋等级分 / Shanghai Gomoku rating)
    period: str                #: the period shown, e.g. 2026H1
    period_start: dt.date
    period_end: dt.date
    provisional: bool          #: the period is not over yet: say so prominently, with its end date
    published: dt.date         #: the publication date (footer)
    rating_decimals: int       #: 0 (shanghai publishes integers) or 2
    list_columns: list[Column] #: the rating list's columns, in order; row dicts are PlayerPage-derived (see list_rows)
    list_rows: list[dict[str, Any]]   #: one dict per listed player, keys of list_columns, plus "_slug", "_search", "_club", "_sex", "_status"
    players: list[PlayerPage]
    events: list[EventPage]
    standards: Table           #: the rank-standard page
    others: list[Table] = field(default_factory=list)   #: inactive / pending lists (may be empty)
    periods: list[str] = field(default_factory=list)    #: every processed period, oldest first
    notes: list[Text] = field(default_factory=list)     #: short notes under the list (rules, provisional …)
    terms: dict[str, Text] = field(default_factory=dict)   #: the system's own words for the site's labels (GoR: 棋力分)
    downloads: list[Download] = field(default_factory=list)  #: the rating list for pairing programs, per layout
    archive: list[ArchivedList] = field(default_factory=list)  #: every period's list, oldest first
    pdf: str | None = None     #: the printed list's path inside the site, when it was printed there
