"""The three rating-list layouts pairing programs load, as text.

Each layout is written from the same :class:`Entry` lines (one per rated
player, built by :mod:`.rating_list`), in ASCII, lines ending in CR LF.

``egd`` -- the EGD list (``allworld_lp.html``, OpenGotha's
``ratinglists/egf_db.txt``), as OpenGotha's ``RatingList.java`` and
pairgoth's ``EGFRatingsHandler`` read it::

     90412345  Chan Tai_Man                          HK  KLN     3d   --   2250     4  T261130

  PIN at 1-9, name at 11-48 ("Surname Given", ``_`` inside a part), country
  49-51, club 53-57 (at most 4 characters), grade right-aligned to 63, "--"
  (promotion) to 68, GoR right-aligned to 75, tournaments to 81, the last
  appearance from 83; the publication date on a line of its own starting
  with ``(`` -- ``(01 Dec 2026)``.  Header lines never hold 8 digits at
  1-9, never a ``(`` and never start with a blank and a digit, so neither
  program takes one for a player.  A player with no game in the records has
  ``--`` for the last appearance (pairgoth's line pattern needs a word there;
  no date is made up).

``fide`` -- FIDE's ``players_list_foa.txt``: its header, every field left-
  aligned at the header word's column (ID 0, Name 15 "Surname, Given", Fed
  76, Sex 80, Tit 84, ... SRtng 113, SGm 119, SK 123, ..., B-day 152, Flag
  158), 162-character lines.  Our header is FIDE's padded with blanks to
  :data:`FIDE_MARK_WIDTH` characters: how a later run knows the file is
  ours (a parser reads the header's words, never its trailing blanks).

``csv`` -- a national list as federations publish them for Swiss-Manager:
  ``ID_No,Name,Fed,Sex,Title,Rtg_Nat,Birthday``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass

LAYOUTS = ("egd", "fide", "csv")
SUFFIXES = {"egd": ".txt", "fide": ".txt", "csv": ".csv"}
#: The programs each layout is for (messages, the website).
PROGRAMS = {"egd": "OpenGotha, pairgoth", "fide": "Swiss-Manager, Vega", "csv": "Swiss-Manager (national list)"}
NEWLINE = "\r\n"

MARK = "xl-ratings rating list"        #: the EGD list's first line starts so
EGD_NAME_WIDTH = 37                    #: OpenGotha reads the name at 11-48 (37 characters)
EGD_RATING = (-999, 9999)              #: GoR at 71-75: 4 characters
EGD_COLUMNS = ("                                                                                    Last",
               "   PIN          Name                              Club     Grade P&D    GoR    NT appearance")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

FIDE_FIELDS = (("ID Number", 0), ("Name", 15), ("Fed", 76), ("Sex", 80), ("Tit", 84), ("WTit", 89),
               ("OTit", 94), ("FOA", 109), ("SRtng", 113), ("SGm", 119), ("SK", 123), ("RRtng", 126),
               ("RGm", 132), ("Rk", 136), ("BRtng", 139), ("BGm", 145), ("BK", 149), ("B-day", 152),
               ("Flag", 158))
FIDE_WIDTH = 162
FIDE_MARK_WIDTH = 180
FIDE_NAME_WIDTH = 60                   #: 15-76, one blank before Fed
FIDE_RATING = (0, 9999)                #: FIDE writes 4-digit ratings

CSV_HEADER = ("ID_No", "Name", "Fed", "Sex", "Title", "Rtg_Nat", "Birthday")
CSV_RATING = (-10**9, 10**9)


def fide_header() -> str:
    line = ""
    for word, start in FIDE_FIELDS:
        line = line.ljust(start) + word
    return line


FIDE_HEADER = fide_header()


@dataclass(frozen=True)
class Entry:
    """One rated player, as every layout writes them."""

    id: str                     #: the workbook's player id
    surname: str                #: ASCII, words separated by blanks
    given: str
    generated: str              #: how the Latin name was made here ("pinyin", "Cantonese"); "": given
    sex: str                    #: "M", "F" or ""
    rating: int                 #: the published rating, rounded half up
    inactive: bool
    pin: str                    #: 8-digit EGD PIN (the player's, or derived)
    fide: str                   #: FIDE id (the player's, or derived)
    country2: str               #: EGD country (2 letters)
    country3: str               #: FIDE federation (3 letters)
    club: str                   #: EGD club code, at most 4 characters
    grade: str                  #: "3d", "12k" ("" when the system has no ladder for it)
    title: str                  #: a FIDE title code (GM, IM, FM, CM) or ""
    games: int                  #: counted games of the period
    k: int                      #: the K (con) of the player's last change of the period; 0: none
    events: int                 #: counted events in all
    last: dt.date | None        #: the player's last event, as of the list; None: no game recorded


def date_line(day: dt.date) -> str:
    """``(01 Dec 2026)``: the publication date OpenGotha shows and pairgoth requires."""
    return f"({day.day:02d} {MONTHS[day.month - 1]} {day.year})"


def _cut(surname: str, given: str, width: int, join: str) -> tuple[str, bool]:
    text = f"{surname}{join}{given}" if given else surname
    if len(text) <= width:
        return text, False
    room = width - len(surname) - len(join)
    if given and room >= 1:
        return f"{surname}{join}{given[:room].rstrip(' _')}", True
    return surname[:width], True


def egd_name(e: Entry) -> tuple[str, bool]:
    """``Surname Given`` with ``_`` inside a part, at most 37 characters (and: was it cut?).
    A surname alone is at most 36: pairgoth's pattern reads one blank after it, then needs more."""
    name, cut = _cut(e.surname.replace(" ", "_"), e.given.replace(" ", "_"), EGD_NAME_WIDTH, " ")
    if " " not in name and len(name) >= EGD_NAME_WIDTH:
        return name[:EGD_NAME_WIDTH - 1], True
    return name, cut


def fide_name(e: Entry, width: int = FIDE_NAME_WIDTH) -> tuple[str, bool]:
    """``Surname, Given`` (at most ``width`` characters)."""
    return _cut(e.surname, e.given, width, ", ")


def egd_line(e: Entry) -> str:
    name, _ = egd_name(e)
    return (f" {e.pin:8}  {name:<38}{e.country2:<4}{e.club:<4}{e.grade:>6}{'--':>5}{e.rating:>7}"
            f"{e.events:>6}  {'T' + e.last.strftime('%y%m%d') if e.last is not None else '--'}")


def egd_text(entries: Sequence[Entry], title: str, day: dt.date, notes: Sequence[str]) -> str:
    """The EGD list: title, date line, notes, column heads, one line per player."""
    head = [f"{MARK}: {title}", date_line(day), ""] + list(notes) + ["", *EGD_COLUMNS]
    return NEWLINE.join(head + [egd_line(e) for e in entries]) + NEWLINE


def _fields(values: Sequence[str], width: int) -> str:
    line = ""
    for (_, start), value in zip(FIDE_FIELDS, values):
        line = line.ljust(start) + value
    return line.ljust(width)


def fide_line(e: Entry) -> str:
    name, _ = fide_name(e)
    flag = ("w" if e.sex == "F" else "") + ("i" if e.inactive else "")
    return _fields([e.fide, name, e.country3, e.sex, e.title, "", "", "", str(e.rating), str(e.games),
                    str(e.k), "0", "0", "0", "0", "0", "0", "0", flag], FIDE_WIDTH)


def fide_text(entries: Sequence[Entry]) -> str:
    """FIDE's TXT list: its header (padded: our mark), one 162-character line per player."""
    return NEWLINE.join([FIDE_HEADER.ljust(FIDE_MARK_WIDTH)] + [fide_line(e) for e in entries]) + NEWLINE


def csv_text(entries: Sequence[Entry]) -> str:
    """The national list: ID_No, Name ("Surname, Given"), Fed, Sex, Title, Rtg_Nat, Birthday."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator=NEWLINE)
    w.writerow(CSV_HEADER)
    for e in entries:
        w.writerow([e.fide, fide_name(e, 10**6)[0], e.country3, e.sex, e.title, e.rating, ""])
    return buf.getvalue()


def heads() -> tuple[bytes, ...]:
    """How each layout written here begins: a file that begins so is ours (may be replaced)."""
    return (MARK.encode("ascii"), (FIDE_HEADER.ljust(FIDE_MARK_WIDTH) + NEWLINE).encode("ascii"),
            (",".join(CSV_HEADER) + NEWLINE).encode("ascii"))
