"""The same tournament twice: which event of the workbook a source repeats, and the refusal.

The rule that makes two sets of games one tournament is :mod:`.fingerprint`'s.
Here: the event a source repeats (the exact copy first, else the one with the
most games alike), an event's name as compared (a corrected re-send's title,
``春季赛（更正）`` / ``Spring Open (corrected)``, is the event's own name), and
the refusals -- each naming the event already there (id, name, dates, how many
games are alike) and the way out: the command line's options (``--replace``,
``--distinct-from``, ``--name``), re-told for an import given on the Import sheet
as the lines one click reads (``替换 replace``, ``不同于 distinct``, ``名称 name``)
by :func:`xl_ratings.jobs.book_import.sheet_text`, the one place advice is chosen
per path.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

from ..errors import RatingInputError, Text, Where
from ..i18n.canonical import name_keys
from ..i18n.catalogue import imports as M
from ..systems.records import Event
from .fingerprint import Fingerprint, Likeness, likeness, resemblance

#: Words a club adds to the title of a corrected re-send (compared without case, in either script).
CORRECTION_WORDS = frozenset({
    "corrected", "correction", "revised", "amended",
    "更正", "更正版", "修正", "修正版", "订正", "訂正", "订正版", "訂正版", "修订", "修訂", "修订版", "修訂版",
    "勘误", "勘誤", "改正", "重发", "重發"})
#: Words a results table adds after the event's name in its title (a crosstable's event is named by its title).
TABLE_WORDS = ("成绩表", "成績表", "成绩", "成績", "交叉表", "对阵表", "對陣表", "crosstable", "results", "standings")
#: At most this many such words taken off a name (``成绩表（更正）（更正）``): a bound, whatever the cell holds.
MARKERS_STRIPPED = 4
_OPEN, _CLOSE = "([{【〔〖<《", ")]}】〕〗>》"
_SEPARATORS = " -–—_·・:：,，/"


def _strip_marker(text: str) -> str | None:
    """``text`` without one correction marker at its end or start, or None when it has none."""
    if text and text[-1] in _CLOSE:
        k = text.rfind(_OPEN[_CLOSE.index(text[-1])])
        if k >= 0 and text[k + 1:-1].strip().casefold() in CORRECTION_WORDS:
            return text[:k].rstrip(_SEPARATORS)
    if text and text[0] in _OPEN:
        k = text.find(_CLOSE[_OPEN.index(text[0])])
        if k > 0 and text[1:k].strip().casefold() in CORRECTION_WORDS:
            return text[k + 1:].lstrip(_SEPARATORS)
    low = text.casefold()
    for word in (*CORRECTION_WORDS, *TABLE_WORDS):
        latin = word.isascii()     # a Latin word stands apart; a Chinese one may follow the name directly
        if low.endswith(word) and len(low) > len(word) and (not latin or low[-len(word) - 1] in _SEPARATORS):
            return text[:-len(word)].rstrip(_SEPARATORS)
        if word in CORRECTION_WORDS and low.startswith(word) and len(low) > len(word) \
                and low[len(word)] in _SEPARATORS:
            return text[len(word):].lstrip(_SEPARATORS)
    return None


def without_table_words(name: str) -> str:
    """A crosstable's title as its event's name: without the words a results table adds after the name
    (``2026 新界盃 成績表`` is the event 2026 新界盃), which would stand in the Events sheet and on the
    site; the title kept when it is nothing but such a word."""
    text = name.strip()
    low = text.casefold()
    for word in TABLE_WORDS:
        latin = word.isascii()
        if low.endswith(word) and len(low) > len(word) and (not latin or low[-len(word) - 1] in _SEPARATORS):
            return text[:-len(word)].rstrip(_SEPARATORS).strip() or text
    return text


def without_correction(name: str) -> str:
    """An event's name as compared: ``Spring Open (corrected)``, ``春季赛（更正）`` and a crosstable's
    title ``春季赛成绩表（更正）`` are the event's own name."""
    text = unicodedata.normalize("NFKC", name).strip()
    for _ in range(MARKERS_STRIPPED):
        shorter = _strip_marker(text)
        if not shorter:         # none left (or nothing but a marker: kept as the name)
            break
        text = shorter.strip()
    return text


def same_name(a: str, b: str) -> bool:
    """Two events' names are one (case, spaces, script and a correction marker aside)."""
    return bool(name_keys(without_correction(a)) & name_keys(without_correction(b)))


def repeated(fingerprint: Fingerprint, theirs: Mapping[str, Fingerprint], events: Mapping[str, Event],
             distinct_from: Iterable[str], name: str = "") -> tuple[Event, Likeness] | None:
    """The workbook's event these games repeat -- the exact copy first, else the one with the most
    games alike --, if any; the events the officer said are distinct are not compared.  ``name``:
    the source's event name (an event of that name is compared whatever its dates)."""
    skip = {e.casefold() for e in distinct_from}
    found: tuple[Event, Likeness] | None = None
    for eid, other in theirs.items():
        if eid.casefold() in skip or eid not in events:
            continue
        named = bool(name) and not fingerprint.overlaps(other) and same_name(events[eid].name, name)
        alike = likeness(fingerprint, other, named)
        if alike is not None and (found is None or (alike.same_games, alike.alike) > (found[1].same_games,
                                                                                         found[1].alike)):
            found = (events[eid], alike)
    return found


def resembled(fingerprint: Fingerprint, theirs: Mapping[str, Fingerprint], events: Mapping[str, Event],
              distinct_from: Iterable[str]) -> tuple[Event, Likeness] | None:
    """The workbook's event that this other tournament looks most like (:func:`.resemblance`), if any."""
    skip = {e.casefold() for e in distinct_from}
    found: tuple[Event, Likeness] | None = None
    for eid, other in theirs.items():
        if eid.casefold() in skip or eid not in events:
            continue
        alike = resemblance(fingerprint, other)
        if alike is not None and (found is None or alike.alike + alike.differ > found[1].alike + found[1].differ):
            found = (events[eid], alike)
    return found


def resembles_note(event: Event, alike: Likeness, new: str) -> Text:
    """What the summary says of a new event that pairs the players of ``event`` on its dates."""
    return M.SUMMARY_RESEMBLES(event=event.id, name=event.name, dates=_dates(event), paired=alike.alike + alike.differ,
                               games=alike.ours, alike=alike.alike, new=new, replace=way_replace(event.id))


# --------------------------------------------------------------------------- the way out
# Told as the command line gives it (--replace, --distinct-from, --name); an import given on the
# Import sheet has it re-told for the sheet's lines at the boundary (jobs/book_import.sheet_text).
def _dates(event: Event) -> str:
    return f"{event.start or '?'} … {event.end}"


def way_replace(event: str) -> Text:
    return M.WAY_REPLACE(event=event)


def _compared(alike: Likeness) -> Text:
    return M.COMPARED_ROUNDS() if alike.rounds else M.COMPARED_PAIRS()


def repeat_error(event: Event, alike: Likeness, where: Where, named: bool = False) \
        -> RatingInputError:
    """The source repeats ``event``'s games (``named``: its name and dates too, so that saying it is
    distinct would not do: the way out gives it its own name as well)."""
    distinct = (M.WAY_RENAME_DISTINCT if named else M.WAY_DISTINCT)(event=event.id)
    shown = {"event": event.id, "name": event.name, "dates": _dates(event), "compared": _compared(alike),
             "replace": way_replace(event.id), "distinct": distinct}
    if alike.same_games:
        games = M.SAME_GAMES_AS_NAMED_EVENT if named else M.SAME_GAMES_AS_EVENT
        return RatingInputError(games(**shown), where=where)
    near = M.NEAR_NAMED_EVENT if named else M.NEAR_EVENT
    return RatingInputError(near(alike=alike.alike, games=alike.ours, theirs=alike.theirs, differ=alike.differ,
                                 **shown), where=where)


def source_repeat_error(other: str, alike: Likeness, where: Where) -> RatingInputError:
    """Two sources of one command are one tournament (the command line only: one click imports one table)."""
    return RatingInputError(M.SAME_GAMES_AS_SOURCE(other=other, alike=alike.alike, games=alike.ours,
                                                   differ=alike.differ, compared=_compared(alike)), where=where)


def distinct_but_same_name(event: Event, where: Where) -> RatingInputError:
    """Said distinct from ``event``, yet the source has its name and dates: it needs its own name."""
    return RatingInputError(M.DISTINCT_BUT_SAME_NAME(option="--distinct-from", event=event.id, name=event.name,
                                                     dates=_dates(event), rename=M.WAY_RENAME()), where=where)


def replace_other(named: str, event: Event, where: Where) -> RatingInputError:
    """``--replace EVENT`` (or 替换 replace EVENT) names another event than the one the source repeats."""
    return RatingInputError(M.REPLACE_OTHER_EVENT(option="--replace", event=named, other=event.id, name=event.name,
                                                  replace=way_replace(event.id)), where=where)


def event_has_games(event: Event, games: int, where: Where) -> RatingInputError:
    """The event named (by id, or by its name and dates) has games already."""
    return RatingInputError(M.EVENT_HAS_GAMES(event=event.id, name=event.name, games=games,
                                              replace=way_replace(event.id)), where=where)


__all__ = ["CORRECTION_WORDS", "distinct_but_same_name", "event_has_games", "repeat_error", "repeated",
           "resembled", "resembles_note",
           "replace_other", "same_name", "source_repeat_error", "way_replace", "without_correction"]
