"""Process pools that stop at once when the user presses Ctrl-C.

``dicey sim`` and ``dicey bench`` play fights in several processes. Ctrl-C reaches every
process of the terminal's group. A ``concurrent.futures`` pool's shutdown does not cancel
the jobs still queued, so an interrupted ``dicey sim`` could go on playing them, its
progress bar stopped, for as long as the run would have taken. Here the workers ignore
Ctrl-C — the parent alone decides — and a parent that is interrupted, or fails, terminates
them.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.pool
import signal
from contextlib import contextmanager
from typing import Any, Callable, Iterator


@contextmanager
def worker_pool(workers: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (),
                context: multiprocessing.context.BaseContext | None = None,
                ) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``workers`` processes, each running ``initializer(*initargs)`` first;
    closed and joined when the block ends, terminated at once if it raises (Ctrl-C
    included)."""
    context = context or multiprocessing.get_context()
    pool = context.Pool(workers, initializer=_start_worker, initargs=(initializer, initargs))
    try:
        yield pool
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _start_worker(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)
