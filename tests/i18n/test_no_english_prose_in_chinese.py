"""The Chinese of every catalogue entry is Chinese: a Latin word in it is something the officer
types or reads as it is -- a command, an option, a file name, a system's key, a sheet's or a
column's key (the labels' English names; the package's lists only, so that a clone without
the shared CONTRACT.md beside it checks the same), a program's or a format's name, a value typed in a
cell -- never a word of English prose.  And what is put into a Chinese line is in Chinese too: the
outputs no option names (the backup, the problems and checks files) are named in words, not by the
job's English key ("backup BOOK.backup.xlsx 为只读" was shown)."""

from __future__ import annotations

import re

import pytest
from problem_ids import problems

from xl_ratings.cli import build_parser
from xl_ratings.errors import InputErrors
from xl_ratings.files.paths import OWN_OUTPUTS, check_outputs, output_word
from xl_ratings.i18n import TRADITIONAL
from xl_ratings.i18n.catalogue import load_all
from xl_ratings.i18n.labels import ENGLISH, LABELS, SHEET_ALIASES
from xl_ratings.systems import SYSTEMS

#: Latin words a Chinese text may hold that no list of the package names, each for its reason.
KEPT = {
    # programs, file formats, standards, bodies, units: names, never translated
    "Excel", "LibreOffice", "Calc", "Python", "OpenGotha", "pairgoth", "Swiss-Manager", "Vega", "Elo", "GoR",
    "EGF", "EGD", "FIDE", "PIN", "PDF", "CSV", "TXT", "TRF", "XML", "JSON", "DTD", "ZIP", "zip", "VBA", "UTF-8",
    "UTF-16", "NUL", "NaN", "Parquet", "parquet", "pyarrow", "numba", "xlwings", "Lite", "Windows", "Linux", "Debian",
    "TextEdit", "OpenDocument", "Apple", "Numbers", "FAT32", "FIFO", "MiB", "GiB", "GB", "https", "h9", "HK", "HKG", "CN", "CHN",
    "CON", "LPT1", "FILE", "WORKBOOK", "ToJyutping", "min", "max", "seed", "dan", "kyu",
    # commands typed as they are (install steps, the extension's installer)
    "pip", "install", "sudo", "apt-get", "unopkg", "add", "python3-uno", "libreoffice-calc-nogui",
    # values typed in cells or options (Settings, Import sheet answers, settings values)
    "match", "new", "replace", "distinct", "yes", "no", "test", "bonus", "national", "provincial", "district",
    "round_robin", "swiss", "all", "pure", "compiled", "fast", "logistic", "table", "below", "Round", "TRUE",
    "RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL", "XXR", "Tournament", "Crosstable", "Visible",
    "xlSheetVisible", "ELO_DELTA", "opponents", "Manager", "Use", "list", "ratinglists", "egf_db",
    # Settings keys a message names (the rulebooks' keys are the labels' and CONTRACT.md's)
    "country", "federation", "system",
    # example names of people (how a name is romanised)
    "Chan", "Tai", "Man", "Kim", "Minjun",
    # a date's pattern as it is typed
    "YYYY-MM-DD",
    # keys on the keyboard (Ctrl+Z: undo)
    "Ctrl",
    # the package and its demo workbook
    "xl_ratings", "xl", "docs",
}
#: a symbol of a formula or a result: letters and digits, a capital first (K, PC, S_E, R3, A1)
SYMBOL = re.compile(r"^[A-Z][A-Z0-9_]{0,3}$|^[a-z]$|^[A-Za-z]\d+$")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|'[^']*'|「[^」]*」|<[^>]*>|\{[^}]*\}")
#: a chunk holding a dot, a slash or an equals sign is a file name, a path or a KEY=VALUE: typed as it is
TYPED = re.compile(r"[A-Za-z0-9_\-]*[./=\\][A-Za-z0-9_.\-/=\\\[\]]*")


def allowed() -> set[str]:
    parser = build_parser()
    words = set(KEPT) | set(SYSTEMS) | set(LABELS) | set(ENGLISH) | set(SHEET_ALIASES) | {"xl-ratings"}
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    words |= set(sub.choices)
    # the values an option takes (--layout egd/fide/csv ...): typed as they are
    words |= {str(c) for p in sub.choices.values() for a in p._actions if a.choices for c in a.choices}
    words |= {"Import", "Checks", "Changes", "Corrections", "Fees", "Event", "Summary", "History", "Standards"}
    return words


def options() -> set[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return {o for p in sub.choices.values() for a in p._actions for o in a.option_strings} | {"--help", "--version"}


def latin_words(zh: str) -> list[str]:
    text = QUOTED.sub(" ", zh)
    text = re.sub(r"--[a-z][a-z\-]*", " ", text)
    text = TYPED.sub(" ", text)
    return WORD.findall(text)


def test_no_chinese_text_holds_an_english_word_of_prose():
    ok = allowed()
    found = {}
    for id, entry in sorted(load_all().items()):
        bad = [w for w in latin_words(entry.zh) if w not in ok and not SYMBOL.match(w)]
        if bad:
            found[id] = bad
    assert not found, found


def test_every_option_a_chinese_text_names_is_an_option_of_the_command_line():
    known = options()
    named = {(id, o) for id, entry in load_all().items() for o in re.findall(r"--[a-z][a-z\-]*", entry.zh)}
    assert {(id, o) for id, o in named if o not in known} == set()


def test_the_check_finds_a_word_of_prose():
    """What the test looks for is found: an English word left in a Chinese sentence."""
    assert latin_words("请把 backup 文件移走") == ["backup"]
    typed = latin_words("请用 --from 2026H1 重新计算 BOOK.backup.xlsx，点击 “Use EGF rating list”")
    assert [w for w in typed if not SYMBOL.match(w)] == []
    assert latin_words("{option} {path} 为只读") == []
    assert "backup" not in allowed() and "please" not in allowed()


@pytest.mark.parametrize("key, zh", [("backup", "备份文件"), ("problems", "问题清单文件"), ("checks", "检查清单文件")])
def test_an_output_no_option_names_is_told_in_words(tmp_path, key, zh):
    book = tmp_path / "BOOK.xlsx"
    book.write_bytes(b"PK")
    out = tmp_path / "BOOK.backup.xlsx" if key == "backup" else tmp_path / f"{key}.csv"
    out.mkdir()                         # a folder where the output goes
    with pytest.raises(InputErrors) as info:
        check_outputs([book], {key: out}, force=True, ours=lambda p: True)
    [p] = problems(info.value)
    assert p.id == "files.output_not_a_file" and p.params["option"] == (OWN_OUTPUTS[key].id, {})
    [err] = info.value.errors
    line = err.text.zh_in(TRADITIONAL if key == "backup" else "zh-Hans")
    assert key not in line.replace(out.name, "").replace(str(out), ""), line
    assert (zh if key != "backup" else "備份文件") in line
    assert err.text.en.startswith(f"the {'backup' if key == 'backup' else key + ' file'} ")


def test_an_option_is_named_as_typed():
    assert output_word("--json") == "--json" and output_word("--output") == "--output"
