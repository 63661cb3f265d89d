"""One tournament into the plan, in named steps (:class:`Importing`).

For each source, in order: is it a game of this workbook's system
(:meth:`Importing.check_game`); who its players are (:meth:`~Importing.players`,
a new player made by :meth:`~Importing.new_player`); its game rows
(:meth:`~Importing.game_rows`); which event they belong to -- a new one, or
one it replaces, never a second copy of one already there
(:meth:`~Importing.choose_event`); then the rows are appended.  The state
shared by the sources of one command (the workbook as read, the ids handed
out, the rows to append, the problems found) lives in the one object.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.cells import invisible, visible
from ..engine.totals import summary_row
from ..errors import RatingInputError, Text, Where, joined, visibly
from ..i18n.canonical import canonical, name_keys, plain, written_name
from ..i18n.scripts import doubt_forms, script_doubt
from ..i18n.catalogue import identity as ID
from ..i18n.catalogue import imports as M
from ..i18n.catalogue import sheets as SH
from ..i18n.catalogue import sources as S
from ..i18n.text import command_word
from ..systems.base import System
from ..systems.ranks import Rank, parse_rank
from ..systems.records import Event, Records
from .fingerprint import Fingerprint, likeness
from .matching import ID_COLUMNS, Found, Matcher, no_id, source_rank
from ..importers.formats import format_of
from ..importers.model import ImportedPlayer, Source, Tournament
from .plan import Appended, Options, where_of
from .repeats import without_table_words, distinct_but_same_name, event_has_games, repeat_error, repeated, replace_other, \
    resembled, resembles_note, same_name, source_repeat_error
from .standings import standings_told
from .summary import HOW, Summary

#: A grade as Go writes it, in Latin letters: 3d, 3 dan, 5k, 12 kyu, 1p (issue 17 item 6).
GO_GRADE = re.compile(r"\d+\s*(?:k|kyu|d|dan|p|pro)", re.IGNORECASE)
#: Possible matches listed per new player (by id).
NEAR_SHOWN = 3
#: Players without a game named in the summary.
SHOWN_IDLE = 12


#: the names a Berger table or a Swiss table gives the dummy of an odd field (casefolded, no brackets)
BYE_NAMES = frozenset({"轮空", "輪空", "bye", "轮空者", "輪空者"})


def _quote(name: str) -> str:
    """The quote an answer's command needs around ``NAME=ID`` (a name with a space), or none."""
    return "" if command_word(name) == name else '"'

def is_bye_row(name: str) -> bool:
    """A player row that is the pairing's bye (轮空 / 輪空 / BYE / (bye)), in any importer."""
    return canonical(name).strip().strip("()（）[]【】<>").strip().casefold() in BYE_NAMES


def without_bye_rows(t: Tournament) -> Tournament:
    """``t`` without its bye rows and their games (byes, not games), each said in a note at its place."""
    byes = {p.key: p for p in t.players if is_bye_row(p.name)}
    if not byes:
        return t
    notes = [M.BYE_ROW(name=p.name.strip(), count=sum(1 for g in t.games if k in (g.player, g.opponent)))
             .at(where_of(p.source, "name")) for k, p in byes.items()]
    return dataclasses.replace(t, players=[p for p in t.players if p.key not in byes],
                               games=[g for g in t.games if g.player not in byes and g.opponent not in byes],
                               notes=t.notes + notes)


def without_summary_rows(t: Tournament) -> Tournament:
    """``t`` without its total, average, count and note rows (合计, 平均, 38 人, 注：…: not players,
    :mod:`xl_ratings.engine.totals`) and their games, listed in one note."""
    played = {k for g in t.games for k in (g.player, g.opponent)}
    # a player with games is a player whatever the name (平均分 numbered 2 in a crosstable, with results)
    rows = {p.key: p for p in t.players if p.key not in played
            and summary_row(p.name, p.federation_id, has_id=bool(p.federation_id or p.egf_pin or p.fide_id))}
    if not rows:
        return t
    games = Counter(k for g in t.games for k in (g.player, g.opponent) if k in rows)
    listed = joined([ID.SUMMARY_ROW_AT(name=p.name.strip(), where=p.source.text(), games=games[k])
                     for k, p in rows.items()], "; ", "；")
    note = ID.SUMMARY_ROW_LEFT_OUT(rows=listed).at(where_of(next(iter(rows.values())).source, "name"))
    return dataclasses.replace(t, players=[p for p in t.players if p.key not in rows],
                               games=[g for g in t.games if g.player not in rows and g.opponent not in rows],
                               notes=t.notes + [note])


@dataclass
class Importing:
    """The state of one import command: the workbook as read, and what is added to it."""

    records: Records
    system: System
    matcher: Matcher
    options: Options
    appends: dict[str, Appended]
    new_player_ids: Iterator[str]
    new_event_ids: Iterator[str]
    several: bool                           #: more than one source in the command
    problems: list[RatingInputError] = field(default_factory=list)
    clear: list[int] = field(default_factory=list)                  #: Games rows the imports replace
    games_of_event: dict[str, list[int]] = field(default_factory=dict)   #: event -> its Games rows
    clear_mcmahon: list[int] = field(default_factory=list)          #: McMahon rows the imports replace
    mcmahon_of_event: dict[str, list[int]] = field(default_factory=dict)  #: event -> its McMahon rows
    fingerprints: dict[str, Fingerprint] = field(default_factory=dict)   #: the workbook's events
    imported: list[tuple[str, Fingerprint]] = field(default_factory=list)  #: earlier sources of the command
    made: dict[str, str] = field(default_factory=dict)             #: new player id -> name, this command
    asked: list[str] = field(default_factory=list)                 #: the players asked about ("name (club)")
    clubbed: set[str] = field(default_factory=set)                 #: name keys of the source in several clubs

    @classmethod
    def start(cls, records: Records, system: System, matcher: Matcher, options: Options,
              appends: dict[str, Appended], new_player_ids: Iterator[str], new_event_ids: Iterator[str],
              several: bool) -> "Importing":
        state = cls(records, system, matcher, options, appends, new_player_ids, new_event_ids, several)
        rows: dict[str, list[tuple[Any, str, str, Any]]] = defaultdict(list)
        for g in records.games:
            state.games_of_event.setdefault(g.event, []).append(g.row)
            rows[g.event].append((g.round, g.player, g.opponent, g.result))
        events = records.events
        state.fingerprints = {e: Fingerprint.of(r, *((events[e].start, events[e].end) if e in events else ()))
                              for e, r in rows.items()}
        return state

    # ------------------------------------------------------------------ the steps, in order
    def one(self, t: Tournament) -> Summary | None:
        """Add one tournament to the plan; None (with its problems kept) when it cannot be."""
        if not self.check_sample(t) or not self.check_game(t):
            return None
        checked = self.check_players(without_summary_rows(without_bye_rows(t)))
        if checked is None:
            return None
        t = checked
        summary = Summary(t.source, t.format, "", "", True,
                          notes=[n for n in t.notes if not (self.options.name and n.id == S.CT_NO_TITLE.id)])
        ids = self.players(t, summary)
        if ids is None:
            return None
        games = self.game_rows(t, ids)
        _, start, end = self.event_fields(t)
        fingerprint = Fingerprint.of(((r["round"], r["player"], r["opponent"], r["result"]) for r, _ in games),
                                     start, end)
        chosen = self.choose_event(t, fingerprint)
        if chosen is None:
            return None
        eid, existing, name, start, end = chosen
        self.imported.append((t.source, fingerprint))
        summary.event, summary.event_name, summary.new_event = eid, existing.name if existing else name, not existing
        if existing is None:
            self.append_event(t, eid, name, start, end, ids, summary)
            like = resembled(fingerprint, self.fingerprints, self.records.events, self.options.distinct_from)
            if like is not None:        # another tournament of the same players on its dates: said
                summary.told.append(resembles_note(*like, eid))
        elif self.games_of_event.get(eid):
            summary.replaced = len(self.games_of_event[eid])
            self.clear += self.games_of_event[eid]
            self.clear_mcmahon += self.mcmahon_of_event.get(eid, [])    # the starting scores go with the games
        per_round: Counter[str] = Counter()
        for row, src in games:
            row["event"] = eid
            self.appends["Games"].rows.append(row)
            self.appends["Games"].sources.append(src)
            per_round[str(row["round"]) if row["round"] is not None else "—"] += 1
        summary.games_per_round = dict(sorted(per_round.items(), key=lambda kv: _round_order(kv[0])))
        self.mcmahon_rows(t, eid, ids, {r[k] for r, _ in games for k in ("player", "opponent")})
        coloured = sum(1 for row, _ in games if row["colour"])
        if coloured and "colour" not in self.appends["Games"].columns:     # an older workbook: said, not lost silently
            summary.told.append(M.SUMMARY_COLOUR_COLUMN_MISSING(count=coloured))
        return summary

    def mcmahon_rows(self, t: Tournament, eid: str, ids: Mapping[str, str], played: set[str]) -> None:
        """A McMahon tournament's starting scores (h9's MMS column, OpenGotha's by rank, bar and
        floor) as McMahon rows, one per player with a game: the event's wall list then orders
        it by MMS, as the pairing program did."""
        mc = self.appends["McMahon"]
        for p in t.players:
            pid = ids.get(p.key)
            if p.mms is not None and pid is not None and pid in played:
                mc.rows.append({"event": eid, "player": pid, "mms": p.mms})
                mc.sources.append(p.source)

    def check_sample(self, t: Tournament) -> bool:
        """A club report still holding the sample ``xl-ratings new report`` puts in it is refused:
        its games would be rated as a real tournament, its ids give games to the federation's players."""
        held = report_sample_held(t)
        if held is None:
            return True
        self.problems.append(RatingInputError(M.REPORT_HOLDS_SAMPLE(held=held), where=Where(t.source)))
        return False

    def check_players(self, t: Tournament) -> Tournament | None:
        """Every importer's players as the Players sheet would take them: a blank name with games
        is refused at its place (never a player made up as "#3"; an unused numbered row of a
        printed form, without any game, is left out as players without games are), an id holding an invisible character
        too, shown where it stands (the Games sheet's rule); an id of zeros or a "no id" mark
        ('-', '无', 'N/A': :func:`no_id`) in any id column is no id.  None (the problems kept) when any is refused."""
        before, players = len(self.problems), []
        played = {g.player for g in t.games} | {g.opponent for g in t.games}
        for p in t.players:
            if not p.name.strip() and p.key in played:     # an unused numbered row (no game) is left out
                self.problems.append(RatingInputError(M.NAME_BLANK(), where=where_of(p.source, "name")))
            for col in ID_COLUMNS:
                value = getattr(p, col)
                if value and hidden_in_id(value):
                    self.problems.append(RatingInputError(
                        SH.ID_INVISIBLE(shown=shown_in_id(value), id=visible_id(value)),
                        where=where_of(p.source, col), value=visible_id(value)))
            if any(no_id(getattr(p, col)) for col in ID_COLUMNS):     # zeros, '-', '无', 'N/A': no id
                p = dataclasses.replace(p, federation_id=None if no_id(p.federation_id) else p.federation_id,
                                        egf_pin=None if no_id(p.egf_pin) else p.egf_pin,
                                        fide_id=None if no_id(p.fide_id) else p.fide_id)
            players.append(p)
        return dataclasses.replace(t, players=players) if len(self.problems) == before else None

    def check_game(self, t: Tournament) -> bool:
        """A source of another game is refused, naming the workbook's system: Go files (h9,
        OpenGotha: their format's record says ``go``) and handicap games only into a Go workbook,
        a FIDE TRF (``go`` False) never into one."""
        system, before = self.system, len(self.problems)
        named = {"system": system.name, "title": system.title}
        go, problem = system.game == "go", self.problems.append
        fmt = format_of(t.format)
        of_go = fmt.go if fmt is not None else None         # what the format's record says of Go
        if of_go is True and not go:
            problem(RatingInputError(M.GO_FILE_NOT_GO_BOOK(format=t.format, **named), where=Where(t.source)))
        elif of_go is False and go:
            problem(RatingInputError(M.TRF_NOT_GO_BOOK(**named), where=Where(t.source)))
        elif not go:
            g = next((g for g in t.games if g.handicap), None)
            if g is not None:
                problem(RatingInputError(M.HANDICAP_NOT_GO_BOOK(stones=f"{abs(g.handicap or 0):g}", **named),
                                         where=where_of(g.source)))
            graded = [p for p in t.players if p.rank and GO_GRADE.fullmatch(p.rank.strip())]
            if graded:          # Go's kyu and dan (3d, 5k, 1p) never become this system's ranks
                first = graded[0]
                problem(RatingInputError(M.GO_GRADE_NOT_GO_BOOK(rank=str(first.rank).strip(), count=len(graded),
                                                                **named), value=first.rank,
                                         where=where_of(first.source, "rank")))
        return len(self.problems) == before

    def players(self, t: Tournament, summary: Summary) -> dict[str, str] | None:
        """Source key -> player id, every player of the source matched or made new; None
        when any needs the officer's answer (each such problem listed)."""
        ids: dict[str, str] = {}
        taken: dict[str, ImportedPlayer] = {}       # player id -> the source player it was given to
        made: dict[tuple[str, str], str] = {}       # (name key, club key) -> a player made new for this source
        made_ids: set[str] = set()
        before = len(self.problems)
        played = {g.player for g in t.games} | {g.opponent for g in t.games}
        idle = [p for p in t.players if p.key not in played]
        clubs_of: dict[str, set[str]] = defaultdict(set)       # a name in several clubs: answered with the club
        for p in t.players:
            if p.key in played:
                for k in name_keys(p.name, p.surname):
                    clubs_of[k].add(self.matcher.clubs.key(self.matcher.club_of(p)))
        self.clubbed = {k for k, c in clubs_of.items() if len(c) > 1}
        self.matcher.source_names_clubs = any(self.matcher.club_of(p) for p in t.players)
        if idle:            # registered, never played: not a player of this tournament's results
            summary.told.append(M.SUMMARY_WITHOUT_GAMES(
                count=len(idle), names=", ".join(plain(p.name) or f"#{p.key}" for p in idle[:SHOWN_IDLE])
                + (" …" if len(idle) > SHOWN_IDLE else "")))
        for p in t.players:
            if p.key not in played:
                continue
            club = self.matcher.club_of(p)
            if club and not self.matcher.known_club(club):
                summary.unknown_clubs[club] += 1
            found = self.matcher.match(p, exclude=made_ids)
            if found.candidates:
                self.problems.append(self.ask(p, club, found))
                continue
            place = [(k, self.matcher.clubs.key(club)) for k in name_keys(p.name, p.surname)]
            twin = next((made[k] for k in place if k in made), None)
            pid = found.pid or twin or self.new_player(p, summary)
            if not self.claim(pid, p, taken, found):
                continue
            if found.pid is None and twin is None:
                made.update({k: pid for k in place})
                made_ids.add(pid)
            else:
                self.matched(p, pid, found, summary)
            if found.answered:
                self.remember(p, club, pid, t.source, summary)
            ids[p.key] = pid
        new = [p for p in t.players if ids.get(p.key) in made_ids]
        for col in ID_COLUMNS:        # an id the Players sheet has no column for: said, not silently lost
            count = sum(1 for p in new if getattr(p, col))
            if count and col not in self.appends["Players"].columns:
                summary.told.append(M.SUMMARY_ID_COLUMN_MISSING(column=col, count=count))
        return ids if len(self.problems) == before else None

    def club_shown(self, club: str) -> str:
        """A source's club as a question shows it: the Clubs sheet's name with the source's
        word (``九龍棋社 KLN``), the word alone when the Clubs sheet does not know it; "—" for none."""
        if not club:
            return "—"
        known = self.matcher.clubs.find(club)
        if known is None or canonical(known.name) == canonical(club):
            return club
        return f"{known.name} {club}"

    def ask(self, p: ImportedPlayer, club: str, found: Found) -> RatingInputError:
        """The question for the officer: who is ``p``?  The candidates listed with their ids; the
        answer suggested with the club when the name is in several clubs (an answer must say it then)."""
        players = self.records.players
        shown = self.club_shown(club)       # KLN: 九龍棋社 KLN, the name the Players sheet writes
        self.asked.append(f"{plain(p.name)} ({club or '—'})")
        labels = [f"{c} {self.made.get(c) or players[c].name}" for c in found.candidates]
        clubs = [(players[c].club if c in players else '') or '—' for c in found.candidates]
        listed = "; ".join(f"{label} ({c})" for label, c in zip(labels, clubs))
        if club and name_keys(p.name, p.surname) & self.clubbed:
            answer = M.ANSWER_OPTIONS_CLUB(name=plain(p.name), club=club)
        else:
            answer = M.ANSWER_OPTIONS(name=plain(p.name), q=_quote(plain(p.name)))
        if found.id_named:
            book = players[found.id_named]
            others = "; ".join(listed.split("; ")[1:]) or "—"
            question = M.ID_NAMES_ANOTHER(name=p.name, club=shown, column=found.how, id=found.id_named,
                                          book_name=book.name, others=others)
        elif found.fits:        # what fits is said per candidate: the club, the rank, the rating
            fits = {"club": M.FITS_CLUB, "rank": M.FITS_RANK, "rating": M.FITS_RATING}
            each: list[Text | str] = [
                M.LATIN_CANDIDATE(candidate=label, club=c, fits=joined([fits[f]() for f in fit], ", ", "，"))
                if fit else f"{label} ({c})" for label, c, fit in zip(labels, clubs, found.fit_of)]
            question = M.LATIN_NAME_OF(name=p.name, club=shown, candidates=joined(each, "; ", "；"))
        elif found.how == "script":     # 钟伟 beside 鍾偉: the simplified character stands for several
            ours = name_keys(p.name, p.surname)
            forms = "; ".join(dict.fromkeys(doubt_forms(a, b) for c in found.candidates for a in ours
                                            for b in self.matcher.keys.get(c, ()) if script_doubt(a, b)))
            question = ID.SCRIPT_DOUBT(name=p.name, club=shown, candidates=listed, forms=forms)
        elif found.other_club and not club:     # a blank club is unknown, never the same club
            question = ID.CLUB_BLANK(name=p.name, candidates=listed)
        else:
            if not found.other_club:
                m = M.SEVERAL_CANDIDATES
            else:
                m = M.OTHER_CLUB if not club or self.matcher.known_club(club) else M.OTHER_CLUB_UNKNOWN_CODE
            question = m(name=p.name, club=shown, candidates=listed)
        asked = Text(question.id, "{question} {answer}", "{question}{answer}",
                     (("question", question), ("answer", answer)))
        return RatingInputError(asked, where=where_of(p.source), value=p.name)

    def claim(self, pid: str, p: ImportedPlayer, taken: dict[str, ImportedPlayer], found: Found) -> bool:
        """One workbook player per source player: two people of one source are never merged."""
        other = taken.setdefault(pid, p)
        if other is p:
            return True
        m = M.ONE_NAME_TWO_PEOPLE if found.how in ("", "name") or name_keys(other.name) & name_keys(p.name) \
            else M.ONE_ID_TWO_PEOPLE
        self.problems.append(RatingInputError(m(first=other.name, first_at=other.source.text(), name=p.name,
                                                id=pid), value=p.name, where=where_of(p.source)))
        return False

    def matched(self, p: ImportedPlayer, pid: str, found: Found, summary: Summary) -> None:
        book = self.records.players.get(pid)
        name = book.name if book is not None else self.made.get(pid, p.name)
        how = "just now" if pid in self.made and found.how == "name" else found.how
        summary.matched.append((pid, name, how))
        if found.how in ID_COLUMNS + ("id",) and not name_keys(name) & name_keys(p.name, p.surname) \
                and not self.matcher.latin_is(pid, p.name):
            how_word = HOW[found.how]() if found.how in HOW else found.how
            summary.told.append(M.SUMMARY_NAMES_DIFFER(name=p.name, id=pid, book_name=name, how=how_word))

    def new_player(self, p: ImportedPlayer, summary: Summary) -> str:
        """A new player: a new id, the rank or rating the source declares, the club as the
        workbook writes it; the workbook's players it may be are pointed out."""
        pid = next(self.new_player_ids)
        system = self.system
        rank, note = _rank(p, system)
        if note is not None:
            summary.told.append(note)
        rating = p.rating
        low, high = system.rating_range
        if rating is not None and not low <= rating <= high:
            summary.told.append(M.SUMMARY_RATING_DROPPED(name=p.name, rating=f"{rating:g}", system=system.name,
                                                         low=f"{low:g}", high=f"{high:g}"))
            rating = None
        club = self.matcher.clubs.name(self.matcher.club_of(p))
        name = written_name(p.name)     # 陳 大文 (a crosstable, a report, a pairing program) -> 陳大文
        row: dict[str, Any] = {"id": pid, "name": name, "sex": p.sex, "club": club, "rank": rank,
                               "rating": rating, "member": new_player_member(self.system)}
        players = self.appends["Players"]
        if p.latin_name and "latin_name" in players.columns:
            row["latin_name"] = p.latin_name        # the source's Latin name, surname first (Chan, Tai Man)
        for col in ID_COLUMNS:
            value = getattr(p, col)
            if not value or col not in players.columns:
                continue
            owner = self.matcher.owner(col, value)
            if owner is None:
                row[col] = value
            else:       # the id the officer refuted (--new): another player's, never written on this one
                summary.told.append(M.SUMMARY_ID_NOT_KEPT(column=col, value=value, name=plain(p.name), new=pid,
                                                          id=owner, book_name=self.records.players[owner].name))
        players.rows.append(row)
        players.sources.append(p.source)
        summary.new_players.append((pid, name))
        for twin in self.matcher.same_name_and_club(p):
            book = self.records.players[twin]
            summary.told.append(M.SUMMARY_NEW_SAME_AS(id=twin, book_name=book.name, book_club=book.club or "—",
                                                      name=plain(p.name), where=p.source.text(), new=pid))
        for near in self.matcher.near(p, source_rank(p))[:NEAR_SHOWN]:
            book = self.records.players[near]
            summary.told.append(M.SUMMARY_POSSIBLE_MATCH(id=near, book_name=book.name, book_club=book.club or "—",
                                                         name=plain(p.name), where=p.source.text(), new=pid,
                                                         q=_quote(plain(p.name))))
        self.matcher.add(pid, p, _rank_of(rank))
        self.made[pid] = name
        return pid

    def remember(self, p: ImportedPlayer, club: str, pid: str, source: str, summary: Summary) -> None:
        """The officer's answer, kept in the Identities sheet: the next import matches by itself."""
        if self.matcher.remembers(p, club, pid):
            return
        rows = self.appends["Identities"]
        rows.rows.append({"spelling": p.name, "club": club or None, "id": pid, "source": Path(source).name,
                          "date": dt.date.today()})
        rows.sources.append(p.source)
        summary.remembered += 1

    def game_rows(self, t: Tournament, ids: Mapping[str, str]) -> list[tuple[dict[str, Any], Source]]:
        """The source's games as Games rows (the event filled in when it is chosen)."""
        out = []
        for g in t.games:
            a, b = ids.get(g.player), ids.get(g.opponent)
            if a is None or b is None:
                continue
            out.append(({"event": None, "date": g.date, "round": g.round, "player": a, "opponent": b,
                         "result": _result(g.result), "handicap": g.handicap or None, "colour": g.colour or None},
                        g.source))
        return out

    def choose_event(self, t: Tournament, fingerprint: Fingerprint) \
            -> tuple[str, Event | None, str, dt.date | None, dt.date | None] | None:
        """(event id, the workbook's event or None for a new one, name, start, end): the
        event named (``--event``, ``--replace EVENT``), the one of the same name and dates,
        or a new one -- never a second copy of a tournament already imported."""
        opts, where = self.options, Where(t.source)
        name, start, end = self.event_fields(t)
        for other, theirs in self.imported:
            alike = likeness(fingerprint, theirs)
            if alike is not None:
                self.problems.append(source_repeat_error(other, alike, where))
                return None
        eid = opts.event if opts.event and not self.several else opts.replace_event
        existing = self.records.events.get(eid) if eid else next(
            (e for e in self.records.events.values() if same_name(e.name, name) and e.end == end
             and (e.start == start or start is None or e.start is None)), None)
        twin = repeated(fingerprint, self.fingerprints, self.records.events, opts.distinct_from, name)
        if twin is not None and (existing is None or existing.id != twin[0].id):
            event, alike = twin
            if opts.replace_event and existing is not None:
                self.problems.append(replace_other(opts.replace_event, event, where))
                return None
            if not opts.replace or existing is not None:
                self.problems.append(repeat_error(event, alike, where))
                return None
            existing = event
        if existing is not None:
            had = len(self.games_of_event.get(existing.id, []))
            if had and not opts.replace and existing.id.casefold() in {e.casefold() for e in opts.distinct_from}:
                self.problems.append(distinct_but_same_name(existing, where))
                return None
            if had and not opts.replace:
                self.problems.append(repeat_error(*twin, where, named=True) if twin is not None
                                     else event_has_games(existing, had, where))
                return None
            return existing.id, existing, existing.name, existing.start or start, existing.end
        if end is None:
            self.problems.append(RatingInputError(self.no_dates(eid), where=where))
            return None
        return eid or next(self.new_event_ids), None, name, start, end

    def no_dates(self, eid: str | None) -> Any:
        """The source has no dates: the way to give them (the command line's), saying
        first when the event named (--event hk26-x, a typo) is none of the Events sheet."""
        way = M.NO_DATES()     # re-told for the Import sheet by jobs/book_import
        if not eid or self.options.event != eid:
            return way
        ids = sorted(self.records.events)
        known = joined(ids[:10] + (["…"] if len(ids) > 10 else []), ", ", "、") if ids else "—"
        return M.UNKNOWN_EVENT_NO_DATES(event=eid, known=known, way=way)

    def event_fields(self, t: Tournament) -> tuple[str, dt.date | None, dt.date | None]:
        """The event's name and dates: the source's, else the officer's options, else the games' dates."""
        opts, ev = self.options, t.event
        name = ev.name if ev.name else (opts.name or "")
        if t.format == "crosstable":        # named by its title (or file): 成績表 and the like are no part of it
            name = without_table_words(name)
        if opts.name and not self.several:
            name = opts.name
        start, end = ev.start or opts.start, ev.end or opts.end
        dates = [g.date for g in t.games if g.date is not None]
        return name, start or (min(dates) if dates else None), end or (max(dates) if dates else None)

    def append_event(self, t: Tournament, eid: str, name: str, start: dt.date | None, end: dt.date | None,
                     ids: Mapping[str, str], summary: Summary | None = None) -> None:
        ev, opts = t.event, self.options
        champion = ids.get(ev.champion) if ev.champion else None
        given = {"class": ev.cls or opts.cls, "level": ev.level or opts.level}
        for column, default in self.system.event_defaults:     # a default the rulebook applies: said
            if summary is not None and not given.get(column):
                words = {"class": M.EVENT_CLASS(), "level": M.EVENT_LEVEL()}
                summary.told.append(M.SUMMARY_EVENT_DEFAULT(column=words.get(column, column), option=column,
                                                            default=default))
        if summary is not None:     # a champion, or places, the games contradict: said, with both
            summary.told.extend(standings_told(t))
        self.appends["Events"].rows.append({"event": eid, "name": name, "start": start, "end": end,
                                            "format": ev.format, "class": ev.cls or opts.cls,
                                            "level": ev.level or opts.level, "champion": champion})
        self.appends["Events"].sources.append(Source(t.source))


# --------------------------------------------------------------------------- values
#: Characters an id never holds and a screen does not show: format and control characters (the
#: Games sheet's :func:`~xl_ratings.engine.cells.invisible`) and the spaces that look like none
#: or like a plain one (no-break, figure, narrow no-break, ideographic).
_ODD_SPACES = frozenset("\u00a0\u2007\u202f\u3000")


def hidden_in_id(value: str) -> list[str]:
    """The invisible characters of an id read from a source."""
    return invisible(value) + [c for c in value if c in _ODD_SPACES]


def shown_in_id(value: str) -> str:
    """The id with each invisible character shown where it stands (``SH003⟨U+200B ZERO WIDTH SPACE⟩``)."""
    return "".join(f"⟨U+{ord(c):04X} {unicodedata.name(c, 'SPACE')}⟩" if c in _ODD_SPACES else visibly(c)
                   for c in value)


def visible_id(value: str) -> str:
    """The id as it looks: its invisible characters left out."""
    return "".join(c for c in visible(value) if c not in _ODD_SPACES).strip()


#: Games of a report's sample found in a report that make it the sample still (a club's own
#: event never pairs the sample's players by their names in the sample's rounds).
SAMPLE_GAMES = 3


def report_sample_held(t: Tournament) -> str | Text | None:
    """What of a report's sample the report ``t`` still holds (its event name, or games: the same
    players by name in the same round), or None.  Reports only (the formats whose record names samples)."""
    fmt = format_of(t.format)
    samples = fmt.samples if fmt is not None else None      # the report's (its record says)
    if samples is None:
        return None
    names = {p.key: canonical(p.name) for p in t.players}
    ours = {(g.round, frozenset((names.get(g.player), names.get(g.opponent)))) for g in t.games}
    for sample in samples():
        if canonical(dict(sample["Event"]).get("name")) == canonical(t.event.name):
            return t.event.name
        theirs = {row[0]: canonical(row[1]) for row in sample["Players"]}
        same = sum(1 for g in sample["Games"] if (g[0], frozenset((theirs[g[2]], theirs[g[3]]))) in ours)
        if same >= SAMPLE_GAMES:
            return M.SAMPLE_GAMES_HELD(same=same, games=len(sample["Games"]))
    return None


def _round_order(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (10**9, label)


def _result(r: str) -> Any:
    return {"1": 1, "0": 0, "0.5": 0.5}.get(r, r)


def _rank_of(text: str | None) -> Rank | None:
    try:
        return parse_rank(text) if text else None
    except RatingInputError:
        return None


def _rank(p: ImportedPlayer, system: System) -> tuple[str | None, Text | None]:
    """The rank as the workbook writes it, and a note when it had to be mapped onto
    the system's ladder (a professional grade; a rank beyond either end)."""
    if not p.rank:
        return None, None
    text = str(p.rank).strip()
    m = re.fullmatch(r"(\d+)\s*[pP]", text)
    try:
        rank = Rank.dan(9) if m else parse_rank(text)
    except RatingInputError:
        return text, None           # reported by the validation, at the source line
    on = _on_ladder(rank, system)
    if on is None or on == rank:
        return text, None
    shown = system.rank_name(on)
    return shown, M.SUMMARY_RANK_MAPPED(name=p.name, rank=text, system=system.name, shown=shown)


def _on_ladder(rank: Rank, system: System) -> Rank | None:
    """``rank``, or the nearest rank on the system's ladder (None: no ladder near)."""
    def ok(r: Rank) -> bool:
        try:
            system.rank_rating(r)
            return True
        except RatingInputError:
            return False
    if ok(rank):
        return rank
    step = 1 if rank.ordinal < 1 else -1        # a kyu below the ladder goes up, a dan above it down
    r = rank.ordinal
    for _ in range(40):
        r += step
        if r == -99:            # 无级 is not a kyu
            continue
        candidate = Rank(r)
        if ok(candidate):
            return candidate
    return None


__all__ = ["Importing", "new_player_member"]


def new_player_member(system: System) -> str | None:
    """The ``member`` cell of a player new to the workbook: a tournament file does not say
    who is a member, so where membership costs (a system that charges non-members a
    registration fee: GoR) the player is entered as a non-member (``no``) and the summary
    says so; elsewhere the cell is left blank (the rulebook does not use it)."""
    return "no" if any(s.source == "fees" for s in system.sheets) else None
