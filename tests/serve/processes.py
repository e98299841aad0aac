"""Starting real server and daemon processes on loopback for tests (no mocks)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT_S = 90.0  # imports (torch, MuJoCo) are slow on a loaded 2-core machine
TOKEN = "test-token-3f9c"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(MUJOCO_GL="egl", OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    return env


def write_token(tmp_path: Path) -> Path:
    path = tmp_path / "token"
    path.write_text(TOKEN + "\n")
    return path


def wait_healthy(port: int, process: subprocess.Popen, timeout_s: float = STARTUP_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}: {process.stdout.read() if process.stdout else ''}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"server on port {port} not healthy after {timeout_s} s")


def start_test_server(port: int, token_file: Path, kind: str = "expert", *extra: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "tests.serve.policy_server_process", "--kind", kind,
                                "--port", str(port), "--token-file", str(token_file), *extra],
                               cwd=REPO, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_healthy(port, process)
    return process


def start_cli_server(port: int, token_file: Path, policy: str = "expert:metaworld/reach-v3",
                     *overrides: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "robopolicy.cli", "serve", f"policy={policy}",
                                f"port={port}", f"token_file={token_file}", *overrides],
                               cwd=REPO, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_healthy(port, process)
    return process


def start_daemon(run_dir: Path, port: int, token_file: Path, *overrides: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "robopolicy.cli", "deploy", "robot=metaworld_reach",
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


def stop(process: subprocess.Popen, timeout_s: float = 30.0) -> str:
    """SIGTERM, wait, return the output (SIGKILL if it hangs)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.stdout.read() if process.stdout else ""
