"""A benchmark's table written into docs/performance.md between its markers (``--doc``)."""

from __future__ import annotations

from pathlib import Path


def write_doc(doc: Path, text: str, begin: str, end: str) -> None:
    """Replace what stands between ``begin`` and ``end`` in ``doc`` with ``text``."""
    body = doc.read_text(encoding="utf-8")
    if begin not in body or end not in body:
        raise SystemExit(f"{doc} has no {begin} … {end} markers")
    head, rest = body.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(f"{head}{begin}\n{text}\n{end}{tail}", encoding="utf-8")
