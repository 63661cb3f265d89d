"""The message catalogue (issue 15): one id per message, both languages, the same parameters;
every entry used; the Chinese put in the run's script before the parameters go in."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from xl_ratings.errors import RatingInputError, Text, Where, joined
from xl_ratings.i18n import SIMPLIFIED, TRADITIONAL, to_lang
from xl_ratings.i18n.catalogue import CATALOGUE, TOPICS, load_all, message

CJK = re.compile(r"[\u3400-\u9fff]+")
PKG = Path(__file__).resolve().parents[2] / "xl_ratings"
PARAM = re.compile(r"(?<!\{)\{(\w+)")


def test_every_entry_has_both_languages_and_the_same_parameters():
    """Strict: English text without Chinese -- but for the spellings an officer may type (男/女,
    胜/和/负, 特级大师), which the Chinese names too --, Chinese text with Chinese, the same
    named parameters on both sides, registered under its own id."""
    entries = load_all()
    assert len(entries) > 340, "the catalogue lost entries"
    problems = []
    for mid, m in sorted(entries.items()):
        if not re.search(r"[A-Za-z]", m.en):
            problems.append(f"{mid}: the English text has no English")
        typed = [w for w in CJK.findall(m.en) if w not in m.zh]
        if typed:
            problems.append(f"{mid}: Chinese in the English text that the Chinese does not name: {typed}")
        if not CJK.search(m.zh):
            problems.append(f"{mid}: the Chinese text has no Chinese")
        if set(PARAM.findall(m.en)) != set(PARAM.findall(m.zh)):
            problems.append(f"{mid}: parameters differ: {sorted(PARAM.findall(m.en))} / {sorted(PARAM.findall(m.zh))}")
        if mid != m.id:
            problems.append(f"{mid}: registered under another id")
    assert problems == []


def test_the_strictness_checks_can_fail():
    """The checks above see a bad entry (guards against a check that passes everything)."""
    bad = {"x.a": ("only {a}", "只有 {b}"), "x.b": ("中文", "中文"), "x.c": ("English", "English")}
    for en, zh in bad.values():
        assert (set(PARAM.findall(en)) != set(PARAM.findall(zh)) or not re.search("[A-Za-z]", en)
                or not CJK.search(zh))


def _declared() -> dict[str, tuple[str, str | None]]:
    """id -> (topic module file, the name it is bound to; None: an entry of a table)."""
    out: dict[str, tuple[str, str | None]] = {}
    files = [PKG / "errors.py"] + [PKG.parent / (t.replace(".", "/") + ".py") for t in TOPICS]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "message":
                mid = node.args[0].value      # type: ignore[attr-defined]
                out[mid] = (str(path), None)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and getattr(node.value.func, "id", None) == "message":
                out[node.value.args[0].value] = (str(path), node.targets[0].id)   # type: ignore[attr-defined]
    return out


#: check rules whose id the rulebook makes from data: peng's Points sheet kinds (``checks.add(f"peng.{kind}")``)
MADE_IDS = {"peng.test": "test", "peng.bonus": "bonus"}


def test_every_entry_is_used_somewhere_in_the_package():
    """An entry is used when its name is read outside the topic modules (``M.NAME``), or when its id
    is written in the package (a check rule: ``Check("date.future", …)``, ``checks.add("gor.floor", …)``)."""
    load_all()
    declared = _declared()
    assert set(declared) == set(CATALOGUE), "the scan missed entries"
    topics = {path for path, _ in declared.values()}
    names: dict[str, int] = {}
    strings: set[str] = set()
    for path in PKG.rglob("*.py"):
        if str(path) in topics and path.name != "errors.py":
            continue            # a topic module declares; the package uses
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):       # names read (a binding's own target is stored, not read)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                names[node.attr] = names.get(node.attr, 0) + 1
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                names[node.id] = names.get(node.id, 0) + 1
            elif isinstance(node, ast.alias):
                names[node.name] = names.get(node.name, 0) + 1
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
    peng = (PKG / "systems" / "peng.py").read_text(encoding="utf-8")
    unused = []
    for mid, (path, name) in sorted(declared.items()):
        by_name = name is not None and names.get(name, 0) > 0
        by_id = mid in strings or (mid in MADE_IDS and f'"{MADE_IDS[mid]}"' in peng)
        if not (by_name or by_id):
            unused.append(f"{mid} ({name or 'a table entry'}, {Path(path).name})")
    assert unused == []


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
    assert err.zh_in(TRADITIONAL) == to_lang(text.zh, TRADITIONAL) != text.zh


def test_the_chinese_is_put_in_the_script_before_the_names_go_in():
    """A name written in simplified characters stays as written in a traditional message (what is
    shown is what is written); the message's own words are traditional."""
    load_all()
    text = CATALOGUE["imports.other_club"](name="陈大文", club="九龙棋社", candidates="P001 陈大文")
    hant = text.zh_in(TRADITIONAL)
    assert "陈大文" in hant and "九龙棋社" in hant                  # the names: as written
    assert "與另一單位" in hant and "与另一单位" not in hant          # the words: traditional
    assert text.zh_in(SIMPLIFIED) == text.zh and "与另一单位" in text.zh
    assert text.both(TRADITIONAL) == f"{text.en} — {hant}"
    # a message inside a message, and a list of them, are told in the same script
    inner = CATALOGUE["sources.in_round"](round=3, text=CATALOGUE["sources.bye"]())
    assert inner.zh_in(TRADITIONAL) == "第 3 輪：輪空" and inner.en == "round 3: bye"
    listed = joined([CATALOGUE["sources.rp_sheet_event"](), "张三"])
    assert listed.zh_in(TRADITIONAL) == "Event（賽事）、张三" and listed.en == "Event, 张三"


def test_a_place_is_told_in_both_languages_names_as_written():
    w = Where(file="t.h9", line=12)
    assert w.describe() == "file t.h9, line 12" and "第 12 行" in w.describe_zh()
    place = Where(file="报告.xlsx", sheet="对局", row=4, column="C")
    assert place.describe_zh(TRADITIONAL) == "文件 报告.xlsx，工作表 '对局'，第 4 行，列 'C'"
    err = RatingInputError(CATALOGUE["sheets.cell_empty"](), where=place, value="x")
    assert err.zh_line(TRADITIONAL) == "文件 报告.xlsx，工作表 '对局'，第 4 行，列 'C'：為空（值：'x'）"
