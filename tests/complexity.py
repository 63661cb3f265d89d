"""Work measured by how it grows, not by the clock: is ``fn(make(4n))`` about 4 times
``fn(make(n))`` (linear), or 16 times (quadratic)?

Each size is timed in a forked child with a deadline (a regular expression that
backtracks does not answer Ctrl-C nor a signal; the child is killed), repeated
until the calls take at least ``MIN_SECONDS`` so that a few milliseconds are
measured without the machine's noise deciding.  The deadlines are sized for a
loaded 2-core machine: far above what linear code needs, far below what the
quadratic code needs (which fails the test by the deadline, or by the ratio).
Absolute speed belongs to the benchmarks (``benchmarks/``), not here.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from typing import Any, Callable

import pytest

FORK = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
MIN_SECONDS = 0.05          #: a measurement lasts at least this long (repeated calls)
DEADLINE = 8.0              #: the smaller input must be done within this (linear code: milliseconds)
LINEAR = 9.0                #: 4n may take at most this many times n (linear 4, quadratic 16)

needs_fork = pytest.mark.skipif(FORK is None, reason="needs fork (the child is killed at its deadline)")


def _per_call(fn: Callable[[Any], Any], arg: Any) -> float:
    calls, start = 0, time.perf_counter()
    while True:
        fn(arg)
        calls += 1
        spent = time.perf_counter() - start
        if spent >= MIN_SECONDS:
            return spent / calls


def timed(fn: Callable[[Any], Any], arg: Any, deadline: float) -> float | None:
    """Seconds per call of ``fn(arg)`` (the best of three measurements) in a forked child;
    None when it is not done by ``deadline``."""
    assert FORK is not None
    recv, send = FORK.Pipe(duplex=False)

    def child() -> None:
        try:
            send.send(min(_per_call(fn, arg) for _ in range(3)))
        except BaseException as exc:       # an exception is a result too: the test shows it
            send.send(exc)

    proc = FORK.Process(target=child)
    proc.start()
    send.close()
    got = recv.poll(deadline)
    value = recv.recv() if got else None
    proc.kill()
    proc.join()
    if isinstance(value, BaseException):
        raise value
    return value


def assert_linear(fn: Callable[[Any], Any], make: Callable[[int], Any], n: int, what: str) -> None:
    """``fn`` on ``make(4n)`` costs about 4 times ``fn`` on ``make(n)``."""
    small, big = make(n), make(4 * n)
    t1 = timed(fn, small, DEADLINE)
    assert t1 is not None, f"{what}: n={n} not done within {DEADLINE:.0f} s (superlinear: it should take ms)"
    t4 = timed(fn, big, max(DEADLINE, 40 * LINEAR * t1))
    assert t4 is not None, f"{what}: 4n={4 * n} not done within {max(DEADLINE, 40 * LINEAR * t1):.1f} s"
    assert t4 <= LINEAR * t1 + 0.002, \
        f"{what}: {n} -> {t1 * 1000:.1f} ms, {4 * n} -> {t4 * 1000:.1f} ms ({t4 / t1:.1f}×; linear is 4×)"
