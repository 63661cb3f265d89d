"""A published period as the rating list a pairing program loads.

``rating_list(outcome, tables, layout)`` takes what :func:`xl_ratings.engine.run.published`
gives (the same facts and the same History check as the website and the
PDF) and the workbook's sheets (for the Players sheet's ``egf_pin``,
``fide_id`` and ``latin_name`` columns, the Clubs sheet and the ``country``
setting), and returns the file's text (:class:`ListFile`) in one of the
layouts of :mod:`.list_layouts`.  Nothing here touches a file: the command
line writes it (:mod:`xl_ratings.publish.rating_list`), one click puts its
lines on a sheet (:mod:`xl_ratings.excel.rating_list`), the website links it.

What is listed: every *rated* player of the period -- active and inactive
(FIDE's flag ``i``), not the pending ones -- once, in the list's order, with
the published rating rounded half up to a whole number.  Ids: the player's
own ``egf_pin`` / ``fide_id``, else a number derived from the player id
(:mod:`xl_ratings.engine.identity`).  Names: :mod:`xl_ratings.engine.latin`.
A layout the system's numbers cannot fill is refused with the reason: the
EGD list for a system that is not on the GoR scale, FIDE's 4-digit rating
column for ratings of 10,000 and more.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.clubs import read_clubs
from ..engine.identity import Extras, derived_fide_ids, derived_pins, fold, id_problems, player_extras
from ..engine.latin import LatinName, fold_ascii, latin_name, shown_characters, unwritable
from ..engine.periods import run_date
from ..engine.run import Outcome, published
from ..errors import InputErrors, RatingInputError, Text, Where
from ..i18n.catalogue import publish as M
from ..systems.base import PeriodFacts
from ..systems.ranks import Rank, parse_rank
from .list_layouts import (CSV_RATING, EGD_RATING, FIDE_RATING, LAYOUTS, SUFFIXES, Entry, csv_text, egd_name,
                           egd_text, fide_name, fide_text)

#: 2-letter (EGD) and 3-letter (FIDE) codes of the federations likely to use this;
#: any other is given as ``XX/XXX`` in the ``country`` setting.
COUNTRIES = {"CN": "CHN", "HK": "HKG", "TW": "TPE", "MO": "MAC", "SG": "SIN", "MY": "MAS", "JP": "JPN",
             "KR": "KOR", "TH": "THA", "VN": "VIE", "PH": "PHI", "ID": "INA", "MN": "MGL", "US": "USA",
             "CA": "CAN", "AU": "AUS", "NZ": "NZL", "GB": "ENG", "DE": "GER", "FR": "FRA", "NL": "NED",
             "RU": "RUS", "CZ": "CZE"}
#: A system's awarded or rating titles that FIDE's 5-character title field can hold.
FIDE_TITLES = {"特级大师": "GM", "一级大师": "IM", "二级大师": "FM", "三级大师": "CM"}
#: Rated statuses: pending players have no published rating yet.
RATED = ("active", "inactive")
NO_CLUB = "xxx"         #: EGD's club of a player without one


@dataclass(frozen=True)
class ListFile:
    """One rating list, ready to write: its text and what the officer should know."""

    layout: str
    period: str
    date: dt.date                       #: the date line: the day after the period (or today, before its end)
    text: str                           #: ASCII, CR LF line ends
    entries: list[Entry]
    notes: list[Text] = field(default_factory=list)   #: generated names, derived ids, club codes, cut names
    lang: str = "zh-Hans"               #: the workbook's Chinese script (its notes are told in it)

    @property
    def suffix(self) -> str:
        return SUFFIXES[self.layout]

    def data(self) -> bytes:
        return self.text.encode("ascii")

    def lines(self) -> list[str]:
        return self.text.split("\r\n")[:-1]


def default_layout(system: Any) -> str:
    return str(system.pairing_layouts[0])


def _round(x: float) -> int:
    """Half up, as the federations publish (2446.5 -> 2447)."""
    return int(math.floor(x + 0.5))


def _country(settings: Mapping[str, Any], lang: str, file: str | None) -> tuple[str, str]:
    raw = settings.get("country")
    text = "" if raw is None else str(raw).strip().upper()
    if not text:
        return ("HK", "HKG") if lang == "zh-Hant" else ("CN", "CHN")
    pair = re.fullmatch(r"([A-Z]{2})\s*/\s*([A-Z]{3})", text)
    if pair:
        return pair.group(1), pair.group(2)
    if text in COUNTRIES:
        return text, COUNTRIES[text]
    back = {v: k for k, v in COUNTRIES.items()}
    if text in back:
        return back[text], text
    row = settings.get("_rows", {}).get("country")
    raise InputErrors([RatingInputError(M.RL_BAD_COUNTRY(), value=raw, where=Where(file, "Settings", row, "value"))])


def _rank_grade(rank: Rank | None) -> str:
    if rank is None:
        return ""
    if rank.kind == "dan":
        return f"{rank.number}d"
    return f"{rank.number}k" if rank.kind == "kyu" else ""


def _grade(line: Any, rating: float, system: Any, certified: Rank | None = None) -> tuple[str, bool]:
    """The EGD grade: the certified rank of the Players sheet when it has one, else the rank
    standard the rating reaches; and whether it is the certified rank."""
    shown = _rank_grade(certified)
    if shown:
        return shown, True
    std = getattr(line, "standard", None)
    if not isinstance(std, Rank):
        try:
            std = parse_rank(system.standard_name(rating, None))
        except (RatingInputError, TypeError, ValueError):
            return "", False
    return _rank_grade(std), False


def club_codes(clubs: Sequence[str], tables: Mapping[str, Sequence[Sequence[Any]]]) -> tuple[dict[str, str], list[str]]:
    """Every club name -> an EGD club code of at most 4 characters (the Clubs sheet's code when it
    has one that fits; else made from the name's initials, pinyin for Chinese, kept unique by
    a digit), and the codes made here ("name = code")."""
    by_name: dict[str, str] = {}
    for c in read_clubs(tables).clubs:
        if re.fullmatch(r"[!-~]{1,4}", c.code) and "(" not in c.code:
            for n in (c.name, c.code, *c.aliases):
                if n:
                    by_name.setdefault(fold(n), c.code)
    taken = set(by_name.values()) | {NO_CLUB}
    out: dict[str, str] = {}
    made = []
    for club in sorted({c for c in clubs if c.strip()}, key=fold):
        code = by_name.get(fold(club))
        if code is None:
            code = _free(_initials(club), taken)
            taken.add(code)
            made.append(f"{club} = {code}")
        out[club] = code
    return out, made


def _initials(name: str) -> str:
    from pypinyin import lazy_pinyin

    words = [w for w in re.split(r"[^A-Za-z0-9]+", fold_ascii(" ".join(lazy_pinyin(name)))) if w]
    if not words:
        return "C"
    text = "".join(w[0] for w in words) if len(words) > 1 else words[0]
    return text[:4].upper()


def _free(code: str, taken: set[str]) -> str:
    n = 1
    candidate = code
    while candidate in taken:
        n += 1
        candidate = code[:4 - len(str(n))] + str(n)
    return candidate


def _last_events(outcome: Outcome, end: dt.date) -> dict[str, dt.date]:
    events = outcome.records.events
    last: dict[str, dt.date] = {}
    for g in outcome.records.games:
        ev = events.get(g.event)
        day = ev.end if ev is not None else g.date
        if day > end:
            continue
        for pid in (g.player, g.opponent):
            if pid not in last or last[pid] < day:
                last[pid] = day
    return last


def _ids(extras: Extras, rated: list[str], file: str | None) -> tuple[dict[str, str], dict[str, str],
                                                                     list[RatingInputError]]:
    """(EGD PIN, FIDE id) of every listed player; problems with the sheet's own ids."""
    problems = id_problems(extras, rated, file)
    pins = {**derived_pins(extras), **extras.real("egf_pin")}
    fide = {**derived_fide_ids(extras), **extras.real("fide_id")}
    return pins, fide, problems


def _names(outcome: Outcome, extras: Extras, rated: list[str],
           file: str | None) -> tuple[dict[str, LatinName], list[RatingInputError]]:
    names, problems = {}, []
    for pid in rated:
        p = outcome.records.players[pid]
        given = extras.get(pid, "latin_name")
        got = latin_name(p.name, given, cantonese=outcome.system.lang == "zh-Hant")
        if got is None:
            if given.strip():
                continue        # told at its cell by id_problems (engine.identity), once
            odd = unwritable(p.name)
            text = (M.RL_NO_LATIN_NAME(name=p.name) if not odd or any(c.isalpha() for c in odd) else
                    M.RL_NAME_CHARACTERS(name=p.name, characters=shown_characters(odd)))
            problems.append(RatingInputError(text, value=p.name,
                                             where=Where(file, extras.sheet, extras.rows.get(pid, p.row), "name")))
        else:
            names[pid] = got
    return names, problems


def _refuse_layout(layout: str, outcome: Outcome, entries: list[Entry], file: str | None) -> None:
    system = outcome.system
    others = ", ".join(x for x in system.pairing_layouts if x != layout) or "csv"
    if layout not in system.pairing_layouts:
        raise InputErrors([RatingInputError(M.RL_LAYOUT_NOT_FOR_SYSTEM(system=system.name, layout=layout,
                                                                       others=others), value=layout)])
    low, high = {"egd": EGD_RATING, "fide": FIDE_RATING, "csv": CSV_RATING}[layout]
    out = [e for e in entries if not low <= e.rating <= high]
    # pairgoth refuses an EGD line without a grade: a rating below the ladder cannot be listed either
    ungraded = [e for e in entries if layout == "egd" and low <= e.rating <= high and not e.grade]
    problems = []
    if out:
        problems.append(RatingInputError(M.RL_RATING_DOES_NOT_FIT(
            count=len(out), layout=layout, low=low, high=high, players=_some(out), others=others),
            where=Where(file, "Ratings")))
    if ungraded:
        problems.append(RatingInputError(M.RL_NO_GRADE(count=len(ungraded), players=_some(ungraded), others=others),
                                         where=Where(file, "Ratings")))
    if problems:
        raise InputErrors(problems)


def _some(entries: list[Entry]) -> str:
    return ", ".join(f"{e.id} {e.rating}" for e in entries[:5]) + (" …" if len(entries) > 5 else "")


def list_date(facts: PeriodFacts, today: dt.date) -> dt.date:
    """The list's date: the day after its period, or today while the period runs."""
    return min(facts.period.end + dt.timedelta(days=1), today)


def rating_list(outcome: Outcome, tables: Mapping[str, Sequence[Sequence[Any]]], layout: str | None = None,
                *, file: str | None = None, today: dt.date | None = None) -> ListFile:
    """The rating list of ``outcome``'s last period in ``layout`` (default: the system's)."""
    system = outcome.system
    layout = layout or default_layout(system)
    if layout not in LAYOUTS:
        raise InputErrors([RatingInputError(M.RL_BAD_LAYOUT(), value=layout)])
    facts = outcome.last
    lines = [x for x in facts.ratings if x.status in RATED and x.new is not None]
    if not lines:
        raise InputErrors([RatingInputError(M.RL_NO_RATED_PLAYER(period=facts.period.label),
                                            where=Where(file, "Ratings"))])
    extras = player_extras(tables, file)
    rated = [x.id for x in lines]
    country2, country3 = _country(outcome.records.settings, system.lang, file)
    pins, fide, problems = _ids(extras, rated, file)
    names, more = _names(outcome, extras, rated, file)
    problems += more
    if problems:
        raise InputErrors(problems)
    players = outcome.records.players
    codes, made = club_codes([p.club for p in players.values()], tables) if layout == "egd" else ({}, [])
    ks: dict[str, float | None] = {c.id: c.k for c in facts.changes}
    last = _last_events(outcome, facts.period.end)
    day = list_date(facts, run_date(today))
    entries = []
    certified = 0
    for x in lines:
        p, n = players[x.id], names[x.id]
        assert x.new is not None        # rated lines only
        k = ks.get(x.id)
        state = facts.states.get(x.id)
        grade, is_rank = _grade(x, x.new, system, p.rank) if layout == "egd" else ("", False)
        certified += is_rank
        entries.append(Entry(
            id=x.id, surname=n.surname, given=n.given, generated=n.generated, sex=p.sex or "",
            rating=_round(x.new), inactive=x.status == "inactive", pin=pins[x.id], fide=fide[x.id],
            country2=country2, country3=country3, club=codes.get(p.club, NO_CLUB) if p.club.strip() else NO_CLUB,
            grade=grade,
            title=FIDE_TITLES.get(fold(str(getattr(x, "title", "") or "")), ""),
            games=min(x.period_games, 999), k=_round(k) if k is not None and 0 < _round(k) <= 99 else 0,
            events=min(state.events if state is not None else 0, 99999), last=last.get(x.id)))
    _refuse_layout(layout, outcome, entries, file)
    notes = _notes(layout, entries, extras, made)
    if layout == "egd":
        title = f"{system.name} {facts.period.label}, {len(entries)} players, EGD layout"
        text = egd_text(entries, title, day, _egd_notes(entries, certified))
    else:
        text = fide_text(entries) if layout == "fide" else csv_text(entries)
    return ListFile(layout, facts.period.label, day, text, entries, notes, system.lang)


def _egd_notes(entries: list[Entry], certified: int) -> list[str]:
    """Header lines of the EGD list: where the grades come from, which names were romanised
    here, which PINs are derived, that a blank last appearance is unknown."""
    out = [f"Grade: the certified rank of the federation's Players sheet, {certified} players; "
           f"the rank standard the rating reaches where it has none, {len(entries) - certified} players"]
    for how in sorted({e.generated for e in entries if e.generated}):
        pins = [e.pin for e in entries if e.generated == how]
        out.append(f"Names romanised by {how}, not given by the federation: {len(pins)} players")
        for i in range(0, len(pins), 10):
            out.append(f"{how.capitalize()}: " + " ".join(pins[i:i + 10]))
    if any(e.last is None for e in entries):
        out.append("Last appearance -- : no game in the federation's records (not a date)")
    if any(e.pin.startswith("9") for e in entries):
        out.append("PINs from 90000000 are made from the federation's player ids, not EGF PINs")
    return out


def _notes(layout: str, entries: list[Entry], extras: Extras, made: list[str]) -> list[Text]:
    notes = []
    for how, message in (("pinyin", M.RL_GENERATED_NAMES), ("Cantonese", M.RL_CANTONESE_NAMES)):
        generated = [f"{e.id} {e.surname} {e.given}".strip() for e in entries if e.generated == how]
        if generated:
            notes.append(message(count=len(generated), total=len(entries),
                                 players=", ".join(generated[:12]) + (" …" if len(generated) > 12 else "")))
    column, kind = ("egf_pin", "EGD PIN") if layout == "egd" else ("fide_id", "FIDE-style id")
    derived = sum(1 for e in entries if not extras.get(e.id, column))
    if derived:
        notes.append(M.RL_DERIVED_IDS(count=derived, column=column, kind=kind))
    if made:
        notes.append(M.RL_CLUB_CODES(clubs=", ".join(made)))
    cut = [e.id for e in entries if (egd_name(e) if layout == "egd" else fide_name(e))[1]]
    if cut and layout != "csv":
        notes.append(M.RL_NAMES_CUT(layout=layout, players=", ".join(cut)))
    return notes


def from_tables(tables: Mapping[str, Sequence[Sequence[Any]]], layout: str | None = None,
                period: str | None = None, *, file: str | None = None, today: dt.date | None = None) -> ListFile:
    """The rating list of an open workbook's sheets (one click): the same replay of the History."""
    return rating_list(published(tables, file, period), tables, layout, file=file, today=today)
