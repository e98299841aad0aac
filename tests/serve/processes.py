"""Starting real server and daemon processes on loopback for tests (no mocks); ``robopolicy serve`` as a process,
the token and the port helpers live in ``experiments/fixtures/serve.py`` (the benchmarks use them too)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from experiments.fixtures.serve import (
    REPO,
    STARTUP_TIMEOUT_S,
    child_env,
    free_port,
    start_cli_server,
    stop,
    wait_healthy,
)
from robopolicy.data.store import EpisodeStore


def start_test_server(port: int, token_file: Path, kind: str = "expert", *extra: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "tests.serve.policy_server_process", "--kind", kind,
                                "--port", str(port), "--token-file", str(token_file), *extra],
                               cwd=REPO, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_healthy(port, process)
    return process


def start_daemon(run_dir: Path, port: int, token_file: Path, *overrides: str,
                 robot: str = "metaworld_reach") -> subprocess.Popen:
    """``robopolicy deploy robot=<robot>`` against the server on ``port`` (a profile in ``real/profiles/``)."""
    return subprocess.Popen([sys.executable, "-m", "robopolicy.cli", "deploy", f"robot={robot}",
                             f"policy=ws://127.0.0.1:{port}", f"token_file={token_file}", f"run_dir={run_dir}",
                             *overrides],
                            cwd=REPO, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def deploy_until_success(run_dir: Path, token_file: Path, *overrides: str, served: str | None = None,
                         robot: str = "metaworld_reach", max_ticks: int = 400) -> dict:
    """``robopolicy serve`` (``served`` policy, or its default) + ``robopolicy deploy`` with stop on success, to
    the end: checks that the daemon exited cleanly, the last episode succeeded before ``max_ticks`` and ticks are
    ordered, and the status says stopped after chunks arrived; returns the store's steps."""
    port = free_port()
    server = start_cli_server(port, token_file, *([served] if served else []))
    try:
        daemon = start_daemon(run_dir, port, token_file, f"daemon.max_ticks={max_ticks}", "daemon.stop_on_success=true",
                              *overrides, robot=robot)
        out, _ = daemon.communicate(timeout=180)
        assert daemon.returncode == 0, out
    finally:
        stop(server)
    store = EpisodeStore.open(run_dir / "episodes.zarr")
    assert store.episode_meta(store.num_episodes - 1)["success"] is True
    assert store.episode_meta(0)["source"] == "deployment"
    steps = store.load()
    assert len(steps["action"]) < max_ticks  # stopped on success, before the tick limit
    assert np.all(np.diff(steps["tick_time"]) > 0)
    status = read_status(run_dir)
    assert status["state"] == "stopped" and status["chunks_received"] > 0
    return steps


def read_status(run_dir: Path) -> dict:
    try:
        return json.loads((run_dir / "status.json").read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def wait_for_status(run_dir: Path, condition, process: subprocess.Popen, timeout_s: float = STARTUP_TIMEOUT_S) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daemon exited with {process.returncode}: {process.stdout.read() if process.stdout else ''}")
        status = read_status(run_dir)
        if status and condition(status):
            return status
        time.sleep(0.1)
    raise TimeoutError(f"status condition not met within {timeout_s} s; last status: {read_status(run_dir)}")
