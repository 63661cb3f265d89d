"""The inputs of issue 16's "Hangs and crashes", timed: what took minutes now takes milliseconds.

* format detection of 198 KB of text in no known format (was 133 s, and deaf to Ctrl-C);
* an h9 whose comment holds 66,000 tags that never close;
* an OpenGotha file of 40,000 players (was 51 s: each player's line counted from the top);
* a crosstable of 20,000 numbered rows (each number was looked for among all before it);
* a report workbook that is a zip bomb (40 MiB of zeros in 40 KB): refused before inflating;
* republishing a 2,000-player site into a folder holding the officer's entries (the swap,
  the entries moved across it, the old copy removed).

Run: ``python benchmarks/edges_bench.py``; prints a table (best of 3, wall clock).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from xl_ratings.errors import InputErrors  # noqa: E402
from xl_ratings.importers import crosstable, load, opengotha  # noqa: E402


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def refused(path: Path):
    def run() -> None:
        try:
            load(path)
        except InputErrors:
            pass
    return run


def main() -> None:
    from import_writers import opengotha_many, write_report_bomb
    from site_fixtures import make_site

    from xl_ratings.publish.site import render_site

    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        text = tmp / "odd.txt"
        text.write_text("1 a 1d " * 28_000 + "\n")
        rows.append((f"detect 198 KB of text in no format ({text.stat().st_size // 1000} KB)", best(refused(text))))
        tags = tmp / "tags.h9"
        tags.write_text("; EV[x]\n; " + "AB[" * 66_000 + "\n")
        rows.append(("h9 with 66,000 unclosed tags", best(refused(tags))))
        data = opengotha_many(40_000)
        rows.append(("OpenGotha, 40,000 players", best(lambda: opengotha.parse_bytes(data, "t.xml"), 1)))
        grid = [["No", "Name", "R1"]] + [[str(i), f"P{i}", f"{i + 1 if i % 2 else i - 1}{'w' if i % 2 else 'b'}"
                                          f"{1 if i % 2 else 0}"] for i in range(1, 20_001)]
        rows.append(("crosstable, 20,000 rows", best(lambda: crosstable.parse_rows(grid, "t.csv"), 1)))
        bomb = write_report_bomb(tmp / "bomb.xlsx")
        rows.append(("report zip bomb refused", best(refused(bomb))))
        site = make_site()
        many = [p.__class__(**{**p.__dict__, "id": f"P{i}", "slug": f"p{i}"})
                for i in range(2000) for p in site.players[:1]]
        big = site.__class__(**{**site.__dict__, "players": many})
        out = tmp / "site"
        render_site(big, out, workers=1)
        (out / "uploads").mkdir()
        (out / "photos").symlink_to(tmp, target_is_directory=True)
        rows.append(("republish 2,000 player pages, officer's entries kept",
                     best(lambda: render_site(big, out, workers=1))))
    width = max(len(r[0]) for r in rows)
    print(f"{'case'.ljust(width)}  seconds")
    for name, t in rows:
        print(f"{name.ljust(width)}  {t:8.3f}")


if __name__ == "__main__":
    main()
