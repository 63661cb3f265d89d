"""Shared test helpers: build workbooks from tables, run the CLI, read sheets back."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import stat
from pathlib import Path
from typing import Any

import openpyxl

from xl_ratings.cli import main as cli_main
from xl_ratings.i18n.labels import LABELS, header_key

D = dt.date


def write_book(tables: dict[str, list[list[Any]]], path: Path) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in tables.items():
        ws = wb.create_sheet(name)
        for r in rows:
            ws.append(r)
    wb.save(path)
    return path


def folder_tree(root: Path) -> dict[str, str]:
    """Every entry under ``root``: its mode and kind, a file's SHA-256, a link's target -- two equal
    trees: nothing written, moved or changed (a refusal's promise)."""
    out = {}
    for dirpath, dirs, files in os.walk(root):
        for name in dirs + files:
            p = Path(dirpath) / name
            st = os.lstat(p)
            if stat.S_ISLNK(st.st_mode):
                what = "link " + os.readlink(p)
            elif stat.S_ISDIR(st.st_mode):
                what = "dir"
            else:
                what = hashlib.sha256(p.read_bytes()).hexdigest()
            out[str(p.relative_to(root))] = f"{oct(stat.S_IMODE(st.st_mode))} {what}"
    return out


def deny_writing(monkeypatch: Any, folder: Path) -> None:
    """``os.access`` says ``folder`` cannot be written (as for a user without the right: the tests
    run as root, whom a mode does not stop)."""
    real = os.access

    def access(path: Any, mode: int, *a: Any, **k: Any) -> bool:
        if os.path.realpath(path) == os.path.realpath(folder) and mode & os.W_OK:
            return False
        return real(path, mode, *a, **k)

    monkeypatch.setattr(os, "access", access)


def run_cli(*args: str) -> int:
    return cli_main([str(a) for a in args])


TEMPLATES = Path(__file__).resolve().parents[1] / "workbook_templates"


def processed_sample(folder: Path, system: str) -> Path:
    """A copy of ``system``'s sample workbook in ``folder``, processed by the command line."""
    import shutil

    book = Path(folder) / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    assert run_cli("process", book) == 0
    return book


def players_column(ws: Any, key: str, add: bool = True) -> int:
    """The column of the Players sheet ``ws`` headed ``key`` (alone, or after its Chinese label:
    ``拉丁姓名 latin_name``); added after the last one when missing and ``add``."""
    col = next((c.column for c in ws[1] if c.value and str(c.value).split()[-1] == key), None)
    if col is None:
        assert add, f"no column {key!r} in {ws.title}"
        col = ws.max_column + 1
        ws.cell(1, col, key)
    return col


def sample_named(folder: Path, system: str, name: str) -> Path:
    """A copy of ``system``'s sample in ``folder`` with its first player named ``name``, processed."""
    import shutil

    from xl_ratings.i18n.labels import sheet_key

    book = Path(folder) / f"{system}.xlsx"
    shutil.copy(TEMPLATES / f"{system}.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = next(wb[n] for n in wb.sheetnames if sheet_key(n) == "Players")
    ws.cell(row=2, column=players_column(ws, "name", add=False)).value = name
    wb.save(book)
    assert run_cli("process", book) == 0
    return book


def read_sheet(path: Path, name: str) -> list[dict[str, Any]]:
    """A result sheet as dicts keyed by column key (headers are 'label key')."""
    ws = openpyxl.load_workbook(path, data_only=True)[name]
    rows = list(ws.iter_rows(values_only=True))
    known = set(LABELS)
    header = list(rows[0])
    if None in header:   # the History chart data stands right of a blank column
        header = header[:header.index(None)]
    keys = [header_key(h, known) for h in header]
    out = []
    for r in rows[1:]:
        if all(v is None for v in r):
            continue
        out.append({k: v for k, v in zip(keys, r) if k})
    return out


def by_id(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in rows}


# tuples: a test that edits a header row must copy it first
PLAYERS = ("id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member")
EVENTS = ("event", "name", "start", "end", "format", "class", "level", "champion")
GAMES = ("event", "date", "round", "player", "opponent", "result", "handicap")


def told(err: Any, lang: str = "zh-Hans") -> str:
    """Every problem of ``err`` (one error, or :class:`InputErrors`) as the officer reads it: the
    English line, then the Chinese line (the command line prints both)."""
    errors = getattr(err, "errors", None) or [err]
    return "\n".join(f"{e.en_line(lang)}\n{e.zh_line(lang)}" for e in errors)
