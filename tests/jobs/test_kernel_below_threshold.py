"""A short list is rated by the pure kernel when no kernel is asked for: numba not imported
(its start-up costs more than it saves below list_kernel.COMPILED_FROM games); asked for, the
kernel asked for is used whatever the length."""

import subprocess
import sys

import pytest

from xl_ratings.jobs.list_kernel import COMPILED_FROM, KERNEL_ENV, kernel_mode, numba_available


def test_below_the_threshold_pure_unless_asked(monkeypatch):
    monkeypatch.delenv(KERNEL_ENV, raising=False)
    assert kernel_mode(COMPILED_FROM - 1) == "pure"
    assert kernel_mode(COMPILED_FROM) == ("compiled" if numba_available() else "pure")
    assert kernel_mode(None) == ("compiled" if numba_available() else "pure")
    monkeypatch.setenv(KERNEL_ENV, "compiled")
    if numba_available():
        assert kernel_mode(10) == "compiled"
    monkeypatch.setenv(KERNEL_ENV, "pure")
    assert kernel_mode(10 * COMPILED_FROM) == "pure"


def test_a_short_list_run_does_not_import_numba(tmp_path):
    pytest.importorskip("numba")
    (tmp_path / "p.csv").write_text("id,rating,games\nA,1500,30\nB,1600,30\n", encoding="utf-8")
    (tmp_path / "g.csv").write_text("date,player,opponent,result\n2025-03-01,A,B,1\n2025-03-02,B,A,0.5\n",
                                    encoding="utf-8")
    code = ("import sys\nfrom xl_ratings.cli import main\n"
            f"sys.argv = ['xl-ratings', 'process', {str(tmp_path / 'g.csv')!r}, '--system', 'lianzhong', "
            f"'--players', {str(tmp_path / 'p.csv')!r}, '--output', {str(tmp_path / 'out.csv')!r}]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('numba' in sys.modules)\n")
    env = {k: v for k, v in __import__("os").environ.items() if k != KERNEL_ENV}
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert got.stdout.strip().splitlines()[-1] == "False"
    assert (tmp_path / "out.csv").read_text(encoding="utf-8-sig").count("\n") == 3
