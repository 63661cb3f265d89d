"""The site's search finds a player by the name typed in either script: 龚军 (a simplified keyboard,
a mainland visitor) finds 龔軍 on the Hong Kong site, 龍芳 finds 龙芳 on Shanghai's -- as the import
matches them. The list's script squashes spaces and looks for the typed text in each row's
``data-search``, so the name in the other script must be in it."""

from __future__ import annotations

import re
from html import unescape

import pytest

from helpers import processed_sample, run_cli
from xl_ratings.i18n import TRADITIONAL, simplified, to_lang


def _searches(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    return [unescape(s) for s in re.findall(r'data-search="([^"]*)"', html)]


def _finds(keys, typed):
    """As list.js: lower case, no whitespace, a substring."""
    t = re.sub(r"\s+", "", typed.lower())
    return [k for k in keys if t in re.sub(r"\s+", "", k)]


@pytest.mark.parametrize("system, name, other", [
    ("gor", "龔軍", lambda n: simplified(n)), ("shanghai", "龙芳", lambda n: to_lang(n, TRADITIONAL))])
def test_the_name_in_the_other_script_finds_the_player(tmp_path, monkeypatch, system, name, other):
    monkeypatch.setenv("XL_RATINGS_TODAY", "2026-12-01")
    book = processed_sample(tmp_path, system)
    site = tmp_path / "site"
    assert run_cli("publish", book, "--site", site) == 0
    keys = _searches(site)
    typed = other(name)
    assert typed != name
    assert len(_finds(keys, name)) == 1
    assert _finds(keys, typed) == _finds(keys, name)
