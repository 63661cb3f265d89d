"""The console's tables speak the officer's language: the summary printed after ``process`` and
``demo`` heads its columns as the result sheets do -- the label in the workbook's script (traditional
Chinese for the Hong Kong GoR workbooks, simplified otherwise; the system's own word: GoR's 棋力分,
peng's 累积等级分) over the English key -- never in English alone."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from xl_ratings.cli import main, pass_words, summary_columns, summary_table
from xl_ratings.i18n import SIMPLIFIED, TRADITIONAL, simplified, traditional
from xl_ratings.systems import REGISTRY, SYSTEMS

CJK = re.compile(r"[\u3400-\u9fff]")


def heads(system) -> list[str]:
    return [str(c.header) for c in summary_table(system, []).columns]


def in_own_script(text: str, lang: str) -> bool:
    return (traditional(text) if lang == TRADITIONAL else simplified(text)) == text


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_head_is_chinese_in_the_systems_script_over_its_key(name):
    system = REGISTRY[name]
    got = heads(system)
    keys = summary_columns(system)
    assert len(got) == len(keys)
    for head, key in zip(got, keys):
        zh, en = head.split("\n")
        assert en == ("#" if key == "place" else key)
        assert CJK.search(zh) and not re.search(r"[A-Za-z]", zh), head
        assert in_own_script(zh, system.lang), (name, zh)


def test_the_heads_are_the_words_of_each_system_and_script():
    """Real words, by system: the Hong Kong GoR workbook's in traditional characters and its own
    棋力分, peng's cumulative score, shanghai's and lianzhong's in simplified characters."""
    assert heads(REGISTRY["gor"]) == ["名次\n#", "編號\nid", "姓名\nname", "原棋力分\nold", "新棋力分\nnew",
                                      "變化\nchange", "局數\ngames"]
    assert heads(REGISTRY["shanghai"]) == ["名次\n#", "编号\nid", "姓名\nname", "原等级分\nold", "新等级分\nnew",
                                           "变化\nchange", "局数\ngames"]
    assert heads(REGISTRY["lianzhong"]) == heads(REGISTRY["shanghai"])
    assert heads(REGISTRY["peng"]) == ["名次\n#", "编号\nid", "姓名\nname", "年度等级分\nannual",
                                       "原累积等级分\nold", "累积等级分\nnew", "累积分变化\nchange", "局数\ngames"]
    assert REGISTRY["gor"].lang == TRADITIONAL and REGISTRY["shanghai"].lang == SIMPLIFIED


def printed_heads(block: str) -> list[str]:
    """The heads of the (first) table printed in ``block``: each column's header lines joined
    (a long head folds onto more lines on a narrow console)."""
    lines = block.splitlines()
    top = next(i for i, ln in enumerate(lines) if ln.startswith("┏"))
    bottom = next(i for i, ln in enumerate(lines) if ln.startswith("┡"))
    columns: list[list[str]] = []
    for ln in lines[top + 1:bottom]:
        cells = [c.strip() for c in ln.strip("┃").split("┃")]
        columns += [[] for _ in range(len(cells) - len(columns))]
        for col, c in zip(columns, cells):
            if c:
                col.append(c)
    return ["".join(col[:-1]) + "\n" + col[-1] for col in columns]


def test_nothing_is_cut_short_on_a_narrow_console():
    """peng's eight columns on an 80-column console: every value and key shown whole, the long
    Chinese heads folded onto two lines -- never 原累积等… -- and the table within 80 columns."""
    from rich.cells import cell_len

    system = REGISTRY["peng"]
    rows = [{"id": "PG001", "name": "秦诗涵", "annual": 1239.11, "old": 10011.7, "new": 10053.7, "change": 42.0,
             "games": 30}]
    console = Console(width=80, record=True, force_terminal=False, color_system=None)
    console.print(summary_table(system, rows))
    out = console.export_text()
    assert "…" not in out and max(cell_len(ln) for ln in out.splitlines()) <= 80
    assert printed_heads(out) == heads(system)
    for word in ("秦诗涵", "PG001", "10011.70", "10053.70", "1239.11", "annual", "change", "games"):
        assert word in out, (word, out)


def test_demo_prints_each_workbook_in_its_script(tmp_path, capsys):
    """The demo's four summaries, as printed: each table's heads in its workbook's script."""
    assert main(["demo", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    blocks = re.split(r"\n(?=\S+ \(.*demo_\w+\.xlsx\): )", out)
    seen = {}
    for block in blocks:
        m = re.match(r"(\w+) \(", block)
        if m and m.group(1) in REGISTRY:
            seen[m.group(1)] = printed_heads(block)
    assert set(seen) == set(SYSTEMS)
    for name, got in seen.items():
        system = REGISTRY[name]
        assert got == heads(system), (name, got)
        assert all(in_own_script(h.split("\n")[0], system.lang) for h in got)
    assert "編號\nid" in seen["gor"] and "原棋力分\nold" in seen["gor"] and "编号\nid" in seen["shanghai"]


def test_a_game_list_run_summarises_in_the_chosen_systems_script(tmp_path, capsys):
    """``process GAMES.csv --system gor``: the Hong Kong list's summary in traditional characters."""
    games = tmp_path / "games.csv"
    games.write_text("date,player,opponent,result,event\n"
                     "2026-01-10,陳大文,李小明,1,E1\n2026-01-10,李小明,張三,1,E1\n2026-01-11,張三,陳大文,0,E1\n",
                     encoding="utf-8")
    players = tmp_path / "players.csv"
    players.write_text("id,name,rating,rank\n陳大文,陳大文,2000,1d\n李小明,李小明,1900,1k\n張三,張三,1800,2k\n",
                       encoding="utf-8")
    code = main(["process", str(games), "--system", "gor", "--players", str(players), "--output",
                 str(tmp_path / "out.csv")])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "編號" in out.out and "原棋力分" in out.out and "局數" in out.out
    assert "编号" not in out.out


@pytest.mark.parametrize("what, id, params", [("checking", "cli.pass_checking", {}),
                                              ("counting", "cli.pass_counting", {}),
                                              ("rating 2026H1", "cli.pass_rating", {"period": "2026H1"}),
                                              ("rating events", "cli.pass_rating_events", {})])
def test_a_game_lists_progress_bar_names_its_pass_in_both_languages(what, id, params):
    """The bar of a long list: the reader's pass in the catalogue's words, never its English key alone."""
    text = pass_words(what)
    assert (text.id, dict(text.params)) == (id, params)
    assert CJK.search(text.zh_in(TRADITIONAL)) and in_own_script(text.zh_in(TRADITIONAL), TRADITIONAL)
