"""Traditional Chinese for the Hong Kong workbooks (the hostile review, finding 20).

OpenCC converts by phrases, and a phrase of everyday Chinese may not be ours:
``traditional("棋手表")`` gave 棋手錶 ("player watch", by the phrase 手表) in
Checks lines and Corrections.  Every catalogue entry, label and Chinese text of
the package is converted here, and each place where the phrase conversion
chooses otherwise than the character's own conversion must be a choice we
know to be right (週期, 複製, 答覆, 公佈, 註明, 四捨五入, 一併, 係數, the
surnames 万俟, 百里, 鲜于); a new one fails until it is looked at.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from xl_ratings.i18n import _converter, labels, traditional
from xl_ratings.i18n.catalogue import load_all

PKG = Path(__file__).resolve().parents[2] / "xl_ratings"
HAN = re.compile(r"[\u4e00-\u9fff]")

#: (simplified, the phrase conversion's character, the character's own conversion): right in our texts
ADMITTED = {
    ("周", "週", "周"),       # 周期 -> 週期 (a period)
    ("复", "複", "復"),       # 复制 -> 複製, 重复 -> 重複
    ("复", "覆", "復"),       # 答复 -> 答覆
    ("布", "佈", "布"),       # 公布 -> 公佈, then i18n.TERMS: 公布 (the HK government's form)
    ("注", "註", "注"),       # 注明 -> 註明, 注册 -> 註冊
    ("舍", "捨", "舍"),       # 四舍五入 -> 四捨五入
    ("制", "製", "制"),       # 复制 -> 複製
    ("并", "併", "並"),       # 一并 -> 一併
    ("系", "係", "系"),       # 系数 -> 係數
    ("万", "万", "萬"),       # the surname 万俟
    ("里", "里", "裏"),       # the surname 百里
    ("于", "于", "於"),       # the surname 鲜于
    ("丰", "丰", "豐"),       # 张三丰 (a name in a docstring)
}


def our_texts() -> list[tuple[str, str]]:
    """(where, simplified text): every catalogue entry, label, and Chinese string of the package."""
    out = [(mid, m.zh) for mid, m in load_all().items()]
    for name in dir(labels):
        value = getattr(labels, name)
        if isinstance(value, dict):
            out += [(f"labels.{name}.{k}", v) for k, v in value.items() if isinstance(v, str)]
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and HAN.search(node.value):
                out.append((f"{path.relative_to(PKG)}:{node.lineno}", node.value))
    return out


def test_every_text_of_ours_converts_only_by_phrase_choices_we_know():
    conv = _converter()
    unknown = []
    for where, text in our_texts():
        whole = conv.convert(text)
        chars = "".join(conv.convert(c) for c in text)
        for i, (s, w, c) in enumerate(zip(text, whole, chars)):
            if w != c and (s, w, c) not in ADMITTED and traditional(text)[i] == w:
                unknown.append(f"{where}: {text[max(0, i - 4):i + 4]} -> {whole[max(0, i - 4):i + 4]}")
    assert unknown == []


def test_no_text_of_ours_turns_a_table_into_a_watch():
    texts = our_texts()
    assert len(texts) > 400
    assert [w for w, t in texts if "錶" in traditional(t) and "錶" not in t] == []


@pytest.mark.parametrize("text, want", [("棋手表", "棋手表"), ("棋手表缺少“姓名”列", "棋手表缺少“姓名”列"),
                                        ("对手表", "對手表"), ("选手表", "選手表"), ("手表", "手表"),
                                        ("等级分变动表", "等級分變動表"), ("周期", "週期")])
def test_table_stays_a_table(text, want):
    assert traditional(text) == want


def test_a_term_of_ours_is_converted_the_same_way_in_every_text():
    """Hostile2 F14: one gor workbook's messages said `History 已有周期 2026` and `History 中沒有該週期`:
    OpenCC's phrases took 周 of 周期 into 有周. Every term of ours (each simplified word that
    converts more than one way somewhere) now reads the same in every text."""
    from collections import defaultdict

    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    terms = ("周期", "公布", "注明", "复制", "重复", "系数", "答复", "注册", "备份", "历史", "积分", "级别")
    for where, text in our_texts():
        out = traditional(text)
        if len(out) != len(text):        # the conversion keeps the length: a term is where it was
            continue
        for term in terms:
            at = text.find(term)
            while at >= 0:
                found[term][out[at:at + len(term)]].append(where)
                at = text.find(term, at + 1)
    mixed = {t: {k: v[:3] for k, v in ways.items()} for t, ways in found.items() if len(ways) > 1}
    assert not mixed, mixed
    assert traditional("History 已有周期 2026") == "History 已有週期 2026"
