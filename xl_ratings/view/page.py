"""How result sheets print: A4, fitted to the page width, the header row on
every page, a page header naming the federation, the list and the period,
and a footer with the publication date and "page N of M".

Both workbook writers and the PDF take their page setup from here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..i18n import to_lang
from ..systems.base import System
from ..systems.period import Period

#: Each result sheet's name as a list: (Chinese, English).
LIST_NAMES: dict[str, tuple[str, str]] = {
    "Ratings": ("等级分表", "Rating list"),
    "Changes": ("等级分变动表", "Rating changes"),
    "Standards": ("段级标准", "Rank standards"),
    "Inactive": ("不活跃名单", "Inactive players"),
    "Pending": ("待定级名单", "Pending players"),
    "Fees": ("登记费", "Registration fees"),
    "Checks": ("检查", "Checks"),
    "History": ("等级分历史", "Rating history"),
    "Chart": ("等级分走势图", "Rating history chart"),
    "Corrections": ("更正", "Corrections"),
}


@dataclass(frozen=True)
class PageSetup:
    """Print settings of one sheet (A4).

    ``header`` and ``footer`` are (left, centre, right) plain texts; ``{page}``
    and ``{pages}`` stand for the page number and the number of pages.
    """

    landscape: bool
    fit_width: bool = True          #: all columns on one page width
    one_page: bool = False          #: the whole sheet on one page (the chart)
    title_rows: int = 1             #: rows repeated at the top of every page
    header: tuple[str, str, str] = ("", "", "")
    footer: tuple[str, str, str] = ("", "", "")


def provisional(period: Period, today: dt.date) -> bool:
    """A period not yet over is published as provisional (暂定): its last day included."""
    return today <= period.end


def list_title(name: str, system: System) -> str:
    zh, en = LIST_NAMES.get(name, (name, name))
    return f"{to_lang(zh, system.lang)} {en}"


def page_setup(name: str, columns: int, system: System, federation: str, period: Period,
               today: dt.date) -> PageSetup:
    """The page setup of result sheet ``name`` with ``columns`` columns."""
    words = lambda zh: to_lang(zh, system.lang)  # noqa: E731
    title = f"{list_title(name, system)} — {period.label}"
    if provisional(period, today):
        # on a line of its own: a portrait page has room for three short parts side by side
        title += f"\n{words('暂定')} provisional → {period.end.isoformat()}"
    system_name = system.title.split(" (")[0]
    footer = (f"{words('发布')} published {today.isoformat()}", "",
              f"{words('第')} {{page}} / {{pages}} {words('页')} · page {{page}} of {{pages}}")
    return PageSetup(landscape=columns > 7 or name in ("Checks", "History", "Chart"),
                     one_page=name == "Chart", title_rows=0 if name == "Chart" else 1,
                     header=(federation, title, system_name), footer=footer)


def excel_code(text: str) -> str:
    """A header or footer part in Excel's codes: a literal & is &&, ``{page}``
    is &P, ``{pages}`` is &N (Excel allows 255 characters in all: parts are cut at 80)."""
    return text[:80].replace("&", "&&").replace("{page}", "&P").replace("{pages}", "&N")
