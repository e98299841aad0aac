"""Starting real server and daemon processes on loopback for tests (no mocks); ``robopolicy serve`` as a process,
the token and the port helpers live in ``experiments/fixtures/serve.py`` (the benchmarks use them too)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from experiments.fixtures.serve import REPO, STARTUP_TIMEOUT_S, child_env, wait_healthy


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
