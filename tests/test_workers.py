"""Process pools for sim and bench: an interrupted parent stops its workers at once."""
from __future__ import annotations

import signal
import time
from functools import partial
from pathlib import Path

import pytest

from dicey.workers import worker_pool


def _note(path: str, index: int) -> int:
    time.sleep(0.02)
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{index}\n")
    return index


def _sigint_ignored(_: int) -> bool:
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def _set_up(path: str) -> None:
    Path(path).write_text("ready\n", encoding="utf-8")


def test_workers_leave_ctrl_c_to_the_parent_and_run_the_initializer(tmp_path):
    flag = tmp_path / "ready"
    with worker_pool(2, _set_up, (str(flag),)) as pool:
        assert all(pool.map(_sigint_ignored, range(4), chunksize=1))
    assert flag.read_text() == "ready\n"


def test_an_interrupted_parent_does_not_wait_for_the_queued_jobs(tmp_path):
    log = tmp_path / "done.txt"
    jobs = 400
    with pytest.raises(KeyboardInterrupt):
        with worker_pool(2) as pool:
            for _ in pool.imap(partial(_note, str(log)), range(jobs), chunksize=1):
                raise KeyboardInterrupt          # as if Ctrl-C came with the first result
    done = len(log.read_text().splitlines())
    assert 1 <= done < jobs // 4                 # a pool that drained its queue ran all 400
