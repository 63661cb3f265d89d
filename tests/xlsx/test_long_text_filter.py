"""The safety scan's cheap look for a text node past a cell's 32,767 characters
(xlsx/safety._may_hold_long_text) never misses one: a body it passes has no run of 32,768
bytes without ``<``, wherever the run starts."""

from __future__ import annotations

import random

from xl_ratings.engine.cells import MAX_CELL_CHARS
from xl_ratings.xlsx.safety import _LONG_TEXT, _may_hold_long_text


def _longest(body: bytes) -> int:
    return max(map(len, body.split(b"<")))


def test_never_misses_a_long_run():
    rnd = random.Random(28)
    passed = caught = 0
    for _ in range(400):
        parts = [b"x" * rnd.randint(0, 60) for _ in range(rnd.randint(0, 3000))]
        if rnd.random() < 0.5:          # one run near a cell's limit, anywhere
            parts.insert(rnd.randint(0, len(parts)), b"x" * rnd.randint(MAX_CELL_CHARS - 40, MAX_CELL_CHARS + 40))
        body = b"<".join(parts)
        if _longest(body) > MAX_CELL_CHARS:
            assert _may_hold_long_text(body)
            caught += 1
        elif not _may_hold_long_text(body):
            passed += 1
    assert caught > 20 and passed > 20      # both sides were tried


def test_a_long_cell_is_still_found_at_any_offset():
    text = b"y" * (MAX_CELL_CHARS + 1)
    for pad in (0, 1, 16383, 16384, 16385, 40000):
        body = b"<c r=\"A1\">" + b"z" * pad + b"<is><t>" + text + b"</t></is></c>"
        assert _may_hold_long_text(body)
        assert [len(m.group(1)) for m in _LONG_TEXT.finditer(body)] == [MAX_CELL_CHARS + 1]
