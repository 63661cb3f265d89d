"""Games from columns of cell values, validated in steps that also work batch by batch.

A Games sheet or a game list held in memory goes through :func:`game_columns`
once.  A game list read in batches (:mod:`xl_ratings.engine.stream`) uses the
steps one by one: :class:`GameParser` (each distinct value parsed once, the
parsed values kept from batch to batch), :func:`check_refs` (ids that are
not players or events, a player against themself, a date outside its
event), :func:`repeat_keys` and :func:`report_repeats` (the same game twice)
and :func:`build_games`.  Every problem is reported on its own row through
``gs.err(row, column, problem, value)``.
"""

from __future__ import annotations

import datetime as dt
import functools
from itertools import compress, repeat
from operator import eq, is_, is_not, itemgetter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from typing import Any, Protocol

from ..errors import RatingInputError, Text
from ..i18n.catalogue import sheets as M
from ..systems.game_result import parse_result
from ..systems.records import Event, Game, Player
from .cells import blank, list_date, not_finite, not_finite_text, round_number, sheet_number, spans, to_date, to_ident

#: Handicap stones: a whole number, at most this many (negative: given).
MAX_STONES = 9
#: The columns parsed value by value, in the order their problems are reported.
PARSED = ("event", "player", "opponent", "result", "date", "handicap")
#: The columns whose distinct values :class:`GameParser` hands on (:attr:`GameParser.distinct`: check_refs' look-ups).
_KEPT_DISTINCT = frozenset(("event", "player", "opponent", "date"))
#: Distinct values kept per column between batches (ids, dates and results repeat; times of day need not).
CACHE_LIMIT = 1 << 20


class Problems(Protocol):
    """Where a sheet's (or a game list's) problems go."""

    errors: list[RatingInputError]

    def err(self, row: int | None, column: str | None, problem: Text, value: Any) -> None: ...


def _parse_each(values: Sequence[Any], parse: Callable[[Any], Any],
                cache: dict[Any, Any] | None = None, distinct: dict[str, set[Any]] | None = None,
                key: str = "") -> tuple[list[Any], bool]:
    """parse() of every value, computed once per distinct value (``cache``: kept from
    one call to the next); a value that cannot be parsed gives its RatingInputError in
    its place.  Also: was any bad?  ``distinct[key]``: set to the distinct values given
    (None for a value that could not be parsed), when known."""
    def one(v: Any) -> Any:
        try:
            return parse(v)
        except RatingInputError as e:
            return e
    uniq = set(values)
    if any(u.__class__ is bool for u in uniq):   # True == 1: keep the types apart
        typed = {k: one(k[1]) for k in set(zip(map(type, values), values))}
        return [typed[(type(v), v)] for v in values], any(
            isinstance(x, RatingInputError) for x in typed.values())
    if cache is None:
        plain = {u: one(u) for u in uniq}
    else:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        for u in uniq:
            if u not in cache:
                cache[u] = one(u)
        plain = cache
    bad = any(isinstance(plain[u], RatingInputError) for u in uniq)
    if distinct is not None:
        distinct[key] = {None if isinstance(x, RatingInputError) else x
                         for x in map(plain.__getitem__, uniq)}
    if len(uniq) == 1:                     # a column left blank, one event, one day
        return [plain[next(iter(uniq))]] * len(values), bad
    return list(map(plain.__getitem__, values)), bad


def _all_good(values: Sequence[Any], parse: Callable[[Any], Any]) -> set[Any] | None:
    """The distinct values when parse() takes every one (each tried once); None when not, or
    when that cannot be told so (a boolean among them: True == 1; a value that cannot be hashed)."""
    try:
        uniq = set(values)
    except TypeError:
        return None
    if any(u.__class__ is bool for u in uniq):
        return None
    try:
        for u in uniq:
            parse(u)
    except RatingInputError:
        return None
    return uniq


def check_round(v: Any) -> Any:
    """A round cell: blank, or a whole number from 1 as written (3, '3', 第3轮, R3, Round 3: see
    :func:`~.cells.round_number`); never -1, 1.5, "x" or "final" (a name the repeats of a game
    could not be compared by).  Kept as written (the fingerprints of processed periods).  NaN and
    the infinities are no round, and no blank either (:func:`~.cells.not_finite`)."""
    if blank(v):
        if isinstance(v, float):        # NaN
            raise RatingInputError(not_finite_text(v))
        return v
    if not_finite(v):
        raise RatingInputError(not_finite_text(v))
    n = round_number(v)
    if n is None or n < 1:
        raise RatingInputError(M.ROUND_NOT_WHOLE())
    return v


def report_rounds(gs: Problems, index: Sequence[int], rounds: Sequence[Any], checked: Sequence[Any],
                  each_row: bool = False) -> None:
    """The rounds that are not round numbers: ONE problem for the column (the count, the first
    rows, the first value), not one per row (a sheet of 第N场 rounds is one mistake); ``each_row``:
    one per row (for a log that groups them by rule and column itself)."""
    bad = [k for k, x in enumerate(checked) if isinstance(x, RatingInputError)]
    for k in [k for k in bad if checked[k].text.id == M.CELL_NOT_FINITE.id]:   # no round at all: each at its cell
        gs.err(index[k], "round", checked[k].text, rounds[k])
    bad = [k for k in bad if checked[k].text.id != M.CELL_NOT_FINITE.id]
    if each_row or len(bad) == 1:
        for k in bad:
            gs.err(index[k], "round", M.ROUND_NOT_WHOLE(), rounds[k])
        return
    if not bad:
        return
    rows = [index[k] for k in bad]
    first = bad[0]
    gs.err(index[first], "round", M.ROUNDS_NOT_WHOLE(count=f"{len(bad):,}", rows=spans(rows, 5)), rounds[first])


def parse_handicap(v: Any) -> float:
    h = sheet_number(v) or 0.0
    if not h.is_integer() or abs(h) > MAX_STONES:
        raise RatingInputError(M.NOT_STONES(limit=MAX_STONES))
    return h


def _parse_distinct(values: Sequence[Any], parse: Callable[[Any], Any], cache: dict[Any, Any],
                    bad: set[Any]) -> tuple[list[Any], bool]:
    """:func:`_parse_each` of values known to be distinct and of one type (a column's
    dictionary): only the values not seen before are parsed; ``bad``: the values that
    could not be (kept with the cache)."""
    if len(cache) > CACHE_LIMIT:
        cache.clear()
        bad.clear()
    for u in set(values).difference(cache.keys()):     # the values not parsed before (found at C speed)
        try:
            cache[u] = parse(u)
        except RatingInputError as e:
            cache[u] = e
            bad.add(u)
    return list(map(cache.__getitem__, values)), bool(bad) and not bad.isdisjoint(values)


class GameParser:
    """Parses the columns of games, each distinct value once (kept from batch to batch).

    Columns given with a ``distinct(key)`` method (a game list's batches:
    :class:`~xl_ratings.jobs.game_stream.Columns`) hand over their distinct
    values and a function spreading a value per distinct value over the rows."""

    def __init__(self, date1904: bool = False, keep: bool = True, each_row: bool = False,
                 list_dates: bool = False) -> None:
        """``each_row``: a bad round reported on every row (a game list's log groups them itself);
        else once for the column (:func:`report_rounds`).  ``list_dates``: a game list's dates,
        written as text files write them (:func:`~.cells.list_date`: 2025/3/1, 2025年3月1日, serials)."""
        self.each_row = each_row

        def parse_date(v: Any) -> dt.date | None:
            return list_date(v) if list_dates else to_date(v, date1904)
        self.parsers: dict[str, Callable[[Any], Any]] = {
            "event": to_ident, "player": to_ident, "opponent": to_ident, "result": parse_result,
            "date": parse_date, "handicap": parse_handicap}
        self.caches: dict[str, dict[Any, Any]] | None = {k: {} for k in PARSED} if keep else None
        self.bad: dict[str, set[Any]] = {k: set() for k in PARSED}
        #: the distinct values of the columns the last :meth:`parse` read whole, where known (parsed; ``round``: as written)
        self.distinct: dict[str, set[Any]] = {}

    def parse(self, data: Mapping[str, Sequence[Any]], index: Sequence[int], gs: Problems,
              keys: Sequence[str] = PARSED, parsed: dict[str, list[Any]] | None = None) -> dict[str, list[Any]]:
        """The parsed columns (``round`` as it is); a value that cannot be parsed is
        reported on its row and read as None.  ``keys``: only these (added to ``parsed``)."""
        n = len(index)
        parsed = {} if parsed is None else parsed
        encoded = getattr(data, "distinct", None)
        distinct: dict[str, set[Any]] = {}
        self.distinct = distinct
        ids: dict[Any, Any] = {}        # a player's and an opponent's ids are one set of values: read once
        for key in keys:
            found = encoded(key) if encoded is not None and key in data else None
            cache = self.caches[key] if self.caches else \
                ids if key in ("player", "opponent") and found is None else None
            if found is not None:             # each distinct value parsed, then spread over the rows
                uniq, spread = found
                if cache is not None:
                    out_u, any_bad = _parse_distinct(uniq, self.parsers[key], cache, self.bad[key])
                else:
                    out_u, any_bad = _parse_each(uniq, self.parsers[key])
                out = spread(out_u)
                vals: Sequence[Any] = spread(uniq) if any_bad else ()
            else:
                vals = data[key] if key in data else (None,) * n
                out, any_bad = _parse_each(vals, self.parsers[key], cache,
                                           None if self.caches or key not in _KEPT_DISTINCT else distinct, key)
            if any_bad:
                for pos in [k for k, x in enumerate(out) if isinstance(x, RatingInputError)]:
                    gs.err(index[pos], key, out[pos].text, vals[pos])
                    out[pos] = None
            parsed[key] = out
        if "round" not in parsed and keys is PARSED:
            parsed["round"] = list(data["round"]) if "round" in data else [None] * n
            # a round is a whole number from 1: checked, kept as written
            uniq = _all_good(parsed["round"], check_round) if "round" in data and not self.caches else None
            if uniq is not None:
                distinct["round"] = uniq
            elif "round" in data:
                checked, any_bad = _parse_each(parsed["round"], check_round,
                                               self.caches.setdefault("round", {}) if self.caches else None)
                if any_bad:
                    report_rounds(gs, index, parsed["round"], checked, self.each_row)
        return parsed


def _not_a_player(unknown: Set[Any], players: Mapping[str, Player], players_file: str | None) -> dict[Any, Text]:
    """What is said of each id that is no player's: the player whose id differs from it only
    in upper and lower case named, the players file named when the players came from one."""
    folded: dict[str, str] = {}
    for pid in players:
        folded.setdefault(pid.casefold(), pid)
    named: dict[str, list[str]] = {}        # a name typed for the id (龔軍 for HK001): whose, when one player's
    if players_file is None and any(isinstance(x, str) for x in unknown):
        for pid, p in players.items():
            name = str(getattr(p, "name", "") or "").strip()
            if name:
                named.setdefault(name, []).append(pid)
    out: dict[Any, Text] = {}
    for x in unknown:
        twin = folded.get(x.casefold()) if isinstance(x, str) else None
        wide = None if twin or not isinstance(x, str) else width_twin(x, players)
        if players_file is None:
            owners = named.get(x.strip(), []) if isinstance(x, str) and not (twin or wide) else []
            out[x] = M.NOT_A_PLAYER_ID_CASE(other=twin) if twin else M.NOT_A_PLAYER_ID_WIDTH(other=wide) if wide else \
                M.NOT_A_PLAYER_ID_NAME(other=owners[0]) if len(owners) == 1 else M.NOT_A_PLAYER_ID()
        else:
            out[x] = M.NOT_IN_PLAYERS_FILE_CASE(other=twin, file=players_file) if twin \
                else M.NOT_IN_PLAYERS_FILE_WIDTH(other=wide, file=players_file) if wide \
                else M.NOT_IN_PLAYERS_FILE(file=players_file)
    return out


def width_twin(pid: str, players: Mapping[str, Any]) -> str | None:
    """The player whose id ``pid`` is in full-width (or other compatibility) forms, perhaps in
    another case too (``ＳＨ００１``, ``ｓｈ００１`` for SH001: Unicode NFKC), else None."""
    import unicodedata

    if pid.isascii():
        return None
    key = unicodedata.normalize("NFKC", pid).strip().casefold()
    if key == pid.casefold():
        return None
    return next((p for p in players if isinstance(p, str) and p.casefold() == key), None)


def check_refs(parsed: Mapping[str, list[Any]], index: Sequence[int], gs: Problems,
               players: Mapping[str, Any] | None, events: Mapping[str, Event] | None,
               bad_events: Set[Any] = frozenset(),
               unseen: Set[str] = frozenset(), players_file: str | None = None,
               distinct: Mapping[str, Set[Any]] | None = None, each_event: bool = True
               ) -> tuple[list[Event | None] | None, list[dt.date | None]]:
    """Each game's event and its date (a blank date: the event's last day); reports ids
    that are not events or players, a player against themself, and a date outside its
    event.  ``players`` None: every id is a player; ``events`` None: the events are made
    from the games (none known yet: no event is looked up).  ``unseen``: ids refused in the
    Players sheet already (an invisible character), not refused again at every row;
    ``players_file``: the players came from that file (a game list's --players), not a sheet;
    ``distinct``: the distinct values of columns of ``parsed``, where known (:attr:`GameParser.distinct`);
    ``each_event`` False: each game's event is not needed (None is given for them unless they were)."""
    err = gs.err
    ev_ids, pl, op, days = parsed["event"], parsed["player"], parsed["opponent"], parsed["date"]
    evs: list[Event | None] | None = [None] * len(index)
    uniq_ev: set[Any] = set()

    def each() -> list[Event | None]:
        nonlocal evs
        if evs is None:
            assert events is not None
            evs = list(map(events.get, ev_ids))    # an id is never blank: a blank cell was parsed to None
        return evs
    if events is not None:
        evs = None
        if each_event:
            each()
        # an id that is no event's (each distinct id looked up once)
        uniq_ev = set(distinct["event"]) if distinct and "event" in distinct else set(ev_ids)
        wrong = [k for k, (e, ev) in enumerate(zip(ev_ids, each())) if e and ev is None and e not in bad_events] \
            if any(e is not None and e not in events for e in uniq_ev) else []
        if wrong:
            from ..i18n.catalogue import identity as ID

            cased = {eid.casefold(): eid for eid in events}
            for k in wrong:
                twin = cased.get(str(ev_ids[k]).casefold())
                err(index[k], "event", ID.NOT_AN_EVENT_ID_CASE(other=twin) if twin else M.NOT_AN_EVENT_ID(),
                    ev_ids[k])
    if players is not None:
        for key, ids in (("player", pl), ("opponent", op)):
            known = distinct.get(key) if distinct else None
            unknown = (set(ids) if known is None else set(known)).difference(players).difference(unseen)   # at C speed: one look-up per distinct id
            unknown.discard(None)
            unknown.discard("")
            if unknown:
                said = _not_a_player(unknown, players, players_file)
                for k in [k for k, x in enumerate(ids) if x in unknown]:
                    err(index[k], key, said[ids[k]], ids[k])
    if any(map(eq, pl, op)):
        for k in [k for k, (a, b) in enumerate(zip(pl, op)) if a and a == b]:
            err(index[k], "opponent", M.PLAYS_THEMSELF(), op[k])
    if events is None:
        return evs, list(days)
    known_days = distinct.get("date") if distinct else None
    blanks = len(days) if known_days == {None} else 0 if known_days is not None and None not in known_days \
        else days.count(None)
    if blanks == len(days):             # no date anywhere: each game on its event's last day
        ends = {eid: ev.end for eid, ev in events.items()}
        days = list(map(ends.get, ev_ids))
        # the dates outside their event: only an event ending before it starts has its end outside it
        pairs: Any = {(e, ends[e]) for e in uniq_ev if e in ends}
    else:
        if blanks:
            days = [d if d is not None or ev is None else ev.end for d, ev in zip(days, each())]
        else:
            days = list(days)
        # the dates outside their event: looked at once per distinct (event, date), row by row only when one is
        pairs = set(zip(ev_ids, days))
    if any((ev := events.get(e)) is not None and d is not None and (d > ev.end or (ev.start and d < ev.start))
           for e, d in pairs):
        outside = [k for k, (d, ev) in enumerate(zip(days, each()))
                   if ev is not None and d is not None and (d > ev.end or (ev.start and d < ev.start))]
    else:
        outside = []
    for k in outside:
        ev = each()[k]
        assert ev is not None   # chosen above for having an event
        err(index[k], "date", M.OUTSIDE_EVENT_DATES(start=ev.start or "?", end=ev.end), days[k])
    return evs, days


def round_keys(rounds: Sequence[Any], uniq: Set[Any] | None = None) -> list[Any]:
    """A round as compared for repeats: its number (3, 3.0, '3', 第3轮, R3 are one round: see
    :func:`~.cells.round_number`); a blank cell (blank text, NaN) is no round, None.  ``uniq``:
    the distinct rounds, when known."""
    if uniq is None and rounds.count(None) == len(rounds):     # no round column (online play)
        return list(rounds)
    if uniq is None:
        try:
            uniq = set(rounds)
        except TypeError:
            uniq = None
    if uniq is not None and all(v is None or (v.__class__ in (int, float) and v == v and v > 0 and v % 1 == 0)
                                for v in uniq):
        return list(rounds)                   # numbers and blanks alike (each distinct round looked at once)
    if uniq is None:
        return list(map(_round_key, rounds))
    number = {v: _round_key(v) for v in uniq}
    return list(map(number.__getitem__, rounds))


def _round_key(v: Any) -> Any:
    """One round as compared (:func:`round_keys`): None for a blank cell, its number, or -- a
    round refused (``x``, ``final``) -- as written, compared so (never read as no round)."""
    if blank(v):
        return None
    n = round_number(v)
    return v if n is None else n


_NO_ROUND = ("no round",)
_new_game = functools.partial(tuple.__new__, Game)   # Game(*fields) without its Python-level __new__


def repeat_keys(ev_ids: Sequence[Any], rkey: Sequence[Any], days: Sequence[Any], pl: Sequence[Any],
                op: Sequence[Any], paired: Set[str]) -> list[Any]:
    """What makes a game the same game, whichever player's side it was typed from (the pair
    unordered; ``days``: a blank date already read as its event's last day, ``rkey``: the rounds
    by number, :func:`round_keys`):

    * in a round robin or a Swiss event (``paired``), a round is played once: the event, the round
      and the pair -- the date does not tell two games of one round apart (``(e, r, a, b)``);
    * without a round, there: the event, the date and the pair (a pair meets at most once a day);
    * in free play (format "games": club handicap games, online play), a round with its date (a
      club evening's rounds start again from 1): ``(e, r, d, a, b)``; without a round a pair may meet
      twice a day, and nothing is a repeat.

    A game that cannot be repeated gets None."""
    if not paired and rkey.count(None) == len(rkey):      # free play without rounds: no repeats
        return [None] * len(rkey)
    return [(((e, r, a, b) if a < b else (e, r, b, a)) if e in paired else
             ((e, r, d, a, b) if a < b else (e, r, d, b, a))) if a and b and e and r is not None
            else ((e, _NO_ROUND, d, a, b) if a < b else (e, _NO_ROUND, d, b, a)) if a and b and e in paired
            else None
            for e, r, d, a, b in zip(ev_ids, rkey, days, pl, op)]


def by_round(key: Any) -> bool:
    """Is this repeat key (:func:`repeat_keys`) one without its date -- a round of a round robin or
    Swiss event, which a list in date order cannot find among one date's games?"""
    return key is not None and len(key) == 4


def _no_repeats(ev_ids: list[Any], rkey: list[Any], days: list[Any], pl: list[Any], op: list[Any],
                events: Set[Any] | None, paired: Set[Any] = frozenset()) -> bool:
    """No row's game (:func:`repeat_keys`: event, round -- and date, but in ``paired`` events --
    player, opponent) is another's, either way round, nor a player's against themself (rows that
    all have each)?  Looked at event by event when each event's rows are one run (a set the size of
    an event's games at a time, not of the sheet's: 3× faster); ``events``: the distinct events,
    when known."""
    n = len(ev_ids)
    cuts = [0, *compress(range(1, n), map(is_not, ev_ids[1:], ev_ids[:-1])), n]    # (a parsed id is one object)
    if len(cuts) - 1 == len(set(ev_ids) if events is None else events):
        for a, b in zip(cuts, cuts[1:]):
            r, x, y = rkey[a:b], pl[a:b], op[a:b]
            if ev_ids[a] in paired:             # a round is played once: the date does not count
                one: set[Any] = set(zip(r, x, y))
                if len(one) != b - a or not one.isdisjoint(zip(r, y, x)):
                    return False
                continue
            d = days[a:b]
            one = set(zip(r, d, x, y))
            if len(one) != b - a or not one.isdisjoint(zip(r, d, y, x)):
                return False
        return True
    if paired:
        days = [None if e in paired else d for e, d in zip(ev_ids, days)]
    oriented = set(zip(ev_ids, rkey, days, pl, op))
    return len(oriented) == n and oriented.isdisjoint(zip(ev_ids, rkey, days, op, pl))


#: Game.round, .player, .opponent, .row, (player, opponent), (opponent, player), at C speed
_ROUND, _PLAYER, _OPPONENT, _ROW = itemgetter(2), itemgetter(3), itemgetter(4), itemgetter(7)
_PAIR, _SWAPPED = itemgetter(3, 4), itemgetter(4, 3)


def typed_twice(by_event: Iterable[tuple[Event, Iterable[Game]]]) -> list[tuple[str, int, int, str, str]]:
    """The games that look like one game typed twice -- from both sides, or again -- without
    being the same game by :func:`repeat_keys` (that is refused): ``(event, first row, row, player,
    opponent)`` for each later row of a pair that meets more than once in a round robin or Swiss
    event where more pairs meet once than more often (not a double round robin, not a match of two
    players), when the event is a round robin (a pair meets once in it) or one of the pair's rows
    has no round (a Swiss event's pair may be paired again, round by round).  ``by_event``: each
    event with its games in row order (:meth:`~xl_ratings.systems.feed.GameFeed.by_event`).  Said
    on the Checks sheet, not refused: a tie-break game is played again so."""
    out: list[tuple[str, int, int, str, str]] = []
    for ev, held in by_event:
        if ev.format not in PAIRED:
            continue
        games = held if isinstance(held, list) else list(held)
        if len(games) < 3:
            continue
        rounds = list(map(_ROUND, games)) if ev.format == "swiss" else None
        if rounds is not None and not any(map(blank, set(rounds))):
            continue                        # every row with its round: a Swiss pair may meet again
        seen = set(map(_PAIR, games))
        if len(seen) == len(games) and seen.isdisjoint(map(_SWAPPED, games)):
            continue                        # every pair meets once (at C speed): nearly every event
        out += twice_in(ev, list(map(_ROW, games)), round_keys(list(map(_ROUND, games)) if rounds is None else rounds),
                        list(map(_PLAYER, games)), list(map(_OPPONENT, games)))
    return sorted(out, key=itemgetter(1, 2))


def twice_in(ev: Event, rows: Sequence[int], rkey: Sequence[Any], x: Sequence[Any],
             y: Sequence[Any]) -> list[tuple[str, int, int, str, str]]:
    """:func:`typed_twice` of one event, from its columns in row order (``rkey``: :func:`round_keys`)."""
    n = len(rows)
    rr = ev.format == "round_robin"
    if n < 3 or (not rr and None not in rkey):
        return []                           # a Swiss event's rows all with their round: pairs may meet again
    seen = set(zip(x, y))
    if len(seen) == n and seen.isdisjoint(zip(y, x)):
        return []                           # every pair meets once (at C speed): nearly every event
    met: dict[tuple[Any, Any], list[int]] = {}
    for k, a, b in zip(range(n), x, y):
        met.setdefault((a, b) if a < b else (b, a), []).append(k)
    again = [ks for ks in met.values() if len(ks) > 1]
    if len(met) - len(again) <= len(again):      # a double round robin, a match: pairs meet again
        return []
    return [(ev.id, rows[ks[0]], rows[k], x[k], y[k]) for ks in again
            if rr or any(rkey[k] is None for k in ks) for k in ks[1:]]


def report_repeats(keys: Sequence[Any], rows: Sequence[int], pairs: Sequence[tuple[Any, Any]],
                   rkey: Sequence[Any], gs: Problems, seen: dict[Any, int] | None = None) -> None:
    """Each repeat of a game already on an earlier row (``keys`` from :func:`repeat_keys`,
    in row order; ``seen``: the keys of earlier batches, first row of each)."""
    seen = {} if seen is None else seen
    for k, game_key in enumerate(keys):
        if game_key is None:
            continue
        first = seen.setdefault(game_key, rows[k])
        if first != rows[k]:
            a, b = pairs[k]
            if rkey[k] is None:
                gs.err(rows[k], "round", M.NO_ROUND_REPEAT(first=first), f"{a} – {b}")
            else:
                gs.err(rows[k], "player", M.SAME_GAME(first=first), f"{a} – {b}")


#: The formats where a pair meets at most once per round.
PAIRED = ("round_robin", "swiss")


def paired_events(events: Mapping[str, Event]) -> set[str]:
    """The events where a pair meets at most once per round (round robin, Swiss)."""
    return {e.id for e in events.values() if e.format in PAIRED}


def build_games(parsed: Mapping[str, list[Any]], index: Sequence[int], evs: Sequence[Event | None],
                days: Sequence[dt.date | None], checked: bool = False) -> list[Game]:
    """The games of the rows that hold one (event, date, both players and a result);
    ``checked``: every row does (a list read again after a first pass found no problem)."""
    pl, op, res, hs = parsed["player"], parsed["opponent"], parsed["result"], parsed["handicap"]
    if checked or not any(any(map(is_, x, repeat(None))) for x in (evs, days, pl, op, res, hs)):
        return list(map(_new_game, zip(parsed["event"], days, parsed["round"], pl, op, res, hs, index)))
    new = tuple.__new__   # Game(...) without the NamedTuple's Python-level __new__
    return [new(Game, (e, d, rnd, a, b, r, h or 0.0, i))
            for i, e, ev, d, rnd, a, b, r, h in zip(index, parsed["event"], evs, days, parsed["round"],
                                                    parsed["player"], parsed["opponent"], parsed["result"],
                                                    parsed["handicap"])
            if ev is not None and a is not None and b is not None and r is not None and d is not None]


def game_columns(data: Mapping[str, Sequence[Any]], index: Sequence[int], gs: Problems,
                 players: Mapping[str, Any], events: Mapping[str, Event],
                 bad_events: Set[Any] = frozenset(), date1904: bool = False,
                 unseen: Set[str] = frozenset(), list_dates: bool = False) -> list[Game]:
    """Validate and build the games from columns (``data``: column key -> values).

    Shared by the Games sheet and by game lists read whole; problems are
    reported through ``gs.err`` with the sheet row in ``index``.
    """
    before = len(gs.errors)
    parser = GameParser(date1904, keep=False, list_dates=list_dates)
    parsed = parser.parse(data, index, gs)
    n_err = len(gs.errors)
    evs, days = check_refs(parsed, index, gs, players, events, bad_events, unseen, distinct=parser.distinct,
                           each_event=False)
    rounds = parser.distinct.get("round")
    rkey = round_keys(parsed["round"], rounds)
    # every id parsed (none refused, so none None) and every row with a round: each row's game has a
    # repeat key, and no two are one game when no row's (event, round, date -- but in a round robin or
    # Swiss event --, player, opponent) is another's, either way round (a player against themself is
    # looked at key by key)
    ev_ids, pl, op = parsed["event"], parsed["player"], parsed["opponent"]
    no_blank = None not in rkey
    paired = paired_events(events)
    if not (n_err == before and no_blank and _no_repeats(ev_ids, rkey, days, pl, op, parser.distinct.get("event"),
                                                         paired)):
        keys = repeat_keys(ev_ids, rkey, days, pl, op, paired)
        distinct = set(keys)
        distinct.discard(None)
        if len(distinct) != len(keys) - keys.count(None):
            report_repeats(keys, index, list(zip(pl, op)), rkey, gs)
    if len(gs.errors) > n_err:   # report in row order
        gs.errors[n_err:] = sorted(gs.errors[n_err:], key=lambda e: e.where.row or 0)
    # no problem anywhere (this sheet's, the Events'): every row holds an event, a date, both players and a
    # result (a cell left None was refused, an event not found was refused, here or in the Events sheet)
    if evs is None and gs.errors:
        evs = list(map(events.get, ev_ids))
    return build_games(parsed, index, evs or (), days, checked=not gs.errors)


__all__ = ["GameParser", "MAX_STONES", "build_games", "check_refs", "check_round", "game_columns",
           "paired_events", "repeat_keys", "report_repeats", "round_keys", "typed_twice", "twice_in", "by_round", "PAIRED"]
