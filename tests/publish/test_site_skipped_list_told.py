"""A rating list the website leaves out is told in the officer's language: the Chinese line names the
layout and the problem in Chinese (at its place), never the English sentence inside it."""

from __future__ import annotations

import re

import openpyxl

from helpers import processed_sample
from xl_ratings.jobs.publish import publish


def test_the_left_out_list_is_told_in_each_language(tmp_path):
    book = processed_sample(tmp_path, "gor")
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    row = next(r[0].row for r in ws.iter_rows(min_row=2) if r[0].value)
    ws.cell(row, 2, "김민준")                     # a name no pairing program's list can write
    wb.save(book)
    done = publish(book, site=str(tmp_path / "site"))
    told = [n for n in done.notes if n.id == "publish.site_without_list"]
    assert [n.param("layout") for n in told] == ["EGD", "FIDE", "CSV"]     # each list needs Latin names
    why = told[0].param("why")
    assert why.param("text").id == "publish.rl_no_latin_name"
    zh = told[0].zh_in("zh-Hant")
    assert "EGD" in zh and "김민준" in zh and "Players" in zh
    words = zh.replace(str(book), "")
    for kept in ("EGD", "Players", "latin_name", "'name'", "Kim, Minjun"):     # names, not English
        words = words.replace(kept, "")
    english = re.findall(r"[A-Za-z]{3,}", words)
    assert english == [], zh                      # no English sentence inside the Chinese line
    assert "cannot be written in Latin letters" in told[0].en
