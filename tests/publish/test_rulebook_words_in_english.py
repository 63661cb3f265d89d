"""The site's English column heads use the rulebook's own symbols: a GoR change table says
"expected S_E" and "con" (the EGF formula's), not Elo's "expected We" and "K"; the Elo systems keep
We and K."""

from __future__ import annotations

from helpers import processed_sample
from xl_ratings.jobs.publish import published_outcome
from xl_ratings.publish.build import build_site


def _heads(system: str, tmp_path) -> set[str]:
    site = build_site(published_outcome(processed_sample(tmp_path, system)))
    return {c.label.en for p in site.players for t in (p.changes,) if t is not None for c in t.columns}


def test_gor_says_s_e_and_con(tmp_path):
    heads = _heads("gor", tmp_path)
    assert {"expected S_E", "con"} <= heads and not {"expected We", "K"} & heads


def test_shanghai_keeps_we_and_k(tmp_path):
    heads = _heads("shanghai", tmp_path)
    assert {"expected We", "K"} <= heads
