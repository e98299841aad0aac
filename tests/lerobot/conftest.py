"""The LeRobot lane's tests: tiny LeRobot policies built from their own config classes (no Hub), wrapped by
``robopolicy.policies.lerobot``.

The main venv has no ``lerobot`` (LeRobot 0.6 needs Python >= 3.12 and torch<2.12), so there these tests skip
(``pytest.importorskip``). The LeRobot lane (``make test-lerobot``: .venv-lerobot, docs/howto/lerobot.md) sets
``ROBOPOLICY_LEROBOT_LANE=1``, which turns every skip under tests/lerobot into a failure: a test that cannot run
where LeRobot is installed is a broken lane, not a pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from robopolicy.policies.lerobot import import_hugging_face_datasets

LANE_ENV = "ROBOPOLICY_LEROBOT_LANE"
IN_LANE = os.environ.get(LANE_ENV, "") not in ("", "0")
SKIP_REASON = ("the optional lerobot extra is not installed (LeRobot 0.6 needs Python >= 3.12 and torch<2.12): "
               "run `make test-lerobot`")


ROOT = Path(__file__).resolve().parents[2]


import_hugging_face_datasets()  # pytest puts the repository root first on sys.path


def require_lerobot():
    """``lerobot``, or a skip (outside the LeRobot lane) saying where these tests run."""
    return pytest.importorskip("lerobot", reason=SKIP_REASON)


def run_lerobot_command(name: str, args: list[str], cwd: Path, timeout: int = 600) -> str:
    """LeRobot's console command ``name`` (``lerobot-train``, ``lerobot-eval``) of this venv, offline (nothing from
    the Hub) at one torch thread, in ``cwd`` (not the repository root for ``lerobot-train``: it may write beside
    its inputs); asserts it succeeded and returns its log (stdout + stderr)."""
    env = {**os.environ, "MUJOCO_GL": os.environ.get("MUJOCO_GL", "egl"), "OMP_NUM_THREADS": "1",
           "HF_HUB_OFFLINE": "1"}
    result = subprocess.run([str(Path(sys.executable).parent / name), *args], capture_output=True, text=True,
                            env=env, timeout=timeout, cwd=str(cwd))
    log = result.stdout + result.stderr
    assert result.returncode == 0, log[-3000:]
    return log


def lerobot_train(dataset_root: Path, repo_id: str, head: str, head_config: dict, out: Path, *, steps: int,
                  batch_size: int = 4) -> str:
    """``lerobot-train --policy.type=robopolicy`` of a fresh ``head`` for ``steps`` steps on a local LeRobot
    dataset (CPU, seed 0, a checkpoint at the last step, a log line every step) into ``out``: its log."""
    return run_lerobot_command("lerobot-train", [
        "--policy.type=robopolicy", f"--policy.head={head}", f"--policy.head_config={json.dumps(head_config)}",
        "--policy.device=cpu", f"--dataset.repo_id={repo_id}", f"--dataset.root={dataset_root}", f"--steps={steps}",
        f"--batch_size={batch_size}", "--num_workers=0", "--log_freq=1", f"--save_freq={steps}", "--seed=0",
        "--wandb.enable=false", f"--output_dir={out}"], cwd=dataset_root.parent)


def lerobot_eval(args: list[str], out: Path, *, episodes: int = 2, seed: int = 3) -> dict:
    """``lerobot-eval`` with ``args`` (the policy's and the env's) for ``episodes`` episodes in one batch of
    synchronous envs on CPU from ``seed``, into ``out``: its ``eval_info.json``."""
    run_lerobot_command("lerobot-eval", [
        *args, f"--eval.n_episodes={episodes}", f"--eval.batch_size={episodes}", "--eval.use_async_envs=false",
        "--policy.device=cpu", f"--seed={seed}", f"--output_dir={out}"], cwd=ROOT)
    return json.loads((out / "eval_info.json").read_text())


def _fail_skip(report, what: str) -> None:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = f"{LANE_ENV}=1: no LeRobot test may be skipped in the LeRobot lane; {what} skipped: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_LANE and report.skipped and not hasattr(report, "wasxfail"):
        _fail_skip(report, item.nodeid)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if IN_LANE and report.skipped:  # a module-level importorskip
        _fail_skip(report, collector.nodeid)
