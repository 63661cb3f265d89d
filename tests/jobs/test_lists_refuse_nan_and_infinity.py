"""NaN and infinity in a CSV or Parquet game list (or its players file) are refused at their
rows, never read as numbers; a Parquet null is a blank (split out of tests/xlsx/test_trust.py,
"trust at the edges", section 3)."""

import pytest
from helpers import run_cli
from test_reader_at_the_edges import write_csv


def test_nan_and_infinity_in_csv_lists(tmp_path, capsys):
    games = write_csv(tmp_path / "g.csv", ["date", "player", "opponent", "result", "handicap"],
                      [["2026-01-05", "P1", "P2", "1", ""], ["2026-01-06", "P2", "P1", "nan", "inf"],
                       ["2026-01-07", "P1", "P2", "0", "-Infinity"]])
    players = write_csv(tmp_path / "p.csv", ["id", "rating", "games"], [["P1", "NaN", "30"], ["P2", "1500", "inf"]])
    code = run_cli("process", games, "--system", "lianzhong", "--players", players)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "g.csv, row 3, column 'handicap': is not a number (NaN or infinity) in rows 3–4" in err
    assert "p.csv, row 2, column 'rating': is not a number (NaN or infinity) in row 2" in err
    assert "p.csv, row 3, column 'games': is not a number (NaN or infinity)" in err
    assert "row 3, column 'result': result must be one of" in err and "'nan'" in err
    assert "could not convert" not in err


def test_nan_and_infinity_in_parquet_lists(tmp_path, capsys):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    table = pa.table({"date": ["2026-01-05", "2026-01-06", "2026-01-07"], "player": ["P1", "P2", "P1"],
                      "opponent": ["P2", "P1", "P2"], "result": [1.0, 0.0, 0.5],
                      "handicap": pa.array([None, float("nan"), float("inf")], pa.float64())})
    pq.write_table(table, tmp_path / "g.parquet")
    code = run_cli("process", tmp_path / "g.parquet", "--system", "lianzhong")
    err = capsys.readouterr().err
    assert code == 2 and "row 3, column 'handicap': is not a number (NaN or infinity) in rows 3–4" in err
    table = table.set_column(4, "handicap", pa.array([None, None, 0.0], pa.float64()))   # nulls are blank
    pq.write_table(table, tmp_path / "ok.parquet")
    assert run_cli("process", tmp_path / "ok.parquet", "--system", "lianzhong") == 0
    capsys.readouterr()
