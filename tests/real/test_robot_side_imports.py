"""robopolicy.real, the wire protocol it speaks (robopolicy.serve.protocol) and the execution module it shares with
evaluation (robopolicy.execution) import no torch (a robot computer needs no ML stack); the LeRobot bridge says
what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from robopolicy.real.profile import load_profile
from robopolicy.real.robot import LeRobotRobot, RobotError, make_robot

REAL_MODULES = ["client", "profile", "robot", "safety", "backends", "episode_log", "status", "daemon",
                "cli"]


TORCH_SIDE = "('torch', 'robopolicy.policies', 'robopolicy.models', 'robopolicy.eval')"


def run_clean(imports: list[str]) -> None:
    code = ("import sys\n" + "".join(f"import {m}\n" for m in imports)
            + f"bad = [m for m in {TORCH_SIDE} if m in sys.modules]\n"
            + "assert not bad, bad\nprint('clean')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "clean" in out.stdout


def test_robot_side_imports_no_torch():
    run_clean([f"robopolicy.real.{m}" for m in REAL_MODULES] + ["robopolicy.serve.protocol", "robopolicy.sim"])


def test_the_execution_module_the_daemon_shares_with_evaluation_imports_no_torch():
    """The daemon's ActionQueue, ExecutionSettings and DelayEstimator live in robopolicy.execution, which the
    torch-side evaluation harness imports too: it must stay importable on its own without torch."""
    run_clean(["robopolicy.execution"])


def test_lerobot_bridge_names_the_extra_to_install():
    try:
        import lerobot  # noqa: F401
        pytest.skip("lerobot is installed here; the missing-package message cannot be observed")
    except ImportError:
        pass
    robot = make_robot(load_profile("so100"))
    assert isinstance(robot, LeRobotRobot)
    with pytest.raises(RobotError, match=r"pip install 'robopolicy\[lerobot\]'"):
        robot.connect()
