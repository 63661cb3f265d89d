"""A toy source format, written as a sixth format would be (``tests/importers/test_formats.py``):
one module with its parser and its record; registering it is one registry line.

A toy file::

    TOY 1
    # name: Toy Open
    # dates: 2024-05-01 2024-05-02
    1 Ann Lee - Bob Wu 1
    2 Bob Wu - Cid Ma 0.5

A game a line: the round, the two players (`` - `` between), the first player's result.
"""

from __future__ import annotations

import datetime as dt

from xl_ratings.importers.formats.record import Format, Opened
from xl_ratings.importers.model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament

MAGIC = "TOY 1"


def sniff(opened: Opened) -> bool:
    return opened.plain and bool(opened.lines) and opened.lines[0].strip() == MAGIC


def parse(opened: Opened) -> Tournament:
    text = opened.data.decode("utf-8")
    head: dict[str, str] = {}
    players: dict[str, ImportedPlayer] = {}
    games: list[ImportedGame] = []
    for no, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            head[key.strip()] = value.strip()
            continue
        if no == 1 or not line.strip():
            continue
        rnd, rest = line.split(" ", 1)
        pair, result = rest.rsplit(" ", 1)
        a, b = (n.strip() for n in pair.split(" - "))
        at = Source(opened.file, line=no)
        for name in (a, b):
            players.setdefault(name, ImportedPlayer(name, name, None, "", "", None, None, None, None, None, at))
        games.append(ImportedGame(int(rnd), None, a, b, result, None, None, at))
    start, end = (dt.date.fromisoformat(d) for d in head["dates"].split())
    event = ImportedEvent(head["name"], start, end, "swiss", rounds=max(g.round or 0 for g in games))
    return Tournament(event, list(players.values()), games, [], "toy", opened.file)


FORMAT = Format("toy", "a toy results file", "the tests", frozenset({"games", "dates", "event"}), sniff, parse)


def write(path, name="Toy Open"):
    path.write_text(f"{MAGIC}\n# name: {name}\n# dates: 2024-05-01 2024-05-02\n"
                    "1 Ann Lee - Bob Wu 1\n1 Cid Ma - Dan Xu 0\n2 Bob Wu - Cid Ma 0.5\n2 Dan Xu - Ann Lee 1\n",
                    encoding="utf-8")
    return path
