"""A Hong Kong officer imports a club's crosstable (Big5, as a Hong Kong Windows saves it, CRLF,
blank lines at the end) that gives no class: the import says the rulebook's default applies. The
Chinese of that line names the Events column by its label (級別), not by the English key
("文件中沒有賽事的 class"); the option stays as it is typed (--class)."""

from __future__ import annotations

import datetime as dt
import re
import shutil

from helpers import TEMPLATES
from xl_ratings.i18n import TRADITIONAL, to_lang
from xl_ratings.intake.plan import Options
from xl_ratings.i18n.labels import LABELS
from xl_ratings.jobs.importing import import_into

ROWS = [["2026年冬季聯賽 成績表"], ["序號", "姓名", "單位", "段級", "1", "2", "3", "4", "總分", "名次"],
        ["1", "何家堃", "九龍棋社", "2D", "", "1", "1", "0.5", "2.5", "1"],
        ["2", "李喆", "新界棋會", "1D", "0", "", "1", "1", "2", "2"],
        ["3", "陳栢熙", "港島學界", "1k", "0", "0", "", "1", "1", "3"],
        ["4", "龔軍", "九龍棋社", "5D", "0.5", "0", "0", "", "0.5", "4"]]


def test_the_default_class_is_told_with_the_columns_chinese_label(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    book = tmp_path / "協會 棋力.xlsx"
    shutil.copy(TEMPLATES / "gor.xlsx", book)
    source = tmp_path / "冬季 交叉表.csv"
    source.write_bytes(("\r\n".join(",".join(r) for r in ROWS) + "\r\n\r\n\r\n").encode("big5hkscs"))
    plan, written = import_into(book, [str(source)], dry_run=True,
                                options=Options(start=dt.date(2026, 11, 14), end=dt.date(2026, 11, 15)))
    assert written == []
    told = [t for t in plan.summaries[0].told if t.id == "imports.summary_event_default"]
    assert len(told) == 1
    zh, en = told[0].zh_in(TRADITIONAL), told[0].en_in(TRADITIONAL)
    assert to_lang(LABELS["class"], TRADITIONAL) in zh           # 級別
    assert re.sub(r"--class", "", zh).count("class") == 0        # no English key left in the Chinese
    assert "--class" in zh and "--class" in en and "class" in re.sub(r"--class", "", en)
