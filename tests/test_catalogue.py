"""The message catalogue (issue 15): one id per message, both languages, the same parameters."""

from __future__ import annotations

import re

import pytest

from xl_ratings.errors import RatingInputError, Text, Where
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.i18n.catalogue import CATALOGUE, load_all, message

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_entry_has_both_languages_and_the_same_parameters():
    entries = load_all()
    assert entries, "the catalogue is empty"
    problems = []
    for mid, m in sorted(entries.items()):
        if not m.en.strip() or CJK.search(m.en):
            problems.append(f"{mid}: the English text is empty or not English")
        if not CJK.search(m.zh):
            problems.append(f"{mid}: the Chinese text has no Chinese")
        if m.en.count("{") and set(re.findall(r"\{(\w+)", m.en)) != set(re.findall(r"\{(\w+)", m.zh)):
            problems.append(f"{mid}: parameters differ between the languages")
        if not mid.startswith(m.id.split(".")[0]) or mid != m.id:
            problems.append(f"{mid}: registered under another id")
    assert problems == []


def test_an_id_is_declared_once():
    load_all()
    first = next(iter(CATALOGUE))
    with pytest.raises(RuntimeError, match="declared twice"):
        message(first, "x", "中")


def test_a_message_fills_both_languages_and_travels_in_an_error():
    entries = load_all()
    m = entries["workbooks.game_list_needs_system"]
    text = m(suffix=".csv")
    assert isinstance(text, Text) and ".csv" in text.en and ".csv" in text.zh
    err = RatingInputError(text, where=Where("games.csv"))
    assert err.problem == text.en and err.problem_zh == text.zh and err.text is text
    moved = err.located(row=3)
    assert moved.text is text and moved.where.row == 3 and moved.where.file == "games.csv"
    assert "文件" in to_lang(text.zh, TRADITIONAL) or CJK.search(to_lang(text.zh, TRADITIONAL))


def test_a_text_file_place_is_a_line_not_a_row():
    w = Where(file="t.h9", line=12)
    assert w.describe() == "file t.h9, line 12" and "第 12 行" in w.describe_zh()
