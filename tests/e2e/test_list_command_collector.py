"""``xl-ratings process LIST``: the cyclic collector is off for the command and what is alive at its end
is frozen (cli._collector_off: no full collection after the job nor at the process's end); it is
on again afterwards as it was, and a second run in the same process unfreezes the first's."""

import csv
import gc

from xl_ratings.cli import main


def _list(tmp_path):
    with open(tmp_path / "players.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "rating", "games"])
        w.writerows([f"U{i}", 1500 + i, 30] for i in range(6))
    with open(tmp_path / "games.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["date", "player", "opponent", "result"])
        w.writerows([f"2025-03-{1 + i // 3:02d}", f"U{i % 6}", f"U{(i + 1) % 6}", "1"] for i in range(30))
    return ["process", str(tmp_path / "games.csv"), "--system", "lianzhong", "--players",
            str(tmp_path / "players.csv"), "--output", str(tmp_path / "ratings.csv"), "--force"]


def test_the_collector_is_off_for_the_command_and_its_objects_frozen(tmp_path, monkeypatch):
    monkeypatch.setenv("XL_RATINGS_KERNEL", "pure")
    args = _list(tmp_path)
    assert gc.isenabled()
    seen = []
    import xl_ratings.jobs.process as process

    real = process.process

    def spy(*a, **k):
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        return real(*a, **k)
    monkeypatch.setattr(process, "process", spy)
    try:
        assert main(args) == 0
        frozen = gc.get_freeze_count()
        assert seen[0][0] is False and gc.isenabled() and frozen > 0
        assert (tmp_path / "ratings.csv").read_text(encoding="utf-8-sig").startswith("place,id,")
        assert main(args) == 0
        assert seen[1] == (False, 0)         # the first run's objects unfrozen before the second
        assert gc.isenabled()
    finally:
        gc.unfreeze()
