"""Crash safety: a writer killed with SIGKILL mid-append leaves every committed episode intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from robopolicy.data import EpisodeStore

from .conftest import build_store, make_episode

KILL_DELAYS_S = (0.05, 0.23, 0.41, 0.67)  # after the writer reports its first commit
WRITER_STARTUP_TIMEOUT_S = 60
TESTS_DIR = Path(__file__).resolve().parents[2]

# The child appends episodes forever (index i has length 20 + 7 * (i % 5)) and prints each commit.
WRITER = """
import sys
sys.path.insert(0, {root!r})
from robopolicy.data import EpisodeStore
from tests.data.conftest import make_episode
store = EpisodeStore.open({path!r}, mode="a")
print("open", store.num_episodes, flush=True)
while True:
    i = store.num_episodes
    store.append_episode(make_episode(i, 20 + 7 * (i % 5)), task=f"task {{i % 3}}", success=i % 2 == 0, seed=i)
    sys.stdout.write(f"committed {{i}}\\n")  # one write: print() makes four under PYTHONUNBUFFERED=1
    sys.stdout.flush()
"""


def _length(i: int) -> int:
    return 20 + 7 * (i % 5)


def _run_and_kill(path: Path, delay_s: float) -> int:
    """Start a writer, wait for its first commit, SIGKILL it ``delay_s`` later; returns the last reported commit."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(TESTS_DIR), path=str(path))],
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + WRITER_STARTUP_TIMEOUT_S
    line = ""
    while not line.startswith("committed") and time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line, "writer exited before its first commit"
    time.sleep(delay_s)
    os.kill(proc.pid, signal.SIGKILL)
    rest = proc.stdout.read()
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    out = line + rest
    complete = out[: out.rfind("\n") + 1]  # a SIGKILL between a line's writes can leave it cut ("committed")
    reported = [int(x.split()[1]) for x in complete.splitlines() if x.startswith("committed ")]
    return max(reported)


def _check_committed(store: EpisodeStore, count: int) -> None:
    for i in range(count):
        expected = make_episode(i, _length(i)) if i >= 2 else make_episode(i, 15)
        got = store.episode(i)
        for key, value in expected.items():
            assert got[key].tobytes() == value.tobytes(), (i, key)
    assert store.num_steps == int(store.episode_lengths.sum())


def test_sigkill_during_append_keeps_committed_episodes(tmp_path):
    path = tmp_path / "crash.zarr"
    build_store(path, [15, 15], tasks=("seed task",))
    partial_tails = 0
    for delay in KILL_DELAYS_S:
        last_reported = _run_and_kill(path, delay)
        reader = EpisodeStore.open(path, mode="r")  # a reader of the crashed store sees the committed prefix
        _check_committed(reader, reader.num_episodes)
        partial_tails += any(reader.array(k).shape[0] > reader.num_steps for k in reader.features)
        store = EpisodeStore.open(path, mode="a")  # recovery: anything past the last commit is cut off
        # Every reported commit survived; at most the one episode in flight may also have committed.
        assert store.num_episodes in (last_reported + 1, last_reported + 2)
        _check_committed(store, store.num_episodes)
        for key in store.features:
            assert store.array(key).shape[0] == store.num_steps, key  # the partial episode is gone
        assert len(store.column("length")) == store.num_episodes
        # Further appends work and read back.
        i = store.num_episodes
        store.append_episode(make_episode(i, _length(i)), task=f"task {i % 3}", seed=i)
        reread = EpisodeStore.open(path, mode="r")
        assert reread.num_episodes == i + 1
        assert reread.episode(i)["cam"].tobytes() == make_episode(i, _length(i))["cam"].tobytes()
        assert reread.episode_meta(i)["task"] == f"task {i % 3}"
        assert np.array_equal(reread.column("length"), reread.episode_lengths)
        store.close()  # the next child appends: one writer at a time (the store's lock)
    # The writer spends nearly all its time inside append_episode, so the kills land mid-append.
    assert partial_tails >= 1
