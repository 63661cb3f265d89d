"""The source formats are one registry (issue 25): each format is a module of
``xl_ratings/importers/formats/`` declaring one record, and detection, the command
line's ``--format`` choices, the import's checks, the game lists' suffixes and the
docs' formats table all read the registry.  A toy format proves that a new format is
one module (``tests/toy_format.py``) and one registry line."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

import pytest
import toy_format
from helpers import read_sheet, run_cli
from problem_ids import cli_problems, only

from xl_ratings.errors import InputErrors
from xl_ratings.importers import formats, guess_format, load
from xl_ratings.importers.formats.record import CARRIES, GAME_LIST, TOURNAMENT, Format

DOCS = Path(__file__).resolve().parents[2] / "docs"
FORMATS_DIR = Path(formats.__file__).parent
NOT_FORMATS = {"__init__", "record", "common"}          #: the folder's modules that declare no format


@pytest.fixture
def toy(monkeypatch):
    """The toy format registered: the one line a new format adds to the registry."""
    monkeypatch.setitem(formats.REGISTRY, "toy", toy_format.FORMAT)
    return toy_format.FORMAT


def docs_table(text: str) -> list[tuple[str, str, str]]:
    """The rows of the formats table of docs/importing.md: (``--format``, what, who writes it)."""
    section = text.split("## Formats", 1)[1].split("\n## ", 1)[0]
    return [(m[1], m[2].strip(), m[3].strip())
            for m in re.finditer(r"^\| `([a-z0-9_]+)` \|(.*?)\|(.*?)\|$", section, re.M)]


def missing_from_docs(text: str) -> list[str]:
    """The tournament formats whose record the docs' table does not show as declared."""
    rows = set(docs_table(text))
    return [f.name for f in formats.of_kind(TOURNAMENT) if (f.name, f.what, f.who) not in rows]


def book(tmp_path: Path, system: str = "shanghai") -> Path:
    path = tmp_path / f"{system}.xlsx"
    assert run_cli("new", system, path, "--empty") == 0
    return path


# --------------------------------------------------------------------------- the registry as it is

def test_every_format_module_declares_one_registered_record():
    modules = {p.stem for p in FORMATS_DIR.glob("*.py")} - NOT_FORMATS
    declared = {}
    for name in sorted(modules):
        record = getattr(importlib.import_module(f"{formats.__name__}.{name}"), "FORMAT", None)
        assert isinstance(record, Format), f"formats/{name}.py declares no FORMAT record"
        declared[record.name] = record
    assert declared == formats.REGISTRY
    assert list(formats.REGISTRY) == [f.name for f in formats.REGISTRY.values()]


def test_the_registry_holds_the_five_tournament_formats_and_the_two_game_lists():
    assert formats.names() == ("report", "crosstable", "h9", "trf", "opengotha")
    assert formats.names(GAME_LIST) == ("csv", "parquet")
    assert {f.name for f in formats.REGISTRY.values() if f.fallback} == {"crosstable"}
    assert {n for n, f in formats.REGISTRY.items() if f.go} == {"h9", "opengotha"}
    assert {n for n, f in formats.REGISTRY.items() if f.go is False} == {"trf"}
    for f in formats.REGISTRY.values():
        assert "games" in f.carries and f.carries <= CARRIES
    assert "handicaps" not in formats.REGISTRY["trf"].carries and "ranks" in formats.REGISTRY["h9"].carries


def test_the_command_line_choices_are_the_registry():
    from xl_ratings.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "cmd")
    action = next(a for a in sub.choices["import"]._actions if a.dest == "format")
    assert tuple(action.choices) == formats.names()
    assert "{report,crosstable,h9,trf,opengotha}" in sub.choices["import"].format_help()


def test_the_docs_table_is_the_registry():
    text = (DOCS / "importing.md").read_text(encoding="utf-8")
    assert [r[0] for r in docs_table(text)] == list(formats.names())
    assert missing_from_docs(text) == []


def test_the_game_lists_are_formats_told_by_their_names():
    from xl_ratings.jobs.common import GAME_LIST_SUFFIXES

    assert set(GAME_LIST_SUFFIXES) == {".csv", ".txt", ".parquet", ".pq"} == set(formats.suffixes())
    for f in formats.of_kind(GAME_LIST):
        module, _, name = f.reader.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), f.reader
        assert f.parse is None and not f.sniff(None)        # type: ignore[arg-type]


def test_a_record_is_checked_when_declared():
    with pytest.raises(ValueError, match="not in CARRIES"):  # a developer's ValueError, not a catalogue message
        dataclasses.replace(toy_format.FORMAT, carries=frozenset({"games", "moves"}))
    with pytest.raises(ValueError, match="lower-case"):
        dataclasses.replace(toy_format.FORMAT, name="Toy")
    with pytest.raises(ValueError, match="names its reader"):  # a developer's ValueError
        dataclasses.replace(toy_format.FORMAT, kind=GAME_LIST)


# --------------------------------------------------------------------------- a sixth format: the toy

def test_without_its_registry_line_the_toy_is_no_format(tmp_path, capsys):
    src = toy_format.write(tmp_path / "open.toy")
    with pytest.raises(InputErrors) as info:
        guess_format(src)
    assert [e.text.id for e in info.value.errors] == ["sources.format_unknown"]
    with pytest.raises(SystemExit):
        run_cli("import", src, "--into", tmp_path / "x.xlsx", "--format", "toy")
    assert "invalid choice: 'toy'" in capsys.readouterr().err


def test_a_new_format_is_one_module_and_one_registry_line(toy, tmp_path, capsys):
    """Detected, parsed, offered on the command line, imported into a workbook and rated."""
    src = toy_format.write(tmp_path / "open.toy")
    assert guess_format(src) == "toy"
    t = load(src)
    assert t.format == "toy" and len(t.games) == 4 and t.event.name == "Toy Open"
    club = book(tmp_path)
    assert run_cli("import", src, "--into", club, "--dry-run") == 0
    assert run_cli("import", src, "--into", club) == 0
    games = read_sheet(club, "Games")
    assert len(games) == 4 and {str(g["result"]) for g in games} == {"1", "0", "0.5"}
    assert [e["name"] for e in read_sheet(club, "Events")] == ["Toy Open"]
    assert {p["name"] for p in read_sheet(club, "Players")} == {"Ann Lee", "Bob Wu", "Cid Ma", "Dan Xu"}
    again = toy_format.write(tmp_path / "second.toy", name="Toy Cup")
    code, told = cli_problems("import", again, "--into", club, "--format", "toy")     # the same games: refused
    assert code == 2
    only(told, "imports.same_games_as_event", event="E001", name="Toy Open")
    assert run_cli("process", club, "--period", "2024H1") == 0
    assert "4 pending" in capsys.readouterr().out          # rated: four new players, unrated yet


def test_the_other_formats_are_told_as_before_with_the_toy_registered(toy, tmp_path):
    from import_writers import EVENT, write_h9, write_opengotha, write_rr_csv, write_trf

    for write, suffix, name in ((write_h9, ".h9", "h9"), (write_trf, ".trf", "trf"),
                                (write_opengotha, ".xml", "opengotha"), (write_rr_csv, ".csv", "crosstable")):
        assert guess_format(write(tmp_path / f"s{suffix}", EVENT)) == name


def test_the_import_checks_read_the_record(toy, tmp_path, monkeypatch):
    """What a format's record says of Go is what the import checks: a Go format only into a Go
    workbook, a chess file never into one -- whatever the format is called."""
    from xl_ratings.jobs.importing import import_into

    src = toy_format.write(tmp_path / "open.toy")
    monkeypatch.setitem(formats.REGISTRY, "toy", dataclasses.replace(toy, go=True))
    with pytest.raises(InputErrors) as info:
        import_into(book(tmp_path, "shanghai"), [str(src)], dry_run=True)
    refused = [e.text for e in info.value.errors]
    assert [(t.id, t.param("format")) for t in refused] == [("imports.go_file_not_go_book", "toy")]
    monkeypatch.setitem(formats.REGISTRY, "toy", dataclasses.replace(toy, go=False))
    with pytest.raises(InputErrors) as info:
        import_into(book(tmp_path, "gor"), [str(src)], dry_run=True)
    assert [e.text.id for e in info.value.errors] == ["imports.trf_not_go_book"]


def test_the_unknown_format_message_names_the_registry(toy, tmp_path):
    src = toy_format.write(tmp_path / "open.toy")
    with pytest.raises(InputErrors) as info:
        load(src, format="pgn")
    (err,) = info.value.errors
    assert err.text.id == "sources.unknown_format_option"
    assert err.text.param("formats") == "report, crosstable, h9, trf, opengotha, toy"


def test_the_docs_check_sees_a_format_missing(toy):
    text = (DOCS / "importing.md").read_text(encoding="utf-8")
    assert missing_from_docs(text) == ["toy"]
    row = "| `toy` | a toy results file | the tests |"
    assert missing_from_docs(text.replace("| `report` |", row + "\n| `report` |", 1)) == []
