"""Writing many pages at once: jobs dealt to forked processes (POSIX), or run here.

    run_jobs([(write_page, page), ...], choose_workers(None, lambda: rows))

Forks, not threads: the pages are pure-Python string work (the GIL), and a
fork shares the built site with the workers without pickling it.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["BIG", "choose_workers", "run_jobs"]

#: table rows from which writing in several processes pays (a smaller site is written here)
BIG = 40_000


def choose_workers(workers: int | None, rows: Callable[[], int]) -> int:
    """How many processes write the pages.

    ``None`` (automatic): one per CPU (at most 4) for a big site (≥ :data:`BIG`
    table rows, counted by ``rows()``) where ``os.fork`` exists and this process
    runs a single thread (a fork copies only the calling thread); otherwise 1.
    ``XL_RATINGS_SITE_WORKERS`` overrides the automatic choice.
    """
    if workers is None:
        env = os.environ.get("XL_RATINGS_SITE_WORKERS", "").strip()
        if env.isdigit():
            workers = int(env)
        elif rows() >= BIG:
            try:
                cpus = len(os.sched_getaffinity(0))
            except (AttributeError, OSError):
                cpus = os.cpu_count() or 1
            workers = min(cpus, 4)
        else:
            workers = 1
    if workers > 1 and (not hasattr(os, "fork") or threading.active_count() > 1):
        workers = 1
    return max(1, workers)


def run_jobs(jobs: list[tuple[Callable[[Any], None], Any]], workers: int) -> None:
    """Run ``fn(arg)`` for every job; with ``workers`` > 1 in forked processes (jobs dealt in turn).

    A worker that fails sends its error back; the first error is raised here
    (as ``RuntimeError``, with the worker's message) once every worker is done.
    """
    if workers <= 1 or len(jobs) < 2 * workers:
        for fn, arg in jobs:
            fn(arg)
        return
    children: list[tuple[int, int]] = []
    # keep the shared objects' pages shared (no copy on the collector's write); no gc.collect() first:
    # a full collection of a big site's objects costs a second or more and frees next to nothing
    gc.freeze()
    try:
        for w in range(1, workers):
            r, wfd = os.pipe()
            pid = os.fork()
            if pid == 0:              # the worker
                os.close(r)
                code = 0
                try:
                    for fn, arg in jobs[w::workers]:
                        fn(arg)
                except BaseException as exc:     # report it to the parent, whatever it is
                    code = 1
                    try:
                        os.write(wfd, f"{type(exc).__name__}: {exc}".encode("utf-8", "replace")[:4000])
                    except BaseException:
                        pass
                finally:
                    os._exit(code)
            os.close(wfd)
            children.append((pid, r))
        error: BaseException | None = None
        try:
            for fn, arg in jobs[0::workers]:
                fn(arg)
        except BaseException as exc:
            error = exc
        messages = []
        for pid, r in children:
            with os.fdopen(r, "rb") as fh:
                msg = fh.read().decode("utf-8", "replace")
            _, status = os.waitpid(pid, 0)
            if status != 0:
                messages.append(msg or f"worker {pid} ended with status {status}")
        if error is not None:
            raise error
        if messages:
            raise RuntimeError("writing the website failed: " + "; ".join(messages))
    finally:
        gc.unfreeze()
